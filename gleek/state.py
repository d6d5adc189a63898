"""The deal state, its actions, and the calls that drive it.

:class:`State` is one immutable node per action: masks and small ints, a back-pointer to the
state it came from, and the deal's shared tables. It decides nothing itself: each phase is a
stage of :mod:`gleek.stages`, and this module only dispatches to it. Legality is decided in one
place, :func:`verify` (the stage's ``verify_*`` function of the phase): :func:`legal_actions`
lists what it allows, :func:`apply` applies an action it allows and otherwise raises
:class:`~gleek.errors.IllegalAction` with the record format's error code and a message saying
why. Everything public speaks :class:`~gleek.cards.Card`, :class:`~gleek.cards.Suit`, seats
(0, 1, 2) and :class:`Action`; the compact forms the engine computes with are private.

>>> import gleek
>>> s = gleek.new_deal(gleek.load_profile("parlett"), dealer=2, seed=7)
>>> s.phase, s.to_act, s.legal_actions()
(<Phase.AUCTION: 'auction'>, 0, (Action.parse('bid 12'),))
>>> s.verify("pass").code
'bad-bid'
>>> s = s.apply("bid 12")
>>> [str(a) for a in s.legal_actions()], s.history
(['pass', 'bid 13'], ((0, Action.parse('bid 12')),))

This module is compiled by mypyc in the fast build, with the stages.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final, TypeVar, overload

from gleek._args import check_int, check_names, check_seat, check_type, type_name
from gleek._core import (
    AUCTION,
    DISCARD_PHASE,
    OVER,
    PHASES,
    PLAY_BY_SUIT,
    PLAY_PHASE,
    RUFF,
    Deal,
    bid_action,
    card_tables,
    discard_actions,
    play_actions,
)
from gleek.actions import (
    DISCARD,
    PASS,
    PLAY,
    RUFF_WORDS,
    WORDS,
    Action,
    Phase,
    action_arg,
    card_arg,
)
from gleek.cards import CARDS, Card, Suit, cards_of_mask
from gleek.errors import ArgumentError, ArgumentTypeError, IllegalAction
from gleek.limits import MAX_INT
from gleek.profile_model import Profile
from gleek.stages import deal as deal_stage
from gleek.stages.common import Payment, left_of
from gleek.stages.ruff import (
    Ruff,
    aces_winner,
    next_stake,
    ruff_apply,
    ruff_choices,
    ruff_payments,
    ruff_start,
    stake_now,
    verify_word,
)
from gleek.stages.rules import Run, joined, make_room, memo, rules_of, run_of, then
from gleek.stages.rules import forget as forget_rules
from gleek.stages.sets import (
    CLAIM_WORDS,
    forfeit_payments,
    hand_set_run,
    hand_small_run,
)
from gleek.stages.settle import settlement
from gleek.stages.stock import (
    PASS_BID,
    after_discards,
    auction_apply,
    auction_choices,
    before_discards,
    exchange_order,
    price_payments,
    verify_bid,
    verify_discard,
)
from gleek.stages.tricks import (
    first_leader,
    legal_mask,
    trick_points,
    trick_winner,
    verify_play,
)
from gleek.views import Observation, RuffResult, Trick, outcome_text, state_text

__all__ = [
    "Action",
    "Observation",
    "Outcome",
    "Phase",
    "RuffResult",
    "State",
    "Trick",
    "apply",
    "check_action",
    "legal_actions",
    "new_deal",
    "observation",
    "outcome",
    "rollout",
    "split_history",
    "verify",
]

_ZERO: Final = (0, 0, 0)
_M11: Final = 0x7FF
_T = TypeVar("_T")


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
        return _finished_tricks(self, history(self))[1]

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
        return _finished_tricks(self, history(self))[0]

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
        return ledger(self).payments

    @property
    def chips(self) -> tuple[int, int, int]:
        """Net chips by seat this deal so far."""
        net = ledger(self).net
        return (net[0], net[1], net[2])

    @property
    def pot(self) -> int:
        """The pot's net change this deal so far."""
        return ledger(self).net[3]

    # -- what happened
    @property
    def history(self) -> tuple[tuple[int, Action], ...]:
        """Every action so far as ``(seat, action)``, in order: the auction, the buyer's
        discards, the ruff, the cards played."""
        return history(self)

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
        return legal_actions(self)

    def apply(self, action: object, seat: object = None) -> State:
        """Same as :func:`apply`: ``action`` an :class:`Action` or its text, ``seat`` None or
        the seat to act. (Arguments are typed ``object`` here and checked inside, so that a
        wrong one raises the library's own error in the compiled build too.)"""
        # (apply's overloads type the public API; its body takes objects and checks them)
        return apply(self, action, seat)  # type: ignore[call-overload,no-any-return]

    def verify(self, action: object, seat: object = None) -> IllegalAction | None:
        """Same as :func:`check_action`: why ``action`` (by ``seat``, default the player to
        act) is illegal, as the :class:`~gleek.errors.IllegalAction` :func:`apply` would raise;
        None if it is legal."""
        return check_action(self, action, seat)

    def can(self, action: object, seat: object = None) -> bool:
        """Whether ``action`` (by ``seat``, default the player to act) is legal now."""
        return check_action(self, action, seat) is None

    def try_apply(self, action: object, seat: object = None) -> State | IllegalAction:
        """The next state if ``action`` is legal, else why not (the error :meth:`apply` would
        raise), without raising: the validator replays records with it."""
        try:
            return apply(self, action, seat)  # type: ignore[call-overload,no-any-return]
        except IllegalAction as err:
            return err

    def observation(self, seat: object) -> Observation:
        """Same as :func:`observation` (``seat`` 0, 1 or 2)."""
        return _observation(self, check_seat("seat", seat))

    def outcome(self) -> Outcome:
        """Same as :func:`outcome`."""
        return _outcome(self)

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
            and history(self) == history(other)
        )

    def __hash__(self) -> int:
        # what __eq__ compares (the deal's signature leaves out the order of the cards)
        return hash((self._deal.signature(), self._phase, history(self)))

    def __reduce__(self) -> tuple[object, ...]:
        """A state pickles as its deal (profile, dealer, cards, opening stake) and its actions,
        and unpickles by replaying them: an equal state, from which play goes on the same."""
        deal = self._deal
        acts = tuple([a for _, a in history(self)])
        return (restore, (deal.profile, deal.dealer, deal.deck, deal.ruff_stake, acts))

    def __repr__(self) -> str:
        where = (
            "the deal is over"
            if self._to_act < 0
            else f"{self.phase.value}, seat {self._to_act} to act"
        )
        n = len(history(self))
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


# ---------------------------------------------------------------------------- reading the node


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


def _led(n: State) -> int:
    """The suit led to the trick on the table, -1 before the lead."""
    return (n._trick & 63) // 11 if n._ntrick else -1


def _tail_code(seat: int, action: Action) -> int:
    """One action of a rollout's ``_tail`` as an int: ``3 * k + seat``, where ``k`` is the
    card's index for a play, ``_DISCARD_K`` more for a discard, ``_WORD_K`` of a word (of the
    auction or the ruff) and ``_BID_K`` more than the amount for a bid. (The rollout writes
    these codes inline, from the same constants.)"""
    card = action.card
    if card is not None:
        return 3 * (card.index + (_DISCARD_K if action.kind == "discard" else 0)) + seat
    if action.kind == "bid":
        assert action.amount is not None
        return 3 * (_BID_K + action.amount) + seat
    return 3 * _WORD_K[action.kind] + seat


