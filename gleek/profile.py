"""Rule profiles: one YAML file per source, variants as overlays, checked by a shipped schema.

This module finds and loads them: the index of the shipped files and of registered folders,
reading a file, applying variants in order, the caches. What a loaded profile is lives in
:mod:`gleek.profile_model` (:class:`Profile`, its typed groups, :class:`RuleValue`,
:class:`Variant`), the schemas and the checks across rules in :mod:`gleek.profile_checks`, and a
rule's citation (:class:`Source`) in :mod:`gleek.sources`; every name this module exported
before is still exported here.

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
import itertools
import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path as FsPath
from typing import Any, Final

import attrs

from gleek import limits
from gleek._args import type_name
from gleek.errors import ArgumentError, ArgumentTypeError, ProfileError
from gleek.i18n import N_
from gleek.i18n import gettext as _
from gleek.profile_checks import (
    check_cotton_words,
    check_cross_fields,
    check_schema,
    profile_schema,
    rule_schemas,
    variant_schema,
)
from gleek.profile_model import HONOUR_ORDER as HONOUR_ORDER
from gleek.profile_model import HONOUR_RANKS as HONOUR_RANKS
from gleek.profile_model import (
    DealRules,
    FrozenMap,
    Profile,
    RuffRules,
    RuleValue,
    ScoringRules,
    SessionRules,
    SetRules,
    SmallTrumpRules,
    StockRules,
    TrickRules,
    TurnUpRules,
    Variant,
    intern_profile,
)
from gleek.profile_model import display_value as display_value
from gleek.schemacheck import digest, load_schema, pre_checked, short_repr
from gleek.sourcemap import Located, LocatedError, load_located, read_limited
from gleek.sources import Source, profiles_dir

# Every name of this list was defined here before the model, the checks and the citations
# moved out; it is still exported from here.
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
    "not_listed",
    "profile_schema",
    "profiles_dir",
    "variant_schema",
]


# ---------------------------------------------------------------------------- locating files


_SUFFIXES: Final = (".yaml", ".yml", ".json")


@attrs.frozen
class _Index:
    """Profiles and variants by lower-case id (and alias), the ids as written, and the folders."""

    profiles: dict[str, FsPath]
    variants: dict[str, FsPath]
    ids: tuple[str, ...]
    variant_ids: tuple[str, ...]
    #: an id or alias (lower case) that a registered folder's profile shares with a profile
    #: found before it: (that profile's file, the first one's)
    clashes: dict[str, tuple[FsPath, FsPath]] = attrs.field(factory=dict)
    #: the files of the registered folders that are not valid profiles or variants
    broken: tuple[FsPath, ...] = ()


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
    clashes: dict[str, tuple[FsPath, FsPath]] = {}
    broken: list[FsPath] = []
    for base in (profiles_dir(), *(FsPath(d) for d in dirs)):
        for file in _files(base):
            if file.name == "sources.yaml":  # the bibliography, not a profile
                continue
            # a pre-checked file's id and aliases are known without loading it
            entry = _pre_checked_entry(file, "profile")
            try:
                pid, aliases = (
                    (entry["id"], entry["aliases"])
                    if entry
                    else _id_and_aliases(_load_cached(str(file), ()))
                )
            except ProfileError:
                profiles.setdefault(file.stem.lower(), file)
                broken.append(file)
                continue
            if pid.lower() not in profiles:
                ids.append(pid)
            for key in (pid, *aliases):
                first = profiles.setdefault(key.lower(), file)
                if first != file:  # never the one found first, silently
                    clashes.setdefault(key.lower(), (file, first))
        for file in _files(base / "variants", within=base):
            try:
                if not _pre_checked_entry(file, "variant"):
                    _variant(file)
            except ProfileError:
                variants.setdefault(file.stem.lower(), file)
                broken.append(file)
                continue
            if file.stem.lower() not in variants:
                vids.append(file.stem)
            variants.setdefault(file.stem.lower(), file)
    return _Index(profiles, variants, tuple(sorted(ids)), tuple(vids), clashes, tuple(broken))


def _id_and_aliases(profile: Profile) -> tuple[str, tuple[str, ...]]:
    return profile.id, profile.aliases


def _files(folder: FsPath, within: FsPath | None = None) -> list[FsPath]:
    """The profile files of ``folder``: regular files, or symbolic links to files inside it
    (never one that leads out of the folder). A ``folder`` that is itself a symbolic link must
    lead to a folder inside ``within``, else it is not followed either, as a file would not be."""
    try:
        if not folder.is_dir():
            return []
        inside = folder.resolve()
        if within is not None and folder.is_symlink():
            home = within.resolve()
            if inside == home or not inside.is_relative_to(home):
                return []
        return sorted(
            f
            for f in folder.iterdir()
            if f.suffix in _SUFFIXES
            and f.is_file()
            and (not f.is_symlink() or f.resolve().parent == inside)
        )
    except OSError as exc:
        raise ProfileError(
            _("cannot read the profile folder: {error}").format(error=exc.strerror),
            file=str(folder),
        ) from None


def registered_dirs(profile_dirs: Iterable[str | os.PathLike[str]]) -> tuple[str, ...]:
    """The caller's profile folders, checked: a folder (a str or a path) or a list of them,
    each a folder this process can read (an empty path is refused, not taken for the current
    folder: write ``"."`` for it)."""
    if isinstance(profile_dirs, str | os.PathLike):
        profile_dirs = (profile_dirs,)
    elif isinstance(profile_dirs, Iterable) and not isinstance(profile_dirs, bytes | bytearray):
        # (an endless iterator is cut short, never followed)
        given = list(itertools.islice(profile_dirs, limits.MAX_PROFILE_DIRS + 1))
        if len(given) > limits.MAX_PROFILE_DIRS:
            raise ArgumentError(
                f"profile_dirs: at most {limits.MAX_PROFILE_DIRS} folders, not more"
            )
        profile_dirs = given
    else:
        raise ArgumentTypeError(
            "profile_dirs must be a folder (a str or a path) or a list of folders, not "
            f"{type_name(profile_dirs)} ({profile_dirs!r:.60})"
        )
    out = []
    for d in profile_dirs:
        if not isinstance(d, str | os.PathLike):
            raise ArgumentTypeError(
                f"profile_dirs: each folder must be a str or a path, not {type(d).__name__}"
            )
        if not os.fspath(d):
            raise ArgumentError(
                "profile_dirs: an empty path is not a folder (write '.' for the current folder)"
            )
        folder = FsPath(d)
        if not (os.path.isdir(folder) and os.access(folder, os.R_OK | os.X_OK)):
            raise ArgumentError(f"profile_dirs: {short_repr(str(d))} is not a readable folder")
        out.append(str(folder.resolve()))
    return tuple(out)


def list_profiles(profile_dirs: Iterable[str | os.PathLike[str]] = ()) -> tuple[str, ...]:
    """The ids of the shipped profiles (not their aliases), and of those in ``profile_dirs``."""
    return _index(registered_dirs(profile_dirs)).ids


def not_listed(profile_dirs: Iterable[str | os.PathLike[str]] = ()) -> tuple[str, ...]:
    """The files of ``profile_dirs`` (and of their ``variants/``) that :func:`list_profiles` and
    :func:`list_variants` leave out because they are not valid: load one by its path to be
    told where it is wrong."""
    return tuple(str(f) for f in _index(registered_dirs(profile_dirs)).broken)


def list_variants(profile_dirs: Iterable[str | os.PathLike[str]] = ()) -> tuple[str, ...]:
    """The ids of the shipped variant overlays, and of those in ``profile_dirs``/variants."""
    return _index(registered_dirs(profile_dirs)).variant_ids


def _unknown(
    kind: str, name: str, choices: Iterable[str], canonical: Mapping[str, str] | None = None
) -> ProfileError:
    """``unknown profile 'parlet' (did you mean 'parlett'?); valid choices: ...``. A name close
    to an alias suggests the id the alias stands for (``pedagogic``: ``pedagogical``, not the
    alias ``pedagogico``), from ``canonical`` (an alias or id in lower case: its id)."""
    choices = sorted(set(choices))
    close = difflib.get_close_matches(name.lower(), [c.lower() for c in choices], n=1)
    hint = ""
    if close:
        match = next(c for c in choices if c.lower() == close[0])
        match = (canonical or {}).get(match.lower(), match)
        hint = _(" (did you mean {name}?)").format(name=repr(match))
    said = (
        _("unknown profile {name}{hint}; valid choices: {choices}")
        if kind == "profile"
        else _("unknown variant {name}{hint}; valid choices: {choices}")
    )
    return ProfileError(said.format(name=short_repr(name), hint=hint, choices=", ".join(choices)))


def _profile_limits(path: tuple[str | int, ...]) -> tuple[int, str]:
    return (limits.MAX_PROFILE_ITEMS, N_("more than any profile or variant file holds"))


def _read(file: FsPath, kind: str, *, trust: bool = True) -> tuple[Located, bool]:
    """A profile or variant file (``kind``), parsed and checked by its schema, and whether it
    is pre-checked: a shipped file, unchanged, that passed every check when gleek was built
    (then the schema checker is not even imported). ``trust`` False checks it all the same."""
    try:
        text = read_limited(str(file))
    except OSError as exc:  # (code "unreadable": the command could not run, as for no file)
        raise ProfileError(
            _("cannot read profile: {error}").format(error=exc.strerror),
            file=str(file),
            code="unreadable",
        ) from None
    except ValueError as exc:
        raise ProfileError(
            _("cannot read profile: {error}").format(error=exc),
            file=str(file),
            code="unreadable",
        ) from None
    try:
        doc = load_located(text, str(file), limits=_profile_limits, quote=False)
    except LocatedError as exc:
        raise ProfileError(
            exc.message, file=str(file), line=exc.line, column=exc.column, code=exc.code
        ) from None
    checked = trust and pre_checked(kind, text) is not None
    if not checked:
        check_schema(doc, variant_schema() if kind == "variant" else profile_schema(), str(file))
    return doc, checked


def _pre_checked_entry(file: FsPath, kind: str) -> dict[str, Any] | None:
    """The pre-checked entry of ``file`` (see :func:`_read`), or None (not one, or unreadable)."""
    try:
        return pre_checked(kind, read_limited(str(file)))
    except (OSError, ValueError):
        return None


def pre_check_shipped() -> dict[str, dict[str, Any]]:
    """Every shipped profile, variant and the bibliography (by its path under the profiles
    folder), each put through every check of its kind -> its digest, and a profile's id and
    aliases for the index: what ``gleek/schemas/pre-checked.json`` must list. A file that
    fails a check raises :class:`ProfileError`."""
    base = profiles_dir()
    out: dict[str, dict[str, Any]] = {}
    for file in sorted(base.rglob("*.yaml")):
        name = file.relative_to(base).as_posix()
        text = file.read_bytes()
        if name == "sources.yaml":
            doc = load_located(text, name)
            check_schema(doc, load_schema("sources"), name)
            out[name] = {"digest": digest("sources", text)}
        elif "/" in name:
            _variant_read(file, trust=False)
            out[name] = {"digest": digest("variant", text)}
        else:
            loaded = _load(str(file), (), trust=False)
            out[name] = {"digest": digest("profile", text), "id": loaded.id}
            out[name]["aliases"] = list(loaded.aliases)
    return out


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


def _not_a_file(kind: str, key: str) -> ProfileError:
    """The error for a ``kind`` file path ``key`` that cannot be read as one: nothing there, or
    something that is not a regular file (a folder, a FIFO, a device)."""
    said = (
        _("not a regular file: {path}")
        if os.path.lexists(key)
        else _("no such profile file: {path}")
        if kind == "profile"
        else _("no such variant file: {path}")
    )
    return ProfileError(said.format(path=short_repr(key)))


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
            raise _not_a_file("variant", key)
        return FsPath(key)
    raise _unknown("variant", key, index.variant_ids)


def _variant(file: FsPath) -> Variant:
    return _variant_read(file)[0]


def _variant_read(file: FsPath, *, trust: bool = True) -> tuple[Variant, bool]:
    """The variant in ``file``, and whether the file is pre-checked (see :func:`_read`)."""
    doc, checked = _read(file, "variant", trust=trust)
    data = doc.data
    variant = Variant(
        data["id"],
        data["title"],
        data["summary"],
        data["set"],
        str(file),
        data.get("only_where") or {},
    )
    return variant, checked


def _profile_file(name_or_path: Any, dirs: tuple[str, ...], *, paths: bool) -> FsPath:
    if not isinstance(name_or_path, str | os.PathLike):
        raise ArgumentTypeError(
            f"name_or_path: a profile id, alias, path or Profile, not {type(name_or_path).__name__}"
        )
    index = _index(dirs)
    key = str(name_or_path)
    if key.lower() in index.clashes:
        file, first = index.clashes[key.lower()]
        shipped = first.parent == profiles_dir()
        other = (
            _("the shipped profile {name}").format(name=repr(key.lower()))
            if shipped
            else short_repr(str(first), 200)
        )
        raise ProfileError(
            _(
                "{file} has the id or alias {name} of {other}; give the profile in the "
                "registered folder an id of its own"
            ).format(file=short_repr(str(file), 200), name=repr(key.lower()), other=other)
        )
    if key.lower() in index.profiles:
        return index.profiles[key.lower()]
    if paths and (
        isinstance(name_or_path, os.PathLike) or FsPath(key).suffix in _SUFFIXES or _is_file(key)
    ):
        if not _is_file(key):
            raise _not_a_file("profile", key)
        return FsPath(key)
    by_file = {index.profiles[pid.lower()]: pid for pid in index.ids}
    canonical = {k: by_file[f] for k, f in index.profiles.items() if f in by_file}
    choices = [k for k in index.profiles if k.lower() == k] + list(index.ids)
    raise _unknown("profile", key, choices, canonical)


def load_profile(
    name_or_path: str | os.PathLike[str] | Profile,
    variants: str | Iterable[str | os.PathLike[str]] = (),
    *,
    profile_dirs: Iterable[str | os.PathLike[str]] = (),
) -> Profile:
    """Load a profile by id, alias or file path and apply ``variants`` (ids or paths) in order.

    Ids and aliases are matched in any case; ``variants`` may be one id given as a string.
    ``profile_dirs`` registers folders of your own profiles (variants in their ``variants/``):
    a folder (a str or a path) or a list of them, each a readable folder (not ``""``).
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
        raise ProfileError(
            _("more than {most} variants ({n}) given").format(
                most=limits.MAX_VARIANTS, n=len(variants)
            )
        )
    seen: set[str] = set()
    for v in variants:
        key = str(v).lower()
        if key in seen:
            raise ProfileError(
                _("the variant {name} is given twice").format(name=short_repr(str(v)))
            )
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
    return _load(file, variants)


