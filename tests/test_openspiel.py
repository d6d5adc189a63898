"""gleek.rl.openspiel: Gleek as an OpenSpiel game, checked by OpenSpiel's own tests and bots."""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots
from open_spiel.python.bots import uniform_random
from open_spiel.python.observation import make_observation

import gleek
from gleek.rl import openspiel as gos
from gleek.rl.tensor import TENSOR_SIZE, encode

PARAMS = {"profile": "cotton", "variants": "play-high"}


def _game(**params: object) -> pyspiel.Game:
    return pyspiel.load_game(gos.GAME_NAME, {**PARAMS, **params})


def _sampled(**params: object) -> pyspiel.Game:
    return pyspiel.load_game(gos.SAMPLED_GAME_NAME, {**PARAMS, "rng_seed": 5, **params})


def _play(state: pyspiel.State, rng: random.Random, moves: int = 10_000) -> pyspiel.State:
    """``state`` played at random (chance by its probabilities) for up to ``moves`` moves."""
    while not state.is_terminal() and moves > 0:
        if state.is_chance_node():
            cards, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(cards, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            moves -= 1
    return state


@pytest.mark.parametrize("profile", gleek.list_profiles())
def test_openspiel_random_simulation_test_passes(profile: str) -> None:
    """OpenSpiel's own consistency checks (``RandomSimTest``: legal actions, chance outcomes,
    strings, tensors, returns, clones), on every profile, and with serialisation round trips."""
    game = pyspiel.load_game(gos.GAME_NAME, {"profile": profile})
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_the_game_loads_by_name_with_its_parameters() -> None:
    game = _game()
    assert str(game) == ("python_gleek(dealer=0,max_moves=300,profile=cotton,variants=play-high)")
    assert game.num_players() == 3
    assert game.num_distinct_actions() == gleek.rl.N_ACTIONS
    assert game.max_chance_outcomes() == 44
    assert game.information_state_tensor_shape() == [TENSOR_SIZE]
    assert game.observation_tensor_shape() == [TENSOR_SIZE]
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert [c for c, _ in outcomes] == list(range(44))
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    state.apply_action(0)
    assert len(state.chance_outcomes()) == 43
    assert 0 not in dict(state.chance_outcomes())


def test_the_deck_drawn_is_the_deal_the_engine_deals() -> None:
    state = _game(dealer=2).new_initial_state()
    order = list(range(43, -1, -1))
    for c in order:
        state.apply_action(c)
    want = gleek.new_deal(
        gleek.load_profile("cotton", ["play-high"]), 2, deck=[gleek.DECK[i] for i in order]
    )
    assert state.gleek_state == want
    assert state.current_player() == want.to_act
    assert state.action_to_string(-1, 0) == "deal AS"


def test_moves_are_the_rl_action_indices_and_returns_are_chips() -> None:
    state = _play(_game().new_initial_state(), random.Random(4))
    s = state.gleek_state
    assert s is not None and s.is_over
    assert state.returns() == [float(c) for c in gleek.outcome(s).chips]
    moves = [h.action for h in state.full_history() if h.player >= 0]
    assert [gleek.rl.action_index(a, ()) for _, a in s.history if a.kind == "play"] == [
        m for m in moves if m >= 61
    ]


def test_returns_are_zero_until_the_end() -> None:
    state = _play(_game().new_initial_state(), random.Random(2), moves=20)
    assert not state.is_terminal()
    assert state.returns() == [0.0, 0.0, 0.0]


def test_max_moves_cuts_a_deal_off_with_the_chips_paid_so_far() -> None:
    state = _play(_game(max_moves=3).new_initial_state(), random.Random(1))
    assert state.is_terminal() and state.truncated
    assert state.legal_actions() == []
    s = state.gleek_state
    assert state.returns() == [float(c) for c in s.chips]
    done = _play(_game().new_initial_state(), random.Random(1))
    assert not done.truncated


def test_information_state_and_observation_strings_and_tensors() -> None:
    state = _play(_game().new_initial_state(), random.Random(7), moves=30)
    s = state.gleek_state
    for p in range(3):
        seen = gleek.observation(s, p)
        info = state.information_state_string(p)
        assert info.startswith(str(seen)) and "\nmoves: " in info and "\npaid: " in info
        assert state.observation_string(p) == str(seen)
        assert np.array_equal(state.information_state_tensor(p), encode(seen))
        assert np.array_equal(state.observation_tensor(p), encode(seen))
    # the named views of the observer are the tensor's blocks
    obs = make_observation(_game())
    obs.set_from(state, 1)
    assert int(obs.dict["hand"].sum()) == len(s.hand(1))
    assert int(obs.dict["seat"].argmax()) == 1


def test_nobody_sees_a_card_before_the_deal_is_complete() -> None:
    state = _game().new_initial_state()
    for c in range(10):
        state.apply_action(c)
    assert state.information_state_string(0) == "seat 0; dealing: 10 of 44 cards drawn"
    assert str(state) == "dealing: 10 of 44 cards drawn"
    x = np.asarray(state.information_state_tensor(2))
    assert x.sum() == 1 and x[2] == 1


def test_only_a_seats_own_view_is_observed() -> None:
    game = _game()
    kind = pyspiel.IIGObservationType(
        perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
    )
    with pytest.raises(gleek.GleekError, match="own view"):
        make_observation(game, kind)
    with pytest.raises(gleek.GleekError, match="not supported"):
        game.make_py_observer(None, {"x": 1})


def test_parameters_are_checked() -> None:
    with pytest.raises(Exception, match="nonesuch"):
        pyspiel.load_game(gos.GAME_NAME, {"profile": "nonesuch"})
    with pytest.raises(gleek.GleekError, match="dealer"):
        gos.GleekGame({"dealer": 3})
    with pytest.raises(gleek.GleekError, match="max_moves must be a whole number 1 to 1000"):
        gos.GleekGame({"max_moves": 1001})
    with pytest.raises(gleek.GleekError, match="unknown parameter"):
        gos.GleekGame({"seed": 3})
    with pytest.raises(gleek.GleekError, match="strings"):
        gos.GleekGame({"profile": 3})


def test_serialisation_round_trips() -> None:
    game = _game()
    rng = random.Random(5)
    state = _play(game.new_initial_state(), rng, moves=25)
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game)
    assert state2.history() == state.history()
    for p in range(3):
        assert state2.information_state_string(p) == state.information_state_string(p)
    copy = pickle.loads(pickle.dumps(state))
    assert copy.history() == state.history()
    # the copies play on as the original does
    moves = _play(state.clone(), random.Random(9)).history()
    assert _play(state2, random.Random(9)).history() == moves
    assert _play(copy, random.Random(9)).history() == moves


