"""A PettingZoo AEC environment: three seats play a session of ``deals`` deals.

Agents are ``seat_0``, ``seat_1``, ``seat_2``. Each observation is a dict: ``observation``, the
:func:`~gleek.rl.tensor.encode` vector of what that seat knows, and ``action_mask``, 1 at the
legal actions of the seat to act (all 0 for the others). Actions are indices of the fixed action
space of :mod:`gleek.rl.actions`. The reward is the chips each seat won in a deal, given when
the deal ends; the dealer passes to the left and the ruff stake carries between deals, as in a
real session. ``reset(seed=...)`` fixes every deal of the session.
``render_mode="ansi"``: :meth:`GleekEnv.render` returns the deal as text; ``"svg"``: as an SVG
picture (:func:`gleek.svg.draw`, every hand face up). An index that is in the action space but
not legal now is handled by ``illegal`` (:data:`~gleek.rl.actions.ILLEGAL_POLICIES`: by default
a ``penalty`` of ``penalty`` chips and no move, with ``infos[agent]["illegal"]`` set).
The auction has no ceiling (each raise is the increment, and nothing caps it), so agents that
always raise never end a deal: ``max_steps`` truncates the session after that many steps (the
default None never does), every agent's truncation set, as PettingZoo's ``max_cycles`` does.

>>> e = env(profile="pi", deals=1)
>>> e.reset(seed=3)
>>> e.agent_selection
'seat_1'
>>> for agent in e.agent_iter():
...     obs, reward, terminated, truncated, info = e.last()
...     legal = obs["action_mask"].nonzero()[0]
...     e.step(None if terminated else int(legal[0]))
>>> sum(e._cumulative_rewards.values()) <= 0
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from gleek.carry import Carried, carry_over
from gleek.errors import ArgumentError
from gleek.profile import Profile, load_profile
from gleek.rl.actions import (
    N_ACTIONS,
    action_mask,
    check_index,
    check_policy,
    find_legal,
    on_illegal,
)
from gleek.rl.tensor import TENSOR_SIZE, Encoder
from gleek.state import Action, State, apply, legal_actions, new_deal, observation, outcome

__all__ = ["GleekEnv", "env", "raw_env"]

AGENTS = ("seat_0", "seat_1", "seat_2")
BOUND = float(np.finfo(np.float32).max)
"""The observation space's bounds: every finite float32, so that a profile of very large
amounts still observes inside the space (the vector is clipped to them)."""


def bounded(x: np.ndarray[Any, np.dtype[np.float32]]) -> np.ndarray[Any, np.dtype[np.float32]]:
    """The vector clipped to the observation space (amounts past float32's range)."""
    # (two reductions, no temporary array: a NaN fails both comparisons)
    if not (x.max() <= BOUND and x.min() >= -BOUND):
        np.clip(np.nan_to_num(x, nan=0.0), -BOUND, BOUND, out=x)
    return x


def check_seed(seed: object) -> int | None:
    """A seed for ``reset``: a whole number from 0 (as Gymnasium's seeds), or None."""
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int | np.integer)):
        raise ArgumentError(f"seed must be an int or None, not {seed!r:.40}")
    if seed is not None and seed < 0:
        raise ArgumentError(f"seed must be 0 or more (or None), not {int(seed)}")
    return None if seed is None else int(seed)


def profile_arg(profile: str | Profile, variants: str | Sequence[str]) -> Profile:
    if isinstance(profile, Profile):
        if variants:
            raise ArgumentError("give variants with a profile name, not with a Profile")
        return profile
    if not isinstance(profile, str):
        raise ArgumentError(f"profile must be a name or a Profile, not {profile!r}")
    names = [variants] if isinstance(variants, str) else list(variants)
    return load_profile(profile, names)


