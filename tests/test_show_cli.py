"""`gleek show` and `gleek play --html`: the files written, the exit status, the messages."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml

from gleek.cli import main
from gleek.record import validate

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "parlett-s0-auction.yaml"
REVOKE = ROOT / "tests" / "records" / "revoke.yaml"


def _payload(page: str) -> dict[str, object]:
    start = page.index('id="gleek-data">') + len('id="gleek-data">')
    data: dict[str, object] = json.loads(page[start : page.index("</script>", start)])
    return data


def test_show_writes_a_page_and_a_picture(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page, picture = tmp_path / "v.html", tmp_path / "v.svg"
    code = main(["show", str(EXAMPLE), "--html", str(page), "--svg", str(picture)])
    out, err = capsys.readouterr()
    assert code == 0 and err == ""
    assert f"Wrote {page}" in out and f"Wrote {picture}" in out
    data = _payload(page.read_text(encoding="utf-8"))
    assert data["error"] is None and data["start"] == 0
    steps = data["steps"]
    assert isinstance(steps, list) and steps[-1]["over"] is True
    report = validate(EXAMPLE)
    assert steps[-1]["balances"] == [c for _, c in report.chips]
    assert ET.fromstring(picture.read_text(encoding="utf-8")).get("data-phase") == "over"


def test_show_an_invalid_record_opens_at_the_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "bad.html"
    code = main(["show", str(REVOKE), "--html", str(page)])
    _, err = capsys.readouterr()
    error = validate(REVOKE).errors[0]
    assert code == 1
    assert f":{error.line}:{error.column}: revoke:" in err
    data = _payload(page.read_text(encoding="utf-8"))
    steps = data["steps"]
    assert isinstance(steps, list) and data["start"] == len(steps) - 1
    assert steps[-1]["error"] is True
    assert f":{error.line}:{error.column}: revoke: {error.message}" in str(data["error"])


def test_show_a_record_that_does_not_parse(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "syntax.html"
    code = main(["show", str(ROOT / "tests" / "records" / "syntax.yaml"), "--html", str(page)])
    assert code == 1
    data = _payload(page.read_text(encoding="utf-8"))
    assert data["steps"] == [] and "syntax" in str(data["error"])
    assert "No deal could be replayed" in page.read_text(encoding="utf-8")


def test_show_needs_an_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", str(EXAMPLE)]) == 2
    assert "give --html FILE, --svg FILE or both" in capsys.readouterr().err


def test_show_reports_a_missing_record_and_an_unwritable_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["show", str(tmp_path / "nope.yaml"), "--html", str(tmp_path / "x.html")]) == 1
    assert "nope.yaml" in capsys.readouterr().err
    assert main(["show", str(EXAMPLE), "--html", str(tmp_path / "no" / "x.html")]) == 1
    err = capsys.readouterr().err
    assert "cannot write" in err and "Traceback" not in err


def test_play_html_steps_through_the_deals_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "play.html"
    code = main(["play", "--seed", "4", "--deals", "2", "--html", str(page)])
    assert code == 0 and f"Wrote {page}" in capsys.readouterr().out
    data = _payload(page.read_text(encoding="utf-8"))
    steps = data["steps"]
    assert isinstance(steps, list) and data["error"] is None
    assert {s["deal"] for s in steps} == {1, 2}
    assert data["names"] == ["North", "East", "West"]


def test_a_wrong_result_opens_at_the_end_of_its_deal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = yaml.safe_load((ROOT / "examples" / "pedagogical-play-high-carry.yaml").read_text())
    assert len(record["deals"]) == 2
    first = record["deals"][0]
    name = record["players"][0]
    first["result"] = {"points": {name: 99}}
    source = tmp_path / "wrong.yaml"
    source.write_text(yaml.safe_dump(record, sort_keys=False), encoding="utf-8")
    page = tmp_path / "wrong.html"
    assert main(["show", str(source), "--html", str(page)]) == 1
    capsys.readouterr()
    data = _payload(page.read_text(encoding="utf-8"))
    steps = data["steps"]
    assert isinstance(steps, list) and {s["deal"] for s in steps} == {1}
    assert data["start"] == len(steps) - 1 and steps[-1]["error"] and steps[-1]["over"]
    assert "wrong-result" in str(data["error"]) and f"{name} is recorded with 99" in str(
        data["error"]
    )
