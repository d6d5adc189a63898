"""The engine's fast core: one flat node per action, int fields, a back-pointer to the state
it came from. Private: :mod:`gleek.state` builds the public face on it.

The rules live in :mod:`gleek.stages` and stay there: the auction, the discards and the ruff
are few actions a deal and go through the stage functions as they are. The play phase (36
actions a deal, most of the time) is unrolled here over masks and small ints; the
differential test (``tests/test_core.py``) checks it against the stage functions on every
action of random deals in every profile and variant.

This module is written for mypyc (the optional compiled build, see ``setup.py``): plain classes
with typed fields and a plain ``__init__``, module-level constant tables, ints for phases. The
same source runs as plain Python when no compiler is at hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from gleek._args import check_seat
from gleek.actions import BIDS, DISCARD, PASS, PLAY, WORDS, Action, Phase
from gleek.cards import CARDS, Card, Suit, cards_of_mask
from gleek.profile import Profile
from gleek.stages.common import SUIT_MASK, Payment
from gleek.stages.deal import DealInfo, turn_up_payments, turn_up_points
from gleek.stages.ruff import (
    FOUR_ACES,
    RuffState,
    ruff_apply,
    ruff_choices,
    ruff_payments,
    ruff_start,
    ruff_value,
)
from gleek.stages.sets import set_payments, small_trump_payments
from gleek.stages.settle import settlement
from gleek.stages.stock import (
    AuctionState,
    auction_apply,
    auction_choices,
    auction_start,
    discardable,
    price_payments,
    take_stock,
)
from gleek.stages.tricks import play_start

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


class Deal:
    """What one deal fixes for all its states: the profile's play rules flattened to ints and
    a per-deal table of each card's trick key and honour points."""

    __slots__ = (
        "base_payments",
        "dealer",
        "honour",
        "info",
        "key",
        "par",
        "play_high",
        "profile",
        "to_player",
        "trick_points",
        "trumps",
    )

    def __init__(self, profile: Profile, info: DealInfo) -> None:
        self.profile: Final = profile
        self.info: Final = info
        self.dealer: Final[int] = info.dealer
        trumps = info.trumps
        self.trumps: Final[int] = trumps
        rules = profile.tricks
        self.play_high: Final[bool] = rules.play_high
        self.to_player: Final[bool] = rules.honours_to == "player"
        self.trick_points: Final[int] = rules.trick_points
        self.par: Final[int] = profile.scoring.par
        tables = _tables(profile, trumps)
        #: honour points of each card (0 unless an honour of trumps)
        self.honour: Final[tuple[int, ...]] = tables[0]
        #: a card's strength in a trick: trumps above everything, else by index
        self.key: Final[tuple[int, ...]] = tables[1]
        self.base_payments: Final[tuple[Payment, ...]] = turn_up_payments(profile, info)


_TABLES: dict[tuple[int, int], tuple[Profile, tuple[int, ...], tuple[int, ...]]] = {}


