"""Records read into objects and written back: every example, random sessions, broken records."""

from __future__ import annotations

import io
import itertools
import json
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gleek
from gleek.errors import ArgumentTypeError, RecordError
from gleek.profile import list_profiles, list_variants
from gleek.record import Record, dumps, read, read_text, validate_text
from gleek.session import Session
from gleek.sim.bots import BasicBot, RandomBot

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))
COMBOS = [
    (p, combo)
    for p in list_profiles()
    for n in range(len(list_variants()) + 1)
    for combo in itertools.combinations(list_variants(), n)
]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_every_example_is_read_stepped_through_and_written_back_identically(path: Path) -> None:
    rec = read(path)
    assert rec.valid and rec.deals and rec.file == str(path)
    for deal in rec.deals:
        states = list(deal.states())
        assert len(states) == len(deal.actions) + 1
        for k, state in enumerate(states):
            assert state.history == deal.actions[:k]
            assert state.is_over == (k == len(deal.actions))
        assert states[-1] == deal.final and deal.state_at(len(states) - 1) == deal.final
        plain = deal.final.outcome()
        # The deal's outcome is the state's, plus any forfeit its recorded claims cost.
        assert deal.outcome.payments[: len(plain.payments)] == plain.payments
        assert all(p.reason == "forfeit" for p in deal.outcome.payments[len(plain.payments) :])
        assert deal.outcome.points == plain.points
    assert dumps(rec) == path.read_text("utf-8")


def test_a_hand_written_record_is_written_back_in_its_canonical_form() -> None:
    """Hands in deal order, a ``deck:`` deal, ``pass`` for ``wait`` and no dealer on the second
    deal: the same states as the canonical example, and written back as it."""
    canonical = ROOT / "examples" / "pedagogical-play-high-carry.yaml"
    hand = read(ROOT / "tests" / "golden" / "pedagogical-play-high-carry.handwritten.yaml")
    assert hand == read(canonical)
    assert dumps(hand) == canonical.read_text("utf-8")
    ruff_words = [str(a) for _, a in hand.deals[0].actions if a.kind in ("wait", "pass")][-3:]
    assert ruff_words == ["wait", "wait", "wait"]  # the record's "pass" before a vie is a wait


def play_session(profile: gleek.Profile, deals: int, seed: int) -> Session:
    session = Session.start(profile, deals, players=("Ann", "Bo", "Cy"), dealer=seed % 3)
    return session.play_out([RandomBot(), BasicBot(), RandomBot()], seed=seed)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(COMBOS), st.integers(1, 4), st.integers(0, 2**16))
def test_round_trip_over_random_sessions_of_every_profile_and_variant(
    combo: tuple[str, tuple[str, ...]], deals: int, seed: int
) -> None:
    profile = gleek.load_profile(combo[0], combo[1])
    session = play_session(profile, deals, seed)
    text = dumps(session)
    rec = read_text(text)
    assert rec.valid and rec.profile == profile and rec.players == session.players
    # read(dumps(x)) gives the same states as x
    assert [d.final for d in rec.deals] == [d.final for d in session.deals]
    for mine, theirs in zip(rec.deals, session.deals, strict=True):
        assert list(mine.states()) == list(theirs.states())
    # dumps(read(text)) is the canonical form: writing it again changes nothing
    assert dumps(rec) == text and dumps(read_text(dumps(rec))) == text
    # the session goes on where it stopped
    assert Session.from_record(rec, session.planned) == session
    # JSON too
    assert read_text(dumps(session, "json")) == rec


