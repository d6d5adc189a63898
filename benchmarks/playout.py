"""Random playouts and rollouts per profile and build, as ratios to the shared baseline, paired
tightly: a block of baseline deals, then a block of gleek deals, in the same process, again and
again; each pair gives a ratio, and the median and range of the ratios are reported.

    python benchmarks/playout.py [N] [--profile P ...] [--mode M ...] [--compiled TREE]
                                 [--pairs K] [--baseline PATH]

``N`` is the number of deals in each block (default 400), ``--pairs`` the number of pairs
(default 9). The builds: ``pure`` (this checkout) and, with ``--compiled``, a tree holding the
mypyc-compiled build (``make compiled`` lays it out in ``build/compiled/tree``); each build runs
in its own process, and pairs with the baseline inside it.

The measures (both sides do the same work: each deal is dealt from a seed of its own, gleek's
by ``new_deal(..., seed=...)``, the baseline's by a ``random.Random(seed)`` made for the deal,
which also draws its choices):

* ``playout``: through the public API. Each deal: ``new_deal`` from a seed, then
  ``legal_actions`` + a uniformly random pick + ``apply`` until the deal is over, then
  ``outcome``. The pick is ``legal[int(random() * len(legal))]``, the baseline's own draw.
* ``deal+rollout``: ``new_deal`` from a seed and ``gleek.rollout(state, "random", rng)``.
* ``kept``: ``deal+rollout``, the finished states all kept alive in a list to the end of the
  run (what the garbage collector then costs: a caller who keeps its results).
* ``rollout``: ``gleek.rollout`` from states dealt before the clock (a search bot's use); the
  baseline deals inside its clock, so this ratio flatters gleek by the cost of a deal.
* ``greedy``: the same from dealt states, with the greedy policy.
* ``outcome``: what ``outcome()`` of a finished deal costs, counted in calls of ``apply`` in
  the same run (no baseline: a ratio of two of gleek's own calls). The deals are played at
  random before any clock and their actions kept; then, in each pair, the deals are replayed by
  ``apply`` (timed, each state let go as a playout lets it go); replayed again, each deal's
  ``outcome()`` called right after its last ``apply``, as a playout calls it, and timed call by
  call (what a pair of clock reads costs taken off); and replayed a third time with the
  finished states set aside, then ``outcome()`` called once on each ("set aside": the same call
  on states whose memory has gone cold, the measure of earlier figures). The garbage is
  collected before each timed part. The same deals come back in every pair, so the stages'
  memo tables are warm, as they are after a few thousand deals of a playout.

The baseline (``../shared/bench/baseline_playout.py``, a straight-line playout with no API) is
imported from that path; without it the absolute figures are printed alone. Not a test: nothing
here is timed in CI.
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DEFAULT_BASELINE = ROOT.parent / "shared" / "bench" / "baseline_playout.py"
MODES = ("playout", "deal+rollout", "kept", "rollout", "greedy", "outcome")


def load_baseline(path: Path) -> ModuleType | None:
    """The baseline module at ``path`` (None if there is none there)."""
    if not path.is_file():
        return None
    spec = importlib.util.spec_from_file_location("baseline_playout", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _gleek_block(mode: str, profile_id: str, n: int, seed: int) -> Callable[[], int]:
    """A function that plays ``n`` deals of ``mode`` and returns the actions taken."""
    import gleek

    profile = gleek.load_profile(profile_id)
    rng = random.Random(seed)
    rnd = rng.random
    legal = gleek.legal_actions
    apply = gleek.apply
    new_deal = gleek.new_deal
    outcome = gleek.outcome
    rollout = gleek.rollout
    counter = [seed * 1_000_003]

    if mode == "playout":

        def block() -> int:
            actions = 0
            base = counter[0]
            counter[0] += n
            for i in range(n):
                state = new_deal(profile, i % 3, seed=base + i)
                while not state.is_over:
                    options = legal(state)
                    state = apply(state, options[int(rnd() * len(options))])
                    actions += 1
                outcome(state)
            return actions

        return block
    if mode == "deal+rollout":

        def block() -> int:
            base = counter[0]
            counter[0] += n
            for i in range(n):
                rollout(new_deal(profile, i % 3, seed=base + i), "random", rng)
            return 0

        return block
    if mode == "kept":
        kept: list[object] = []  # every finished state, alive to the end of the run

        def block() -> int:
            base = counter[0]
            counter[0] += n
            for i in range(n):
                kept.append(rollout(new_deal(profile, i % 3, seed=base + i), "random", rng))
            return 0

        return block
    policy = "greedy" if mode == "greedy" else "random"

    def timed_block() -> int:
        base = counter[0]
        counter[0] += n
        states = [new_deal(profile, i % 3, seed=base + i) for i in range(n)]
        gc.collect()
        start = time.perf_counter()
        for s in states:
            rollout(s, policy, rng)
        # report the time inside the block only: the dealing above is not counted
        timed_block.elapsed = time.perf_counter() - start  # type: ignore[attr-defined]
        return 0

    return timed_block


def _timer_cost(n: int) -> float:
    """What a pair of ``time.perf_counter`` calls around nothing costs (best of five blocks of
    ``n``): taken off each timed ``outcome()`` call."""
    clock = time.perf_counter
    best = float("inf")
    for _ in range(5):
        spent = 0.0
        for _ in range(n):
            start = clock()
            spent += clock() - start
        best = min(best, spent / n)
    return best


def outcome_worker(profile_id: str, n: int, pairs: int) -> dict[str, object]:
    """``outcome()`` against ``apply`` in this process (the ``outcome`` measure): per pair, the
    time of an ``apply``, of an ``outcome()`` right after a deal's last ``apply`` (as in a
    playout), and of one on finished states set aside (their memory gone cold); their ratios."""
    import gleek

    profile = gleek.load_profile(profile_id)
    rng = random.Random(5)
    legal = gleek.legal_actions
    apply = gleek.apply
    outcome = gleek.outcome
    new_deal = gleek.new_deal
    clock = time.perf_counter
    games = []  # each deal's actions, chosen before any clock
    for i in range(n):
        state = new_deal(profile, i % 3, seed=i)
        actions = []
        while not state.is_over:
            options = legal(state)
            action = options[int(rng.random() * len(options))]
            actions.append(action)
            state = apply(state, action)
        games.append(actions)
    applies = sum(len(a) for a in games)
    per_apply: list[float] = []
    per_outcome: list[float] = []
    per_cold: list[float] = []
    for k in range(pairs + 1):  # the first pair warms up, and is not counted
        timer = _timer_cost(n)
        starts = [new_deal(profile, i % 3, seed=i) for i in range(n)]
        gc.collect()
        start = clock()
        for state, actions in zip(starts, games, strict=True):
            for action in actions:
                state = apply(state, action)
        apply_s = (clock() - start) / applies
        # in a playout: each deal's outcome() right after its last apply, timed call by call
        starts = [new_deal(profile, i % 3, seed=i) for i in range(n)]
        gc.collect()
        spent = 0.0
        for state, actions in zip(starts, games, strict=True):
            for action in actions:
                state = apply(state, action)
            start = clock()
            outcome(state)
            spent += clock() - start
        outcome_s = spent / n - timer
        # set aside: every deal replayed first, then outcome() on each finished state
        starts = [new_deal(profile, i % 3, seed=i) for i in range(n)]
        ends = []
        for state, actions in zip(starts, games, strict=True):
            for action in actions:
                state = apply(state, action)
            ends.append(state)
        gc.collect()
        start = clock()
        for state in ends:
            outcome(state)
        cold_s = (clock() - start) / n
        del ends, starts
        if k:
            per_apply.append(apply_s)
            per_outcome.append(outcome_s)
            per_cold.append(cold_s)
    ratios = sorted(o / a for o, a in zip(per_outcome, per_apply, strict=True))
    cold = sorted(o / a for o, a in zip(per_cold, per_apply, strict=True))
    return {
        "compiled": not gleek._core.__file__.endswith(".py"),
        "apply_us": statistics.median(per_apply) * 1e6,
        "outcome_us": statistics.median(per_outcome) * 1e6,
        "applies": statistics.median(ratios),
        "low": ratios[0],
        "high": ratios[-1],
        "cold_us": statistics.median(per_cold) * 1e6,
        "cold_applies": statistics.median(cold),
    }


def worker(mode: str, profile_id: str, n: int, pairs: int, baseline: Path) -> dict[str, object]:
    """Pairs of (baseline block, gleek block) in this process: deals per second of each and
    their ratios."""
    import gleek._core

    if mode == "outcome":
        return outcome_worker(profile_id, n, pairs)
    base = load_baseline(baseline)
    block = _gleek_block(mode, profile_id, n, 1)
    block()  # warm up
    ours: list[float] = []
    theirs: list[float] = []
    seeded = random.Random
    for k in range(pairs):
        if base is not None:
            first = 7_000_003 * (k + 1)
            start = time.perf_counter()
            for i in range(n):  # each deal from a seed of its own, as gleek's new_deal does
                base.play_deal(seeded(first + i).random, i % 3)
            theirs.append(n / (time.perf_counter() - start))
        start = time.perf_counter()
        block()
        elapsed = getattr(block, "elapsed", None) or time.perf_counter() - start
        ours.append(n / elapsed)
    compiled = not gleek._core.__file__.endswith(".py")
    return paired_figures(ours, theirs, compiled)


def paired_figures(ours: list[float], theirs: list[float], compiled: bool) -> dict[str, object]:
    """The figures of paired blocks (deals a second of gleek's, and of the baseline's in the
    same pairs): gleek's median, and the median ratio with its range, where the baseline ran."""
    out: dict[str, object] = {"deals_per_s": statistics.median(ours), "compiled": compiled}
    if theirs:
        ratios = sorted(o / t for o, t in zip(ours, theirs, strict=True))
        out.update(
            ratio=statistics.median(ratios),
            low=ratios[0],
            high=ratios[-1],
            baseline_deals_per_s=statistics.median(theirs),
        )
    return out


