"""French and Spanish: the catalogs are complete, their placeholders match, the template is the
code's, and what ``gleek --lang`` prints is translated (a pseudo-locale run)."""

from __future__ import annotations

import gettext
import io
import json
import re
import string
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.frontend import CommandLineInterface
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from gleek import effects, i18n
from gleek.cli import main
from gleek.errors import ArgumentError
from gleek.profile import load_profile

ROOT = Path(__file__).resolve().parent.parent
#: the catalogs of the gleek imported (the package ships its .pot and .po beside the .mo; the
#: compiled build's suite runs against an install, with no source tree beside the tests)
LOCALE = i18n.LOCALE_DIR
LANGS = ("fr", "es")


def _read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as fp:
        return read_po(fp, locale=locale)


def _po(lang: str) -> Catalog:
    return _read(LOCALE / lang / "LC_MESSAGES" / "gleek.po", lang)


def _ids(catalog: Catalog) -> set[object]:
    return {m.id for m in catalog if m.id}


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_is_translated(lang: str) -> None:
    """Each message of the template has a translation, every plural form of it too."""
    po = _po(lang)
    assert _ids(po) == _ids(_read(LOCALE / "gleek.pot"))
    for m in po:
        if m.id:
            forms = m.string if isinstance(m.string, tuple) else (m.string,)
            assert forms and all(f.strip() for f in forms), (lang, m.id)
            assert not m.fuzzy, (lang, m.id)


@pytest.mark.parametrize("lang", LANGS)
def test_placeholders_match(lang: str) -> None:
    """Each translation fills the placeholders of its message, no more and no fewer."""
    for m in _po(lang):
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        forms = m.string if isinstance(m.string, tuple) else (m.string,)
        want = set().union(*map(_fields, ids))
        for form in forms:
            assert _fields(form) == want, (lang, m.id, form)


def test_the_template_is_the_codes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``pybabel extract`` with babel.cfg finds the messages of the committed template, no more
    and no fewer (an edited message needs the template and the catalogs updated). It reads the
    source tree, which the compiled build's run of the suite (against an install) has not."""
    if not (ROOT / "babel.cfg").is_file():
        pytest.skip("the source tree is not beside the tests (the compiled build's run)")
    monkeypatch.chdir(ROOT)
    out = tmp_path / "gleek.pot"
    CommandLineInterface().run(
        ["pybabel", "-q", "extract", "-F", "babel.cfg", "-k", "N_", "-o", str(out), "."]
    )
    assert _ids(_read(out)) == _ids(_read(LOCALE / "gleek.pot"))


def test_the_language_is_english_by_default_and_chosen() -> None:
    assert i18n.get_language() == "en"
    with i18n.language("fr"):
        assert i18n.get_language() == "fr"
        assert i18n.ngettext("{n} card", "{n} cards", 2).format(n=2) == "2 cartes"
        with i18n.language("es"):
            assert i18n.gettext("valid") == "válido"
        assert i18n.gettext("valid") == "valide"
    assert i18n.gettext("valid") == "valid"
    assert i18n.ngettext("{n} card", "{n} cards", 1).format(n=1) == "1 card"
    with pytest.raises(ArgumentError, match="'de' is not one of the languages gleek speaks"):
        i18n.set_language("de")
    with pytest.raises(ArgumentError, match="GLEEK_LANG: 'xx' is not one"):
        i18n.language_from_environment({"GLEEK_LANG": "xx"})
    assert i18n.language_from_environment({"LC_MESSAGES": "es", "LANG": "fr_FR"}) == "es"
    assert i18n.language_from_environment({}) == "en"


def test_set_language_holds_in_its_context() -> None:
    import contextvars

    def inside() -> str:
        i18n.set_language("es")
        return i18n.gettext("valid")

    assert contextvars.copy_context().run(inside) == "válido"
    assert i18n.get_language() == "en"


