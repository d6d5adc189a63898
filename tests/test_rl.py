"""gleek.rl: the PettingZoo environment, the action space, the observation tensor, the wrapper."""

from __future__ import annotations

import random
import subprocess
import sys
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import gleek
import gleek.rl
from gleek.errors import ArgumentError
from gleek.rl.actions import N_ACTIONS, action_index, action_mask, index_action
from gleek.rl.tensor import _SLICES, TENSOR_SIZE, encode
from gleek.sim.bots import BasicBot, RandomBot
from gleek.sim.knowledge import determinize

PROFILES = gleek.list_profiles()


def _states(profile: gleek.Profile, seed: int, bot: gleek.Bot) -> list[gleek.State]:
    """Every state of one deal played by ``bot`` for all seats."""
    rng = random.Random(seed)
    s = gleek.new_deal(profile, seed % 3, seed=seed)
    out = [s]
    while not s.is_over:
        legal = gleek.legal_actions(s)
        seat = s.to_act
        assert seat is not None
        s = gleek.apply(s, bot.choose(gleek.observation(s, seat), legal, rng))
        out.append(s)
    return out


@pytest.mark.parametrize("profile", PROFILES)
def test_pettingzoo_api_and_seed(profile: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the dict observation space is the usual masked form
        api_test(gleek.rl.env(profile=profile, deals=2), num_cycles=200)
        seed_test(lambda: gleek.rl.env(profile=profile, deals=2), num_cycles=200)


def test_reset_seed_fixes_the_deals_and_rewards_are_chips() -> None:
    def run(seed: int) -> tuple[list[tuple[gleek.Card, ...]], dict[str, float]]:
        e = gleek.rl.raw_env(profile="parlett", deals=3)
        e.reset(seed=seed)
        rng = random.Random(0)
        hands: list[tuple[gleek.Card, ...]] = []
        totals = dict.fromkeys(e.possible_agents, 0.0)
        for agent in e.agent_iter():
            obs, reward, term, _trunc, _info = e.last()
            totals[agent] += reward
            if e.state_now.dealt_hand(0) not in hands:
                hands.append(e.state_now.dealt_hand(0))
            if term:
                e.step(None)
                continue
            e.step(int(rng.choice(list(np.flatnonzero(obs["action_mask"])))))
        return hands, totals

    h1, t1 = run(11)
    h2, t2 = run(11)
    h3, _ = run(12)
    assert h1 == h2 and t1 == t2
    assert h1 != h3
    assert len(h1) == 3  # three deals, each dealt afresh
    assert sum(t1.values()) <= 0  # chips only move between seats and the pot


def test_rewards_equal_the_outcome_chips() -> None:
    e = gleek.rl.raw_env(profile="pi", deals=1)
    e.reset(seed=5)
    while not e.state_now.is_over:
        legal = np.flatnonzero(e.observe(e.agent_selection)["action_mask"])
        e.step(int(legal[0]))  # pass when passing is allowed: the auction ends
    chips = gleek.outcome(e.state_now).chips
    assert [e._cumulative_rewards[a] for a in e.possible_agents] == [float(c) for c in chips]
    assert all(e.terminations.values())


def test_render_ansi() -> None:
    e = gleek.rl.raw_env(profile="parlett", deals=1, render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert text is not None and "deal 1 of 1" in text
    assert str(e.state_now) in text
    assert gleek.rl.raw_env().render() is None
    svg = gleek.rl.raw_env(deals=1, render_mode="svg")
    svg.reset(seed=1)
    picture = svg.render()
    assert picture is not None and picture.startswith("<svg")
    assert picture.rstrip().endswith("</svg>")


def test_bad_arguments() -> None:
    with pytest.raises(ArgumentError, match="deals"):
        gleek.rl.env(deals=0)
    with pytest.raises(ArgumentError, match="render_mode"):
        gleek.rl.env(render_mode="human")
    with pytest.raises(gleek.ProfileError):
        gleek.rl.env(profile="nosuch")
    e = gleek.rl.raw_env(deals=1, illegal="raise")
    e.reset(seed=0)
    with pytest.raises(ArgumentError, match="not legal"):
        e.step(104)  # play 4C during the auction
    with pytest.raises(ArgumentError, match="0 to"):
        index_action(N_ACTIONS, ())


@pytest.mark.parametrize("profile", PROFILES)
def test_every_legal_action_has_its_own_index(profile: str) -> None:
    p = gleek.load_profile(profile)
    for seed in range(12):
        for s in _states(p, seed, RandomBot() if seed % 2 else BasicBot()):
            legal = gleek.legal_actions(s)
            idx = [action_index(a, legal) for a in legal]
            assert len(set(idx)) == len(idx)
            assert all(0 <= i < N_ACTIONS for i in idx)
            assert [index_action(i, legal) for i in idx] == list(legal)
            mask = action_mask(legal)
            assert mask.sum() == len(legal) and set(np.flatnonzero(mask)) == set(idx)


def test_an_action_built_by_hand_has_the_index_of_the_engines() -> None:
    # action_index finds the engine's own (interned) actions by identity; an equal action made
    # with the constructor is another object and must land on the same index all the same
    words = ("pass", "wait", "vie", "see", "revie", "double")
    made = [gleek.Action(w, None, None) for w in words]
    made += [gleek.Action(kind, None, c) for kind in ("discard", "play") for c in gleek.DECK]
    for a in made:
        engines = gleek.Action.parse(str(a))
        assert a == engines and a is not engines
        assert action_index(a, ()) == action_index(engines, ())
        assert index_action(action_index(a, ()), ()) == a
    assert action_index(gleek.Action("bid", 14, None), (gleek.Action.bid(14),)) == 1


def _observations(profile: gleek.Profile, seeds: range) -> list[gleek.Observation]:
    out = []
    for seed in seeds:
        for s in _states(profile, seed, RandomBot() if seed % 2 else BasicBot()):
            out += [gleek.observation(s, seat) for seat in range(3)]
    return out


@pytest.mark.parametrize("profile", PROFILES)
def test_tensor_tells_apart_exactly_what_the_seat_can(profile: str) -> None:
    p = gleek.load_profile(profile)
    seen: dict[bytes, gleek.Observation] = {}
    observations = _observations(p, range(10))
    for obs in observations:
        x = encode(obs)
        assert x.shape == (TENSOR_SIZE,) and x.dtype == np.float32
        key = x.tobytes()
        if key in seen:
            assert seen[key] == obs  # equal tensors only for equal observations
        seen[key] = obs
    # Observations that differ all gave different tensors; equal ones the same tensor.
    assert len(seen) == len(set(observations)) > 1000


@pytest.mark.parametrize("profile", PROFILES)
def test_states_a_seat_cannot_tell_apart_give_equal_tensors(profile: str) -> None:
    p = gleek.load_profile(profile)
    rng = random.Random(3)
    checked = 0
    for seed in range(6):
        states = _states(p, seed, BasicBot())
        for s in states[:: max(1, len(states) // 8)]:
            for seat in range(3):
                obs = gleek.observation(s, seat)
                other = determinize(obs, rng)
                if gleek.observation(other, seat) != obs:
                    continue  # the sampler's rare fallback
                assert np.array_equal(encode(gleek.observation(other, seat)), encode(obs))
                if other.hands != s.hands:
                    checked += 1
                    # ...while a seat that sees the difference gets different tensors.
                    differ = [
                        t
                        for t in range(3)
                        if gleek.observation(other, t).hand != gleek.observation(s, t).hand
                    ]
                    for t in differ:
                        assert not np.array_equal(
                            encode(gleek.observation(other, t)), encode(gleek.observation(s, t))
                        )
    assert checked > 20


def test_tensor_blocks() -> None:
    p = gleek.load_profile("parlett")
    states = _states(p, 4, BasicBot())
    end = states[-1]
    buyer = end.buyer
    assert buyer is not None
    x = encode(gleek.observation(end, buyer))
    assert x[_SLICES["discards"]].sum() == 7
    other = (buyer + 1) % 3
    assert encode(gleek.observation(end, other))[_SLICES["discards"]].sum() == 0
    assert x[_SLICES["plays"]].sum() == 36 * 2  # 36 plays, each a seat and a card
    assert x[_SLICES["hand"]].sum() == 0
    chips = gleek.outcome(end).chips
    assert list(np.round(x[_SLICES["chips"]] * 100).astype(int)) == list(chips)


def test_single_seat_wrapper_plays_sessions() -> None:
    e = gleek.rl.SingleSeatEnv(profile="parlett", opponents=(BasicBot(), RandomBot()), seat=1)
    obs, info = e.reset(seed=9)
    again, _ = e.reset(seed=9)
    assert np.array_equal(obs, again) and e.observation_space.contains(obs)
    total = 0.0
    steps = 0
    done = False
    while not done:
        mask = info["action_mask"]
        assert mask.sum() >= 1 and np.array_equal(mask, e.action_masks())
        assert obs[_SLICES["seat"]].argmax() == 1
        action = int(np.flatnonzero(mask)[steps % int(mask.sum())])
        obs, reward, done, truncated, info = e.step(action)
        assert e.observation_space.contains(obs) and not truncated
        total += reward
        steps += 1
    assert info["chips"] == total
    assert e.action_masks().sum() == 0
    with pytest.raises(ArgumentError, match="over"):
        e.step(0)
    with pytest.raises(ArgumentError, match="two bots"):
        gleek.rl.SingleSeatEnv(opponents=(BasicBot(),))


def test_rl_is_optional_and_never_imported_by_the_core() -> None:
    code = (
        "import sys, gleek, gleek.cli, gleek.sim.bots, gleek.sim.match, gleek.sim.search\n"
        "bad = [m for m in ('gleek.rl', 'numpy', 'pettingzoo', 'gymnasium') if m in sys.modules]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
    blocked = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] == 'pettingzoo':\n"
        "            raise ImportError(name=name)\n"
        "sys.meta_path.insert(0, Block())\n"
        "import gleek.rl\n"
    )
    run = subprocess.run([sys.executable, "-c", blocked], capture_output=True, text=True)
    assert run.returncode != 0
    assert "pip install 'gleek[rl]'" in run.stderr and "pettingzoo" in run.stderr


def test_environment_argument_errors_and_rendering() -> None:
    p = gleek.load_profile("pi")
    assert gleek.rl.raw_env(profile=p).profile is p
    with pytest.raises(ArgumentError, match="variants"):
        gleek.rl.raw_env(profile=p, variants="play-high")
    with pytest.raises(ArgumentError, match="profile"):
        gleek.rl.raw_env(profile=3)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="reset"):
        gleek.rl.raw_env().state_now  # noqa: B018
    e = gleek.rl.raw_env(deals=1)
    e.reset(seed=0)
    with pytest.raises(ArgumentError, match="None"):
        e.step(None)
    legal = gleek.legal_actions(e.state_now)
    with pytest.raises(ArgumentError, match="legal bids"):
        action_index(gleek.Action.bid(99), legal)
    with pytest.raises(ArgumentError, match="spare"):
        index_action(16, legal)
    with pytest.raises(ArgumentError, match="bid slot"):
        index_action(2, legal)
    for kwargs, msg in [
        ({"seat": 3}, "seat"),
        ({"deals": 0}, "deals"),
        ({"render_mode": "x"}, "render"),
    ]:
        with pytest.raises(ArgumentError, match=msg):
            gleek.rl.SingleSeatEnv(opponents=(BasicBot(), BasicBot()), **kwargs)  # type: ignore[arg-type]
    g = gleek.rl.SingleSeatEnv(opponents=(BasicBot(), BasicBot()), render_mode="ansi")
    with pytest.raises(ArgumentError, match="reset"):
        g.action_masks()
    g.reset(seed=1)
    text = g.render()
    assert text is not None and text.startswith("deal 1 of 3")
    assert gleek.rl.SingleSeatEnv(opponents=(BasicBot(), BasicBot())).render() is None


def test_gymnasium_check_env_passes_with_every_illegal_action_policy() -> None:
    from gymnasium.utils.env_checker import check_env

    for illegal in ("penalty", "substitute"):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the checker's notes on float32 bounds
            check_env(gleek.rl.SingleSeatEnv(deals=1, illegal=illegal), skip_render_check=True)
    with pytest.raises(ArgumentError, match="not legal"):
        e = gleek.rl.SingleSeatEnv(deals=1, illegal="raise")
        e.reset(seed=0)
        mask = e.action_masks()
        e.step(int(np.flatnonzero(mask == 0)[0]))


def test_pettingzoo_performance_benchmark_and_unmasked_random_agents(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from pettingzoo.test import performance_benchmark

    performance_benchmark(gleek.rl.env(profile="parlett", deals=1))
    out = capsys.readouterr().out
    assert "turns per second" in out
    # unmasked random actions end sessions under both forgiving policies
    for illegal in ("penalty", "substitute"):
        e = gleek.rl.raw_env(deals=1, illegal=illegal, penalty=2.5)
        e.reset(seed=4)
        rng = np.random.default_rng(0)
        illegal_seen = 0
        for _agent in e.agent_iter(max_iter=200_000):
            _obs, reward, term, _trunc, info = e.last()
            if info.get("illegal"):
                illegal_seen += 1
                if illegal == "penalty":
                    assert reward == -2.5
            e.step(None if term else int(rng.integers(N_ACTIONS)))
        assert not e.agents and illegal_seen > 0


def test_penalty_is_no_move_and_substitute_is_a_legal_move() -> None:
    g = gleek.rl.SingleSeatEnv(deals=1)
    obs, info = g.reset(seed=3)
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = g._now()
    obs2, reward, done, _trunc, info2 = g.step(bad)
    assert reward == -1.0 and info2["illegal"] and g._now() is before and not done
    assert np.array_equal(obs, obs2)
    g = gleek.rl.SingleSeatEnv(deals=1, illegal="substitute")
    g.reset(seed=3)
    before = g._now()
    _, _, _, _, info3 = g.step(bad)
    assert info3["illegal"] and g._now() is not before
    assert len(g._now().history) > len(before.history)


def test_single_seat_env_has_rule_aware_opponents_by_default() -> None:
    from gleek.sim.bots import RuleAwareBot

    g = gleek.rl.SingleSeatEnv()
    assert all(isinstance(b, RuleAwareBot) for b in g._bots.values())


def test_environment_misuse_is_a_clear_error() -> None:
    """Issue 20's RL items: each misuse is an ArgumentError naming what to do."""
    e = gleek.rl.raw_env(deals=1)
    with pytest.raises(ArgumentError, match="reset"):
        e.step(0)
    with pytest.raises(ArgumentError, match="reset"):
        e.last()
    with pytest.raises(ArgumentError, match="seed"):
        e.reset(seed=[1])  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="seed"):
        e.reset(seed=True)  # type: ignore[arg-type]
    e.reset(seed=np.int64(5))  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="unknown agent 'seat_9'"):
        e.observe("seat_9")
    for bad in (True, np.bool_(True), 1.0, "1"):
        with pytest.raises(ArgumentError, match="an int"):
            e.step(bad)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="0 to 104"):
        e.step(105)
    for _agent in e.agent_iter():
        obs, _r, term, _t, _i = e.last()
        e.step(None if term else int(np.flatnonzero(obs["action_mask"])[0]))
    with pytest.raises(ArgumentError, match="session is over"):
        e.step(0)
    g = gleek.rl.SingleSeatEnv(deals=1)
    with pytest.raises(ArgumentError, match="reset"):
        g.step(0)
    with pytest.raises(ArgumentError, match="seed"):
        g.reset(seed=[1])  # type: ignore[arg-type]
    g.reset(seed=1)
    with pytest.raises(ArgumentError, match="an int"):
        g.step(True)  # type: ignore[arg-type]
    for kwargs, msg in [({"illegal": "x"}, "illegal"), ({"penalty": -1}, "penalty")]:
        with pytest.raises(ArgumentError, match=msg):
            gleek.rl.SingleSeatEnv(**kwargs)  # type: ignore[arg-type]
        with pytest.raises(ArgumentError, match=msg):
            gleek.rl.raw_env(**kwargs)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="seat"):
        gleek.rl.SingleSeatEnv(seat=True)


