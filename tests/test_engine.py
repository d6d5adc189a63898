"""The engine's own bookkeeping (``gleek.state``) on literal deals: the ruff's result in the
outcome and the history split by stage. The rules themselves are in test_rulings.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import gleek
from gleek import Action, outcome
from gleek.errors import ArgumentError, ArgumentTypeError
from gleek.state import RuffResult, split_history
from tests.helpers import C, deal, play_first_legal, run
from tests.test_rulings import _direct, _play_ready, _pool


def test_outcome_ruff_direct_model_vied_by_eldest_and_shown() -> None:
    """The ruff's result: eldest (seat 0) vied, both saw: shown, won by the best hand at the
    stake as it ended."""
    o = outcome(play_first_legal(run(_direct(), ["vie", "see", "see"])))
    assert o.ruff == RuffResult(winner=0, stake=2, shown=True, vied=True)
    o = outcome(play_first_legal(run(_direct(), ["vie", "revie", "see", "pass"])))
    assert o.ruff == RuffResult(winner=2, stake=4, shown=True, vied=True)  # clubs beat spades
    o = outcome(play_first_legal(run(_direct(), ["wait", "vie", "pass", "pass"])))
    assert o.ruff == RuffResult(winner=1, stake=2, shown=False, vied=True)


def test_outcome_ruff_direct_model_nobody_vied() -> None:
    """The ruff's result: nobody vied under the direct model: no winner, nothing shown; the
    stake is the deal's opening stake and the next deal's is carried."""
    o = outcome(play_first_legal(run(_direct(stake=4), ["wait", "wait", "wait"])))
    assert o.ruff == RuffResult(winner=None, stake=4, shown=False, vied=False)
    assert o.ruff_stake == 4


def test_outcome_ruff_pool_model_stake_is_what_was_put_in_above_the_ante() -> None:
    """The ruff's result under the pool model: nobody vied: shown, stake 0 above the antes; a
    vie and a revie: the most put in above the ante."""
    o = outcome(play_first_legal(run(_pool(0), ["wait", "wait", "wait"])))
    assert (o.ruff.stake, o.ruff.shown, o.ruff.vied) == (0, True, False)
    assert o.ruff.winner is not None
    o = outcome(play_first_legal(run(_pool(1), ["vie", "revie", "see", "see"])))
    assert (o.ruff.stake, o.ruff.shown, o.ruff.vied) == (4, True, True)


def test_history_splits_into_auction_discards_ruff_and_play() -> None:
    """A deal's history by stage: auction passes stay in the auction, a ruff that opens with a
    pass-free wait or vie follows the discards, plays come last."""
    s = run(_direct(), ["wait", "vie", "pass", "pass"])
    auction, discards, ruff, play = split_history(s.history)
    assert [str(a) for _, a in auction] == ["bid 12", "pass", "pass"]
    assert [seat for seat, _ in auction] == [0, 1, 2]
    assert len(discards) == 7 and all(a.kind == "discard" and seat == 0 for seat, a in discards)
    assert [(seat, str(a)) for seat, a in ruff] == [
        (0, "wait"),
        (1, "vie"),
        (2, "pass"),
        (0, "pass"),
    ]
    assert play == ()
    s = run(s, ["play 4D"])
    assert [(seat, str(a)) for seat, a in split_history(s.history)[3]] == [(0, "play 4D")]
    assert split_history(()) == ((), (), (), ())


BAD_ARGUMENTS = [
    (
        lambda: Action("shout"),
        ArgumentError,
        "kind must be one of bid, pass, discard, wait, vie, see, revie, double, play; not 'shout'",
    ),
    (
        lambda: Action("bid"),
        ArgumentTypeError,
        "amount must be a whole number (int), not None (None)",
    ),
    (lambda: Action("pass", 3), ArgumentError, "only a bid has an amount, not pass"),
    (lambda: Action("play"), ArgumentTypeError, "card must be a Card, not None (None)"),
    (
        lambda: Action("pass", None, C("AS")),
        ArgumentError,
        "only a play or a discard has a card, not pass",
    ),
    (lambda: Action.word(5), ArgumentTypeError, "word must be a str, not an int (5)"),
    (
        lambda: Action.word("Shout"),
        ArgumentError,
        "word must be one of pass, wait, vie, see, revie, double; not 'Shout'",
    ),
    (
        lambda: Action.parse(b"pass"),
        ArgumentTypeError,
        "text must be a str like 'bid 12', 'pass' or 'play AS', not a bytes (b'pass')",
    ),
    (
        lambda: Action.parse("jump high"),
        ArgumentError,
        "not an action: 'jump high' (write bid N, pass, discard CARD, wait, vie, see, revie, "
        "double or play CARD)",
    ),
    (
        lambda: gleek.outcome(3),
        ArgumentTypeError,
        "state must be a gleek.State (from gleek.new_deal), not an int (3)",
    ),
    (lambda: _direct().dealt_hand(3), ArgumentError, "seat must be a seat 0, 1 or 2, not 3"),
    (
        lambda: gleek.observation(_direct(), 3),
        ArgumentError,
        "seat must be a seat 0, 1 or 2, not 3",
    ),
    (
        lambda: _direct().hand("0"),
        ArgumentTypeError,
        "seat must be a seat 0, 1 or 2 (int), not a str ('0')",
    ),
    (
        lambda: Action.play(5),
        ArgumentTypeError,
        "card must be a Card or a card's text like 'AS', not an int (5)",
    ),
    (
        lambda: Action.discard(5),
        ArgumentTypeError,
        "card must be a Card or a card's text like 'AS', not an int (5)",
    ),
    (lambda: Action("bid", -1), ArgumentError, "amount must be at least 0, not -1"),
    (
        lambda: gleek.apply(_direct(), 12),
        ArgumentTypeError,
        "action must be an Action or its text like 'bid 12', not an int (12)",
    ),
    (
        lambda: gleek.legal_actions(3),
        ArgumentTypeError,
        "state must be a gleek.State (from gleek.new_deal), not an int (3)",
    ),
    (lambda: Action("discard"), ArgumentTypeError, "card must be a Card, not None (None)"),
    (
        lambda: Action("play", None, "AS"),
        ArgumentTypeError,
        "card must be a Card, not a str ('AS')",
    ),
]


@pytest.mark.parametrize(("call", "error", "message"), BAD_ARGUMENTS)
def test_bad_arguments_are_refused_with_the_whole_message(
    call: Any, error: type[Exception], message: str
) -> None:
    """Bad input: the library's own exception, its message naming the argument and what is
    allowed, word for word."""
    with pytest.raises(error) as info:
        call()
    assert str(info.value) == message


def test_repr_of_a_state_and_an_observation_says_where_the_deal_is() -> None:
    """``repr``: one line with the profile, dealer, trumps, phase, who acts and how far."""
    s = _direct()
    assert repr(s) == "<State parlett: dealer 2, trumps H, ruff, seat 0 to act, 10 actions>"
    assert repr(s.observation(1)) == (
        "<Observation for seat 1, parlett: ruff, seat 0 to act, 12 cards in hand>"
    )
    end = play_first_legal(s)
    assert repr(end).endswith(", the deal is over, 49 actions>")
    assert repr(end.observation(2)).endswith(": the deal is over, 0 cards in hand>")


def test_a_bid_of_0_is_an_action_like_any_other() -> None:
    """An action's amount is a whole number of chips, at least 0."""
    assert str(Action("bid", 0)) == "bid 0" and Action("bid", 0) == Action.bid(0)


