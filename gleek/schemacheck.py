"""JSON Schema checks whose messages name the key, the path and the valid choices.

The schemas themselves ship in ``gleek/schemas/``; :func:`load_schema` reads one by name.
``jsonschema`` is imported on the first check, not with gleek: the shipped profiles are
pre-checked (see :mod:`gleek.profile_checks`) and a record of the right shape never needs it,
so ``import gleek`` stays quick and gleek runs where ``jsonschema`` cannot (in a browser, under
Pyodide, whose ``rpds-py`` is native code).
"""

from __future__ import annotations

import difflib
import functools
import hashlib
import itertools
import json
from collections.abc import Iterable, Iterator
from pathlib import Path as FsPath
from typing import TYPE_CHECKING, Any, Final

import attrs

from gleek.errors import GleekError
from gleek.i18n import N_
from gleek.i18n import gettext as _
from gleek.limits import MAX_PROBLEMS
from gleek.sourcemap import Path, Places, format_path, key_part

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError

__all__ = [
    "PRE_CHECKED",
    "Problem",
    "SchemaCheckUnavailable",
    "digest",
    "load_schema",
    "pre_checked",
    "problems",
    "schema_bytes",
]


#: The shipped schemas (a folder of the installed package: gleek is never run from a zip file).
_SCHEMAS: Final = FsPath(__file__).resolve().parent / "schemas"


class SchemaCheckUnavailable(GleekError):
    """The file needs a schema check and ``jsonschema`` cannot be imported here."""


@functools.cache
def schema_bytes(name: str) -> bytes:
    """The bytes of the shipped JSON Schema ``gleek/schemas/<name>.schema.json``."""
    return (_SCHEMAS / f"{name}.schema.json").read_bytes()


#: The kinds of shipped file that are pre-checked, each with the schema that checks it (a
#: variant's schema is derived from the profile schema).
PRE_CHECKED: Final = {"profile": "profile", "variant": "profile", "sources": "sources"}


def digest(kind: str, text: bytes) -> str:
    """The SHA-256 of a file's bytes with its kind and its schema's bytes: equal digests, the
    same schema check, whatever the file is called."""
    h = _digest_prefix(kind).copy()
    h.update(text)
    return h.hexdigest()


@functools.cache
def _digest_prefix(kind: str) -> hashlib._Hash:
    """The hash of a ``kind``'s digest as far as the file's bytes: its kind and schema, hashed
    once (the schema is most of the bytes hashed)."""
    return hashlib.sha256(b"%s\0%s\0" % (kind.encode(), schema_bytes(PRE_CHECKED[kind])))


@functools.cache
def _pre_checked() -> dict[str, dict[str, Any]]:
    text = (_SCHEMAS / "pre-checked.json").read_text("utf-8")
    files: dict[str, dict[str, Any]] = json.loads(text)["files"]
    return {entry["digest"]: entry for entry in files.values()}


def pre_checked(kind: str, text: bytes) -> dict[str, Any] | None:
    """The entry of ``text`` if it is a file of ``kind`` that passed every check of its kind
    when gleek was built (a shipped profile, variant or bibliography, unchanged, under the
    shipped schema), else None. The entries are listed in ``gleek/schemas/pre-checked.json``
    (written by ``tools/pre_check.py``; a test fails when the list is out of date)."""
    return _pre_checked().get(digest(kind, text))


@functools.cache
def load_schema(name: str) -> dict[str, Any]:
    """The shipped JSON Schema ``gleek/schemas/<name>.schema.json``."""
    schema: dict[str, Any] = json.loads(schema_bytes(name).decode("utf-8"))
    return schema


@attrs.frozen
class Problem:
    """One schema failure: what is wrong and where (line and column may be None)."""

    message: str
    path: Path
    line: int | None
    column: int | None

    @property
    def dotted(self) -> str:
        return format_path(self.path)


def _whole(checker: Any, value: Any) -> bool:
    """JSON Schema counts ``12.0`` as an integer; a record or a profile must not."""
    return isinstance(value, int) and not isinstance(value, bool)


