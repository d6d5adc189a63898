"""A broken record read into objects: the deal of its first error as far as it goes
(``Record.broken``), the same error as the validator's, and the states up to it."""

from __future__ import annotations

from pathlib import Path

import pytest

from gleek.errors import ArgumentError, ArgumentTypeError
from gleek.record import BrokenDeal, read, read_text, validate, validate_text
from gleek.state import check_action

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "tests" / "records"
# Records that read() replays (the others cannot be read as records at all: syntax, schema...)
READABLE = [
    "bad-bid",
    "bad-card",
    "bad-deal",
    "bad-discard",
    "bad-ruff-call",
    "card-not-in-hand",
    "extra-action",
    "false-claim",
    "forbidden-discard",
    "incomplete",
    "not-highest",
    "out-of-turn",
    "revoke",
    "unknown-player",
    "wrong-dealer",
    "wrong-result",
]
# The deal cannot be dealt: no state to step through
NOT_DEALT = {"bad-card", "bad-deal"}
# Errors not tied to an action: the deal goes as far as its recorded actions are legal
NOT_AN_ACTION = {"false-claim", "wrong-dealer", "wrong-result", "incomplete", "unknown-player"}


@pytest.mark.parametrize("name", READABLE)
def test_the_broken_deal_stops_where_the_validator_does(name: str) -> None:
    path = RECORDS / f"{name}.yaml"
    rec = read(path)
    report = validate(path)
    assert rec.error == report.errors[0] and rec.error.code == name
    if name in NOT_DEALT:
        assert rec.broken is None
        return
    broken = rec.broken
    assert isinstance(broken, BrokenDeal)
    assert broken.error == rec.error and broken.number == rec.error.deal == len(rec.deals) + 1
    states = list(broken.states())
    assert len(states) == len(broken.actions) + 1 and states[-1] == broken.last
    assert states[0] == broken.state_at(0) and broken.state_at(len(broken.actions)) == broken.last
    assert broken.last.history == broken.actions
    if broken.refused is None:
        assert name in NOT_AN_ACTION
    else:
        seat, action = broken.refused
        assert check_action(broken.last, action, seat) is not None  # the rules refuse it


def test_a_refused_action_is_the_one_the_error_points_at() -> None:
    rec = read(RECORDS / "revoke.yaml")
    assert rec.broken is not None and rec.broken.refused is not None
    seat, action = rec.broken.refused
    assert (rec.players[seat], str(action.card)) == ("North", "6H")
    assert rec.broken.error.path == "deals[0].tricks[0][1]"
    assert str(rec.broken.last.trick[-1][1]) == "5D"  # the lead, just before it
    # The auction's extra bid is refused too
    extra = read(RECORDS / "extra-action.yaml").broken
    assert extra is not None and extra.refused is not None
    assert extra.refused[1].kind == "bid" and extra.last.phase.value == "discard"


def test_a_false_claim_is_read_to_the_end_of_its_deal() -> None:
    rec = read(RECORDS / "false-claim.yaml")
    assert rec.broken is not None and rec.broken.refused is None
    assert rec.broken.last.is_over and len(rec.broken.last.tricks) == 12


def test_a_false_claim_before_a_revoke_is_the_error_and_the_deal_stops_at_the_revoke() -> None:
    text = (RECORDS / "revoke.yaml").read_text("utf-8")
    assert "North: [tiddy]" in text
    both = text.replace("North: [tiddy]", "North: [gleek-A]")
    report = validate_text(both, "both.yaml")
    rec = read_text(both, name="both.yaml")
    revoke = read(RECORDS / "revoke.yaml")
    assert report.errors[0].code == "false-claim" and rec.error == report.errors[0]
    assert rec.broken is not None and revoke.broken is not None
    assert rec.broken.refused is None  # the revoke is not the error
    assert rec.broken.last == revoke.broken.last


def test_a_wrong_dealer_deals_as_the_record_says() -> None:
    rec = read(RECORDS / "wrong-dealer.yaml")
    assert rec.broken is not None and len(rec.deals) == 1 and rec.broken.number == 2
    assert rec.players[rec.broken.last.dealer] == "West"  # the dealer named, not the next one
    assert rec.broken.refused is None


def test_a_wrong_result_gives_the_finished_deal() -> None:
    rec = read(RECORDS / "wrong-result.yaml")
    assert rec.broken is not None and rec.broken.last.is_over and rec.deals == ()
    assert "<svg" in rec.broken._repr_svg_()


def test_a_valid_record_has_no_broken_deal_and_names_are_kept() -> None:
    path = ROOT / "examples" / "parlett-s0-auction.yaml"
    rec = read(path)
    assert rec.valid and rec.broken is None
    assert read(path, name="mine.yaml").file == "mine.yaml"
    assert read_text(path.read_bytes(), name="given.yaml").file == "given.yaml"
    assert read_text(path.read_bytes()).file == "<string>"
    with pytest.raises(ArgumentTypeError, match="name"):
        read(path, name=5)  # type: ignore[arg-type]
    broken = read(RECORDS / "revoke.yaml").broken
    assert broken is not None
    with pytest.raises(ArgumentError, match="k"):
        broken.state_at(len(broken.actions) + 1)
