"""Invariants over every profile and every combination of variants, by random legal play."""

from __future__ import annotations

import itertools
import random

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gleek
from gleek import Action, IllegalAction, Phase, apply, legal_actions, outcome
from gleek.cards import CARDS, DECK
from gleek.profile import list_profiles, list_variants
from gleek.session import Session
from gleek.sim.bots import RandomBot
from tests.helpers import deal_points, examples, flipped

COMBOS = [
    (p, combo)
    for p in list_profiles()
    for n in range(len(list_variants()) + 1)
    for combo in itertools.combinations(list_variants(), n)
]
# The fixtures of tests/profiles/ set every rule value no shipped profile sets; half the
# examples run on them (alone or with shipped variants) so every branch of every parameter runs.
FLIPPED = [
    ("direct", ()),
    ("direct", ("play-high", "towser-tumbler")),
    ("pool", ()),
    ("pool", ("bid-13", "no-tiddy")),
    ("cotton", ()),
    ("cotton", ("play-high", "no-tiddy")),
]
profiles = st.one_of(
    st.sampled_from(COMBOS).map(lambda pv: gleek.load_profile(pv[0], pv[1])),
    st.sampled_from(FLIPPED).map(lambda fv: flipped(fv[0], fv[1])),
)
ALL_WORDS = [Action.word(w) for w in ("pass", "wait", "vie", "see", "revie")]
MAX_ACTIONS = 2000


def everything_for() -> list[Action]:
    """Every action of any kind that could be tried now."""
    bids = [Action.bid(n) for n in range(0, 80)]
    cards = [Action.play(c) for c in DECK] + [Action.discard(c) for c in DECK]
    return bids + ALL_WORDS + cards


def honour_points(profile: gleek.Profile, cards: tuple[gleek.Card, ...], trumps: gleek.Suit) -> int:
    return sum(profile.tricks.honours.get(c.rank, 0) for c in cards if c.suit is trumps)


def trick_winner_by_the_rule(trick: tuple[tuple[int, gleek.Card], ...], trumps: gleek.Suit) -> int:
    """The tricks: the highest trump wins, else the highest card of the suit led (by rank)."""
    led = trick[0][1].suit
    suit = trumps if any(c.suit is trumps for _, c in trick) else led
    return max((c.rank, seat) for seat, c in trick if c.suit is suit)[1]


def ruff_value_by_the_rule(profile: gleek.Profile, hand: tuple[gleek.Card, ...]) -> int:
    """The ruff: four Aces beat everything where the profile says; else the best suit's total
    (the profile's court values, other cards their number)."""
    if profile.ruff.four_aces and sum(c.rank == 14 for c in hand) == 4:
        return 10**6
    values = profile.ruff.card_values
    return max(
        (sum(values.get(c.rank, int(c.rank)) for c in hand if c.suit is s) for s in gleek.Suit),
        default=0,
    )


def check_trick_and_ruff(state: gleek.State, before: gleek.State) -> None:
    """After each action: a finished trick went to the seat the rule names, who leads next;
    a ruff shown down went to the best hand (ties to eldest, then middle, then dealer)."""
    if len(state.tricks) > len(before.tricks):
        winner = trick_winner_by_the_rule(state.tricks[-1], state.turn_up.suit)
        won = list(before.tricks_won)
        won[winner] += 1
        assert state.tricks_won == tuple(won)
        assert state.leader == (None if state.is_over else winner)
    if before.phase is Phase.RUFF and state.phase is not Phase.RUFF:
        h = state.history  # the auction, the 7 discards, then the ruff's words
        last_discard = max(k for k, (_, a) in enumerate(h) if a.kind == "discard")
        ruff = [(seat, a.kind) for seat, a in h[last_discard + 1 :]]
        passed = {seat for seat, word in ruff if word == "pass"}
        live = [(state.dealer + k) % 3 for k in (1, 2, 3) if (state.dealer + k) % 3 not in passed]
        vied = any(word == "vie" for _, word in ruff)
        if len(live) == 1:
            assert state.ruff_winner == live[0]
        elif not vied and state.profile.ruff.model == "direct":
            assert state.ruff_winner is None
        else:  # shown down among those still in
            values = {s: ruff_value_by_the_rule(state.profile, state.hand(s)) for s in live}
            best = max(values.values())
            assert state.ruff_winner == next(s for s in live if values[s] == best)


