"""The engine's own bookkeeping (``gleek.state``) on literal deals: the ruff's result in the
outcome and the history split by stage. The rules themselves are in test_rulings.py."""

from __future__ import annotations

from typing import Any

import pytest

import gleek
from gleek import Action, outcome
from gleek.errors import ArgumentError, ArgumentTypeError
from gleek.state import RuffResult, split_history
from tests.helpers import C, play_first_legal, run
from tests.test_rulings import _direct, _pool


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
        "kind must be one of bid, pass, discard, wait, vie, see, revie, play; not 'shout'",
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
        "word must be one of pass, wait, vie, see, revie; not 'Shout'",
    ),
    (
        lambda: Action.parse(b"pass"),
        ArgumentTypeError,
        "text must be a str like 'bid 12', 'pass' or 'play AS', not a bytes (b'pass')",
    ),
    (
        lambda: Action.parse("jump high"),
        ArgumentError,
        "not an action: 'jump high' (write bid N, pass, discard CARD, wait, vie, see, revie or "
        "play CARD)",
    ),
    (
        lambda: gleek.outcome(3),
        ArgumentTypeError,
        "state must be a gleek.State (from gleek.new_deal), not an int (3)",
    ),
    (lambda: _direct().dealt_hand(3), ArgumentError, "seat must be a seat 0, 1 or 2, not 3"),
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
    assert repr(end).endswith(", over, 49 actions>")
    assert repr(end.observation(2)).endswith(": over, over, 0 cards in hand>")
