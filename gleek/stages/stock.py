"""Stage 2: buying the stock - the forced opening, pass or raise, the price, the 7 discards.

Eldest must open at the opening bid; then clockwise among players still in, pass (out of this
auction) or raise by exactly the increment; as soon as two players have passed, the last bidder
buys. Half the bid to each opponent, an odd chip to the pot (or, in some profiles, to eldest).
The buyer then lays out seven cards (never a forbidden one) and takes the stock, or (Cotton)
takes the stock and then lays out seven of its nineteen cards.

A bid is its amount, a pass :data:`PASS_BID`; a hand is a mask of card indices.

>>> from gleek.profile import load_profile
>>> from gleek.stages.rules import rules_of
>>> rules = rules_of(load_profile("parlett"))
>>> bid, bidder, out, to_act = 0, -1, 0, 0          # dealer 2: seat 0 is eldest
>>> for amount in (12, 13, PASS_BID, 14, PASS_BID):
...     assert verify_bid(rules, bid, bidder, amount) is None
...     bid, bidder, out, to_act = auction_apply(bid, bidder, out, to_act, amount)
>>> to_act, bidder, bid                             # over: seat 0 bought for 14
(-1, 0, 14)
>>> [(x.payee, x.amount) for x in price_payments(rules, 0, 14, 2)]
[(1, 7), (2, 7)]
"""

from __future__ import annotations

from typing import Final

from gleek.cards import CARDS, Rank
from gleek.stages.common import POT, RANK_MASK, SUIT_MASK, Payment, Refusal, left_of
from gleek.stages.rules import Rules

__all__ = [
    "DEALT",
    "LAID_OUT",
    "PASS_BID",
    "after_discards",
    "auction_apply",
    "auction_choices",
    "before_discards",
    "discard_keep",
    "exchange_facts",
    "held_laying_out",
    "price_payments",
    "price_shares",
    "verify_bid",
    "verify_discard",
]

#: A pass in the auction, where a bid is its amount.
PASS_BID: Final = -1
#: The cards dealt to each hand, and the cards the buyer lays out (as many as the stock holds).
DEALT: Final = 12
LAID_OUT: Final = 7


def auction_choices(rules: Rules, bid: int, bidder: int) -> tuple[int, ...]:
    """What the player to act may say: the forced opening alone (nobody has bid yet), else
    pass or a raise of exactly the increment."""
    if bidder < 0:
        return (rules.opening,)
    return (PASS_BID, bid + rules.increment)


def verify_bid(rules: Rules, bid: int, bidder: int, amount: int) -> Refusal | None:
    """Why bidding ``amount`` (or passing) is not allowed now: ``bad-bid``, with the opening
    bid it must be, or the bid standing, the one raise allowed and the increment; None if it
    is allowed."""
    if bidder < 0:
        if amount == rules.opening:
            return None
        return Refusal("bad-bid", "opening-bid", {"opening": rules.opening})
    if amount == PASS_BID or amount == bid + rules.increment:
        return None
    return Refusal(
        "bad-bid",
        "raise",
        {"amount": amount, "bid": bid, "next": bid + rules.increment, "increment": rules.increment},
    )


def auction_apply(
    bid: int, bidder: int, out: int, seat: int, amount: int
) -> tuple[int, int, int, int]:
    """The auction ``(bid, bidder, out, to_act)`` after ``seat`` bids ``amount`` or passes
    (checked by :func:`verify_bid`). ``out`` has a bit per seat that has passed; ``to_act`` is
    -1 once two have passed: the last bidder buys at the last bid."""
    if amount == PASS_BID:
        out |= 1 << seat
        if out.bit_count() == 2:
            return bid, bidder, out, -1
    else:
        bid, bidder = amount, seat
    nxt = (seat + 1) % 3
    while out >> nxt & 1:
        nxt = (nxt + 1) % 3
    return bid, bidder, out, nxt


