"""The stage functions on literal sub-states, each test named for the rule it pins down.

These own the rules that the engine tests reach only indirectly: the order of settlement
payments, who wins a trick, the ruff value of each suit, the trump suit of every turn-up, and
the rule parameters no shipped profile sets (run on the fixtures in ``tests/profiles/``).
Seats: dealer 2 unless said, so seat 0 is eldest and seat 1 the middle hand.
"""

from __future__ import annotations

from dataclasses import dataclass

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import gleek
from gleek.cards import DECK, Rank, mask_of
from gleek.stages.common import Payment, Refusal, from_eldest, left_of
from gleek.stages.deal import (
    deal_hands,
    next_dealer,
    trumps_of,
    turn_up_payments,
    turn_up_points,
)
from gleek.stages.ruff import (
    FOUR_ACES,
    Ruff,
    aces_winner,
    next_stake,
    revie_stake,
    ruff_apply,
    ruff_choices,
    ruff_payments,
    ruff_start,
    ruff_value,
    ruff_winner,
)
from gleek.stages.rules import rules_of
from gleek.stages.sets import (
    forfeit_payments,
    hand_set_payments,
    hand_small_payments,
    set_payments,
    sets_held,
    small_trump_payments,
    small_trumps_held,
)
from gleek.stages.settle import pot_after, settlement
from gleek.stages.stock import (
    PASS_BID,
    after_discards,
    auction_apply,
    auction_choices,
    before_discards,
    discard_keep,
    price_payments,
    verify_bid,
    verify_discard,
)
from gleek.stages.tricks import (
    first_leader,
    legal_mask,
    play_points,
    strength,
    trick_points,
    trick_winner,
    verify_play,
)
from tests.helpers import C, cards, flipped

PARLETT = gleek.load_profile("parlett")
PI = gleek.load_profile("pi")
PEDAGOGICAL = gleek.load_profile("pedagogical")
#: Every rule value no shipped profile sets, on the direct model (over parlett) ...
FLIPPED_DIRECT = flipped("direct")
#: ... and on the pool model (over publications-international).
FLIPPED_POOL = flipped("pool")
S, H, D, CL = 0, 1, 2, 3  # suit indices


def m(text: str) -> int:
    return mask_of(cards(text))


def i(text: str) -> int:
    return C(text).index


def paid(payments: tuple[Payment, ...]) -> list[tuple[object, object, int, str]]:
    return [(p.payer, p.payee, p.amount, p.reason) for p in payments]


@dataclass(frozen=True)
class Dealt:
    dealer: int
    dealt: tuple[int, int, int]
    turn_up: int
    trumps: int
    stock: tuple[int, ...]


def deal_cards(profile: gleek.Profile, deck: list[int] | tuple[int, ...], dealer: int) -> Dealt:
    """The deal stage's answers for ``deck``: the hands, the turn-up and trumps, the stock."""
    order = tuple(deck)
    hands = deal_hands(rules_of(profile), dealer, order)
    return Dealt(dealer, hands, order[36], trumps_of(order[36]), order[37:])


def rs(r: Ruff) -> tuple[object, ...]:
    """A ruff's fields, to compare with :func:`R`."""
    return (r.stake, r.vier, r.live, r.acted, r.put, r.to_act, r.waits, r.done, r.winner,
            r.shown, r.doubled)  # fmt: skip


def R(
    stake: int,
    vier: int,
    live: int,
    acted: int,
    put: tuple[int, int, int],
    to_act: int,
    waits: int,
    done: bool,
    winner: int = -1,
    shown: bool = False,
    doubled: bool = False,
) -> tuple[object, ...]:
    return (stake, vier, live, acted, put, to_act, waits, done, winner, shown, doubled)


def winner(trick: tuple[tuple[int, int], ...], trumps: int) -> int:
    """The stage's trick winner of a literal trick ``((seat, card), ...)``."""
    (leader, c0), (_, c1), (_, c2) = trick
    return trick_winner(strength(trumps), c0, c1, c2, leader)


# ---------------------------------------------------------------------------- the fixtures


def test_fixtures_set_what_no_shipped_profile_sets() -> None:
    """The fixtures are worth having only if each value differs from every shipped profile's."""
    shipped = [gleek.load_profile(p) for p in gleek.list_profiles()]
    for fixture, rules in (
        (
            FLIPPED_DIRECT,
            (
                "deal.packet_size",
                "turn_up.honour_to_dealer",
                "ruff.card_values",
                "sets.four_aces_pay",
                "tricks.trick_points",
                "scoring.par",
            ),
        ),
        (FLIPPED_POOL, ("deal.packet_size", "turn_up.honour_to_dealer", "sets.four_aces_pay")),
    ):
        for path in rules:
            assert all(fixture.rule(path).value != p.rule(path).value for p in shipped), path
    assert (FLIPPED_DIRECT.ruff.model, FLIPPED_DIRECT.ruff.first_speaker) == ("direct", "buyer")
    assert (FLIPPED_POOL.ruff.model, FLIPPED_POOL.ruff.first_speaker) == ("pool", "eldest")
    assert (FLIPPED_DIRECT.tricks.first_lead, FLIPPED_DIRECT.tricks.honours_to) == (
        "buyer",
        "player",
    )
    assert (FLIPPED_POOL.tricks.first_lead, FLIPPED_POOL.tricks.honours_to) == ("eldest", "winner")


# ---------------------------------------------------------------------------- settlement


def test_settlement_short_players_pay_first_largest_shortfall_first() -> None:
    """Counting and settling: every player below par pays into the pot before anyone above par
    takes out; the largest shortfall pays first."""
    assert paid(settlement((14, 10, 42), par=22)) == [
        (1, "pot", 12, "settlement"),
        (0, "pot", 8, "settlement"),
        ("pot", 2, 20, "settlement"),
    ]


def test_settlement_excesses_are_paid_out_largest_first() -> None:
    """Counting and settling: then every player above par takes the excess, the largest first."""
    assert paid(settlement((25, 0, 41), par=22)) == [
        (1, "pot", 22, "settlement"),
        ("pot", 2, 19, "settlement"),
        ("pot", 0, 3, "settlement"),
    ]


def test_settlement_equal_shortfalls_and_excesses_go_in_seat_order() -> None:
    """Equal shortfalls (or excesses) settle in seat order, so the payments are deterministic."""
    assert paid(settlement((10, 10, 46), par=22)) == [
        (0, "pot", 12, "settlement"),
        (1, "pot", 12, "settlement"),
        ("pot", 2, 24, "settlement"),
    ]
    assert paid(settlement((30, 30, 6), par=22)) == [
        (2, "pot", 16, "settlement"),
        ("pot", 0, 8, "settlement"),
        ("pot", 1, 8, "settlement"),
    ]


