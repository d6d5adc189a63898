"""Untrusted records and hostile input: what a record may name, bad values, bounded cost."""

from __future__ import annotations

import io
import json
import os
import runpy
import subprocess
import sys
import threading
import time
import tracemalloc
from pathlib import Path

import pytest
import yaml

import gleek
from gleek import sourcemap
from gleek.cli import main
from gleek.errors import ArgumentError, ArgumentTypeError, GleekError, ProfileError, RecordError
from gleek.limits import MAX_AUCTION, MAX_DEALS, MAX_RUFF, MAX_VARIANTS
from gleek.profile import list_profiles, list_variants, load_variant, profiles_dir
from gleek.record import dump, dumps, load, loads, validate, validate_text
from gleek.record.report import escape_controls
from gleek.record.shape import conforms, limits
from gleek.record.write import write_deals
from gleek.session import Session
from gleek.sim.bots import RandomBot

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "parlett-play-high.yaml"
TEXT = EXAMPLE.read_text(encoding="utf-8")
SECRET = "s3cret-contents-of-another-file"


def _report(text: str, **kw: object) -> gleek.record.Report:
    return validate_text(text, "r.yaml", **kw)  # type: ignore[arg-type]


def _first(text: str, **kw: object) -> tuple[str, str, int | None, str | None]:
    e = _report(text, **kw).errors[0]
    return e.code, e.message, e.line, e.path


def _profile_dir(tmp_path: Path, pid: str = "house") -> Path:
    """A folder with one profile of ``pid`` (parlett's rules) and one variant."""
    folder = tmp_path / "mine"
    (folder / "variants").mkdir(parents=True)
    src = (profiles_dir() / "parlett.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(src)
    data["id"], data["aliases"] = pid, []
    (folder / f"{pid}.yaml").write_text(yaml.safe_dump(data), encoding="utf-8")
    v = (profiles_dir() / "variants" / "play-high.yaml").read_text(encoding="utf-8")
    (folder / "variants" / "loud.yaml").write_text(v.replace("id: play-high", "id: loud"))
    return folder


# ---------------------------------------------------------------- what a record may name


@pytest.mark.parametrize(
    "name", ["/etc/passwd", "../../etc/hostname", "gleek/profiles/parlett.yaml"]
)
def test_a_record_never_opens_a_profile_path(tmp_path: Path, name: str) -> None:
    secret = tmp_path / "secret.yaml"
    secret.write_text(f"{SECRET}: 1\n")
    for target in (name, str(secret)):
        code, message, line, path = _first(TEXT.replace("profile: parlett", f"profile: {target}"))
        assert (code, line, path) == ("unknown-profile", 2, "profile")
        assert SECRET not in message and "valid choices: " in message and "parlett" in message


def test_a_record_never_opens_a_variant_path(tmp_path: Path) -> None:
    secret = tmp_path / "v.yaml"
    secret.write_text(f"{SECRET}: 1\n")
    text = TEXT.replace("variants: [play-high]", f"variants: [{secret}]")
    code, message, _, path = _first(text)
    assert (code, path) == ("unknown-variant", "variants[0]") and SECRET not in message


def test_registered_profile_dirs_are_found_by_id(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    folder = _profile_dir(tmp_path)
    text = TEXT.replace("profile: parlett", "profile: House").replace("[play-high]", "[loud]")
    assert _first(text)[0] == "unknown-profile"
    report = _report(text, profile_dirs=[folder])
    assert report.valid and report.profile == "house" and report.variants == ("loud",)
    assert "house" in list_profiles([folder]) and "loud" in list_variants([folder])
    assert load_variant("LOUD", profile_dirs=[folder]).id == "loud"
    record = tmp_path / "r.yaml"
    record.write_text(text)
    assert main(["validate", str(record), "--profile-dir", str(folder)]) == 0
    assert main(["validate", str(record)]) == 1
    assert "unknown-profile" in capsys.readouterr().out


def test_a_broken_registered_profile_is_located_not_quoted(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "house.yaml").write_text(f"id: house\n{SECRET}: [1\n")
    text = TEXT.replace("profile: parlett", "profile: house")
    code, message, line, _ = _first(text, profile_dirs=[folder])
    assert code == "schema" and line == 2 and SECRET not in message
    assert "house.yaml:3:1)" in message
    (folder / "variants").mkdir()
    (folder / "variants" / "bad.yaml").write_text(f"{SECRET}: 1\n")
    text = TEXT.replace("variants: [play-high]", "variants: [bad]")
    code, message, _, path = _first(text, profile_dirs=[folder])
    assert (code, path) == ("schema", "variants[0]") and SECRET not in message


def test_unreadable_profile_dirs_are_usage_errors(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    missing = tmp_path / "none"
    with pytest.raises(ArgumentError, match="profile_dirs"):
        validate(EXAMPLE, profile_dirs=[missing])
    with pytest.raises(ArgumentTypeError, match="profile_dirs"):
        gleek.load_profile("parlett", profile_dirs=[3])  # type: ignore[list-item]
    assert gleek.load_profile("parlett", profile_dirs=str(tmp_path)).id == "parlett"
    assert main(["validate", str(EXAMPLE), "--profile-dir", str(missing)]) == 2
    assert "--profile-dir" in capsys.readouterr().err
    locked = tmp_path / "locked"
    locked.mkdir()
    (locked / "variants").mkdir()
    os.chmod(locked / "variants", 0)
    try:
        if os.access(locked / "variants", os.R_OK):  # root reads anything: simulate the refusal
            with pytest.MonkeyPatch.context() as mp:
                mp.setattr(Path, "iterdir", _refuse)
                with pytest.raises(ProfileError, match="cannot read the profile folder"):
                    list_profiles([locked])
        else:
            with pytest.raises(ProfileError, match="cannot read the profile folder"):
                list_profiles([locked])
    finally:
        os.chmod(locked / "variants", 0o755)


def _refuse(self: Path) -> object:
    raise PermissionError(13, "Permission denied")


def test_profile_names_any_case_did_you_mean_and_one_variant_string(capsys) -> None:  # type: ignore[no-untyped-def]
    assert gleek.load_profile("PARLETT", "Play-High").name == "parlett+play-high"
    assert gleek.load_profile("PI").id == "publications-international"
    with pytest.raises(ProfileError, match=r"did you mean 'parlett'\?"):
        gleek.load_profile("parlet")
    with pytest.raises(ProfileError, match=r"did you mean 'play-high'\?"):
        gleek.load_profile("parlett", ["play-hihg"])
    with pytest.raises(ValueError, match="unknown profile"):
        gleek.load_profile("x" * 5000)
    with pytest.raises(ProfileError, match="no such profile file"):
        gleek.load_profile(Path("x" * 5000 + ".yaml"))
    with pytest.raises(ProfileError, match="no such variant file"):
        gleek.load_profile("parlett", [Path("nope.yaml")])
    with pytest.raises(ProfileError, match="not a regular file: '/"):
        gleek.load_profile(Path(__file__).resolve().parent)  # a folder
    with pytest.raises(ProfileError, match="not a regular file: '/dev/null'"):
        gleek.load_profile("parlett", [Path("/dev/null")])
    assert main(["rules", "parlet"]) == 2
    assert "did you mean 'parlett'?" in capsys.readouterr().err
    assert main(["play", "--profile", "parlett", "--variant", "play-hi"]) == 2
    assert "did you mean 'play-high'?" in capsys.readouterr().err


def test_profile_api_arguments_raise_library_errors() -> None:
    p = gleek.load_profile("parlett")
    with pytest.raises(ArgumentError, match=r"did you mean 'stock.increment'\?"):
        p.rule("stock.incremnt")
    with pytest.raises(ArgumentTypeError, match="path"):
        p.rule(3)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="name_or_path"):
        gleek.load_profile(3)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="variants"):
        gleek.load_profile("parlett", [3])  # type: ignore[list-item]
    with pytest.raises(ArgumentTypeError, match="variants"):
        gleek.load_profile("parlett", 3)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="variant"):
        load_variant(3)  # type: ignore[arg-type]
    assert gleek.load_profile(p, "play-high").name == "parlett+play-high"


