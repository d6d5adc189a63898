"""Stage 5: the twelve tricks - first lead, following suit, play-high, the trick's winner.

Follow suit if you can, otherwise any card; no duty to trump or to win. With play-high, a player
following suit must play the highest card held in that suit. The highest trump wins; if none,
the highest card of the suit led. The winner leads next. (Cotton is silent on all of this: see
"Where the sources are silent", ``tricks-cotton``.) Honours of trumps score for the player
who plays them, or (in some profiles) for the winner of the trick; each trick scores its points
for its winner.

A card is its index ``suit * 11 + rank - 4``, a hand a mask; ``led`` is the suit of the card
led, -1 before the lead.

>>> legal_mask(0b111 << 11 | 1, -1, False) == 0b111 << 11 | 1     # leading: anything
True
>>> verify_play(0b111 << 11 | 1, 0, False, 11).code              # a heart to a spade lead
'revoke'
>>> trick_winner(strength(1), 11 + 7, 11 + 9, 11 + 3, 0)          # J, K, 7 of hearts (trumps)
1
"""

from __future__ import annotations

from typing import Final

from gleek.cards import CARDS, SUITS
from gleek.stages.common import Refusal, left_of
from gleek.stages.rules import Rules

__all__ = [
    "TRUMP",
    "card_power",
    "first_leader",
    "legal_mask",
    "play_points",
    "play_scores",
    "power",
    "strength",
    "trick_points",
    "trick_winner",
    "verify_play",
]


def first_leader(rules: Rules, dealer: int, buyer: int) -> int:
    """Who leads to the first trick: eldest, or the buyer, per profile."""
    return buyer if rules.first_lead_buyer else left_of(dealer)


def legal_mask(hand: int, led: int, play_high: bool) -> int:
    """The cards of ``hand`` that may be played to a trick led in suit ``led`` (-1: leading)."""
    if led < 0:
        return hand
    follow = hand & (_M11 << (11 * led))  # the cards of the suit led
    if not follow:
        return hand
    if play_high:
        return 1 << (follow.bit_length() - 1)
    return follow


def verify_play(hand: int, led: int, play_high: bool, c: int) -> Refusal | None:
    """Why card ``c`` may not be played: ``card-not-in-hand``, ``revoke`` (not following the
    suit led while holding it) or ``not-highest`` (play-high), with the card, the suit led and
    the highest card ``held`` in it; None if it may."""
    if not hand >> c & 1:
        return Refusal("card-not-in-hand", "card-not-in-hand", {"card": CARDS[c]})
    if led < 0:
        return None
    follow = hand & (_M11 << (11 * led))
    if not follow:
        return None
    top = follow.bit_length() - 1
    if not follow >> c & 1:
        code = "revoke"
    elif play_high and top != c:
        code = "not-highest"
    else:
        return None
    return Refusal(code, code, {"card": CARDS[c], "suit": SUITS[led], "held": CARDS[top]})


_M11: Final = 0x7FF  # the 11 cards of a suit, as the low bits of a mask

#: What a trump adds to a card's strength (:func:`strength`): a strength of TRUMP or more is a
#: trump's.
TRUMP: Final = 100

#: a card's strength in a trick, by trumps: its index, TRUMP more for a trump
_STRENGTH: Final = tuple(
    [tuple([TRUMP + c if c // 11 == t else c for c in range(44)]) for t in range(4)]
)


def strength(trumps: int) -> tuple[int, ...]:
    """Each card's strength in a trick when ``trumps`` is trumps: trumps above everything,
    then by rank (a card of neither the suit led nor trumps never wins: see
    :func:`trick_winner`)."""
    return _STRENGTH[trumps]


def trick_winner(key: tuple[int, ...], c0: int, c1: int, c2: int, leader: int) -> int:
    """The seat that wins the trick ``c0, c1, c2`` led by ``leader``: the highest trump, else
    the highest card of the suit led (``key`` is :func:`strength` of trumps)."""
    led = c0 // 11
    best, winner = key[c0], leader
    k1 = key[c1] if c1 // 11 == led or key[c1] >= TRUMP else -1
    if k1 > best:
        best, winner = k1, (leader + 1) % 3
    k2 = key[c2] if c2 // 11 == led or key[c2] >= TRUMP else -1
    if k2 > best:
        winner = (leader + 2) % 3
    return winner


def power(key: tuple[int, ...], c: int, led: int) -> int:
    """How high card ``c`` stands in a trick led in suit ``led`` (``key`` is :func:`strength`
    of trumps): its strength if it is a trump or of the suit led, else -1 (it cannot win).
    :func:`trick_winner` compares the cards of a trick by it."""
    k = key[c]
    return k if c // 11 == led or k >= TRUMP else -1


def card_power(trumps: int, led: int, c: int) -> int:
    """:func:`power` counted by rank alone, for comparing cards of different suits as a
    player weighs them: a trump 12 + its rank index (above any other card), a card of the suit
    led 1 + its rank index, any other card 0 (it cannot win). Two cards of one suit are in the
    order of :func:`power`.

    >>> card_power(1, 0, 11 + 10), card_power(1, 0, 10), card_power(1, 0, 33)   # AH, AS, 4C
    (22, 11, 0)
    """
    if c // 11 == trumps:
        return 12 + c % 11
    return 1 + c % 11 if c // 11 == led else 0


#: nothing for any card
_NOTHING: Final[tuple[int, ...]] = (0,) * 44


def play_scores(rules: Rules, honour: tuple[int, ...]) -> tuple[int, ...]:
    """What playing each card scores for its player at once: its honour points where honours
    go to the player (``honour`` is the profile's honour table for this deal's trumps), else
    nothing. The engine reads a deal's table once dealt."""
    return honour if rules.to_player else _NOTHING


def play_points(rules: Rules, honour: tuple[int, ...], c: int) -> int:
    """What playing ``c`` scores for its player at once (:func:`play_scores` of ``c``)."""
    return play_scores(rules, honour)[c]


def trick_points(
    rules: Rules, honour: tuple[int, ...], c0: int, c1: int, c2: int, done: int
) -> int:
    """What the trick ``c0, c1, c2`` scores for its winner, ``done`` tricks having been played
    before it (0 to 11: what a rule for one trick of the deal reads): the trick's points, and
    its honours where honours go to the winner."""
    if rules.to_player:
        return rules.trick_points
    return rules.trick_points + honour[c0] + honour[c1] + honour[c2]