def test_a_broken_record_gives_the_deals_before_its_first_error_and_the_error() -> None:
    path = ROOT / "examples" / "publications-international-session.yaml"
    text = path.read_text("utf-8")
    whole = read_text(text)
    assert len(whole.deals) == 3
    # break the second deal's opening bid
    second = text.index("- dealer:", text.index("- dealer:") + 1)
    head, tail = text[:second], text[second:]
    opening = tail.index("- {", tail.index("auction:"))
    colon = tail.index(": ", opening)
    tail = tail[: colon + 2] + "11" + tail[tail.index("}", colon) :]
    broken = read_text(head + tail)
    assert not broken.valid and broken.error is not None
    assert (broken.error.code, broken.error.deal) == ("bad-bid", 2)
    assert broken.deals == whole.deals[:1]
    # a wrong result is an error too: the deal is not among those read
    wrong = read_text(text.replace("Dora: 27, Ezra: 9, Fay: 30", "Dora: 28, Ezra: 9, Fay: 30", 1))
    assert wrong.error is not None and wrong.error.code == "wrong-result"
    assert wrong.error.deal == 2 and wrong.deals == whole.deals[:1]


def test_a_record_that_cannot_be_read_at_all_raises_record_error() -> None:
    text = (ROOT / "examples" / "parlett-s0-auction.yaml").read_text("utf-8")
    cases = [
        (text.replace("profile: parlett", "profile: parlet"), "unknown-profile"),
        (text.replace("format: gleek-record/1", "format: 2"), "schema"),
        (text + "\n  - : [\n", "syntax"),
    ]
    for bad, code in cases:
        with pytest.raises(RecordError) as info:
            read_text(bad)
        assert info.value.code == code and info.value.line is not None
    with pytest.raises(RecordError, match="cannot read"):
        read(ROOT / "no-such-record.yaml")
    with pytest.raises(RecordError, match="cannot read"):
        read("no-such-record.yaml")
    with pytest.raises(ArgumentTypeError, match="source must be"):
        read(5)  # type: ignore[arg-type]


def test_read_takes_a_path_a_text_bytes_or_an_open_file() -> None:
    path = ROOT / "examples" / "parlett-s0-auction.yaml"
    text = path.read_text("utf-8")
    expected = read(path)
    assert read(str(path)) == read_text(text) == read_text(text.encode()) == expected
    assert read(io.StringIO(text)) == expected
    # a record's text given to read() still works, with a warning; one line is a path
    with pytest.warns(DeprecationWarning, match="read_text"):
        assert read(text) == read(text.encode()) == expected
    one_line = json.dumps(yaml.safe_load(text))
    assert read_text(one_line) == expected
    with pytest.raises(RecordError, match="use read_text"):
        read(one_line)
    assert expected.comment.startswith("# The Full rules' worked examples")
    assert isinstance(expected, Record) and expected.session().deals == expected.deals


def test_the_writer_names_every_dealer_and_sorts_every_hand() -> None:
    session = play_session(gleek.load_profile("pi"), 3, 9)
    data = gleek.record.record_data(session)
    assert [d["dealer"] for d in data["deals"]] == [
        session.players[d.final.dealer] for d in session.deals
    ]
    for d in data["deals"]:
        for cards in d["hands"].values():
            parsed = gleek.parse_cards(cards)
            key = [(c.suit.index, -int(c.rank)) for c in parsed]
            assert key == sorted(key) and len(parsed) == 12
    assert validate_text(dumps(session)).valid


def test_from_record_continues_the_session_where_it_stopped() -> None:
    rec = read(ROOT / "examples" / "publications-international-session.yaml")
    last = rec.deals[-1]
    session = Session.from_record(rec, deals=4)
    assert session.dealer == (last.final.dealer + 1) % 3
    assert session.ruff_stake == last.outcome.ruff_stake
    assert session.balances == tuple(
        rec.chips[s] + sum(d.outcome.chips[s] for d in rec.deals) for s in range(3)
    )
    assert session.pot == rec.pot + sum(d.outcome.pot for d in rec.deals)
    more = session.play_out([BasicBot()] * 3, seed=1)
    assert len(more.deals) == 4 and read_text(dumps(more)).deals[:3] == rec.deals
    with pytest.raises(gleek.ArgumentError, match="at least the 3 recorded"):
        Session.from_record(rec, deals=2)