# ---------------------------------------------------------------- names and terminal safety


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("pot", "not 'pot'"),
        ('"A\\e[2J"', "control characters"),
        ('"A\\u202eB"', "control characters"),
        ("x" * 65, "1 to 64 characters"),
        ('""', "1 to 64 characters"),
    ],
)
def test_player_names_are_checked(name: str, words: str) -> None:
    text = TEXT.replace("players: [North, East, West]", f"players: [North, East, {name}]")
    code, message, line, path = _first(text)
    assert (code, line, path) == ("schema", 4, "players[2]") and words in message
    assert "\x1b" not in _report(text).human()


def test_every_text_output_escapes_control_characters(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    evil = TEXT.replace("{West: 12}", '{"We\\e[2Jst\\u202e": 12}').replace(
        "profile: parlett", 'profile: "p\\e]0;x\\a"'
    )
    record = tmp_path / "r.yaml"
    record.write_text(evil)
    for args in (["validate", str(record)], ["validate", "--json", str(record)]):
        main(args)
        out, err = capsys.readouterr()
        assert not any(c in out + err for c in "\x1b\x07\u202e"), out
        assert "\\x1b" in out or "\\u001b" in out
    assert escape_controls("a\u0085b\U000e0001") == "a\\x85b\\U000e0001"


# ---------------------------------------------------------------- bad values past the schema


@pytest.mark.parametrize(
    ("old", "new", "path"),  # the example has pot and ruff_stake lines
    [
        ("{West: 12}", "{West: 12.0}", "deals[0].auction[0].West"),
        ("\npot: 0\n", "\npot: 1.0e+3\n", "pot"),
        ("\nruff_stake: 2\n", "\nruff_stake: 2.0\n", "ruff_stake"),
        ("North: 100,", "North: 105.0,", "chips.North"),
    ],
)
def test_whole_valued_floats_are_schema_errors(old: str, new: str, path: str) -> None:
    assert old in TEXT
    code, message, line, where = _first(TEXT.replace(old, new, 1))
    assert (code, where) == ("schema", path) and "whole number" in message and line is not None


def test_whole_valued_floats_in_profile_files(tmp_path: Path) -> None:
    src = (profiles_dir() / "parlett.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(src)
    data["rules"]["stock"]["opening_bid"]["value"] = 12.0
    f = tmp_path / "p.yaml"
    f.write_text(yaml.safe_dump(data))
    with pytest.raises(ProfileError, match="whole number") as info:
        gleek.load_profile(f)
    assert info.value.line is not None and info.value.code == "schema"


def test_huge_integers_and_long_names_are_located_schema_errors() -> None:
    code, message, line, _ = _first(TEXT.replace("{West: 12}", "{West: " + "9" * 5000 + "}"))
    auction = TEXT[: TEXT.index("{West: 12}")].count("\n") + 1
    assert (code, line) == ("schema", auction) and "5000 digits" in message
    assert "9999" not in message
    code, message, line, path = _first(TEXT.replace("profile: parlett", "profile: " + "p" * 5000))
    assert (code, line, path) == ("schema", 2, "profile") and len(message) < 200
    with pytest.raises(ProfileError, match="digits") as info:
        gleek.load_profile(_write(f"id: {'1' * 40}\n"))
    assert info.value.line == 1


def _write(text: str) -> Path:
    import tempfile

    fd, name = tempfile.mkstemp(suffix=".yaml")
    with os.fdopen(fd, "w") as f:
        f.write(text)
    return Path(name)


# ---------------------------------------------------------------- bounded time and memory


def test_devices_fifos_and_huge_files_are_refused_unread(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(RecordError, match="not a regular file"):
        validate("/dev/zero")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    done: list[str] = []
    t = threading.Thread(target=lambda: done.append(_error_of(fifo)), daemon=True)
    t.start()
    t.join(10)
    assert done and "not a regular file" in done[0]
    sparse = tmp_path / "sparse.yaml"
    with open(sparse, "wb") as f:
        f.truncate(3 * 1024**3)
    report = validate(sparse)  # read deal by deal: the NUL of the first chunk stops it
    assert [(e.code, e.line) for e in report.errors] == [("syntax", 1)]
    assert "NUL" in report.errors[0].message
    with pytest.raises(RecordError, match="folder"):
        validate(tmp_path)
    with pytest.raises(RecordError, match="larger"):
        load(sparse)
    assert main(["validate", str(EXAMPLE), str(fifo), str(tmp_path / "missing.yaml")]) == 2
    out, err = capsys.readouterr()
    assert "valid under parlett+play-high" in out
    assert "fifo: is not a regular file" in err and "missing.yaml: cannot read" in err


def test_a_file_growing_past_the_limit_while_read_is_refused(tmp_path: Path) -> None:
    f = tmp_path / "r.yaml"
    f.write_text("x" * 100)
    with pytest.raises(ValueError, match="larger"):
        sourcemap.read_limited(str(f), 50)
    with pytest.raises(ValueError, match="larger"):
        # the size says 100 but only 60 may be read: at most limit + 1 bytes are
        os.truncate(f, 60)
        sourcemap.read_limited(str(f), 50)
    assert sourcemap.read_limited(str(f), 60) == b"x" * 60


def _error_of(path: Path) -> str:
    try:
        validate(path)
    except RecordError as exc:
        return str(exc)
    return ""


def test_impossible_shapes_are_refused_while_loading() -> None:
    head = "format: gleek-record/1\nprofile: parlett\nplayers: [A, B, C]\ndeals:\n- dealer: A\n"
    text = head + "  deck:\n" + "  - AH\n" * 200_000
    tracemalloc.start()
    start = time.perf_counter()
    code, message, line, _ = _first(text)
    seconds = time.perf_counter() - start
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert (code, line) == ("schema", 7 + 88) and "a deck is 44 cards" in message
    assert seconds < 30 and peak < 50 * 1024**2  # generous: the point is not reading it all
    data = yaml.safe_load(TEXT)
    data["deals"][0]["tricks"][0] *= 3
    assert "a trick is 3 cards" in _first(json.dumps(data))[1]
    assert limits(("deals", 0, "result", "chips")) == (8, "chips are by the 3 players and the pot")
    assert limits(("deals", 0, "auction"))[0] == MAX_AUCTION
    assert limits(("deals", 0, "stock", 0)) is None and limits(("x",)) is None


# ---------------------------------------------------------------- the located loader


def test_c_and_pure_loaders_give_the_same_data_and_positions() -> None:
    if len(sourcemap.LOADERS) < 2:
        pytest.skip("PyYAML without libyaml: only the pure loader exists")
    for f in [*sorted((ROOT / "examples").glob("*.yaml")), profiles_dir() / "parlett.yaml"]:
        text = f.read_text(encoding="utf-8")
        docs = [sourcemap.load_located(text, loader=cls) for cls in sourcemap.LOADERS]
        assert docs[0].data == docs[1].data
        paths = list(_paths(docs[0].data))
        for doc in docs:
            doc.locate(paths)
        assert [docs[0].position(p) for p in paths] == [docs[1].position(p) for p in paths]
        assert [docs[0].key_position(p) for p in paths] == [docs[1].key_position(p) for p in paths]


def _paths(data: object, path: tuple[str | int, ...] = ()):  # type: ignore[no-untyped-def]
    yield path
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _paths(v, (*path, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _paths(v, (*path, i))


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("a: 1\n---\nb: 2\n", "single document"),
        ("a: *x\n", "undefined alias"),
        ("? [a]\n: 1\n", "plain value"),
        ("a: 1\na: 2\n", "duplicate key 'a'"),
        ("<<: {a: 1}\n", "merge keys"),
        ("a: !!set {x}\n", "tag"),
        ("a: !custom x\n", "tag"),
        ("a: !!float xyz\n", "cannot read this value"),
        ("a: [1\n", "expected"),
    ],
)
def test_loader_refusals(text: str, words: str) -> None:
    for cls in sourcemap.LOADERS:
        with pytest.raises(sourcemap.LocatedError, match=words):
            sourcemap.load_located(text, loader=cls)


def test_loader_edge_cases() -> None:
    assert sourcemap.load_located("").data is None
    assert sourcemap.load_located("&a x").data == "x"
    doc = sourcemap.load_located("a: &x [1, 2]\nb: *x\nc: &y 3\nd: *y\n1.5: k\n")
    assert doc.data == {"a": [1, 2], "b": [1, 2], "c": 3, "d": 3, 1.5: "k"}
    assert doc.position(("b",)) == (2, 4) and doc.key_position(("1.5",)) == (5, 1)
    assert sourcemap.Located({"a": 1}).position(("a",)) is None
    with pytest.raises(sourcemap.LocatedError, match="nested"):
        sourcemap.load_located("a:\n" + "".join(" " * i + "- \n" for i in range(1, 300)))


# ---------------------------------------------------------------- the fast shape check


def test_the_fast_shape_check_agrees_with_the_schema() -> None:
    from gleek.schemacheck import load_schema, problems

    base = yaml.safe_load(TEXT)
    assert conforms(base)
    deal = base["deals"][0]
    bad = [
        [],
        {**base, "format": "x"},
        {**base, "profile": 3},
        {**base, "variants": [3]},
        {**base, "players": ["a", "a", "b"]},
        {**base, "chips": {"a": 1.0}},
        {**base, "pot": True},
        {**base, "ruff_stake": 0},
        {**base, "deals": []},
        {**base, "deals": [{**deal, "deck": ["AH"]}]},
        {**base, "deals": [{k: v for k, v in deal.items() if k != "stock"}]},
        {**base, "deals": [{**deal, "dealer": 1}]},
        {**base, "deals": [{**deal, "hands": {"a": [1]}}]},
        {**base, "deals": [{**deal, "turn_up": 1}]},
        {**base, "deals": [{**deal, "stock": "AH"}]},
        {**base, "deals": [{**deal, "auction": {}}]},
        {**base, "deals": [{**deal, "auction": [{"a": "x"}]}]},
        {**base, "deals": [{**deal, "ruff": [{"a": "x"}]}]},
        {**base, "deals": [{**deal, "ruff": {}}]},
        {**base, "deals": [{**deal, "claims": {"a": ["x"]}}]},
        {**base, "deals": [{**deal, "tricks": [[{"a": 1}]]}]},
        {**base, "deals": [{**deal, "result": {"x": {}}}]},
        {**base, "deals": [{**deal, "result": {"points": {"a": 1.5}}}]},
        {**base, "deals": [{**deal, "bogus": 1}]},
        {**base, "deals": [{**deal, "auction": [{1: 12}]}]},
    ]
    for data in bad:
        assert not conforms(data)
        assert problems(sourcemap.Located(data), load_schema("record")), data


# ---------------------------------------------------------------- files written, output errors


def test_play_out_is_written_atomically(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "game.yaml"
    out.write_text("old\n")

    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    assert main(["play", "--out", str(out)]) == 2  # output that cannot be written
    assert out.read_text() == "old\n" and sorted(os.listdir(tmp_path)) == ["game.yaml"]
    monkeypatch.undo()
    assert main(["play", "--out", str(out)]) == 0
    assert validate(out).valid


def test_write_api_arguments() -> None:
    s = Session.start(gleek.load_profile("parlett"), deals=1).play_out([RandomBot()] * 3, seed=1)
    with pytest.raises(ArgumentError, match="format"):
        dumps(s, "xml")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="Session"):
        dumps("s")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="fp"):
        dump(s, 3)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="text"):
        loads(3)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="name"):
        loads("a: 1", 3)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="text"):
        validate_text(3)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="file"):
        validate_text("a: 1", 3)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="path"):
        validate(3)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="fp"):
        load(3)  # type: ignore[arg-type]


