"""The checks of a profile file: its JSON Schema, a variant's (derived from it), and the checks
the schema cannot say: Cotton's words against his chapter, and one rule against another.

Each raises a :class:`~gleek.errors.ProfileError` with the file, line and column of what is
wrong. :mod:`gleek.profile` runs them as it loads; the rules they check are those of
:mod:`gleek.profile_model`.

>>> from gleek.profile import load_profile, with_rules
>>> shown = load_profile("pi").rule("ruff.no_vie")  # pi's pool shows the hands
>>> try:
...     with_rules(load_profile("parlett"), {"ruff.no_vie": shown}, "show")  # a direct ruff
... except ProfileError as exc:
...     print(exc.path, "-", exc.message[:42])
rules.ruff.no_vie.value - ruff.no_vie 'show' needs ruff.model 'pool'
>>> group, schema = rule_schemas()["stock.increment"]
>>> group, schema["title"]
('Buying the stock', 'Raise')
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from gleek.errors import ProfileError
from gleek.i18n import gettext as _
from gleek.profile_model import RuleValue
from gleek.schemacheck import load_schema, problems
from gleek.sourcemap import Located
from gleek.sources import COTTON, find_in_cotton

__all__ = [
    "check_cotton_words",
    "check_cross_fields",
    "check_schema",
    "profile_schema",
    "rule_schemas",
    "variant_schema",
]

# ---------------------------------------------------------------------------- schemas


def profile_schema() -> dict[str, Any]:
    """The JSON Schema of a profile file (shipped as ``gleek/schemas/profile.schema.json``)."""
    return load_schema("profile")


@functools.cache
def rule_schemas() -> dict[str, tuple[str, dict[str, Any]]]:
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
    rules = {path: rs for path, (_, rs) in rule_schemas().items()}
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


def check_schema(doc: Located, schema: dict[str, Any], file: str) -> None:
    """Raise the first problem of ``doc`` (read from ``file``) under ``schema``, with its line and
    column, and how many more there are."""
    found = problems(doc, schema, quote=False)  # never what another file holds
    if found:
        first = found[0]
        more = _(" (and {n} more)").format(n=len(found) - 1) if len(found) > 1 else ""
        raise ProfileError(
            first.message + more, file=file, line=first.line, column=first.column, path=first.dotted
        )


# ---------------------------------------------------------------------------- beyond the schema


def check_cotton_words(values: Mapping[str, RuleValue], doc: Located, file: str) -> None:
    """Cotton's words (a source's ``cotton``, or the ``quote`` of a ``ref: cotton``) are checked
    against the shipped text of his chapter. ``values`` are the rules by path, each with the file
    it came from (``file`` or a variant's); ``doc`` is ``file`` read, for lines and columns."""
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
                    _(
                        "Cotton does not say {words} (checked against his chapter, sentence by "
                        "sentence; join separate words with ' ... ')"
                    ).format(words=repr(words)),
                    file=r.origin,
                    line=pos[0] if r.origin == file else None,
                    column=pos[1] if r.origin == file else None,
                    path=".".join(map(str, at)),
                )


def check_cross_fields(values: Mapping[str, RuleValue], doc: Located, file: str) -> None:
    """The checks across rules that the schema cannot say (``ruff.no_vie`` 'show' needs a pool,
    ``carry-fixed`` a carried stake...), reported at the rule's value in ``doc``, read from
    ``file``."""

    def v(path: str) -> Any:
        return values[path].value

    if v("ruff.no_vie") == "carry-fixed" and v("ruff.carried_stake") is None:
        pos = doc.position(("rules", "ruff", "carried_stake", "value")) or (None, None)
        raise ProfileError(
            _("ruff.carried_stake must be a whole number when ruff.no_vie is carry-fixed"),
            file=file,
            line=pos[0],
            column=pos[1],
            path="rules.ruff.carried_stake.value",
        )
    if v("ruff.no_vie") == "show" and v("ruff.model") != "pool":
        pos = doc.position(("rules", "ruff", "no_vie", "value")) or (None, None)
        raise ProfileError(
            _(
                "ruff.no_vie 'show' needs ruff.model 'pool' (only a pool has antes to take); "
                "valid choices for the direct model: carry-fixed, carry-double"
            ),
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
            said = _("{rule} applies to the direct model only").format(rule=f"ruff.{name}")
            _cross_error(doc, file, ("ruff", name), said)
    if (v("ruff.losers_pay") == "how-far") != (v("ruff.nothing_to_say") is not None):
        _cross_error(
            doc,
            file,
            ("ruff", "nothing_to_say"),
            _(
                "ruff.nothing_to_say must be a whole number with losers_pay how-far, and null "
                "with losers_pay stake"
            ),
        )


def _cross_error(doc: Located, file: str, at: tuple[str, str], message: str) -> None:
    pos = doc.position(("rules", *at, "value")) or (None, None)
    raise ProfileError(
        message, file=file, line=pos[0], column=pos[1], path=f"rules.{'.'.join(at)}.value"
    )
