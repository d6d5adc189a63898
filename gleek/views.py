"""What a deal shows: a seat's :class:`Observation`, how the ruff went (:class:`RuffResult`),
and the text pictures of a state, an observation and a finished deal's outcome (the
:class:`~gleek.state.Outcome` itself is the engine's, compiled with it). The engine
(:mod:`gleek.state`) builds them; they hold only public values (cards, suits, seats, actions,
payments).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from gleek.actions import Action, Phase
from gleek.cards import Card, Suit, n_cards
from gleek.profile_model import Profile
from gleek.stages.common import Payment

if TYPE_CHECKING:
    from gleek.state import Outcome, State

__all__ = ["Observation", "RuffResult", "Trick", "outcome_text", "state_text"]

Trick = tuple[tuple[int, Card], ...]


def state_text(state: State) -> str:
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
    trick_winners: tuple[int, ...]
    """The seat that won each finished trick, in order."""
    leader: int | None
    tricks_won: tuple[int, int, int]
    points: tuple[int, int, int]
    payments: tuple[Payment, ...]
    chips: tuple[int, int, int]
    pot: int

    def __repr__(self) -> str:
        where = (
            "the deal is over"
            if self.to_act is None
            else f"{self.phase.value}, seat {self.to_act} to act"
        )
        cards = len(self.hand)
        return (
            f"<Observation for seat {self.seat}, {self.profile.id}: {where}, "
            f"{cards} card{'' if cards == 1 else 's'} in hand>"
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


@attrs.frozen
class RuffResult:
    """How the ruff went: winner seat (None if nobody won it), final stake, shown down or not,
    and whether anyone vied."""

    winner: int | None
    stake: int
    shown: bool
    vied: bool


def outcome_text(o: Outcome) -> str:
    """``str(outcome)``: the result in a few lines: who bought, the ruff, points, every
    payment, the chips.

    >>> import gleek
    >>> s = gleek.new_deal(gleek.load_profile("parlett"), dealer=2, seed=7)
    >>> while not s.is_over:
    ...     s = s.apply(s.legal_actions()[0])
    >>> print(gleek.outcome(s))  # doctest: +ELLIPSIS
    dealer seat 2, trumps ...; seat 0 bought the stock for 12
    ruff: nobody vied
    points: seat 0 ..., seat 1 ..., seat 2 ...
    payments:
      0 -> 1: 6 [stock]
    ...
    chips: seat 0 ..., seat 1 ..., seat 2 ..., pot ...; next deal's ruff stake ...
    """
    r = o.ruff
    if r.winner is None:
        ruff = "nobody vied" if not r.vied else "nobody won"
    else:
        ruff = f"won by seat {r.winner} at {r.stake}" + (", shown" if r.shown else "")
    lines = [
        f"dealer seat {o.dealer}, trumps {o.trumps.name.lower()}; "
        f"seat {o.buyer} bought the stock for {o.price}",
        f"ruff: {ruff}",
        "points: " + ", ".join(f"seat {s} {o.points[s]}" for s in range(3)),
        "payments:",
        *(f"  {p}" for p in o.payments),
        "chips: "
        + ", ".join(f"seat {s} {o.chips[s]:+d}" for s in range(3))
        + f", pot {o.pot:+d}; next deal's ruff stake {o.ruff_stake}",
    ]
    return "\n".join(lines)
