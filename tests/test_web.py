"""``gleek web build`` without the network or a browser: the wheels it makes, the downloads
checked by hash (pip and npm replaced by fakes), the folder it writes, the CLI's errors; and
the Python the page runs (``gleek.web.app``), called as the page calls it."""

from __future__ import annotations

import base64
import hashlib
import io
import json
import re
import shutil
import tarfile
import zipfile
from pathlib import Path
from typing import Any

import pytest

import gleek
from gleek.cli import main
from gleek.i18n import language
from gleek.record import validate
from gleek.sources import profiles_dir
from gleek.stages.common import REASONS
from gleek.web import app
from gleek.web import build as web

ROOT = Path(__file__).resolve().parent.parent
REVOKE = ROOT / "tests" / "records" / "revoke.yaml"
EXAMPLE = ROOT / "examples" / "parlett-s0-auction.yaml"


def _tar(path: Path, files: dict[str, bytes]) -> None:
    with tarfile.open(path, "w:gz") as tar:
        for name, data in files.items():
            info = tarfile.TarInfo(name.rstrip("/"))
            info.size = len(data)
            info.type = tarfile.DIRTYPE if name.endswith("/") else tarfile.REGTYPE
            tar.addfile(info, io.BytesIO(data))


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _wheel_bytes(name: str) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        z.writestr(f"{name}/__init__.py", "")
    return buffer.getvalue()


class FakeTools:
    """npm and pip as the build calls them: each writes the files it would download."""

    def __init__(self, tmp: Path) -> None:
        self.calls: list[list[str]] = []
        self.npm_tgz = tmp / "pyodide.tgz"
        _tar(self.npm_tgz, {f"package/{n}": n.encode() for n in web.PYODIDE_FILES})
        self.integrity = (
            "sha512-"
            + base64.b64encode(hashlib.sha512(self.npm_tgz.read_bytes()).digest()).decode()
        )
        self.sdist = tmp / "pyyaml-6.0.3.tar.gz"
        _tar(
            self.sdist,
            {
                "pyyaml-6.0.3/lib/yaml/__init__.py": b"__version__ = '6.0.3'\n",
                "pyyaml-6.0.3/lib/yaml/": b"",
                "pyyaml-6.0.3/lib/yaml/cyaml.py": b"",
                "pyyaml-6.0.3/lib/_yaml/__init__.py": b"",
                "pyyaml-6.0.3/LICENSE": b"MIT",
                "pyyaml-6.0.3/setup.py": b"",
            },
        )
        self.wheels = {"fake-1.0-py3-none-any.whl": _wheel_bytes("fake")}

    def run(self, argv: list[str], cwd: Path) -> None:
        self.calls.append(argv)
        if argv[1] == "pack":
            shutil.copy(self.npm_tgz, cwd / f"pyodide-{web.PYODIDE_VERSION}.tgz")
        elif "--no-binary" in argv:
            shutil.copy(self.sdist, cwd / self.sdist.name)
        else:
            for name, data in self.wheels.items():
                (cwd / name).write_bytes(data)


