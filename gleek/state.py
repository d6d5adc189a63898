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

import random
from collections.abc import Sequence
from typing import Final

import attrs

from gleek import _core
from gleek._args import check_int, check_seat, check_type, type_name
from gleek._core import State, apply, legal_actions
from gleek._core import net_chips as net_chips
from gleek.actions import (
    _RUFF_WORDS,
    Action,
    Phase,
    _action_arg,
    _card_arg,
)
from gleek.cards import CARDS, Card, Suit, cards_of_mask, n_cards
from gleek.errors import ArgumentError, ArgumentTypeError, IllegalAction
from gleek.profile import Profile
from gleek.stages.common import SUIT_MASK, Payment
from gleek.stages.ruff import ruff_choices
from gleek.stages.tricks import legal_mask

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
    "rollout",
    "split_history",
]


Trick = tuple[tuple[int, Card], ...]


def state_arg(state: object) -> State:
    check_type("state", state, State, "a gleek.State (from gleek.new_deal)")
    assert isinstance(state, State)
    return state


def _state_text(state: State) -> str:
    """``str(state)``: a compact picture of the deal."""
    hands = state.hands
    return _picture(
        state,
        [
            f"seat {s}: {_cards_text(hands[s])}{_score(state, s)}"
            + ("   <- to act" if s == state.to_act else "")
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
    if (
        type(seed) is int
        and deck is None
        and ruff_stake is None
        and type(dealer) is int
        and 0 <= dealer <= 2
        and isinstance(profile, Profile)
    ):  # the common case, every argument already right
        return _core.start(profile, dealer, _core.seeded_order(seed), profile.ruff.stake)
    check_type("profile", profile, Profile, "a Profile (from gleek.load_profile)")
    check_seat("dealer", dealer)
    if (seed is None) == (deck is None):
        raise ArgumentError("give exactly one of seed= or deck=")
    if deck is not None:
        if isinstance(deck, str | bytes) or not isinstance(deck, Sequence):
            raise ArgumentTypeError(
                f"deck must be a sequence of 44 cards, not {type_name(deck)} ({deck!r:.60})"
            )
        order: Sequence[int] = tuple(_card_arg(f"deck[{i}]", c).index for i, c in enumerate(deck))
        if len(order) != 44 or len(set(order)) != 44:
            raise ArgumentError(
                f"deck must be 44 distinct cards; got {len(order)} with {len(set(order))} distinct"
            )
    else:
        if isinstance(seed, bool) or not isinstance(seed, int | str):
            raise ArgumentTypeError(f"seed must be an int or a str, not {type_name(seed)}")
        order = _core.seeded_order(seed)
    stake = profile.ruff.stake if ruff_stake is None else check_int("ruff_stake", ruff_stake, low=1)
    return _core.start(profile, dealer, order, stake)


def _play_mask(state: State) -> int:
    trick = tuple((s, c.index) for s, c in state.trick)
    return legal_mask(_core.hand_mask(state, state._to_act), trick, state.profile.tricks.play_high)


# ---------------------------------------------------------------------------- checking


def _state_error(state: object) -> Exception:
    state_arg(state)
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
    state = state_arg(state)
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
        if not _core.auction_of(state).history:
            return IllegalAction(
                "bad-bid",
                f"{who} must open the auction at {state.profile.stock.opening_bid}, not {action}",
                seat=seat,
            )
        want = _core.auction_of(state).bid + state.profile.stock.increment
        return IllegalAction(
            "bad-bid",
            f"{who} bid {action.amount}: after {_core.auction_of(state).bid} the only bid is "
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
        if not _core.hand_mask(state, seat) >> c & 1:
            again = " again" if action.card in state.discards else ""
            return IllegalAction(
                "bad-discard",
                f"{who} discarded {action.card}{again}, which is not in their hand",
                seat=seat,
            )
        if not _core.discard_mask(state) >> c & 1:
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
        r = _core.ruff_of(state)
        assert r is not None
        if r.vier < 0:
            return IllegalAction(
                "bad-ruff-call",
                f"{who} said {action} before anyone vied (only "
                + " or ".join(ruff_choices(state.profile, r))
                + ")",
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
    hand = _core.hand_mask(state, seat)
    if not hand >> c & 1:
        return IllegalAction(
            "card-not-in-hand", f"{who} played {action.card}, which they do not hold", seat=seat
        )
    if _play_mask(state) >> c & 1:
        return None
    led = state.trick[0][1].suit.index
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


def apply_checked(state: object, action: object, seat: object = None) -> State:
    """:func:`apply` for everything its fast path does not take: check the arguments (a text
    becomes its Action), then apply the action if legal, else raise why it is not."""
    checked_state = state_arg(state)
    if seat is not None:
        check_seat("seat", seat)
    checked = _action_arg(action)
    if seat is None or seat == checked_state._to_act:
        nxt = _core.step(checked_state, checked)
        if nxt is not None:
            return nxt
    error = check_action(checked_state, checked, seat)  # type: ignore[arg-type]
    if error is None:  # pragma: no cover - the core applies every legal action
        raise AssertionError(f"{checked} is legal but was not applied")
    raise error


def rollout(state: State, policy: str = "random", rng: random.Random | None = None) -> State:
    """The deal played on from ``state`` to its end inside the engine's core, without a public
    state per action: the way a search bot samples how a deal may go.

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
    state = state_arg(state)
    if policy not in _core.POLICIES:
        raise ArgumentError(f"policy must be one of {', '.join(_core.POLICIES)}; not {policy!r}")
    if rng is None:
        rng = random.Random()
    check_type("rng", rng, random.Random, "a random.Random")
    return _core.rollout(state, policy, rng)


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
            f"{n_cards(len(self.hand))} in hand>"
        )

    def __str__(self) -> str:
        lines = []
        for s in range(3):
            shown = _cards_text(self.hand) if s == self.seat else n_cards(self.hand_sizes[s])
            mark = "   <- to act" if s == self.to_act else ""
            lines.append(f"seat {s}: {shown}{_score(self, s)}{mark}")
        return f"seen by seat {self.seat}\n" + _picture(self, lines)

    def _repr_svg_(self) -> str:
        """Jupyter shows the picture of :func:`gleek.svg.draw`."""
        from gleek.svg import draw

        return draw(self)


def observation(state: State, seat: int) -> Observation:
    """The part of ``state`` that ``seat`` (0, 1 or 2) may see."""
    state = state_arg(state)
    check_seat("seat", seat)
    buyer = _core.buyer_of(state)
    history = state.history
    if buyer != seat:
        history = tuple(h for h in history if h[1].kind != "discard")
    h = _core.masks(state)
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
        ruff_stake=_core.stake_now(state),
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

    def _repr_html_(self) -> str:
        """Jupyter shows the table of :func:`gleek.svg.outcome_html`."""
        from gleek.svg import outcome_html

        return outcome_html(self)


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
    r = _core.core_ruff(state)
    assert r is not None
    payments = state.payments
    chips, pot = net_chips(payments)
    pool = state._deal.rules.pool
    vied = r.vier >= 0
    stake = _core.stake_now(state) if vied or not pool else 0
    result = RuffResult(r.winner if r.winner >= 0 else None, stake, r.shown, vied)
    p = _core.pre(state)
    return Outcome(
        points=state._points,
        payments=payments,
        chips=chips,
        pot=pot,
        ruff_stake=_core.next_stake(state),
        dealer=state._deal.dealer,
        buyer=p._bidder,
        price=p._bid,
        trumps=state.trumps,
        ruff=result,
    )
