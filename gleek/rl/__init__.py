"""Gleek for reinforcement learning: a PettingZoo environment, an observation tensor, and a
Gymnasium wrapper for one learning seat. Needs the optional extra: ``pip install 'gleek[rl]'``.

Importing it registers :data:`GYM_ID` (``gleek/Gleek-v0``, :class:`SingleSeatEnv`) with
Gymnasium, so ``gymnasium.make("gleek/Gleek-v0", profile=..., opponents=...)`` works after
``import gleek.rl`` (or, with no import, ``gymnasium.make("gleek.rl:gleek/Gleek-v0")``).

>>> import gleek.rl
>>> env = gleek.rl.env(profile="parlett", deals=1)
>>> env.reset(seed=7)
>>> obs, reward, terminated, truncated, info = env.last()
>>> obs["observation"].shape == (gleek.rl.TENSOR_SIZE,), int(obs["action_mask"].sum())
(True, 1)
"""

from __future__ import annotations

try:
    import gymnasium as _gymnasium
    import numpy as _numpy  # noqa: F401
    import pettingzoo as _pettingzoo  # noqa: F401
except ImportError as _exc:  # pragma: no cover - exercised in a separate process by the tests
    raise ImportError(
        f"gleek.rl needs the optional extra 'rl' ({_exc.name} is missing): pip install 'gleek[rl]'"
    ) from None

from gleek.rl.actions import (
    ACTION_LAYOUT,
    N_ACTIONS,
    action_index,
    action_mask,
    index_action,
)
from gleek.rl.env import GleekEnv, env, raw_env
from gleek.rl.gym import SingleSeatEnv
from gleek.rl.tensor import TENSOR_LAYOUT, TENSOR_SIZE, encode

GYM_ID = "gleek/Gleek-v0"
"""Gymnasium's id of :class:`SingleSeatEnv` (registered when ``gleek.rl`` is imported)."""

if GYM_ID not in _gymnasium.registry:  # pragma: no branch - (a reload finds it registered)
    _gymnasium.register(id=GYM_ID, entry_point="gleek.rl.gym:SingleSeatEnv")

__all__ = [
    "ACTION_LAYOUT",
    "GYM_ID",
    "N_ACTIONS",
    "TENSOR_LAYOUT",
    "TENSOR_SIZE",
    "GleekEnv",
    "SingleSeatEnv",
    "action_index",
    "action_mask",
    "encode",
    "env",
    "index_action",
    "raw_env",
]
