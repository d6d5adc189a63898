"""The PIMC bot against the search bot, paired by deal, each with two rule-aware bots.

Plays ``--deals`` deals (seats rotated: each deck three times, the bot under test in each seat)
with ``pimc:N`` and two ``--against`` bots (default ``rules``), then the same decks with
``search`` (its default budget) in its place, and reports the chips per deal of each, the
difference paired by deal with a 95% interval, and each bot's speed in deals a second per
worker process.

    nice -n 10 python benchmarks/pimc.py --deals 1002 --workers 2

Run it from a tree with the compiled core (``make compiled``; ``cd build/compiled/tree``) for
the compiled figure. Not a test: nothing here is timed in CI.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from gleek.sim.match import estimate, play_match
from gleek.sim.pimc import DEFAULT_WORLDS


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=1002)
    ap.add_argument("--worlds", type=int, default=DEFAULT_WORLDS)
    ap.add_argument("--versus", default="search")
    ap.add_argument("--against", default="rules")
    ap.add_argument("--profile", default="parlett")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    pimc = f"pimc:{args.worlds}"
    other = args.against
    results = {}
    for bot in (pimc, args.versus):
        t0 = time.monotonic()
        result = play_match(
            [bot, other, other], args.profile, args.deals, seed=args.seed, workers=args.workers
        )
        results[bot] = (result, time.monotonic() - t0)
    tested, t_pimc = results[pimc]
    base, t_base = results[args.versus]
    diff = [a - b for a, b in zip(tested.chips[0], base.chips[0], strict=True)]
    rates = {
        pimc: round(args.deals / t_pimc / args.workers, 2),
        args.versus: round(args.deals / t_base / args.workers, 2),
    }
    report = {
        "profile": tested.profile,
        "deals": args.deals,
        "seed": args.seed,
        "pimc": {"bot": pimc, "chips_per_deal": tested.per_deal(0).to_json()},
        "versus": {"bot": args.versus, "chips_per_deal": base.per_deal(0).to_json()},
        "difference": estimate(diff).to_json(),
        "deals_per_second_per_worker": rates,
    }
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(
            f"{args.deals} deals of {tested.profile} (seed {args.seed}, seats rotated), "
            f"chips per deal of the seat under test with two {other}, 95% interval:"
        )
        print(f"  {pimc:<10} {tested.per_deal(0)}  ({rates[pimc]} deals/s per worker)")
        print(f"  {args.versus:<10} {base.per_deal(0)}  ({rates[args.versus]} deals/s per worker)")
        print(f"  difference (paired by deal): {estimate(diff)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
