"""Stage 1: the deal, from a deck order or a seed; the turn-up, trumps and turn-up payments.

From a deck given top first, packets of 4 clockwise from eldest until each has 12; card 37 is
turned up (its suit is trumps); cards 38-44 are the stock. A seed shuffles the deck the same on
every platform (:func:`seeded_order`).

>>> from gleek.profile import load_profile
>>> from gleek.stages.rules import rules_of
>>> rules = rules_of(load_profile("parlett"))
>>> hands = deal_hands(rules, 2, tuple(range(44)))
>>> [bin(h).count("1") for h in hands], trumps_of(tuple(range(44))[36])
([12, 12, 12], 3)
"""

from __future__ import annotations

import _random
import random
from collections.abc import Mapping, Sequence
from typing import Final, TypeVar

from gleek.stages.common import SMALL_TRUMPS, Payment, from_eldest, left_of, rank_index
from gleek.stages.rules import Rules

__all__ = [
    "deal_hands",
    "drawn_order",
    "next_dealer",
    "packets",
    "seeded_deck",
    "seeded_order",
    "stack_deck",
    "trumps_of",
    "turn_up_payments",
    "turn_up_points",
]

T = TypeVar("T")


def next_dealer(dealer: int) -> int:
    """Who deals the next deal: "the turn to deal passes to the left" (Full rules (after
    Parlett), Setup ¶1), to this deal's eldest hand; the other sources do not say otherwise
    (where they are silent, see "Where the sources are silent", ``deal-passes-left``).

    >>> [next_dealer(d) for d in range(3)]
    [1, 2, 0]
    """
    return left_of(dealer)


def seeded_order(seed: int | str) -> list[int]:
    """The deck (engine indices, top first) shuffled from ``seed``: the same on every platform.

    It is ``random.Random(seed).shuffle(list(range(44)))`` (Mersenne Twister, whose seeding and
    ``shuffle`` are stable across platforms and Python versions from 3.2 on), spelled out with
    the same draws so that the compiled build runs it natively.

    >>> all(seeded_order(seed) == _shuffled(seed) for seed in (0, 7, 2**70, "2026"))
    True
    """
    # an int seeds the generator as random.Random's seed() does: straight into the C seeding
    rng = _random.Random(seed) if type(seed) is int else random.Random(seed)
    return _drawn_order(rng, _WORDS_AT_ONCE)


def drawn_order(rng: _random.Random) -> list[int]:
    """The deck (engine indices, top first) shuffled by the generator ``rng`` (a
    :class:`random.Random`, which it moves on), drawing as :func:`seeded_order` draws from its
    seed's generator: a game that deals one deal after another from one generator (OpenSpiel's
    sampled deal) deals with it.

    >>> import random
    >>> drawn_order(random.Random(7)) == seeded_order(7)
    True
    """
    return _drawn_order(rng, _WORDS_AT_ONCE)


def _drawn_order(rng: _random.Random, batch: int) -> list[int]:
    """The shuffle of :func:`seeded_order` from ``rng``, its words drawn ``batch`` at a time.

    For i from 43 down to 1, ``shuffle`` draws a number below i + 1 as ``getrandbits(k)``, k
    the bits of i + 1, again while it is more than i; ``getrandbits(k)`` is the top k bits of
    the generator's next 32-bit word. ``getrandbits(32 * n)`` is the next n words, the first
    lowest: so the words are drawn ``batch`` at a time, as bytes (little-endian: a word's top
    byte is its fourth), and their top bytes read in order: the same draws in a few calls. Words
    drawn and not read go with the generator."""
    size = 4 * batch
    x = list(_IN_ORDER)
    drop = _DROP
    i = 43
    while True:
        words = rng.getrandbits(8 * size).to_bytes(size, "little")
        # each word's top byte, in the order drawn (by index: compiled, a loop over a range
        # and an index into bytes are plain C, where a loop over the bytes is not)
        for at in range(3, size, 4):
            j = words[at] >> drop[i]
            if j <= i:
                x[i], x[j] = x[j], x[i]
                i -= 1
                if not i:
                    return x


_IN_ORDER: Final = tuple(range(44))
#: for each i, 8 less the bits of i + 1: how far a word's top byte is shifted to draw below i + 1
_DROP: Final = tuple([8 - (i + 1).bit_length() for i in range(44)])
#: the words drawn at a time (a shuffle reads 66 on average)
_WORDS_AT_ONCE: Final = 80