@pytest.fixture
def tools(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> FakeTools:
    fake = FakeTools(tmp_path)
    monkeypatch.setattr(web, "PYODIDE_INTEGRITY", fake.integrity)
    monkeypatch.setattr(web, "PYYAML_SDIST", (fake.sdist.name, _sha(fake.sdist.read_bytes())))
    monkeypatch.setattr(web, "WHEELS", tuple((n, _sha(d)) for n, d in fake.wheels.items()))
    return fake


def test_the_folder_holds_the_page_the_runtime_and_the_wheels(
    tools: FakeTools, tmp_path: Path
) -> None:
    out, cache = tmp_path / "site", tmp_path / "cache"
    files = web.build(out, cache, run=tools.run, npm="npm")
    manifest = json.loads((out / "manifest.json").read_text("utf-8"))
    assert manifest["wheels"] == [
        "wheels/gleek-0.1.0-py3-none-any.whl",
        "wheels/PyYAML-6.0.3-py3-none-any.whl",
        "wheels/fake-1.0-py3-none-any.whl",
    ]
    for name in files:
        assert (out / name).is_file(), name
    assert set(manifest["files"]) == {"./", *files}
    assert manifest["cache"].startswith("gleek-web-")
    # the service worker names the cache, so that a rebuilt folder is a new worker
    assert f'const CACHE = "{manifest["cache"]}";' in (out / "sw.js").read_text("utf-8")
    assert (out / "pyodide" / "pyodide.asm.wasm").read_bytes() == b"pyodide.asm.wasm"
    yaml_wheel = zipfile.ZipFile(out / "wheels" / "PyYAML-6.0.3-py3-none-any.whl")
    names = yaml_wheel.namelist()
    assert "yaml/__init__.py" in names and "yaml/cyaml.py" in names
    assert "PyYAML-6.0.3.dist-info/licenses/LICENSE" in names
    assert not any(n.startswith("_yaml") for n in names)
    record = yaml_wheel.read("PyYAML-6.0.3.dist-info/RECORD").decode()
    assert "yaml/__init__.py,sha256=" in record
    # a second build downloads nothing: the cache holds every file, checked by its hash
    tools.calls.clear()
    web.build(out, cache, run=tools.run, npm="npm")
    assert tools.calls == []
    assert "--hash=sha256:" in (cache / "wheels.txt").read_text()


def test_a_download_that_does_not_match_its_hash_fails_loudly(
    tools: FakeTools, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(web, "WHEELS", (("fake-1.0-py3-none-any.whl", "0" * 64),))
    with pytest.raises(web.BuildError, match=r"fake-1.0-py3-none-any.whl: sha256 .* expected 0+"):
        web.build(tmp_path / "site", tmp_path / "cache", run=tools.run, npm="npm")
    tools.wheels = {}
    with pytest.raises(web.BuildError, match=r"pip download wrote no fake-1.0"):
        web.build(tmp_path / "site", tmp_path / "cache2", run=tools.run, npm="npm")


def test_pyodide_from_npm_is_checked_by_its_integrity(
    tools: FakeTools, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(web, "PYODIDE_INTEGRITY", "sha512-other")
    with pytest.raises(web.BuildError, match=r"integrity .* expected sha512-other"):
        web.pyodide_runtime(tmp_path / "c1", tools.run, "npm")
    with pytest.raises(web.BuildError, match=r"wrote no pyodide-"):
        web.pyodide_runtime(tmp_path / "c2", lambda argv, cwd: None, "npm")
    broken = tmp_path / "c3"
    broken.mkdir()
    _tar(broken / f"pyodide-{web.PYODIDE_VERSION}.tgz", {"package/pyodide.mjs": b""})
    monkeypatch.setattr(
        web,
        "PYODIDE_INTEGRITY",
        "sha512-"
        + base64.b64encode(
            hashlib.sha512((broken / f"pyodide-{web.PYODIDE_VERSION}.tgz").read_bytes()).digest()
        ).decode(),
    )
    with pytest.raises(web.BuildError, match=r"has no package/pyodide.asm.mjs"):
        web.pyodide_runtime(broken, tools.run, "npm")


def test_a_sdist_without_the_yaml_package_is_refused(tmp_path: Path) -> None:
    sdist = tmp_path / "pyyaml-6.0.3.tar.gz"
    _tar(sdist, {"pyyaml-6.0.3/README": b""})
    with pytest.raises(web.BuildError, match=r"no lib/yaml/__init__.py"):
        web.pyyaml_wheel(sdist, tmp_path)


def test_the_cli_says_why_it_cannot_build(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    a_file = tmp_path / "out"
    a_file.write_text("")
    # a place the page cannot be written: the command cannot run (status 2, docs/cli.rst)
    assert main(["web", "build", str(a_file)]) == 2
    assert f"gleek web build: OUT {a_file}: not a folder" in capsys.readouterr().err
    monkeypatch.setattr(web.shutil, "which", lambda name: None)
    out = tmp_path / "site"
    assert main(["web", "build", str(out), "--cache", str(tmp_path / "cache")]) == 1
    err = capsys.readouterr().err
    assert "gleek: npm is not installed" in err and "Traceback" not in err
    assert main(["web"]) == 2
    assert "build" in capsys.readouterr().err


def test_an_out_folder_that_cannot_be_made_is_an_error(tmp_path: Path) -> None:
    parent = tmp_path / "file"
    parent.write_text("")
    with pytest.raises(web.BuildError, match="cannot create the folder"):
        web.build(parent / "site", tmp_path / "cache")


def test_the_cli_builds_with_the_fakes(
    tools: FakeTools,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(web, "_run", tools.run)
    monkeypatch.setattr(web.shutil, "which", lambda name: f"/usr/bin/{name}")
    out = tmp_path / "site"
    assert main(["web", "build", str(out), "--cache", str(tmp_path / "cache")]) == 0
    said = capsys.readouterr().out
    assert f"python -m http.server --directory {out} 8000" in said
    assert (out / "index.html").is_file()


# ---------------------------------------------------------------------------- the page's Python


def test_options_list_the_rules_that_gleek_compare_lists() -> None:
    data = json.loads(app.options())
    assert data["profiles"] == list(gleek.list_profiles())
    assert data["disputed"]
    for rule in data["disputed"]:  # disputed: two values at least, every profile holding one
        assert len(rule["values"]) >= 2, rule["path"]
        held = sorted(p for v in rule["values"] for p in v["profiles"])
        assert held == sorted(gleek.list_profiles()), rule["path"]
    honours = next(d for d in data["disputed"] if d["path"] == "tricks.honours_to")
    assert {v["value"] for v in honours["values"]} == {"player", "winner"}


def _finish(table: app.Table, events: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Play the deal out (the last legal action each time); ``events`` gathers every event."""
    view = json.loads(table.view())
    while True:
        if events is not None:
            events += view["events"]
        if view["over"]:
            return view  # type: ignore[no-any-return]
        view = json.loads(table.play(len(view["legal"]) - 1))


def test_a_session_explains_every_payment_and_runs_its_score() -> None:
    events: list[dict[str, Any]] = []
    table = app.Table("cotton", ["towser-tumbler"], seed=3)
    first = _finish(table, events)
    o = first["outcome"]
    assert isinstance(o, dict)
    explained = [p for e in events for p in e["payments"]]
    # every payment of the deal is listed once, each with its rule
    assert len(explained) == len(table.session.deals[-1].outcome.payments)
    assert explained and all(p["rules"] for p in explained)
    with pytest.raises(gleek.ArgumentError, match="no legal action number 0"):
        table.play(0)
    second = json.loads(table.next_deal())
    assert second["deal"] == 2 and second["seed"] == "3:1"
    assert not second["over"]


def test_what_the_deal_itself_pays_is_its_first_event() -> None:
    """A turned-up Tiddy is paid as the cards are dealt, before anyone acts: the deal's first
    event lists it with its rule, and the deal's events list every payment once."""
    events: list[dict[str, Any]] = []
    table = app.Table("parlett", [], seed=11)  # the first deal turns up the 4 of hearts
    _finish(table, events)
    dealt = events[0]
    assert dealt["action"] == "deals; 4H turned up"
    assert [p["text"] for p in dealt["payments"]] == [
        "Ann pays You 4 (turn-up: turned tiddy)",
        "Ben pays You 4 (turn-up: turned tiddy)",
    ]
    assert {r["path"] for p in dealt["payments"] for r in p["rules"]} == {"turn_up.tiddy"}
    explained = [p for e in events for p in e["payments"]]
    assert len(explained) == len(table.session.deals[-1].outcome.payments)


def test_the_rules_of_each_kind_of_payment() -> None:
    profile = gleek.load_profile("cotton", ["towser-tumbler"])
    state = gleek.new_deal(profile, seed=1)
    kinds = [("set", "mournival"), ("set", None), *((r, None) for r in REASONS if r != "set")]
    for reason, kind in kinds:
        p = gleek.Payment(0, 1, 2, reason, set_kind=kind)
        rules = app._rules_for(profile, p, state)
        assert rules and all(r["cite"] for r in rules), reason
    pay = gleek.Payment(0, "pot", 1, "set", "AH")
    assert app._payment(profile, pay, state, app.names())["text"] == "You pay the pot 1 (set: AH)"
    with language("fr"):
        assert app._payment(profile, pay, state, app.names())["text"] == (
            "Vous payez 1 au pot (ensemble : AH)"
        )


def test_a_rule_toggled_replays_the_same_deal_and_reports_as_compare_does() -> None:
    table = app.Table("parlett", [], seed=11)
    with pytest.raises(gleek.ArgumentError, match="finish a deal first"):
        table.toggle("tricks.honours_to", "publications-international")
    _finish(table)
    data = json.loads(table.toggle("tricks.honours_to", "publications-international"))
    assert data["new_rule"]["value"] == "winner"
    assert data["kept"] > 0 and data["changed_choices"] == 0
    assert "replayed under 2 profiles" in data["report"]
    # a rule that changes what is legal: the bot decides where the recorded choice is not
    again = app.Table("parlett", [], seed=2)
    _finish(again)  # bids 12, 13...: a raise of 2 makes 13 illegal
    raised = json.loads(again.toggle("stock.increment", "pedagogical"))
    assert raised["changed_choices"] > 0 and raised["kept"] > 0
    (cause,) = raised["causes"]
    assert cause["path"] == "stock.increment"
    assert cause["effect"].startswith("the record breaks this rule: bad-bid")


def test_the_rules_that_would_change_the_deal_are_those_whose_toggle_changes_it() -> None:
    table = app.Table("parlett", [], seed=11)
    with pytest.raises(gleek.ArgumentError, match="finish a deal first"):
        table.rules_that_matter()
    _finish(table)
    found = json.loads(table.rules_that_matter())
    assert found["changes"] and found["same"]
    listed = {(c["path"], c["holder"]) for c in found["changes"]}
    for c in found["changes"]:  # each listed one, toggled, changes the outcome as said
        toggled = json.loads(table.toggle(c["path"], c["holder"]))
        assert (toggled["before"], toggled["after"]) == (c["before"], c["after"])
        assert toggled["before"] != toggled["after"]
        assert c["label"].endswith(f"{toggled['rule']['value']} → {toggled['new_rule']['value']}")
    parlett = gleek.load_profile("parlett")
    tried = 0
    for rule in app.disputed():  # every other value is listed, left as it was, or skipped
        for v in rule["values"]:
            if v["value"] == parlett.rule(rule["path"]).display():
                continue
            tried += 1
            if (rule["path"], v["profiles"][0]) in listed:
                continue
            label = f"{rule['title']} ({rule['path']}): "
            skipped = [s for s in found["skipped"] if s["label"].startswith(label)]
            if skipped:
                assert skipped[0]["reason"]
                continue
            toggled = json.loads(table.toggle(rule["path"], v["profiles"][0]))
            assert toggled["before"] == toggled["after"]
    assert tried == len(found["changes"]) + len(found["same"]) + len(found["skipped"])
    assert json.loads(table.rules_that_matter()) == found  # (kept for the deal)


def test_a_record_opens_in_the_viewer_of_gleek_show() -> None:
    from gleek.viewer import viewer_html

    text = REVOKE.read_text("utf-8")
    data = json.loads(app.open_record(text, "revoke.yaml"))
    error = validate(REVOKE).errors[0]
    assert data["error"].startswith(f"revoke.yaml:{error.line}:{error.column}: revoke: ")
    assert data["page"] == viewer_html(text=text, name="revoke.yaml")
    bad = json.loads(app.open_record("not: [a record", "x.yaml"))
    assert bad["error"].startswith("x.yaml:") and "<!DOCTYPE html>" in bad["page"]


def test_a_profile_file_is_checked_or_refused_with_its_message(tmp_path: Path) -> None:
    refused = json.loads(app.user_profile("id: house\n", "house.yaml"))
    assert "house.yaml" in refused["error"] and "missing key" in refused["error"]
    text = (profiles_dir() / "parlett.yaml").read_text("utf-8")  # the installed package's
    accepted = json.loads(app.user_profile(text, "mine.yaml"))
    assert accepted["id"] == "parlett" and accepted["path"].endswith("mine.yaml")


def test_a_build_never_overwrites_files_it_did_not_write(
    tools: FakeTools, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    site = tmp_path / "site"
    (site / "wheels").mkdir(parents=True)
    mine = site / "wheels" / "mine-1.0-py3-none-any.whl"
    mine.write_text("precious")
    (site / "index.html").write_text("<h1>my site</h1>")
    with pytest.raises(web.BuildError, match="holds files and is not a page gleek built"):
        web.build(site, tmp_path / "cache", run=tools.run, npm="npm")
    assert mine.read_text() == "precious"
    assert (site / "index.html").read_text() == "<h1>my site</h1>"
    # a folder a build wrote (its mark first, so that a failed build can be run again) is
    # built over
    out = tmp_path / "out"
    web.build(out, tmp_path / "cache", run=tools.run, npm="npm")
    assert (out / web.MARK).is_file()
    (out / web.MARK).unlink()  # a folder built before the mark: its manifest says so
    web.build(out, tmp_path / "cache", run=tools.run, npm="npm")
    for bad in ("", b"x", None):
        with pytest.raises(web.BuildError, match="must be a folder's path"):
            web.build(bad, tmp_path / "cache", run=tools.run, npm="npm")  # type: ignore[arg-type]
        with pytest.raises(web.BuildError, match="cache must be a folder's path"):
            web.build(tmp_path / "o2", bad, run=tools.run, npm="npm")  # type: ignore[arg-type]
    a_file = tmp_path / "a_file"
    a_file.write_text("")
    with pytest.raises(web.BuildError, match=f"cache {a_file}: not a folder"):
        web.build(tmp_path / "o3", a_file, run=tools.run, npm="npm")
    with pytest.raises(web.BuildError, match=r"cache .*: cannot create the folder"):
        web.build(tmp_path / "o4", a_file / "sub", run=tools.run, npm="npm")
    assert main(["web", "build", ""]) == 2
    assert "an empty path names no file" in capsys.readouterr().err
    assert main(["show", str(EXAMPLE), "--svg", ""]) == 2
    assert "an empty path names no file" in capsys.readouterr().err


def test_a_folder_with_a_manifest_of_something_else_is_not_built_over(
    tools: FakeTools, tmp_path: Path
) -> None:
    site = tmp_path / "site"
    site.mkdir()
    for manifest in ("{not json", '{"name": "my app"}', "[1]"):
        (site / "manifest.json").write_text(manifest, "utf-8")
        with pytest.raises(web.BuildError, match="not a page gleek built"):
            web.build(site, tmp_path / "cache", run=tools.run, npm="npm")
    assert not (site / web.MARK).exists()


def test_the_page_sums_up_the_chosen_rules_before_the_first_deal() -> None:
    """What the page shows before a deal: the profile's main values in words, as ``gleek
    rules`` gives them, and the whole of its rules; the variants by title with their rule."""
    from gleek.rulesdoc import rules_text
    from gleek.web import app

    data = json.loads(app.summary("pi", ["play-high"]))
    profile = gleek.load_profile("pi", ["play-high"])
    assert data["name"] == "publications-international+play-high"
    assert data["full"] == rules_text(profile)
    by_title = {r["title"]: r for r in data["rules"]}
    assert by_title["Opening bid"]["value"] == "10"
    assert by_title["Play high"] == {"title": "Play high", "value": "yes", "certainty": "stated"}
    assert len(data["rules"]) == len(app.SUMMARY_RULES) and len(data["steps"]) == 5
    info = json.loads(app.options())["variant_info"]
    assert [v["id"] for v in info] == list(gleek.list_variants())
    for v in info:
        variant = gleek.profile.load_variant(v["id"])
        assert (v["title"], v["summary"]) == (variant.title, variant.summary)


def test_a_json_lines_record_opens_in_the_page() -> None:
    from gleek import record
    from gleek.web import app

    example = ROOT / "examples" / "parlett-s0-auction.yaml"
    text = record.dumps(record.read(example), "jsonl")
    answer = json.loads(app.open_record(text, "deal.jsonl"))
    assert answer["error"] is None and answer["page"]
    broken = json.loads(app.open_record(text.replace('"Ben": 12', '"Ben": NaN', 1), "d.jsonl"))
    assert broken["error"].startswith("d.jsonl:2:") and "syntax" in broken["error"]


# -- the page in French and Spanish

#: the page's files of the gleek imported (the compiled build's suite runs against an install,
#: with no source tree beside the tests)
STATIC = Path(app.__file__).resolve().parent / "static"


def _words() -> dict[str, dict[str, str]]:
    """The interface's words of words.js (a JSON object after ``export const WORDS =``)."""
    text = (STATIC / "words.js").read_text("utf-8")
    body = text.split("export const WORDS =", 1)[1].strip().removesuffix(";")
    words: dict[str, dict[str, str]] = json.loads(body)
    return words


def test_every_interface_word_is_in_french_and_spanish() -> None:
    """Each key of the interface has a non-empty French and Spanish entry, with the same
    placeholders and markup as the English; each key the page uses is there."""
    words = _words()
    assert set(words) == {"en", "fr", "es"}
    for lang in ("fr", "es"):
        assert set(words[lang]) == set(words["en"]), lang
        for key, english in words["en"].items():
            text = words[lang][key]
            assert text.strip() and text != "", (lang, key)
            assert set(re.findall(r"{(\w+)}", text)) == set(re.findall(r"{(\w+)}", english))
            assert re.findall(r"</?\w+", text) == re.findall(r"</?\w+", english), (lang, key)
    page = (STATIC / "index.html").read_text("utf-8")
    script = (STATIC / "app.js").read_text("utf-8")
    used = set(re.findall(r'data-t(?:-html|-title|-aria-label)?="(\w+)"', page))
    used |= set(re.findall(r'\b(?:t|say)\("(\w+)"', script))
    assert len(used) > 50 and used <= set(words["en"]), used - set(words["en"])
    assert set(words["en"]) <= used, set(words["en"]) - used  # no word left unused
    assert re.findall(r'<option value="(\w+)"', page)[:3] == ["en", "fr", "es"]


def test_the_python_of_the_page_speaks_the_language_chosen() -> None:
    """What gleek.web.app returns is in the language the page sets (``set_language``): the
    summary, the moves, the picture, the events; the record format's words stay in
    ``actions``."""
    try:
        assert app.set_language("es") == "es"
        summary = json.loads(app.summary("parlett", []))
        assert summary["steps"][0].startswith("Tres jugadores, 44 cartas")
        table = app.Table("parlett", [], seed=11)
        view = json.loads(table.view())
        assert view["names"] == ["Tú", "Ann", "Ben"]
        assert "bazas 0 · puntos 0 · fichas" in view["svg"]
        labels = [a["label"] for a in view["legal"]]
        assert labels and all(x.startswith(("pujar", "pasar")) for x in labels), labels
        assert view["events"][0]["action"] == "reparte; se vuelve 4♥"
        assert app.set_language("xx") == "en"
        assert json.loads(table.view())["legal"][0]["label"].startswith(("bid", "pass"))
    finally:
        app.set_language("en")


def test_the_pages_wheel_carries_the_compiled_catalogs(tmp_path: Path) -> None:
    """A catalog the build compiled (an install) goes into the page's wheel as it is; a working
    copy's ``.po`` is compiled (the module's doctest)."""
    from gleek.web.build import _catalogs

    base = tmp_path / "locale" / "fr" / "LC_MESSAGES"
    base.mkdir(parents=True)
    (base / "gleek.po").write_text('msgid ""\nmsgstr ""\n', "utf-8")
    (base / "gleek.mo").write_bytes(b"compiled")
    assert _catalogs(tmp_path) == [("gleek/locale/fr/LC_MESSAGES/gleek.mo", b"compiled")]
