"""Gleek for reinforcement learning: a PettingZoo environment, an observation tensor, and a
Gymnasium wrapper for one learning seat. Needs the optional extra: ``pip install 'gleek[rl]'``.

>>> import gleek.rl
>>> env = gleek.rl.env(profile="parlett", deals=1)
>>> env.reset(seed=7)
>>> obs, reward, terminated, truncated, info = env.last()
>>> obs["observation"].shape == (gleek.rl.TENSOR_SIZE,), int(obs["action_mask"].sum())
(True, 1)
"""

from __future__ import annotations

try:
    import gymnasium as _gymnasium  # noqa: F401
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

__all__ = [
    "ACTION_LAYOUT",
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
