"""Differential test: the engine's fast core against the stage functions, which are the rules.

A reference engine below composes :mod:`gleek.stages` directly (the stages' own states, one
stage call per action). Random deals in every profile and every variant are played through the
public API, and on every action the core's state is compared with the reference's: whose turn,
the phase, the hands, the legal actions, the trick, the finished tricks, points, tricks won and
payments. Rollouts are checked the same way by replaying their history.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest

import gleek
from gleek import _core
from gleek.actions import DISCARD, PASS, PLAY, Action, Phase
from gleek.cards import CARDS, Card, Suit, cards_of_mask
from gleek.profile import Profile, list_profiles, list_variants, load_profile
from gleek.stages.common import Payment
from gleek.stages.deal import DealInfo, seeded_deck, turn_up_payments, turn_up_points
from gleek.stages.ruff import (
    FOUR_ACES,
    RuffState,
    next_stake,
    ruff_apply,
    ruff_choices,
    ruff_payments,
    ruff_start,
    ruff_value,
)
from gleek.stages.sets import set_payments, small_trump_payments
from gleek.stages.settle import settlement
from gleek.stages.stock import (
    AuctionState,
    auction_apply,
    auction_choices,
    auction_start,
    discardable,
    price_payments,
    take_stock,
)
from gleek.stages.tricks import PlayState, legal_mask, play_card, play_start
from tests.helpers import FLIPPED_BASE, deal, flipped, run, to_ruff

# The shipped profiles with every variant, then the test fixture profiles (tests/profiles/) that
# flip each rule value no shipped profile sets, so the core meets every branch of every rule.
PROFILES = [(p, v) for p in list_profiles() for v in [None, *list_variants()]] + [
    (f"flipped-{name}", None) for name in FLIPPED_BASE
]


@pytest.fixture(autouse=True)
def _fresh_core_tables() -> None:
    """Each test here also starts with the core's lazy card tables empty (tests/conftest.py
    empties the per-profile caches before every test), so the tables are built by the code
    under test."""
    _core._LAZY.clear()


@dataclass
class Reference:
    """A deal driven by the stage functions alone."""

    profile: Profile
    info: DealInfo
    phase: str = "auction"
    hands: list[int] = field(default_factory=list)
    auction: AuctionState | None = None
    discards: list[int] = field(default_factory=list)
    ruff: RuffState | None = None
    play: PlayState | None = None
    payments: tuple[Payment, ...] = ()

    def __post_init__(self) -> None:
        self.hands = list(self.info.dealt)
        self.auction = auction_start(self.profile, self.info.dealer)
        self.payments = turn_up_payments(self.profile, self.info)

    @property
    def to_act(self) -> int | None:
        if self.phase == "auction":
            assert self.auction is not None
            return self.auction.to_act
        if self.phase == "discard":
            assert self.auction is not None
            return self.auction.buyer
        if self.phase == "ruff":
            assert self.ruff is not None
            return self.ruff.to_act
        if self.phase == "play":
            assert self.play is not None
            return (self.play.leader + len(self.play.trick)) % 3
        return None

    def legal(self) -> set[str]:
        p, seat = self.profile, self.to_act
        if self.phase == "auction":
            assert self.auction is not None
            return {"pass" if b is None else f"bid {b}" for b in auction_choices(p, self.auction)}
        if self.phase == "discard":
            assert self.auction is not None
            mask = discardable(p, self.hands[self.auction.buyer], self.info.trumps)
            return {f"discard {c}" for c in cards_of_mask(mask)}
        if self.phase == "ruff":
            assert self.ruff is not None
            return set(ruff_choices(p, self.ruff))
        if self.phase == "play":
            assert self.play is not None and seat is not None
            mask = legal_mask(self.hands[seat], self.play.trick, False)
            if p.tricks.play_high:
                mask = legal_mask(self.hands[seat], self.play.trick, True)
            return {f"play {c}" for c in cards_of_mask(mask)}
        return set()

    def apply(self, action: Action) -> None:
        p, seat = self.profile, self.to_act
        assert seat is not None
        if self.phase == "auction":
            assert self.auction is not None
            self.auction = auction_apply(p, self.auction, seat, action.amount)
            if self.auction.over:
                eldest = (self.info.dealer + 1) % 3
                self.payments += price_payments(p, self.auction.buyer, self.auction.bid, eldest)
                self.phase = "discard"
        elif self.phase == "discard":
            assert action.card is not None and self.auction is not None
            self.hands[seat] &= ~(1 << action.card.index)
            self.discards.append(action.card.index)
            if len(self.discards) == 7:
                self.hands[seat] = take_stock(self.hands[seat], self.info.stock)
                self.ruff = ruff_start(p, self.info.dealer, seat, self.info.ruff_stake)
                self.phase = "ruff"
        elif self.phase == "ruff":
            assert self.ruff is not None and self.auction is not None
            hands = (self.hands[0], self.hands[1], self.hands[2])
            r = ruff_apply(p, self.ruff, seat, action.kind, hands, self.info.dealer)  # type: ignore[arg-type]
            self.ruff = r
            if r.done:
                four = r.shown and r.winner >= 0 and ruff_value(p, hands[r.winner]) == FOUR_ACES
                self.payments += (
                    ruff_payments(p, r)
                    + set_payments(p, hands, r.winner if four else -1)
                    + small_trump_payments(p, hands, self.info.trumps)
                )
                start = [0, 0, 0]
                start[self.info.dealer] = turn_up_points(p, self.info)
                self.play = play_start(p, self.info.dealer, self.auction.buyer, tuple(start))  # type: ignore[arg-type]
                self.phase = "play"
        else:
            assert action.card is not None and self.play is not None
            c = action.card.index
            self.hands[seat] &= ~(1 << c)
            self.play = play_card(p, self.play, seat, c, self.info.trumps)
            if len(self.play.tricks) == 12:
                self.payments += settlement(self.play.points, p.scoring.par)
                self.phase = "over"


def _agree(state: gleek.State, ref: Reference) -> None:
    assert state.phase.value == ref.phase
    assert state.to_act == ref.to_act
    assert _core.masks(state) == tuple(ref.hands)
    assert {str(a) for a in gleek.legal_actions(state)} == ref.legal()
    # Payment's equality leaves out the detail: compare every field
    assert [_fields(p) for p in state.payments] == [_fields(p) for p in ref.payments]
    assert (state.chips, state.pot) == _core.net_chips(ref.payments)
    assert _core.auction_of(state) == ref.auction  # the stage's record, history and all
    if ref.auction is not None and ref.phase != "auction":
        assert (state.buyer, state.price) == (ref.auction.buyer, ref.auction.bid)
    assert _core.ruff_of(state) == ref.ruff
    if ref.ruff is not None:
        assert state.ruff_stake == _stake_now(ref.profile, ref.ruff)
    assert tuple(c.index for c in state.discards) == tuple(ref.discards)
    if ref.play is not None:
        play = ref.play
        assert state.trick == tuple((s, CARDS[c]) for s, c in play.trick)
        assert state.tricks == tuple(tuple((s, CARDS[c]) for s, c in t) for t in play.tricks)
        assert (state.points, state.tricks_won) == (play.points, play.won)
        if not state.is_over:  # the core's own mask of the cards the player may play
            hand = ref.hands[state.to_act]  # type: ignore[index]
            trick = tuple(play.trick)
            assert _core.play_mask(state) == legal_mask(hand, trick, ref.profile.tricks.play_high)
    else:
        assert (state.trick, state.tricks, state.points) == ((), (), (0, 0, 0))


def _fields(p: Payment) -> tuple[object, ...]:
    return (p.payer, p.payee, p.amount, p.reason, p.detail)


def _stake_now(profile: Profile, r: RuffState) -> int:
    if profile.ruff.model == "pool":
        return max(r.put) - profile.ruff.stake
    return r.stake


def _check_outcome(state: gleek.State, ref: Reference) -> None:
    """The outcome against the stages: the next deal's stake, the ruff, the payments."""
    assert ref.ruff is not None and ref.auction is not None and ref.play is not None
    out = gleek.outcome(state)
    assert out.points == ref.play.points
    assert [_fields(p) for p in out.payments] == [_fields(p) for p in ref.payments]
    assert (out.chips, out.pot) == _core.net_chips(ref.payments)
    assert out.ruff_stake == next_stake(ref.profile, ref.ruff, ref.info.ruff_stake)
    assert (out.buyer, out.price, out.dealer) == (
        ref.auction.buyer,
        ref.auction.bid,
        ref.info.dealer,
    )
    r = ref.ruff
    vied = r.vier >= 0
    stake = _stake_now(ref.profile, r) if vied or ref.profile.ruff.model != "pool" else 0
    assert (out.ruff.winner, out.ruff.stake, out.ruff.shown, out.ruff.vied) == (
        r.winner if r.winner >= 0 else None,
        stake,
        r.shown,
        vied,
    )