def test_load_from_streams() -> None:
    import io

    assert load(io.BytesIO(TEXT.encode()))["profile"] == "parlett"

    class Broken(io.StringIO):
        def read(self, n: int | None = -1) -> str:
            raise OSError(5, "Input/output error")

    with pytest.raises(RecordError, match="Input/output"):
        load(Broken())


def _cli(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gleek", *args],
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        check=False,
    )


def test_output_errors_end_with_a_message_and_status_2(tmp_path: Path) -> None:
    with open("/dev/full", "w") as full:
        r = subprocess.run(
            [sys.executable, "-m", "gleek", "validate", str(EXAMPLE)],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
        )
    assert r.returncode == 2 and "No space left" in r.stderr and "Traceback" not in r.stderr
    record = tmp_path / "r.yaml"
    record.write_text(TEXT.replace("North", "Zoë"), encoding="utf-8")
    r = _cli("validate", str(record), PYTHONIOENCODING="ascii")
    assert r.returncode == 2 and "encoding" in r.stderr and "Traceback" not in r.stderr


def test_output_errors_in_process(monkeypatch: pytest.MonkeyPatch, capsys) -> None:  # type: ignore[no-untyped-def]
    import gleek.cli as cli

    for exc in (
        BrokenPipeError(32, "Broken pipe"),
        OSError(28, "No space left on device"),
        UnicodeEncodeError("ascii", "ë", 0, 1, "no"),
    ):

        def boom(args: object, exc: BaseException = exc) -> int:
            raise exc

        monkeypatch.setattr(cli, "_run", boom)
        monkeypatch.setattr(cli, "_discard_stdout", lambda: None)
        assert main(["profiles"]) == (0 if isinstance(exc, BrokenPipeError) else 2)
    assert "No space left" in capsys.readouterr().err


