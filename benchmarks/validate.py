"""Validation speed and memory: a valid many-deal record, and a hostile 10 MB one.

    python benchmarks/validate.py [DEALS] [--compiled TREE] [--reps R] [--hostile-mb MB]
                                  [--baseline PATH] [--keep DIR]
    python benchmarks/validate.py --memory [DEALS] [--compiled TREE] [--keep DIR]

1. Bots play ``DEALS`` deals (default 10,000) of one session, written as a record; then the record
   is validated in a fresh process, which reports its wall time and peak memory (max RSS). With
   ``--compiled TREE`` (a tree holding the mypyc-compiled core, as ``make compiled`` lays out in
   ``build/compiled/tree``) the same record is validated by that build too; ``--reps`` runs of
   each build alternate, and the median is reported. The YAML record is validated twice: as it
   is (with the quick reading of :mod:`gleek.record.fast` when yaml-rs is installed), and by
   PyYAML alone (yaml-rs hidden from the process).
2. A hostile record of about ``--hostile-mb`` megabytes (default 10) whose deal holds a deck of
   hundreds of thousands of cards is validated the same way: it must be refused, fast.
3. The baseline (``../shared/bench/baseline_playout.py``) plays deals in the same run, between
   the validations, so the per-deal validation time is also given as a multiple of the
   baseline's playout of a deal (the median of the paired ratios).
4. The small cases that must not get slower: ``import gleek`` and ``gleek validate`` of one small
   example record, each in a fresh process (median of the runs).

With ``--memory`` (the size mode), bots play ``DEALS`` deals (default 100,000; about 120 MB in
YAML), written a deal at a time both as a YAML record and as a JSON Lines one; each is then
validated by ``gleek validate`` in a fresh process, whose wall time and peak memory are reported
(``resource.getrusage(RUSAGE_CHILDREN).ru_maxrss`` of a process that runs only that command).
A record file is read deal by deal, so the peak stays flat whatever its size (target: under
150 MB for 100,000 deals); no file size limit applies, only one of 1 MiB a deal.

Not a test: nothing here is timed in CI.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DEFAULT_BASELINE = ROOT.parent / "shared" / "bench" / "baseline_playout.py"
SMALL = ROOT / "examples" / "parlett-s0-auction.yaml"

_CHILD = """
import resource, sys, time
start = time.perf_counter()
import gleek._core
from gleek.record import validate
report = validate(sys.argv[1])
seconds = time.perf_counter() - start
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
codes = sorted({e.code for e in report.errors})
compiled = not gleek._core.__file__.endswith(".py")
print(f"{seconds:.3f} {rss:.0f} {report.valid} {len(report.deals)} {compiled} {','.join(codes)}")
"""

_SMALL = """
import sys, time
start = time.perf_counter()
import gleek
imported = time.perf_counter() - start
from gleek.cli import main
try:
    main(["validate", sys.argv[1]])
except SystemExit:
    pass
