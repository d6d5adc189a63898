"""Rule profiles: one YAML file per source, variants as overlays, checked by a shipped schema.

>>> p = load_profile("pi")
>>> p.id, p.stock.opening_bid, p.stock.increment, p.ruff.model, p.tricks.honours_to
('publications-international', 10, 2, 'pool', 'winner')
>>> load_profile("parlett", ["play-high"]).tricks.play_high
True
>>> print(load_profile("parlett").rule("stock.increment").source.cite())
Full rules (after Parlett), Stage 1 ¶2
"""

from __future__ import annotations

import copy
import difflib
import functools
import os
import weakref
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path as FsPath
from typing import Any, Final, Literal, TypeVar

import attrs

from gleek import limits
from gleek.cards import Rank
from gleek.errors import ArgumentError, ArgumentTypeError, ProfileError
from gleek.schemacheck import load_schema, problems, short_repr
from gleek.sourcemap import Located, LocatedError, load_located, read_limited
from gleek.sources import COTTON, Source, find_in_cotton, profiles_dir

__all__ = [
    "DealRules",
    "FrozenMap",
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
    "named_profile",
    "profile_schema",
    "profiles_dir",
    "variant_schema",
]

K = TypeVar("K")
V = TypeVar("V")


class FrozenMap(Mapping[K, V]):
    """A read-only mapping that pickles, hashes and compares equal to a dict of the same
    items (a profile's ``titles`` and honour values)."""

    __slots__ = ("_items",)
    _items: dict[K, V]

    def __init__(self, items: Mapping[K, V] | Iterable[tuple[K, V]] = ()) -> None:
        object.__setattr__(self, "_items", dict(items))

    def __getitem__(self, key: K) -> V:
        return self._items[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, FrozenMap):
            return self._items == other._items
        return self._items == other if isinstance(other, Mapping) else NotImplemented

    def __hash__(self) -> int:
        return hash(frozenset(self._items.items()))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is read-only")

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenMap, (self._items,))

    def __repr__(self) -> str:
        return f"FrozenMap({self._items!r})"


HONOUR_RANKS: Final = {"A": Rank.ACE, "K": Rank.KING, "Q": Rank.QUEEN, "J": Rank.JACK}
HONOUR_ORDER: Final = (Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)


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

    @property
    def certainty(self) -> Literal["stated", "inferred", "doubtful"]:
        """``stated``, ``inferred`` or ``doubtful``: see :attr:`Source.certainty`."""
        return self.source.certainty

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
    if isinstance(value, FrozenMap):
        return value
    return FrozenMap({HONOUR_RANKS[k]: int(v) for k, v in value.items()})


def _late_raise(value: Mapping[str, int] | tuple[int, int] | None) -> tuple[int, int] | None:
    if value is None or isinstance(value, tuple):
        return value
    return (int(value["from"]), int(value["raise"]))


@attrs.frozen
class DealRules:
    packet_size: int


@attrs.frozen
class TurnUpRules:
    honour_to_dealer: bool
    tiddy: int
    towser: int
    tumbler: int
    #: A turned Towser or Tumbler pays twice its held value instead of ``towser``/``tumbler``.
    double_when_turned: bool = False


