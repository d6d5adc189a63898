"""What a seat knows, as a fixed-length ``float32`` vector (like OpenSpiel's information state).

:func:`encode` reads only an :class:`~gleek.state.Observation`, so two states the seat cannot
tell apart give equal vectors, and everything the observation shows changes the vector. Seats
are absolute (0, 1, 2); amounts of chips and points are divided by 100, bids by 100, counts by
their maximum. The profile is not encoded: an environment plays one profile. The blocks, in
order (:data:`TENSOR_LAYOUT` gives each one's start and size):

==================  =====  ================================================================
block               size   contents
==================  =====  ================================================================
seat                3      one-hot: whose view this is
dealer              3      one-hot
to_act              4      one-hot: seat 0, 1, 2, or nobody (the deal is over)
phase               5      one-hot: auction, discard, ruff, play, over
hand                44     the cards held now (one per card, :data:`gleek.DECK` order)
turn_up             44     one-hot: the turned-up card
trumps              4      one-hot: S H D C
hand_sizes          3      cards held by each seat / 12
auction             120    the first 24 calls: seat one-hot, pass, bid / 100 (5 each)
auction_calls       1      number of calls / 24
passed_at           3      per seat: the bid standing when it passed / 100 (0: still in);
                           with the current bid this fixes the whole auction, however long
bid                 1      the highest bid so far / 100
buyer               4      one-hot: seat 0, 1, 2, or not yet decided
price               1      the price paid / 100
discards            308    own discards, in order (7 one-hot cards; only the buyer's own)
ruff                192    the first 16 ruff calls: seat one-hot, word one-hot (pass, then
                           the 8 word slots of the action space)
ruff_calls          1      number of ruff calls / 16
ruff_stake          1      the ruff stake as it stands / 100
ruff_winner         4      one-hot: seat 0, 1, 2, or none (yet)
plays               1692   36 plays (12 tricks x 3) in order: seat one-hot and card one-hot
tricks_won          3      per seat / 12
points              3      per seat / 100
chips               3      net chips this deal per seat / 100
pot                 1      net change of the pot / 100
payments            40     net chips received per reason (stock, turn-up, ruff, ruff-pool,
                           set, tiddy, towser, tumbler, settlement, other) and party (seat 0,
                           1, 2, pot) / 100
==================  =====  ================================================================

>>> import gleek
>>> s = gleek.new_deal(gleek.load_profile("parlett"), dealer=0, seed=1)
>>> x = encode(gleek.observation(s, 1))
>>> x.shape, x.dtype, TENSOR_SIZE
((2488,), dtype('float32'), 2488)
>>> int(x[_SLICES["hand"]].sum()), int(x[_SLICES["seat"]].argmax())
(12, 1)
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from gleek.actions import Action
from gleek.cards import Suit
from gleek.rl.actions import DECK_POS, EXTRA_WORDS, WORDS
from gleek.sim.knowledge import public_history
from gleek.stages.common import REASONS, Payment
from gleek.state import Observation, Phase

__all__ = ["TENSOR_LAYOUT", "TENSOR_SIZE", "Encoder", "encode"]

AUCTION_SLOTS: Final = 24
RUFF_SLOTS: Final = 16
RUFF_WORDS: Final = ("pass", *WORDS, *EXTRA_WORDS)
_RUFF_WIDTH: Final = 3 + 1 + 8
#: the reasons a payment in an observation may have: every one but ``forfeit`` (charged only
#: by an outcome given the claims, never seen during a deal)
_REASONS: Final = tuple(r for r in REASONS if r != "forfeit")
_PHASES: Final = tuple(Phase)

_BLOCKS: Final = (
    ("seat", 3),
    ("dealer", 3),
    ("to_act", 4),
    ("phase", 5),
    ("hand", 44),
    ("turn_up", 44),
    ("trumps", 4),
    ("hand_sizes", 3),
    ("auction", AUCTION_SLOTS * 5),
    ("auction_calls", 1),
    ("passed_at", 3),
    ("bid", 1),
    ("buyer", 4),
    ("price", 1),
    ("discards", 7 * 44),
    ("ruff", RUFF_SLOTS * _RUFF_WIDTH),
    ("ruff_calls", 1),
    ("ruff_stake", 1),
    ("ruff_winner", 4),
    ("plays", 36 * 47),
    ("tricks_won", 3),
    ("points", 3),
    ("chips", 3),
    ("pot", 1),
    ("payments", (len(_REASONS) + 1) * 4),
)


def _layout() -> tuple[tuple[str, int, int], ...]:
    out = []
    at = 0
    for name, size in _BLOCKS:
        out.append((name, at, size))
        at += size
    return tuple(out)


TENSOR_LAYOUT: Final = _layout()
"""``(block, start, size)`` for each block of :func:`encode`'s vector."""
TENSOR_SIZE: Final = TENSOR_LAYOUT[-1][1] + TENSOR_LAYOUT[-1][2]
_SLICES: Final = {name: slice(at, at + size) for name, at, size in TENSOR_LAYOUT}
_AT: Final = {name: at for name, at, _ in TENSOR_LAYOUT}
_SUITS: Final = tuple(Suit)


