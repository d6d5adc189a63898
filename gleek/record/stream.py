"""Validate a record file deal by deal, in memory that does not grow with its number of deals.

A YAML or JSON record is read as a stream of parser events: the keys before ``deals`` make the
head, and each item of ``deals`` is built, schema-checked and replayed as soon as its last event
is read, then dropped. A JSON Lines record (a ``.jsonl`` file) is read a line at a time: its
first line is the head, each further line one deal. Only what the next deal needs is kept (the
balances, the pot, the carried ruff stake, the dealer), with each deal's short summary for the
report.

The report is the one :func:`gleek.record.replay.validate_bytes` gives for the same text: a
deal is replayed as soon as it is read, but a syntax or schema error found later in the file
still wins (the replay's findings are then dropped), as the record format requires. (One
record has no such report: one that repeats its deals list by a YAML alias elsewhere; read deal
by deal, the list is not kept, and the alias is refused where it stands.) The file is
read in chunks of 64 KiB; each deal (and the head) may hold at most
:data:`~gleek.limits.MAX_DEAL_BYTES` of text.
"""

from __future__ import annotations

import codecs
import gc
import json
import os
import stat
from collections.abc import Callable, Iterable
from typing import Any, Final

import yaml

from gleek import limits as caps
from gleek._files import CHUNK, check_sized, read_chunk
from gleek.errors import RecordError
from gleek.i18n import gettext as _
from gleek.limits import MAX_DEAL_BYTES, MAX_PROBLEMS
from gleek.record.fast import QUICK_FROM, quick_report
from gleek.record.jsonlines import BLANK_LINE, HEAD_DEALS, SURROGATE_HINT, line_text, parse_line
from gleek.record.read import cannot_read, path_where
from gleek.record.replay import (
    Replayer,
    deal_of_path,
    early_report,
    lookup_profile,
    replay_document,
)
from gleek.record.report import Problem, Report
from gleek.record.shape import (
    conforms_deal,
    conforms_head,
    limits,
    stream_limits,
    within_limits,
)
from gleek.schemacheck import Problem as SchemaProblem
from gleek.schemacheck import load_schema, problems
from gleek.sourcemap import (
    LOADERS,
    NUL_IN_FILE,
    EventBuilder,
    LocatedError,
    Path,
    key_part,
    not_utf8,
    place_in,
)

__all__ = ["CHUNK", "COLLECT_EVERY", "validate_path"]

#: Deals read between two runs of the cyclic collector on the youngest objects.
COLLECT_EVERY = 1024

Position = tuple[int, int]
Progress = Callable[[int], None]
Dirs = tuple[str | os.PathLike[str], ...]


class _Stop(Exception):
    """The source refuses to go on (bad UTF-8, a NUL, a deal too long): see its ``failure``."""


