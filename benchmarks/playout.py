"""Random legal playouts through the public API, as a ratio to the shared baseline.

    python benchmarks/playout.py [N] [--profile P] [--variant V ...] [--baseline PATH]

Each deal: ``new_deal`` from a seed, then ``legal_actions`` + ``apply`` with a uniformly random
choice until the deal is over, then ``outcome``. The baseline (``../shared/bench/
baseline_playout.py``, a straight-line playout with no API) is run in the same invocation on the
same machine, and the ratio of deals per second is printed. Not a test: nothing here is timed in
CI.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from pathlib import Path

import gleek

HERE = Path(__file__).resolve().parent
DEFAULT_BASELINE = HERE.parent.parent / "shared" / "bench" / "baseline_playout.py"


def playouts(n: int, profile: gleek.Profile, seed: int = 1) -> tuple[float, int]:
    """Play ``n`` random deals; return (seconds, actions)."""
    rng = random.Random(seed)
    choice = rng.choice
    legal = gleek.legal_actions
    apply = gleek.apply
    actions = 0
    start = time.perf_counter()
    for i in range(n):
        state = gleek.new_deal(profile, i % 3, seed=seed * 1_000_003 + i)
        while not state.is_over:
            state = apply(state, choice(legal(state)))
            actions += 1
        gleek.outcome(state)
    return time.perf_counter() - start, actions


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", nargs="?", type=int, default=5000, help="deals per run")
    parser.add_argument("--profile", default="parlett")
    parser.add_argument("--variant", action="append", default=[])
    parser.add_argument("--reps", type=int, default=5, help="timed runs; the best is kept")
    parser.add_argument("--baseline", type=Path, default=DEFAULT_BASELINE)
    args = parser.parse_args()
    if not args.baseline.is_file():
        print(f"playout.py: baseline not found: {args.baseline}", file=sys.stderr)
        return 2
    profile = gleek.load_profile(args.profile, args.variant)
    playouts(200, profile)  # warm up
    base_n = max(args.n * 8, 20000)
    ours: list[float] = []
    base: list[float] = []
    actions = 0
    # Interleave the two so that both see the same machine weather; keep every pair.
    for r in range(args.reps):
        out = subprocess.run(
            [sys.executable, str(args.baseline), str(base_n), "--json"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        base.append(float(json.loads(out.strip().splitlines()[-1])["deals_per_s"]))
        seconds, actions = playouts(args.n, profile, seed=r + 1)
        ours.append(args.n / seconds)
    ratios = sorted(o / b for o, b in zip(ours, base, strict=True))
    median = ratios[len(ratios) // 2]
    print(
        f"gleek ({profile.name}): best {max(ours):,.0f} deals/s, "
        f"{actions / args.n:.1f} actions/deal"
    )
    print(f"baseline: best {max(base):,.0f} deals/s")
    print("ratios per interleaved run: " + ", ".join(f"{x:.3f}" for x in ratios))
    print(
        f"ratio: {median:.3f} (median of {len(ratios)}); best against best "
        f"{max(ours) / max(base):.3f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
