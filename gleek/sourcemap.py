"""Safe YAML/JSON loading that can say where every node stands in the file.

Profiles and records both need errors that point at the offending node, so both are read here.
The document is read as a stream of parser events (with libyaml's C parser when PyYAML has it,
else the pure-Python one; both give the same lines and columns) and built into plain Python values
without keeping the parser's node tree, so memory stays near the size of the data. Where a path
stands (line and column, counted from 1) is found again from the text when asked, for many paths
in one pass: errors are rare, records can be large.

>>> doc = load_located("a: 1\\nb: [x, {c: true}]\\n", "demo.yaml")
>>> doc.data
{'a': 1, 'b': ['x', {'c': True}]}
>>> doc.position(("b", 1, "c"))
(2, 12)
>>> doc.key_position(("b",))
(2, 1)
"""

from __future__ import annotations

import gc
import re
import sys
from collections.abc import Callable, Hashable, Iterable
from typing import Any, Final, Protocol, TypeAlias

import yaml

from gleek import limits
from gleek._files import check_sized
from gleek.i18n import N_
from gleek.i18n import gettext as _
from gleek.limits import MAX_ALIAS_NODES, MAX_BYTES, MAX_DEPTH

__all__ = [
    "MAX_BYTES",
    "NUL_IN_FILE",
    "Located",
    "LocatedError",
    "Path",
    "Places",
    "TextSource",
    "format_path",
    "key_part",
    "load_located",
    "not_utf8",
    "read_limited",
]

Path: TypeAlias = tuple[str | int, ...]
Position: TypeAlias = tuple[int, int]
#: For a path, how many items its list or mapping may have before the shape is impossible.
Limits: TypeAlias = Callable[[Path], "tuple[int, str] | None"]

#: The loaders tried, fastest first: libyaml's C parser keeps line and column on its events too.
#: (Not ``Final``: a compiled module builds its ``Final`` names in, and the tests put the pure
#: parser first, through the module's name, to compare the two.)
LOADERS: tuple[Any, ...] = tuple(
    x for x in (getattr(yaml, "CSafeLoader", None), yaml.SafeLoader) if x is not None
)


class Places(Protocol):
    """What a report needs of a loaded document: its data and where each node stands.
    :class:`Located` is one; a record read deal by deal has its own (``gleek.record.stream``).
    (A protocol, not a base class: the compiled build checks a base class's instances at every
    call, and takes a protocol as any object.)"""

    data: Any

    def locate(self, paths: Iterable[Path]) -> None:
        """Find the places of ``paths`` (and their ancestors) in one pass, if not known."""

    def position(self, path: Path) -> Position | None:
        """Line and column of the value at ``path``, or of its nearest ancestor that exists."""

    def key_position(self, path: Path) -> Position | None:
        """Line and column of the mapping key that names ``path`` (else of the value)."""


class TextSource(Protocol):
    """A text read a chunk at a time, as PyYAML reads a file (``gleek.record.stream``)."""

    name: str

    def read(self, size: int) -> str:
        """At most ``size`` characters, "" at the end."""

    def line(self, number: int) -> str:
        """The line ``number`` (from 0), if it is at hand, else ""."""


_STR: Final = "tag:yaml.org,2002:str"
_INT: Final = "tag:yaml.org,2002:int"
_SEQ: Final = "tag:yaml.org,2002:seq"
_MAP: Final = "tag:yaml.org,2002:map"
_MERGE: Final = "tag:yaml.org,2002:merge"
#: The tags a plain value may have: PyYAML's constructors of the others build collections.
_SCALAR_TAGS: Final = frozenset(
    f"tag:yaml.org,2002:{kind}" for kind in ("null", "bool", "int", "float", "binary", "timestamp")
)


class LocatedError(Exception):
    """Raised by :func:`load_located`; the caller wraps it in its own error class."""

    def __init__(
        self, message: str, line: int | None, column: int | None, code: str = "syntax"
    ) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column
        self.code = code