def test_observations_stay_inside_the_box_for_large_profiles(tmp_path: object) -> None:
    """A profile of 30-digit amounts still observes inside the observation space."""
    import attrs

    p = gleek.load_profile("parlett")
    huge = 10**29
    big = attrs.evolve(p, stock=attrs.evolve(p.stock, opening_bid=huge, increment=huge))
    e = gleek.rl.raw_env(profile=big, deals=1)
    e.reset(seed=2)
    space = e.observation_space("seat_0")
    for agent in e.agent_iter():
        obs, _r, term, _t, _i = e.last()
        assert space.contains(obs), agent
        e.step(None if term else int(np.flatnonzero(obs["action_mask"])[0]))
    g = gleek.rl.SingleSeatEnv(profile=big, deals=1)
    o, _ = g.reset(seed=2)
    assert g.observation_space.contains(o)
    x = np.array([np.inf, -np.inf, np.nan], dtype=np.float32)
    from gleek.rl.env import bounded

    assert np.isfinite(bounded(x)).all()


def test_the_training_example_learns() -> None:
    """examples/train_reinforce.py end to end, short: against random bots the learner's chips
    a deal rise from the first block of deals to the last."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "examples" / "train_reinforce.py"
    spec = importlib.util.spec_from_file_location("train_reinforce", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    curve = module.train(150, block=50)
    assert len(curve) == 3 and curve[-1] > curve[0] + 3


def test_legal_action_and_a_finished_agent() -> None:
    from gleek.rl.actions import legal_action

    s = gleek.new_deal(gleek.load_profile("parlett"), 0, seed=1)
    legal = s.legal_actions()
    assert legal_action(1, legal) == legal[0]
    with pytest.raises(ArgumentError, match="me: action 104"):
        legal_action(104, legal, "me: ")
    with pytest.raises(ArgumentError, match=r"me: .*bid slot"):
        legal_action(3, legal, "me: ")
    e = gleek.rl.raw_env(deals=1)
    e.reset(seed=1)
    for _agent in e.agent_iter():
        obs, _r, term, _t, _i = e.last()
        if term:
            with pytest.raises(ArgumentError, match="has finished"):
                e.step(0)
            e.step(None)
        else:
            e.step(int(np.flatnonzero(obs["action_mask"])[0]))


def test_the_encoder_an_env_keeps_gives_encodes_vectors_in_any_order() -> None:
    """The environments keep an Encoder that reads only what a seat's history added since; its
    vectors are encode's, observation by observation: in play order, seats interleaved, deal
    after deal, and then the same observations shuffled (a history that does not extend the
    one remembered is read from its start)."""
    from gleek.rl.tensor import Encoder

    profile = gleek.load_profile("pi")
    rng = random.Random(21)
    seen = []
    for d in range(6):
        s = gleek.new_deal(profile, d % 3, seed=300 + d)
        while True:
            seen += [gleek.observation(s, seat) for seat in range(3)]
            if s.is_over:
                break
            s = s.apply(rng.choice(s.legal_actions()))
    for order in (seen, rng.sample(seen, len(seen))):
        keep = Encoder()
        for obs in order:
            assert np.array_equal(keep(obs), encode(obs))


def _always_raise(
    env: object, steps: int
) -> tuple[int, list[tuple[str, bool, bool, dict[str, int], int]]]:
    """Play ``env`` with every agent taking its last legal action (in the auction, a raise);
    stop after ``steps`` steps. The steps taken, and each agent's last view once it is done."""
    taken, done = 0, []
    for agent in env.agent_iter():  # type: ignore[attr-defined]
        obs, _, term, trunc, info = env.last()  # type: ignore[attr-defined]
        if term or trunc:
            done.append((agent, term, trunc, info, int(obs["action_mask"].sum())))
            env.step(None)  # type: ignore[attr-defined]
            continue
        if taken == steps:
            break
        env.step(int(np.flatnonzero(obs["action_mask"])[-1]))  # type: ignore[attr-defined]
        taken += 1
    return taken, done


