"""Where a deal was won and lost: every card of a recorded deal weighed by the play solver.

For each card played in a record's valid deals, :func:`analyze_record` asks
:func:`gleek.analysis.card_values` (every hand is known in a record) for the value of every
card the player could have played there, and keeps the best of them and that of the card
played; a card *costs* its player the difference. A card that costs at least one point (or one
chip, ``mode="chips"``) is costly, and each deal's summary names them: "Ben's 7S at trick 4
cost 6 points". Values are those of :mod:`gleek.analysis`: the player's points (or chips) at
the end of the deal when it plays on to maximise them and the two others play to minimise them.

>>> from gleek.viewer import load_record
>>> record, error = load_record("examples/parlett-s0-auction.yaml")
>>> deals = analyze_record(record, from_trick=10)
>>> [c.trick for c in deals[0].cards][:3], deals[0].cards[0].best >= deals[0].cards[0].value
([10, 10, 10], True)
"""

from __future__ import annotations

from typing import Any, Literal

import attrs

from gleek._args import check_int
from gleek.analysis import MODES, card_values, solver_for
from gleek.cards import Card
from gleek.errors import ArgumentError
from gleek.i18n import card_text, ngettext
from gleek.i18n import gettext as _
from gleek.record import Record
from gleek.state import Phase

__all__ = [
    "CardVerdict",
    "DealVerdict",
    "analyze_record",
    "step_notes",
    "verdicts_json",
    "verdicts_text",
]


@attrs.frozen
class CardVerdict:
    """One card played: by whom (``seat``, ``player``), at which ``trick`` (1 to 12), the best
    value the player could have had (``best``) and the value of the card played (``value``)."""

    trick: int
    seat: int
    player: str
    card: Card
    best: int
    value: int
    step: int  # the action's index in the deal (its step on the viewer's page is step + 1)

    @property
    def cost(self) -> int:
        """What the card cost its player: the best value less the card's."""
        return self.best - self.value

    def to_json(self) -> dict[str, Any]:
        return {
            "trick": self.trick,
            "seat": self.seat,
            "player": self.player,
            "card": str(self.card),
            "best": self.best,
            "value": self.value,
            "cost": self.cost,
        }


@attrs.frozen
class DealVerdict:
    """The cards of one deal weighed, in ``mode`` (``points`` or ``chips``)."""

    number: int
    mode: str
    cards: tuple[CardVerdict, ...]

    @property
    def costly(self) -> tuple[CardVerdict, ...]:
        """The cards that cost their player at least one point (or chip)."""
        return tuple([c for c in self.cards if c.cost >= 1])

    def summary(self) -> tuple[str, ...]:
        """A line per costly card: "Ben's 7S at trick 4 cost 6 points"."""
        out = []
        for c in self.costly:
            if self.mode == "points":
                said = ngettext(
                    "{player}'s {card} at trick {trick} cost {n} point",
                    "{player}'s {card} at trick {trick} cost {n} points",
                    c.cost,
                )
            else:
                said = ngettext(
                    "{player}'s {card} at trick {trick} cost {n} chip",
                    "{player}'s {card} at trick {trick} cost {n} chips",
                    c.cost,
                )
            out.append(
                said.format(player=c.player, card=card_text(c.card), trick=c.trick, n=c.cost)
            )
        return tuple(out)

    def to_json(self) -> dict[str, Any]:
        return {
            "deal": self.number,
            "mode": self.mode,
            "cards": [c.to_json() for c in self.cards],
            "costly": list(self.summary()),
        }


def analyze_record(
    record: Record, mode: Literal["points", "chips"] = "points", from_trick: int = 1
) -> tuple[DealVerdict, ...]:
    """Every card played from trick ``from_trick`` (1 to 12) on in the valid deals of
    ``record`` (from :func:`gleek.record.read`), weighed (see the module's text)."""
    if not isinstance(record, Record):
        raise ArgumentError(f"record must be a gleek.record.Record, not {type(record).__name__}")
    if mode not in MODES:
        raise ArgumentError(f"mode must be 'points' or 'chips', not {mode!r}")
    check_int("from_trick", from_trick, low=1, high=12)
    names = record.players
    out: list[DealVerdict] = []
    for number, deal in enumerate(record.deals, 1):
        cards: list[CardVerdict] = []
        solver = None
        for i, (state, (seat, action)) in enumerate(zip(deal.states(), deal.actions, strict=False)):
            if state.phase is not Phase.PLAY or action.card is None:
                continue
            trick = len(state.tricks) + 1
            if trick < from_trick:
                continue
            if solver is None:
                solver = solver_for(state)
            values = card_values(state, mode, solver=solver)
            best = max(values.values())
            cards.append(
                CardVerdict(trick, seat, names[seat], action.card, best, values[action.card], i)
            )
        out.append(DealVerdict(number, mode, tuple(cards)))
    return tuple(out)


def verdicts_text(verdicts: tuple[DealVerdict, ...], from_trick: int = 1) -> str:
    """The verdicts as the text ``gleek analyze`` prints: per deal a line per card (a ``*`` on
    the costly ones), then the summary."""
    lines: list[str] = []
    for d in verdicts:
        if d.mode == "points":
            head = _("deal {number} (points at the end of the deal, best play):")
            if from_trick > 1:
                head = _(
                    "deal {number} (points at the end of the deal, best play, from trick {trick}):"
                )
            none = _("no card cost its player a point")
        else:
            head = _("deal {number} (chips at the end of the deal, best play):")
            if from_trick > 1:
                head = _(
                    "deal {number} (chips at the end of the deal, best play, from trick {trick}):"
                )
            none = _("no card cost its player a chip")
        lines.append(head.format(number=d.number, trick=from_trick))
        for c in d.cards:
            mark = "  * " + _("cost {n}").format(n=c.cost) if c.cost >= 1 else ""
            trick = _("trick {n}").format(n=f"{c.trick:>2}")
            best = _("(best {n})").format(n=c.best)
            lines.append(
                f"  {trick}  {c.player:<12.12} {card_text(c.card):<3}  {c.value:>4}  {best}{mark}"
            )
        summary = d.summary()
        if summary:
            lines.extend(f"  {s}" for s in summary)
        else:
            lines.append(f"  {none}")
    return "\n".join(lines)


def verdicts_json(verdicts: tuple[DealVerdict, ...], file: str) -> dict[str, Any]:
    """The verdicts as the JSON ``gleek analyze --format json`` prints."""
    return {"file": file, "deals": [d.to_json() for d in verdicts]}


def step_notes(verdicts: tuple[DealVerdict, ...]) -> dict[tuple[int, int], str]:
    """What the viewer's page says under each costly card (:func:`gleek.viewer.viewer_page`'s
    ``notes``), by deal number and step (the action's index + 1: step 0 is the deal as
    dealt)."""
    notes: dict[tuple[int, int], str] = {}
    for d in verdicts:
        for c, line in zip(d.costly, d.summary(), strict=True):
            notes[(d.number, c.step + 1)] = _("{line} (best {best}, played {value})").format(
                line=line, best=c.best, value=c.value
            )
    return notes
