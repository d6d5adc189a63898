"""The validation report (``gleek-report/1``): problems, deal summaries, balances."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any, Final

import attrs

from gleek._args import check_type
from gleek.i18n import gettext as _
from gleek.i18n import ngettext
from gleek.stages.common import POT, SET_REASONS

__all__ = ["DealSummary", "Problem", "Report", "escape_controls"]


def escape_controls(text: str) -> str:
    """``text`` with every character a terminal could act on (escapes, other controls, bidi
    overrides...) written as a Python-style escape; line breaks are kept.

    >>> print(escape_controls("Ann\\x1b[2J\\u202e, Ben"))
    Ann\\x1b[2J\\u202e, Ben
    """
    check_type("text", text, str, "a str")
    if text.isprintable():
        return text
    return "\n".join(_escape_all(line) for line in text.split("\n"))


def _escape_all(text: str) -> str:
    """``text`` with every character that is not printable written as an escape, line breaks
    too."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else _escape(ch) for ch in text)


def _escape(ch: str) -> str:
    n = ord(ch)
    return f"\\x{n:02x}" if n < 0x100 else f"\\u{n:04x}" if n < 0x10000 else f"\\U{n:08x}"


_PLAIN_NAME: Final = re.compile(r"[^\W\d_]+(?:[ '.-][^\W\d_]+)*")


def quote_name(name: str) -> str:
    """A player's name as the text report prints it: as it is if it is only letters (single
    spaces, hyphens, apostrophes or dots between them), else in double quotes, so that no name
    can pass for another's balance (``"Ben 100, Carla"``).

    >>> quote_name("Anna"), quote_name("Jean-Luc O'Neil"), quote_name("Ben 100, Carla")
    ('Anna', "Jean-Luc O'Neil", '"Ben 100, Carla"')
    """
    if _PLAIN_NAME.fullmatch(name):
        return name
    return json.dumps(name, ensure_ascii=False)


def holder(name: str) -> str:
    """Who holds chips as the text report prints it: a player's name (:func:`quote_name`), or
    the pot in the language gleek speaks; a player whose name is that word is quoted, so that
    no name passes for the pot.

    >>> holder("pot"), holder("Anna")
    ('pot', 'Anna')
    """
    pot = _("pot")
    if name == POT:
        return pot
    said = quote_name(name)
    return json.dumps(name, ensure_ascii=False) if said.casefold() == pot.casefold() else said


@attrs.frozen
class Problem:
    """An error or warning, located in the file (``deal`` counts from 1; line/column too)."""

    code: str
    message: str
    deal: int | None = None
    path: str | None = None
    line: int | None = None
    column: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "message": self.message,
            "deal": self.deal,
            "path": self.path,
            "line": self.line,
            "column": self.column,
        }

    def human(self, file: str, kind: str = "") -> str:
        where = ":".join(str(x) for x in (file, self.line, self.column) if x is not None)
        return escape_controls(f"{where}: {kind}{self.code}: {self.message}")


@attrs.frozen
class DealSummary:
    """What the rules make of one deal, with player names."""

    dealer: str
    trumps: str
    buyer: str
    price: int
    ruff: tuple[str, int, bool] | None  # winner, stake, shown
    points: tuple[tuple[str, int], ...]
    payments: tuple[tuple[str, str, int, str], ...]  # from, to, amount, reason
    chips: tuple[tuple[str, int], ...]  # players then pot

    def to_json(self) -> dict[str, Any]:
        return {
            "dealer": self.dealer,
            "trumps": self.trumps,
            "buyer": self.buyer,
            "price": self.price,
            "ruff": None
            if self.ruff is None
            else {"winner": self.ruff[0], "stake": self.ruff[1], "shown": self.ruff[2]},
            "points": dict(self.points),
            "payments": [
                {"from": f, "to": t, "amount": a, "reason": r} for f, t, a, r in self.payments
            ],
            "chips": dict(self.chips),
        }

    def human(self, number: int) -> list[str]:
        q = quote_name
        lines = [
            "  "
            + _(
                "deal {number}: {dealer} deals, trumps {trumps}; {buyer} buys the stock for {price}"
            ).format(
                number=number,
                dealer=q(self.dealer),
                trumps=self.trumps,
                buyer=q(self.buyer),
                price=self.price,
            )
        ]
        if self.ruff is None:
            lines.append("    " + _("ruff: nobody vied"))
        else:
            winner, stake, shown = self.ruff
            said = (
                _("ruff: {winner} wins at stake {stake} (shown)")
                if shown
                else _("ruff: {winner} wins at stake {stake} (not shown)")
            )
            lines.append("    " + said.format(winner=q(winner), stake=stake))
        sets = [p for p in self.payments if p[3] in SET_REASONS]
        if sets:
            lines.append(
                "    " + _("sets and small trumps: {payments}").format(payments=_pays(sets))
            )
        points = ", ".join(f"{q(n)} {p}" for n, p in self.points)
        lines.append("    " + _("points: {points}").format(points=points))
        lines.append("    " + _("payments: {payments}").format(payments=_pays(self.payments)))
        chips = ", ".join(f"{holder(n)} {c:+d}" for n, c in self.chips)
        lines.append("    " + _("chips: {chips}").format(chips=chips))
        return lines


