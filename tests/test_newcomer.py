"""A newcomer's slips in a hand-written record, said as a newcomer needs them said."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gleek.record import validate

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "parlett-s0-auction.yaml"


def _edited(tmp_path: Path, old: str, new: str, name: str = "r.yaml") -> Path:
    text = EXAMPLE.read_text("utf-8")
    assert text.count(old) == 1, old
    out = tmp_path / name
    out.write_text(text.replace(old, new), encoding="utf-8")
    return out


def _as_jsonl(tmp_path: Path, yaml_file: Path) -> Path:
    import yaml

    data = yaml.safe_load(yaml_file.read_text("utf-8"))
    deals = data.pop("deals")
    out = tmp_path / "r.jsonl"
    out.write_text(
        json.dumps(data) + "\n" + "".join(json.dumps(d) + "\n" for d in deals), encoding="utf-8"
    )
    return out


def test_a_misspelt_key_of_a_deal_is_named_with_a_did_you_mean(tmp_path: Path) -> None:
    """``trick:`` for ``tricks:`` was taken for one trick (at most 3 cards, 6 items) and said
    "has more than 6 items" with no deal or path; it is an unknown key, located."""
    path = _edited(tmp_path, "\n  tricks:\n", "\n  trick:\n")
    for f in (path, _as_jsonl(tmp_path, path)):
        report = validate(f)
        (e,) = report.errors
        assert e.code == "schema"
        assert e.message.startswith("unknown key 'trick' in deals[0] (did you mean 'tricks'?)")
        assert (e.deal, e.path) == (1, "deals[0].trick")
        if f.suffix == ".yaml":
            line = f.read_text("utf-8").splitlines()[e.line - 1]  # type: ignore[operator]
            assert line == "  trick:" and e.column == 3


def test_a_card_dealt_twice_names_both_places(tmp_path: Path) -> None:
    """``TH`` (the 10 of hearts) typed for ``9H`` in Ben's hand: the error is at the second
    10H in the file (Carla's), and names the first as it was written, with its line."""
    path = _edited(
        tmp_path,
        "Ben: [QS, 10S, 9S, AH, JH, 9H, 6H,",
        "Ben: [QS, 10S, 9S, AH, JH, TH, 6H,",
    )
    (e,) = validate(path).errors
    lines = path.read_text("utf-8").splitlines()
    assert e.code == "bad-deal" and e.line is not None and e.column is not None
    assert lines[e.line - 1].startswith("    Carla:")
    assert lines[e.line - 1][e.column - 1 :].startswith("10H")
    ben = next(i for i, line in enumerate(lines, 1) if line.startswith("    Ben:"))
    column = lines[ben - 1].index("TH") + 1
    assert e.message == (
        f"deal 1: 10H is dealt twice: here as '10H' and at line {ben}, column {column} as 'TH' "
        "(deals[0].hands.Ben[5]); the deal must be the 44 distinct cards split 12/12/12/1/7"
    )


@pytest.mark.parametrize("kept", [7, 0])
def test_a_deal_that_stops_says_where(tmp_path: Path, kept: int) -> None:
    """A deal written up to trick 7 was summed up as "no deal replayed"."""
    import yaml

    data = yaml.safe_load(EXAMPLE.read_text("utf-8"))
    deal = data["deals"][0]
    deal["tricks"] = deal["tricks"][:kept]
    deal.pop("result", None)
    path = tmp_path / "cut.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    report = validate(path)
    assert [e.code for e in report.errors] == ["incomplete"]
    where = f"after trick {kept}" if kept else "before the first trick"
    assert report.verdict() == f"invalid (1 error) under parlett, deal 1 stops {where}"
    assert report.to_json()["deals"] == []  # the JSON report, a contract, is as it was
