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


# ---------------------------------------------------------------------------- templates


def test_a_house_variant_template_is_valid_as_written_and_when_every_rule_is_uncommented(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import re

    import gleek
    from gleek.cli import main

    out = tmp_path / "club-14.yaml"
    assert main(["new", "variant", "club-14", "--from", "cotton", "--out", str(out)]) == 0
    text = out.read_text("utf-8")
    cotton = gleek.load_profile("cotton")
    assert [r.value for r in gleek.load_profile("cotton", [out]).rules] == [
        r.value for r in cotton.rules
    ]  # changes nothing yet
    # every rule of the profile is there, with its value, ready to uncomment
    for rule in cotton.rules:
        assert f"{rule.path}:\n" in text, rule.path
    uncommented = re.sub(r"^  # (\S+\.\S+:|  value:|  source:)", r"  \1", text, flags=re.M)
    everything = tmp_path / "all.yaml"
    everything.write_text(uncommented, encoding="utf-8")
    assert gleek.load_profile("cotton", [everything]).rules is not None
    # a value changed, with the house's reason, is a house rule
    mine = tmp_path / "mine.yaml"
    mine.write_text(
        uncommented.replace(
            "  stock.opening_bid:\n    value: 12\n",
            "  stock.opening_bid:\n    value: 14\n",
        ),
        encoding="utf-8",
    )
    rule = gleek.load_profile("cotton", [mine]).rule("stock.opening_bid")
    assert (rule.value, rule.certainty, rule.source.kind) == (14, "house rule", "house")
    assert main(["rules", "cotton", "--variant", str(mine)]) == 0
    assert "Opening bid: 14 [house rule]" in capsys.readouterr().out
    # the command refuses to write over a file being filled in
    assert main(["new", "variant", "club-14", "--out", str(out)]) == 2
    assert "exists already" in capsys.readouterr().err


def test_a_house_rule_takes_no_inference_and_the_pairing_is_explained(tmp_path: Path) -> None:
    import gleek

    def load(source: str) -> gleek.ProfileError:
        f = tmp_path / "v.yaml"
        f.write_text(
            "id: v\ntitle: V\nsummary: A test variant.\nset:\n  stock.opening_bid:\n"
            f"    value: 14\n    source: {source}\n",
            encoding="utf-8",
        )
        with pytest.raises(gleek.ProfileError) as info:
            gleek.load_profile("parlett", [f])
        return info.value

    e = load('{inferred: "a reason of ten letters"}')
    assert e.message.startswith(
        "set.stock.opening_bid.source has 'inferred' but not 'silent'; the two go together: "
        "'silent' is the section of the page 'Where the sources are silent'"
    )
    assert "A rule of your own takes 'house: WHY' instead of both" in e.message
    assert (e.line, e.column) == (7, 13)
    e = load('{house: "our own rule, for fun", inferred: "the project says", silent: ties}')
    assert "a house rule (house) is your own, so it takes no 'inferred' or 'silent'" in e.message


def test_a_record_template_validates_once_filled(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import re

    import yaml

    from gleek.cli import main
    from gleek.schemacheck import load_schema

    out = tmp_path / "deal.yaml"
    args = ["new", "record", "--profile", "parlett", "--players", "Anna,Ben,Carla"]
    assert main([*args, "--out", str(out)]) == 0
    text = out.read_text("utf-8")
    schema = load_schema("record")
    for key in (*schema["properties"], *schema["$defs"]["deal"]["properties"]):
        assert re.search(rf"^\s*(# )?(- )?{key}:", text, re.M), key  # every key of the format
    capsys.readouterr()
    assert main(["validate", str(out)]) == 1  # as written: no cards yet
    assert "deals[0].turn_up must be" in capsys.readouterr().out  # what to fill in

    deal = yaml.safe_load(EXAMPLE.read_text("utf-8"))["deals"][0]

    def flow(value: object) -> str:
        text = yaml.safe_dump(value, default_flow_style=True, width=10**6)
        return text.removesuffix("\n...\n").strip()  # a lone scalar: no document end

    filled = text
    for name, cards in deal["hands"].items():
        filled = filled.replace(f"    {name}: []", f"    {name}: {flow(cards)}")
    filled = filled.replace("  stock: []", f"  stock: {flow(deal['stock'])}")
    filled = filled.replace("  discard: []", f"  discard: {flow(deal['discard'])}")
    for key in ("turn_up", "auction", "ruff", "tricks"):
        filled = re.sub(rf"^  {key}:", f"  {key}: {flow(deal[key])}", filled, flags=re.M)
    out.write_text(filled, encoding="utf-8")
    assert main(["validate", str(out)]) == 0, capsys.readouterr().out
