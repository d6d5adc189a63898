"""Actions and phases: what a player does, and where the deal is. Actions are interned, so the
engine compares them by identity; :mod:`gleek.state` re-exports both.

>>> Action.parse("play 10h"), str(Action.bid(13))
(Action.parse('play 10H'), 'bid 13')
"""

from __future__ import annotations

import enum
from typing import Any, Final, assert_never

import attrs

from gleek._args import check_int, check_type, type_name
from gleek.cards import CARDS, Card
from gleek.errors import ArgumentError, ArgumentTypeError
from gleek.limits import MAX_DIGITS

__all__ = ["Action", "Kind", "Phase", "RuffWord"]


class Phase(enum.Enum):
    """The stage a deal is in; sets and small-trump payments happen between ruff and play."""

    AUCTION = "auction"
    DISCARD = "discard"
    RUFF = "ruff"
    PLAY = "play"
    OVER = "over"


class Kind(enum.StrEnum):
    """What an action is: its first word as the record format and :meth:`Action.parse` write
    it. A new kind is added here, and mypy then names every ``match`` that must handle it."""

    BID = "bid"
    PASS = "pass"
    DISCARD = "discard"
    WAIT = "wait"
    VIE = "vie"
    SEE = "see"
    REVIE = "revie"
    DOUBLE = "double"
    PLAY = "play"


class RuffWord(enum.StrEnum):
    """What a player may say in the ruff (``pass`` serves the auction too)."""

    WAIT = "wait"
    VIE = "vie"
    PASS = "pass"
    SEE = "see"
    REVIE = "revie"
    DOUBLE = "double"


_KINDS: Final = tuple(k.value for k in Kind)
#: the ruff's own words (not ``pass``, which the auction says too)
RUFF_WORDS: Final = frozenset(w.value for w in RuffWord if w is not RuffWord.PASS)


def describe(kind: Kind) -> str:
    """What an action of ``kind`` does, in a few words (for messages and captions)."""
    match kind:
        case Kind.BID:
            return "bids for the stock"
        case Kind.PASS:
            return "passes"
        case Kind.DISCARD:
            return "lays out a card"
        case Kind.WAIT:
            return "waits"
        case Kind.VIE:
            return "vies"
        case Kind.SEE:
            return "sees"
        case Kind.REVIE:
            return "revies"
        case Kind.DOUBLE:
            return "doubles"
        case Kind.PLAY:
            return "plays"
        case _:  # pragma: no cover - mypy checks that every kind is handled
            assert_never(kind)


def _kind(value: object) -> Kind:
    if isinstance(value, str) and value in _KINDS:
        return Kind(value)
    raise ArgumentError(f"kind must be one of {', '.join(_KINDS)}; not {value!r}")


def card_arg(name: str, card: object) -> Card:
    """``card`` (a Card or its text) as a :class:`Card`, or the library's error naming ``name``."""
    if isinstance(card, Card):
        return card
    if isinstance(card, str):
        return Card.parse(card)
    raise ArgumentTypeError(
        f"{name} must be a Card or a card's text like 'AS', not {type_name(card)} ({card!r:.60})"
    )


