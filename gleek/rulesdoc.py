"""The complete rules of a profile as a readable reference, generated from the profile data.

Every value says how sure it is (``stated`` by its source, ``inferred`` by the project where the
source is silent, ``doubtful``: a reading with a stated doubt, or ``not applicable``: the rule
does not arise under the profile), and a value whose number means
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
from collections.abc import Callable, Mapping
from itertools import groupby
from typing import Any, Final

import attrs

from gleek.errors import ProfileError
from gleek.i18n import N_, get_language
from gleek.i18n import gettext as _
from gleek.profile import Profile, RuleValue, load_variant

__all__ = [
    "TABLE_STAGES",
    "TableStage",
    "certainty_rst",
    "in_words",
    "markdown_text",
    "rules_data",
    "rules_json",
    "rules_markdown",
    "rules_rst",
    "rules_text",
    "unchanged_by",
    "with_words",
]


def _groups(
    profile: Profile, key: Callable[[RuleValue], str] = lambda r: r.group
) -> list[tuple[str, list[RuleValue]]]:
    """The rules grouped by ``key`` (default: their group's title), in the profile's order."""
    return [(g, list(rs)) for g, rs in groupby(profile.rules, key=key)]


def in_words(profile: Profile, path: str) -> str | None:
    """The value of the rule at ``path`` in words, where the bare value would read alike in
    profiles that mean different things by it (Cotton's stake of 4 after a deal nobody vied is
    his usual stake; Parlett's is a raised stake for one deal); None where the value says it all.
    """
    ruff = profile.ruff
    if path == "ruff.carried_stake":
        if ruff.no_vie == "carry-double":
            return _("none: the opening stake doubles instead")
        if ruff.no_vie == "show":
            return _("none: nothing carries to the next deal")
        if ruff.carried_stake == ruff.stake:
            return _("the usual opening stake: nothing carries to the next deal")
        return _(
            "for the next deal only, after a deal nobody vied; the usual stake is {stake}"
        ).format(stake=ruff.stake)
    if path == "ruff.no_vie":
        double = _(" (unless the youngest hand doubles it)") if ruff.youngest_doubles else ""
        if ruff.no_vie == "show":
            return _("the hands are shown at once and the best ruff takes the antes")
        if ruff.no_vie == "carry-double":
            return _(
                "the next deal's opening stake doubles after each deal nobody vied, and is "
                "{stake} again after a contested ruff"
            ).format(stake=ruff.stake)
        if ruff.carried_stake == ruff.stake:
            return _("no ruff this deal; the next deal opens at the usual {stake}{double}").format(
                stake=ruff.stake, double=double
            )
        return _(
            "no ruff this deal; the next deal only opens at {carried} instead of {stake}{double}"
        ).format(carried=ruff.carried_stake, stake=ruff.stake, double=double)
    if path == "ruff.stake":
        if ruff.model == "pool":
            return _("each player's ante into the pool, before anyone speaks")
        return _("the stake of a vie, before any revie")
    if path in ("turn_up.towser", "turn_up.tumbler") and profile.turn_up.double_when_turned:
        name = path.split(".")[1]
        held = getattr(profile.small_trumps, name)
        return _("twice the {held} for holding it").format(held=held)
    return None


def with_words(r: RuleValue, words: str | None) -> str:
    """The rule's value as shown, followed by ``words`` (its :func:`in_words`) where given."""
    return f"{r.display()} ({words})" if words else r.display()


def certainty_rst(r: RuleValue) -> str:
    """`` (stated)``, `` (doubtful)`` or `` (not applicable)`` after a value in the docs, or
    `` (inferred)`` linked to its section of "Where the sources are silent"."""
    if r.source.inferred is not None:
        return f" (:ref:`{_(CERTAINTY_WORDS['inferred'])} <silent-{r.source.silent}>`)"
    return f" ({_(CERTAINTY_WORDS[r.certainty])})"


def _value(profile: Profile, r: RuleValue) -> str:
    return with_words(r, in_words(profile, r.path))


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
    """The profile's title (in the language gleek speaks where the profile gives it one) and
    its other titles."""
    title = profile.titles.get(get_language(), profile.title)
    lines = [title + (f" + {', '.join(profile.variants)}" if profile.variants else "")]
    for lang, title in profile.titles.items():
        lines.append(f"  ({lang}) {title}")
    return lines


def _variant_notes(profile: Profile) -> list[str]:
    return [
        _(
            "The variant {variant} changes nothing here: this profile already has what it adds."
        ).format(variant=vid)
        for vid in unchanged_by(profile)
    ]


LEGEND = N_(
    "Each value is stated (its source says it), inferred (the source is silent: the project "
    "decides, and says why), doubtful (a reading of words that can be read another way) or not "
    "applicable (the rule does not arise under this profile)."
)

#: How sure a value is, as the text says it (the data keeps the English word: a contract).
CERTAINTY_WORDS: Final[Mapping[str, str]] = {
    "stated": N_("stated"),
    "inferred": N_("inferred"),
    "doubtful": N_("doubtful"),
    "house rule": N_("house rule"),
    "not applicable": N_("not applicable"),
}


def rules_text(profile: Profile) -> str:
    """Plain text: each group, each rule with its value (in words where it needs them), how sure
    it is, what it means, its source and any note of inference or doubt."""
    out = _heading(profile)
    out.append("=" * len(out[0]))
    out.append(
        f"id: {profile.id}"
        + (
            _(" (aliases: {aliases})").format(aliases=", ".join(profile.aliases))
            if profile.aliases
            else ""
        )
    )
    out.append(_(profile.summary))
    out += _variant_notes(profile)
    out.append(_(LEGEND))
    for group, rules in _groups(profile):
        title = _(group)
        out += ["", title, "-" * len(title)]
        for r in rules:
            sure = _(CERTAINTY_WORDS[r.certainty])
            line = _("{rule}: {value} [{certainty}]")
            out.append(line.format(rule=_(r.title), value=_value(profile, r), certainty=sure))
            out.append(f"    {_(r.description)}")
            out.append("    " + _("source: {citation}").format(citation=r.source.cite(quotes=True)))
    return "\n".join(out) + "\n"


_MD_SPECIAL = frozenset("\\`*_[]()<>#|!~&")


def markdown_text(text: str) -> str:
    """``text`` as plain text in Markdown: one line, every character that Markdown or HTML
    would act on escaped (no link, tag, heading, emphasis or table cell can come from a
    profile's text).

    >>> markdown_text("<b>x</b> [a](javascript:x) | *y*")
    '\\\\<b\\\\>x\\\\</b\\\\> \\\\[a\\\\]\\\\(javascript:x\\\\) \\\\| \\\\*y\\\\*'
    """
    one_line = " ".join(text.splitlines())
    return "".join(f"\\{c}" if c in _MD_SPECIAL else c for c in one_line)


def rules_markdown(profile: Profile) -> str:
    """Markdown: a table per group with value, certainty and source columns."""
    head = _heading(profile)
    out = [f"# {markdown_text(head[0])}", ""]
    out += [f"*{markdown_text(line.strip())}*" for line in head[1:]]
    aliases = ", ".join(markdown_text(a) for a in profile.aliases)
    out += [
        markdown_text(profile.id)
        + (_(" (aliases: {aliases})").format(aliases=aliases) if profile.aliases else ""),
        "",
        markdown_text(_(profile.summary)),
    ]
    notes = _variant_notes(profile)
    if notes:
        out += ["", *notes]
    out += ["", _(LEGEND)]
    columns = (_("Rule"), _("Value"), _("How sure"), _("Source"))
    for group, rules in _groups(profile):
        out += [
            "",
            f"## {markdown_text(_(group))}",
            "",
            "| " + " | ".join(markdown_text(c) for c in columns) + " |",
            "|---|---|---|---|",
        ]
        for r in rules:
            rule = _("{rule}: {description}").format(rule=_(r.title), description=_(r.description))
            out.append(
                f"| {markdown_text(rule)} "
                f"| **{markdown_text(_value(profile, r))}** "
                f"| {markdown_text(_(CERTAINTY_WORDS[r.certainty]))} "
                f"| {markdown_text(r.source.cite(quotes=True))} |"
            )
    return "\n".join(out) + "\n"


def rules_data(profile: Profile) -> dict[str, Any]:
    """The rules as plain data (what ``--format json`` prints): each rule's ``certainty``
    (stated, inferred, doubtful, not applicable), its ``notes`` and, where it needs them, its
    value ``in_words``. The keys, ids, paths, values and certainties are the same in every
    language (a contract); the texts (titles, descriptions, the summary, the notes, the words
    of a value) are in the language gleek speaks, the quotes in their source's."""
    return {
        "id": profile.id,
        "variants": list(profile.variants),
        "variants_unchanged": list(unchanged_by(profile)),
        "title": profile.title,
        "titles": dict(profile.titles),
        "aliases": list(profile.aliases),
        "summary": _(profile.summary),
        "rules": [
            {
                "path": r.path,
                "group": _(r.group),
                "title": _(r.title),
                "description": _(r.description),
                "value": r.value,
                "in_words": in_words(profile, r.path),
                "certainty": r.certainty,
                "notes": list(r.source.notes()),
                "source": r.source_data(),
                "inferred": r.inferred,
            }
            for r in profile.rules
        ],
    }


def rules_json(profile: Profile) -> str:
    return json.dumps(rules_data(profile), indent=2, ensure_ascii=False) + "\n"


@attrs.frozen
class TableStage:
    """One stage of a deal as the rules page for the table tells it: its heading, the rule groups
    it gathers (the first part of a rule's path, in order), the picture shown with it (a key of
    the ``pictures`` given to :func:`rules_rst`) and what happens in it under every profile."""

    heading: str
    groups: tuple[str, ...]
    picture: str | None
    intro: str
    caption: str = ""
    # (the texts are messages, N_: rules_rst says them in the language gleek speaks)


#: The stages of a deal in the order they come at the table. A group of rules that no stage
#: names (a group added to the schema later) is still shown, after the last stage, under its own
#: title.
TABLE_STAGES: Final = (
    TableStage(
        N_("Before the first deal"),
        ("session",),
        None,
        N_(
            "Three players, 44 cards (no 2s or 3s), Ace high in every suit. Each starts with a "
            "purse of chips and there is a pot in the middle; the deal passes to the left."
        ),
    ),
    TableStage(
        N_("1. The deal and the turn-up"),
        ("deal", "turn_up"),
        "dealt",
        N_(
            "The dealer deals twelve cards to each player, turns up the next card, whose suit is "
            "trumps for the deal, and lays the last seven face down: the stock."
        ),
        N_("Dealt: the turn-up, the stock face down, the auction about to open."),
    ),
    TableStage(
        N_("2. Buying the stock"),
        ("stock",),
        "discard",
        N_(
            "Eldest hand opens the bidding for the stock; in turn each player raises or passes "
            "until one is left. The buyer pays the price to the other two, discards seven cards "
            "face down and takes the stock."
        ),
        N_("The buyer has paid and is discarding."),
    ),
    TableStage(
        N_("3. The ruff"),
        ("ruff",),
        "ruff",
        N_(
            "The players vie for the ruff: the most in one suit, counted by the card values "
            "below. Who speaks first, the stakes, and who pays whom are set by the rules below."
        ),
        N_("The stock taken; the players vie for the ruff."),
    ),
    TableStage(
        N_("4. Gleeks and mournivals"),
        ("sets",),
        None,
        N_(
            "Three Aces, Kings, Queens or Jacks in one hand are a gleek, all four a mournival; the "
            "holder is paid for each by each opponent."
        ),
    ),
    TableStage(
        N_("5. The tricks"),
        ("small_trumps", "tricks"),
        "play",
        N_(
            "Twelve tricks are played: follow suit if you can; the highest trump, or else the "
            "highest card of the suit led, wins the trick, and its winner leads to the next. "
            "Tricks and the honours of trumps score points; the small trumps pay chips."
        ),
        N_("In play: the trick on the table, tricks and points so far."),
    ),
    TableStage(
        N_("6. Settling up"),
        ("scoring",),
        "over",
        N_(
            "After the last trick each player's points are compared with par, and the difference "
            "is settled in chips."
        ),
        N_("The deal is over: the last trick and the settlement."),
    ),
)


def _rst(text: object) -> str:
    """Plain text made safe as inline reStructuredText."""
    out = " ".join(str(text).split())
    for char in "\\*`|_":
        out = out.replace(char, "\\" + char)
    return out


def _rule_rst(rule: RuleValue) -> list[str]:
    mark = certainty_rst(rule)
    title, description = _rst(_(rule.title)), _rst(_(rule.description))
    return [
        f"* **{title}: {_rst(rule.display())}**{mark}. {description}",
        "",
        f"  *{_rst(rule.source.cite(quotes=True))}* (``{rule.path}``)",
        "",
    ]


def _heading_rst(text: str, underline: str) -> list[str]:
    return [text, underline * len(text), ""]


def rules_rst(profile: Profile, pictures: Mapping[str, str] | None = None) -> str:
    """The rules of a profile as a page a player can follow at the table (reStructuredText, for
    the documentation): the stages of a deal in order (:data:`TABLE_STAGES`), each with what
    happens in it, its rules with their values and sources, and its picture where ``pictures``
    maps the stage's picture key to an image path.

    >>> from gleek.profile import load_profile
    >>> page = rules_rst(load_profile("pi"))
    >>> page.index("2. Buying the stock") < page.index("**Opening bid: 10**")
    True
    """
    pictures = pictures or {}
    title = profile.titles.get(get_language(), profile.title)
    lines = _heading_rst(f"{title} (``{profile.id}``)", "=")
    for lang, title in profile.titles.items():
        lines += [f"*{_rst(lang)}:* {_rst(title)}", ""]
    if profile.aliases:
        aliases = ", ".join(f"``{a}``" for a in profile.aliases)
        lines += [_("Aliases: {aliases}").format(aliases=aliases), ""]
    lines += [
        _rst(_(profile.summary)),
        "",
        _(
            "The rules in the order a deal is played, each with its value and the source it "
            "rests on, and how sure it is: *stated* by the source, *inferred* (the project's own "
            "reading where the sources are silent), *doubtful* (a reading of words that can be "
            "read another way, the doubt given with the source) or *not applicable* (the rule "
            "does not arise under this profile); see {citations}."
        ).format(citations=":ref:`citations`"),
        "",
    ]
    by_group = dict(_groups(profile, key=lambda r: r.path.split(".")[0]))
    placed: set[str] = set()
    for stage in TABLE_STAGES:
        rules = [r for g in stage.groups for r in by_group.get(g, [])]
        placed.update(stage.groups)
        lines += _heading_rst(_(stage.heading), "-")
        lines += [_(stage.intro), ""]
        picture = pictures.get(stage.picture) if stage.picture else None
        if picture is not None:
            caption = _(stage.caption)
            lines += [f".. figure:: {picture}", "   :width: 600px", "", f"   {caption}", ""]
        for rule in rules:
            lines += _rule_rst(rule)
    for key, rules in by_group.items():
        if key not in placed:
            lines += _heading_rst(_rst(_(rules[0].group)), "-")
            for rule in rules:
                lines += _rule_rst(rule)
    return "\n".join(lines)