def read_limited(path: str, limit: int = MAX_BYTES) -> bytes:
    """The bytes of the regular file at ``path``, refusing anything else before reading it.

    Devices, FIFOs and folders are refused without a blocking read; a file larger than
    ``limit`` is refused from its size, and at most ``limit + 1`` bytes are ever read (a file
    that grows while read is refused too). Raises :class:`OSError` or :class:`ValueError`
    (the message says why).
    """
    import os
    import stat

    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise ValueError(_("is a folder, not a file"))
        if not stat.S_ISREG(info.st_mode):
            raise ValueError(_("is not a regular file (a device, pipe or socket); refused"))
        if info.st_size > limit:
            raise ValueError(too_large(limit))
        check_sized(fd, info.st_size)
        chunks: list[bytes] = []
        got = 0
        while got <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
        if got > limit:
            raise ValueError(too_large(limit))
        return b"".join(chunks)
    finally:
        os.close(fd)


def _mib(n: int) -> str:
    return f"{n / (1024 * 1024):g} MiB"


def too_large(limit: int) -> str:
    """What is said of a file larger than ``limit`` bytes, which is refused."""
    return _("file is larger than {size}; refused").format(size=_mib(limit))


class Located:
    """A loaded document; the position of each node is looked up by path (from the text)."""

    __slots__ = ("_cache", "_keys", "_loader", "_text", "data")

    def __init__(self, data: Any, text: str | None = None, loader: Any = None) -> None:
        self.data = data
        self._text = text
        self._loader = loader or LOADERS[0]
        self._cache: dict[Path, Position | None] = {}
        self._keys: dict[Path, Position | None] = {}

    def locate(self, paths: Iterable[Path]) -> None:
        """Find the values and keys at ``paths`` (and their ancestors) in one pass."""
        wanted: set[Path] = set()
        for path in paths:
            for cut in range(len(path) + 1):
                if path[:cut] not in self._cache:
                    wanted.add(path[:cut])
            if path not in self._keys:
                wanted.add(path)
        if not wanted:
            return
        if self._text is None:
            for p in wanted:
                self._cache.setdefault(p, None)
                self._keys.setdefault(p, None)
            return
        found, keys = _Builder(self._text, self._loader, wanted=wanted).positions()
        for p in wanted:
            self._cache.setdefault(p, found.get(p))
            self._keys.setdefault(p, keys.get(p))

    def position(self, path: Path) -> Position | None:
        """Line and column of the value at ``path``, or of its nearest ancestor that exists."""
        self.locate((path,))
        for cut in range(len(path), -1, -1):
            found = self._cache.get(path[:cut])
            if found is not None:
                return found
        return None

    def key_position(self, path: Path) -> Position | None:
        """Line and column of the mapping key that names ``path`` (else of the value)."""
        self.locate((path,))
        return self._keys.get(path) or self.position(path)


def key_part(key: object) -> str | int:
    """A mapping's key as a part of a :data:`Path`: a string or a whole number as it is, any
    other key (a float, a date, ``!!binary`` bytes, None...) as its text. Every path into a
    loaded document is written so, whatever its keys are."""
    return key if isinstance(key, int | str) else str(key)


def format_path(path: Path) -> str:
    """``('deals', 0, 'tricks', 4, 1)`` -> ``deals[0].tricks[4][1]``."""
    out = ""
    for part in path:
        if isinstance(part, bool):  # a YAML 1.1 key such as No, read as a boolean
            part = str(part).lower()
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def place_in(text: str, at: int) -> tuple[int, int]:
    """The line and column (from 1, in characters) of ``text[at]``.

    >>> place_in("ab\\ncd", 4)
    (2, 2)
    """
    return text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1


