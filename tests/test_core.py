"""The engine's node and dispatch: every action of random deals in every profile and variant is
one the stage of its phase allows (and every other is refused), rollouts reach the state their
history reaches action by action through the stages, and the tables the node reads are right.
"""

from __future__ import annotations

import _random
import random
from collections.abc import Callable

import pytest

import gleek
from gleek import _core
from gleek.actions import DISCARD, PASS, PLAY, Action, Phase
from gleek.cards import CARDS, DECK, Card, Suit
from gleek.profile import Profile, list_profiles, list_variants, load_profile
from gleek.stages.deal import _drawn_order, seeded_deck
from gleek.state import restore
from tests.helpers import FLIPPED_BASE, deal, flipped, run, to_ruff

# The shipped profiles with every variant, then the test fixture profiles (tests/profiles/) that
# flip each rule value no shipped profile sets, so the core meets every branch of every rule.
PROFILES = [(p, v) for p in list_profiles() for v in [None, *list_variants()]] + [
    (f"flipped-{name}", None) for name in FLIPPED_BASE
]


def _profile(pid: str, variant: str | None) -> Profile:
    if pid.startswith("flipped-"):
        return flipped(pid.removeprefix("flipped-"))
    return load_profile(pid, [variant] if variant else [])


def _other_actions(state: gleek.State) -> list[Action]:
    """Actions of every kind that are not among the legal ones now."""
    legal = set(gleek.legal_actions(state))
    pool = [PASS, Action.bid(0), Action.bid(12), Action.bid(13), Action.bid(300)]
    pool += [Action.word(w) for w in ("wait", "vie", "see", "revie", "double")]
    pool += [Action.play(c) for c in DECK] + [Action.discard(c) for c in DECK]
    return [a for a in pool if a not in legal]


@pytest.mark.parametrize(("pid", "variant"), PROFILES, ids=[f"{p}+{v}" for p, v in PROFILES])
def test_legal_actions_are_exactly_what_verify_allows(pid: str, variant: str | None) -> None:
    """On every action of random deals: each legal action is allowed (``can``) and applies;
    every other action of any kind is refused by ``verify`` with a reason code and raises it
    from ``apply``, leaving the state as it was; chips and the pot balance at the end."""
    profile = _profile(pid, variant)
    rng = random.Random(f"{pid}/{variant}")
    for k in range(4):
        state = gleek.new_deal(profile, k % 3, seed=k, ruff_stake=1 + k % 3)
        while not state.is_over:
            legal = gleek.legal_actions(state)
            assert legal and all(state.can(a) for a in legal)
            for bad in rng.sample(_other_actions(state), 6):
                err = state.verify(bad)
                assert isinstance(err, gleek.IllegalAction) and err.code, bad
                with pytest.raises(gleek.IllegalAction) as caught:
                    gleek.apply(state, bad)
                assert caught.value.code == err.code and str(caught.value) == str(err)
                assert state.try_apply(bad).code == err.code  # type: ignore[union-attr]
            # mostly uniform; now and then the first or the last choice (passes, low cards)
            action = rng.choice((legal[0], legal[-1], *legal))
            state = gleek.apply(state, action)
        out = gleek.outcome(state)
        assert sum(out.chips) + out.pot == 0 and sum(state.tricks_won) == 12
        assert state.verify(legal[0]).code == "extra-action"  # type: ignore[union-attr]


@pytest.mark.parametrize(("pid", "variant"), PROFILES, ids=[f"{p}+{v}" for p, v in PROFILES])
@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_rollouts_replay_through_the_stages(pid: str, variant: str | None, policy: str) -> None:
    """A rollout's final state is the one its history reaches action by action through the
    stages, from the dealt state or from part-way through: this holds the rollout's own play
    loop (kept inline for speed) to the rules."""
    profile = _profile(pid, variant)
    rng = random.Random(f"{pid}/{variant}/{policy}")
    for k in range(4):
        state = gleek.new_deal(profile, k % 3, seed=100 + k)
        for _ in range(rng.randrange(60)):  # start anywhere: auction, discard, ruff or play
            if state.is_over:
                break
            state = gleek.apply(state, rng.choice(gleek.legal_actions(state)))
        end = gleek.rollout(state, policy, rng)
        assert end.is_over and end.history[: len(state.history)] == state.history
        replay = state.root()
        for seat, action in end.history:
            assert replay.to_act == seat and action in gleek.legal_actions(replay)
            replay = gleek.apply(replay, action)
        assert end == replay and gleek.outcome(end) == gleek.outcome(replay)
        assert (end.points, end.tricks_won, end.hands) == (
            replay.points,
            replay.tricks_won,
            replay.hands,
        )
        assert end.trick_winners == replay.trick_winners and end.payments == replay.payments