def _profile(pid: str, variant: str | None) -> Profile:
    if pid.startswith("flipped-"):
        return flipped(pid.removeprefix("flipped-"))
    return load_profile(pid, [variant] if variant else [])


@pytest.mark.parametrize(("pid", "variant"), PROFILES, ids=[f"{p}+{v}" for p, v in PROFILES])
def test_the_core_agrees_with_the_stages_on_every_action(pid: str, variant: str | None) -> None:
    profile = _profile(pid, variant)
    rng = random.Random(f"{pid}/{variant}")
    for k in range(6):
        state = gleek.new_deal(profile, k % 3, seed=k, ruff_stake=1 + k % 3)
        ref = Reference(profile, state._deal.info)
        _agree(state, ref)
        while not state.is_over:
            # mostly uniform; now and then the first or the last choice (passes, low cards)
            legal = gleek.legal_actions(state)
            action = rng.choice((legal[0], legal[-1], *legal))
            state = gleek.apply(state, action)
            ref.apply(action)
            _agree(state, ref)
        assert state.history == tuple(state.history)  # rebuilt from the back-pointers
        _check_outcome(state, ref)


@pytest.mark.parametrize(("pid", "variant"), PROFILES, ids=[f"{p}+{v}" for p, v in PROFILES])
@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_rollouts_replay_through_the_stages(pid: str, variant: str | None, policy: str) -> None:
    """A rollout's final state is the one its history reaches action by action, from the
    dealt state or from part-way through."""
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
        ref = Reference(profile, state._deal.info)
        replay = state.root()
        for seat, action in end.history:
            assert replay.to_act == seat and action in gleek.legal_actions(replay)
            ref.apply(action)
            replay = gleek.apply(replay, action)
        _agree(end, ref)
        _check_outcome(end, ref)
        assert end == replay and gleek.outcome(end) == gleek.outcome(replay)