def _tables(profile: Profile, trumps: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The per-deal trick tables, cached by profile and trump suit."""
    key = (id(profile), trumps)
    hit = _TABLES.get(key)
    if hit is not None and hit[0] is profile:
        return hit[1], hit[2]
    by_rank = profile.tricks.by_rank
    honour = tuple([by_rank[c % 11] if c // 11 == trumps else 0 for c in range(44)])
    strength = tuple([100 + c if c // 11 == trumps else c for c in range(44)])
    if len(_TABLES) > 1024:
        _TABLES.clear()
    _TABLES[key] = (profile, honour, strength)
    return honour, strength


class State:
    """A deal in progress. Immutable: :func:`apply` (or :meth:`apply`) returns a new one.

    Everything is told in cards, suits, seats (0, 1, 2 clockwise; eldest on the dealer's left)
    and :class:`Action`. Read it with ``print(state)``; see the properties below for each part.
    Build one with :func:`new_deal`, never directly.
    """

    # Inside, a state is one flat record: masks and small ints, a back-pointer to the state it
    # came from (``_prev``, reached by ``_act`` from seat ``_seat``), the deal's shared tables
    # (``_deal``). Before the play the auction, discards, ruff and payments are the state's own;
    # during the play they are those of ``_base``, the state in which the play began. The trick
    # on the table is ``_ntrick`` cards packed 6 bits each. A :func:`rollout` ends in one state
    # whose plays since ``_prev`` are ``_tail``. What the properties show is built on demand.
    __slots__ = (
        "_act",
        "_auction",
        "_base",
        "_deal",
        "_discards",
        "_h0",
        "_h1",
        "_h2",
        "_leader",
        "_ntrick",
        "_ntricks",
        "_paid",
        "_payments",
        "_phase",
        "_points",
        "_prev",
        "_ruff",
        "_seat",
        "_tail",
        "_to_act",
        "_trick",
        "_won",
    )

    def __init__(
        self,
        deal: Deal,
        prev: State | None,
        act: Action | None,
        seat: int,
        phase: int,
        to_act: int,
        h0: int,
        h1: int,
        h2: int,
        base: State | None,
    ) -> None:
        self._deal: Final = deal
        self._prev: Final = prev
        self._act: Final = act
        self._seat: Final = seat
        self._phase: Final = phase
        self._to_act: Final = to_act
        self._h0: Final = h0
        self._h1: Final = h1
        self._h2: Final = h2
        self._base: Final = base
        self._auction: AuctionState | None = None
        self._discards: tuple[int, ...] = ()
        self._ruff: RuffState | None = None
        self._payments: tuple[Payment, ...] = ()
        self._leader = -1
        self._trick = 0
        self._ntrick = 0
        self._ntricks = 0
        self._points: tuple[int, int, int] = (0, 0, 0)
        self._won: tuple[int, int, int] = (0, 0, 0)
        self._tail: tuple[tuple[int, Action], ...] = ()
        self._paid: tuple[Payment, ...] | None = None

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
        return CARDS[self._deal.info.turn_up]

    @property
    def trumps(self) -> Suit:
        """The suit of the turn-up."""
        return CARDS[self._deal.info.turn_up].suit

    @property
    def deck(self) -> tuple[Card, ...]:
        """The 44 cards, top first, as dealt."""
        return tuple([CARDS[c] for c in self._deal.info.deck])

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
        d = self._deal.info.dealt
        return (cards_of_mask(d[0]), cards_of_mask(d[1]), cards_of_mask(d[2]))

    def dealt_hand(self, seat: object) -> tuple[Card, ...]:
        """The 12 cards ``seat`` was dealt (before the exchange)."""
        return cards_of_mask(self._deal.info.dealt[check_seat("seat", seat)])

    @property
    def stock(self) -> tuple[Card, ...]:
        """The 7 cards of the stock, as dealt (face down until bought: what to show is the
        caller's choice)."""
        return tuple([CARDS[c] for c in self._deal.info.stock])

    # -- the auction and the exchange
    @property
    def bid(self) -> int | None:
        """The highest bid so far (None before the opening bid)."""
        a = auction_of(self)
        return a.bid if a.bidder >= 0 else None

    @property
    def buyer(self) -> int | None:
        """The seat that bought the stock, once the auction is over."""
        a = auction_of(self)
        return a.buyer if a.buyer >= 0 else None

    @property
    def price(self) -> int | None:
        """What the buyer paid, once the auction is over."""
        a = auction_of(self)
        return a.bid if a.buyer >= 0 else None

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
        paid = self._paid
        if paid is None:
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
        return hash((self._deal.info.deck, self._deal.dealer, self._phase, history(self)))

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
    """The state that holds the auction, discards, ruff and pre-play payments."""
    b = n._base
    return n if b is None else b


def auction_of(n: State) -> AuctionState:
    a = pre(n)._auction
    assert a is not None
    return a


def ruff_of(n: State) -> RuffState | None:
    return pre(n)._ruff


def stake_now(n: State) -> int:
    """The ruff stake as it stands: direct model, the stake; pool model, what a player still
    in has put in above the ante."""
    r = pre(n)._ruff
    profile = n._deal.profile
    if r is None:
        return n._deal.info.ruff_stake
    if profile.ruff.model == "pool":
        return max(r.put) - profile.ruff.stake
    return r.stake


def net_chips(payments: Sequence[Payment]) -> tuple[tuple[int, int, int], int]:
    """Net change by seat and of the pot over ``payments``."""
    d0 = d1 = d2 = pot = 0
    for pay in payments:
        for party, amount in ((pay.payer, -pay.amount), (pay.payee, pay.amount)):
            if party == 0:
                d0 += amount
            elif party == 1:
                d1 += amount
            elif party == 2:
                d2 += amount
            else:
                pot += amount
    return (d0, d1, d2), pot


# ---------------------------------------------------------------------------- starting


def start(profile: Profile, info: DealInfo) -> State:
    """The dealt state: the auction opens with eldest."""
    deal = Deal(profile, info)
    d0, d1, d2 = info.dealt
    n = State(deal, None, None, -1, AUCTION, (info.dealer + 1) % 3, d0, d1, d2, None)
    n._auction = auction_start(profile, info.dealer)
    n._payments = deal.base_payments
    return n


def seeded_order(seed: int | str) -> list[int]:
    """``random.Random(seed).shuffle(list(range(44)))``, spelled out (the same draws) so that
    the compiled build runs it natively; the differential test checks the two agree."""
    rng = random.Random(seed)
    getrandbits = rng.getrandbits
    x = list(range(44))
    for i in range(43, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]
    return x


# ---------------------------------------------------------------------------- legal actions


def legal(n: State) -> tuple[Action, ...]:
    """Everything the player to act may do, in a stable order."""
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
        a = n._auction
        assert a is not None
        out: list[Action] = []
        for bid in auction_choices(n._deal.profile, a):
            out.append(
                PASS if bid is None else BIDS[bid] if bid < len(BIDS) else Action("bid", bid)
            )
        return tuple(out)
    if phase == RUFF:
        r = n._ruff
        assert r is not None
        return tuple([WORDS[w] for w in ruff_choices(n._deal.profile, r)])
    if phase == DISCARD_PHASE:
        return discard_actions(discard_mask(n))
    return ()


def discard_mask(n: State) -> int:
    a = n._auction
    assert a is not None
    return discardable(n._deal.profile, hand_mask(n, a.buyer), n._deal.trumps)


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
        a = n._auction
        assert a is not None
        said = None if kind == "pass" else action.amount if kind == "bid" else -1
        if said not in auction_choices(n._deal.profile, a):
            return None
        return _after_bid(n, a, action)
    if phase == DISCARD_PHASE:
        card = action.card
        if kind != "discard" or card is None or not discard_mask(n) >> card.index & 1:
            return None
        return _after_discard(n, card.index, action)
    if phase == RUFF:
        r = n._ruff
        assert r is not None
        if kind not in ruff_choices(n._deal.profile, r):
            return None
        return _after_ruff(n, r, action)
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
        nxt = step(state, action)
        if nxt is not None:
            return nxt
    from gleek.state import apply_checked

    return apply_checked(state, action, seat)


def legal_actions(state: object) -> tuple[Action, ...]:
    """:func:`gleek.legal_actions`."""
    if isinstance(state, State):
        return legal(state)
    from gleek.state import state_arg

    return legal(state_arg(state))


def _copy_pre(n: State, m: State) -> None:
    m._auction = n._auction
    m._discards = n._discards
    m._ruff = n._ruff
    m._payments = n._payments


def _after_bid(n: State, a: AuctionState, action: Action) -> State:
    deal = n._deal
    seat = n._to_act
    a2 = auction_apply(deal.profile, a, seat, action.amount)
    if a2.buyer < 0:
        m = State(deal, n, action, seat, AUCTION, a2.to_act, n._h0, n._h1, n._h2, None)
        m._payments = n._payments
    else:
        m = State(deal, n, action, seat, DISCARD_PHASE, a2.buyer, n._h0, n._h1, n._h2, None)
        eldest = (deal.dealer + 1) % 3
        m._payments = n._payments + price_payments(deal.profile, a2.buyer, a2.bid, eldest)
    m._auction = a2
    return m


def _after_discard(n: State, c: int, action: Action) -> State:
    deal = n._deal
    buyer = n._to_act
    discards = (*n._discards, c)
    bit = ~(1 << c)
    hs = [n._h0, n._h1, n._h2]
    hs[buyer] &= bit
    if len(discards) < 7:
        m = State(deal, n, action, buyer, DISCARD_PHASE, buyer, hs[0], hs[1], hs[2], None)
        _copy_pre(n, m)
        m._discards = discards
        return m
    hs[buyer] = take_stock(hs[buyer], deal.info.stock)
    r = ruff_start(deal.profile, deal.dealer, buyer, deal.info.ruff_stake)
    m = State(deal, n, action, buyer, RUFF, r.to_act, hs[0], hs[1], hs[2], None)
    _copy_pre(n, m)
    m._discards = discards
    m._ruff = r
    return m


def _after_ruff(n: State, r: RuffState, action: Action) -> State:
    deal = n._deal
    profile = deal.profile
    seat = n._to_act
    hands = (n._h0, n._h1, n._h2)
    r2 = ruff_apply(profile, r, seat, action.kind, hands, deal.dealer)  # type: ignore[arg-type]
    if not r2.done:
        m = State(deal, n, action, seat, RUFF, r2.to_act, n._h0, n._h1, n._h2, None)
        _copy_pre(n, m)
        m._ruff = r2
        return m
    # The ruff is settled; then sets and small trumps are paid before the first trick.
    aces = (
        r2.winner
        if r2.shown and r2.winner >= 0 and ruff_value(profile, hands[r2.winner]) == FOUR_ACES
        else -1
    )
    a = n._auction
    assert a is not None
    payments = (
        n._payments
        + ruff_payments(profile, r2)
        + set_payments(profile, hands, aces)
        + small_trump_payments(profile, hands, deal.trumps)
    )
    start_points = [0, 0, 0]
    start_points[deal.dealer] = turn_up_points(profile, deal.info)
    p = play_start(
        profile, deal.dealer, a.buyer, (start_points[0], start_points[1], start_points[2])
    )
    m = State(deal, n, action, seat, PLAY_PHASE, p.leader, n._h0, n._h1, n._h2, None)
    _copy_pre(n, m)
    m._ruff = r2
    m._payments = payments
    m._leader = p.leader
    m._points = p.points
    return m


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
        m = State(deal, n, action, seat, PLAY_PHASE, (seat + 1) % 3, h0, h1, h2, base)
        m._leader = n._leader
        m._trick = n._trick | c << (6 * ntrick)
        m._ntrick = ntrick + 1
        m._ntricks = n._ntricks
        m._points = points
        m._won = n._won
        return m
    # The third card: the trick is won by the highest trump, else the highest of the suit led.
    trick = n._trick
    c0 = trick & 63
    c1 = trick >> 6
    leader = n._leader
    key = deal.key
    led = c0 // 11
    best, winner = key[c0], leader
    k1 = key[c1] if c1 // 11 == led or key[c1] >= 100 else -1
    if k1 > best:
        best, winner = k1, (leader + 1) % 3
    k2 = key[c] if c // 11 == led or key[c] >= 100 else -1
    if k2 > best:
        winner = seat
    gain = deal.trick_points
    if not deal.to_player:
        gain += deal.honour[c0] + deal.honour[c1] + honour
    points = _add(points, winner, gain)
    ntricks = n._ntricks + 1
    won = _add(n._won, winner, 1)
    if ntricks < 12:
        m = State(deal, n, action, seat, PLAY_PHASE, winner, h0, h1, h2, base)
    else:
        m = State(deal, n, action, seat, OVER, -1, h0, h1, h2, base)
    m._leader = winner
    m._ntricks = ntricks
    m._points = points
    m._won = won
    return m


def _add(t: tuple[int, int, int], seat: int, k: int) -> tuple[int, int, int]:
    if seat == 0:
        return (t[0] + k, t[1], t[2])
    if seat == 1:
        return (t[0], t[1] + k, t[2])
    return (t[0], t[1], t[2] + k)


def final_payments(n: State) -> tuple[Payment, ...]:
    """Every payment so far; once the deal is over, the settlement against par too."""
    p = pre(n)
    if n._phase != OVER:
        return p._payments
    return p._payments + settlement(n._points, n._deal.par)


# ---------------------------------------------------------------------------- reading back


def history(n: State) -> tuple[tuple[int, Action], ...]:
    """Every action so far as ``(seat, action)``, in order (walks the back-pointers)."""
    parts: list[tuple[tuple[int, Action], ...]] = []
    m: State | None = n
    while m is not None:
        if m._tail:
            parts.append(m._tail)
        act = m._act
        if act is not None:
            parts.append(((m._seat, act),))
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
        if n._phase == DISCARD_PHASE:
            n = _rollout_discards(n, greedy, rng)
            continue
        # The stage's own choices, applied without checking them again.
        profile = n._deal.profile
        if n._phase == AUCTION:
            a = n._auction
            assert a is not None
            bids = auction_choices(profile, a)
            k = 0 if greedy else int(rnd() * len(bids))
            bid = bids[k]
            act = PASS if bid is None else BIDS[bid] if bid < len(BIDS) else Action("bid", bid)
            n = _after_bid(n, a, act)
        else:
            r = n._ruff
            assert r is not None
            words = ruff_choices(profile, r)
            k = 0 if greedy else int(rnd() * len(words))
            n = _after_ruff(n, r, WORDS[words[k]])
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
                    _greedy_discard(opts, trick, nt, key, led)
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
        led = c0 // 11
        best, winner = key[c0], leader
        k1 = key[c1] if c1 // 11 == led or key[c1] >= 100 else -1
        if k1 > best:
            best, winner = k1, (leader + 1) % 3
        k2 = key[c] if c // 11 == led or key[c] >= 100 else -1
        if k2 > best:
            winner = seat
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
    m = State(deal, n, None, -1, OVER, -1, h[0], h[1], h[2], base)
    m._leader = leader
    m._ntricks = 12
    m._points = (pts[0], pts[1], pts[2])
    m._won = (won[0], won[1], won[2])
    m._tail = tuple(tail)
    return m


def _rollout_discards(n: State, greedy: bool, rng: random.Random) -> State:
    """The rest of the buyer's seven discards in one node (the plays go in ``tail``)."""
    rnd = rng.random
    mask = discard_mask(n)
    cards: list[int] = []
    for _ in range(7 - len(n._discards)):
        opts = _hand_cards(mask)
        c = opts[0] if greedy else opts[int(rnd() * len(opts))]
        mask &= ~(1 << c)
        cards.append(c)
    deal = n._deal
    buyer = n._to_act
    hs = [n._h0, n._h1, n._h2]
    hand = hs[buyer]
    for c in cards:
        hand &= ~(1 << c)
    hs[buyer] = take_stock(hand, deal.info.stock)
    r = ruff_start(deal.profile, deal.dealer, buyer, deal.info.ruff_stake)
    m = State(deal, n, None, -1, RUFF, r.to_act, hs[0], hs[1], hs[2], None)
    _copy_pre(n, m)
    m._discards = n._discards + tuple(cards)
    m._ruff = r
    m._tail = tuple([(buyer, DISCARD[c]) for c in cards])
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


def _greedy_discard(
    opts: tuple[int, ...], trick: list[int], nt: int, key: tuple[int, ...], led: int
) -> int:
    """Void in the suit led: trump with the lowest trump that wins, else throw the lowest card."""
    best = key[trick[0]]
    if nt == 2:
        c1 = trick[1]
        k1 = key[c1] if c1 // 11 == led or key[c1] >= 100 else -1
        best = max(best, k1)
    low = opts[0]
    win = -1
    for c in opts:
        k = key[c]
        if k >= 100 and k > best and (win < 0 or k < key[win]):
            win = c
        if key[c] % 100 % 11 < key[low] % 100 % 11:
            low = c
    return win if win >= 0 else low