def test_a_rollouts_tail_codes_every_kind_of_action_and_back() -> None:
    """A rollout keeps its actions as ints (no work for the garbage collector): every play,
    discard, word and bid (one past the interned bids too) by every seat comes back whole."""
    from gleek.actions import BIDS, WORDS
    from gleek.engine.history import _tail_code, _tail_entry

    actions = [*PLAY, *DISCARD, *WORDS.values(), *BIDS, Action("bid", len(BIDS) + 3)]
    codes = [_tail_code(seat, a) for a in actions for seat in range(3)]
    assert len(set(codes)) == len(codes)
    assert [_tail_entry(c) for c in codes] == [(s, a) for a in actions for s in range(3)]
    # the rollout writes the codes of the auction and the ruff inline, from these tables
    from gleek.engine.history import BID_K as _BID_K
    from gleek.engine.history import DISCARD_K as _DISCARD_K
    from gleek.engine.history import PASS_K as _PASS_K
    from gleek.engine.history import WORD_K as _WORD_K

    assert {w: 3 * k + 2 for w, k in _WORD_K.items()} == {
        w: _tail_code(2, a) for w, a in WORDS.items()
    }
    assert _tail_code(1, PASS) == 3 * _PASS_K + 1
    assert all(_tail_code(0, Action.bid(x)) == 3 * (_BID_K + x) for x in (1, 12, 300))
    for card in DECK:
        assert _tail_code(2, Action.discard(card)) == 3 * (_DISCARD_K + card.index) + 2


def test_kept_rollouts_leave_few_objects_for_the_garbage_collector() -> None:
    """What a finished rollout keeps alive that the collector traces: its first and last
    states and the deal's, not a state per action (a caller who keeps thousands of results
    would pay for each at every full collection)."""
    import gc

    profile = load_profile("parlett")
    rng = random.Random(3)
    gc.collect()
    before = len(gc.get_objects())
    kept = [
        gleek.rollout(gleek.new_deal(profile, k % 3, seed=k), "random", rng) for k in range(200)
    ]
    gc.collect()
    per_deal = (len(gc.get_objects()) - before) / len(kept)
    assert per_deal < 8, per_deal


@pytest.mark.parametrize("pid", list_profiles())
def test_a_deals_tables_for_its_trumps_are_shared_not_made_for_each_deal(pid: str) -> None:
    """Every deal with the same trumps reads the same tables (honours, strength, what a card
    scores when played): made once, not a tuple per deal for the collector to trace when a
    caller keeps its deals (compiled, a constant tuple typed with a fixed length was made anew
    at each use)."""
    profile = load_profile(pid)
    by_trumps: dict[Suit, list[_core.Deal]] = {}
    for seed in range(40):
        s = gleek.new_deal(profile, seed % 3, seed=seed)
        by_trumps.setdefault(s.trumps, []).append(s._deal)
    assert len(by_trumps) == 4
    for deals in by_trumps.values():
        first = deals[0]
        for d in deals[1:]:
            assert (d.honour, d.key, d.on_play) == (first.honour, first.key, first.on_play)
            assert d.honour is first.honour and d.key is first.key
            assert d.on_play is first.on_play


def test_the_engine_deals_the_seeded_deck_as_random_shuffles_it() -> None:
    """The documented contract of a seed: ``random.Random(seed).shuffle`` of the 44 indices."""
    for seed in [*range(200), "a", "gleek", 2**40 + 7, -5]:
        deck = list(range(44))
        random.Random(seed).shuffle(deck)
        assert seeded_deck(seed) == tuple(deck)


