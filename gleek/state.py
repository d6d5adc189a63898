"""The frozen deal state, its actions, and the two calls that drive it.

:func:`legal_actions` lists what the player to act may do, in a stable order; :func:`apply`
checks an action and returns the next state, or raises :class:`~gleek.errors.IllegalAction`
with the record format's error code. Each stage is a module of :mod:`gleek.stages`; this module
only composes them.

>>> import gleek
>>> s = gleek.new_deal(gleek.load_profile("parlett"), dealer=2, seed=7)
>>> s.phase, s.to_act, gleek.legal_actions(s)
(<Phase.AUCTION: 'auction'>, 0, (Action.parse('bid 12'),))
>>> s = gleek.apply(s, Action.parse("bid 12"))
>>> [str(a) for a in gleek.legal_actions(s)]
['pass', 'bid 13']
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Final

import attrs

from gleek.cards import CARDS, Card, Suit, cards_of_mask
from gleek.errors import IllegalAction
from gleek.profile import Profile
from gleek.stages.common import POT, SUIT_MASK, Party, Payment
from gleek.stages.deal import DealInfo, deal_cards, seeded_deck, turn_up_payments, turn_up_points
from gleek.stages.ruff import (
    FOUR_ACES,
    RuffState,
    RuffWord,
    next_stake,
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
from gleek.stages.tricks import PlayState, legal_mask, play_card, play_start

__all__ = [
    "Action",
    "Observation",
    "Outcome",
    "Phase",
    "State",
    "apply",
    "check_action",
    "legal_actions",
    "new_deal",
    "observation",
    "outcome",
]


class Phase(enum.Enum):
    """The stage a deal is in; sets and small-trump payments happen between ruff and play."""

    AUCTION = "auction"
    DISCARD = "discard"
    RUFF = "ruff"
    PLAY = "play"
    OVER = "over"


_KINDS: Final = ("bid", "pass", "discard", "wait", "vie", "see", "revie", "play")
_RUFF_WORDS: Final = frozenset(("wait", "vie", "see", "revie"))


@attrs.frozen(repr=False)
class Action:
    """One thing a player does: ``bid 13``, ``pass``, ``discard AH``, ``wait``, ``vie``,
    ``see``, ``revie``, ``play 10H``. ``pass`` serves the auction and the ruff alike.

    >>> Action.parse("play 10h"), str(Action.bid(13))
    (Action.parse('play 10H'), 'bid 13')
    """

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
        return _BIDS[amount] if 0 <= amount < len(_BIDS) else Action("bid", amount)

    @staticmethod
    def play(card: Card) -> Action:
        return _PLAY[card.index]

    @staticmethod
    def discard(card: Card) -> Action:
        return _DISCARD[card.index]

    @staticmethod
    def word(word: str) -> Action:
        """``pass``, ``wait``, ``vie``, ``see`` or ``revie``."""
        if word not in _WORDS:
            raise ValueError(f"not a word of the game: {word!r}; valid: {', '.join(_WORDS)}")
        return _WORDS[word]

    @staticmethod
    def parse(text: str) -> Action:
        """The action written as :meth:`__str__` writes it (case-insensitive)."""
        raw = text.strip().split()
        parts = [p.lower() for p in raw]
        if len(parts) == 1 and parts[0] in _WORDS:
            return _WORDS[parts[0]]
        if len(parts) == 2 and parts[0] == "bid" and parts[1].isdigit():
            return Action.bid(int(parts[1]))
        if len(parts) == 2 and parts[0] in ("play", "discard"):
            c = Card.parse(raw[1])
            return _PLAY[c.index] if parts[0] == "play" else _DISCARD[c.index]
        raise ValueError(
            f"not an action: {text!r} (write bid N, pass, discard CARD, wait, vie, see, revie "
            "or play CARD)"
        )


_BIDS: Final = tuple(Action("bid", n) for n in range(256))  # interned, like the cards
_PLAY: Final = tuple(Action("play", None, c) for c in CARDS)
_DISCARD: Final = tuple(Action("discard", None, c) for c in CARDS)
_WORDS: Final = {w: Action(w) for w in ("pass", "wait", "vie", "see", "revie")}
PASS: Final = _WORDS["pass"]


@attrs.frozen
class State:
    """A deal in progress. Frozen: :func:`apply` returns a new one.

    ``hands`` are 44-bit masks (see :mod:`gleek.cards`); use :meth:`hand` for cards.
    """

    profile: Profile
    info: DealInfo
    phase: Phase
    to_act: int  # -1 when the deal is over
    hands: tuple[int, int, int]
    auction: AuctionState
    discards: tuple[int, ...]
    ruff: RuffState | None
    play: PlayState | None
    payments: tuple[Payment, ...]

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def dealer(self) -> int:
        return self.info.dealer

    @property
    def trumps(self) -> Suit:
        return CARDS[self.info.turn_up].suit

    @property
    def turn_up(self) -> Card:
        return CARDS[self.info.turn_up]

    @property
    def buyer(self) -> int | None:
        return self.auction.buyer if self.auction.buyer >= 0 else None

    @property
    def price(self) -> int | None:
        return self.auction.bid if self.auction.buyer >= 0 else None

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds now, in canonical order."""
        return cards_of_mask(self.hands[seat])

    def dealt_hand(self, seat: int) -> tuple[Card, ...]:
        """The 12 cards ``seat`` was dealt (before the exchange)."""
        return cards_of_mask(self.info.dealt[seat])

    @property
    def stock(self) -> tuple[Card, ...]:
        return tuple(CARDS[c] for c in self.info.stock)

    @property
    def discarded(self) -> tuple[Card, ...]:
        return tuple(CARDS[c] for c in self.discards)

    @property
    def tricks(self) -> tuple[tuple[tuple[int, Card], ...], ...]:
        """Finished tricks, each as ``(seat, card)`` in the order played."""
        if self.play is None:
            return ()
        return tuple(tuple((s, CARDS[c]) for s, c in t) for t in self.play.tricks)

    @property
    def current_trick(self) -> tuple[tuple[int, Card], ...]:
        if self.play is None:
            return ()
        return tuple((s, CARDS[c]) for s, c in self.play.trick)