def not_utf8(raw: bytes, at: int, start: int = 0) -> tuple[str, str]:
    """What is said of ``raw[at]``, a byte that is not UTF-8 (``raw`` is the file's from its byte
    ``start``), and the text before it, all good up to there, which places the error.

    >>> not_utf8(b"ab\\ncd\\xff", 5, start=10)
    ('not UTF-8 text (byte 15 is 0xff)', 'ab\\ncd')
    """
    said = _("not UTF-8 text (byte {at} is {byte})").format(at=start + at, byte=f"{raw[at]:#04x}")
    return said, raw[:at].decode("utf-8")


#: What is said of a file that holds a NUL character (placed where the first one stands).
#: (a message: translated where it is said)
NUL_IN_FILE: Final = N_("the file holds a NUL character")


def load_located(
    text: str | bytes,
    name: str = "<string>",
    *,
    limits: Limits | None = None,
    loader: Any = None,
    quote: bool = True,
) -> Located:
    """Parse ``text`` safely; raise :class:`LocatedError` (code ``syntax``) on anything wrong.

    ``limits(path)`` may give the most items the list or mapping at ``path`` can have and why;
    a longer one is refused (code ``schema``) as soon as it is met, before it is built.
    ``loader`` picks a PyYAML loader class (default: the C one if present). With ``quote``
    False, no message quotes the text (a duplicate key is not named).
    """
    if len(text) > MAX_BYTES:
        raise LocatedError(too_large(MAX_BYTES), None, None)
    if isinstance(text, bytes):
        raw = text
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            message, good = not_utf8(raw, exc.start)
            raise LocatedError(message, *place_in(good, len(good))) from None
    if "\x00" in text:
        raise LocatedError(_(NUL_IN_FILE), *place_in(text, text.index("\x00")))
    cls = loader or LOADERS[0]
    builder = _Builder(text, cls, limits=limits)
    builder.quote = quote
    # The data built holds no cycles: the cyclic collector, run again and again over a growing
    # heap of new lists and dicts, would cost more than the building itself.
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        data = builder.build()
    finally:
        if was_enabled:
            gc.enable()
    doc = Located(data, text, cls)
    doc._cache.update(builder.found)
    doc._keys.update(builder.found_keys)
    return doc


class _Frame:
    __slots__ = (
        "count",
        "is_map",
        "key",
        "key_mark",
        "limit",
        "note",
        "path",
        "value",
        "value_key",
    )

    def __init__(
        self, path: Path, value: Any, is_map: bool, limit: tuple[int, str] | None, depth: int = 1
    ):
        self.path = path
        self.value = value
        self.is_map = is_map
        self.count = 0
        self.key: Any = _NO_KEY
        self.key_mark: Position = (0, 0)
        self.limit = limit
        self.value_key: Any = None
        #: While building, note where the items of the top two levels stand (cheap, often asked);
        #: a record read deal by deal notes every level (``depth``).
        self.note = value is not None and len(path) <= depth


_NO_KEY: Final = object()

#: How deep below the root a list or mapping may have a limit on its items (``deals[i].hands.A``
#: is the deepest a record has): an alias's expansion is checked to this depth.
_LIMITED_DEPTH: Final = 4


class _Sink:
    """The ``deals`` list of a record read deal by deal: each deal goes on as it is built."""

    __slots__ = ("append",)

    def __init__(self, sink: Callable[[Any], None]) -> None:
        self.append = sink


def _pos(event: Any) -> Position:
    mark = event.start_mark
    return (mark.line + 1, mark.column + 1)


