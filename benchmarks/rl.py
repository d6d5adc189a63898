"""RL environment throughput: steps a second of the AEC env and the Gym wrapper, as a ratio to
the engine's own random playout (actions a second) in the same run.

    python benchmarks/rl.py [--seconds S] [--reps R] [--profile P]

Each measure runs for ``--seconds`` in turn, ``--reps`` times interleaved, and the median of the
paired ratios is reported, so that both sides of a ratio saw the same machine weather. Random
agents choose among the legal actions (the mask); the Gym wrapper's opponents are
:class:`~gleek.sim.bots.RandomBot` so that the wrapper, not a bot, is measured. Run it from a
tree with the compiled core (``make compiled``; ``cd build/compiled/tree``) for the compiled
figures. Not a test: nothing here is timed in CI.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time


def engine(seconds: float, profile: str) -> float:
    """Actions a second of a random playout through the public API."""
    import gleek

    p = gleek.load_profile(profile)
    rnd = random.Random(1).random
    actions = 0
    start = time.perf_counter()
    deal = 0
    while time.perf_counter() - start < seconds:
        s = gleek.new_deal(p, deal % 3, seed=deal)
        deal += 1
        while not s.is_over:
            legal = gleek.legal_actions(s)
            s = gleek.apply(s, legal[int(rnd() * len(legal))])
            actions += 1
    return actions / (time.perf_counter() - start)


def aec(seconds: float, profile: str) -> float:
    """Steps a second of the PettingZoo AEC env (``last`` then ``step``), random masked agents."""
    import numpy as np

    import gleek.rl

    e = gleek.rl.raw_env(profile=profile, deals=3)
    rnd = random.Random(2).random
    steps = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        e.reset(seed=seed)
        seed += 1
        for _agent in e.agent_iter():
            obs, _r, term, trunc, _i = e.last()
            if term or trunc:
                e.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            e.step(int(legal[int(rnd() * len(legal))]))
            steps += 1
    return steps / (time.perf_counter() - start)


def gym(seconds: float, profile: str) -> float:
    """Steps a second of the Gymnasium wrapper, a random masked learner, random opponents."""
    import numpy as np

    import gleek.rl
    from gleek.sim.bots import RandomBot

    e = gleek.rl.SingleSeatEnv(profile, (RandomBot(), RandomBot()), deals=3)
    rnd = random.Random(3).random
    steps = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        _obs, info = e.reset(seed=seed)
        seed += 1
        done = False
        while not done:
            legal = np.flatnonzero(info["action_mask"])
            _obs, _r, done, _t, info = e.step(int(legal[int(rnd() * len(legal))]))
            steps += 1
    return steps / (time.perf_counter() - start)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--profile", default="parlett")
    args = ap.parse_args()
    runs: dict[str, list[float]] = {"engine": [], "aec": [], "gym": []}
    for _ in range(args.reps):
        for name, fn in (("engine", engine), ("aec", aec), ("engine", engine), ("gym", gym)):
            runs[name].append(fn(args.seconds, args.profile))
    # each env run is paired with the engine run just before it
    aec_ratio = statistics.median(
        a / e for a, e in zip(runs["aec"], runs["engine"][0::2], strict=True)
    )
    gym_ratio = statistics.median(
        g / e for g, e in zip(runs["gym"], runs["engine"][1::2], strict=True)
    )
    report = {
        "profile": args.profile,
        "engine_actions_per_second": round(statistics.median(runs["engine"])),
        "aec_steps_per_second": round(statistics.median(runs["aec"])),
        "gym_steps_per_second": round(statistics.median(runs["gym"])),
        "aec_ratio_to_engine": round(aec_ratio, 3),
        "gym_ratio_to_engine": round(gym_ratio, 3),
    }
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
