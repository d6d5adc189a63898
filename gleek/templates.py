"""Files to fill in by hand: a variant of house rules (``gleek new variant``) and a record of
deals (``gleek new record``), each commented line by line and valid as written.

>>> import gleek
>>> text = variant_template("club-14", gleek.load_profile("parlett"))
>>> print(text.splitlines()[0])
# club-14: house rules on top of Parlett's reconstruction (parlett).
>>> import pathlib, tempfile
>>> f = pathlib.Path(tempfile.mkdtemp()) / "club-14.yaml"
>>> _ = f.write_text(text, encoding="utf-8")
>>> gleek.load_profile("parlett", [f]).stock.opening_bid   # as written, it changes nothing yet
12
"""

from __future__ import annotations

import json
import re
import textwrap
from collections.abc import Sequence
from typing import Any, Final

import yaml

from gleek._args import check_names, check_type, is_player_name, player_name
from gleek.errors import ArgumentError
from gleek.i18n import gettext as _
from gleek.profile_model import Profile
from gleek.rulesdoc import CERTAINTY_WORDS
from gleek.schemacheck import load_schema

__all__ = ["RECORD_KEYS", "record_template", "variant_template"]

_ID: Final = re.compile(r"[a-z][a-z0-9-]{0,39}")


def _flow(value: Any) -> str:
    """A rule's value as one line of YAML (``12``, ``[A, K]``, ``{A: 15, K: 3}``, ``null``)."""
    text: str = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10**6)
    return text.removesuffix("\n...\n").strip()


def variant_template(name: str, profile: Profile) -> str:
    """A variant file named ``name`` of house rules on top of ``profile``: every rule of the
    profile, commented, with its current value, ready to be uncommented and changed. The first
    rule is written out, unchanged, so that the file is a valid variant as it is; a value you
    change takes ``source: {house: WHY}``, your own reason (or a source's words, with ``ref``,
    ``at`` and ``quote``: see the profile schema in the docs)."""
    check_type("name", name, str, "a variant id (lower-case letters, digits and dashes)")
    if not _ID.fullmatch(name):
        raise ArgumentError(
            f"name: {name[:40]!r} is not a variant id: lower-case letters, digits and dashes, "
            "starting with a letter, at most 40 characters (as club-14)"
        )
    check_type("profile", profile, Profile, "a Profile (gleek.load_profile)")
    about_file = _(
        "A variant changes only the rules it sets. Uncomment a rule below and change its value; "
        "say why in its source: house: WHY is a rule of your own, which no source gives (ref, at "
        "and quote instead cite a source's words). Check it with:"
    )
    lines = [
        "# "
        + _("{name}: house rules on top of {title} ({id}).").format(
            name=name, title=profile.title, id=profile.id
        ),
        *textwrap.wrap(about_file, 96, initial_indent="# ", subsequent_indent="# "),
        f"#     gleek rules {profile.id} --variant {name}.yaml",
        f"#     gleek compare {profile.id} --variant {name}.yaml --all",
        f"id: {name}",
        "title: " + _flow(_("{name} (house rules)").format(name=name)),
        "summary: >-",
        "  " + _("Say in a sentence what this variant changes, and why."),
        "set:",
    ]
    why = json.dumps(_("say why your table plays it so"), ensure_ascii=False)
    for i, rule in enumerate(profile.rules):
        about = f"{_(rule.title)} ({rule.path}): {_(rule.description)}"
        lines += textwrap.wrap(about, 96, initial_indent="  # ", subsequent_indent="  #   ")
        says = _("{profile} says: {value} [{certainty}]").format(
            profile=profile.id, value=rule.display(), certainty=_(CERTAINTY_WORDS[rule.certainty])
        )
        lines.append(f"  #   {says}")
        block = [
            f"{rule.path}:",
            f"  value: {_flow(rule.value)}",
            f"  source: {{house: {why}}}",
        ]
        prefix = "  " if i == 0 else "  # "
        lines += [prefix + b for b in block]
    return "\n".join(lines) + "\n"


#: Every key of a record and of a deal that the template writes, in the format's order.
RECORD_KEYS: Final = (
    "format",
    "profile",
    "variants",
    "players",
    "chips",
    "pot",
    "ruff_stake",
    "deals",
)

_DEAL_KEYS: Final = (
    "dealer",
    "hands",
    "turn_up",
    "stock",
    "deck",
    "auction",
    "discard",
    "ruff",
    "claims",
    "tricks",
    "result",
)