#: The words of the auction and the ruff in the order :func:`_tail_code` numbers them.
_WORD_ORDER: Final[tuple[str, ...]] = ("pass", "wait", "vie", "see", "revie", "double")
_DISCARD_K: Final = 44
_WORD_BASE: Final = 88
_BID_K: Final = 100
#: ``k`` of each word in :func:`_tail_code`
_WORD_K: Final = {w: _WORD_BASE + i for i, w in enumerate(_WORD_ORDER)}
_PASS_K: Final = _WORD_BASE  # (the first of _WORD_ORDER)


def _tail_entry(code: int) -> tuple[int, Action]:
    """``(seat, action)`` of a :func:`_tail_code`."""
    k, seat = divmod(code, 3)
    if k < _DISCARD_K:
        return seat, PLAY[k]
    if k < _WORD_BASE:
        return seat, DISCARD[k - _DISCARD_K]
    if k < _BID_K:
        return seat, WORDS[_WORD_ORDER[k - _WORD_BASE]]
    return seat, bid_action(k - _BID_K)


def history(n: State) -> tuple[tuple[int, Action], ...]:
    """Every action so far as ``(seat, action)``, in order. The last answer is kept: asked of
    the same state again, or of the state one action on (a deal observed action by action),
    it is the kept tuple, or that tuple and the one action more; else :func:`_walk_history`."""
    last = _LAST_HISTORY[0]
    if last[0] is n:
        return last[1]
    prev = n._prev
    act = n._act
    if act is not None and prev is not None and last[0] is prev:
        out = last[1] + ((prev._to_act, act),)
    else:
        out = _walk_history(n)
    _LAST_HISTORY[0] = (n, out)  # (one store: a reader sees the old pair or the new)
    return out


#: the state :func:`history` was last asked of, and its history
_LAST_HISTORY: Final[list[tuple[State | None, tuple[tuple[int, Action], ...]]]] = [(None, ())]


def _walk_history(n: State) -> tuple[tuple[int, Action], ...]:
    """Every action so far as ``(seat, action)``, in order: walks the back-pointers."""
    out: list[tuple[int, Action]] = []  # newest first, turned round at the end
    m = n
    prev = m._prev
    while prev is not None:
        act = m._act
        if act is None:  # a rollout's node: its plays since ``prev``, as ints
            tail = m._tail
            for i in range(len(tail) - 1, -1, -1):
                out.append(_tail_entry(tail[i]))
        else:
            out.append((prev._to_act, act))
        m = prev
        prev = m._prev
    out.reverse()
    return tuple(out)


def _finished_tricks(
    n: State, hist: tuple[tuple[int, Action], ...]
) -> tuple[tuple[Trick, ...], tuple[int, ...]]:
    """The finished tricks of ``n`` (``hist`` its history), each as ``(seat, card)`` in the
    order played, and the seat that won each (gleek.stages.tricks.trick_winner)."""
    done = n._ntricks
    if done == 0:
        return (), ()
    # the plays are the last actions of a deal: the finished tricks, then the trick on the table
    first = len(hist) - 3 * done - n._ntrick
    deal = n._deal
    key = deal.key
    trumps = deal.trumps
    tricks: list[Trick] = []
    winners: list[int] = []
    for k in range(first, first + 3 * done, 3):
        s0, a0 = hist[k]
        s1, a1 = hist[k + 1]
        s2, a2 = hist[k + 2]
        c0, c1, c2 = a0.card, a1.card, a2.card
        assert c0 is not None and c1 is not None and c2 is not None
        i0, i1, i2 = c0.index, c1.index, c2.index
        code = (((i0 * 44 + i1) * 44 + i2) * 3 + s0) * 4 + trumps
        known = _TRICKS.get(code)
        if known is None:
            make_room(_TRICKS)
            trick = ((s0, c0), (s1, c1), (s2, c2))  # s1 and s2 follow from s0
            known = _TRICKS[code] = (trick, trick_winner(key, i0, i1, i2, s0))
        tricks.append(known[0])
        winners.append(known[1])
    return tuple(tricks), tuple(winners)


#: a finished trick (its cards, the leader and trumps, as an int) -> the trick as
#: :data:`~gleek.views.Trick` and the seat that won it: the same immutable values, shared
_TRICKS: Final[dict[int, tuple[Trick, int]]] = {}


History = tuple[tuple[int, Action], ...]


def split_history(
    history: Sequence[tuple[int, Action]],
) -> tuple[History, History, History, History]:
    """A deal's history split by stage: ``(auction, discards, ruff, play)``.

    >>> import gleek
    >>> s = gleek.new_deal(gleek.load_profile("parlett"), seed=1).apply("bid 12").apply("pass")
    >>> [len(part) for part in split_history(s.apply("pass").history)]
    [3, 0, 0, 0]
    """
    parts: tuple[list[tuple[int, Action]], ...] = ([], [], [], [])
    stage = 0
    for seat, a in history:
        kind = a.kind
        if kind == "discard":
            stage = 1
        elif kind == "play":
            stage = 3
        elif stage == 1:  # the first word after the 7 discards opens the ruff
            stage = 2
        parts[stage].append((seat, a))
    return tuple(parts[0]), tuple(parts[1]), tuple(parts[2]), tuple(parts[3])


def net_chips(payments: Sequence[Payment]) -> tuple[tuple[int, int, int], int]:
    """Net change by seat and of the pot over ``payments``."""
    net = run_of(tuple(payments)).net
    return (net[0], net[1], net[2]), net[3]


# ---------------------------------------------------------------------------- payments


def ledger(n: State) -> Run:
    """The payments so far with their net change (:class:`~gleek.stages.rules.Run`), added up
    once and kept on the state, in the order the stages make them: the turn-up; the price once
    the stock is bought; the ruff, the sets and the small trumps as the play begins; the
    settlement against par once the deal is over. Nothing is paid during the play: a state of
    the play has the payments of the state where the play began, which :func:`apply` adds up
    as the play begins."""
    paid = n._paid
    if paid is not None:
        return paid
    base = n._base
    if base is None:  # before the play, or the play's first state
        assert n._phase != OVER  # (a finished deal has the state where its play began)
        paid = joined(_runs(n))
    elif n._phase == PLAY_PHASE:
        return ledger(base)
    else:
        paid = _finished_ledger(n, base)
    if _SEALED is None:  # compiled: a store of the field
        n._paid = paid
    else:  # a cache on a sealed state (_SEALED)
        object.__setattr__(n, "_paid", paid)
    return paid


def _finished_ledger(n: State, base: State) -> Run:
    """What the finished deal ``n`` paid: what was paid as its play began (on ``base``), then
    the settlement against par (remembered by the points)."""
    rules = n._deal.rules
    points = n._points
    table = memo(rules, "settle")
    settled = table.get(points)
    if settled is None:
        settled = table[points] = run_of(settlement(points, rules.par))
    return then(ledger(base), settled)


