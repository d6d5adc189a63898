"""The frozen deal state, its actions, and the calls that drive it.

:func:`legal_actions` lists what the player to act may do, in a stable order; :func:`apply`
checks an action and returns the next state, or raises :class:`~gleek.errors.IllegalAction`
with the record format's error code. Each stage is a module of :mod:`gleek.stages`; this module
only composes them. Everything public speaks :class:`~gleek.cards.Card`, :class:`~gleek.cards.Suit`,
seats (0, 1, 2) and :class:`Action`; the compact forms the engine computes with are private.

>>> import gleek
>>> s = gleek.new_deal(gleek.load_profile("parlett"), dealer=2, seed=7)
>>> s.phase, s.to_act, s.legal_actions()
(<Phase.AUCTION: 'auction'>, 0, (Action.parse('bid 12'),))
>>> s = s.apply("bid 12")
>>> [str(a) for a in s.legal_actions()], s.history
(['pass', 'bid 13'], ((0, Action.parse('bid 12')),))
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Sequence
from typing import Final

import attrs

from gleek._args import check_int, check_seat, check_type, type_name
from gleek.cards import CARDS, Card, Suit, cards_of_mask
from gleek.errors import ArgumentError, ArgumentTypeError, IllegalAction
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
    "RuffResult",
    "State",
    "apply",
    "check_action",
    "legal_actions",
    "new_deal",
    "observation",
    "outcome",
    "split_history",
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
Trick = tuple[tuple[int, Card], ...]


def _card_arg(name: str, card: object) -> Card:
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

    kind: str
    amount: int | None = None
    card: Card | None = None

    def __attrs_post_init__(self) -> None:
        if self.kind not in _KINDS:
            raise ArgumentError(f"kind must be one of {', '.join(_KINDS)}; not {self.kind!r}")
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
        return self.kind

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @staticmethod
    def bid(amount: int) -> Action:
        """A bid of ``amount`` chips for the stock (a whole number, at least 0)."""
        if type(amount) is int and 0 <= amount < len(_BIDS):
            return _BIDS[amount]
        return Action("bid", check_int("amount", amount, low=0))

    @staticmethod
    def play(card: Card | str) -> Action:
        """Playing ``card`` (a :class:`Card` or its text, e.g. ``"AS"``) to the trick."""
        return _PLAY[_card_arg("card", card).index]

    @staticmethod
    def discard(card: Card | str) -> Action:
        """The buyer putting out ``card`` (a :class:`Card` or its text)."""
        return _DISCARD[_card_arg("card", card).index]

    @staticmethod
    def word(word: str) -> Action:
        """``pass``, ``wait``, ``vie``, ``see`` or ``revie``."""
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
            return Action.bid(int(parts[1]))
        if len(parts) == 2 and parts[0] in ("play", "discard"):
            c = Card.parse(raw[1])
            return _PLAY[c.index] if parts[0] == "play" else _DISCARD[c.index]
        raise ArgumentError(
            f"not an action: {text!r:.60} (write bid N, pass, discard CARD, wait, vie, see, "
            "revie or play CARD)"
        )


_BIDS: Final = tuple(Action("bid", n) for n in range(256))  # interned, like the cards
_PLAY: Final = tuple(Action("play", None, c) for c in CARDS)
_DISCARD: Final = tuple(Action("discard", None, c) for c in CARDS)
_WORDS: Final = {w: Action(w) for w in ("pass", "wait", "vie", "see", "revie")}
PASS: Final = _WORDS["pass"]


def _action_arg(action: object) -> Action:
    if isinstance(action, Action):
        return action
    if isinstance(action, str):
        return Action.parse(action)
    raise ArgumentTypeError(
        f"action must be an Action or its text like 'bid 12', not {type_name(action)} "
        f"({action!r:.60})"
    )


def _state_arg(state: object) -> State:
    check_type("state", state, State, "a gleek.State (from gleek.new_deal)")
    assert isinstance(state, State)
    return state


@attrs.frozen(repr=False)
class State:
    """A deal in progress. Frozen: :func:`apply` (or :meth:`apply`) returns a new one.

    Everything is told in cards, suits, seats (0, 1, 2 clockwise; eldest on the dealer's left)
    and :class:`Action`. Read it with ``print(state)``; see the properties below for each part.
    Build one with :func:`new_deal`, never directly.
    """

    profile: Profile
    """The rules of this deal."""
    _info: DealInfo
    phase: Phase
    """Where the deal is: :class:`Phase`."""
    _to_act: int  # -1 when the deal is over
    _hands: tuple[int, int, int]
    _auction: AuctionState
    _discards: tuple[int, ...]
    _ruff: RuffState | None
    _play: PlayState | None
    payments: tuple[Payment, ...]
    """Every payment so far, in order (:class:`~gleek.stages.common.Payment`)."""

    # -- who and what
    @property
    def is_over(self) -> bool:
        """True once the twelfth trick is played and the deal settled."""
        return self.phase is Phase.OVER

    @property
    def to_act(self) -> int | None:
        """The seat to act next; None once the deal is over."""
        return None if self._to_act < 0 else self._to_act

    @property
    def dealer(self) -> int:
        """The seat that dealt."""
        return self._info.dealer

    @property
    def eldest(self) -> int:
        """The seat on the dealer's left: first to bid."""
        return (self._info.dealer + 1) % 3

    @property
    def turn_up(self) -> Card:
        """The card turned up after the deal; its suit is trumps."""
        return CARDS[self._info.turn_up]

    @property
    def trumps(self) -> Suit:
        """The suit of the turn-up."""
        return CARDS[self._info.turn_up].suit

    @property
    def deck(self) -> tuple[Card, ...]:
        """The 44 cards, top first, as dealt."""
        return tuple(CARDS[c] for c in self._info.deck)

    # -- cards
    @property
    def hands(self) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
        """The cards each seat holds now, by seat, sorted by suit (S H D C) then rank."""
        h = self._hands
        return (cards_of_mask(h[0]), cards_of_mask(h[1]), cards_of_mask(h[2]))

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds now, sorted by suit (S H D C) then rank, high first."""
        return cards_of_mask(self._hands[check_seat("seat", seat)])

    @property
    def dealt(self) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
        """The 12 cards each seat was dealt (before the exchange), sorted like :attr:`hands`."""
        d = self._info.dealt
        return (cards_of_mask(d[0]), cards_of_mask(d[1]), cards_of_mask(d[2]))

    def dealt_hand(self, seat: int) -> tuple[Card, ...]:
        """The 12 cards ``seat`` was dealt (before the exchange)."""
        return cards_of_mask(self._info.dealt[check_seat("seat", seat)])

    @property
    def stock(self) -> tuple[Card, ...]:
        """The 7 cards of the stock, as dealt (face down until bought: what to show is the
        caller's choice)."""
        return tuple(CARDS[c] for c in self._info.stock)

    # -- the auction and the exchange
    @property
    def bid(self) -> int | None:
        """The highest bid so far (None before the opening bid)."""
        return self._auction.bid if self._auction.bidder >= 0 else None

    @property
    def buyer(self) -> int | None:
        """The seat that bought the stock, once the auction is over."""
        return self._auction.buyer if self._auction.buyer >= 0 else None

    @property
    def price(self) -> int | None:
        """What the buyer paid, once the auction is over."""
        return self._auction.bid if self._auction.buyer >= 0 else None

    @property
    def discards(self) -> tuple[Card, ...]:
        """The buyer's discards so far, in order."""
        return tuple(CARDS[c] for c in self._discards)

    # -- the ruff
    @property
    def ruff_stake(self) -> int:
        """The ruff stake as it stands (pool model: what a player still in has put in above
        the ante)."""
        return _stake_now(self)

    @property
    def ruff_winner(self) -> int | None:
        """The seat that won the ruff, once decided (None if nobody did)."""
        r = self._ruff
        return r.winner if r is not None and r.done and r.winner >= 0 else None

    # -- the tricks
    @property
    def trick(self) -> Trick:
        """The trick on the table, ``(seat, card)`` in play order."""
        if self._play is None:
            return ()
        return tuple((s, CARDS[c]) for s, c in self._play.trick)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """Finished tricks, each as ``(seat, card)`` in the order played."""
        if self._play is None:
            return ()
        return tuple(tuple((s, CARDS[c]) for s, c in t) for t in self._play.tricks)

    @property
    def leader(self) -> int | None:
        """The seat that leads (or led) the trick on the table; None outside the play."""
        return self._play.leader if self._play is not None and self._to_act >= 0 else None

    @property
    def tricks_won(self) -> tuple[int, int, int]:
        """Tricks won so far by seat."""
        return self._play.won if self._play is not None else (0, 0, 0)

    @property
    def points(self) -> tuple[int, int, int]:
        """Points so far by seat (a turned-up honour counts for the dealer once play starts)."""
        return self._play.points if self._play is not None else (0, 0, 0)

    # -- chips
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
        return tuple(self._history())

    def _history(self) -> Iterator[tuple[int, Action]]:
        for seat, bid in self._auction.history:
            yield seat, PASS if bid is None else Action.bid(bid)
        buyer = self._auction.buyer
        for c in self._discards:
            yield buyer, _DISCARD[c]
        if self._ruff is not None:
            for seat, word in self._ruff.history:
                yield seat, _WORDS[word]
        if self._play is not None:
            for t in self._play.tricks:
                for seat, c in t:
                    yield seat, _PLAY[c]
            for seat, c in self._play.trick:
                yield seat, _PLAY[c]

    def root(self) -> State:
        """The deal as it was dealt, before any action (the same cards, dealer and opening
        ruff stake)."""
        return _dealt(self.profile, self._info)

    # -- conveniences: the module's functions as methods
    def legal_actions(self) -> tuple[Action, ...]:
        """Same as :func:`legal_actions`."""
        return legal_actions(self)

    def apply(self, action: Action | str, seat: int | None = None) -> State:
        """Same as :func:`apply`."""
        return apply(self, action, seat)

    def observation(self, seat: int) -> Observation:
        """Same as :func:`observation`."""
        return observation(self, seat)

    def outcome(self) -> Outcome:
        """Same as :func:`outcome`."""
        return outcome(self)

    def __repr__(self) -> str:
        turn = "over" if self._to_act < 0 else f"seat {self._to_act} to act"
        return (
            f"<State {self.profile.id}: dealer {self.dealer}, trumps {self.trumps.value}, "
            f"{self.phase.value}, {turn}, {sum(1 for _ in self._history())} actions>"
        )

    def __str__(self) -> str:
        hands = self.hands
        return _picture(
            self,
            [
                f"seat {s}: {_cards_text(hands[s])}{_score(self, s)}"
                + ("   <- to act" if s == self._to_act else "")
                for s in range(3)
            ],
        )


def _cards_text(cards: Sequence[Card]) -> str:
    """Cards grouped by suit, two spaces between suits; ``-`` for none."""
    groups: dict[Suit, list[str]] = {}
    for c in cards:
        groups.setdefault(c.suit, []).append(str(c))
    return "  ".join(" ".join(g) for g in groups.values()) or "-"


def _score(s: State | Observation, seat: int) -> str:
    if s.phase not in (Phase.PLAY, Phase.OVER):
        return ""
    won = s.tricks_won[seat]
    return f"   [{won} trick{'' if won == 1 else 's'}, {s.points[seat]} points]"


def _picture(s: State | Observation, hand_lines: list[str]) -> str:
    """The lines shared by ``str(state)`` and ``str(observation)``."""
    lines = [
        f"{s.profile.name}: dealer seat {s.dealer}, turn-up {s.turn_up}, "
        f"trumps {s.trumps.name.lower()}"
    ]
    turn = "" if s.to_act is None else f"; seat {s.to_act} to act"
    if s.phase is Phase.AUCTION:
        bid = "no bid yet" if s.bid is None else f"highest bid {s.bid}"
        lines.append(f"auction: {bid}{turn}")
    elif s.phase is Phase.DISCARD:
        lines.append(f"discard: seat {s.buyer} bought the stock for {s.price}{turn}")
    else:
        lines.append(f"{s.phase.value}: seat {s.buyer} bought the stock for {s.price}{turn}")
    if s.phase is Phase.RUFF:
        vied = any(a.kind == "vie" for _, a in s.history)
        lines.append(f"ruff: stake {s.ruff_stake}" + ("" if vied else ", nobody has vied"))
    elif s.phase in (Phase.PLAY, Phase.OVER):
        r = s.ruff_winner
        lines.append("ruff: " + ("nobody vied" if r is None else f"won by seat {r}"))
    lines += hand_lines
    if s.discards:
        lines.append(f"discards: {' '.join(map(str, s.discards))}")
    if s.trick:
        lines.append("trick: " + ", ".join(f"seat {p} {c}" for p, c in s.trick))
    if s.payments:
        chips = ", ".join(f"seat {i} {s.chips[i]:+d}" for i in range(3))
        lines.append(f"chips: {chips}, pot {s.pot:+d}")
    return "\n".join(lines)


def net_chips(payments: Sequence[Payment]) -> tuple[tuple[int, int, int], int]:
    """Net change by seat and of the pot over ``payments``."""
    delta: dict[Party, int] = {0: 0, 1: 0, 2: 0, POT: 0}
    for pay in payments:
        delta[pay.payer] -= pay.amount
        delta[pay.payee] += pay.amount
    return (delta[0], delta[1], delta[2]), delta[POT]


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


# ---------------------------------------------------------------------------- starting a deal


def new_deal(
    profile: Profile,
    dealer: int = 0,
    *,
    seed: int | str | None = None,
    deck: Sequence[Card | str] | None = None,
    ruff_stake: int | None = None,
) -> State:
    """A freshly dealt deal: from ``deck`` (44 cards, top first; Cards or their text) or from
    ``seed`` (an int or a str: the same seed deals the same cards everywhere).

    ``ruff_stake`` is the opening stake carried from the previous deal (default: the profile's).
    """
    check_type("profile", profile, Profile, "a Profile (from gleek.load_profile)")
    check_seat("dealer", dealer)
    if (seed is None) == (deck is None):
        raise ArgumentError("give exactly one of seed= or deck=")
    if deck is not None:
        if isinstance(deck, str | bytes) or not isinstance(deck, Sequence):
            raise ArgumentTypeError(
                f"deck must be a sequence of 44 cards, not {type_name(deck)} ({deck!r:.60})"
            )
        order = tuple(_card_arg(f"deck[{i}]", c).index for i, c in enumerate(deck))
        if len(order) != 44 or len(set(order)) != 44:
            raise ArgumentError(
                f"deck must be 44 distinct cards; got {len(order)} with {len(set(order))} distinct"
            )
    else:
        if isinstance(seed, bool) or not isinstance(seed, int | str):
            raise ArgumentTypeError(f"seed must be an int or a str, not {type_name(seed)}")
        order = seeded_deck(seed)
    stake = profile.ruff.stake if ruff_stake is None else check_int("ruff_stake", ruff_stake, low=1)
    return _dealt(profile, deal_cards(profile, order, dealer, stake))


def _dealt(profile: Profile, info: DealInfo) -> State:
    """The state before the first bid."""
    return State(
        profile,
        info,
        Phase.AUCTION,
        (info.dealer + 1) % 3,
        info.dealt,
        auction_start(profile, info.dealer),
        (),
        None,
        None,
        turn_up_payments(profile, info),
    )


# ---------------------------------------------------------------------------- legal actions


def _suit_tables(table: tuple[Action, ...]) -> tuple[tuple[tuple[Action, ...], ...], ...]:
    """For each suit, the actions of every 11-bit holding of it, low cards first."""
    # Run once at import, before mutation testing can switch a mutant on: not mutated. The
    # property tests check every legal action against the stages' legal_mask instead.
    # pragma: no mutate start
    return tuple(
        tuple(tuple(table[11 * s + r] for r in range(11) if sub >> r & 1) for sub in range(1 << 11))
        for s in range(4)
    )
    # pragma: no mutate end


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
    assert state._play is not None
    return legal_mask(
        state._hands[state._to_act],
        state._play.trick,
        state.profile.tricks.play_high,
    )


def legal_actions(state: State) -> tuple[Action, ...]:
    """Everything the player to act may do, in a stable order; empty only when the deal is over."""
    try:
        phase = state.phase
    except AttributeError:
        raise _state_error(state) from None
    if phase is Phase.PLAY:
        play = state._play
        assert play is not None
        hand = state._hands[state._to_act]
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
            for bid in auction_choices(state.profile, state._auction)
        )
    if phase is Phase.RUFF:
        assert state._ruff is not None
        return tuple(_WORDS[w] for w in ruff_choices(state.profile, state._ruff))
    if phase is Phase.DISCARD:
        return _actions_of(_discard_mask(state), _DISCARD_BY_SUIT)
    return ()


def _discard_mask(state: State) -> int:
    buyer = state._auction.buyer
    return discardable(state.profile, state._hands[buyer], state._info.trumps)


# ---------------------------------------------------------------------------- checking


def _state_error(state: object) -> Exception:
    _state_arg(state)
    return AssertionError("unreachable")  # pragma: no cover


def _seat_name(seat: int, names: Sequence[str] | None) -> str:
    return names[seat] if names else f"seat {seat}"


def _names_arg(names: object) -> Sequence[str] | None:
    if names is None:
        return None
    if (
        isinstance(names, str)
        or not isinstance(names, Sequence)
        or len(names) != 3
        or not all(isinstance(n, str) for n in names)
    ):
        raise ArgumentTypeError(
            f"names must be three player names (str) by seat, not {names!r:.60}"
        )
    return names


_SUIT_WORDS: Final = ("spade", "heart", "diamond", "club")


def check_action(
    state: State,
    action: Action | str,
    seat: int | None = None,
    names: Sequence[str] | None = None,
) -> IllegalAction | None:
    """Why ``action`` (by ``seat``, default the player to act) is illegal, or None if legal.

    ``names`` (three player names by seat) are used in the message instead of ``seat N``.
    """
    state = _state_arg(state)
    action = _action_arg(action)
    if seat is not None:
        check_seat("seat", seat)
    names = _names_arg(names)
    if state.phase is Phase.OVER:
        if seat is None:
            return IllegalAction("extra-action", f"{action}: the deal is over", seat=seat)
        who = _seat_name(seat, names)
        return IllegalAction(
            "extra-action", f"{who} tried {action}, but the deal is over", seat=seat
        )
    who = _seat_name(state._to_act if seat is None else seat, names)
    if seat is not None and seat != state._to_act:
        return IllegalAction(
            "out-of-turn",
            f"{who} acted ({action}) but it is {_seat_name(state._to_act, names)}'s turn",
            seat=seat,
        )
    seat = state._to_act
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
        if not state._auction.history:
            return IllegalAction(
                "bad-bid",
                f"{who} must open the auction at {state.profile.stock.opening_bid}, not {action}",
                seat=seat,
            )
        want = state._auction.bid + state.profile.stock.increment
        return IllegalAction(
            "bad-bid",
            f"{who} bid {action.amount}: after {state._auction.bid} the only bid is "
            f"{want} (raise by exactly {state.profile.stock.increment})",
            seat=seat,
        )
    if phase is Phase.DISCARD:
        if kind != "discard" or action.card is None:
            return IllegalAction(
                "bad-discard",
                f"{who} must discard {7 - len(state._discards)} more card(s) before {action}",
                seat=seat,
            )
        c = action.card.index
        if not state._hands[seat] >> c & 1:
            again = " again" if c in state._discards else ""
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
        assert state._ruff is not None
        if state._ruff.vier < 0:
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
    hand = state._hands[seat]
    if not hand >> c & 1:
        return IllegalAction(
            "card-not-in-hand", f"{who} played {action.card}, which they do not hold", seat=seat
        )
    if _play_mask(state) >> c & 1:
        return None
    assert state._play is not None
    led = state._play.trick[0][1] // 11
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


def apply(state: State, action: Action | str, seat: int | None = None) -> State:
    """The state after the player to act (or ``seat``, which must be that player) does
    ``action`` (an :class:`Action` or its text, e.g. ``"bid 12"``); raises
    :class:`~gleek.errors.IllegalAction` if the rules forbid it."""
    try:
        return _apply(state, action, seat)  # type: ignore[arg-type]
    except AttributeError:
        # Not a State or not an Action: check the arguments (a text becomes its Action).
        state = _state_arg(state)
        if seat is not None:
            check_seat("seat", seat)
        checked = _action_arg(action)
        if checked is action:
            raise  # a genuine error, not the caller's
        return _apply(state, checked, seat)


def _apply(state: State, action: Action, seat: int | None) -> State:
    if seat is None or (seat == state._to_act and type(seat) is int):
        # Fast paths: each test below is exactly the legality of the action in its phase
        # (the property tests check that against legal_actions); anything else goes on to
        # check_action, which says why it is illegal.
        phase = state.phase
        kind = action.kind
        if phase is Phase.PLAY:
            if action.card is not None and kind == "play":
                c = action.card.index
                hand = state._hands[state._to_act]
                if hand >> c & 1:
                    trick = state._play.trick  # type: ignore[union-attr]
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
            if said in auction_choices(state.profile, state._auction):
                return _after_bid(state, action)
        elif phase is Phase.DISCARD:
            if kind == "discard" and action.card is not None:
                c = action.card.index
                if _discard_mask(state) >> c & 1:
                    return _after_discard(state, c)
        elif phase is Phase.RUFF:
            r = state._ruff
            if r is not None and kind in ruff_choices(state.profile, r):
                return _after_ruff(state, kind)
    error = check_action(state, action, seat)
    if error is None:  # pragma: no cover - the fast paths accept every legal action
        raise AssertionError(f"{action} is legal but was not applied")
    raise error


def _after_bid(state: State, action: Action) -> State:
    profile = state.profile
    a = auction_apply(profile, state._auction, state._to_act, action.amount)
    if not a.over:
        return State(
            profile,
            state._info,
            Phase.AUCTION,
            a.to_act,
            state._hands,
            a,
            (),
            None,
            None,
            state.payments,
        )
    payments = state.payments + price_payments(profile, a.buyer, a.bid)
    return State(
        profile, state._info, Phase.DISCARD, a.buyer, state._hands, a, (), None, None, payments
    )


def _after_discard(state: State, c: int) -> State:
    buyer = state._to_act
    discards = (*state._discards, c)
    hands = list(state._hands)
    hands[buyer] &= ~(1 << c)
    if len(discards) < 7:
        return State(
            state.profile,
            state._info,
            Phase.DISCARD,
            buyer,
            (hands[0], hands[1], hands[2]),
            state._auction,
            discards,
            None,
            None,
            state.payments,
        )
    hands[buyer] = take_stock(hands[buyer], state._info.stock)
    new_hands = (hands[0], hands[1], hands[2])
    r = ruff_start(state.profile, state._info.dealer, buyer, state._info.ruff_stake)
    return State(
        state.profile,
        state._info,
        Phase.RUFF,
        r.to_act,
        new_hands,
        state._auction,
        discards,
        r,
        None,
        state.payments,
    )


def _after_ruff(state: State, word: RuffWord) -> State:
    assert state._ruff is not None
    profile = state.profile
    r = ruff_apply(profile, state._ruff, state._to_act, word, state._hands, state._info.dealer)
    if not r.done:
        return State(
            profile,
            state._info,
            Phase.RUFF,
            r.to_act,
            state._hands,
            state._auction,
            state._discards,
            r,
            None,
            state.payments,
        )
    # The ruff is settled; then sets and small trumps are paid before the first trick.
    aces = (
        r.winner
        if r.shown and r.winner >= 0 and ruff_value(profile, state._hands[r.winner]) == FOUR_ACES
        else -1
    )
    payments = (
        state.payments
        + ruff_payments(profile, r)
        + set_payments(profile, state._hands, aces)
        + small_trump_payments(profile, state._hands, state._info.trumps)
    )
    start = [0, 0, 0]
    start[state._info.dealer] = turn_up_points(profile, state._info)
    p = play_start(
        profile, state._info.dealer, state._auction.buyer, (start[0], start[1], start[2])
    )
    return State(
        profile,
        state._info,
        Phase.PLAY,
        p.leader,
        state._hands,
        state._auction,
        state._discards,
        r,
        p,
        payments,
    )


def _after_play(state: State, c: int) -> State:
    seat = state._to_act
    p = state._play
    assert p is not None
    p2 = play_card(state.profile, p, seat, c, state._info.trumps)
    h = state._hands
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
            state._info,
            Phase.OVER,
            -1,
            hands,
            state._auction,
            state._discards,
            state._ruff,
            p2,
            payments,
        )
    return State(
        state.profile,
        state._info,
        Phase.PLAY,
        nxt,
        hands,
        state._auction,
        state._discards,
        state._ruff,
        p2,
        state.payments,
    )


