"""Regenerate the recorded run of the docs page "What the disputed rules do" (docs/effects.rst):
every disputed rule of Parlett's profile changed alone, on the same seeded deals, by the rule-aware
bots; the forest plot, the tables and the summary the page includes, and the run as JSON.

Run from the repository root (``--compiled`` plays in the compiled build, the same figures
faster; ``make compiled`` lays it out)::

    .venv/bin/python tools/effects_page.py [--compiled build/compiled/tree] [--workers 2]

The page's prose quotes figures of the run: read it again against the new table. And
``tests/test_effects_page.py`` checks that the page's files are what this script writes from
the recorded JSON, that the rule changes and the first deals of the run are still what the
profiles and the engine give, and (slow) that the whole run comes out the same again.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

BASE = "parlett"
DEALS = 2000
SEED = 0
BOTS = "rules"
FIRST = 3  # the deals of the first session, kept to check the run without playing it again

OUT = ROOT / "docs" / "effects"
RUN = OUT / "run.json"
TABLE = OUT / "table.txt"
SUMMARY = OUT / "summary.txt"
PLOT = ROOT / "docs" / "images" / "effects.svg"


def summary(data: dict[str, Any]) -> str:
    """The page's paragraph about the run: what was played, and how much narrower the paired
    intervals are than the unpaired ones (both computed from the same deals)."""
    changes = data["changes"]
    halves = [
        (e["ci95"][1] - e["ci95"][0], e["unpaired_ci95"][1] - e["unpaired_ci95"][0])
        for c in changes
        for e in c["effects"].values()
        if e["ci95"][1] > e["ci95"][0]
    ]
    narrower = sum(1 for p, u in halves if p < u)
    shown = sum(1 for c in changes for e in c["effects"].values() if e["distinguishable"])
    return (
        f"The recorded run: ``gleek effects {data['base']} --deals {data['deals']} --seed "
        f"{data['seed']} --bots {data['bots']}``, {len(changes)} rule changes and the base, "
        f"each on the same {data['deals']:,} deals (sessions of {data['session_deals']}), "
        f"played in the {data['build']} build; {len(data['skipped'])} changes cannot stand "
        f"alone and are listed under the table. Of the {len(halves)} effects that vary at all "
        f"from deal to deal, the paired interval is the narrower in {narrower}; the median "
        f"paired interval is **{data['width_ratio']:.1f} times narrower** than the unpaired "
        f"interval of the same two samples (the same difference of means, each sample's own "
        f"variance: what two separate runs would give). {shown} of the "
        f"{len(changes) * len(data['metrics'])} effects are distinguishable from zero.\n"
    )


def write(result: Any, first: dict[str, list[list[float]]]) -> None:
    """The page's files from ``result`` (an EffectsResult) and the first deals' figures."""
    data = result.to_json()
    data["first_deals"] = first
    OUT.mkdir(parents=True, exist_ok=True)
    RUN.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    render(data)


def render(
    data: dict[str, Any], table: Path = TABLE, words: Path = SUMMARY, plot: Path = PLOT
) -> None:
    """Write the table, the summary and the plot from the recorded JSON ``data``."""
    from gleek.effects import EffectsResult

    result = EffectsResult.from_json(data)
    table.write_text(result.text() + "\n", encoding="utf-8")
    words.write_text(summary(data), encoding="utf-8")
    plot.parent.mkdir(parents=True, exist_ok=True)
    result.plot(plot)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compiled", type=Path, help="the tree of the compiled build")
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument(
        "--render", action="store_true", help="only redraw the files from the recorded JSON"
    )
    args = parser.parse_args()
    sys.path.insert(0, str(args.compiled.resolve() if args.compiled else ROOT))
    if args.render:
        render(json.loads(RUN.read_text(encoding="utf-8")))
        return
    from tqdm import tqdm

    import gleek
    from gleek.effects import effects

    base = gleek.load_profile(BASE)
    with tqdm(total=DEALS, unit="deal", file=sys.stderr, leave=False) as bar:

        def progress(n: int) -> None:
            bar.update(n)

        result = effects(
            base, deals=DEALS, seed=SEED, bots=BOTS, workers=args.workers, progress=progress
        )
    labels = ["base", *(c.change.label for c in result.changes)]
    first = {
        label: [list(r) for r in rows[:FIRST]]
        for label, rows in zip(labels, result.rows, strict=True)
    }
    write(result, first)
    for p in (RUN, TABLE, SUMMARY, PLOT):
        print(f"Wrote {p.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
