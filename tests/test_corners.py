"""Small public conveniences not exercised elsewhere: card and suit text, writing to a stream."""

from __future__ import annotations

import io

import pytest

import gleek
from gleek.cards import Card, Rank, Suit, format_cards
from gleek.errors import CardError
from gleek.record import dump, loads
from gleek.session import Session
from gleek.sim.bots import RandomBot


def test_suit_and_rank_text() -> None:
    assert [s.index for s in Suit] == [0, 1, 2, 3]
    assert Suit.parse(" h ") is Suit.parse("♥") and str(Suit.parse("S")) == Suit.parse("S").value
    assert Rank.parse("t") is Rank.parse("10") and str(Rank.parse("q")) == "Q"
    for parse, text in ((Suit.parse, "X"), (Suit.parse, 3), (Rank.parse, "1"), (Rank.parse, None)):
        with pytest.raises(CardError):
            parse(text)  # type: ignore[operator]
    assert Card.parse("10h").pretty == "10♥"
    assert format_cards([Card.parse("AH"), Card.parse("4C")]) == "AH 4C"


def test_dump_to_an_open_stream() -> None:
    s = Session.start(gleek.load_profile("parlett"), deals=1).play_out([RandomBot()] * 3, seed=3)
    out = io.StringIO()
    dump(s, out, "json")
    assert loads(out.getvalue())["profile"] == "parlett"