def _load(file: str, variants: tuple[str, ...], *, trust: bool = True) -> Profile:
    """The profile in ``file`` with the ``variants`` (files) applied, checked (what was
    pre-checked, unless ``trust`` is False, only for what the combination can break)."""
    doc, checked = _read(FsPath(file), "profile", trust=trust)
    data: dict[str, Any] = copy.deepcopy(doc.data)
    origins = {path: file for path in rule_schemas()}
    trusted = {file} if checked else set()
    applied: list[str] = []
    for v in variants:
        overlay, overlay_checked = _variant_read(FsPath(v), trust=trust)
        if overlay_checked:
            trusted.add(overlay.origin)
        if not overlay.applies_to(data["rules"]):
            applied.append(overlay.id)
            continue
        for path, entry in overlay.rules.items():
            group, name = path.split(".")
            data["rules"][group][name] = copy.deepcopy(dict(entry))
            origins[path] = overlay.origin
        applied.append(overlay.id)
    return _build(data, tuple(applied), origins, doc, file, frozenset(trusted))


def _build(
    data: dict[str, Any],
    variants: tuple[str, ...],
    origins: Mapping[str, str],
    doc: Located,
    file: str,
    trusted: frozenset[str] = frozenset(),
) -> Profile:
    """The profile of ``data``, checked beyond its schema: Cotton's words of the rules that come
    from a file not in ``trusted`` (pre-checked files), and one rule against another."""
    rules = data["rules"]
    schemas = rule_schemas()
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
    # what the schema cannot say: Cotton's words, and one rule against another
    check_cotton_words({p: r for p, r in values.items() if r.origin not in trusted}, doc, file)
    check_cross_fields(values, doc, file)

    def v(path: str) -> Any:
        return values[path].value

    return intern_profile(
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
