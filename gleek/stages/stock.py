"""Stage 2: buying the stock - the forced opening, pass or raise, the price, the 7 discards.

The rulings, Buying the stock: eldest must open at the opening bid; then clockwise among players
still in, pass (out of this auction) or raise by exactly the increment; as soon as two players
have passed, the last bidder buys. Half the bid to each opponent, an odd chip to the pot.

>>> from gleek.profile import load_profile
>>> p = load_profile("parlett")
>>> a = auction_start(p, dealer=2)   # seat 0 is eldest
>>> for seat, bid in [(0, 12), (1, 13), (2, None), (0, 14), (1, None)]:
...     a = auction_apply(p, a, seat, bid)
>>> a.buyer, a.bid
(0, 14)
>>> [(x.payee, x.amount) for x in price_payments(p, a.buyer, a.bid)]
[(1, 7), (2, 7)]
"""

from __future__ import annotations

import functools

import attrs

from gleek.cards import Rank
from gleek.profile import Profile
from gleek.stages.common import POT, RANK_MASK, SUIT_MASK, Payment

__all__ = [
    "AuctionState",
    "auction_apply",
    "auction_choices",
    "auction_start",
    "discardable",
    "price_payments",
    "take_stock",
]


@attrs.frozen
class AuctionState:
    """The auction so far. ``history`` holds ``(seat, bid)`` with ``None`` for a pass."""

    history: tuple[tuple[int, int | None], ...]
    bid: int
    bidder: int
    out: int  # bit per seat that has passed
    to_act: int
    buyer: int  # -1 until decided

    @property
    def over(self) -> bool:
        return self.buyer >= 0


def auction_start(profile: Profile, dealer: int) -> AuctionState:
    """Before the forced opening: eldest to bid ``profile.stock.opening_bid``."""
    return AuctionState((), 0, -1, 0, (dealer + 1) % 3, -1)


def auction_choices(profile: Profile, a: AuctionState) -> tuple[int | None, ...]:
    """What the player to act may say: the forced opening alone, else pass or one raise."""
    if a.over:
        return ()
    if not a.history:
        return (profile.stock.opening_bid,)
    return (None, a.bid + profile.stock.increment)


def auction_apply(profile: Profile, a: AuctionState, seat: int, bid: int | None) -> AuctionState:
    """The auction after ``seat`` passes (``None``) or bids; the caller checks legality."""
    history = (*a.history, (seat, bid))
    if bid is None:
        # The opening is forced, so a pass always follows a bid; the first pass leaves two
        # players in (the next seat among them), the second ends the auction.
        out = a.out | (1 << seat)
        if a.out:
            return AuctionState(history, a.bid, a.bidder, out, -1, a.bidder)
        return AuctionState(history, a.bid, a.bidder, out, (seat + 1) % 3, -1)
    nxt = (seat + 1) % 3
    while a.out >> nxt & 1:
        nxt = (nxt + 1) % 3
    return AuctionState(history, bid, seat, a.out, nxt, -1)


def price_payments(
    profile: Profile, buyer: int, price: int, eldest: int | None = None
) -> tuple[Payment, ...]:
    """Half the price to each opponent; an odd chip to the pot (Parlett, Stage 1 ¶3) or, with
    ``stock.odd_chip`` eldest, to ``eldest`` unless eldest is the buyer (Cotton: "the eldest
    hand usually claims it, or else it is given to the box")."""
    half = price // 2
    out = [Payment(buyer, (buyer + k) % 3, half, "stock") for k in (1, 2)]
    if price % 2:
        odd = price - 2 * half
        if profile.stock.odd_chip == "eldest" and eldest is not None and eldest != buyer:
            out.append(Payment(buyer, eldest, odd, "stock", "odd chip"))
        else:
            out.append(Payment(buyer, POT, odd, "stock", "odd chip"))
    return tuple(out)


def discardable(profile: Profile, hand: int, trumps: int) -> int:
    """The cards of ``hand`` the buyer may discard (pedagogical forbids the trump honours)."""
    return hand & ~_forbidden(profile.stock.forbidden_discards, trumps)


@functools.cache
def _forbidden(ranks: frozenset[Rank], trumps: int) -> int:
    forbidden = 0
    for rank in ranks:
        forbidden |= RANK_MASK[int(rank) - 4]
    return forbidden & SUIT_MASK[trumps]


def take_stock(hand: int, stock: tuple[int, ...]) -> int:
    """The buyer's hand (the 5 cards kept after the discards) with the 7 stock cards taken."""
    for c in stock:
        hand |= 1 << c
    return hand