def run_worker(tree: Path, args: list[str], script: str = "playout.py") -> dict[str, Any]:
    """The figures of ``script --worker args`` (a benchmark of this folder) run in a process of
    its own with ``tree`` first on the path (the pure checkout or the compiled build)."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run(
        [sys.executable, str(HERE / script), "--worker", *args],
        check=True,
        capture_output=True,
        text=True,
        cwd=tree,
        env=env,
    ).stdout
    result: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    return result


def ratio_text(row: dict[str, Any]) -> str:
    """A worker's ratio to the baseline and its range, for the printed line ("" without the
    baseline)."""
    if "ratio" not in row:
        return ""
    return f"  ratio {row['ratio']:.2f}x (range {row['low']:.2f}-{row['high']:.2f})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", nargs="?", type=int, default=400, help="deals per block")
    parser.add_argument("--profile", action="append", default=[], help="default: every one")
    parser.add_argument("--mode", action="append", choices=MODES, default=[])
    parser.add_argument("--pairs", type=int, default=9, help="pairs of blocks (baseline, gleek)")
    parser.add_argument("--baseline", type=Path, default=DEFAULT_BASELINE)
    parser.add_argument("--compiled", type=Path, help="a tree holding the compiled build")
    parser.add_argument("--worker", nargs=4, metavar=("MODE", "PROFILE", "N", "PAIRS"))
    args = parser.parse_args()
    if args.worker:
        mode, pid, n, pairs = args.worker
        print(json.dumps(worker(mode, pid, int(n), int(pairs), args.baseline)))
        return 0
    sys.path.insert(0, str(ROOT))
    import gleek

    profiles = args.profile or list(gleek.list_profiles())
    modes = args.mode or list(MODES)
    builds = {"pure": ROOT}
    if args.compiled:
        builds["compiled"] = args.compiled.resolve()
    if not args.baseline.is_file():
        print(f"baseline not found ({args.baseline}): absolute figures only", file=sys.stderr)
    rows = []
    for pid in profiles:
        for b, tree in builds.items():
            for m in modes:
                r = run_worker(
                    tree, [m, pid, str(args.n), str(args.pairs), "--baseline", str(args.baseline)]
                )
                if r["compiled"] != (b == "compiled"):
                    raise SystemExit(f"the {b} build ran compiled={r['compiled']}")
                row = {"profile": pid, "build": b, "measure": m, **r}
                rows.append(row)
                if m == "outcome":
                    print(
                        f"{pid:28} {b:8} {m:12} {row['outcome_us']:6.2f} µs, apply "
                        f"{row['apply_us']:.2f} µs: {row['applies']:.1f} applies "
                        f"(range {row['low']:.1f}-{row['high']:.1f}); set aside "
                        f"{row['cold_us']:.2f} µs, {row['cold_applies']:.1f} applies",
                        flush=True,
                    )
                    continue
                print(
                    f"{pid:28} {b:8} {m:12} {row['deals_per_s']:9,.0f} deals/s{ratio_text(row)}",
                    flush=True,
                )
    print(json.dumps(rows), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
