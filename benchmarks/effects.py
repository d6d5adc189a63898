"""How long ``gleek effects`` takes: the rule changes of a base profile, each played on the same
seeded deals as the base, by the ``rules`` bots, on worker processes.

    python benchmarks/effects.py [--deals N] [--workers W] [--compiled TREE] [--target-changes C]
                                 [--target-deals D] [--baseline PATH]

Plays every one-rule change of ``--base`` (default parlett: every rule on which the profiles
differ, to each other value) over ``--deals`` paired deals (default 5,000) on ``--workers``
processes (default 2), timed from the call of :func:`gleek.effects.effects` to its result
(the pool's start and the statistics included). The figure the project holds it to is
``--target-changes`` changes (default 20) by ``--target-deals`` deals (default 5,000) within
10 minutes: a run of fewer deals (on a shared machine, a reduced run) is scaled to it in
proportion to the deals played (rule sets x deals), which the work is. On a machine shared
with other work the wall time says little; the CPU seconds the run took (this process and its
workers) divided by the workers is what the run takes on cores it has to itself, and is
reported beside it.

So that a figure taken on a busy machine can be read, the run also times the shared baseline
(``../shared/bench/baseline_playout.py``, random playouts on one core) in the same process
just before and just after, and reports the effects' deals a second per worker as a ratio to
it. ``--compiled TREE`` runs it all in the tree of the compiled build (``make compiled`` lays
it out in ``build/compiled/tree``). Not a test: nothing here is timed in CI.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

from playout import load_baseline  # (this folder's: the shared baseline, imported by its path)

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DEFAULT_BASELINE = ROOT.parent / "shared" / "bench" / "baseline_playout.py"
LIMIT_S = 600.0


def _baseline_rate(base: ModuleType | None, n: int = 3000) -> float | None:
    """The baseline's deals a second on one core (each deal from a seed of its own)."""
    if base is None:
        return None
    seeded = random.Random
    start = time.perf_counter()
    for i in range(n):
        base.play_deal(seeded(7_000_003 + i).random, i % 3)
    return n / (time.perf_counter() - start)


def _cpu() -> float:
    """The CPU seconds of this process and of its children that have ended (the pool's)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def worker(base_id: str, deals: int, workers: int, baseline: Path) -> dict[str, object]:
    """In the build's own process: the run, timed, with the baseline before and after."""
    from tqdm import tqdm

    import gleek
    import gleek._core
    from gleek.effects import effects, rule_changes

    base = gleek.load_profile(base_id)
    changes, skipped = rule_changes(base)
    ref = load_baseline(baseline)
    before = _baseline_rate(ref)
    with tqdm(total=deals, unit="deal", desc="effects", file=sys.stderr, leave=False) as bar:

        def progress(n: int) -> None:
            bar.update(n)

        start = time.perf_counter()
        used = _cpu()
        result = effects(base, deals=deals, workers=workers, progress=progress)
        elapsed = time.perf_counter() - start
        cpu = _cpu() - used
    after = _baseline_rate(ref)
    assert len(result.changes) == len(changes)
    return {
        "compiled": not gleek._core.__file__.endswith(".py"),
        "changes": len(changes),
        "skipped": len(skipped),
        "deals": deals,
        "workers": workers,
        "seconds": elapsed,
        "cpu_seconds": cpu,
        "baseline_before": before,
        "baseline_after": after,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="parlett")
    parser.add_argument("--deals", type=int, default=5000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--target-changes", type=int, default=20)
    parser.add_argument("--target-deals", type=int, default=5000)
    parser.add_argument("--compiled", type=Path, help="a tree holding the compiled build")
    parser.add_argument("--baseline", type=Path, default=DEFAULT_BASELINE)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        r = worker(args.base, args.deals, args.workers, args.baseline)
        print(json.dumps(r))
        return 0
    tree = args.compiled.resolve() if args.compiled else ROOT
    out = subprocess.run(
        [
            sys.executable,
            str(HERE / "effects.py"),
            "--worker",
            "--base",
            args.base,
            "--deals",
            str(args.deals),
            "--workers",
            str(args.workers),
            "--baseline",
            str(args.baseline),
        ],
        check=True,
        stdout=subprocess.PIPE,
        text=True,
        cwd=tree,
        env={**os.environ, "PYTHONPATH": str(tree)},
    ).stdout
    r = json.loads(out.strip().splitlines()[-1])
    if r["compiled"] != bool(args.compiled):
        raise SystemExit(f"the build in {tree} ran compiled={r['compiled']}")
    sets = r["changes"] + 1  # the base plays too
    rate = sets * r["deals"] / r["seconds"]  # deals played, all rule sets
    target = (args.target_changes + 1) * args.target_deals / rate
    build = "compiled" if r["compiled"] else "pure"
    print(
        f"{build}: {r['changes']} rule changes ({r['skipped']} skipped) + the base x "
        f"{r['deals']:,} paired deals on {r['workers']} workers: {r['seconds']:.1f} s, "
        f"{rate:,.0f} deals/s ({rate / r['workers']:,.0f} a worker)"
    )
    if r["baseline_before"]:
        ref = (r["baseline_before"] + r["baseline_after"]) / 2
        per = rate / r["workers"] / ref
        print(
            f"baseline (one core, same process, before/after): {r['baseline_before']:,.0f} / "
            f"{r['baseline_after']:,.0f} deals/s; effects a worker = {per:.3f} x baseline"
        )
    scale = (args.target_changes + 1) * args.target_deals / (sets * r["deals"])
    cpu = r["cpu_seconds"] * scale
    quiet = cpu / r["workers"]
    verdict = "within" if target <= LIMIT_S else "OVER"
    print(
        f"scaled to {args.target_changes} changes x {args.target_deals:,} deals: {target:.0f} s "
        f"wall as measured ({verdict} the {LIMIT_S / 60:.0f} minutes); {cpu:.0f} CPU seconds, "
        f"so {quiet:.0f} s on {r['workers']} cores the run has to itself "
        f"({'within' if quiet <= LIMIT_S else 'OVER'})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
