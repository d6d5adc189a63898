"""One test (at least) per ruling of ../shared/spec/rulings.md, on literal states, named for it.

Seats in these tests: dealer 2 unless said, so seat 0 is eldest and seat 1 the middle hand.
"""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

import gleek
from gleek import Action, IllegalAction, Phase, apply, legal_actions, outcome
from gleek.cards import CARDS, DECK
from gleek.session import Session
from gleek.sim.bots import BasicBot
from gleek.stages.deal import seeded_deck
from gleek.stages.ruff import ruff_value as _ruff_value
from gleek.stages.ruff import ruff_winner as _ruff_winner
from gleek.stages.rules import rules_of
from gleek.stages.settle import settlement
from gleek.stages.tricks import strength
from gleek.stages.tricks import trick_winner as _trick_winner
from tests.helpers import (
    C,
    cards,
    deal,
    deal_points,
    flipped,
    mournival_of_aces,
    play_first_legal,
    run,
    to_ruff,
)


def ruff_value(profile: gleek.Profile, hand: int) -> int:
    return _ruff_value(rules_of(profile), hand)


def ruff_winner(profile: gleek.Profile, hands: tuple[int, int, int], dealer: int, live: int) -> int:
    return _ruff_winner(rules_of(profile), hands, dealer, live)


def trick_winner(trick: tuple[tuple[int, int], ...], trumps: int) -> int:
    (leader, c0), (_, c1), (_, c2) = trick
    return _trick_winner(strength(trumps), c0, c1, c2, leader)


def shown(s: gleek.State) -> bool:
    """Whether the ruff was shown down (read from the outcome of the deal played out)."""
    return outcome(play_first_legal(s)).ruff.shown


def bought_by_eldest(
    hand: str,
    turn_up: str,
    discards: str,
    profile: str = "parlett",
    stock: str = "4D 5D 6D 7D 8D 9D 10D",
) -> gleek.State:
    """Eldest (seat 0) buys at the opening bid, discards ``discards``; nobody vies."""
    s = deal(profile, {0: hand}, turn_up, stock=stock)
    opening = f"bid {s.profile.stock.opening_bid}"
    return run(
        s,
        [
            opening,
            "pass",
            "pass",
            *(f"discard {c}" for c in discards.split()),
            "wait",
            "wait",
            "wait",
        ],
    )


def pays(state: gleek.State, reason: str) -> list[tuple[object, object, int]]:
    return [(p.payer, p.payee, p.amount) for p in state.payments if p.reason == reason]


def actions(state: gleek.State) -> list[str]:
    return [str(a) for a in legal_actions(state)]


# Eldest (seat 0) keeps 5 cards, discards JUNK and takes STOCK: the exchange is under control.
JUNK = "4S 5S 6S 7S 8S 9S 10S"
NO_HONOURS = "4D 5D 6D 7D 8D 9D 10D"


def ruff_ready(
    profile: str | gleek.Profile,
    keep: str,
    stock: str,
    middle: str,
    dealer_hand: str,
    turn_up: str = "7C",
    variants: tuple[str, ...] = (),
    stake: int | None = None,
) -> gleek.State:
    """Eldest buys at the opening bid, discards JUNK and takes ``stock``; the ruff is next."""
    p = profile if isinstance(profile, gleek.Profile) else gleek.load_profile(profile, variants)
    auction = (f"bid {p.stock.opening_bid}", "pass", "pass")
    s = deal(p, {0: f"{keep} {JUNK}", 1: middle, 2: dealer_hand}, turn_up, stock, ruff_stake=stake)
    return to_ruff(s, auction, JUNK.split())


# ---------------------------------------------------------------------------- seats and order


def test_seats_eldest_is_the_dealers_left() -> None:
    p = gleek.load_profile("parlett")
    for dealer in range(3):
        assert gleek.new_deal(p, dealer, seed=1).to_act == (dealer + 1) % 3


def test_seats_the_deal_passes_to_the_left() -> None:
    s = Session.start(gleek.load_profile("parlett"), deals=3, dealer=1)
    from gleek.sim.bots import RandomBot

    s = s.play_out([RandomBot()] * 3, seed=4)
    assert [d.final.dealer for d in s.deals] == [1, 2, 0]


# ---------------------------------------------------------------------------- dealing


@pytest.mark.parametrize("profile", ["parlett", "pedagogical", "pi", "cotton"])
def test_dealing_packets_of_four_clockwise_from_eldest_then_turn_up_and_stock(
    profile: str,
) -> None:
    s = gleek.new_deal(gleek.load_profile(profile), dealer=2, deck=DECK)
    eldest, middle, dealer = (set(s.hand(i)) for i in (0, 1, 2))
    assert eldest == set(DECK[0:4] + DECK[12:16] + DECK[24:28])
    assert middle == set(DECK[4:8] + DECK[16:20] + DECK[28:32])
    assert dealer == set(DECK[8:12] + DECK[20:24] + DECK[32:36])
    assert s.turn_up == DECK[36] and s.trumps is DECK[36].suit
    assert s.stock == DECK[37:44]


def test_dealing_a_seeded_shuffle_is_the_same_everywhere() -> None:
    # A golden value: the same seed gives this deck on every platform and run.
    first = [str(CARDS[c]) for c in seeded_deck(1)][:10]
    assert first == ["JD", "6S", "4H", "AD", "QC", "KC", "9S", "KS", "10H", "4C"]
    assert seeded_deck("2026") == seeded_deck("2026") != seeded_deck("2027")
    assert sorted(seeded_deck(5)) == list(range(44))


def test_dealing_the_turn_up_is_in_no_hand_and_never_played() -> None:
    s = gleek.new_deal(gleek.load_profile("parlett"), 0, seed=9)
    up = s.turn_up
    assert all(up not in s.hand(i) for i in range(3)) and up not in s.stock
    s = play_first_legal(s)
    assert all(up != c for t in s.tricks for _, c in t)


# ---------------------------------------------------------------------------- turn-up


@pytest.mark.parametrize("profile", ["parlett", "pedagogical", "pi", "cotton"])
def test_turn_up_honour_scores_for_the_dealer(profile: str) -> None:
    """All profiles, publications-international too (whose played honours go to the trick's
    winner): a turned Ace counts its 15 for the dealer."""
    s = ruff_ready(profile, "AC KC QC JC 10C", NO_HONOURS, "", "", turn_up="AH")
    s = run(s, ["wait", "wait", "wait"])
    assert s.points == (0, 0, 15)


@pytest.mark.parametrize(
    ("profile", "variants", "turn_up", "amount", "detail"),
    [
        ("parlett", (), "4H", 4, "turned tiddy"),
        ("pedagogical", (), "4H", 4, "turned tiddy"),
        ("publications-international", (), "4H", 2, "turned tiddy"),
        ("parlett", ("no-tiddy",), "4H", None, ""),
        ("parlett", ("towser-tumbler",), "5H", 5, "turned towser"),
        ("pi", ("towser-tumbler",), "6H", 6, "turned tumbler"),
        ("parlett", (), "5H", None, ""),
        ("parlett", ("towser-tumbler",), "4H", 4, "turned tiddy"),
    ],
)
def test_turn_up_tiddy_towser_tumbler_payments(
    profile: str, variants: tuple[str, ...], turn_up: str, amount: int | None, detail: str
) -> None:
    s = deal(profile, {}, turn_up, variants=variants, dealer=1)
    if amount is None:
        assert pays(s, "turn-up") == []
    else:
        assert pays(s, "turn-up") == [(2, 1, amount), (0, 1, amount)]
        assert {p.detail for p in s.payments} == {detail}


# ---------------------------------------------------------------------------- buying the stock


def test_buying_seed_000_auction_12_13_pass_14_pass() -> None:
    # Anna (0) deals, Ben (1) is eldest, Carla (2) the middle hand.
    s = gleek.new_deal(gleek.load_profile("parlett"), dealer=0, seed=3)
    assert s.to_act == 1
    s = run(s, ["bid 12", "bid 13", "pass", "bid 14", "pass"])
    assert (s.buyer, s.price, s.phase) == (1, 14, Phase.DISCARD)
    assert pays(s, "stock") == [(1, 2, 7), (1, 0, 7)]