def _runs(n: State) -> list[Run]:
    """The payments before the play or as it begins (``n`` has no ``_base``), in the runs the
    stages' memo tables hold, each with its net change (:class:`~gleek.stages.rules.Run`),
    remembered (on the profile's :class:`~gleek.stages.rules.Rules`) by what they depend on."""
    deal = n._deal
    rules = deal.rules
    dealer = deal.dealer
    table = memo(rules, "turn-up")
    first = table.get(deal.turn_up * 3 + dealer)
    if first is None:
        first = table[deal.turn_up * 3 + dealer] = run_of(
            deal_stage.turn_up_payments(rules, deal.turn_up, dealer)
        )
    out = [first]
    if n._phase == AUCTION:
        return out
    table = memo(rules, "price")
    key = (n._bid * 3 + n._bidder) * 3 + dealer
    price = table.get(key)
    if price is None:
        price = table[key] = run_of(price_payments(rules, n._bidder, n._bid, dealer))
    out.append(price)
    r = n._ruff
    if r is None or not r.done:
        return out
    if r.winner >= 0:
        table = memo(rules, "ruff")
        won = table.get((r.winner, r.p0, r.p1, r.p2))
        if won is None:
            won = table[(r.winner, r.p0, r.p1, r.p2)] = run_of(ruff_payments(rules, r))
        out.append(won)
    aces = aces_winner(rules, r, (n._h0, n._h1, n._h2))
    # (a list: compiled, a tuple of ints indexed by a variable is made an object again for
    # each look-up, its ints with it; a list's ints are made objects once)
    hands = [n._h0, n._h1, n._h2]
    for seat in range(3):
        entry = hand_set_run(rules, hands[seat], seat, seat == aces)
        if entry.payments:
            out.append(entry)
    for seat in range(3):
        entry = hand_small_run(rules, hands[seat], deal.trumps, seat)
        if entry.payments:
            out.append(entry)
    return out


# ---------------------------------------------------------------------------- starting


def start(profile: Profile, dealer: int, deck: Sequence[int], stake: int) -> State:
    """The dealt state (``deck`` 44 distinct indices, top first; the rule of the deal is
    :func:`gleek.stages.deal.deal_hands`): the auction opens with eldest."""
    rules = rules_of(profile)
    order = tuple(deck)
    hs = deal_stage.deal_hands(rules, dealer, order)
    deal = Deal(rules, dealer, order, hs, stake)
    n = State(deal, None, None, AUCTION, left_of(dealer), hs[0], hs[1], hs[2], None, -1, 0, 0, 0,
              _ZERO, _ZERO)  # fmt: skip
    return _set_pre(n, 0, -1, 0, (), None)


def restore(
    profile: Profile, dealer: int, deck: tuple[int, ...], stake: int, actions: tuple[Action, ...]
) -> State:
    """The state after ``actions`` from the deal (what :meth:`State.__reduce__` pickles)."""
    n = start(profile, dealer, deck, stake)
    for k, action in enumerate(actions):
        if verify(n, action) is not None:
            raise ArgumentError(f"actions[{k}]: {action} is not legal there; not a pickled State")
        n = _do(n, action)
    return n


@overload
def new_deal(
    profile: Profile, dealer: int = 0, *, seed: int | str, ruff_stake: int | None = None
) -> State: ...
@overload
def new_deal(
    profile: Profile,
    dealer: int = 0,
    *,
    seed: int | str | None = None,
    deck: Sequence[Card | str] | None = None,
    ruff_stake: int | None = None,
) -> State: ...
def new_deal(
    profile: object,
    dealer: object = 0,
    *,
    seed: object = None,
    deck: object = None,
    ruff_stake: object = None,
) -> State:
    """A freshly dealt deal: from ``deck`` (44 cards, top first; Cards or their text) or from
    ``seed`` (an int or a str: the same seed deals the same cards everywhere).

    ``profile`` is a :class:`~gleek.profile.Profile`, ``dealer`` the dealer's seat (0, 1 or
    2); ``ruff_stake`` is the opening stake carried from the previous deal (default: the
    profile's). Every argument is checked (the library's own errors name it).
    """
    if (
        type(seed) is int
        and deck is None
        and ruff_stake is None
        and type(dealer) is int
        and isinstance(profile, Profile)
        and 0 <= dealer <= 2
    ):  # the common case, every argument already right
        return start(profile, dealer, deal_stage.seeded_order(seed), profile.ruff.stake)
    check_type("profile", profile, Profile, "a Profile (from gleek.load_profile)")
    assert isinstance(profile, Profile)
    seat = check_seat("dealer", dealer)
    if (seed is None) == (deck is None):
        raise ArgumentError("give exactly one of seed= or deck=")
    if deck is not None:
        if isinstance(deck, str | bytes) or not isinstance(deck, Sequence):
            raise ArgumentTypeError(
                f"deck must be a sequence of 44 cards, not {type_name(deck)} ({deck!r:.60})"
            )
        order: Sequence[int] = tuple(card_arg(f"deck[{i}]", c).index for i, c in enumerate(deck))
        if len(order) != 44 or len(set(order)) != 44:
            raise ArgumentError(
                f"deck must be 44 distinct cards; got {len(order)} with {len(set(order))} distinct"
            )
    else:
        if isinstance(seed, bool) or not isinstance(seed, int | str):
            raise ArgumentTypeError(f"seed must be an int or a str, not {type_name(seed)}")
        order = deal_stage.seeded_order(seed)
    stake = (
        profile.ruff.stake
        if ruff_stake is None
        else check_int("ruff_stake", ruff_stake, low=1, high=MAX_INT)
    )
    return start(profile, seat, order, stake)


def state_arg(state: object) -> State:
    if not isinstance(state, State):  # (a State, the common case, makes no call)
        check_type("state", state, State, "a gleek.State (from gleek.new_deal)")
    assert isinstance(state, State)
    return state


# ---------------------------------------------------------------------------- legal actions


def legal_actions(state: object) -> tuple[Action, ...]:
    """Everything the player to act may do, in a stable order: what :func:`verify` allows."""
    n = state if isinstance(state, State) else state_arg(state)
    phase = n._phase
    deal = n._deal
    if phase == PLAY_PHASE:
        to_act = n._to_act  # (hand_mask and _led, inline: the play is most of a deal)
        hand = n._h0 if to_act == 0 else n._h1 if to_act == 1 else n._h2
        led = (n._trick & 63) // 11 if n._ntrick else -1
        mask = legal_mask(hand, led, deal.play_high)
        if led >= 0:
            shift = 11 * led
            held = (mask >> shift) & _M11
            if held << shift == mask:  # following suit (its cards alone): one table look-up
                return PLAY_BY_SUIT[led][held]
        return play_actions(mask)
    if phase == AUCTION:
        bids = auction_choices(deal.rules, n._bid, n._bidder)
        actions = _BID_ACTIONS.get(bids)
        if actions is None:
            make_room(_BID_ACTIONS)
            actions = _BID_ACTIONS[bids] = tuple(
                [PASS if x == PASS_BID else bid_action(x) for x in bids]
            )
        return actions
    if phase == DISCARD_PHASE:
        return discard_actions(hand_mask(n, n._bidder) & deal.keep)
    if phase == RUFF:
        r = n._ruff
        assert r is not None
        words = ruff_choices(deal.rules, r)
        said = _WORD_ACTIONS.get(words)
        if said is None:
            said = _WORD_ACTIONS[words] = tuple([WORDS[w] for w in words])
        return said
    return ()


#: The actions of the auction's choices (gleek.stages.stock.auction_choices: the bids, and
#: PASS_BID for a pass; kept within its budget by make_room, since bids rise without bound)
#: and of the ruff's (gleek.stages.ruff.ruff_choices: one of four tuples of words), by the
#: choices: the same tuple each time, not one built for every call.
_BID_ACTIONS: Final[dict[tuple[int, ...], tuple[Action, ...]]] = {}
_WORD_ACTIONS: Final[dict[tuple[str, ...], tuple[Action, ...]]] = {}


# ---------------------------------------------------------------------------- verify and do


