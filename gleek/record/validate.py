"""Validate record files: the report for each, never a write to the file read."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable

from gleek._args import check_callback, check_text, check_type
from gleek.profile import registered_dirs
from gleek.record.replay import validate_bytes
from gleek.record.report import Report
from gleek.record.stream import validate_path

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
    text = check_text("text", text, "the record's text (str or bytes)")
    check_type("file", file, str, "a str naming the record in the report")
    return validate_bytes(text, file, registered_dirs(profile_dirs))


def validate(
    path: str | os.PathLike[str],
    *,
    profile_dirs: Iterable[str | os.PathLike[str]] = (),
    progress: Callable[[int], None] | None = None,
) -> Report:
    """The report for a record file; :class:`RecordError` if it cannot be read at all.

    Only a regular file is read, deal by deal (:mod:`gleek.record.stream`), in memory that does
    not grow with its number of deals: a YAML or JSON record, or one in the JSON Lines form if
    its name ends in ``.jsonl``. Each deal may hold at most
    :data:`~gleek.limits.MAX_DEAL_BYTES` of text. ``progress`` (if given) is called with the
    number of bytes read, chunk after chunk; it must be None or a function.
    """
    check_type("path", path, (str, os.PathLike), "a path (str or pathlib.Path)")
    check_callback("progress", progress)
    return validate_path(path, registered_dirs(profile_dirs), progress)