# ---------------------------------------------------------------------------- starting a deal


def new_deal(
    profile: Profile,
    dealer: int = 0,
    *,
    seed: int | str | None = None,
    deck: Sequence[Card] | None = None,
    ruff_stake: int | None = None,
) -> State:
    """A freshly dealt deal: from ``deck`` (44 cards, top first) or from ``seed``.

    ``ruff_stake`` is the opening stake carried from the previous deal (default: the profile's).
    """
    if dealer not in (0, 1, 2):
        raise ValueError(f"dealer must be a seat 0, 1 or 2, not {dealer!r}")
    if (seed is None) == (deck is None):
        raise ValueError("give exactly one of seed= or deck=")
    if deck is not None:
        order = tuple(c.index for c in deck)
        if len(order) != 44 or len(set(order)) != 44:
            raise ValueError(
                f"a deck must be 44 distinct cards; got {len(order)} "
                f"with {len(set(order))} distinct"
            )
    else:
        assert seed is not None
        order = seeded_deck(seed)
    stake = profile.ruff.stake if ruff_stake is None else ruff_stake
    if stake < 1:
        raise ValueError(f"ruff_stake must be at least 1, not {stake}")
    info = deal_cards(profile, order, dealer, stake)
    return State(
        profile,
        info,
        Phase.AUCTION,
        (dealer + 1) % 3,
        info.dealt,
        auction_start(profile, dealer),
        (),
        None,
        None,
        turn_up_payments(profile, info),
    )


# ---------------------------------------------------------------------------- legal actions


def _suit_tables(table: tuple[Action, ...]) -> tuple[tuple[tuple[Action, ...], ...], ...]:
    """For each suit, the actions of every 11-bit holding of it, low cards first."""
    return tuple(
        tuple(tuple(table[11 * s + r] for r in range(11) if sub >> r & 1) for sub in range(1 << 11))
        for s in range(4)
    )