@attrs.frozen
class StockRules:
    opening_bid: int
    increment: int
    odd_chip: Literal["pot", "eldest"]
    forbidden_discards: frozenset[Rank] = attrs.field(converter=_ranks)
    #: ``discard-first``: the buyer lays out 7 of its 12 cards, then takes the stock;
    #: ``take-first``: it takes the stock, then lays out 7 of its 19 cards.
    exchange: Literal["discard-first", "take-first"]


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
    losers_pay: Literal["stake", "how-far"] = "stake"
    nothing_to_say: int | None = None
    #: ``(from, raise)``: once the stake reaches ``from`` a revie adds ``raise``; or None.
    late_raise: tuple[int, int] | None = attrs.field(default=None, converter=_late_raise)
    youngest_doubles: bool = False
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
    forfeit: int = 0


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
        if not isinstance(path, str):
            raise ArgumentTypeError(f"path: a dotted rule path, not {type(path).__name__}")
        close = difflib.get_close_matches(path, [r.path for r in self.rules], n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise ArgumentError(
            f"path: no rule {short_repr(path)}{hint}; rules: "
            + ", ".join(r.path for r in self.rules)
        )

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

    def __reduce__(self) -> tuple[Any, ...]:
        """A profile pickles as all its values (not its name: a profile from a file, or changed
        with variants or :func:`with_rules`, reaches another process as it is)."""
        return (_restore_profile, tuple(getattr(self, f.name) for f in attrs.fields(Profile)))


# Profiles alive in this process by fingerprint: unpickling one that is here already gives that
# very object, so the engine's tables built for it are shared.
# (Keyed by the rule values and the files they came from; every value is compared before
# an object is shared.)
_KNOWN: weakref.WeakValueDictionary[tuple[str, tuple[str, ...]], Profile] = (
    weakref.WeakValueDictionary()
)


def _intern(profile: Profile) -> Profile:
    key = (profile.fingerprint, tuple([r.origin for r in profile.rules]))
    known = _KNOWN.get(key)
    if known is None:
        _KNOWN[key] = profile
    elif all(getattr(known, f.name) == getattr(profile, f.name) for f in attrs.fields(Profile)):
        return known
    return profile


def _restore_profile(*values: Any) -> Profile:
    return _intern(Profile(*values))


@attrs.frozen
class Variant:
    """An overlay: rule values (with sources) that replace a profile's.

    ``only_where`` (rule path -> value) limits it to profiles that have those values: on any
    other profile it changes nothing (``towser-tumbler`` under ``cotton``, which pays Towser and
    Tumbler already)."""

    id: str
    title: str
    summary: str
    rules: Mapping[str, Mapping[str, Any]]
    origin: str
    only_where: Mapping[str, Any] = attrs.field(factory=dict)

    def applies_to(self, rules: Mapping[str, Mapping[str, Any]]) -> bool:
        """Whether it changes profile data ``rules`` (group -> name -> {value, source})."""
        for path, want in self.only_where.items():
            group, name = path.split(".")
            if rules[group][name]["value"] != want:
                return False
        return True


# ---------------------------------------------------------------------------- locating files


_SUFFIXES: Final = (".yaml", ".yml", ".json")


@attrs.frozen
class _Index:
    """Profiles and variants by lower-case id (and alias), the ids as written, and the folders."""

    profiles: dict[str, FsPath]
    variants: dict[str, FsPath]
    ids: tuple[str, ...]
    variant_ids: tuple[str, ...]


def _index(dirs: tuple[str, ...] = ()) -> _Index:
    """The shipped profiles, then those of the registered folders ``dirs`` (read again only
    when a registered folder changes)."""
    stamps = []
    for d in dirs:
        for folder in (d, os.path.join(d, "variants")):
            try:
                stamps.append(os.stat(folder).st_mtime_ns)
            except OSError:
                stamps.append(0)
    return _index_of(dirs, tuple(stamps))


#: How many (folders, their times) indexes and loaded profiles are kept: bounded, so that a
#: long-running process handed ever new folders or variant lists does not grow without end.
INDEX_CACHE: Final = 32
PROFILE_CACHE: Final = 128


@functools.lru_cache(maxsize=INDEX_CACHE)
def _index_of(dirs: tuple[str, ...], stamps: tuple[int, ...]) -> _Index:
    """Only valid profiles and variants are listed (by their ids); a broken file is still found
    by its file name, so that loading it says where it is broken (never what it holds)."""
    profiles: dict[str, FsPath] = {}
    variants: dict[str, FsPath] = {}
    ids: list[str] = []
    vids: list[str] = []
    for base in (profiles_dir(), *(FsPath(d) for d in dirs)):
        for file in _files(base):
            if file.name == "sources.yaml":  # the bibliography, not a profile
                continue
            try:
                loaded: Profile | None = _load_cached(str(file), ())
            except ProfileError:
                loaded = None
            if loaded is None:
                profiles.setdefault(file.stem.lower(), file)
                continue
            if loaded.id.lower() not in profiles:
                ids.append(loaded.id)
            for key in (loaded.id, *loaded.aliases):
                profiles.setdefault(key.lower(), file)
        for file in _files(base / "variants"):
            try:
                _variant(file)
            except ProfileError:
                variants.setdefault(file.stem.lower(), file)
                continue
            if file.stem.lower() not in variants:
                vids.append(file.stem)
            variants.setdefault(file.stem.lower(), file)
    return _Index(profiles, variants, tuple(sorted(ids)), tuple(vids))


def _files(folder: FsPath) -> list[FsPath]:
    """The profile files of ``folder``: regular files, or symbolic links to files inside it
    (never one that leads out of the folder)."""
    try:
        if not folder.is_dir():
            return []
        inside = folder.resolve()
        return sorted(
            f
            for f in folder.iterdir()
            if f.suffix in _SUFFIXES
            and f.is_file()
            and (not f.is_symlink() or f.resolve().parent == inside)
        )
    except OSError as exc:
        raise ProfileError(
            f"cannot read the profile folder: {exc.strerror}", file=str(folder)
        ) from None


def registered_dirs(profile_dirs: Iterable[str | os.PathLike[str]]) -> tuple[str, ...]:
    """The caller's profile folders, checked: each must be a folder this process can read."""
    if isinstance(profile_dirs, str | os.PathLike):
        profile_dirs = (profile_dirs,)
    out = []
    for d in profile_dirs:
        if not isinstance(d, str | os.PathLike):
            raise ArgumentTypeError(
                f"profile_dirs: each folder must be a str or a path, not {type(d).__name__}"
            )
        folder = FsPath(d)
        if not (os.path.isdir(folder) and os.access(folder, os.R_OK | os.X_OK)):
            raise ArgumentError(f"profile_dirs: {short_repr(str(d))} is not a readable folder")
        out.append(str(folder.resolve()))
    return tuple(out)


def list_profiles(profile_dirs: Iterable[str | os.PathLike[str]] = ()) -> tuple[str, ...]:
    """The ids of the shipped profiles (not their aliases), and of those in ``profile_dirs``."""
    return _index(registered_dirs(profile_dirs)).ids


def list_variants(profile_dirs: Iterable[str | os.PathLike[str]] = ()) -> tuple[str, ...]:
    """The ids of the shipped variant overlays, and of those in ``profile_dirs``/variants."""
    return _index(registered_dirs(profile_dirs)).variant_ids


def _unknown(kind: str, name: str, choices: Iterable[str]) -> ProfileError:
    """``unknown profile 'parlet' (did you mean 'parlett'?); valid choices: ...``."""
    choices = sorted(set(choices))
    close = difflib.get_close_matches(name.lower(), [c.lower() for c in choices], n=1)
    hint = ""
    if close:
        match = next(c for c in choices if c.lower() == close[0])
        hint = f" (did you mean {match!r}?)"
    return ProfileError(
        f"unknown {kind} {short_repr(name)}{hint}; valid choices: {', '.join(choices)}"
    )


def _profile_limits(path: tuple[str | int, ...]) -> tuple[int, str]:
    return (limits.MAX_PROFILE_ITEMS, "more than any profile or variant file holds")


def _read(file: FsPath) -> Located:
    try:
        text = read_limited(str(file))
    except OSError as exc:
        raise ProfileError(f"cannot read profile: {exc.strerror}", file=str(file)) from None
    except ValueError as exc:
        raise ProfileError(f"cannot read profile: {exc}", file=str(file)) from None
    try:
        return load_located(text, str(file), limits=_profile_limits, quote=False)
    except LocatedError as exc:
        raise ProfileError(
            exc.message, file=str(file), line=exc.line, column=exc.column, code=exc.code
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
            "only_where": {
                "description": "Rule values a profile must have for the variant to apply; "
                "on any other profile it changes nothing.",
                "type": "object",
                "minProperties": 1,
                "additionalProperties": False,
                "properties": {path: rs["properties"]["value"] for path, rs in rules.items()},
            },
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
    found = problems(doc, schema, quote=False)  # never what another file holds
    if found:
        first = found[0]
        more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
        raise ProfileError(
            first.message + more, file=file, line=first.line, column=first.column, path=first.dotted
        )


# ---------------------------------------------------------------------------- loading


def _is_file(key: str) -> bool:
    try:
        return FsPath(key).is_file()
    except (OSError, ValueError):  # a name longer than a file name may be, a NUL...
        return False


def load_variant(
    name_or_path: str | os.PathLike[str], *, profile_dirs: Iterable[str | os.PathLike[str]] = ()
) -> Variant:
    """A variant overlay by id (``play-high``, any case) or by path to a YAML file."""
    return _variant(_variant_file(name_or_path, registered_dirs(profile_dirs), paths=True))


def _variant_file(name_or_path: Any, dirs: tuple[str, ...], *, paths: bool) -> FsPath:
    if not isinstance(name_or_path, str | os.PathLike):
        raise ArgumentTypeError(
            f"variants: each variant must be an id or a path, not {type(name_or_path).__name__}"
        )
    index = _index(dirs)
    key = str(name_or_path)
    if key.lower() in index.variants:
        return index.variants[key.lower()]
    if paths and (isinstance(name_or_path, os.PathLike) or FsPath(key).suffix in _SUFFIXES):
        if not _is_file(key):
            raise ProfileError(f"no such variant file: {short_repr(key)}")
        return FsPath(key)
    raise _unknown("variant", key, index.variant_ids)


def _variant(file: FsPath) -> Variant:
    doc = _read(file)
    _check(doc, variant_schema(), str(file))
    data = doc.data
    return Variant(
        data["id"],
        data["title"],
        data["summary"],
        data["set"],
        str(file),
        data.get("only_where") or {},
    )


def _profile_file(name_or_path: Any, dirs: tuple[str, ...], *, paths: bool) -> FsPath:
    if not isinstance(name_or_path, str | os.PathLike):
        raise ArgumentTypeError(
            f"name_or_path: a profile id, alias, path or Profile, not {type(name_or_path).__name__}"
        )
    index = _index(dirs)
    key = str(name_or_path)
    if key.lower() in index.profiles:
        return index.profiles[key.lower()]
    if paths and (
        isinstance(name_or_path, os.PathLike) or FsPath(key).suffix in _SUFFIXES or _is_file(key)
    ):
        if not _is_file(key):
            raise ProfileError(f"no such profile file: {short_repr(key)}")
        return FsPath(key)
    raise _unknown("profile", key, [k for k in index.profiles if k.lower() == k] + list(index.ids))


def load_profile(
    name_or_path: str | os.PathLike[str] | Profile,
    variants: str | Iterable[str | os.PathLike[str]] = (),
    *,
    profile_dirs: Iterable[str | os.PathLike[str]] = (),
) -> Profile:
    """Load a profile by id, alias or file path and apply ``variants`` (ids or paths) in order.

    Ids and aliases are matched in any case; ``variants`` may be one id given as a string.
    ``profile_dirs`` registers folders of your own profiles (variants in their ``variants/``).
    Raises :class:`~gleek.errors.ProfileError` naming the file, line and column of what is wrong,
    with a "did you mean" for a misspelt id. A :class:`Profile` passed in is returned with the
    variants applied on top.

    >>> load_profile("Parlett", "PLAY-HIGH").name
    'parlett+play-high'
    """
    dirs = registered_dirs(profile_dirs)
    variant_list = _variant_list(variants)
    try:
        _check_variant_count(variant_list)
    except ProfileError as exc:
        raise ArgumentError(f"variants: {exc.message}") from None
    if isinstance(name_or_path, Profile):
        if not variant_list:
            return name_or_path
        return load_profile(
            name_or_path.id, (*name_or_path.variants, *variant_list), profile_dirs=dirs
        )
    file = _profile_file(name_or_path, dirs, paths=True)
    vfiles = tuple(str(_variant_file(v, dirs, paths=True)) for v in variant_list)
    return _load_cached(str(file), vfiles)


def named_profile(
    name: str, variants: Sequence[str] = (), *, profile_dirs: Iterable[str | os.PathLike[str]] = ()
) -> Profile:
    """A profile by id or alias only, never a file path: what an untrusted record may name.

    Only the shipped profiles and those in the registered ``profile_dirs`` can be found.
    """
    dirs = registered_dirs(profile_dirs)
    _check_variant_count(variants)
    file = _profile_file(name, dirs, paths=False)
    vfiles = tuple(str(_variant_file(v, dirs, paths=False)) for v in variants)
    return _load_cached(str(file), vfiles)


def _check_variant_count(variants: Sequence[str | os.PathLike[str]]) -> None:
    """At most ``MAX_VARIANTS`` variants, none named twice (in any case)."""
    if len(variants) > limits.MAX_VARIANTS:
        raise ProfileError(f"more than {limits.MAX_VARIANTS} variants ({len(variants)}) given")
    seen: set[str] = set()
    for v in variants:
        key = str(v).lower()
        if key in seen:
            raise ProfileError(f"the variant {short_repr(str(v))} is given twice")
        seen.add(key)


def _variant_list(variants: Any) -> tuple[str | os.PathLike[str], ...]:
    if isinstance(variants, str | os.PathLike):
        return (variants,)
    try:
        out = tuple(variants)
    except TypeError:
        raise ArgumentTypeError(
            f"variants: a variant id or a list of them, not {type(variants).__name__}"
        ) from None
    for v in out:
        if not isinstance(v, str | os.PathLike):
            raise ArgumentTypeError(
                f"variants: each variant must be an id or a path, not {type(v).__name__}"
            )
    return out


@functools.lru_cache(maxsize=PROFILE_CACHE)
def _load_cached(file: str, variants: tuple[str, ...]) -> Profile:
    doc = _read(FsPath(file))
    _check(doc, profile_schema(), file)
    data: dict[str, Any] = copy.deepcopy(doc.data)
    origins = {path: file for path in _rule_schemas()}
    applied: list[str] = []
    for v in variants:
        overlay = _variant(FsPath(v))
        if not overlay.applies_to(data["rules"]):
            applied.append(overlay.id)
            continue
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

    # Cotton's words are checked against the shipped text of his chapter.
    for path, r in values.items():
        for field, words in (("cotton", r.source.cotton), ("quote", r.source.quote)):
            if (
                words
                and (field == "cotton" or r.source.ref == COTTON)
                and not find_in_cotton(words)
            ):
                group, name = path.split(".")
                at = ("rules", group, name, "source", field)
                pos = doc.position(at) or (None, None)
                raise ProfileError(
                    f"Cotton does not say {words!r} (checked against his chapter, "
                    "sentence by sentence; join separate words with ' ... ')",
                    file=origins[path],
                    line=pos[0] if origins[path] == file else None,
                    column=pos[1] if origins[path] == file else None,
                    path=".".join(map(str, at)),
                )

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
    direct_only = (
        ("losers_pay", "how-far"),
        ("youngest_doubles", True),
        ("late_raise", None),
    )
    for name, needs in direct_only:
        value = v(f"ruff.{name}")
        used = value is not None if needs is None else value == needs
        if used and v("ruff.model") != "direct":
            _cross_error(doc, file, ("ruff", name), f"ruff.{name} applies to the direct model only")
    if (v("ruff.losers_pay") == "how-far") != (v("ruff.nothing_to_say") is not None):
        _cross_error(
            doc,
            file,
            ("ruff", "nothing_to_say"),
            "ruff.nothing_to_say must be a whole number with losers_pay how-far, and null with "
            "losers_pay stake",
        )
    return _intern(
        Profile(
            id=data["id"],
            title=data["title"],
            titles=FrozenMap(data.get("titles") or {}),
            aliases=tuple(data.get("aliases") or ()),
            summary=data["summary"],
            sources=tuple(data["sources"]),
            variants=variants,
            **{name: _group(name, cls, v) for name, cls in _GROUPS.items()},
            rules=tuple(values.values()),
            fingerprint=repr((data["id"], variants, [(k, r.value) for k, r in values.items()])),
        )
    )


def _cross_error(doc: Located, file: str, at: tuple[str, str], message: str) -> None:
    pos = doc.position(("rules", *at, "value")) or (None, None)
    raise ProfileError(
        message, file=file, line=pos[0], column=pos[1], path=f"rules.{'.'.join(at)}.value"
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