@pytest.mark.parametrize(
    ("profile", "variants", "opening", "next_bid"),
    [
        ("parlett", (), 12, 13),
        ("pi", (), 10, 12),
        ("pedagogical", (), 12, 14),
        ("parlett", ("bid-13",), 13, 14),
        ("pi", ("bid-13",), 13, 15),
        ("cotton", (), 12, 13),
    ],
)
def test_buying_opening_bid_and_increment(
    profile: str, variants: tuple[str, ...], opening: int, next_bid: int
) -> None:
    s = gleek.new_deal(gleek.load_profile(profile, variants), 0, seed=1)
    assert actions(s) == [f"bid {opening}"]
    with pytest.raises(IllegalAction) as info:
        apply(s, Action.parse("pass"))
    assert info.value.code == "bad-bid"
    s = apply(s, Action.bid(opening))
    assert actions(s) == ["pass", f"bid {next_bid}"]
    with pytest.raises(IllegalAction) as info:
        apply(s, Action.bid(next_bid + 1))
    assert info.value.code == "bad-bid"
    assert "raise by exactly" in str(info.value)


def test_buying_a_pass_is_out_of_the_auction_for_good() -> None:
    s = gleek.new_deal(gleek.load_profile("parlett"), dealer=2, seed=1)
    s = run(s, ["bid 12", "pass", "bid 13"])  # eldest, middle passes, dealer
    assert s.to_act == 0  # the middle hand is skipped
    s = run(s, ["bid 14", "bid 15"])
    assert s.to_act == 0
    s = run(s, ["pass"])
    assert (s.buyer, s.price) == (2, 15)


def test_buying_two_passes_and_the_last_bidder_buys_even_the_opener() -> None:
    s = run(
        gleek.new_deal(gleek.load_profile("parlett"), dealer=2, seed=1), ["bid 12", "pass", "pass"]
    )
    assert (s.buyer, s.price) == (0, 12)


def test_buying_the_auction_has_no_highest_bid() -> None:
    """No source caps the bidding: the three raise in turn past 256 chips (beyond the engine's
    table of ready-made bid actions), and the last bidder buys at the last bid."""
    s = gleek.new_deal(gleek.load_profile("parlett"), dealer=2, seed=1)
    for bid in range(12, 261):
        assert legal_actions(s)[-1] == Action.bid(bid)
        s = apply(s, Action.bid(bid))
    s = run(s, ["pass", "pass"])
    assert (s.buyer, s.price) == (2, 260)  # bid 12 was eldest's (seat 0), bid 260 seat 2's
    assert s.history[-3:] == (
        (2, Action.bid(260)),
        (0, Action.parse("pass")),
        (1, Action.parse("pass")),
    )
    assert [str(a) for _, a in s.history[243:246]] == ["bid 255", "bid 256", "bid 257"]
    assert [p.amount for p in s.payments if p.reason == "stock"] == [130, 130]


def test_buying_a_passer_still_vies_the_ruff() -> None:
    s = ruff_ready("parlett", "AC KC QC JC 10C", NO_HONOURS, "", "")
    s = run(s, ["wait", "vie"])  # the middle hand passed the auction and vies
    assert (1, Action.word("vie")) in s.history


def test_buying_price_half_to_each_and_the_odd_chip_to_the_pot() -> None:
    s = run(
        gleek.new_deal(gleek.load_profile("parlett"), dealer=2, seed=1),
        ["bid 12", "bid 13", "pass", "pass"],
    )
    assert pays(s, "stock") == [(1, 2, 6), (1, 0, 6), (1, "pot", 1)]
    s = run(
        gleek.new_deal(gleek.load_profile("pi", ["bid-13"]), dealer=2, seed=1),
        ["bid 13", "pass", "pass"],
    )
    assert pays(s, "stock") == [(0, 1, 6), (0, 2, 6), (0, "pot", 1)]


