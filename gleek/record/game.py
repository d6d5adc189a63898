"""A record read into objects, the way python-chess reads a PGN into a ``Game``.

:func:`read` replays a record and gives a frozen :class:`Record`: the profile, the players, the
session's starting chips, and every deal as a :class:`~gleek.session.DealRecord` whose states
can be stepped through. A record that breaks a rule gives the deals before the first error,
the error, and the deal in error as far as it goes (a :class:`BrokenDeal`).

>>> from gleek.record import read, read_text, dumps
>>> rec = read("examples/parlett-s0-auction.yaml")
>>> rec.profile.id, rec.players, len(rec.deals), rec.error
('parlett', ('Anna', 'Ben', 'Carla'), 1, None)
>>> deal = rec.deals[0]
>>> deal.state_at(5).buyer, deal.final.points
(1, (12, 39, 15))
>>> read_text(dumps(rec)) == rec
True
>>> bad = read("tests/records/revoke.yaml")
>>> bad.deals, bad.error.code, bad.broken.number, bad.broken.refused
((), 'revoke', 1, (0, Action.parse('play 6H')))
>>> len(bad.broken.actions), bad.broken.last.trick
(15, ((2, Card.parse('5D')),))
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterable, Iterator
from typing import IO, TYPE_CHECKING, Any

import attrs

from gleek._args import check_int, check_text, check_type, type_name
from gleek.errors import ArgumentTypeError, ProfileError, RecordError
from gleek.profile import Profile, named_profile, registered_dirs
from gleek.record.read import parse_record, read_record_file
from gleek.record.replay import player_name, replay_document
from gleek.record.report import Problem
from gleek.record.shape import conforms_head
from gleek.session import Claims, DealRecord
from gleek.sourcemap import MAX_BYTES
from gleek.state import Action, State, apply

if TYPE_CHECKING:
    from gleek.session import Session

__all__ = ["BrokenDeal", "Record", "read", "read_text"]


@attrs.frozen
class BrokenDeal:
    """The deal of a record's first error, as far as it goes: the deal as dealt, then every
    action up to the first the rules refuse (or, for an error not tied to an action, such as a
    false claim, a wrong result or a wrong dealer, every action recorded, as far as they are
    legal).

    Its states step through like a :class:`~gleek.session.DealRecord`'s."""

    number: int
    """Which deal of the record it is, counting from 1 (the error's ``deal``)."""
    last: State
    """The last state reached: just before the action refused, or the deal's last step."""
    error: Problem
    """The error, located in the file."""
    refused: tuple[int, Action] | None = None
    """The action the rules refuse, as ``(seat, action)``, when the error is one (a revoke, a
    bid too low, a card played after the deal is over...); None otherwise."""

    @property
    def actions(self) -> tuple[tuple[int, Action], ...]:
        """Every legal action of the deal as ``(seat, action)``, in order (the refused one is
        not among them)."""
        return self.last.history

    def states(self) -> Iterator[State]:
        """Every state of the deal in order: as dealt, then after each legal action, ending
        with :attr:`last`."""
        state = self.last.root()
        yield state
        for _, action in self.last.history:
            state = apply(state, action)
            yield state

    def state_at(self, k: int) -> State:
        """The state after the first ``k`` actions (0: as dealt; ``len(actions)``: last)."""
        check_int("k", k, low=0, high=len(self.last.history))
        for i, state in enumerate(self.states()):  # pragma: no branch - k is in range
            if i == k:
                return state
        raise AssertionError("unreachable")  # pragma: no cover

    def _repr_svg_(self) -> str:
        """Jupyter shows the picture of the last state reached (:func:`gleek.svg.draw`)."""
        from gleek.svg import draw

        return draw(self.last)


