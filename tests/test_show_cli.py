"""`gleek show` and `gleek play --html`: the files written, the exit status, the messages."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml

from gleek.cli import main
from gleek.profile import profiles_dir
from gleek.record import validate

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "parlett-s0-auction.yaml"
REVOKE = ROOT / "tests" / "records" / "revoke.yaml"


def _payload(page: str) -> dict[str, object]:
    start = page.index('id="gleek-data">') + len('id="gleek-data">')
    data: dict[str, object] = json.loads(page[start : page.index("</script>", start)])
    return data


def _steps(data: dict[str, object]) -> list[dict[str, object]]:
    """The page's steps as its script reads them: each with its deal, its place in the deal
    and the deal's length, its payments and the deal's so far, and the whole picture data."""
    steps = data["steps"]
    assert isinstance(steps, list)
    out: list[dict[str, object]] = []
    for s in steps:
        first = not out or out[-1]["deal"] != s["d"]
        table = dict(s["t"]) if first else {**out[-1]["table"], **s["t"]}  # type: ignore[dict-item]
        paid = list(s.get("p", []))
        out.append(
            {
                "deal": s["d"],
                "step": 0 if first else out[-1]["step"] + 1,  # type: ignore[operator]
                "caption": s["c"],
                "paid": paid,
                "deal_paid": paid if first else [*out[-1]["deal_paid"], *paid],  # type: ignore[misc]
                "balances": s["b"],
                "over": bool(s.get("o")),
                "error": bool(s.get("e")),
                "table": table,
            }
        )
    for s in out:
        s["of"] = sum(1 for t in out if t["deal"] == s["deal"])
    return out


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
    steps = _steps(data)
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
    steps = _steps(data)
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
    # a record that cannot be read: the command cannot run, status 2, as for validate
    assert main(["show", str(tmp_path / "nope.yaml"), "--html", str(tmp_path / "x.html")]) == 2
    assert "nope.yaml: cannot read: no such file" in capsys.readouterr().err
    # output that cannot be written: status 2, as docs/cli.rst says
    assert main(["show", str(EXAMPLE), "--html", str(tmp_path / "no" / "x.html")]) == 2
    err = capsys.readouterr().err
    assert "cannot write" in err and "Traceback" not in err


def test_play_html_steps_through_the_deals_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "play.html"
    code = main(["play", "--seed", "4", "--deals", "2", "--html", str(page)])
    assert code == 0 and f"Wrote {page}" in capsys.readouterr().out
    data = _payload(page.read_text(encoding="utf-8"))
    steps = _steps(data)
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
    steps = _steps(data)
    assert isinstance(steps, list) and {s["deal"] for s in steps} == {1}
    assert data["start"] == len(steps) - 1 and steps[-1]["error"] and steps[-1]["over"]
    assert "wrong-result" in str(data["error"]) and f"{name} is recorded with 99" in str(
        data["error"]
    )


def test_show_finds_a_profile_in_a_registered_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    data = yaml.safe_load((profiles_dir() / "parlett.yaml").read_text(encoding="utf-8"))
    data["id"], data["aliases"] = "house", []
    (folder / "house.yaml").write_text(yaml.safe_dump(data), encoding="utf-8")
    record = tmp_path / "house-record.yaml"
    record.write_text(
        EXAMPLE.read_text(encoding="utf-8").replace("profile: parlett", "profile: house"),
        encoding="utf-8",
    )
    page, picture = tmp_path / "h.html", tmp_path / "h.svg"
    args = ["show", str(record), "--html", str(page), "--svg", str(picture)]
    # Without the folder the profile is unknown: a page at the error, no picture
    assert main(args) == 1
    assert "unknown-profile" in capsys.readouterr().err
    assert _payload(page.read_text(encoding="utf-8"))["steps"] == [] and not picture.exists()
    assert main([*args, "--profile-dir", str(folder)]) == 0
    out, err = capsys.readouterr()
    assert err == "" and f"Wrote {picture}" in out
    data = _payload(page.read_text(encoding="utf-8"))
    steps = _steps(data)
    report = validate(record, profile_dirs=[folder])
    assert report.valid and report.profile == "house"
    assert data["error"] is None and isinstance(steps, list)
    assert steps[-1]["balances"] == [c for _, c in report.chips]
    assert ET.fromstring(picture.read_text(encoding="utf-8")).get("data-phase") == "over"
    assert main([*args, "--profile-dir", str(tmp_path / "none")]) == 2
    assert "--profile-dir" in capsys.readouterr().err


def test_a_forfeit_is_in_the_balances_after_the_deal(tmp_path: Path) -> None:
    from gleek.viewer import viewer_html

    path = ROOT / "examples" / "cotton-forfeit.yaml"
    report = validate(path)
    forfeits = [p for p in report.deals[0].payments if p[3] == "forfeit"]
    assert report.valid and forfeits
    data = _payload(viewer_html(path))
    steps = _steps(data)
    assert isinstance(steps, list) and steps[-1]["over"]
    assert steps[-1]["balances"] == [c for _, c in report.chips]
    assert all(f"{f} pays {t} {a} (forfeit)" in steps[-1]["paid"] for f, t, a, _ in forfeits)
    assert steps[-1]["deal_paid"] == [
        f"{f} pays {t} {a} ({r})" for f, t, a, r in report.deals[0].payments
    ]


@pytest.mark.parametrize("name", ["false-claim", "wrong-dealer", "bad-bid", "bad-deal"])
def test_an_invalid_record_opens_at_its_deal_as_far_as_it_goes(name: str) -> None:
    from gleek.record import read
    from gleek.viewer import viewer_html

    path = ROOT / "tests" / "records" / f"{name}.yaml"
    rec, error = read(path), validate(path).errors[0]
    data = _payload(viewer_html(path))
    steps = _steps(data)
    assert isinstance(steps, list) and data["start"] == len(steps) - 1
    assert f":{error.line}:{error.column}: {name}: {error.message}" in str(data["error"])
    assert data["names"] == list(rec.players)
    if rec.broken is None:  # not dealt: the page ends with the deals before it (none here)
        assert steps == [] and error.deal == 1
        return
    last = steps[-1]
    assert last["error"] and last["deal"] == rec.broken.number
    n = len(rec.broken.actions)
    if rec.broken.refused is None:  # the deal's last step
        assert last["step"] == n and last["of"] == n + 1
    else:  # the refused action, shown on the state before it
        assert last["step"] == n + 1 and last["caption"].endswith(": against the rules")


def test_the_viewer_api_checks_its_arguments() -> None:
    from gleek.errors import ArgumentTypeError
    from gleek.record import dumps, read
    from gleek.viewer import load_record, replay_text

    with pytest.raises(ArgumentTypeError, match="path or text"):
        load_record(EXAMPLE, text="x")
    with pytest.raises(ArgumentTypeError, match="text"):
        load_record(text=5)  # type: ignore[arg-type]
    # A record's text on one line is a text, never a path
    one_line = json.dumps(yaml.safe_load(dumps(read(EXAMPLE), "json")))
    assert "\n" not in one_line
    deals = replay_text(one_line, "one.json")
    assert len(deals) == 1 and deals[0].outcome == read(EXAMPLE).deals[0].outcome
    record, error = load_record(text=one_line.replace("parlett", "nowhere"), name="n.json")
    assert record is None and error is not None and error.startswith("n.json:1:")


def test_show_a_picture_only(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    picture = tmp_path / "only.svg"
    assert main(["show", str(REVOKE), "--svg", str(picture)]) == 1
    out, err = capsys.readouterr()
    assert out == f"Wrote {picture}\n" and "revoke:" in err
    assert not list(tmp_path.glob("*.html"))
    # The picture is the state before the refused card: the lead alone on the table
    svg = picture.read_text(encoding="utf-8")
    assert ET.fromstring(svg).get("data-phase") == "play"
    assert svg.count('data-where="trick"') == 1 and 'data-card="5D"' in svg
    assert main(["show", str(EXAMPLE), "--svg", str(tmp_path / "no" / "x.svg")]) == 2
    err = capsys.readouterr().err
    assert "cannot write" in err and "Traceback" not in err


@pytest.mark.parametrize("order", ["take-first", "discard-first"])
def test_the_page_shows_the_stock_taken_in_the_profiles_order(tmp_path: Path, order: str) -> None:
    """Under take-first the page shows the buyer's 19 cards (the stock among them) while it
    lays out 7, and says so; under discard-first the stock lies face down until the seventh
    card is laid out."""
    import gleek
    from gleek.record import dumps
    from gleek.session import Session
    from gleek.sim.bots import RandomBot
    from gleek.viewer import replay_text

    profile = gleek.load_profile("cotton", [order])
    session = Session.start(profile, deals=1, dealer=2).play_out([RandomBot()] * 3, seed=5)
    (deal,) = replay_text(dumps(session))
    first = next(i for i, s in enumerate(deal.steps) if s.state.phase is gleek.Phase.DISCARD)
    bought = deal.steps[first]
    buyer = bought.state.buyer
    assert buyer is not None
    stock = set(deal.steps[0].state.stock)
    name = deal.names[buyer]

    def shown(svg: str) -> set[str]:
        root = ET.fromstring(svg)
        return {e.get("data-card", "?") for e in root.iter() if e.get("data-where")}

    svg = gleek.svg.draw(bought.state, names=deal.names)
    if order == "take-first":
        assert "takes its 7 cards and lays out 7" in bought.caption and name in bought.caption
        assert len(bought.state.hand(buyer)) == 19 and stock <= set(bought.state.hand(buyer))
        assert {str(c) for c in stock} <= shown(svg)
    else:
        assert "lays out 7 cards before taking it" in bought.caption
        assert len(bought.state.hand(buyer)) == 12 and not stock & set(bought.state.hand(buyer))
        assert not {str(c) for c in stock} & shown(svg)
        taken = next(s for s in deal.steps[first:] if s.state.phase is not gleek.Phase.DISCARD)
        assert taken.caption.endswith(f"; {name} takes the 7 cards of the stock")
    # the page written by `gleek show` carries the same picture and caption
    record = tmp_path / "deal.yaml"
    record.write_text(dumps(session), encoding="utf-8")
    page = tmp_path / "deal.html"
    assert main(["show", str(record), "--html", str(page)]) == 0
    steps = _steps(_payload(page.read_text(encoding="utf-8")))
    assert any(bought.caption == step["caption"] for step in steps)


@pytest.mark.parametrize("path", [EXAMPLE, REVOKE, ROOT / "examples" / "cotton-forfeit.yaml"])
def test_the_pages_picture_data_is_each_states_own(path: Path) -> None:
    """The page keeps a deal's first picture whole and then what changed: put together step by
    step, it is each state's own picture data (the page draws it: tests/test_viewer_browser.py
    checks the SVG drawn there is gleek.svg.draw's)."""
    from gleek.svg import picture_data
    from gleek.viewer import replay_file, viewer_html

    states = [step.state for deal in replay_file(path) for step in deal.steps]
    steps = _steps(_payload(viewer_html(path)))
    if path == REVOKE:  # the refused action is shown on the state before it
        assert steps[-1]["error"] and steps[-1]["caption"].endswith("against the rules")  # type: ignore[union-attr]
    assert [s["table"] for s in steps] == [picture_data(s) for s in states]
    assert all(len(json.dumps(s["t"])) < 400 for s in data_steps(path)[1:])


def data_steps(path: Path) -> list[dict[str, object]]:
    from gleek.viewer import viewer_html

    steps = _payload(viewer_html(path))["steps"]
    assert isinstance(steps, list)
    return steps
