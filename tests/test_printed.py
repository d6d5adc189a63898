"""What ``gleek rules`` prints is what the engine charges, for every profile and every
combination of variants: each printed amount is read back from the printed text and held
against the payments of literal deals played under that profile."""

from __future__ import annotations

import itertools
import re

import pytest

import gleek
from gleek.rulesdoc import rules_text, unchanged_by
from tests.helpers import deal, flipped, play_first_legal, run

#: No variant, each variant alone, every pair of variants, and all of them in order.
COMBOS = [
    (),
    *itertools.combinations(gleek.list_variants(), 1),
    *itertools.combinations(gleek.list_variants(), 2),
    gleek.list_variants(),
]
LINE = re.compile(
    r"^(?P<title>[^ \n][^:\n]*): (?P<value>.+?) \[(stated|inferred|doubtful|not applicable)\]$",
    re.M,
)


def printed(profile: gleek.Profile) -> dict[str, str]:
    """Rule path -> the value as printed (before any words in brackets)."""
    by_title = {r.title: r.path for r in profile.rules}
    assert len(by_title) == len(profile.rules)
    out = {}
    for m in LINE.finditer(rules_text(profile)):
        out[by_title[m["title"]]] = m["value"].split(" (")[0]
    assert set(out) == set(by_title.values())
    return out


def number(text: str) -> int:
    return 0 if text in ("-", "none") else int(text)


def paid_to(state: gleek.State, seat: int, reason: str) -> list[int]:
    return sorted(p.amount for p in state.payments if p.payee == seat and p.reason == reason)


def each(amount: int) -> list[int]:
    """What one player is paid by each opponent: nothing, or the amount twice."""
    return [amount, amount] if amount else []


def check(profile: gleek.Profile) -> None:
    values = printed(profile)
    # the turn-up: the dealer (seat 2) is paid by each opponent
    for card, name in (("4H", "tiddy"), ("5H", "towser"), ("6H", "tumbler")):
        s = deal(profile, {}, card)
        assert paid_to(s, 2, "turn-up") == each(number(values[f"turn_up.{name}"])), (card, name)
    # held small trumps and the sets: the middle hand (seat 1) holds them; eldest buys
    opening = number(values["stock.opening_bid"])
    raise_ = number(values["stock.increment"])
    for card, name in (("4H", "tiddy"), ("5H", "towser"), ("6H", "tumbler")):
        s = deal(profile, {1: f"{card} AS AC AD KS KC KD KH"}, "7H")
        assert [str(a) for a in gleek.legal_actions(s) if str(a).startswith("bid")] == [
            f"bid {opening}"
        ]
        s = run(s, [f"bid {opening}"])
        assert f"bid {opening + raise_}" in [str(a) for a in gleek.legal_actions(s)]
        over = play_first_legal(run(s, ["pass", "pass"]))
        held = number(values[f"small_trumps.{name}"])
        assert paid_to(over, 1, name) == each(held), name
        sets = {
            (p.set_kind, str(p.rank)) for p in over.payments if p.payee == 1 and p.reason == "set"
        }
        assert sets == {("gleek", "A"), ("mournival", "K")}
        for kind, rank, path in (
            ("gleek", "A", "sets.gleek"),
            ("mournival", "K", "sets.mournival"),
        ):
            want = int(dict(x.split() for x in values[path].split(", "))[rank])
            got = [
                p.amount
                for p in over.payments
                if p.payee == 1 and p.set_kind == kind and str(p.rank) == rank
            ]
            assert got == [want, want], (kind, rank)
        # nobody vied (the first legal word is a wait): what the next deal opens at
        out = gleek.outcome(over)
        assert not out.ruff.vied
        stake = number(values["ruff.stake"])
        assert s.ruff_stake == stake
        carried = {"carry-fixed": number(values["ruff.carried_stake"]), "show": stake}
        assert out.ruff_stake == carried.get(values["ruff.no_vie"], 2 * stake)
        # tricks and honours: every trump honour not laid out by the buyer is in play
        points = number(values["tricks.trick_points"])
        honours = dict(x.split() for x in values["tricks.honours"].split(", "))
        laid_out = {str(c) for c in over.discards}
        in_play = sum(int(v) for r, v in honours.items() if f"{r}H" not in laid_out)
        assert sum(out.points) == 12 * points + in_play
        # par: each player pays its shortfall into the pot or takes its excess from it
        par = number(values["scoring.par"])
        for seat in range(3):
            net = sum(
                p.amount if p.payee == seat else -p.amount
                for p in over.payments
                if p.reason == "settlement" and seat in (p.payer, p.payee)
            )
            assert net == out.points[seat] - par, seat


@pytest.mark.parametrize("pid", gleek.list_profiles())
def test_every_printed_amount_is_what_the_engine_charges(pid: str) -> None:
    for combo in COMBOS:
        check(gleek.load_profile(pid, combo))


def test_towser_tumbler_changes_nothing_under_cotton_and_says_so() -> None:
    cotton = gleek.load_profile("cotton")
    both = gleek.load_profile("cotton", ["towser-tumbler"])
    assert [r.value for r in both.rules] == [r.value for r in cotton.rules]
    assert [r.source for r in both.rules] == [r.source for r in cotton.rules]
    assert unchanged_by(both) == ("towser-tumbler",) and unchanged_by(cotton) == ()
    assert printed(both)["turn_up.towser"] == "10" and printed(both)["turn_up.tumbler"] == "12"
    assert "towser-tumbler changes nothing here" in rules_text(both)
    # elsewhere it applies, and says nothing of the kind
    parlett = gleek.load_profile("parlett", ["towser-tumbler"])
    assert printed(parlett)["turn_up.towser"] == "5" and unchanged_by(parlett) == ()
    assert unchanged_by(gleek.load_profile(gleek.profile.profiles_dir() / "parlett.yaml")) == ()
    # a variant file of one's own, given by path, is not looked up among the shipped ones
    assert unchanged_by(flipped("direct")) == ()


def test_markdown_and_json_say_which_variant_changes_nothing() -> None:
    import json

    from gleek.rulesdoc import rules_json, rules_markdown

    both = gleek.load_profile("cotton", ["towser-tumbler", "play-high"])
    assert "The variant towser-tumbler changes nothing here" in rules_markdown(both)
    data = json.loads(rules_json(both))
    assert data["variants"] == ["towser-tumbler", "play-high"]
    assert data["variants_unchanged"] == ["towser-tumbler"]
    assert "The variant" not in rules_markdown(gleek.load_profile("cotton"))
