"""Rule profiles: one YAML file per source, variants as overlays, checked by a shipped schema.

>>> p = load_profile("pi")
>>> p.id, p.stock.opening_bid, p.stock.increment, p.ruff.model, p.tricks.honours_to
('publications-international', 10, 2, 'pool', 'winner')
>>> load_profile("parlett", ["play-high"]).tricks.play_high
True
>>> print(load_profile("parlett").rule("stock.increment").source.cite())
seed 000_8b0e712215f519c2.txt, Stage 1: Buying the stock, 2
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Iterable, Mapping, Sequence
from importlib import resources
from pathlib import Path as FsPath
from types import MappingProxyType
from typing import Any, Final, Literal

import attrs

from gleek.cards import Rank
from gleek.errors import ProfileError
from gleek.schemacheck import load_schema, problems
from gleek.sourcemap import Located, LocatedError, load_located

__all__ = [
    "DealRules",
    "Profile",
    "RuffRules",
    "RuleValue",
    "ScoringRules",
    "SessionRules",
    "SetRules",
    "SmallTrumpRules",
    "Source",
    "StockRules",
    "TrickRules",
    "TurnUpRules",
    "Variant",
    "list_profiles",
    "list_variants",
    "load_profile",
    "load_variant",
    "profile_schema",
    "profiles_dir",
    "variant_schema",
]

SEED_NAMES: Final = {
    "000_8b0e712215f519c2.txt": "English full rules (Parlett's reconstruction)",
    "001_80da7047f423af1b.txt": "Publications International, How to Play Gleek",
    "002_b50a8167744f1df0.txt": "Règles pédagogiques (French)",
    "004_2c8be66e8d300480.txt": "Reglas didácticas (Spanish)",
}
HONOUR_RANKS: Final = {"A": Rank.ACE, "K": Rank.KING, "Q": Rank.QUEEN, "J": Rank.JACK}
HONOUR_ORDER: Final = (Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)


@attrs.frozen
class Source:
    """Where a rule value comes from. ``kind`` is ``seed``, ``cotton`` or ``inferred``."""

    seed: str | None = None
    section: str | None = None
    quote: str | None = None
    cotton: str | None = None
    inferred: str | None = None

    @property
    def kind(self) -> Literal["seed", "cotton", "inferred"]:
        if self.inferred is not None:
            return "inferred"
        return "seed" if self.seed is not None else "cotton"

    def cite(self, *, quotes: bool = False) -> str:
        """A one-line citation, e.g. ``seed 000_....txt, Setup, 4``; inferred ones say why."""
        parts: list[str] = []
        if self.inferred is not None:
            parts.append(f"inferred: {self.inferred}")
        if self.seed is not None:
            q = f' "{self.quote}"' if quotes and self.quote else ""
            parts.append(f"seed {self.seed}, {self.section}{q}")
        if self.cotton is not None and (quotes or self.seed is None):
            parts.append(f'Cotton 1674: "{self.cotton}"')
        return "; ".join(parts)


@attrs.frozen
class RuleValue:
    """One rule of a profile: its dotted path, title, value (as in the YAML) and source."""

    path: str
    group: str
    title: str
    description: str
    value: Any
    source: Source
    origin: str

    @property
    def inferred(self) -> bool:
        return self.source.kind == "inferred"

    def display(self) -> str:
        """The value as a person reads it: ``12``, ``A 15, K 3``, ``none``, ``yes``."""
        return display_value(self.value)


def display_value(value: Any) -> str:
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if value is None:
        return "-"
    if isinstance(value, list | tuple):
        return ", ".join(map(str, value)) if value else "none"
    if isinstance(value, dict):
        return ", ".join(f"{k} {v}" for k, v in value.items())
    return str(value)


def _ranks(value: Iterable[str | Rank]) -> frozenset[Rank]:
    return frozenset(r if isinstance(r, Rank) else HONOUR_RANKS[r] for r in value)


def _honours(value: Mapping[str, int]) -> Mapping[Rank, int]:
    return MappingProxyType({HONOUR_RANKS[k]: int(v) for k, v in value.items()})


@attrs.frozen
class DealRules:
    packet_size: int


@attrs.frozen
class TurnUpRules:
    honour_to_dealer: bool
    tiddy: int
    towser: int
    tumbler: int


@attrs.frozen
class StockRules:
    opening_bid: int
    increment: int
    odd_chip: Literal["pot"]
    forbidden_discards: frozenset[Rank] = attrs.field(converter=_ranks)


@attrs.frozen
class RuffRules:
    card_values: Mapping[Rank, int] = attrs.field(converter=_honours)
    four_aces: bool = False
    model: Literal["direct", "pool"] = "direct"
    first_speaker: Literal["eldest", "buyer"] = "eldest"
    stake: int = 2
    raise_: int = 2
    no_vie: Literal["carry-fixed", "carry-double", "show"] = "carry-fixed"
    carried_stake: int | None = None
    tie_break: Literal["eldest-first"] = "eldest-first"
    #: Ruff points of every 11-bit holding of one suit, derived from ``card_values``.
    suit_table: tuple[int, ...] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        pips = [4, 5, 6, 7, 8, 9, 10, *(self.card_values[r] for r in HONOUR_ORDER)]
        table = tuple(sum(pips[r] for r in range(11) if sub >> r & 1) for sub in range(2048))
        object.__setattr__(self, "suit_table", table)


@attrs.frozen
class SetRules:
    gleek: Mapping[Rank, int] = attrs.field(converter=_honours)
    mournival: Mapping[Rank, int] = attrs.field(converter=_honours)
    four_aces_pay: bool = True


@attrs.frozen
class SmallTrumpRules:
    tiddy: int
    towser: int
    tumbler: int


@attrs.frozen
class TrickRules:
    first_lead: Literal["eldest", "buyer"]
    play_high: bool
    trick_points: int
    honours: Mapping[Rank, int] = attrs.field(converter=_honours)
    honours_to: Literal["player", "winner"] = "player"
    #: Honour points by rank index (0 = the 4 ... 10 = the Ace), derived from ``honours``.
    by_rank: tuple[int, ...] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        table = tuple(self.honours.get(Rank(r + 4), 0) for r in range(11))
        object.__setattr__(self, "by_rank", table)


@attrs.frozen
class ScoringRules:
    par: int
    pot: Literal["carries"]


@attrs.frozen
class SessionRules:
    starting_chips: int
    starting_pot: int
    deals_multiple: int


@attrs.frozen(eq=False)
class Profile:
    """A complete, checked rule set: a source's profile with any variants applied in order.

    Groups of rules are typed attributes (``profile.stock.opening_bid``); :meth:`rule` and
    :attr:`rules` give each rule's value with its title and source, for docs and comparison.
    Two profiles are equal when their id, variants and rule values are.
    """

    id: str
    title: str
    titles: Mapping[str, str]
    aliases: tuple[str, ...]
    summary: str
    sources: tuple[str, ...]
    variants: tuple[str, ...]
    deal: DealRules
    turn_up: TurnUpRules
    stock: StockRules
    ruff: RuffRules
    sets: SetRules
    small_trumps: SmallTrumpRules
    tricks: TrickRules
    scoring: ScoringRules
    session: SessionRules
    rules: tuple[RuleValue, ...]
    fingerprint: str = attrs.field(repr=False)

    @property
    def name(self) -> str:
        """``parlett`` or, with variants, ``parlett+play-high``."""
        return "+".join((self.id, *self.variants))

    def rule(self, path: str) -> RuleValue:
        """The rule at a dotted path such as ``stock.opening_bid``."""
        for r in self.rules:
            if r.path == path:
                return r
        raise KeyError(f"no rule {path!r}; rules: {', '.join(r.path for r in self.rules)}")

    def __eq__(self, other: object) -> bool:
        return self is other or (
            isinstance(other, Profile)
            and (self.id, self.variants, self.fingerprint)
            == (other.id, other.variants, other.fingerprint)
        )

    def __hash__(self) -> int:
        return hash(self.fingerprint)

    def __repr__(self) -> str:
        return f"<Profile {self.name}>"


@attrs.frozen
class Variant:
    """An overlay: rule values (with sources) that replace a profile's."""

    id: str
    title: str
    summary: str
    rules: Mapping[str, Mapping[str, Any]]
    origin: str