def encode(obs: Observation) -> npt.NDArray[np.float32]:
    """The observation as a vector of :data:`TENSOR_SIZE` floats (layout above)."""
    return Encoder()(obs)


class Encoder:
    """:func:`encode` that remembers, per seat, the part of the vector its history gives, and
    reads only the actions added since: what an environment calls at every step (a deal's
    history grows by an action or so a step). Its vectors are :func:`encode`'s (which is a
    fresh ``Encoder``): any observation may come, in any order; one whose history does not
    extend the remembered one is read from its start.

    >>> import gleek
    >>> keep = Encoder()
    >>> s = gleek.new_deal(gleek.load_profile("parlett"), seed=3)
    >>> same = []
    >>> for _ in range(6):
    ...     seen = gleek.observation(s, s.to_act)
    ...     same.append(bool((keep(seen) == encode(seen)).all()))
    ...     s = s.apply(s.legal_actions()[0])
    >>> same
    [True, True, True, True, True, True]
    """

    __slots__ = ("_seen",)

    def __init__(self) -> None:
        self._seen: dict[int, _History] = {}

    def __call__(self, obs: Observation) -> npt.NDArray[np.float32]:
        history = public_history(obs)
        h = self._seen.get(obs.seat)
        if h is None or len(h.actions) > len(history) or history[: len(h.actions)] != h.actions:
            h = self._seen[obs.seat] = _History()
        h.extend(history)
        return _vector(obs, h)


class _History:
    """The blocks of the vector that a seat's history fills (the auction's calls, the ruff's
    words, the plays), and where the reading stands."""

    __slots__ = (
        "actions",
        "auction",
        "bid",
        "in_auction",
        "paid",
        "paid_entries",
        "passed_at",
        "plays",
        "ruff_calls",
        "vector",
    )

    def __init__(self) -> None:
        self.actions: tuple[tuple[int, Action], ...] = ()
        self.in_auction = True  # until an action other than a bid or a pass is read
        self.auction = 0  # the calls of the auction
        self.bid = 0
        self.passed_at = [0.0, 0.0, 0.0]
        self.ruff_calls = 0
        self.plays = 0
        #: the payments last encoded, and their entries (see :func:`_payment_entries`)
        self.paid: tuple[Payment, ...] = ()
        self.paid_entries: tuple[list[int], list[float]] = ([], [])
        #: the blocks the history fills (auction, ruff, plays), written as it is read
        self.vector = np.zeros(TENSOR_SIZE, dtype=np.float32)

    def extend(self, history: tuple[tuple[int, Action], ...]) -> None:
        """Read the actions of ``history`` after those already read. The auction is the
        leading run of bids and passes; then come discards, ruff words, plays."""
        at = _AT
        pos = DECK_POS
        x = self.vector
        for seat, action in history[len(self.actions) :]:
            kind = action.kind
            if self.in_auction and kind in ("bid", "pass"):
                if kind == "pass":
                    self.passed_at[seat] = self.bid / 100
                else:
                    self.bid = action.amount or 0
                if self.auction < AUCTION_SLOTS:
                    base = at["auction"] + 5 * self.auction
                    x[base + seat] = 1
                    if kind == "pass":
                        x[base + 3] = 1
                    else:
                        x[base + 4] = self.bid / 100
                self.auction += 1
                continue
            self.in_auction = False
            if kind == "play":
                assert action.card is not None
                if self.plays < 36:
                    base = at["plays"] + 47 * self.plays
                    x[base + seat] = 1
                    x[base + 3 + pos[action.card.index]] = 1
                self.plays += 1
            elif kind in RUFF_WORDS:
                if self.ruff_calls < RUFF_SLOTS:
                    base = at["ruff"] + _RUFF_WIDTH * self.ruff_calls
                    x[base + seat] = 1
                    x[base + 3 + RUFF_WORDS.index(kind)] = 1
                self.ruff_calls += 1
        self.actions = history


