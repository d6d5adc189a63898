"""The search bot, the deals it imagines, and tournaments (gleek match)."""

from __future__ import annotations

import json
import random

import pytest

import gleek
from gleek.cli import main
from gleek.errors import ArgumentError, ArgumentTypeError
from gleek.limits import MAX_PLAYED_DEALS, MAX_PLAYOUTS
from gleek.sim.bots import BasicBot, RandomBot
from gleek.sim.knowledge import determinize
from gleek.sim.match import estimate, load_bot, play_match
from gleek.sim.search import DEFAULT_PLAYOUTS, SearchBot, distinct_cards

PROFILES = gleek.list_profiles()


def _deal(profile: str, seed: int, bot: gleek.Bot) -> list[gleek.State]:
    rng = random.Random(seed)
    s = gleek.new_deal(gleek.load_profile(profile), seed % 3, seed=seed)
    out = [s]
    while not s.is_over:
        seat = s.to_act
        assert seat is not None
        s = s.apply(bot.choose(s.observation(seat), s.legal_actions(), rng))
        out.append(s)
    return out


@pytest.mark.parametrize("profile", PROFILES)
def test_imagined_deals_agree_with_what_the_seat_saw(profile: str) -> None:
    rng = random.Random(0)
    same = total = differ = 0
    for seed in range(4):
        states = _deal(profile, seed, BasicBot())
        for s in states[::5]:
            for seat in range(3):
                obs = s.observation(seat)
                d = determinize(obs, rng)
                total += 1
                same += d.observation(seat) == obs
                # Always: own cards, the turn-up, the history, the cards played.
                assert d.hand(seat) == s.hand(seat) and d.turn_up == s.turn_up
                assert d.tricks == s.tricks and d.trick == s.trick
                if s.buyer == seat:
                    assert d.discards == s.discards
                # An opponent that failed to follow holds none of the suit led.
                for trick in (*s.tricks, s.trick):
                    if not trick:
                        continue
                    led = trick[0][1].suit
                    for who, card in trick:
                        if who != seat and card.suit is not led:
                            assert all(c.suit is not led for c in d.hand(who))
                others = [o for o in range(3) if o != seat]
                differ += any(d.hand(o) != s.hand(o) for o in others)
    assert same >= 0.95 * total
    assert differ >= 0.5 * total  # the hidden cards really are guessed afresh


def test_the_buyers_discards_stay_hidden_from_the_others() -> None:
    states = _deal("parlett", 2, BasicBot())
    s = next(x for x in states if x.phase is gleek.Phase.PLAY)
    buyer = s.buyer
    assert buyer is not None
    other = (buyer + 1) % 3
    rng = random.Random(1)
    guesses = {determinize(s.observation(other), rng).discards for _ in range(10)}
    assert len(guesses) > 1
    assert all(len(g) == 7 for g in guesses)


def test_search_bot_is_reproducible_and_legal() -> None:
    states = _deal("pi", 4, BasicBot())
    bot = SearchBot(6)
    for s in states[1::6]:
        if s.is_over:
            continue
        seat = s.to_act
        assert seat is not None
        obs, legal = s.observation(seat), s.legal_actions()
        a = bot.choose(obs, legal, random.Random(5))
        assert a in legal
        assert a == bot.choose(obs, legal, random.Random(5))
    timed = SearchBot(seconds=0.05)
    s = next(x for x in states if len(x.legal_actions()) > 1)
    assert timed.choose(s.observation(s.to_act or 0), s.legal_actions(), random.Random(0)) in (
        s.legal_actions()
    )
    with pytest.raises(ArgumentError, match="playouts"):
        SearchBot(0)
    with pytest.raises(ArgumentError, match="seconds"):
        SearchBot(seconds=-1)
    with pytest.raises(ArgumentError, match="playouts"):
        SearchBot(True)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="policy"):
        SearchBot(policy="smart")