_PLAY_BY_SUIT: Final = _suit_tables(_PLAY)
_DISCARD_BY_SUIT: Final = _suit_tables(_DISCARD)


def _actions_of(
    mask: int, by_suit: tuple[tuple[tuple[Action, ...], ...], ...]
) -> tuple[Action, ...]:
    """The actions of the cards in ``mask``, suit by suit in canonical index order."""
    return (
        by_suit[0][mask & 0x7FF]
        + by_suit[1][(mask >> 11) & 0x7FF]
        + by_suit[2][(mask >> 22) & 0x7FF]
        + by_suit[3][mask >> 33]
    )


def _play_mask(state: State) -> int:
    assert state.play is not None
    return legal_mask(
        state.hands[state.to_act],
        state.play.trick,
        state.info.trumps,
        state.profile.tricks.play_high,
    )


def legal_actions(state: State) -> tuple[Action, ...]:
    """Everything the player to act may do, in a stable order; empty only when the deal is over."""
    phase = state.phase
    if phase is Phase.PLAY:
        play = state.play
        assert play is not None
        hand = state.hands[state.to_act]
        trick = play.trick
        if trick:
            led = trick[0][1] // 11
            follow = (hand >> (11 * led)) & 0x7FF
            # The rule is gleek.stages.tricks.legal_mask; this is the same test, unrolled for
            # speed (the property tests check that the two agree).
            if follow:  # following suit: the legal cards are all of one suit
                if state.profile.tricks.play_high:
                    follow = 1 << (follow.bit_length() - 1)
                return _PLAY_BY_SUIT[led][follow]
        return _actions_of(hand, _PLAY_BY_SUIT)
    if phase is Phase.AUCTION:
        return tuple(
            PASS if bid is None else Action.bid(bid)
            for bid in auction_choices(state.profile, state.auction)
        )
    if phase is Phase.RUFF:
        assert state.ruff is not None
        return tuple(_WORDS[w] for w in ruff_choices(state.profile, state.ruff))
    if phase is Phase.DISCARD:
        return _actions_of(_discard_mask(state), _DISCARD_BY_SUIT)
    return ()


def _discard_mask(state: State) -> int:
    buyer = state.auction.buyer
    return discardable(state.profile, state.hands[buyer], state.info.trumps)


# ---------------------------------------------------------------------------- checking


def _seat_name(seat: int, names: Sequence[str] | None) -> str:
    return names[seat] if names else f"seat {seat}"


_SUIT_WORDS: Final = ("spade", "heart", "diamond", "club")