def verify(n: State, action: Action) -> str | None:
    """Why the player to act may not do ``action``: the record format's error code, from the
    stage of the current phase; None if the action is legal. The one place legality is
    decided."""
    phase = n._phase
    kind = action.kind
    if phase == PLAY_PHASE:
        card = action.card
        if kind != "play" or card is None:
            return "extra-action"
        return verify_play(hand_mask(n, n._to_act), _led(n), n._deal.play_high, card.index)
    if phase == AUCTION:
        if kind == "pass":
            return verify_bid(n._deal.rules, n._bid, n._bidder, PASS_BID)
        amount = action.amount
        if kind != "bid" or amount is None:
            return "extra-action" if kind == "play" else "bad-bid"
        return verify_bid(n._deal.rules, n._bid, n._bidder, amount)
    if phase == DISCARD_PHASE:
        card = action.card
        if kind != "discard" or card is None:
            return "bad-discard"
        return verify_discard(hand_mask(n, n._to_act), n._deal.keep, card.index)
    if phase == RUFF:
        if kind in RUFF_WORDS or kind == "pass":
            r = n._ruff
            assert r is not None
            return verify_word(n._deal.rules, r, kind)
        return "extra-action" if kind in ("bid", "discard") else "bad-ruff-call"
    return "extra-action"


def _do(n: State, action: Action) -> State:
    """The state after the player to act does ``action`` (allowed by :func:`verify`)."""
    phase = n._phase
    if phase == PLAY_PHASE:
        card = action.card
        assert card is not None
        return _play(n, n._to_act, card.index, action)
    if phase == AUCTION:
        amount = action.amount
        return _bid(n, PASS_BID if amount is None else amount, action)
    if phase == DISCARD_PHASE:
        card = action.card
        assert card is not None
        return _discard(n, card.index, action)
    r = n._ruff
    assert r is not None
    return _word(n, r, action.kind, action)


#: The interned play actions, by card index, and the class of an action (names of this module:
#: compiled, statics, where a name imported from a pure module is a look-up in a dict).
_PLAYS: Final[tuple[Action, ...]] = PLAY
_ACTION: Final[type[Action]] = Action


@overload
def apply(state: State, action: Action, seat: int | None = None) -> State: ...
@overload
def apply(state: State, action: str, seat: int | None = None) -> State: ...
def apply(state: object, action: object, seat: object = None) -> State:
    """The state after ``action`` (an :class:`Action` or its text, e.g. ``"play AS"``), by
    ``seat`` (default: the player to act; given, it must be the player to act).

    Every argument is checked (the compiled build takes them as objects for that), so a wrong
    one raises the library's own error.

    Raises :class:`~gleek.errors.IllegalAction` (with the record format's error code and a
    message saying why) if the rules do not allow it, and
    :class:`~gleek.errors.ArgumentTypeError` / :class:`~gleek.errors.ArgumentError` for
    arguments of the wrong type or out of range.
    """
    if (
        isinstance(state, State)
        and isinstance(action, _ACTION)
        and (seat is None or (type(seat) is int and seat == state._to_act))
    ):
        if state._phase == PLAY_PHASE:  # most of a deal: the play's own check, then the card
            card = action.card
            if card is not None:
                c = card.index
                # an interned play action (any other, a discard say, takes the checked path)
                if _PLAYS[c] is action:
                    to_act = state._to_act
                    hand = state._h0 if to_act == 0 else state._h1 if to_act == 1 else state._h2
                    led = (state._trick & 63) // 11 if state._ntrick else -1
                    if verify_play(hand, led, state._deal.play_high, c) is None:
                        return _play(state, to_act, c, action)
        elif verify(state, action) is None:
            return _do(state, action)
    checked_state = state_arg(state)
    if seat is not None:
        check_seat("seat", seat)
    checked = action_arg(action)
    error = _check(checked_state, checked, seat, None)
    if error is not None:
        raise error
    return _do(checked_state, checked)


# ---------------------------------------------------------------------------- the phases


def _sealed_class(cls: type[_T], what: str, hint: str = "") -> type[_T] | None:
    """Pure Python only: the class a finished value of ``cls`` (a :class:`State`, an
    :class:`Outcome`) takes, refusing assignment and deletion of its attributes (``what`` names
    it in the message, ``hint`` ends it). (Compiled, the attributes are read-only already, and a
    compiled class cannot be subclassed.) A value is built as a plain ``cls``, its fields stored
    at full speed, then sealed by changing its class: one store, not a check on every store.
    Calling the sealed class (``type(value)(...)``) builds a plain one and seals it."""
    if not __file__.endswith(".py"):  # compiled by mypyc
        return None

    def refuse_set(self: object, name: str, value: object) -> None:
        raise AttributeError(f"{what} cannot be changed (setting {name!r}){hint}")

    def refuse_del(self: object, name: str) -> None:
        raise AttributeError(f"{what} cannot be changed (deleting {name!r})")

    def rebuilt(klass: type, *args: object, **kwargs: object) -> object:
        made = cls(*args, **kwargs)
        if type(made) is not sealed:
            made.__class__ = sealed
        return made

    def built(self: object, *args: object, **kwargs: object) -> None:
        """(Built and sealed by ``__new__``.)"""

    sealed: type[_T] = type(
        cls.__name__,
        (cls,),
        {
            "__slots__": (),
            "__setattr__": refuse_set,
            "__delattr__": refuse_del,
            "__new__": rebuilt,
            "__init__": built,
            "__module__": __name__,
            "__qualname__": cls.__name__,
            "__doc__": vars(cls).get("__doc__"),
        },
    )
    return sealed


_SEALED: Final = _sealed_class(State, "a State", ": apply() returns a new state")


def _seal(m: State) -> State:
    """``m``, finished: from now on nothing can change it (see :func:`_sealed_class`)."""
    if _SEALED is not None:
        m.__class__ = _SEALED
    return m


def _set_pre(
    m: State, bid: int, bidder: int, out: int, discards: tuple[int, ...], ruff: Ruff | None
) -> State:
    """``m`` with its auction (bid, bidder, a bit per seat out), discards and ruff: a state's
    own before the play, and the play's first state's (the later ones read them from it)."""
    m._bid = bid
    m._bidder = bidder
    m._out = out
    m._discards = discards
    m._ruff = ruff
    return _seal(m)


def _node(
    n: State,
    action: Action | None,
    phase: int,
    to_act: int,
    hands: tuple[int, int, int],
    bid: int,
    bidder: int,
    out: int,
    discards: tuple[int, ...],
    ruff: Ruff | None,
) -> State:
    """A state before the play, after ``action`` from ``n``."""
    m = State(n._deal, n, action, phase, to_act, hands[0], hands[1], hands[2], None, -1, 0, 0, 0,
              _ZERO, _ZERO)  # fmt: skip
    return _set_pre(m, bid, bidder, out, discards, ruff)


def _with_hand(n: State, seat: int, hand: int) -> tuple[int, int, int]:
    """The three hands of ``n`` with ``seat``'s now ``hand``."""
    if seat == 0:
        return (hand, n._h1, n._h2)
    if seat == 1:
        return (n._h0, hand, n._h2)
    return (n._h0, n._h1, hand)


def _bid(n: State, amount: int, action: Action | None) -> State:
    """After the player to act bids ``amount`` or passes (gleek.stages.stock.auction_apply)."""
    bid, bidder, out, to_act = auction_apply(n._bid, n._bidder, n._out, n._to_act, amount)
    if to_act >= 0:
        hands = (n._h0, n._h1, n._h2)
        return _node(n, action, AUCTION, to_act, hands, bid, bidder, out, (), None)
    # two have passed: the last bidder buys and lays out seven cards
    deal = n._deal
    hand = before_discards(deal.rules, hand_mask(n, bidder), deal.stock_mask)
    hands = _with_hand(n, bidder, hand)
    return _node(n, action, DISCARD_PHASE, bidder, hands, bid, bidder, out, (), None)