def test_observation_hand_sizes_and_leader() -> None:
    """What a seat sees of the others: how many cards each holds, who led the trick."""
    s = run(_play_ready(), ["play 10H"])
    for seat in range(3):
        obs = s.observation(seat)
        assert (obs.hand_sizes, obs.leader, obs.to_act) == ((11, 12, 12), 0, 1)
    s = run(s, ["play KH"])
    assert (s.observation(2).hand_sizes, s.observation(2).leader) == ((11, 11, 12), 0)


PICTURES = {
    "fresh": (
        "parlett: dealer seat 2, turn-up JC, trumps clubs\n"
        "auction: no bid yet; seat 0 to act\n"
        "seat 0: AS KS QS JS  KH QH JH 10H  QD JD 10D 9D   <- to act\n"
        "seat 1: 10S 9S 8S 7S  9H 8H 7H 6H  8D 7D 6D 5D\n"
        "seat 2: 6S 5S 4S  AH 5H 4H  AD KD 4D  AC KC QC"
    ),
    "a bid": (
        "parlett: dealer seat 2, turn-up JC, trumps clubs\n"
        "auction: highest bid 12; seat 1 to act\n"
        "seat 0: AS KS QS JS  KH QH JH 10H  QD JD 10D 9D\n"
        "seat 1: 10S 9S 8S 7S  9H 8H 7H 6H  8D 7D 6D 5D   <- to act\n"
        "seat 2: 6S 5S 4S  AH 5H 4H  AD KD 4D  AC KC QC"
    ),
    "two cards on the table": (
        "parlett: dealer seat 2, turn-up 9C, trumps clubs\n"
        "play: seat 0 bought the stock for 12; seat 2 to act\n"
        "ruff: nobody vied\n"
        "seat 0: AH 4H  10D 9D 8D 7D 6D 5D 4D  QC JC   [0 tricks, 0 points]\n"
        "seat 1: AS KS QS JS  6H 5H  8C 7C 6C 5C 4C   [0 tricks, 0 points]\n"
        "seat 2: QH JH 9H 8H 7H  AD KD QD JD  AC KC 10C   [0 tricks, 0 points]   <- to act\n"
        "discards: 4S 5S 6S 7S 8S 9S 10S\n"
        "trick: seat 0 10H, seat 1 KH\n"
        "chips: seat 0 -14, seat 1 +10, seat 2 +4, pot +0"
    ),
    "ruff": (
        "parlett: dealer seat 2, turn-up 8H, trumps hearts\n"
        "ruff: seat 0 bought the stock for 12; seat 0 to act\n"
        "ruff: stake 2, nobody has vied\n"
        "seat 0: AH KH QH JH 10H 9H 6H  8D 7D 6D 5D 4D   <- to act\n"
        "seat 1: AS KS QS JS  AD KD QD  8C 7C 6C 5C 4C\n"
        "seat 2: 7H 5H 4H  JD 10D 9D  AC KC QC JC 10C 9C\n"
        "discards: 4S 5S 6S 7S 8S 9S 10S\n"
        "chips: seat 0 -12, seat 1 +6, seat 2 +6, pot +0"
    ),
    "vied": (
        "parlett: dealer seat 2, turn-up 8H, trumps hearts\n"
        "ruff: seat 0 bought the stock for 12; seat 2 to act\n"
        "ruff: stake 2\n"
        "seat 0: AH KH QH JH 10H 9H 6H  8D 7D 6D 5D 4D\n"
        "seat 1: AS KS QS JS  AD KD QD  8C 7C 6C 5C 4C\n"
        "seat 2: 7H 5H 4H  JD 10D 9D  AC KC QC JC 10C 9C   <- to act\n"
        "discards: 4S 5S 6S 7S 8S 9S 10S\n"
        "chips: seat 0 -12, seat 1 +6, seat 2 +6, pot +0"
    ),
    "won-by": (
        "parlett: dealer seat 2, turn-up 8H, trumps hearts\n"
        "play: seat 0 bought the stock for 12; seat 0 to act\n"
        "ruff: won by seat 1\n"
        "seat 0: AH KH QH JH 10H 9H 6H  8D 7D 6D 5D 4D   [0 tricks, 0 points]   <- to act\n"
        "seat 1: AS KS QS JS  AD KD QD  8C 7C 6C 5C 4C   [0 tricks, 0 points]\n"
        "seat 2: 7H 5H 4H  JD 10D 9D  AC KC QC JC 10C 9C   [0 tricks, 0 points]\n"
        "discards: 4S 5S 6S 7S 8S 9S 10S\n"
        "chips: seat 0 -16, seat 1 +8, seat 2 +8, pot +0"  # the ruff's 2 each, seat 2's Tiddy
    ),
    "one trick": (
        "parlett: dealer seat 2, turn-up 9C, trumps clubs\n"
        "play: seat 0 bought the stock for 12; seat 1 to act\n"
        "ruff: nobody vied\n"
        "seat 0: AH 4H  10D 9D 8D 7D 6D 5D 4D  QC JC   [0 tricks, 0 points]\n"
        "seat 1: AS KS QS JS  6H 5H  8C 7C 6C 5C 4C   [1 trick, 3 points]   <- to act\n"
        "seat 2: JH 9H 8H 7H  AD KD QD JD  AC KC 10C   [0 tricks, 0 points]\n"
        "discards: 4S 5S 6S 7S 8S 9S 10S\n"
        "chips: seat 0 -14, seat 1 +10, seat 2 +4, pot +0"
    ),
    "mid-trick, seen by seat 1": (
        "seen by seat 1\n"
        "parlett: dealer seat 2, turn-up 9C, trumps clubs\n"
        "play: seat 0 bought the stock for 12; seat 1 to act\n"
        "ruff: nobody vied\n"
        "seat 0: 11 cards   [0 tricks, 0 points]\n"
        "seat 1: AS KS QS JS  KH 6H 5H  8C 7C 6C 5C 4C   [0 tricks, 0 points]   <- to act\n"
        "seat 2: 12 cards   [0 tricks, 0 points]\n"
        "trick: seat 0 10H\n"
        "chips: seat 0 -14, seat 1 +10, seat 2 +4, pot +0"
    ),
    "mid-trick, seen by seat 0": (
        "seen by seat 0\n"
        "parlett: dealer seat 2, turn-up 9C, trumps clubs\n"
        "play: seat 0 bought the stock for 12; seat 1 to act\n"
        "ruff: nobody vied\n"
        "seat 0: AH 4H  10D 9D 8D 7D 6D 5D 4D  QC JC   [0 tricks, 0 points]\n"
        "seat 1: 12 cards   [0 tricks, 0 points]   <- to act\n"
        "seat 2: 12 cards   [0 tricks, 0 points]\n"
        "discards: 4S 5S 6S 7S 8S 9S 10S\n"
        "trick: seat 0 10H\n"
        "chips: seat 0 -14, seat 1 +10, seat 2 +4, pot +0"
    ),
    "over": (
        "parlett: dealer seat 2, turn-up 9C, trumps clubs\n"
        "over: seat 0 bought the stock for 12\n"
        "ruff: nobody vied\n"
        "seat 0: -   [3 tricks, 21 points]\n"
        "seat 1: -   [2 tricks, 6 points]\n"
        "seat 2: -   [7 tricks, 39 points]\n"
        "discards: 4S 5S 6S 7S 8S 9S 10S\n"
        "chips: seat 0 -15, seat 1 -6, seat 2 +21, pot +0"
    ),
}


