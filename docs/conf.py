"""Sphinx configuration. Pages under docs/generated/ are written here, at build time, from
gleek/profiles/ and the shipped schemas: nothing in them is copied by hand."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE / "_ext"))

from gleek import Phase, State, load_profile, new_deal, observation  # noqa: E402
from gleek.compare import rule_matrix  # noqa: E402
from gleek.i18n import language as in_language  # noqa: E402 (a conf.py "language" is Sphinx's)
from gleek.profile import Source, list_profiles, list_variants, load_variant  # noqa: E402
from gleek.record import read  # noqa: E402
from gleek.rulesdoc import TABLE_STAGES, certainty_rst, rules_rst, with_words  # noqa: E402
from gleek.schemacheck import load_schema  # noqa: E402
from gleek.sim.bots import BasicBot  # noqa: E402
from gleek.sources import bibliography, cotton_sentences  # noqa: E402
from gleek.svg import draw  # noqa: E402
from gleek.viewer import replay_file, write_viewer  # noqa: E402

project = "gleek"
author = "The gleek developers"
copyright = "2026, the gleek developers"
extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosectionlabel",
    "sphinx.ext.intersphinx",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "language_switch",
]
exclude_patterns = ["_build", "_intersphinx"]
# Furo: navigation and search in the sidebar, a light and a dark mode (the pictures carry their
# own table-green background, so they read the same in both).
html_theme = "furo"
html_title = "gleek"
html_static_path = ["_static"]
html_css_files = ["gleek.css"]
templates_path = ["_templates"]
# Furo's sidebar, with the language switch (_templates/sidebar/languages.html) under the title.
html_sidebars = {
    "**": [
        "sidebar/brand.html",
        "sidebar/languages.html",
        "sidebar/search.html",
        "sidebar/scroll-start.html",
        "sidebar/navigation.html",
        "sidebar/ethical-ads.html",
        "sidebar/scroll-end.html",
        "sidebar/variant-selector.html",
    ]
}
html_theme_options = {"navigation_with_keys": True}
autodoc_member_order = "bysource"
autodoc_typehints = "description"
html_extra_path = ["generated/extra"]
nitpicky = False
suppress_warnings = ["ref.python"]
# Links to the Python documentation. The inventory ships with the docs (from Debian's
# python3.11-doc), so the build needs no network.
intersphinx_mapping = {
    "python": ("https://docs.python.org/3.11", str(HERE / "_intersphinx" / "python-3.11.inv"))
}
# Sections are linked as :ref:`page:Section title`.
autosectionlabel_prefix_document = True


def _esc(text: object) -> str:
    """Plain text made safe inside an rst table cell."""
    return str(text).replace("\\", "\\\\").replace("*", r"\*").replace("`", "'").replace("|", r"\|")


def _cell(text: str) -> str:
    return " ".join(text.split())


def _table(headers: list[str], rows: list[list[str]], widths: str = "auto") -> list[str]:
    out = [".. list-table::", "   :header-rows: 1", f"   :widths: {widths}", ""]
    for row in [headers, *rows]:
        out.append(f"   * - {_cell(row[0])}")
        out += [f"     - {_cell(c)}" for c in row[1:]]
    return [*out, ""]


PICTURE_NAMES = ("Anna", "Ben", "Carla")

# The caption of each stage's picture (the rules pages and the gallery show the same stages).
CAPTIONS = {s.picture: s.caption for s in TABLE_STAGES if s.picture}


def _stage_states(states: list[State]) -> dict[str, State]:
    """The state pictured for each stage of a deal (``states``, as dealt to over): dealt,
    discarding, vying the ruff, in play (five tricks played, two cards of the sixth down), over;
    in the order of :data:`CAPTIONS`."""

    def within(phase: Phase, offset: int) -> State:
        """The state ``offset`` actions into ``phase`` (its last one if the phase is shorter)."""
        inside = [s for s in states if s.phase is phase]
        return inside[min(offset, len(inside) - 1)]

    chosen = {
        "dealt": states[0],
        "discard": within(Phase.DISCARD, 3),
        "ruff": within(Phase.RUFF, 2),
        "play": within(Phase.PLAY, 17),
        "over": states[-1],
    }
    assert list(chosen) == list(CAPTIONS)
    return chosen


def _table_pictures(pid: str, out: Path) -> dict[str, str]:
    """Pictures of one deal played by the shipped bots under the profile, one for each stage
    of its rules page."""
    profile = load_profile(pid)
    rng = random.Random(f"rules-page:{pid}")
    bot = BasicBot()
    state = new_deal(profile, dealer=0, seed=f"rules-page:{pid}")
    states: list[State] = [state]
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        state = state.apply(bot.choose(state.observation(seat), state.legal_actions(), rng))
        states.append(state)
    pictures = out / "rules"
    pictures.mkdir(exist_ok=True)
    paths = {}
    for key, picked in _stage_states(states).items():
        (pictures / f"{pid}-{key}.svg").write_text(
            draw(picked, names=PICTURE_NAMES), encoding="utf-8"
        )
        paths[key] = f"/generated/rules/{pid}-{key}.svg"
    return paths


def _variants_page() -> str:
    lines = [
        "Variants",
        "========",
        "",
        "Overlays that apply on top of any profile "
        "(``--variant`` on the command line, ``variants=`` in :func:`gleek.load_profile`).",
        "",
    ]
    for vid in list_variants():
        v = load_variant(vid)
        head = f"{v.title} (``{vid}``)"
        lines += [head, "-" * len(head), "", v.summary, ""]
        rows = []
        for path, entry in v.rules.items():
            cite = Source(**entry["source"]).cite(quotes=True)
            rows.append([f"``{path}``", _esc(json.dumps(entry["value"])), _esc(cite)])
        lines += _table(["Rule", "Value", "Source"], rows, "25 10 65")
    return "\n".join(lines)


def _matrix_page() -> str:
    profiles = [load_profile(p) for p in list_profiles()]
    m = rule_matrix(profiles)
    numbers = {n: i for i, n in enumerate(m.notes(), 1)}
    lines = [".. This file is generated by docs/conf.py from gleek/profiles/.", ""]
    rows = []
    for row in m.rows:
        cells = []
        for c, words in zip(row.cells, row.words, strict=True):
            value = with_words(c, words)
            mark = certainty_rst(c)
            refs = "".join(f" [{numbers[n]}]" for n in c.source.notes())
            cite = c.source.cite() if c.source.inferred is None else ""
            cells.append(f"**{_esc(value)}**{mark}{refs}" + (f" -- {_esc(cite)}" if cite else ""))
        rows.append([f"{_esc(row.title)} ``{row.path}``", *cells])
    lines += _table(["Rule", *(_esc(name) for name in m.profiles)], rows)
    lines += ["Notes:", ""]
    lines += [f"{i}. {_esc(n)}" for i, n in enumerate(m.notes(), 1)]
    lines += [
        "",
        f"{len(m.agreeing)} rules agree in every profile and are left out of the table: "
        + ", ".join(f"``{p}``" for p in m.agreeing)
        + ".",
        "",
    ]
    return "\n".join(lines)


GALLERY_RECORD = "examples/parlett-s0-auction.yaml"
GALLERY_INVALID = "tests/records/revoke.yaml"


def _gallery(out: Path) -> str:
    """Pictures of one example deal at each stage, an observation, and the viewer pages."""
    root = HERE.parent
    pictures = out / "gallery"
    pictures.mkdir(exist_ok=True)
    (out / "extra").mkdir(exist_ok=True)
    deal = replay_file(root / GALLERY_RECORD)[0]
    shots = _stage_states([step.state for step in deal.steps])
    lines = []
    for name, state in shots.items():
        svg = draw(state, names=deal.names)
        (pictures / f"{name}.svg").write_text(svg, encoding="utf-8")
        lines += [
            f".. figure:: /generated/gallery/{name}.svg",
            "   :width: 600px",
            "",
            f"   {CAPTIONS[name]}",
            "",
        ]
    seen = observation(shots["play"], 2)
    (pictures / "observation.svg").write_text(
        draw(seen, names=deal.names, four_colour=True), encoding="utf-8"
    )
    lines += [
        ".. figure:: /generated/gallery/observation.svg",
        "   :width: 600px",
        "",
        f"   The same moment as {deal.names[2]} sees it (``observation(state, 2)``), in four "
        "colours: the other hands and the discards face down.",
        "",
    ]
    for record, page in (
        (GALLERY_RECORD, "viewer-example.html"),
        (GALLERY_INVALID, "viewer-invalid.html"),
    ):
        write_viewer(out / "extra" / page, root / record)
    return "\n".join(lines)


def _cotton_page() -> str:
    b = bibliography()["cotton"]
    lines = [
        "Cotton's chapter (1674)",
        "=======================",
        "",
        f"{b.author}, *The Compleat Gamester* ({b.published}, {b.year}), chapter VII, "
        '"The Game at GLEEK", transcribed by the Early English Books Online Text Creation '
        "Partnership as text A34637 and released into the public domain (CC0). Markup removed "
        '(the transcription\'s HTML entity "&amp;" is read as the "&" it stands for, so that '
        '"&c." reads as printed) and spelling as in the transcription. The sentences are '
        "numbered as the citations of "
        'the profiles number them ("Cotton, Compleat Gamester, ch. VII, sentence 5"), by one '
        "rule a reader can apply to any printing: after the heading, a sentence ends at a full "
        'stop followed by a capital letter, and nowhere else (not at a colon, nor at "17." or '
        '"i. e." inside a sentence). The test suite finds every Cotton quote of every profile '
        "in this text.",
        "",
    ]
    for n, sentence in enumerate(cotton_sentences(), 1):
        lines += [f".. _cotton-{n}:", "", f"**{n}.** {_esc(sentence)}", ""]
    return "\n".join(lines)


def _sources_page() -> str:
    lines = [
        "Sources",
        "=======",
        "",
        "Every source the profiles cite, from ``gleek/profiles/sources.yaml``.",
    ]
    lines.append("")
    rows = []
    for key, b in bibliography().items():
        rows.append(
            [
                f"``{key}``",
                _esc(b.author),
                _esc(b.title),
                _esc(b.kind),
                _esc(f"{b.published}, {b.year} ({b.language})"),
                _esc(b.about),
                _esc(b.cite_as),
            ]
        )
    lines += _table(["Key", "Author", "Title", "Kind", "Published", "About", "Cited as"], rows)
    return "\n".join(lines)


# What each code of the report means. The page is built from the report schema's list of codes:
# a code without a meaning here (or a meaning without a code) stops the build.
CODE_MEANINGS = {
    "syntax": "the file is not well-formed YAML or JSON",
    "schema": "the record does not match the record schema (a missing or unknown key, a wrong "
    "type)",
    "unknown-profile": "the record names a profile that is neither shipped nor registered",
    "unknown-variant": "the record names a variant that is neither shipped nor registered",
    "bad-card": "a card that is not one of the 44",
    "bad-deal": "the deal is not 44 distinct cards split 12, 12, 12, one turned up and 7 in the "
    "stock",
    "unknown-player": "a name that is not one of the record's players",
    "out-of-turn": "an action by a player whose turn it is not",
    "bad-bid": "a bid that is not the opening bid or exactly one raise higher",
    "bad-discard": "not exactly seven distinct cards from the buyer's hand",
    "forbidden-discard": "a discard the profile forbids (an honour of trumps, in some profiles)",
    "bad-ruff-call": "a word of the ruff that is not allowed at that point",
    "false-claim": "a claim for a set or card the player does not hold",
    "card-not-in-hand": "a card played that the player does not hold",
    "revoke": "a player did not follow suit while able to",
    "not-highest": "a player broke the play-high rule (the highest card of the suit led)",
    "incomplete": "the record stops before the deal is over",
    "extra-action": "an action after its stage has ended",
    "wrong-result": "the recorded result differs from what the rules give",
    "wrong-dealer": "a stated dealer who is not the one the rotation gives",
    "unclaimed": "a list of claims is given but leaves out something the player held",
    "deal-count": "a session whose number of deals is not a multiple of the profile's",
}
WARNING_CODES = ("unclaimed", "deal-count")


def _codes_page() -> str:
    codes = load_schema("report")["$defs"]["problem"]["properties"]["code"]["enum"]
    if set(codes) != set(CODE_MEANINGS) or not set(WARNING_CODES) <= set(codes):
        raise RuntimeError(
            "docs/conf.py: CODE_MEANINGS does not match the report schema's codes: "
            f"{sorted(set(codes) ^ set(CODE_MEANINGS))}"
        )
    rows = [
        [f"``{c}``", "warning" if c in WARNING_CODES else "error", _esc(CODE_MEANINGS[c])]
        for c in codes
    ]
    head = [".. This file is generated by docs/conf.py from the report schema.", ""]
    return "\n".join([*head, *_table(["Code", "Kind", "Meaning"], rows, "20 10 70")])


def _describe(schema: dict[str, Any], root: dict[str, Any]) -> str:
    """What a value of this JSON schema may be, in words."""
    if "$ref" in schema:
        return _describe(root["$defs"][schema["$ref"].rsplit("/", 1)[1]], root)
    if "enum" in schema:
        return "one of " + ", ".join(f"``{json.dumps(v)}``" for v in schema["enum"])
    if "oneOf" in schema:
        return " or ".join(_describe(s, root) for s in schema["oneOf"])
    kind = schema.get("type")
    words = []
    for k in kind if isinstance(kind, list) else [kind]:
        if k == "integer":
            low = schema.get("minimum")
            words.append("an integer" + (f" of at least {low}" if low is not None else ""))
        elif k == "boolean":
            words.append("``true`` or ``false``")
        elif k == "null":
            words.append("``null``")
        elif k == "string" and "pattern" in schema:
            words.append("an id: lower-case letters, digits and hyphens, starting with a letter")
        elif k == "string":
            words.append("text")
        elif k == "array":
            distinct = " of distinct items" if schema.get("uniqueItems") else ""
            words.append(f"a list{distinct}, each {_describe(schema['items'], root)}")
        elif k == "object":
            keys = ", ".join(f"``{key}``" for key in schema["properties"])
            inner = {_describe(v, root) for v in schema["properties"].values()}
            if len(inner) != 1:
                raise RuntimeError(f"docs/conf.py: no words for the schema {schema!r}")
            optional = "" if schema.get("required") else ", any of them"
            words.append(f"a map of {keys}{optional}, each {inner.pop()}")
        else:
            raise RuntimeError(f"docs/conf.py: no words for the schema {schema!r}")
    return " or ".join(words)


def _profile_schema_page() -> str:
    schema = load_schema("profile")
    lines = [".. This file is generated by docs/conf.py from the profile schema.", ""]
    rows = []
    for key, prop in schema["properties"].items():
        if key != "rules":
            rows.append([f"``{key}``", _describe(prop, schema)])
    lines += ["The profile's head", "------------------", ""]
    lines += _table(["Key", "Value"], rows, "20 80")
    for group, gs in schema["properties"]["rules"]["properties"].items():
        title = f"{gs['title']} (``rules.{group}``)"
        lines += [title, "-" * len(title), ""]
        rows = [
            [
                f"``{name}``",
                f"**{_esc(rs['title'])}**: {_esc(rs['description'])}",
                _describe(rs["properties"]["value"], schema),
            ]
            for name, rs in gs["properties"].items()
        ]
        lines += _table(["Key", "Rule", "Value"], rows, "20 50 30")
    return "\n".join(lines)


# The languages of the translated pages (docs/fr, docs/es): their pictures are drawn in them.
PAGE_LANGUAGES = ("fr", "es")


def _tutorial_pictures(out: Path) -> None:
    """The picture of the validation tutorial: the revoke's deal where the rules stop it; and
    the same drawn in each language of the translated tutorials (``revoke-fr.svg``, ...)."""
    rec = read(HERE.parent / GALLERY_INVALID)
    assert rec.broken is not None
    (out / "tutorial").mkdir(exist_ok=True)
    for lang, suffix in (("en", ""), *((lang, f"-{lang}") for lang in PAGE_LANGUAGES)):
        with in_language(lang):
            svg = draw(rec.broken.last, names=rec.players)
        (out / "tutorial" / f"revoke{suffix}.svg").write_text(svg, encoding="utf-8")


def _landing_pictures(out: Path) -> None:
    """The landing page's picture (the gallery's deal in play) drawn in each language of the
    translated landing pages (``gallery/play-fr.svg``, ...)."""
    deal = replay_file(HERE.parent / GALLERY_RECORD)[0]
    playing = _stage_states([step.state for step in deal.steps])["play"]
    for lang in PAGE_LANGUAGES:
        with in_language(lang):
            svg = draw(playing, names=deal.names)
        (out / "gallery" / f"play-{lang}.svg").write_text(svg, encoding="utf-8")


def _generate() -> None:
    out = HERE / "generated"
    out.mkdir(exist_ok=True)
    _tutorial_pictures(out)
    for pid in list_profiles():
        page = rules_rst(load_profile(pid), _table_pictures(pid, out))
        (out / f"profile-{pid}.rst").write_text(page, encoding="utf-8")
    (out / "variants.rst").write_text(_variants_page(), encoding="utf-8")
    (out / "matrix.rst").write_text(_matrix_page(), encoding="utf-8")
    (out / "gallery.rst").write_text(_gallery(out), encoding="utf-8")
    _landing_pictures(out)
    (out / "cotton.rst").write_text(_cotton_page(), encoding="utf-8")
    (out / "sources.rst").write_text(_sources_page(), encoding="utf-8")
    (out / "codes.rst").write_text(_codes_page(), encoding="utf-8")
    (out / "profile-schema.rst").write_text(_profile_schema_page(), encoding="utf-8")
    for name in ("profile", "record", "report"):
        (out / f"{name}.schema.json").write_text(
            json.dumps(load_schema(name), indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
        )


_generate()
