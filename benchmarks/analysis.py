"""The play solver's speed: the median over random deals of the time and the nodes searched to
value every legal card of the first leader (the whole 12-trick play), and of the seat to act at
the 7th trick's lead (six tricks left).

    python benchmarks/analysis.py [--deals 50] [--profile parlett] [--compiled TREE] [--skip-whole]

Each deal is dealt from its seed, and its auction, exchange and ruff are played by random legal
actions (seeded), as are the first six tricks for the second figure. ``--compiled`` puts a tree
of the mypyc-compiled build (``make compiled`` lays it out in ``build/compiled/tree``) first on
the path. Each figure is given in wall-clock seconds and in the process's CPU seconds (the same
on an idle machine; on a shared one the wall clock counts the time other work held the core).
Not a test: nothing here is timed in CI.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=50)
    ap.add_argument("--profile", default="parlett")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--compiled", metavar="TREE")
    ap.add_argument("--skip-whole", action="store_true", help="only the 7th trick's figure")
    args = ap.parse_args()
    if args.compiled:
        sys.path.insert(0, args.compiled)
    import gleek
    from gleek.analysis import card_values, solver_for

    profile = gleek.load_profile(args.profile)
    figures: dict[str, dict[str, float]] = {}
    parts = [("trick 7", 18)] if args.skip_whole else [("whole play", 0), ("trick 7", 18)]
    for name, cards in parts:
        times: list[float] = []
        cpu: list[float] = []
        nodes: list[int] = []
        for k in range(args.deals):
            seed = args.seed + k
            rng = random.Random(seed)
            s = gleek.new_deal(profile, dealer=seed % 3, seed=seed)
            while s.phase is not gleek.Phase.PLAY:
                s = s.apply(rng.choice(gleek.legal_actions(s)))
            for _ in range(cards):
                s = s.apply(rng.choice(gleek.legal_actions(s)))
            solver = solver_for(s)
            t0, c0 = time.perf_counter(), time.process_time()
            card_values(s, solver=solver)
            times.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
            nodes.append(solver.nodes)
        figures[name] = {
            "median_seconds": round(statistics.median(times), 4),
            "max_seconds": round(max(times), 3),
            "median_cpu_seconds": round(statistics.median(cpu), 4),
            "max_cpu_seconds": round(max(cpu), 3),
            "median_nodes": statistics.median(nodes),
            "max_nodes": max(nodes),
        }
    build = gleek.build_info().kind
    print(json.dumps({"build": build, "profile": args.profile, "deals": args.deals, **figures}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