def test_str_draws_the_deal_at_every_stage() -> None:
    """``print(state)`` and ``print(observation)``: the deal as a player at the table would
    describe it, word for word, at each stage."""
    fresh = gleek.new_deal(gleek.load_profile("parlett"), 2, deck=gleek.DECK)
    mid = run(_play_ready(), ["play 10H"])
    drawn = {
        "fresh": str(fresh),
        "a bid": str(run(fresh, ["bid 12"])),
        "two cards on the table": str(run(_play_ready(), ["play 10H", "play KH"])),
        "ruff": str(_direct()),
        "vied": str(run(_direct(), ["wait", "vie"])),
        "won-by": str(run(_direct(), ["wait", "vie", "pass", "pass"])),
        "one trick": str(run(_play_ready(), ["play 10H", "play KH", "play QH"])),
        "mid-trick, seen by seat 1": str(mid.observation(1)),
        "mid-trick, seen by seat 0": str(mid.observation(0)),
        "over": str(play_first_legal(_play_ready())),
    }
    for name, picture in PICTURES.items():
        assert drawn[name] == picture, name


NAMES = ("Anna", "Ben", "Carla")


def _fresh() -> gleek.State:
    return gleek.new_deal(gleek.load_profile("parlett"), 2, deck=gleek.DECK)


