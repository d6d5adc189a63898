"""The phase transitions: the state after an action allowed by the checks (a bid or pass, a
discard and the exchange after the seventh, a word of the ruff, a card), each asking its stage
what follows and building the next node.

May import: the leaf modules (:mod:`gleek._args`, :mod:`gleek._core`, :mod:`gleek.actions`,
:mod:`gleek.cards`, :mod:`gleek.errors`, :mod:`gleek.limits`, :mod:`gleek.profile_model`), the
stages and, of the engine, :mod:`gleek.engine.node` and :mod:`gleek.engine.ledger`.
"""

from __future__ import annotations

from typing import Final

from gleek._core import (
    AUCTION,
    DISCARD_PHASE,
    OVER,
    PLAY_PHASE,
    RUFF,
    Deal,
)
from gleek.actions import (
    Action,
)
from gleek.engine.ledger import ledger
from gleek.engine.node import SEALED, State, hand_mask, seal
from gleek.stages import deal as deal_stage
from gleek.stages.ruff import (
    Ruff,
    ruff_apply,
    ruff_start,
)
from gleek.stages.stock import (
    PASS_BID,
    after_discards,
    auction_apply,
    before_discards,
)
from gleek.stages.tricks import (
    first_leader,
    trick_points,
    trick_winner,
)

_ZERO: Final = (0, 0, 0)


def do_action(n: State, action: Action) -> State:
    """The state after the player to act does ``action`` (allowed by :func:`verify`)."""
    phase = n._phase
    if phase == PLAY_PHASE:
        card = action.card
        assert card is not None
        return play_card(n, n._to_act, card.index, action)
    if phase == AUCTION:
        amount = action.amount
        return _bid(n, PASS_BID if amount is None else amount, action)
    if phase == DISCARD_PHASE:
        card = action.card
        assert card is not None
        return _discard(n, card.index, action)
    r = n._ruff
    assert r is not None
    return _word(n, r, action.kind, action)


def set_pre(
    m: State, bid: int, bidder: int, out: int, discards: tuple[int, ...], ruff: Ruff | None
) -> State:
    """``m`` with its auction (bid, bidder, a bit per seat out), discards and ruff: a state's
    own before the play, and the play's first state's (the later ones read them from it)."""
    m._bid = bid
    m._bidder = bidder
    m._out = out
    m._discards = discards
    m._ruff = ruff
    return seal(m)


def _node(
    n: State,
    action: Action | None,
    phase: int,
    to_act: int,
    hands: tuple[int, int, int],
    bid: int,
    bidder: int,
    out: int,
    discards: tuple[int, ...],
    ruff: Ruff | None,
) -> State:
    """A state before the play, after ``action`` from ``n``."""
    m = State(n._deal, n, action, phase, to_act, hands[0], hands[1], hands[2], None, -1, 0, 0, 0,
              _ZERO, _ZERO)  # fmt: skip
    return set_pre(m, bid, bidder, out, discards, ruff)


def _with_hand(n: State, seat: int, hand: int) -> tuple[int, int, int]:
    """The three hands of ``n`` with ``seat``'s now ``hand``."""
    if seat == 0:
        return (hand, n._h1, n._h2)
    if seat == 1:
        return (n._h0, hand, n._h2)
    return (n._h0, n._h1, hand)


def _bid(n: State, amount: int, action: Action | None) -> State:
    """After the player to act bids ``amount`` or passes (gleek.stages.stock.auction_apply)."""
    bid, bidder, out, to_act = auction_apply(n._bid, n._bidder, n._out, n._to_act, amount)
    if to_act >= 0:
        hands = (n._h0, n._h1, n._h2)
        return _node(n, action, AUCTION, to_act, hands, bid, bidder, out, (), None)
    # two have passed: the last bidder buys and lays out seven cards
    deal = n._deal
    hand = before_discards(deal.rules, hand_mask(n, bidder), deal.stock_mask)
    hands = _with_hand(n, bidder, hand)
    return _node(n, action, DISCARD_PHASE, bidder, hands, bid, bidder, out, (), None)


def _discard(n: State, c: int, action: Action | None) -> State:
    """After the buyer lays out card ``c``; the seventh brings the exchange and opens the
    ruff."""
    discards = (*n._discards, c)
    if len(discards) == 7:
        return _exchange(n, discards, action)
    buyer = n._bidder
    hands = _with_hand(n, buyer, hand_mask(n, buyer) & ~(1 << c))
    return _node(n, action, DISCARD_PHASE, buyer, hands, n._bid, buyer, n._out, discards, None)


def _exchange(n: State, discards: tuple[int, ...], action: Action | None) -> State:
    """The last of the buyer's seven discards (those of ``discards`` not yet laid out are laid
    out now): the stock is taken if it was not already, and the ruff opens
    (gleek.stages.stock.after_discards, gleek.stages.ruff.ruff_start)."""
    buyer = n._bidder
    hand, r = exchanged(n._deal, buyer, hand_mask(n, buyer), discards)
    hands = _with_hand(n, buyer, hand)
    return _node(n, action, RUFF, r.to_act, hands, n._bid, buyer, n._out, discards, r)