def check_action(
    state: State, action: Action, seat: int | None = None, names: Sequence[str] | None = None
) -> IllegalAction | None:
    """Why ``action`` (by ``seat``, default the player to act) is illegal, or None if legal.

    ``names`` (three player names by seat) are used in the message instead of ``seat N``.
    """
    who = _seat_name(state.to_act if seat is None else seat, names)
    if state.phase is Phase.OVER:
        return IllegalAction("extra-action", f"{who}: {action}: the deal is over", seat=seat)
    if seat is not None and seat != state.to_act:
        return IllegalAction(
            "out-of-turn",
            f"{who} acted ({action}) but it is {_seat_name(state.to_act, names)}'s turn",
            seat=seat,
        )
    seat = state.to_act
    phase = state.phase
    kind = action.kind
    if phase is Phase.AUCTION:
        if kind != "bid" and kind != "pass":
            code = "extra-action" if kind == "play" else "bad-bid"
            return IllegalAction(
                code, f"{who}: {action} during the auction for the stock", seat=seat
            )
        legal = legal_actions(state)
        if action in legal:
            return None
        if not state.auction.history:
            return IllegalAction(
                "bad-bid",
                f"{who} must open the auction at {state.profile.stock.opening_bid}, not {action}",
                seat=seat,
            )
        want = state.auction.bid + state.profile.stock.increment
        return IllegalAction(
            "bad-bid",
            f"{who} bid {action.amount}: after {state.auction.bid} the only bid is "
            f"{want} (raise by exactly {state.profile.stock.increment})",
            seat=seat,
        )
    if phase is Phase.DISCARD:
        if kind != "discard" or action.card is None:
            return IllegalAction(
                "bad-discard",
                f"{who} must discard {7 - len(state.discards)} more card(s) before {action}",
                seat=seat,
            )
        c = action.card.index
        if not state.hands[seat] >> c & 1:
            again = " again" if c in state.discards else ""
            return IllegalAction(
                "bad-discard",
                f"{who} discarded {action.card}{again}, which is not in their hand",
                seat=seat,
            )
        if not _discard_mask(state) >> c & 1:
            return IllegalAction(
                "forbidden-discard",
                f"{who} discarded {action.card}: {state.profile.id} forbids discarding the "
                f"A, K, Q or J of trumps",
                seat=seat,
            )
        return None
    if phase is Phase.RUFF:
        if kind not in _RUFF_WORDS and kind != "pass":
            code = "extra-action" if kind in ("bid", "discard") else "bad-ruff-call"
            return IllegalAction(code, f"{who}: {action} while the ruff is being vied", seat=seat)
        if action in legal_actions(state):
            return None
        assert state.ruff is not None
        if state.ruff.vier < 0:
            return IllegalAction(
                "bad-ruff-call",
                f"{who} said {action} before anyone vied (only wait or vie)",
                seat=seat,
            )
        return IllegalAction(
            "bad-ruff-call", f"{who} said {action} after a vie (only pass, see or revie)", seat=seat
        )
    # play
    if kind != "play" or action.card is None:
        code = "extra-action"
        return IllegalAction(code, f"{who}: {action} during the play of the tricks", seat=seat)
    c = action.card.index
    hand = state.hands[seat]
    if not hand >> c & 1:
        return IllegalAction(
            "card-not-in-hand", f"{who} played {action.card}, which they do not hold", seat=seat
        )
    if _play_mask(state) >> c & 1:
        return None
    assert state.play is not None
    led = state.play.trick[0][1] // 11
    follow = hand & SUIT_MASK[led]
    best = CARDS[follow.bit_length() - 1]
    if c // 11 != led:
        return IllegalAction(
            "revoke",
            f"{who} played {action.card} to a {_SUIT_WORDS[led]} lead while holding {best}",
            seat=seat,
        )
    return IllegalAction(
        "not-highest",
        f"{who} played {action.card} to a {_SUIT_WORDS[led]} lead while holding "
        f"the higher {best} (play-high)",
        seat=seat,
    )


# ---------------------------------------------------------------------------- applying