def test_settlement_a_player_exactly_at_par_neither_pays_nor_is_paid() -> None:
    """Counting and settling: only players below par pay and only players above it are paid;
    a player at par has no payment at all, not a 0-chip one."""
    assert paid(settlement((22, 30, 14), par=22)) == [
        (2, "pot", 8, "settlement"),
        ("pot", 1, 8, "settlement"),
    ]
    assert settlement((22, 22, 22), par=22) == ()
    assert paid(settlement((20, 26, 14), par=20)) == [
        (2, "pot", 6, "settlement"),
        ("pot", 1, 6, "settlement"),
    ]


def test_payment_prints_payer_payee_amount_reason_and_detail() -> None:
    """A payment reads as a line of the report: who pays whom, how much, why."""
    assert str(Payment(0, "pot", 1, "stock", "odd chip")) == "0 -> pot: 1 [stock] (odd chip)"
    assert str(Payment("pot", 2, 5, "settlement")) == "pot -> 2: 5 [settlement]"


# ---------------------------------------------------------------------------- the deal


def test_dealing_trumps_are_the_suit_of_the_turn_up_for_every_card() -> None:
    """Dealing: card 37 is turned up and its suit is trumps (every one of the 44 cards); cards
    38-44 are the stock. Read from the engine's deal, not from the deck the test built."""
    for up in DECK:
        rest = [c for c in DECK if c != up]
        s = gleek.new_deal(PARLETT, 1, deck=[*rest[:36], up, *rest[36:]])
        assert (s.turn_up, s.trumps) == (up, up.suit)
        assert trumps_of(up.index) == up.suit.index
        assert s.stock == tuple(rest[36:])
        assert all(up not in s.hand(seat) for seat in range(3))


def test_dealing_packets_of_the_profiles_size_from_eldest() -> None:
    """Dealing: packets of ``deal.packet_size`` clockwise from eldest (3 in the fixture)."""
    deck = list(range(44))
    for dealer in range(3):  # eldest, then the middle hand, then the dealer
        info = deal_cards(FLIPPED_DIRECT, deck, dealer=dealer)
        eldest, middle = (dealer + 1) % 3, (dealer + 2) % 3
        assert info.dealt[eldest] == sum(
            1 << c for c in [0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 28, 29]
        )
        assert info.dealt[middle] == sum(
            1 << c for c in [3, 4, 5, 12, 13, 14, 21, 22, 23, 30, 31, 32]
        )
        assert info.dealt[dealer] == sum(
            1 << c for c in [6, 7, 8, 15, 16, 17, 24, 25, 26, 33, 34, 35]
        )


def test_dealing_the_opening_stake_is_the_carried_one_or_the_profiles() -> None:
    """No vie: a stake carried from the last deal opens this one; otherwise the profile's."""
    assert gleek.new_deal(PARLETT, 0, seed=3).ruff_stake == 2
    assert gleek.new_deal(PARLETT, 0, seed=3, ruff_stake=4).ruff_stake == 4
    assert gleek.new_deal(FLIPPED_DIRECT, 0, seed=3).ruff_stake == 3


def _turned(profile: gleek.Profile, card: str, dealer: int = 2) -> int:
    rest = [c.index for c in DECK if c != C(card)]
    return turn_up_points(
        rules_of(profile), deal_cards(profile, [*rest[:36], i(card), *rest[36:]], dealer).turn_up
    )


def test_turn_up_honour_counts_for_the_dealer_only_where_the_profile_says() -> None:
    """Turn-up: a turned A, K, Q or J counts its honour points for the dealer
    (``turn_up.honour_to_dealer``); with the fixture's ``false`` it counts for nobody."""
    assert [_turned(PARLETT, c) for c in ("AH", "KH", "QH", "JH", "10H", "4H")] == [
        15,
        3,
        3,
        9,
        0,
        0,
    ]
    assert [_turned(FLIPPED_DIRECT, c) for c in ("AH", "KH", "QH", "JH")] == [0, 0, 0, 0]
    assert [_turned(FLIPPED_POOL, c) for c in ("AS", "JC")] == [0, 0]


def test_turn_up_tiddy_is_paid_to_the_dealer_by_each_opponent() -> None:
    """Turn-up: a turned Tiddy is paid by each opponent to the dealer, eldest first."""
    for dealer in range(3):
        rest = [c.index for c in DECK if c != C("4D")]
        info = deal_cards(FLIPPED_DIRECT, [*rest[:36], i("4D"), *rest[36:]], dealer)
        assert paid(turn_up_payments(rules_of(FLIPPED_DIRECT), info.turn_up, info.dealer)) == [
            ((dealer + 1) % 3, dealer, 3, "turn-up"),
            ((dealer + 2) % 3, dealer, 3, "turn-up"),
        ]
        assert {
            p.detail for p in turn_up_payments(rules_of(FLIPPED_DIRECT), info.turn_up, info.dealer)
        } == {"turned tiddy"}


def test_turn_up_only_tiddy_towser_and_tumbler_are_paid_and_only_if_priced() -> None:
    """Turn-up: a turned 4 (5, 6 where priced) is paid for; any other card, or a small trump the
    profile prices at 0, is not; a price of 1 is paid (the pool fixture's Tumbler)."""
    for card, amount in (("7C", 0), ("AC", 0), ("5C", 0), ("6C", 1), ("4C", 2)):
        rest = [c.index for c in DECK if c != C(card)]
        info = deal_cards(FLIPPED_POOL, [*rest[:36], i(card), *rest[36:]], 0)
        pay = turn_up_payments(rules_of(FLIPPED_POOL), info.turn_up, info.dealer)
        assert paid(pay) == (
            [(1, 0, amount, "turn-up"), (2, 0, amount, "turn-up")] if amount else []
        )


def test_eldest_is_the_dealers_left_and_deals_next() -> None:
    assert [left_of(d) for d in range(3)] == [1, 2, 0]
    assert [from_eldest(d) for d in range(3)] == [(1, 2, 0), (2, 0, 1), (0, 1, 2)]
    assert [next_dealer(d) for d in range(3)] == [1, 2, 0]
    for dealer in range(3):
        s = gleek.new_deal(PARLETT, dealer, seed=1)
        assert s.eldest == s.to_act == left_of(dealer)


@pytest.mark.parametrize("profile", [PARLETT, PI, PEDAGOGICAL, gleek.load_profile("cotton")])
def test_equal_ruffs_go_by_the_profiles_tie_order_eldest_middle_dealer(
    profile: gleek.Profile,
) -> None:
    """``ruff.tie_break`` eldest-first: eldest, then the middle hand, then the dealer."""
    assert profile.ruff.tie_break == "eldest-first"
    rules = rules_of(profile)
    assert rules.ties == (1, 2, 3)
    same = (m("AH 5H"), m("AS 5S"), m("AC 5C"))  # equal ruffs in every seat
    for dealer in range(3):
        eldest, middle = (dealer + 1) % 3, (dealer + 2) % 3
        assert ruff_winner(rules, same, dealer, 0b111) == eldest
        assert ruff_winner(rules, same, dealer, 0b111 & ~(1 << eldest)) == middle
        assert ruff_winner(rules, same, dealer, 1 << dealer) == dealer