@attrs.frozen
class Record:
    """A record read into objects. ``deals`` are the deals replayed without error, in order;
    ``error`` is the first rule broken (None if the record is valid)."""

    file: str = attrs.field(eq=False)
    """Where the record was read from (``<string>`` for a text)."""
    profile: Profile
    """The rules the record is played under, variants applied."""
    players: tuple[str, str, str]
    """The three names, by seat (clockwise)."""
    chips: tuple[int, int, int]
    """Each seat's chips before the first deal."""
    pot: int
    """The pot before the first deal."""
    ruff_stake: int
    """The opening ruff stake of the first deal."""
    dealer: int
    """The dealer of the first deal."""
    deals: tuple[DealRecord, ...]
    """Every deal replayed without error, in order."""
    error: Problem | None = None
    """The first error (its ``deal`` counts from 1), or None."""
    broken: BrokenDeal | None = None
    """The deal of the first error as far as it goes, or None (a valid record, or a deal
    that cannot even be dealt: a card dealt twice, a hand of the wrong size...)."""
    warnings: tuple[Problem, ...] = attrs.field(default=(), eq=False)
    """Warnings, which never make a record invalid (``deal-count``, ``unclaimed``)."""
    comment: str = attrs.field(default="", eq=False)
    """The comment lines at the head of the file, kept when the record is written back."""

    @property
    def variants(self) -> tuple[str, ...]:
        """The variants applied, in order."""
        return self.profile.variants

    @property
    def valid(self) -> bool:
        """True when no rule is broken."""
        return self.error is None

    def session(self, deals: int | None = None) -> Session:
        """Same as :meth:`Session.from_record(self, deals) <gleek.session.Session.from_record>`."""
        from gleek.session import Session

        return Session.from_record(self, deals)


def read(
    source: str | os.PathLike[str] | IO[str] | IO[bytes],
    *,
    profile_dirs: Iterable[str | os.PathLike[str]] = (),
    name: str | None = None,
) -> Record:
    """Read and replay the record file at ``source`` (a path: a ``str`` or a
    :class:`~pathlib.Path`), or from an open file. For a record's text, use :func:`read_text`.

    Raises :class:`~gleek.errors.RecordError` (with line and column) when the record cannot be
    read at all: a file that cannot be read, bad syntax, a schema error, an unknown profile,
    variant or player. A record that breaks a rule of the game is read up to the deal of its
    first error (:attr:`Record.error`), with that deal as far as it goes (:attr:`Record.broken`).
    The record names its profile by id: shipped, or in the folders ``profile_dirs`` registers
    (never a file). ``name`` is what :attr:`Record.file` and the errors call the record (by
    default its path, or an open file's name).

    Text given to ``read`` (``bytes``, or a ``str`` with a line break, which no path holds) is
    still read as a record's text, with a :class:`DeprecationWarning`: a one-line text would be
    taken for a path.
    """
    if isinstance(source, bytes) or (isinstance(source, str) and "\n" in source):
        warnings.warn(
            "gleek.record.read() of a record's text is deprecated: use read_text(text); "
            "read() takes a path or an open file",
            DeprecationWarning,
            stacklevel=2,
        )
        return read_text(source, profile_dirs=profile_dirs, name=name or "<string>")
    if name is not None:
        check_type("name", name, str, "a str naming the record in errors")
    if isinstance(source, str | os.PathLike):
        data: str | bytes = read_record_file(source)
        default = str(source)
    elif callable(getattr(source, "read", None)):
        default = str(getattr(source, "name", "<stream>"))
        try:
            data = source.read(MAX_BYTES + 1)
        except (OSError, ValueError) as exc:  # a failing or a closed file
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            raise RecordError(f"cannot read: {why}", file=name or default) from None
        if not isinstance(data, str | bytes):
            raise ArgumentTypeError(
                f"source: the open file gave {type_name(data)}, not text or bytes"
            )
    else:
        raise ArgumentTypeError(
            f"source must be a path (str or pathlib.Path) or an open file, not "
            f"{type_name(source)} (for a record's text, use read_text)"
        )
    return _replay(data, default if name is None else name, profile_dirs)


