"""The payments ledger: every payment of a deal so far with its net change, kept on the state
that first asked (a finished play's from the stages' remembered runs).

May import: the leaf modules (:mod:`gleek._args`, :mod:`gleek._core`, :mod:`gleek.actions`,
:mod:`gleek.cards`, :mod:`gleek.errors`, :mod:`gleek.limits`, :mod:`gleek.profile_model`), the
stages and, of the engine, :mod:`gleek.engine.node`.
"""

from __future__ import annotations

from collections.abc import Sequence

from gleek._core import (
    AUCTION,
    OVER,
    PLAY_PHASE,
)
from gleek.engine.node import SEALED, State
from gleek.stages import deal as deal_stage
from gleek.stages.common import Payment
from gleek.stages.ruff import (
    aces_winner,
    ruff_payments,
)
from gleek.stages.rules import Run, joined, memo, run_of, then
from gleek.stages.sets import (
    hand_set_run,
    hand_small_run,
)
from gleek.stages.settle import settlement
from gleek.stages.stock import (
    price_payments,
)


def net_chips(payments: Sequence[Payment]) -> tuple[tuple[int, int, int], int]:
    """Net change by seat and of the pot over ``payments``."""
    net = run_of(tuple(payments)).net
    return (net[0], net[1], net[2]), net[3]


def ledger(n: State) -> Run:
    """The payments so far with their net change (:class:`~gleek.stages.rules.Run`), added up
    once and kept on the state, in the order the stages make them: the turn-up; the price once
    the stock is bought; the ruff, the sets and the small trumps as the play begins; the
    settlement against par once the deal is over. Nothing is paid during the play: a state of
    the play has the payments of the state where the play began, which :func:`apply` adds up
    as the play begins."""
    paid = n._paid
    if paid is not None:
        return paid
    base = n._base
    if base is None:  # before the play, or the play's first state
        assert n._phase != OVER  # (a finished deal has the state where its play began)
        paid = joined(_runs(n))
    elif n._phase == PLAY_PHASE:
        return ledger(base)
    else:
        paid = finished_ledger(n, base)
    if SEALED is None:  # compiled: a store of the field
        n._paid = paid
    else:  # a cache on a sealed state (SEALED)
        object.__setattr__(n, "_paid", paid)
    return paid


def finished_ledger(n: State, base: State) -> Run:
    """What the finished deal ``n`` paid: what was paid as its play began (on ``base``), then
    the settlement against par (remembered by the points)."""
    rules = n._deal.rules
    points = n._points
    table = memo(rules, "settle")
    settled = table.get(points)
    if settled is None:
        settled = table[points] = run_of(settlement(points, rules.par))
    return then(ledger(base), settled)


def _runs(n: State) -> list[Run]:
    """The payments before the play or as it begins (``n`` has no ``_base``), in the runs the
    stages' memo tables hold, each with its net change (:class:`~gleek.stages.rules.Run`),
    remembered (on the profile's :class:`~gleek.stages.rules.Rules`) by what they depend on."""
    deal = n._deal
    rules = deal.rules
    dealer = deal.dealer
    table = memo(rules, "turn-up")
    first = table.get(deal.turn_up * 3 + dealer)
    if first is None:
        first = table[deal.turn_up * 3 + dealer] = run_of(
            deal_stage.turn_up_payments(rules, deal.turn_up, dealer)
        )
    out = [first]
    if n._phase == AUCTION:
        return out
    table = memo(rules, "price")
    key = (n._bid * 3 + n._bidder) * 3 + dealer
    price = table.get(key)
    if price is None:
        price = table[key] = run_of(price_payments(rules, n._bidder, n._bid, dealer))
    out.append(price)
    r = n._ruff
    if r is None or not r.done:
        return out
    if r.winner >= 0:
        table = memo(rules, "ruff")
        won = table.get((r.winner, r.p0, r.p1, r.p2))
        if won is None:
            won = table[(r.winner, r.p0, r.p1, r.p2)] = run_of(ruff_payments(rules, r))
        out.append(won)
    aces = aces_winner(rules, r, (n._h0, n._h1, n._h2))
    # (a list: compiled, a tuple of ints indexed by a variable is made an object again for
    # each look-up, its ints with it; a list's ints are made objects once)
    hands = [n._h0, n._h1, n._h2]
    for seat in range(3):
        entry = hand_set_run(rules, hands[seat], seat, seat == aces)
        if entry.payments:
            out.append(entry)
    for seat in range(3):
        entry = hand_small_run(rules, hands[seat], deal.trumps, seat)
        if entry.payments:
            out.append(entry)
    return out