@functools.cache
def _validator_class() -> Any:
    """Draft 2020-12, except that an integer is a Python ``int`` (never a float such as
    ``12.0``); ``jsonschema`` imported now, the first time a file needs its schema checked."""
    try:
        import jsonschema
    except ImportError as exc:  # e.g. Pyodide, where its rpds-py (native code) is missing
        raise SchemaCheckUnavailable(
            _(
                "this file needs a schema check, and the schema checker (the jsonschema package) "
                "cannot be imported here: {error}; only gleek's shipped profiles and variants, "
                "and records of the right shape, can be read without it"
            ).format(error=exc)
        ) from None
    return jsonschema.validators.extend(  # type: ignore[no-untyped-call]
        jsonschema.Draft202012Validator,
        type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", _whole),
    )


def short_repr(value: Any, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters (control characters always escaped)."""
    text = repr(value)
    if len(text) <= limit:
        return text
    return text[: limit - 4] + ("...'" if isinstance(value, str) else "...")


def _describe(value: Any) -> str:
    if isinstance(value, bool):
        return _("the boolean {value}").format(value=str(value).lower())
    if value is None:
        return "null"
    if isinstance(value, dict):
        return _("a mapping")
    if isinstance(value, list):
        return _("a list")
    if isinstance(value, str):
        return _("the string {value}").format(value=short_repr(value))
    if isinstance(value, int):
        return _("int {value}").format(value=short_repr(value))
    if isinstance(value, float):
        return _("float {value}").format(value=short_repr(value))
    return f"{type(value).__name__} {short_repr(value)}"


def _kind(value: Any) -> str:
    """What kind of value ``value`` is, without quoting it."""
    if isinstance(value, bool):
        return _("true or false")
    if isinstance(value, int | float):
        return _("a number")
    if isinstance(value, str):
        return _("a string")
    return _describe(value) if isinstance(value, dict | list) or value is None else _("a value")


_TYPE_WORDS = {
    "integer": N_("a whole number"),
    "string": N_("a string"),
    "object": N_("a mapping"),
    "array": N_("a list"),
    "boolean": N_("true or false"),
    "number": N_("a number"),
    "null": "null",
}


def _path_of(parts: Iterable[object]) -> Path:
    """The path of a node named by ``parts`` (keys and indices as the schema checker gives them),
    each key that is not a string or a whole number written as text, as the loader notes the
    places of such keys (``sourcemap``): a ``!!binary`` or date key of hostile data is a part
    like any other, and finds its place."""
    return tuple([key_part(p) for p in parts])


def _message(
    error: ValidationError, path: Path, doc: Places, quote: bool = True
) -> tuple[str, Path, tuple[int, int] | None]:
    """The message of ``error``, whose node is at ``path`` (:func:`_path_of`); with ``quote``
    False (or at the document's root) it never quotes a value or a key of the document, only
    says what kind of value it is."""
    where = format_path(path) or _("the document")
    schema = error.schema if isinstance(error.schema, dict) else {}
    v = error.validator
    inst = error.instance
    describe = _describe if quote and path else _kind
    vv: Any = error.validator_value
    if v == "additionalProperties" and isinstance(inst, dict):
        allowed = sorted(schema.get("properties", {}))
        extra = [k for k in inst if k not in schema.get("properties", {})]
        key = extra[0] if extra else "?"
        kpath = (*path, key_part(key))
        close = difflib.get_close_matches(str(key), allowed, n=1)
        hint = _(" (did you mean {name}?)").format(name=repr(close[0])) if close else ""
        named = _("unknown key {key}").format(key=repr(key)) if quote else _("an unknown key")
        return (
            _("{key} in {where}{hint}; valid keys: {keys}").format(
                key=named, where=where, hint=hint, keys=", ".join(allowed)
            ),
            kpath,
            doc.key_position(kpath),
        )
    if v == "propertyNames" or "propertyNames" in error.absolute_schema_path:
        key_path: Path = (*path, key_part(inst))
        return (
            _("{where} has a key {key}; names must be strings (quote it)").format(
                where=where, key=describe(inst)
            ),
            key_path,
            doc.key_position(key_path),
        )
    if v == "required":
        missing = [k for k in vv if isinstance(inst, dict) and k not in inst]
        said = _("missing key {key} in {where}").format(key=repr(missing[0]), where=where)
        return (said, path, doc.position(path))
    if v == "enum":
        choices = ", ".join(str(c) for c in vv)
        said = _("{where} is {value}; valid choices: {choices}").format(
            where=where, value=describe(inst), choices=choices
        )
        return (said, path, doc.position(path))
    if v == "const":
        return (
            _("{where} is {value}; it must be {wanted}").format(
                where=where, value=describe(inst), wanted=repr(vv)
            ),
            path,
            doc.position(path),
        )
    if v == "type":
        types = vv
        words = _(" or ").join(
            _(_TYPE_WORDS.get(t, t)) for t in ([types] if isinstance(types, str) else types)
        )
        said = _("{where} must be {kind}, not {value}").format(
            where=where, kind=words, value=describe(inst)
        )
        return (said, path, doc.position(path))
    if v in ("minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum"):
        bound = {
            "minimum": ">=",
            "exclusiveMinimum": ">",
            "maximum": "<=",
            "exclusiveMaximum": "<",
        }[v]
        return (
            _("{where} is {value}; it must be {bound} {limit}").format(
                where=where, value=repr(inst) if quote else _("a number"), bound=bound, limit=vv
            ),
            path,
            doc.position(path),
        )
    if v in ("minItems", "maxItems"):
        n = len(inst) if isinstance(inst, list) else "?"
        said = (
            _("{where} has {n} items; it must have at least {limit}")
            if v == "minItems"
            else _("{where} has {n} items; it must have at most {limit}")
        )
        return (said.format(where=where, n=n, limit=vv), path, doc.position(path))
    if v in ("minProperties", "maxProperties"):
        n = len(inst) if isinstance(inst, dict) else "?"
        said = (
            _("{where} has {n} keys; it must have at least {limit}")
            if v == "minProperties"
            else _("{where} has {n} keys; it must have at most {limit}")
        )
        return (said.format(where=where, n=n, limit=vv), path, doc.position(path))
    if v == "uniqueItems":
        said = _("{where} lists the same item twice").format(where=where)
        return (said, path, doc.position(path))
    if v == "not" and isinstance(vv, dict) and "description" in vv:  # what may not go together
        return (f"{where}: {_(vv['description'])}", path, doc.position(path))
    if v in ("pattern", "not", "maxLength") and "description" in schema:
        said = _("{where} is {value}; {rule}").format(
            where=where, value=describe(inst), rule=_(schema["description"])
        )
        return (said, path, doc.position(path))
    if v == "maxLength":
        n = len(inst) if isinstance(inst, str) else "?"
        said = _("{where} is {n} characters long; at most {limit}").format(
            where=where, n=n, limit=vv
        )
        return (said, path, doc.position(path))
    if v == "pattern":
        return (
            _("{where} is {value}, which is not of the expected form").format(
                where=where, value=describe(inst)
            ),
            path,
            doc.position(path),
        )
    if v == "minLength":
        if "description" in schema:
            said = _("{where} is empty; {rule}").format(where=where, rule=_(schema["description"]))
            return (said, path, doc.position(path))
        return (_("{where} is too short").format(where=where), path, doc.position(path))
    if v == "dependentRequired" and isinstance(inst, dict) and isinstance(vv, dict):
        for key, needs in vv.items():
            missing = [k for k in needs if k not in inst]
            if key in inst and missing:
                # what the missing key is for, where the schema says: why the two go together
                about = schema.get("properties", {}).get(missing[0], {}).get("description")
                why = (
                    _(": {key} is {what}").format(
                        key=repr(missing[0]), what=_(about)[:1].lower() + _(about)[1:]
                    )
                    if about
                    else ""
                )
                return (
                    _("{where} has {key} but not {other}; the two go together{why}").format(
                        where=where, key=repr(key), other=repr(missing[0]), why=why
                    ),
                    path,
                    doc.position(path),
                )
    said = error.message if quote else _("not allowed here ({check})").format(check=v)
    if len(said) > _LONGEST:  # the checker quotes the whole value
        said = said[: _LONGEST - 3] + "..."
    return (f"{where}: {said}", path, doc.position(path))


#: The longest message of the schema checker's own said as it is (it quotes whole values).
_LONGEST: Final = 200


#: The most schema failures looked at to choose the :data:`MAX_PROBLEMS` reported.
MAX_LEAVES: Final = 20 * MAX_PROBLEMS


def _document_order(data: object, path: Iterable[object], skip: int) -> tuple[int, ...]:
    """Where ``path`` (after its first ``skip`` parts) stands in ``data``, in the order of the
    document: an item's index, a key's place among its mapping's keys (a mapping keeps the
    order its keys were read in)."""
    out: list[int] = []
    node = data
    for k, part in enumerate(path):
        if k < skip:
            continue
        if isinstance(node, dict):
            if part not in node:
                break
            out.append(list(node).index(part))
            node = node[part]
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            out.append(part)
            node = node[part]
        else:
            break
    return tuple(out)


def _at(error: ValidationError, at: Path) -> ValidationError:
    """``error`` with ``at`` put before its path (and so before its context's)."""
    if at:
        error.path.extendleft(reversed(at))
    return error


def _leaves(error: ValidationError) -> Iterator[ValidationError]:
    if error.context:
        from jsonschema.exceptions import best_match

        best = best_match(error.context)
        yield from _leaves(best)
    else:
        yield error


def problems(
    doc: Places, schema: dict[str, Any], *, quote: bool = True, at: Path = ()
) -> tuple[Problem, ...]:
    """Every schema failure of ``doc``, in document order, each with its located message.

    With ``quote`` False no message quotes a value or a key of the document (for files other
    than the one the caller asked about: a profile named by a record, say); a value at the
    document's root (not a mapping at all) is never quoted. Where the schema checker cannot
    be imported (Pyodide), the one problem is that, at ``at``: the caller checked what it could
    without it, and nothing can say where the shape is wrong."""
    try:
        validator = _validator_class()(schema)
    except SchemaCheckUnavailable as exc:
        return (Problem(str(exc), at, None, None),)
    out: dict[tuple[Path, str], Problem] = {}
    misspelt: set[Path] = set()
    # ``at``: where doc.data stands in its file, if it is a part of it (a deal read deal by deal)
    every = (leaf for e in validator.iter_errors(doc.data) for leaf in _leaves(_at(e, at)))
    # The checker's own order is the schema's, and over a set for some keys (so it changes
    # from run to run): the first MAX_PROBLEMS are chosen in the document's order, from at
    # most MAX_LEAVES failures (a document can hold no more where its shape is bounded).
    leaves = list(itertools.islice(every, MAX_LEAVES))
    # A value of the wrong type is said so once: what else its schema asks of it (a deal that
    # is the number 1 "should not be valid under {'required': ...}") follows from that.
    typed = {tuple(leaf.absolute_path) for leaf in leaves if leaf.validator == "type"}
    leaves = [
        leaf
        for leaf in leaves
        if leaf.validator == "type" or tuple(leaf.absolute_path) not in typed
    ]
    if len(leaves) > MAX_PROBLEMS:
        skip = len(at)
        leaves.sort(key=lambda leaf: _document_order(doc.data, leaf.absolute_path, skip))
        del leaves[MAX_PROBLEMS:]
    paths = [_path_of(leaf.absolute_path) for leaf in leaves]
    wanted: list[Path] = list(paths)
    for leaf, base in zip(leaves, paths, strict=True):  # every position needed, in one pass
        keys = list(leaf.instance)[:MAX_PROBLEMS] if isinstance(leaf.instance, dict) else []
        if not isinstance(leaf.instance, dict | list):
            keys.append(leaf.instance)  # a bad key (propertyNames) is reported where it stands
        wanted += [(*base, key_part(k)) for k in keys]
    doc.locate(wanted)
    for leaf, base in zip(leaves, paths, strict=True):
        message, path, pos = _message(leaf, base, doc, quote)
        line, col = pos if pos else (None, None)
        out.setdefault((path, message), Problem(message, path, line, col))
        if leaf.validator == "additionalProperties":
            misspelt.add(base)
    # A misspelt key also leaves the right one missing: say it once, at the misspelling.
    for key in [k for k in out if k[0] in misspelt and k[1].startswith("missing key")]:
        del out[key]
    return tuple(sorted(out.values(), key=lambda p: (p.line or 0, p.column or 0, p.message)))