class _Builder:
    """Builds the data from parser events; or, given ``wanted`` paths, finds where they are."""

    def __init__(
        self,
        text: str | TextSource,
        loader_cls: Any,
        *,
        limits: Limits | None = None,
        wanted: set[Path] | None = None,
    ) -> None:
        try:
            self.loader = loader_cls(text)
        except UnicodeEncodeError as exc:  # a str from a caller, holding a lone surrogate
            raise LocatedError(
                _("not UTF-8 text (character {at} is a lone surrogate, {code})").format(
                    at=exc.start, code=f"U+{ord(exc.object[exc.start]):04X}"
                ),
                None,
                None,
            ) from None
        except yaml.reader.ReaderError as exc:  # the pure parser checks the text at once
            raise _reader_error(exc, text) from None
        self.text = text
        self.limits = limits
        self.wanted = wanted
        self.found: dict[Path, Position] = {}
        self.found_keys: dict[Path, Position] = {}
        self.anchors: dict[str, tuple[Any, int]] = {}
        self.alias_nodes = 0
        self.cache: dict[str, Any] = {}  # plain scalars already read (immutable values only)
        self.quote = True  # False: no message quotes the text
        #: Read deal by deal (gleek.record.stream): each item of the top-level ``deals`` list is
        #: handed to ``sink`` when built, never kept; every node's place is noted.
        self.sink: Callable[[Any], None] | None = None
        self.head: Any = None
        self.note_depth = 1
        #: Read deal by deal: every node's event of the current deal, in order (its places are
        #: found from them only if asked: see gleek.record.stream).
        self.marks: list[Any] | None = None

    def positions(self) -> tuple[dict[Path, Position], dict[Path, Position]]:
        self.build()
        return self.found, self.found_keys

    def build(self) -> Any:
        try:
            try:
                return self._run()
            finally:
                self.loader.dispose()
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            problem = _yaml_words(exc.problem or N_("not valid YAML or JSON"))
            context = ""
            if exc.context:
                cm = exc.context_mark
                at = (
                    ""
                    if cm is None or cm is mark
                    else _(" at line {line}, column {column}").format(
                        line=cm.line + 1, column=cm.column + 1
                    )
                )
                context = f" ({_yaml_words(exc.context)}{at})"
            line = self._line(mark.line) if mark else ""
            if "\t" in line[: len(line) - len(line.lstrip())]:
                problem = _("a tab indents this line: YAML indents with spaces only")
                context = ""
            if not self.quote:  # no word of the text: a tag handle, an anchor, a token
                problem, context = _unquoted(problem), _unquoted(context)
            raise LocatedError(
                f"{problem}{context}",
                mark.line + 1 if mark else None,
                mark.column + 1 if mark else None,
            ) from None
        except yaml.reader.ReaderError as exc:
            raise _reader_error(exc, self.text) from None
        except yaml.YAMLError as exc:
            said = _("not valid YAML or JSON: {error}").format(error=exc)
            raise LocatedError(said, None, None) from None

    def _line(self, number: int) -> str:
        """The text of the line ``number`` (from 0), if it is at hand."""
        if isinstance(self.text, str):
            return "".join(self.text.split("\n")[number : number + 1])
        line: str = self.text.line(number)  # a source read in chunks keeps its last lines
        return line

    def _run(self) -> Any:
        get = self.loader.get_event
        get()  # StreamStart
        event = get()
        if isinstance(event, yaml.StreamEndEvent):
            self.found[()] = (1, 1)
            return None
        root = self._document()
        event = get()  # the next DocumentStart, or StreamEnd
        if not isinstance(event, yaml.StreamEndEvent):
            line, col = _pos(event)
            raise LocatedError(_("expected a single document, found another"), line, col)
        return root

    def _document(self) -> Any:
        get = self.loader.get_event
        wanted = self.wanted
        building = wanted is None
        scalar_event, alias_event = yaml.ScalarEvent, yaml.AliasEvent
        end_events = (yaml.MappingEndEvent, yaml.SequenceEndEvent)
        stack: list[_Frame] = []
        anchored: list[tuple[str, _Frame, int]] = []  # (anchor, its frame, nodes before it)
        nodes = 0
        root: Any = None
        top: _Frame | None = None
        cache = self.cache
        scalar = self._scalar
        marks = self.marks
        while True:
            event = get()
            cls = type(event)
            if cls is scalar_event and event.anchor is None:
                # The common case, kept short: a plain value placed in its list or mapping (the
                # work of _scalar's cache and of _value, inline).
                nodes += 1
                if marks is not None:
                    marks.append(event)
                value = _NO_KEY
                if event.tag is None and event.implicit[0]:
                    value = cache.get(event.value, _NO_KEY)
                if value is _NO_KEY:
                    value = scalar(event)
                if top is None:
                    self.found.setdefault((), _pos(event))
                    root = value
                elif top.is_map and top.key is _NO_KEY:
                    if (
                        type(value) is str
                        and top.limit is None
                        and not top.note
                        and wanted is None
                        and value not in top.value
                    ):  # a plain new key with nothing to check or note: _key's work, inline
                        top.key = top.value_key = value
                    else:
                        self._key(top, value, event)
                else:
                    if top.limit is not None and top.count >= top.limit[0]:
                        self._too_many(top, event)
                    if wanted is not None or top.note:
                        self._want(top, event)
                    container = top.value
                    if container is not None:
                        if top.is_map:
                            container[top.value_key] = value
                        else:
                            container.append(value)
                    top.key = _NO_KEY
                    top.count += 1
                continue
            if cls is yaml.DocumentEndEvent:
                return root
            if cls in end_events:
                assert top is not None
                stack.pop()
                value = top.value
                if anchored and anchored[-1][1] is top:
                    name, _frame, before = anchored.pop()
                    self.anchors[name] = (value, nodes - before)
                top = stack[-1] if stack else None
                if top is None:
                    root = value
                else:
                    self._value(top, value)
                continue
            nodes += 1
            if marks is not None:
                marks.append(event)
            is_key = top is not None and top.is_map and top.key is _NO_KEY
            if not is_key and top is not None:
                if top.limit is not None and top.count >= top.limit[0]:
                    self._too_many(top, event)
                if wanted is not None or top.note:
                    self._want(top, event)
            elif top is None and (wanted is None or () in wanted):
                self.found.setdefault((), _pos(event))
            if cls is scalar_event or cls is alias_event:
                if cls is scalar_event:
                    value = self._scalar(event)
                    self.anchors[event.anchor] = (value, 1)
                else:
                    value, size = self._alias(event)
                    nodes += size - 1  # an anchor around this alias holds all it expands to
                    if self.limits is not None and type(value) in (list, dict) and not is_key:
                        # what an alias expands to keeps the limits of where it stands
                        at = (
                            () if top is None else (*top.path, top.key if top.is_map else top.count)
                        )
                        self._expansion_limits(value, at, event)
                if top is None:
                    root = value
                elif is_key:
                    self._key(top, value, event)
                else:
                    self._value(top, value)
                continue
            # A list or a mapping starts.
            if is_key:
                line, col = _pos(event)
                raise LocatedError(_("a mapping key must be a plain value"), line, col)
            if len(stack) >= MAX_DEPTH:
                line, col = _pos(event)
                raise LocatedError(
                    _("nested more than {n} levels deep").format(n=MAX_DEPTH), line, col
                )
            is_map = cls is yaml.MappingStartEvent
            tag = event.tag
            if tag is None or tag == "!":
                tag = _MAP if is_map else _SEQ
            if tag != (_MAP if is_map else _SEQ):
                line, col = _pos(event)
                said = _("cannot read this value: {tag} is not allowed")
                raise LocatedError(said.format(tag=self._tag(tag)), line, col)
            if top is None:
                path: Path = ()
            elif top.is_map:
                path = (*top.path, top.key)
            else:
                path = (*top.path, top.count)
            limit = self.limits(path) if self.limits is not None else None
            value = ({} if is_map else []) if building else None
            depth = self.note_depth
            if self.sink is not None and path == ("deals",) and not is_map:
                value = _Sink(self.sink)
                self.head = stack[0].value  # the record's keys so far (the deals go on)
                if marks is not None:
                    marks.clear()
            elif self.head is not None and len(path) >= 2 and path[0] == "deals":
                depth = 0  # a deal's places are found from its events if asked
            frame = _Frame(path, value, is_map, limit, depth)
            if event.anchor is not None:
                anchored.append((event.anchor, frame, nodes))
            stack.append(frame)
            top = frame

    def _tag(self, tag: str) -> str:
        """A tag in a message: named, unless no message may quote the text."""
        return _("the tag {tag}").format(tag=repr(tag)) if self.quote else _("its tag")

    def _want(self, top: _Frame, event: Any) -> None:
        """Note where the next value of ``top`` stands, if its path is wanted."""
        path = (*top.path, top.key) if top.is_map else (*top.path, top.count)
        if self.wanted is None or path in self.wanted:
            self.found.setdefault(path, _pos(event))

    def _alias(self, event: Any) -> tuple[Any, int]:
        if event.anchor not in self.anchors:
            line, col = _pos(event)
            said = (
                _("found undefined alias {name}").format(name=repr(event.anchor))
                if self.quote
                else _("found undefined alias (an anchor not defined before it)")
            )
            raise LocatedError(said, line, col)
        value, size = self.anchors[event.anchor]
        if isinstance(value, _Sink):  # the deals, read one by one, are not kept
            line, col = _pos(event)
            raise LocatedError(
                _(
                    "an alias of the deals list: a record is read deal by deal, and its deals "
                    "cannot be repeated elsewhere"
                ),
                line,
                col,
            )
        self.alias_nodes += size
        if self.alias_nodes > MAX_ALIAS_NODES:
            line, col = _pos(event)
            raise LocatedError(
                _("YAML aliases expand to more than {n} nodes; refused").format(n=MAX_ALIAS_NODES),
                line,
                col,
            )
        return value, size

    def _expansion_limits(self, value: Any, path: Path, event: Any) -> None:
        """Refuse what an alias at ``event`` expands to, placed at ``path``, if a list or a
        mapping in it has more items than :attr:`limits` allows there (the levels with limits
        are the top few: a walk of at most the alias's own size, which its budget bounds)."""
        assert self.limits is not None
        limit = self.limits(path)
        if limit is not None and len(value) > limit[0]:
            line, col = _pos(event)
            where = format_path(path) or _("the document")
            said = (
                _("{where} has more than {most} keys (an alias expands to {n}); {why}")
                if type(value) is dict
                else _("{where} has more than {most} items (an alias expands to {n}); {why}")
            )
            raise LocatedError(
                said.format(where=where, most=limit[0], n=len(value), why=limits.reason(limit)),
                line,
                col,
                "schema",
            )
        if len(path) >= _LIMITED_DEPTH:
            return
        items = value.items() if type(value) is dict else enumerate(value)
        for k, v in items:
            if type(v) in (list, dict):
                self._expansion_limits(v, (*path, key_part(k)), event)

    def _too_many(self, top: _Frame, event: Any) -> None:
        assert top.limit is not None
        line, col = _pos(event)
        raise LocatedError(too_many(top.path, top.limit, top.is_map), line, col, "schema")

    @staticmethod
    def _value(top: _Frame, value: Any) -> None:
        """Put a finished value into its list, or under its mapping's pending key."""
        if top.value is not None:
            if top.is_map:
                top.value[top.value_key] = value
            else:
                top.value.append(value)
        top.key = _NO_KEY
        top.count += 1

    def _key(self, top: _Frame, value: Any, event: Any) -> None:
        """A mapping key was read: check it and keep it until its value comes."""
        if type(value) is not str and (
            not isinstance(value, Hashable) or isinstance(value, list | dict)
        ):
            line, col = _pos(event)
            raise LocatedError(_("a mapping key must be a plain value"), line, col)
        if top.limit is not None and top.count >= top.limit[0]:
            self._too_many(top, event)
        if top.value is not None and value in top.value:
            line, col = _pos(event)
            said = (
                _("duplicate key {key}").format(key=_short(value))
                if self.quote
                else _("duplicate key")
            )
            raise LocatedError(said, line, col)
        top.key = key_part(value)
        top.value_key = value
        if self.wanted is not None or top.note:
            child = (*top.path, top.key)
            if self.wanted is None or child in self.wanted:
                self.found_keys.setdefault(child, _pos(event))

    def _scalar(self, event: Any) -> Any:
        value = event.value
        tag = event.tag
        plain = tag is None and event.implicit[0]
        if plain:
            cached = self.cache.get(value, _NO_KEY)
            if cached is not _NO_KEY:
                return cached
        if tag is None or tag == "!":
            tag = self.loader.resolve(yaml.ScalarNode, value, event.implicit)
        if tag == _STR:
            out: Any = sys.intern(value) if len(value) <= 16 else value
        else:
            out = self._construct(tag, event)
        if plain and len(value) <= 16 and len(self.cache) < 50_000:
            self.cache[value] = out
        return out

    def _construct(self, tag: str, event: Any) -> Any:
        value = event.value
        if tag == _MERGE:
            line, col = _pos(event)
            raise LocatedError(_("YAML merge keys (<<) are not supported"), line, col)
        if tag == _INT and len(value) > limits.MAX_NUMBER_TEXT:
            digits = sum(ch.isdigit() for ch in value)
            self._too_large(event, digits if digits > limits.MAX_DIGITS else 0)
        construct = self.loader.yaml_constructors.get(tag) if tag in _SCALAR_TAGS else None
        if construct is None:  # (a collection's tag on a plain value, or one PyYAML lacks)
            line, col = _pos(event)
            said = _("cannot read this value: {tag} is not allowed").format(tag=self._tag(tag))
            raise LocatedError(said, line, col)
        node = yaml.ScalarNode(tag, value, event.start_mark, event.end_mark, event.style)
        try:
            out = construct(self.loader, node)
        except (yaml.YAMLError, ValueError, OverflowError, TypeError) as exc:
            line, col = _pos(event)
            kind = tag.rsplit(":", 1)[-1]
            why = str(exc) if self.quote else _("it is not a {tag}").format(tag=f"!!{kind}")
            said = _("cannot read this value: {why}").format(why=why)
            raise LocatedError(said, line, col) from None
        except Exception:  # PyYAML's own constructors fail so on some texts (!!bool foo...)
            line, col = _pos(event)
            kind = tag.rsplit(":", 1)[-1]
            why = _("it is not a {tag}").format(tag=f"!!{kind}")
            said = _("cannot read this value: {why}").format(why=why)
            raise LocatedError(said, line, col) from None
        if type(out) is int and not limits.within_int_bounds(out):
            self._too_large(event, 0)
        return out

    @staticmethod
    def _too_large(event: Any, digits: int) -> None:
        """Refuse a whole number past the limit (by value, in whatever form it is written)."""
        line, col = _pos(event)
        raise LocatedError(number_too_large(digits), line, col, "schema")