def _pays(payments: tuple[tuple[str, str, int, str], ...] | list[tuple[str, str, int, str]]) -> str:
    """``Ann pays Ben 2 (tiddy); ...``: the reason as the record format names it, in the
    language gleek speaks."""
    return _("; ").join(_payment(f, t, a, r) for f, t, a, r in payments)


def _payment(payer: str, payee: str, amount: int, reason: str) -> str:
    """One payment in words (the pot's in its own words: "paie 2 au pot", "el bote paga")."""
    if payee == POT:
        said = _("{payer} pays pot {amount} ({reason})")
    elif payer == POT:
        said = _("pot pays {payee} {amount} ({reason})")
    else:
        said = _("{payer} pays {payee} {amount} ({reason})")
    return said.format(payer=holder(payer), payee=holder(payee), amount=amount, reason=_(reason))


@attrs.frozen
class Report:
    """The report of one record file, as ``gleek validate --json`` prints it."""

    file: str
    profile: str | None
    variants: tuple[str, ...]
    errors: tuple[Problem, ...]
    warnings: tuple[Problem, ...]
    deals: tuple[DealSummary, ...]
    chips: tuple[tuple[str, int], ...]
    #: where the replay stopped, when its first error is inside a deal: ``deal 1 stops after
    #: trick 7`` (not in the JSON report, whose errors say it with their place)
    stopped: str | None = None

    @property
    def valid(self) -> bool:
        return not self.errors

    def to_json(self, *, lazy: bool = False) -> dict[str, Any]:
        """The report as JSON data; with ``lazy``, its ``deals`` list makes each deal's data
        only as it is iterated (for ``json.JSONEncoder(indent=...).iterencode``, which writes
        the report of 100,000 deals a piece at a time)."""
        return {
            "format": "gleek-report/1",
            "file": self.file,
            "valid": self.valid,
            "profile": self.profile,
            "variants": list(self.variants),
            "errors": [e.to_json() for e in self.errors],
            "warnings": [w.to_json() for w in self.warnings],
            "deals": _Lazy(self.deals) if lazy else [d.to_json() for d in self.deals],
            "chips": dict(self.chips),
        }

    def verdict(self) -> str:
        """The summary: valid or not, under which rules, how many deals replayed.

        >>> Report("a.yaml", None, (), (Problem("syntax", "bad"),), (), (), ()).verdict()
        'invalid (1 error), no deal replayed'
        >>> Report("a.yaml", "pi", (), (Problem("incomplete", "stops"),), (), (), (),
        ...        "deal 1 stops after trick 7").verdict()
        'invalid (1 error) under pi, deal 1 stops after trick 7'
        """
        n, d = len(self.errors), len(self.deals)
        verdict = (
            _("valid")
            if self.valid
            else ngettext("invalid ({n} error)", "invalid ({n} errors)", n).format(n=n)
        )
        replayed = (
            _("no deal replayed")
            if d == 0
            else ngettext("{d} deal replayed", "{d} deals replayed", d).format(d=d)
        )
        unknown = self.errors and self.errors[0].code in ("unknown-profile", "unknown-variant")
        if self.profile is None or unknown:  # no rules to name: nothing was replayed
            return _("{verdict}, {replayed}").format(verdict=verdict, replayed=replayed)
        name = "+".join((self.profile, *self.variants))
        if self.stopped is not None:
            if d:
                return _("{verdict} under {profile}, {replayed}, then {stopped}").format(
                    verdict=verdict, profile=name, replayed=replayed, stopped=self.stopped
                )
            return _("{verdict} under {profile}, {stopped}").format(
                verdict=verdict, profile=name, stopped=self.stopped
            )
        return _("{verdict} under {profile}, {replayed}").format(
            verdict=verdict, profile=name, replayed=replayed
        )

    def human(self) -> str:
        """Compiler-style lines (``file:line:col: code: message``), then a summary per deal."""
        return "\n".join(self.lines())

    def lines(self) -> Iterator[str]:
        """The lines of :meth:`human`, one at a time (the file's name on one line: a line break
        in it is written as an escape too, so that each ``file:line:col`` line stays whole)."""
        file = _escape_all(self.file)
        for e in self.errors:
            yield escape_controls(e.human(file))
        for w in self.warnings:
            yield escape_controls(w.human(file, _("warning: ")))
        yield escape_controls(f"{file}: {self.verdict()}")
        for i, d in enumerate(self.deals, 1):
            for line in d.human(i):
                yield escape_controls(line)
        if self.chips:
            balances = ", ".join(f"{holder(n)} {c}" for n, c in self.chips)
            yield escape_controls("  " + _("balances: {balances}").format(balances=balances))


class _Lazy(list):  # type: ignore[type-arg]
    """A list, to the JSON encoder, of the deals' data, each made as it is reached."""

    def __init__(self, deals: tuple[DealSummary, ...]) -> None:
        super().__init__()
        self.deals = deals

    def __bool__(self) -> bool:
        return bool(self.deals)

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return (d.to_json() for d in self.deals)
