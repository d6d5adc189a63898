"""The search bot against two rule-aware bots, next to a rule-aware bot in the same seats.

Plays ``--deals`` deals (seats rotated: each deck three times, the bot under test in each seat)
with ``search:N`` and two ``--against`` bots (default ``rules``), then the same deals with three
of them, and reports the chips per deal of the first bot in each match with a 95% interval, the
difference paired by deal, and the search bot's speed in deals a second per worker process.

    nice -n 10 python benchmarks/match.py --deals 3000 --workers 2

Run it from a tree with the compiled core (``make compiled``; ``cd build/compiled/tree``) for
the compiled figure. Not a test: nothing here is timed in CI.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from tqdm import tqdm

from gleek.sim.match import estimate, play_match
from gleek.sim.search import DEFAULT_PLAYOUTS


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=3000)
    ap.add_argument("--playouts", type=int, default=DEFAULT_PLAYOUTS)
    ap.add_argument("--against", default="rules")
    ap.add_argument("--profile", default="parlett")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    search = f"search:{args.playouts}"
    results = {}
    other = args.against
    for lineup in ([search, other, other], [other, other, other]):
        t0 = time.monotonic()
        with tqdm(total=args.deals, desc=lineup[0], unit="deal", file=sys.stderr) as bar:

            def advance(deals: int, bar: tqdm[Any] = bar) -> None:
                bar.update(deals)

            results[lineup[0]] = (
                play_match(
                    lineup,
                    args.profile,
                    args.deals,
                    seed=args.seed,
                    workers=args.workers,
                    progress=advance,
                ),
                time.monotonic() - t0,
            )
    tested, t_search = results[search]
    base, t_base = results[other]
    diff = [a - b for a, b in zip(tested.chips[0], base.chips[0], strict=True)]
    report = {
        "profile": tested.profile,
        "deals": args.deals,
        "seed": args.seed,
        "search": {"bot": search, "chips_per_deal": tested.per_deal(0).to_json()},
        "same_seats": {"bot": other, "chips_per_deal": base.per_deal(0).to_json()},
        "difference": estimate(diff).to_json(),
        "seconds": {"search": round(t_search, 1), other: round(t_base, 1)},
        "search_deals_per_second_per_worker": round(args.deals / t_search / args.workers, 2),
    }
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(
            f"{args.deals} deals of {tested.profile} (seed {args.seed}, seats rotated), "
            "chips per deal of the seat under test, 95% interval:"
        )
        print(f"  {search:<10} with two {other}: {tested.per_deal(0)}")
        print(f"  {other:<10} with two {other}: {base.per_deal(0)}")
        print(f"  difference (paired by deal):  {estimate(diff)}")
        rate = args.deals / t_search / args.workers
        print(
            f"  time: {t_search:.0f} s (search), {t_base:.0f} s ({other}); "
            f"{rate:.1f} deals a second per worker with the search bot"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