def apply(state: State, action: Action, seat: int | None = None) -> State:
    """The state after the player to act (or ``seat``, which must be that player) does
    ``action``; raises :class:`~gleek.errors.IllegalAction` if the rules forbid it."""
    if seat is None or seat == state.to_act:
        # Fast paths: each test below is exactly the legality of the action in its phase
        # (the property tests check that against legal_actions); anything else goes on to
        # check_action, which says why it is illegal.
        phase = state.phase
        kind = action.kind
        if phase is Phase.PLAY:
            if action.card is not None and kind == "play":
                c = action.card.index
                hand = state.hands[state.to_act]
                if hand >> c & 1:
                    trick = state.play.trick  # type: ignore[union-attr]
                    if not trick:
                        return _after_play(state, c)
                    follow = hand & SUIT_MASK[trick[0][1] // 11]
                    if not follow:
                        return _after_play(state, c)
                    if follow >> c & 1 and (
                        not state.profile.tricks.play_high or follow.bit_length() - 1 == c
                    ):
                        return _after_play(state, c)
        elif phase is Phase.AUCTION:
            said = None if kind == "pass" else action.amount if kind == "bid" else -1
            if said in auction_choices(state.profile, state.auction):
                return _after_bid(state, action)
        elif phase is Phase.DISCARD:
            if kind == "discard" and action.card is not None:
                c = action.card.index
                if _discard_mask(state) >> c & 1:
                    return _after_discard(state, c)
        elif phase is Phase.RUFF:
            r = state.ruff
            if r is not None and kind in ruff_choices(state.profile, r):
                return _after_ruff(state, kind)
    error = check_action(state, action, seat)
    if error is None:  # pragma: no cover - the fast paths accept every legal action
        raise AssertionError(f"{action} is legal but was not applied")
    raise error


def _after_bid(state: State, action: Action) -> State:
    profile = state.profile
    a = auction_apply(profile, state.auction, state.to_act, action.amount)
    if not a.over:
        return State(
            profile,
            state.info,
            Phase.AUCTION,
            a.to_act,
            state.hands,
            a,
            (),
            None,
            None,
            state.payments,
        )
    payments = state.payments + price_payments(profile, a.buyer, a.bid)
    return State(
        profile, state.info, Phase.DISCARD, a.buyer, state.hands, a, (), None, None, payments
    )


def _after_discard(state: State, c: int) -> State:
    buyer = state.to_act
    discards = (*state.discards, c)
    hands = list(state.hands)
    hands[buyer] &= ~(1 << c)
    if len(discards) < 7:
        return State(
            state.profile,
            state.info,
            Phase.DISCARD,
            buyer,
            (hands[0], hands[1], hands[2]),
            state.auction,
            discards,
            None,
            None,
            state.payments,
        )
    hands[buyer] = take_stock(hands[buyer], state.info.stock)
    new_hands = (hands[0], hands[1], hands[2])
    r = ruff_start(state.profile, state.info.dealer, buyer, state.info.ruff_stake)
    return attrs.evolve(
        state, discards=discards, hands=new_hands, phase=Phase.RUFF, ruff=r, to_act=r.to_act
    )


def _after_ruff(state: State, word: RuffWord) -> State:
    assert state.ruff is not None
    profile = state.profile
    r = ruff_apply(profile, state.ruff, state.to_act, word, state.hands, state.info.dealer)
    if not r.done:
        return State(
            profile,
            state.info,
            Phase.RUFF,
            r.to_act,
            state.hands,
            state.auction,
            state.discards,
            r,
            None,
            state.payments,
        )
    # The ruff is settled; then sets and small trumps are paid before the first trick.
    aces = (
        r.winner
        if r.shown and r.winner >= 0 and ruff_value(profile, state.hands[r.winner]) == FOUR_ACES
        else -1
    )
    payments = (
        state.payments
        + ruff_payments(profile, r)
        + set_payments(profile, state.hands, aces)
        + small_trump_payments(profile, state.hands, state.info.trumps)
    )
    start = [0, 0, 0]
    start[state.info.dealer] = turn_up_points(profile, state.info)
    p = play_start(profile, state.info.dealer, state.auction.buyer, (start[0], start[1], start[2]))
    return attrs.evolve(state, ruff=r, payments=payments, phase=Phase.PLAY, play=p, to_act=p.leader)


def _after_play(state: State, c: int) -> State:
    seat = state.to_act
    p = state.play
    assert p is not None
    p2 = play_card(state.profile, p, seat, c, state.info.trumps)
    h = state.hands
    bit = ~(1 << c)
    hands = (
        (h[0] & bit, h[1], h[2])
        if seat == 0
        else (h[0], h[1] & bit, h[2])
        if seat == 1
        else (h[0], h[1], h[2] & bit)
    )
    if p2.trick:
        nxt = (seat + 1) % 3
    elif len(p2.tricks) < 12:
        nxt = p2.leader
    else:
        payments = state.payments + settlement(p2.points, state.profile.scoring.par)
        return State(
            state.profile,
            state.info,
            Phase.OVER,
            -1,
            hands,
            state.auction,
            state.discards,
            state.ruff,
            p2,
            payments,
        )
    return State(
        state.profile,
        state.info,
        Phase.PLAY,
        nxt,
        hands,
        state.auction,
        state.discards,
        state.ruff,
        p2,
        state.payments,
    )


# ---------------------------------------------------------------------------- what a seat sees


@attrs.frozen
class Observation:
    """What ``seat`` may see: its own hand, the turn-up and everything said and played; not the
    other hands, the stock, or (unless ``seat`` is the buyer) the discards."""

    seat: int
    profile: Profile
    phase: Phase
    to_act: int
    dealer: int
    turn_up: Card
    trumps: Suit
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, int, int]
    auction: tuple[tuple[int, int | None], ...]
    buyer: int | None
    price: int | None
    discards: tuple[Card, ...]
    ruff: tuple[tuple[int, str], ...]
    ruff_stake: int
    tricks: tuple[tuple[tuple[int, Card], ...], ...]
    trick: tuple[tuple[int, Card], ...]
    points: tuple[int, int, int]
    payments: tuple[Payment, ...]