#: The builder of data from parser events, for a record read deal by deal (gleek.record.stream).
EventBuilder: Final = _Builder


def too_many(path: Path, limit: tuple[int, str], is_map: bool) -> str:
    """What is said of the list (or mapping) at ``path`` that has more items (keys) than its
    ``limit`` (the most, and why: :func:`gleek.limits.reason`)."""
    where = format_path(path) or _("the document")
    said = (
        _("{where} has more than {most} keys; {why}")
        if is_map
        else _("{where} has more than {most} items; {why}")
    )
    return said.format(where=where, most=limit[0], why=limits.reason(limit))


def number_too_large(digits: int) -> str:
    """What is said of a whole number past the limit; ``digits``: its digits, where they are
    more than the limit allows (0 where its value, not its length, is too large)."""
    said = (
        _(
            "a whole number of {digits} digits is too large (at most {most} digits, whatever "
            "its form: decimal, hex, octal or 1:20:30)"
        )
        if digits
        else _(
            "a whole number is too large (at most {most} digits, whatever its form: decimal, "
            "hex, octal or 1:20:30)"
        )
    )
    return said.format(digits=digits, most=limits.MAX_DIGITS)


#: The YAML readers' (libyaml's and PyYAML's) most frequent words for what is wrong and where,
#: translated as a whole where they are said; any other is said as the reader says it.
_YAML_WORDS: Final = frozenset(
    (
        N_("not valid YAML or JSON"),
        N_("did not find expected key"),
        N_("did not find expected node content"),
        N_("did not find expected ',' or '}'"),
        N_("did not find expected ',' or ']'"),
        N_("did not find expected '-' indicator"),
        N_("did not find expected <document start>"),
        N_("did not find expected comment or line break"),
        N_("did not find expected whitespace or line break"),
        N_("could not find expected ':'"),
        N_("mapping values are not allowed in this context"),
        N_("mapping values are not allowed here"),
        N_("block sequence entries are not allowed in this context"),
        N_("sequence entries are not allowed here"),
        N_("found character that cannot start any token"),
        N_("found unexpected end of stream"),
        N_("found unexpected ':'"),
        N_("found unknown escape character"),
        N_("found a tab character that violates indentation"),
        N_("found a tab character where an indentation space is expected"),
        N_("found undefined tag handle"),
        N_("found duplicate anchor"),
        N_("found unexpected document separator"),
        N_("invalid indentation or unclosed '[' or '{'"),
        N_("while parsing a block mapping"),
        N_("while parsing a block collection"),
        N_("while parsing a flow mapping"),
        N_("while parsing a flow sequence"),
        N_("while parsing a flow node"),
        N_("while parsing a block node"),
        N_("while parsing a node"),
        N_("while scanning a simple key"),
        N_("while scanning a quoted scalar"),
        N_("while scanning a double-quoted scalar"),
        N_("while scanning a plain scalar"),
        N_("while scanning a block scalar"),
        N_("while scanning an anchor"),
        N_("while scanning an alias"),
        N_("while scanning a tag"),
        N_("while scanning a directive"),
        N_("while scanning for the next token"),
        N_("while parsing a tag"),
    )
)