@pytest.mark.parametrize("profile", ["parlett", "pedagogical", "pi"])
def test_buying_the_odd_chip_goes_to_the_pot_whoever_buys(profile: str) -> None:
    # the dealer buys at an odd price: the odd chip to the pot, not to eldest
    p = gleek.load_profile(profile, ["bid-13"])
    step = p.stock.increment
    price = 13 + 2 * step
    s = gleek.new_deal(p, dealer=2, seed=1)
    s = run(s, ["bid 13", f"bid {13 + step}", f"bid {price}", "pass", "pass"])
    assert s.buyer == 2 and price % 2 == 1
    assert sorted(pays(s, "stock"), key=str) == sorted(
        [(2, 0, price // 2), (2, 1, price // 2), (2, "pot", 1)], key=str
    )


def test_buying_discard_exactly_7_before_seeing_the_stock() -> None:
    s = deal(
        "parlett", {0: "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S AH"}, "7C", stock="AD KD QD JD 10D 9D 8D"
    )
    s = run(s, ["bid 12", "pass", "pass"])
    # only the 12 cards dealt may go out: the stock is not in hand yet
    assert {a.card for a in legal_actions(s)} == set(cards("AS KS QS JS 10S 9S 8S 7S 6S 5S 4S AH"))
    with pytest.raises(IllegalAction) as info:
        apply(s, Action.parse("discard AD"))
    assert info.value.code == "bad-discard"
    s = run(s, [f"discard {c}" for c in "4S 5S 6S 7S 8S 9S".split()])
    assert s.phase is Phase.DISCARD
    with pytest.raises(IllegalAction) as info:
        apply(s, Action.parse("discard 4S"))
    assert info.value.code == "bad-discard" and "again" in str(info.value)
    s = run(s, ["discard 10S"])
    assert s.phase is Phase.RUFF
    assert set(s.hand(0)) == set(cards("AS KS QS JS AH AD KD QD JD 10D 9D 8D"))
    assert s.discards == tuple(cards("4S 5S 6S 7S 8S 9S 10S"))


def test_buying_pedagogical_forbids_discarding_trump_honours() -> None:
    s = deal("pedagogical", {0: "AH KH QH JH 10H 9S 8S 7S 6S 5S 4S 4D"}, "7H")
    s = run(s, ["bid 12", "pass", "pass"])
    legal = {a.card for a in legal_actions(s)}
    assert not legal & set(cards("AH KH QH JH")) and C("10H") in legal
    for honour in "AH KH QH JH".split():
        with pytest.raises(IllegalAction) as info:
            apply(s, Action.parse(f"discard {honour}"))
        assert info.value.code == "forbidden-discard"


@pytest.mark.parametrize("profile", ["parlett", "pi", "cotton"])
def test_buying_the_other_profiles_allow_discarding_trump_honours(profile: str) -> None:
    s = deal(profile, {0: "AH KH QH JH 10H 9S 8S 7S 6S 5S 4S 4D"}, "7H")
    s = run(s, [f"bid {s.profile.stock.opening_bid}", "pass", "pass"])
    for honour in "AH KH QH JH".split():
        assert s.can(Action.parse(f"discard {honour}")), (profile, honour)


@pytest.mark.parametrize("profile", ["parlett", "pi"])
def test_buying_a_discarded_honour_scores_for_nobody(profile: str) -> None:
    p = gleek.load_profile(profile)
    s = deal(p, {0: "AH 9S 8S 7S 6S 5S KS 4C 5C 6C 7C 8C"}, "7H", stock=NO_HONOURS)
    s = run(
        s,
        [
            f"bid {p.stock.opening_bid}",
            "pass",
            "pass",
            *(f"discard {c}" for c in "AH 9S 8S 7S 6S 5S KS".split()),
        ],
    )
    end = play_first_legal(s)
    o = outcome(end)
    assert sum(o.points) == 66 - 15
    assert o.pot == 15  # what is paid in and not taken out stays in the pot


# ---------------------------------------------------------------------------- the ruff


def test_ruff_value_of_clubs_a_q_9_5_is_35() -> None:
    p = gleek.load_profile("parlett")
    assert ruff_value(p, gleek.cards.mask_of(cards("AC QC 9C 5C"))) == 35
    assert ruff_value(p, gleek.cards.mask_of(cards("AC QC 9C 5C 4H KH"))) == 35


@pytest.mark.parametrize("profile", ["parlett", "pedagogical", "pi", "cotton"])
def test_ruff_a_suits_value_ace_11_court_cards_10_others_their_number(profile: str) -> None:
    p = gleek.load_profile(profile)
    m = gleek.cards.mask_of
    assert ruff_value(p, m(cards("AC KC QC JC 9C"))) == 11 + 10 + 10 + 10 + 9
    assert ruff_value(p, m(cards("10D 8D 4D"))) == 10 + 8 + 4


def test_ruff_is_counted_after_the_exchange() -> None:
    # Before the exchange eldest's best suit is spades (49); the stock brings hearts (66).
    s = _direct()
    before = gleek.cards.mask_of(s.dealt_hand(0))
    assert ruff_value(s.profile, before) == 49  # spades 4 to 10
    s = run(s, ["vie", "see", "see"])
    assert s.ruff_winner == 0  # hearts 66 beat the dealer's clubs 60


@pytest.mark.parametrize(
    ("profile", "winner"), [("parlett", 1), ("pedagogical", 1), ("pi", 0), ("cotton", 1)]
)
def test_ruff_four_aces_beat_every_ruff_where_the_profile_says(profile: str, winner: int) -> None:
    # Eldest holds hearts K Q J 10 9 8 (57); the middle hand four Aces.
    p = gleek.load_profile(profile)
    s = deal(
        p,
        {
            0: "KH QH JH 10H 9H 8H 4S 5S 6S 7S 8S 9S",
            1: "AH AS AD AC 4C 5C 6C 7C 4D 5D 6D 7D",
            2: "KS QS JS 10S KD QD JD 10D 8D KC QC 9C",
        },
        "7H",
        stock="4H 5H 6H 9D 10C JC 8C",
    )
    s = run(
        s,
        [
            f"bid {p.stock.opening_bid}",
            "pass",
            "pass",
            *(f"discard {c}" for c in "4S 5S 6S 7S 8S 9S 8H".split()),
        ],
    )
    # eldest hearts K Q J 10 9 4 5 6 = 64; the dealer spades 40, diamonds 48; the middle
    # hand's best suit is clubs 11 + 4 + 5 + 6 + 7 = 33 but it holds four Aces
    assert s.to_act == 0
    s = run(s, ["vie", "see", "see"])
    assert s.ruff_winner == winner


@pytest.mark.parametrize("profile", ["parlett", "pedagogical", "pi"])
def test_ruff_ties_go_to_eldest_then_middle_then_dealer(profile: str) -> None:
    """Equal ruffs go to eldest, then the middle hand, then the dealer (the sources say so for
    the direct model; inferred the same for publications-international)."""
    p = gleek.load_profile(profile)
    m = gleek.cards.mask_of
    hands = (m(cards("AH KH QH")), m(cards("AS KS QS")), m(cards("AC KC QC")))  # 31 each
    assert ruff_winner(p, hands, dealer=2, live=0b111) == 0
    assert ruff_winner(p, hands, dealer=0, live=0b111) == 1  # seat 1 is eldest now
    assert ruff_winner(p, hands, dealer=2, live=0b110) == 1  # middle before dealer
    assert ruff_winner(p, hands, dealer=1, live=0b011) == 0  # dealer 1: eldest 2, middle 0
    better = (hands[0], hands[1], m(cards("AC KC QC 4C")))
    assert ruff_winner(p, better, dealer=2, live=0b111) == 2


def test_ruff_four_aces_in_the_stage_function() -> None:
    m = gleek.cards.mask_of
    hands = (m(cards("AH AS AD AC")), m(cards("KH QH JH 10H 9H 8H 7H")), 0)
    assert ruff_winner(gleek.load_profile("parlett"), hands, 2, 0b111) == 0
    assert ruff_winner(gleek.load_profile("pi"), hands, 2, 0b111) == 1


# ---------------------------------------------------------------------------- direct model


def _direct(profile: str = "parlett", stake: int | None = None) -> gleek.State:
    """Eldest buys; after the exchange eldest holds hearts 66, the middle hand spades 41 and
    the dealer clubs 60."""
    return ruff_ready(
        profile,
        "4D 5D 6D 7D 8D",
        "AH KH QH JH 10H 9H 6H",
        "AS KS QS JS AD KD QD 4C 5C 6C 7C 8C",
        "9D 10D JD 9C 10C JC QC KC AC 4H 5H 7H",
        turn_up="8H",
        stake=stake,
    )


def test_direct_all_wait_no_ruff_parlett_next_stake_4_for_one_deal_only() -> None:
    s = run(_direct(), ["wait", "wait", "wait"])
    assert s.phase is Phase.PLAY and pays(s, "ruff") == []
    assert outcome(play_first_legal(s)).ruff_stake == 4
    s4 = run(_direct(stake=4), ["wait", "wait", "wait"])
    assert outcome(play_first_legal(s4)).ruff_stake == 4  # not 8
    v4 = run(_direct(stake=4), ["vie", "pass", "pass"])
    assert pays(v4, "ruff") == [(1, 0, 4), (2, 0, 4)]
    assert outcome(play_first_legal(v4)).ruff_stake == 2


def test_direct_pedagogical_no_vie_doubles_and_a_vie_resets_to_2() -> None:
    for opening, after in ((2, 4), (4, 8), (8, 16)):
        s = run(_direct("pedagogical", opening), ["wait", "wait", "wait"])
        assert outcome(play_first_legal(s)).ruff_stake == after
    s = run(_direct("pedagogical", 8), ["vie", "pass", "pass"])
    assert outcome(play_first_legal(s)).ruff_stake == 2


@pytest.mark.parametrize("profile", ["parlett", "pedagogical"])
def test_direct_a_passer_owes_the_stake_as_it_was_and_showdown_losers_the_final(
    profile: str,
) -> None:
    """Both direct-model profiles: opening stake 2, a revie raises it by 2."""
    s = run(_direct(profile), ["vie", "pass", "revie"])  # middle passes at 2, dealer revies to 4
    assert s.to_act == 0 and actions(s) == ["pass", "see", "revie"]
    s = run(s, ["see"])
    assert shown(s) and s.ruff_winner == 0
    assert pays(s, "ruff") == [(1, 0, 2), (2, 0, 4)]


def test_direct_two_passes_and_the_third_wins_without_showing() -> None:
    s = run(_direct(), ["wait", "wait", "vie", "pass", "pass"])  # dealer vies on the worst hand
    assert (s.ruff_winner, shown(s)) == (2, False)
    assert pays(s, "ruff") == [(0, 2, 2), (1, 2, 2)]


def test_direct_the_vie_counts_as_a_raise_and_waiters_still_act() -> None:
    s = run(_direct(), ["wait", "vie", "see"])
    assert s.to_act == 0  # eldest waited, and must now answer the vie
    s = run(s, ["see"])
    assert s.phase is Phase.PLAY  # the vier does not act again: everyone has acted since
    assert pays(s, "ruff") == [(1, 0, 2), (2, 0, 2)]


@pytest.mark.parametrize("profile", ["parlett", "pedagogical", "cotton"])
def test_direct_the_ruff_opens_with_eldest_whoever_bought(profile: str) -> None:
    p = gleek.load_profile(profile)
    s = gleek.new_deal(p, dealer=2, seed=3)
    opening, step = p.stock.opening_bid, p.stock.increment
    s = run(s, [f"bid {opening}", f"bid {opening + step}", "pass", "pass"])
    assert s.buyer == 1
    s = run(s, [f"discard {c}" for c in s.hand(1)[:7]])
    assert s.phase is Phase.RUFF and s.to_act == 0


def test_direct_only_cottons_dealer_may_double_after_two_waits() -> None:
    cotton = run(_direct("cotton"), ["wait", "wait"])
    assert "double" in actions(cotton)
    for profile in ("parlett", "pedagogical"):
        s = run(_direct(profile), ["wait", "wait"])
        assert actions(s) == ["wait", "vie"], profile
        with pytest.raises(IllegalAction) as info:
            apply(s, Action.parse("double"))
        assert info.value.code == "bad-ruff-call"


def test_direct_only_wait_or_vie_before_a_vie() -> None:
    s = _direct()
    assert actions(s) == ["wait", "vie"]
    with pytest.raises(IllegalAction) as info:
        apply(s, Action.parse("see"))
    assert info.value.code == "bad-ruff-call"


# ---------------------------------------------------------------------------- pool model


def _pool(buyer_seat: int) -> gleek.State:
    """Publications International, bought by eldest (0) or the middle hand (1), ready to vie."""
    auction = {0: ("bid 10", "pass", "pass"), 1: ("bid 10", "bid 12", "pass", "pass")}[buyer_seat]
    p = gleek.load_profile("pi")
    hands = {0: "AH KH QH JH 10H 9H 4S 5S 6S 7S 8S 9S", 1: "AS KS QS JS 10S 4D 5D 6D 7D 8D 9D 10D"}
    s = deal(p, hands, "5C", stock="4C 6C 7C 8C 9C 10C JC")
    s = run(s, auction)
    while s.phase is Phase.DISCARD:
        s = apply(s, legal_actions(s)[0])
    return s


def test_pool_the_buyer_speaks_first() -> None:
    assert _pool(1).to_act == 1
    assert _pool(0).to_act == 0


def test_pool_a_pass_before_anyone_vies_is_a_wait_not_a_fold() -> None:
    """Before the first vie the only words are wait and vie (a pass there is a wait): a player
    who waited is still in, answers the vie later, and goes to the showdown."""
    s = _pool(1)
    assert actions(s) == ["wait", "vie"]
    s = run(s, ["wait", "vie"])  # the buyer (middle) waits, the dealer vies
    assert actions(s) == ["pass", "see", "revie"]  # eldest answers the vie
    s = run(s, ["see"])
    assert s.to_act == 1 and actions(s) == ["pass", "see", "revie"]  # the waiter is still in
    s = run(s, ["see"])
    assert shown(s) and s.ruff_winner == 0  # eldest's hearts (60) beat the middle's spades (51)
    assert sorted(pays(s, "ruff-pool")) == [(1, 0, 4), (2, 0, 4)]  # the waiter saw: 4 in


# Every hand known, so that the winner of a showdown is known and every seat's payment can be
# asserted: the middle hand (1) buys at 12, discards its diamonds and takes the stock's clubs
# (clubs 54, spades 51); of eldest and the dealer, ``best`` holds hearts 60, the other
# diamonds 41.
HEARTS_60 = "AH KH QH JH 10H 9H 4S 5S 6S 7S 8S 9S"
DIAMONDS_41 = "4H 5H 6H 7H 8H JD QD KD AD QC KC AC"


def _pool_known(best: int) -> gleek.State:
    other = 2 - best
    hands = {best: HEARTS_60, other: DIAMONDS_41, 1: "AS KS QS JS 10S 4D 5D 6D 7D 8D 9D 10D"}
    s = deal("pi", hands, "5C", stock="4C 6C 7C 8C 9C 10C JC")
    s = run(s, ["bid 10", "bid 12", "pass", "pass"])
    assert s.buyer == 1
    return run(s, [f"discard {c}" for c in NO_HONOURS.split()])


@pytest.mark.parametrize("best", [0, 2])
def test_pool_fold_forfeits_and_the_winner_takes_the_pool(best: int) -> None:
    s = run(_pool_known(best), ["wait", "vie", "see", "pass"])  # middle waits, dealer vies...
    assert shown(s) and s.ruff_winner == best
    # the folder (1) loses its ante, the showdown loser its ante and the vie it saw or made
    assert sorted(pays(s, "ruff-pool")) == sorted([(1, best, 2), (2 - best, best, 4)])


@pytest.mark.parametrize("best", [0, 2])
def test_pool_see_matches_the_highest_and_revie_puts_in_2_more(best: int) -> None:
    """Every seat puts in 6; each loser's 6 is paid to the winner. With eldest winning the
    buyer's and the dealer's are asserted, with the dealer winning eldest's and the buyer's."""
    s = run(_pool_known(best), ["vie", "revie"])  # the buyer (middle) vies: 4 in; dealer: 6
    assert s.ruff_stake == 4 and s.to_act == 0  # 6 put in, 4 above the ante
    s = run(s, ["see"])  # eldest, who had only its ante in, matches the highest: 6
    assert s.ruff_stake == 4 and s.to_act == 1
    s = run(s, ["see"])  # the buyer matches too; everyone has acted since the revie
    assert shown(s) and s.ruff_winner == best
    assert sorted(pays(s, "ruff-pool")) == [(x, best, 6) for x in range(3) if x != best]
    assert gleek.observation(s, 0).ruff_stake == 4  # above the ante, as the report says


def test_pool_a_vie_nobody_answers_wins_unshown_as_in_the_direct_model() -> None:
    s = run(_pool_known(0), ["vie", "pass", "pass"])  # the buyer (middle hand) vies; both fold
    assert (s.ruff_winner, shown(s)) == (1, False)
    assert sorted(pays(s, "ruff-pool")) == [(0, 1, 2), (2, 1, 2)]


def test_pool_nobody_vies_the_hands_are_shown_and_the_best_takes_the_antes() -> None:
    s = run(_pool(0), ["wait", "wait", "wait"])
    assert shown(s)
    w = s.ruff_winner
    assert w == 0  # eldest's clubs (54) beat the middle's spades (51) and the dealer's 41
    assert sorted(pays(s, "ruff-pool")) == sorted([(x, w, 2) for x in range(3) if x != w])
    o = outcome(play_first_legal(s))
    assert o.ruff.vied is False and o.ruff_stake == 2


# ---------------------------------------------------------------------------- gleeks, mournivals


def test_sets_each_opponent_pays_every_set_and_a_mournival_is_not_a_gleek() -> None:
    s = ruff_ready(
        "parlett",
        "AH AS AD KH KS",
        "KD KC 5D 6D 7D 8D 9D",
        "QH QS QD JD 4C 5C 6C 7C 8C 9C 10D 4D",
        "JH JS JC AC QC 10H 9H 8H 7H 6H 5H 4H",
        turn_up="10C",
    )
    s = run(s, ["wait", "wait", "wait"])
    got = sorted((p.payer, p.payee, p.amount, p.detail) for p in s.payments if p.reason == "set")
    assert got == sorted(
        [
            (1, 0, 4, "gleek of A"),
            (2, 0, 4, "gleek of A"),
            (1, 0, 6, "mournival of K"),
            (2, 0, 6, "mournival of K"),
            (0, 1, 2, "gleek of Q"),
            (2, 1, 2, "gleek of Q"),
            (0, 2, 1, "gleek of J"),
            (1, 2, 1, "gleek of J"),
        ]
    )


@pytest.mark.parametrize("profile", ["parlett", "pedagogical", "cotton"])
def test_sets_four_aces_pay_as_a_mournival_even_after_winning_the_ruff(profile: str) -> None:
    s = ruff_ready(
        profile,
        "AH AS AD AC 4H",
        NO_HONOURS,
        "KH QH JH 10H 9H KC QC JC 5C 6C 7C 8C",
        "5H 6H 7H 8H KS QS JS KD QD JD 9C 4C",
        turn_up="10C",
    )
    s = run(s, ["vie", "see", "see"])
    assert s.ruff_winner == 0
    assert [(p.payer, p.amount) for p in s.payments if p.reason == "set"] == [(1, 8), (2, 8)]


# Four Aces with each seat in turn: (keep, stock, middle, dealer, turn-up) for ruff_ready; the
# other hands hold at most two Kings, Queens or Jacks each, so the Aces are the only set.
ACES = "AH AS AD AC"
FOUR_ACES_AT = {
    0: (f"{ACES} 4H", NO_HONOURS, "KH QH JH 10H 9H KC QC JC 5C 6C 7C 8C",
        "5H 6H 7H 8H KS QS JS KD QD JD 9C 4C", "10C"),
    1: ("KH KC QH QC JD", "JH 4D 5D 6D 7D 8D 9D", f"{ACES} 5H 6H 7H 8H 9C 4C 5C 6C",
        "KS KD QS QD JS JC 10C 10D 10H 7C 8C 9H", "4H"),
    2: ("KH KC QH QC JD", "JH 4D 5D 6D 7D 8D 9D", "KS KD QS QD JS JC 10C 10D 10H 7C 8C 9H",
        f"{ACES} 5H 6H 7H 8H 9C 4C 5C 6C", "4H"),
}  # fmt: skip


@pytest.mark.parametrize("profile", ["parlett", "direct"])
def test_sets_four_aces_are_paid_to_whoever_holds_them_deal_after_deal(profile: str) -> None:
    """Four Aces in each seat in turn, first winning the ruff shown, then held by a player who
    passes: each deal pays its own holder, the mournival of Aces (8 in Parlett, 10 in the
    fixture) or, where ``sets.four_aces_pay`` is false, nothing once they have won the ruff.
    The deals follow one another in one profile, so nothing one deal paid leaks into the next."""
    p = flipped(profile) if profile == "direct" else gleek.load_profile(profile)
    won, held = mournival_of_aces(p, won_ruff=True), mournival_of_aces(p, won_ruff=False)
    assert held > 0  # (a profile where the Aces pay when they do not win the ruff)
    for holder, words in [
        *((h, ["vie", "see", "see"]) for h in range(3)),  # shown down: the Aces win the ruff
        (0, ["wait", "vie", "pass", "pass"]),  # the middle hand wins unshown
        (1, ["vie", "pass", "pass"]),  # eldest wins unshown
        (2, ["vie", "pass", "pass"]),
    ]:
        keep, stock, middle, dealer, turn_up = FOUR_ACES_AT[holder]
        s = run(ruff_ready(p, keep, stock, middle, dealer, turn_up=turn_up), words)
        aces_won = s.ruff_winner == holder
        assert aces_won == (words[-1] == "see")
        amount = won if aces_won else held
        others = [(holder + 1) % 3, (holder + 2) % 3]
        expected = [(o, holder, amount) for o in others] if amount else []
        assert pays(s, "set") == expected, (holder, words)


def test_sets_are_counted_after_the_exchange() -> None:
    hand = "KH KS KD 4S 5S 6S 7S 8S 9S 10S 4C 5C"
    # eldest discards two of three Kings: no gleek is paid to eldest
    s = bought_by_eldest(hand, "7C", "KH KS 4S 5S 6S 7S 8S")
    assert [p for p in s.payments if p.reason == "set" and p.payee == 0] == []
    kept = bought_by_eldest(hand, "7C", "4S 5S 6S 7S 8S 9S 10S")
    assert [(p.payee, p.detail) for p in kept.payments if p.reason == "set" and p.payee == 0] == [
        (0, "gleek of K"),
        (0, "gleek of K"),
    ]


def test_sets_only_aces_kings_queens_and_jacks_make_sets() -> None:
    """Gleeks and mournivals: only A, K, Q, J: eldest takes in four Tens and three Nines and
    is paid for neither; the same hand with four Kings and three Queens is paid for both."""
    out = "4H 5H 6H 7H 8H 4S 5S"
    hand = f"4D 5D 6D 7D 8D {out}"
    s = bought_by_eldest(hand, "7C", out, stock="10H 10S 10D 10C 9S 9D 9C")
    assert set(cards("10H 10S 10D 10C 9S 9D 9C")) <= set(s.hand(0))
    assert [p for p in s.payments if p.reason == "set" and p.payee == 0] == []
    courts = bought_by_eldest(hand, "7C", out, stock="KH KS KD KC QH QS QD")
    assert sorted(p.detail for p in courts.payments if p.reason == "set" and p.payee == 0) == [
        "gleek of Q",
        "gleek of Q",
        "mournival of K",
        "mournival of K",
    ]


# ---------------------------------------------------------------------------- tiddy


@pytest.mark.parametrize(
    ("profile", "amount"), [("parlett", 2), ("pedagogical", 2), ("pi", 2), ("cotton", 4)]
)
def test_tiddy_held_pays_2_from_each_opponent_once(profile: str, amount: int) -> None:
    """2 from each opponent in every profile but Cotton's, which pays 4 (its own ruling)."""
    s = ruff_ready(profile, "AH KH QH JH 10H", NO_HONOURS, "4C 5C", "", turn_up="9C")
    s = run(s, ["wait", "wait", "wait"])
    assert pays(s, "tiddy") == [(2, 1, amount), (0, 1, amount)]
    end = play_first_legal(s)
    assert pays(end, "tiddy") == [(2, 1, amount), (0, 1, amount)]  # nothing more when played


def test_tiddy_discarded_by_the_buyer_pays_nobody() -> None:
    hand = "4C 5S 6S 7S 8S 9S 10S AH KH QH JH 10H"
    assert pays(bought_by_eldest(hand, "9C", "4C 5S 6S 7S 8S 9S 10S"), "tiddy") == []
    kept = bought_by_eldest(hand, "9C", "10H 5S 6S 7S 8S 9S 10S")
    assert pays(kept, "tiddy") == [(1, 0, 2), (2, 0, 2)]


def test_tiddy_taken_in_from_the_stock_is_held_after_the_exchange() -> None:
    """Tiddy: the holder after the exchange is paid, so a 4 of trumps the buyer takes in from
    the stock pays the buyer, and the player it was not dealt to."""
    hand = f"AH KH QH JH 10H {JUNK}"
    s = bought_by_eldest(hand, "9C", JUNK, stock="4C 5D 6D 7D 8D 9D 10D")
    assert C("4C") not in s.dealt_hand(0) and C("4C") in s.hand(0)
    assert pays(s, "tiddy") == [(1, 0, 2), (2, 0, 2)]


def test_tiddy_no_tiddy_variant_and_towser_tumbler_held() -> None:
    s = ruff_ready(
        "parlett",
        "AH KH QH JH 10H",
        NO_HONOURS,
        "4C 5C 6C",
        "",
        turn_up="9C",
        variants=("no-tiddy",),
    )
    assert pays(run(s, ["wait"] * 3), "tiddy") == []
    s = ruff_ready(
        "parlett",
        "AH KH QH JH 10H",
        NO_HONOURS,
        "4C 5C",
        "6C",
        turn_up="9C",
        variants=("towser-tumbler",),
    )
    s = run(s, ["wait"] * 3)
    assert pays(s, "tiddy") == [(2, 1, 2), (0, 1, 2)]
    assert pays(s, "towser") == [(2, 1, 5), (0, 1, 5)]
    assert pays(s, "tumbler") == [(0, 2, 6), (1, 2, 6)]


# ---------------------------------------------------------------------------- the tricks


@pytest.mark.parametrize(("profile", "leader"), [("parlett", 0), ("pedagogical", 0), ("pi", 1)])
def test_tricks_first_lead_eldest_or_the_buyer(profile: str, leader: int) -> None:
    p = gleek.load_profile(profile)
    o = p.stock.opening_bid
    s = run(
        gleek.new_deal(p, dealer=2, seed=5),
        [f"bid {o}", f"bid {o + p.stock.increment}", "pass", "pass"],
    )
    while s.phase is not Phase.PLAY:
        s = apply(s, legal_actions(s)[0])
    assert s.to_act == leader


def _play_ready(profile: str = "parlett", variants: tuple[str, ...] = ()) -> gleek.State:
    s = ruff_ready(
        profile,
        "AH 10H 4H JC QC",
        "9D 8D 7D 6D 5D 4D 10D",
        "KH 5H 6H 7C 8C AS KS QS JS 4C 5C 6C",
        "QH 9H JH 8H 7H AD KD QD JD KC AC 10C",
        turn_up="9C",
        variants=variants,
    )
    return run(s, ["wait", "wait", "wait"])


def test_tricks_follow_suit_if_you_can_else_any_card_no_duty_to_trump() -> None:
    s = run(_play_ready(), ["play 10H"])
    assert set(actions(s)) == {"play KH", "play 5H", "play 6H"}
    with pytest.raises(IllegalAction) as info:
        apply(s, Action.parse("play 7C"))
    assert info.value.code == "revoke"
    assert "while holding" in str(info.value)
    s = run(_play_ready(), ["play 9D"])  # the middle hand holds no diamond
    assert len(actions(s)) == 12  # anything, trump or not


def test_tricks_play_high_when_following() -> None:
    s = run(_play_ready(variants=("play-high",)), ["play 10H"])
    assert actions(s) == ["play KH"]
    with pytest.raises(IllegalAction) as info:
        apply(s, Action.parse("play 5H"))
    assert info.value.code == "not-highest"
    s = run(_play_ready(variants=("play-high",)), ["play 9D"])
    assert len(actions(s)) == 12  # not following: no duty
    with pytest.raises(IllegalAction) as info:
        apply(s, Action.parse("play AD"))
    assert info.value.code == "card-not-in-hand"


def test_tricks_play_high_the_4_of_the_suit_led_is_not_the_highest() -> None:
    """Under play-high the 4, the lowest card of the suit led, still follows suit: playing it
    while holding a higher card of that suit breaks play-high (``not-highest``), and is no
    revoke."""
    s = ruff_ready(
        "parlett",
        "AH 10H 5H JC QC",
        "9D 8D 7D 6D 5D 4D 10D",
        "KH 4H 6H 7C 8C AS KS QS JS 4C 5C 6C",
        "QH 9H JH 8H 7H AD KD QD JD KC AC 10C",
        turn_up="9C",
        variants=("play-high",),
    )
    s = run(s, ["wait", "wait", "wait", "play 10H"])
    assert actions(s) == ["play KH"]
    with pytest.raises(IllegalAction) as info:
        apply(s, Action.parse("play 4H"))
    assert info.value.code == "not-highest"
    assert s.apply("play KH").trick == ((0, C("10H")), (1, C("KH")))  # written as text
    assert (
        str(info.value)
        == "seat 1 played 4H to a heart lead while holding the higher KH (play-high)"
    )


def test_tricks_highest_trump_wins_else_highest_of_the_suit_led() -> None:
    h = lambda t: C(t).index  # noqa: E731
    hearts, clubs = 1, 3
    assert trick_winner(((0, h("10H")), (1, h("KH")), (2, h("AS"))), clubs) == 1
    assert trick_winner(((0, h("10H")), (1, h("KH")), (2, h("4C"))), clubs) == 2
    assert trick_winner(((0, h("5C")), (1, h("AC")), (2, h("4H"))), hearts) == 2
    assert trick_winner(((0, h("5C")), (1, h("AD")), (2, h("4S"))), hearts) == 0


def test_tricks_the_winner_leads_next() -> None:
    s = run(_play_ready(), ["play 10H", "play KH", "play QH"])
    assert s.to_act == 1 and s.tricks_won == (0, 1, 0)


# ---------------------------------------------------------------------------- counting, settling


@pytest.mark.parametrize(
    ("profile", "points"), [("pedagogical", (9, 6, 0)), ("parlett", (9, 6, 0)), ("pi", (0, 15, 0))]
)
def test_counting_seed_002_trick_j_k_7(profile: str, points: tuple[int, int, int]) -> None:
    """Hearts trumps: A leads JH, B plays KH, C plays 7H. B wins: 3 + 3 = 6; A scores Tom's 9
    where honours go to the player (to the trick winner under Publications International)."""
    p = gleek.load_profile(profile)
    s = deal(
        p,
        {0: "JH 4S 5S 6S 7S 8S 9S 10S 4D 5D 6D 7D", 1: "KH 8D", 2: "7H 9D"},
        "6H",
        stock="10D 4C 5C 6C 7C 8C 9C",
    )
    s = run(
        s,
        [
            f"bid {p.stock.opening_bid}",
            "pass",
            "pass",
            *(f"discard {c}" for c in "4S 5S 6S 7S 8S 9S 10S".split()),
        ],
    )
    s = run(s, ["wait", "wait", "wait"])
    assert s.to_act == 0
    s = run(s, ["play JH", "play KH", "play 7H"])
    assert s.points == points


def test_counting_seed_000_settlement_39_15_12() -> None:
    # Anna 12, Ben 39, Carla 15: Ben takes 17, Carla pays 7, Anna pays 10; the pot is unchanged.
    pay = settlement((12, 39, 15), par=22)
    assert [(p.payer, p.payee, p.amount) for p in pay] == [
        (0, "pot", 10),
        (2, "pot", 7),
        ("pot", 1, 17),
    ]
    chips, pot = gleek.state.net_chips(pay)
    assert (chips, pot) == ((-10, 17, -7), 0)


def test_counting_seed_002_settlement_36_21_9() -> None:
    chips, pot = gleek.state.net_chips(settlement((36, 21, 9), par=22))
    assert (chips, pot) == ((14, -1, -13), 0)


def test_counting_short_players_pay_first_and_the_pot_keeps_what_is_left() -> None:
    pay = settlement((30, 10, 11), par=22)  # 51 points: 15 lost to a discarded Tib
    payers = [p.payer for p in pay]
    assert payers.index("pot") > max(i for i, x in enumerate(payers) if x != "pot")
    assert gleek.state.net_chips(pay) == ((8, -12, -11), 15)


def test_counting_the_pot_carries_to_the_next_deal() -> None:
    p = gleek.load_profile("parlett")
    session = Session.start(p, deals=2, pot=5)
    s = session.new_deal(deck=[c for c in gleek.DECK])
    s = play_first_legal(s)
    from gleek.session import DealRecord

    after = session.record(DealRecord(s))
    assert after.pot == 5 + outcome(s).pot
    assert after.ruff_stake == outcome(s).ruff_stake
    assert after.dealer == 1


# ---------------------------------------------------------------------------- the session


def test_session_starts_at_100_each_and_pot_0_and_warns_on_deal_count() -> None:
    p = gleek.load_profile("pi")
    s = Session.start(p, deals=4)
    assert (s.balances, s.pot) == ((100, 100, 100), 0)
    assert s.warnings and s.warnings[0].startswith("deal-count")
    assert Session.start(p, deals=6).warnings == ()


def test_session_equal_balances_share_the_win_and_chips_may_go_below_zero() -> None:
    s = Session.start(gleek.load_profile("parlett"), deals=3, players=("A", "B", "C"))
    s = attrs.evolve(s, balances=(-5, 120, 120))
    assert s.ranking() == ((1, ("B", "C"), 120), (3, ("A",), -5))


def test_session_chips_may_go_below_zero_and_play_goes_on() -> None:
    """The session: chips are a score, not a wallet: from nothing each, a player who loses
    goes below zero, the session plays every deal, and each balance is the plain sum of its
    deals' results (nothing clamped at zero)."""
    s = Session.start(gleek.load_profile("parlett"), deals=3, chips=(0, 0, 0))
    s = s.play_out([BasicBot()] * 3, seed=8)
    assert len(s.deals) == 3 and min(s.balances) < 0
    assert s.balances == tuple(sum(d.outcome.chips[i] for d in s.deals) for i in range(3))


def test_session_chips_conserved_with_pot() -> None:
    from gleek.sim.bots import BasicBot

    s = Session.start(gleek.load_profile("parlett"), deals=6, chips=(0, 0, 0))
    s = s.play_out([BasicBot()] * 3, seed=8)
    assert sum(s.balances) + s.pot == 0


@pytest.mark.parametrize("packet", [1, 2, 3, 4, 6, 12])
def test_dealing_packets_and_stack_deck_are_inverses(packet: int) -> None:
    from gleek.stages.deal import packets, stack_deck

    deck = list(range(44))
    for dealer in range(3):
        hands = packets(deck, dealer, packet)
        assert [len(h) for h in hands] == [12, 12, 12]
        assert hands[(dealer + 1) % 3][:packet] == deck[:packet]  # eldest is served first
        assert stack_deck(dict(enumerate(hands)), 36, deck[37:], dealer, packet) == deck


# ---------------------------------------------------------------------------- unshipped values


def test_turn_up_honour_to_dealer_false_scores_the_turned_honour_for_nobody() -> None:
    """Turn-up: with ``turn_up.honour_to_dealer: false`` the dealer does not count a turned
    Ace; the deal's points then total the tricks and the honours still in play only."""
    p = flipped("direct")
    s = deal(p, {0: f"AC KC QC JC 10C {JUNK}"}, "AH", stock=NO_HONOURS)
    s = to_ruff(s, ("bid 12", "pass", "pass"), JUNK.split())
    s = run(s, ["wait", "wait", "wait"])
    assert s.points == (0, 0, 0)
    o = outcome(play_first_legal(s))
    assert sum(o.points) == deal_points(p, "KQJ")  # the tricks and the K, Q, J of trumps
    parlett = run(ruff_ready("parlett", "AC KC QC JC 10C", NO_HONOURS, "", "", "AH"), ["wait"] * 3)
    assert parlett.points == (0, 0, 15)


def _aces_deal(profile: gleek.Profile) -> gleek.State:
    """Eldest buys and holds four Aces after the exchange; the others hold long suits."""
    s = deal(
        profile,
        {
            0: f"AH AS AD AC 4H {JUNK}",
            1: "KH QH JH KS 9H KC QC JC 5C 6C 7C 8C",
            2: "5H 6H 7H 8H 10H QS JS KD QD JD 9C 4C",
        },
        "10C",
        stock=NO_HONOURS,
    )
    return to_ruff(s, (f"bid {profile.stock.opening_bid}", "pass", "pass"), JUNK.split())


def test_sets_four_aces_that_win_the_ruff_are_not_paid_where_four_aces_pay_is_false() -> None:
    """Gleeks and mournivals: with ``sets.four_aces_pay: false``, four Aces that won the ruff
    at the showdown are not also paid as a mournival; the other sets still are."""
    s = run(_aces_deal(flipped("direct")), ["vie", "see", "see"])  # the buyer speaks first
    assert s.ruff_winner == 0 and outcome(play_first_legal(s)).ruff.shown
    sets = [(p.payer, p.payee, p.amount, p.detail) for p in s.payments if p.reason == "set"]
    assert sets == [(2, 1, 4, "gleek of K"), (0, 1, 4, "gleek of K")]  # the middle hand's Ks
    # the same deal under parlett (four_aces_pay: true) pays the mournival too
    s = run(_aces_deal(gleek.load_profile("parlett")), ["vie", "see", "see"])
    assert [(p.payee, p.amount) for p in s.payments if p.reason == "set"] == [
        (0, 8),
        (0, 8),
        (1, 3),
        (1, 3),
    ]


def test_sets_four_aces_that_win_the_ruff_unshown_are_paid_as_a_mournival() -> None:
    """Gleeks and mournivals: the exception is for Aces that won the ruff by being shown; when
    both others pass, the Aces did not decide the ruff and are paid as a mournival."""
    s = run(_aces_deal(flipped("direct")), ["vie", "pass", "pass"])
    assert s.ruff_winner == 0 and not outcome(play_first_legal(s)).ruff.shown
    assert [(p.payee, p.amount, p.detail) for p in s.payments if p.reason == "set"] == [
        (0, 10, "mournival of A"),
        (0, 10, "mournival of A"),
        (1, 4, "gleek of K"),
        (1, 4, "gleek of K"),
    ]


def test_observation_shows_the_buyer_their_own_discards_and_nobody_else() -> None:
    """Buying the stock: the discards are face down: the buyer sees its own, in the order
    discarded; the other players see none."""
    s = bought_by_eldest("4C 5S 6S 7S 8S 9S 10S AH KH QH JH 10H", "9C", "6S 5S 4C 7S 8S 9S 10S")
    assert gleek.observation(s, 0).discards == tuple(cards("6S 5S 4C 7S 8S 9S 10S"))
    assert gleek.observation(s, 1).discards == () == gleek.observation(s, 2).discards
    seen = [
        [a.card for _, a in gleek.observation(s, seat).history if a.kind == "discard"]
        for seat in range(3)
    ]
    assert seen == [list(cards("6S 5S 4C 7S 8S 9S 10S")), [], []]
    half = run(deal("parlett", {0: "4C 5S 6S"}, "9C"), ["bid 12", "pass", "pass", "discard 6S"])
    assert gleek.observation(half, 0).discards == (C("6S"),)


def test_observation_shows_the_points_scored_so_far() -> None:
    """Counting: everyone sees the points as they are scored (honours as played, tricks)."""
    s = run(_play_ready(), ["play 10H", "play KH", "play QH"])  # hearts led, clubs trumps
    assert [gleek.observation(s, seat).points for seat in range(3)] == [(0, 3, 0)] * 3
    s = run(_play_ready(), ["play JC"])  # the Jack of trumps: Tom's 9 to the player at once
    assert gleek.observation(s, 1).points == (9, 0, 0)
    assert gleek.observation(_play_ready(), 0).points == (0, 0, 0)


def test_sets_four_aces_that_did_not_win_the_ruff_are_paid_where_four_aces_pay_is_false() -> None:
    """Gleeks and mournivals: the ``four_aces_pay: false`` exception is only for Aces that won
    the ruff; four Aces in a hand when nobody vied are paid as a mournival."""
    p = flipped("direct")
    s = deal(
        p,
        {0: f"KH QH JH 10H 9H {JUNK}", 1: "AH AS AD AC 4C 5C 6C 7C 8C 6H 8H 7H"},
        "10C",
        stock=NO_HONOURS,
    )
    s = to_ruff(s, ("bid 12", "pass", "pass"), JUNK.split())
    s = run(s, ["wait", "wait", "wait"])
    assert s.ruff_winner is None
    to_aces = [
        (p.payer, p.amount, p.detail) for p in s.payments if p.payee == 1 and p.reason == "set"
    ]
    paid = mournival_of_aces(p, won_ruff=False)
    assert to_aces == [(2, paid, "mournival of A"), (0, paid, "mournival of A")]


# ---------------------------------------------------------------------------- the exchange order


def test_exchange_order_the_guides_discard_first_and_cotton_takes_first() -> None:
    """The exchange order: the four guides lay out seven before taking the stock; Cotton takes
    the stock in first and puts seven out in its stead (a reading with its doubt stated); a
    variant flips either."""
    for pid in ("parlett", "pi", "pedagogical"):
        assert gleek.load_profile(pid).stock.exchange == "discard-first"
        assert gleek.load_profile(pid, ["take-first"]).stock.exchange == "take-first"
    cotton = gleek.load_profile("cotton")
    assert cotton.stock.exchange == "take-first"
    assert gleek.load_profile("cotton", ["discard-first"]).stock.exchange == "discard-first"
    source = cotton.rule("stock.exchange").source
    assert "taking in seven Cards" in (source.quote or "") and source.doubt


def _bought(profile: gleek.Profile) -> gleek.State:
    """Dealer 2, seed 4: eldest (seat 0) opens and buys at once."""
    return run(
        gleek.new_deal(profile, 2, seed=4), [f"bid {profile.stock.opening_bid}", "pass", "pass"]
    )


@pytest.mark.parametrize("pid", ["parlett", "pi", "pedagogical", "cotton"])
def test_exchange_take_first_the_buyer_lays_out_seven_of_nineteen(pid: str) -> None:
    """Take-first: the buyer holds its twelve and the stock's seven, may lay out any of them
    (stock cards too, never a forbidden one), and keeps twelve."""
    profile = gleek.load_profile(pid, ["take-first"])
    s = _bought(profile)
    stock = set(s.stock)
    assert set(s.hand(0)) == set(s.dealt_hand(0)) | stock and len(s.hand(0)) == 19
    laid = sorted(stock, key=lambda c: c.index)
    allowed = [c for c in laid if s.can(Action.discard(c))]
    laid = (allowed + [a.card for a in s.legal_actions() if a.card not in stock])[:7]
    for c in laid:
        assert c is not None
        s = s.apply(Action.discard(c))
    assert s.phase is Phase.RUFF
    assert set(s.hand(0)) == (set(s.dealt_hand(0)) | stock) - set(laid) and len(s.hand(0)) == 12
    assert s.discards == tuple(laid)


@pytest.mark.parametrize("pid", ["parlett", "pi", "pedagogical", "cotton"])
def test_exchange_discard_first_a_stock_card_is_not_yet_in_hand(pid: str) -> None:
    """Discard-first: the stock is not in hand while the buyer lays out; a stock card is
    refused as not held, and the message says which order the profile uses; the stock comes in
    with the seventh discard."""
    profile = gleek.load_profile(pid, ["discard-first"])
    s = _bought(profile)
    assert set(s.hand(0)) == set(s.dealt_hand(0))
    err = s.verify(Action.discard(s.stock[0]))
    assert isinstance(err, IllegalAction) and err.code == "bad-discard"
    assert "lays out 7 of the 12 cards dealt before taking the stock" in str(err)
    s = run(s, [str(a) for a in s.legal_actions()[:7]])
    assert set(s.stock) <= set(s.hand(0)) and len(s.hand(0)) == 12


def test_exchange_take_first_message_says_the_order() -> None:
    """A discard not held under take-first: the message says the buyer took the stock first."""
    s = _bought(gleek.load_profile("cotton"))
    elsewhere = next(c for c in DECK if c not in s.hand(0))
    err = s.verify(Action.discard(elsewhere))
    assert err is not None and err.code == "bad-discard"
    assert "takes the stock first, then lays out 7 of its 19 cards" in str(err)


@pytest.mark.parametrize("order", ["take-first", "discard-first"])
@pytest.mark.parametrize("pid", ["parlett", "pi", "pedagogical", "cotton"])
def test_exchange_both_orders_replay_validate_and_simulate(pid: str, order: str) -> None:
    """Either order, in every profile: bots play a session, it is written as a record, and the
    record validates with the same chips."""
    from gleek.record import dumps, validate_text
    from gleek.sim.bots import RandomBot

    profile = gleek.load_profile(pid, [order])
    s = Session.start(profile, deals=3).play_out([RandomBot()] * 3, seed=11)
    text = dumps(s)
    assert f"- {order}" in text or order in text
    assert text.count("\n  discard: [") == 3  # either order keeps the one discard: key
    report = validate_text(text, "x.yaml")
    assert report.valid, report.errors
    assert [(*d.outcome.chips, d.outcome.pot) for d in s.deals] == [
        tuple(c for _, c in d.chips) for d in report.deals
    ]


# ---------------------------------------------------------------------------- set tables

# Each source's table, (gleek, mournival) by rank, each opponent paying the holder:
# Publications International "Mournival and gleek" ("aces, 8 chips; kings, 6 ...", "aces, 4
# chips; kings, 3 ..."); the pedagogical guides ("4 pour un gleek d'as, 3 de rois, 2 de dames ou
# 1 de valets ; le mournival double ces paiements à 8, 6, 4 ou 2"); Cotton ("A Mournival of Aces
# is eight, of Kings six, of Queens four, and ... of Knaves two ... A Gleek of Aces is four, of
# Kings three, of Queens two, and of Knaves one a piece"). Parlett's Stage 3 table did not
# survive in the seed's text; the rulings read it as the same, which every other source gives.
SOURCE_TABLE = {"A": (4, 8), "K": (3, 6), "Q": (2, 4), "J": (1, 2)}
SET_TABLES = {
    "parlett": SOURCE_TABLE,
    "publications-international": SOURCE_TABLE,
    "pedagogical": SOURCE_TABLE,
    "cotton": SOURCE_TABLE,
}
SET_CASES = [
    (profile, kind, rank, table[rank][kind == "mournival"])
    for profile, table in SET_TABLES.items()
    for kind in ("gleek", "mournival")
    for rank in "AKQJ"
]


@pytest.mark.parametrize(("profile", "kind", "rank", "value"), SET_CASES)
def test_sets_every_value_of_every_profiles_table(
    profile: str, kind: str, rank: str, value: int
) -> None:
    """Eldest buys, keeps three (or four) cards of ``rank`` and two low hearts, discards JUNK and
    takes the stock's low diamonds; nobody vies. Each opponent pays eldest the table's value."""
    suits = "HSD" if kind == "gleek" else "HSDC"
    held = " ".join(f"{rank}{suit}" for suit in suits)
    keep = f"{held} {'5H 6H' if kind == 'gleek' else '5H'}"
    s = bought_by_eldest(f"{keep} {JUNK}", "7C", JUNK, profile, stock=NO_HONOURS)
    got = [(p.payer, p.amount, p.detail) for p in s.payments if p.reason == "set" and p.payee == 0]
    assert sorted(got) == [(1, value, f"{kind} of {rank}"), (2, value, f"{kind} of {rank}")]
    p = gleek.load_profile(profile)
    assert p.rule(f"sets.{kind}").value[rank] == value  # what `gleek rules` prints is paid


# ---------------------------------------------------------------------------- second tests


def test_direct_cotton_a_doubled_ruff_is_the_next_deals_opening_stake_in_a_session() -> None:
    """The youngest's double, through a session: the next deal opens at 8 and a vie there is
    for 8 (Cotton's opening stake is 4)."""
    cotton = gleek.load_profile("cotton")
    session = Session.start(cotton, deals=3)
    first = session.new_deal(deck=list(DECK))
    assert first.ruff_stake == 4
    first = to_ruff(first)
    first = run(first, ["wait", "wait", "double"])
    after = session.record(gleek.session.DealRecord(play_first_legal(first)))
    assert after.ruff_stake == 8
    second = after.new_deal(deck=list(DECK))
    assert second.ruff_stake == 8 and second.dealer == 1
    second = run(to_ruff(second), ["vie", "see", "see"])  # the eldest vies, both others see
    assert shown(second)
    w = second.ruff_winner
    assert w is not None
    assert sorted(pays(second, "ruff")) == [(x, w, 8) for x in range(3) if x != w]


def _house_par(tmp_path: Path, par: int) -> gleek.Profile:
    """Parlett with a user's overlay setting the par (a variant file of their own)."""
    overlay = tmp_path / f"par-{par}.yaml"
    overlay.write_text(
        f"id: par-{par}\ntitle: Par {par}\nsummary: a house rule.\nset:\n"
        f"  scoring.par: {{value: {par}, "
        "source: {inferred: 'house rule', silent: pot-carries}}\n",
        encoding="utf-8",
    )
    return gleek.load_profile("parlett", [overlay])


def test_counting_a_player_exactly_at_par_pays_and_takes_nothing_in_a_played_deal(
    tmp_path: Path,
) -> None:
    """Points are multiples of 3 under every shipped profile (3 a trick, honours 15, 9, 3, 3),
    so nobody ever scores 22; a house overlay with par 21 lets a played deal reach it."""
    p = _house_par(tmp_path, 21)
    s = Session.start(p, deals=1).play_out([BasicBot()] * 3, seed=1)
    o = s.deals[0].outcome
    assert o.points == (18, 21, 27)
    settled = [(x.payer, x.payee, x.amount) for x in o.payments if x.reason == "settlement"]
    assert settled == [(0, "pot", 3), ("pot", 2, 6)]  # seat 1, at par, is in no payment


def test_counting_a_par_below_22_takes_more_from_the_pot_than_it_holds() -> None:
    """Points 27, 15 and 9 against a par of 10: 1 is paid in, 22 taken out; the pot goes 21
    below zero, a debt like any balance (see the silent page, ``pot-carries``)."""
    pay = settlement((27, 15, 9), par=10)
    assert [(p.payer, p.payee, p.amount) for p in pay] == [
        (2, "pot", 1),
        ("pot", 0, 17),
        ("pot", 1, 5),
    ]
    assert gleek.state.net_chips(pay) == ((17, 5, -1), -21)


def test_counting_a_par_below_22_the_pot_debt_carries_from_deal_to_deal(tmp_path: Path) -> None:
    p = _house_par(tmp_path, 10)
    s = Session.start(p, deals=3).play_out([BasicBot()] * 3, seed=1)
    pot = 0
    for d in s.deals:
        o = d.outcome
        for seat in range(3):  # every winner takes its whole excess, the pot or not
            taken = sum(
                x.amount for x in o.payments if x.reason == "settlement" and x.payee == seat
            )
            assert taken == max(o.points[seat] - 10, 0)
        pot += o.pot
    assert s.pot == pot < -100  # three deals' debts, carried and added up
    assert sum(s.balances) + s.pot == 300  # nothing lost: the players' gains are the pot's debt


# ---------------------------------------------------------------------------- inferred rulings


@pytest.mark.parametrize(
    ("profile", "path"),
    [
        ("pi", "turn_up.tiddy"),
        ("pi", "ruff.tie_break"),
        ("pi", "ruff.no_vie"),
        ("pi", "scoring.pot"),
        ("pedagogical", "ruff.no_vie"),
        ("pedagogical", "ruff.carried_stake"),
        ("parlett", "sets.four_aces_pay"),
        ("pedagogical", "sets.four_aces_pay"),
        ("pi", "sets.four_aces_pay"),
    ],
)
def test_a_ruling_no_source_decides_is_marked_inferred_in_the_profile(
    profile: str, path: str
) -> None:
    """Where the rulings infer a rule, the profile marks it inferred, with the section of the
    page on what the sources leave unsaid; where a source states it, it is not marked so."""
    rule = gleek.load_profile(profile).rule(path)
    assert rule.inferred and rule.source.silent, (profile, path)


@pytest.mark.parametrize("path", ["ruff.tie_break", "ruff.no_vie", "turn_up.tiddy"])
def test_a_ruling_parlett_states_is_not_marked_inferred(path: str) -> None:
    assert not gleek.load_profile("parlett").rule(path).inferred


# ---------------------------------------------------------------------------- found unpinned


def test_cotton_a_double_in_a_doubled_deal_doubles_its_own_opening_stake() -> None:
    """Cotton's double is read as twice this deal's opening stake: 4 makes 8, and a deal that
    opened at 8 (after a double) and is doubled again carries 16."""
    cotton = gleek.load_profile("cotton")
    for opening, carried in ((4, 8), (8, 16)):
        s = run(to_ruff(deal(cotton, {}, "7H", ruff_stake=opening)), ["wait", "wait", "double"])
        assert outcome(play_first_legal(s)).ruff_stake == carried


def test_pedagogical_forbidden_discards_hold_under_take_first() -> None:
    """Under ``take-first`` the buyer lays out 7 of its 19 cards; pedagogical still forbids the
    A, K, Q and J of trumps, taken in from the stock or held."""
    p = gleek.load_profile("pedagogical", ["take-first"])
    hand = "9S 8S 7S 6S 5S 4S 10S 9D 8D 7D 6D 5D"
    s = run(deal(p, {0: hand}, "7H", stock="AH KH QH JH 4C 5C 6C"), ["bid 12", "pass", "pass"])
    assert len(s.hand(0)) == 19
    offered = {str(a) for a in legal_actions(s)}
    for honour in ("AH", "KH", "QH", "JH"):
        assert f"discard {honour}" not in offered
        with pytest.raises(IllegalAction) as info:
            apply(s, Action.parse(f"discard {honour}"))
        assert info.value.code == "forbidden-discard"
    assert "discard 4C" in offered  # what came from the stock may otherwise be laid out


@pytest.mark.parametrize(("turned", "amount"), [("5H", 5), ("6H", 6)])
def test_pedagogical_towser_tumbler_turned_up_pay_the_dealer(turned: str, amount: int) -> None:
    """With ``towser-tumbler``, a turned-up Towser (5) or Tumbler (6) of trumps is paid to the
    dealer by each opponent in pedagogical, as in parlett and publications-international."""
    p = gleek.load_profile("pedagogical", ["towser-tumbler"])
    s = deal(p, {}, turned)  # dealer 2
    assert [(x.payer, x.payee, x.amount) for x in s.payments] == [(0, 2, amount), (1, 2, amount)]


def test_cotton_no_tiddy_pays_nothing_for_tiddy_turned_or_held() -> None:
    """``no-tiddy`` removes Tiddy under Cotton too: turned up or held it pays nothing, while
    Cotton's own Towser still pays when held."""
    p = gleek.load_profile("cotton", ["no-tiddy"])
    assert deal(p, {}, "4H").payments == ()
    s = run(to_ruff(deal(p, {1: "4H 5H"}, "7H")), ["wait"] * 3)
    small = ("tiddy", "towser", "tumbler")
    assert [(x.payer, x.payee, x.amount, x.reason) for x in s.payments if x.reason in small] == [
        (2, 1, 5, "towser"),
        (0, 1, 5, "towser"),
    ]
