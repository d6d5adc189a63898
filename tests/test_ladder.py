"""The bot ladder: gleek.sim.ladder, ``gleek ladder``, the ISMCTS bot, and the ladder's page."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import gleek
from gleek.cli import main
from gleek.errors import ArgumentError
from gleek.rl.openspiel import ISMCTSGleekBot
from gleek.sim.ladder import Ladder, bradley_terry, ladder_deals, play_ladder
from gleek.sim.match import load_bot, play_match
from gleek.sources import profiles_dir

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "tools" / "ladder_page.py"


def test_the_ladder_page_is_up_to_date() -> None:
    """The page is what the recorded run renders, the recorded run is ``gleek ladder``'s
    defaults, and its cheap matches replay to the recorded chips (else: regenerate it)."""
    run = subprocess.run(
        [sys.executable, str(TOOL), "--check"], capture_output=True, text=True, check=False
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_the_recorded_ladder_has_every_profile_with_intervals() -> None:
    data = json.loads((ROOT / "docs" / "ladder.json").read_text("utf-8"))
    lad = Ladder.from_json(data)
    assert len(lad.tables) == 4
    for t in lad.tables:
        assert {r.bot for r in t.ratings} == set(lad.bots)
        assert all(r.low <= r.rating <= r.high and r.low < r.high for r in t.ratings)
        assert t.deals == ladder_deals(len(lad.bots), 1, lad.decks)
    page = (ROOT / "docs" / "ladder.rst").read_text("utf-8")
    assert "ismcts:10" in page and "95% interval" in page


def test_bradley_terry_fits_the_odds() -> None:
    p = bradley_terry(3, [[0, 2, 4], [1, 0, 2], [1, 1, 0]])
    assert p[0] > p[1] > p[2]
    assert sum(p) == pytest.approx(3)
    # the maximum-likelihood condition: each player's expected wins are its wins
    games = [[0, 3, 5], [3, 0, 3], [5, 3, 0]]
    wins = [2 + 4, 1 + 2, 1 + 1]
    for i in range(3):
        expected = sum(games[i][j] * p[i] / (p[i] + p[j]) for j in range(3) if j != i)
        assert expected == pytest.approx(wins[i], abs=1e-6)


@given(st.lists(st.integers(0, 5), min_size=6, max_size=6))
def test_bradley_terry_orders_by_the_wins_of_a_round_robin(counts: list[int]) -> None:
    # each pair played 5 games plus a draw: i beat j counts[k] times
    pairs = [(0, 1), (0, 2), (1, 2), (1, 0), (2, 0), (2, 1)][:3]
    w = [[0.0 if i == j else 0.5 for j in range(3)] for i in range(3)]
    for (i, j), k in zip(pairs, counts[:3], strict=True):
        w[i][j] += k
        w[j][i] += 5 - k
    p = bradley_terry(3, w)
    totals = [sum(row) for row in w]
    for i in range(3):
        for j in range(3):
            if totals[i] > totals[j] + 1e-9:
                assert p[i] > p[j]


def test_a_ladder_is_the_matches_of_every_three_bots() -> None:
    bots = ["random", "basic", "rules", "gleek.sim.bots:RandomBot"]
    lad = play_ladder(bots, ["pi", "parlett"], decks=2, seed=3, resamples=30)
    assert [t.profile for t in lad.tables] == ["publications-international", "parlett"]
    table = lad.tables[0]
    assert table.deals == 4 * 3 * 2 == ladder_deals(4, 1, 2)
    # each match is gleek match's, on the same decks
    trio, decks = table.matches[0]
    again = play_match(list(trio), "pi", deals=6, seed=3)
    rows = [row for deck in decks for row in deck]
    assert [r[:3] for r in rows] == list(zip(*again.chips, strict=True))
    # the ratings: centred on 0, each inside its interval, games counted per pair
    assert sum(r.rating for r in table.ratings) == pytest.approx(0, abs=1e-6)
    assert all(r.low <= r.rating <= r.high for r in table.ratings)
    assert {r.games for r in table.ratings} == {3 * 3 * 2 * 2}
    assert Ladder.from_json(json.loads(json.dumps(lad.to_json()))) == lad
    text = lad.text()
    assert "publications-international: 24 deals" in text and "bots:RandomBot" in text
    assert table.beats(table.ratings[-1].bot) == ()
    two = play_ladder(bots[:3], ["pi"], decks=2, seed=3, resamples=30, workers=2)
    assert two.tables[0].matches == play_ladder(bots[:3], ["pi"], 2, seed=3).tables[0].matches


def test_ladder_arguments_are_checked() -> None:
    for bots in (["random", "basic"], ["random", "random", "basic"], "random"):
        with pytest.raises(ArgumentError, match="three or more different bots"):
            play_ladder(bots, ["pi"])
    with pytest.raises(ArgumentError, match="unknown bot"):
        play_ladder(["random", "basic", "nobody"], ["pi"])
    with pytest.raises(ArgumentError, match="profiles"):
        play_ladder(["random", "basic", "rules"], "pi")
    with pytest.raises(ArgumentError, match="decks"):
        play_ladder(["random", "basic", "rules"], ["pi"], decks=1)
    with pytest.raises(ArgumentError, match="not a ladder's JSON"):
        Ladder.from_json({"bots": ["a"]})


def test_cli_ladder(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["ladder", "--bot", "random", "--bot", "basic", "--bot", "rules", "--profile", "pi"]
    assert main([*args, "--decks", "2", "--resamples", "20", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "publications-international: 6 deals" in out and "Bradley-Terry" in out
    assert main([*args, "--decks", "2", "--format", "json", "--no-progress"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["bots"] == ["random", "basic", "rules"] and data["decks"] == 2
    assert main(["ladder", "--bot", "random", "--no-progress"]) == 2
    assert "three or more" in capsys.readouterr().err


def test_the_ismcts_bot_by_name_plays_legal_moves_reproducibly() -> None:
    bot = load_bot("ismcts:3")
    assert isinstance(bot, ISMCTSGleekBot) and bot.simulations == 3
    assert repr(load_bot("ismcts")) == "ISMCTSGleekBot(20)"
    for bad in ("ismcts:0", "ismcts:x"):
        with pytest.raises(ArgumentError, match="ismcts:N"):
            load_bot(bad)
    with pytest.raises(ArgumentError, match="simulations"):
        ISMCTSGleekBot(0)
    s = gleek.new_deal(gleek.load_profile("cotton", ["play-high"]), dealer=1, seed=2)
    picks = []
    while not s.is_over:
        legal = gleek.legal_actions(s)
        obs = gleek.observation(s, s.to_act)
        a = bot.choose(obs, legal, random.Random(len(picks)))
        assert a in legal
        assert a == bot.choose(obs, legal, random.Random(len(picks)))
        picks.append(a)
        s = gleek.apply(s, a)
    assert len(picks) > 40


def test_the_ismcts_bot_refuses_a_profile_it_cannot_name(tmp_path: Path) -> None:
    text = (profiles_dir() / "parlett.yaml").read_text("utf-8")
    mine = tmp_path / "mine.yaml"
    mine.write_text(text.replace("id: parlett", "id: mine", 1), "utf-8")
    s = gleek.new_deal(gleek.load_profile(str(mine)), dealer=0, seed=1)
    while len(gleek.legal_actions(s)) == 1:
        s = gleek.apply(s, gleek.legal_actions(s)[0])
    with pytest.raises(ArgumentError, match="shipped profiles only"):
        ISMCTSGleekBot(2).choose(
            gleek.observation(s, s.to_act), gleek.legal_actions(s), random.Random(0)
        )


def test_bradley_terry_stops_at_its_iterations() -> None:
    assert bradley_terry(2, [[0, 3], [1, 0]], iterations=1) == pytest.approx([1.5, 0.5])


def test_the_ismcts_bot_says_when_openspiel_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "gleek.rl.openspiel", None)
    with pytest.raises(ArgumentError, match=r"needs OpenSpiel .*gleek\[openspiel\]"):
        load_bot("ismcts:2")