def _yaml_words(words: str) -> str:
    """A YAML reader's words for a problem or its context, translated where they are among
    :data:`_YAML_WORDS`."""
    return _(words) if words in _YAML_WORDS else words


def _unquoted(message: str) -> str:
    """A parser's message without the text it quotes (``found undefined tag handle '!x!'``):
    a quoted token kind (``'<scalar>'``) and one character are kept.

    >>> _unquoted("found undefined tag handle '!SECRET!' in 'xy', found '<scalar>', found ':'")
    "found undefined tag handle (not quoted) in (not quoted), found '<scalar>', found ':'"
    """

    def keep(m: re.Match[str]) -> str:
        inner = m.group(1)
        token = inner.startswith("<") and inner.endswith(">")
        return m.group(0) if token or len(inner) <= 1 else _("(not quoted)")

    return re.sub(r"'([^'\n]*)'", keep, message)


def _reader_error(exc: yaml.reader.ReaderError, text: str | TextSource) -> LocatedError:
    """A character the parsers refuse (a control character, a lone surrogate), placed."""
    where = exc.position
    if isinstance(text, str) and exc.encoding != "unicode":  # libyaml counts UTF-8 bytes
        where = len(text.encode("utf-8", "surrogatepass")[:where].decode("utf-8", "ignore"))
    line: int | None
    column: int | None
    if isinstance(text, str) and 0 <= where <= len(text):
        line = text.count("\n", 0, where) + 1
        column = where - (text.rfind("\n", 0, where) + 1) + 1
    elif not isinstance(text, str) and callable(getattr(text, "place_reader_error", None)):
        # read in chunks (gleek.record.stream): placed among the chunks the reader keeps
        line, column = text.place_reader_error(exc.position, exc.encoding != "unicode")  # type: ignore[attr-defined]
    else:
        line, column = None, None
    return LocatedError(
        _(
            "not valid YAML or JSON: the character {code} is not allowed "
            "(a control character or a lone surrogate)"
        ).format(code=f"U+{exc.character:04X}"),
        line,
        column,
    )


def _short(value: Any, limit: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 5] + "...'"
