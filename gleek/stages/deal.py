"""Stage 1: the deal, from a deck order or a seed; the turn-up, trumps and turn-up payments.

The rulings, Dealing: from a deck given top first, packets of 4 clockwise from eldest until each
has 12; card 37 is turned up (its suit is trumps); cards 38-44 are the stock.

>>> from gleek.profile import load_profile
>>> info = deal_cards(load_profile("parlett"), tuple(range(44)), dealer=2)
>>> info.turn_up, info.trumps, info.stock
(36, 3, (37, 38, 39, 40, 41, 42, 43))
>>> [bin(h).count("1") for h in info.dealt]
[12, 12, 12]
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TypeVar

import attrs

from gleek.profile import Profile
from gleek.stages.common import R4, R5, R6, Payment

__all__ = [
    "DealInfo",
    "deal_cards",
    "packets",
    "seeded_deck",
    "stack_deck",
    "turn_up_payments",
    "turn_up_points",
]

T = TypeVar("T")


@attrs.frozen
class DealInfo:
    """What the deal fixes for the whole deal: never changes afterwards.

    Two deals that give the same hands, turn-up and stock are equal: the order of the cards
    within a hand (``deck``) plays no part in the game, so it takes no part in equality.
    """

    dealer: int
    deck: tuple[int, ...] = attrs.field(eq=False)
    dealt: tuple[int, int, int]
    turn_up: int
    trumps: int
    stock: tuple[int, ...]
    ruff_stake: int


def seeded_deck(seed: int | str) -> tuple[int, ...]:
    """A shuffled deck (engine indices, top first) from a seed: the same on every platform.

    It uses :class:`random.Random` (Mersenne Twister, whose seeding and ``shuffle`` are stable
    across platforms and Python versions from 3.2 on) on the canonical order.
    """
    deck = list(range(44))
    random.Random(seed).shuffle(deck)
    return tuple(deck)


def packets(deck: Sequence[T], dealer: int, packet: int) -> tuple[list[T], list[T], list[T]]:
    """The first 36 cards of ``deck`` (top first) by seat, each in the order it was dealt:
    packets of ``packet`` cards clockwise from eldest until each seat has 12."""
    hands: tuple[list[T], list[T], list[T]] = ([], [], [])
    for k, start in enumerate(range(0, 36, packet)):
        hands[(dealer + 1 + k) % 3].extend(deck[start : start + packet])
    return hands


def stack_deck(
    hands: Mapping[int, Sequence[T]], turn_up: T, stock: Sequence[T], dealer: int, packet: int
) -> list[T]:
    """The inverse of :func:`packets`: a deck, top first, that deals these 12-card hands, then
    turns ``turn_up`` and leaves ``stock``."""
    order = ((dealer + 1) % 3, (dealer + 2) % 3, dealer)
    deck: list[T] = []
    for k in range(0, 12, packet):
        for seat in order:
            deck += hands[seat][k : k + packet]
    return [*deck, turn_up, *stock]


def deal_cards(profile: Profile, deck: Sequence[int], dealer: int, ruff_stake: int = 0) -> DealInfo:
    """Deal ``deck`` (44 distinct indices, top first) in packets clockwise from eldest."""
    hands = [0, 0, 0]
    for seat, cards in enumerate(packets(deck, dealer, profile.deal.packet_size)):
        for c in cards:
            hands[seat] |= 1 << c
    turn_up = deck[36]
    return DealInfo(
        dealer=dealer,
        deck=tuple(deck),
        dealt=(hands[0], hands[1], hands[2]),
        turn_up=turn_up,
        trumps=turn_up // 11,
        stock=tuple(deck[37:44]),
        ruff_stake=ruff_stake or profile.ruff.stake,
    )


def turn_up_payments(profile: Profile, info: DealInfo) -> tuple[Payment, ...]:
    """A turned Tiddy (or Towser/Tumbler where they are paid) is paid by each opponent; with
    ``turn_up.double_when_turned`` a turned Towser or Tumbler pays twice its held value."""
    rank = info.turn_up % 11
    held = profile.small_trumps
    double = profile.turn_up.double_when_turned
    amount, reason = {
        R4: (profile.turn_up.tiddy, "tiddy"),
        R5: (2 * held.towser if double else profile.turn_up.towser, "towser"),
        R6: (2 * held.tumbler if double else profile.turn_up.tumbler, "tumbler"),
    }.get(rank, (0, ""))
    if amount <= 0:
        return ()
    return tuple(
        Payment((info.dealer + k) % 3, info.dealer, amount, "turn-up", f"turned {reason}")
        for k in (1, 2)
    )


def turn_up_points(profile: Profile, info: DealInfo) -> int:
    """Honour points of a turned A, K, Q or J, counted for the dealer."""
    if not profile.turn_up.honour_to_dealer:
        return 0
    return profile.tricks.by_rank[info.turn_up % 11]  # 0 for any card but A, K, Q, J
