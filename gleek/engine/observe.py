"""What a seat sees: the :class:`~gleek.views.Observation` of a state for one seat.

May import: the leaf modules (:mod:`gleek._args`, :mod:`gleek._core`, :mod:`gleek.actions`,
:mod:`gleek.cards`, :mod:`gleek.errors`, :mod:`gleek.limits`, :mod:`gleek.profile_model`),
:mod:`gleek.views` and, of the engine, :mod:`gleek.engine.node`, :mod:`gleek.engine.history` and
:mod:`gleek.engine.ledger`.
"""

from __future__ import annotations

from gleek._args import check_seat
from gleek.cards import cards_of_mask
from gleek.engine.history import finished_tricks, history
from gleek.engine.ledger import ledger
from gleek.engine.node import State, buyer_of, pre, state_arg
from gleek.views import Observation


def observation(state: object, seat: object) -> Observation:
    """The part of ``state`` that ``seat`` (0, 1 or 2) may see."""
    return observation_at(state_arg(state), check_seat("seat", seat))


def observation_at(state: State, seat: int) -> Observation:
    buyer = buyer_of(state)
    full = history(state)
    laid = len(pre(state)._discards) if buyer >= 0 else 0
    if buyer == seat or not laid:
        seen = full
    else:  # the buyer's discards, one action a card right after the auction, are not shown
        first = 0
        while full[first][1].kind != "discard":
            first += 1
        seen = full[:first] + full[first + laid :]
    tricks, winners = finished_tricks(state, full)
    h = (state._h0, state._h1, state._h2)
    paid = ledger(state)
    payments = paid.payments
    net = paid.net
    # positional, in the order of Observation's fields (named in the comments): a call by
    # keywords makes the class call build and unpack a dict of them, a fifth of the cost
    return Observation(
        seat,  # seat
        state.profile,  # profile
        state.phase,  # phase
        state.to_act,  # to_act
        state.dealer,  # dealer
        state.eldest,  # eldest
        state.turn_up,  # turn_up
        state.trumps,  # trumps
        cards_of_mask(h[seat]),  # hand
        (h[0].bit_count(), h[1].bit_count(), h[2].bit_count()),  # hand_sizes
        seen,  # history
        state.buyer,  # buyer
        state.price,  # price
        state.bid,  # bid
        state.discards if buyer == seat else (),  # discards
        state.ruff_stake,  # ruff_stake
        state.ruff_winner,  # ruff_winner
        state.trick,  # trick
        tricks,  # tricks
        winners,  # trick_winners
        state.leader,  # leader
        state.tricks_won,  # tricks_won
        state.points,  # points
        payments,  # payments
        (net[0], net[1], net[2]),  # chips
        net[3],  # pot
    )
