"""Random playouts of the OpenSpiel games (``python_gleek``, ``python_gleek_sampled``) driven from
Python, as a ratio to the shared baseline's playout in the same process, paired as
``benchmarks/playout.py`` pairs them.

    python benchmarks/openspiel.py [N] [--profile P ...] [--deal explicit|sampled ...]
                                   [--compiled TREE] [--pairs K] [--baseline PATH]

Each deal of the OpenSpiel side is what an OpenSpiel user's loop does: ``new_initial_state()``,
then, until ``is_terminal()``, at a chance node ``chance_outcomes()`` and one drawn uniformly
(the 44 cards of the deal, one at a time), else ``legal_actions()`` and one drawn uniformly,
``apply_action``; then ``returns()``. ``--deal explicit`` plays ``python_gleek`` (the deal as 44
chance nodes), ``--deal sampled`` ``python_gleek_sampled`` (each new state already dealt from the
game's seeded generator, no chance node); default both, a row each. The baseline plays its own
deal from a seed, as in ``playout.py``. ``N`` deals a block (default 200), ``--pairs`` pairs of
blocks (default 9); the median and range of the ratios are reported, per build: ``pure`` (this
checkout) and, with ``--compiled``, a tree holding the compiled build (``make compiled``:
``build/compiled/tree``), each in its own process. Not a test: nothing here is timed in CI.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from playout import (  # noqa: E402
    DEFAULT_BASELINE,
    load_baseline,
    paired_figures,
    ratio_text,
    run_worker,
)


def _block(profile_id: str, n: int, seed: int, deal: str) -> Callable[[], int]:
    """A function that plays ``n`` deals of the OpenSpiel game; it returns the moves made."""
    import pyspiel

    import gleek.rl.openspiel  # noqa: F401  (registers python_gleek and python_gleek_sampled)

    if deal == "sampled":
        game = pyspiel.load_game("python_gleek_sampled", {"profile": profile_id, "rng_seed": seed})
    else:
        game = pyspiel.load_game("python_gleek", {"profile": profile_id})
    rnd = random.Random(seed).random

    def block() -> int:
        moves = 0
        for _ in range(n):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[int(rnd() * len(outcomes))][0])
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[int(rnd() * len(legal))])
                    moves += 1
            state.returns()
        return moves

    return block


def worker(profile_id: str, deal: str, n: int, pairs: int, baseline: Path) -> dict[str, object]:
    """Pairs of (baseline block, OpenSpiel block) in this process."""
    import gleek

    base = load_baseline(baseline)
    block = _block(profile_id, n, 1, deal)
    block()  # warm up
    ours: list[float] = []
    theirs: list[float] = []
    seeded = random.Random
    for k in range(pairs):
        if base is not None:
            first = 7_000_003 * (k + 1)
            start = time.perf_counter()
            for i in range(n):
                base.play_deal(seeded(first + i).random, i % 3)
            theirs.append(n / (time.perf_counter() - start))
        start = time.perf_counter()
        block()
        ours.append(n / (time.perf_counter() - start))
    return paired_figures(ours, theirs, gleek.build_info().kind == "compiled")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", nargs="?", type=int, default=200, help="deals per block")
    parser.add_argument("--profile", action="append", default=[], help="default: parlett")
    parser.add_argument(
        "--deal", action="append", choices=("explicit", "sampled"), help="default: both"
    )
    parser.add_argument("--pairs", type=int, default=9, help="pairs of blocks (baseline, ours)")
    parser.add_argument("--baseline", type=Path, default=DEFAULT_BASELINE)
    parser.add_argument("--compiled", type=Path, help="a tree holding the compiled build")
    parser.add_argument("--worker", nargs=4, metavar=("PROFILE", "DEAL", "N", "PAIRS"))
    args = parser.parse_args()
    if args.worker:
        pid, deal, n, pairs = args.worker
        print(json.dumps(worker(pid, deal, int(n), int(pairs), args.baseline)))
        return 0
    builds = {"pure": ROOT}
    if args.compiled:
        builds["compiled"] = args.compiled.resolve()
    if not args.baseline.is_file():
        print(f"baseline not found ({args.baseline}): absolute figures only", file=sys.stderr)
    rows = []
    for pid, deal in itertools.product(
        args.profile or ["parlett"], args.deal or ["explicit", "sampled"]
    ):
        for b, tree in builds.items():
            worker_args = [
                pid,
                deal,
                str(args.n),
                str(args.pairs),
                "--baseline",
                str(args.baseline),
            ]
            r = run_worker(tree, worker_args, "openspiel.py")
            if r["compiled"] != (b == "compiled"):
                raise SystemExit(f"the {b} build ran compiled={r['compiled']}")
            rows.append({"profile": pid, "deal": deal, "build": b, **r})
            print(
                f"{pid:20} {deal:8} {b:8} {r['deals_per_s']:9,.0f} deals/s{ratio_text(r)}",
                flush=True,
            )
    print(json.dumps(rows), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
