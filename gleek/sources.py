"""The bibliography (``gleek/profiles/sources.yaml``), Cotton's chapter with numbered sentences, and
book-style citations.

Every rule of a profile names a source by its key and a place in it; a citation reads like a
book's: the short name, the place, the words.

>>> print(bibliography()["parlett"].cite_as)
Full rules (after Parlett)
>>> cotton_sentences()[13][:36]
'A Gleek of Aces is four, of Kings th'
>>> find_in_cotton("eight to the winner, and all above is but two a time")
(9,)
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from importlib import resources
from pathlib import Path as FsPath
from types import MappingProxyType
from typing import Final

import attrs

from gleek.errors import ProfileError
from gleek.schemacheck import load_schema, problems
from gleek.sourcemap import LocatedError, load_located

__all__ = [
    "COTTON",
    "SILENT_PAGE",
    "Bibliography",
    "BookSource",
    "bibliography",
    "cotton_sentences",
    "find_in_cotton",
    "normalize",
]

COTTON: Final = "cotton"
#: The title of the docs page that states every inference in the project's words.
SILENT_PAGE: Final = "Where the sources are silent"


@attrs.frozen
class BookSource:
    """One entry of the bibliography."""

    key: str
    author: str
    title: str
    cite_as: str
    #: what sort of work it is: ``web article``, ``teaching guide (French)``, ``book``...
    kind: str
    published: str
    #: the date the work gives, or ``undated``
    year: str
    language: str
    about: str


Bibliography = Mapping[str, BookSource]


def profiles_dir() -> FsPath:
    """Where the shipped profiles are: ``gleek/profiles/``, inside the package."""
    inside = FsPath(str(resources.files("gleek").joinpath("profiles")))
    if inside.is_dir():
        return inside
    raise ProfileError(
        f"the profiles shipped with gleek are missing (no folder {inside}); reinstall gleek"
    )


def _profiles_dir() -> FsPath:
    return profiles_dir()


@functools.cache
def bibliography() -> Bibliography:
    """The sources by key, read once from ``sources.yaml`` and checked by its schema."""
    file = _profiles_dir() / "sources.yaml"
    try:
        doc = load_located(file.read_bytes(), str(file))
    except OSError as exc:
        raise ProfileError(
            f"cannot read the bibliography: {exc.strerror}", file=str(file)
        ) from None
    except LocatedError as exc:
        raise ProfileError(
            exc.message, file=str(file), line=exc.line, column=exc.column, code="syntax"
        ) from None
    found = problems(doc, load_schema("sources"))
    if found:
        first = found[0]
        raise ProfileError(
            first.message, file=str(file), line=first.line, column=first.column, path=first.dotted
        )
    return MappingProxyType(
        {
            key: BookSource(key=key, **{k: str(v) for k, v in entry.items()})
            for key, entry in doc.data["sources"].items()
        }
    )


@functools.cache
def cotton_sentences() -> tuple[str, ...]:
    """Cotton's chapter, one sentence per item: item ``n - 1`` is sentence ``n``."""
    file = _profiles_dir() / "texts" / "cotton-1674.txt"
    lines = file.read_text("utf-8").splitlines()
    return tuple(line for line in lines if line and not line.startswith("#"))


_QUOTE_MARKS: Final = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "«": '"', "»": '"'})


def normalize(text: str) -> str:
    """Text compared for quoting. A quote may differ from its source only in whitespace, case
    and the form of quotation marks (``’`` for ``'``); a dash, an accent or a letter may not.

    >>> normalize("l’aîné,  doit") == normalize("L'aîné, doit")
    True
    >>> normalize("revie – stay") == normalize("revie - stay")
    False
    """
    text = text.translate(_QUOTE_MARKS)
    return re.sub(r"\s+", " ", text).strip().lower()


@functools.cache
def find_in_cotton(quote: str) -> tuple[int, ...]:
    """The numbers of the sentences that hold ``quote`` (its parts split at `` ... ``, in order).

    Empty when Cotton does not say it: the profile loader refuses such a quote.
    """
    sentences = [normalize(s) for s in cotton_sentences()]
    found: list[int] = []
    start = 0
    for part in (normalize(p) for p in quote.split(" ... ")):
        for n in range(start, len(sentences)):
            if part in sentences[n]:
                if n + 1 not in found:
                    found.append(n + 1)
                start = n
                break
        else:
            return ()
    return tuple(found)
