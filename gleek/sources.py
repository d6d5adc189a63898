"""The bibliography (``gleek/profiles/sources.yaml``), Cotton's chapter with numbered sentences, and
book-style citations.

Every rule of a profile names a source by its key and a place in it (a :class:`Source`); a
citation reads like a book's: the short name, the place, the words.

>>> print(bibliography()["parlett"].cite_as)
Full rules (after Parlett)
>>> print(Source(ref="parlett", at="Stage 1 ¶2").cite())
Full rules (after Parlett), Stage 1 ¶2
>>> cotton_sentences()[13][:36]
'A Gleek of Aces is four, of Kings th'
>>> find_in_cotton("eight to the winner, and all above is but two a time")
(9,)
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from pathlib import Path as FsPath
from types import MappingProxyType
from typing import Any, Final, Literal

import attrs

from gleek.errors import ProfileError
from gleek.i18n import N_, get_language, ngettext
from gleek.i18n import gettext as _
from gleek.schemacheck import load_schema, pre_checked, problems
from gleek.sourcemap import LocatedError, load_located

__all__ = [
    "COTTON",
    "SILENT_PAGE",
    "Bibliography",
    "BookSource",
    "Parallel",
    "Source",
    "bibliography",
    "cotton_sentences",
    "find_in_cotton",
    "normalize",
]

COTTON: Final = "cotton"
#: The title of the docs page that states every inference in the project's words.
SILENT_PAGE: Final = N_("Where the sources are silent")


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
    inside = FsPath(__file__).resolve().parent / "profiles"
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
        text = file.read_bytes()
        doc = load_located(text, str(file))
    except OSError as exc:
        raise ProfileError(
            f"cannot read the bibliography: {exc.strerror}", file=str(file)
        ) from None
    except LocatedError as exc:
        raise ProfileError(
            exc.message, file=str(file), line=exc.line, column=exc.column, code="syntax"
        ) from None
    found = () if pre_checked("sources", text) else problems(doc, load_schema("sources"))
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


@attrs.frozen
class Parallel:
    """The same passage in another language's edition of a work (the Spanish teaching guide
    beside the French one): the edition's bibliography key ``ref``, the place ``at`` and its own
    words ``quote``.

    >>> from gleek.i18n import language
    >>> s = Source(ref="pedagogique", at="03", quote="le pas convenu ici est de 2",
    ...            parallel=[Parallel("pedagogico", "03", "el incremento acordado aquí es 2")])
    >>> with language("es"):
    ...     print(s.cite(quotes=True))
    Reglas didácticas, 03: «el incremento acordado aquí es 2»
    >>> print(s.cite(quotes=True))  # no English edition: the work itself
    Règles pédagogiques, 03: "le pas convenu ici est de 2"
    """

    ref: str
    at: str
    quote: str


def _parallels(value: Iterable[Parallel | Mapping[str, str]] | None) -> tuple[Parallel, ...]:
    return tuple([v if isinstance(v, Parallel) else Parallel(**v) for v in value or ()])


@attrs.frozen
class Source:
    """Where a rule value comes from: ``ref`` (a key of the bibliography, ``profiles/sources.yaml``)
    with the place ``at`` and the ``quote``; ``cotton``, Cotton's words on the same point; or
    ``inferred``, the project's reason where the sources are silent, with ``silent``, the section
    of the docs page "Where the sources are silent" that explains it; or ``house``, a rule of
    your own that no source gives, with why (a house rule: it may still name the source it
    departs from, with ``ref``). ``doubt`` states why a reading of the words is uncertain.
    ``parallel`` gives the same passage in other languages' editions of the work: a citation
    quotes the edition in the language gleek speaks where there is one, else the work itself
    (never a translation of its words). ``kind`` is ``source``, ``cotton``, ``inferred`` or
    ``house``.

    >>> mine = Source(house="our club opens the bidding at 14")
    >>> mine.kind, mine.certainty, mine.cite()
    ('house', 'house rule', 'house rule: our club opens the bidding at 14')
    """

    ref: str | None = None
    at: str | None = None
    quote: str | None = None
    cotton: str | None = None
    inferred: str | None = None
    silent: str | None = None
    doubt: str | None = None
    house: str | None = None
    parallel: tuple[Parallel, ...] = attrs.field(default=(), converter=_parallels)

    @property
    def kind(self) -> Literal["source", "cotton", "inferred", "house"]:
        if self.house is not None:
            return "house"
        if self.inferred is not None:
            return "inferred"
        return "cotton" if self.ref in (None, COTTON) else "source"

    @property
    def certainty(self) -> Literal["stated", "inferred", "doubtful", "house rule"]:
        """How sure the value is: ``stated`` (the source says it), ``inferred`` (the source is
        silent and the project decides, with its reason), ``doubtful`` (the source's words can
        be read another way: :attr:`doubt` says how), or ``house rule`` (your own, which no
        source gives: :attr:`house` says why)."""
        if self.house is not None:
            return "house rule"
        if self.inferred is not None:
            return "inferred"
        return "doubtful" if self.doubt is not None else "stated"

    def notes(self) -> tuple[str, ...]:
        """What a reader should know beyond the citation: the reason of a house rule or of an
        inference (with its section of "Where the sources are silent") and the doubt of a
        reading."""
        return tuple(n for n in (self._house(), self._inferred(), self._doubt()) if n)

    def _house(self) -> str | None:
        """The reason of a house rule, in the language gleek speaks."""
        return None if self.house is None else _("house rule: {why}").format(why=_(self.house))

    def _inferred(self) -> str | None:
        """The reason of an inference and its section of "Where the sources are silent"."""
        if self.inferred is None:
            return None
        return _("inferred ({page}: {section}): {why}").format(
            page=_(SILENT_PAGE), section=self.silent, why=_(self.inferred)
        )

    def _doubt(self) -> str | None:
        """The doubt of a reading."""
        return None if self.doubt is None else _("doubtful: {why}").format(why=_(self.doubt))

    def place(self) -> str | None:
        """The place in the source: ``Stage 1 ¶1``; for Cotton, the sentence the quote is in."""
        if self.ref == COTTON and self.at is None and self.quote:
            return _sentences(self.quote)
        return self.at

    def edition(self) -> tuple[str, str | None, str | None]:
        """The work cited, its place and its words: those of the :attr:`parallel` edition in the
        language gleek speaks where the work itself is in another language and such an edition
        has the passage, else the work's own (``ref`` must be set)."""
        assert self.ref is not None
        books = bibliography()
        lang = get_language()
        if books[self.ref].language != lang:
            for p in self.parallel:
                if books[p.ref].language == lang:
                    return p.ref, p.at, p.quote
        return self.ref, self.place(), self.quote

    def cite(self, *, quotes: bool = False) -> str:
        """A citation as a book gives it: ``Full rules (after Parlett), Stage 1 ¶1`` and, with
        ``quotes``, the words; an inference names its section of "Where the sources are silent"
        and says why."""
        parts: list[str] = []
        parts += [n for n in (self._house(), self._inferred()) if n]
        if self.ref is not None:
            ref, place, quote = self.edition()
            book = bibliography()[ref].cite_as
            head = f"{book}, {place}" if place else book
            parts.append(_quoted(head, quote) if quotes and quote else head)
        if self.cotton is not None and (quotes or self.ref is None):
            head = f"{bibliography()[COTTON].cite_as}, {_sentences(self.cotton)}"
            parts.append(_quoted(head, self.cotton) if quotes or self.ref is None else head)
        doubt = self._doubt()
        if doubt is not None and quotes:
            parts.append(doubt)
        return _("; ").join(parts)

    def data(self) -> dict[str, Any]:
        """The source as plain data (the JSON of ``gleek rules`` and ``gleek compare``), with the
        bibliography key, the place found for Cotton's words and the full citation."""
        out = {k: v for k, v in attrs.asdict(self).items() if v is not None and v != []}
        place = self.place()
        if place is not None:
            out["at"] = place
        if self.cotton is not None:
            out["cotton_at"] = _sentences(self.cotton)
        out["citation"] = self.cite(quotes=True)
        out["certainty"] = self.certainty
        return out


def _sentences(quote: str) -> str:
    found = find_in_cotton(quote)
    if not found:
        return _("(not found in the text)")
    return ngettext("sentence {n}", "sentences {n}", len(found)).format(
        n=", ".join(map(str, found))
    )


def _quoted(source: str, quote: str) -> str:
    """A source and its words, as each language quotes: ``Cotton, ... 2: "four apiece"`` (the
    words are the source's own, never translated; only the marks around them are the
    language's)."""
    return _('{source}: "{quote}"').format(source=source, quote=quote)