class _Source:
    """A record file's text, handed out in chunks; checks UTF-8 and NUL as the whole-text reader
    does, and that no deal (nor the head) runs past :data:`MAX_DEAL_BYTES`."""

    #: What PyYAML's messages call the text (the same as for a text read whole).
    name = "<unicode string>"

    def __init__(self, fd: int, progress: Progress | None = None) -> None:
        self.fd = fd
        #: The file's size when opened: no more is read (a file that grows is not followed).
        self.size = os.fstat(fd).st_size
        self.progress = progress
        self.decoder = codecs.getincrementaldecoder("utf-8")()
        self.offset = 0  # bytes read so far
        self.lines = 0  # line breaks handed out so far
        self.buffer = ""
        self.eof = False
        self.failure: LocatedError | None = None
        self.nul: LocatedError | None = None
        self.budget_from = 0  # the offset where the current deal (or the head) began
        #: What is being read (the head, a deal) and where it starts, if known.
        self.describe: Callable[[], tuple[str, tuple[int | None, int | None]]] = lambda: (
            _("the record's head"),
            (None, None),
        )
        self.recent: list[tuple[int, str]] = []  # (first line number, text) of the last chunks
        #: where each of the recent chunks begins: (bytes, characters) from the file's start
        self.starts: list[tuple[int, int]] = []
        self.chars = 0  # characters decoded so far

    def _fill(self) -> bool:
        """Read and decode one chunk; False at the end of the file."""
        if self.eof:
            return False
        pending = self.decoder.getstate()[0]  # the bytes of a character cut between chunks
        start = self.offset
        data = read_chunk(self.fd, start, self.size, self.progress)
        self.offset += len(data)
        try:
            text = self.decoder.decode(data, final=not data)
        except UnicodeDecodeError as exc:
            message, good = not_utf8(pending + data, exc.start, start - len(pending))
            self.failure = LocatedError(message, *self._place(good, len(good)))
            raise _Stop from None
        if not data:
            self.eof = True
        if self.offset - self.budget_from > MAX_DEAL_BYTES:
            self._too_long()
        nul = text.find("\x00") if self.nul is None else -1
        if nul >= 0:
            line, column = self._place(text, nul)
            self.nul = self.failure = LocatedError(_(NUL_IN_FILE), line, column)
        # the chunk's lines are counted even after a NUL: a bad byte after it is placed (drain)
        self.recent = [*self.recent[-2:], (self.lines, text)]
        self.starts = [*self.starts[-2:], (start - len(pending), self.chars)]
        self.chars += len(text)
        self.lines += text.count("\n")
        if nul >= 0:
            raise _Stop
        self.buffer += text
        return True

    def _place(self, text: str, at: int) -> tuple[int, int | None]:
        """The line and column of ``text[at]``, ``text`` the chunk being read (the column is
        None if its line began before the chunks still kept)."""
        line, column = place_in(text, at)
        if line == 1 and self.recent:  # the line began in an earlier chunk
            before = "".join(t for _, t in self.recent)
            start = before.rfind("\n")
            if start < 0:
                return self.lines + 1, None
            column += len(before) - (start + 1)
        return self.lines + line, column

    def place_reader_error(self, position: int, in_bytes: bool) -> tuple[int | None, int | None]:
        """The line and column of the character at ``position`` from the file's start (in
        UTF-8 bytes if ``in_bytes``, else characters) that the parser refused, if it is among
        the chunks still kept: as the whole-text reader places it."""
        for k, ((first, text), (at_byte, at_char)) in enumerate(
            zip(self.recent, self.starts, strict=True)
        ):
            if in_bytes:
                head = text.encode("utf-8", "surrogatepass")[: position - at_byte]
                at = len(head.decode("utf-8", "ignore")) if position >= at_byte else -1
            else:
                at = position - at_char
            if not 0 <= at < len(text):
                continue
            line, column = place_in(text, at)
            if line == 1:
                before = "".join(t for _, t in self.recent[:k])
                nl = before.rfind("\n")
                if nl >= 0:
                    column += len(before) - (nl + 1)
                elif self.starts[0][1] == 0:
                    column += len(before)
                else:
                    return first + line, None
            return first + line, column
        return None, None

    def _too_long(self) -> None:
        mib = f"{MAX_DEAL_BYTES / (1024 * 1024):g} MiB"
        what, (line, col) = self.describe()
        self.failure = LocatedError(
            _(
                "{what} is longer than {size} of text; a record is read deal by deal, each at "
                "most {size}"
            ).format(what=what, size=mib),
            line,
            col,
            "schema",
        )
        raise _Stop

    def read(self, size: int = CHUNK) -> str:
        """At most ``size`` characters, "" at the end (what PyYAML asks of a file)."""
        while not self.buffer and self._fill():
            pass
        out, self.buffer = self.buffer[:size], self.buffer[size:]
        return out

    def line(self, number: int) -> str:
        """The line ``number`` (from 0) if it is among the last chunks read, else ""."""
        first = self.recent[0][0] if self.recent else 0
        lines = "".join(t for _, t in self.recent).split("\n")
        k = number - first
        return lines[k] if 0 <= k < len(lines) else ""

    def start(self) -> None:
        """A deal begins here: its own budget of text."""
        self.budget_from = self.offset

    def drain(self) -> LocatedError | None:
        """Read the rest of the file for a bad byte or a NUL (which win over any other error,
        as when the text is read whole); the error that stands, if any. Only a file the
        whole-text reader would read (:data:`~gleek.limits.MAX_BYTES`) is read to its end: in a
        larger one, the first error found stands."""
        if self.size > caps.MAX_BYTES:
            return self.nul
        utf8 = None
        self.budget_from = 1 << 62  # no deal is being read
        while True:
            try:
                if not self._fill():
                    break
                self.buffer = ""
            except _Stop:
                if self.failure is not self.nul:
                    utf8 = self.failure
                    break
                self.buffer = ""
        return utf8 or self.nul


