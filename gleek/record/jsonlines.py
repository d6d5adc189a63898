"""The JSON Lines form of a record, read strictly: a head line, then a line for each deal, each
line one JSON value. Every reader of a ``.jsonl`` file goes through here: the validator reading
deal by deal (:mod:`gleek.record.stream`) reads each line with :func:`parse_line`, and the
readers of a whole record (:func:`gleek.record.read`, ``gleek show``, ``gleek compare
--record``) check each line with it too before they read the document
(:func:`json_lines_document`). So YAML's flow syntax, an anchor or a byte order mark past the
first line is refused by every reader alike.

May import: the limits, errors, :mod:`gleek.record.shape`, :mod:`gleek.schemacheck` and
:mod:`gleek.sourcemap`; nothing that replays a record.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from json.decoder import scanstring  # type: ignore[attr-defined]
from typing import Any, Final

from gleek import limits as caps
from gleek.errors import RecordError
from gleek.i18n import N_
from gleek.i18n import gettext as _
from gleek.limits import MAX_DEAL_BYTES, MAX_DEPTH
from gleek.record.shape import limits, stream_limits
from gleek.schemacheck import short_repr
from gleek.sourcemap import (
    NUL_IN_FILE,
    LocatedError,
    Path,
    not_utf8,
    number_too_large,
    too_many,
)

__all__ = [
    "BLANK_LINE",
    "HEAD_DEALS",
    "SURROGATE_HINT",
    "check_lines",
    "json_lines_document",
    "parse_line",
]

Position = tuple[int, int]

#: What a blank line in a JSON Lines record is told (read whole or line by line).
BLANK_LINE: Final = N_(
    "a blank line; a JSON Lines record has a head line, then one line for each deal, and no "
    "blank lines"
)


_SPACE: Final = re.compile(r"[ \t\r]*")
_NUMBER: Final = re.compile(r"-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?")
_LITERALS: Final[tuple[tuple[str, object], ...]] = (
    ("true", True),
    ("false", False),
    ("null", None),
)


class _JsonFrame:
    __slots__ = ("count", "is_map", "key", "limit", "path", "value")

    def __init__(self, path: Path, value: Any, is_map: bool, limit: tuple[int, str] | None):
        self.path = path
        self.value = value
        self.is_map = is_map
        self.limit = limit
        self.count = 0
        self.key: str | None = None


def parse_line(
    text: str,
    line: int,
    base: Path,
    pos: dict[Path, Position],
    keys: dict[Path, Position],
    shape: Callable[[Path], tuple[int, str] | None],
) -> Any:
    """The JSON value of one line of a JSON Lines record, standing at ``base`` in the record;
    the place (``line``, character from 1) of every value goes to ``pos``, of every key to
    ``keys``. The record's limits hold (nesting, the size of lists, whole numbers, no key twice);
    anything wrong raises :class:`LocatedError`."""
    n = len(text)
    i = _SPACE.match(text, 0).end()  # type: ignore[union-attr]
    stack: list[_JsonFrame] = []

    def fail(message: str, at: int, code: str = "syntax") -> LocatedError:
        return LocatedError(message, line, at + 1, code)

    while True:
        # A value starts at i.
        top = stack[-1] if stack else None
        if top is None:
            path = base
        else:
            path = (*top.path, top.key if top.is_map else top.count)  # type: ignore[arg-type]
            if top.limit is not None and top.count >= top.limit[0]:
                raise fail(too_many(top.path, top.limit, False), i, "schema")
        pos[path] = (line, i + 1)
        ch = text[i : i + 1]
        value: Any
        if ch in ("{", "["):
            if len(stack) >= MAX_DEPTH:
                raise fail(_("nested more than {n} levels deep").format(n=MAX_DEPTH), i)
            is_map = ch == "{"
            frame = _JsonFrame(path, {} if is_map else [], is_map, shape(path))
            stack.append(frame)
            i = _SPACE.match(text, i + 1).end()  # type: ignore[union-attr]
            if text[i : i + 1] == ("}" if is_map else "]"):
                stack.pop()
                value = frame.value
                i += 1
            elif is_map:
                i = _key(text, i, frame, line, keys, fail)
                continue
            else:
                continue
        elif ch == '"':
            start = i
            try:
                value, i = scanstring(text, i + 1, True)
            except json.JSONDecodeError as exc:
                raise fail(_said(exc), exc.pos) from None
            _no_surrogate(text, start, i, fail)
        else:
            m = _NUMBER.match(text, i)
            if m is not None and m.end() > i:
                number = m.group()
                if len(number) > caps.MAX_NUMBER_TEXT:
                    raise fail(
                        _(
                            "a number written in {n} characters is too long to read (at most "
                            "{most}); a record's numbers are whole numbers"
                        ).format(n=len(number), most=caps.MAX_NUMBER_TEXT)
                        if m.group(1) or m.group(2)
                        else _too_large(number),
                        i,
                        "schema",
                    )
                if m.group(1) or m.group(2):
                    value = float(number)
                else:
                    value = int(number)
                    if not caps.within_int_bounds(value):
                        raise fail(_too_large(number), i, "schema")
                i = m.end()
            else:
                for word, literal in _LITERALS:
                    if text.startswith(word, i):
                        value = literal
                        i += len(word)
                        break
                else:
                    raise fail(_("expected a JSON value"), i)
        # The value is read: put it in its place, then what follows it.
        while True:
            i = _SPACE.match(text, i).end()  # type: ignore[union-attr]
            if not stack:
                if i < n:
                    raise fail(_("extra text after the JSON value (one value a line)"), i)
                return value
            top = stack[-1]
            if top.is_map:
                top.value[top.key] = value
            else:
                top.value.append(value)
            top.count += 1
            ch = text[i : i + 1]
            if ch == ",":
                i = _SPACE.match(text, i + 1).end()  # type: ignore[union-attr]
                if top.is_map:
                    i = _key(text, i, top, line, keys, fail)
                break
            if ch == ("}" if top.is_map else "]"):
                stack.pop()
                value = top.value
                i += 1
                continue
            raise fail(_("expected ',' or '}'") if top.is_map else _("expected ',' or ']'"), i)


def _key(
    text: str,
    i: int,
    frame: _JsonFrame,
    line: int,
    keys: dict[Path, Position],
    fail: Callable[..., LocatedError],
) -> int:
    """Read a key at ``i`` and the colon after it; where the value starts."""
    if text[i : i + 1] != '"':
        raise fail(_("expected a key in double quotes"), i)
    if frame.limit is not None and frame.count >= frame.limit[0]:
        raise fail(too_many(frame.path, frame.limit, True), i, "schema")
    try:
        key, end = scanstring(text, i + 1, True)
    except json.JSONDecodeError as exc:
        raise fail(_said(exc), exc.pos) from None
    _no_surrogate(text, i, end, fail)
    if key in frame.value:
        raise fail(_("duplicate key {key}").format(key=short_repr(key)), i)
    keys[(*frame.path, key)] = (line, i + 1)
    frame.key = key
    end = _SPACE.match(text, end).end()  # type: ignore[union-attr]
    if text[end : end + 1] != ":":
        raise fail(_("expected ':' after a key"), end)
    return _SPACE.match(text, end + 1).end()  # type: ignore[union-attr]


def _said(exc: json.JSONDecodeError) -> str:
    """:mod:`json`'s message, said whole (its own ends in "at", the place being the error's)."""
    msg = exc.msg.lower()
    if msg.startswith("unterminated string"):
        return _("a string with no closing quote on its line")
    if msg.startswith("invalid control character"):
        return _("a control character in a string (JSON writes it as an escape, such as \\t)")
    msg = msg.removesuffix(" at")
    return _(msg) if msg in _JSON_WORDS else msg


#: :mod:`json`'s own words for what is wrong, lowered, translated where they are said.
_JSON_WORDS: Final = frozenset(
    (
        N_("expecting value"),
        N_("expecting property name enclosed in double quotes"),
        N_("expecting ',' delimiter"),
        N_("expecting ':' delimiter"),
        N_("extra data"),
        N_("invalid \\escape"),
        N_("invalid \\uxxxx escape"),
    )
)


#: a ``\uD800``..``\uDFFF`` escape, perhaps (``\\uD800`` is a backslash and text: see
#: :func:`_no_surrogate`)
SURROGATE_HINT: Final = re.compile(r"\\u[dD][89a-fA-F]")
#: an escape in a JSON string: ``\`` and the character after it, or ``\uXXXX``
_ESCAPE: Final = re.compile(r"\\(?:u([0-9a-fA-F]{4})|.)")


def _no_surrogate(text: str, start: int, end: int, fail: Callable[..., LocatedError]) -> None:
    """Refuse an escape of half a UTF-16 surrogate pair in the string ``text[start:end]``, as
    the YAML reading refuses it (libyaml reads no ``\\uD800``..``\\uDFFF`` escape, not even
    a pair's): so a record says the same in either form, and no name holds a lone
    surrogate."""
    if SURROGATE_HINT.search(text, start, end) is None:
        return
    for m in _ESCAPE.finditer(text, start, end):
        code = m.group(1)
        if code is not None and 0xD800 <= int(code, 16) <= 0xDFFF:
            raise fail(
                _(
                    "the escape {escape} is half of a UTF-16 surrogate pair, which a record "
                    "may not hold; write the character itself"
                ).format(escape=f"\\u{code}"),
                m.start(),
            )


def _too_large(number: str) -> str:
    digits = sum(ch.isdigit() for ch in number)
    return number_too_large(digits if digits > caps.MAX_DIGITS else 0)


def line_text(raw: bytes, number: int, offset: int) -> str:
    """The text of line ``number`` of a JSON Lines record (``raw``, its bytes without the line
    break, starting at byte ``offset`` of the file): at most
    :data:`~gleek.limits.MAX_DEAL_BYTES`, UTF-8, no NUL; a byte order mark opening the first
    line is dropped. Anything wrong raises :class:`~gleek.sourcemap.LocatedError`."""
    if len(raw) > MAX_DEAL_BYTES:
        mib = f"{MAX_DEAL_BYTES / (1024 * 1024):g} MiB"
        said = (
            _(
                "the head line is longer than {size}; a record is read deal by deal, each at "
                "most {size}"
            )
            if number == 1
            else _(
                "deal {n} is longer than {size}; a record is read deal by deal, each at most {size}"
            )
        )
        raise LocatedError(
            said.format(n=number - 1, size=mib),
            number,
            1,
            "schema",
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        message, good = not_utf8(raw, exc.start, offset)
        raise LocatedError(message, number, len(good) + 1) from None
    if number == 1 and text.startswith("\ufeff"):
        text = text[1:]  # a byte order mark, which JSON lets a reader skip (as YAML does)
    nul = text.find("\x00")
    if nul >= 0:
        raise LocatedError(_(NUL_IN_FILE), number, nul + 1)
    return text


def check_lines(data: bytes) -> None:
    """Read each line of a JSON Lines record as the validator reads it line by line (UTF-8, no
    NUL, no blank line, no line past :data:`~gleek.limits.MAX_DEAL_BYTES`, one strict JSON
    value a line within the record's limits, no ``deals`` key in the head line), raising
    :class:`~gleek.sourcemap.LocatedError` at the first thing wrong. A byte order mark may
    open the first line only."""
    lines = data.split(b"\n")
    if lines[-1] == b"":
        lines.pop()
    offset = 0
    for k, raw in enumerate(lines):
        number = k + 1
        text = line_text(raw, number, offset)
        offset += len(raw) + 1
        if not text.strip(" \t\r"):
            raise LocatedError(_(BLANK_LINE), number, 1)
        keys: dict[Path, Position] = {}
        if k == 0:
            head = parse_line(text, number, (), {}, keys, limits)
            if isinstance(head, dict) and "deals" in head:
                raise LocatedError(_(HEAD_DEALS), *keys[("deals",)], "schema")
        else:
            parse_line(text, number, ("deals", k - 1), {}, keys, stream_limits)


#: What a head line with the deals in it is told.
HEAD_DEALS: Final = N_(
    "the head line has a key 'deals'; in JSON Lines each deal is a line of its own, after the "
    "head line"
)


def json_lines_document(data: bytes, where: str = "<string>") -> bytes:
    """The JSON document of a record in the JSON Lines form (a head line, then a line for each
    deal), line for line and column for column, once every line is read as :func:`check_lines`
    reads it: the head line's closing brace becomes ``, "deals": [``, each deal line but the
    last ends in a comma, and the last in ``]}``. So a record read into objects
    (:func:`~gleek.record.read`, :func:`~gleek.record.read.load`) is read by the one loader,
    every place it names is the place in the file, and what the validator refuses it refuses.

    >>> json_lines_document(b'{"format": "gleek-record/1"}\\n{"dealer": "Anna"}\\n{}\\n')
    b'{"format": "gleek-record/1", "deals": [\\n{"dealer": "Anna"},\\n{}]}'
    >>> json_lines_document(b'{"format": "gleek-record/1"}\\n{dealer: Anna}\\n')
    Traceback (most recent call last):
    gleek.errors.RecordError: <string>:2:2: expected a key in double quotes
    """
    if not data.strip():
        return data  # the loader says the file is empty
    try:
        check_lines(data)
    except LocatedError as exc:
        raise RecordError(
            exc.message, file=where, line=exc.line, column=exc.column, code=exc.code
        ) from None
    lines = data.split(b"\n")
    if lines[-1] == b"":
        lines.pop()  # the last line's break
    out = []
    for k, line in enumerate(lines):
        body = line.rstrip(b" \t\r")
        if k == 0:
            if not body.endswith(b"}"):
                return data  # not a head: the loader says what it is
            body = body[:-1]
            body += b'"deals": [' if body.rstrip(b" \t").endswith(b"{") else b', "deals": ['
            if len(lines) == 1:
                body += b"]}"
        else:
            body += b"]}" if k == len(lines) - 1 else b","
        out.append(body)
    return b"\n".join(out)
