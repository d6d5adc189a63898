"""One voice for every command: the help, "did you mean", no abbreviations, and the exit status
table of docs/cli.rst, cell by cell."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gleek.cli import _parser, main

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_bare_gleek_prints_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys)
    assert code == 0 and err == ""
    assert out.startswith("usage: gleek") and "validate" in out and "compare" in out


def test_options_are_never_abbreviated(capsys: pytest.CaptureFixture[str]) -> None:
    # --profile was read as --profile-dir: now refused, naming the option it resembles
    code, _, err = run(capsys, "compare", "--profile", "x")
    assert code == 2
    assert err.strip() == (
        "gleek compare: unknown option --profile (did you mean --profile-dir?) "
        "(see 'gleek compare --help')"
    )
    code, _, err = run(capsys, "validate", "--js", "examples/parlett-s0-auction.yaml")
    assert code == 2 and "unknown option --js (did you mean --json?)" in err
    for parser in _sub_parsers():
        assert parser.allow_abbrev is False, parser.prog


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["play", "--seeds", "3"], "gleek play: unknown option --seeds (did you mean --seed?)"),
        (["play", "--seeds=3"], "gleek play: unknown option --seeds (did you mean --seed?)"),
        (["match", "serch", "rules", "rules"], "unknown bot 'serch' (did you mean 'search'?)"),
        (["play", "--bots", "rulez"], "unknown bot 'rulez' (did you mean 'rules'?)"),
        (["compare", "--simulate", "3", "--bot", "radnom"], "(did you mean 'random'?)"),
        (["rules", "pedagogic"], "unknown profile 'pedagogic' (did you mean 'pedagogical'?)"),
        (["rules", "compleat"], "unknown profile 'compleat' (did you mean 'cotton'?)"),
        (["rules", "parlett", "--variant", "play-hi"], "(did you mean 'play-high'?)"),
        (["web", "build", "x", "--cach", "y"], "gleek web build: unknown option --cach"),
        (["rules", "pi", "extra"], "gleek rules: unexpected argument: extra"),
    ],
)
def test_a_misspelling_gets_a_did_you_mean_from_its_own_command(
    capsys: pytest.CaptureFixture[str], args: list[str], said: str
) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert said in err
    assert len(err.strip().splitlines()) == 1
    if said.startswith("gleek"):
        command = said.split(":")[0]
        assert f"(see '{command} --help')" in err


def _sub_parsers() -> list[object]:
    import argparse

    top = _parser()
    out: list[object] = [top]
    todo = [top]
    while todo:
        p = todo.pop()
        for a in p._actions:
            if isinstance(a, argparse._SubParsersAction):
                for child in a.choices.values():
                    out.append(child)
                    todo.append(child)
    return out


def test_every_option_and_argument_has_help() -> None:
    import argparse

    for parser in _sub_parsers():
        assert isinstance(parser, argparse.ArgumentParser)
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction | argparse._HelpAction):
                continue
            assert action.help, (parser.prog, action.dest)


def test_match_names_two_bots_of_one_name_apart(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "match", "basic", "rules", "rules", "--deals", "3", "--no-progress")
    assert code == 0
    labels = [re.split(r"\s{2,}", line.strip())[0] for line in out.splitlines()[1:]]
    assert labels == ["1. basic", "2. rules #1", "3. rules #2"]


# ---------------------------------------------------------------------------- exit status


def _table() -> dict[str, tuple[str, str, str]]:
    """The exit status table of docs/cli.rst: command -> (0, 1, 2) cells."""
    page = (DOCS / "cli.rst").read_text("utf-8")
    table = page.split(".. list-table::", 1)[1].split("\n\n\n", 1)[0]
    rows = re.findall(r"   \* - (.+)\n     - (.+)\n     - (.+)\n     - (.+)", table)
    return {r[0].strip("`"): (r[1], r[2], r[3]) for r in rows[1:]}


def test_the_table_covers_every_command() -> None:
    import argparse

    top = _parser()
    commands = set()
    for a in top._actions:
        if isinstance(a, argparse._SubParsersAction):
            for name, child in a.choices.items():
                nested = [x for x in child._actions if isinstance(x, argparse._SubParsersAction)]
                commands |= {f"{name} {n}" for x in nested for n in x.choices} or {name}
    assert set(_table()) == commands


def _broken_profile(tmp: Path) -> str:
    f = tmp / "broken.yaml"
    f.write_text("id: broken\nrules: [\n", encoding="utf-8")
    return str(f)


#: A ladder of the smallest size: three quick bots, two decks, few resamples.
_LADDER = ["ladder", "--bot", "random", "--bot", "basic", "--bot", "rules"]
_LADDER += ["--decks", "2", "--resamples", "20"]
_LADDER += ["--workers", "1", "--no-progress"]


#: Effects on a few deals, in this process.
_EFFECTS = ["effects", "--deals", "3", "--workers", "1", "--no-progress"]


def _cells(tmp: Path) -> list[tuple[str, int, list[str]]]:
    """One run per cell of the table (the cell's command, its status, the arguments)."""
    broken = _broken_profile(tmp)
    record = "examples/parlett-s0-auction.yaml"
    revoke = "tests/records/revoke.yaml"
    folder = str(tmp)
    a_file = tmp / "a-file"
    a_file.write_text("x", encoding="utf-8")
    page = str(tmp / "page.html")
    bad_yaml = tmp / "bad.yaml"
    bad_yaml.write_text("format: [\n", encoding="utf-8")
    return [
        ("profiles", 0, ["profiles"]),
        ("profiles", 2, ["profiles", "--profile-dir", str(tmp / "missing")]),
        ("rules", 0, ["rules", "pi"]),
        ("rules", 1, ["rules", broken]),
        ("rules", 2, ["rules", "nope"]),
        ("rules", 2, ["rules", str(tmp / "missing.yaml")]),
        ("play", 0, ["play", "--deals", "1"]),
        ("play", 1, ["play", "--profile", broken]),
        ("play", 2, ["play", "--profile", "nope"]),
        ("play", 2, ["play", "--out", str(tmp / "missing-folder" / "x.yaml")]),
        ("validate", 0, ["validate", record]),
        ("validate", 1, ["validate", revoke]),
        ("validate", 2, ["validate", str(tmp / "missing.yaml")]),
        ("validate", 2, ["validate", folder]),
        ("effects", 0, [*_EFFECTS, "parlett", "stock.increment"]),
        ("effects", 1, [*_EFFECTS, broken]),
        ("effects", 2, [*_EFFECTS, "parlett", "no.such_rule"]),
        ("effects", 2, [*_EFFECTS, "nope"]),
        ("effects", 2, [*_EFFECTS, "parlett", "stock.increment", "--csv", str(a_file / "x")]),
        ("show", 0, ["show", record, "--html", page]),
        ("show", 1, ["show", revoke, "--html", page]),
        ("show", 2, ["show", str(tmp / "missing.yaml"), "--html", page]),
        ("show", 2, ["show", folder, "--html", page]),
        ("show", 2, ["show", record, "--html", str(tmp / "missing-folder" / "p.html")]),
        ("analyze", 0, ["analyze", record, "--from-trick", "11"]),
        ("analyze", 1, ["analyze", revoke, "--from-trick", "12"]),
        ("analyze", 2, ["analyze", str(tmp / "missing.yaml")]),
        ("analyze", 2, ["analyze", record, "--from-trick", "13"]),
        ("analyze", 2, ["analyze", record, "--html", str(tmp / "missing-folder" / "p.html")]),
        ("compare", 0, ["compare", "parlett", "pi"]),
        ("compare", 1, ["compare", broken]),
        ("compare", 1, ["compare", "--record", str(bad_yaml)]),
        ("compare", 2, ["compare", "nope"]),
        ("compare", 2, ["compare", "--record", str(tmp / "missing.yaml")]),
        ("match", 0, ["match", "random", "random", "basic", "--deals", "3", "--no-progress"]),
        ("match", 1, ["match", "random", "random", "random", "--profile", broken]),
        ("match", 2, ["match", "random", "random", "nope"]),
        ("match", 2, ["match", "random", "random", "random", "--profile", "nope"]),
        ("ladder", 0, [*_LADDER, "--profile", "parlett"]),
        ("ladder", 1, [*_LADDER, "--profile", broken]),
        ("ladder", 2, [*_LADDER, "--profile", "nope"]),
        ("ladder", 2, ["ladder", "--bot", "nope", "--bot", "random", "--bot", "basic"]),
        ("new variant", 0, ["new", "variant", "club-14"]),
        ("new variant", 0, ["new", "variant", "club-14", "--out", str(tmp / "v.yaml")]),
        ("new variant", 1, ["new", "variant", "club-14", "--from", broken]),
        ("new variant", 2, ["new", "variant", "Club 14"]),
        ("new variant", 2, ["new", "variant", "club-14", "--out", str(a_file)]),
        ("new record", 0, ["new", "record", "--players", "Anna,Ben,Carla"]),
        ("new record", 1, ["new", "record", "--profile", broken]),
        ("new record", 2, ["new", "record", "--players", "Anna,Ben"]),
        ("new record", 2, ["new", "record", "--profile", "nope"]),
        ("web build", 1, ["web", "build", str(tmp / "out"), "--cache", str(tmp / "cache")]),
        ("web build", 2, ["web", "build", str(a_file)]),
        ("web build", 2, ["web", "build", str(tmp / "out"), "--cache", str(a_file)]),
    ]


def test_every_cell_of_the_exit_status_table(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("PATH", str(tmp_path))  # no npm: the page cannot be built (status 1)
    table = _table()
    covered: dict[str, set[int]] = {}
    for command, status, args in _cells(tmp_path):
        code, out, err = run(capsys, *args)
        assert code == status, (args, code, err)
        assert "Traceback" not in err
        if status:
            assert err.strip() or "error" in out, args  # always a reason (validate: a report)
        covered.setdefault(command, set()).add(status)
    # the page's build itself needs npm and the network (the browser tests build it for real):
    # here the build is stood in for, to see the command report it and exit 0
    import gleek.web.build

    out_dir = tmp_path / "built"
    monkeypatch.setattr(gleek.web.build, "build", lambda out, cache, say: [out / "index.html"])
    code, out, _ = run(capsys, "web", "build", str(out_dir), "--cache", str(tmp_path / "c"))
    assert code == 0 and "wrote 1 file to" in out
    covered["web build"].add(0)
    for command, cells in table.items():
        documented = {i for i, cell in enumerate(cells) if cell != "(never)"}
        assert covered[command] == documented, command


def test_the_rl_example_explains_itself_in_whole_sentences() -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "train_reinforce.py"), "--help"],
        capture_output=True,
        text=True,
        check=True,
    )
    text = " ".join(done.stdout.split())
    assert "masked to the legal actions, in plain numpy." in text
    for option in ("--episodes", "--seed", "--opponents", "--block"):
        assert re.search(rf"{option} \w+ \w", text), option  # a help text after the metavar


@pytest.mark.parametrize(
    "args",
    [
        ["rules", "parlett"],
        ["validate", "examples/parlett-s0-auction.yaml"],
        ["compare", "parlett", "pi"],
        ["play", "--seed", "1"],
    ],
)
def test_text_for_the_terminal_fits_its_width(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    """``make demo`` runs at 100 columns: what a person reads fits, every word kept."""
    monkeypatch.chdir(ROOT)
    monkeypatch.delenv("COLUMNS", raising=False)
    code, wide, _ = run(capsys, *args)  # piped: as it is
    monkeypatch.setenv("COLUMNS", "100")
    assert run(capsys, *args)[0] == code == 0
    code, fitted, _ = run(capsys, *args)
    assert max(len(line) for line in fitted.splitlines()) <= 100
    if args[0] != "compare":  # (compare lays its table out anew when narrow)
        assert fitted.split() == wide.split()