def test_the_pot_carries_to_the_next_deal_in_every_source() -> None:
    for profile in (PARLETT, PI, PEDAGOGICAL, gleek.load_profile("cotton")):
        assert profile.scoring.pot == "carries"
        assert pot_after(rules_of(profile), 7, -3) == 4
        assert pot_after(rules_of(profile), 0, 5) == 5


# ---------------------------------------------------------------------------- the stock


def test_buying_the_first_pass_hands_the_turn_on_the_second_ends_the_auction() -> None:
    """Buying the stock: a pass drops out; the next player still in speaks; at the second pass
    the last bidder buys."""
    rules = rules_of(PARLETT)
    a = (0, -1, 0, 1)  # bid, bidder, out, to_act: dealer 0, so eldest is seat 1
    assert auction_choices(rules, a[0], a[1]) == (12,)
    a = auction_apply(*a, 12)
    assert (a[3], auction_choices(rules, a[0], a[1])) == (2, (PASS_BID, 13))
    a = auction_apply(*a, PASS_BID)
    assert a == (12, 1, 0b100, 0)
    a = auction_apply(*a, 13)
    assert a[3] == 1  # the middle hand (seat 2) passed and is skipped
    a = auction_apply(*a, PASS_BID)
    assert a == (13, 0, 0b110, -1)  # over: seat 0 buys at 13


def test_buying_the_auction_state_step_by_step() -> None:
    """Buying the stock: eldest (the dealer's left) opens; a pass is out for good; the auction
    ends (nobody to act) once two have passed."""
    a = (0, -1, 0, 0)  # dealer 2
    a = auction_apply(*a, 12)
    assert a == (12, 0, 0, 1)
    a = auction_apply(*a, PASS_BID)
    assert a == (12, 0, 0b010, 2)
    a = auction_apply(*a, 13)
    assert a == (13, 2, 0b010, 0)
    a = auction_apply(*a, PASS_BID)
    assert a == (13, 2, 0b011, -1)


def test_buying_the_increment_is_the_profiles() -> None:
    """Buying the stock: each raise is by exactly ``stock.increment`` (3 in the fixture)."""
    rules = rules_of(FLIPPED_DIRECT)
    bid, bidder, _, _ = auction_apply(0, -1, 0, 0, 12)
    assert auction_choices(rules, bid, bidder) == (PASS_BID, 15)


def test_buying_verify_allows_exactly_the_choices() -> None:
    """Buying the stock: the forced opening alone, then a pass or exactly one raise; any other
    amount is a ``bad-bid``."""
    rules = rules_of(PARLETT)
    assert [code(verify_bid(rules, 0, -1, x)) for x in (12, 11, 13, PASS_BID)] == [
        None,
        "bad-bid",
        "bad-bid",
        "bad-bid",
    ]
    assert [code(verify_bid(rules, 12, 0, x)) for x in (13, PASS_BID, 12, 14)] == [
        None,
        None,
        "bad-bid",
        "bad-bid",
    ]


@pytest.mark.parametrize(
    ("buyer", "price", "expected"),
    [
        (0, 12, [(0, 1, 6, "stock"), (0, 2, 6, "stock")]),
        (1, 13, [(1, 2, 6, "stock"), (1, 0, 6, "stock"), (1, "pot", 1, "stock")]),
        (2, 15, [(2, 0, 7, "stock"), (2, 1, 7, "stock"), (2, "pot", 1, "stock")]),
    ],
)
def test_buying_half_the_price_to_each_opponent_and_an_odd_chip_to_the_pot(
    buyer: int, price: int, expected: list[tuple[object, object, int, str]]
) -> None:
    """Buying the stock: half the bid to each opponent; an odd chip (only) to the pot."""
    pay = price_payments(rules_of(PARLETT), buyer, price, 0)
    assert paid(pay) == expected
    assert [p.detail for p in pay if p.payee == "pot"] == (["odd chip"] if price % 2 else [])


def test_buying_only_the_forbidden_ranks_of_trumps_are_kept() -> None:
    """Buying the stock: the profile's forbidden discards are the named ranks of trumps only."""
    hand = m("AH KH QH JH 10H AS JS 4C AD")
    assert hand & discard_keep(rules_of(PARLETT), H) == hand
    assert hand & discard_keep(rules_of(PEDAGOGICAL), H) == m("10H AS JS 4C AD")
    assert hand & discard_keep(rules_of(PEDAGOGICAL), S) == m("AH KH QH JH 10H 4C AD")
    assert hand & discard_keep(rules_of(FLIPPED_POOL), H) == m("KH QH 10H AS JS 4C AD")
    assert hand & discard_keep(rules_of(FLIPPED_POOL), D) == m("AH KH QH JH 10H AS JS 4C")
    keep = discard_keep(rules_of(PEDAGOGICAL), H)
    assert [code(verify_discard(hand, keep, (), i(c))) for c in ("10H", "AH", "5S")] == [
        None,
        "forbidden-discard",
        "bad-discard",
    ]


def test_buying_the_refusals_carry_the_facts_the_check_used() -> None:
    """Buying the stock: a refused discard names the card and the ranks of its suit that the
    profile forbids (the fixture's A and J, not the guides' four honours), and whether it was
    laid out already; a refused bid the opening, or the standing bid and the one raise."""
    hand = m("AH KH QH JH 10H")
    keep = discard_keep(rules_of(FLIPPED_POOL), H)
    forbidden = verify_discard(hand, keep, (), i("JH"))
    assert forbidden is not None and forbidden.facts == {
        "card": C("JH"),
        "ranks": (Rank.ACE, Rank.JACK),
    }
    again = verify_discard(hand, keep, (i("9H"),), i("9H"))
    assert again is not None and (again.code, again.reason) == ("bad-discard", "discard-again")
    opening = verify_bid(rules_of(FLIPPED_DIRECT), 0, -1, 13)
    assert opening is not None and opening.facts == {"opening": 12}
    jump = verify_bid(rules_of(FLIPPED_DIRECT), 12, 0, 13)
    assert jump is not None and jump.facts == {"amount": 13, "bid": 12, "next": 15, "increment": 3}


def code(refusal: Refusal | None) -> str | None:
    """The error code of a check's refusal, None for none."""
    return None if refusal is None else refusal.code


def test_buying_the_buyer_takes_all_seven_stock_cards() -> None:
    """Buying the stock: the buyer's 5 kept cards and the 7 of the stock make 12."""
    rules = rules_of(PARLETT)
    assert before_discards(rules, m("AH KH"), m("4S 5D")) == m("AH KH")
    assert after_discards(rules, m("AH KH"), m("4S 5D")) == m("AH KH 4S 5D")