@settings(max_examples=examples(500), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(profiles, st.integers(0, 2**32), st.integers(0, 2), st.randoms(use_true_random=False))
def test_random_legal_play_ends_with_every_invariant(
    profile: gleek.Profile, seed: int, dealer: int, rng: random.Random
) -> None:
    state = gleek.new_deal(profile, dealer, seed=seed)
    assert gleek.new_deal(profile, dealer, seed=seed) == state  # same seed, same deal
    steps = 0
    done: list[tuple[int, Action]] = []
    while not state.is_over:
        legal = legal_actions(state)
        assert legal, f"no legal action in phase {state.phase}"
        assert len(set(legal)) == len(legal)
        assert legal_actions(state) == legal  # stable order
        if state.phase is Phase.PLAY:  # the engine's shortcut agrees with the stage's rule
            # the rule as the sources state it: follow suit if you can (with play-high, the
            # highest card of it), else play anything
            hand = state.hand(state.to_act)
            follow = [c for c in hand if state.trick and c.suit is state.trick[0][1].suit]
            if follow and profile.tricks.play_high:
                follow = [max(follow, key=lambda c: c.rank)]
            assert {a.card for a in legal} == set(follow or hand)
        seat, action = state.to_act, rng.choice(legal)
        done.append((seat, action))
        before, state = state, apply(state, action)
        assert state.history == tuple(done)  # every action, with its seat, in order
        # a trick won for every finished trick; no point is scored before the play
        assert sum(state.tricks_won) == len(state.tricks) and min(state.tricks_won) >= 0
        if state.phase is not Phase.PLAY and not state.is_over:
            assert state.points == (0, 0, 0) and state.trick == () and state.leader is None
        check_trick_and_ruff(state, before)
        steps += 1
        assert steps < MAX_ACTIONS
    assert legal_actions(state) == () and state.to_act is None
    assert state.root() == gleek.new_deal(profile, dealer, seed=seed)
    o = outcome(state)
    # chips and pot always sum to zero over a deal
    assert sum(o.chips) + o.pot == 0
    assert o.pot >= 0
    # every trick and honour counted (66 in every shipped profile), less the honours discarded;
    # a turned-up honour counts for the dealer where the profile says, else for nobody
    total = deal_points(profile, [rank.symbol for rank in profile.tricks.honours])
    lost = honour_points(profile, state.discards, state.trumps)
    if not profile.turn_up.honour_to_dealer:
        lost += honour_points(profile, (state.turn_up,), state.trumps)
    assert sum(o.points) == total - lost
    # settlement: the short pay in (largest shortfall first), then the excesses come out
    par = profile.scoring.par
    settle = [(p.payer, p.payee, p.amount) for p in o.payments if p.reason == "settlement"]
    short = sorted((o.points[s] - par, s) for s in range(3) if o.points[s] < par)
    over = sorted((par - o.points[s], s) for s in range(3) if o.points[s] > par)
    assert settle == [(s, "pot", -d) for d, s in short] + [("pot", s, -d) for d, s in over]
    # every card is played exactly once: all but the turn-up and the discards
    played = [c for t in state.tricks for _, c in t]
    assert len(played) == 36 == len(set(played))
    assert set(played) == set(DECK) - {state.turn_up} - set(state.discards)
    assert state.hands == ((), (), ())
    assert len(state.tricks) == 12 and all(len(t) == 3 for t in state.tricks)


@pytest.mark.slow
@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(profiles, st.integers(0, 2**32), st.randoms(use_true_random=False))
def test_every_listed_action_applies_and_nothing_else_does(
    profile: gleek.Profile, seed: int, rng: random.Random
) -> None:
    state = gleek.new_deal(profile, rng.randrange(3), seed=seed)
    while not state.is_over:
        legal = legal_actions(state)
        for action in everything_for():
            if action in legal:
                nxt = apply(state, action)
                assert nxt is not state
                assert gleek.check_action(state, action) is None
            else:
                try:
                    apply(state, action)
                except IllegalAction as exc:
                    assert exc.code in {
                        "bad-bid",
                        "bad-discard",
                        "forbidden-discard",
                        "bad-ruff-call",
                        "card-not-in-hand",
                        "revoke",
                        "not-highest",
                        "extra-action",
                    }
                    assert str(exc)
                else:
                    raise AssertionError(f"{action} applied in {state.phase} but is not listed")
        # acting out of turn is refused too
        other = (state.to_act + 1) % 3
        try:
            apply(state, legal[0], seat=other)
        except IllegalAction as exc:
            assert exc.code == "out-of-turn"
        else:
            raise AssertionError("an out-of-turn action applied")
        state = apply(state, rng.choice(legal))
    for action in [*ALL_WORDS[:1], Action.play(CARDS[0])]:
        try:
            apply(state, action)
        except IllegalAction as exc:
            assert exc.code == "extra-action"
        else:
            raise AssertionError("an action applied after the deal")


@settings(max_examples=examples(30), deadline=None)
@given(profiles, st.integers(1, 9), st.integers(0, 2**16))
def test_a_session_conserves_chips_and_rotates_the_deal(
    profile: gleek.Profile, deals: int, seed: int
) -> None:
    s = Session.start(profile, deals=deals, dealer=seed % 3)
    s = s.play_out([RandomBot()] * 3, seed=seed)
    assert sum(s.balances) + s.pot == 300
    assert [d.final.dealer for d in s.deals] == [(seed + i) % 3 for i in range(deals)]
    stakes = [d.final.root().ruff_stake for d in s.deals]
    assert stakes[0] == profile.ruff.stake
    for prev, nxt in zip(s.deals, stakes[1:], strict=False):
        assert prev.outcome.ruff_stake == nxt


def cards_in(value: object) -> set[gleek.Card]:
    """Every card anywhere in an observation's fields (tuples and actions included)."""
    if isinstance(value, gleek.Card):
        return {value}
    if isinstance(value, Action):
        return {value.card} if value.card else set()
    if isinstance(value, tuple):
        return set().union(*(cards_in(v) for v in value))
    if isinstance(value, gleek.Observation):
        return set().union(
            *(cards_in(getattr(value, f.name)) for f in attrs.fields(gleek.Observation))
        )
    return set()


@settings(max_examples=examples(50), deadline=None)
@given(profiles, st.integers(0, 2**32))
def test_observation_hides_other_hands_and_the_stock(profile: gleek.Profile, seed: int) -> None:
    state = gleek.new_deal(profile, 0, seed=seed)
    rng = random.Random(seed)
    while True:
        played = {c for _, a in state.history if a.kind == "play" for c in [a.card]}
        for seat in range(3):
            obs = gleek.observation(state, seat)
            assert obs.hand == state.hand(seat)
            seen = cards_in(obs)
            words = set(str(obs).split())
            own = set(obs.discards) | set(obs.hand) | {state.turn_up}
            for other in range(3):
                if other != seat:
                    hidden = set(state.hand(other)) - own
                    assert not seen & hidden and not words & {str(c) for c in hidden}
            if state.buyer is not None and seat != state.buyer:
                assert obs.discards == ()
                assert all(a.kind != "discard" for _, a in obs.history)
                assert not seen & set(state.discards) - played
            else:
                assert obs.history == state.history
            if state.phase is Phase.AUCTION:  # nobody sees the stock before it is taken
                assert not seen & set(state.stock) and not words & {str(c) for c in state.stock}
        if state.is_over:
            break
        state = apply(state, rng.choice(legal_actions(state)))


actions_st = st.one_of(
    st.integers(1, 99).map(Action.bid),
    st.sampled_from(ALL_WORDS),
    st.sampled_from(DECK).map(Action.play),
    st.sampled_from(DECK).map(Action.discard),
)


@given(actions_st)
def test_actions_print_readably_and_parse_back(action: Action) -> None:
    text = str(action)
    assert Action.parse(text) == action
    assert Action.parse(text.upper()) == action
    assert repr(action) == f"Action.parse({text!r})"


def test_bad_action_text_is_a_clear_error() -> None:
    import pytest

    for text in ("bid", "bid x", "play", "play 2H", "jump", "discard AH AS"):
        with pytest.raises(ValueError) as info:
            Action.parse(text)
        assert repr(text.split()[-1]) in str(info.value) or repr(text) in str(info.value)
