"""Hostile input, round 3: each probe of the third round, as a test that failed before its fix."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gleek import record
from gleek.cli import main
from gleek.errors import RecordError

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
    rec = record.read(path)  # no AttributeError: the deal in error is the record's error
    assert rec.error is not None and rec.error.code in {"schema", "syntax"}
    assert rec.error.deal == 1 and rec.deals == ()
    if name.endswith(".yaml"):
        assert words in rec.error.message
        assert rec.comment.startswith("# ")  # the head comment, read from the text
    out = tmp_path / "page.html"
    assert main(["show", str(path), "--html", str(out), "--svg", str(tmp_path / "p.svg")]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err and "deals[0]" in err
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
