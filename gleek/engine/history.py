"""A state's history: the compact codes of a rollout's actions, the walk back along a state's
chain to its actions, the finished tricks (remembered), and the history split into phases.

May import: the leaf modules (:mod:`gleek._args`, :mod:`gleek._core`, :mod:`gleek.actions`,
:mod:`gleek.cards`, :mod:`gleek.errors`, :mod:`gleek.limits`, :mod:`gleek.profile_model`), the
stages, :mod:`gleek.views` and, of the engine, :mod:`gleek.engine.node`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from gleek._core import (
    bid_action,
)
from gleek.actions import (
    DISCARD,
    PLAY,
    WORDS,
    Action,
)
from gleek.engine.node import State
from gleek.stages.rules import make_room
from gleek.stages.tricks import (
    trick_winner,
)
from gleek.views import Trick


def _tail_code(seat: int, action: Action) -> int:
    """One action of a rollout's ``_tail`` as an int: ``3 * k + seat``, where ``k`` is the
    card's index for a play, ``DISCARD_K`` more for a discard, ``WORD_K`` of a word (of the
    auction or the ruff) and ``BID_K`` more than the amount for a bid. (The rollout writes
    these codes inline, from the same constants.)"""
    card = action.card
    if card is not None:
        return 3 * (card.index + (DISCARD_K if action.kind == "discard" else 0)) + seat
    if action.kind == "bid":
        assert action.amount is not None
        return 3 * (BID_K + action.amount) + seat
    return 3 * WORD_K[action.kind] + seat


#: The words of the auction and the ruff in the order :func:`_tail_code` numbers them.
_WORD_ORDER: Final[tuple[str, ...]] = ("pass", "wait", "vie", "see", "revie", "double")


DISCARD_K: Final = 44


_WORD_BASE: Final = 88


BID_K: Final = 100


#: ``k`` of each word in :func:`_tail_code`
WORD_K: Final = {w: _WORD_BASE + i for i, w in enumerate(_WORD_ORDER)}


PASS_K: Final = _WORD_BASE  # (the first of _WORD_ORDER)


def _tail_entry(code: int) -> tuple[int, Action]:
    """``(seat, action)`` of a :func:`_tail_code`."""
    k, seat = divmod(code, 3)
    if k < DISCARD_K:
        return seat, PLAY[k]
    if k < _WORD_BASE:
        return seat, DISCARD[k - DISCARD_K]
    if k < BID_K:
        return seat, WORDS[_WORD_ORDER[k - _WORD_BASE]]
    return seat, bid_action(k - BID_K)


def history(n: State) -> tuple[tuple[int, Action], ...]:
    """Every action so far as ``(seat, action)``, in order. The last answer is kept: asked of
    the same state again, or of the state one action on (a deal observed action by action),
    it is the kept tuple, or that tuple and the one action more; else :func:`_walk_history`."""
    last = _LAST_HISTORY[0]
    if last[0] is n:
        return last[1]
    prev = n._prev
    act = n._act
    if act is not None and prev is not None and last[0] is prev:
        out = last[1] + ((prev._to_act, act),)
    else:
        out = _walk_history(n)
    _LAST_HISTORY[0] = (n, out)  # (one store: a reader sees the old pair or the new)
    return out


#: the state :func:`history` was last asked of, and its history
_LAST_HISTORY: Final[list[tuple[State | None, tuple[tuple[int, Action], ...]]]] = [(None, ())]


def _walk_history(n: State) -> tuple[tuple[int, Action], ...]:
    """Every action so far as ``(seat, action)``, in order: walks the back-pointers."""
    out: list[tuple[int, Action]] = []  # newest first, turned round at the end
    m = n
    prev = m._prev
    while prev is not None:
        act = m._act
        if act is None:  # a rollout's node: its plays since ``prev``, as ints
            tail = m._tail
            for i in range(len(tail) - 1, -1, -1):
                out.append(_tail_entry(tail[i]))
        else:
            out.append((prev._to_act, act))
        m = prev
        prev = m._prev
    out.reverse()
    return tuple(out)


def finished_tricks(
    n: State, hist: tuple[tuple[int, Action], ...]
) -> tuple[tuple[Trick, ...], tuple[int, ...]]:
    """The finished tricks of ``n`` (``hist`` its history), each as ``(seat, card)`` in the
    order played, and the seat that won each (gleek.stages.tricks.trick_winner)."""
    done = n._ntricks
    if done == 0:
        return (), ()
    # the plays are the last actions of a deal: the finished tricks, then the trick on the table
    first = len(hist) - 3 * done - n._ntrick
    deal = n._deal
    key = deal.key
    trumps = deal.trumps
    tricks: list[Trick] = []
    winners: list[int] = []
    for k in range(first, first + 3 * done, 3):
        s0, a0 = hist[k]
        s1, a1 = hist[k + 1]
        s2, a2 = hist[k + 2]
        c0, c1, c2 = a0.card, a1.card, a2.card
        assert c0 is not None and c1 is not None and c2 is not None
        i0, i1, i2 = c0.index, c1.index, c2.index
        code = (((i0 * 44 + i1) * 44 + i2) * 3 + s0) * 4 + trumps
        known = _TRICKS.get(code)
        if known is None:
            make_room(_TRICKS)
            trick = ((s0, c0), (s1, c1), (s2, c2))  # s1 and s2 follow from s0
            known = _TRICKS[code] = (trick, trick_winner(key, i0, i1, i2, s0))
        tricks.append(known[0])
        winners.append(known[1])
    return tuple(tricks), tuple(winners)


#: a finished trick (its cards, the leader and trumps, as an int) -> the trick as
#: :data:`~gleek.views.Trick` and the seat that won it: the same immutable values, shared
_TRICKS: Final[dict[int, tuple[Trick, int]]] = {}


History = tuple[tuple[int, Action], ...]


def split_history(
    history: Sequence[tuple[int, Action]],
) -> tuple[History, History, History, History]:
    """A deal's history split by stage: ``(auction, discards, ruff, play)``.

    >>> import gleek
    >>> s = gleek.new_deal(gleek.load_profile("parlett"), seed=1).apply("bid 12").apply("pass")
    >>> [len(part) for part in split_history(s.apply("pass").history)]
    [3, 0, 0, 0]
    """
    parts: tuple[list[tuple[int, Action]], ...] = ([], [], [], [])
    stage = 0
    for seat, a in history:
        kind = a.kind
        if kind == "discard":
            stage = 1
        elif kind == "play":
            stage = 3
        elif stage == 1:  # the first word after the 7 discards opens the ruff
            stage = 2
        parts[stage].append((seat, a))
    return tuple(parts[0]), tuple(parts[1]), tuple(parts[2]), tuple(parts[3])


def forget() -> None:
    """Drop the finished tricks remembered and the last history asked about."""
    _TRICKS.clear()
    _LAST_HISTORY[0] = (None, ())
