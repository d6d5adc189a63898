"""Start-up cost: ``import gleek`` and ``gleek validate`` of one small record, each as a whole
fresh process, against ``python -c pass`` in the same run.

    python benchmarks/startup.py [--runs N] [--compiled TREE]

The three commands alternate, ``N`` times each (default 21), and the medians are reported with
the import and the validation as milliseconds above ``python -c pass`` (the targets: at most
150 ms each). Bytecode is cached (in a temporary ``PYTHONPYCACHEPREFIX``, written by a first,
untimed run), as it is for any installed package, whatever ``PYTHONDONTWRITEBYTECODE`` says; the
checkout is not written to. With ``--compiled TREE`` (``make compiled``'s
``build/compiled/tree``) the compiled build is measured too.

Not a test: nothing here is timed in CI.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SMALL = ROOT / "examples" / "parlett-s0-auction.yaml"
COMMANDS = {
    "python -c pass": ["-c", "pass"],
    "import gleek": ["-c", "import gleek"],
    "gleek validate (small)": ["-m", "gleek", "validate", str(SMALL)],
}


def _seconds(args: list[str], env: dict[str, str], cwd: Path) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, *args], env=env, cwd=cwd, check=True, capture_output=True)
    return time.perf_counter() - start


def measure(tree: Path, runs: int) -> dict[str, float]:
    """The median wall time of each command, in seconds, run ``runs`` times in turn with the
    gleek of ``tree`` first on ``sys.path``."""
    with tempfile.TemporaryDirectory() as cache:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env |= {"PYTHONPATH": str(tree), "PYTHONPYCACHEPREFIX": cache}
        for args in COMMANDS.values():  # writes the bytecode, untimed
            _seconds(args, env, tree)
        times: dict[str, list[float]] = {name: [] for name in COMMANDS}
        for _ in range(runs):
            for name, args in COMMANDS.items():
                times[name].append(_seconds(args, env, tree))
    return {name: statistics.median(ts) for name, ts in times.items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--compiled", type=Path, help="a tree holding the compiled build")
    args = parser.parse_args()
    builds = {"pure": ROOT}
    if args.compiled:
        builds["compiled"] = args.compiled.resolve()
    for build, tree in builds.items():
        m = measure(tree, args.runs)
        bare = m["python -c pass"]
        print(f"{build} (median of {args.runs} fresh processes each):")
        print(f"  python -c pass          {bare * 1000:6.0f} ms")
        for name in list(COMMANDS)[1:]:
            print(f"  {name:23} {m[name] * 1000:6.0f} ms, {(m[name] - bare) * 1000:4.0f} ms above")
    return 0


if __name__ == "__main__":
    sys.exit(main())
