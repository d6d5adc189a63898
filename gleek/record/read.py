"""Read a record into plain data, raising :class:`~gleek.errors.RecordError` on bad syntax."""

from __future__ import annotations

from pathlib import Path
from typing import IO, Any

from gleek._args import check_type, type_name
from gleek.errors import ArgumentTypeError, RecordError
from gleek.schemacheck import load_schema, problems
from gleek.sourcemap import Located, LocatedError, load_located

__all__ = ["load", "load_located_record", "loads"]


def load_located_record(text: str | bytes, name: str = "<string>") -> Located:
    """Parse and schema-check a record; errors carry file, line and column."""
    try:
        doc = load_located(text, name)
    except LocatedError as exc:
        raise RecordError(
            exc.message, file=name, line=exc.line, column=exc.column, code="syntax"
        ) from None
    found = problems(doc, load_schema("record"))
    if found:
        p = found[0]
        raise RecordError(p.message, file=name, line=p.line, column=p.column, path=p.dotted)
    return doc


def loads(text: str | bytes, name: str = "<string>") -> dict[str, Any]:
    """A record from YAML or JSON text, checked against the record schema."""
    check_type("text", text, (str, bytes), "the record's text (str or bytes)")
    data: dict[str, Any] = load_located_record(text, name).data
    return data


def load(fp: IO[str] | IO[bytes] | str | Path) -> dict[str, Any]:
    """A record from an open file or a path."""
    if not isinstance(fp, str | Path) and not callable(getattr(fp, "read", None)):
        raise ArgumentTypeError(f"fp must be a path or an open file, not {type_name(fp)}")
    if isinstance(fp, str | Path):
        path = Path(fp)
        try:
            return loads(path.read_bytes(), str(path))
        except OSError as exc:
            raise RecordError(f"cannot read: {exc.strerror}", file=str(path)) from None
    return loads(fp.read(), getattr(fp, "name", "<stream>"))