def test_search_bot_plays_searched_cards_and_leaves_the_rest_to_the_rule_aware_bot() -> None:
    """In the card play it searches (and its choice follows the worlds it draws); elsewhere it
    says what the rule-aware bot says."""
    from gleek.sim.bots import RuleAwareBot

    rules = RuleAwareBot()
    bot = SearchBot(12, policy="random")
    seen_play = 0
    for seed in range(3):
        for s in _deal("parlett", seed, rules):
            if s.is_over or len(s.legal_actions()) < 2:
                continue
            seat = s.to_act
            assert seat is not None
            obs, legal = s.observation(seat), s.legal_actions()
            a = bot.choose(obs, legal, random.Random(1))
            assert a in legal
            if s.phase is not gleek.Phase.PLAY:
                assert a == rules.choose(obs, legal, random.Random(1))
            else:
                seen_play += 1
                assert a in distinct_cards(obs, legal)
    assert seen_play > 10


def test_equivalent_cards_are_searched_once() -> None:
    """A card is left out only below a kept card of its suit with nothing between them but
    cards played or held by the same seat; trump honours and small trumps are always kept."""
    from gleek.sim.bots import RuleAwareBot

    rules = RuleAwareBot()
    dropped_any = False
    for seed in range(4):
        for s in _deal("parlett", seed, rules):
            if s.phase is not gleek.Phase.PLAY:
                continue
            seat = s.to_act
            assert seat is not None
            obs = s.observation(seat)
            legal = s.legal_actions()
            kept = {a.card for a in distinct_cards(obs, legal)}
            assert kept <= {a.card for a in legal} and kept
            gone = {obs.turn_up, *(c for t in obs.tricks for _, c in t), *(c for _, c in obs.trick)}
            for a in legal:
                c = a.card
                assert c is not None
                if c in kept:
                    continue
                dropped_any = True
                assert not (c.suit is obs.trumps and (c.rank >= gleek.Rank.JACK or c.rank <= 6))
                above = [
                    x
                    for x in gleek.DECK
                    if x.suit is c.suit and x.rank > c.rank and x not in gone and x in kept
                ]
                assert above
                top = min(above, key=lambda x: x.rank)
                between = [x for x in gleek.DECK if x.suit is c.suit and c.rank < x.rank < top.rank]
                assert all(x in gone or x in obs.hand for x in between)
    assert dropped_any


def test_match_rotates_seats_and_is_the_same_for_any_workers() -> None:
    one = play_match(["basic", "random", "random"], "parlett", deals=9, seed=3)
    two = play_match(["basic", "random", "random"], "parlett", deals=9, seed=3, workers=2)
    assert one == two
    for d in range(9):
        assert sum(one.chips[b][d] for b in range(3)) + one.pot[d] == 0
    # Each deck is dealt three times by one dealer, the bots moved round a seat each time: with
    # three equal bots, each bot's three results on a deck are the three seats' results.
    same = play_match(["basic", "basic", "basic"], "parlett", deals=6, seed=0)
    for k in (0, 3):
        seats = sorted(same.chips[0][k : k + 3])
        assert seats == sorted(same.chips[1][k : k + 3]) == sorted(same.chips[2][k : k + 3])
        assert seats == sorted(same.chips[b][k] for b in range(3))
    e = estimate([1.0, 2.0, 3.0])
    assert e.mean == 2.0 and e.low < 2.0 < e.high


def test_load_bot() -> None:
    assert isinstance(load_bot("basic"), BasicBot)
    assert isinstance(load_bot("gleek.sim.bots:RandomBot"), RandomBot)
    assert load_bot("search:5").playouts == 5 and load_bot("search").playouts == DEFAULT_PLAYOUTS
    for bad, msg in [
        ("nosuch", "unknown bot"),
        ("search:x", "search:N"),
        ("gleek.nosuchmodule:X", "cannot import"),
        ("gleek.sim.bots:Nothing", "has no"),
        ("gleek.cards:Card", "Card"),
    ]:
        with pytest.raises((ArgumentError, TypeError), match=msg):
            load_bot(bad)