def _pedagogical_discard() -> gleek.State:
    s = deal("pedagogical", {0: "AH KH QH JH 10H 9S 8S 7S 6S 5S 4S 4D"}, "7H")
    return run(s, ["bid 12", "pass", "pass"])


CHECKS: list[tuple[str, Any, str, int | None, Any, tuple[str, int | None, str] | None]] = [
    (
        "over",
        lambda: play_first_legal(_play_ready()),
        "pass",
        None,
        None,
        ("extra-action", None, "pass: the deal is over"),
    ),
    (
        "over, named",
        lambda: play_first_legal(_play_ready()),
        "play AS",
        1,
        NAMES,
        ("extra-action", 1, "Ben tried play AS, but the deal is over"),
    ),
    (
        "over, seat",
        lambda: play_first_legal(_play_ready()),
        "play AS",
        2,
        None,
        ("extra-action", 2, "seat 2 tried play AS, but the deal is over"),
    ),
    (
        "out of turn, named",
        _fresh,
        "bid 12",
        1,
        NAMES,
        ("out-of-turn", 1, "Ben acted (bid 12) but it is Anna's turn"),
    ),
    (
        "out of turn",
        _fresh,
        "bid 12",
        2,
        None,
        ("out-of-turn", 2, "seat 2 acted (bid 12) but it is seat 0's turn"),
    ),
    (
        "auction, a card",
        _fresh,
        "play AS",
        None,
        NAMES,
        ("extra-action", 0, "Anna: play AS during the auction for the stock"),
    ),
    (
        "auction, a ruff word",
        _fresh,
        "wait",
        None,
        None,
        ("bad-bid", 0, "seat 0: wait during the auction for the stock"),
    ),
    (
        "auction, no opening",
        _fresh,
        "pass",
        0,
        NAMES,
        ("bad-bid", 0, "Anna must open the auction at 12, not pass"),
    ),
    (
        "auction, a jump",
        lambda: run(_fresh(), ["bid 12"]),
        "bid 15",
        None,
        NAMES,
        ("bad-bid", 1, "Ben bid 15: after 12 the only bid is 13 (raise by exactly 1)"),
    ),
    (
        "discard, a word",
        _pedagogical_discard,
        "pass",
        None,
        NAMES,
        ("bad-discard", 0, "Anna must discard 7 more cards before pass"),
    ),
    (
        "discard, a word after one discard",
        lambda: run(_pedagogical_discard(), ["discard 4D"]),
        "pass",
        None,
        NAMES,
        ("bad-discard", 0, "Anna must discard 6 more cards before pass"),
    ),
    (
        "discard, not held",
        _pedagogical_discard,
        "discard AS",
        None,
        NAMES,
        (
            "bad-discard",
            0,
            "Anna discarded AS, which is not in their hand (under pedagogical the buyer lays "
            "out 7 of the 12 cards dealt before taking the stock)",
        ),
    ),
    (
        "discard, forbidden",
        _pedagogical_discard,
        "discard AH",
        None,
        NAMES,
        (
            "forbidden-discard",
            0,
            "Anna discarded AH: pedagogical forbids discarding the A, K, Q or J of trumps",
        ),
    ),
    (
        "ruff, a bid",
        _direct,
        "bid 13",
        None,
        NAMES,
        ("extra-action", 0, "Anna: bid 13 while the ruff is being vied"),
    ),
    (
        "ruff, a card",
        _direct,
        "play AS",
        None,
        NAMES,
        ("bad-ruff-call", 0, "Anna: play AS while the ruff is being vied"),
    ),
    (
        "ruff, see first",
        _direct,
        "see",
        None,
        NAMES,
        ("bad-ruff-call", 0, "Anna said see before anyone vied (only wait or vie)"),
    ),
    (
        "ruff, wait after a vie",
        lambda: run(_direct(), ["vie"]),
        "wait",
        None,
        NAMES,
        ("bad-ruff-call", 1, "Ben said wait after a vie (only pass, see or revie)"),
    ),
    (
        "play, a bid",
        _play_ready,
        "bid 12",
        None,
        NAMES,
        ("extra-action", 0, "Anna: bid 12 during the play of the tricks"),
    ),
    (
        "play, not held",
        _play_ready,
        "play AS",
        None,
        NAMES,
        ("card-not-in-hand", 0, "Anna played AS, which they do not hold"),
    ),
    (
        "play, a revoke",
        lambda: run(_play_ready(), ["play 10H"]),
        "play 7C",
        None,
        NAMES,
        ("revoke", 1, "Ben played 7C to a heart lead while holding KH"),
    ),
    (
        "discard, the same card again",
        lambda: run(_pedagogical_discard(), ["discard 4D"]),
        "discard 4D",
        None,
        NAMES,
        (
            "bad-discard",
            0,
            "Anna discarded 4D again, which is not in their hand (under pedagogical the buyer "
            "lays out 7 of the 12 cards dealt before taking the stock)",
        ),
    ),
    (
        "ruff, a discard",
        _direct,
        "discard AH",
        None,
        NAMES,
        ("extra-action", 0, "Anna: discard AH while the ruff is being vied"),
    ),
    (
        "play, a revoke to the lowest card led",
        lambda: run(_play_ready(), ["play 4H"]),
        "play 7C",
        None,
        NAMES,
        ("revoke", 1, "Ben played 7C to a heart lead while holding KH"),
    ),
    (
        "play, not the highest",
        lambda: run(_play_ready(variants=("play-high",)), ["play 10H"]),
        "play 5H",
        None,
        NAMES,
        ("not-highest", 1, "Ben played 5H to a heart lead while holding the higher KH (play-high)"),
    ),
    ("legal", _fresh, "bid 12", 0, NAMES, None),
]


