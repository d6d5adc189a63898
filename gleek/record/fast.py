"""A quick first reading of a YAML record in its usual shape, by yaml-rs (a YAML parser
written in Rust) when it is installed (``pip install "gleek[fast]"``). PyYAML's reading
(:mod:`gleek.record.stream`) gives the report of every other record, and of any record this
reading has the least doubt about.

The usual shape is what :func:`gleek.record.dump` writes: a head of one-line keys, a line
``deals:``, then each deal an item of that list at the left margin, nothing after the deals.
yaml-rs reads each deal's text, and the deal is then checked and replayed as one PyYAML read.

yaml-rs reads YAML 1.2 and PyYAML 1.1, and the two differ: ``012``, ``0x1F``, ``1_000``, ``yes``
and dates, say, are read differently. So what yaml-rs reads is not trusted. The deal it read
is written again in the usual shape by :func:`usual_text`: block and flow collections as PyYAML
writes them, every value plain, each one a whole number or a text that PyYAML reads back as
the same text. The reading goes on only if that is the deal's text, character for character.
A text in that shape is read by PyYAML as the deal it was written from, whatever yaml-rs made
of it.

The reading gives up, and PyYAML reads the record from its start, at the first of:

- a character the usual shape has no use for (a tab, a carriage return, a line or paragraph
  separator, a quote, a backslash, a comment, an anchor, alias or tag, a block scalar;
  anything PyYAML would not print), or text that is not UTF-8;
- a head that is not a block mapping of one-line keys, or anything after the deals;
- a deal, or the head, longer than :data:`MAX_QUICK` of text, or nested deeper than a deal
  (such text is never handed to yaml-rs);
- a deal whose text is not its usual text;
- a list longer than :func:`gleek.record.shape.limits` allows, a whole number past 30 digits
  (:func:`gleek.record.shape.within_limits`);
- any error or warning of the checks or the replay, but a warning that the number of deals is
  not a multiple of three (placed at the list of deals, as PyYAML places it). Only a valid
  record's report comes from here: where its problems stand in the file is for PyYAML to find.
"""

from __future__ import annotations

import codecs
import importlib
import os
import re
from collections.abc import Callable
from typing import Any, Final, cast

import yaml

from gleek._files import read_chunk
from gleek.record.replay import Replayer
from gleek.record.report import Report
from gleek.record.shape import limits, within_limits
from gleek.sourcemap import LocatedError, load_located
from gleek.stages.rules import make_room

__all__ = ["MAX_OPEN", "MAX_QUICK", "QUICK_FROM", "available", "quick_report", "usual_text"]

#: A record file of at least this many bytes is read quickly, if it can be (a smaller one
#: gains little, and reads no faster than PyYAML).
QUICK_FROM: Final = 256 * 1024

#: The most text of one deal, or of the head, that the quick reading takes (a deal of the
#: usual shape is about 1.2 KB); a longer one is read by PyYAML.
MAX_QUICK: Final = 64 * 1024

#: A character the usual shape has no use for (or one PyYAML would refuse to read, or read as
#: a line break): one class, the line break, the printable ASCII characters but
#: ``&*!|>%@`"'#?\``, and the rest of what PyYAML prints but the byte order mark and the
#: line and paragraph separators (U+2028, U+2029).
_ODD: Final = re.compile(
    "[^\n"
    + re.escape("".join(c for c in map(chr, range(0x20, 0x7F)) if c not in "&*!|>%@`\"'#?\\"))
    + "\u00a0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd\U00010000-\U0010ffff]"
)
#: Text nested deeper than a deal in the usual shape: a line indented more than 16 spaces, or
#: three list items opened on one line (with :data:`MAX_OPEN`, never handed to the parser).
_DEEP: Final = re.compile(r"\n {17}|-  *-  *- ")
#: The most flow collections a deal's text may open (a deal in the usual shape opens about 60).
MAX_OPEN: Final = 256
#: A line of the head in the usual shape: a plain key, then its value on the same line.
_HEAD_LINE: Final = re.compile(r"[^\W_][\w.-]*:(?: .*)?")
#: A text value written plain in a deal: words of letters, digits, ``_``, ``.`` and ``-``, each
#: beginning with a letter or a digit, one space between words (no indicator, no ``: ``).
_WORD: Final = re.compile(r"[^\W_][\w.-]*(?: [^\W_][\w.-]*)*")


class _Doubt(Exception):
    """The quick reading gives up: the record is read by PyYAML."""


def _parser() -> Any:
    """yaml-rs, if it is installed (``pip install "gleek[fast]"``), else None."""
    try:
        return importlib.import_module("yaml_rs")
    except Exception:  # (not installed, or an install that cannot load: PyYAML reads)
        return None


def available() -> bool:
    """Whether yaml-rs is installed, so that a record in the usual shape is read quickly."""
    return _parser() is not None


_RESOLVER: Final = yaml.resolver.Resolver()
_STR_TAG: Final = "tag:yaml.org,2002:str"


