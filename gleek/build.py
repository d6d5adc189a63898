"""Which gleek this is: its version (from the installed package's metadata, the one place it is
written being ``pyproject.toml``) and its build, pure Python or with modules compiled by mypyc.

    >>> import gleek
    >>> info = gleek.build_info()
    >>> info.version == gleek.__version__
    True
    >>> info.kind in ("pure", "compiled")
    True
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

__all__ = ["BuildInfo", "build_info"]

_PACKAGE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class BuildInfo:
    """The version of gleek and the modules of it compiled by mypyc (none in the pure build)."""

    version: str
    compiled: tuple[str, ...]

    @property
    def kind(self) -> str:
        """``"compiled"`` when any module is compiled, else ``"pure"``."""
        return "compiled" if self.compiled else "pure"

    def __str__(self) -> str:
        if self.compiled:
            return f"gleek {self.version}, compiled by mypyc ({', '.join(self.compiled)})"
        return f"gleek {self.version}, pure Python"


def version(distribution: str = "gleek") -> str:
    """The installed distribution's version; ``0+unknown`` for a copy that was never installed
    (source files on ``sys.path`` with no package metadata)."""
    from importlib import metadata  # here, not at import: it costs 30 ms and is rarely needed

    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return "0+unknown"


def compiled_modules(package: Path = _PACKAGE) -> tuple[str, ...]:
    """The modules of the package under ``package`` that are extension modules (compiled by
    mypyc), which Python imports in preference to their ``.py`` sources; sorted by name."""
    found = ((f, _extension_suffix(f.name)) for f in package.rglob("*"))
    return tuple(sorted(_module_name(package, f, suffix) for f, suffix in found if suffix))


def _extension_suffix(name: str) -> str:
    return next((s for s in EXTENSION_SUFFIXES if name.endswith(s)), "")


def _module_name(package: Path, file: Path, suffix: str) -> str:
    parts = file.relative_to(package).parts
    return ".".join((package.name, *parts[:-1], parts[-1][: -len(suffix)]))


@functools.cache
def build_info() -> BuildInfo:
    """This installation's version and build::

    >>> print(build_info())  # doctest: +ELLIPSIS
    gleek ..., ...
    """
    return BuildInfo(version(), compiled_modules())
