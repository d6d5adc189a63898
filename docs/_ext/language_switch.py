"""The documentation's language switch: a Sphinx extension (docs/conf.py loads it) that gives
each page the links of ``_templates/sidebar/languages.html``: English, Français, Español.

A page translated into French and Spanish (:data:`TRANSLATED`) links its counterparts, and its
``<html lang>`` is its language; every other page is English and links the French and Spanish
landing pages (those pages say that the rest of the documentation is in English).
"""

from __future__ import annotations

from typing import Any, NamedTuple

# Each English page translated, with its French and its Spanish counterpart.
TRANSLATED = {
    "index": ("fr/index", "es/index"),
    "validate-tutorial": ("fr/validate-tutorial", "es/validate-tutorial"),
    "languages": ("languages-fr", "languages-es"),
}
LANGUAGES = (("en", "English"), ("fr", "Français"), ("es", "Español"))
LANDING_TITLES = {"fr": "Accueil en français", "es": "Portada en español"}


class Link(NamedTuple):
    """One language of the switch: its code, its name, the page it links, whether that is the
    page shown, and a title when the link goes to a landing page rather than a counterpart."""

    code: str
    name: str
    page: str
    current: bool
    title: str


def pages(pagename: str) -> tuple[str, str, str] | None:
    """The English, French and Spanish pages of ``pagename`` (None: it has no translation)."""
    for english, (french, spanish) in TRANSLATED.items():
        if pagename in (english, french, spanish):
            return english, french, spanish
    return None


def links(pagename: str) -> list[Link]:
    """The switch of ``pagename``.

    >>> [(link.page, link.current) for link in links("fr/validate-tutorial")]
    [('validate-tutorial', False), ('fr/validate-tutorial', True), ('es/validate-tutorial', False)]
    >>> [(link.page, link.current) for link in links("compare")]
    [('compare', True), ('fr/index', False), ('es/index', False)]
    """
    group = pages(pagename)
    if group is not None:
        return [
            Link(code, name, page, page == pagename, "")
            for (code, name), page in zip(LANGUAGES, group, strict=True)
        ]
    landing = ("", *TRANSLATED["index"])
    return [
        Link(code, name, page or pagename, not page, LANDING_TITLES.get(code, ""))
        for (code, name), page in zip(LANGUAGES, landing, strict=True)
    ]


def _page_context(
    app: Any, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    switch = links(pagename)
    context["gleek_languages"] = switch
    context["language"] = next(link.code for link in switch if link.current)


def setup(app: Any) -> dict[str, Any]:
    app.connect("html-page-context", _page_context)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
