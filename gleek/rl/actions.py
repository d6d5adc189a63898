"""One fixed action space for every profile: integers ``0`` to ``N_ACTIONS - 1``.

============  ===========  ==========================================================
indices       count        meaning
============  ===========  ==========================================================
0             1            ``pass`` (the auction, or dropping out of the ruff)
1-8           8            bids: slot ``k`` is the ``k``-th lowest bid legal now (every
                           shipped profile allows one bid at a time: the opening bid,
                           then the last bid raised by the increment; the other slots
                           are room for rules that allow more)
9-16          8            ruff words: ``wait``, ``vie``, ``see``, ``revie``, then
                           :data:`EXTRA_WORDS` (``double``, Cotton's youngest hand)
                           and room for 3 more
17-60         44           ``discard CARD``, cards in :data:`gleek.DECK` order
                           (spades, hearts, diamonds, clubs; Ace high to 4 low)
61-104        44           ``play CARD``, the same order
============  ===========  ==========================================================

>>> import gleek
>>> s = gleek.new_deal(gleek.load_profile("parlett"), dealer=2, seed=7)
>>> legal = gleek.legal_actions(s)
>>> [action_index(a, legal) for a in legal], index_action(1, legal)
([1], Action.parse('bid 12'))
>>> index_action(61, ()), index_action(104, ())
(Action.parse('play AS'), Action.parse('play 4C'))
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from gleek.cards import CARDS, DECK, Card
from gleek.errors import ArgumentError
from gleek.state import Action

__all__ = [
    "ACTION_LAYOUT",
    "BID_SLOTS",
    "EXTRA_WORDS",
    "ILLEGAL_POLICIES",
    "N_ACTIONS",
    "WORDS",
    "action_index",
    "action_mask",
    "check_index",
    "check_policy",
    "find_legal",
    "index_action",
    "legal_action",
    "on_illegal",
]

BID_SLOTS: Final = 8
WORDS: Final = ("wait", "vie", "see", "revie")
EXTRA_WORDS: Final[tuple[str, ...]] = ("double",)  # new ruff words are appended, in order
_WORD_SLOTS: Final = 8
assert len(WORDS) + len(EXTRA_WORDS) <= _WORD_SLOTS

PASS_AT: Final = 0
BID_AT: Final = 1
WORD_AT: Final = BID_AT + BID_SLOTS
DISCARD_AT: Final = WORD_AT + _WORD_SLOTS
PLAY_AT: Final = DISCARD_AT + 44
N_ACTIONS: Final = PLAY_AT + 44

ACTION_LAYOUT: Final = (
    ("pass", PASS_AT, 1),
    ("bid", BID_AT, BID_SLOTS),
    ("word", WORD_AT, _WORD_SLOTS),
    ("discard", DISCARD_AT, 44),
    ("play", PLAY_AT, 44),
)
"""``(name, first index, count)`` for each block of the action space."""

DECK_POS: Final = tuple(DECK.index(c) for c in CARDS)
"""A card's place in :data:`gleek.DECK` by its ``index`` (a look-up without hashing the card),
for the action space here and the observation vector of :mod:`gleek.rl.tensor`."""
_WORD_INDEX: Final = {w: WORD_AT + i for i, w in enumerate((*WORDS, *EXTRA_WORDS))}


def _fixed_actions() -> tuple[Action | None, ...]:
    """By index, the action each index stands for whatever is legal (all but the bid slots and
    the spare word slots, which are None): the engine's interned actions."""
    out: list[Action | None] = [None] * N_ACTIONS
    out[PASS_AT] = Action.word("pass")
    for word, i in _WORD_INDEX.items():
        out[i] = Action.word(word)
    for k, card in enumerate(DECK):
        out[DISCARD_AT + k] = Action.discard(card)
        out[PLAY_AT + k] = Action.play(card)
    return tuple(out)


_FIXED: Final = _fixed_actions()
#: ``id`` of each action of ``_FIXED`` -> its index: a look-up without hashing the action (the
#: actions are held by ``_FIXED`` for good, so an ``id`` here is never another object's)
_FIXED_INDEX: Final = {id(a): i for i, a in enumerate(_FIXED) if a is not None}


def _card_pos(card: Card | None) -> int:
    assert card is not None
    return DECK_POS[card.index]


def action_index(action: Action, legal: Sequence[Action]) -> int:
    """The index of ``action``; ``legal`` (the legal actions now) places bids in their slot."""
    fixed = _FIXED_INDEX.get(id(action))
    if fixed is not None:
        return fixed
    kind = action.kind
    if kind == "pass":
        return PASS_AT
    if kind == "play":
        return PLAY_AT + _card_pos(action.card)
    if kind == "discard":
        return DISCARD_AT + _card_pos(action.card)
    if kind == "bid":
        bids = sorted(a.amount or 0 for a in legal if a.kind == "bid")
        if action.amount not in bids:
            raise ArgumentError(f"{action} is not among the legal bids {bids}")
        k = bids.index(action.amount or 0)
        if k >= BID_SLOTS:  # pragma: no cover - no shipped profile allows two bids at once
            raise ArgumentError(f"{action}: more than {BID_SLOTS} bids legal at once")
        return BID_AT + k
    if kind in _WORD_INDEX:
        return _WORD_INDEX[kind]
    raise ArgumentError(  # pragma: no cover - every word of the engine has a slot (tested)
        f"action {action} has no place in the action space; add its word to "
        "gleek.rl.actions.EXTRA_WORDS"
    )