# where each block starts (the names of TENSOR_LAYOUT, read once)
_SEAT_AT, _DEALER_AT, _TO_ACT_AT, _PHASE_AT = (
    _AT["seat"],
    _AT["dealer"],
    _AT["to_act"],
    _AT["phase"],
)
_HAND_AT, _TURN_UP_AT, _TRUMPS_AT, _BUYER_AT = (
    _AT["hand"],
    _AT["turn_up"],
    _AT["trumps"],
    _AT["buyer"],
)
_RUFF_WINNER_AT, _DISCARDS_AT, _PAYMENTS_AT = _AT["ruff_winner"], _AT["discards"], _AT["payments"]
_REASON_INDEX: Final = {reason: i for i, reason in enumerate(_REASONS)}
#: the positions of the amounts :func:`_vector` writes, in the order it lists them
_AMOUNTS_AT: Final = np.array(
    [
        _AT["passed_at"],
        _AT["passed_at"] + 1,
        _AT["passed_at"] + 2,
        _AT["auction_calls"],
        _AT["bid"],
        _AT["price"],
        _AT["ruff_calls"],
        _AT["ruff_stake"],
        _AT["pot"],
        *(
            _AT[block] + s
            for s in range(3)
            for block in ("hand_sizes", "tricks_won", "points", "chips")
        ),
    ],
    dtype=np.intp,
)


def _vector(obs: Observation, h: _History) -> npt.NDArray[np.float32]:
    """The vector of ``obs``, whose history ``h`` has read."""
    # The entries are gathered in lists and written in a few steps: a numpy element written
    # one at a time costs some ten times a list's append.
    pos = DECK_POS
    to_act = obs.to_act
    buyer = obs.buyer
    ruff_winner = obs.ruff_winner
    ones = [
        _SEAT_AT + obs.seat,
        _DEALER_AT + obs.dealer,
        _TO_ACT_AT + (3 if to_act is None else to_act),
        _PHASE_AT + _PHASES.index(obs.phase),  # (by identity: no enum hashing)
        _TURN_UP_AT + pos[obs.turn_up.index],
        _TRUMPS_AT + _SUITS.index(obs.trumps),
        _BUYER_AT + (3 if buyer is None else buyer),
        _RUFF_WINNER_AT + (3 if ruff_winner is None else ruff_winner),
    ]
    ones += [_HAND_AT + pos[c.index] for c in obs.hand]
    for i, c in enumerate(obs.discards[:7]):
        ones.append(_DISCARDS_AT + 44 * i + pos[c.index])
    sizes, won, points, chips = obs.hand_sizes, obs.tricks_won, obs.points, obs.chips
    passed = h.passed_at
    amounts = [
        passed[0],
        passed[1],
        passed[2],
        h.auction / AUCTION_SLOTS,
        h.bid / 100,
        (obs.price or 0) / 100,
        h.ruff_calls / RUFF_SLOTS,
        obs.ruff_stake / 100,
        obs.pot / 100,
        sizes[0] / 12,
        won[0] / 12,
        points[0] / 100,
        chips[0] / 100,
        sizes[1] / 12,
        won[1] / 12,
        points[1] / 100,
        chips[1] / 100,
        sizes[2] / 12,
        won[2] / 12,
        points[2] / 100,
        chips[2] / 100,
    ]
    x = h.vector.copy()  # the history's blocks; the rest is written over zeros
    x[_AMOUNTS_AT] = amounts
    x.put(ones, 1.0)  # (put takes a list of positions quicker than x[ones] does)
    payments = obs.payments
    if payments:
        if payments is not h.paid:  # the same payments as last time: the same entries
            h.paid = payments
            h.paid_entries = _payment_entries(payments)
        where, value = h.paid_entries
        if where:
            x.put(where, value)
    return x


def _payment_entries(payments: tuple[Payment, ...]) -> tuple[list[int], list[float]]:
    """The positions and values of the payments block: the net of each reason by seat/pot."""
    by_reason = [0] * ((len(_REASONS) + 1) * 4)
    other = len(_REASONS)
    for pay in payments:
        r = _REASON_INDEX.get(pay.reason, other)
        payer = pay.payer if isinstance(pay.payer, int) else 3
        payee = pay.payee if isinstance(pay.payee, int) else 3
        by_reason[4 * r + payer] -= pay.amount
        by_reason[4 * r + payee] += pay.amount
    where = [_PAYMENTS_AT + i for i, net in enumerate(by_reason) if net]
    return where, [by_reason[i - _PAYMENTS_AT] / 100 for i in where]
