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
    """The placeholders of a format string; of a message that is none (a YAML reader's words,
    with a brace of their own: "did not find expected ',' or '}'"), its braces."""
    try:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    except ValueError:
        return {f"literal {c}" for c in text if c in "{}"}


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
    lang: str,
    argv: list[str],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    stderr: bool = False,
) -> str:
    catalog = _pseudo(lang)
    monkeypatch.setattr(i18n, "catalog", lambda _lang: catalog)
    main(["--lang", lang, *argv])
    said = capsys.readouterr()
    return said.out + said.err if stderr else said.out


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
    left = list(_left(out, _profile_data("pedagogical", "es")))
    assert left == [], left
    # the Spanish guide is quoted, not the French one, where it has the passage
    assert "«Reparte 12 cartas a cada persona en lotes de 4.»" in out
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


RECORDS = sorted((ROOT / "tests" / "records").glob("*.yaml"))


@pytest.mark.parametrize("lang", LANGS)
def test_every_broken_record_in_the_pseudo_locale_leaves_no_english(
    lang: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``gleek validate`` over every record of tests/records (the schema's, the YAML reader's,
    the profile's and the replay's errors, and a valid deal's summary): what is not marked is
    the file, the error code and the places."""
    assert len(RECORDS) >= 30
    for record in RECORDS:
        code = json.loads(record.with_suffix("").with_suffix(".expected.json").read_text())["code"]
        out = _pseudo_run(lang, ["validate", str(record)], monkeypatch, capsys)
        assert OPEN in out, record.name
        assert list(_left(out, [str(record), code])) == [], out


def _hostile(folder: Path) -> list[Path]:
    """Files a reader refuses, each for its own reason (the YAML reader's words, a JSON Lines
    record's, the limits, bytes that are not text)."""
    head = "format: gleek-record/1\nprofile: parlett\nplayers: [North, East, West]\n"
    files = {
        "tab.yaml": head + "deals:\n\t- dealer: North\n",
        "duplicate.yaml": head + "profile: cotton\ndeals: []\n",
        "alias.yaml": head + "deals: *nowhere\n",
        "huge.yaml": head + "pot: " + "9" * 5000 + "\ndeals: []\n",
        "deep.yaml": head + "deals: " + "[" * 300 + "]" * 300 + "\n",
        "unknown-key.yaml": head + "deal: []\n",
        "tag.yaml": head + "deals: !!python/object:os.system []\n",
        "blank.jsonl": '{"format": "gleek-record/1"}\n\n{"dealer": "North"}\n',
        "deals-in-head.jsonl": '{"format": "gleek-record/1", "deals": []}\n',
        "broken.jsonl": '{"format": "gleek-record/1", "players": [1, }\n',
        "empty.jsonl": "",
    }
    out = []
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
        out.append(folder / name)
    for name, data in (("latin1.yaml", b"players: [Andr\xe9]\n"), ("nul.yaml", b"a: \x00\n")):
        (folder / name).write_bytes(data)
        out.append(folder / name)
    (folder / "a-folder.yaml").mkdir()
    out.append(folder / "a-folder.yaml")
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_hostile_files_in_the_pseudo_locale_leave_no_english(
    lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    codes = ["syntax", "schema", "unreadable", "incomplete", "unknown-profile", "gleek validate"]
    for file in _hostile(tmp_path):
        out = _pseudo_run(lang, ["validate", str(file)], monkeypatch, capsys, stderr=True)
        assert OPEN in out, (file.name, out)
        assert list(_left(out, [str(file), *codes])) == [], (file.name, out)


def _profile_data(pid: str, lang: str) -> list[str]:
    """What ``gleek rules PROFILE`` prints that is data: names, ids, values, the sources' names,
    places and words (a quote is never translated)."""
    from gleek.rulesdoc import markdown_text
    from gleek.sources import bibliography

    profile = load_profile(pid)
    data = [profile.id, profile.title, *profile.aliases, *profile.variants, "id"]
    data += [*profile.titles, *profile.titles.values()]
    data += [b.cite_as for b in bibliography().values()]
    for r in profile.rules:
        with i18n.language(lang):
            data.append(_unmarked(r.display()))  # the value: numbers, card letters, yes/no marked
        s = r.source
        data += [p.quote for p in s.parallel] + [p.at for p in s.parallel]
        data += [w for w in (s.quote, s.at, s.cotton, s.silent) if w]
        if isinstance(r.value, str):
            data.append(r.value)
    return data + [markdown_text(d) for d in data]


#: The texts of ``gleek rules --format json``, which follow the language (its keys, ids, paths,
#: values and certainties are a contract, the same in every language).
JSON_TEXTS = ("summary", "group", "title", "description", "in_words", "notes")


def _json_texts(data: object, key: str = "") -> Iterator[str]:
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _json_texts(v, k)
    elif isinstance(data, list):
        for v in data:
            yield from _json_texts(v, key)
    elif isinstance(data, str) and key in JSON_TEXTS:
        yield data


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("pid", ["parlett", "publications-international", "cotton", "pedagogical"])
def test_rules_in_every_format_in_the_pseudo_locale_leave_no_english(
    pid: str, lang: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _profile_data(pid, lang)
    for fmt in ("text", "markdown"):
        out = _pseudo_run(lang, ["rules", pid, "--format", fmt], monkeypatch, capsys)
        assert OPEN in out
        left = list(_left(out, data))
        assert left == [], (fmt, left)
    out = _pseudo_run(lang, ["rules", pid, "--format", "json"], monkeypatch, capsys)
    rules = json.loads(out)
    assert rules["rules"][0]["certainty"] in ("stated", "inferred", "doubtful", "not applicable")
    texts = [t for t in _json_texts({k: v for k, v in rules.items() if k != "title"}) if t]
    assert texts and all(OPEN in t for t in texts), texts
    left = [w for t in texts for w in _left(t, data)]
    assert left == [], left


def test_the_pot_in_payments_speaks_each_language(capsys: pytest.CaptureFixture[str]) -> None:
    """The pot pays and is paid in each language's own words ("paie 10 au pot", "el bote
    paga"), and the deal's summary counts cards with plurals, never "carte(s)"."""
    record = str(ROOT / "tests" / "records" / "unclaimed.yaml")
    assert main(["--lang", "fr", "validate", record]) == 0
    out = capsys.readouterr().out
    assert "East paie 1 au pot (talon)" in out and "le pot paie 23 à West (décompte)" in out
    assert " à pot" not in out and "jetons : North -11, East -21, West +31, pot +1" in out
    assert main(["--lang", "es", "validate", record]) == 0
    out = capsys.readouterr().out
    assert "East paga 1 al bote (reserva)" in out and "el bote paga 23 a West (liquidación)" in out
    assert "saldos: North 89, East 79, West 131, bote 1" in out
    assert main(["--lang", "fr", "validate", str(ROOT / "tests" / "records" / "false-claim.yaml")])
    assert "n'a que 1 carte de ce rang" in capsys.readouterr().out
    for lang in LANGS:
        for m in _po(lang):
            forms = m.string if isinstance(m.string, tuple) else (m.string,)
            assert not any("(s)" in f or "(es)" in f for f in forms), (lang, m.id)


def test_a_player_named_as_the_pot_is_quoted() -> None:
    from gleek.record.report import holder

    with i18n.language("es"):
        assert (holder("pot"), holder("bote"), holder("Ana")) == ("bote", '"bote"', "Ana")
    assert (holder("pot"), holder("Pot")) == ("pot", '"Pot"')


@pytest.mark.parametrize("lang", LANGS)
def test_state_and_outcome_text_in_the_pseudo_locale_leave_no_english(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``str(state)`` at each phase, ``str(observation)`` and ``str(outcome)``: what is not
    marked is the profile's name, cards and numbers (a payment's line, ``0 -> 1: 6 [stock]``, has
    its reason and its detail translated)."""
    import gleek

    catalog = _pseudo(lang)
    monkeypatch.setattr(i18n, "catalog", lambda _lang: catalog)
    state = gleek.new_deal(load_profile("parlett"), dealer=2, seed=7)
    texts = []
    with i18n.language(lang):
        while not state.is_over:
            texts += [str(state), str(state.observation(1))]
            state = state.apply(state.legal_actions()[0])
        texts += [str(state), str(gleek.outcome(state))]
    for text in texts:
        assert OPEN in text
        assert list(_left(text, ["parlett"])) == [], text
    assert f"[{OPEN}" in texts[-1]  # the payments' reasons


# -- card names: each language's letters in text, the codes wherever a program reads


def test_cards_in_text_follow_each_language(capsys: pytest.CaptureFixture[str]) -> None:
    """French writes R, D, V for the king, queen and jack and the suit's sign; Spanish keeps K,
    Q, J (as its guide writes them) with the sign; English keeps the codes."""
    assert [i18n.card_text(c) for c in ("KD", "QH", "JC", "AS", "10H")] == [
        "KD",
        "QH",
        "JC",
        "AS",
        "10H",
    ]
    with i18n.language("fr"):
        assert i18n.cards_text(["KD", "QH", "JC", "AS", "10H"]) == "R♦ D♥ V♣ A♠ 10♥"
        assert i18n.rank_text("Q") == "D"
    with i18n.language("es"):
        assert i18n.cards_text(["KD", "QH", "JC", "4S"], ", ") == "K♦, Q♥, J♣, 4♠"
    record = str(ROOT / "tests" / "records" / "revoke.yaml")
    assert main(["--lang", "fr", "validate", record]) == 1
    out = capsys.readouterr().out
    assert "North a joué 6♥ sur une entame à carreau alors qu'il avait en main V♦" in out
    assert main(["validate", record]) == 1
    assert "North played 6H to a diamond lead while holding JD" in capsys.readouterr().out


def test_a_record_written_in_french_keeps_the_card_codes(tmp_path: Path) -> None:
    """The record format is a contract: what ``gleek --lang fr play --out`` writes reads as
    English codes, and reads back the same deal."""
    from gleek.record import read

    out = tmp_path / "deal.yaml"
    assert main(["--lang", "fr", "play", "--seed", "2", "--out", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert not re.search("[♠♥♦♣]", text)
    assert re.search(r"\bK[SHDC]\b", text) and not re.search(r"\bR[♠♥♦♣]", text)
    assert read(out).deals


@pytest.mark.parametrize(
    "argv", [["new", "variant", "club-14"], ["new", "record", "--players", "Ann,Ben,Cat"]]
)
def test_the_files_gleek_new_writes_in_the_pseudo_locale_leave_no_english(
    argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The comments of a variant's and a record's template (what a person reads: the YAML's
    keys, values and the commands to run are the format's), and the file still reads."""
    import yaml

    status, out, _err = _pseudo_out("es", argv, monkeypatch, capsys)
    assert status == 0 and OPEN in out
    yaml.safe_load(out)
    said = [line.split("#", 1)[1] for line in out.splitlines() if "#" in line]
    # a comment that is YAML (a rule or a key commented out, a list item) or a command is data
    yaml_like = re.compile(r"\s*(- |[\w.]+:( |$)|gleek )")
    comments = [c for c in said if not yaml_like.match(c)]
    profile = load_profile("parlett")
    data = [
        "Ann", "Ben", "Cat", "club", "parlett", "house", "WHY", "ref", "at", "quote", "FILE",
        "gleek", "validate", "pass", "wait", "vie", "see", "revie", "double", "mournival",
        "tiddy", "turn_up", "stock", "hands",
        *(r.path for r in profile.rules),
        *(r.display() for r in profile.rules),
    ]  # fmt: skip
    assert _english("\n".join(comments), data) == [], comments