def index_action(index: int, legal: Sequence[Action]) -> Action:
    """The action an index stands for now (bids need ``legal``, the legal actions now)."""
    if not isinstance(index, int | np.integer) or not 0 <= int(index) < N_ACTIONS:
        raise ArgumentError(f"action index must be 0 to {N_ACTIONS - 1}, not {index!r}")
    i = int(index)
    fixed = _FIXED[i]
    if fixed is not None:
        return fixed
    if i >= WORD_AT:
        raise ArgumentError(f"action index {i} is a spare ruff-word slot")
    bids = sorted(a.amount or 0 for a in legal if a.kind == "bid")
    k = i - BID_AT
    if k >= len(bids):
        raise ArgumentError(f"action index {i}: bid slot {k} but only {len(bids)} bid(s) legal")
    return Action.bid(bids[k])


ILLEGAL_POLICIES: Final = ("raise", "penalty", "substitute")
"""What an environment does with an action index that is in the action space but not legal now:
``raise`` :class:`~gleek.errors.ArgumentError`; ``penalty``: nothing happens but the acting seat
is given ``-penalty`` as its reward and ``info["illegal"]`` is True (the default, so that the
ecosystem's checkers, which try unmasked random actions, can run); ``substitute``: a legal
action drawn uniformly at random is played instead, and ``info["illegal"]`` is True."""


def check_index(index: object, who: str = "") -> int:
    """``index`` as an int, if it is a whole number (not a bool) in the action space; else
    :class:`~gleek.errors.ArgumentError`."""
    if isinstance(index, bool | np.bool_) or not isinstance(index, int | np.integer):
        raise ArgumentError(
            f"{who}an action is an index 0 to {N_ACTIONS - 1} (an int), not {index!r:.40}"
        )
    if not 0 <= int(index) < N_ACTIONS:
        raise ArgumentError(f"{who}action index must be 0 to {N_ACTIONS - 1}, not {int(index)}")
    return int(index)


def check_policy(illegal: object, penalty: object) -> tuple[str, float]:
    """The illegal-action policy and its penalty, checked."""
    if illegal not in ILLEGAL_POLICIES:
        raise ArgumentError(
            f"illegal must be one of {', '.join(ILLEGAL_POLICIES)}, not {illegal!r:.40}"
        )
    if (
        isinstance(penalty, bool)
        or not isinstance(penalty, int | float)
        or not 0 <= penalty < float("inf")
    ):
        raise ArgumentError(f"penalty must be a number of chips, 0 or more, not {penalty!r:.40}")
    return str(illegal), float(penalty)


def find_legal(index: int, legal: Sequence[Action]) -> Action | None:
    """The action ``index`` stands for if it is one of ``legal``, else None."""
    try:
        chosen = index_action(index, legal)
    except ArgumentError:
        return None
    for a in legal:  # the actions are interned: found by identity, without comparing fields
        if a is chosen:
            return chosen
    return chosen if chosen in legal else None


def on_illegal(
    index: int, legal: Sequence[Action], illegal: str, rng: random.Random, who: str = ""
) -> Action | None:
    """What the policy ``illegal`` (:data:`ILLEGAL_POLICIES`) makes of ``index``, which is not
    one of ``legal``: ``raise`` raises :class:`~gleek.errors.ArgumentError` listing what is
    legal (``who`` prefixes the message), ``penalty`` gives None (no move), ``substitute`` a
    legal action drawn from ``rng``."""
    if illegal == "raise":
        raise ArgumentError(
            f"{who}action {index} is not legal now; legal: {', '.join(map(str, legal))}"
        )
    if illegal == "penalty":
        return None
    return legal[rng.randrange(len(legal))]


def legal_action(index: int, legal: Sequence[Action], who: str = "") -> Action:
    """The action ``index`` stands for, which must be one of ``legal``, else
    :class:`~gleek.errors.ArgumentError` listing what is legal (``who`` prefixes the message)."""
    try:
        chosen = index_action(index, legal)
    except ArgumentError as exc:
        raise ArgumentError(f"{who}{exc}") from None
    if chosen not in legal:
        raise ArgumentError(
            f"{who}action {int(index)} ({chosen}) is not legal now; "
            f"legal: {', '.join(str(a) for a in legal)}"
        )
    return chosen


def action_mask(legal: Sequence[Action]) -> npt.NDArray[np.int8]:
    """1 at the index of each legal action, 0 elsewhere."""
    mask = np.zeros(N_ACTIONS, dtype=np.int8)
    mask.put([action_index(a, legal) for a in legal], 1)  # one numpy call, not one an action
    return mask
