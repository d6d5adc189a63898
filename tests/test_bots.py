"""The rule-aware bot: its choices follow the profile it plays under."""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gleek
from gleek.sim.bots import (
    BOTS,
    DEFAULT_BOT,
    HandModel,
    RuleAwareBot,
    beaten_by,
    best_suit,
    revie_stake,
    ruff_words,
)
from gleek.stages.ruff import best_suit_value
from gleek.stages.ruff import revie_stake as engine_revie_stake
from gleek.stages.rules import rules_of

PARLETT = gleek.load_profile("parlett")
BOT = RuleAwareBot()


def _play(profile: gleek.Profile, seed: int) -> gleek.State:
    rng = random.Random(seed)
    s = gleek.new_deal(profile, seed % 3, seed=seed)
    while not s.is_over:
        legal = s.legal_actions()
        seat = s.to_act
        assert seat is not None
        s = s.apply(BOT.choose(s.observation(seat), legal, rng))
    return s


def _share(profile: gleek.Profile, deals: int, test: Callable[[gleek.State], bool]) -> float:
    return sum(test(_play(profile, seed)) for seed in range(deals)) / deals


def _evolve(profile: gleek.Profile, group: str, **changes: object) -> gleek.Profile:
    return attrs.evolve(profile, **{group: attrs.evolve(getattr(profile, group), **changes)})


def _raised(s: gleek.State) -> bool:
    return sum(1 for _, a in s.history if a.kind == "bid") > 1


def _vied(s: gleek.State) -> bool:
    return any(a.kind == "vie" for _, a in s.history)


def test_rule_aware_bot_is_the_default_of_simulations() -> None:
    assert DEFAULT_BOT == "rules" and isinstance(BOTS["rules"](), RuleAwareBot)
    from gleek.compare import simulate

    sim = simulate([PARLETT], 3, seed=1, workers=1)
    assert sim.bots == "rules" and "'rules' bot" in sim.text()


def test_a_dearer_stock_is_bid_for_less_often() -> None:
    """Raising the opening bid (and so every raise) lowers the share of deals in which the
    opening bid is raised."""
    cheap = _share(PARLETT, 60, _raised)
    dear = _share(_evolve(PARLETT, "stock", opening_bid=30), 60, _raised)
    assert cheap > 0.2 and dear < cheap / 2


def test_a_bigger_increment_is_bid_less_often() -> None:
    small = _share(PARLETT, 60, _raised)
    big = _share(_evolve(PARLETT, "stock", increment=12), 60, _raised)
    assert big < small / 2


def test_a_higher_ruff_stake_is_vied_less_often() -> None:
    low = _share(PARLETT, 60, _vied)
    high = _share(_evolve(PARLETT, "ruff", stake=60), 60, _vied)
    assert low > 0.5 and high < low - 0.15


def test_losers_paying_how_far_they_went_makes_vying_worth_less() -> None:
    """Under Cotton's how-far, an opponent who never vied pays only ``nothing_to_say`` when it
    passes: a vie wins less, so the bot vies less often than where every loser pays the stake."""
    stake = _evolve(PARLETT, "ruff", stake=6)
    how_far = _evolve(stake, "ruff", losers_pay="how-far", nothing_to_say=0)
    assert _share(how_far, 60, _vied) < _share(stake, 60, _vied)


def test_honours_to_the_winner_changes_how_tricks_are_played() -> None:
    """With honours to the trick's winner, the bot keeps its honours from opponents' tricks:
    the same deals are played differently."""
    winner = _evolve(PARLETT, "tricks", honours_to="winner")
    differ = sum(_play(PARLETT, seed).history != _play(winner, seed).history for seed in range(20))
    assert differ >= 10


def test_forbidden_discards_are_never_discarded_and_honours_are_kept() -> None:
    ped = gleek.load_profile("pedagogical")
    for seed in range(20):
        s = _play(ped, seed)
        for c in s.discards:
            assert not (c.suit is s.trumps and c.rank in ped.stock.forbidden_discards)


def test_hand_model_values_follow_the_profile() -> None:
    hand = gleek.parse_cards(
        ["AH", "KH", "JH", "4H", "AS", "AD", "AC", "9S", "8D", "7C", "6C", "5C"]
    )
    base = HandModel(PARLETT, gleek.Suit.HEARTS).value(hand)
    richer_honours = _evolve(PARLETT, "tricks", honours={"A": 30, "K": 3, "Q": 3, "J": 9})
    assert HandModel(richer_honours, gleek.Suit.HEARTS).value(hand) == pytest.approx(base + 15)
    richer_sets = _evolve(PARLETT, "sets", mournival={"A": 20, "K": 6, "Q": 4, "J": 2})
    assert HandModel(richer_sets, gleek.Suit.HEARTS).value(hand) == pytest.approx(base + 24)
    tiddy = _evolve(PARLETT, "small_trumps", tiddy=5)
    assert HandModel(tiddy, gleek.Suit.HEARTS).value(hand) == pytest.approx(base + 6)
    # a seat that knows the Ace of trumps is gone counts its King as a better card
    without = [c for c in hand if str(c) != "AH"]
    knows = HandModel(PARLETT, gleek.Suit.HEARTS, gleek.parse_cards(["AH"])).value(without)
    assert knows > HandModel(PARLETT, gleek.Suit.HEARTS).value(without)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(gleek.DECK), min_size=1, max_size=19, unique=True))
def test_best_suit_is_the_engines_ruff_value(cards: list[gleek.Card]) -> None:
    from gleek.cards import mask_of

    for name in ("parlett", "cotton"):
        p = gleek.load_profile(name)
        assert best_suit(p, cards) == best_suit_value(rules_of(p), mask_of(cards))
    model = HandModel(PARLETT, gleek.Suit.CLUBS)
    if len(cards) > 12:
        kept = model.keep(cards)
        assert len(kept) == 12 and set(kept) <= set(cards)


@pytest.mark.parametrize("stake", [2, 4, 7, 8, 9, 12])
def test_revie_stake_is_the_engines(stake: int) -> None:
    for name in ("parlett", "cotton"):
        p = gleek.load_profile(name)
        assert revie_stake(p, stake) == engine_revie_stake(rules_of(p), stake)


def test_beaten_by_is_a_distribution() -> None:
    values = [beaten_by(PARLETT, v) for v in range(0, 120, 5)]
    assert values == sorted(values) and values[0] == 0.0 and values[-1] == 1.0
    assert 0.3 < beaten_by(PARLETT, 35) < 0.9


@pytest.mark.parametrize("profile", gleek.list_profiles())
def test_rule_aware_bots_finish_every_deal_legally(profile: str) -> None:
    p = gleek.load_profile(profile)
    for seed in range(15):
        s = _play(p, seed)
        assert s.is_over
        words = ruff_words(s.observation(0))
        assert all(w in ("", "wait", "vie", "pass", "see", "revie", "double") for w in words)
        assert sum(1 for _, a in s.history if a.kind == "revie") <= 2