# ---------------------------------------------------------------------------- locating files


def profiles_dir() -> FsPath:
    """Where the shipped profiles are: inside the installed package, or the source checkout's."""
    inside = resources.files("gleek").joinpath("profiles")
    if inside.is_dir():
        return FsPath(str(inside))
    checkout = FsPath(__file__).resolve().parent.parent / "profiles"
    if checkout.is_dir():
        return checkout
    raise ProfileError(
        "the profiles shipped with gleek are missing (neither in the package "
        "nor beside it); reinstall gleek"
    )


@functools.cache
def _index() -> tuple[dict[str, FsPath], dict[str, FsPath], tuple[str, ...]]:
    """Profiles by id and alias, variants by id, and the profile ids (read once)."""
    base = profiles_dir()
    profiles: dict[str, FsPath] = {}
    ids: list[str] = []
    for file in sorted(base.glob("*.yaml")):
        raw = _read(file)
        data = raw.data if isinstance(raw.data, dict) else {}
        pid = str(data.get("id", file.stem))
        ids.append(pid)
        profiles[pid] = file
        for alias in data.get("aliases") or []:
            profiles[str(alias)] = file
    variants = {f.stem: f for f in sorted((base / "variants").glob("*.yaml"))}
    return profiles, variants, tuple(sorted(ids))