def observation(state: State, seat: int) -> Observation:
    """The part of ``state`` that ``seat`` may see."""
    own_discards = state.discarded if state.auction.buyer == seat else ()
    r = state.ruff
    return Observation(
        seat=seat,
        profile=state.profile,
        phase=state.phase,
        to_act=state.to_act,
        dealer=state.info.dealer,
        turn_up=state.turn_up,
        trumps=state.trumps,
        hand=cards_of_mask(state.hands[seat]),
        hand_sizes=(
            state.hands[0].bit_count(),
            state.hands[1].bit_count(),
            state.hands[2].bit_count(),
        ),
        auction=state.auction.history,
        buyer=state.buyer,
        price=state.price,
        discards=own_discards,
        ruff=r.history if r else (),
        ruff_stake=_stake_now(state),
        tricks=state.tricks,
        trick=state.current_trick,
        points=state.play.points if state.play else (0, 0, 0),
        payments=state.payments,
    )


def _stake_now(state: State) -> int:
    """The ruff stake as it stands: direct model, the stake; pool model, what a player still
    in has put in above the ante."""
    r = state.ruff
    if r is None:
        return state.info.ruff_stake
    if state.profile.ruff.model == "pool":
        return max(r.put) - state.profile.ruff.stake
    return r.stake


# ---------------------------------------------------------------------------- the result


@attrs.frozen
class RuffResult:
    """How the ruff went: winner seat (None if nobody won it), final stake, shown down or not."""

    winner: int | None
    stake: int
    shown: bool
    vied: bool


@attrs.frozen
class Outcome:
    """A finished deal: points and payments, net chips by seat, the pot's net change, and
    ``ruff_stake``, the opening ruff stake that carries to the next deal."""

    points: tuple[int, int, int]
    payments: tuple[Payment, ...]
    chips: tuple[int, int, int]
    pot: int
    ruff_stake: int
    dealer: int
    buyer: int
    price: int
    trumps: Suit
    ruff: RuffResult


def net_chips(payments: Sequence[Payment]) -> tuple[tuple[int, int, int], int]:
    """Net change by seat and of the pot over ``payments``."""
    delta: dict[Party, int] = {0: 0, 1: 0, 2: 0, POT: 0}
    for pay in payments:
        delta[pay.payer] -= pay.amount
        delta[pay.payee] += pay.amount
    return (delta[0], delta[1], delta[2]), delta[POT]


def outcome(state: State) -> Outcome:
    """The result of a finished deal; :class:`ValueError` if it is not over."""
    if not state.is_over:
        raise ValueError(f"the deal is not over (phase {state.phase.value})")
    assert state.play is not None and state.ruff is not None
    chips, pot = net_chips(state.payments)
    r = state.ruff
    profile = state.profile
    vied = r.vier >= 0
    stake = _stake_now(state) if vied or profile.ruff.model != "pool" else 0
    result = RuffResult(r.winner if r.winner >= 0 else None, stake, r.shown, vied)
    return Outcome(
        points=state.play.points,
        payments=state.payments,
        chips=chips,
        pot=pot,
        ruff_stake=next_stake(profile, r, state.info.ruff_stake),
        dealer=state.info.dealer,
        buyer=state.auction.buyer,
        price=state.auction.bid,
        trumps=state.trumps,
        ruff=result,
    )
