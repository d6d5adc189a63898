"""Validate record files: the report for each, never a write to the file read."""

from __future__ import annotations

import os
from collections.abc import Iterable

from gleek._args import check_type
from gleek.profile import registered_dirs
from gleek.record.read import read_record_file
from gleek.record.replay import validate_bytes
from gleek.record.report import Report

__all__ = ["validate", "validate_text"]


def validate_text(
    text: str | bytes,
    file: str = "<string>",
    *,
    profile_dirs: Iterable[str | os.PathLike[str]] = (),
) -> Report:
    """The report for a record given as text.

    The record's ``profile`` and ``variants`` are looked up by id among the shipped ones and
    those in the folders ``profile_dirs`` registers; a record never names a file to open.
    """
    check_type("text", text, (str, bytes), "the record's text (str or bytes)")
    check_type("file", file, str, "a str naming the record in the report")
    return validate_bytes(text, file, registered_dirs(profile_dirs))


def validate(
    path: str | os.PathLike[str], *, profile_dirs: Iterable[str | os.PathLike[str]] = ()
) -> Report:
    """The report for a record file; :class:`RecordError` if it cannot be read at all.

    Only a regular file of at most 16 MiB is read (never more than that many bytes).
    """
    check_type("path", path, (str, os.PathLike), "a path (str or pathlib.Path)")
    data = read_record_file(path)
    return validate_bytes(data, str(path), registered_dirs(profile_dirs))