def record_template(profile: Profile, players: Sequence[str]) -> str:
    """A record of one deal under ``profile`` for ``players`` (three names, in clockwise order
    from the first dealer), every key of the format commented, to be filled in by hand: the
    cards as dealt, the auction, the discards, the ruff, the claims and the tricks. As written
    it reads but is not yet valid (no cards): ``gleek validate`` says what to fill in next."""
    check_type("profile", profile, Profile, "a Profile (gleek.load_profile)")
    names = list(check_names("players", players))
    for i, n in enumerate(names):  # as a record may name them, so that it validates
        if not is_player_name(n):
            raise ArgumentError(
                f"players[{i}] must be a name of 1 to 64 characters, not 'pot', with no control "
                f"character, not {n!r:.80}"
            )
    if len({player_name(n) for n in names}) != 3:
        raise ArgumentError(f"players must be 3 different names, not {names!r:.120}")
    schema = load_schema("record")
    deal_keys = tuple(schema["$defs"]["deal"]["properties"])
    if set(deal_keys) != set(_DEAL_KEYS) or set(schema["properties"]) != set(RECORD_KEYS):
        raise AssertionError("the template lags the record format")  # pragma: no cover
    a, b, c = (_flow(n) for n in names)
    stake = profile.ruff.stake
    chips = profile.session.starting_chips
    variants = _flow(list(profile.variants))
    head = _(
        "A record of Gleek under {title} ({name}): fill in the deal as it was played, then check "
        "it with: gleek validate FILE (it says the first thing to mend)."
    ).format(title=profile.title, name=profile.name)
    cards = _("Cards: rank A K Q J 10 9 8 7 6 5 4 (T for 10), suit S H D C: AS, 10H, TH, 4C.")
    note = {  # each key's comment, after its value
        "players": _("clockwise; the deal passes to the left"),
        "chips": _("before the first deal"),
        "pot": _("chips in the pot before the first deal"),
        "ruff_stake": _("the first deal's opening stake for the ruff"),
        "hands": _("the 12 cards each was dealt, before the exchange"),
        "turn_up": _("the card turned up (its suit is trumps)"),
        "stock": _("the 7 cards left face down"),
        "deck": _("or, for hands, turn_up and stock: 44 cards, top first"),
        "auction": _("in turn order from eldest: a bid (a number) or pass"),
        "discard": _("the buyer's 7 cards laid out"),
        "ruff": _("in turn order: wait, vie, pass, see, revie (or double)"),
        "claims": _("optional: gleek-A, mournival-K, tiddy... by player"),
        "tricks": _("12 tricks, each the 3 cards in the order played"),
        "result": _("optional: what the table wrote down, checked"),
    }

    def said(line: str, key: str) -> str:
        return f"{line:<29}# {note[key]}" if len(line) < 29 else f"{line}   # {note[key]}"

    lines = [
        *textwrap.wrap(head, 96, initial_indent="# ", subsequent_indent="# "),
        f"# {cards}",
        "format: gleek-record/1",
        f"profile: {profile.id}",
        f"variants: {variants}",
        said(f"players: [{a}, {b}, {c}]", "players"),
        said(f"chips: {{{a}: {chips}, {b}: {chips}, {c}: {chips}}}", "chips"),
        said("pot: 0", "pot"),
        said(f"ruff_stake: {stake}", "ruff_stake"),
        "deals:",
        f"- dealer: {a}",
        said("  hands:", "hands"),
        f"    {b}: []",
        f"    {c}: []",
        f"    {a}: []",
        said("  turn_up:", "turn_up"),
        said("  stock: []", "stock"),
        said("  # deck: []", "deck"),
        said("  auction:", "auction"),
        f"  # - {{{b}: {profile.stock.opening_bid}}}",
        f"  # - {{{c}: pass}}",
        said("  discard: []", "discard"),
        said("  ruff:", "ruff"),
        f"  # - {{{b}: vie}}",
        said("  claims: {}", "claims"),
        said("  tricks:", "tricks"),
        f"  # - [{b}: 7D, {c}: 9D, {a}: 4D]",
        said("  # result:", "result"),
        f"  #   points: {{{a}: 22, {b}: 22, {c}: 22}}",
        f"  #   chips: {{{a}: 0, {b}: 0, {c}: 0, pot: 0}}",
    ]
    return "\n".join(lines) + "\n"