@pytest.mark.parametrize(
    ("make", "action", "seat", "names", "expected"),
    [c[1:] for c in CHECKS],
    ids=[c[0] for c in CHECKS],
)
def test_check_action_says_who_did_what_and_why_not(
    make: Any, action: str, seat: int | None, names: Any, expected: Any
) -> None:
    """A record's error: the code, the seat, and a message naming the player (by name when
    given) and the rule, word for word."""
    error = gleek.check_action(make(), action, seat, names)
    got = None if error is None else (error.code, error.seat, str(error))
    assert got == expected


@pytest.mark.parametrize("names", ["ab", ("a", "b"), ("a", "b", 3), 5])
def test_check_action_names_must_be_three_strings(names: Any) -> None:
    """Bad input: names are three player names by seat."""
    with pytest.raises(ArgumentTypeError) as info:
        gleek.check_action(_fresh(), "pass", names=names)
    assert str(info.value) == f"names must be three player names (str) by seat, not {names!r}"
    with pytest.raises(ArgumentTypeError) as info:
        gleek.check_action(_fresh(), "pass", seat="1")  # type: ignore[arg-type]
    assert str(info.value) == "seat must be a seat 0, 1 or 2 (int), not a str ('1')"


# ---------------------------------------------------------------------------- new_deal's arguments