def test_a_built_catalog_is_read_from_its_mo(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the build compiled a ``.mo`` (a wheel), it is read instead of the ``.po``."""
    mo = tmp_path / "fr" / "LC_MESSAGES" / "gleek.mo"
    mo.parent.mkdir(parents=True)
    po = _po("fr")
    po.get("valid").string = "valide (mo)"
    with mo.open("wb") as fp:
        write_mo(fp, po)
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    assert i18n.catalog.__wrapped__("fr").gettext("valid") == "valide (mo)"


@pytest.mark.parametrize(
    ("args", "env", "said"),
    [
        (["--lang", "fr"], {}, "invalide (1 erreur) selon parlett+play-high"),
        ([], {"GLEEK_LANG": "es"}, "inválido (1 error) según parlett+play-high"),
        ([], {"LANG": "fr_CA.UTF-8"}, "invalide (1 erreur)"),
        (["--lang", "en"], {"GLEEK_LANG": "fr"}, "invalid (1 error) under parlett+play-high"),
    ],
)
def test_the_command_speaks_the_language_chosen(
    args: list[str],
    env: dict[str, str],
    said: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    for name in ("GLEEK_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert main([*args, "validate", str(ROOT / "tests" / "records" / "revoke.yaml")]) == 1
    assert said in capsys.readouterr().out
    assert i18n.get_language() == "en"  # the command's language ends with it


def test_a_bad_language_is_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--lang", "de", "profiles"]) == 2
    assert "invalid choice: 'de'" in capsys.readouterr().err
    monkeypatch.setenv("GLEEK_LANG", "klingon")
    assert main(["profiles"]) == 2
    assert "GLEEK_LANG: 'klingon' is not one of the languages" in capsys.readouterr().err


# -- the pseudo-locale run: every translation wrapped in markers; whatever a user reads outside
# them must be data (cards, names, numbers, codes, file names, the sources' own words)

OPEN, CLOSE = "⟦", "⟧"


def _pseudo(lang: str) -> gettext.GNUTranslations:
    po = _po(lang)
    for m in po:
        if m.id:
            if isinstance(m.string, tuple):
                m.string = tuple(f"{OPEN}{s}{CLOSE}" for s in m.string)
            else:
                m.string = f"{OPEN}{m.string}{CLOSE}"
    buf = io.BytesIO()
    write_mo(buf, po)
    buf.seek(0)
    return gettext.GNUTranslations(buf)


def _unmarked(text: str) -> str:
    """``text`` less every marked span (innermost first: a message may hold another)."""
    inner = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
    while True:
        text, n = inner.subn(" ", text)
        if not n:
            return text


def _pseudo_run(
    lang: str, argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> str:
    catalog = _pseudo(lang)
    monkeypatch.setattr(i18n, "catalog", lambda _lang: catalog)
    main(["--lang", lang, *argv])
    return capsys.readouterr().out


def _left(out: str, data: list[str]) -> Iterator[str]:
    """The words of ``out`` outside the markers that are not ``data``."""
    for line in out.splitlines():
        rest = _unmarked(line)
        for item in sorted(data, key=len, reverse=True):
            rest = rest.replace(item, " ")
        yield from re.findall(r"[^\W\d_]{2,}", rest)


def test_validate_in_the_pseudo_locale_leaves_no_english(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("revoke", "incomplete", "bad-discard", "wrong-result", "out-of-turn"):
        record = ROOT / "tests" / "records" / f"{name}.yaml"
        out = _pseudo_run("fr", ["validate", str(record)], monkeypatch, capsys)
        assert OPEN in out
        # data: the file, the error code, the players, the profile and variant, the pot
        data = [str(record), name, "North", "East", "West", "parlett", "play-high", "pot"]
        assert list(_left(out, data)) == [], out
    # a whole deal: its summary, payments and balances
    record = ROOT / "examples" / "parlett-s0-auction.yaml"
    out = _pseudo_run("es", ["validate", str(record)], monkeypatch, capsys)
    data = [str(record), "Anna", "Ben", "Carla", "parlett", "pot", " H"]  # H: the trump suit
    assert list(_left(out, data)) == [], out


def test_rules_in_the_pseudo_locale_leaves_no_english(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _pseudo_run("es", ["rules", "pedagogical"], monkeypatch, capsys)
    profile = load_profile("pedagogical")
    data = ["pedagogical", "pedagogique", "pedagogico", "id"]
    data += [*profile.titles, *profile.titles.values()]  # (fr) Règles pédagogiques
    data += ["Reglas didácticas", "Règles pédagogiques", "Cotton, Compleat Gamester, ch. VII"]
    for r in profile.rules:
        with i18n.language("es"):
            data.append(_unmarked(r.display()))  # the value: numbers, card letters, yes/no marked
        s = r.source
        data += [p.quote for p in s.parallel] + [p.at for p in s.parallel]
        data += [w for w in (s.quote, s.at, s.cotton, s.silent) if w]
        if isinstance(r.value, str):
            data.append(r.value)
    left = list(_left(out, data))
    assert left == [], left
    # the Spanish guide is quoted, not the French one, where it has the passage
    assert '"Reparte 12 cartas a cada persona en lotes de 4."' in out
    assert "Distribuez" not in out


# -- the pseudo-locale run of every --help and of the text the other commands print (issue 47)

#: every command and subcommand whose --help a user reads
COMMANDS = [
    [],
    ["profiles"],
    ["rules"],
    ["play"],
    ["validate"],
    ["compare"],
    ["effects"],
    ["show"],
    ["analyze"],
    ["match"],
    ["ladder"],
    ["new"],
    ["new", "variant"],
    ["new", "record"],
    ["web"],
    ["web", "build"],
]
#: what is a name, not a word to translate, in a help: the program and its commands, the
#: options and their choices ({text,json}), and the names the helps give as examples or values
HELP_DATA = [
    "gleek",
    *(c for cmd in COMMANDS for c in cmd),
    "analyze",
    "GLEEK_LANG",
]


def _pseudo_out(
    lang: str,
    argv: list[str],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> tuple[int, str, str]:
    """The exit status, stdout and stderr of ``gleek --lang lang argv`` in the pseudo-locale."""
    catalog = _pseudo(lang)
    monkeypatch.setattr(i18n, "catalog", lambda _lang: catalog)
    try:
        status = main(["--lang", lang, *argv])
    except SystemExit as exc:  # --help
        status = int(exc.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def _english(text: str, data: list[str]) -> list[str]:
    """The words of ``text`` outside the markers (a marked span may be wrapped over lines) that
    are not ``data``, options (``--seed``), choices (``{text,json}``), cards or file names."""
    rest = _unmarked(text)
    rest = re.sub(
        r"\{[^{}]*\}|(?<![\w])--?[\w-]+|\S+\.(yaml|yml|json|jsonl|svg|png|html)\b", " ", rest
    )
    rest = re.sub(r"\b(10|[2-9AKQJT])[SHDC]\b", " ", rest)  # the cards: KH in every language
    for item in sorted(data, key=len, reverse=True):
        rest = rest.replace(item, " ")
    return re.findall(r"[^\W\d_]{2,}", rest)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c) or "gleek")
def test_every_help_in_the_pseudo_locale_leaves_no_english(
    lang: str,
    command: list[str],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The help of each command: its descriptions, options, metavars, and argparse's own
    headings ("usage:", "options", "show this help message and exit")."""
    status, out, _err = _pseudo_out(lang, [*command, "--help"], monkeypatch, capsys)
    assert status == 0
    assert f"{OPEN}{_po(lang).get('usage: ').string}{CLOSE}" in out
    assert _english(out, HELP_DATA) == [], out
    assert i18n.get_language() == "en"
    import argparse

    assert argparse._("usage: ") == "usage: "  # type: ignore[attr-defined]  # argparse's again


@pytest.mark.parametrize(
    "argv",
    [
        ["match", "random", "basic"],  # argparse: the following arguments are required
        ["rules", "parlett", "--format", "html"],  # argparse: invalid choice
        ["play", "--seeds", "2"],  # gleek's own: unknown option, did you mean
        ["play", "extra"],  # unexpected argument
        ["play", "--deals", "0"],  # argument --deals: must be at least 1
        ["play", "--bots", "rulez"],  # unknown bot, did you mean
        ["compare", "--record", "x.yaml", "--simulate", "2"],
    ],
)
def test_argument_errors_in_the_pseudo_locale_leave_no_english(
    argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = _pseudo_out("es", argv, monkeypatch, capsys)
    assert status == 2 and not out
    assert OPEN in err
    data = [*HELP_DATA, "de", "rulez", "rules", "extra", "BOT", "random", "basic", "search"]
    assert _english(err, data) == [], err


def test_the_commands_text_in_the_pseudo_locale_leaves_no_english(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """play, match, ladder, analyze, compare (the rules, a record, a simulation), effects and
    show: what they print in text, on small inputs."""
    record = str(ROOT / "examples" / "parlett-s0-auction.yaml")
    players = ["North", "East", "West", "Anna", "Ben", "Carla", "pot"]
    bots = ["random", "basic", "rules"]
    fast = ["--workers", "1", "--no-progress"]
    lad = ["--profile", "parlett", "--resamples", "20"]
    runs: list[tuple[list[str], list[str]]] = [
        (
            ["play", "--seed", "3", "--deals", "2"],
            [*players, "Parlett", "reconstruction", "s", "basic"],
        ),
        (["match", *bots, "--deals", "3", *fast], [*bots, "parlett"]),
        (
            ["ladder", *(f"--bot={b}" for b in bots), "--decks", "2", *lad, *fast],
            [*bots, "parlett", "Bradley", "Terry", "Elo"],
        ),
        (["analyze", record, "--from-trick", "12"], [record, *players]),
        (["compare", "parlett", "pedagogical", "--record", record], [record, *players]),
        (["compare", "parlett", "pedagogical", "--simulate", "3", *fast], ["rules"]),
        (
            ["effects", "parlett", "ruff.stake", "--deals", "6", "--seed", "1", *fast],
            ["parlett", "ruff", "stake", "rules", *effects.KEYS],  # the figures' keys
        ),
        (["compare", "parlett", "pedagogical", "--rules", "stock.*"], ["parlett", "pedagogical"]),
        (["show", record, "--svg", str(tmp_path / "last.svg")], [str(tmp_path / "last.svg")]),
    ]
    # the citations of the rule matrix: the sources' names and places, in their own words
    with i18n.language("fr"):
        cites = [r.source.cite() for p in ("parlett", "pedagogical") for r in load_profile(p).rules]
    cited = {w for c in cites for w in re.findall(r"[^\W\d_]{2,}", c)}
    for argv, data in runs:
        status, out, _err = _pseudo_out("fr", argv, monkeypatch, capsys)
        assert status == 0, (argv, _err)
        assert OPEN in out, argv
        metrics = [
            w for line in out.splitlines() for w in re.findall(r"\b[a-z_]+\.[a-z_.]+\b", line)
        ]
        left = _english(out, [*data, *metrics, "parlett", "pedagogical"])
        if "--rules" in argv:  # the rule matrix cites its sources
            left = [w for w in left if w not in cited]
        assert left == [], (argv, out)


class _Visible(HTMLParser):
    """The text a reader sees of a page (not its scripts, style or card faces), and its
    ``title`` attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.hidden = 0
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style", "svg"):
            self.hidden += 1
        self.text += [v for k, v in attrs if k == "title" and v]

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "svg"):
            self.hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self.hidden and data.strip():
            self.text.append(data)


def _strings(data: object) -> Iterator[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for value in data.values():
            yield from _strings(value)
    elif isinstance(data, list):
        for value in data:
            yield from _strings(value)


@pytest.mark.parametrize("lang", LANGS)
def test_the_viewer_in_the_pseudo_locale_leaves_no_english(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The viewer's page (``gleek show --html``) and its pictures: the markup's words, the
    script's and the picture's words it carries, every step's caption and payments, and the
    pictures drawn by :func:`gleek.svg.draw`, all in the markers but the data."""
    from gleek.cards import DECK
    from gleek.svg import draw
    from gleek.viewer import replay_file, viewer_html

    catalog = _pseudo(lang)
    monkeypatch.setattr(i18n, "catalog", lambda _lang: catalog)
    cards = [str(c) for c in DECK]
    for path, names in (
        (ROOT / "examples" / "parlett-s0-auction.yaml", ["Anna", "Ben", "Carla"]),
        (ROOT / "tests" / "records" / "revoke.yaml", ["North", "East", "West"]),
    ):
        with i18n.language(lang):
            page = viewer_html(path)
            pictures = [draw(s.state, names=names) for d in replay_file(path) for s in d.steps]
        assert f'<html lang="{lang}">' in page and "//" not in page.replace(
            "http://www.w3.org/2000/svg", ""
        )
        seen = _Visible()
        seen.feed(page)
        payload = page.split('id="gleek-data">', 1)[1].split("</script>", 1)[0]
        data = json.loads(payload)
        read = [*seen.text, *_strings(data["words"])]
        read += [s["c"] for s in data["steps"]] + [p for s in data["steps"] for p in s.get("p", [])]
        read += [t for svg in pictures for t in re.findall(r"<text[^>]*>([^<]*)</text>", svg)]
        # data: the file, the players, the cards, the profile, the error's code and place
        known = [str(path), path.name, *names, *cards, "parlett", "play-high", "revoke", "gleek"]
        left = list(_left("\n".join(read), known))
        assert left == [], left
        assert any(OPEN in c for c in read)