# ---------------------------------------------------------------------------- what a seat sees


@attrs.frozen(repr=False)
class Observation:
    """What ``seat`` may see: its own hand, the turn-up and everything said and played; not the
    other hands, the stock, or (unless ``seat`` is the buyer) the discards. The names mean what
    they mean on :class:`State`."""

    seat: int
    """The seat this observation is for."""
    profile: Profile
    phase: Phase
    to_act: int | None
    dealer: int
    eldest: int
    turn_up: Card
    trumps: Suit
    hand: tuple[Card, ...]
    """The seat's own cards, sorted by suit (S H D C) then rank."""
    hand_sizes: tuple[int, int, int]
    """How many cards each seat holds."""
    history: tuple[tuple[int, Action], ...]
    """Every action the seat may see, in order (the buyer's discards only for the buyer)."""
    buyer: int | None
    price: int | None
    bid: int | None
    discards: tuple[Card, ...]
    """The seat's own discards if it bought the stock, else ``()``."""
    ruff_stake: int
    ruff_winner: int | None
    trick: Trick
    tricks: tuple[Trick, ...]
    leader: int | None
    tricks_won: tuple[int, int, int]
    points: tuple[int, int, int]
    payments: tuple[Payment, ...]
    chips: tuple[int, int, int]
    pot: int

    def __repr__(self) -> str:
        turn = "over" if self.to_act is None else f"seat {self.to_act} to act"
        return (
            f"<Observation for seat {self.seat}, {self.profile.id}: {self.phase.value}, {turn}, "
            f"{len(self.hand)} cards in hand>"
        )

    def __str__(self) -> str:
        lines = []
        for s in range(3):
            shown = _cards_text(self.hand) if s == self.seat else f"{self.hand_sizes[s]} cards"
            mark = "   <- to act" if s == self.to_act else ""
            lines.append(f"seat {s}: {shown}{_score(self, s)}{mark}")
        return f"seen by seat {self.seat}\n" + _picture(self, lines)


