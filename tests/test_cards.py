from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gleek.cards import CARDS, DECK, Card, CardError, Rank, Suit, cards_of_mask, mask_of


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("AH", "AH"),
        ("10h", "10H"),
        ("T♥", "10H"),
        ("4♣", "4C"),
        ("qs", "QS"),
        (" jd ", "JD"),
        ("t♠", "10S"),
        ("K♦", "KD"),
    ],
)
def test_parse_forms(text: str, expected: str) -> None:
    assert str(Card.parse(text)) == expected


@pytest.mark.parametrize("text", ["2H", "3S", "1H", "AX", "", "10", "H", "AHH", "11C", "♥A"])
def test_bad_card_names_the_text(text: str) -> None:
    with pytest.raises(CardError) as info:
        Card.parse(text)
    assert repr(text) in str(info.value)


@pytest.mark.parametrize("value", [None, 12, True, ["AH"]])
def test_non_string_is_a_card_error(value: object) -> None:
    with pytest.raises(CardError):
        Card.parse(value)


def test_deck_is_44_distinct_in_canonical_order() -> None:
    assert len(DECK) == 44 == len(set(DECK))
    assert [str(c) for c in DECK[:11]] == "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S".split()
    assert [s for s in Suit] == [Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS]
    assert {c.rank for c in DECK} == set(Rank)
    assert Rank.ACE > Rank.KING > Rank.QUEEN > Rank.JACK > Rank.TEN > Rank.FOUR


def test_index_orders_within_a_suit() -> None:
    for c in CARDS:
        assert CARDS[c.index] == c
    assert Card.parse("AH").index > Card.parse("KH").index > Card.parse("4H").index


spellings = st.sampled_from(DECK).flatmap(
    lambda c: st.tuples(
        st.just(c),
        st.sampled_from([c.rank.symbol] + (["T"] if c.rank is Rank.TEN else [])),
        st.sampled_from([c.suit.value, c.suit.symbol]),
        st.booleans(),
    )
)


@given(spellings)
def test_round_trip_any_spelling(args: tuple[Card, str, str, bool]) -> None:
    card, rank, suit, lower = args
    text = rank + suit
    parsed = Card.parse(text.lower() if lower else text)
    assert parsed == card
    assert Card.parse(str(parsed)) == card
    assert str(parsed).isascii()


@given(st.sets(st.sampled_from(DECK)))
def test_masks_round_trip(hand: set[Card]) -> None:
    assert set(cards_of_mask(mask_of(hand))) == hand