print(imported, time.perf_counter() - start, file=sys.stderr)
"""


def write_record(path: Path, deals: int) -> None:
    """A valid record of ``deals`` deals played by random bots, at ``path`` (YAML) and beside
    it with the suffix ``.jsonl`` (the same record as JSON Lines)."""
    import gleek
    from gleek.record import dump
    from gleek.session import Session
    from gleek.sim.bots import RandomBot

    session = Session.start(gleek.load_profile("parlett"), deals=deals)
    session = session.play_out([RandomBot()] * 3, seed=7)
    dump(session, path)
    dump(session, path.with_suffix(".jsonl"))


def write_hostile(path: Path, megabytes: float) -> None:
    """One deal whose ``deck`` lists ``AH`` over and over, ``megabytes`` long."""
    n = int(megabytes * 1024 * 1024 / 7)
    head = "format: gleek-record/1\nprofile: parlett\nplayers: [A, B, C]\ndeals:\n- dealer: A\n"
    path.write_text(head + "  deck:\n" + "  - AH\n" * n, encoding="utf-8")


def write_big(folder: Path, deals: int) -> tuple[Path, Path]:
    """A valid record of ``deals`` deals played by random bots, as YAML and as JSON Lines,
    written a deal at a time (sessions of 3,000 deals chained: never the whole record held)."""
    import gleek
    from gleek.record.write import deal_data, record_data, write_deals
    from gleek.session import Session
    from gleek.sim.bots import RandomBot

    profile = gleek.load_profile("parlett")
    first = Session.start(profile, deals=1)
    head = record_data(first)
    del head["deals"]

    def played() -> Iterator[dict[str, Any]]:
        chips, pot, dealer, stake = None, None, 0, None
        left, chunk = deals, 0
        while left:
            n = min(left, 3000)
            s = Session.start(
                profile,
                n,
                players=first.players,
                chips=chips,
                pot=pot,
                dealer=dealer,
                ruff_stake=stake,
            ).play_out([RandomBot()] * 3, seed=f"big:{chunk}")
            for d in s.deals:
                yield deal_data(d, s.players)
            chips, pot, dealer, stake = s.balances, s.pot, s.dealer, s.ruff_stake
            left -= n
            chunk += 1

    yaml_path, jsonl_path = folder / f"big-{deals}.yaml", folder / f"big-{deals}.jsonl"
    with yaml_path.open("w", encoding="utf-8") as y, jsonl_path.open("w", encoding="utf-8") as j:
        ys = _Tee(y, j, head)
        write_deals(y, head, ys.deals(played()), "yaml")
        ys.close()
    return yaml_path, jsonl_path


class _Tee:
    """Each deal written to the YAML file goes to the JSON Lines file too (played once)."""

    def __init__(self, y: IO[str], j: IO[str], head: dict[str, Any]) -> None:
        self.j = j
        j.write(json.dumps(head, ensure_ascii=False) + "\n")

    def deals(self, deals: Iterator[dict[str, Any]]) -> Iterator[dict[str, Any]]:
        for d in deals:
            self.j.write(json.dumps(d, ensure_ascii=False) + "\n")
            yield d

    def close(self) -> None:
        self.j.flush()


#: A parent that runs the command of its arguments and nothing else, passes its output on and
#: adds a line: the command's seconds, its peak RSS in MB (``RUSAGE_CHILDREN``: the command's
#: alone; Linux keeps a process's peak across ``exec``, so a child's own ``RUSAGE_SELF`` would
#: count the memory of the script that forked it) and its exit status.
_PARENT = """
import resource, subprocess, sys, time
start = time.perf_counter()
done = subprocess.run(sys.argv[1:], capture_output=True, text=True)
seconds = time.perf_counter() - start
rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
sys.stdout.write(done.stdout)
print(f"{seconds:.3f} {rss:.1f} {done.returncode}")
"""


def _under_parent(cmd: list[str], tree: Path) -> tuple[list[str], float, float, int]:
    """``cmd`` run by :data:`_PARENT` with the build in ``tree``: (its output's lines, seconds,
    peak RSS in MB, exit status)."""
    lines = subprocess.run(
        [sys.executable, "-c", _PARENT, *cmd],
        check=True,
        capture_output=True,
        text=True,
        cwd=tree,
        env=_env(tree),
    ).stdout.splitlines()
    seconds, rss, status = lines[-1].split()
    return lines[:-1], float(seconds), float(rss), int(status)


def measure_cli(path: Path, tree: Path = ROOT) -> tuple[float, float, int]:
    """``gleek validate PATH`` in a fresh process of the build in ``tree``: (seconds, peak RSS in
    MB, exit status), the RSS that of the command's process alone (RUSAGE_CHILDREN of a parent
    that runs nothing else)."""
    cmd = [sys.executable, "-m", "gleek", "validate", "--no-progress", str(path)]
    _, seconds, rss, status = _under_parent(cmd, tree)
    return seconds, rss, status


def memory_mode(args: argparse.Namespace, builds: dict[str, Path]) -> int:
    deals = args.deals or 100_000
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        yaml_path, jsonl_path = folder / f"big-{deals}.yaml", folder / f"big-{deals}.jsonl"
        if not (yaml_path.is_file() and jsonl_path.is_file()):
            start = time.perf_counter()
            write_big(folder, deals)
            print(f"wrote {deals} deals in {time.perf_counter() - start:.0f} s", flush=True)
        for path in (yaml_path, jsonl_path):
            size = path.stat().st_size / 1e6
            for b, tree in builds.items():
                seconds, rss, status = measure_cli(path, tree)
                print(
                    f"{path.suffix[1:]:5} record, {deals} deals, {size:.0f} MB, {b}: "
                    f"gleek validate {seconds:.1f} s ({seconds / deals * 1000:.2f} ms a deal), "
                    f"peak RSS {rss:.0f} MB, exit {status}",
                    flush=True,
                )
    return 0


def _env(tree: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(tree)}


#: Where the children cache their bytecode (as an installed package has it, whatever
#: ``PYTHONDONTWRITEBYTECODE`` says; the checkout is not written to).
_PYCACHE_DIR = tempfile.TemporaryDirectory(prefix="gleek-bench-pycache-")  # gone at exit
_PYCACHE = _PYCACHE_DIR.name


def _child(code: str, path: Path, tree: Path) -> subprocess.CompletedProcess[str]:
    """Run ``code`` on ``path`` in a fresh Python process of the build in ``tree``, with its
    bytecode cached."""
    env = {k: v for k, v in _env(tree).items() if k != "PYTHONDONTWRITEBYTECODE"}
    return subprocess.run(
        [sys.executable, "-c", code, str(path)],
        check=True,
        capture_output=True,
        text=True,
        cwd=tree,
        env={**env, "PYTHONPYCACHEPREFIX": _PYCACHE},
    )


#: What a child runs first to validate with PyYAML alone: yaml-rs cannot be imported.
_NO_QUICK = "import sys; sys.modules['yaml_rs'] = None\n"


def measure(
    path: Path, tree: Path = ROOT, quick: bool = True
) -> tuple[float, float, str, int, bool, str]:
    """Validate ``path`` in a fresh process of the build in ``tree``: (seconds, max RSS in MB,
    valid, deals replayed, compiled, error codes); the RSS that of the validating process
    alone (see :data:`_PARENT`). With ``quick`` False, yaml-rs is hidden (PyYAML alone reads
    a YAML record: :mod:`gleek.record.fast`)."""
    code = _CHILD if quick else _NO_QUICK + _CHILD
    lines, _, rss, status = _under_parent([sys.executable, "-c", code, str(path)], tree)
    if status:
        raise SystemExit(f"validating {path} failed (exit {status})")
    out = lines[0].split()
    seconds, valid, deals = float(out[0]), out[2], int(out[3])
    return seconds, rss, valid, deals, out[4] == "True", out[5] if len(out) > 5 else ""


def small(tree: Path) -> tuple[float, float]:
    """``import gleek``, then ``gleek validate`` of one small record, in a fresh process of the
    build in ``tree``: (seconds to import, seconds to the end of the validation)."""
    err = _child(_SMALL, SMALL, tree).stderr.split()
    return float(err[-2]), float(err[-1])


def baseline_seconds_per_deal(baseline: Path) -> float:
    out = subprocess.run(
        [sys.executable, str(baseline), "20000", "--json"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return 1.0 / float(json.loads(out.strip().splitlines()[-1])["deals_per_s"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deals", nargs="?", type=int, default=None)
    parser.add_argument(
        "--memory", action="store_true", help="the size mode: 100,000 deals, peak RSS and time"
    )
    parser.add_argument("--compiled", type=Path, help="a tree holding the compiled build")
    parser.add_argument("--reps", type=int, default=1, help="alternating runs of each build")
    parser.add_argument("--hostile-mb", type=float, default=10.0)
    parser.add_argument("--baseline", type=Path, default=DEFAULT_BASELINE)
    parser.add_argument("--keep", type=Path, default=None, help="write the records here")
    args = parser.parse_args()
    builds = {"pure": ROOT}
    if args.compiled:
        builds["compiled"] = args.compiled.resolve()
    if args.memory:
        return memory_mode(args, builds)
    args.deals = args.deals or 10_000
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        record = folder / f"valid-{args.deals}.yaml"
        if not record.is_file() or not record.with_suffix(".jsonl").is_file():
            write_record(record, args.deals)
        forms = {  # each form: its file, and whether the quick reading may read it
            "YAML": (record, True),
            "YAML, PyYAML alone": (record, False),
            "JSON Lines": (record.with_suffix(".jsonl"), True),
        }
        has_baseline = args.baseline.is_file()
        if not has_baseline:
            print(f"baseline not found ({args.baseline}): absolute figures only")
        base: list[float] = []
        runs: dict[tuple[str, str], list[tuple[float, float, str, int, bool, str]]] = {
            (form, b): [] for form in forms for b in builds
        }
        for _ in range(args.reps):
            if has_baseline:
                base.append(baseline_seconds_per_deal(args.baseline))
            for form, (path, quick) in forms.items():
                for b, tree in builds.items():
                    r = measure(path, tree, quick)
                    if r[4] != (b == "compiled"):
                        raise SystemExit(f"the {b} build ran compiled={r[4]}")
                    runs[(form, b)].append(r)
        for (form, b), rs in runs.items():
            if b == next(iter(builds)):
                size = forms[form][0].stat().st_size / 1e6
                print(f"valid record, {form}: {args.deals} deals, {size:.1f} MB")
            seconds = statistics.median(r[0] for r in rs)
            rss = max(r[1] for r in rs)
            _, _, valid, deals, _, codes = rs[0]
            per_deal = seconds / max(deals, 1)
            line = (
                f"  {b:8}: {seconds:.2f} s, max RSS {rss:.0f} MB, valid={valid}, "
                f"{deals} deals replayed, {per_deal * 1000:.3f} ms a deal"
            )
            if base:
                ratios = [r[0] / max(r[3], 1) / x for r, x in zip(rs, base, strict=True)]
                line += f", {statistics.median(ratios):.1f}x the baseline's playout per deal"
            print(line + (f" (errors: {codes})" if codes else ""), flush=True)
        if base:
            print(f"  baseline: {statistics.median(base) * 1000:.4f} ms a deal (playout)")
        print(f"small record ({SMALL.name}), fresh process, median of {max(args.reps, 5)}:")
        for b, tree in builds.items():
            small(tree)  # writes the bytecode, untimed
            times = [small(tree) for _ in range(max(args.reps, 5))]
            imp = statistics.median(t[0] for t in times)
            total = statistics.median(t[1] for t in times)
            print(
                f"  {b:8}: import gleek {imp * 1000:.0f} ms, "
                f"import + validate {total * 1000:.0f} ms"
            )
        hostile = folder / "hostile.yaml"
        write_hostile(hostile, args.hostile_mb)
        size = hostile.stat().st_size / 1e6
        for b, tree in builds.items():
            seconds, rss, valid, _, _, codes = measure(hostile, tree)
            print(
                f"hostile record ({size:.1f} MB, one huge deck), {b}: {seconds:.2f} s, "
                f"max RSS {rss:.0f} MB, valid={valid}, errors: {codes or '-'}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
