"""Train a small agent end to end on the Gym wrapper: REINFORCE, a linear softmax policy over
the observation tensor masked to the legal actions, in plain numpy.

    python examples/train_reinforce.py --episodes 2000

One seat learns against two bots (``--opponents``, default ``random``: a learner of this size
has something to learn there within minutes); each episode is one deal; the learning rate is
small and the return is centred by a running mean (the baseline). Prints the mean chips a deal
per block of episodes: the learning curve (``tools/learning_curve.py`` draws it for the docs).
"""

from __future__ import annotations

import argparse
import sys

import numpy as np
import numpy.typing as npt

from gleek.rl import N_ACTIONS, TENSOR_SIZE, SingleSeatEnv
from gleek.sim.match import load_bot


def train(
    episodes: int,
    *,
    seed: int = 0,
    opponents: str = "random",
    profile: str = "parlett",
    rate: float = 0.01,
    block: int = 50,
) -> list[float]:
    """Train for ``episodes`` deals; the mean chips a deal of each ``block`` of episodes."""
    env = SingleSeatEnv(profile, (load_bot(opponents), load_bot(opponents)), deals=1)
    rng = np.random.default_rng(seed)
    weights = np.zeros((TENSOR_SIZE, N_ACTIONS))
    baseline = 0.0
    curve: list[float] = []
    chips: list[float] = []

    def policy(obs: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> npt.NDArray[np.float64]:
        logits = np.where(mask == 1, obs @ weights, -np.inf)
        p = np.exp(logits - logits.max())
        return np.asarray(p / p.sum(), dtype=np.float64)

    for episode in range(episodes):
        obs, info = env.reset(seed=seed * 1_000_003 + episode)
        trajectory = []
        total, done = 0.0, False
        while not done:
            p = policy(obs, info["action_mask"])
            action = int(rng.choice(N_ACTIONS, p=p))
            trajectory.append((obs, action, p))
            obs, reward, done, _truncated, info = env.step(action)
            total += reward
        advantage = total - baseline
        baseline += 0.05 * (total - baseline)
        for x, a, p in trajectory:  # raise the log-probability of what paid more than usual
            grad = -p
            grad[a] += 1.0
            weights += rate * advantage / 10 * np.outer(x, grad)
        chips.append(total)
        if len(chips) == block:
            curve.append(float(np.mean(chips)))
            chips = []
    return curve


def main() -> int:
    # the docstring's first paragraph, whole (its first line stops mid-sentence)
    ap = argparse.ArgumentParser(
        description=" ".join(__doc__.split("\n\n")[0].split()), allow_abbrev=False
    )
    ap.add_argument(
        "--episodes", type=int, default=2000, help="deals to learn from (default: 2000)"
    )
    ap.add_argument("--seed", type=int, default=0, help="seed of the deals (default: 0)")
    ap.add_argument(
        "--opponents",
        default="random",
        help="the bot in the two other seats: random, basic, rules, search:N (default: random)",
    )
    ap.add_argument(
        "--block", type=int, default=50, help="episodes per line of the curve (default: 50)"
    )
    args = ap.parse_args()
    for i, mean in enumerate(
        train(args.episodes, seed=args.seed, opponents=args.opponents, block=args.block)
    ):
        print(f"episodes {i * args.block + 1}-{(i + 1) * args.block}: {mean:+.2f} chips a deal")
    return 0


if __name__ == "__main__":
    sys.exit(main())