def test_buying_take_first_the_buyer_lays_out_seven_of_nineteen() -> None:
    """Buying the stock, Cotton's order (``stock.exchange: take-first``): the stock is taken
    before the discards, which may then be any of the 19 cards (but a forbidden one)."""
    rules = rules_of(gleek.load_profile("pedagogical", ["take-first"]))
    hand = before_discards(rules, m("AH KH 7C"), m("4S 5D"))
    assert hand == m("AH KH 7C 4S 5D")
    assert after_discards(rules, hand & ~m("7C 4S"), m("4S 5D")) == m("AH KH 5D")
    keep = discard_keep(rules, H)
    assert [code(verify_discard(hand, keep, (), i(c))) for c in ("4S", "AH", "9D")] == [
        None,
        "forbidden-discard",
        "bad-discard",
    ]


# ---------------------------------------------------------------------------- the ruff


@pytest.mark.parametrize(
    ("hand", "value"),
    [
        ("AS KS 9S 4H 5H 6H 7D", 30),  # spades 30 beats hearts 15, diamonds 7
        ("4S 5S AH KH 9H 7D", 30),  # hearts
        ("4S 5S 4H 9D 10D AD QD", 40),  # diamonds
        ("4S 5S 4H 9D 10D 9C 10C JC QC KC", 49),  # clubs
        ("AS AH AD", 11),  # three Aces: the best single suit
        ("", 0),
    ],
)
def test_ruff_value_is_the_best_suit_of_the_four(hand: str, value: int) -> None:
    """The ruff: a hand's value is its best suit's (A 11, K/Q/J 10, others their number),
    whichever of the four suits that is."""
    assert ruff_value(rules_of(PARLETT), m(hand)) == value


def test_ruff_card_values_are_the_profiles() -> None:
    """The ruff: ``ruff.card_values`` price the courts (A 14 K 13 Q 12 J 11 in the fixture)."""
    assert ruff_value(rules_of(FLIPPED_DIRECT), m("AC KC QC JC 4H")) == 50
    assert ruff_value(rules_of(FLIPPED_DIRECT), m("JD 10D")) == 21


def test_ruff_four_aces_beat_every_ruff_only_where_the_profile_says() -> None:
    """The ruff: four Aces beat every ruff where ``ruff.four_aces`` (parlett, the pool fixture),
    not under Publications International, where they are a suit value like any other."""
    aces = m("AS AH AD AC 4C")
    assert ruff_value(rules_of(PARLETT), aces) == FOUR_ACES
    assert ruff_value(rules_of(FLIPPED_POOL), aces) == FOUR_ACES
    assert ruff_value(rules_of(PI), aces) == 15
    assert ruff_value(rules_of(PARLETT), m("AC KC QC JC 10C 9C 8C 7C 6C 5C 4C")) < FOUR_ACES


def test_ruff_the_first_speaker_and_the_antes() -> None:
    """The ruff: eldest or the buyer speaks first (``ruff.first_speaker``, either model); the
    pool model's players each ante the stake, the direct model's put nothing in yet."""
    cases = [(PARLETT, 0), (FLIPPED_DIRECT, 1), (PI, 1), (FLIPPED_POOL, 0)]
    for profile, first in cases:
        r = ruff_start(rules_of(profile), dealer=2, buyer=1, stake=3)
        assert r.to_act == first, profile.variants
        assert r.put == ((3, 3, 3) if profile.ruff.model == "pool" else (0, 0, 0))
        assert (r.stake, r.vier, r.live, r.acted, r.waits, r.done) == (3, -1, 7, 0, 0, False)
        assert ruff_choices(rules_of(profile), r) == ("wait", "vie")


HANDS = (m("AH KH QH JH"), m("AS KS 5S"), m("AC 4C"))  # 41, 25, 15: seat 0 is best


def _say(profile: gleek.Profile, words: list[tuple[int, str]], first: int = 0) -> Ruff:
    r = ruff_start(rules_of(profile), dealer=2, buyer=first, stake=profile.ruff.stake)
    for seat, word in words:
        assert r.to_act == seat, (r, seat, word)
        r = ruff_apply(rules_of(profile), r, seat, word, HANDS, 2)  # type: ignore[arg-type]
    return r


def test_ruff_the_aces_winner_is_a_shown_ruff_won_by_four_aces() -> None:
    """Sets: four Aces that won the ruff by being shown are the case ``sets.four_aces_pay``
    decides; a ruff won by the others passing, or by a better suit, or under a profile where
    four Aces are only a suit's worth, is not."""
    aces = (m("AS AH AD AC"), m("KS QS JS 10S 9S"), m("4C"))
    rules = rules_of(PARLETT)
    shown = ruff_apply(rules, ruff_apply(rules, _say_with(PARLETT, aces), 1, "see", aces, 2), 2,
                       "see", aces, 2)  # fmt: skip
    assert (shown.done, shown.winner, shown.shown) == (True, 0, True)
    assert aces_winner(rules, shown, aces) == 0
    alone = ruff_apply(rules, ruff_apply(rules, _say_with(PARLETT, aces), 1, "pass", aces, 2), 2,
                       "pass", aces, 2)  # fmt: skip
    assert (alone.winner, alone.shown, aces_winner(rules, alone, aces)) == (0, False, -1)
    pi = rules_of(PI)
    r = ruff_start(pi, dealer=2, buyer=0, stake=2)
    for seat, word in ((0, "vie"), (1, "see"), (2, "see")):
        r = ruff_apply(pi, r, seat, word, aces, 2)
    assert r.shown and r.winner == 1 and aces_winner(pi, r, aces) == -1  # spades 49 beat 15


def _say_with(profile: gleek.Profile, hands: tuple[int, int, int]) -> Ruff:
    """Eldest (seat 0, dealer 2) vies."""
    rules = rules_of(profile)
    return ruff_apply(rules, ruff_start(rules, 2, 0, profile.ruff.stake), 0, "vie", hands, 2)


def test_direct_a_revie_raises_by_the_profiles_raise_and_passers_owe_the_stake_then() -> None:
    """Direct model: a revie raises the stake by ``ruff.raise`` (1 in the fixture); a passer owes
    the stake as it was when it passed; showdown losers owe the final stake."""
    said = [(1, "vie"), (2, "revie"), (0, "pass"), (1, "revie")]
    r = _say(FLIPPED_DIRECT, said, first=1)
    assert rs(r) == R(5, 1, 0b110, 0b010, (4, 5, 4), 2, 0, False)
    assert ruff_choices(rules_of(FLIPPED_DIRECT), r) == ("pass", "see", "revie")
    r = ruff_apply(rules_of(FLIPPED_DIRECT), r, 2, "see", HANDS, 2)
    expected = R(5, 1, 0b110, 0b110, (4, 5, 5), -1, 0, True, 1, True)
    assert rs(r) == expected
    assert ruff_choices(rules_of(FLIPPED_DIRECT), r) == ()
    assert paid(ruff_payments(rules_of(FLIPPED_DIRECT), r)) == [
        (2, 1, 5, "ruff"),
        (0, 1, 4, "ruff"),
    ]