def price_payments(rules: Rules, buyer: int, price: int, dealer: int) -> tuple[Payment, ...]:
    """Half the price to each opponent; an odd chip to the pot (Parlett, Stage 1 ¶3) or, with
    ``stock.odd_chip`` eldest, to eldest unless eldest is the buyer (Cotton: "the eldest hand
    usually claims it, or else it is given to the box")."""
    half = price // 2
    out = [Payment(buyer, (buyer + k) % 3, half, "stock") for k in (1, 2)]
    if price % 2:
        odd = price - 2 * half
        eldest = left_of(dealer)
        if rules.odd_chip_eldest and eldest != buyer:
            out.append(Payment(buyer, eldest, odd, "stock", "odd chip"))
        else:
            out.append(Payment(buyer, POT, odd, "stock", "odd chip"))
    return tuple(out)


def price_shares(rules: Rules, buyer: int, price: int, dealer: int) -> tuple[int, int, int, int]:
    """What each party receives of the price (:func:`price_payments`): ``(seat 0, seat 1,
    seat 2, pot)``.

    >>> from gleek.profile import load_profile
    >>> from gleek.stages.rules import rules_of
    >>> price_shares(rules_of(load_profile("cotton")), 1, 15, 2)
    (8, 0, 7, 0)
    """
    got = [0, 0, 0, 0]
    for p in price_payments(rules, buyer, price, dealer):
        got[3 if p.payee == POT else int(p.payee)] += p.amount
    return got[0], got[1], got[2], got[3]


def discard_keep(rules: Rules, trumps: int) -> int:
    """The cards the buyer may lay out: all but the forbidden ranks of trumps (pedagogical
    keeps the trump honours)."""
    forbidden = 0
    for r in rules.discard_forbidden:
        forbidden |= RANK_MASK[r]
    return ~(forbidden & SUIT_MASK[trumps]) & _ALL


_ALL: Final = (1 << 44) - 1


def verify_discard(hand: int, keep: int, discards: tuple[int, ...], c: int) -> Refusal | None:
    """Why the buyer may not lay out card ``c`` (``discards``: those laid out so far):
    ``bad-discard`` (not in hand, or laid out already) or ``forbidden-discard`` with the ranks
    of the card's suit the profile forbids (the cards ``keep`` leaves out); None if it may."""
    if not hand >> c & 1:
        again = c in discards
        return Refusal(
            "bad-discard", "discard-again" if again else "discard-not-held", {"card": CARDS[c]}
        )
    if not keep >> c & 1:
        suit = c // 11
        forbidden = ~keep & SUIT_MASK[suit]
        ranks = tuple([Rank(r + 4) for r in range(10, -1, -1) if forbidden >> (11 * suit + r) & 1])
        return Refusal("forbidden-discard", "forbidden-discard", {"card": CARDS[c], "ranks": ranks})
    return None


def before_discards(rules: Rules, hand: int, stock: int) -> int:
    """The buyer's hand as it starts to lay out its seven cards: the twelve dealt, or, where
    the buyer takes the stock first (``stock.exchange: take-first``), the nineteen with the
    stock."""
    return hand | stock if rules.take_first else hand


def after_discards(rules: Rules, hand: int, stock: int) -> int:
    """The buyer's hand once seven cards are laid out: the five kept and the stock, or, where
    it took the stock first, the twelve it kept."""
    return hand if rules.take_first else hand | stock


def held_laying_out(rules: Rules) -> int:
    """How many cards the buyer holds as it starts to lay out: the twelve dealt, or nineteen
    where it takes the stock first."""
    return DEALT + LAID_OUT if rules.take_first else DEALT


def exchange_facts(rules: Rules) -> dict[str, object]:
    """The exchange order as facts for a message: ``order`` (``take-first`` or
    ``discard-first``), the cards ``held`` as the buyer starts to lay out, and how many it
    lays out (``count``)."""
    return {
        "order": "take-first" if rules.take_first else "discard-first",
        "held": held_laying_out(rules),
        "count": LAID_OUT,
    }
