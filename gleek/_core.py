"""The engine's fast core: one flat node per action, int fields, a back-pointer to the state
it came from. Private: :mod:`gleek.state` builds the public face on it.

The rules live in :mod:`gleek.stages` and stay there, as the readable statement of them. Every
phase is unrolled here over masks and small ints (the auction, the discards, the ruff and the
play); the payments are read back on demand from the stage functions themselves, cached by
what they depend on. The differential test (``tests/test_core.py``) checks this module against
the stage functions on every action of random deals in every profile and variant.

This module is written for mypyc (the optional compiled build, see ``setup.py``): plain classes
with typed fields and a plain ``__init__``, module-level constant tables, ints for phases. The
same source runs as plain Python when no compiler is at hand.
"""

from __future__ import annotations

import _random
import random
from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, Final

from gleek._args import check_seat
from gleek.actions import BIDS, DISCARD, PASS, PLAY, WORDS, Action, Phase
from gleek.cards import CARDS, Card, Suit, cards_of_mask
from gleek.errors import ArgumentError
from gleek.profile import Profile
from gleek.stages.common import POT, RANK_MASK, SUIT_MASK, Payment
from gleek.stages.deal import DealInfo, packets, turn_up_payments
from gleek.stages.ruff import RuffState
from gleek.stages.sets import set_payments, small_trump_payments
from gleek.stages.stock import AuctionState, discardable, price_payments

if TYPE_CHECKING:
    from gleek.state import Observation, Outcome

# The phases as ints (an enum member is a slow global lookup); PHASES gives the public Phase.
AUCTION: Final = 0
DISCARD_PHASE: Final = 1
RUFF: Final = 2
PLAY_PHASE: Final = 3
OVER: Final = 4
PHASES: Final = (Phase.AUCTION, Phase.DISCARD, Phase.RUFF, Phase.PLAY, Phase.OVER)

_M11: Final = 0x7FF


def _suit_tables(table: tuple[Action, ...]) -> tuple[tuple[tuple[Action, ...], ...], ...]:
    """For each suit, the actions of every 11-bit holding of it, low cards first."""
    return tuple(
        tuple(tuple(table[11 * s + r] for r in range(11) if sub >> r & 1) for sub in range(1 << 11))
        for s in range(4)
    )


_PLAY_BY_SUIT: Final = _suit_tables(PLAY)
# Built on first use (not at import): the discard actions and the card indices by holding.
_LAZY: dict[str, tuple[tuple[tuple[object, ...], ...], ...]] = {}


def _discard_tables() -> tuple[tuple[tuple[Action, ...], ...], ...]:
    t = _LAZY.get("discard")
    if t is None:
        t = _LAZY["discard"] = _suit_tables(DISCARD)
    return t  # type: ignore[return-value]


def _card_tables() -> tuple[tuple[tuple[int, ...], ...], ...]:
    t = _LAZY.get("cards")
    if t is None:
        t = _LAZY["cards"] = _cards_by_suit()
    return t  # type: ignore[return-value]


_S0: Final = _PLAY_BY_SUIT[0]
_S1: Final = _PLAY_BY_SUIT[1]
_S2: Final = _PLAY_BY_SUIT[2]
_S3: Final = _PLAY_BY_SUIT[3]


def _cards_by_suit() -> tuple[tuple[tuple[int, ...], ...], ...]:
    return tuple(
        tuple(tuple(11 * s + r for r in range(11) if sub >> r & 1) for sub in range(1 << 11))
        for s in range(4)
    )


def play_actions(hand: int) -> tuple[Action, ...]:
    """The play actions of every card in ``hand``, suit by suit, low cards first."""
    return _S0[hand & _M11] + _S1[(hand >> 11) & _M11] + _S2[(hand >> 22) & _M11] + _S3[hand >> 33]


def discard_actions(mask: int) -> tuple[Action, ...]:
    t = _discard_tables()
    return (
        t[0][mask & _M11] + t[1][(mask >> 11) & _M11] + t[2][(mask >> 22) & _M11] + t[3][mask >> 33]
    )


def _hand_cards(hand: int) -> tuple[int, ...]:
    t = _card_tables()
    return (
        t[0][hand & _M11] + t[1][(hand >> 11) & _M11] + t[2][(hand >> 22) & _M11] + t[3][hand >> 33]
    )