def test_a_clone_is_independent() -> None:
    state = _play(_game().new_initial_state(), random.Random(3), moves=5)
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert len(clone.history()) == len(state.history()) + 1
    assert clone.gleek_state != state.gleek_state


def test_resampled_worlds_keep_the_seats_information_state() -> None:
    rng = random.Random(11)
    state = _game().new_initial_state()
    checked = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([c for c, _ in state.chance_outcomes()]))
            continue
        p = state.current_player()
        world = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(checked, 0, 1))
        assert world.information_state_string(p) == state.information_state_string(p)
        assert world.legal_actions() == state.legal_actions()
        checked += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 40


def test_resampling_reproduces_from_the_sampler_and_varies_with_it() -> None:
    state = _play(_game().new_initial_state(), random.Random(6), moves=20)
    p = state.current_player()

    def world(seed: int) -> list[int]:
        sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
        return list(state.resample_from_infostate(p, sampler).history())

    assert world(1) == world(1)
    assert len({tuple(world(s)) for s in range(5)}) > 1
    # during the deal: any cards, as many as drawn
    early = _game().new_initial_state()
    for c in range(5):
        early.apply_action(c)
    drawn = early.resample_from_infostate(0, random.Random(1).random)
    assert len(drawn.history()) == 5 and drawn.is_chance_node()


