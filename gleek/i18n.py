"""The language of what gleek prints: English (the default), French or Spanish.

The words are gettext catalogs, made with Babel: ``gleek/locale/gleek.pot`` (extracted from the
code, ``babel.cfg``) and ``gleek/locale/{fr,es}/LC_MESSAGES/gleek.po``. The build compiles each
``.po`` into its ``.mo`` (setup.py), so wheels and sdists carry the compiled catalogs; in a
working copy, where no ``.mo`` was built, the ``.po`` itself is read with Babel (a development
dependency). Error codes and the record format stay English: they are a contract.

>>> from gleek.i18n import gettext as _, language, get_language
>>> get_language()
'en'
>>> with language("fr"):
...     print(_("valid"))
valide
>>> with language("es"):
...     print(_("valid"))
válido
>>> print(_("valid"))
valid

The command line chooses with ``gleek --lang fr|es|en``, else ``GLEEK_LANG``, else the locale
(``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English (:func:`language_from_environment`).

argparse's own words (``usage:``, ``options``, its errors) are gleek's messages too, while
gleek's command runs: :func:`argparse_speaks`.

May import: :mod:`gleek.errors`; nothing of the engine.
"""

from __future__ import annotations

import argparse
import io
import os
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from gettext import GNUTranslations, NullTranslations
from pathlib import Path
from typing import Final

from gleek.errors import ArgumentError

__all__ = [
    "ARGPARSE_MESSAGES",
    "LANGUAGES",
    "N_",
    "argparse_speaks",
    "card_text",
    "cards_text",
    "get_language",
    "gettext",
    "language",
    "language_from_environment",
    "ngettext",
    "rank_text",
    "set_language",
]

#: The languages gleek speaks, English first (the default, and the words of the code).
LANGUAGES: Final = ("en", "fr", "es")
DOMAIN: Final = "gleek"
LOCALE_DIR: Final = Path(__file__).resolve().parent / "locale"

_current: ContextVar[str] = ContextVar("gleek_language", default="en")


def _check(lang: str, what: str = "language") -> str:
    if lang not in LANGUAGES:
        raise ArgumentError(
            f"{what}: {lang!r} is not one of the languages gleek speaks ({', '.join(LANGUAGES)})"
        )
    return lang


def set_language(lang: str) -> None:
    """Speak ``lang`` (``"en"``, ``"fr"`` or ``"es"``) from now on, in this thread or task."""
    _current.set(_check(lang))


def get_language() -> str:
    """The language gleek speaks now."""
    return _current.get()


@contextmanager
def language(lang: str) -> Iterator[None]:
    """Speak ``lang`` inside the ``with`` block, and the language before it after."""
    token = _current.set(_check(lang))
    try:
        yield
    finally:
        _current.reset(token)


def _from_tag(tag: str) -> str | None:
    """The language of a locale name (``fr_FR.UTF-8`` is French), None if gleek does not speak
    it."""
    code = tag.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return code if code in LANGUAGES else None


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """``GLEEK_LANG`` if set (it must be a language gleek speaks), else the first of
    ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set and names one, else English.

    >>> language_from_environment({"LANG": "es_ES.UTF-8"})
    'es'
    >>> language_from_environment({"GLEEK_LANG": "fr", "LANG": "es_ES.UTF-8"})
    'fr'
    >>> language_from_environment({"LC_ALL": "C", "LANG": "de_DE.UTF-8"})
    'en'
    """
    env = os.environ if environ is None else environ
    chosen = env.get("GLEEK_LANG", "")
    if chosen:
        return _check(chosen, "GLEEK_LANG")
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:  # the first one set decides, as for the C library
            return _from_tag(value) or "en"
    return "en"


@cache
def catalog(lang: str) -> NullTranslations:
    """The translations of ``lang``: its compiled ``.mo`` where the build made one, else its
    ``.po`` compiled in memory with Babel (a working copy)."""
    if lang == "en":
        return NullTranslations()
    base = LOCALE_DIR / lang / "LC_MESSAGES"
    mo = base / f"{DOMAIN}.mo"
    if mo.is_file():
        with mo.open("rb") as fp:
            return GNUTranslations(fp)
    return _compile((base / f"{DOMAIN}.po").read_bytes(), lang)


