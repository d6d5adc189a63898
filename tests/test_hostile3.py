"""Hostile input, round 3: each probe of the third round, as a test that failed before its fix."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from gleek import record
from gleek.cli import main
from gleek.errors import ArgumentError, GleekError, RecordError

ROOT = Path(__file__).resolve().parent.parent
AUCTION = ROOT / "examples" / "parlett-s0-auction.yaml"


def _jsonl_with(old: str, new: str) -> str:
    text = record.dumps(record.read(AUCTION), "jsonl")
    assert old in text
    return text.replace(old, new, 1)


# ------------------------------------------------- High 1: a schema error inside a deal
SCHEMA_IN_A_DEAL = {
    "float.yaml": (
        AUCTION.read_text(encoding="utf-8").replace("{Ben: 12}", "{Ben: 12.0}", 1),
        "deals[0].auction[0].Ben must be a whole number",
    ),
    "number.yaml": (
        "# a deal that is a number\nformat: gleek-record/1\nprofile: parlett\n"
        "players: [A, B, C]\ndeals: [1]\n",
        "deals[0] must be a mapping, not int 1",
    ),
    "nan.jsonl": (_jsonl_with('{"Ben": 12}', '{"Ben": NaN}'), "deals[0].auction[0].Ben"),
}


@pytest.mark.parametrize("name", sorted(SCHEMA_IN_A_DEAL))
def test_a_schema_error_inside_a_deal_is_read_and_shown(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text, words = SCHEMA_IN_A_DEAL[name]
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    if name.endswith(".jsonl"):
        # one reader of the JSON Lines form (issue 42): NaN is no JSON, a syntax error, which
        # read() raises as the library's error, as it does for a YAML syntax error
        with pytest.raises(RecordError) as info:
            record.read(path)
        assert (info.value.code, info.value.line) == ("syntax", 2)
    else:
        rec = record.read(path)  # no AttributeError: the deal in error is the record's error
        assert rec.error is not None and rec.error.code in {"schema", "syntax"}
        assert rec.error.deal == 1 and rec.deals == ()
    if name.endswith(".yaml"):
        assert words in rec.error.message
        assert rec.comment.startswith("# ")  # the head comment, read from the text
    out = tmp_path / "page.html"
    assert main(["show", str(path), "--html", str(out), "--svg", str(tmp_path / "p.svg")]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert "deals[0]" in err if name.endswith(".yaml") else f"{name}:2:" in err
    assert out.stat().st_size > 0
    assert not validate_ok(path)


def validate_ok(path: Path) -> bool:
    return record.validate(path).valid


def test_read_text_with_a_deal_that_is_not_a_mapping_raises_nothing_else() -> None:
    text = "format: gleek-record/1\nprofile: parlett\nplayers: [A, B, C]\ndeals: [[1], 2]\n"
    rec = record.read_text(text)
    assert rec.error is not None and rec.error.deal == 1
    with pytest.raises(RecordError, match="missing key 'players'"):
        record.read_text(
            json.dumps({"format": "gleek-record/1", "profile": "parlett", "deals": [1]})
        )


# ------------------------------------------------- High 2: /dev/stdout is never replaced
def _cli(*args: str, **kw: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gleek", *args],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
        **kw,  # type: ignore[call-overload]
    )


@pytest.mark.parametrize("flag", ["--html", "--svg", "--out"])
def test_a_link_to_stdout_a_fifo_or_a_device_is_refused_and_kept(flag: str, tmp_path: Path) -> None:
    """A fake ``dev`` folder: ``stdout`` a link as the system's, a link to a FIFO and to a
    character device; none is replaced, and nothing is written to the FIFO (no hang)."""
    dev = tmp_path / "dev"
    dev.mkdir()
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    end = ".yaml" if flag == "--out" else ""  # play --out names its form by the suffix
    (dev / f"stdout{end}").symlink_to("/proc/self/fd/1")
    (dev / f"pipe{end}").symlink_to(fifo)
    (dev / f"null{end}").symlink_to(os.devnull)
    for name in ("stdout", "pipe", "null"):
        link = dev / f"{name}{end}"
        args = ["play", "--out"] if flag == "--out" else ["show", str(AUCTION), flag]
        run = _cli(*args, str(link))
        assert run.returncode == 2, run.stderr
        assert "symbolic link; refused" in run.stderr and "Traceback" not in run.stderr
        assert link.is_symlink()
        assert sorted(p.name for p in dev.iterdir()) == [f"null{end}", f"pipe{end}", f"stdout{end}"]
    assert fifo.is_fifo()


def test_record_dump_refuses_a_link_and_an_empty_path(tmp_path: Path) -> None:
    rec = record.read(AUCTION)
    link = tmp_path / "out.yaml"
    link.symlink_to(tmp_path / "elsewhere.yaml")
    with pytest.raises(ArgumentError, match="symbolic link; refused"):
        record.dump(rec, link)
    assert link.is_symlink() and not (tmp_path / "elsewhere.yaml").exists()
    with pytest.raises(ArgumentError, match=r"fp: '' is an empty path"):
        record.dump(rec, "")


UNSHARE = shutil.which("unshare")


@pytest.mark.skipif(
    UNSHARE is None or os.geteuid() != 0 or sys.platform != "linux",
    reason="needs root and unshare(1) for a private mount namespace",
)
def test_dev_stdout_in_a_private_mount_namespace_is_kept(tmp_path: Path) -> None:
    """As root, in a private mount namespace with a tmpfs over /dev holding a ``stdout`` link
    as the system's: ``show --svg /dev/stdout`` is refused and the link kept (the real /dev is
    never touched: the tmpfs is seen by this namespace only)."""
    script = (
        "set -e; mount --make-rprivate / ; mount -t tmpfs none /dev; "
        "ln -s /proc/self/fd/1 /dev/stdout; "
        f"{sys.executable} -m gleek show {AUCTION} --svg /dev/stdout "
        f"> {tmp_path}/out 2> {tmp_path}/err && echo WROTE || echo REFUSED; "
        "test -L /dev/stdout && echo LINK || echo REPLACED; ls -A /dev"
    )
    probe = subprocess.run([UNSHARE, "-m", "true"], capture_output=True, check=False)  # type: ignore[list-item]
    if probe.returncode != 0:
        pytest.skip("unshare -m is not permitted here")
    run = subprocess.run(
        [UNSHARE, "-m", "sh", "-c", script],  # type: ignore[list-item]
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert run.stdout.split() == ["REFUSED", "LINK", "stdout"], run.stdout + run.stderr
    assert "symbolic link; refused" in (tmp_path / "err").read_text()


# ------------------------------------------------- High 4: one alias budget for the document
def _aliased(deal: str, deals: int, items: int = 5_000, key: str = "junk") -> str:
    cards = ", ".join(["AS"] * items)
    head = f"format: gleek-record/1\nprofile: parlett\nplayers: [A, B, C]\n{key}: &b [{cards}]\n"
    return head + "deals:\n" + f"- {deal}\n" * deals


def _validated(text: str, form: str, tmp_path: Path) -> record.Report:
    """The report of ``text`` read deal by deal from a file (``form`` "path") or whole."""
    from gleek.record.stream import validate_path

    if form == "text":
        return record.validate_text(text, "r.yaml")
    path = tmp_path / "r.yaml"
    path.write_text(text, encoding="utf-8")
    return validate_path(path, quick_from=None)


@pytest.mark.parametrize("form", ["path", "text"])
def test_aliases_share_one_budget_for_the_whole_document(form: str, tmp_path: Path) -> None:
    """Each 16-byte deal expands a 5,000-card anchor of the head: the third is refused, read
    deal by deal or whole (the budget once reset for every deal: 540 KB took 29 s)."""
    text = _aliased("{extra: *b}", 2_000)
    report = _validated(text, form, tmp_path)
    (error,) = report.errors
    assert "aliases expand to more than 10000 nodes" in error.message
    assert (error.line, error.column) == (8, 11)  # the third deal's alias


@pytest.mark.parametrize("form", ["path", "text"])
def test_an_alias_counts_its_expansion_against_the_item_limits(form: str, tmp_path: Path) -> None:
    text = _aliased("{deck: *b}", 1, items=100)
    report = _validated(text, form, tmp_path)
    (error,) = report.errors
    assert error.code == "schema" and (error.line, error.column) == (6, 10)
    assert error.message.startswith(
        "deals[0].deck has more than 88 items (an alias expands to 100)"
    )
    # a hand, one level deeper, and a deal that is the alias itself
    hand = _aliased("{hands: {A: *b}}", 1, items=30)
    assert "deals[0].hands.A has more than 24 items" in record.validate_text(hand).errors[0].message
    whole = _aliased("*b", 1, items=30)
    assert "deals[0] has more than 22 items" in record.validate_text(whole).errors[0].message
    within = _aliased("{deck: *b}", 1, items=44)  # within the limit: the schema's own message
    assert "alias" not in record.validate_text(within).errors[-1].message


# ------------------------------------------------- High 3: a page in proportion to the record
@pytest.fixture(scope="module")
def hundred_deals(tmp_path_factory: pytest.TempPathFactory) -> Path:
    import gleek
    from gleek.session import Session
    from gleek.sim.bots import RandomBot

    session = Session.start(gleek.load_profile("parlett"), deals=100)
    path = tmp_path_factory.mktemp("hundred") / "hundred.yaml"
    record.dump(session.play_out([RandomBot()] * 3, seed=1), path)
    return path


def test_a_page_is_at_most_20_times_its_record_plus_the_viewer(
    hundred_deals: Path, tmp_path: Path
) -> None:
    """100 deals (about 120 KB): the page was 44.7 MB, some 370 times the record, holding a
    picture of every state; the pictures are now drawn in the page as each is shown."""
    from gleek.viewer import viewer_html

    size = hundred_deals.stat().st_size
    empty = len(viewer_html(text="format: gleek-record/1\n").encode())  # the viewer alone
    out = tmp_path / "page.html"
    assert main(["show", str(hundred_deals), "--html", str(out)]) == 0
    page = out.read_bytes()
    assert len(record.read(hundred_deals).deals) == 100
    assert len(page) - empty <= 20 * size, (len(page), size)
    assert b'data-where="hand-0"' not in page  # no picture of any state: drawn when shown


def test_a_record_too_large_to_show_is_refused_with_a_message(
    hundred_deals: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:  # type: ignore[no-untyped-def]
    import gleek.viewer
    from gleek.limits import MAX_SHOWN_BYTES, MAX_SHOWN_DEALS
    from gleek.web.app import open_record

    assert (MAX_SHOWN_DEALS, MAX_SHOWN_BYTES) == (1_000, 4 * 1024 * 1024)
    out = tmp_path / "page.html"
    monkeypatch.setattr(gleek.viewer, "MAX_SHOWN_DEALS", 99)
    # too large to show: the command cannot run, status 2 (docs/cli.rst)
    assert main(["show", str(hundred_deals), "--html", str(out)]) == 2
    err = capsys.readouterr().err
    assert "100 deals: a page shows a record of at most 99 deals and 4 MiB" in err
    assert "Traceback" not in err and not out.exists()
    answer = json.loads(open_record(hundred_deals.read_text(encoding="utf-8"), "h.yaml"))
    assert answer["page"] is None and "at most 99 deals" in answer["error"]
    with pytest.raises(RecordError, match="100 deals: a page shows"):
        gleek.viewer.replay_file(hundred_deals)
    monkeypatch.setattr(gleek.viewer, "MAX_SHOWN_BYTES", 1024 * 1024 // 10)
    assert main(["show", str(hundred_deals), "--html", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"{hundred_deals.stat().st_size:,} bytes: a page shows" in err and "0 MiB" not in err


# ------------------------------------------------- Medium: the RL environments' misuses
def _finished(make: Any) -> Any:
    import numpy as np

    e = make(deals=1)
    e.reset(seed=1)
    for _ in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        e.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))
    return e


@pytest.mark.parametrize("wrapped", [True, False])
def test_every_misuse_of_the_rl_environment_is_an_argument_error(wrapped: bool) -> None:
    """docs/rl.rst promises ArgumentError: PettingZoo's wrappers said AssertionError,
    AttributeError, KeyError 'seat_0', or only warned."""
    import gleek.rl

    make = gleek.rl.env if wrapped else gleek.rl.raw_env
    for misuse in (
        lambda e: e.step(0),
        lambda e: e.last(),
        lambda e: e.observe("seat_0"),
        lambda e: e.render(),
    ):
        with pytest.raises(ArgumentError, match=r"call reset\(\) first"):
            misuse(make(deals=1, render_mode="ansi"))
    e = make(deals=1)
    e.reset(seed=1)
    with pytest.raises(ArgumentError, match="an action is an index 0 to 104"):
        e.step("a")
    with pytest.raises(ArgumentError, match="seed must be 0 or more"):
        e.reset(seed=-5)
    done = _finished(make)
    with pytest.raises(ArgumentError, match=r"the session is over.*reset\(\)"):
        done.last()
    for action in (0, None):
        with pytest.raises(ArgumentError, match=r"the session is over: call reset\(\)"):
            done.step(action)
    done.reset(seed=2)  # and a new session goes on
    assert done.agents == ["seat_0", "seat_1", "seat_2"]


def test_single_seat_env_seeds_and_order() -> None:
    import gleek.rl

    g = gleek.rl.SingleSeatEnv(deals=1)
    with pytest.raises(ArgumentError, match=r"call reset\(\) first"):
        g.step(0)
    with pytest.raises(ArgumentError, match=r"seed must be 0 or more \(or None\), not -5"):
        g.reset(seed=-5)
    _, info = g.reset(seed=0)
    assert info["action_mask"].any()


def test_agent_iter_must_step_each_turn() -> None:
    import gleek.rl

    e = gleek.rl.env(deals=1)
    e.reset(seed=1)
    turns = iter(e.agent_iter())
    next(turns)
    with pytest.raises(ArgumentError, match="each turn of agent_iter"):
        next(turns)


# ------------------------------------------------- Medium: compare's markdown escapes
def test_compare_markdown_escapes_every_text_of_a_profile(tmp_path: Path) -> None:
    import yaml

    from gleek.profile import profiles_dir

    folder = tmp_path / "mine"
    folder.mkdir()
    data = yaml.safe_load((profiles_dir() / "parlett.yaml").read_text(encoding="utf-8"))
    data["id"], data["aliases"] = "house", []
    data["title"] = "<b>House</b> | [x](javascript:alert(1))"
    data["rules"]["turn_up"]["tiddy"] = {
        "value": 3,
        "source": {"ref": "parlett", "at": "<img src=x onerror=alert(1)> | *cell*"},
    }
    (folder / "house.yaml").write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    run = _cli("compare", "house", "parlett", "--format", "markdown", "--profile-dir", str(folder))
    assert run.returncode == 0, run.stderr
    md = run.stdout
    assert not re.search(r"(?<!\\)<(img|b)\b", md) and "](javascript" not in md
    assert "\\<img src=x onerror=alert\\(1\\)\\> \\| \\*cell\\*" in md
    row = next(line for line in md.splitlines() if line.startswith("| Turned Tiddy"))
    assert row.count(" | ") == 2  # three cells: no cell from a source's "|"


# ------------------------------------------------- Medium: a bot module that fails as it runs
@pytest.mark.parametrize(
    ("source", "words"),
    [
        ("def choose(:\n", "SyntaxError: "),
        ("raise RuntimeError('no display: cannot start the GUI')\n", "RuntimeError: no display"),
        ("import sys\nsys.exit(3)\n", "SystemExit: 3"),
        ("1 / 0\n", "ZeroDivisionError: division by zero"),
    ],
)
def test_a_bot_module_that_fails_on_import_is_one_line(
    source: str,
    words: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    import sys as _sys

    name = f"hostile_bot_{abs(hash(source)) % 10**8}"
    (tmp_path / f"{name}.py").write_text(source, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        assert main(["match", f"{name}:Bot", "rules", "rules", "--deals", "1"]) == 2
    finally:
        _sys.modules.pop(name, None)
    err = capsys.readouterr().err
    assert f"bot '{name}:Bot': importing module '{name}' failed: {words}" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


# ------------------------------------------------- Medium: a variants/ folder linked out
def test_a_variants_folder_linked_out_of_the_registered_folder_is_not_followed(
    tmp_path: Path,
) -> None:
    import yaml

    from gleek.profile import list_variants, load_variant, not_listed, profiles_dir

    outside = tmp_path / "elsewhere"
    outside.mkdir()
    v = (profiles_dir() / "variants" / "play-high.yaml").read_text(encoding="utf-8")
    (outside / "loud.yaml").write_text(v.replace("id: play-high", "id: loud"), encoding="utf-8")
    (outside / "junk.yaml").write_text("id: s3cret\ntitle: [\n", encoding="utf-8")
    folder = tmp_path / "mine"
    folder.mkdir()
    data = yaml.safe_load((profiles_dir() / "parlett.yaml").read_text(encoding="utf-8"))
    data["id"], data["aliases"] = "house", []
    (folder / "house.yaml").write_text(yaml.safe_dump(data), encoding="utf-8")
    (folder / "variants").symlink_to(outside, target_is_directory=True)
    assert "loud" not in list_variants([folder]) and not_listed([folder]) == ()
    with pytest.raises(GleekError, match="loud"):
        load_variant("loud", profile_dirs=[folder])
    # a link to a folder inside the registered one is followed, as a file's link is
    (folder / "variants").unlink()
    (folder / "kept").mkdir()
    (folder / "kept" / "loud.yaml").write_text(
        v.replace("id: play-high", "id: loud"), encoding="utf-8"
    )
    (folder / "variants").symlink_to(folder / "kept", target_is_directory=True)
    assert "loud" in list_variants([folder])


# ------------------------------------------------- Medium: a profile file is never quoted
@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("title: *SECRETALIAS123", "found undefined alias"),
        ("title: !SECRETTAG123 foo", "its tag is not allowed"),
        ("title: !!python/object:SECRETPY123 foo", "its tag is not allowed"),
        ("title: !!set SECRETSET123", "its tag is not allowed"),
        ("title: !SECRET123!foo x", "undefined tag handle"),
        ("title: !!timestamp 2001-13-45SECRETTS123", "it is not a !!timestamp"),
        ("title: !!bool SECRETBOOL123", "it is not a !!bool"),
        ("title: [!!float SECRETF123]", "it is not a !!float"),
    ],
)
def test_gleek_rules_never_quotes_a_profile_files_text(
    line: str, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import gleek

    path = tmp_path / "p.yaml"
    path.write_text(f"id: x\n{line}\n", encoding="utf-8")
    assert main(["rules", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}:2:" in err and words in err, err
    assert "SECRET" not in err and "Traceback" not in err
    with pytest.raises(GleekError) as info:
        gleek.load_profile(path)
    assert "SECRET" not in str(info.value)
    # a record is the file asked about: its own words may be quoted
    report = record.validate_text(f"format: gleek-record/1\n{line}\n")
    assert report.errors and report.errors[0].line == 2


# ------------------------------------------------- Medium: the warnings kept are capped
def _warning_deals(n: int) -> str:
    """A record of ``n`` deals, each with one ``unclaimed`` warning (three played deals whose
    claims are left empty, repeated: the dealers rotate and the results hold)."""
    import yaml

    import gleek
    from gleek.session import Session
    from gleek.sim.bots import RandomBot

    s = Session.start(gleek.load_profile("parlett"), deals=3).play_out([RandomBot()] * 3, seed=0)
    data = yaml.safe_load(record.dumps(s))
    for d in data["deals"]:
        d["claims"] = {}
    data["deals"] = [json.loads(json.dumps(data["deals"][i % 3])) for i in range(n)]  # no alias
    return yaml.safe_dump(data, sort_keys=False)


def test_the_warnings_kept_are_capped_and_the_rest_counted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import gleek.record.replay
    from gleek.limits import MAX_WARNINGS
    from gleek.record.stream import validate_path

    assert MAX_WARNINGS == 1_000
    text = _warning_deals(30)
    every = record.validate_text(text).warnings
    assert len(every) >= 25 and {w.code for w in every} == {"unclaimed"}
    monkeypatch.setitem(gleek.record.replay.KEPT, "warnings", 10)
    path = tmp_path / "r.yaml"
    path.write_text(text, encoding="utf-8")
    for report in (record.validate_text(text), validate_path(path, quick_from=None)):
        assert report.valid and len(report.deals) == 30
        assert report.warnings[:10] == every[:10] and len(report.warnings) == 11
        last = report.warnings[-1]
        assert last.code == "unclaimed" and last.message == (
            f"{len(every) - 10} more unclaimed warnings in later deals are not listed: at most "
            "10 warnings are kept"
        )
        assert (last.deal, last.path) == (None, "deals")


# ------------------------------------------------- Low
def test_a_deal_of_the_wrong_type_is_one_message() -> None:
    text = "format: gleek-record/1\nprofile: parlett\nplayers: [A, B, C]\ndeals: [1]\n"
    (error,) = record.validate_text(text).errors
    assert error.message == "deals[0] must be a mapping, not int 1"


@pytest.mark.parametrize(
    "args",
    [
        ["compare", "--simulate", "1000001"],
        ["match", "rules", "rules", "rules", "--deals", "1000001"],
    ],
)
def test_too_many_deals_is_said_before_any_work(args: list[str]) -> None:
    run = _cli(*args)
    assert run.returncode == 2
    assert run.stderr.endswith("at most 1,000,000 deals, not 1,000,001\n") or run.stderr.endswith(
        "at most 1,000,000, not 1,000,001\n"
    )
    assert "--scheduler" not in run.stderr and "%" not in run.stderr  # no progress bar drawn


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["--help"], ["--version"], ["validate", "--help"]])
def test_help_that_cannot_be_written_is_status_2(args: list[str]) -> None:
    with open("/dev/full", "w") as full:  # (opened for writing: nothing reaches it)
        run = subprocess.run(
            [sys.executable, "-m", "gleek", *args],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
            timeout=60,
        )
    assert run.returncode == 2
    assert run.stderr == "gleek: cannot write the output: No space left on device\n"


SETPRIV = shutil.which("setpriv")


@pytest.mark.skipif(
    SETPRIV is None or os.geteuid() != 0, reason="needs root and setpriv to run as nobody"
)
def test_an_unreadable_file_is_status_2_as_a_missing_one() -> None:
    """Run as ``nobody``: a record for compare --record and a profile file that cannot be read
    exit with status 2, as one that is not there (they gave 1)."""
    import tempfile

    import gleek

    tmp_path = Path(tempfile.mkdtemp(prefix="gleek-unreadable-", dir="/tmp"))  # nobody reaches it
    tmp_path.chmod(0o755)
    rec = tmp_path / "r.yaml"
    rec.write_text(AUCTION.read_text(encoding="utf-8"), encoding="utf-8")
    prof = tmp_path / "p.yaml"
    prof.write_text((Path(gleek.__file__).parent / "profiles" / "parlett.yaml").read_text())
    for f in (rec, prof):
        f.chmod(0)
    nobody = [SETPRIV, "--reuid=65534", "--regid=65534", "--clear-groups"]  # type: ignore[list-item]
    try:
        for args, words in (
            (["compare", "--record", str(rec)], "cannot read: permission denied"),
            (["compare", "--record", str(tmp_path / "none.yaml")], "no such file"),
            (["rules", str(prof)], "cannot read profile: Permission denied"),
            (["rules", str(tmp_path / "none.yaml")], "no such profile file"),
            (["play", "--profile", str(prof)], "cannot read profile: Permission denied"),
        ):
            run = subprocess.run(
                [*nobody, sys.executable, "-m", "gleek", *args],
                capture_output=True,
                text=True,
                check=False,
                timeout=60,
            )
            assert run.returncode == 2 and words in run.stderr, (args, run.stderr)
    finally:
        shutil.rmtree(tmp_path)


_MEMORY = """
import json, resource, sys
from gleek.record.stream import validate_path
report = validate_path(sys.argv[1], quick_from=None)
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(json.dumps([len(report.deals), len(report.warnings), rss]))
"""


@pytest.mark.slow
def test_streaming_memory_per_deal_with_warnings_is_small(tmp_path: Path) -> None:
    """Measured (a shared 2-core machine): 126 bytes a deal, each with an ``unclaimed``
    warning, from 3,000 to 30,000 deals (33 MB at 30,000); 524 bytes before the warnings were
    capped. Here 2,000 and 22,000 deals, bounded at 300 bytes a deal."""
    head, *deals = record.dumps(record.read_text(_warning_deals(3)), "jsonl").splitlines()
    sizes = []
    for n in (2_001, 22_002):  # (multiples of 3: no deal-count warning)
        path = tmp_path / f"w{n}.jsonl"
        with path.open("w", encoding="utf-8") as f:
            f.write(head + "\n")
            for i in range(n):
                f.write(deals[i % 3] + "\n")
        run = subprocess.run(
            [sys.executable, "-c", _MEMORY, str(path)],
            capture_output=True,
            text=True,
            check=True,
            timeout=900,
        )
        count, warned, rss = json.loads(run.stdout)
        assert count == n and warned == 1_001
        sizes.append(rss)
    assert (sizes[1] - sizes[0]) / 20_001 < 300, sizes


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="needs /proc")
def test_a_proc_file_is_refused_alike_by_every_reader(tmp_path: Path) -> None:
    """``validate /proc/self/status`` read nothing (its size is 0) while ``show`` read it: both
    refuse it now, as every reader reads a file only as far as its size (nothing is written)."""
    from gleek._files import UNSIZED

    proc = "/proc/self/status"
    for args, status in (
        (["validate", proc], 2),
        (["show", proc, "--svg", str(tmp_path / "x.svg")], 2),  # cannot be read: 2, as validate
        (["rules", proc], 2),
        (["compare", "--record", proc], 2),
    ):
        run = _cli(*args)
        assert run.returncode == status and UNSIZED in run.stderr, (args, run.stderr)
        assert "Traceback" not in run.stderr
    with pytest.raises(RecordError, match="system file whose size is not known"):
        record.read(proc)
    with pytest.raises(RecordError, match="system file whose size is not known"):
        record.validate(proc)
    empty = tmp_path / "empty.yaml"
    empty.write_text("")
    assert record.validate(empty).errors[0].message == "the document must be a mapping, not null"


def test_a_discard_message_names_the_variants_that_set_the_exchange() -> None:
    text = AUCTION.read_text(encoding="utf-8").replace(
        "variants: []", "variants: [take-first, discard-first]"
    )
    bad = text.replace("discard: [9S, 9C, QD", "discard: [AS, 9C, QD")
    (error,) = record.validate_text(bad).errors
    assert error.code == "bad-discard"
    assert "(under parlett+take-first+discard-first the buyer lays out 7 of the 12" in error.message


@pytest.mark.skipif(sys.platform != "linux", reason="signals and the resource tracker: Linux")
@pytest.mark.parametrize(("sig", "status"), [("SIGKILL", -9), ("SIGHUP", 129)])
def test_compare_killed_leaves_no_leaked_semaphore_message(sig: str, status: int) -> None:
    import signal
    import time

    run = subprocess.Popen(
        [sys.executable, "-m", "gleek", "compare", "--simulate", "20000", "--workers", "2"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(4)  # the pool started, its workers playing
    run.send_signal(getattr(signal, sig))
    _, err = run.communicate(timeout=120)  # until the tracker and the workers are gone too
    assert run.returncode == status
    assert "leaked semaphore" not in err and "Traceback" not in err, err


def test_the_viewer_page_has_a_policy_and_the_web_page_sandboxes_it() -> None:
    import base64
    import hashlib
    import re as _re
    from importlib import resources

    from gleek.viewer import viewer_html

    page = viewer_html(AUCTION)
    policy = _re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page)
    assert policy is not None and "default-src 'none'" in policy.group(1)
    scripts = _re.findall(r"<script>(.*?)</script>", page, _re.S)
    (style,) = _re.findall(r"<style>(.*?)</style>", page, _re.S)
    for text, kind in ((scripts[0], "script-src"), (style, "style-src")):
        digest = base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
        assert f"{kind} 'sha256-{digest}'" in policy.group(1)
    assert 'style="' not in page  # (a style attribute would need 'unsafe-inline')
    index = resources.files("gleek.web").joinpath("static", "index.html").read_text()
    frame = _re.search(r'<iframe id="record-view"[^>]*>', index)
    assert frame is not None and 'sandbox="allow-scripts"' in frame.group(0)


def test_web_build_says_what_it_downloads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With an empty cache the build ran a minute in silence (pip builds PyYAML's build tools
    to read its sdist): it says each download as it starts; a cached build says nothing."""
    import gleek.web.build as web
    from tests.test_web import FakeTools, _sha

    fake = FakeTools(tmp_path)
    monkeypatch.setattr(web, "PYODIDE_INTEGRITY", fake.integrity)
    monkeypatch.setattr(web, "PYYAML_SDIST", (fake.sdist.name, _sha(fake.sdist.read_bytes())))
    monkeypatch.setattr(web, "WHEELS", tuple((n, _sha(d)) for n, d in fake.wheels.items()))
    told: list[str] = []
    out, cache = tmp_path / "site", tmp_path / "cache"
    web.build(out, cache, run=fake.run, npm="npm", say=told.append)
    assert told == [
        f"downloading pyodide@{web.PYODIDE_VERSION} with npm (some 10 MB)",
        "downloading fake-1.0-py3-none-any.whl with pip",
        "downloading pyyaml-6.0.3.tar.gz with pip (pip prepares an sdist's metadata, building "
        "its build tools first: a minute or more with an empty cache)",
    ]
    told.clear()
    web.build(out, cache, run=fake.run, npm="npm", say=told.append)
    assert told == []


def test_the_web_page_ships_a_pure_schema_checker() -> None:
    """The page said "the schema checker cannot be imported" for a profile of one's own:
    jsonschema 4.17 (before its native rpds-py) and pyrsistent's pure wheel are shipped,
    pinned by sha256 (tests/test_web_browser.py loads a broken profile in the page)."""
    from gleek.web.build import WHEELS

    names = [name for name, _ in WHEELS]
    assert "jsonschema-4.17.3-py3-none-any.whl" in names
    assert any(n.startswith("pyrsistent-") for n in names)
    assert all(n.endswith("-py3-none-any.whl") and len(h) == 64 for n, h in WHEELS)
    assert not any(n.startswith(("rpds", "referencing")) for n in names)