def read_text(
    text: str | bytes,
    *,
    profile_dirs: Iterable[str | os.PathLike[str]] = (),
    name: str = "<string>",
) -> Record:
    """Read and replay a record from its text (YAML or JSON, ``str`` or UTF-8 ``bytes``); the
    same as :func:`read` otherwise. ``name`` is what the errors call the record.

    >>> read_text('{"format": "gleek-record/1", "profile": "parlett"}').players
    Traceback (most recent call last):
    gleek.errors.RecordError: <string>:1:1: missing key 'players' in the document
    """
    text = check_text("text", text, "the record's text (str or bytes)")
    check_type("name", name, str, "a str naming the record in errors")
    return _replay(text, name, profile_dirs)


def _record_error(problem: Problem, name: str) -> RecordError:
    """The :class:`RecordError` that stops reading a record at ``problem``."""
    return RecordError(
        problem.message,
        file=name,
        line=problem.line,
        column=problem.column,
        path=problem.path,
        code=problem.code,
    )


def _replay(data: str | bytes, name: str, profile_dirs: Iterable[str | os.PathLike[str]]) -> Record:
    dirs = registered_dirs(profile_dirs)
    doc = parse_record(data, name)
    finals: list[State] = []
    partial: list[tuple[State, tuple[int, Action] | None]] = []
    report = replay_document(doc, name, dirs, finals, partial)
    error = report.errors[0] if report.errors else None
    # The record's head must be sound to read on: its first error raises, even when an error
    # inside a deal stands before it (YAML may put keys of the head after the deals).
    stop = next((e for e in report.errors if e.deal is None), None)
    if stop is None and error is not None and error.code == "schema":
        parsed = doc.data
        if not (isinstance(parsed, dict) and conforms_head({**parsed, "deals": [None]})):
            stop = error  # (the head's own errors were cut off after the deals' many)
    if stop is not None:
        raise _record_error(stop, name)
    raw: dict[str, Any] = doc.data
    try:
        profile = named_profile(raw["profile"], tuple(raw.get("variants") or ()), profile_dirs=dirs)
    except ProfileError:  # unknown, but a schema error in a deal stopped the replay before
        assert error is not None  # (it looked the profile up): that error is the record's first
        raise _record_error(error, name) from None
    names = [player_name(n) for n in raw["players"]]
    players: tuple[str, str, str] = (names[0], names[1], names[2])
    seats = {n: i for i, n in enumerate(players)}
    start = [profile.session.starting_chips] * 3
    for n, amount in (raw.get("chips") or {}).items():
        seat = seats.get(player_name(n))
        if seat is not None:  # else an error, after the deal in error here: read() says so
            start[seat] = amount
    good = len(finals) if error is None or error.deal is None else min(len(finals), error.deal - 1)
    raw_deals = raw["deals"]
    first = raw_deals[0] if raw_deals else None
    first_dealer = first.get("dealer") if isinstance(first, dict) else None
    deals = tuple(
        DealRecord(finals[i], _claims(raw_deals[i].get("claims"), seats, "claims" in raw_deals[i]))
        for i in range(good)
    )
    broken = None
    if partial and error is not None and error.deal is not None:  # the deal in error was dealt
        (last, refused), number = partial[0], error.deal
        broken = BrokenDeal(number, last, error, refused)
    return Record(
        file=name,
        profile=profile,
        players=players,
        chips=(start[0], start[1], start[2]),
        pot=raw.get("pot", profile.session.starting_pot),
        ruff_stake=raw.get("ruff_stake", profile.ruff.stake),
        dealer=seats.get(player_name(first_dealer), 0) if isinstance(first_dealer, str) else 0,
        deals=deals,
        error=error,
        broken=broken,
        warnings=report.warnings,
        comment=_head_comment(data),
    )


def _claims(raw: Any, seats: dict[str, int], present: bool) -> Claims | None:
    if not present:
        return None
    by_seat: list[tuple[str, ...]] = [(), (), ()]
    for n, items in (raw or {}).items():
        by_seat[seats[player_name(n)]] += tuple(items or ())
    return (by_seat[0], by_seat[1], by_seat[2])


def _head_comment(data: str | bytes) -> str:
    """The ``#`` lines at the very top of a YAML text."""
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    lines = []
    for line in text.lstrip("\ufeff").splitlines():
        if not line.startswith("#"):
            break
        lines.append(line)
    return "\n".join(lines)