#: A value (a text, a whole number) -> how the usual shape writes it plain, where PyYAML reads
#: it back as this same value. (A boolean or a float, equal to some whole number, is never
#: looked up here: the reading gives up on it first.) Kept within _TEXT_BUDGET by make_room.
_TEXT: dict[object, str] = {}
_TEXT_BUDGET: Final = 4096


def _learn(value: Any) -> str:
    """How the usual shape writes ``value`` plain (:data:`_TEXT`); the reading gives up on a
    value it does not write plain, or that PyYAML would read as something else."""
    if type(value) is int:
        text = str(value)  # (past the limits: refused by within_limits once the deal is checked)
    elif type(value) is str and _WORD.fullmatch(value) is not None:
        tag = _RESOLVER.resolve(yaml.ScalarNode, value, (True, False))  # type: ignore[no-untyped-call]
        if tag != _STR_TAG:
            raise _Doubt
        text = value
    else:
        raise _Doubt  # (a float, a boolean, null, a text with an indicator: no valid deal's)
    if len(text) <= 64:  # (a card, a word, a name, a number: never a long text)
        make_room(_TEXT, _TEXT_BUDGET)
        _TEXT[value] = text
    return text


def _flow(value: Any) -> str | None:
    """A list or mapping of plain values in flow style; None if it holds a list or mapping."""
    t = _TEXT
    if type(value) is dict:
        parts = []
        for k, v in value.items():
            if type(v) is list or type(v) is dict:
                return None
            if type(v) is bool or type(v) is float or type(k) is not str:
                raise _Doubt  # (equal to a number learnt: never looked up; a key is a text)
            parts.append(f"{t.get(k) or _learn(k)}: {t.get(v) or _learn(v)}")
        return "{" + ", ".join(parts) + "}"
    items = []
    for v in value:
        if type(v) is list or type(v) is dict:
            return None
        if type(v) is bool or type(v) is float:
            raise _Doubt
        items.append(t.get(v) or _learn(v))
    return "[" + ", ".join(items) + "]"


def _mapping(value: dict[str, Any], indent: int, first: str, out: list[str]) -> None:
    """The block mapping ``value`` written at ``indent``, its first line beginning with
    ``first``, as PyYAML writes it (``default_flow_style=None``): a list or mapping of plain
    values in flow style on its key's line, any other below it (a list at its key's indent)."""
    pad = " " * indent
    t = _TEXT
    for k, v in value.items():
        if type(k) is not str:
            raise _Doubt  # (a key is a text)
        key = first + (t.get(k) or _learn(k)) + ":"
        first = pad
        if type(v) is list or type(v) is dict:
            flow = _flow(v)
            if flow is not None:
                out.append(key + " " + flow)
            elif type(v) is list:
                out.append(key)
                _sequence(v, indent, pad, out)
            else:
                out.append(key)
                _mapping(cast(dict[str, Any], v), indent + 2, " " * (indent + 2), out)
        elif type(v) is bool or type(v) is float:
            raise _Doubt
        else:
            out.append(key + " " + (t.get(v) or _learn(v)))


def _sequence(value: list[Any], indent: int, first: str, out: list[str]) -> None:
    """The block list ``value`` written at ``indent``, its first item's line beginning with
    ``first`` (then ``- ``), as PyYAML writes it."""
    pad = " " * indent + "- "
    start = first + "- "
    t = _TEXT
    for v in value:
        if type(v) is dict and len(v) == 1:  # (a call, a word, a card played: most lines)
            ((k, x),) = v.items()
            if type(k) is str and (type(x) is str or type(x) is int):
                out.append(f"{start}{{{t.get(k) or _learn(k)}: {t.get(x) or _learn(x)}}}")
                start = pad
                continue
        if type(v) is list or type(v) is dict:
            flow = _flow(v)
            if flow is not None:
                out.append(start + flow)
            elif type(v) is list:
                _sequence(v, indent + 2, start, out)
            else:
                _mapping(cast(dict[str, Any], v), indent + 2, start, out)
        elif type(v) is bool or type(v) is float:
            raise _Doubt
        else:
            out.append(start + (t.get(v) or _learn(v)))
        start = pad


def usual_text(deal: dict[str, Any]) -> str:
    """A deal as the usual shape writes it, an item of the list of deals (PyYAML's writing with
    ``default_flow_style=None``, no line too long to fit); the reading gives up
    (:class:`_Doubt`) on a value it does not write plain."""
    out: list[str] = []
    _mapping(deal, 2, "- ", out)
    out.append("")
    return "\n".join(out)


