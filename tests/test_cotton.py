"""Cotton's rules (the ``cotton`` profile) and the parameters any profile can use for them.

Seats: with the dealer at 2, eldest is 0, the middle hand 1 and the youngest (the dealer) 2.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import gleek
from gleek.cards import mask_of
from gleek.profile import profiles_dir
from gleek.record import validate_text
from gleek.record.write import dumps
from gleek.session import DealRecord, Session
from gleek.stages.ruff import revie_stake
from gleek.stages.rules import rules_of
from gleek.stages.sets import sets_held
from gleek.state import Action, Phase
from tests.helpers import deal, deck_for, flipped, play_first_legal, run, to_ruff

COTTON = gleek.load_profile("cotton")
DOCS = Path(__file__).resolve().parent.parent / "docs"


def _profile_with(
    tmp_path: Path, base: str, edits: dict[str, str], variants: tuple[str, ...] = ()
) -> gleek.Profile:
    """The shipped profile ``base`` with some rule values replaced, loaded from a file."""
    text = (profiles_dir() / f"{base}.yaml").read_text("utf-8")
    for rule, value in edits.items():
        text, n = re.subn(rf"(\n    {rule}:\n      value: )[^\n]*", rf"\g<1>{value}", text)
        assert n == 1, rule
    f = tmp_path / f"{base}-edited.yaml"
    f.write_text(text.replace(f"id: {base}", "id: edited"), encoding="utf-8")
    return gleek.load_profile(f, variants)


def _paid(state: gleek.State, reason: str) -> list[tuple[object, object, int]]:
    return [(p.payer, p.payee, p.amount) for p in state.payments if p.reason == reason]


# ---------------------------------------------------------------------------- the profile


def test_cotton_values_and_how_they_are_cited() -> None:
    p = COTTON
    assert (p.stock.opening_bid, p.stock.increment, p.stock.odd_chip) == (12, 1, "eldest")
    assert (p.small_trumps.tiddy, p.small_trumps.towser, p.small_trumps.tumbler) == (4, 5, 6)
    assert p.turn_up.double_when_turned is True
    assert (p.ruff.stake, p.ruff.raise_, p.ruff.losers_pay, p.ruff.nothing_to_say) == (
        4,
        2,
        "how-far",
        1,
    )
    assert p.ruff.late_raise == (8, 2) and p.ruff.youngest_doubles is True
    assert p.sets.forfeit == 2
    cite = p.rule("ruff.nothing_to_say").source.cite(quotes=True)
    assert cite.startswith('Cotton, Compleat Gamester, ch. VII, sentence 8: "if any of the three')
    # where Cotton is silent: Parlett's value, inferred, with its section of the silent page
    lead = p.rule("tricks.first_lead")
    assert lead.inferred and lead.value == gleek.load_profile("parlett").tricks.first_lead
    assert "Where the sources are silent: first-lead" in lead.source.cite()
    # doubtful readings say so
    assert "doubtful:" in p.rule("small_trumps.tiddy").source.cite(quotes=True)


@pytest.mark.parametrize(
    "path",
    [
        "tricks.first_lead",
        "tricks.play_high",
        "tricks.honours_to",
        "scoring.pot",
        "ruff.card_values",
        "ruff.tie_break",
    ],
)
def test_where_cotton_is_silent_parletts_rule_marked_inferred(path: str) -> None:
    """Where Cotton is silent (first lead, follow suit, honours to the player, the settlement's
    pot, the ruff's card values, ties): Parlett's value, marked inferred with its section of the
    silent page."""
    rule = COTTON.rule(path)
    assert rule.value == gleek.load_profile("parlett").rule(path).value
    assert rule.inferred and rule.source.silent


def test_every_silent_key_has_its_section_and_every_section_is_used() -> None:
    page = (DOCS / "silent.rst").read_text("utf-8")
    labels = set(re.findall(r"^\.\. _silent-([a-z0-9-]+):$", page, re.M))
    used = set()
    for pid in gleek.list_profiles():
        for variant in ((), *((v,) for v in gleek.list_variants())):
            for r in gleek.load_profile(pid, variant).rules:
                if r.inferred:
                    assert r.source.silent, r.path
                    used.add(r.source.silent)
    # the rulings of the engine that no profile value holds: the stage that applies each one
    # names its section, so that a reader of the code finds the reasoning
    package = Path(gleek.__file__).parent
    engine = {
        "discarded-tiddy": package / "stages" / "sets.py",
        "pool-pass-waits": package / "stages" / "ruff.py",
        # fixed for every profile: stated by some sources, inferred where one is silent
        "deal-passes-left": package / "stages" / "deal.py",
        "clockwise": package / "stages" / "common.py",
        "tricks-cotton": package / "stages" / "tricks.py",
    }
    for key, module in engine.items():
        assert f"``{key}``" in module.read_text("utf-8"), key
    assert used | set(engine) == labels
    assert not used & set(engine)
    # every section the code points at exists
    pointer = re.compile(r'sources are silent",\s+``([a-z0-9-]+)``')
    for module in package.rglob("*.py"):
        for key in pointer.findall(module.read_text("utf-8")):
            assert key in labels, (module.name, key)


def test_cottons_lapses_are_on_the_silent_page_in_his_words() -> None:
    """The three lapses of play Cotton rules on, which the engine does not model, and the two
    sentences it reads otherwise than word for word (the Ace turned up, the buyer's bating),
    are quoted word for word, each with its sentence of the shipped text."""
    from gleek.sources import cotton_sentences, normalize

    page = (DOCS / "silent.rst").read_text("utf-8")
    section = page.split(".. _cotton-not-modelled:")[1]
    quoted = re.findall(r":ref:`sentence (\d+) <cotton-\1>`\): \"(.+?)\"", section, re.S)
    assert [int(n) for n, _ in quoted] == [7, 8, 19, 2, 4]
    for number, words in quoted:
        assert normalize(words) in normalize(cotton_sentences()[int(number) - 1]), number


def test_no_citation_names_an_input_file(capsys: pytest.CaptureFixture[str]) -> None:
    from gleek.cli import main

    out = ""
    for args in (["rules", "cotton", "--format", "json"], ["compare", "parlett", "cotton"]):
        assert main(args) == 0
        out += capsys.readouterr().out
    for pid in gleek.list_profiles():
        assert main(["rules", pid]) == 0
        out += capsys.readouterr().out
    assert "Cotton, Compleat Gamester, ch. VII" in out and '"ref": "cotton"' in out
    assert not re.search(r"rulings\.md|_[0-9a-f]{16}\.txt|seed 00\d", out)
    # nor do the example records' comments, nor the docstrings of the API reference
    root = Path(__file__).resolve().parent.parent
    texts = [f.read_text("utf-8") for f in sorted((root / "examples").glob("*.yaml"))]
    texts += [f.read_text("utf-8") for f in sorted((root / "gleek").rglob("*.py"))]
    for text in texts:
        comments = "\n".join(re.findall(r"^\s*#.*$|\"\"\"[\s\S]*?\"\"\"", text, re.M))
        assert not re.search(r"rulings|_[0-9a-f]{16}|seed 00\d|seed \d{3}'s|\bS[0-4]\b", comments)


# ---------------------------------------------------------------------------- the stock


def test_odd_chip_to_eldest_or_to_the_box_when_eldest_buys() -> None:
    s = run(deal(COTTON, {}, "7H"), ["bid 12", "bid 13", "pass", "pass"])  # the middle buys
    assert _paid(s, "stock") == [(1, 2, 6), (1, 0, 6), (1, 0, 1)]
    s = run(deal(COTTON, {}, "7H"), ["bid 12", "bid 13", "bid 14", "bid 15", "pass", "pass"])
    assert _paid(s, "stock") == [(0, 1, 7), (0, 2, 7), (0, "pot", 1)]
    parlett = run(deal("parlett", {}, "7H"), ["bid 12", "bid 13", "pass", "pass"])
    assert _paid(parlett, "stock")[-1] == (1, "pot", 1)


# ---------------------------------------------------------------------------- the turn-up


@pytest.mark.parametrize(("turn_up", "amount"), [("5H", 10), ("6H", 12), ("4H", 4)])
def test_turned_towser_and_tumbler_pay_double(turn_up: str, amount: int) -> None:
    assert _paid(deal(COTTON, {}, turn_up), "turn-up") == [(0, 2, amount), (1, 2, amount)]


@pytest.mark.parametrize(("turn_up", "points"), [("AH", 15), ("JH", 9), ("KH", 3), ("QH", 3)])
def test_a_turned_tib_tom_king_or_queen_scores_for_the_dealer(turn_up: str, points: int) -> None:
    """Cotton: a turned honour is the dealer's: its points count for the dealer at once."""
    s = run(to_ruff(deal(COTTON, {}, turn_up)), ["wait", "wait", "wait"])
    assert s.points == (0, 0, points)


def test_held_tiddy_towser_and_tumbler_pay_4_5_and_6() -> None:
    """Cotton: "Tiddy is four, ... which if in hand Towser is five and Tumbler six", from
    each opponent to the holder after the exchange (here the middle hand holds all three)."""
    s = run(to_ruff(deal(COTTON, {1: "4H 5H 6H"}, "7H")), ["wait", "wait", "wait"])
    assert [_paid(s, r) for r in ("tiddy", "towser", "tumbler")] == [
        [(2, 1, 4), (0, 1, 4)],
        [(2, 1, 5), (0, 1, 5)],
        [(2, 1, 6), (0, 1, 6)],
    ]


def test_double_when_turned_on_another_profile(tmp_path: Path) -> None:
    with_tt = _profile_with(
        tmp_path, "parlett", {"double_when_turned": "true"}, ("towser-tumbler",)
    )
    assert _paid(deal(with_tt, {}, "5H"), "turn-up") == [(0, 2, 10), (1, 2, 10)]
    plain = gleek.load_profile("parlett", ["towser-tumbler"])
    assert _paid(deal(plain, {}, "5H"), "turn-up") == [(0, 2, 5), (1, 2, 5)]


# ---------------------------------------------------------------------------- the ruff

BIG_SPADES = {2: "AS KS QS JS 10S 9S"}  # the dealer's ruff of 60 beats anything else dealt


def test_ruff_paid_by_how_far_each_went() -> None:
    """Cotton's example: eldest vies, the middle sees, the third sees and revies, eldest sees
    the revie, the middle will not meddle: 6 from the one who held out, 4 from the other."""
    s = to_ruff(deal(COTTON, BIG_SPADES, "7H"))
    s = run(s, ["vie", "see", "revie", "see", "pass"])
    assert s.phase is Phase.PLAY
    assert sorted(_paid(s, "ruff")) == [(0, 2, 6), (1, 2, 4)]
    # the same words under Parlett: the middle owes the stake when it passed
    p = run(to_ruff(deal("parlett", BIG_SPADES, "7H")), ["vie", "see", "revie", "see", "pass"])
    assert sorted(_paid(p, "ruff")) == [(0, 2, 4), (1, 2, 4)]


def test_nothing_to_say_pays_one() -> None:
    s = run(to_ruff(deal(COTTON, BIG_SPADES, "7H")), ["vie", "pass", "pass"])
    assert sorted(_paid(s, "ruff")) == [(1, 0, 1), (2, 0, 1)]
    # a player who waited, then passed after the vie, had nothing to say either
    s = run(to_ruff(deal(COTTON, BIG_SPADES, "7H")), ["wait", "vie", "see", "pass"])
    assert sorted(_paid(s, "ruff")) == [(0, 2, 1), (1, 2, 4)]


def test_nothing_to_say_of_0_makes_no_payment() -> None:
    """With ``nothing_to_say: 0`` (the fixture profile) a loser who never vied or saw pays
    nothing, and the deal records no 0-chip payment for it: only the one who saw pays."""
    p = flipped("cotton")
    assert p.ruff.nothing_to_say == 0
    s = run(to_ruff(deal(p, BIG_SPADES, "7H")), ["vie", "pass", "pass"])
    assert s.phase is Phase.PLAY and _paid(s, "ruff") == []
    s = run(to_ruff(deal(p, BIG_SPADES, "7H")), ["wait", "vie", "see", "pass"])
    assert _paid(s, "ruff") == [(1, 2, 4)]
    assert all(pay.amount > 0 for pay in play_first_legal(s).payments)


def test_who_sees_pays_the_stake_even_when_nothing_to_say_is_more(tmp_path: Path) -> None:
    """How-far payment with a ``nothing_to_say`` above the stake (9 against Cotton's stake of
    4): the one who said nothing pays 9, the one who saw the vie pays the stake, 4."""
    p = _profile_with(tmp_path, "cotton", {"nothing_to_say": "9"})
    s = run(to_ruff(deal(p, {1: "AS KS QS JS 10S 9S"}, "7H")), ["wait", "vie", "pass", "see"])
    assert s.ruff_winner == 1 and s.phase is Phase.PLAY
    assert sorted(_paid(s, "ruff")) == [(0, 1, 4), (2, 1, 9)]


def test_revies_count_two_at_a_time_from_eight(tmp_path: Path) -> None:
    assert [revie_stake(rules_of(COTTON), s) for s in (4, 6, 8, 10)] == [6, 8, 10, 12]
    p = _profile_with(tmp_path, "parlett", {"raise": "4", "late_raise": "{from: 8, raise: 2}"})
    stakes = []
    s = to_ruff(deal(p, BIG_SPADES, "7H"))
    for word in ["vie", "revie", "revie", "revie", "revie"]:
        s = run(s, [word])
        stakes.append(s.ruff_stake)
    assert stakes == [2, 6, 8, 10, 12]


def test_youngest_may_double_a_ruff_nobody_vied() -> None:
    s = run(to_ruff(deal(COTTON, {}, "7H")), ["wait", "wait"])
    assert s.to_act == 2
    assert Action.parse("double") in gleek.legal_actions(s)
    s = run(s, ["double"])
    assert s.phase is Phase.PLAY and _paid(s, "ruff") == []
    o = gleek.outcome(play_first_legal(s))
    assert o.ruff_stake == 8 and o.ruff.winner is None and not o.ruff.vied
    # the doubled ruff is played for in the next deal only
    nxt = run(to_ruff(deal(COTTON, {}, "7H", ruff_stake=8)), ["wait", "wait", "wait"])
    assert gleek.outcome(play_first_legal(nxt)).ruff_stake == 4
    # only the third to speak, and only where the profile allows it
    first = to_ruff(deal(COTTON, {}, "7H"))
    assert Action.parse("double") not in gleek.legal_actions(first)
    with pytest.raises(gleek.IllegalAction, match="only wait or vie"):
        gleek.apply(first, Action.parse("double"))
    parlett = run(to_ruff(deal("parlett", {}, "7H")), ["wait", "wait"])
    assert Action.parse("double") not in gleek.legal_actions(parlett)


@pytest.mark.parametrize(
    ("edits", "message"),
    [
        ({"youngest_doubles": "true"}, "ruff.youngest_doubles applies to the direct model only"),
        (
            {"losers_pay": "how-far", "nothing_to_say": "1"},
            "ruff.losers_pay applies to the direct model only",
        ),
        ({"late_raise": "{from: 8, raise: 2}"}, "ruff.late_raise applies to the direct model"),
    ],
)
def test_cotton_ruff_rules_need_the_direct_model(
    tmp_path: Path, edits: dict[str, str], message: str
) -> None:
    with pytest.raises(gleek.ProfileError, match=message) as info:
        _profile_with(tmp_path, "publications-international", edits)
    assert info.value.line is not None


def test_how_far_needs_the_nothing_to_say_amount(tmp_path: Path) -> None:
    with pytest.raises(gleek.ProfileError, match="nothing_to_say must be a whole number"):
        _profile_with(tmp_path, "parlett", {"losers_pay": "how-far"})


# ---------------------------------------------------------------------------- records


def _record(
    profile: gleek.Profile,
    claims: dict[str, list[str]],
    hand: str = "KH KD KC 9S",
    lay: tuple[str, ...] = ("KD", "KC"),
) -> str:
    """A one-deal record: eldest (East) holds ``hand`` (three Kings), buys and lays ``lay`` out
    (two of them)."""
    session = Session.start(profile, deals=1, players=("North", "East", "West"), dealer=0)
    deck = deck_for({1: hand}, "7H", dealer=0)
    s = session.new_deal(deck=deck)
    s = run(s, ["bid 12", "pass", "pass"])
    s = run(s, [f"discard {c}" for c in lay])
    while s.phase is Phase.DISCARD:  # the first legal discards; a King last
        options = gleek.legal_actions(s)
        s = gleek.apply(s, min(options, key=lambda a: a.card is not None and a.card.rank == 13))
    s = play_first_legal(s)
    session = session.record(DealRecord(s))
    text = dumps(session)
    head, tail = text.split("\n  tricks:", 1)
    extra = "".join(f"    {n}: [{', '.join(c)}]\n" for n, c in claims.items())
    return f"{head}\n  claims:\n{extra}  tricks:{tail}"


def test_a_claimed_set_laid_out_in_the_stock_is_charged() -> None:
    text = _record(COTTON, {"East": ["gleek-K"]})
    # the recorded result was written before the claim: the forfeit makes it wrong
    report = validate_text(text, "forfeit.yaml")
    assert [e.code for e in report.errors] == ["wrong-result"] * 3  # North, East, West
    (summary,) = report.deals
    assert sorted(p for p in summary.payments if p[3] == "forfeit") == [
        ("East", "North", 6, "forfeit"),
        ("East", "West", 6, "forfeit"),
    ]
    without = validate_text(text.split("\n  claims:")[0] + "\n  tricks:" + text.split("tricks:")[1])
    assert dict(summary.chips)["East"] == dict(without.deals[0].chips)["East"] - 12


def test_the_same_claim_is_a_false_claim_elsewhere() -> None:
    report = validate_text(_record(gleek.load_profile("parlett"), {"East": ["gleek-K"]}))
    assert [e.code for e in report.errors] == ["false-claim"]


def _forfeits_of(report: object) -> list[tuple[str, str, int, str]]:
    (summary,) = report.deals  # type: ignore[attr-defined]
    return [p for p in summary.payments if p[3] == "forfeit"]


def test_a_false_claim_of_a_set_never_held_is_charged_to_whoever_made_it() -> None:
    """The rulings read Cotton's forfeit as covering every false claim of a set: a player who
    did not buy, claiming a gleek of Kings it never held, forfeits twice each opponent's share
    (3) to each opponent, as the buyer does for a set laid out; neither is a false-claim
    error. The forfeits come seat by seat (North, then East)."""
    report = validate_text(_record(COTTON, {"North": ["gleek-K"], "East": ["gleek-K"]}))
    assert [e.code for e in report.errors] == ["wrong-result"] * 3  # written without claims
    assert _forfeits_of(report) == [
        ("North", "East", 6, "forfeit"),
        ("North", "West", 6, "forfeit"),
        ("East", "West", 6, "forfeit"),
        ("East", "North", 6, "forfeit"),
    ]
    # a mournival claimed by a player who never held it: twice the mournival's 6
    report = validate_text(_record(COTTON, {"West": ["mournival-K"]}))
    assert [e.code for e in report.errors] == ["wrong-result"] * 3
    assert _forfeits_of(report) == [
        ("West", "North", 12, "forfeit"),
        ("West", "East", 12, "forfeit"),
    ]


def test_under_cotton_a_false_claim_of_a_small_trump_is_still_an_error() -> None:
    """The forfeit is for sets: Tiddy claimed by a player who does not hold it is a false
    claim under Cotton too (the deal stops there), and nothing is forfeited for it."""
    report = validate_text(_record(COTTON, {"North": ["tiddy"], "West": ["tiddy"]}))
    assert [e.code for e in report.errors] == ["false-claim"]
    assert "does not hold 4H" in report.errors[0].message
    assert "forfeit" not in json.dumps(report.to_json())


def test_under_cotton_a_gleek_claimed_by_the_holder_of_all_four_is_still_an_error() -> None:
    """A gleek claimed by a player who holds all four of its rank (a mournival) is not a set
    the player lacks: no forfeit, but a false-claim error naming the four, as in every
    profile."""
    text = _record(COTTON, {"East": ["gleek-K"]}, hand="KH KS KD KC 9S", lay=("9S",))
    report = validate_text(text)
    assert [e.code for e in report.errors] == ["false-claim"]
    assert "holds 4 of that rank" in report.errors[0].message
    assert "forfeit" not in json.dumps(report.to_json())
    assert validate_text(text.replace("[gleek-K]", "[mournival-K]")).valid  # the true claim


def test_the_engine_charges_every_seats_false_claims_of_sets() -> None:
    """``gleek.outcome(state, claims)``: each seat's false claims of sets, seat by seat after
    every other payment; the chips move by exactly those payments; a claim of a set held, or
    of a small trump, changes nothing; a word that is not a claim is refused."""
    hands = {1: "5S 6S 7S 8S 9S 10S 5C 6C 7C 8C 9C 10C", 2: "5D 6D 7D 8D 9D 10D 5H 6H 8H 9H 10H AH"}
    start = run(to_ruff(deal(COTTON, hands, "7H")), ["wait", "wait", "wait"])
    s = play_first_legal(start)
    plain = gleek.outcome(s)
    held = tuple(f"{k}-{r}" for k, r, _ in sets_held(COTTON, mask_of(start.hand(0))))
    assert held  # the buyer, seat 0, has the courts
    assert gleek.outcome(s, (held, ("tiddy",), ())) == plain  # seat 1 has no Tiddy: no forfeit
    claimed = gleek.outcome(s, (held, ("gleek-K",), ("mournival-A",)))  # no King; one Ace
    forfeits = claimed.payments[len(plain.payments) :]
    assert claimed.payments[: len(plain.payments)] == plain.payments
    assert [(p.payer, p.payee, p.amount, p.reason, p.detail) for p in forfeits] == [
        (1, 2, 6, "forfeit", "gleek-K not held"),
        (1, 0, 6, "forfeit", "gleek-K not held"),
        (2, 0, 16, "forfeit", "mournival-A not held"),
        (2, 1, 16, "forfeit", "mournival-A not held"),
    ]
    assert claimed.chips == (plain.chips[0] + 22, plain.chips[1] + 4, plain.chips[2] - 26)
    assert claimed.pot == plain.pot
    with pytest.raises(gleek.ArgumentError, match=r"claims\[2\]: 'gleek-Z' is not a claim"):
        gleek.outcome(s, ((), (), ("gleek-Z",)))


def test_pool_ruff_with_no_vie_is_reported_with_its_winner() -> None:
    pi = gleek.load_profile("pi")
    session = Session.start(pi, deals=1, dealer=0)
    s = session.new_deal(seed=5)
    s = run(s, ["bid 10", "pass", "pass"])
    while s.phase is Phase.DISCARD:
        s = gleek.apply(s, gleek.legal_actions(s)[0])
    s = play_first_legal(run(s, ["wait", "wait", "wait"]))
    o = gleek.outcome(s)
    session = session.record(DealRecord(s))
    report = validate_text(dumps(session))
    assert report.valid
    ruff = report.to_json()["deals"][0]["ruff"]
    assert o.ruff.winner is not None
    assert ruff == {"winner": session.players[o.ruff.winner], "stake": 0, "shown": True}


def test_a_doubled_ruff_is_described() -> None:
    from gleek.render import describe_deal

    s = play_first_legal(run(to_ruff(deal(COTTON, {}, "7H")), ["wait", "wait", "double"]))
    text = describe_deal(s, gleek.outcome(s), ("North", "East", "West"))
    assert "Ruff: North wait, East wait, West double" in text
    assert "West doubles the ruff: the next deal's stake is 8" in text


def test_a_read_record_charges_the_forfeit_in_its_deals_and_balances() -> None:
    """Cotton's forfeit for calling a set laid out in the stock is part of the deal's result:
    the deal read back, and the session continued from it, carry the same chips as the report."""
    from gleek.record import read, validate
    from gleek.session import Session

    path = Path(__file__).parent.parent / "examples" / "cotton-forfeit.yaml"
    rec = read(path)
    report = validate(path)
    forfeits = [p for p in rec.deals[0].outcome.payments if p.reason == "forfeit"]
    assert [(p.payer, p.amount) for p in forfeits] == [(rec.deals[0].final.buyer, 6)] * 2
    session = Session.from_record(rec)
    assert dict(zip(session.players, session.balances, strict=True)) == {
        k: v for k, v in report.chips if k != "pot"
    }


def test_a_claim_word_that_names_no_court_card_is_refused() -> None:
    """The stage function takes checked input, but a wrong claim word gets the library's own
    error, naming it, rather than a bare StopIteration."""
    from gleek.errors import ArgumentError
    from gleek.stages.sets import forfeit_payments

    with pytest.raises(ArgumentError, match="'gleek-Z' is not a claim; one of gleek-A"):
        forfeit_payments(gleek.load_profile("cotton"), 0, 0, 0, ("gleek-Z",))
    assert len(forfeit_payments(gleek.load_profile("cotton"), 0, 0, 0, ("gleek-J",))) == 2


@pytest.mark.parametrize("pid", gleek.list_profiles())
def test_the_engine_fixed_rules_of_the_silent_page_hold_in_every_profile(pid: str) -> None:
    """The page's "Fixed by the engine" sections are exactly the rules below, and under every
    profile the engine does what they say: the deal passes to the left, every round goes
    clockwise from the dealer's left, and a trick is won by the highest trump, or the highest
    card of the suit led, its winner leading next."""
    from gleek.sim.bots import RandomBot

    page = (DOCS / "silent.rst").read_text("utf-8")
    fixed = page.split("Fixed by the engine, the same under every profile")[1]
    fixed = fixed.split(".. _cotton-not-modelled:")[0]
    keys = re.findall(r"^\.\. _silent-([a-z0-9-]+):$", fixed, re.M)
    assert keys == ["deal-passes-left", "clockwise", "tricks-cotton"]

    session = Session.start(gleek.load_profile(pid), deals=3).play_out([RandomBot()] * 3, seed=7)
    dealers = [d.final.dealer for d in session.deals]
    assert dealers[1:] == [(d + 1) % 3 for d in dealers[:-1]]  # deal-passes-left
    for d in session.deals:
        final = d.final
        eldest = (final.dealer + 1) % 3
        # the auction opens with eldest, and its bids go round clockwise
        auction = [seat for seat, a in d.actions if a.kind in ("bid", "pass")]
        assert auction[0] == eldest
        tricks = final.tricks
        assert len(tricks) == 12
        leader = tricks[0][0][0]
        for i, trick in enumerate(tricks):
            seats = [seat for seat, _ in trick]
            assert seats == [leader, (leader + 1) % 3, (leader + 2) % 3]  # clockwise
            led = trick[0][1].suit
            trumps = [(c.rank, seat) for seat, c in trick if c.suit == final.trumps]
            suit = [(c.rank, seat) for seat, c in trick if c.suit == led]
            winner = max(trumps or suit)[1]
            if i + 1 < len(tricks):
                assert tricks[i + 1][0][0] == winner  # the winner leads next
            leader = winner