def test_direct_after_a_pass_the_turn_goes_clockwise_among_players_still_in() -> None:
    """Direct model: after a vie, clockwise among players still in: a seat that passed is
    skipped (here the middle hand, after eldest's revie, for the dealer)."""
    said = [(0, "vie"), (1, "pass"), (2, "revie"), (0, "revie")]
    r = _say(PARLETT, said)
    assert rs(r) == R(6, 0, 0b101, 0b001, (6, 2, 4), 2, 0, False)
    r = ruff_apply(rules_of(PARLETT), r, 2, "revie", HANDS, 2)
    assert (r.to_act, r.stake, r.put) == (0, 8, (6, 2, 8))


def test_direct_three_waits_end_the_ruff_unshown_with_no_winner_and_no_payment() -> None:
    """Direct model: if nobody vies there is no ruff this deal."""
    r = _say(PARLETT, [(0, "wait"), (1, "wait")])
    assert (r.done, r.waits, r.to_act) == (False, 2, 2)
    r = _say(PARLETT, [(0, "wait"), (1, "wait"), (2, "wait")])
    assert rs(r) == R(2, -1, 0b111, 0, (0, 0, 0), -1, 3, True)
    assert (r.winner, r.shown) == (-1, False)
    assert ruff_payments(rules_of(PARLETT), r) == ()


def test_direct_two_passes_leave_the_winner_unshown() -> None:
    """Direct model: when two have passed the third wins without showing."""
    said = [(0, "wait"), (1, "vie"), (2, "pass")]
    r = _say(PARLETT, said)
    assert rs(r) == R(2, 1, 0b011, 0b010, (0, 2, 2), 0, 1, False)
    r = ruff_apply(rules_of(PARLETT), r, 0, "pass", HANDS, 2)
    assert rs(r) == R(2, 1, 0b010, 0b010, (2, 2, 2), -1, 1, True, 1)
    assert paid(ruff_payments(rules_of(PARLETT), r)) == [(2, 1, 2, "ruff"), (0, 1, 2, "ruff")]


def test_pool_vie_and_revie_put_in_the_raise_and_see_matches_the_highest() -> None:
    """Pool model: everyone antes; a vie or revie puts in ``ruff.raise`` more than the most put
    in so far (3 in the fixture); a see matches the most; the winner takes what losers put in."""
    said = [(0, "vie"), (1, "revie"), (2, "see")]
    r = _say(FLIPPED_POOL, said)
    assert rs(r) == R(1, 0, 0b111, 0b110, (4, 7, 7), 0, 0, False)
    r = ruff_apply(rules_of(FLIPPED_POOL), r, 0, "pass", HANDS, 2)
    expected = R(1, 0, 0b110, 0b110, (4, 7, 7), -1, 0, True, 1, True)
    assert rs(r) == expected
    assert paid(ruff_payments(rules_of(FLIPPED_POOL), r)) == [
        (2, 1, 7, "ruff-pool"),
        (0, 1, 4, "ruff-pool"),
    ]


def test_pool_nobody_vies_the_hands_are_shown_and_the_best_takes_the_antes() -> None:
    """Pool model: three waits show the hands; the best ruff takes every ante."""
    r = _say(FLIPPED_POOL, [(0, "wait"), (1, "wait")])
    assert rs(r) == R(1, -1, 0b111, 0, (1, 1, 1), 2, 2, False)
    r = ruff_apply(rules_of(FLIPPED_POOL), r, 2, "wait", HANDS, 2)
    assert rs(r) == R(1, -1, 0b111, 0, (1, 1, 1), -1, 3, True, 0, True)
    assert paid(ruff_payments(rules_of(FLIPPED_POOL), r)) == [
        (1, 0, 1, "ruff-pool"),
        (2, 0, 1, "ruff-pool"),
    ]


def test_no_vie_next_stake_per_profile() -> None:
    """No vie: parlett's carried stake (5 in the fixture) for the next deal only; pedagogical
    doubles; after a vie, or under the pool model, the profile's stake."""
    waited = _say(PARLETT, [(0, "wait"), (1, "wait"), (2, "wait")])
    vied = _say(PARLETT, [(0, "vie"), (1, "pass"), (2, "pass")])
    assert (
        next_stake(rules_of(PARLETT), waited, 2) == 4
        and next_stake(rules_of(PARLETT), waited, 4) == 4
    )
    assert next_stake(rules_of(FLIPPED_DIRECT), waited, 3) == 5
    assert next_stake(rules_of(FLIPPED_DIRECT), vied, 5) == 3
    assert (
        next_stake(rules_of(PEDAGOGICAL), waited, 4) == 8
        and next_stake(rules_of(PEDAGOGICAL), vied, 8) == 2
    )
    assert (
        next_stake(rules_of(FLIPPED_POOL), waited, 1) == 1
        and next_stake(rules_of(PI), vied, 2) == 2
    )


# ---------------------------------------------------------------------------- sets


#: The 16 court cards (J Q K A of each suit) and the small trumps of every suit: what a hand's
#: remembered set and small-trump payments turn on.
_COURTS_AND_SMALL = [11 * s + r for s in range(4) for r in (0, 1, 2, 7, 8, 9, 10)]


@given(
    profile_id=st.sampled_from(sorted(gleek.list_profiles())),
    asked=st.lists(
        st.tuples(
            st.sets(st.sampled_from(_COURTS_AND_SMALL), max_size=19),
            st.integers(0, 2),
            st.booleans(),
        ),
        min_size=20,
        max_size=40,
    ),
    trumps=st.integers(0, 3),
)
def test_sets_remembered_payments_of_a_hand_are_its_own(
    profile_id: str, asked: list[tuple[set[int], int, bool]], trumps: int
) -> None:
    """The engine asks for one hand's set and small-trump payments by a key (the counts of
    each court card held, the small trumps held): what comes back is what the rule gives that
    hand, whatever hands were asked about before (a wrong key would answer another's). The
    hands are made of court cards and small trumps, so that sets are common."""
    profile = gleek.load_profile(profile_id)
    rules = rules_of(profile)
    for _ in range(2):  # the second time, every answer is remembered
        for held, seat, aces in asked:
            mask = sum(1 << c for c in held)
            hands = (mask if seat == 0 else 0, mask if seat == 1 else 0, mask if seat == 2 else 0)
            assert hand_set_payments(rules, mask, seat, aces) == set_payments(
                profile, hands, seat if aces else -1
            )
            assert hand_small_payments(rules, mask, trumps, seat) == small_trump_payments(
                profile, hands, trumps
            )


def test_sets_four_aces_that_won_the_ruff_pay_only_where_four_aces_pay() -> None:
    """Gleeks and mournivals: four Aces are a mournival; if they won the ruff, they are paid as
    one only where ``sets.four_aces_pay`` (every shipped profile; not the fixtures)."""
    hand = m("AS AH AD AC KS KH KD")
    assert sets_held(PARLETT, hand, won_ruff_by_aces=True) == (
        ("mournival", "A", 8),
        ("gleek", "K", 3),
    )
    assert sets_held(FLIPPED_DIRECT, hand, won_ruff_by_aces=True) == (("gleek", "K", 4),)
    assert sets_held(FLIPPED_DIRECT, hand) == (("mournival", "A", 10), ("gleek", "K", 4))
    hands = (hand, m("QS QH QD"), 0)
    assert paid(set_payments(FLIPPED_DIRECT, hands, aces_ruff_winner=0)) == [
        (1, 0, 4, "set"),
        (2, 0, 4, "set"),
        (2, 1, 3, "set"),
        (0, 1, 3, "set"),
    ]
    assert len(set_payments(FLIPPED_DIRECT, hands, aces_ruff_winner=1)) == 6
    assert len(set_payments(FLIPPED_DIRECT, hands)) == 6