def test_new_deal_names_the_argument_and_what_it_must_be_in_every_refusal() -> None:
    """Each refusal of :func:`gleek.new_deal` says, word for word, which argument is wrong,
    what it must be and what it was (exact messages: the argument name and the bound are the
    point, not a substring of them)."""
    p = gleek.load_profile("parlett")
    deck = [str(c) for c in gleek.new_deal(p, seed=1).deck]
    refusals: list[tuple[Callable[[], object], type[Exception], str]] = [
        (
            lambda: gleek.new_deal("parlett", seed=1),  # type: ignore[arg-type]
            gleek.ArgumentTypeError,
            "profile must be a Profile (from gleek.load_profile), not a str ('parlett')",
        ),
        (
            lambda: gleek.new_deal(p, 3, seed=1),
            gleek.ArgumentError,
            "dealer must be a seat 0, 1 or 2, not 3",
        ),
        (
            lambda: gleek.new_deal(p, True, seed=1),
            gleek.ArgumentTypeError,
            "dealer must be a seat 0, 1 or 2 (int), not a bool (True)",
        ),
        (
            lambda: gleek.new_deal(p, seed=1, deck=deck),
            gleek.ArgumentError,
            "give exactly one of seed= or deck=",
        ),
        (lambda: gleek.new_deal(p), gleek.ArgumentError, "give exactly one of seed= or deck="),
        (
            lambda: gleek.new_deal(p, deck="AS KS"),
            gleek.ArgumentTypeError,
            "deck must be a sequence of 44 cards, not a str ('AS KS')",
        ),
        (
            lambda: gleek.new_deal(p, deck=42),
            gleek.ArgumentTypeError,  # type: ignore[arg-type]
            "deck must be a sequence of 44 cards, not an int (42)",
        ),
        (
            lambda: gleek.new_deal(p, deck=deck[:43]),
            gleek.ArgumentError,
            "deck must be 44 distinct cards; got 43 with 43 distinct",
        ),
        (
            lambda: gleek.new_deal(p, deck=deck[:43] + deck[:1]),
            gleek.ArgumentError,
            "deck must be 44 distinct cards; got 44 with 43 distinct",
        ),
        (
            lambda: gleek.new_deal(p, deck=[*deck[:5], 7, *deck[6:]]),
            gleek.ArgumentTypeError,
            "deck[5] must be a Card or a card's text like 'AS', not an int (7)",
        ),
        (
            lambda: gleek.new_deal(p, seed=True),
            gleek.ArgumentTypeError,
            "seed must be an int or a str, not a bool",
        ),
        (
            lambda: gleek.new_deal(p, seed=1.5),
            gleek.ArgumentTypeError,  # type: ignore[arg-type]
            "seed must be an int or a str, not a float",
        ),
        (
            lambda: gleek.new_deal(p, seed=1, ruff_stake=0),
            gleek.ArgumentError,
            "ruff_stake must be at least 1 and of at most 30 digits, not 0",
        ),
    ]
    for call, kind, message in refusals:
        with pytest.raises(kind) as caught:
            call()
        assert str(caught.value) == message