def test_the_shuffle_reads_the_same_words_whatever_it_draws_at_a_time() -> None:
    """The generator's words are drawn in batches; a shuffle that reads past one draws the
    next, and deals the same deck."""
    for seed in range(300):
        deck = list(range(44))
        random.Random(seed).shuffle(deck)
        for batch in (1, 2, 7, 64):
            assert _drawn_order(_random.Random(seed), batch) == deck


def test_a_state_is_immutable_from_outside() -> None:
    s = gleek.new_deal(load_profile("parlett"), seed=1)
    for name in ("phase", "to_act", "hands", "payments", "profile", "history", "points"):
        with pytest.raises(AttributeError):
            setattr(s, name, None)
    assert s.apply("bid 12") == s.apply("bid 12") and s.apply("bid 12") != s
    assert s.legal_actions() == (Action.bid(12),) and PASS not in s.legal_actions()
    assert len({s, s.apply("bid 12"), s.apply("bid 12")}) == 2  # equal states hash alike


# what mypyc compiles as Final (set once, in __init__): read-only from Python in either build
_SET_IN_INIT = frozenset(
    "_act _base _deal _h0 _h1 _h2 _leader _ntrick _ntricks _phase _points _prev _to_act "
    "_trick _won".split()
)


def _states_of_every_kind() -> list[gleek.State]:
    p = load_profile("parlett")
    s = gleek.new_deal(p, seed=3)
    out = [s]
    while not s.is_over:
        s = s.apply(s.legal_actions()[0])
        out.append(s)
    assert s.payments  # its payments now cached on it
    out.append(gleek.rollout(gleek.new_deal(p, seed=4), rng=random.Random(1)))  # a tail
    return out


def test_no_field_of_a_state_can_be_assigned_or_deleted_in_pure_python() -> None:
    """In pure Python a state is sealed once built, every field of it; compiled, mypyc makes
    those set in ``__init__`` read-only, and the test checks those in either build."""
    pure = gleek.build_info().kind == "pure"
    fields = set(gleek.State.__slots__) if pure else set(_SET_IN_INIT)
    for s in _states_of_every_kind():
        before = (s.history, s.hands, s.payments, hash(s))
        for name in fields:
            with pytest.raises(AttributeError):
                setattr(s, name, None)
            if pure:
                with pytest.raises(AttributeError, match="cannot be changed"):
                    delattr(s, name)
        assert (s.history, s.hands, s.payments, hash(s)) == before
        assert isinstance(s, gleek.State) and type(s).__name__ == "State"


def test_equal_states_hash_alike_whatever_the_order_of_a_hands_cards() -> None:
    """Two decks that give the same hands, turn-up and stock deal equal states, and equal
    states hash alike (so they are one key in a dict or a set), before and after actions."""
    deck = list(seeded_deck(1))
    swapped = [deck[1], deck[0], *deck[2:]]  # the first two cards both go to eldest
    p = load_profile("parlett")
    a, b = (gleek.new_deal(p, 2, deck=[CARDS[c] for c in d]) for d in (deck, swapped))
    assert a.hands == b.hands and a == b and hash(a) == hash(b) and len({a, b}) == 1
    a, b = a.apply("bid 12"), b.apply("bid 12")
    assert a == b and hash(a) == hash(b)
    other = gleek.new_deal(
        p, 2, deck=[CARDS[c] for c in [deck[40], *deck[1:40], deck[0], *deck[41:]]]
    )
    assert other != gleek.new_deal(p, 2, deck=[CARDS[c] for c in deck])  # the stock differs


def test_a_state_shows_in_jupyter_as_its_svg_picture() -> None:
    """``_repr_svg_`` is the picture :func:`gleek.svg.draw` makes of the state."""
    from gleek.svg import draw

    s = gleek.new_deal(load_profile("parlett"), seed=1).apply("bid 12")
    assert s._repr_svg_() == draw(s) and draw(s).lstrip().startswith("<svg")


# ---------------------------------------------------------------------------- rollout policies
# The two policies of gleek.rollout, each restated action by action on the public state, so a
# change to how the core draws or chooses (not only to the rules it obeys) fails a test.


def _forced_high(state: gleek.State) -> bool:
    """Play-high and the player to act can follow: the one legal card, taken without a draw."""
    if state.phase is not Phase.PLAY or not state.trick or not state.profile.tricks.play_high:
        return False
    led = state.trick[0][1].suit
    return any(c.suit == led for c in state.hand(state.to_act))