@pytest.mark.parametrize("make", [_game, _sampled], ids=["explicit", "sampled"])
def test_ismcts_plays_a_deal_with_evaluate_bots_and_reproduces(
    make: Callable[[], pyspiel.Game],
) -> None:
    """OpenSpiel's ISMCTS under ``evaluate_bots``, on either deal; the same seeds, the same
    returns (the sampled game made again deals the same deal)."""

    def run() -> list[float]:
        game = make()
        bots = [
            gos.ismcts_bot(game, 4, seed=1),
            uniform_random.UniformRandomBot(1, np.random.RandomState(2)),
            uniform_random.UniformRandomBot(2, np.random.RandomState(3)),
        ]
        return list(
            evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(4))
        )

    first = run()
    assert len(first) == 3 and all(float(r).is_integer() for r in first)
    assert run() == first


def test_the_action_strings_name_gleek_actions() -> None:
    state = _game().new_initial_state()
    for c in range(44):
        state.apply_action(c)
    rng = random.Random(2)
    while state.gleek_state.phase is not gleek.Phase.PLAY:
        state.apply_action(rng.choice(state.legal_actions()))
    p = state.current_player()
    names = {state.action_to_string(p, a) for a in state.legal_actions()}
    assert names == {str(a) for a in gleek.legal_actions(state.gleek_state)}
    assert state.action_to_string(p, 8) == "bid slot 7"


def test_a_state_of_another_game_is_refused() -> None:
    world = gleek.new_deal(gleek.load_profile("cotton", ["play-high"]), dealer=1, seed=1)
    with pytest.raises(gleek.GleekError, match="not a state of this game"):
        gos.state_from(_game(), world)
    state = gos.state_from(_game(dealer=1), world)
    assert state.gleek_state == world and len(state.history()) == 44


def test_the_python_answers_are_the_cpp_ones() -> None:
    """``legal_actions``, ``is_chance_node`` and ``is_player_node`` answer Python callers
    directly; OpenSpiel's own (through C++) give the same answers at every node."""
    rng = random.Random(8)
    for max_moves in (300, 5):
        state = _game(max_moves=max_moves).new_initial_state()
        while True:
            for p in (None, 0, 1, 2):
                args = () if p is None else (p,)
                assert state.legal_actions(*args) == pyspiel.State.legal_actions(state, *args)
            assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
            assert state.is_player_node() == pyspiel.State.is_player_node(state)
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))


def _cpp_history(state: pyspiel.State) -> list[int]:
    """The history OpenSpiel's C++ ``State`` holds (not the Python override)."""
    return list(pyspiel.State.history(state))