class GleekEnv(AECEnv[str, dict[str, Any], int]):  # type: ignore[misc]  # untyped base
    """The raw environment (see the module documentation); :func:`env` wraps it."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "svg"],
        "name": "gleek_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        profile: str | Profile = "parlett",
        variants: str | Sequence[str] = (),
        deals: int = 3,
        render_mode: str | None = None,
        *,
        illegal: str = "penalty",
        penalty: float = 1.0,
        max_steps: int | None = None,
    ) -> None:
        super().__init__()
        if not isinstance(deals, int) or isinstance(deals, bool) or deals < 1:
            raise ArgumentError(f"deals must be a positive whole number, not {deals!r}")
        if max_steps is not None and (
            not isinstance(max_steps, int) or isinstance(max_steps, bool) or max_steps < 1
        ):
            raise ArgumentError(
                f"max_steps must be None or a positive whole number, not {max_steps!r:.40}"
            )
        self.max_steps = max_steps
        self._steps = 0
        self.illegal, self.penalty = check_policy(illegal, penalty)
        if render_mode not in (None, "ansi", "svg"):
            raise ArgumentError(f"render_mode must be None, 'ansi' or 'svg', not {render_mode!r}")
        self.profile = profile_arg(profile, variants)
        self.deals = deals
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(-BOUND, BOUND, (TENSOR_SIZE,), np.float32),
                "action_mask": spaces.Box(0, 1, (N_ACTIONS,), np.int8),
            }
        )
        self._act_space = spaces.Discrete(N_ACTIONS)
        self.observation_spaces = dict.fromkeys(self.possible_agents, self._obs_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, self._act_space)
        self._rng = random.Random()
        self._encode = Encoder()  # reads only what each seat's history added since its last step
        self._state: State | None = None
        self._legal: tuple[Action, ...] = ()
        self._deal = 0
        self._scores = [0, 0, 0]
        self._over = False

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_space

    @property
    def state_now(self) -> State:
        """The deal in progress (all hands: for tests and rendering, not for agents)."""
        if self._state is None:
            raise ArgumentError("call reset() first")
        return self._state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        seed = check_seed(seed)
        self._rng = random.Random(seed if seed is not None else random.SystemRandom().random())
        self._over = False
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._deal = 0
        self._steps = 0
        self._scores = [0, 0, 0]
        self._start_deal(0, None)

    def _start_deal(self, dealer: int, stake: int | None) -> None:
        seed = self._rng.getrandbits(64)
        self._state = new_deal(self.profile, dealer, seed=seed, ruff_stake=stake)
        self._select()

    def _select(self) -> None:
        s = self.state_now
        seat = s.to_act
        self._legal = legal_actions(s) if seat is not None else ()
        self.agent_selection = AGENTS[seat if seat is not None and 0 <= seat <= 2 else 0]

    def _seat(self, agent: object) -> int:
        if agent not in AGENTS:
            raise ArgumentError(f"unknown agent {agent!r:.40}; the agents are {', '.join(AGENTS)}")
        return AGENTS.index(agent)

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self._seat(agent)
        s = self.state_now
        mask = (
            action_mask(self._legal)
            if not self._over and not s.is_over and s.to_act == seat
            else np.zeros(N_ACTIONS, dtype=np.int8)
        )
        vector = bounded(self._encode(observation(s, seat)))
        return {"observation": vector, "action_mask": mask}

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation, reward, termination, truncation and info."""
        self.state_now  # noqa: B018  (before reset: say so)
        if self._over and not self.agents:
            raise ArgumentError("the session is over: every agent has left; call reset()")
        return super().last(observe)  # type: ignore[no-any-return]

    def step(self, action: int | None) -> None:
        s = self.state_now
        if self._over and not self.agents:
            raise ArgumentError("the session is over: call reset() before stepping again")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise ArgumentError(
                    f"{agent} has finished: step(None) for it, or reset() for a new session"
                )
            self._was_dead_step(action)
            return
        if action is None:
            raise ArgumentError(f"{agent} must act: give an action index, not None")
        index = check_index(action, f"{agent}: ")
        legal = self._legal
        chosen = find_legal(index, legal)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        for a in self.agents:
            self.infos[a].pop("illegal", None)
        if chosen is None:
            chosen = on_illegal(index, legal, self.illegal, self._rng, f"{agent}: ")
            self.infos[agent]["illegal"] = True
            if chosen is None:  # the penalty, and no move
                self.rewards[agent] = -self.penalty
                self._count_step()
                self._accumulate_rewards()
                return
        s = apply(s, chosen)
        self._state = s
        if s.is_over:
            res = outcome(s)
            for seat, a in enumerate(AGENTS):
                self.rewards[a] = float(res.chips[seat])
            sc = self._scores
            now = Carried((sc[0], sc[1], sc[2]), 0, s.dealer, res.ruff_stake)
            after = carry_over(self.profile, now, res.chips, res.pot, res.ruff_stake)
            self._scores = list(after.chips)
            self._deal += 1
            if self._deal >= self.deals:
                self._end(self.terminations)
            else:
                self._start_deal(after.dealer, after.stake)
        else:
            self._select()
        self._count_step()
        self._accumulate_rewards()

    def _end(self, flags: dict[str, bool]) -> None:
        """The session ends: each agent's termination or truncation (``flags``) set, and its
        chips over the deals that ended in ``infos``."""
        self._over = True
        self._legal = ()
        for a in self.agents:
            flags[a] = True
            self.infos[a] = {"chips": self._scores[AGENTS.index(a)]}

    def _count_step(self) -> None:
        """One more step; at ``max_steps`` (unless the session has just ended) every agent is
        truncated, in the middle of the deal."""
        self._steps += 1
        if not self._over and self.max_steps is not None and self._steps >= self.max_steps:
            self._end(self.truncations)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        s = self.state_now
        if self.render_mode == "svg":
            from gleek.svg import draw

            return draw(s)
        head = (
            f"deal {min(self._deal + 1, self.deals)} of {self.deals}; "
            f"chips so far {self._scores[0]:+d} {self._scores[1]:+d} {self._scores[2]:+d}"
        )
        return f"{head}\n{s}"

    def close(self) -> None:
        pass