def _random_policy(state: gleek.State, rng: random.Random) -> Action:
    legal = gleek.legal_actions(state)
    return legal[0] if _forced_high(state) else legal[int(rng.random() * len(legal))]


def _strength(state: gleek.State, card: Card, led: Suit) -> int:
    """A card's strength in the trick on the table: trumps above the suit led, the rest -1."""
    if card.suit == state.trumps:
        return 100 + card.index
    return card.index if card.suit == led else -1


def _greedy_policy(state: gleek.State, rng: random.Random) -> Action:
    legal = gleek.legal_actions(state)
    if state.phase is not Phase.PLAY:
        return legal[0]  # the forced opening then pass; the lowest discard; wait or pass
    if not state.trick:
        return legal[-1]  # lead the last card of the hand in card order
    led = state.trick[0][1].suit
    best = max(_strength(state, c, led) for _, c in state.trick)
    cards = [a.card for a in legal]
    if cards[0].suit == led:  # following: win with the highest if it beats the table
        return legal[-1] if _strength(state, cards[-1], led) > best else legal[0]
    winners = [c for c in cards if c.suit == state.trumps and _strength(state, c, led) > best]
    if winners:  # void: the lowest trump that wins
        return Action.play(min(winners, key=lambda c: c.index))
    low = cards[0]  # else the lowest rank, the first in card order among equals
    for c in cards:
        if c.index % 11 < low.index % 11:
            low = c
    return Action.play(low)


@pytest.mark.parametrize(("pid", "variant"), PROFILES, ids=[f"{p}+{v}" for p, v in PROFILES])
@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_a_rollout_takes_the_policys_action_at_every_step(
    pid: str, variant: str | None, policy: str
) -> None:
    """``random`` takes legal action number ``int(rng.random() * len(legal))`` (one draw an
    action; a forced play-high card draws nothing); ``greedy`` opens as forced and passes,
    discards its lowest cards, waits or passes in the ruff, leads its last card, follows with
    its highest card if it beats the table else its lowest, and when void trumps with the
    lowest winning trump or throws its lowest-ranked card. The rollout is that walk, action by
    action, from the deal's start or part-way through, and ends with the same points, tricks
    and payments."""
    profile = _profile(pid, variant)
    choose = _random_policy if policy == "random" else _greedy_policy
    pick = random.Random(f"{pid}/{variant}/{policy}/start")
    for k in range(4):
        state = gleek.new_deal(profile, k % 3, seed=200 + k)
        for _ in range(pick.randrange(60)):
            if state.is_over:
                break
            state = gleek.apply(state, pick.choice(gleek.legal_actions(state)))
        end = gleek.rollout(state, policy, random.Random(k))
        walk = _walk(state, choose, random.Random(k))
        assert end.history == walk.history
        assert (end.points, end.tricks_won, end.tricks, end.leader) == (
            walk.points,
            walk.tricks_won,
            walk.tricks,
            walk.leader,
        )
        assert (end.payments, end.chips, end.pot) == (walk.payments, walk.chips, walk.pot)
        assert (end.trick, end.to_act, end.hands, end.phase) == ((), None, ((), (), ()), Phase.OVER)


def _mid_trick(
    hands: dict[int, str], turn_up: str, stock: str, discards: str, plays: list[str]
) -> gleek.State:
    """A literal Parlett deal (dealer 2): eldest buys at 12, discards ``discards``, everybody
    waits, and ``plays`` are the first cards of the first trick (eldest leads)."""
    s = to_ruff(deal("parlett", hands, turn_up, stock), discards=discards.split())
    return run(s, ["wait", "wait", "wait", *(f"play {c}" for c in plays)])


def _walk(
    state: gleek.State,
    choose: Callable[[gleek.State, random.Random], Action],
    rng: random.Random,
) -> gleek.State:
    """The deal played on from ``state`` by a policy restated above, on the public API."""
    while not state.is_over:
        state = gleek.apply(state, choose(state, rng))
    return state


def _greedy_walk(state: gleek.State) -> gleek.State:
    return _walk(state, _greedy_policy, random.Random(0))