def _shuffled(seed: int | str) -> list[int]:
    deck = list(range(44))
    random.Random(seed).shuffle(deck)
    return deck


def seeded_deck(seed: int | str) -> tuple[int, ...]:
    """:func:`seeded_order` as a tuple."""
    return tuple(seeded_order(seed))


def packets(deck: Sequence[T], dealer: int, packet: int) -> tuple[list[T], list[T], list[T]]:
    """The first 36 cards of ``deck`` (top first) by seat, each in the order it was dealt:
    packets of ``packet`` cards clockwise from eldest until each seat has 12."""
    hands: tuple[list[T], list[T], list[T]] = ([], [], [])
    order = from_eldest(dealer)
    for k, start in enumerate(range(0, 36, packet)):
        hands[order[k % 3]].extend(deck[start : start + packet])
    return hands


def stack_deck(
    hands: Mapping[int, Sequence[T]], turn_up: T, stock: Sequence[T], dealer: int, packet: int
) -> list[T]:
    """The inverse of :func:`packets`: a deck, top first, that deals these 12-card hands, then
    turns ``turn_up`` and leaves ``stock``."""
    order = from_eldest(dealer)
    deck: list[T] = []
    for k in range(0, 12, packet):
        for seat in order:
            deck += hands[seat][k : k + packet]
    return [*deck, turn_up, *stock]


#: The positions in the deck (top first) of each seat's twelve cards, by packet size and dealer.
_POSITIONS: dict[int, tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = {}


def deal_hands(rules: Rules, dealer: int, deck: tuple[int, ...]) -> tuple[int, int, int]:
    """The three hands (masks) that ``deck`` (44 distinct indices, top first) deals."""
    key = rules.packet * 3 + dealer
    at = _POSITIONS.get(key)
    if at is None:
        by_seat = packets(range(36), dealer, rules.packet)
        at = _POSITIONS[key] = (tuple(by_seat[0]), tuple(by_seat[1]), tuple(by_seat[2]))
    bit = _BIT
    h0 = h1 = h2 = 0
    for i in at[0]:
        h0 |= bit[deck[i]]
    for i in at[1]:
        h1 |= bit[deck[i]]
    for i in at[2]:
        h2 |= bit[deck[i]]
    return (h0, h1, h2)


def forget() -> None:
    """Drop the remembered positions of the hands in the deck (the tests start from nothing)."""
    _POSITIONS.clear()


#: ``1 << c`` for each card index ``c``.
_BIT: Final = tuple(1 << c for c in range(44))


def trumps_of(turn_up: int) -> int:
    """Trumps: the suit of the turned-up card."""
    return turn_up // 11


def stock_of(deck: tuple[int, ...]) -> int:
    """The mask of the stock: the 7 cards under the turn-up."""
    m = 0
    for c in deck[37:]:
        m |= 1 << c
    return m


def turn_up_payments(rules: Rules, turn_up: int, dealer: int) -> tuple[Payment, ...]:
    """A turned Tiddy (or Towser/Tumbler where they are paid) is paid by each opponent; with
    ``turn_up.double_when_turned`` a turned Towser or Tumbler pays twice its held value.

    >>> from gleek.profile import load_profile
    >>> from gleek.stages.rules import rules_of
    >>> [str(p) for p in turn_up_payments(rules_of(load_profile("parlett")), 0, dealer=2)]
    ['0 -> 2: 4 [turn-up] (turned tiddy)', '1 -> 2: 4 [turn-up] (turned tiddy)']
    """
    rank = rank_index(turn_up)
    for i in range(len(SMALL_TRUMPS)):
        name, small = SMALL_TRUMPS[i]
        if small - 4 == rank:
            doubled = rules.turn_double and i > 0  # a turned Tiddy pays its own value
            amount = 2 * rules.small[i] if doubled else rules.turn_small[i]
            reason = name
            break
    else:
        return ()
    if amount <= 0:
        return ()
    return tuple(
        [Payment((dealer + k) % 3, dealer, amount, "turn-up", f"turned {reason}") for k in (1, 2)]
    )


def turn_up_points(rules: Rules, turn_up: int) -> int:
    """Honour points of a turned A, K, Q or J, counted for the dealer (0 for any other card,
    or where the profile gives the dealer nothing)."""
    return rules.turn_honour[turn_up % 11]