def raw_env(
    profile: str | Profile = "parlett",
    variants: str | Sequence[str] = (),
    deals: int = 3,
    render_mode: str | None = None,
    *,
    illegal: str = "penalty",
    penalty: float = 1.0,
    max_steps: int | None = None,
) -> GleekEnv:
    """The environment without PettingZoo's checking wrappers."""
    return GleekEnv(
        profile,
        variants,
        deals,
        render_mode,
        illegal=illegal,
        penalty=penalty,
        max_steps=max_steps,
    )


class _InOrder(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's order enforcing, its misuses said by the library's :class:`ArgumentError`
    (PettingZoo asserts): a call before ``reset``, a step after every agent has left (PettingZoo
    only warns, and steps nothing), an ``agent_iter`` loop that neither steps nor resets."""

    def _ready(self) -> None:
        if not self._has_reset:
            raise ArgumentError("call reset() first")

    def step(self, action: Any) -> None:
        self._ready()
        if not self.agents:
            raise ArgumentError("the session is over: call reset() before stepping again")
        self._has_updated = True
        self.env.step(action)

    def last(self, observe: bool = True) -> Any:
        self._ready()
        return self.env.last(observe)

    def observe(self, agent: Any) -> Any:
        self._ready()
        return self.env.observe(agent)

    def render(self) -> Any:
        self._ready()
        return self.env.render()

    def state(self) -> Any:
        self._ready()
        return self.env.state()

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        self._ready()
        return _Turns(self, max_iter)


class _Turns:
    """``agent_iter``: the agent to act, as long as any is left (at most ``max_iter`` turns),
    each turn taken by a ``step`` (or ``reset``) before the next."""

    def __init__(self, wrapped: _InOrder, max_iter: int) -> None:
        self.wrapped = wrapped
        self.left = max_iter

    def __iter__(self) -> _Turns:
        return self

    def __next__(self) -> Any:
        w = self.wrapped
        if not w.agents or self.left <= 0:
            raise StopIteration
        if not w._has_updated:
            raise ArgumentError("each turn of agent_iter() must call step() (or reset())")
        w._has_updated = False
        self.left -= 1
        return w.agent_selection


def env(
    profile: str | Profile = "parlett",
    variants: str | Sequence[str] = (),
    deals: int = 3,
    render_mode: str | None = None,
    *,
    illegal: str = "penalty",
    penalty: float = 1.0,
    max_steps: int | None = None,
) -> Any:
    """The environment in PettingZoo's order-enforcing wrapper, its misuses said by
    :class:`~gleek.errors.ArgumentError` (a call before ``reset``, a step after the session
    ended); an action out of the space is the environment's own :class:`ArgumentError`."""
    e: Any = raw_env(
        profile,
        variants,
        deals,
        render_mode,
        illegal=illegal,
        penalty=penalty,
        max_steps=max_steps,
    )
    return _InOrder(e)
