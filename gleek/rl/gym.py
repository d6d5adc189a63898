"""One seat learns, two bots play the others: a Gymnasium environment.

:class:`SingleSeatEnv` runs a session of ``deals`` deals; the learner sits in ``seat`` and the
two ``opponents`` (any objects with ``choose(obs, legal, rng)``, or bot names as
``gleek match`` takes them, ``"random"``, ``"search:40"``...; by default two
:class:`~gleek.sim.bots.RuleAwareBot`) play the other seats in order. An index in the action
space that is not legal now is handled by ``illegal`` (see
:data:`~gleek.rl.actions.ILLEGAL_POLICIES`; by default ``-penalty`` chips and no move, with
``info["illegal"]`` True), so Gymnasium's ``check_env`` and unmasked agents can run.
Observations are the :func:`~gleek.rl.tensor.encode` vector; the legal
actions are ``info["action_mask"]`` and :meth:`SingleSeatEnv.action_masks` (the form
sb3-contrib's MaskablePPO reads). The reward is the learner's chips, when each deal ends.

>>> from gleek.sim.bots import BasicBot
>>> e = SingleSeatEnv(profile="parlett", opponents=(BasicBot(), BasicBot()), deals=1)
>>> SingleSeatEnv().reset(seed=1)[0].shape   # two rule-aware bots by default
(2488,)
>>> obs, info = e.reset(seed=0)
>>> done = False
>>> while not done:
...     action = int(info["action_mask"].nonzero()[0][0])
...     obs, reward, done, truncated, info = e.step(action)
>>> info["chips"] == reward
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from gleek.carry import Carried, carry_over
from gleek.errors import ArgumentError
from gleek.profile_model import Profile
from gleek.rl.actions import (
    N_ACTIONS,
    action_mask,
    check_index,
    check_policy,
    find_legal,
    on_illegal,
)
from gleek.rl.env import BOUND, bounded, check_seed, profile_arg
from gleek.rl.tensor import TENSOR_SIZE, Encoder
from gleek.state import State, apply, legal_actions, new_deal, observation, outcome

__all__ = ["SingleSeatEnv"]


class SingleSeatEnv(gymnasium.Env[npt.NDArray[np.float32], int]):
    """A Gymnasium environment for the learner in ``seat`` (see the module documentation)."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012  (gymnasium declares it per instance)

    def __init__(
        self,
        profile: str | Profile = "parlett",
        opponents: Sequence[Any] | None = None,
        *,
        variants: str | Sequence[str] = (),
        seat: int = 0,
        deals: int = 3,
        render_mode: str | None = None,
        illegal: str = "penalty",
        penalty: float = 1.0,
    ) -> None:
        if opponents is None:
            from gleek.sim.bots import RuleAwareBot

            opponents = (RuleAwareBot(), RuleAwareBot())
        if isinstance(opponents, list | tuple):  # bots by name too, as gleek match names them
            from gleek.sim.match import load_bot

            opponents = [load_bot(b) if isinstance(b, str) else b for b in opponents]
        if len(opponents) != 2 or not all(callable(getattr(b, "choose", None)) for b in opponents):
            raise ArgumentError(
                "opponents must be two bots with a choose(obs, legal, rng) method, "
                f"not {opponents!r}"
            )
        self.illegal, self.penalty = check_policy(illegal, penalty)
        if isinstance(seat, bool) or seat not in (0, 1, 2):
            raise ArgumentError(f"seat must be 0, 1 or 2, not {seat!r}")
        if not isinstance(deals, int) or isinstance(deals, bool) or deals < 1:
            raise ArgumentError(f"deals must be a positive whole number, not {deals!r}")
        if render_mode not in (None, "ansi"):
            raise ArgumentError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.profile = profile_arg(profile, variants)
        self.seat = seat
        self.deals = deals
        self.render_mode = render_mode
        others = [(seat + 1) % 3, (seat + 2) % 3]
        self._bots = {others[0]: opponents[0], others[1]: opponents[1]}
        self.observation_space = spaces.Box(-BOUND, BOUND, (TENSOR_SIZE,), np.float32)
        self.action_space = spaces.Discrete(N_ACTIONS)  # type: ignore[assignment]
        self._rng = random.Random()
        self._encode = Encoder()  # reads only what the history added since the last step
        self._state: State | None = None
        self._deal = 0
        self._chips = 0

    def _now(self) -> State:
        if self._state is None:
            raise ArgumentError("call reset() first")
        return self._state

    def action_masks(self) -> npt.NDArray[np.int8]:
        """1 at each legal action of the learner now."""
        s = self._now()
        if s.is_over or s.to_act != self.seat:
            return np.zeros(N_ACTIONS, dtype=np.int8)
        return action_mask(legal_actions(s))

    def _observe(self) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        info = {"action_mask": self.action_masks(), "chips": self._chips}
        return bounded(self._encode(observation(self._now(), self.seat))), info

    def _advance(self) -> int:
        """Let the bots play until the learner is to act or the session ends; chips won."""
        won = 0
        s = self._now()
        while True:
            if s.is_over:
                res = outcome(s)
                won += res.chips[self.seat]
                self._chips += res.chips[self.seat]
                self._deal += 1
                if self._deal >= self.deals:
                    break
                now = Carried((0, 0, 0), 0, s.dealer, res.ruff_stake)
                after = carry_over(self.profile, now, res.chips, res.pot, res.ruff_stake)
                s = new_deal(
                    self.profile,
                    after.dealer,
                    seed=self._rng.getrandbits(64),
                    ruff_stake=after.stake,
                )
                continue
            seat = s.to_act
            assert seat is not None
            if seat == self.seat:
                break
            legal = legal_actions(s)
            s = apply(s, self._bots[seat].choose(observation(s, seat), legal, self._rng))
        self._state = s
        return won

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """A new session (its deals fixed by ``seed``, or drawn from where the last seed left the
        generator); the bots play until the learner acts."""
        seed = check_seed(seed)
        super().reset(seed=seed)
        if seed is not None:  # without one, the generator goes on (Gymnasium's convention)
            self._rng = random.Random(seed)
        self._deal = 0
        self._chips = 0
        self._state = new_deal(self.profile, 0, seed=self._rng.getrandbits(64))
        self._advance()
        return self._observe()

    def step(
        self, action: int
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        """The learner plays ``action`` (an index, legal now); then the bots play on.

        Returns the observation, the chips won by deals that ended (less the penalty for an
        illegal action), whether the session is over, False (no truncation) and ``info``
        (``action_mask``, ``chips`` so far, ``illegal`` if the action was not legal).
        """
        s = self._now()
        if self._deal >= self.deals:
            raise ArgumentError("the session is over: call reset() before stepping again")
        index = check_index(action)
        legal = legal_actions(s)
        chosen = find_legal(index, legal)
        substituted = chosen is None
        if chosen is None:
            chosen = on_illegal(index, legal, self.illegal, self._rng)
            if chosen is None:  # the penalty, and no move
                obs, info = self._observe()
                info["illegal"] = True
                return obs, -self.penalty, False, False, info
        self._state = apply(s, chosen)
        won = self._advance()
        obs, info = self._observe()
        if substituted:
            info["illegal"] = True
        return obs, float(won), self._deal >= self.deals, False, info

    def render(self) -> str | None:
        """The deal as text with ``render_mode="ansi"``, else None."""
        if self.render_mode is None:
            return None
        return f"deal {min(self._deal + 1, self.deals)} of {self.deals}\n{self._now()}"
