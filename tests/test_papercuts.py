"""The papercuts a newcomer hit in the first hour (issue 23), each pinned by a test."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

import gleek
from gleek.cards import n_cards
from gleek.cli import main
from gleek.errors import ArgumentError, ArgumentTypeError, ProfileError, RecordError
from gleek.record import dumps, read_text, validate_text
from gleek.record.shape import _CLAIMS
from gleek.session import Session
from gleek.viewer import deal_steps

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PARLETT = gleek.load_profile("parlett")


def _finished(seed: int = 3) -> gleek.State:
    return gleek.rollout(gleek.new_deal(PARLETT, dealer=0, seed=seed), "greedy", random.Random(1))


def test_the_claim_names_are_listed_in_the_records_page() -> None:
    page = (DOCS / "records.rst").read_text("utf-8")
    section = page.split("The claim names", 1)[1].split("\nReading and writing", 1)[0]
    listed = set(re.findall(r"^``([\w-]+)``|, ``([\w-]+)``", section, re.M))
    names = {a or b for a, b in listed}
    assert names == set(_CLAIMS) and len(names) == 11


def test_a_finished_deal_is_written_as_a_session_of_one_deal() -> None:
    state = _finished()
    text = dumps(state)
    assert validate_text(text, "one.yaml").valid
    rec = read_text(text)
    assert len(rec.deals) == 1 and rec.deals[0].final == state
    assert rec.players == Session.start(PARLETT).players
    # the same record as a one-deal session written by hand
    assert text == dumps(Session.start(PARLETT, 1, dealer=0).record(state))


def test_an_unfinished_deal_or_another_object_is_refused_saying_what_to_do() -> None:
    with pytest.raises(ArgumentError, match=r"not finished \(state.is_over is False\)"):
        dumps(gleek.new_deal(PARLETT, seed=1))
    with pytest.raises(ArgumentTypeError, match=r"or a finished State.*not an int"):
        dumps(3)  # type: ignore[arg-type]


def test_a_tab_used_for_indentation_is_called_a_tab(tmp_path: Path) -> None:
    profile = tmp_path / "tabbed.yaml"
    profile.write_text("id: tabbed\nrules:\n\tstock: 1\n", encoding="utf-8")
    with pytest.raises(ProfileError, match="a tab indents this line") as info:
        gleek.load_profile(profile)
    assert (info.value.line, info.value.column) == (3, 1)
    record = "format: gleek-record/1\nprofile: parlett\nplayers:\n\t- Anna\n"
    with pytest.raises(RecordError, match="YAML indents with spaces only"):
        read_text(record)
    # a tab inside a line (not indenting it) keeps PyYAML's own message
    with pytest.raises(ProfileError) as info:
        gleek.load_profile(_write(tmp_path, "id: x\nrules: [\n"))
    assert "did not find expected node content" in str(info.value)
    assert "a tab indents" not in str(info.value)


def _write(tmp_path: Path, text: str) -> Path:
    f = tmp_path / "bad.yaml"
    f.write_text(text, encoding="utf-8")
    return f


@pytest.mark.parametrize("args", [[], ["--all"], ["parlett", "pi", "cotton"]])
def test_the_comparison_fits_an_80_column_terminal(
    args: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    assert main(["compare", *args]) == 0
    out = capsys.readouterr().out
    assert max(len(line) for line in out.splitlines()) <= 80
    # every citation is still there, under the table, numbered; the notes on how sure each
    # value is follow
    assert re.search(r"^\[c1\] \S", out, re.M) and re.search(r"^\[1\] \S", out, re.M)
    assert "Full rules (after Parlett)" in out and "publications-" in out


def test_a_wide_terminal_or_a_pipe_keeps_the_citations_in_the_table(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("COLUMNS", "400")
    assert main(["compare"]) == 0
    wide = capsys.readouterr().out
    assert not re.search(r"^\[c1\] ", wide, re.M) and max(map(len, wide.splitlines())) > 150
    monkeypatch.delenv("COLUMNS")
    matrix = gleek.compare.rule_matrix([PARLETT, gleek.load_profile("pi")])  # type: ignore[attr-defined]
    assert matrix.text() == matrix.text(columns=None) == matrix.text(columns=1000)


def test_play_help_explains_every_option(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    out = capsys.readouterr().out
    for option in ("--profile", "--variant", "--seed", "--deals", "--bots", "--out", "--html"):
        lines = out.splitlines()
        (at,) = [i for i, line in enumerate(lines) if line.strip().startswith(f"{option} ")]
        text = lines[at].split(None, 2)[2:] or [lines[at + 1].strip()]  # or on the next line
        assert len(text[0]) > 10 and not text[0].startswith("-"), option
    assert "(default: parlett)" in out and "(default: basic)" in out


def test_one_card_is_one_card() -> None:
    assert [n_cards(n) for n in (0, 1, 2, 12)] == ["0 cards", "1 card", "2 cards", "12 cards"]
    state = _finished()
    before_end = state.root()
    for seat, action in state.history[:-2]:
        before_end = before_end.apply(action, seat=seat)
    shown = str(before_end.observation(before_end.to_act))
    assert "1 card " in shown and "1 cards" not in shown
    # a discard of one card: the message counts it as one card
    text = re.sub(r"discard: \[[^]]*\]", "discard: [AS]", dumps(state), count=1)
    said = str(validate_text(text, "x.yaml").errors)
    assert "discarded 1 card (1 distinct)" in said and "1 cards" not in said


def test_step_0_of_the_viewer_shows_the_turn_up_payments() -> None:
    for seed in range(200):  # the first deal whose turn-up pays as it is dealt
        state = gleek.rollout(gleek.new_deal(PARLETT, dealer=0, seed=seed), "greedy")
        if state.root().payments:
            break
    (deal,) = deal_steps(read_text(dumps(state)))
    assert deal.steps[0].payments == state.root().payments != ()
    assert sum(len(s.payments) for s in deal.steps) == len(state.outcome().payments)


def test_a_checkout_named_gleek_beside_a_script_and_the_documented_remedy(tmp_path: Path) -> None:
    """A script in the folder that holds a checkout named ``gleek/`` can import that folder as
    a namespace package; the install page's troubleshooting names the symptom and ``-P``."""
    (tmp_path / "gleek" / "gleek").mkdir(parents=True)
    script = tmp_path / "play.py"
    script.write_text("from gleek import Phase\nprint(Phase.AUCTION.value)\n")
    page = (DOCS / "install.rst").read_text("utf-8")
    assert "cannot import name 'Phase' from 'gleek' (unknown location)" in page
    assert "python -P" in page
    plain = subprocess.run([sys.executable, str(script)], capture_output=True, text=True)
    assert plain.stdout == "auction\n" or (
        "cannot import name 'Phase' from 'gleek' (unknown location)" in plain.stderr
    )
    remedy = subprocess.run([sys.executable, "-P", str(script)], capture_output=True, text=True)
    assert remedy.stdout == "auction\n", remedy.stderr