def _discard(n: State, c: int, action: Action | None) -> State:
    """After the buyer lays out card ``c``; the seventh brings the exchange and opens the
    ruff."""
    discards = (*n._discards, c)
    if len(discards) == 7:
        return _exchange(n, discards, action)
    buyer = n._bidder
    hands = _with_hand(n, buyer, hand_mask(n, buyer) & ~(1 << c))
    return _node(n, action, DISCARD_PHASE, buyer, hands, n._bid, buyer, n._out, discards, None)


def _exchange(n: State, discards: tuple[int, ...], action: Action | None) -> State:
    """The last of the buyer's seven discards (those of ``discards`` not yet laid out are laid
    out now): the stock is taken if it was not already, and the ruff opens
    (gleek.stages.stock.after_discards, gleek.stages.ruff.ruff_start)."""
    buyer = n._bidder
    hand, r = _exchanged(n._deal, buyer, hand_mask(n, buyer), discards)
    hands = _with_hand(n, buyer, hand)
    return _node(n, action, RUFF, r.to_act, hands, n._bid, buyer, n._out, discards, r)


def _exchanged(deal: Deal, buyer: int, hand: int, discards: tuple[int, ...]) -> tuple[int, Ruff]:
    """The ``buyer``'s ``hand`` once ``discards`` are laid out and the stock taken (if it was not
    already), and the ruff that opens then (gleek.stages.stock.after_discards,
    gleek.stages.ruff.ruff_start): the exchange, for :func:`_exchange` and the rollout."""
    rules = deal.rules
    hand = after_discards(rules, hand & ~_mask(discards), deal.stock_mask)
    return hand, ruff_start(rules, deal.dealer, buyer, deal.ruff_stake)