def test_new_deal_the_opening_stake_is_the_carried_one_else_the_profiles() -> None:
    """``ruff_stake`` carries the opening stake from the previous deal; without it the deal
    opens at the profile's stake. A deck given card by card deals like its seed."""
    p = gleek.load_profile("parlett")
    assert gleek.new_deal(p, seed=1).ruff_stake == p.ruff.stake == 2
    assert gleek.new_deal(p, seed=1, ruff_stake=1).ruff_stake == 1
    assert gleek.new_deal(p, seed=1, ruff_stake=5).ruff_stake == 5
    seeded = gleek.new_deal(p, 2, seed=7)
    assert gleek.new_deal(p, 2, deck=[str(c) for c in seeded.deck]) == seeded
    assert gleek.new_deal(p, 2, deck=list(seeded.deck)) == seeded


def test_rollout_and_outcome_refuse_what_they_cannot_use_word_for_word() -> None:
    """:func:`gleek.rollout` takes a state, a policy it knows and a ``random.Random`` (its own
    when none is given); :func:`gleek.outcome` only a finished deal, naming the phase it is in."""
    import random

    s = gleek.new_deal(gleek.load_profile("parlett"), seed=1)
    refusals: list[tuple[Callable[[], object], type[Exception], str]] = [
        (
            lambda: gleek.rollout(s, "best"),
            ArgumentError,
            "policy must be one of random, greedy; not 'best'",
        ),
        (
            lambda: gleek.rollout(s, "random", 3),
            ArgumentTypeError,  # type: ignore[arg-type]
            "rng must be a random.Random, not an int (3)",
        ),
        (
            lambda: gleek.rollout("x"),
            ArgumentTypeError,  # type: ignore[arg-type]
            "state must be a gleek.State (from gleek.new_deal), not a str ('x')",
        ),
        (
            lambda: outcome(s.apply("bid 12").apply("pass")),
            ArgumentError,
            "state must be a finished deal to have an outcome; this one is in the auction phase",
        ),
        (
            lambda: outcome(3),
            ArgumentTypeError,  # type: ignore[arg-type]
            "state must be a gleek.State (from gleek.new_deal), not an int (3)",
        ),
    ]
    for call, kind, message in refusals:
        with pytest.raises(kind) as caught:
            call()
        assert str(caught.value) == message
    assert gleek.rollout(s).is_over and gleek.rollout(s, "greedy").is_over
    assert gleek.rollout(s, "random", random.Random(5)) == gleek.rollout(
        s, "random", random.Random(5)
    )