def test_cli_match(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["match", "basic", "random", "gleek.sim.bots:RandomBot", "--deals", "6"]
    assert main([*args, "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "6 deals of parlett" in out and "gleek.sim.bots:RandomBot" in out
    assert main([*args, "--profile", "pi", "--format", "json", "--no-progress"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["profile"] == "publications-international" and data["deals"] == 6
    assert [b["bot"] for b in data["bots"]] == ["basic", "random", "gleek.sim.bots:RandomBot"]
    low, high = (data["bots"][0]["chips_per_deal"][k] for k in ("low", "high"))
    assert low <= data["bots"][0]["chips_per_deal"]["mean"] <= high
    assert main(["match", "basic", "nosuch", "basic", "--no-progress"]) != 0
    err = capsys.readouterr().err
    assert "unknown bot 'nosuch'" in err and "Traceback" not in err
    assert main(["match", "basic", "basic"]) == 2


def test_match_takes_a_profile_with_variants() -> None:
    profile = gleek.load_profile("parlett", "play-high")
    one = play_match(["basic", "basic", "random"], profile, deals=3, seed=2)
    two = play_match(["basic", "basic", "random"], profile, deals=3, seed=2, workers=2)
    assert one.profile == "parlett+play-high" and one == two


def test_play_high_voids_and_time_budget() -> None:
    states = _deal("parlett", 7, BasicBot())
    profile = gleek.load_profile("parlett", "play-high")
    s = gleek.new_deal(profile, 1, seed=7)
    rng = random.Random(0)
    while not s.is_over and len(s.tricks) < 6:
        seat = s.to_act
        assert seat is not None
        s = s.apply(BasicBot().choose(s.observation(seat), s.legal_actions(), rng))
    for seat in range(3):
        obs = s.observation(seat)
        d = determinize(obs, rng)
        # With play-high, following with a card shows that no higher card of the suit is held.
        for trick in s.tricks:
            led = trick[0][1].suit
            for who, card in trick:
                if who != seat and card.suit is led:
                    assert not [c for c in d.hand(who) if c.suit is led and c.rank > card.rank]
    assert repr(SearchBot(5)) == "SearchBot(5)" and "seconds" in repr(SearchBot(seconds=1.0))
    assert states[-1].is_over


def test_match_argument_errors() -> None:
    with pytest.raises(ArgumentError, match="string"):
        load_bot(3)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="choose"):
        load_bot("collections:OrderedDict")
    with pytest.raises(ArgumentError, match="no values"):
        estimate([])
    for kwargs, msg in [
        ({"bots": ["basic", "basic"]}, "three bots"),
        ({"deals": 0}, "deals"),
        ({"workers": 0}, "workers"),
    ]:
        args = {"bots": ["basic", "basic", "basic"], "deals": 3, **kwargs}
        with pytest.raises(ArgumentError, match=msg):
            play_match(args.pop("bots"), "parlett", **args)  # type: ignore[arg-type]


def _paid(obs: gleek.Observation) -> list[tuple[object, object, str]]:
    return [(p.payer, p.payee, p.reason) for p in obs.payments]


@pytest.mark.parametrize("profile", ["parlett", "pi", "cotton", "pedagogical"])
def test_worlds_drawn_for_the_card_play_agree_with_what_the_seat_saw(profile: str) -> None:
    from gleek.sim.bots import RuleAwareBot
    from gleek.sim.search import Worlds

    variants = ["play-high"] if profile == "parlett" else []
    prof = gleek.load_profile(profile, variants)
    rng = random.Random(3)
    bot = RuleAwareBot()
    checked = same = 0
    for seed in range(3):
        s = gleek.new_deal(prof, seed % 3, seed=seed)
        while not s.is_over:
            if s.phase is gleek.Phase.PLAY and len(s.history) % 4 == 0:
                for seat in range(3):
                    obs = s.observation(seat)
                    world = Worlds(obs).draw(rng)
                    assert world is not None
                    seen = world.observation(seat)
                    assert seen.hand == obs.hand and seen.history == obs.history
                    assert seen.hand_sizes == obs.hand_sizes and seen.tricks == obs.tricks
                    checked += 1
                    # the worlds open the ruff at the profile's stake: where this deal's
                    # differs, who won the ruff and who paid whom for what must still agree
                    same += seen == obs or (
                        seen.ruff_stake != obs.ruff_stake
                        and seen.ruff_winner == obs.ruff_winner
                        and _paid(seen) == _paid(obs)
                    )
            legal = s.legal_actions()
            seat = s.to_act
            assert seat is not None
            s = s.apply(bot.choose(s.observation(seat), legal, rng))
    assert checked > 20 and same >= checked * 0.9


def test_search_bot_time_budget_and_outside_the_play() -> None:
    from gleek.sim.bots import RuleAwareBot

    s = gleek.new_deal(gleek.load_profile("parlett"), 0, seed=4)
    obs = s.observation(s.to_act or 0)
    assert distinct_cards(obs, s.legal_actions()) == s.legal_actions()
    rng = random.Random(2)
    while s.phase is not gleek.Phase.PLAY or len(s.legal_actions()) < 3:
        seat = s.to_act
        assert seat is not None
        s = s.apply(RuleAwareBot().choose(s.observation(seat), s.legal_actions(), rng))
    timed = SearchBot(seconds=0.02)
    assert timed.choose(s.observation(s.to_act or 0), s.legal_actions(), rng) in s.legal_actions()


class _Raises:
    """A bot class whose constructor fails (a user's class: its error is said in one line)."""

    def __init__(self) -> None:
        raise RuntimeError("no table")

    def choose(self, obs: object, legal: object, rng: object) -> object:  # pragma: no cover
        return None


def test_load_bot_calls_only_a_bot_class() -> None:
    # functions and other objects a module:Class name reaches are never called
    for spec in ("os:path", "sys:exit", "builtins:input", "gleek.state:apply", "gleek.cli:main",
                 "gleek.sim.bots:BOTS", "os:abort"):  # fmt: skip
        with pytest.raises(ArgumentError, match="is not a bot class"):
            load_bot(spec)
    with pytest.raises(ArgumentError, match=r"_Raises\(\) failed: RuntimeError: no table"):
        load_bot(f"{__name__}:_Raises")
    for spec in (".:X", "..x:X", "a..b:X", "os:", "os:1x", "basic:"):
        with pytest.raises(ArgumentError, match="absolute module name"):
            load_bot(spec)
    # N in ASCII digits, from 1 to MAX_PLAYOUTS; "search:" is not the default
    for spec in ("search:²", "search:0", "search:", "search:99999999999999999999999",
                 f"search:{MAX_PLAYOUTS + 1}", "search:-1", "search: 5"):  # fmt: skip
        with pytest.raises(ArgumentError, match="search:N with N from 1 to 100,000"):
            load_bot(spec)
    assert load_bot(f"search:{MAX_PLAYOUTS}").playouts == MAX_PLAYOUTS


def test_cli_match_refuses_a_name_that_is_no_bot_class(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "basic", "basic", "sys:exit", "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert "'sys:exit': exit is not a bot class" in err and "Traceback" not in err


def test_match_and_estimate_bounds() -> None:
    bots = ["basic", "basic", "basic"]
    for kwargs, exc, msg in [
        ({"deals": MAX_PLAYED_DEALS + 1}, ArgumentError, "deals must be from 1 to 1000000"),
        ({"deals": True}, ArgumentTypeError, "deals must be a whole number"),
        ({"workers": True}, ArgumentTypeError, "workers must be a whole number"),
        ({"seed": 1.5}, ArgumentTypeError, "seed must be a whole number"),
        ({"seed": "x"}, ArgumentTypeError, "seed must be a whole number"),
        ({"seed": None}, ArgumentTypeError, "seed must be a whole number"),
    ]:
        args: dict[str, object] = {"deals": 3, **kwargs}
        with pytest.raises(exc, match=msg):
            play_match(bots, "parlett", **args)  # type: ignore[arg-type]
    for values, exc, msg in [
        (None, ArgumentTypeError, "values must be a list or tuple"),
        ([1, "a"], ArgumentError, r"values\[1\] must be a finite number"),
        ([10**400, 1], ArgumentError, r"values\[0\] must be a finite number"),
        ([float("nan")], ArgumentError, r"values\[0\]"),
        ([float("inf"), 1.0], ArgumentError, r"values\[0\]"),
        ([True, 1], ArgumentError, r"values\[0\]"),
    ]:
        with pytest.raises(exc, match=msg):
            estimate(values)  # type: ignore[arg-type]
    e = estimate([1, 2.5, 3])
    assert e.n == 3 and e.mean == pytest.approx(6.5 / 3) and e.low < e.mean < e.high


def test_search_bot_bounds_its_playouts() -> None:
    assert SearchBot(MAX_PLAYOUTS).playouts == MAX_PLAYOUTS
    for bad in (MAX_PLAYOUTS + 1, 10**30, 10**5000):
        with pytest.raises(
            ArgumentError, match="playouts must be a whole number from 1 to 100,000"
        ):
            SearchBot(bad)