def _mask(cards: tuple[int, ...]) -> int:
    """The mask of these card indices."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _word(n: State, r: Ruff, word: str, action: Action | None) -> State:
    """After the player to act says ``word`` in the ruff (gleek.stages.ruff.ruff_apply); once
    the ruff is settled the play begins, and the payments made before the first trick (the
    ruff's, the sets, the small trumps) are added up then (:func:`ledger`)."""
    deal = n._deal
    rules = deal.rules
    hands = (n._h0, n._h1, n._h2)
    r2 = ruff_apply(rules, r, n._to_act, word, hands, deal.dealer)
    if not r2.done:
        return _node(n, action, RUFF, r2.to_act, hands, n._bid, n._bidder, n._out, n._discards, r2)
    m = _play_start(n, action, hands, n._bid, n._bidder, n._out, n._discards, r2)
    ledger(m)  # the ruff, the sets and the small trumps are paid as the play begins
    return m


def _play_start(
    n: State,
    action: Action | None,
    hands: tuple[int, int, int],
    bid: int,
    buyer: int,
    out: int,
    discards: tuple[int, ...],
    r: Ruff,
) -> State:
    """The play's first state, after ``n`` and ``action`` (None: a rollout's node) settled the
    ruff ``r``: the first leader (gleek.stages.tricks.first_leader) to lead, the dealer's
    points for a turned-up honour (gleek.stages.deal.turn_up_points), and the auction, discards
    and ruff that the play's states read from it."""
    deal = n._deal
    rules = deal.rules
    leader = first_leader(rules, deal.dealer, buyer)
    turned = deal_stage.turn_up_points(rules, deal.turn_up)
    points = _add(_ZERO, deal.dealer, turned) if turned else _ZERO
    m = State(deal, n, action, PLAY_PHASE, leader, hands[0], hands[1], hands[2], None, leader,
              0, 0, 0, points, _ZERO)  # fmt: skip
    return _set_pre(m, bid, buyer, out, discards, r)


def _play(n: State, seat: int, c: int, action: Action) -> State:
    """After ``seat`` (to act) plays card ``c`` (allowed by gleek.stages.tricks.verify_play);
    the third card of a trick goes to its winner (gleek.stages.tricks.trick_winner)."""
    deal = n._deal
    rules = deal.rules
    bit = ~(1 << c)
    h0, h1, h2 = n._h0, n._h1, n._h2  # (_with_hand, inline: the play is most of a deal)
    if seat == 0:
        h0 &= bit
    elif seat == 1:
        h1 &= bit
    else:
        h2 &= bit
    base = n._base
    if base is None:
        base = n
    points = n._points
    x = deal.on_play[c]  # (play_points of each card, for this deal's trumps)
    if x:
        points = _add(points, seat, x)
    ntrick = n._ntrick
    if ntrick < 2:  # the trick goes on
        m = State(deal, n, action, PLAY_PHASE, (seat + 1) % 3, h0, h1, h2, base, n._leader,
                  n._trick | c << (6 * ntrick), ntrick + 1, n._ntricks, points, n._won)  # fmt: skip
    else:  # the third card: the trick to its winner
        trick = n._trick
        c0 = trick & 63
        c1 = trick >> 6
        winner = trick_winner(deal.key, c0, c1, c, n._leader)
        points = _add(points, winner, trick_points(rules, deal.honour, c0, c1, c))
        ntricks = n._ntricks + 1
        over = ntricks == 12
        m = State(deal, n, action, OVER if over else PLAY_PHASE, -1 if over else winner, h0, h1,
                  h2, base, winner, 0, 0, ntricks, points, _add(n._won, winner, 1))  # fmt: skip
    if _SEALED is not None:  # (_seal, inline: the play is most of a deal)
        m.__class__ = _SEALED
    return m


def _add(t: tuple[int, int, int], seat: int, k: int) -> tuple[int, int, int]:
    if seat == 0:
        return (t[0] + k, t[1], t[2])
    if seat == 1:
        return (t[0], t[1] + k, t[2])
    return (t[0], t[1], t[2] + k)


# ---------------------------------------------------------------------------- checking


def _seat_name(seat: int, names: Sequence[str] | None) -> str:
    return names[seat] if names else f"seat {seat}"


def _names_arg(names: object) -> Sequence[str] | None:
    return None if names is None else check_names("names", names)


_SUIT_WORDS: Final[tuple[str, ...]] = ("spade", "heart", "diamond", "club")


def check_action(
    state: object, action: object, seat: object = None, names: object = None
) -> IllegalAction | None:
    """Why ``action`` (an :class:`Action` or its text) by ``seat`` (default the player to act)
    is illegal in ``state``, or None if it is legal.

    The reason is :func:`verify`'s, told in words; ``names`` (three player names by seat) are
    used in the message instead of ``seat N``.
    """
    return _check(state_arg(state), action_arg(action), seat, names)


def _check(
    state: State, action: Action, seat: object, player_names: object
) -> IllegalAction | None:
    if seat is not None:
        seat = check_seat("seat", seat)
    names = _names_arg(player_names)
    if state._phase == OVER:
        if seat is None:
            return IllegalAction("extra-action", f"{action}: the deal is over", seat=seat)
        who = _seat_name(seat, names)
        return IllegalAction(
            "extra-action", f"{who} tried {action}, but the deal is over", seat=seat
        )
    to_act = state._to_act
    if seat is not None and seat != to_act:
        return IllegalAction(
            "out-of-turn",
            f"{_seat_name(seat, names)} acted ({action}) but it is "
            f"{_seat_name(to_act, names)}'s turn",
            seat=seat,
        )
    code = verify(state, action)
    if code is None:
        return None
    return IllegalAction(code, _why(state, action, code, _seat_name(to_act, names)), seat=to_act)


def _why(n: State, action: Action, code: str, who: str) -> str:
    """The message of :func:`check_action` for ``code``, the reason :func:`verify` gave."""
    phase = n._phase
    rules = n._deal.rules
    if phase == AUCTION:
        if action.kind != "bid" and action.kind != "pass":
            return f"{who}: {action} during the auction for the stock"
        if n._bidder < 0:
            return f"{who} must open the auction at {rules.opening}, not {action}"
        return (
            f"{who} bid {action.amount}: after {n._bid} the only bid is "
            f"{n._bid + rules.increment} (raise by exactly {rules.increment})"
        )
    if phase == DISCARD_PHASE:
        card = action.card
        if action.kind != "discard" or card is None:
            return f"{who} must discard {7 - len(n._discards)} more card(s) before {action}"
        if code == "bad-discard":
            again = " again" if card.index in n._discards else ""
            return (
                f"{who} discarded {card}{again}, which is not in their hand (under "
                f"{n.profile.name} {exchange_order(rules)})"
            )
        return (
            f"{who} discarded {card}: {n.profile.name} forbids discarding the A, K, Q or J of "
            "trumps"
        )
    if phase == RUFF:
        r = n._ruff
        assert r is not None
        if code == "extra-action" or (action.kind not in RUFF_WORDS and action.kind != "pass"):
            return f"{who}: {action} while the ruff is being vied"
        if r.vier < 0:
            return (
                f"{who} said {action} before anyone vied (only "
                + " or ".join(ruff_choices(rules, r))
                + ")"
            )
        return f"{who} said {action} after a vie (only pass, see or revie)"
    card = action.card
    if action.kind != "play" or card is None:
        return f"{who}: {action} during the play of the tricks"
    if code == "card-not-in-hand":
        return f"{who} played {card}, which they do not hold"
    led = _led(n)
    best = CARDS[(hand_mask(n, n._to_act) & (_M11 << (11 * led))).bit_length() - 1]
    if code == "revoke":
        return f"{who} played {card} to a {_SUIT_WORDS[led]} lead while holding {best}"
    return (
        f"{who} played {card} to a {_SUIT_WORDS[led]} lead while holding the higher {best} "
        f"(play-high)"
    )


# ---------------------------------------------------------------------------- rollouts


POLICIES: Final[tuple[str, ...]] = ("random", "greedy")


def rollout(state: object, policy: object = "random", rng: object = None) -> State:
    """The deal played on from ``state`` to its end inside the engine, without a public state
    per card: the way a search bot samples how a deal may go.

    ``policy`` is ``"random"`` (each action uniform over the legal ones, drawn from ``rng``) or
    ``"greedy"`` (a simple bot: opens the auction as forced then passes, discards its lowest
    cards, waits or passes in the ruff, wins a trick with its highest card when it can and
    otherwise plays low). The result is a finished :class:`State`, with the whole history.

    >>> import gleek, random
    >>> s = gleek.new_deal(gleek.load_profile("parlett"), seed=3)
    >>> end = gleek.rollout(s, "random", random.Random(1))
    >>> end.is_over, len(end.tricks), sum(end.tricks_won)
    (True, 12, 12)
    """
    n = state_arg(state)
    if policy not in POLICIES:
        raise ArgumentError(f"policy must be one of {', '.join(POLICIES)}; not {policy!r}")
    if rng is None:
        rng = random.Random()
    check_type("rng", rng, random.Random, "a random.Random")
    assert isinstance(rng, random.Random)
    return _rollout(n, policy == "greedy", rng)


def _rollout(n: State, greedy: bool, rng: random.Random) -> State:
    """:func:`rollout`: the auction, the discards and the ruff in one node (their actions in its
    ``_tail``), then the play on ints, and one node for all of it. The play asks the tricks
    stage who wins a trick and what it scores (trick_winner, trick_points) and reads what a card
    scores when played from the deal's table (play_scores); only the choice of a legal card is
    written here again (see below)."""
    rnd = rng.random
    if n._phase != PLAY_PHASE and n._phase != OVER:
        n = _rollout_to_play(n, greedy, rnd)
    if n._phase == OVER:
        return n
    deal = n._deal
    rules = deal.rules
    key = deal.key
    honour = deal.honour
    on_play = deal.on_play  # (play_scores of each card, for this deal's trumps)
    play_high = deal.play_high
    # Three ints each, not lists: compiled, a list holds its ints as objects, so every store
    # in one makes an object and every sum is a generic call.
    h0, h1, h2 = n._h0, n._h1, n._h2
    # the cards in each hand, counted once and then one less a card played (compiled,
    # int.bit_count is a method call on an int object)
    k0, k1, k2 = h0.bit_count(), h1.bit_count(), h2.bit_count()
    p0, p1, p2 = n._points
    w0, w1, w2 = n._won
    tail: list[int] = []
    seat = n._to_act
    leader = n._leader
    t0 = n._trick & 63  # the trick's first two cards
    t1 = n._trick >> 6
    nt = n._ntrick
    ntricks = n._ntricks
    by_suit = card_tables()  # the card indices of every holding of a suit, low first
    # THE DELIBERATELY INLINED COPY of the choice of a legal card (gleek.stages.tricks.legal_mask:
    # the suit led if held, the highest of it with play-high), kept for speed
    # (benchmarks/playout.py, "rollout": calling the stage function for every card cost the
    # rollout about a sixth of its speed); the choices are read from tables of the cards. It is
    # held to the stage by tests/test_core.py::test_rollouts_replay_through_the_stages, which
    # replays every rollout action by action through apply and compares the ends.
    while ntricks < 12:
        hand = h0 if seat == 0 else h1 if seat == 1 else h2
        led = -1
        follow = 0
        if nt:
            led = t0 // 11
            follow = (hand >> (11 * led)) & _M11
        # The choices are the cards of the suit led if the hand holds any, else all its cards,
        # lowest index first (legal_actions' order); a random pick is the nth of them.
        if follow:
            if play_high:  # forced: the highest of the suit led
                c = 11 * led + follow.bit_length() - 1
            else:
                opts = by_suit[led][follow]  # one table look-up
                if greedy:
                    c = _greedy_follow(opts, t0, t1, nt, key, led)
                else:
                    count = len(opts)  # (a plain int: compiled, rnd() * len() is a generic call)
                    c = opts[int(rnd() * count)]
        elif greedy:
            opts = (
                by_suit[0][hand & _M11]
                + by_suit[1][(hand >> 11) & _M11]
                + by_suit[2][(hand >> 22) & _M11]
                + by_suit[3][hand >> 33]
            )
            c = _greedy_discard(opts, t0, t1, nt, key) if nt else opts[-1]
        else:  # leading or void: the nth lowest card of the hand, found without the tuple
            held = k0 if seat == 0 else k1 if seat == 1 else k2
            c = _nth_lowest(hand, int(rnd() * held))
        if seat == 0:
            h0 = hand & ~(1 << c)
            k0 -= 1
        elif seat == 1:
            h1 = hand & ~(1 << c)
            k1 -= 1
        else:
            h2 = hand & ~(1 << c)
            k2 -= 1
        tail.append(3 * c + seat)  # (_tail_code of the play, inline)
        x = on_play[c]
        if x:
            if seat == 0:
                p0 += x
            elif seat == 1:
                p1 += x
            else:
                p2 += x
        if nt < 2:
            if nt == 0:
                t0 = c
            else:
                t1 = c
            nt += 1
            seat = (seat + 1) % 3
            continue
        winner = trick_winner(key, t0, t1, c, leader)
        gain = trick_points(rules, honour, t0, t1, c)
        if winner == 0:
            p0 += gain
            w0 += 1
        elif winner == 1:
            p1 += gain
            w1 += 1
        else:
            p2 += gain
            w2 += 1
        ntricks += 1
        leader = winner
        seat = winner
        nt = 0
    base = n._base
    if base is None:
        base = n
    m = State(deal, n, None, OVER, -1, h0, h1, h2, base, leader, 0, 0, 12, (p0, p1, p2),
              (w0, w1, w2))  # fmt: skip
    m._tail = tuple(tail)
    return _seal(m)


def _rollout_to_play(n: State, greedy: bool, rnd: Callable[[], float]) -> State:
    """From ``n`` (before the play) to the play's first state, in one node whose ``_tail`` holds
    the actions: the stages' choices and moves (auction_choices and auction_apply, the
    discards, after_discards and ruff_start, ruff_choices and ruff_apply), as :func:`_bid`,
    :func:`_discard`, :func:`_exchange` and :func:`_word` make them one state at a time, drawing
    ``rnd`` once a choice in the same order (or taking the first choice when ``greedy``)."""
    deal = n._deal
    rules = deal.rules
    tail: list[int] = []
    phase = n._phase
    to_act = n._to_act
    bid, bidder, out = n._bid, n._bidder, n._out
    h = [n._h0, n._h1, n._h2]
    discards = n._discards
    r = n._ruff
    while phase == AUCTION:
        bids = auction_choices(rules, bid, bidder)
        count = len(bids)  # (see the same in _rollout)
        x = bids[0] if greedy else bids[int(rnd() * count)]
        # (_tail_code of the pass or the bid, inline)
        tail.append(3 * (_PASS_K if x == PASS_BID else _BID_K + x) + to_act)
        bid, bidder, out, to_act = auction_apply(bid, bidder, out, to_act, x)
        if to_act < 0:  # two have passed: the last bidder buys
            h[bidder] = before_discards(rules, h[bidder], deal.stock_mask)
            phase = DISCARD_PHASE
            to_act = bidder
    if phase == DISCARD_PHASE:
        mask = h[bidder] & deal.keep
        held = mask.bit_count()  # (counted once: see the play's count in _rollout)
        laid = list(discards)
        for _ in range(7 - len(discards)):
            # the choices are hand_cards(mask), lowest index first (discard_actions' order):
            # the chosen one is the nth lowest card of the mask, found without the tuple
            c = _nth_lowest(mask, 0 if greedy else int(rnd() * held))
            mask &= ~(1 << c)
            held -= 1
            laid.append(c)
            tail.append(3 * (_DISCARD_K + c) + bidder)  # (_tail_code of the discard, inline)
        discards = tuple(laid)
        h[bidder], r = _exchanged(deal, bidder, h[bidder], discards)
        to_act = r.to_act
        phase = RUFF
    assert r is not None
    hands = (h[0], h[1], h[2])
    while not r.done:
        words = ruff_choices(rules, r)
        count = len(words)
        w = words[0] if greedy else words[int(rnd() * count)]
        tail.append(3 * _WORD_K[w] + to_act)  # (_tail_code of the word, inline)
        r = ruff_apply(rules, r, to_act, w, hands, deal.dealer)
        to_act = r.to_act
    m = _play_start(n, None, hands, bid, bidder, out, discards, r)
    object.__setattr__(m, "_tail", tuple(tail))  # (the state is sealed: _SEALED)
    return m


def _nth_lowest(mask: int, nth: int) -> int:
    """The index of the ``nth`` lowest card of ``mask`` (0: the lowest): ``hand_cards(mask)[nth]``
    without the tuple.

    >>> [_nth_lowest(0b10110, nth) for nth in range(3)]
    [1, 2, 4]
    """
    for _skip in range(nth):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def _greedy_follow(
    opts: tuple[int, ...], c0: int, c1: int, nt: int, key: tuple[int, ...], led: int
) -> int:
    """Following suit: win with the highest if it beats the table (``c0``, and ``c1`` when
    ``nt`` is 2), else play the lowest."""
    best = key[c0]
    if nt == 2:
        k1 = key[c1] if c1 // 11 == led or key[c1] >= 100 else -1
        best = max(best, k1)
    top = opts[-1]
    return top if key[top] > best else opts[0]


def _greedy_discard(opts: tuple[int, ...], c0: int, c1: int, nt: int, key: tuple[int, ...]) -> int:
    """Void in the suit led: trump with the lowest trump that wins, else throw the lowest card.
    Only a trump on the table (``c0``, and ``c1`` when ``nt`` is 2: strength 100 and more) can
    stop a trump winning, so the cards on the table are compared by strength alone, led suit
    or not."""
    best = key[c0] if nt == 1 else max(key[c0], key[c1])
    low = opts[0]
    win = -1
    for c in opts:
        k = key[c]
        if k >= 100 and k > best and (win < 0 or k < key[win]):
            win = c
        if key[c] % 100 % 11 < key[low] % 100 % 11:
            low = c
    return win if win >= 0 else low


# ---------------------------------------------------------------------------- what a seat sees


def observation(state: object, seat: object) -> Observation:
    """The part of ``state`` that ``seat`` (0, 1 or 2) may see."""
    return _observation(state_arg(state), check_seat("seat", seat))


def _observation(state: State, seat: int) -> Observation:
    buyer = buyer_of(state)
    full = history(state)
    laid = len(pre(state)._discards) if buyer >= 0 else 0
    if buyer == seat or not laid:
        seen = full
    else:  # the buyer's discards, one action a card right after the auction, are not shown
        first = 0
        while full[first][1].kind != "discard":
            first += 1
        seen = full[:first] + full[first + laid :]
    tricks, winners = _finished_tricks(state, full)
    h = (state._h0, state._h1, state._h2)
    paid = ledger(state)
    payments = paid.payments
    net = paid.net
    # positional, in the order of Observation's fields (named in the comments): a call by
    # keywords makes the class call build and unpack a dict of them, a fifth of the cost
    return Observation(
        seat,  # seat
        state.profile,  # profile
        state.phase,  # phase
        state.to_act,  # to_act
        state.dealer,  # dealer
        state.eldest,  # eldest
        state.turn_up,  # turn_up
        state.trumps,  # trumps
        cards_of_mask(h[seat]),  # hand
        (h[0].bit_count(), h[1].bit_count(), h[2].bit_count()),  # hand_sizes
        seen,  # history
        state.buyer,  # buyer
        state.price,  # price
        state.bid,  # bid
        state.discards if buyer == seat else (),  # discards
        state.ruff_stake,  # ruff_stake
        state.ruff_winner,  # ruff_winner
        state.trick,  # trick
        tricks,  # tricks
        winners,  # trick_winners
        state.leader,  # leader
        state.tricks_won,  # tricks_won
        state.points,  # points
        payments,  # payments
        (net[0], net[1], net[2]),  # chips
        net[3],  # pot
    )


# ---------------------------------------------------------------------------- the result


class Outcome:
    """A finished deal: points and payments, net chips by seat, the pot's net change, and
    ``ruff_stake``, the opening ruff stake that carries to the next deal. Immutable; equal to
    another with the same fields; ``str()`` gives it in a few lines (see
    :func:`outcome`)."""

    # A plain class with slots (not attrs): compiled by mypyc with the engine, it is built in
    # one call from C, a tenth of what an attrs class's __init__ costs (benchmarks/playout.py,
    # ``outcome``). In pure Python it is sealed as a State is (_sealed_class).
    __slots__ = (
        "buyer",
        "chips",
        "dealer",
        "payments",
        "points",
        "pot",
        "price",
        "ruff",
        "ruff_stake",
        "trumps",
    )
    __match_args__: Final = (
        "points",
        "payments",
        "chips",
        "pot",
        "ruff_stake",
        "dealer",
        "buyer",
        "price",
        "trumps",
        "ruff",
    )

    def __init__(
        self,
        points: tuple[int, int, int],
        payments: tuple[Payment, ...],
        chips: tuple[int, int, int],
        pot: int,
        ruff_stake: int,
        dealer: int,
        buyer: int,
        price: int,
        trumps: Suit,
        ruff: RuffResult,
    ) -> None:
        self.points: Final[tuple[int, int, int]] = points
        self.payments: Final[tuple[Payment, ...]] = payments
        self.chips: Final[tuple[int, int, int]] = chips
        self.pot: Final[int] = pot
        self.ruff_stake: Final[int] = ruff_stake
        self.dealer: Final[int] = dealer
        self.buyer: Final[int] = buyer
        self.price: Final[int] = price
        self.trumps: Final[Suit] = trumps
        self.ruff: Final[RuffResult] = ruff
        if _SEALED_OUTCOME is not None:
            self.__class__ = _SEALED_OUTCOME

    def _fields(self) -> tuple[object, ...]:
        return (self.points, self.payments, self.chips, self.pot, self.ruff_stake, self.dealer,
                self.buyer, self.price, self.trumps, self.ruff)  # fmt: skip

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Outcome):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (
            "Outcome("
            + ", ".join(
                f"{name}={value!r}"
                for name, value in zip(self.__match_args__, self._fields(), strict=True)
            )
            + ")"
        )

    def __reduce__(self) -> tuple[object, ...]:
        return (Outcome, self._fields())

    def __str__(self) -> str:
        """The result in a few lines (:func:`gleek.views.outcome_text`)."""
        return outcome_text(self)

    def _repr_html_(self) -> str:
        """Jupyter shows the table of :func:`gleek.svg.outcome_html`."""
        from gleek.svg import outcome_html

        return outcome_html(self)