def test_greedy_a_trump_of_strength_100_on_the_table_is_not_beaten_by_the_suit_led() -> None:
    """Spades are trumps and the 4 of spades (Tiddy, the weakest trump, card index 0) trumps a
    heart lead: the third hand, following hearts with the Ace, cannot beat it, so the greedy
    policy plays its lowest heart."""
    s = _mid_trick(
        {
            0: "10H 6H 7H 8H 9H JH QH KH 4C 5C 6C 7C",
            1: "4S 5S 6S 7S 8S 10S JS QS KS AS 4D 5D",
            2: "AH 5H 4H 6D 7D 8D 9D 10D JD QD KD AD",
        },
        "9S",
        "8C 9C 10C JC QC KC AC",
        "4C 5C 6C 7C 6H 7H 8H",
        ["10H", "4S"],
    )
    end = gleek.rollout(s, "greedy", random.Random(0))
    assert end.history[len(s.history)] == (2, Action.play("4H"))
    assert end.history[len(s.history) + 1][0] == 1  # the winner leads the next trick
    assert end.history == _greedy_walk(s).history


def test_greedy_an_off_suit_second_card_does_not_count_in_the_suit_led() -> None:
    """Clubs are trumps; spades are led with the 10 and the middle hand, void, throws the 4 of
    hearts (card index 11, just above the spades' 0 to 10): the third hand's Ace of spades
    still beats the table, so the greedy policy plays it."""
    s = _mid_trick(
        {
            0: "10S 6S 7S 8S 9S JS QS KS 4D 5D 6D 7D",
            1: "4H 5H 6H 7H 8H 9H 10H JH QH KH AH 4C",
            2: "AS 5S 4S 5C 6C 7C 8C 10C JC QC KC AC",
        },
        "9C",
        "8D 9D 10D JD QD KD AD",
        "4D 5D 6D 7D 6S 7S 8S",
        ["10S", "4H"],
    )
    end = gleek.rollout(s, "greedy", random.Random(0))
    assert end.history[len(s.history)] == (2, Action.play("AS"))
    assert end.history[len(s.history) + 1][0] == 2  # the winner leads the next trick
    assert end.history == _greedy_walk(s).history


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_rollout_the_4_of_a_plain_suit_led_wins_when_nobody_follows_or_trumps(policy: str) -> None:
    """The 4 of spades (card index 0) is led with clubs trumps; the middle hand, void in
    spades, throws a heart, and the dealer has no spade and no trump, so the lowest card of the
    deck wins the trick for its leader."""
    s = _mid_trick(
        {
            0: "4S 5S 6S 7S 8S 9S 10S JS QS KS AS 4C",
            1: "AH KH QH JH 10H 9H 8H 7H 6H 5H KC AC",
            2: "4H AD KD QD JD 10D 9D 8D 7D 6D 5D 4D",
        },
        "9C",
        "5C 6C 7C 8C 10C JC QC",
        "5S 6S 7S 8S 9S 10S JS",
        ["4S", "5H"],
    )
    end = gleek.rollout(s, policy, random.Random(0))
    assert end.history[len(s.history) + 1][0] == 0  # the winner leads the next trick
    replay = s
    for _, action in end.history[len(s.history) :]:
        replay = gleek.apply(replay, action)
    assert replay == end and replay.points == end.points and replay.payments == end.payments


class _Draws(random.Random):
    """A random source that gives these draws, then 0.0 for ever."""

    def __init__(self, draws: list[float]) -> None:
        super().__init__(0)
        self._draws = list(draws)

    def random(self) -> float:
        return self._draws.pop(0) if self._draws else 0.0


def test_random_rollout_a_draw_of_exactly_one_half_takes_the_second_of_two_actions() -> None:
    """The random policy takes legal action ``int(draw * len(legal))``: with ``pass`` and
    ``bid 13`` to choose from, a draw of exactly 0.5 is action 1, the bid, as in the walk on
    the public API (the forced opening also draws once)."""
    s = gleek.new_deal(load_profile("parlett"), 2, seed=1)
    assert [str(a) for a in gleek.legal_actions(s.apply("bid 12"))] == ["pass", "bid 13"]
    end = gleek.rollout(s, "random", _Draws([0.0, 0.5]))
    assert [str(a) for _, a in end.history[:4]] == ["bid 12", "bid 13", "pass", "pass"]
    assert end.history == _walk(s, _random_policy, _Draws([0.0, 0.5])).history