def test_the_core_deals_the_seeded_deck() -> None:
    for seed in [*range(200), "a", "gleek", 2**40 + 7, -5]:
        assert tuple(_core.seeded_order(seed)) == seeded_deck(seed)


def test_a_state_is_immutable_from_outside() -> None:
    s = gleek.new_deal(load_profile("parlett"), seed=1)
    for name in ("phase", "to_act", "hands", "payments", "profile", "history", "points"):
        with pytest.raises(AttributeError):
            setattr(s, name, None)
    assert s.apply("bid 12") == s.apply("bid 12") and s.apply("bid 12") != s
    assert s.legal_actions() == (Action.bid(12),) and PASS not in s.legal_actions()
    assert len({s, s.apply("bid 12"), s.apply("bid 12")}) == 2  # equal states hash alike


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
        assert list(_core._hand_cards(mask)) == want


def test_the_discard_and_card_tables_are_built_once_on_first_use() -> None:
    """The tables the auction and the rollouts need are built on first use (not at import)
    and then kept: every later call gets the same table."""
    _core._LAZY.clear()
    discard, cards = _core._discard_tables(), _core._card_tables()
    assert {"discard": discard, "cards": cards} == _core._LAZY
    assert _core._discard_tables() is discard and _core._card_tables() is cards
    assert discard[2][0b11] == (DISCARD[22], DISCARD[23]) and cards[3][1 << 10] == (43,)


def test_the_core_agrees_on_cottons_own_rules() -> None:
    """Cotton's rules each come up and agree action by action: the youngest's ``double``, a
    loser who pays how far it went (one who never vied or saw pays the nothing-to-say chip),
    revies at the late raise, four Aces shown, and the odd chip of the price to eldest."""
    profile = load_profile("cotton")
    rng = random.Random("cotton")
    seen: set[str] = set()
    for k in range(120):
        state = gleek.new_deal(profile, k % 3, seed=1000 + k, ruff_stake=rng.choice((2, 4, 6)))
        ref = Reference(profile, state._deal.info)
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
            r = ref.ruff
            if action.kind == "pass" and r is not None and ref.phase == "ruff":
                seat = r.to_act
                seen.add("how-far nothing to say" if r.put[seat] == 0 else "how-far kept")
            if action.kind == "revie" and r is not None and r.stake >= 8:
                seen.add("late raise")
            state = gleek.apply(state, action)
            ref.apply(action)
            _agree(state, ref)
        if any(a.kind == "double" for _, a in state.history):
            seen.add("double")
        if any(p.detail == "odd chip" and p.payee != "pot" for p in state.payments):
            seen.add("odd chip to eldest")
        if ref.ruff is not None and ref.ruff.shown:
            seen.add("shown")
        _check_outcome(state, ref)
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
        _core.restore(profile, 1, tuple(c.index for c in root.deck), 3, bad)
    assert str(caught.value) == "actions[1]: bid 12 is not legal there; not a pickled State"
