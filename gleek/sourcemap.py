"""Safe YAML/JSON loading that remembers where every node stands in the file.

Profiles and records both need errors that point at the offending node, so both are read here:
the document is composed with PyYAML's *safe* loader, then built into plain Python values while
the line and column (counted from 1) of each value and each mapping key are recorded by path.

>>> doc = load_located("a: 1\\nb: [x, {c: true}]\\n", "demo.yaml")
>>> doc.data
{'a': 1, 'b': ['x', {'c': True}]}
>>> doc.position(("b", 1, "c"))
(2, 12)
>>> doc.key_position(("b",))
(2, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, Final, TypeAlias

import attrs
import yaml

__all__ = ["Located", "LocatedError", "Path", "format_path", "load_located"]

Path: TypeAlias = tuple[str | int, ...]
Position: TypeAlias = tuple[int, int]

MAX_BYTES: Final = 16 * 1024 * 1024
MAX_ALIAS_NODES: Final = 10_000
MAX_DEPTH: Final = 200

_Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


_PLAIN_TAGS: Final = frozenset(("tag:yaml.org,2002:seq", "tag:yaml.org,2002:map"))


class LocatedError(Exception):
    """Raised by :func:`load_located`; the caller wraps it in its own error class."""

    def __init__(self, message: str, line: int | None, column: int | None, code: str) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column
        self.code = code


@attrs.frozen
class Located:
    """A loaded document with the position of each node, looked up by path."""

    data: Any
    positions: dict[Path, Position]
    key_positions: dict[Path, Position]

    def position(self, path: Path) -> Position | None:
        """Line and column of the value at ``path``, or of its nearest ancestor that exists."""
        for cut in range(len(path), -1, -1):
            found = self.positions.get(path[:cut])
            if found is not None:
                return found
        return None

    def key_position(self, path: Path) -> Position | None:
        """Line and column of the mapping key that names ``path`` (else of the value)."""
        return self.key_positions.get(path) or self.position(path)


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


def _mark(node: yaml.Node) -> Position:
    return (node.start_mark.line + 1, node.start_mark.column + 1)


def load_located(text: str | bytes, name: str = "<string>") -> Located:
    """Parse ``text`` safely; raise :class:`LocatedError` (code ``syntax``) on anything wrong."""
    if len(text) > MAX_BYTES:
        raise LocatedError(
            f"file is larger than {MAX_BYTES // (1024 * 1024)} MiB; refused", None, None, "syntax"
        )
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise LocatedError(
                f"not UTF-8 text (byte {exc.start} is {text[exc.start]:#04x})", None, None, "syntax"
            ) from None
    if "\x00" in text:
        line = text.count("\n", 0, text.index("\x00")) + 1
        raise LocatedError("the file holds a NUL character", line, None, "syntax")
    loader = _Loader(text)
    try:
        try:
            root = loader.get_single_node()
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or "not valid YAML or JSON"
        context = ""
        if exc.context and exc.context_mark is not None and exc.context_mark is not mark:
            cm = exc.context_mark
            context = f" ({exc.context} at line {cm.line + 1}, column {cm.column + 1})"
        elif exc.context:
            context = f" ({exc.context})"
        raise LocatedError(
            f"{problem}{context}",
            mark.line + 1 if mark else None,
            mark.column + 1 if mark else None,
            "syntax",
        ) from None
    except yaml.YAMLError as exc:
        raise LocatedError(f"not valid YAML or JSON: {exc}", None, None, "syntax") from None
    except RecursionError:
        raise LocatedError(
            "the document is nested too deeply to read", None, None, "syntax"
        ) from None
    builder = _Builder(loader)
    if root is None:
        return Located(None, {(): (1, 1)}, {})
    data = builder.build(root, (), 0, False)
    return Located(data, builder.positions, builder.key_positions)


class _Builder:
    def __init__(self, loader: Any) -> None:
        self.loader = loader
        self.positions: dict[Path, Position] = {}
        self.key_positions: dict[Path, Position] = {}
        self.seen: set[int] = set()
        self.alias_nodes = 0

    def build(self, node: yaml.Node, path: Path, depth: int, aliased: bool) -> Any:
        if depth > MAX_DEPTH:
            line, col = _mark(node)
            raise LocatedError(f"nested more than {MAX_DEPTH} levels deep", line, col, "syntax")
        # A node met twice is an alias; count what aliases expand to and refuse "billion laughs".
        if id(node) in self.seen:
            aliased = True
        self.seen.add(id(node))
        if aliased:
            self.alias_nodes += 1
            if self.alias_nodes > MAX_ALIAS_NODES:
                line, col = _mark(node)
                raise LocatedError(
                    f"YAML aliases expand to more than {MAX_ALIAS_NODES} nodes; refused",
                    line,
                    col,
                    "syntax",
                )
        if not aliased:
            self.positions.setdefault(path, _mark(node))
        if isinstance(node, yaml.MappingNode | yaml.SequenceNode) and node.tag not in _PLAIN_TAGS:
            line, col = _mark(node)
            raise LocatedError(
                f"cannot read this value: the tag {node.tag!r} is not allowed", line, col, "syntax"
            )
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, path, depth, aliased)
        if isinstance(node, yaml.SequenceNode):
            return [
                self.build(item, (*path, i), depth + 1, aliased)
                for i, item in enumerate(node.value)
            ]
        return self._scalar(node)

    def _scalar(self, node: yaml.Node) -> Any:
        construct: Callable[[yaml.Node], Any] = self.loader.construct_object
        try:
            value = construct(node)
        except (yaml.YAMLError, ValueError, OverflowError) as exc:
            line, col = _mark(node)
            raise LocatedError(f"cannot read this value: {exc}", line, col, "syntax") from None
        return value

    def _mapping(self, node: yaml.MappingNode, path: Path, depth: int, aliased: bool) -> Any:
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                line, col = _mark(key_node)
                raise LocatedError("YAML merge keys (<<) are not supported", line, col, "syntax")
            if not isinstance(key_node, yaml.ScalarNode):
                line, col = _mark(key_node)
                raise LocatedError("a mapping key must be a plain value", line, col, "syntax")
            key = self._scalar(key_node)
            if not isinstance(key, Hashable):
                line, col = _mark(key_node)
                raise LocatedError("a mapping key must be a plain value", line, col, "syntax")
            if key in out:
                line, col = _mark(key_node)
                raise LocatedError(f"duplicate key {key!r}", line, col, "syntax")
            child = (*path, key if isinstance(key, int | str) else str(key))
            if not aliased:
                self.key_positions.setdefault(child, _mark(key_node))
            out[key] = self.build(value_node, child, depth + 1, aliased)
        return out