_SEALED_OUTCOME: Final = _sealed_class(Outcome, "an Outcome")


def outcome(state: object, claims: object = None) -> Outcome:
    """The result of a finished deal; :class:`~gleek.errors.ArgumentError` if it is not over.

    ``claims``: what each seat declared before the first trick, three tuples of words by seat
    as the record format writes them (``gleek-K``, ``mournival-A``, ``tiddy``...), or None. In a
    profile with ``sets.forfeit`` (Cotton's), a seat that claims a gleek or mournival it does not
    hold after the exchange (laid out in the stock, or never held) forfeits
    (:func:`gleek.stages.sets.forfeit_payments`): those payments come last, seat by seat. The
    validator computes a recorded deal's chips by this same call.
    """
    n = state if isinstance(state, State) else state_arg(state)
    return _outcome(n, None if claims is None else _claims_arg(claims))


def _claims_arg(claims: object) -> tuple[tuple[str, ...], ...]:
    if not (
        isinstance(claims, tuple)
        and len(claims) == 3
        and all(isinstance(c, tuple) and all(isinstance(x, str) for x in c) for c in claims)
    ):
        raise ArgumentTypeError(
            f"claims must be None or 3 tuples of str by seat, not {claims!r:.80}"
        )
    for seat, words in enumerate(claims):
        for word in words:
            if word not in CLAIM_WORDS:
                raise ArgumentError(
                    f"claims[{seat}]: {word!r:.40} is not a claim; one of " + ", ".join(CLAIM_WORDS)
                )
    return claims