# ---------------------------------------------------------------------------- the core's tables


def _low_first(mask: int) -> list[int]:
    """The card indices of a mask, low first (suit by suit, rank by rank)."""
    return [i for i in range(44) if mask >> i & 1]


def test_the_action_tables_list_a_holding_suit_by_suit_low_cards_first() -> None:
    """The core's lookup tables (built from every 11-bit holding of a suit) give, for any
    hand, its play and discard actions and its card numbers in card order, low cards first;
    the rollout's random draw indexes into that order."""
    _core._LAZY.clear()  # built again below, by the code under test
    plays = _core._suit_tables(PLAY)
    by_suit = _core._cards_by_suit()
    for s in range(4):
        for sub in (0, 1, 0b101, 0b10000000001, 0x7FF, 0x2AA, 0x555, 1 << 10):
            want = _low_first(sub << 11 * s)
            assert [a.card.index for a in plays[s][sub]] == want
            assert list(by_suit[s][sub]) == want
    rng = random.Random(14)
    for mask in [0, (1 << 44) - 1, 1, 1 << 43, *(rng.getrandbits(44) for _ in range(200))]:
        want = _low_first(mask)
        assert _core.play_actions(mask) == tuple(PLAY[i] for i in want)
        assert _core.discard_actions(mask) == tuple(DISCARD[i] for i in want)
        assert list(_core.hand_cards(mask)) == want


def test_the_discard_and_card_tables_are_built_once_on_first_use() -> None:
    """The tables the auction and the rollouts need are built on first use (not at import)
    and then kept: every later call gets the same table."""
    _core._LAZY.clear()
    discard, cards = _core._discard_tables(), _core.card_tables()
    assert {"discard": discard, "cards": cards} == _core._LAZY
    assert _core._discard_tables() is discard and _core.card_tables() is cards
    assert discard[2][0b11] == (DISCARD[22], DISCARD[23]) and cards[3][1 << 10] == (43,)


def test_a_cache_is_emptied_once_full_before_it_takes_another_entry() -> None:
    """make_room, the one budget of the engine's tables: a table with room is left alone, a
    full one emptied; a profile's memo table comes back emptied once it is full."""
    from gleek.stages.rules import MEMO_BUDGET, make_room, memo, rules_of, run_of

    table = {k: k for k in range(9)}
    make_room(table, 10)
    assert len(table) == 9
    table[9] = 9
    make_room(table, 10)
    assert table == {}
    rules = rules_of(load_profile("parlett"))
    nothing = run_of(())
    runs = memo(rules, "test-budget")
    runs.update({k: nothing for k in range(MEMO_BUDGET - 1)})
    assert memo(rules, "test-budget") is runs and len(runs) == MEMO_BUDGET - 1
    runs[-1] = nothing
    assert memo(rules, "test-budget") is runs and runs == {}
    del rules.memo["test-budget"]


def test_the_auctions_and_the_ruffs_actions_are_one_tuple_for_each_choice() -> None:
    """The legal actions of the auction and of the ruff are remembered by the stage's choices:
    the same tuple for two states with the same choices, holding those choices' actions; the
    auction's table is emptied once it holds MEMO_BUDGET entries, and forget() empties both."""
    from gleek import state as engine
    from gleek.engine import legality
    from gleek.stages.rules import MEMO_BUDGET

    engine.forget()
    profile = load_profile("parlett")
    a, b = (gleek.new_deal(profile, seed=seed) for seed in (1, 2))
    assert gleek.legal_actions(a) is gleek.legal_actions(b) == (Action.bid(12),)
    a, b = a.apply("bid 12"), b.apply("bid 12")
    assert gleek.legal_actions(a) is gleek.legal_actions(b) == (PASS, Action.bid(13))
    ruff = to_ruff(gleek.new_deal(profile, seed=3))
    assert gleek.legal_actions(ruff) is legality._WORD_ACTIONS[("wait", "vie")]
    assert gleek.legal_actions(ruff) == (Action.word("wait"), Action.word("vie"))
    assert set(legality._BID_ACTIONS) == {(12,), (-1, 13)}
    legality._BID_ACTIONS.update({(-1, 1000 + k): () for k in range(MEMO_BUDGET - 2)})
    assert len(legality._BID_ACTIONS) == MEMO_BUDGET
    assert gleek.legal_actions(a.apply("bid 13")) == (PASS, Action.bid(14))
    assert set(legality._BID_ACTIONS) == {(-1, 14)}  # full: emptied, then the new entry
    engine.forget()
    assert legality._BID_ACTIONS == {} and legality._WORD_ACTIONS == {}