def test_an_observation_prints_its_seats_hand_and_the_others_hand_sizes() -> None:
    """``repr`` of an observation is one line (seat, profile, phase, whose turn, cards in
    hand); ``str`` draws the deal as that seat sees it; Jupyter gets the SVG picture, and an
    outcome its HTML table."""
    from gleek.svg import draw, outcome_html

    s = gleek.new_deal(gleek.load_profile("parlett"), seed=1)
    o = s.observation(1)
    assert repr(o) == "<Observation for seat 1, parlett: auction, seat 1 to act, 12 cards in hand>"
    assert str(o).splitlines()[0] == "seen by seat 1"
    assert str(o).splitlines()[-3:] == [
        "seat 0: 12 cards",
        "seat 1: 6S  AH QH 8H 4H  AD JD 7D 5D  JC 6C 5C   <- to act",
        "seat 2: 12 cards",
    ]
    assert o._repr_svg_() == draw(o)
    end = gleek.rollout(s, "greedy")
    assert repr(end.observation(0)) == (
        "<Observation for seat 0, parlett: the deal is over, 0 cards in hand>"
    )
    assert outcome(end)._repr_html_() == outcome_html(outcome(end))


def test_the_buyer_is_known_only_once_the_auction_is_over() -> None:
    """During the auction ``buyer`` and ``price`` are None (``bid`` is the highest bid so far,
    None before the opening); once both others pass, the last bidder is the buyer at its bid."""
    s = gleek.new_deal(gleek.load_profile("parlett"), 0, seed=1)
    assert (s.bid, s.buyer, s.price) == (None, None, None)
    s = s.apply("bid 12")
    assert (s.bid, s.buyer, s.price) == (12, None, None)
    s = s.apply("bid 13").apply("pass")
    assert (s.bid, s.buyer, s.price, s.phase.value) == (13, None, None, "auction")
    s = s.apply("pass")
    assert (s.bid, s.buyer, s.price, s.phase.value) == (13, 2, 13, "discard")


def test_apply_names_the_seat_argument_when_it_is_no_seat() -> None:
    """``apply(state, action, seat)`` refuses a seat that is not 0, 1 or 2 (or not an int),
    naming the argument ``seat`` word for word."""
    s = gleek.new_deal(gleek.load_profile("parlett"), seed=1)
    with pytest.raises(ArgumentError) as caught:
        s.apply("bid 12", seat=5)
    assert str(caught.value) == "seat must be a seat 0, 1 or 2, not 5"
    with pytest.raises(ArgumentTypeError) as wrong:
        gleek.apply(s, "bid 12", True)
    assert str(wrong.value) == "seat must be a seat 0, 1 or 2 (int), not a bool (True)"


def test_new_deal_a_seed_deals_the_same_cards_whatever_else_is_given() -> None:
    """The same seed deals the same cards on every path: a str seed, a carried ruff stake or a
    dealer other than 0 change nothing about the order of the deck."""
    p = gleek.load_profile("parlett")
    assert gleek.new_deal(p, seed=1, ruff_stake=3).deck == gleek.new_deal(p, seed=1).deck
    assert gleek.new_deal(p, 2, seed=1).deck == gleek.new_deal(p, seed=1).deck
    assert gleek.new_deal(p, seed="gleek").deck == gleek.new_deal(p, seed="gleek").deck
    assert gleek.new_deal(p, seed="gleek").deck != gleek.new_deal(p, seed="gleek!").deck
