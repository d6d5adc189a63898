"""Read a record into plain data, raising :class:`~gleek.errors.RecordError` on bad syntax."""

from __future__ import annotations

import os
from typing import IO, Any

from gleek._args import check_text, check_type, type_name
from gleek.errors import ArgumentTypeError, RecordError
from gleek.record.jsonlines import json_lines_document
from gleek.record.shape import conforms, limits
from gleek.schemacheck import load_schema, problems, short_repr
from gleek.sourcemap import MAX_BYTES, Located, LocatedError, load_located, read_limited

__all__ = ["load", "load_located_record", "loads", "read_record_file"]


def parse_record(text: str | bytes, name: str) -> Located:
    """Parse a record's text within the shape limits; bad syntax is a located RecordError."""
    try:
        return load_located(text, name, limits=limits)
    except LocatedError as exc:
        raise RecordError(
            exc.message, file=name, line=exc.line, column=exc.column, code=exc.code
        ) from None


def load_located_record(text: str | bytes, name: str = "<string>") -> Located:
    """Parse and schema-check a record; errors carry file, line and column."""
    doc = parse_record(text, name)
    found = () if conforms(doc.data) else problems(doc, load_schema("record"))
    if found:
        p = found[0]
        raise RecordError(p.message, file=name, line=p.line, column=p.column, path=p.dotted)
    return doc


def loads(text: str | bytes, name: str = "<string>") -> dict[str, Any]:
    """A record from YAML or JSON text (a str or UTF-8 bytes), checked against the record
    schema."""
    text = check_text("text", text, "the record's text (str or bytes)")
    check_type("name", name, str, "a str naming the record in messages")
    data: dict[str, Any] = load_located_record(text, name).data
    return data


def read_record_file(path: str | os.PathLike[str]) -> bytes:
    """The bytes of a record file: a regular file of at most ``MAX_BYTES``, never more read. A
    record in the JSON Lines form (a name ending in ``.jsonl``, in any case, as
    :func:`~gleek.record.validate` tells it) comes as its JSON document
    (:func:`json_lines_document`)."""
    check_type("path", path, (str, os.PathLike), "a path (str or pathlib.Path)")
    where = path_where(path)
    try:
        data = read_limited(os.fspath(path))
    except OSError as exc:
        raise cannot_read(path, where, exc) from None
    except ValueError as exc:
        raise RecordError(str(exc), file=where, code="syntax") from None
    if os.fspath(path).lower().endswith(".jsonl"):
        return json_lines_document(data, where)
    return data


def path_where(path: str | os.PathLike[str]) -> str:
    """``path`` as a message names it (control characters escaped, cut short); a path that
    holds a NUL is refused."""
    where = short_repr(str(path), 80)[1:-1] or "'' (an empty path)"
    if "\x00" in str(path):
        raise RecordError("a path cannot hold a NUL character (\\x00)", file=where)
    return where


def cannot_read(path: str | os.PathLike[str], where: str, exc: OSError) -> RecordError:
    """The error for a record file that cannot be opened or read (``exc``)."""
    if isinstance(exc, FileNotFoundError):
        hint = (
            " (for a record's text, use read_text)"
            if isinstance(path, str) and path.lstrip()[:1] in ("{", "[")
            else ""
        )
        return RecordError(f"cannot read: no such file{hint}", file=where)
    return RecordError(f"cannot read: {exc.strerror or exc}", file=where)


def load(fp: IO[str] | IO[bytes] | str | os.PathLike[str]) -> dict[str, Any]:
    """A record from an open file or a path."""
    if isinstance(fp, str | os.PathLike):
        return loads(read_record_file(fp), str(fp))
    read = getattr(fp, "read", None)
    if read is None:
        raise ArgumentTypeError(f"fp must be a path or an open file, not {type_name(fp)}")
    try:
        text = read(MAX_BYTES + 1)
    except (OSError, ValueError) as exc:  # a failing or a closed file
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise RecordError(f"cannot read: {why}") from None
    return loads(text, getattr(fp, "name", "<stream>"))