@attrs.frozen(repr=False)
class Action:
    """One thing a player does: ``bid 13``, ``pass``, ``discard AH``, ``wait``, ``vie``,
    ``see``, ``revie``, ``play 10H``. ``pass`` serves the auction and the ruff alike.

    ``kind`` is one of ``bid pass discard wait vie see revie play``; ``amount`` is set for a bid,
    ``card`` for a discard or a play. Actions are interned: build them with the constructors
    below (or :meth:`parse`), compare them with ``==``.

    >>> Action.parse("play 10h"), str(Action.bid(13)), Action.play("AS")
    (Action.parse('play 10H'), 'bid 13', Action.parse('play AS'))
    """

    kind: Kind = attrs.field(converter=_kind)
    amount: int | None = None
    card: Card | None = None

    def __attrs_post_init__(self) -> None:
        if self.kind == "bid":
            check_int("amount", self.amount, low=0)
        elif self.amount is not None:
            raise ArgumentError(f"only a bid has an amount, not {self.kind}")
        if self.kind in ("play", "discard"):
            check_type("card", self.card, Card, "a Card")
        elif self.card is not None:
            raise ArgumentError(f"only a play or a discard has a card, not {self.kind}")

    def __str__(self) -> str:
        if self.kind == "bid":
            return f"bid {self.amount}"
        if self.card is not None:
            return f"{self.kind} {self.card}"
        return self.kind.value

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        """Actions are interned: one unpickles (or copies) as the same object."""
        return (_action, (self.kind, self.amount, self.card))

    @staticmethod
    def bid(amount: int) -> Action:
        """A bid of ``amount`` chips for the stock (a whole number, at least 0)."""
        if type(amount) is int and 0 <= amount < len(_BIDS):
            return _BIDS[amount]
        return Action("bid", check_int("amount", amount, low=0))

    @staticmethod
    def play(card: Card | str) -> Action:
        """Playing ``card`` (a :class:`Card` or its text, e.g. ``"AS"``) to the trick."""
        return _PLAY[card_arg("card", card).index]

    @staticmethod
    def discard(card: Card | str) -> Action:
        """The buyer putting out ``card`` (a :class:`Card` or its text)."""
        return _DISCARD[card_arg("card", card).index]

    @staticmethod
    def word(word: str) -> Action:
        """``pass``, ``wait``, ``vie``, ``see``, ``revie`` or ``double``."""
        check_type("word", word, str, "a str")
        if word.lower() not in _WORDS:
            raise ArgumentError(f"word must be one of {', '.join(_WORDS)}; not {word!r}")
        return _WORDS[word.lower()]

    @staticmethod
    def parse(text: str) -> Action:
        """The action written as :meth:`__str__` writes it (case-insensitive)."""
        check_type("text", text, str, "a str like 'bid 12', 'pass' or 'play AS'")
        raw = text.strip().split()
        parts = [p.lower() for p in raw]
        if len(parts) == 1 and parts[0] in _WORDS:
            return _WORDS[parts[0]]
        if len(parts) == 2 and parts[0] == "bid" and parts[1].isascii() and parts[1].isdigit():
            if len(parts[1].lstrip("0")) > MAX_DIGITS:  # before int(), which refuses 4,300
                raise ArgumentError(
                    f"not an action: {text!r:.60}: a bid of more than {MAX_DIGITS} digits"
                )
            return Action.bid(int(parts[1]))
        if len(parts) == 2 and parts[0] in ("play", "discard"):
            c = Card.parse(raw[1])
            return _PLAY[c.index] if parts[0] == "play" else _DISCARD[c.index]
        raise ArgumentError(
            f"not an action: {text!r:.60} (write bid N, pass, discard CARD, wait, vie, see, "
            "revie, double or play CARD)"
        )


_BIDS: Final = tuple(Action("bid", n) for n in range(256))  # interned, like the cards
_PLAY: Final = tuple(Action("play", None, c) for c in CARDS)
_DISCARD: Final = tuple(Action("discard", None, c) for c in CARDS)
_WORDS: Final = {w: Action(w) for w in ("pass", "wait", "vie", "see", "revie", "double")}
PASS: Final = _WORDS["pass"]


def _action(kind: str, amount: int | None, card: Card | None) -> Action:
    """The interned action (a bid beyond the interned ones is built again)."""
    if card is not None:
        return (_PLAY if kind == "play" else _DISCARD)[card.index]
    if kind == "bid":
        assert amount is not None
        return Action.bid(amount)
    return _WORDS[kind]


def action_arg(action: object) -> Action:
    """``action`` (an Action or its text) as an :class:`Action`, or the library's error."""
    if isinstance(action, Action):
        return action
    if isinstance(action, str):
        return Action.parse(action)
    raise ArgumentTypeError(
        f"action must be an Action or its text like 'bid 12', not {type_name(action)} "
        f"({action!r:.60})"
    )


# The interned tables under the names the engine's core imports.
BIDS: Final = _BIDS
PLAY: Final = _PLAY
DISCARD: Final = _DISCARD
WORDS: Final = _WORDS
