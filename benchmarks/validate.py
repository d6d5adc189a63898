"""Validation speed and memory: a valid many-deal record, and a hostile 10 MB one.

    python benchmarks/validate.py [DEALS] [--hostile-mb MB] [--baseline PATH] [--keep DIR]

1. Bots play ``DEALS`` deals (default 10,000) of one session, written as a record; then the record
   is validated in a fresh process, which reports its wall time and peak memory (max RSS).
2. A hostile record of about ``--hostile-mb`` megabytes (default 10) whose deal holds a deck of
   hundreds of thousands of cards is validated the same way: it must be refused, fast.
3. The baseline (``../shared/bench/baseline_playout.py``) plays deals in the same run, so the
   per-deal validation time is also given as a multiple of the baseline's playout of a deal.

Not a test: nothing here is timed in CI.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_BASELINE = HERE.parent.parent / "shared" / "bench" / "baseline_playout.py"

_CHILD = """
import resource, sys, time
start = time.perf_counter()
from gleek.record import validate
report = validate(sys.argv[1])
seconds = time.perf_counter() - start
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
codes = sorted({e.code for e in report.errors})
print(f"{seconds:.3f} {rss:.0f} {report.valid} {len(report.deals)} {','.join(codes)}")
"""


def write_record(path: Path, deals: int) -> None:
    """A valid record of ``deals`` deals played by random bots."""
    import gleek
    from gleek.record import dump
    from gleek.session import Session
    from gleek.sim.bots import RandomBot

    session = Session.start(gleek.load_profile("parlett"), deals=deals)
    session = session.play_out([RandomBot()] * 3, seed=7)
    dump(session, path)


def write_hostile(path: Path, megabytes: float) -> None:
    """One deal whose ``deck`` lists ``AH`` over and over, ``megabytes`` long."""
    n = int(megabytes * 1024 * 1024 / 7)
    head = "format: gleek-record/1\nprofile: parlett\nplayers: [A, B, C]\ndeals:\n- dealer: A\n"
    path.write_text(head + "  deck:\n" + "  - AH\n" * n, encoding="utf-8")


def measure(path: Path) -> tuple[float, float, str, int, str]:
    out = subprocess.run(
        [sys.executable, "-c", _CHILD, str(path)], check=True, capture_output=True, text=True
    ).stdout.split()
    seconds, rss, valid, deals = float(out[0]), float(out[1]), out[2], int(out[3])
    return seconds, rss, valid, deals, out[4] if len(out) > 4 else ""


def baseline_seconds_per_deal(baseline: Path) -> float | None:
    if not baseline.is_file():
        return None
    out = subprocess.run(
        [sys.executable, str(baseline), "20000", "--json"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return 1.0 / float(json.loads(out.strip().splitlines()[-1])["deals_per_s"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deals", nargs="?", type=int, default=10_000)
    parser.add_argument("--hostile-mb", type=float, default=10.0)
    parser.add_argument("--baseline", type=Path, default=DEFAULT_BASELINE)
    parser.add_argument("--keep", type=Path, default=None, help="write the records here")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        record = folder / f"valid-{args.deals}.yaml"
        if not record.is_file():
            write_record(record, args.deals)
        size = record.stat().st_size / 1e6
        seconds, rss, valid, deals, codes = measure(record)
        per_deal = seconds / max(deals, 1)
        print(
            f"valid record: {args.deals} deals, {size:.1f} MB: {seconds:.2f} s, "
            f"max RSS {rss:.0f} MB, valid={valid}, {deals} deals replayed, "
            f"{per_deal * 1000:.3f} ms a deal"
        )
        base = baseline_seconds_per_deal(args.baseline)
        if base is None:
            print(f"baseline not found ({args.baseline}): absolute figures only")
        else:
            print(
                f"baseline playout: {base * 1000:.4f} ms a deal; "
                f"validation is {per_deal / base:.1f}x the baseline's playout per deal"
            )
        hostile = folder / "hostile.yaml"
        write_hostile(hostile, args.hostile_mb)
        size = hostile.stat().st_size / 1e6
        seconds, rss, valid, _, codes = measure(hostile)
        print(
            f"hostile record ({size:.1f} MB, one huge deck): {seconds:.2f} s, "
            f"max RSS {rss:.0f} MB, valid={valid}, errors: {codes or '-'}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