@pytest.mark.parametrize("profile", gleek.list_profiles())
def test_python_and_cpp_steps_mix_and_their_histories_agree(profile: str) -> None:
    """A Python ``apply_action`` does not cross into C++ (C++'s history is then behind, a
    prefix of the state's); C++'s ``ApplyAction`` brings it up to date first, and so do
    ``serialize``, pickling, ``full_history`` and ``pyspiel.serialize_game_and_state``. Python
    steps, C++ steps, C++ and Python clones and children mixed at random, on every profile's
    deal: every view of the history agrees."""
    rng = random.Random(12)
    game = pyspiel.load_game(gos.GAME_NAME, {"profile": profile})
    state = game.new_initial_state()
    checked = 0
    while not state.is_terminal():
        whole = state.history()
        assert state.move_number() == len(whole)
        assert _cpp_history(state) == whole[: pyspiel.State.move_number(state)]
        if rng.random() < 0.2:  # C++ reads the history: brought up to date first
            kind = rng.randrange(4)
            if kind == 0:
                text = state.serialize()
                assert text.splitlines()[0] == "history=" + ",".join(
                    f"{h.player}:{h.action}" for h in state.full_history()
                )
                again = game.deserialize_state(text)
            elif kind == 1:
                _, again = pyspiel.deserialize_game_and_state(
                    pyspiel.serialize_game_and_state(game, state)
                )
            elif kind == 2:
                again = pickle.loads(pickle.dumps(state))
            else:
                again = pyspiel.State.clone(state)  # C++'s Clone: C++'s history as it is
                assert _cpp_history(again) == _cpp_history(state)
                assert again.history() == whole
                again.sync()
                state.sync()
            assert _cpp_history(state) == whole == _cpp_history(again) == again.history()
            assert pyspiel.State.history_str(state) == state.history_str()
            assert pyspiel.State.move_number(again) == again.move_number() == len(whole)
            players = [h.player for h in state.full_history()]
            assert players[:44] == [-1] * min(44, len(whole))
            assert all(0 <= p < 3 for p in players[44:])
            assert str(again) == str(state)
            for p in range(3):
                assert again.information_state_string(p) == state.information_state_string(p)
            assert pyspiel.State.is_initial_state(state) == state.is_initial_state()
            assert (
                pyspiel.State.is_initial_non_chance_state(state)
                == state.is_initial_non_chance_state()
            )
            checked += 1
        legal = state.legal_actions()
        action = rng.choice(legal)
        how = rng.randrange(5)
        if how == 0:  # C++: its history is brought up to date, then extended
            pyspiel.State.apply_action(state, action)
            assert _cpp_history(state) == [*whole, action]
        elif how == 1:
            pyspiel.State.apply_action_with_legality_check(state, action)
            assert _cpp_history(state) == [*whole, action]
        elif how == 2:  # a child, in Python or by C++
            child = (
                state.child(action) if rng.random() < 0.5 else pyspiel.State.child(state, action)
            )
            assert child.history() == [*whole, action] and state.history() == whole
            state = child
        else:
            state.apply_action(action)
        assert state.history() == [*whole, action]
        assert "current_player" not in vars(state) and "_apply_action" not in vars(state)
    assert checked > 10
    assert state.sync().history() == _cpp_history(state)
    assert state.returns() == pyspiel.State.returns(state)
    end = state.gleek_state
    assert end is not None and end.is_over
    assert state.returns() == [float(c) for c in gleek.outcome(end).chips]


def test_a_python_clone_plays_on_alone() -> None:
    """``clone`` copies the data changed in place (the cards left while dealing), so the
    original and the clone go their own ways, before and after the deal is complete."""
    state = _game().new_initial_state()
    for c in range(20):
        state.apply_action(c)
    clone = state.clone()
    clone.apply_action(30)
    state.apply_action(31)
    assert 30 in state.legal_actions() and 31 not in state.legal_actions()
    assert 31 in clone.legal_actions() and 30 not in clone.legal_actions()
    assert state.history() == [*range(20), 31] and clone.history() == [*range(20), 30]
    with pytest.raises(gleek.GleekError, match="not a card left to draw"):
        state.apply_action(31)
    done = _play(state, random.Random(1))
    with pytest.raises(gleek.GleekError, match="the deal is over"):
        done.apply_action(0)


# -- the sampled deal: python_gleek_sampled (SAMPLED_STOCHASTIC)


