"""gleek analyze: the cards of a record weighed by the solver, in text, JSON and on the page."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import gleek
from gleek.analysis import card_values
from gleek.analyze import analyze_record, step_notes, verdicts_text
from gleek.cli import main
from gleek.errors import ArgumentError, ArgumentTypeError
from gleek.viewer import load_record

ROOT = Path(__file__).resolve().parent.parent
RECORD = str(ROOT / "examples" / "parlett-s0-auction.yaml")


def _record() -> gleek.record.Record:
    record, error = load_record(RECORD)
    assert record is not None and error is None
    return record


def test_each_card_is_weighed_against_the_solver() -> None:
    record = _record()
    (deal,) = analyze_record(record, from_trick=9)
    assert [c.trick for c in deal.cards] == [t for t in range(9, 13) for _ in range(3)]
    states = list(record.deals[0].states())
    for c in deal.cards:
        before = states[c.step]
        values = card_values(before)
        assert c.best == max(values.values()) and c.value == values[c.card]
        assert before.to_act == c.seat
    # the worked example's play: Carla's 5C at trick 9 is a costly card
    assert "Carla's 5C at trick 9 cost 6 points" in deal.summary()
    assert all(c.cost >= 1 for c in deal.costly)
    text = verdicts_text((deal,), 9)
    assert "from trick 9" in text and "* cost 6" in text


def test_chips_move_with_the_points() -> None:
    record = _record()
    (points,) = analyze_record(record, "points", 11)
    (chips,) = analyze_record(record, "chips", 11)
    assert [c.cost for c in points.cards] == [c.cost for c in chips.cards]
    assert chips.summary() == () or "chip" in chips.summary()[0]


def test_cli_text_json_and_page(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["analyze", RECORD, "--from-trick", "9"]) == 0
    out = capsys.readouterr().out
    assert "Carla's 5C at trick 9 cost 6 points" in out
    assert main(["analyze", RECORD, "--from-trick", "9", "--format", "json", "--chips"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["error"] is None and data["deals"][0]["mode"] == "chips"
    assert data["deals"][0]["costly"] == ["Carla's 5C at trick 9 cost 6 chips"]
    page = tmp_path / "p.html"
    assert main(["analyze", RECORD, "--from-trick", "12", "--html", str(page)]) == 0
    capsys.readouterr()
    assert 'id="note"' in page.read_text(encoding="utf-8")
    notes = step_notes(analyze_record(_record(), from_trick=9))
    assert list(notes.values()) == ["Carla's 5C at trick 9 cost 6 points (best 18, played 12)"]
    assert main(["analyze", RECORD, "--from-trick", "9", "--html", str(page)]) == 0
    assert "Carla's 5C at trick 9 cost 6 points (best 18" in page.read_text(encoding="utf-8")


def test_a_deal_with_nothing_lost_says_so() -> None:
    (deal,) = analyze_record(_record(), from_trick=12)
    assert deal.costly == ()
    assert "no card cost its player a point" in verdicts_text((deal,), 12)


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ArgumentError, match="Record"):
        analyze_record("x")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="mode"):
        analyze_record(_record(), "tricks")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        analyze_record(_record(), from_trick=True)


def test_the_pimc_bot_is_named_legal_and_reproducible() -> None:
    import random

    from gleek.sim.match import load_bot, play_match
    from gleek.sim.pimc import PimcBot

    assert load_bot("pimc").worlds == 40 and load_bot("pimc:3").worlds == 3
    for bad in ("pimc:0", "pimc:x", "pimc:99999999"):
        with pytest.raises(ArgumentError, match="pimc:N"):
            load_bot(bad)
    with pytest.raises(ArgumentError, match="did you mean 'pimc'"):
        load_bot("pimx")
    for bad_args in ({"worlds": 0}, {"exact_from": 13}, {"worlds": True}):
        with pytest.raises(ArgumentError):
            PimcBot(**bad_args)
    bot = PimcBot(3, exact_from=9, playouts=6)
    assert repr(bot) == "PimcBot(3)"
    s = gleek.new_deal(gleek.load_profile("parlett"), dealer=0, seed=4)
    seen = 0
    while not s.is_over:
        seat = s.to_act
        assert seat is not None
        legal = gleek.legal_actions(s)
        obs = gleek.observation(s, seat)
        a = bot.choose(obs, legal, random.Random(seen))
        assert a in legal and a == bot.choose(obs, legal, random.Random(seen))
        seen += 1
        s = s.apply(a)
    result = play_match(["pimc:2", "rules", "rules"], "parlett", 3, seed=1, workers=1)
    assert len(result.chips[0]) == 3