def test_cottons_own_rules_each_come_up() -> None:
    """Cotton's rules each come up in random play, and every deal balances: the youngest's
    ``double``, a loser who pays how far it went (one who never vied or saw pays the
    nothing-to-say chip), revies at the late raise, four Aces shown, and the odd chip of the
    price to eldest."""
    profile = load_profile("cotton")
    rng = random.Random("cotton")
    seen: set[str] = set()
    for k in range(120):
        state = gleek.new_deal(profile, k % 3, seed=1000 + k, ruff_stake=rng.choice((2, 4, 6)))
        while not state.is_over:
            legal = gleek.legal_actions(state)
            kinds = {a.kind for a in legal}
            # lean towards long auctions (odd prices) and long vying (late raises)
            pick = [a for a in legal if a.kind in ("bid", "revie", "double")]
            if "double" in kinds and rng.random() < 0.5:
                action = next(a for a in legal if a.kind == "double")
            elif pick and rng.random() < 0.6:
                action = pick[-1]
            else:
                action = rng.choice(legal)
            r = state._ruff if state.phase is Phase.RUFF else None
            if action.kind == "pass" and r is not None:
                seat = r.to_act
                seen.add("how-far nothing to say" if r.put[seat] == 0 else "how-far kept")
            if action.kind == "revie" and r is not None and r.stake >= 8:
                seen.add("late raise")
            state = gleek.apply(state, action)
        if any(a.kind == "double" for _, a in state.history):
            seen.add("double")
        if any(p.detail == "odd chip" and p.payee != "pot" for p in state.payments):
            seen.add("odd chip to eldest")
        out = gleek.outcome(state)
        if out.ruff.shown:
            seen.add("shown")
        assert sum(out.chips) + out.pot == 0
    assert seen >= {
        "double",
        "how-far nothing to say",
        "how-far kept",
        "late raise",
        "odd chip to eldest",
        "shown",
    }, seen


def test_a_state_pickles_as_its_deal_and_actions_and_unpickles_equal() -> None:
    """A state pickles as its deal (profile, dealer, cards, opening stake) and its actions and
    unpickles, by replaying them, to an equal state from which play goes on the same; actions
    that are not legal from that deal are refused, naming the first such."""
    import pickle

    profile = load_profile("cotton")
    rng = random.Random(14)
    state = gleek.new_deal(profile, 1, seed=9, ruff_stake=3)
    while True:
        back = pickle.loads(pickle.dumps(state))
        assert back == state and back.history == state.history
        assert (back.dealer, back.deck, back.ruff_stake) == (1, state.deck, 3)
        assert back.legal_actions() == state.legal_actions()
        assert (back.payments, back.points) == (state.payments, state.points)
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    root = state.root()
    bad = (Action.bid(12), Action.bid(12))
    with pytest.raises(gleek.ArgumentError) as caught:
        restore(profile, 1, tuple(c.index for c in root.deck), 3, bad)
    assert str(caught.value) == "actions[1]: bid 12 is not legal there; not a pickled State"


def test_payments_are_added_up_as_the_play_begins_and_shown_through_it() -> None:
    """apply adds up the ruff, the sets and the small trumps as the play begins, on the state
    where it began; every later state of the play shows those payments (the same tuple, nothing
    is paid during the play), as the stages give them afresh. Before the play a state shows the
    turn-up and, once the stock is bought, its price; a finished deal adds the settlement."""
    from gleek.stages.deal import turn_up_payments
    from gleek.stages.rules import rules_of
    from gleek.stages.stock import price_payments
    from gleek.state import pre

    rng = random.Random(8)
    for pid in ("parlett", "pi", "cotton"):
        profile = load_profile(pid)
        rules = rules_of(profile)
        for seed in (17, 18, 19):
            s = gleek.new_deal(profile, seed % 3, seed=seed)
            turn_up = turn_up_payments(rules, s.turn_up.index, s.dealer)
            assert s.payments == turn_up
            while not s.is_over:
                s = gleek.apply(s, rng.choice(gleek.legal_actions(s)))
                if s.phase in (Phase.PLAY, Phase.OVER):
                    began = pre(s)
                    assert began._paid is not None  # added up as the play began
                    assert s.payments == _payments_by_the_stages(s)
                    if s.phase == Phase.PLAY:
                        assert s.payments is began.payments
                else:
                    price = (
                        price_payments(rules, s.buyer, s.price, s.dealer)
                        if s.buyer is not None and s.price is not None
                        else ()
                    )
                    assert s.payments == turn_up + price
                assert (s.chips, s.pot) == gleek.state.net_chips(s.payments)