def test_max_steps_truncates_an_auction_that_never_ends() -> None:
    """Agents that always raise never end the auction (it has no ceiling): without
    ``max_steps`` the session is still in the auction after 2,000 steps; with it, every
    agent is truncated (not terminated) at that step, with no legal action left, its chips so
    far in its info, and the loop ends. Penalised illegal steps count too."""
    e = gleek.rl.env(deals=1)
    e.reset(seed=3)
    assert _always_raise(e, 2000) == (2000, [])
    assert e.unwrapped.state_now.phase is gleek.Phase.AUCTION
    e = gleek.rl.env(deals=1, max_steps=40)
    e.reset(seed=3)
    taken, done = _always_raise(e, 2000)
    assert taken == 40
    assert sorted(a for a, *_ in done) == ["seat_0", "seat_1", "seat_2"]
    assert all(
        not term and trunc and info == {"chips": 0} and mask == 0
        for _, term, trunc, info, mask in done
    )
    e.reset(seed=3)  # a reset counts again from 0
    assert _always_raise(e, 2000)[0] == 40
    raw = gleek.rl.raw_env(deals=1, max_steps=3)
    raw.reset(seed=0)
    for _ in range(3):
        raw.step(104)  # play 4C in the auction: a penalty, no move
    assert all(raw.truncations.values()) and raw.rewards[raw.agent_selection] == -1.0
    # a session that ends by its deals on the last step allowed is terminated, not truncated
    full = gleek.rl.raw_env(deals=1)
    full.reset(seed=5)
    n = 0
    while not any(full.terminations.values()):
        legal = gleek.legal_actions(full.state_now)
        full.step(action_index(legal[0], legal))
        n += 1
    exact = gleek.rl.raw_env(deals=1, max_steps=n)
    exact.reset(seed=5)
    for _ in range(n):
        legal = gleek.legal_actions(exact.state_now)
        exact.step(action_index(legal[0], legal))
    assert all(exact.terminations.values()) and not any(exact.truncations.values())


@pytest.mark.parametrize("bad", [0, -1, True, 2.5, "10"])
def test_max_steps_must_be_none_or_positive(bad: object) -> None:
    with pytest.raises(ArgumentError, match="max_steps must be None or a positive whole number"):
        gleek.rl.env(max_steps=bad)  # type: ignore[arg-type]


def test_pettingzoo_api_with_max_steps() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(gleek.rl.env(deals=2, max_steps=25), num_cycles=200)
