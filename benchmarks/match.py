"""The search bot against two BasicBots, next to a BasicBot in the same seats on the same deals.

Plays ``--deals`` deals (seats rotated: each deck three times, the bot under test in each seat)
with ``search:N`` and two BasicBots, then the same deals with three BasicBots, and reports the
chips per deal of the first bot in each match with a 95% interval, and the paired difference.

    nice -n 10 python benchmarks/match.py --deals 3000 --playouts 12 --workers 2
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from tqdm import tqdm

from gleek.sim.match import estimate, play_match


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=3000)
    ap.add_argument("--playouts", type=int, default=12)
    ap.add_argument("--profile", default="parlett")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    search = f"search:{args.playouts}"
    results = {}
    for lineup in ([search, "basic", "basic"], ["basic", "basic", "basic"]):
        t0 = time.monotonic()
        with tqdm(total=args.deals, desc=lineup[0], unit="deal", file=sys.stderr) as bar:
            results[lineup[0]] = (
                play_match(
                    lineup,
                    args.profile,
                    args.deals,
                    seed=args.seed,
                    workers=args.workers,
                    progress=bar.update,
                ),
                time.monotonic() - t0,
            )
    tested, t_search = results[search]
    base, t_base = results["basic"]
    diff = [a - b for a, b in zip(tested.chips[0], base.chips[0], strict=True)]
    report = {
        "profile": tested.profile,
        "deals": args.deals,
        "seed": args.seed,
        "search": {"bot": search, "chips_per_deal": tested.per_deal(0).to_json()},
        "basic_same_seats": {"bot": "basic", "chips_per_deal": base.per_deal(0).to_json()},
        "difference": estimate(diff).to_json(),
        "seconds": {"search": round(t_search, 1), "basic": round(t_base, 1)},
    }
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(
            f"{args.deals} deals of {tested.profile} (seed {args.seed}, seats rotated), "
            "chips per deal of the seat under test, 95% interval:"
        )
        print(f"  {search:<10} with two BasicBots: {tested.per_deal(0)}")
        print(f"  {'basic':<10} with two BasicBots: {base.per_deal(0)}")
        print(f"  difference (paired by deal):  {estimate(diff)}")
        print(f"  time: {t_search:.0f} s (search), {t_base:.0f} s (basic)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