def test_sets_a_set_worth_nothing_is_not_paid() -> None:
    """Gleeks and mournivals: a set the profile prices at 0 (the fixture's Jacks) pays nobody."""
    assert sets_held(FLIPPED_DIRECT, m("JS JH JD")) == ()
    assert sets_held(FLIPPED_DIRECT, m("JS JH JD JC")) == ()
    assert sets_held(PARLETT, m("JS JH JD JC QS QH QD")) == (
        ("gleek", "Q", 2),
        ("mournival", "J", 2),
    )


def test_small_trumps_held_pay_each_opponent_only_if_priced() -> None:
    """Tiddy: the holder of the 4 (5, 6 with Towser and Tumbler) of trumps after the exchange is
    paid by each opponent; a small trump the profile does not price pays nothing."""
    tt = gleek.load_profile("parlett", ["towser-tumbler"])
    hand = m("4C 5C 6C 4H")
    assert small_trumps_held(PARLETT, hand, CL) == (("tiddy", 2),)
    assert small_trumps_held(tt, hand, CL) == (("tiddy", 2), ("towser", 5), ("tumbler", 6))
    assert small_trumps_held(tt, hand, H) == (("tiddy", 2),)
    assert small_trumps_held(gleek.load_profile("parlett", ["no-tiddy"]), hand, CL) == ()
    assert small_trumps_held(FLIPPED_DIRECT, hand, CL) == (("tiddy", 3),)
    assert small_trumps_held(FLIPPED_POOL, hand, CL) == (("tiddy", 2), ("towser", 1))
    assert paid(small_trump_payments(tt, (m("5S"), m("4S"), m("6S")), S)) == [
        (1, 0, 5, "towser"),
        (2, 0, 5, "towser"),
        (2, 1, 2, "tiddy"),
        (0, 1, 2, "tiddy"),
        (0, 2, 6, "tumbler"),
        (1, 2, 6, "tumbler"),
    ]


# ---------------------------------------------------------------------------- the tricks


def test_tricks_a_card_of_a_third_suit_never_wins() -> None:
    """The tricks: the highest trump wins, else the highest card of the suit led; a card of
    another suit never wins, however high (here clubs and hearts outrank spades and diamonds
    in the engine's card order)."""
    assert winner(((0, i("10S")), (1, i("4C")), (2, i("5S"))), H) == 0
    assert winner(((0, i("4D")), (1, i("AC")), (2, i("10H"))), S) == 0
    assert winner(((0, i("4S")), (1, i("AS")), (2, i("AH"))), D) == 1


def test_tricks_the_lowest_trump_beats_the_highest_card_of_the_suit_led() -> None:
    """The tricks: any trump beats every card of the suit led, and the higher trump wins."""
    assert winner(((0, i("AC")), (1, i("4S")), (2, i("KC"))), S) == 1
    assert winner(((0, i("AD")), (1, i("5S")), (2, i("4S"))), S) == 1
    assert winner(((0, i("4S")), (1, i("AD")), (2, i("6S"))), S) == 2
    assert winner(((0, i("4S")), (1, i("AD")), (2, i("5D"))), D) == 1


def test_tricks_follow_suit_if_you_can_with_play_high_the_highest() -> None:
    """The tricks: lead anything; follow suit if you can, else any card; with play-high the
    highest card held of the suit led."""
    hand = m("AH 10H 4H 7C KS")
    assert legal_mask(hand, -1, False) == hand
    assert legal_mask(hand, H, False) == m("AH 10H 4H")
    assert legal_mask(hand, H, True) == m("AH")
    assert legal_mask(m("10H 4H"), H, True) == m("10H")
    assert legal_mask(hand, D, True) == hand


def test_tricks_first_lead_eldest_or_the_buyer() -> None:
    """The tricks: eldest leads first, or the buyer (``tricks.first_lead``)."""
    assert first_leader(rules_of(PARLETT), 2, 1) == 0
    assert first_leader(rules_of(FLIPPED_DIRECT), 2, 1) == 1
    assert first_leader(rules_of(PI), 0, 2) == 2
    assert first_leader(rules_of(FLIPPED_POOL), 0, 2) == 1


def test_tricks_verify_names_the_broken_rule() -> None:
    """The tricks: a card not held, a card of another suit while holding the suit led (a
    revoke), a lower card of it under play-high; anything goes when void or leading."""
    hand = m("AH 10H 4H 7C")
    assert verify_play(hand, -1, True, i("7C")) is None
    assert code(verify_play(hand, H, False, i("KS"))) == "card-not-in-hand"
    assert code(verify_play(hand, H, False, i("7C"))) == "revoke"
    assert verify_play(hand, H, False, i("4H")) is None
    assert code(verify_play(hand, H, True, i("4H"))) == "not-highest"
    assert verify_play(hand, H, True, i("AH")) is None
    assert verify_play(hand, S, True, i("4H")) is None


def _trick(
    profile: gleek.Profile, plays: str, leader: int, trumps: int = H
) -> tuple[tuple[tuple[int, int, int], int], list[tuple[int, int, int]]]:
    """One trick through the stage's scoring: the points after it and its winner, and the
    points after each card."""
    rules = rules_of(profile)
    honour = rules.honour[trumps]
    cs = [i(c) for c in plays.split()]
    points = [0, 0, 0]
    after = []
    won = -1
    for k, c in enumerate(cs):
        points[(leader + k) % 3] += play_points(rules, honour, c)
        if k == 2:
            won = trick_winner(strength(trumps), cs[0], cs[1], cs[2], leader)
            points[won] += trick_points(rules, honour, cs[0], cs[1], cs[2], 0)
        after.append((points[0], points[1], points[2]))
    return (after[-1], won), after


def test_counting_honours_to_the_player_as_played_and_the_trick_to_the_winner() -> None:
    """Counting: a trick is worth ``tricks.trick_points`` to its winner; parlett credits an
    honour to the player who plays it, at once; each seat can be the one credited."""
    for leader in range(3):
        (points, won), after = _trick(PARLETT, "JH KH 7H", leader)
        kh = (leader + 1) % 3
        expected = [0, 0, 0]
        expected[leader] = 9
        assert after[0] == tuple(expected)
        expected[kh] = 3
        assert after[1] == tuple(expected)
        expected[kh] += 3
        assert points == tuple(expected)
        assert won == kh