def exchanged(deal: Deal, buyer: int, hand: int, discards: tuple[int, ...]) -> tuple[int, Ruff]:
    """The ``buyer``'s ``hand`` once ``discards`` are laid out and the stock taken (if it was not
    already), and the ruff that opens then (gleek.stages.stock.after_discards,
    gleek.stages.ruff.ruff_start): the exchange, for :func:`_exchange` and the rollout."""
    rules = deal.rules
    hand = after_discards(rules, hand & ~cards_mask(discards), deal.stock_mask)
    return hand, ruff_start(rules, deal.dealer, buyer, deal.ruff_stake)


def cards_mask(cards: tuple[int, ...]) -> int:
    """The mask of these card indices."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _word(n: State, r: Ruff, word: str, action: Action | None) -> State:
    """After the player to act says ``word`` in the ruff (gleek.stages.ruff.ruff_apply); once
    the ruff is settled the play begins, and the payments made before the first trick (the
    ruff's, the sets, the small trumps) are added up then (:func:`ledger`)."""
    deal = n._deal
    rules = deal.rules
    hands = (n._h0, n._h1, n._h2)
    r2 = ruff_apply(rules, r, n._to_act, word, hands, deal.dealer)
    if not r2.done:
        return _node(n, action, RUFF, r2.to_act, hands, n._bid, n._bidder, n._out, n._discards, r2)
    m = play_start(n, action, hands, n._bid, n._bidder, n._out, n._discards, r2)
    ledger(m)  # the ruff, the sets and the small trumps are paid as the play begins
    return m


def play_start(
    n: State,
    action: Action | None,
    hands: tuple[int, int, int],
    bid: int,
    buyer: int,
    out: int,
    discards: tuple[int, ...],
    r: Ruff,
) -> State:
    """The play's first state, after ``n`` and ``action`` (None: a rollout's node) settled the
    ruff ``r``: the first leader (gleek.stages.tricks.first_leader) to lead, the dealer's
    points for a turned-up honour (gleek.stages.deal.turn_up_points), and the auction, discards
    and ruff that the play's states read from it."""
    deal = n._deal
    rules = deal.rules
    leader = first_leader(rules, deal.dealer, buyer)
    turned = deal_stage.turn_up_points(rules, deal.turn_up)
    points = _add(_ZERO, deal.dealer, turned) if turned else _ZERO
    m = State(deal, n, action, PLAY_PHASE, leader, hands[0], hands[1], hands[2], None, leader,
              0, 0, 0, points, _ZERO)  # fmt: skip
    return set_pre(m, bid, buyer, out, discards, r)


def play_card(n: State, seat: int, c: int, action: Action) -> State:
    """After ``seat`` (to act) plays card ``c`` (allowed by gleek.stages.tricks.verify_play);
    the third card of a trick goes to its winner (gleek.stages.tricks.trick_winner)."""
    deal = n._deal
    rules = deal.rules
    bit = ~(1 << c)
    h0, h1, h2 = n._h0, n._h1, n._h2  # (_with_hand, inline: the play is most of a deal)
    if seat == 0:
        h0 &= bit
    elif seat == 1:
        h1 &= bit
    else:
        h2 &= bit
    base = n._base
    if base is None:
        base = n
    points = n._points
    x = deal.on_play[c]  # (play_points of each card, for this deal's trumps)
    if x:
        points = _add(points, seat, x)
    ntrick = n._ntrick
    if ntrick < 2:  # the trick goes on
        m = State(deal, n, action, PLAY_PHASE, (seat + 1) % 3, h0, h1, h2, base, n._leader,
                  n._trick | c << (6 * ntrick), ntrick + 1, n._ntricks, points, n._won)  # fmt: skip
    else:  # the third card: the trick to its winner
        trick = n._trick
        c0 = trick & 63
        c1 = trick >> 6
        winner = trick_winner(deal.key, c0, c1, c, n._leader)
        points = _add(points, winner, trick_points(rules, deal.honour, c0, c1, c, n._ntricks))
        ntricks = n._ntricks + 1
        over = ntricks == 12
        m = State(deal, n, action, OVER if over else PLAY_PHASE, -1 if over else winner, h0, h1,
                  h2, base, winner, 0, 0, ntricks, points, _add(n._won, winner, 1))  # fmt: skip
    if SEALED is not None:  # (seal, inline: the play is most of a deal)
        m.__class__ = SEALED
    return m


def _add(t: tuple[int, int, int], seat: int, k: int) -> tuple[int, int, int]:
    if seat == 0:
        return (t[0] + k, t[1], t[2])
    if seat == 1:
        return (t[0], t[1] + k, t[2])
    return (t[0], t[1], t[2] + k)