def test_history_kept_from_the_last_state_asked_is_the_walked_one() -> None:
    """history() keeps its last answer and extends it by one action for the next state; in any
    order of asking (the same state twice, a child after its parent, an unrelated state, a
    rollout's end) it is what walking the back-pointers gives."""
    from gleek.engine.history import _walk_history, history

    profile = load_profile("parlett")
    rng = random.Random(11)
    states = []
    for seed in range(3):
        s = gleek.new_deal(profile, seed % 3, seed=seed)
        while not s.is_over:
            states.append(s)
            s = s.apply(rng.choice(s.legal_actions()))
        states.append(s)
        states.append(gleek.rollout(states[-20], "random", rng))
    in_order = [history(s) for s in states]  # each the one before, one action on (mostly)
    assert in_order == [_walk_history(s) for s in states]
    shuffled = states[:]
    rng.shuffle(shuffled)
    for s in shuffled + shuffled[:5]:
        assert history(s) == _walk_history(s) == history(s)


def _payments_by_the_stages(state: gleek.State) -> tuple[gleek.Payment, ...]:
    """The payments of a finished deal or one in its play, straight from the stage functions,
    nothing remembered: the turn-up, the price, the ruff, the sets (every seat, then) the small
    trumps held after the exchange, and once the deal is over the settlement."""
    from gleek.stages.deal import turn_up_payments
    from gleek.stages.ruff import aces_winner, ruff_payments
    from gleek.stages.rules import rules_of
    from gleek.stages.sets import set_payments, small_trump_payments
    from gleek.stages.settle import settlement
    from gleek.stages.stock import price_payments
    from gleek.state import pre

    deal = state._deal
    rules = rules_of(state.profile)
    p = pre(state)
    r = p._ruff
    assert r is not None and r.done
    hands = (p._h0, p._h1, p._h2)
    out = turn_up_payments(rules, deal.turn_up, deal.dealer)
    out += price_payments(rules, p._bidder, p._bid, deal.dealer)
    out += ruff_payments(rules, r)
    out += set_payments(state.profile, hands, aces_winner(rules, r, hands))
    out += small_trump_payments(state.profile, hands, deal.trumps)
    if state.is_over:
        out += settlement(state.points, rules.par)
    return out


@pytest.mark.parametrize(("pid", "variant"), PROFILES)
def test_remembered_payments_are_each_deals_own(pid: str, variant: str | None) -> None:
    """The engine remembers each run of payments (and its net) by what it depends on, and reads
    a deal's back from those tables: across many deals in one run, with the tables filling
    up, every deal's payments and chips are what its stages give it afresh (a key that left out
    what a run depends on would hand one deal another's)."""
    profile = _profile(pid, variant)
    rng = random.Random(f"{pid} {variant}")
    for i in range(60):
        s = gleek.new_deal(profile, i % 3, seed=rng.getrandbits(32))
        while s.phase != Phase.PLAY:
            s = s.apply(s.legal_actions()[int(rng.random() * len(s.legal_actions()))])
        for _ in range(rng.randrange(36)):  # somewhere in the play
            s = s.apply(s.legal_actions()[int(rng.random() * len(s.legal_actions()))])
        assert s.payments == _payments_by_the_stages(s)
        end = gleek.rollout(s, "random", rng)
        expected = _payments_by_the_stages(end)
        o = gleek.outcome(end)
        assert o.payments == expected and end.payments == expected
        assert (o.chips, o.pot) == gleek.state.net_chips(expected)
