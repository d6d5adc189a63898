"""The gleek command: output, exit status, and one-line errors with no traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from gleek.cli import main
from gleek.record import validate

ROOT = Path(__file__).resolve().parent.parent


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_profiles_lists_profiles_and_variants(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "profiles")
    assert code == 0
    for word in (
        "parlett",
        "publications-international",
        "aliases: pi",
        "pedagogical",
        "Règles pédagogiques",
        "Reglas didácticas",
        "no-tiddy",
        "towser-tumbler",
        "bid-13",
        "play-high",
    ):
        assert word in out


def test_rules_pi(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "pi")
    assert code == 0
    assert "Opening bid: 10" in out and "Raise: 2" in out
    assert "First lead: buyer" in out
    assert "Who scores an honour: winner" in out
    assert "Model: pool" in out
    assert "The high bidder leads to the first trick." in out  # its source


def test_rules_parlett_play_high_shows_the_duty_and_its_source(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "rules", "parlett", "--variant", "play-high")
    assert code == 0
    block = out[out.index("Play high: yes") :]
    assert "Variants: Play high" in block.split("\n\n")[0]
    assert "Willughby" in block.split("\n\n")[0]


@pytest.mark.parametrize("fmt", ["markdown", "json"])
def test_rules_formats(capsys: pytest.CaptureFixture[str], fmt: str) -> None:
    code, out, _ = run(capsys, "rules", "pedagogique", "--format", fmt)
    assert code == 0
    if fmt == "json":
        data = json.loads(out)
        assert data["id"] == "pedagogical"
        rule = next(r for r in data["rules"] if r["path"] == "stock.forbidden_discards")
        assert rule["value"] == ["A", "K", "Q", "J"] and rule["source"]["ref"] == "pedagogique"
        assert rule["source"]["citation"].startswith("Règles pédagogiques, 03 / Acheter le talon")
    else:
        assert out.startswith("# Pedagogical rules")
        assert "| Rule | Value | How sure | Source |" in out


@pytest.mark.parametrize(
    ("args", "status", "words"),
    [
        (["rules", "nope"], 2, "unknown profile 'nope'"),
        (["rules", "pi", "--variant", "fast"], 2, "unknown variant 'fast'"),
        (["rules", "pi", "--format", "pdf"], 2, "invalid choice"),
        (["frobnicate"], 2, "invalid choice"),
        (["play", "--deals", "0"], 2, "must be at least 1"),
        (["play", "--seed", "x"], 2, "invalid int value"),
        (["validate"], 2, "required"),
        (["compare", "--simulate", "-3"], 2, "must be at least 1"),
        (["compare", "--record", "/no/such/file.yaml"], 2, "no such file"),
    ],
)
def test_bad_arguments_one_line_status_2(
    capsys: pytest.CaptureFixture[str], args: list[str], status: int, words: str
) -> None:
    code, _, err = run(capsys, *args)
    assert code == status
    assert words in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_a_bad_profile_file_is_one_located_line_status_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    f = tmp_path / "p.yaml"
    f.write_text("id: x\ntitle: [\n")
    code, _, err = run(capsys, "rules", str(f))
    assert code == 1 and f"{f}:3:1:" in err and len(err.strip().splitlines()) == 1


def test_validate_examples_and_broken(capsys: pytest.CaptureFixture[str]) -> None:
    examples = sorted(str(p) for p in (ROOT / "examples").glob("*.yaml"))
    code, out, _ = run(capsys, "validate", *examples)
    assert code == 0 and out.count(": valid under") == len(examples)
    assert "points:" in out and "payments:" in out and "balances:" in out
    broken = ROOT / "tests" / "records" / "revoke.yaml"
    code, out, _ = run(capsys, "validate", str(broken))
    assert code == 1
    assert out.splitlines()[0] == (
        f"{broken}:27:7: revoke: deal 1, trick 1: North played 6H to a diamond lead while "
        "holding JD"
    )


def test_validate_json_one_report_or_a_list(capsys: pytest.CaptureFixture[str]) -> None:
    one = str(ROOT / "examples" / "parlett-play-high.yaml")
    code, out, _ = run(capsys, "validate", "--json", one)
    assert code == 0 and json.loads(out)["format"] == "gleek-report/1"
    code, out, _ = run(capsys, "validate", "--json", one, one)
    assert isinstance(json.loads(out), list) and len(json.loads(out)) == 2


def test_validate_missing_file_is_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "validate", "/no/such.yaml")
    assert code == 2 and "cannot read" in err


def test_play_prints_a_readable_deal_and_writes_a_valid_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out_file = tmp_path / "played.yaml"
    code, out, _ = run(
        capsys,
        "play",
        "--profile",
        "pi",
        "--variant",
        "play-high",
        "--seed",
        "4",
        "--deals",
        "2",
        "--out",
        str(out_file),
    )
    assert code == 0
    for word in (
        "Deal 1:",
        "Deal 2:",
        "Auction:",
        "buys the stock",
        "Ruff:",
        "Tricks:",
        "Points:",
        "Payments:",
        "Balances:",
        "Ranking:",
    ):
        assert word in out
    assert out.count(" -> ") >= 24  # every trick with its winner
    report = validate(out_file)
    assert report.valid and len(report.deals) == 2
    assert report.variants == ("play-high",)


def test_play_out_must_be_yaml_or_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "play", "--out", "x.txt")
    assert code == 2 and ".yaml" in err


def test_compare_matrix_formats(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "compare")
    assert code == 0 and "Opening bid" in out and "+===" in out
    code, out, _ = run(capsys, "compare", "parlett", "pi", "--format", "markdown")
    assert code == 0 and out.startswith("| rule")
    code, out, _ = run(capsys, "compare", "parlett", "pedagogical", "--all", "--format", "json")
    data = json.loads(out)
    assert code == 0 and len(data["rules"]) > 30 and data["profiles"] == ["parlett", "pedagogical"]


def test_compare_record_and_simulate(capsys: pytest.CaptureFixture[str]) -> None:
    rec = str(ROOT / "examples" / "parlett-play-high.yaml")
    code, out, _ = run(capsys, "compare", "--record", rec, "parlett", "pi")
    assert code == 0 and "Who scores an honour" in out
    code, out, err = run(
        capsys,
        "compare",
        "--simulate",
        "6",
        "--workers",
        "1",
        "--seed",
        "2",
        "--no-progress",
        "--format",
        "json",
    )
    assert code == 0 and json.loads(out)["deals"] == 6 and err == ""


def test_console_script_never_shows_a_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(b"\x00\xff garbage")
    for args in (["validate", str(bad)], ["rules", str(bad)], ["compare", "--record", str(bad)]):
        proc = subprocess.run(
            [sys.executable, "-m", "gleek", *args], capture_output=True, text=True
        )
        assert proc.returncode in (1, 2), args
        assert "Traceback" not in proc.stderr + proc.stdout