def open_record(path: str | os.PathLike[str]) -> int:
    """A file descriptor of the regular file at ``path``, refusing anything else unread; the
    same errors as :func:`gleek.record.read.read_record_file`."""
    where = path_where(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(os.fspath(path), flags)
    except OSError as exc:
        raise cannot_read(path, where, exc) from None
    info = os.fstat(fd)
    why = None
    if stat.S_ISDIR(info.st_mode):
        why = _("is a folder, not a file")
    elif not stat.S_ISREG(info.st_mode):
        why = _("is not a regular file (a device, pipe or socket); refused")
    else:
        try:
            check_sized(fd, info.st_size)
        except ValueError as exc:
            why = str(exc)
    if why is not None:
        os.close(fd)
        raise RecordError(why, file=where, code="syntax")
    return fd


class _Part:
    """Where the nodes of a record read deal by deal stand: the head's, and the current deal's
    (the interface of :class:`~gleek.sourcemap.Located` that reports use). A YAML deal's places
    are found from its parser events only when asked (an error): one walk of the deal's data in
    the order of the events."""

    __slots__ = ("data", "deal", "deal_keys", "events", "head", "head_keys")

    def __init__(self, data: Any, head: dict[Path, Position], head_keys: dict[Path, Position]):
        self.data = data
        self.head = head
        self.head_keys = head_keys
        self.deal: dict[Path, Position] = {}
        self.deal_keys: dict[Path, Position] = {}
        #: How to find the current deal's places, once asked.
        self.events: Callable[[dict[Path, Position], dict[Path, Position]], None] | None = None

    def locate(self, paths: Iterable[Path]) -> None:
        """Every place is noted, or found from the deal's events (or line) when first asked."""
        if self.events is not None:
            find, self.events = self.events, None
            find(self.deal, self.deal_keys)

    def position(self, path: Path) -> Position | None:
        self.locate(())
        for cut in range(len(path), -1, -1):
            part = path[:cut]
            found = self.deal.get(part) or self.head.get(part)
            if found is not None:
                return found
        return None  # pragma: no cover - the root's place is always noted

    def key_position(self, path: Path) -> Position | None:
        self.locate(())
        return self.deal_keys.get(path) or self.head_keys.get(path) or self.position(path)


def _walk(
    value: Any,
    events: list[Any],
    base: Path,
    pos: dict[Path, Position],
    keys: dict[Path, Position],
) -> None:
    """Note where each node of ``value`` (a deal, at ``base``) stands: its nodes in document
    order are its parser ``events`` in order (a mapping's keys in the order read; an alias is one
    event, whatever it expands to)."""
    at = 0
    leaf = (yaml.ScalarEvent, yaml.AliasEvent)

    def node(value: Any, path: Path) -> None:
        nonlocal at
        event = events[at]
        at += 1
        pos[path] = (event.start_mark.line + 1, event.start_mark.column + 1)
        if isinstance(event, leaf):
            return
        if type(value) is dict:
            for k, v in value.items():
                mark = events[at].start_mark
                at += 1
                child = (*path, key_part(k))
                keys[child] = (mark.line + 1, mark.column + 1)
                node(v, child)
        else:
            for j, v in enumerate(value):
                node(v, (*path, j))

    node(value, base)


def _schemas() -> tuple[dict[str, Any], dict[str, Any]]:
    """The record schema without its deals' items (for the head), and a deal's own schema."""
    record = load_schema("record")
    head = {
        **record,
        "properties": {**record["properties"], "deals": {"type": "array", "minItems": 1}},
    }
    deal = {**record["$defs"]["deal"], "$defs": record["$defs"]}
    return head, deal


class _Validation:
    """One record file validated deal by deal."""

    def __init__(self, file: str, dirs: tuple[str | os.PathLike[str], ...]) -> None:
        self.file = file
        self.dirs = dirs
        self.head_schema, self.deal_schema = _schemas()
        self.schema: list[SchemaProblem] = []
        self.blocked: Report | None = None  # an unknown profile or variant
        self.replayer: Replayer | None = None
        self.doc: _Part | None = None
        self.count = 0
        self.known: tuple[dict[str, Any], dict[Path, Position], dict[Path, Position]] | None = None

    # -- the head, once the deals begin
    def begin(
        self, head: dict[str, Any], pos: dict[Path, Position], keys: dict[Path, Position]
    ) -> None:
        if self.known is not None:  # a second reading: the head as the first one found it
            head, pos, keys = self.known
        self.doc = doc = _Part(head, pos, keys)
        probe = {**head, "deals": [None]} if isinstance(head, dict) else head
        if not conforms_head(probe):
            doc.data = probe
            self.schema += problems(doc, self.head_schema)
            doc.data = head
        if self.schema:
            return
        found = lookup_profile(doc, head, self.file, self.dirs)
        if isinstance(found, Report):
            self.blocked = found
            return
        profile, variants = found
        self.replayer = Replayer(doc, self.file, profile, variants)
        self.replayer.begin()

    # -- one deal
    def deal(
        self,
        i: int,
        deal: Any,
        pos: dict[Path, Position],
        keys: dict[Path, Position],
        events: Callable[[dict[Path, Position], dict[Path, Position]], None] | None = None,
    ) -> None:
        """Check and replay ``deals[i]``: its places are ``pos`` and ``keys``, or are found
        by ``events`` if asked."""
        assert self.doc is not None
        self.count = i + 1
        if not self.count % COLLECT_EVERY:
            gc.collect(0)
        self.doc.deal, self.doc.deal_keys = pos, keys
        self.doc.events = events
        if not conforms_deal(deal) and len(self.schema) < MAX_PROBLEMS:
            doc = self.doc
            saved, doc.data = doc.data, deal
            try:
                self.schema += problems(doc, self.deal_schema, at=("deals", i))
            finally:
                doc.data = saved
        if not self.schema and self.replayer is not None and self.replayer.going:
            self.replayer.feed(i, deal)
        self.doc.deal, self.doc.deal_keys, self.doc.events = {}, {}, None

    def report(self) -> Report:
        """The report once every deal is read."""
        if self.schema:
            found = sorted(self.schema, key=lambda p: (p.line or 0, p.column or 0, p.message))
            head = self.doc.data if self.doc is not None else None
            pname = head.get("profile") if isinstance(head, dict) else None
            vnames = head.get("variants") if isinstance(head, dict) else None
            vlist = [v for v in vnames if isinstance(v, str)] if isinstance(vnames, list) else []
            errors = [
                Problem(
                    "schema", p.message, deal_of_path(p.path), p.dotted or None, p.line, p.column
                )
                for p in found[:MAX_PROBLEMS]
            ]
            return early_report(self.file, errors, pname if isinstance(pname, str) else None, vlist)
        if self.blocked is not None:
            return self.blocked
        assert self.replayer is not None
        return self.replayer.finish(self.count)


def _split(
    found: dict[Path, Position], keys: dict[Path, Position], i: int
) -> tuple[dict[Path, Position], dict[Path, Position], dict[Path, Position], dict[Path, Position]]:
    """The places of deal ``i`` and the others (the head's)."""
    deal: dict[Path, Position] = {}
    other: dict[Path, Position] = {}
    deal_keys: dict[Path, Position] = {}
    other_keys: dict[Path, Position] = {}
    for source, mine, rest in ((found, deal, other), (keys, deal_keys, other_keys)):
        for path, where in source.items():
            if len(path) >= 2 and path[0] == "deals" and path[1] == i:
                mine[path] = where
            else:
                rest[path] = where
    return deal, other, deal_keys, other_keys


def validate_path(
    path: str | os.PathLike[str],
    dirs: tuple[str | os.PathLike[str], ...] = (),
    progress: Progress | None = None,
    quick_from: int | None = QUICK_FROM,
) -> Report:
    """The report for the record file at ``path``, read deal by deal (in the JSON Lines form
    if its name ends in ``.jsonl``, any case). A YAML file of at least ``quick_from`` bytes
    (None: none) is first read quickly (:mod:`gleek.record.fast`); if that reading has any
    doubt, PyYAML reads the file again from its start, and gives the report."""
    file = str(path)
    fd = open_record(path)
    # As when a text is read whole (gleek.sourcemap), the cyclic collector is kept off: the
    # data built holds no cycles, and run again and again over the new lists and dicts of each
    # deal it would cost a quarter of the time; it runs on the youngest objects every
    # 1,024 deals instead, so that memory stays flat whatever a replay leaves.
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        if file.lower().endswith(".jsonl"):
            return _JsonLines(file, dirs, fd, progress).run()
        quick, told = quick_report(fd, _Validation(file, dirs), progress, quick_from)
        if quick is not None:
            return quick
        if told:  # read again from the start by PyYAML: the bytes told of are not told again
            os.lseek(fd, 0, os.SEEK_SET)
            progress = _told(progress, told)
        first = _Yaml(file, dirs, fd, progress)
        report, late = first.run()
        if not late:
            return report
        # A key of the head after the deals: read again, knowing the whole head.
        os.lseek(fd, 0, os.SEEK_SET)
        again = _Yaml(file, dirs, fd, None)
        again.check.known = late
        return again.run()[0]
    finally:
        os.close(fd)
        if was_enabled:
            gc.enable()


def _told(progress: Progress | None, told: int) -> Progress | None:
    """``progress`` told of the bytes read beyond the first ``told`` only."""
    if progress is None:
        return None
    tell = progress
    left = [told]

    def advance(n: int) -> None:
        skip = min(n, left[0])
        left[0] -= skip
        if n > skip:
            tell(n - skip)

    return advance


_Head = tuple[dict[str, Any], dict[Path, Position], dict[Path, Position]]


class _Yaml:
    """A YAML or JSON record read event by event."""

    def __init__(self, file: str, dirs: Dirs, fd: int, progress: Progress | None) -> None:
        self.file = file
        self.dirs = dirs
        self.source = _Source(fd, progress)
        self.check = _Validation(file, dirs)
        self.builder = EventBuilder(self.source, LOADERS[0], limits=stream_limits)
        self.builder.sink = self._deal
        self.builder.note_depth = 1 << 30
        self.events: list[Any] = []
        self.builder.marks = self.events
        self.source.describe = self._reading
        self.head_pos: dict[Path, Position] = {}
        self.head_keys: dict[Path, Position] = {}
        self.head_anchors: dict[str, Any] | None = None
        self.started: _Head | None = None
        self.count = 0

    def _reading(self) -> tuple[str, tuple[int | None, int | None]]:
        """What is being read, and where it starts (if the parser has reached it)."""
        if self.builder.head is None:
            return _("the record's head (the keys before its deals)"), self.builder.found.get(
                (), (None, None)
            )
        where = self.builder.found.get(("deals", self.count), (None, None))
        return _("deal {n}").format(n=self.count + 1), where

    def _deal(self, deal: Any) -> None:
        b = self.builder
        i = self.count
        pos, other, keys, other_keys = _split(b.found, b.found_keys, i)
        self.head_pos.update(other)
        self.head_keys.update(other_keys)
        b.found, b.found_keys = {}, {}
        if self.head_anchors is None:
            self.head_anchors = dict(b.anchors)
            head = dict(b.head)
            self.started = (head, dict(self.head_pos), dict(self.head_keys))
            self.check.begin(head, self.head_pos, self.head_keys)
        events = self.events

        def find(pos: dict[Path, Position], keys: dict[Path, Position]) -> None:
            _walk(deal, events, ("deals", i), pos, keys)

        self.check.deal(i, deal, pos, keys, find)
        events.clear()
        # The next deal: its own budget of text and its own anchors; the aliases' budget is
        # the document's (a deal of a few bytes cannot expand a large anchor of the head anew).
        self.count = i + 1
        b.anchors = dict(self.head_anchors)
        self.source.start()

    def run(self) -> tuple[Report, _Head | None]:
        try:
            data = self.builder.build()
        except LocatedError as exc:
            return self._stopped(exc), None
        except _Stop:  # (libyaml's parser passes on what the source raises, as PyYAML's does)
            return self._stopped(None), None
        if self.count == 0:  # no deal streamed (none, or deals not a list): the whole record
            if isinstance(data, dict) and self.builder.head is not None:
                data["deals"] = []  # (the list the deals went through, empty)
            self.head_pos.update(self.builder.found)
            self.head_keys.update(self.builder.found_keys)
            doc: Any = _Part(data, self.head_pos, self.head_keys)
            return replay_document(doc, self.file, self.dirs), None
        head = {k: v for k, v in data.items() if k != "deals"}
        assert self.started is not None
        if self.check.known is None and list(head) != list(self.started[0]):
            self.head_pos.update(self.builder.found)
            self.head_keys.update(self.builder.found_keys)
            return early_report(self.file, []), (head, self.head_pos, self.head_keys)
        return self.check.report(), None

    def _stopped(self, exc: LocatedError | None) -> Report:
        """The report of a file that could not be read to its end (the first bad byte or NUL
        in the file wins, as when the text is read whole)."""
        source = self.source
        failure = source.failure
        if failure is not None and failure is not source.nul and exc is None:
            # a deal too long: still, a bad byte anywhere wins
            exc = failure if "UTF-8" in failure.message else source.drain() or failure
        else:
            exc = source.drain() or exc or failure
        assert exc is not None
        return early_report(
            self.file, [Problem(exc.code, exc.message, None, None, exc.line, exc.column)]
        )


# -- JSON Lines


_SLOW: Final = object()


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        raise ValueError("duplicate key")
    return out


def _quick(text: str) -> Any:
    """A deal line read by :mod:`json` (C speed), if it is a deal of the usual shape within every
    limit; else ``_SLOW`` (then :func:`parse_line` reads it, and says what is wrong where)."""
    if "\\u" in text and SURROGATE_HINT.search(text) is not None:  # (the scan only if need be)
        return _SLOW
    try:
        deal = json.loads(text, object_pairs_hook=_pairs)
    except (ValueError, RecursionError):
        return _SLOW
    if not conforms_deal(deal) or not within_limits(deal):
        return _SLOW
    return deal


def _finder(
    text: str, line: int, i: int
) -> Callable[[dict[Path, Position], dict[Path, Position]], None]:
    def find(pos: dict[Path, Position], keys: dict[Path, Position]) -> None:
        parse_line(text, line, ("deals", i), pos, keys, stream_limits)

    return find


def _head_report(file: str, found: Iterable[SchemaProblem]) -> Report:
    """The report of a JSON Lines record stopped at its head line's schema problems."""
    return early_report(
        file, [Problem("schema", p.message, None, None, p.line, p.column) for p in found]
    )


class _JsonLines:
    """A JSON Lines record read line by line."""

    def __init__(self, file: str, dirs: Dirs, fd: int, progress: Progress | None) -> None:
        self.file = file
        self.dirs = dirs
        self.raw = open(fd, "rb", buffering=CHUNK, closefd=False)  # noqa: SIM115 - closed by run
        self.progress = progress
        self.check = _Validation(file, dirs)
        self.offset = 0

    def _lines(self) -> Iterable[tuple[int, str]]:
        """``(number, text)`` of each line, the line break cut off."""
        number = 0
        size = os.fstat(self.raw.fileno()).st_size  # a file that grows is not followed
        while self.offset < size:
            raw = self.raw.readline(MAX_DEAL_BYTES + 1)
            if not raw:  # pragma: no cover - the file was cut short while read
                return
            number += 1
            start = self.offset
            self.offset += len(raw)
            if self.progress is not None:
                self.progress(len(raw))
            text = line_text(raw.removesuffix(b"\n"), number, start)
            yield number, text

    def run(self) -> Report:
        check = self.check
        try:
            lines = iter(self._lines())
            first = next(lines, None)
            if first is None:
                raise LocatedError(
                    _(
                        "the file is empty; a JSON Lines record is a head line, then a line for "
                        "each deal"
                    ),
                    1,
                    1,
                )
            head_pos: dict[Path, Position] = {(): (1, 1)}
            head_keys: dict[Path, Position] = {}
            head = self._parse(first, (), head_pos, head_keys, limits)
            if isinstance(head, dict) and "deals" in head:
                check.schema.append(
                    SchemaProblem(_(HEAD_DEALS), ("deals",), *head_keys[("deals",)])
                )
                head = {k: v for k, v in head.items() if k != "deals"}
            if not isinstance(head, dict):
                doc: Any = _Part(head, head_pos, head_keys)
                return _head_report(self.file, problems(doc, check.head_schema))
            count = 0
            for number, text in lines:
                if count == 0:
                    head_pos[("deals",)] = (number, 1)
                    check.begin(head, head_pos, head_keys)
                pos: dict[Path, Position] = {}
                keys: dict[Path, Position] = {}
                deal = _quick(text)
                if deal is _SLOW:  # anything unusual: read again, each place noted
                    deal = self._parse((number, text), ("deals", count), pos, keys, stream_limits)
                    check.deal(count, deal, pos, keys)
                else:
                    check.deal(count, deal, pos, keys, _finder(text, number, count))
                count += 1
        except LocatedError as exc:
            stop = Problem(exc.code, exc.message, None, None, exc.line, exc.column)
            return early_report(self.file, [stop])
        finally:
            self.raw.close()
        if count == 0 and check.schema:  # the deals were on the head line: say that
            return _head_report(self.file, check.schema)
        if count == 0:  # no deal: the whole record's checks say what is missing
            doc = _Part({**head, "deals": []}, head_pos, head_keys)
            return replay_document(doc, self.file, self.dirs)
        return check.report()

    def _parse(
        self,
        line: tuple[int, str],
        base: Path,
        pos: dict[Path, Position],
        keys: dict[Path, Position],
        shape: Callable[[Path], tuple[int, str] | None],
    ) -> Any:
        number, text = line
        if not text.strip(" \t\r"):
            raise LocatedError(_(BLANK_LINE), number, 1)
        return parse_line(text, number, base, pos, keys, shape)
