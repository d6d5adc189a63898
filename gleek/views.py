"""What a deal shows: a seat's :class:`Observation`, how the ruff went (:class:`RuffResult`),
and the text pictures of a state, an observation and a finished deal's outcome (the
:class:`~gleek.state.Outcome` itself is the engine's, compiled with it). The engine
(:mod:`gleek.state`) builds them; they hold only public values (cards, suits, seats, actions,
payments).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Final

import attrs

from gleek.actions import Action, Phase
from gleek.cards import Card, Suit, n_cards
from gleek.i18n import N_, card_text, cards_text, ngettext
from gleek.i18n import gettext as _
from gleek.messages import payment_line
from gleek.messages import seat_name as _seat
from gleek.profile_model import Profile
from gleek.stages.common import Payment

if TYPE_CHECKING:
    from gleek.state import Outcome, State

__all__ = ["Observation", "RuffResult", "Trick", "outcome_text", "state_text"]

Trick = tuple[tuple[int, Card], ...]


#: The trump suit as the pictures name it ("trumps hearts"), in the language gleek speaks.
TRUMP_WORDS: Final[Mapping[Suit, str]] = {
    Suit.SPADES: N_("spades"),
    Suit.HEARTS: N_("hearts"),
    Suit.DIAMONDS: N_("diamonds"),
    Suit.CLUBS: N_("clubs"),
}


def _hand_line(seat: int, cards: str, score: str, to_act: int | None) -> str:
    """A seat's line of a picture: its cards, its tricks and points, whether it is to act."""
    mark = _("   <- to act") if seat == to_act else ""
    return _("{seat}: {cards}").format(seat=_seat(seat), cards=cards) + score + mark


def state_text(state: State) -> str:
    """``str(state)``: a compact picture of the deal, in the language gleek speaks (the cards
    and the profile's name as they are)."""
    hands = state.hands
    return _picture(
        state,
        [_hand_line(s, _cards_text(hands[s]), _score(state, s), state.to_act) for s in range(3)],
    )


def _cards_text(cards: Sequence[Card]) -> str:
    """Cards grouped by suit, two spaces between suits; ``-`` for none."""
    groups: dict[Suit, list[str]] = {}
    for c in cards:
        groups.setdefault(c.suit, []).append(card_text(c))
    return "  ".join(" ".join(g) for g in groups.values()) or "-"


def _score(s: State | Observation, seat: int) -> str:
    if s.phase not in (Phase.PLAY, Phase.OVER):
        return ""
    won = s.tricks_won[seat]
    said = ngettext("   [{won} trick, {points} points]", "   [{won} tricks, {points} points]", won)
    return said.format(won=won, points=s.points[seat])


def _picture(s: State | Observation, hand_lines: list[str]) -> str:
    """The lines shared by ``str(state)`` and ``str(observation)``."""
    lines = [
        _("{profile}: dealer seat {dealer}, turn-up {card}, trumps {trumps}").format(
            profile=s.profile.name,
            dealer=s.dealer,
            card=card_text(s.turn_up),
            trumps=_(TRUMP_WORDS[s.trumps]),
        )
    ]
    turn = "" if s.to_act is None else _("; seat {seat} to act").format(seat=s.to_act)
    bought = _("seat {seat} bought the stock for {price}").format(seat=s.buyer, price=s.price)
    if s.phase is Phase.AUCTION:
        bid = _("no bid yet") if s.bid is None else _("highest bid {bid}").format(bid=s.bid)
        lines.append(_("auction: {bid}").format(bid=bid) + turn)
    elif s.phase is Phase.DISCARD:
        lines.append(_("discard: {bought}").format(bought=bought) + turn)
    elif s.phase is Phase.RUFF:
        lines.append(_("ruff: {bought}").format(bought=bought) + turn)
    elif s.phase is Phase.PLAY:
        lines.append(_("play: {bought}").format(bought=bought) + turn)
    else:
        lines.append(_("over: {bought}").format(bought=bought) + turn)
    if s.phase is Phase.RUFF:
        vied = any(a.kind == "vie" for _seat, a in s.history)
        said = _("ruff: stake {stake}") if vied else _("ruff: stake {stake}, nobody has vied")
        lines.append(said.format(stake=s.ruff_stake))
    elif s.phase in (Phase.PLAY, Phase.OVER):
        r = s.ruff_winner
        lines.append(
            _("ruff: nobody vied") if r is None else _("ruff: won by seat {seat}").format(seat=r)
        )
    lines += hand_lines
    if s.discards:
        lines.append(_("discards: {cards}").format(cards=cards_text(s.discards)))
    if s.trick:
        played = ", ".join(f"{_seat(p)} {card_text(c)}" for p, c in s.trick)
        lines.append(_("trick: {played}").format(played=played))
    if s.payments:
        chips = ", ".join(f"{_seat(i)} {s.chips[i]:+d}" for i in range(3))
        lines.append(_("chips: {chips}, pot {pot}").format(chips=chips, pot=f"{s.pot:+d}"))
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
            lines.append(_hand_line(s, shown, _score(self, s), self.to_act))
        return _("seen by seat {seat}").format(seat=self.seat) + "\n" + _picture(self, lines)

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
        ruff = _("ruff: nobody vied") if not r.vied else _("ruff: nobody won")
    elif r.shown:
        ruff = _("ruff: won by seat {seat} at {stake}, shown")
    else:
        ruff = _("ruff: won by seat {seat} at {stake}")
    chips = ", ".join(f"{_seat(s)} {o.chips[s]:+d}" for s in range(3))
    lines = [
        _(
            "dealer seat {dealer}, trumps {trumps}; seat {buyer} bought the stock for {price}"
        ).format(dealer=o.dealer, trumps=_(TRUMP_WORDS[o.trumps]), buyer=o.buyer, price=o.price),
        ruff.format(seat=r.winner, stake=r.stake),
        _("points: {points}").format(
            points=", ".join(f"{_seat(s)} {o.points[s]}" for s in range(3))
        ),
        _("payments:"),
        *(f"  {payment_line(p)}" for p in o.payments),
        _("chips: {chips}, pot {pot}; next deal's ruff stake {stake}").format(
            chips=chips, pot=f"{o.pot:+d}", stake=o.ruff_stake
        ),
    ]
    return "\n".join(lines)