def list_profiles() -> tuple[str, ...]:
    """The ids of the shipped profiles (not their aliases)."""
    return _index()[2]


def list_variants() -> tuple[str, ...]:
    """The ids of the shipped variant overlays."""
    return tuple(_index()[1])


def _read(file: FsPath) -> Located:
    try:
        text = file.read_bytes()
    except OSError as exc:
        raise ProfileError(f"cannot read profile: {exc.strerror}", file=str(file)) from None
    try:
        return load_located(text, str(file))
    except LocatedError as exc:
        raise ProfileError(
            exc.message, file=str(file), line=exc.line, column=exc.column, code="syntax"
        ) from None


# ---------------------------------------------------------------------------- schemas


def profile_schema() -> dict[str, Any]:
    """The JSON Schema of a profile file (shipped as ``gleek/schemas/profile.schema.json``)."""
    return load_schema("profile")


@functools.cache
def _rule_schemas() -> dict[str, tuple[str, dict[str, Any]]]:
    """Every rule path -> (group title, the schema of its ``{value, source}`` entry)."""
    groups = profile_schema()["properties"]["rules"]["properties"]
    return {
        f"{g}.{name}": (gs["title"], rs)
        for g, gs in groups.items()
        for name, rs in gs["properties"].items()
    }


@functools.cache
def variant_schema() -> dict[str, Any]:
    """The JSON Schema of a variant overlay, derived from the profile schema's rules."""
    rules = {path: rs for path, (_, rs) in _rule_schemas().items()}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "gleek variant overlay",
        "type": "object",
        "additionalProperties": False,
        "required": ["id", "title", "summary", "set"],
        "properties": {
            "id": {"type": "string", "pattern": "^[a-z][a-z0-9-]*$"},
            "title": {"type": "string", "minLength": 1},
            "summary": {"type": "string", "minLength": 1},
            "set": {
                "type": "object",
                "minProperties": 1,
                "additionalProperties": False,
                "properties": rules,
            },
        },
        "$defs": profile_schema()["$defs"],
    }


def _check(doc: Located, schema: dict[str, Any], file: str) -> None:
    found = problems(doc, schema)
    if found:
        first = found[0]
        more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
        raise ProfileError(
            first.message + more, file=file, line=first.line, column=first.column, path=first.dotted
        )


# ---------------------------------------------------------------------------- loading


def load_variant(name_or_path: str | FsPath) -> Variant:
    """A variant overlay by id (``play-high``) or by path to a YAML file."""
    variants = _index()[1]
    key = str(name_or_path)
    if key in variants:
        file = variants[key]
    elif FsPath(key).suffix in (".yaml", ".yml", ".json") or FsPath(key).is_file():
        file = FsPath(key)
        if not file.is_file():
            raise ProfileError(f"no such variant file: {key}")
    else:
        raise ProfileError(f"unknown variant {key!r}; valid choices: {', '.join(variants)}")
    doc = _read(file)
    _check(doc, variant_schema(), str(file))
    data = doc.data
    return Variant(data["id"], data["title"], data["summary"], data["set"], str(file))


def _profile_file(name_or_path: str | FsPath) -> FsPath:
    profiles = _index()[0]
    key = str(name_or_path)
    if key in profiles:
        return profiles[key]
    if FsPath(key).suffix in (".yaml", ".yml", ".json") or FsPath(key).is_file():
        if not FsPath(key).is_file():
            raise ProfileError(f"no such profile file: {key}")
        return FsPath(key)
    raise ProfileError(f"unknown profile {key!r}; valid choices: {', '.join(sorted(profiles))}")


def load_profile(
    name_or_path: str | FsPath | Profile, variants: Iterable[str | FsPath] = ()
) -> Profile:
    """Load a profile by id, alias or file path and apply ``variants`` (ids or paths) in order.

    Raises :class:`~gleek.errors.ProfileError` naming the file, line and column of what is wrong.
    A :class:`Profile` passed in is returned with the variants applied on top.
    """
    variant_list = tuple(variants)
    if isinstance(name_or_path, Profile):
        if not variant_list:
            return name_or_path
        return load_profile(name_or_path.id, (*name_or_path.variants, *variant_list))
    return _load_cached(str(_profile_file(name_or_path)), tuple(str(v) for v in variant_list))


