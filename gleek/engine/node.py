"""The deal state's node: :class:`State`, one immutable record per action (masks and small ints,
a back-pointer to the state it came from, the deal's shared tables), what its properties read,
and its sealing. It decides nothing: the engine's functions (legality, the phases, the history,
the ledger, the outcome) are above it in the import graph and import it; the node's conveniences
(``state.apply(...)``, ``state.history``...) reach them through :class:`Engine`, which
:mod:`gleek.state` installs as it is imported (no State exists before).

May import: the leaf modules (:mod:`gleek._args`, :mod:`gleek._core`, :mod:`gleek.actions`,
:mod:`gleek.cards`, :mod:`gleek.errors`, :mod:`gleek.limits`, :mod:`gleek.profile_model`), the
stages, :mod:`gleek.views` and, of the engine, :mod:`gleek.engine.sealing` alone; and
:mod:`gleek.svg` inside the picture a notebook asks for (the one cycle allowed).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from gleek._args import check_seat, check_type
from gleek._core import (
    AUCTION,
    OVER,
    PHASES,
    PLAY_PHASE,
    Deal,
)
from gleek.actions import (
    Action,
    Phase,
)
from gleek.cards import CARDS, Card, Suit, cards_of_mask
from gleek.engine.sealing import sealed_class
from gleek.errors import IllegalAction
from gleek.profile_model import Profile
from gleek.stages.common import Payment, left_of
from gleek.stages.ruff import (
    Ruff,
    stake_now,
)
from gleek.stages.rules import Run
from gleek.views import Observation, Trick, state_text

if TYPE_CHECKING:
    from gleek.engine.outcome import Outcome


class State:
    """A deal in progress. Immutable: :func:`apply` (or :meth:`apply`) returns a new one.

    Everything is told in cards, suits, seats (0, 1, 2 clockwise; eldest on the dealer's left)
    and :class:`Action`. Read it with ``print(state)``; see the properties below for each part.
    Build one with :func:`new_deal`, never directly.
    """

    # Inside, a state is one flat record: masks and small ints, a back-pointer to the state it
    # came from (``_prev``, reached by ``_act`` of the seat to act there), the deal's shared tables
    # (``_deal``). Before the play the auction, discards, ruff and payments are the state's own;
    # during the play they are those of ``_base``, the state in which the play began. The trick
    # on the table is ``_ntrick`` cards packed 6 bits each. A :func:`rollout` ends in one state
    # whose plays since ``_prev`` are ``_tail``, ints (see :func:`_tail_code`: a tuple of ints
    # is no work for the garbage collector, where one of pairs was 36 objects to trace for every
    # finished rollout a caller keeps). What the properties show is built on demand.
    __slots__ = (
        "_act",
        "_base",
        "_bid",
        "_bidder",
        "_deal",
        "_discards",
        "_h0",
        "_h1",
        "_h2",
        "_leader",
        "_ntrick",
        "_ntricks",
        "_out",
        "_paid",
        "_phase",
        "_points",
        "_prev",
        "_ruff",
        "_tail",
        "_to_act",
        "_trick",
        "_won",
    )

    _bid: int
    _bidder: int
    _out: int
    _discards: tuple[int, ...]
    _ruff: Ruff | None
    _tail: tuple[int, ...]
    _paid: Run | None

    def __init__(
        self,
        deal: Deal,
        prev: State | None,
        act: Action | None,
        phase: int,
        to_act: int,
        h0: int,
        h1: int,
        h2: int,
        base: State | None,
        leader: int,
        trick: int,
        ntrick: int,
        ntricks: int,
        points: tuple[int, int, int],
        won: tuple[int, int, int],
    ) -> None:
        self._deal: Final = deal
        self._prev: Final = prev
        self._act: Final = act
        self._phase: Final = phase
        self._to_act: Final = to_act
        self._h0: Final = h0
        self._h1: Final = h1
        self._h2: Final = h2
        self._base: Final = base
        self._leader: Final = leader
        self._trick: Final = trick
        self._ntrick: Final = ntrick
        self._ntricks: Final = ntricks
        self._points: Final = points
        self._won: Final = won
        self._paid: Run | None = None  # the payments so far with their net (see ledger)
        # Set only where they are read: the auction, discards and ruff before the play (a
        # play state reads them from ``_base``), ``_tail`` on a rollout's nodes (those with
        # no action of their own).

    # -- who and what
    @property
    def profile(self) -> Profile:
        """The rules of this deal."""
        return self._deal.profile

    @property
    def phase(self) -> Phase:
        """Where the deal is: :class:`Phase`."""
        return PHASES[self._phase]

    @property
    def is_over(self) -> bool:
        """True once the twelfth trick is played and the deal settled."""
        return self._phase == OVER

    @property
    def to_act(self) -> int | None:
        """The seat to act next; None once the deal is over."""
        return None if self._to_act < 0 else self._to_act

    @property
    def dealer(self) -> int:
        """The seat that dealt."""
        return self._deal.dealer

    @property
    def eldest(self) -> int:
        """The seat on the dealer's left: first to bid."""
        return left_of(self._deal.dealer)

    @property
    def turn_up(self) -> Card:
        """The card turned up after the deal; its suit is trumps."""
        return CARDS[self._deal.turn_up]

    @property
    def trumps(self) -> Suit:
        """The suit of the turn-up."""
        return CARDS[self._deal.turn_up].suit

    @property
    def deck(self) -> tuple[Card, ...]:
        """The 44 cards, top first, as dealt."""
        return tuple([CARDS[c] for c in self._deal.deck])

    # -- cards
    @property
    def hands(self) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
        """The cards each seat holds now, by seat, sorted by suit (S H D C) then rank."""
        return (cards_of_mask(self._h0), cards_of_mask(self._h1), cards_of_mask(self._h2))

    def hand(self, seat: object) -> tuple[Card, ...]:
        """The cards ``seat`` holds now, sorted by suit (S H D C) then rank, high first."""
        return cards_of_mask(hand_mask(self, check_seat("seat", seat)))

    @property
    def dealt(self) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
        """The 12 cards each seat was dealt (before the exchange), sorted like :attr:`hands`."""
        d = self._deal.dealt
        return (cards_of_mask(d[0]), cards_of_mask(d[1]), cards_of_mask(d[2]))

    def dealt_hand(self, seat: object) -> tuple[Card, ...]:
        """The 12 cards ``seat`` was dealt (before the exchange)."""
        return cards_of_mask(self._deal.dealt[check_seat("seat", seat)])

    @property
    def stock(self) -> tuple[Card, ...]:
        """The 7 cards of the stock, as dealt (face down until bought: what to show is the
        caller's choice)."""
        return tuple([CARDS[c] for c in self._deal.deck[37:]])

    # -- the auction and the exchange
    @property
    def bid(self) -> int | None:
        """The highest bid so far (None before the opening bid)."""
        p = pre(self)
        return p._bid if p._bidder >= 0 else None

    @property
    def buyer(self) -> int | None:
        """The seat that bought the stock, once the auction is over."""
        b = buyer_of(self)
        return b if b >= 0 else None

    @property
    def price(self) -> int | None:
        """What the buyer paid, once the auction is over."""
        return pre(self)._bid if self._phase != AUCTION else None

    @property
    def discards(self) -> tuple[Card, ...]:
        """The buyer's discards so far, in order."""
        return tuple([CARDS[c] for c in pre(self)._discards])

    # -- the ruff
    @property
    def ruff_stake(self) -> int:
        """The ruff stake as it stands (pool model: what a player still in has put in above
        the ante)."""
        r = pre(self)._ruff
        if r is None:
            return self._deal.ruff_stake
        return stake_now(self._deal.rules, r)

    @property
    def ruff_winner(self) -> int | None:
        """The seat that won the ruff, once decided (None if nobody did)."""
        r = pre(self)._ruff
        return r.winner if r is not None and r.done and r.winner >= 0 else None

    @property
    def trick_winners(self) -> tuple[int, ...]:
        """The seat that won each finished trick, in order."""
        return _engine().finished_tricks(self)[1]

    # -- the tricks
    @property
    def trick(self) -> tuple[tuple[int, Card], ...]:
        """The trick on the table, ``(seat, card)`` in play order."""
        out: list[tuple[int, Card]] = []
        for k in range(self._ntrick):
            out.append(((self._leader + k) % 3, CARDS[(self._trick >> (6 * k)) & 63]))
        return tuple(out)

    @property
    def tricks(self) -> tuple[tuple[tuple[int, Card], ...], ...]:
        """Finished tricks, each as ``(seat, card)`` in the order played."""
        return _engine().finished_tricks(self)[0]

    @property
    def leader(self) -> int | None:
        """The seat that leads (or led) the trick on the table; None outside the play."""
        return self._leader if self._phase == PLAY_PHASE else None

    @property
    def tricks_won(self) -> tuple[int, int, int]:
        """Tricks won so far by seat."""
        return self._won

    @property
    def points(self) -> tuple[int, int, int]:
        """Points so far by seat (a turned-up honour counts for the dealer once play starts)."""
        return self._points

    # -- chips
    @property
    def payments(self) -> tuple[Payment, ...]:
        """Every payment so far, in order (:class:`~gleek.stages.common.Payment`)."""
        return _engine().ledger(self).payments

    @property
    def chips(self) -> tuple[int, int, int]:
        """Net chips by seat this deal so far."""
        net = _engine().ledger(self).net
        return (net[0], net[1], net[2])

    @property
    def pot(self) -> int:
        """The pot's net change this deal so far."""
        return _engine().ledger(self).net[3]

    # -- what happened
    @property
    def history(self) -> tuple[tuple[int, Action], ...]:
        """Every action so far as ``(seat, action)``, in order: the auction, the buyer's
        discards, the ruff, the cards played."""
        return _engine().history(self)

    def root(self) -> State:
        """The deal as it was dealt, before any action (the same cards, dealer and opening
        ruff stake)."""
        s = self
        while s._prev is not None:
            s = s._prev
        return s

    # -- conveniences: the module's functions as methods
    def legal_actions(self) -> tuple[Action, ...]:
        """Same as :func:`legal_actions`."""
        return _engine().legal_actions(self)

    def apply(self, action: object, seat: object = None) -> State:
        """Same as :func:`apply`: ``action`` an :class:`Action` or its text, ``seat`` None or
        the seat to act. (Arguments are typed ``object`` here and checked inside, so that a
        wrong one raises the library's own error in the compiled build too.)"""
        return _engine().apply(self, action, seat)

    def verify(self, action: object, seat: object = None) -> IllegalAction | None:
        """Same as :func:`check_action`: why ``action`` (by ``seat``, default the player to
        act) is illegal, as the :class:`~gleek.errors.IllegalAction` :func:`apply` would raise;
        None if it is legal."""
        return _engine().check_action(self, action, seat)

    def can(self, action: object, seat: object = None) -> bool:
        """Whether ``action`` (by ``seat``, default the player to act) is legal now."""
        return _engine().check_action(self, action, seat) is None

    def try_apply(self, action: object, seat: object = None) -> State | IllegalAction:
        """The next state if ``action`` is legal, else why not (the error :meth:`apply` would
        raise), without raising: the validator replays records with it."""
        try:
            return _engine().apply(self, action, seat)
        except IllegalAction as err:
            return err

    def observation(self, seat: object) -> Observation:
        """Same as :func:`observation` (``seat`` 0, 1 or 2)."""
        return _engine().observation(self, check_seat("seat", seat))

    def outcome(self) -> Outcome:
        """Same as :func:`outcome`."""
        return _engine().outcome(self)

    def __eq__(self, other: object) -> bool:
        """Two states are equal when they are the same deal (rules, cards, dealer, opening
        stake) after the same actions."""
        if not isinstance(other, State):
            return NotImplemented
        if self is other:
            return True
        return (
            self._phase == other._phase
            and self._deal.signature() == other._deal.signature()
            and self._deal.profile == other._deal.profile
            and _engine().history(self) == _engine().history(other)
        )

    def __hash__(self) -> int:
        # what __eq__ compares (the deal's signature leaves out the order of the cards)
        return hash((self._deal.signature(), self._phase, _engine().history(self)))

    def __reduce__(self) -> tuple[object, ...]:
        """A state pickles as its deal (profile, dealer, cards, opening stake) and its actions,
        and unpickles by replaying them: an equal state, from which play goes on the same."""
        deal = self._deal
        acts = tuple([a for _, a in _engine().history(self)])
        return (_engine().restorer(), (deal.profile, deal.dealer, deal.deck, deal.ruff_stake, acts))

    def __repr__(self) -> str:
        where = (
            "the deal is over"
            if self._to_act < 0
            else f"{self.phase.value}, seat {self._to_act} to act"
        )
        n = len(_engine().history(self))
        return (
            f"<State {self.profile.id}: dealer {self.dealer}, trumps {self.trumps.value}, "
            f"{where}, {n} action{'' if n == 1 else 's'}>"
        )

    def _repr_svg_(self) -> str:
        """Jupyter shows the picture of :func:`gleek.svg.draw` (the painter is imported when
        asked for, as python-chess does: the engine does not need it)."""
        from gleek.svg import draw

        return draw(self)

    def __str__(self) -> str:
        return state_text(self)


def hand_mask(n: State, seat: int) -> int:
    """The mask of the cards ``seat`` holds."""
    return n._h0 if seat == 0 else n._h1 if seat == 1 else n._h2


def pre(n: State) -> State:
    """The state that holds the auction, discards and ruff (during the play: where it began)."""
    b = n._base
    return n if b is None else b


def buyer_of(n: State) -> int:
    """The buyer's seat, or -1 during the auction."""
    return -1 if n._phase == AUCTION else pre(n)._bidder


def led_suit(n: State) -> int:
    """The suit led to the trick on the table, -1 before the lead."""
    return (n._trick & 63) // 11 if n._ntrick else -1


def state_arg(state: object) -> State:
    if not isinstance(state, State):  # (a State, the common case, makes no call)
        check_type("state", state, State, "a gleek.State (from gleek.new_deal)")
    assert isinstance(state, State)
    return state


SEALED: Final = sealed_class(State, "a State", ": apply() returns a new state")


def seal(m: State) -> State:
    """``m``, finished: from now on nothing can change it (see :func:`sealed_class`)."""
    if SEALED is not None:
        m.__class__ = SEALED
    return m


# ---------------------------------------------------------------------------- the engine's hook


class Engine:
    """The engine's functions that a :class:`State`'s conveniences call (``state.apply(...)``,
    ``state.history``, ``state.payments``...). They are above this module in the import graph
    (they import it), so they are handed in: :mod:`gleek.state` installs them (:func:`install`)
    as it is imported, before any state exists. This base, installed until then, has none."""

    def history(self, n: State) -> tuple[tuple[int, Action], ...]:
        raise NotImplementedError  # pragma: no cover - gleek.state installs the engine

    def finished_tricks(self, n: State) -> tuple[tuple[Trick, ...], tuple[int, ...]]:
        raise NotImplementedError  # pragma: no cover

    def ledger(self, n: State) -> Run:
        raise NotImplementedError  # pragma: no cover

    def legal_actions(self, n: State) -> tuple[Action, ...]:
        raise NotImplementedError  # pragma: no cover

    def apply(self, n: State, action: object, seat: object) -> State:
        raise NotImplementedError  # pragma: no cover

    def check_action(self, n: State, action: object, seat: object) -> IllegalAction | None:
        raise NotImplementedError  # pragma: no cover

    def observation(self, n: State, seat: int) -> Observation:
        raise NotImplementedError  # pragma: no cover

    def outcome(self, n: State) -> Outcome:
        raise NotImplementedError  # pragma: no cover

    def restorer(self) -> Callable[..., State]:
        raise NotImplementedError  # pragma: no cover


_ENGINE: Final[list[Engine]] = [Engine()]


def install(engine: Engine) -> None:
    """Hand the engine's functions to the node (:mod:`gleek.state` does, once)."""
    _ENGINE[0] = engine


def _engine() -> Engine:
    return _ENGINE[0]
