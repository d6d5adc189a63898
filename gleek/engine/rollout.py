"""The rollout: a deal played to its end by a random or greedy policy in one call, the play on
plain ints (the tricks stage tells who wins a trick and what it scores), with its greedy bot.

May import: the leaf modules (:mod:`gleek._args`, :mod:`gleek._core`, :mod:`gleek.actions`,
:mod:`gleek.cards`, :mod:`gleek.errors`, :mod:`gleek.limits`, :mod:`gleek.profile_model`), the
stages and, of the engine, :mod:`gleek.engine.node`, :mod:`gleek.engine.history` and
:mod:`gleek.engine.transitions`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from gleek._args import check_type
from gleek._core import (
    AUCTION,
    DISCARD_PHASE,
    OVER,
    PLAY_PHASE,
    RUFF,
    card_tables,
)
from gleek.engine.history import BID_K, DISCARD_K, PASS_K, WORD_K
from gleek.engine.node import State, seal, state_arg
from gleek.engine.transitions import exchanged, play_start
from gleek.errors import ArgumentError
from gleek.stages.common import rank_index
from gleek.stages.ruff import (
    ruff_apply,
    ruff_choices,
)
from gleek.stages.stock import (
    PASS_BID,
    auction_apply,
    auction_choices,
    before_discards,
)
from gleek.stages.tricks import (
    TRUMP,
    power,
    trick_points,
    trick_winner,
)

_M11: Final = 0x7FF


POLICIES: Final[tuple[str, ...]] = ("random", "greedy")


def rollout(state: object, policy: object = "random", rng: object = None) -> State:
    """The deal played on from ``state`` to its end inside the engine, without a public state
    per card: the way a search bot samples how a deal may go.

    ``policy`` is ``"random"`` (each action uniform over the legal ones, drawn from ``rng``) or
    ``"greedy"`` (a simple bot: opens the auction as forced then passes, discards its lowest
    cards, waits or passes in the ruff, wins a trick with its highest card when it can and
    otherwise plays low). The result is a finished :class:`State`, with the whole history.

    >>> import gleek, random
    >>> s = gleek.new_deal(gleek.load_profile("parlett"), seed=3)
    >>> end = gleek.rollout(s, "random", random.Random(1))
    >>> end.is_over, len(end.tricks), sum(end.tricks_won)
    (True, 12, 12)
    """
    n = state_arg(state)
    if policy not in POLICIES:
        raise ArgumentError(f"policy must be one of {', '.join(POLICIES)}; not {policy!r}")
    if rng is None:
        rng = random.Random()
    check_type("rng", rng, random.Random, "a random.Random")
    assert isinstance(rng, random.Random)
    return _rollout(n, policy == "greedy", rng)


def _rollout(n: State, greedy: bool, rng: random.Random) -> State:
    """:func:`rollout`: the auction, the discards and the ruff in one node (their actions in its
    ``_tail``), then the play on ints, and one node for all of it. The play asks the tricks
    stage who wins a trick and what it scores (trick_winner, trick_points) and reads what a card
    scores when played from the deal's table (play_scores); only the choice of a legal card is
    written here again (see below)."""
    rnd = rng.random
    if n._phase != PLAY_PHASE and n._phase != OVER:
        n = _rollout_to_play(n, greedy, rnd)
    if n._phase == OVER:
        return n
    deal = n._deal
    rules = deal.rules
    key = deal.key
    honour = deal.honour
    on_play = deal.on_play  # (play_scores of each card, for this deal's trumps)
    play_high = deal.play_high
    # Three ints each, not lists: compiled, a list holds its ints as objects, so every store
    # in one makes an object and every sum is a generic call.
    h0, h1, h2 = n._h0, n._h1, n._h2
    # the cards in each hand, counted once and then one less a card played (compiled,
    # int.bit_count is a method call on an int object)
    k0, k1, k2 = h0.bit_count(), h1.bit_count(), h2.bit_count()
    p0, p1, p2 = n._points
    w0, w1, w2 = n._won
    tail: list[int] = []
    seat = n._to_act
    leader = n._leader
    t0 = n._trick & 63  # the trick's first two cards
    t1 = n._trick >> 6
    nt = n._ntrick
    ntricks = n._ntricks
    by_suit = card_tables()  # the card indices of every holding of a suit, low first
    # THE DELIBERATELY INLINED COPY of the choice of a legal card (gleek.stages.tricks.legal_mask:
    # the suit led if held, the highest of it with play-high), kept for speed
    # (benchmarks/playout.py, "rollout": calling the stage function for every card cost the
    # rollout about a sixth of its speed); the choices are read from tables of the cards. It is
    # held to the stage by tests/test_core.py::test_rollouts_replay_through_the_stages, which
    # replays every rollout action by action through apply and compares the ends.
    while ntricks < 12:
        hand = h0 if seat == 0 else h1 if seat == 1 else h2
        led = -1
        follow = 0
        if nt:
            led = t0 // 11
            follow = (hand >> (11 * led)) & _M11
        # The choices are the cards of the suit led if the hand holds any, else all its cards,
        # lowest index first (legal_actions' order); a random pick is the nth of them.
        if follow:
            if play_high:  # forced: the highest of the suit led
                c = 11 * led + follow.bit_length() - 1
            else:
                opts = by_suit[led][follow]  # one table look-up
                if greedy:
                    c = _greedy_follow(opts, t0, t1, nt, key, led)
                else:
                    count = len(opts)  # (a plain int: compiled, rnd() * len() is a generic call)
                    c = opts[int(rnd() * count)]
        elif greedy:
            opts = (
                by_suit[0][hand & _M11]
                + by_suit[1][(hand >> 11) & _M11]
                + by_suit[2][(hand >> 22) & _M11]
                + by_suit[3][hand >> 33]
            )
            c = _greedy_discard(opts, t0, t1, nt, key) if nt else opts[-1]
        else:  # leading or void: the nth lowest card of the hand, found without the tuple
            held = k0 if seat == 0 else k1 if seat == 1 else k2
            c = _nth_lowest(hand, int(rnd() * held))
        if seat == 0:
            h0 = hand & ~(1 << c)
            k0 -= 1
        elif seat == 1:
            h1 = hand & ~(1 << c)
            k1 -= 1
        else:
            h2 = hand & ~(1 << c)
            k2 -= 1
        tail.append(3 * c + seat)  # (_tail_code of the play, inline)
        x = on_play[c]
        if x:
            if seat == 0:
                p0 += x
            elif seat == 1:
                p1 += x
            else:
                p2 += x
        if nt < 2:
            if nt == 0:
                t0 = c
            else:
                t1 = c
            nt += 1
            seat = (seat + 1) % 3
            continue
        winner = trick_winner(key, t0, t1, c, leader)
        gain = trick_points(rules, honour, t0, t1, c, w0 + w1 + w2)
        if winner == 0:
            p0 += gain
            w0 += 1
        elif winner == 1:
            p1 += gain
            w1 += 1
        else:
            p2 += gain
            w2 += 1
        ntricks += 1
        leader = winner
        seat = winner
        nt = 0
    base = n._base
    if base is None:
        base = n
    m = State(deal, n, None, OVER, -1, h0, h1, h2, base, leader, 0, 0, 12, (p0, p1, p2),
              (w0, w1, w2))  # fmt: skip
    m._tail = tuple(tail)
    return seal(m)


def _rollout_to_play(n: State, greedy: bool, rnd: Callable[[], float]) -> State:
    """From ``n`` (before the play) to the play's first state, in one node whose ``_tail`` holds
    the actions: the stages' choices and moves (auction_choices and auction_apply, the
    discards, after_discards and ruff_start, ruff_choices and ruff_apply), as :func:`_bid`,
    :func:`_discard`, :func:`_exchange` and :func:`_word` make them one state at a time, drawing
    ``rnd`` once a choice in the same order (or taking the first choice when ``greedy``)."""
    deal = n._deal
    rules = deal.rules
    tail: list[int] = []
    phase = n._phase
    to_act = n._to_act
    bid, bidder, out = n._bid, n._bidder, n._out
    h = [n._h0, n._h1, n._h2]
    discards = n._discards
    r = n._ruff
    while phase == AUCTION:
        bids = auction_choices(rules, bid, bidder)
        count = len(bids)  # (see the same in _rollout)
        x = bids[0] if greedy else bids[int(rnd() * count)]
        # (_tail_code of the pass or the bid, inline)
        tail.append(3 * (PASS_K if x == PASS_BID else BID_K + x) + to_act)
        bid, bidder, out, to_act = auction_apply(bid, bidder, out, to_act, x)
        if to_act < 0:  # two have passed: the last bidder buys
            h[bidder] = before_discards(rules, h[bidder], deal.stock_mask)
            phase = DISCARD_PHASE
            to_act = bidder
    if phase == DISCARD_PHASE:
        mask = h[bidder] & deal.keep
        held = mask.bit_count()  # (counted once: see the play's count in _rollout)
        laid = list(discards)
        for _ in range(7 - len(discards)):
            # the choices are hand_cards(mask), lowest index first (discard_actions' order):
            # the chosen one is the nth lowest card of the mask, found without the tuple
            c = _nth_lowest(mask, 0 if greedy else int(rnd() * held))
            mask &= ~(1 << c)
            held -= 1
            laid.append(c)
            tail.append(3 * (DISCARD_K + c) + bidder)  # (_tail_code of the discard, inline)
        discards = tuple(laid)
        h[bidder], r = exchanged(deal, bidder, h[bidder], discards)
        to_act = r.to_act
        phase = RUFF
    assert r is not None
    hands = (h[0], h[1], h[2])
    while not r.done:
        words = ruff_choices(rules, r)
        count = len(words)
        w = words[0] if greedy else words[int(rnd() * count)]
        tail.append(3 * WORD_K[w] + to_act)  # (_tail_code of the word, inline)
        r = ruff_apply(rules, r, to_act, w, hands, deal.dealer)
        to_act = r.to_act
    m = play_start(n, None, hands, bid, bidder, out, discards, r)
    object.__setattr__(m, "_tail", tuple(tail))  # (the state is sealed: SEALED)
    return m


def _nth_lowest(mask: int, nth: int) -> int:
    """The index of the ``nth`` lowest card of ``mask`` (0: the lowest): ``hand_cards(mask)[nth]``
    without the tuple.

    >>> [_nth_lowest(0b10110, nth) for nth in range(3)]
    [1, 2, 4]
    """
    for _skip in range(nth):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def _greedy_follow(
    opts: tuple[int, ...], c0: int, c1: int, nt: int, key: tuple[int, ...], led: int
) -> int:
    """Following suit: win with the highest if it beats the table (``c0``, and ``c1`` when
    ``nt`` is 2), else play the lowest."""
    best = key[c0]
    if nt == 2:
        best = max(best, power(key, c1, led))
    top = opts[-1]
    return top if key[top] > best else opts[0]


def _greedy_discard(opts: tuple[int, ...], c0: int, c1: int, nt: int, key: tuple[int, ...]) -> int:
    """Void in the suit led: trump with the lowest trump that wins, else throw the lowest card.
    Only a trump on the table (``c0``, and ``c1`` when ``nt`` is 2: strength TRUMP and more)
    can stop a trump winning, so the cards on the table are compared by strength alone, led
    suit or not."""
    best = key[c0] if nt == 1 else max(key[c0], key[c1])
    low = opts[0]
    win = -1
    for c in opts:
        k = key[c]
        if k >= TRUMP and k > best and (win < 0 or k < key[win]):
            win = c
        if rank_index(c) < rank_index(low):
            low = c
    return win if win >= 0 else low