def observation(state: State, seat: int) -> Observation:
    """The part of ``state`` that ``seat`` (0, 1 or 2) may see."""
    state = _state_arg(state)
    check_seat("seat", seat)
    buyer = state._auction.buyer
    history = state.history
    if buyer != seat:
        history = tuple(h for h in history if h[1].kind != "discard")
    h = state._hands
    chips, pot = net_chips(state.payments)
    return Observation(
        seat=seat,
        profile=state.profile,
        phase=state.phase,
        to_act=state.to_act,
        dealer=state.dealer,
        eldest=state.eldest,
        turn_up=state.turn_up,
        trumps=state.trumps,
        hand=cards_of_mask(h[seat]),
        hand_sizes=(h[0].bit_count(), h[1].bit_count(), h[2].bit_count()),
        history=history,
        buyer=state.buyer,
        price=state.price,
        bid=state.bid,
        discards=state.discards if buyer == seat else (),
        ruff_stake=_stake_now(state),
        ruff_winner=state.ruff_winner,
        trick=state.trick,
        tricks=state.tricks,
        leader=state.leader,
        tricks_won=state.tricks_won,
        points=state.points,
        payments=state.payments,
        chips=chips,
        pot=pot,
    )


def _stake_now(state: State) -> int:
    """The ruff stake as it stands: direct model, the stake; pool model, what a player still
    in has put in above the ante."""
    r = state._ruff
    if r is None:
        return state._info.ruff_stake
    if state.profile.ruff.model == "pool":
        return max(r.put) - state.profile.ruff.stake
    return r.stake


# ---------------------------------------------------------------------------- the result


@attrs.frozen
class RuffResult:
    """How the ruff went: winner seat (None if nobody won it), final stake, shown down or not,
    and whether anyone vied."""

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


def outcome(state: State) -> Outcome:
    """The result of a finished deal; :class:`~gleek.errors.ArgumentError` if it is not over."""
    try:
        over = state.is_over
    except AttributeError:
        raise _state_error(state) from None
    if not over:
        raise ArgumentError(
            f"state must be a finished deal to have an outcome; this one is in the "
            f"{state.phase.value} phase"
        )
    assert state._play is not None and state._ruff is not None
    chips, pot = net_chips(state.payments)
    r = state._ruff
    profile = state.profile
    vied = r.vier >= 0
    stake = _stake_now(state)  # the pool's antes alone are 0 above the ante
    result = RuffResult(r.winner if r.winner >= 0 else None, stake, r.shown, vied)
    return Outcome(
        points=state._play.points,
        payments=state.payments,
        chips=chips,
        pot=pot,
        ruff_stake=next_stake(profile, r, state._info.ruff_stake),
        dealer=state._info.dealer,
        buyer=state._auction.buyer,
        price=state._auction.bid,
        trumps=state.trumps,
        ruff=result,
    )