class _Reader:
    """The record's text, read a chunk at a time and decoded, handed out deal by deal."""

    def __init__(self, fd: int, progress: Callable[[int], None] | None) -> None:
        self.fd = fd
        self.progress = progress
        self.size = os.fstat(fd).st_size
        self.offset = 0  # bytes read
        self.decoder = codecs.getincrementaldecoder("utf-8")()
        self.text = ""  # text read, of which ``text[at:]`` is not handed out yet
        self.at = 0
        self.eof = False

    def _fill(self) -> bool:
        if self.eof:
            return False
        data = read_chunk(self.fd, self.offset, self.size, self.progress)
        self.offset += len(data)
        try:
            text = self.decoder.decode(data, final=not data)
        except UnicodeDecodeError:
            raise _Doubt from None
        if _ODD.search(text):
            raise _Doubt
        self.eof = not data
        self.text = self.text[self.at :] + text
        self.at = 0
        return True

    def until(self, start: str) -> str | None:
        """The text up to the next line that begins with ``start`` (that line left to read),
        or to the end; None at the end."""
        look = self.at
        while True:
            cut = self.text.find("\n" + start, look)
            if cut >= 0:
                out = self.text[self.at : cut + 1]
                self.at = cut + 1
                return out
            if len(self.text) - self.at > MAX_QUICK:
                raise _Doubt
            look = max(self.at, len(self.text) - len(start))
            cut_at = self.at
            if not self._fill():
                out = self.text[self.at :]
                self.text, self.at = "", 0
                return out or None
            look -= cut_at  # (the fill dropped the text before ``at``)

    def skip(self, prefix: str) -> bool:
        """Whether the text left begins with ``prefix``; if so, past it."""
        if not self.text.startswith(prefix, self.at):
            return False
        self.at += len(prefix)
        return True


def quick_report(
    fd: int, check: Any, progress: Callable[[int], None] | None, quick_from: int | None = QUICK_FROM
) -> tuple[Report | None, int]:
    """The report of the YAML record open at ``fd`` if it is valid and in the usual shape, read
    by yaml-rs (its deals handed to ``check``, the caller's fresh
    :class:`gleek.record.stream` validation); else None, and the record is to be read by
    PyYAML. Also how many bytes were read (and told to ``progress``). A file of fewer than
    ``quick_from`` bytes is left to PyYAML at once (None: every file), as is every file when
    yaml-rs is not installed."""
    parser = _parser()
    size = os.fstat(fd).st_size
    if parser is None or quick_from is None or size < quick_from:
        return None, 0
    reader = _Reader(fd, progress)
    try:
        report = _read(parser, reader, check)
    except (_Doubt, LocatedError, ValueError, TypeError, MemoryError, RecursionError):
        report = None  # (yaml-rs's YAMLDecodeError is a ValueError)
    except BaseException as exc:  # pragma: no cover - a panic in yaml-rs (PanicException)
        if type(exc).__name__ != "PanicException":
            raise
        report = None
    return report, reader.offset


def _doubt(pos: Any, keys: Any) -> None:
    """A deal's places are asked for (a problem): PyYAML reads the record."""
    raise _Doubt


def _clean(check: Any) -> bool:
    """Whether the checks and the replay have found nothing so far."""
    if check.schema or check.blocked is not None:
        return False
    r: Replayer | None = check.replayer
    return r is not None and not r.errors and not r.head and not r.all_warnings and r.going


def _read(parser: Any, reader: _Reader, check: Any) -> Report | None:
    head_text = reader.until("deals:\n")
    if head_text is None or len(head_text) > MAX_QUICK or not reader.skip("deals:\n"):
        raise _Doubt
    for line in head_text.split("\n"):
        if line and _HEAD_LINE.fullmatch(line) is None:
            raise _Doubt  # (a head of one-line keys, a block mapping)
    doc = load_located(head_text, check.file, limits=limits)
    head = doc.data
    if type(head) is not dict or "deals" in head:
        raise _Doubt
    # where PyYAML places the list of deals (its first item, the line after "deals:"), for a
    # warning on their number
    below = head_text.count("\n") + 2
    check.begin(head, {(): (1, 1), ("deals",): (below, 1)}, {("deals",): (below - 1, 1)})
    if not _clean(check):
        raise _Doubt
    i = 0
    while True:
        text = reader.until("- ")
        if text is None:
            break
        if not text.startswith("- ") or len(text) > MAX_QUICK:
            raise _Doubt  # (a key after the deals, or anything but a deal)
        if text.count("[") + text.count("{") > MAX_OPEN or _DEEP.search(text):
            raise _Doubt  # (nested deeper than any deal: not handed to the parser)
        data = parser.loads(text, parse_datetime=False)
        if type(data) is not list or len(data) != 1:
            raise _Doubt
        deal = data[0]
        if type(deal) is not dict or usual_text(deal) != text.rstrip("\n") + "\n":
            raise _Doubt  # (not the text the usual shape writes for what yaml-rs read)
        check.deal(i, deal, {}, {}, _doubt)
        if not _clean(check):  # pragma: no cover - (a problem asks for its place first)
            raise _Doubt
        if not within_limits(deal):  # (checked once the deal is known to be of the usual shape)
            raise _Doubt
        i += 1
    if i == 0:
        raise _Doubt
    report: Report = check.report()
    if report.errors or not report.valid or any(w.code != "deal-count" for w in report.warnings):
        raise _Doubt  # pragma: no cover - (the checks after each deal stop first)
    return report