def claim_forfeits(state: State, seat: int, claims: tuple[str, ...]) -> tuple[Payment, ...]:
    """What ``seat`` forfeits for ``claims`` in a deal past its exchange
    (:func:`gleek.stages.sets.forfeit_payments` of its hand after the exchange, and of the
    cards it laid out if it bought): what :func:`outcome` charges it, and what the validator
    reads as a forfeit rather than a false claim."""
    p = pre(state)
    laid = _mask(p._discards) if seat == p._bidder else 0
    return forfeit_payments(state.profile, seat, hand_mask(p, seat), laid, claims)


def _forfeits(state: State, claims: tuple[tuple[str, ...], ...]) -> tuple[Payment, ...]:
    """What the seats forfeit for their ``claims``, seat by seat (see :func:`outcome`)."""
    out: tuple[Payment, ...] = ()
    for seat in range(3):
        if claims[seat]:
            out += claim_forfeits(state, seat, claims[seat])
    return out


def _outcome(state: State, claims: tuple[tuple[str, ...], ...] | None = None) -> Outcome:
    if state._phase != OVER:
        raise ArgumentError(
            f"state must be a finished deal to have an outcome; this one is in the "
            f"{state.phase.value} phase"
        )
    p = pre(state)
    r = p._ruff
    assert r is not None
    deal = state._deal
    rules = deal.rules
    # ledger's sum, not kept on the state (a store on a sealed state cost a fifth of an
    # outcome() in pure Python) unless it is there already
    paid = state._paid
    if paid is None:
        paid = _finished_ledger(state, p)
    if claims is not None:
        forfeits = _forfeits(state, claims)
        if forfeits:
            paid = then(paid, run_of(forfeits))
    net = paid.net
    vied = r.vier >= 0
    stake = stake_now(rules, r) if vied or not rules.pool else 0
    # the key: the stake, the winner (-1 for none), shown and vied, as the digits of one int
    key = ((stake * 4 + r.winner + 1) * 2 + r.shown) * 2 + vied
    ruff = _RUFF_RESULTS.get(key)
    if ruff is None:
        make_room(_RUFF_RESULTS)
        winner = r.winner if r.winner >= 0 else None
        ruff = _RUFF_RESULTS[key] = RuffResult(winner, stake, r.shown, vied)
    # positional, in the order of Outcome's fields (named in the comments; see _observation)
    return Outcome(
        state._points,  # points
        paid.payments,  # payments
        (net[0], net[1], net[2]),  # chips
        net[3],  # pot
        next_stake(rules, r, deal.ruff_stake),  # ruff_stake
        deal.dealer,  # dealer
        p._bidder,  # buyer
        p._bid,  # price
        _SUITS[deal.trumps],  # trumps
        ruff,  # ruff
    )


#: The ruff's results by their stake, winner, shown and vied (see _outcome): immutable values,
#: shared.
_RUFF_RESULTS: Final[dict[int, RuffResult]] = {}
#: The suit of each suit's index (gleek.stages.deal.trumps_of): the suit of its first card.
_SUITS: Final = tuple([CARDS[11 * t].suit for t in range(4)])


def forget() -> None:
    """Drop everything the engine remembers: the stages' memo tables (each profile's flattened
    rules with the payments computed, the positions of the hands in the deck) and the engine's
    own (finished tricks, the ruff's results, the last history asked about). Nothing changes
    but speed; the tests start each from nothing, so that what a test checks is computed in
    that test (and a mutant is not hidden behind a value a clean run remembered first)."""
    forget_rules()
    deal_stage.forget()
    _TRICKS.clear()
    _RUFF_RESULTS.clear()
    _BID_ACTIONS.clear()
    _WORD_ACTIONS.clear()
    _LAST_HISTORY[0] = (None, ())