@pytest.mark.parametrize("profile", gleek.list_profiles())
def test_sampled_random_simulation_test_passes(profile: str) -> None:
    """OpenSpiel's ``RandomSimTest`` on the sampled game, every profile. (Its serialising run
    asks the game's ``GetRNGState`` in C++, which a Python game cannot give: the round trips
    are checked through the Python entry points below.)"""
    game = pyspiel.load_game(gos.SAMPLED_GAME_NAME, {"profile": profile, "rng_seed": 1})
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_the_sampled_game_starts_dealt_and_reproduces_from_its_seed() -> None:
    game = _sampled()
    assert str(game) == (
        "python_gleek_sampled(dealer=0,max_moves=300,profile=cotton,rng_seed=5,variants=play-high)"
    )
    assert game.max_chance_outcomes() == 0
    state = game.new_initial_state()
    assert not state.is_chance_node() and state.chance_outcomes() == []
    assert state.history() == [] and state.is_initial_state()
    s = state.gleek_state
    assert s is not None and s.dealer == 0 and state.current_player() == s.to_act
    assert sum(len(s.hand(p)) for p in range(3)) == 36

    def deals(g: pyspiel.Game, n: int = 4) -> list[str]:
        return [str(g.new_initial_state().gleek_state.deck) for _ in range(n)]

    first = deals(game)
    assert len(set(first)) == 4  # each new state the next deal
    assert deals(_sampled()) == [str(s.deck), *first[:3]]  # the same seed, the same deals
    assert deals(_sampled(rng_seed=6)) != deals(_sampled())
    # a pickled game deals on where the game was (what OpenSpiel's own sampled games do)
    copy = pickle.loads(pickle.dumps(game))
    assert deals(copy) == deals(game)
    assert len({deals(_sampled(rng_seed=-1), 1)[0] for _ in range(3)}) == 3  # the system's
    # the deal is the engine's own from the draws: a played deal ends in chips
    done = _play(state, random.Random(3))
    assert done.returns() == [float(c) for c in gleek.outcome(done.gleek_state).chips]
    assert all(h.player >= 0 for h in done.full_history())


def test_the_sampled_games_parameters_are_checked() -> None:
    with pytest.raises(gleek.GleekError, match="rng_seed must be a whole number"):
        gos.GleekSampledGame({"rng_seed": -2})
    with pytest.raises(gleek.GleekError, match="rng_seed must be a whole number"):
        gos.GleekSampledGame({"rng_seed": "1"})
    with pytest.raises(gleek.GleekError, match="python_gleek_sampled: unknown parameter"):
        gos.GleekSampledGame({"seed": 1})
    with pytest.raises(gleek.GleekError, match="unknown parameter"):
        gos.GleekGame({"rng_seed": 1})


def test_sampled_serialisation_and_clones_carry_the_deal() -> None:
    game = _sampled()
    state = _play(game.new_initial_state(), random.Random(5), moves=25)
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game)
    copy = pickle.loads(pickle.dumps(state))
    clone = state.clone()
    cpp_clone = pyspiel.State.clone(state)
    for other in (state2, copy, clone, cpp_clone):
        assert other.history() == state.history() and len(state.history()) == 25
        assert other.gleek_state == state.gleek_state
        for p in range(3):
            assert other.information_state_string(p) == state.information_state_string(p)
    moves = _play(state.clone(), random.Random(9)).history()
    for other in (state2, copy, clone, cpp_clone):
        assert _play(other, random.Random(9)).history() == moves
    # C++ steps and Python steps mix as in the explicit game
    mixed = game.new_initial_state()
    rng = random.Random(2)
    while not mixed.is_terminal():
        action = rng.choice(mixed.legal_actions())
        if rng.random() < 0.3:
            pyspiel.State.apply_action(mixed, action)
        else:
            mixed.apply_action(action)
    assert mixed.sync().history() == _cpp_history(mixed)


def test_sampled_resampled_worlds_keep_the_seats_information_state() -> None:
    rng = random.Random(11)
    state = _sampled().new_initial_state()
    checked = 0
    while not state.is_terminal():
        p = state.current_player()
        sampler = pyspiel.UniformProbabilitySampler(checked, 0, 1)
        world = state.resample_from_infostate(p, sampler)
        assert isinstance(world.get_game(), gos.GleekSampledGame)
        assert len(world.history()) == len(state.history())  # (others' discards differ)
        assert world.information_state_string(p) == state.information_state_string(p)
        assert world.legal_actions() == state.legal_actions()
        checked += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 40
