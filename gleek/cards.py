"""Suits, ranks and cards: the 44-card Gleek deck, parsed and formatted as record format 1 says.

>>> Card.parse("10h")
Card.parse('10H')
>>> str(Card.parse("T♥")), str(Card.parse("as"))
('10H', 'AS')
>>> len(DECK), DECK[0], DECK[-1]
(44, Card.parse('AS'), Card.parse('4C'))
>>> Rank.ACE > Rank.KING > Rank.FOUR
True
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Any, Final

import attrs

from gleek._args import items_arg, items_of
from gleek.errors import CardError
from gleek.i18n import ngettext

__all__ = [
    "CARDS",
    "DECK",
    "Card",
    "Rank",
    "Suit",
    "cards_of_mask",
    "format_cards",
    "mask_of",
    "parse_cards",
]


class Suit(enum.Enum):
    """The four suits, in the deck's canonical order (spades, hearts, diamonds, clubs)."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        """The suit sign: ``♠ ♥ ♦ ♣``."""
        return _SYMBOLS[self]

    @property
    def index(self) -> int:
        """0 to 3, in canonical order."""
        return _SUIT_INDEX[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """A suit from ``S H D C`` or ``♠ ♥ ♦ ♣``, either case."""
        try:
            return _SUIT_TEXT[text.strip().upper()]
        except (KeyError, AttributeError):
            raise CardError(text, "not a suit") from None

    def __str__(self) -> str:
        return self.value


_SYMBOLS: Final = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_INDEX: Final = {s: i for i, s in enumerate(Suit)}
_SUIT_TEXT: Final = {**{s.value: s for s in Suit}, **{v: k for k, v in _SYMBOLS.items()}}
SUITS: Final = tuple(Suit)


class Rank(enum.IntEnum):
    """Ranks from the four (low) to the ace (high); the value orders them in play."""

    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        """``A K Q J 10 9 ... 4``."""
        return _RANK_SYMBOL[self]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """A rank from ``A K Q J 10 T 9 ... 4``, either case."""
        try:
            return _RANK_TEXT[text.strip().upper()]
        except (KeyError, AttributeError):
            raise CardError(text, "not a rank") from None

    def __str__(self) -> str:
        return self.symbol


_RANK_SYMBOL: Final = {
    **{r: str(r.value) for r in Rank if r.value <= 10},
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
}
_RANK_TEXT: Final = {**{v: k for k, v in _RANK_SYMBOL.items()}, "T": Rank.TEN}
RANKS_HIGH_FIRST: Final = tuple(sorted(Rank, reverse=True))


@attrs.frozen(order=False, repr=False)
class Card:
    """One of the 44 cards. Compare by identity of rank and suit; order by :attr:`index`.

    ``index`` is the engine's number for the card: ``suit.index * 11 + rank - 4``, so within a
    suit a higher index is a higher card, and a hand is a 44-bit mask of indices.
    """

    rank: Rank
    suit: Suit
    index: int = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "index", _SUIT_INDEX[self.suit] * 11 + int(self.rank) - 4)

    @classmethod
    def parse(cls, text: object) -> Card:
        """Parse ``AH``, ``10h``, ``T♥``, ``4♣``; raise :class:`CardError` naming the text."""
        if not isinstance(text, str):
            raise CardError(text, "a card is written as a string")
        try:
            return _CARD_TEXT[text.strip().upper()]
        except KeyError:
            raise CardError(text) from None

    def __str__(self) -> str:
        return f"{self.rank.symbol}{self.suit.value}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        """Cards are interned: one unpickles (or copies) as the same object."""
        return (_card, (self.index,))

    @property
    def pretty(self) -> str:
        """The card with its suit sign, e.g. ``10♥``."""
        return f"{self.rank.symbol}{self.suit.symbol}"


def _card(index: int) -> Card:
    return CARDS[index]


# CARDS[i] is the card whose engine index is i (suit-major, rank ascending).
CARDS: Final[tuple[Card, ...]] = tuple(Card(rank, suit) for suit in Suit for rank in Rank)
#: The canonical deck order: spades, hearts, diamonds, clubs; A high to 4 low within each.
DECK: Final[tuple[Card, ...]] = tuple(
    CARDS[_SUIT_INDEX[suit] * 11 + rank - 4] for suit in Suit for rank in RANKS_HIGH_FIRST
)
_CARD_TEXT: Final = {
    f"{rt}{st}": CARDS[_SUIT_INDEX[suit] * 11 + rank - 4]
    for rank in Rank
    for rt in ([rank.symbol, "T"] if rank is Rank.TEN else [rank.symbol])
    for suit in Suit
    for st in (suit.value, suit.symbol)
}


def parse_cards(texts: Iterable[object]) -> tuple[Card, ...]:
    """Parse each text of a list (any iterable but a str) with :meth:`Card.parse`.

    >>> parse_cards(["AH", "10h"])
    (Card.parse('AH'), Card.parse('10H'))
    """
    given = items_arg("texts", texts, "a list of card texts like ['AH', '10H']")
    return tuple([Card.parse(t) for t in given])


def n_cards(n: int) -> str:
    """``"1 card"``, ``"0 cards"``, ``"12 cards"``: a count of cards in words."""
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def format_cards(cards: Iterable[Card]) -> str:
    """Cards (a list or any iterable of :class:`Card`, never their texts) as space-separated
    ASCII text, e.g. ``AH 10H 4C``.

    >>> format_cards(parse_cards(["ah", "T♥"]))
    'AH 10H'
    """
    return " ".join([str(c) for c in cards_arg(cards)])


def cards_arg(cards: object) -> tuple[Card, ...]:
    """``cards`` checked: a list (any iterable but a text) of :class:`Card`, never their texts;
    as a tuple. :class:`~gleek.errors.ArgumentTypeError` naming the first that is not one."""
    return items_of(
        "cards", cards, "a list of Cards", Card, "a Card (parse a card's text with Card.parse)"
    )


def mask_of(cards: Iterable[Card]) -> int:
    """The 44-bit mask of these cards (bit ``card.index``)."""
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def cards_of_mask(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, highest first within each suit, suits in canonical order."""
    # four look-ups, a suit's 11 bits each, in tables filled as masks are met
    s, h, d, c = _BY_SUIT
    spades = s[mask & 0x7FF]
    hearts = h[(mask >> 11) & 0x7FF]
    diamonds = d[(mask >> 22) & 0x7FF]
    clubs = c[(mask >> 33) & 0x7FF]
    if spades is None or hearts is None or diamonds is None or clubs is None:
        spades, hearts, diamonds, clubs = (
            _suit_cards(suit, (mask >> (11 * suit)) & 0x7FF) for suit in range(4)
        )
    return spades + hearts + diamonds + clubs


#: by suit, the cards of each 11-bit mask of that suit's ranks (None until first asked for)
_BY_SUIT: Final[tuple[list[tuple[Card, ...] | None], ...]] = tuple([None] * 0x800 for _ in range(4))


def _suit_cards(suit: int, held: int) -> tuple[Card, ...]:
    """The cards of ``held`` (a suit's 11 bits), highest first: remembered in ``_BY_SUIT``."""
    table = _BY_SUIT[suit]
    known = table[held]
    if known is None:
        base = suit * 11
        out: list[Card] = []
        rest = held
        while rest:  # the highest card left in the suit, one step a card held
            top = rest.bit_length() - 1
            out.append(CARDS[base + top])
            rest ^= 1 << top
        known = table[held] = tuple(out)
    return known
