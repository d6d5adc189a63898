"""The complete rules of a profile as a readable reference, generated from the profile data.

Every value says how sure it is (``stated`` by its source, ``inferred`` by the project where the
source is silent, or ``doubtful``: a reading with a stated doubt), and a value whose number means
something different from one profile to another is also said in words.

>>> from gleek.profile import load_profile
>>> text = rules_text(load_profile("pi"))
>>> "Opening bid: 10 [stated]" in text and "Raise: 2 [stated]" in text
True
>>> print(in_words(load_profile("cotton"), "ruff.carried_stake"))
the usual opening stake: nothing carries to the next deal
>>> print(in_words(load_profile("parlett"), "ruff.carried_stake"))
for the next deal only, after a deal nobody vied; the usual stake is 2
"""

from __future__ import annotations

import json
from itertools import groupby
from typing import Any

from gleek.errors import ProfileError
from gleek.profile import Profile, RuleValue, load_variant

__all__ = ["in_words", "rules_data", "rules_json", "rules_markdown", "rules_text", "unchanged_by"]


def _groups(profile: Profile) -> list[tuple[str, list[RuleValue]]]:
    return [(g, list(rs)) for g, rs in groupby(profile.rules, key=lambda r: r.group)]


def in_words(profile: Profile, path: str) -> str | None:
    """The value of the rule at ``path`` in words, where the bare value would read alike in
    profiles that mean different things by it (Cotton's stake of 4 after a deal nobody vied is
    his usual stake; Parlett's is a raised stake for one deal); None where the value says it all.
    """
    ruff = profile.ruff
    if path == "ruff.carried_stake":
        if ruff.no_vie == "carry-double":
            return "none: the opening stake doubles instead"
        if ruff.no_vie == "show":
            return "none: nothing carries to the next deal"
        if ruff.carried_stake == ruff.stake:
            return "the usual opening stake: nothing carries to the next deal"
        return f"for the next deal only, after a deal nobody vied; the usual stake is {ruff.stake}"
    if path == "ruff.no_vie":
        double = " (unless the youngest hand doubles it)" if ruff.youngest_doubles else ""
        if ruff.no_vie == "show":
            return "the hands are shown at once and the best ruff takes the antes"
        if ruff.no_vie == "carry-double":
            return (
                "the next deal's opening stake doubles after each deal nobody vied, and is "
                f"{ruff.stake} again after a contested ruff"
            )
        if ruff.carried_stake == ruff.stake:
            return f"no ruff this deal; the next deal opens at the usual {ruff.stake}{double}"
        return (
            f"no ruff this deal; the next deal only opens at {ruff.carried_stake}"
            f" instead of {ruff.stake}{double}"
        )
    if path == "ruff.stake":
        if ruff.model == "pool":
            return "each player's ante into the pool, before anyone speaks"
        return "the stake of a vie, before any revie"
    if path in ("turn_up.towser", "turn_up.tumbler") and profile.turn_up.double_when_turned:
        name = path.split(".")[1]
        held = getattr(profile.small_trumps, name)
        return f"twice the {held} for holding it"
    return None


def _value(profile: Profile, r: RuleValue) -> str:
    words = in_words(profile, r.path)
    return f"{r.display()} ({words})" if words else r.display()


def unchanged_by(profile: Profile) -> tuple[str, ...]:
    """The shipped variants named in ``profile`` that change none of its rules (a variant that
    applies only where the profile lacks what it adds: ``towser-tumbler`` under ``cotton``)."""
    out = []
    origins = {r.origin for r in profile.rules}
    for vid in profile.variants:
        try:
            variant = load_variant(vid)
        except ProfileError:  # a variant given by path under another id: nothing to say
            continue
        if variant.origin not in origins:
            out.append(vid)
    return tuple(out)


def _heading(profile: Profile) -> list[str]:
    lines = [profile.title + (f" + {', '.join(profile.variants)}" if profile.variants else "")]
    for lang, title in profile.titles.items():
        lines.append(f"  ({lang}) {title}")
    return lines


def _variant_notes(profile: Profile) -> list[str]:
    return [
        f"The variant {vid} changes nothing here: this profile already has what it adds."
        for vid in unchanged_by(profile)
    ]


LEGEND = (
    "Each value is stated (its source says it), inferred (the source is silent: the project "
    "decides, and says why) or doubtful (a reading of words that can be read another way)."
)


def rules_text(profile: Profile) -> str:
    """Plain text: each group, each rule with its value (in words where it needs them), how sure
    it is, what it means, its source and any note of inference or doubt."""
    out = _heading(profile)
    out.append("=" * len(out[0]))
    out.append(
        f"id: {profile.id}"
        + (f" (aliases: {', '.join(profile.aliases)})" if profile.aliases else "")
    )
    out.append(profile.summary)
    out += _variant_notes(profile)
    out.append(LEGEND)
    for group, rules in _groups(profile):
        out += ["", group, "-" * len(group)]
        for r in rules:
            out.append(f"{r.title}: {_value(profile, r)} [{r.certainty}]")
            out.append(f"    {r.description}")
            out.append(f"    source: {r.source.cite(quotes=True)}")
    return "\n".join(out) + "\n"


def _md(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def rules_markdown(profile: Profile) -> str:
    """Markdown: a table per group with value, certainty and source columns."""
    head = _heading(profile)
    out = [f"# {head[0]}", ""]
    out += [f"*{line.strip()}*" for line in head[1:]]
    out += [
        f"`{profile.id}`"
        + (
            f" (aliases: {', '.join(f'`{a}`' for a in profile.aliases)})" if profile.aliases else ""
        ),
        "",
        profile.summary,
    ]
    notes = _variant_notes(profile)
    if notes:
        out += ["", *notes]
    out += ["", LEGEND]
    for group, rules in _groups(profile):
        out += ["", f"## {group}", "", "| Rule | Value | How sure | Source |", "|---|---|---|---|"]
        for r in rules:
            out.append(
                f"| {_md(r.title)}: {_md(r.description)} | **{_md(_value(profile, r))}** "
                f"| {r.certainty} | {_md(r.source.cite(quotes=True))} |"
            )
    return "\n".join(out) + "\n"


def rules_data(profile: Profile) -> dict[str, Any]:
    """The rules as plain data (what ``--format json`` prints): each rule's ``certainty``
    (stated, inferred, doubtful), its ``notes`` and, where it needs them, its value ``in_words``."""
    return {
        "id": profile.id,
        "variants": list(profile.variants),
        "variants_unchanged": list(unchanged_by(profile)),
        "title": profile.title,
        "titles": dict(profile.titles),
        "aliases": list(profile.aliases),
        "summary": profile.summary,
        "rules": [
            {
                "path": r.path,
                "group": r.group,
                "title": r.title,
                "description": r.description,
                "value": r.value,
                "in_words": in_words(profile, r.path),
                "certainty": r.certainty,
                "notes": list(r.source.notes()),
                "source": r.source.data(),
                "inferred": r.inferred,
            }
            for r in profile.rules
        ],
    }


def rules_json(profile: Profile) -> str:
    return json.dumps(rules_data(profile), indent=2, ensure_ascii=False) + "\n"