def test_counting_honours_to_the_winner_of_the_trick() -> None:
    """Counting: publications-international credits honours to the trick's winner; the fixture
    scores 4 a trick."""
    (points, _), after = _trick(PI, "JH KH 7H", 0)
    assert after[:2] == [(0, 0, 0), (0, 0, 0)]
    assert points == (0, 3 + 9 + 3, 0)
    (points, _), _ = _trick(FLIPPED_POOL, "JH KH 7H", 2)
    assert points == (4 + 9 + 3, 0, 0)
    # spades led, hearts trumps: seat 0's 4H wins
    assert _trick(FLIPPED_DIRECT, "AS 4S 4H", 1)[0] == ((2, 0, 0), 0)
    (points, _), _ = _trick(FLIPPED_DIRECT, "AH 4S 5S", 1)  # the fixture's Tib is 16
    assert points == (0, 16 + 2, 0)


# ---------------------------------------------------------------------------- forfeits (Cotton)

COTTON = gleek.load_profile("cotton")


def _forfeit(hand: str, laid: str, claims: tuple[str, ...], buyer: int = 1) -> list[object]:
    out = forfeit_payments(COTTON, buyer, m(hand), m(laid), claims)
    return [(p.payer, p.payee, p.amount, p.reason, p.detail) for p in out]


def test_forfeit_a_set_called_but_laid_out_costs_twice_its_value_to_each_opponent() -> None:
    """Cotton: a call for a gleek or mournival that the buyer laid out in the stock is paid for
    "double what you receive": ``sets.forfeit`` (2) times the set's value, by the buyer to each
    opponent, the next seat first; the detail names the claim."""
    assert _forfeit("KH KS", "KD", ("gleek-K",)) == [
        (1, 2, 6, "forfeit", "gleek-K laid out"),
        (1, 0, 6, "forfeit", "gleek-K laid out"),
    ]
    assert _forfeit("AH AS AD", "AC", ("mournival-A",), buyer=2) == [
        (2, 0, 16, "forfeit", "mournival-A laid out"),
        (2, 1, 16, "forfeit", "mournival-A laid out"),
    ]
    assert _forfeit("QH", "QS QD", ("gleek-Q",), buyer=0) == [
        (0, 1, 4, "forfeit", "gleek-Q laid out"),
        (0, 2, 4, "forfeit", "gleek-Q laid out"),
    ]
    assert _forfeit("JH JS JD", "JC", ("mournival-J",)) == [
        (1, 2, 4, "forfeit", "mournival-J laid out"),
        (1, 0, 4, "forfeit", "mournival-J laid out"),
    ]


def test_forfeit_for_every_false_claim_of_a_set_none_for_a_set_held() -> None:
    """No forfeit when the set is held after all (3 of a rank for a gleek, 4 for a mournival,
    whatever was laid out). Every other call for a set pays (the rulings read Cotton's rule as
    covering every false claim of a set): the detail says "laid out" when the hand and the
    cards laid out together made the set, "not held" when they never did."""
    assert _forfeit("KH KS KD", "", ("gleek-K",)) == []  # held
    assert _forfeit("KH KS KD", "KC", ("gleek-K",)) == []  # held, even with the fourth out
    assert _forfeit("KH KS KD KC", "", ("gleek-K",)) == []  # four held: judged elsewhere
    assert _forfeit("AH AS AD AC", "", ("mournival-A",)) == []  # held
    assert _forfeit("KH", "KS", ("gleek-K",)) == [  # two Kings in all: never a gleek
        (1, 2, 6, "forfeit", "gleek-K not held"),
        (1, 0, 6, "forfeit", "gleek-K not held"),
    ]
    assert _forfeit("AH AS", "AD", ("mournival-A",)) == [  # three Aces in all
        (1, 2, 16, "forfeit", "mournival-A not held"),
        (1, 0, 16, "forfeit", "mournival-A not held"),
    ]
    assert _forfeit("AH AS AD", "", ("mournival-A",), buyer=0) == [  # a gleek: not a mournival
        (0, 1, 16, "forfeit", "mournival-A not held"),
        (0, 2, 16, "forfeit", "mournival-A not held"),
    ]
    assert _forfeit("", "", ("gleek-J",), buyer=2) == [  # no Jack at all, nothing laid out
        (2, 0, 2, "forfeit", "gleek-J not held"),
        (2, 1, 2, "forfeit", "gleek-J not held"),
    ]
    # exactly enough with the stock: 3 for a gleek, 4 for a mournival
    assert [d for *_, d in _forfeit("QH QS", "QD", ("gleek-Q",))] == ["gleek-Q laid out"] * 2
    assert [d for *_, d in _forfeit("QH QS", "QD QC", ("mournival-Q",))] == [
        "mournival-Q laid out"
    ] * 2
    # one short even with the stock: not held
    assert [d for *_, d in _forfeit("QH", "QD", ("gleek-Q",))] == ["gleek-Q not held"] * 2
    # the cards of another rank do not count
    assert [d for *_, d in _forfeit("KH KS", "AD QD JD", ("gleek-K",))] == ["gleek-K not held"] * 2


def test_forfeit_each_laid_out_claim_is_paid_in_the_order_called_other_claims_are_not() -> None:
    """Only gleek and mournival calls can be forfeited (not Tiddy or other words); several
    such calls each pay, in the order they were called; a profile without the forfeit
    (``sets.forfeit: 0``) charges nothing."""
    assert _forfeit("KH KS", "KD", ("tiddy", "towser", "tumbler")) == []
    got = _forfeit("KH KS JH JS JD", "KD JC", ("tiddy", "mournival-J", "gleek-K"))
    assert [(a, b, n, d) for a, b, n, _, d in got] == [
        (1, 2, 4, "mournival-J laid out"),
        (1, 0, 4, "mournival-J laid out"),
        (1, 2, 6, "gleek-K laid out"),
        (1, 0, 6, "gleek-K laid out"),
    ]
    assert PARLETT.sets.forfeit == 0
    assert forfeit_payments(PARLETT, 1, m("KH KS"), m("KD"), ("gleek-K",)) == ()


def test_a_set_worth_nothing_forfeits_nothing_and_the_next_claim_still_pays() -> None:
    """In a profile whose gleek of Jacks is worth 0, a false claim of it forfeits nothing (no
    payment of 0 chips), and a false claim after it in the list is still charged."""
    gleeks = {"A": 4, "K": 3, "Q": 2, "J": 0}
    free_jacks = attrs.evolve(COTTON, sets=attrs.evolve(COTTON.sets, gleek=gleeks))
    got = forfeit_payments(free_jacks, 1, m(""), 0, ("gleek-J", "gleek-K"))
    assert [(p.payer, p.payee, p.amount, p.detail) for p in got] == [
        (1, 2, 6, "gleek-K not held"),
        (1, 0, 6, "gleek-K not held"),
    ]


# ---------------------------------------------------------------------------- Cotton's ruff


