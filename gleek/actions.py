"""Actions: what a player does. Interned, so the engine compares them by identity.

>>> Action.parse("play 10h"), str(Action.bid(13))
(Action.parse('play 10H'), 'bid 13')
"""

from __future__ import annotations

from typing import Final

import attrs

from gleek.cards import CARDS, Card

__all__ = ["Action"]


@attrs.frozen(repr=False)
class Action:
    """One thing a player does: ``bid 13``, ``pass``, ``discard AH``, ``wait``, ``vie``,
    ``see``, ``revie``, ``play 10H``. ``pass`` serves the auction and the ruff alike."""

    kind: str
    amount: int | None = None
    card: Card | None = None

    def __str__(self) -> str:
        if self.kind == "bid":
            return f"bid {self.amount}"
        if self.card is not None:
            return f"{self.kind} {self.card}"
        return self.kind

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @staticmethod
    def bid(amount: int) -> Action:
        return BIDS[amount] if 0 <= amount < len(BIDS) else Action("bid", amount)

    @staticmethod
    def play(card: Card) -> Action:
        return PLAY[card.index]

    @staticmethod
    def discard(card: Card) -> Action:
        return DISCARD[card.index]

    @staticmethod
    def word(word: str) -> Action:
        """``pass``, ``wait``, ``vie``, ``see`` or ``revie``."""
        if word not in WORDS:
            raise ValueError(f"not a word of the game: {word!r}; valid: {', '.join(WORDS)}")
        return WORDS[word]

    @staticmethod
    def parse(text: str) -> Action:
        """The action written as :meth:`__str__` writes it (case-insensitive)."""
        raw = text.strip().split()
        parts = [p.lower() for p in raw]
        if len(parts) == 1 and parts[0] in WORDS:
            return WORDS[parts[0]]
        if len(parts) == 2 and parts[0] == "bid" and parts[1].isdigit():
            return Action.bid(int(parts[1]))
        if len(parts) == 2 and parts[0] in ("play", "discard"):
            c = Card.parse(raw[1])
            return PLAY[c.index] if parts[0] == "play" else DISCARD[c.index]
        raise ValueError(
            f"not an action: {text!r} (write bid N, pass, discard CARD, wait, vie, see, revie "
            "or play CARD)"
        )


BIDS: Final = tuple(Action("bid", n) for n in range(256))  # interned, like the cards
PLAY: Final = tuple(Action("play", None, c) for c in CARDS)
DISCARD: Final = tuple(Action("discard", None, c) for c in CARDS)
WORDS: Final = {w: Action(w) for w in ("pass", "wait", "vie", "see", "revie")}
PASS: Final = WORDS["pass"]
