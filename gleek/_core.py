"""What the engine's state node is built from, with no rule in it: the phases as ints, the
interned action tables by holding, and :class:`Deal`, what one deal fixes for all its states.

Private: :mod:`gleek.state` builds the public :class:`~gleek.state.State` on it, and the rules
are the stage functions of :mod:`gleek.stages`. Written for mypyc (the optional compiled build):
plain classes with typed fields, module-level constant tables, ints for phases; the same source
runs as plain Python when no compiler is at hand.
"""

from __future__ import annotations

from typing import Final, TypeVar

from gleek.actions import BIDS, DISCARD, PLAY, Action, Phase
from gleek.stages.deal import stock_of, trumps_of
from gleek.stages.rules import Rules
from gleek.stages.stock import discard_keep
from gleek.stages.tricks import play_scores, strength

# The phases as ints (an enum member is a slow global lookup); PHASES gives the public Phase.
AUCTION: Final = 0
DISCARD_PHASE: Final = 1
RUFF: Final = 2
PLAY_PHASE: Final = 3
OVER: Final = 4
PHASES: Final[tuple[Phase, ...]] = (
    Phase.AUCTION,
    Phase.DISCARD,
    Phase.RUFF,
    Phase.PLAY,
    Phase.OVER,
)

_M11: Final = 0x7FF
_T = TypeVar("_T")


def _subsets(items: tuple[_T, ...]) -> tuple[tuple[_T, ...], ...]:
    """The items picked by every 11-bit mask, low bits first: each mask's tuple is its lowest
    bit's item before the tuple of the mask without that bit (one step a mask, not eleven)."""
    out: list[tuple[_T, ...]] = [()]
    for sub in range(1, 1 << 11):
        low = sub & -sub
        out.append((items[low.bit_length() - 1],) + out[sub ^ low])
    return tuple(out)


def _suit_tables(table: tuple[Action, ...]) -> tuple[tuple[tuple[Action, ...], ...], ...]:
    """For each suit, the actions of every 11-bit holding of it, low cards first."""
    return tuple(_subsets(table[11 * s : 11 * s + 11]) for s in range(4))


def _cards_by_suit() -> tuple[tuple[tuple[int, ...], ...], ...]:
    return tuple(_subsets(tuple(range(11 * s, 11 * s + 11))) for s in range(4))


PLAY_BY_SUIT: Final = _suit_tables(PLAY)
_S0: Final = PLAY_BY_SUIT[0]
_S1: Final = PLAY_BY_SUIT[1]
_S2: Final = PLAY_BY_SUIT[2]
_S3: Final = PLAY_BY_SUIT[3]
# Built on first use (not at import): the discard actions and the card indices by holding.
_LAZY: dict[str, tuple[tuple[tuple[object, ...], ...], ...]] = {}


def _discard_tables() -> tuple[tuple[tuple[Action, ...], ...], ...]:
    t = _LAZY.get("discard")
    if t is None:
        t = _LAZY["discard"] = _suit_tables(DISCARD)
    return t  # type: ignore[return-value]


def card_tables() -> tuple[tuple[tuple[int, ...], ...], ...]:
    t = _LAZY.get("cards")
    if t is None:
        t = _LAZY["cards"] = _cards_by_suit()
    return t  # type: ignore[return-value]


def play_actions(mask: int) -> tuple[Action, ...]:
    """The play actions of every card in ``mask``, suit by suit, low cards first."""
    return _S0[mask & _M11] + _S1[(mask >> 11) & _M11] + _S2[(mask >> 22) & _M11] + _S3[mask >> 33]


def discard_actions(mask: int) -> tuple[Action, ...]:
    """The discard actions of every card in ``mask``, suit by suit, low cards first."""
    t = _discard_tables()
    return (
        t[0][mask & _M11] + t[1][(mask >> 11) & _M11] + t[2][(mask >> 22) & _M11] + t[3][mask >> 33]
    )


def hand_cards(mask: int) -> tuple[int, ...]:
    """The card indices in ``mask``, suit by suit, low cards first."""
    t = card_tables()
    return (
        t[0][mask & _M11] + t[1][(mask >> 11) & _M11] + t[2][(mask >> 22) & _M11] + t[3][mask >> 33]
    )


def bid_action(bid: int) -> Action:
    """The (interned, where it can be) action of bidding ``bid``."""
    return BIDS[bid] if bid < len(BIDS) else Action("bid", bid)


class Deal:
    """What one deal fixes for all its states: the cards as dealt, the dealer, trumps, the
    opening ruff stake, the profile's flattened rules (:class:`~gleek.stages.rules.Rules`) and
    what they give for this deal's trumps."""

    __slots__ = (
        "dealer",
        "dealt",
        "deck",
        "honour",
        "keep",
        "key",
        "on_play",
        "play_high",
        "profile",
        "ruff_stake",
        "rules",
        "stock_mask",
        "trumps",
        "turn_up",
    )

    def __init__(
        self,
        rules: Rules,
        dealer: int,
        deck: tuple[int, ...],
        dealt: tuple[int, int, int],
        stake: int,
    ) -> None:
        self.rules: Final = rules
        self.profile: Final = rules.profile
        self.dealer: Final = dealer
        self.deck: Final = deck
        self.dealt: Final = dealt
        turn_up = deck[36]
        self.turn_up: Final = turn_up
        trumps = trumps_of(turn_up)
        self.trumps: Final = trumps
        self.stock_mask: Final = stock_of(deck)
        self.ruff_stake: Final = stake
        self.play_high: Final = rules.play_high
        #: honour points of each card (0 unless an honour of trumps)
        self.honour: Final[tuple[int, ...]] = rules.honour[trumps]
        #: what playing each card scores for its player at once (gleek.stages.tricks.play_points)
        self.on_play: Final[tuple[int, ...]] = play_scores(rules, self.honour)
        #: a card's strength in a trick (gleek.stages.tricks.strength)
        self.key: Final[tuple[int, ...]] = strength(trumps)
        #: the cards the buyer may discard (gleek.stages.stock.discard_keep)
        self.keep: Final[int] = discard_keep(rules, trumps)

    def signature(self) -> tuple[int, tuple[int, int, int], int, int, int]:
        """What makes two deals the same game: the dealer, the hands, the turn-up, the stock and
        the opening stake (not the order of the cards within a hand)."""
        return (self.dealer, self.dealt, self.turn_up, self.stock_mask, self.ruff_stake)
