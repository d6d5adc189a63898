"""Files: reading one a chunk at a time (:func:`read_chunk`), and writing an output file whole
or not at all (:func:`write_atomic`: a temporary file in the same folder, renamed).

>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> write_atomic(folder / "a.txt", "one")
>>> (folder / "a.txt").read_text()
'one'
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Final

from gleek.i18n import N_
from gleek.i18n import gettext as _

__all__ = ["CHUNK", "UNSIZED", "check_sized", "read_chunk", "same_file", "write_atomic"]

#: Bytes read from a file at a time.
CHUNK: Final = 64 * 1024


def read_chunk(
    fd: int, offset: int, size: int, progress: Callable[[int], None] | None = None
) -> bytes:
    """The next bytes of the file open at ``fd``, read from ``offset`` (its position) of the
    ``size`` it had when opened: at most :data:`CHUNK`, ``b""`` at the end (a file that grows
    is not followed); ``progress`` (if given) is told how many."""
    data = os.read(fd, min(CHUNK, size - offset)) if size > offset else b""
    if data and progress is not None:
        progress(len(data))
    return data


#: Why a file that says it is empty but holds text is refused (``/proc/self/status``).
UNSIZED: Final = N_(
    "is a system file whose size is not known (as in /proc or /sys); refused, as every "
    "reader reads a file only as far as its size"
)


def check_sized(fd: int, size: int) -> None:
    """Refuse (:class:`ValueError`, :data:`UNSIZED`) the file open at ``fd`` if it says it is
    empty (``size`` 0) but gives text: a file of ``/proc`` or ``/sys``, read alike by every
    reader (read whole, or deal by deal up to its size). One byte is read to know; a file that
    is truly empty is left at its end."""
    if size == 0 and os.read(fd, 1):
        raise ValueError(_(UNSIZED))


def same_file(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """Whether ``a`` and ``b`` name one file: the same file on disk when both exist, else the
    same path once resolved (symbolic links followed).

    >>> same_file("README.md", "./docs/../README.md"), same_file("a.yaml", "b.yaml")
    (True, False)
    """
    try:
        if os.path.exists(a) and os.path.exists(b):
            return os.path.samefile(a, b)
        return os.path.realpath(a) == os.path.realpath(b)
    except (OSError, ValueError):  # a NUL in a path, a folder that cannot be read...
        return False


def _default_mode() -> int:
    """The mode a new file gets here (0666 less the umask), as ``open`` would give it."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically: into a temporary file in the same folder,
    then renamed over ``path``, so a failed write (a full disk, a file-size limit) leaves the
    old file as it was. An existing file keeps its mode; a new one gets the usual mode (0666
    less the umask). Only a regular file or a new path is written: a symbolic link at ``path``
    is refused, neither replaced nor written through (``/dev/stdout`` is one: replacing it
    would take it from every process), and so are a folder, a FIFO, a device and a socket
    (:class:`ValueError`), each left as it was. Raises :class:`OSError` when the file cannot be
    written.
    """
    if os.fspath(path) in ("", b""):
        raise ValueError(_("is an empty path: name a file"))
    target = Path(path)
    try:
        info: os.stat_result | None = os.lstat(target)
    except FileNotFoundError:
        info = None
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise ValueError(_("is a folder, not a file"))
    if info is not None and stat.S_ISLNK(info.st_mode):
        raise ValueError(_("is a symbolic link; refused (name the file itself)"))
    if info is not None and not stat.S_ISREG(info.st_mode):
        raise ValueError(_("is not a regular file (a device, pipe or socket); refused"))
    mode = stat.S_IMODE(info.st_mode) if info is not None else _default_mode()
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        os.fchmod(fd, mode)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