@functools.cache
def _load_cached(file: str, variants: tuple[str, ...]) -> Profile:
    doc = _read(FsPath(file))
    _check(doc, profile_schema(), file)
    data: dict[str, Any] = copy.deepcopy(doc.data)
    origins = {path: file for path in _rule_schemas()}
    applied: list[str] = []
    for v in variants:
        overlay = load_variant(v)
        for path, entry in overlay.rules.items():
            group, name = path.split(".")
            data["rules"][group][name] = copy.deepcopy(dict(entry))
            origins[path] = overlay.origin
        applied.append(overlay.id)
    return _build(data, tuple(applied), origins, doc, file)


def _build(
    data: dict[str, Any],
    variants: tuple[str, ...],
    origins: Mapping[str, str],
    doc: Located,
    file: str,
) -> Profile:
    rules = data["rules"]
    schemas = _rule_schemas()
    values = {
        path: RuleValue(
            path=path,
            group=group_title,
            title=rs["title"],
            description=rs["description"],
            value=rules[path.split(".")[0]][path.split(".")[1]]["value"],
            source=Source(**rules[path.split(".")[0]][path.split(".")[1]]["source"]),
            origin=origins[path],
        )
        for path, (group_title, rs) in schemas.items()
    }

    def v(path: str) -> Any:
        return values[path].value

    # Cross-field checks the schema cannot say.
    if v("ruff.no_vie") == "carry-fixed" and v("ruff.carried_stake") is None:
        pos = doc.position(("rules", "ruff", "carried_stake", "value")) or (None, None)
        raise ProfileError(
            "ruff.carried_stake must be a whole number when ruff.no_vie is carry-fixed",
            file=file,
            line=pos[0],
            column=pos[1],
            path="rules.ruff.carried_stake.value",
        )
    if v("ruff.no_vie") == "show" and v("ruff.model") != "pool":
        pos = doc.position(("rules", "ruff", "no_vie", "value")) or (None, None)
        raise ProfileError(
            "ruff.no_vie 'show' needs ruff.model 'pool' (only a pool has antes to take); "
            "valid choices for the direct model: carry-fixed, carry-double",
            file=file,
            line=pos[0],
            column=pos[1],
            path="rules.ruff.no_vie.value",
        )
    return Profile(
        id=data["id"],
        title=data["title"],
        titles=MappingProxyType(dict(data.get("titles") or {})),
        aliases=tuple(data.get("aliases") or ()),
        summary=data["summary"],
        sources=tuple(data["sources"]),
        variants=variants,
        **{name: _group(name, cls, v) for name, cls in _GROUPS.items()},
        rules=tuple(values.values()),
        fingerprint=repr((data["id"], variants, [(k, r.value) for k, r in values.items()])),
    )


_GROUPS: Final[dict[str, type]] = {
    "deal": DealRules,
    "turn_up": TurnUpRules,
    "stock": StockRules,
    "ruff": RuffRules,
    "sets": SetRules,
    "small_trumps": SmallTrumpRules,
    "tricks": TrickRules,
    "scoring": ScoringRules,
    "session": SessionRules,
}


def _group(name: str, cls: type, v: Any) -> Any:
    """A typed group of rules from the values at ``name.<field>`` (``raise_`` is ``raise``)."""
    fields = attrs.fields(cls)
    return cls(**{f.name: v(f"{name}.{f.name.rstrip('_')}") for f in fields if f.init})


def variant_titles() -> Sequence[tuple[str, str, str]]:
    """(id, title, summary) of every shipped variant."""
    out = []
    for vid in list_variants():
        var = load_variant(vid)
        out.append((var.id, var.title, var.summary))
    return out


def with_rules(profile: Profile, overrides: Mapping[str, RuleValue], label: str) -> Profile:
    """``profile`` with some rules replaced by others' (value and source), named ``label``.

    Used to ask what one rule difference alone does. The result is checked like any profile.
    """
    data: dict[str, Any] = {
        "id": profile.id,
        "title": profile.title,
        "titles": dict(profile.titles),
        "aliases": list(profile.aliases),
        "summary": profile.summary,
        "sources": list(profile.sources),
        "rules": {},
    }
    origins = {}
    for r in profile.rules:
        chosen = overrides.get(r.path, r)
        group, name = r.path.split(".")
        src = {k: v for k, v in attrs.asdict(chosen.source).items() if v is not None}
        data["rules"].setdefault(group, {})[name] = {"value": chosen.value, "source": src}
        origins[r.path] = chosen.origin
    doc = Located(data)
    return _build(data, (*profile.variants, label), origins, doc, "<derived>")