def test_cotton_revie_raises_two_until_eight_then_the_late_raise() -> None:
    """Cotton: "all above is but two a time ... after that it is once come to eight": a revie
    below the mark adds the raise but stops at the mark; at or past the mark it adds the late
    raise. A profile without ``late_raise`` adds its raise every time."""
    mark, step = COTTON.ruff.late_raise
    assert (mark, step, COTTON.ruff.raise_) == (8, 2, 2)
    assert [revie_stake(rules_of(COTTON), s) for s in (4, 6, 7, 8, 9, 10)] == [6, 8, 8, 10, 11, 12]
    assert PARLETT.ruff.late_raise is None
    up = PARLETT.ruff.raise_
    assert [revie_stake(rules_of(PARLETT), s) for s in (4, 8, 9)] == [4 + up, 8 + up, 9 + up]


def test_cotton_the_youngest_doubles_a_ruff_nobody_vied_for_the_next_deal() -> None:
    """Cotton: after two waits the youngest may double; nobody pays now and the next deal's
    opening stake is twice this deal's, whatever the profile's no-vie rule."""
    assert ruff_choices(rules_of(COTTON), _say(COTTON, [])) == ("wait", "vie")  # not the eldest
    assert ruff_choices(rules_of(COTTON), _say(COTTON, [(0, "wait")])) == ("wait", "vie")
    r = _say(COTTON, [(0, "wait"), (1, "wait")])
    assert ruff_choices(rules_of(COTTON), r) == ("wait", "vie", "double")
    assert ruff_choices(rules_of(PARLETT), _say(PARLETT, [(0, "wait"), (1, "wait")])) == (
        "wait",
        "vie",
    )
    r = ruff_apply(rules_of(COTTON), r, 2, "double", HANDS, 2)
    stake = COTTON.ruff.stake
    assert rs(r) == R(stake, -1, 0b111, 0, (0, 0, 0), -1, 2, True, doubled=True)
    assert ruff_payments(rules_of(COTTON), r) == ()
    assert [next_stake(rules_of(COTTON), r, s) for s in (1, 3, 4)] == [2, 6, 8]


def test_how_far_a_loser_with_nothing_at_stake_makes_no_payment() -> None:
    """Cotton's how-far payment with ``nothing_to_say: 0`` (the fixture): eldest vies, the
    other two never vie or see and owe nothing, so the ruff pays nothing at all (no 0-chip
    payments); with Cotton's 1 each pays 1."""
    fixture = flipped("cotton")
    said = [(0, "vie"), (1, "pass"), (2, "pass")]
    r = _say(fixture, said)
    assert (r.done, r.winner, r.put) == (True, 0, (fixture.ruff.stake, 0, 0))
    assert ruff_payments(rules_of(fixture), r) == ()
    assert paid(ruff_payments(rules_of(COTTON), _say(COTTON, said))) == [
        (1, 0, 1, "ruff"),
        (2, 0, 1, "ruff"),
    ]


def test_cotton_the_odd_chip_of_the_price_goes_to_eldest_unless_eldest_bought() -> None:
    """Cotton: "the eldest hand usually claims it, or else it is given to the box": with
    ``stock.odd_chip: eldest`` the odd chip of an odd price goes to eldest, or to the pot when
    eldest is the buyer; an even price has no odd chip."""
    assert paid(price_payments(rules_of(COTTON), 1, 13, 2)) == [
        (1, 2, 6, "stock"),
        (1, 0, 6, "stock"),
        (1, 0, 1, "stock"),
    ]
    assert [p.detail for p in price_payments(rules_of(COTTON), 1, 13, 2)] == ["", "", "odd chip"]
    assert paid(price_payments(rules_of(COTTON), 0, 13, 2))[-1] == (0, "pot", 1, "stock")
    assert paid(price_payments(rules_of(COTTON), 2, 13, 1))[-1] == (2, "pot", 1, "stock")
    assert paid(price_payments(rules_of(COTTON), 1, 14, 2)) == [
        (1, 2, 7, "stock"),
        (1, 0, 7, "stock"),
    ]
    assert paid(price_payments(rules_of(PARLETT), 1, 13, 2))[-1] == (1, "pot", 1, "stock")


def test_cotton_a_turned_towser_or_tumbler_pays_twice_its_held_value() -> None:
    """Cotton: "Towser is five and Tumbler six, and so double if turn'd up": with
    ``turn_up.double_when_turned`` a turned 5 or 6 of trumps is paid twice the value of holding
    it (10 and 12), whatever the turn-up price says; without it, the turn-up price."""
    import attrs

    unpriced = attrs.evolve(COTTON.turn_up, towser=0, tumbler=0)
    doubled = attrs.evolve(COTTON, turn_up=unpriced)
    plain = attrs.evolve(doubled, turn_up=attrs.evolve(unpriced, double_when_turned=False))
    for card, amount, reason in (("5D", 10, "turned towser"), ("6D", 12, "turned tumbler")):
        rest = [c.index for c in DECK if c != C(card)]
        info = deal_cards(COTTON, [*rest[:36], i(card), *rest[36:]], 2)
        pay = turn_up_payments(rules_of(doubled), info.turn_up, info.dealer)
        assert paid(pay) == [(0, 2, amount, "turn-up"), (1, 2, amount, "turn-up")]
        assert [p.detail for p in pay] == [reason, reason]
        assert turn_up_payments(rules_of(plain), info.turn_up, info.dealer) == ()


def test_cotton_a_loser_who_never_vied_or_saw_pays_the_nothing_to_say_amount() -> None:
    """Cotton's how-far losers: one who passes without having vied or seen owes
    ``ruff.nothing_to_say`` (1 in Cotton, "a farthing"; 0 where a profile says so), one who saw
    keeps owing the stake it saw."""
    import attrs

    free = attrs.evolve(COTTON, ruff=attrs.evolve(COTTON.ruff, nothing_to_say=0))
    for profile, owed in ((COTTON, 1), (free, 0)):
        r = _say(profile, [(0, "vie"), (1, "pass"), (2, "pass")])
        assert r.done and r.winner == 0 and r.put[1:] == (owed, owed)
    stake = COTTON.ruff.stake
    for profile, owed in ((COTTON, 1), (free, 0)):
        r = _say(profile, [(0, "vie"), (1, "see"), (2, "pass")])
        assert r.put == (stake, stake, owed)


def test_forfeit_a_held_claim_does_not_stop_the_next_one_and_the_multiple_is_the_profiles() -> None:
    """A call that is held (or never could have been) costs nothing and the next call is still
    judged; the forfeit is ``sets.forfeit`` times the set's value, whatever that multiple is
    (1 pays the value itself)."""
    import attrs

    got = _forfeit("AH AS AD KH KS", "KD", ("gleek-A", "gleek-K"))
    assert [(a, b, n) for a, b, n, _, _ in got] == [(1, 2, 6), (1, 0, 6)]
    once = attrs.evolve(COTTON, sets=attrs.evolve(COTTON.sets, forfeit=1))
    paid_once = forfeit_payments(once, 1, m("KH KS"), m("KD"), ("gleek-K",))
    assert paid(paid_once) == [(1, 2, 3, "forfeit"), (1, 0, 3, "forfeit")]