def _compile(po: bytes, lang: str) -> GNUTranslations:
    """A ``.po`` file's bytes as translations (Babel reads it and writes the ``.mo``)."""
    try:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po
    except ImportError:  # pragma: no cover - the build ships .mo; a working copy has dev extras
        raise ArgumentError(
            f"language {lang!r}: this copy of gleek has no compiled catalog; install it with "
            "pip (the build compiles them) or install Babel"
        ) from None
    buf = io.BytesIO()
    write_mo(buf, read_po(io.BytesIO(po), locale=lang))
    buf.seek(0)
    return GNUTranslations(buf)


def gettext(message: str) -> str:
    """``message`` in the language gleek speaks now (imported as ``_`` where it is used)."""
    lang = _current.get()
    return message if lang == "en" else catalog(lang).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or the plural of a message, for ``n``, in the language gleek speaks now."""
    return catalog(_current.get()).ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks ``message`` for the catalogs without translating it (a table of messages,
    translated where it is used)."""
    return message


#: The ranks a language writes with letters of its own: French *roi*, *dame*, *valet*. Spanish
#: writes K, Q and J as its guide does (read *ka*, *cu*, *jota*); English its codes.
_RANK_LETTERS: Final[Mapping[str, Mapping[str, str]]] = {"fr": {"K": "R", "Q": "D", "J": "V"}}
_SUIT_SIGNS: Final = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}


def rank_text(rank: object) -> str:
    """A rank (its symbol, ``"K"``, ``"10"``, or a :class:`~gleek.cards.Rank`) as the language
    gleek speaks writes it in text: French R, D, V for the king, queen and jack.

    >>> with language("fr"):
    ...     print(rank_text("K"), rank_text("Q"), rank_text("J"), rank_text("A"), rank_text("10"))
    R D V A 10
    """
    symbol = str(rank)
    return _RANK_LETTERS.get(_current.get(), {}).get(symbol, symbol)


def card_text(card: object) -> str:
    """A card (a :class:`~gleek.cards.Card` or its code, ``"KD"``) as the language gleek speaks
    writes it in text: English its code; French and Spanish its rank and its suit's sign, French
    with R, D, V for the king, queen and jack, Spanish with K, Q, J, as its guide writes them.
    What a program reads keeps the codes (records, JSON, the actions), and every reader of a
    card takes the codes in any language.

    >>> card_text("KD"), card_text("10H")
    ('KD', '10H')
    >>> with language("fr"):
    ...     print(card_text("KD"), card_text("JC"), card_text("10H"), card_text("AS"))
    R♦ V♣ 10♥ A♠
    >>> with language("es"):
    ...     print(card_text("KD"), card_text("QH"))
    K♦ Q♥
    """
    code = str(card)
    if _current.get() == "en" or len(code) < 2 or code[-1] not in _SUIT_SIGNS:
        return code
    return rank_text(code[:-1]) + _SUIT_SIGNS[code[-1]]


def cards_text(cards: Iterable[object], sep: str = " ") -> str:
    """Cards as :func:`card_text` writes each, joined by ``sep``."""
    return sep.join([card_text(c) for c in cards])


#: argparse's own words that a user of ``gleek`` reads (its help's headings and its errors), as
#: argparse writes them: marked here, in one place, for ``pybabel extract``; argparse looks them
#: up itself (:func:`argparse_speaks`). Its messages for the programmer (a parser built wrong)
#: are left out: they never reach a user.
ARGPARSE_MESSAGES: Final = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unexpected option string: %s"),
    N_("can't open '%(filename)s': %(error)s"),
)


def _argparse_plurals() -> None:  # pragma: no cover - never called: it marks, argparse asks
    """argparse's plural message a user reads (``nargs=3`` given two), marked for ``pybabel
    extract`` as :data:`ARGPARSE_MESSAGES` are."""
    ngettext("expected %s argument", "expected %s arguments", 2)


@contextmanager
def argparse_speaks() -> Iterator[None]:
    """Inside the ``with`` block, argparse's own words come from gleek's catalogs, in the
    language gleek speaks (argparse calls the module-level ``_`` and ``ngettext`` it imported
    from :mod:`gettext`, with the ``messages`` domain, which gleek does not ship); as before
    after. Only the command line uses it, around the parsing and the run of one command.

    >>> parser = argparse.ArgumentParser(prog="p")
    >>> with language("fr"), argparse_speaks():
    ...     print(parser.format_usage().strip())
    utilisation : p [-h]
    >>> print(parser.format_usage().strip())
    usage: p [-h]
    """
    module = vars(argparse)
    saved = module["_"], module["ngettext"]
    module["_"], module["ngettext"] = gettext, ngettext
    try:
        yield
    finally:
        module["_"], module["ngettext"] = saved