def test_python_dash_m_gleek(monkeypatch: pytest.MonkeyPatch, capsys) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(sys, "argv", ["gleek", "profiles"])
    with pytest.raises(SystemExit) as info:
        runpy.run_module("gleek", run_name="__main__")
    assert info.value.code == 0 and "parlett" in capsys.readouterr().out


# ---------------------------------------------------------------- corners, for full coverage


def test_cli_corners(monkeypatch: pytest.MonkeyPatch, capsys, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    import gleek.cli as cli

    assert main(["play", "--deals", "x"]) == 2
    assert "not a whole number" in capsys.readouterr().err
    for exc, status in ((ArgumentError("x: bad"), 2), (KeyboardInterrupt(), 130)):

        def boom(args: object, exc: BaseException = exc) -> int:
            raise exc

        monkeypatch.setattr(cli, "_run", boom)
        assert main(["profiles"]) == status
    monkeypatch.undo()
    cli._json_out({"a": "\x85\u202e"})
    assert capsys.readouterr().out.strip() == '{\n  "a": "\\u0085\\u202e"\n}'
    assert main(["compare", "--record", str(EXAMPLE), "--format", "json", "parlett"]) == 0
    assert json.loads(capsys.readouterr().out)["base"] == "parlett+play-high"
    assert main(["compare", "--record", str(EXAMPLE), "--simulate", "2"]) == 2
    assert "not both" in capsys.readouterr().err
    assert main(["compare", "--simulate", "2", "--workers", "1", "parlett", "pi"]) == 0
    assert "parlett" in capsys.readouterr().out


def test_discard_stdout_points_fd_1_at_devnull(capfd) -> None:  # type: ignore[no-untyped-def]
    import gleek.cli as cli

    cli._discard_stdout()
    os.write(1, b"gone")
    assert capfd.readouterr().out == ""


def test_profile_corners(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    p = gleek.load_profile("parlett")
    assert gleek.load_profile(p) is p and hash(p) == hash(gleek.load_profile("parlett"))
    folder = _profile_dir(tmp_path, pid="parlett")  # the same id as a shipped one: listed once
    assert list_profiles([folder]).count("parlett") == 1
    (folder / "variants" / "play-high.yaml").write_text("id: play-high\n")
    assert list_variants([folder]).count("play-high") == 1
    with pytest.raises(ArgumentError, match="profile_dirs"):
        list_profiles(["bad\x00dir"])
    shown = tmp_path / "x.yaml"
    shown.mkdir()
    with pytest.raises(ProfileError):
        gleek.load_profile(shown / "..")
    from gleek import profile as prof

    def refuse(path: str, limit: int = 0) -> bytes:
        raise OSError(13, "Permission denied")

    monkeypatch.setattr(prof, "read_limited", refuse)
    with pytest.raises(ProfileError, match="Permission denied"):
        prof._read(tmp_path / "a.yaml", "profile")


def test_folder_named_like_a_profile(tmp_path: Path) -> None:
    from gleek import profile as prof

    with pytest.raises(ProfileError, match="folder"):
        prof._read(tmp_path, "profile")


def test_schema_and_loader_corners() -> None:
    text = TEXT.replace("variants: [play-high]", "variants: [" + "v" * 150 + "]")
    code, message, line, path = _first(text)
    assert (code, line, path) == ("schema", 3, "variants[0]") and "150 characters" in message
    data = yaml.safe_load(TEXT)
    data["deals"][0]["hands"].update({f"P{i}": ["AH"] for i in range(9)})
    code, message, _, path = _first(json.dumps(data))
    assert code == "schema" and "more than 8 keys; a deal has 3 hands" in message
    with pytest.raises(sourcemap.LocatedError, match="plain value"):
        sourcemap.load_located("a: &x [1]\n? *x\n: 2\n")
    # (the limit itself, not a patched one: the compiled build reads its constants as built)
    with pytest.raises(sourcemap.LocatedError, match="larger than 16 MiB"):
        sourcemap.load_located("x" * (gleek.limits.MAX_BYTES + 1))


def test_a_file_that_grows_while_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    f = tmp_path / "r.yaml"
    f.write_text("x" * 100)
    real = os.fstat

    def small(fd: int) -> os.stat_result:  # the file's status, with a size of 10 bytes
        st = real(fd)
        return os.stat_result((st.st_mode, st.st_ino, st.st_dev, st.st_nlink, st.st_uid,
                               st.st_gid, 10, 0, 0, 0))  # fmt: skip

    monkeypatch.setattr(os, "fstat", small)
    with pytest.raises(ValueError, match="larger"):
        sourcemap.read_limited(str(f), 50)


def test_a_registered_profile_title_cannot_drive_the_terminal(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    folder = _profile_dir(tmp_path)
    file = folder / "house.yaml"
    data = yaml.safe_load(file.read_text())
    data["title"] = "House\x1b[2J rules"
    file.write_text(yaml.safe_dump(data))
    for args in (["play", "--profile", "house"], ["rules", "house"]):
        assert main([*args, "--profile-dir", str(folder)]) == 0
        out = capsys.readouterr().out
        assert "\x1b" not in out and "House\\x1b[2J rules" in out, args


def test_more_corners(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:  # type: ignore[no-untyped-def]
    import io

    import gleek.cli as cli
    from gleek import profile as prof
    from gleek.record import read, read_text
    from gleek.viewer import viewer_html

    monkeypatch.setattr(sys, "stdout", io.StringIO())  # no file descriptor: nothing to redirect
    cli._discard_stdout()
    monkeypatch.undo()
    p = gleek.load_profile("parlett", "play-high")
    assert repr(p) == "<Profile parlett+play-high>"
    record = read(EXAMPLE)
    assert record.variants == ("play-high",)
    assert read_text("# only a comment\n" + TEXT).comment == "# only a comment"
    page = viewer_html(text=TEXT.replace("profile: parlett", "profile: /etc/passwd"))
    assert "unknown-profile" in page
    with pytest.raises(RecordError, match="unknown profile"):
        read_text(TEXT.replace("profile: parlett", "profile: /etc/passwd"))
    monkeypatch.setattr(Path, "is_dir", lambda self: False)
    with pytest.raises(ProfileError, match="reinstall"):
        prof.profiles_dir()


def test_play_prints_its_warnings(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["play", "--deals", "4", "--bots", "random"]) == 0
    assert "warning: deal-count: 4 deals" in capsys.readouterr().out


# ---------------------------------------------------------------- round 2: numbers and list sizes

HEX = "0x" + "f" * 5000


@pytest.mark.parametrize(
    ("old", "new", "line"),
    [
        ("ruff_stake: 2", f"ruff_stake: {HEX}", 7),
        ("ruff_stake: 2", "ruff_stake: -0x" + "f" * 40, 7),
        ("pot: 0", "pot: 0" + "7" * 40, 6),  # octal
        ("pot: 0", "pot: 1" + ":59" * 20, 6),  # sexagesimal
        ("North: 100, East", "North: 0x" + "f" * 40 + ", East", 5),
        ("{West: 12}", "{West: 0b" + "1" * 120 + "}", 17),
    ],
)
def test_whole_numbers_are_bounded_by_value_in_every_form(old: str, new: str, line: int) -> None:
    text = TEXT.replace(old, new, 1)
    code, message, at, _ = _first(text)
    assert (code, at) == ("schema", line) and "at most 30 digits" in message
    with pytest.raises(RecordError, match="at most 30 digits"):
        gleek.record.read_text(text)


def test_hex_numbers_through_the_commands(tmp_path: Path) -> None:
    record = tmp_path / "hex.yaml"
    record.write_text(TEXT.replace("ruff_stake: 2", f"ruff_stake: {HEX}"), encoding="utf-8")
    for args in (
        ["validate", str(record)],
        ["validate", "--json", str(record)],
        ["show", str(record), "--html", str(tmp_path / "p.html")],
        ["compare", "--record", str(record), "parlett"],
    ):
        run = _cli(*args)
        assert "Traceback" not in run.stderr and run.returncode in (1, 2), (args, run.stderr)
        assert "at most 30 digits" in run.stdout + run.stderr
    src = (profiles_dir() / "parlett.yaml").read_text(encoding="utf-8")
    profile = tmp_path / "big.yaml"
    profile.write_text(src.replace("value: 12\n", f"value: {HEX}\n", 1), encoding="utf-8")
    run = _cli("rules", str(profile))
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert "at most 30 digits" in run.stderr and "fff" not in run.stderr
    with pytest.raises(ProfileError, match="at most 30 digits") as info:
        gleek.load_profile(profile)
    assert info.value.code == "schema" and info.value.line is not None


def _long_list(key: str, n: int, item: str) -> str:
    """The example record with the list at ``key`` (the first one) ``n`` items long."""
    lines = TEXT.splitlines(keepends=True)
    at = next(i for i, x in enumerate(lines) if x.strip() == f"{key}:")
    indent = lines[at][: len(lines[at]) - len(lines[at].lstrip())]
    end = at + 1
    while lines[end].startswith(indent + "- ") or lines[end].startswith(indent + "  "):
        end += 1
    body = f"{indent}- {item}\n" * n
    return "".join(lines[: at + 1]) + body + "".join(lines[end:])


@pytest.mark.parametrize(
    ("key", "cap", "item"),
    [("auction", MAX_AUCTION, "{West: pass}"), ("ruff", MAX_RUFF, "{West: vie}")],
)
def test_a_deals_lists_are_capped(key: str, cap: int, item: str) -> None:
    ok = _long_list(key, cap, item)
    assert _first(ok)[0] != "schema"  # as long as allowed: a rule error, not a size error
    code, message, line, _ = _first(_long_list(key, cap + 1, item))
    first = _long_list(key, 1, item).splitlines().index(f"  - {item}") + 1
    assert code == "schema" and line == first + cap
    assert f"more than {cap} items" in message


def test_variants_are_few_and_named_once(tmp_path: Path) -> None:
    many = ", ".join(f"v{i}" for i in range(MAX_VARIANTS + 1))
    code, message, line, _ = _first(TEXT.replace("variants: [play-high]", f"variants: [{many}]"))
    assert (code, line) == ("schema", 3) and f"more than {MAX_VARIANTS} items" in message
    assert load_schema_variants_max() == MAX_VARIANTS
    code, message, _, _ = _first(TEXT.replace("[play-high]", "[play-high, play-high]"))
    assert code == "schema" and "the same item twice" in message
    code, message, _, path = _first(TEXT.replace("[play-high]", "[play-high, PLAY-HIGH]"))
    assert (code, path) == ("unknown-variant", "variants") and "given twice" in message
    with pytest.raises(ArgumentError, match="given twice"):
        gleek.load_profile("parlett", ["play-high", "Play-High"])
    with pytest.raises(ArgumentError, match=f"more than {MAX_VARIANTS} variants"):
        gleek.load_profile("parlett", ["play-high"] * (MAX_VARIANTS + 1))


def load_schema_variants_max() -> int:
    from gleek.schemacheck import load_schema

    return int(load_schema("record")["properties"]["variants"]["maxItems"])


def test_a_huge_list_of_deals_costs_what_a_record_of_its_size_would(tmp_path: Path) -> None:
    head = "format: gleek-record/1\nprofile: parlett\nplayers: [A, B, C]\ndeals: ["
    path = tmp_path / "deals.yaml"
    path.write_bytes((head + "1," * (8 * 1024 * 1024 - 40) + "1]\n").encode())
    assert path.stat().st_size > 15 * 1024 * 1024
    tracemalloc.start()
    try:
        with pytest.raises(RecordError, match=f"more than {MAX_DEALS} items"):
            gleek.record.read(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 80 * 1024**2  # the file's text, then 50,001 items: not 8 million
    auction = _long_list("auction", 500_000, "{West: pass}")  # 8.5 MB
    tracemalloc.start()
    try:
        code, message, _, _ = _first(auction)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert code == "schema" and f"more than {MAX_AUCTION}" in message and peak < 50 * 1024**2


def test_profile_files_are_capped_and_their_caches_bounded(tmp_path: Path) -> None:
    from gleek import profile as mod
    from gleek.limits import MAX_PROFILE_ITEMS

    src = (profiles_dir() / "parlett.yaml").read_text(encoding="utf-8")
    long = "aliases: [" + ", ".join(f"a{i}" for i in range(MAX_PROFILE_ITEMS + 1)) + "]\n"
    path = tmp_path / "long.yaml"
    path.write_text(long + src.replace("aliases:", "old_aliases:", 1), encoding="utf-8")
    with pytest.raises(ProfileError, match=f"more than {MAX_PROFILE_ITEMS} items") as info:
        gleek.load_profile(path)
    assert (info.value.code, info.value.line) == ("schema", 1)
    assert mod._load_cached.cache_info().maxsize == mod.PROFILE_CACHE
    assert mod._index_of.cache_info().maxsize == mod.INDEX_CACHE
    for i in range(mod.PROFILE_CACHE + 5):
        p = tmp_path / f"p{i}.yaml"
        p.write_text(src.replace("id: parlett", f"id: p{i}"), encoding="utf-8")
        gleek.load_profile(p)
    assert mod._load_cached.cache_info().currsize <= mod.PROFILE_CACHE


# ---------------------------------------------------------------- round 2: other files' contents


def test_no_message_shows_another_files_contents(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    secret = tmp_path / "secret.yaml"
    secret.write_text(f"root:x:0:0:{SECRET}:/root:/bin/bash\nid: {SECRET}\n")
    folder = _profile_dir(tmp_path)
    (folder / "evil.yaml").symlink_to(secret)
    (folder / "variants" / "evil.yaml").symlink_to(secret)
    (folder / "junk.yaml").write_text(f"id: {SECRET}x\ntitle: [\n")
    (folder / "other.yaml").write_text(f"id: {SECRET}y\n{SECRET}z: 1\n")
    assert "evil" not in list_profiles([folder]) and "evil" not in list_variants([folder])
    assert not any(SECRET in p for p in list_profiles([folder]))
    text = TEXT.replace("profile: parlett", "profile: nothing")
    code, message, _, _ = _first(text, profile_dirs=[folder])
    assert code == "unknown-profile" and "house" in message and SECRET not in message
    for name in ("evil", "other", "junk"):
        with pytest.raises(GleekError) as info:
            gleek.load_profile(name, profile_dirs=[folder])
        assert SECRET not in str(info.value), name
    for args in (["rules", str(secret)], ["rules", str(folder / "other.yaml")]):
        assert main(args) == 1
        assert SECRET not in capsys.readouterr().err
    link = folder / "inside.yaml"
    link.symlink_to(folder / "house.yaml")  # a link within the folder is followed
    assert gleek.load_profile(link).id == "house"


def test_read_takes_a_path_or_text_explicitly(tmp_path: Path) -> None:
    from gleek.record import read, read_text

    with pytest.raises(RecordError, match="NUL character") as info:
        read("\x00")
    assert str(info.value).startswith("\\x00: ")
    secret = tmp_path / "passwd"
    secret.write_text(f"root:x:0:0:{SECRET}:/root:/bin/bash\n")
    with pytest.raises(RecordError) as info:
        read(secret)
    assert SECRET not in str(info.value) and "must be a mapping, not a string" in str(info.value)
    assert read_text(json.dumps(yaml.safe_load(TEXT))).valid

    class Failing:
        name = "tape"

        def read(self, n: int) -> str:
            raise OSError(5, "Input/output error")

    with pytest.raises(RecordError, match="tape: cannot read: Input/output error"):
        read(Failing())  # type: ignore[arg-type]


# ---------------------------------------------------------------- round 2: output files


def test_html_and_svg_are_written_atomically_never_through_a_link(tmp_path: Path) -> None:
    target = tmp_path / "target.txt"
    target.write_text("keep me\n")
    for flag in ("--html", "--svg"):
        link = tmp_path / f"link.{flag[2:]}"
        link.symlink_to(target)
        run = _cli("show", str(EXAMPLE), flag, str(link))
        assert run.returncode == 2 and "symbolic link; refused" in run.stderr, run.stderr
        assert target.read_text() == "keep me\n" and link.is_symlink()  # neither replaced
    page = tmp_path / "page.html"
    assert main(["show", str(EXAMPLE), "--html", str(page)]) == 0
    page.chmod(0o640)
    old = page.read_bytes()
    limit = (
        "import resource, sys; resource.setrlimit(resource.RLIMIT_FSIZE, (10_000, 10_000)); "
        "from gleek.cli import main; sys.exit(main(sys.argv[1:]))"
    )
    run = subprocess.run(
        [sys.executable, "-c", limit, "show", str(EXAMPLE), "--html", str(page)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 2 and "cannot write" in run.stderr and "Traceback" not in run.stderr
    assert page.read_bytes() == old and page.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []
    assert main(["show", str(EXAMPLE), "--html", str(page)]) == 0
    assert page.stat().st_mode & 0o777 == 0o640  # the mode is kept


def test_out_files_keep_their_mode_and_fifos_are_refused(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "game.yaml"
    old = os.umask(0o022)
    try:
        assert main(["play", "--out", str(out)]) == 0
        assert out.stat().st_mode & 0o777 == 0o644  # as any new file, not 0600
        out.chmod(0o664)
        assert main(["play", "--out", str(out)]) == 0
        assert out.stat().st_mode & 0o777 == 0o664
    finally:
        os.umask(old)
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    capsys.readouterr()
    assert main(["play", "--out", str(fifo)]) == 2
    assert "not a regular file" in capsys.readouterr().err
    assert fifo.is_fifo()
    with pytest.raises(ArgumentError, match="not a regular file"):
        dump(Session.start(gleek.load_profile("parlett"), deals=1), fifo)


def test_wrote_path_escapes_control_characters(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "a\x1b[2Jb.yaml"
    assert main(["play", "--out", str(out), "--html", str(tmp_path / "x\x07.html")]) == 0
    printed = capsys.readouterr().out
    assert "\x1b" not in printed and "\x07" not in printed and "a\\x1b[2Jb.yaml" in printed


def test_a_closed_stdout_is_one_line_and_status_2() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "gleek", "rules", "pi"],
        capture_output=False,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        check=False,
        preexec_fn=lambda: os.close(1),
    )
    assert run.returncode == 2 and run.stderr.strip().splitlines() == [
        "gleek: the standard output is closed; nothing can be printed"
    ]


def test_the_writer_refuses_what_the_reader_refuses(tmp_path: Path) -> None:
    from gleek.limits import MAX_INT
    from gleek.sim.bots import RandomBot as Bot

    src = (profiles_dir() / "parlett.yaml").read_text(encoding="utf-8")
    huge = str(MAX_INT)
    text = src.replace("      value: 12\n", f"      value: {huge}\n", 1)
    text = text.replace(
        "    increment:\n      value: 1\n", f"    increment:\n      value: {huge}\n"
    )
    path = tmp_path / "rich.yaml"
    path.write_text(text, encoding="utf-8")
    profile = gleek.load_profile(path)
    assert profile.stock.increment == MAX_INT
    for seed in range(40):
        session = Session.start(profile, deals=1).play_out([Bot()] * 3, seed=seed)
        bids = [a for _, a in session.deals[0].final.history if a.kind == "bid"]
        if len(bids) > 1:  # a raise: a bid of twice the largest number a record holds
            break
    else:
        pytest.fail("no seed raised the opening bid")
    with pytest.raises(ArgumentError, match="more than 30 digits, which no reader accepts"):
        dumps(session)
    out = tmp_path / "x.yaml"
    with pytest.raises(ArgumentError):
        dump(session, out)
    assert not out.exists()


def test_markdown_rules_escape_the_profiles_text(tmp_path: Path) -> None:
    from gleek.rulesdoc import rules_markdown

    src = (profiles_dir() / "parlett.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(src)
    data["title"] = "<script>alert(1)</script> [x](javascript:alert(1))"
    data["summary"] = "# not a heading | *bold*"
    path = tmp_path / "p.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    md = rules_markdown(gleek.load_profile(path))
    assert "<script>" not in md and "](javascript" not in md and "\n# not" not in md
    assert "\\<script\\>" in md and "\\# not a heading \\| \\*bold\\*" in md


def test_names_cannot_spoof_the_balances_line() -> None:
    spoof = "Ben 999, Carla"
    data = yaml.safe_load(TEXT)
    old = data["players"][0]
    text = TEXT.replace(old, f'"{spoof}"')
    report = validate_text(text, "r.yaml")
    assert report.valid, report.errors
    line = next(x for x in report.human().splitlines() if x.startswith("  balances: "))
    chips = dict(report.chips)
    assert line == f'  balances: "{spoof}" {chips[spoof]}, ' + ", ".join(
        f"{n} {chips[n]}" for n in ("East", "West", "pot")
    )


def test_action_parse_of_a_huge_bid_is_a_library_error() -> None:
    from gleek.actions import Action

    with pytest.raises(ArgumentError, match="more than 30 digits"):
        Action.parse("bid " + "9" * 5000)
    assert Action.parse("bid " + "0" * 40 + "12") == Action.bid(12)


# ---------------------------------------------------------------- round 2: workers, schedulers


def test_workers_are_capped_at_the_cores_with_a_message(capsys) -> None:  # type: ignore[no-untyped-def]
    from gleek.sim.batch import WorkersCapped, available_cores, pool_size
    from gleek.sim.match import play_match

    cores = available_cores()
    with pytest.warns(WorkersCapped, match=f"only {cores} core"):
        assert pool_size(100_000, 10**6) == cores
    assert pool_size(None, 10**6) == cores and pool_size(cores, 1) == 1
    with pytest.warns(WorkersCapped):
        r = play_match(["basic", "random", "random"], "parlett", deals=3, workers=64)
    assert r == play_match(["basic", "random", "random"], "parlett", deals=3, workers=1)
    deals = str(3 * cores)  # a piece of work for each core
    assert main(["match", "basic", "random", "random", "--deals", deals, "--workers", "64"]) == 0
    err = capsys.readouterr().err
    assert f"--workers 64: only {cores} core(s) available here; using {cores}" in err
    # the note says what the pool really uses: one worker for one piece of work
    assert main(["match", "basic", "random", "random", "--deals", "3", "--workers", "64"]) == 0
    err = capsys.readouterr().err
    assert f"--workers 64: only {cores} core(s) available here; using 1 worker(s)" in err
    args = ["compare", "parlett", "--simulate", "3", "--workers", "100000", "--no-progress"]
    assert main(args) == 0
    assert "--workers 100000: only" in capsys.readouterr().err


@pytest.mark.parametrize("answer", ["nothing", "http", "short"])
def test_a_scheduler_address_that_is_not_a_scheduler(
    answer: str, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:  # type: ignore[no-untyped-def]
    import socket

    from gleek.sim import batch

    pytest.importorskip("distributed")
    monkeypatch.setattr(batch, "CONNECT_SECONDS", 1.0)
    server = socket.socket()
    server.bind(("127.0.0.1", 0))  # loopback only, a listener of this test's own
    server.listen(4)
    server.settimeout(30)
    held: list[socket.socket] = []

    def serve() -> None:
        try:
            while True:
                conn, _ = server.accept()
                held.append(conn)
                if answer == "http":
                    conn.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n" * 4)
                elif answer == "short":
                    conn.sendall(b"\x01\x02")
                    conn.close()
        except OSError:
            return

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    where = f"tcp://127.0.0.1:{server.getsockname()[1]}"
    started = time.monotonic()
    try:
        args = ["compare", "parlett", "--simulate", "3", "--scheduler", where, "--no-progress"]
        assert main(args) == 2
    finally:
        server.close()
        for conn in held:
            conn.close()
    err = capsys.readouterr().err
    assert time.monotonic() - started < 30
    assert err.count("\n") == 1 and "cannot reach the dask scheduler" in err, err
    assert "Traceback" not in err


@pytest.mark.parametrize("where", ["tcp://[::1", "tcp://[::1]:x", "tcp://127.0.0.1:99999"])
def test_malformed_scheduler_addresses_are_usage_errors(where: str, capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["compare", "--simulate", "3", "--scheduler", where]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "scheduler must be" in err


# -- what the loader's own parts raise, turned into the library's errors (found by a review of
# -- the compiled validator; each raised a traceback in both builds, or in the compiled one)

_HEAD = "format: gleek-record/1\nprofile: parlett\nplayers: [A, B, C]\n"


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ("!!bool foo", "not a !!bool"),
        ("!!timestamp x", "not a !!timestamp"),
        ("!!int ''", "not a !!int"),
        ("!!float ''", "not a !!float"),
        ("!!seq x", "'tag:yaml.org,2002:seq' is not allowed"),
        ("!!set x", "'tag:yaml.org,2002:set' is not allowed"),
        ("!!omap x", "'tag:yaml.org,2002:omap' is not allowed"),
    ],
)
def test_a_plain_value_its_tag_cannot_read_is_refused_where_it_stands(
    value: str, said: str, tmp_path: Path
) -> None:
    text = _HEAD + f"deals:\n- turn_up: {value}\n"
    for loader in sourcemap.LOADERS:  # libyaml's parser and PyYAML's own say the same
        with pytest.raises(sourcemap.LocatedError) as caught:
            sourcemap.load_located(text, loader=loader)
        assert (caught.value.line, caught.value.column) == (5, 12) and said in str(caught.value)
    report = validate_text(text)
    (error,) = report.errors
    assert (error.code, error.line, error.column) == ("syntax", 5, 12)
    assert said in error.message and "0x" not in error.message  # no object's address
    f = tmp_path / "r.yaml"
    f.write_text(text)
    assert validate(f).errors == report.errors
    with pytest.raises(RecordError, match=r"r\.yaml:5:12: cannot read this value"):
        gleek.record.read(f)


def test_the_head_after_a_deal_in_error_is_checked_before_it_is_read() -> None:
    # YAML may put keys of the head after the deals; the deal's error comes first in the file
    deals = "deals: [{dealer: 5}]\n"
    for tail, said in [
        ("players: [1, 2, 3]\n", r"players\[0\] must be a string"),
        ("players: [A, B, C]\nchips: {2001-01-01: 3}\n", "chips has a key date"),
        ("players: [A, B, C]\nprofile: 7\n", "profile must be a string"),
    ]:
        head = "format: gleek-record/1\n" + ("" if "profile" in tail else "profile: parlett\n")
        with pytest.raises(RecordError, match=said):
            gleek.record.read_text(head + deals + tail)


def test_writing_a_head_with_keys_that_are_not_strings() -> None:
    # any key is a part of the path the message names (the compiled build raised TypeError)
    out = io.StringIO()
    with pytest.raises(ArgumentError, match=r"cannot write 1\.5: a whole number"):
        write_deals(out, {None: [1], 1.5: 10**40}, [], "yaml")  # type: ignore[dict-item]
    assert write_deals(out, {None: [1], 2.5: "x"}, [], "jsonl") == 0  # type: ignore[dict-item]


def test_an_alias_of_the_deals_list_read_deal_by_deal(tmp_path: Path) -> None:
    f = tmp_path / "r.yaml"
    f.write_text(
        "format: gleek-record/1\nprofile: parlett\ndeals: &d\n- {dealer: A}\nplayers: *d\n"
    )
    (error,) = validate(f).errors
    assert (error.code, error.line, error.column) == ("syntax", 5, 10)
    assert error.message.startswith("an alias of the deals list") and "_Sink" not in error.message


@pytest.mark.parametrize(
    ("text", "where"),
    [("a: b\n\x07\n", (2, 1)), ("a: b\nc: x\x85\x07y\n", (2, 6)), ("é: ééé\x07\n", (1, 7))],
)
def test_a_character_no_parser_takes_is_placed_by_both(text: str, where: tuple[int, int]) -> None:
    for loader in sourcemap.LOADERS:  # the pure parser refuses the text as it is handed over
        with pytest.raises(sourcemap.LocatedError, match="U\\+0007 is not allowed") as caught:
            sourcemap.load_located(text, loader=loader)
        assert (caught.value.line, caught.value.column) == where


def test_a_lone_surrogate_in_a_text_handed_over() -> None:
    report = validate_text(_HEAD + "deals: ['\ud800']\n")
    (error,) = report.errors
    assert error.code == "syntax" and "lone surrogate" in error.message
    with pytest.raises(RecordError, match="lone surrogate"):
        gleek.record.read_text("a: '\ud800'\n")
    with pytest.raises(sourcemap.LocatedError, match="lone surrogate") as caught:
        sourcemap.load_located("a: b\nc: '\ud800'\n", loader=yaml.SafeLoader)
    assert (caught.value.line, caught.value.column) == (2, 5)


def test_an_output_is_never_an_input_or_another_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "r.yaml"
    record.write_text(TEXT, encoding="utf-8")
    for args in (["--html", str(record)], ["--svg", str(tmp_path / "." / "r.yaml")]):
        assert main(["show", str(record), *args]) == 2
        assert "that is the input file" in capsys.readouterr().err
    assert record.read_text(encoding="utf-8") == TEXT
    same = tmp_path / "same.out"
    assert main(["show", str(record), "--html", str(same), "--svg", str(same)]) == 2
    assert "--html writes that file too" in capsys.readouterr().err and not same.exists()
    profile = tmp_path / "mine.yaml"
    profile.write_bytes((profiles_dir() / "parlett.yaml").read_bytes())
    before = profile.read_bytes()
    assert main(["play", "--profile", str(profile), "--out", str(profile)]) == 2
    assert "that is the input file" in capsys.readouterr().err
    assert profile.read_bytes() == before
    out = tmp_path / "o.yaml"
    assert main(["play", "--out", str(out), "--html", str(out)]) == 2
    assert "--out writes that file too" in capsys.readouterr().err and not out.exists()


def test_validate_keeps_its_verdict_when_the_pipe_closes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import gleek.cli as cli

    bad = tmp_path / "bad.yaml"
    bad.write_text(TEXT.replace("North", "Nobody", 1), encoding="utf-8")

    class Closed(io.StringIO):
        def write(self, text: str) -> int:
            raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(cli, "_discard_stdout", lambda: None)
    for args, status in (([str(EXAMPLE)], 0), ([str(EXAMPLE), str(bad)], 1),
                         ([str(EXAMPLE), str(tmp_path / "none.yaml")], 2)):  # fmt: skip
        for json_flag in ([], ["--json"]):
            monkeypatch.setattr(sys, "stdout", Closed())
            assert main(["validate", *json_flag, *args]) == status, (args, json_flag)


def test_session_and_deal_numbers_are_bounded() -> None:
    profile = gleek.load_profile("parlett")
    with pytest.raises(ArgumentError, match=f"deals must be from 1 to {MAX_DEALS}"):
        Session.start(profile, deals=MAX_DEALS + 1)
    big = 10**30
    for kwargs, name in (({"chips": (big, 0, 0)}, "chips"), ({"pot": big}, "pot"),
                         ({"ruff_stake": big}, "ruff_stake")):  # fmt: skip
        with pytest.raises(ArgumentError, match=f"{name}.* must be .*of at most 30 digits, not"):
            Session.start(profile, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(
        ArgumentError, match="ruff_stake must be at least 1 and of at most 30 digits"
    ):
        gleek.new_deal(profile, seed=1, ruff_stake=big)
    assert Session.start(profile, chips=(big - 1, 0, -(big - 1))).start_chips[0] == big - 1
    from gleek.limits import MAX_PLAYED_DEALS
    from gleek.sim.batch import play_deals

    with pytest.raises(ArgumentError, match="deals must be from 1 to 1000000"):
        play_deals([profile], MAX_PLAYED_DEALS + 1)
    for args in (["compare", "parlett", "--simulate", str(MAX_PLAYED_DEALS + 1)],
                 ["match", "basic", "basic", "basic", "--deals", str(MAX_PLAYED_DEALS + 1)],
                 ["play", "--deals", str(MAX_DEALS + 1)]):  # fmt: skip
        assert main(args) == 2, args


def test_names_in_the_report_and_the_profiles_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    odd = tmp_path / "two\nlines.yaml"
    odd.write_text(TEXT.replace("North", "Nobody", 1), encoding="utf-8")
    assert main(["validate", str(odd)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"{tmp_path}/two\\x0alines.yaml:") and ": unknown-player" in out[0]
    assert main(["validate", ""]) == 2
    assert "'' (an empty path): cannot read: no such file" in capsys.readouterr().err
    mine = tmp_path / "mine"
    mine.mkdir()
    text = (profiles_dir() / "parlett.yaml").read_text(encoding="utf-8")
    (mine / "mine.yaml").write_text(text.replace("id: parlett\n", "id: myrules\n"), "utf-8")
    assert main(["profiles", "--profile-dir", str(mine)]) == 0
    assert "  myrules " in capsys.readouterr().out


def test_compare_refuses_an_option_its_comparison_does_not_use(
    capsys: pytest.CaptureFixture[str],
) -> None:
    record = str(EXAMPLE)
    for args, said in [
        (["--record", record, "--all"], "--all applies only to the comparison of the rules"),
        (["--record", record, "--format", "markdown"], "--format markdown applies only"),
        (["--record", record, "--seed", "3"], "--seed applies only to --simulate"),
        (["--bot", "random"], "--bot applies only to --simulate"),
        (["--seed", "4"], "--seed applies only to --simulate"),
        (["--simulate", "3", "--all", "--no-progress"], "--all applies only"),
    ]:
        assert main(["compare", "parlett", "pi", *args]) == 2, args
        assert said in capsys.readouterr().err


def test_a_registered_profile_never_hides_behind_an_id_already_taken(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (profiles_dir() / "parlett.yaml").read_text(encoding="utf-8")
    (tmp_path / "mine.yaml").write_text(text.replace("opening_bid: 12", "opening_bid: 20"), "utf-8")
    with pytest.raises(ProfileError, match="has the id or alias 'parlett' of the shipped profile"):
        gleek.load_profile("parlett", profile_dirs=[tmp_path])
    assert gleek.load_profile("pi", profile_dirs=[tmp_path]).id == "publications-international"
    assert gleek.load_profile("parlett").stock.opening_bid == 12  # without the folder
    assert main(["rules", "parlett", "--profile-dir", str(tmp_path)]) == 2
    assert "an id of its own" in capsys.readouterr().err
    other = tmp_path / "other"
    other.mkdir()
    (other / "a.yaml").write_text(text.replace("id: parlett\n", "id: mine\n"), "utf-8")
    (other / "b.yaml").write_text(text.replace("id: parlett\n", "id: mine\n"), "utf-8")
    with pytest.raises(ProfileError, match=r"b\.yaml' has the id or alias 'mine' of '.*a\.yaml'"):
        gleek.load_profile("mine", profile_dirs=[other])


def test_a_broken_file_in_a_registered_folder_is_said_not_listed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from gleek.profile import not_listed

    (tmp_path / "broken.yaml").write_text("id: broken\n", "utf-8")
    (tmp_path / "variants").mkdir()
    (tmp_path / "variants" / "odd.yaml").write_text("nonsense: 1\n", "utf-8")
    assert not_listed([tmp_path]) == (
        str(tmp_path / "broken.yaml"),
        str(tmp_path / "variants" / "odd.yaml"),
    )
    assert not_listed() == ()
    assert "broken" not in list_profiles([tmp_path])
    for command in ("compare", "profiles"):
        assert main([command, "--profile-dir", str(tmp_path)]) == 0
        err = capsys.readouterr().err
        assert f"{tmp_path / 'broken.yaml'}: not a valid profile or variant" in err, command
        assert "odd.yaml" in err
