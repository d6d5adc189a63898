"""Validate record files: the report for each, never a write to the file read."""

from __future__ import annotations

from pathlib import Path

from gleek._args import check_type
from gleek.errors import RecordError
from gleek.record.replay import validate_bytes
from gleek.record.report import Report

__all__ = ["validate", "validate_text"]


def validate_text(text: str | bytes, file: str = "<string>") -> Report:
    """The report for a record given as text."""
    check_type("text", text, (str, bytes), "the record's text (str or bytes)")
    check_type("file", file, str, "a str naming the record in the report")
    return validate_bytes(text, file)


def validate(path: str | Path) -> Report:
    """The report for a record file; :class:`RecordError` if it cannot be read at all."""
    check_type("path", path, (str, Path), "a path (str or pathlib.Path)")
    p = Path(path)
    try:
        data = p.read_bytes()
    except IsADirectoryError:
        raise RecordError("is a folder, not a record file", file=str(p)) from None
    except OSError as exc:
        raise RecordError(f"cannot read: {exc.strerror}", file=str(p)) from None
    return validate_bytes(data, str(path), p.parent)
