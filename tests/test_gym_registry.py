"""Gleek in Gymnasium's registry: ``gymnasium.make("gleek/Gleek-v0", ...)``."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import gleek.rl
from gleek.errors import ArgumentError
from gleek.sim.bots import BasicBot, RandomBot


def test_the_id_makes_a_single_seat_env_with_bots_by_name() -> None:
    env = gymnasium.make(gleek.rl.GYM_ID, profile="cotton", opponents=("basic", "random"))
    inner = env.unwrapped
    assert isinstance(inner, gleek.rl.SingleSeatEnv)
    assert inner.profile.id == "cotton"
    assert [type(b) for b in inner._bots.values()] == [BasicBot, RandomBot]
    obs, info = env.reset(seed=3)
    assert isinstance(obs, np.ndarray) and obs.shape == (gleek.rl.TENSOR_SIZE,)
    assert info["action_mask"].sum() >= 1


def test_the_id_passes_gymnasiums_check_env() -> None:
    env = gymnasium.make(gleek.rl.GYM_ID, profile="pi", opponents=["rules", "random"], deals=1)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no warning either
        check_env(env.unwrapped, skip_render_check=True)


def test_the_module_form_of_the_id_imports_gleek_rl_itself() -> None:
    env = gymnasium.make("gleek.rl:gleek/Gleek-v0", deals=1)
    assert env.spec is not None and env.spec.id == gleek.rl.GYM_ID


def test_reset_without_a_seed_goes_on_from_the_last_seed() -> None:
    env = gymnasium.make(gleek.rl.GYM_ID, opponents=("random", "random"))
    env.reset(seed=5)
    first = env.reset()[0]
    env.reset(seed=5)
    assert np.array_equal(env.reset()[0], first)


def test_an_unknown_bot_name_is_refused() -> None:
    with pytest.raises(ArgumentError, match="unknown bot 'nobody'"):
        gymnasium.make(gleek.rl.GYM_ID, opponents=("nobody", "random"))


def test_opponents_that_are_neither_list_nor_tuple_are_checked_as_bots() -> None:
    with pytest.raises(ArgumentError, match="two bots"):
        gleek.rl.SingleSeatEnv(opponents=range(2))
