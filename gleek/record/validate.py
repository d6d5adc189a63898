"""Validate record files: the report for each, never a write to the file read."""

from __future__ import annotations

import os
from collections.abc import Iterable

from gleek.errors import ArgumentTypeError
from gleek.profile import _registered
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
    if not isinstance(text, str | bytes):
        raise ArgumentTypeError(f"text: the record as str or bytes, not {type(text).__name__}")
    if not isinstance(file, str):
        raise ArgumentTypeError(f"file: the name to report, a str, not {type(file).__name__}")
    return validate_bytes(text, file, _registered(profile_dirs))


def validate(
    path: str | os.PathLike[str], *, profile_dirs: Iterable[str | os.PathLike[str]] = ()
) -> Report:
    """The report for a record file; :class:`RecordError` if it cannot be read at all.

    Only a regular file of at most 16 MiB is read (never more than that many bytes).
    """
    data = read_record_file(path)
    return validate_bytes(data, str(path), _registered(profile_dirs))
