"""Random playouts and rollouts per profile and build, as ratios to the shared baseline.

    python benchmarks/playout.py [N] [--profile P ...] [--compiled TREE] [--reps R]
                                 [--baseline PATH]

Two measures, each in every build given (``pure``: this checkout; ``compiled``: a tree holding
the mypyc-compiled core, as ``make compiled`` lays out in ``build/compiled/tree``):

* ``playout``: through the public API. Each deal: ``new_deal`` from a seed, then
  ``legal_actions`` + a uniformly random pick + ``apply`` until the deal is over, then
  ``outcome``. The pick is ``legal[int(random() * len(legal))]``, the baseline's own draw
  (``random.choice`` costs more than the engine's whole ``apply`` in the compiled build).
* ``rollout``: ``gleek.rollout(state, "random", rng)`` from each freshly dealt state (the states
  are dealt before the clock starts), as a search bot runs it; ``greedy`` is the simple bot;
  ``lead``: random rollouts from the first lead (the auction, discards and ruff played at
  random before the clock starts), where a card-play search spends its time.

The baseline (``../shared/bench/baseline_playout.py``, a straight-line playout with no API) runs
in the same invocation, interleaved with the measured runs so that each ratio pairs runs that saw
the same machine weather; the median of the paired ratios is reported. Every run is its own
process. Without the baseline the absolute figures are printed alone. Not a test: nothing here
is timed in CI.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DEFAULT_BASELINE = ROOT.parent / "shared" / "bench" / "baseline_playout.py"
MODES = ("playout", "rollout", "greedy", "lead")


def playouts(n: int, profile_id: str, seed: int) -> tuple[float, int]:
    """Play ``n`` random deals through the public API; return (seconds, actions)."""
    import gleek

    profile = gleek.load_profile(profile_id)
    rnd = random.Random(seed).random
    legal = gleek.legal_actions
    apply = gleek.apply
    new_deal = gleek.new_deal
    outcome = gleek.outcome
    actions = 0
    start = time.perf_counter()
    for i in range(n):
        state = new_deal(profile, i % 3, seed=seed * 1_000_003 + i)
        while not state.is_over:
            options = legal(state)
            state = apply(state, options[int(rnd() * len(options))])
            actions += 1
        outcome(state)
    return time.perf_counter() - start, actions


def rollouts(
    n: int, profile_id: str, seed: int, policy: str, from_lead: bool = False
) -> tuple[float, int]:
    """Roll ``n`` freshly dealt states (or, ``from_lead``, states at the first lead) out to the
    end; return (seconds, actions)."""
    import gleek

    profile = gleek.load_profile(profile_id)
    states = [gleek.new_deal(profile, i % 3, seed=seed * 1_000_003 + i) for i in range(n)]
    if from_lead:
        pick = random.Random(seed).choice
        for k, s in enumerate(states):
            while s.phase is not gleek.Phase.PLAY:
                s = s.apply(pick(s.legal_actions()))
            states[k] = s
    rollout = gleek.rollout
    gc.collect()
    gc.freeze()  # the dealt states live through the run: keep the collector off them
    rng = random.Random(seed)
    start = time.perf_counter()
    for s in states:
        rollout(s, policy, rng)
    seconds = time.perf_counter() - start
    rng = random.Random(seed)  # the same rollouts again, untimed, to count their actions
    actions = sum(len(rollout(s, policy, rng).history) for s in states)
    gc.unfreeze()
    return seconds, actions


def worker(mode: str, profile_id: str, n: int, seed: int) -> dict[str, object]:
    import gleek._core

    if mode == "playout":
        playouts(max(n // 10, 50), profile_id, seed + 999)  # warm up
        seconds, actions = playouts(n, profile_id, seed)
    else:
        policy = "greedy" if mode == "greedy" else "random"
        lead = mode == "lead"
        rollouts(max(n // 10, 50), profile_id, seed + 999, policy, lead)
        seconds, actions = rollouts(n, profile_id, seed, policy, lead)
    compiled = not gleek._core.__file__.endswith(".py")
    return {"deals_per_s": n / seconds, "actions_per_deal": actions / n, "compiled": compiled}


def gleek_profiles() -> tuple[str, ...]:
    import gleek

    return gleek.list_profiles()


def run_worker(tree: Path, mode: str, profile_id: str, n: int, seed: int) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run(
        [sys.executable, str(HERE / "playout.py"), "--worker", mode, profile_id, str(n), str(seed)],
        check=True,
        capture_output=True,
        text=True,
        cwd=tree,
        env=env,
    ).stdout
    result: dict[str, object] = json.loads(out.strip().splitlines()[-1])
    return result


def run_baseline(path: Path, n: int) -> float:
    out = subprocess.run(
        [sys.executable, str(path), str(n), "--json"], check=True, capture_output=True, text=True
    ).stdout
    return float(json.loads(out.strip().splitlines()[-1])["deals_per_s"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", nargs="?", type=int, default=2000, help="deals per run")
    parser.add_argument("--profile", action="append", default=[], help="default: every one")
    parser.add_argument("--mode", action="append", choices=MODES, default=[])
    parser.add_argument("--reps", type=int, default=5, help="interleaved runs of each")
    parser.add_argument("--baseline", type=Path, default=DEFAULT_BASELINE)
    parser.add_argument("--compiled", type=Path, help="a tree holding the compiled build")
    parser.add_argument("--worker", nargs=4, metavar=("MODE", "PROFILE", "N", "SEED"))
    args = parser.parse_args()
    if args.worker:
        mode, pid, n, seed = args.worker
        print(json.dumps(worker(mode, pid, int(n), int(seed))))
        return 0
    profiles = args.profile or list(gleek_profiles())
    modes = args.mode or list(MODES)
    builds = {"pure": ROOT}
    if args.compiled:
        builds["compiled"] = args.compiled.resolve()
    has_baseline = args.baseline.is_file()
    if not has_baseline:
        print(f"baseline not found ({args.baseline}): absolute figures only", file=sys.stderr)
    base_n = max(args.n * 5, 10000)
    rows = []
    for pid in profiles:
        base: list[float] = []
        ours: dict[tuple[str, str], list[float]] = {(b, m): [] for b in builds for m in modes}
        apd: dict[str, float] = {}
        for rep in range(args.reps):
            # Interleave: a baseline run, then every build and measure, rep after rep.
            if has_baseline:
                base.append(run_baseline(args.baseline, base_n))
            for b, tree in builds.items():
                for m in modes:
                    r = run_worker(tree, m, pid, args.n, rep + 1)
                    if r["compiled"] != (b == "compiled"):
                        raise SystemExit(f"the {b} build ran compiled={r['compiled']}")
                    ours[b, m].append(float(r["deals_per_s"]))  # type: ignore[arg-type]
                    apd[m] = float(r["actions_per_deal"])  # type: ignore[arg-type]
        for (b, m), runs in ours.items():
            row = {
                "profile": pid,
                "build": b,
                "measure": m,
                "deals_per_s": statistics.median(runs),
                "actions_per_deal": apd[m],
            }
            if has_baseline:
                ratios = [o / x for o, x in zip(runs, base, strict=True)]
                row["ratio"] = statistics.median(ratios)
                row["ratios"] = sorted(ratios)
                row["baseline_deals_per_s"] = statistics.median(base)
            rows.append(row)
            ratio = f"  ratio {row['ratio']:.2f}x" if has_baseline else ""
            print(
                f"{pid:28} {b:8} {m:8} {row['deals_per_s']:9,.0f} deals/s "
                f"{row['actions_per_deal']:5.1f} actions/deal{ratio}",
                flush=True,
            )
        if has_baseline:
            print(f"{pid:28} baseline {statistics.median(base):9,.0f} deals/s", flush=True)
    print(json.dumps(rows), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