class Rules:
    """A profile's rules flattened to ints and tables, built once per profile (cached by
    :func:`rules_of`), with caches of the payments the stage functions compute."""

    __slots__ = (
        "doubles",
        "first_buyer",
        "first_lead_buyer",
        "four_aces",
        "getters",
        "honour",
        "howfar",
        "increment",
        "keep",
        "key",
        "late",
        "mark",
        "nothing",
        "opening",
        "par",
        "pay_cache",
        "play_high",
        "pool",
        "profile",
        "raise_",
        "sets_cache",
        "small_cache",
        "stake",
        "step",
        "suit_table",
        "to_player",
        "trick_points",
        "turn_points",
    )

    def __init__(self, profile: Profile) -> None:
        self.profile: Final = profile
        tr = profile.tricks
        by_rank = tr.by_rank
        self.play_high: Final[bool] = tr.play_high
        self.to_player: Final[bool] = tr.honours_to == "player"
        self.trick_points: Final[int] = tr.trick_points
        self.first_lead_buyer: Final[bool] = tr.first_lead == "buyer"
        self.par: Final[int] = profile.scoring.par
        #: honour points and trick strength of each card, by trump suit
        self.honour: Final[tuple[tuple[int, ...], ...]] = tuple(
            [tuple([by_rank[c % 11] if c // 11 == t else 0 for c in range(44)]) for t in range(4)]
        )
        self.key: Final[tuple[tuple[int, ...], ...]] = tuple(
            [tuple([100 + c if c // 11 == t else c for c in range(44)]) for t in range(4)]
        )
        #: each seat's 36 dealt cards picked from the deck, by dealer (see stages.deal)
        positions = [
            [tuple(p) for p in packets(range(36), dealer, profile.deal.packet_size)]
            for dealer in range(3)
        ]
        self.getters: Final[
            tuple[tuple[Callable[[tuple[int, ...]], tuple[int, ...]], ...], ...]
        ] = tuple([tuple([itemgetter(*p) for p in seats]) for seats in positions])
        self.turn_points: Final[tuple[int, ...]] = tuple(
            [by_rank[r] if profile.turn_up.honour_to_dealer else 0 for r in range(11)]
        )
        st = profile.stock
        self.opening: Final[int] = st.opening_bid
        self.increment: Final[int] = st.increment
        #: the cards the buyer may discard, by trump suit
        self.keep: Final[tuple[int, ...]] = tuple([discardable(profile, _ALL, t) for t in range(4)])
        ru = profile.ruff
        self.pool: Final[bool] = ru.model == "pool"
        self.raise_: Final[int] = ru.raise_
        self.stake: Final[int] = ru.stake
        self.first_buyer: Final[bool] = ru.first_speaker == "buyer"
        self.howfar: Final[bool] = ru.losers_pay == "how-far"
        self.nothing: Final[int] = ru.nothing_to_say or 0
        late = ru.late_raise
        self.late: Final[bool] = late is not None
        self.mark: Final[int] = late[0] if late is not None else 0
        self.step: Final[int] = late[1] if late is not None else 0
        self.doubles: Final[bool] = ru.youngest_doubles
        self.four_aces: Final[bool] = ru.four_aces
        self.suit_table: Final[tuple[int, ...]] = ru.suit_table
        # caches of the stage functions' payments, by what they depend on
        self.pay_cache: Final[dict[object, tuple[Payment, ...]]] = {}
        self.sets_cache: Final[dict[int, tuple[Payment, ...]]] = {}
        self.small_cache: Final[dict[int, tuple[Payment, ...]]] = {}


_ALL: Final = (1 << 44) - 1
_BIT: Final = tuple([1 << c for c in range(44)])
_RULES: dict[int, Rules] = {}


def rules_of(profile: Profile) -> Rules:
    """The flattened rules of ``profile``, built on first use."""
    # keyed by id: the Rules keeps its profile alive, so no other profile can reuse the id
    r = _RULES.get(id(profile))
    if r is not None:
        return r
    if len(_RULES) > 256:
        _RULES.clear()
    r = _RULES[id(profile)] = Rules(profile)
    return r


class Deal:
    """What one deal fixes for all its states: the cards as dealt, the dealer, trumps, the
    opening ruff stake, and the profile's rules flattened (:class:`Rules`). The public
    :class:`~gleek.stages.deal.DealInfo` is built when asked for."""

    __slots__ = (
        "_info",
        "dealer",
        "dealt",
        "deck",
        "honour",
        "keep",
        "key",
        "play_high",
        "profile",
        "ruff_stake",
        "rules",
        "stock",
        "stock_mask",
        "to_player",
        "trick_points",
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
        trumps = turn_up // 11
        self.trumps: Final = trumps
        stock = deck[37:]
        self.stock: Final = stock
        m = 0
        for c in stock:
            m |= 1 << c
        self.stock_mask: Final = m
        self.ruff_stake: Final = stake
        self.play_high: Final = rules.play_high
        self.to_player: Final = rules.to_player
        self.trick_points: Final = rules.trick_points
        #: honour points of each card (0 unless an honour of trumps)
        self.honour: Final[tuple[int, ...]] = rules.honour[trumps]
        #: a card's strength in a trick: trumps above everything, else by index
        self.key: Final[tuple[int, ...]] = rules.key[trumps]
        #: the cards the buyer may discard (pedagogical keeps the trump honours)
        self.keep: Final[int] = rules.keep[trumps]
        self._info: DealInfo | None = None

    @property
    def info(self) -> DealInfo:
        """The deal as the stage functions describe it."""
        info = self._info
        if info is None:
            info = DealInfo(
                self.dealer,
                self.deck,
                self.dealt,
                self.turn_up,
                self.trumps,
                self.stock,
                self.ruff_stake,
            )
            self._info = info
        return info


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
    # whose plays since ``_prev`` are ``_tail``. What the properties show is built on demand.
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
    _tail: tuple[tuple[int, Action], ...]
    _paid: tuple[Payment, ...]

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
        # Set only where they are read: the auction, discards and ruff before the play (a
        # play state reads them from ``_base``), ``_tail`` on a rollout's nodes (those with
        # no action of their own), ``_paid`` once the payments are asked for.

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
        return (self._deal.dealer + 1) % 3

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
        return tuple([CARDS[c] for c in self._deal.stock])

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
        return stake_now(self)

    @property
    def ruff_winner(self) -> int | None:
        """The seat that won the ruff, once decided (None if nobody did)."""
        r = pre(self)._ruff
        return r.winner if r is not None and r.done and r.winner >= 0 else None

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
        played = plays(self)
        return tuple(
            [
                tuple([(s, CARDS[c]) for s, c in played[k : k + 3]])
                for k in range(0, 3 * self._ntricks, 3)
            ]
        )

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
        try:
            return self._paid
        except AttributeError:
            paid = final_payments(self)
            self._paid = paid
            return paid

    @property
    def chips(self) -> tuple[int, int, int]:
        """Net chips by seat this deal so far."""
        return net_chips(self.payments)[0]

    @property
    def pot(self) -> int:
        """The pot's net change this deal so far."""
        return net_chips(self.payments)[1]

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
        return legal(self)

    def apply(self, action: object, seat: object = None) -> State:
        """Same as :func:`apply`: ``action`` an :class:`Action` or its text, ``seat`` None or
        the seat to act. (Arguments are typed ``object`` here and checked inside, so that a
        wrong one raises the library's own error in the compiled build too.)"""
        return apply(self, action, seat)

    def observation(self, seat: object) -> Observation:
        """Same as :func:`observation` (``seat`` 0, 1 or 2)."""
        from gleek.state import observation

        return observation(self, seat)  # type: ignore[arg-type]

    def outcome(self) -> Outcome:
        """Same as :func:`outcome`."""
        from gleek.state import outcome

        return outcome(self)

    def __eq__(self, other: object) -> bool:
        """Two states are equal when they are the same deal (rules, cards, dealer, opening
        stake) after the same actions."""
        if not isinstance(other, State):
            return NotImplemented
        if self is other:
            return True
        return (
            self._phase == other._phase
            and self._deal.info == other._deal.info
            and self._deal.profile == other._deal.profile
            and history(self) == history(other)
        )

    def __hash__(self) -> int:
        # what __eq__ compares (the deal's info leaves out the order of the cards in a hand)
        return hash((self._deal.info, self._phase, history(self)))

    def __reduce__(self) -> tuple[object, ...]:
        """A state pickles as its deal (profile, dealer, cards, opening stake) and its actions,
        and unpickles by replaying them: an equal state, from which play goes on the same."""
        deal = self._deal
        acts = tuple([a for _, a in history(self)])
        return (restore, (deal.profile, deal.dealer, deal.deck, deal.ruff_stake, acts))

    def __repr__(self) -> str:
        turn = "over" if self._to_act < 0 else f"seat {self._to_act} to act"
        return (
            f"<State {self.profile.id}: dealer {self.dealer}, trumps {self.trumps.value}, "
            f"{self.phase.value}, {turn}, {len(history(self))} actions>"
        )

    def _repr_svg_(self) -> str:
        """Jupyter shows the picture of :func:`gleek.svg.draw`."""
        from gleek.svg import draw

        return draw(self)

    def __str__(self) -> str:
        from gleek.state import _state_text

        return _state_text(self)


def hand_mask(n: State, seat: int) -> int:
    """The mask of the cards ``seat`` holds."""
    return n._h0 if seat == 0 else n._h1 if seat == 1 else n._h2


def masks(n: State) -> tuple[int, int, int]:
    return (n._h0, n._h1, n._h2)


def pre(n: State) -> State:
    """The state that holds the auction, discards and ruff (during the play: where it began)."""
    b = n._base
    return n if b is None else b


def buyer_of(n: State) -> int:
    """The buyer's seat, or -1 during the auction."""
    return -1 if n._phase == AUCTION else pre(n)._bidder


def _stage_history(n: State) -> tuple[list[tuple[int, Action]], list[tuple[int, Action]]]:
    """The auction's actions and the ruff's, from the history."""
    auction: list[tuple[int, Action]] = []
    ruff: list[tuple[int, Action]] = []
    after = False
    for seat, act in history(n):
        kind = act.kind
        if kind == "discard":
            after = True
        elif kind == "play":
            break
        elif after:
            ruff.append((seat, act))
        else:
            auction.append((seat, act))
    return auction, ruff


def auction_of(n: State) -> AuctionState:
    """The auction as the stage functions describe it (built on demand)."""
    p = pre(n)
    # a bid's amount, or None for a pass (which has no amount)
    said = tuple([(seat, act.amount) for seat, act in _stage_history(n)[0]])
    over = n._phase != AUCTION
    return AuctionState(
        said, p._bid, p._bidder, p._out, -1 if over else n._to_act, p._bidder if over else -1
    )


def ruff_of(n: State) -> RuffState | None:
    """The ruff as the stage functions describe it (built on demand); None before it."""
    r = pre(n)._ruff
    if r is None:
        return None
    words = tuple([(seat, act.kind) for seat, act in _stage_history(n)[1]])
    return RuffState(
        words,  # type: ignore[arg-type]
        r.stake,
        r.vier,
        r.live,
        r.acted,
        (r.p0, r.p1, r.p2),
        r.to_act,
        r.waits,
        r.done,
        r.winner,
        r.shown,
        r.doubled,
    )


def core_ruff(n: State) -> Ruff | None:
    return pre(n)._ruff


def stake_now(n: State) -> int:
    """The ruff stake as it stands: direct model, the stake; pool model, what a player still
    in has put in above the ante."""
    r = pre(n)._ruff
    if r is None:
        return n._deal.ruff_stake
    rules = n._deal.rules
    if rules.pool:
        return max(r.p0, r.p1, r.p2) - rules.stake
    return r.stake


def next_stake(n: State) -> int:
    """The opening stake of the next deal (the rule is gleek.stages.ruff.next_stake)."""
    r = pre(n)._ruff
    assert r is not None
    profile = n._deal.profile
    opening = n._deal.ruff_stake
    if r.doubled:
        return opening * 2
    vied = r.vier >= 0
    no_vie = profile.ruff.no_vie
    if no_vie == "carry-fixed":
        carried = profile.ruff.carried_stake or profile.ruff.stake
        return profile.ruff.stake if vied else carried
    if no_vie == "carry-double":
        return profile.ruff.stake if vied else opening * 2
    return profile.ruff.stake


def net_chips(payments: Sequence[Payment]) -> tuple[tuple[int, int, int], int]:
    """Net change by seat and of the pot over ``payments``."""
    d = [0, 0, 0, 0]  # the three seats, the pot
    for pay in payments:
        amount = pay.amount
        x = pay.payer
        d[x if isinstance(x, int) else 3] -= amount
        y = pay.payee
        d[y if isinstance(y, int) else 3] += amount
    return (d[0], d[1], d[2]), d[3]


# ---------------------------------------------------------------------------- payments


def final_payments(n: State) -> tuple[Payment, ...]:
    """Every payment so far, in the order the stages make them: the turn-up; the price once
    the stock is bought; the ruff, sets and small trumps once the play begins; the settlement
    against par once the deal is over. Built on demand by the stage functions, cached by what
    they depend on."""
    deal = n._deal
    rules = deal.rules
    cache = rules.pay_cache
    if len(cache) > 20000:
        cache.clear()
    dealer = deal.dealer
    key: object = deal.turn_up * 3 + dealer
    out = cache.get(key)
    if out is None:
        out = cache[key] = turn_up_payments(
            rules.profile, DealInfo(dealer, (), (0, 0, 0), deal.turn_up, deal.trumps, (), 1)
        )
    if n._phase == AUCTION:
        return out
    p = pre(n)
    key = -((p._bid * 3 + p._bidder) * 3 + dealer) - 1
    price = cache.get(key)
    if price is None:
        price = cache[key] = price_payments(rules.profile, p._bidder, p._bid, (dealer + 1) % 3)
    out = out + price
    r = p._ruff
    if r is None or not r.done:
        return out
    hands = (p._h0, p._h1, p._h2)
    aces = -1
    if r.winner >= 0:
        key = (r.winner, r.p0, r.p1, r.p2)
        won = cache.get(key)
        if won is None:
            won = cache[key] = _ruff_payments(rules, r)
        out = out + won
        if r.shown and ruff_value(rules, hands[r.winner]) == 1000:
            aces = r.winner
    sets = rules.sets_cache
    for seat in range(3):
        hand = hands[seat]
        sig = (
            (
                ((hand & _RA).bit_count() * 5 + (hand & _RK).bit_count()) * 5
                + (hand & _RQ).bit_count()
            )
            * 5
            + (hand & _RJ).bit_count()
        ) * 6 + seat * 2
        if seat == aces:
            sig += 1
        pays = sets.get(sig)
        if pays is None:
            pays = sets[sig] = _set_payments(rules, hand, seat, aces)
        if pays:
            out = out + pays
    small = rules.small_cache
    base = 11 * deal.trumps
    for seat in range(3):
        bits = (hands[seat] >> base) & 7
        if bits:
            pays = small.get(bits * 3 + seat)
            if pays is None:
                pays = small[bits * 3 + seat] = _small_payments(rules, bits, seat)
            out = out + pays
    if n._phase != OVER:
        return out
    return out + _settlement(n._points, rules.par)


def _settlement(points: tuple[int, int, int], par: int) -> tuple[Payment, ...]:
    """The rule is gleek.stages.settle.settlement: shortfalls into the pot (largest first,
    ties by seat), then the excesses out of it (largest first)."""
    short: list[tuple[int, int]] = []
    over: list[tuple[int, int]] = []
    for seat in range(3):
        x = points[seat]
        if x < par:
            short.append((x, seat))
        elif x > par:
            over.append((-x, seat))
    short.sort()
    over.sort()
    out: list[Payment] = []
    for x, seat in short:
        out.append(_payment(seat, -1, par - x))
    for x, seat in over:
        out.append(_payment(-1, seat, -x - par))
    return tuple(out)


_PAYMENTS: dict[int, Payment] = {}


def _payment(payer: int, payee: int, amount: int) -> Payment:
    """An interned settlement :class:`Payment` (-1 for the pot)."""
    key = (amount * 4 + payer + 1) * 4 + payee + 1
    pay = _PAYMENTS.get(key)
    if pay is None:
        if len(_PAYMENTS) > 10000:
            _PAYMENTS.clear()
        pay = _PAYMENTS[key] = Payment(
            POT if payer < 0 else payer, POT if payee < 0 else payee, amount, "settlement"
        )
    return pay


_RA: Final = RANK_MASK[10]
_RK: Final = RANK_MASK[9]
_RQ: Final = RANK_MASK[8]
_RJ: Final = RANK_MASK[7]


def _ruff_payments(rules: Rules, r: Ruff) -> tuple[Payment, ...]:
    """The rule is gleek.stages.ruff.ruff_payments: each loser pays the winner what it owes
    (direct) or what it put in (pool)."""
    reason = "ruff-pool" if rules.pool else "ruff"
    puts = (r.p0, r.p1, r.p2)
    out: list[Payment] = []
    for k in (1, 2):
        loser = (r.winner + k) % 3
        if puts[loser] > 0:
            out.append(Payment(loser, r.winner, puts[loser], reason))
    return tuple(out)


def _set_payments(rules: Rules, hand: int, seat: int, aces: int) -> tuple[Payment, ...]:
    """One seat's part of gleek.stages.sets.set_payments."""
    hands = [0, 0, 0]
    hands[seat] = hand
    return set_payments(rules.profile, (hands[0], hands[1], hands[2]), aces)


def _small_payments(rules: Rules, bits: int, seat: int) -> tuple[Payment, ...]:
    """One seat's part of gleek.stages.sets.small_trump_payments (``bits``: its 4, 5 and 6
    of trumps)."""
    hands = [0, 0, 0]
    hands[seat] = bits
    return small_trump_payments(rules.profile, (hands[0], hands[1], hands[2]), 0)


# ---------------------------------------------------------------------------- starting


def start(profile: Profile, dealer: int, deck: Sequence[int], stake: int) -> State:
    """The dealt state (``deck`` 44 distinct indices, top first; the rule of the deal is
    gleek.stages.deal.deal_cards): the auction opens with eldest."""
    rules = rules_of(profile)
    order = tuple(deck)
    # each seat's 12 cards picked out of the deck by position, their bits summed (in C)
    get = rules.getters[dealer]
    bit = _BIT.__getitem__
    hs = (sum(map(bit, get[0](order))), sum(map(bit, get[1](order))), sum(map(bit, get[2](order))))
    deal = Deal(rules, dealer, order, (hs[0], hs[1], hs[2]), stake)
    n = State(
        deal,
        None,
        None,
        AUCTION,
        (dealer + 1) % 3,
        hs[0],
        hs[1],
        hs[2],
        None,
        -1,
        0,
        0,
        0,
        _ZERO,
        _ZERO,
    )
    n._bid = 0
    n._bidder = -1
    n._out = 0
    n._discards = ()
    n._ruff = None
    return n


_ZERO: Final = (0, 0, 0)


def restore(
    profile: Profile, dealer: int, deck: tuple[int, ...], stake: int, actions: tuple[Action, ...]
) -> State:
    """The state after ``actions`` from the deal (what :meth:`State.__reduce__` pickles)."""
    n = start(profile, dealer, deck, stake)
    for k, action in enumerate(actions):
        nxt = step(n, action)
        if nxt is None:
            raise ArgumentError(f"actions[{k}]: {action} is not legal there; not a pickled State")
        n = nxt
    return n


def seeded_order(seed: int | str) -> list[int]:
    """``random.Random(seed).shuffle(list(range(44)))``, spelled out (the same draws) so that
    the compiled build runs it natively; the differential test checks the two agree."""
    # an int seeds the generator as random.Random's seed() does: straight into the C seeding
    rng = _random.Random(seed) if type(seed) is int else random.Random(seed)
    getrandbits = rng.getrandbits
    x = list(range(44))
    for i in range(43, 0, -1):
        k = _NBITS[i]
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]
    return x


#: the bits of i + 1: random's draw of a number below i + 1 takes that many
_NBITS: Final = tuple([(i + 1).bit_length() for i in range(44)])


# ---------------------------------------------------------------------------- legal actions


def legal_actions(state: object) -> tuple[Action, ...]:
    """:func:`gleek.legal_actions`: everything the player to act may do, in a stable order."""
    if not isinstance(state, State):
        from gleek.state import state_arg

        return legal(state_arg(state))
    n = state
    phase = n._phase
    if phase == PLAY_PHASE:
        seat = n._to_act
        hand = n._h0 if seat == 0 else n._h1 if seat == 1 else n._h2
        if n._ntrick:
            led = (n._trick & 63) // 11
            follow = (hand >> (11 * led)) & _M11
            if follow:
                if n._deal.play_high:
                    follow = 1 << (follow.bit_length() - 1)
                return _PLAY_BY_SUIT[led][follow]
        return (
            _S0[hand & _M11] + _S1[(hand >> 11) & _M11] + _S2[(hand >> 22) & _M11] + _S3[hand >> 33]
        )
    if phase == AUCTION:
        rules = n._deal.rules
        if n._bidder < 0:
            return (_bid_action(rules.opening),)
        return (PASS, _bid_action(n._bid + rules.increment))
    if phase == DISCARD_PHASE:
        b = n._bidder
        mask = (n._h0 if b == 0 else n._h1 if b == 1 else n._h2) & n._deal.keep
        t = _discard_tables()
        return (
            t[0][mask & _M11]
            + t[1][(mask >> 11) & _M11]
            + t[2][(mask >> 22) & _M11]
            + t[3][mask >> 33]
        )
    if phase == RUFF:
        r = n._ruff
        assert r is not None
        return _ruff_words(n._deal.rules, r)
    return ()


def legal(n: State) -> tuple[Action, ...]:
    """Everything the player to act may do, in a stable order."""
    return legal_actions(n)


def _bid_action(bid: int) -> Action:
    return BIDS[bid] if bid < len(BIDS) else Action("bid", bid)


_WAIT_VIE: Final = (WORDS["wait"], WORDS["vie"])
_WAIT_VIE_DOUBLE: Final = (WORDS["wait"], WORDS["vie"], WORDS["double"])
_PASS_SEE_REVIE: Final = (WORDS["pass"], WORDS["see"], WORDS["revie"])


def _ruff_words(rules: Rules, r: Ruff) -> tuple[Action, ...]:
    """What the player to act may say in the ruff (the rule is stages.ruff.ruff_choices)."""
    if r.done:
        return ()
    if r.vier < 0:
        if r.waits == 2 and rules.doubles:
            return _WAIT_VIE_DOUBLE
        return _WAIT_VIE
    return _PASS_SEE_REVIE


def discard_mask(n: State) -> int:
    """The cards the buyer may discard (the rule is gleek.stages.stock.discardable)."""
    b = n._bidder
    return (n._h0 if b == 0 else n._h1 if b == 1 else n._h2) & n._deal.keep


def play_mask(n: State) -> int:
    """The cards the player to act may play (the rule is gleek.stages.tricks.legal_mask)."""
    hand = hand_mask(n, n._to_act)
    if not n._ntrick:
        return hand
    follow = hand & SUIT_MASK[(n._trick & 63) // 11]
    if not follow:
        return hand
    if n._deal.play_high:
        return 1 << (follow.bit_length() - 1)
    return follow


# ---------------------------------------------------------------------------- applying


def step(n: State, action: Action) -> State | None:
    """The state after the player to act does ``action``, or None if it is illegal."""
    phase = n._phase
    kind = action.kind
    if phase == PLAY_PHASE:
        card = action.card
        if card is None or kind != "play":
            return None
        c = card.index
        seat = n._to_act
        hand = n._h0 if seat == 0 else n._h1 if seat == 1 else n._h2
        if not hand >> c & 1:
            return None
        if n._ntrick:
            follow = hand & SUIT_MASK[(n._trick & 63) // 11]
            if follow and not (
                follow >> c & 1 and (not n._deal.play_high or follow.bit_length() - 1 == c)
            ):
                return None
        return play(n, seat, c, action)
    if phase == AUCTION:
        rules = n._deal.rules
        if kind == "pass":
            if n._bidder < 0:
                return None
            return after_bid(n, -1, action)
        if kind != "bid":
            return None
        want = rules.opening if n._bidder < 0 else n._bid + rules.increment
        if action.amount != want:
            return None
        return after_bid(n, want, action)
    if phase == DISCARD_PHASE:
        card = action.card
        if kind != "discard" or card is None or not discard_mask(n) >> card.index & 1:
            return None
        return after_discard(n, card.index, action)
    if phase == RUFF:
        r = n._ruff
        assert r is not None
        # the words of _ruff_words, by kind (an Action's == is slow)
        if r.vier < 0:
            if not (
                kind == "wait"
                or kind == "vie"
                or (kind == "double" and r.waits == 2 and n._deal.rules.doubles)
            ):
                return None
        elif not (kind == "pass" or kind == "see" or kind == "revie"):
            return None
        return after_ruff(n, r, kind, action)  # a word has no amount or card (Action checks)
    return None


def apply(state: object, action: object, seat: object = None) -> State:
    """:func:`gleek.apply`: the fast path for a legal action by the player to act; anything
    else (a text, a wrong type, an illegal action) goes to :func:`gleek.state.apply_checked`,
    which parses, checks and says why."""
    if (
        isinstance(state, State)
        and isinstance(action, Action)
        and (seat is None or (type(seat) is int and seat == state._to_act))
    ):
        if state._phase != PLAY_PHASE:
            nxt = step(state, action)
            if nxt is not None:
                return nxt
        else:  # the play, most of a deal: as in step, inline
            card = action.card
            if card is not None and action.kind == "play":
                c = card.index
                to_act = state._to_act
                hand = state._h0 if to_act == 0 else state._h1 if to_act == 1 else state._h2
                if hand >> c & 1:
                    if not state._ntrick:
                        return play(state, to_act, c, action)
                    follow = hand & SUIT_MASK[(state._trick & 63) // 11]
                    if not follow or (
                        follow >> c & 1
                        and (not state._deal.play_high or follow.bit_length() - 1 == c)
                    ):
                        return play(state, to_act, c, action)
    from gleek.state import apply_checked

    return apply_checked(state, action, seat)


def after_bid(n: State, bid: int, action: Action | None) -> State:
    """The state after the player to act bids ``bid`` or passes (-1); the rule is
    gleek.stages.stock.auction_apply."""
    deal = n._deal
    seat = n._to_act
    out = n._out
    if bid < 0:
        out |= 1 << seat
        bid = n._bid
        bidder = n._bidder
        if out.bit_count() == 2:
            m = State(
                deal,
                n,
                action,
                DISCARD_PHASE,
                bidder,
                n._h0,
                n._h1,
                n._h2,
                None,
                -1,
                0,
                0,
                0,
                _ZERO,
                _ZERO,
            )
            m._bid = bid
            m._bidder = bidder
            m._out = out
            m._discards = ()
            m._ruff = None
            return m
    else:
        bidder = seat
    nxt = (seat + 1) % 3
    while out >> nxt & 1:
        nxt = (nxt + 1) % 3
    m = State(deal, n, action, AUCTION, nxt, n._h0, n._h1, n._h2, None, -1, 0, 0, 0, _ZERO, _ZERO)
    m._bid = bid
    m._bidder = bidder
    m._out = out
    m._discards = ()
    m._ruff = None
    return m


def _copy_pre(n: State, m: State) -> None:
    """The auction's result and the discards, carried to the next state (each caller then
    sets the ruff)."""
    m._bid = n._bid
    m._bidder = n._bidder
    m._out = n._out
    m._discards = n._discards


def after_discard(n: State, c: int, action: Action) -> State:
    deal = n._deal
    buyer = n._to_act
    discards = (*n._discards, c)
    bit = ~(1 << c)
    h0, h1, h2 = n._h0, n._h1, n._h2
    if len(discards) < 7:
        if buyer == 0:
            h0 &= bit
        elif buyer == 1:
            h1 &= bit
        else:
            h2 &= bit
        m = State(
            deal, n, action, DISCARD_PHASE, buyer, h0, h1, h2, None, -1, 0, 0, 0, _ZERO, _ZERO
        )
        m._bid = n._bid
        m._bidder = buyer
        m._out = n._out
        m._discards = discards
        m._ruff = None
        return m
    return _exchange(n, discards, action)


def _exchange(n: State, discards: tuple[int, ...], action: Action | None) -> State:
    """The buyer puts out the discards and takes the stock; the ruff opens."""
    deal = n._deal
    rules = deal.rules
    buyer = n._bidder
    out = 0
    for c in discards:
        out |= 1 << c
    h0, h1, h2 = n._h0, n._h1, n._h2
    if buyer == 0:
        h0 = (h0 & ~out) | deal.stock_mask
    elif buyer == 1:
        h1 = (h1 & ~out) | deal.stock_mask
    else:
        h2 = (h2 & ~out) | deal.stock_mask
    stake = deal.ruff_stake
    first = buyer if rules.first_buyer else (deal.dealer + 1) % 3
    put = stake if rules.pool else 0
    r = Ruff(stake, -1, 7, 0, put, put, put, first, 0, False, -1, False, False)
    m = State(deal, n, action, RUFF, first, h0, h1, h2, None, -1, 0, 0, 0, _ZERO, _ZERO)
    _copy_pre(n, m)
    m._discards = discards
    m._ruff = r
    return m


class Ruff:
    """The vying so far, on ints (the stage's :class:`~gleek.stages.ruff.RuffState` without
    its history, which the states' back-pointers keep)."""

    __slots__ = (
        "acted",
        "done",
        "doubled",
        "live",
        "p0",
        "p1",
        "p2",
        "shown",
        "stake",
        "to_act",
        "vier",
        "waits",
        "winner",
    )

    def __init__(
        self,
        stake: int,
        vier: int,
        live: int,
        acted: int,
        p0: int,
        p1: int,
        p2: int,
        to_act: int,
        waits: int,
        done: bool,
        winner: int,
        shown: bool,
        doubled: bool,
    ) -> None:
        self.stake: Final = stake
        self.vier: Final = vier
        self.live: Final = live
        self.acted: Final = acted
        self.p0: Final = p0
        self.p1: Final = p1
        self.p2: Final = p2
        self.to_act: Final = to_act
        self.waits: Final = waits
        self.done: Final = done
        self.winner: Final = winner
        self.shown: Final = shown
        self.doubled: Final = doubled


def ruff_value(rules: Rules, hand: int) -> int:
    """The rule is gleek.stages.ruff.ruff_value: the best suit's value, or 1000 for four Aces
    where they beat every ruff."""
    if rules.four_aces and hand & _ACES == _ACES:
        return 1000
    table = rules.suit_table
    return max(
        table[hand & _M11],
        table[(hand >> 11) & _M11],
        table[(hand >> 22) & _M11],
        table[hand >> 33],
    )


_ACES: Final = RANK_MASK[10]


def _ruff_winner(rules: Rules, n: State, live: int) -> int:
    """Best ruff among ``live`` seats; ties to eldest, then middle, then dealer."""
    dealer = n._deal.dealer
    best, best_seat = -1, -1
    for k in (1, 2, 3):
        seat = (dealer + k) % 3
        if live >> seat & 1:
            value = ruff_value(rules, hand_mask(n, seat))
            if value > best:
                best, best_seat = value, seat
    return best_seat


def ruff_step(rules: Rules, n: State, r: Ruff, seat: int, word: str) -> Ruff:
    """The vying after ``seat`` says ``word`` (legal); the rule is stages.ruff.ruff_apply."""
    if word == "double":
        return Ruff(r.stake, -1, 7, 0, r.p0, r.p1, r.p2, -1, r.waits, True, -1, False, True)
    if word == "wait":
        waits = r.waits + 1
        if waits == 3:
            if rules.pool:
                win = _ruff_winner(rules, n, 7)
                return Ruff(r.stake, -1, 7, 0, r.p0, r.p1, r.p2, -1, waits, True, win, True, False)
            return Ruff(r.stake, -1, 7, 0, r.p0, r.p1, r.p2, -1, waits, True, -1, False, False)
        return Ruff(
            r.stake, -1, 7, 0, r.p0, r.p1, r.p2, (seat + 1) % 3, waits, False, -1, False, False
        )
    pool = rules.pool
    live, acted, stake, vier = r.live, r.acted, r.stake, r.vier
    put = [r.p0, r.p1, r.p2]
    if word == "vie":
        vier = seat
        acted = 1 << seat
        put[seat] = put[seat] + rules.raise_ if pool else stake
    elif word == "revie":
        acted = 1 << seat
        if pool:
            put[seat] = max(put) + rules.raise_
        else:
            if not rules.late:
                stake = stake + rules.raise_
            elif stake >= rules.mark:
                stake = stake + rules.step
            else:
                stake = min(stake + rules.raise_, rules.mark)
            put[seat] = stake
    elif word == "see":
        acted |= 1 << seat
        put[seat] = max(put) if pool else stake
    else:  # pass
        live &= ~(1 << seat)
        if rules.howfar:
            if put[seat] == 0:
                put[seat] = rules.nothing
        elif not pool:
            put[seat] = stake
    alone = live.bit_count() == 1
    if alone or live & ~acted == 0:  # settled: the last one in wins, or the best ruff shown
        winner = live.bit_length() - 1 if alone else _ruff_winner(rules, n, live)
        return Ruff(
            stake, vier, live, acted, put[0], put[1], put[2], -1, r.waits, True, winner,
            not alone, False,
        )  # fmt: skip
    nxt = (seat + 1) % 3
    while not live >> nxt & 1:
        nxt = (nxt + 1) % 3
    return Ruff(
        stake, vier, live, acted, put[0], put[1], put[2], nxt, r.waits, False, -1, False, False
    )


def after_ruff(n: State, r: Ruff, word: str, action: Action | None) -> State:
    deal = n._deal
    rules = deal.rules
    seat = n._to_act
    r2 = ruff_step(rules, n, r, seat, word)
    if not r2.done:
        m = State(
            deal, n, action, RUFF, r2.to_act, n._h0, n._h1, n._h2, None, -1, 0, 0, 0, _ZERO, _ZERO
        )
        _copy_pre(n, m)
        m._ruff = r2
        return m
    # The ruff is settled (its payments, the sets and small trumps are read back on demand):
    # the play begins (the rule is gleek.stages.tricks.play_start).
    leader = n._bidder if rules.first_lead_buyer else (deal.dealer + 1) % 3
    turned = rules.turn_points[deal.turn_up % 11]
    dealer = deal.dealer
    points = (
        _ZERO
        if not turned
        else (turned, 0, 0)
        if dealer == 0
        else (0, turned, 0)
        if dealer == 1
        else (0, 0, turned)
    )
    m = State(
        deal,
        n,
        action,
        PLAY_PHASE,
        leader,
        n._h0,
        n._h1,
        n._h2,
        None,
        leader,
        0,
        0,
        0,
        points,
        _ZERO,
    )
    _copy_pre(n, m)
    m._ruff = r2
    return m


def _trick_winner(key: tuple[int, ...], c0: int, c1: int, c2: int, leader: int) -> int:
    """The seat that wins the trick ``c0, c1, c2`` led by ``leader``: the highest trump, else
    the highest card of the suit led (the rule is gleek.stages.tricks.trick_winner; ``key`` is
    a card's strength, 100 more for a trump; a card of neither suit counts -1)."""
    led = c0 // 11
    best, winner = key[c0], leader
    k1 = key[c1] if c1 // 11 == led or key[c1] >= 100 else -1
    if k1 > best:
        best, winner = k1, (leader + 1) % 3
    k2 = key[c2] if c2 // 11 == led or key[c2] >= 100 else -1
    if k2 > best:
        winner = (leader + 2) % 3
    return winner


def play(n: State, seat: int, c: int, action: Action) -> State:
    """The state after ``seat`` (to act) plays card ``c`` (legal: the caller checked)."""
    deal = n._deal
    bit = ~(1 << c)
    h0, h1, h2 = n._h0, n._h1, n._h2
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
    honour = deal.honour[c]
    if honour and deal.to_player:
        points = _add(points, seat, honour)
    ntrick = n._ntrick
    if ntrick < 2:
        return State(
            deal,
            n,
            action,
            PLAY_PHASE,
            (seat + 1) % 3,
            h0,
            h1,
            h2,
            base,
            n._leader,
            n._trick | c << (6 * ntrick),
            ntrick + 1,
            n._ntricks,
            points,
            n._won,
        )
    # The third card: the trick is won by the highest trump, else the highest of the suit led.
    trick = n._trick
    c0 = trick & 63
    c1 = trick >> 6
    leader = n._leader
    key = deal.key
    winner = _trick_winner(key, c0, c1, c, leader)
    gain = deal.trick_points
    if not deal.to_player:
        gain += deal.honour[c0] + deal.honour[c1] + honour
    ntricks = n._ntricks + 1
    w = n._won
    if winner == 0:
        points = (points[0] + gain, points[1], points[2])
        won = (w[0] + 1, w[1], w[2])
    elif winner == 1:
        points = (points[0], points[1] + gain, points[2])
        won = (w[0], w[1] + 1, w[2])
    else:
        points = (points[0], points[1], points[2] + gain)
        won = (w[0], w[1], w[2] + 1)
    return State(
        deal,
        n,
        action,
        PLAY_PHASE if ntricks < 12 else OVER,
        winner if ntricks < 12 else -1,
        h0,
        h1,
        h2,
        base,
        winner,
        0,
        0,
        ntricks,
        points,
        won,
    )


def _add(t: tuple[int, int, int], seat: int, k: int) -> tuple[int, int, int]:
    if seat == 0:
        return (t[0] + k, t[1], t[2])
    if seat == 1:
        return (t[0], t[1] + k, t[2])
    return (t[0], t[1], t[2] + k)


# ---------------------------------------------------------------------------- reading back


def history(n: State) -> tuple[tuple[int, Action], ...]:
    """Every action so far as ``(seat, action)``, in order (walks the back-pointers)."""
    parts: list[tuple[tuple[int, Action], ...]] = []
    m: State | None = n
    while m is not None:
        if m._act is None and m._prev is not None:  # a rollout's node
            parts.append(m._tail)
        act = m._act
        if act is not None:
            prev = m._prev
            assert prev is not None
            parts.append(((prev._to_act, act),))
        m = m._prev
    out: list[tuple[int, Action]] = []
    for part in reversed(parts):
        out.extend(part)
    return tuple(out)


def plays(n: State) -> list[tuple[int, int]]:
    """The cards played so far as ``(seat, card index)``, in order."""
    out: list[tuple[int, int]] = []
    for seat, act in history(n):
        card = act.card
        if act.kind == "play" and card is not None:
            out.append((seat, card.index))
    return out


# ---------------------------------------------------------------------------- rollouts


POLICIES: Final = ("random", "greedy")


def rollout(n: State, policy: str, rng: random.Random) -> State:
    """Play the deal from ``n`` to its end: ``random`` (uniform over the legal actions) or
    ``greedy`` (a simple bot). The play phase runs on ints without a node per card."""
    greedy = policy == "greedy"
    rnd = rng.random
    while n._phase != PLAY_PHASE and n._phase != OVER:
        phase = n._phase
        if phase == DISCARD_PHASE:
            n = _rollout_discards(n, greedy, rng)
        elif phase == AUCTION:
            # the choices of legal(), applied without checking them again
            # (a uniform pick draws once even from the forced opening alone)
            if n._bidder < 0:
                if not greedy:
                    rnd()
                bid = n._deal.rules.opening
                n = after_bid(n, bid, _bid_action(bid))
            elif greedy or rnd() < 0.5:
                n = after_bid(n, -1, PASS)
            else:
                bid = n._bid + n._deal.rules.increment
                n = after_bid(n, bid, _bid_action(bid))
        else:
            r = n._ruff
            assert r is not None
            words = _ruff_words(n._deal.rules, r)
            act = words[0] if greedy else words[int(rnd() * len(words))]
            n = after_ruff(n, r, act.kind, act)
    if n._phase == OVER:
        return n
    deal = n._deal
    key = deal.key
    honour = deal.honour
    to_player = deal.to_player
    play_high = deal.play_high
    gain0 = deal.trick_points
    h = [n._h0, n._h1, n._h2]
    pts = [n._points[0], n._points[1], n._points[2]]
    won = [n._won[0], n._won[1], n._won[2]]
    tail: list[tuple[int, Action]] = []
    seat = n._to_act
    leader = n._leader
    trick = [n._trick & 63, n._trick >> 6]
    nt = n._ntrick
    ntricks = n._ntricks
    while ntricks < 12:
        hand = h[seat]
        if nt:
            c0 = trick[0]
            led = c0 // 11
            follow = (hand >> (11 * led)) & _M11
            if follow and play_high:
                c = 11 * led + follow.bit_length() - 1
            elif follow:
                opts = _card_tables()[led][follow]
                c = (
                    _greedy_follow(opts, trick, nt, key, led)
                    if greedy
                    else opts[int(rnd() * len(opts))]
                )
            else:
                opts = _hand_cards(hand)
                c = (
                    _greedy_discard(opts, trick, nt, key)
                    if greedy
                    else opts[int(rnd() * len(opts))]
                )
        else:
            opts = _hand_cards(hand)
            c = opts[-1] if greedy else opts[int(rnd() * len(opts))]
        h[seat] = hand & ~(1 << c)
        tail.append((seat, PLAY[c]))
        x = honour[c]
        if x and to_player:
            pts[seat] += x
        if nt < 2:
            if nt == 0:
                trick[0] = c
            else:
                trick[1] = c
            nt += 1
            seat = (seat + 1) % 3
            continue
        c0, c1 = trick[0], trick[1]
        winner = _trick_winner(key, c0, c1, c, leader)
        gain = gain0
        if not to_player:
            gain += honour[c0] + honour[c1] + x
        pts[winner] += gain
        won[winner] += 1
        ntricks += 1
        leader = winner
        seat = winner
        nt = 0
    base = n._base
    if base is None:
        base = n
    m = State(
        deal,
        n,
        None,
        OVER,
        -1,
        h[0],
        h[1],
        h[2],
        base,
        leader,
        0,
        0,
        12,
        (pts[0], pts[1], pts[2]),
        (won[0], won[1], won[2]),
    )
    m._tail = tuple(tail)
    return m


def _rollout_discards(n: State, greedy: bool, rng: random.Random) -> State:
    """The rest of the buyer's seven discards and the exchange in one node (the discards go
    in ``tail``)."""
    rnd = rng.random
    mask = discard_mask(n)
    cards: list[int] = []
    for _ in range(7 - len(n._discards)):
        opts = _hand_cards(mask)
        c = opts[0] if greedy else opts[int(rnd() * len(opts))]
        mask &= ~(1 << c)
        cards.append(c)
    m = _exchange(n, n._discards + tuple(cards), None)
    m._tail = tuple([(n._bidder, DISCARD[c]) for c in cards])
    return m


def _greedy_follow(
    opts: tuple[int, ...], trick: list[int], nt: int, key: tuple[int, ...], led: int
) -> int:
    """Following suit: win with the highest if it beats the table, else play the lowest."""
    best = key[trick[0]]
    if nt == 2:
        c1 = trick[1]
        k1 = key[c1] if c1 // 11 == led or key[c1] >= 100 else -1
        best = max(best, k1)
    top = opts[-1]
    return top if key[top] > best else opts[0]


def _greedy_discard(opts: tuple[int, ...], trick: list[int], nt: int, key: tuple[int, ...]) -> int:
    """Void in the suit led: trump with the lowest trump that wins, else throw the lowest card.
    Only a trump on the table (strength 100 and more) can stop a trump winning, so the cards on
    the table are compared by strength alone, led suit or not."""
    best = key[trick[0]] if nt == 1 else max(key[trick[0]], key[trick[1]])
    low = opts[0]
    win = -1
    for c in opts:
        k = key[c]
        if k >= 100 and k > best and (win < 0 or k < key[win]):
            win = c
        if key[c] % 100 % 11 < key[low] % 100 % 11:
            low = c
    return win if win >= 0 else low
