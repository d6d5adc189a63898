"""The complete rules of a profile as a readable reference, generated from the profile data.

>>> from gleek.profile import load_profile
>>> text = rules_text(load_profile("pi"))
>>> "Opening bid: 10" in text and "Raise: 2" in text
True
"""

from __future__ import annotations

import json
from itertools import groupby
from typing import Any

from gleek.profile import Profile, RuleValue

__all__ = ["rules_json", "rules_markdown", "rules_text"]


def _groups(profile: Profile) -> list[tuple[str, list[RuleValue]]]:
    return [(g, list(rs)) for g, rs in groupby(profile.rules, key=lambda r: r.group)]


def _heading(profile: Profile) -> list[str]:
    lines = [profile.title + (f" + {', '.join(profile.variants)}" if profile.variants else "")]
    for lang, title in profile.titles.items():
        lines.append(f"  ({lang}) {title}")
    return lines


def rules_text(profile: Profile) -> str:
    """Plain text: each group, each rule with its value, what it means and its source."""
    out = _heading(profile)
    out.append("=" * len(out[0]))
    out.append(
        f"id: {profile.id}"
        + (f" (aliases: {', '.join(profile.aliases)})" if profile.aliases else "")
    )
    out.append(profile.summary)
    for group, rules in _groups(profile):
        out += ["", group, "-" * len(group)]
        for r in rules:
            mark = " [inferred]" if r.inferred else ""
            out.append(f"{r.title}: {r.display()}{mark}")
            out.append(f"    {r.description}")
            out.append(f"    source: {r.source.cite(quotes=True)}")
    return "\n".join(out) + "\n"


_MD_SPECIAL = frozenset("\\`*_[]()<>#|!~&")


def _md(text: str) -> str:
    """``text`` as plain text in Markdown: one line, every character that Markdown or HTML
    would act on escaped (no link, tag, heading, emphasis or table cell can come from a
    profile's text).

    >>> _md("<b>x</b> [a](javascript:x) | *y*")
    '\\\\<b\\\\>x\\\\</b\\\\> \\\\[a\\\\]\\\\(javascript:x\\\\) \\\\| \\\\*y\\\\*'
    """
    one_line = " ".join(text.splitlines())
    return "".join(f"\\{c}" if c in _MD_SPECIAL else c for c in one_line)


def rules_markdown(profile: Profile) -> str:
    """Markdown: a table per group with value and source columns."""
    head = _heading(profile)
    out = [f"# {_md(head[0])}", ""]
    out += [f"*{_md(line.strip())}*" for line in head[1:]]
    out += [
        _md(profile.id)
        + (f" (aliases: {', '.join(_md(a) for a in profile.aliases)})" if profile.aliases else ""),
        "",
        _md(profile.summary),
    ]
    for group, rules in _groups(profile):
        out += ["", f"## {_md(group)}", "", "| Rule | Value | Source |", "|---|---|---|"]
        for r in rules:
            mark = " *(inferred)*" if r.inferred else ""
            out.append(
                f"| {_md(r.title)}: {_md(r.description)} | **{_md(r.display())}**{mark} "
                f"| {_md(r.source.cite(quotes=True))} |"
            )
    return "\n".join(out) + "\n"


def rules_data(profile: Profile) -> dict[str, Any]:
    """The rules as plain data (what ``--format json`` prints)."""
    return {
        "id": profile.id,
        "variants": list(profile.variants),
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
                "source": r.source.data(),
                "inferred": r.inferred,
            }
            for r in profile.rules
        ],
    }


def rules_json(profile: Profile) -> str:
    return json.dumps(rules_data(profile), indent=2, ensure_ascii=False) + "\n"
