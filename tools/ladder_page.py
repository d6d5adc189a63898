"""The bot ladder's page, docs/ladder.rst, from a recorded run (docs/ladder.json).

Run from the repository root::

    .venv/bin/python tools/ladder_page.py            # play the ladder (a few minutes on 2 cores),
                                                     # record it, write the page
    .venv/bin/python tools/ladder_page.py --render   # the page again from the recorded run
    .venv/bin/python tools/ladder_page.py --check    # exit 1 if the page is stale

The run is ``gleek ladder``'s defaults (:data:`gleek.sim.ladder.LADDER_BOTS`,
``RECORDED_PROFILES``, ``RECORDED_DECKS``, seed 0) on two workers. ``--check`` (the suite runs
it) says the page is stale when it differs from what the recorded run renders, when the
recorded run's field, profiles, decks or seed are no longer ``gleek ladder``'s defaults, or when
replaying the recorded run's cheap matches (every three of random, basic, rules and search:10,
first deck, every profile; and the first profile's first match of ismcts:10 with two of them)
no longer gives the recorded chips: the engine or a bot changed, so
the ratings must be played again.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import platform
import sys
import time
from importlib.metadata import version
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import gleek  # noqa: E402
from gleek.sim.ladder import (  # noqa: E402
    LADDER_BOTS,
    RECORDED_DECKS,
    RECORDED_PROFILES,
    Ladder,
    ladder_deals,
    play_ladder,
)
from gleek.sim.match import play_range  # noqa: E402

RECORD = ROOT / "docs" / "ladder.json"
PAGE = ROOT / "docs" / "ladder.rst"
WORKERS = 2
SEED = 0
RESAMPLES = 1000
CHEAP = ("random", "basic", "rules", "search:10")


def record() -> dict[str, Any]:
    """Play the ladder and return what the page is made from."""
    start = time.monotonic()
    done = [0]
    total = ladder_deals(len(LADDER_BOTS), len(RECORDED_PROFILES), RECORDED_DECKS)

    def progress(n: int) -> None:
        done[0] += n
        print(f"\r{done[0]}/{total} deals", end="", file=sys.stderr, flush=True)

    lad = play_ladder(
        LADDER_BOTS,
        RECORDED_PROFILES,
        RECORDED_DECKS,
        seed=SEED,
        workers=WORKERS,
        resamples=RESAMPLES,
        progress=progress,
    )
    print(file=sys.stderr)
    data = lad.to_json()
    data["run"] = {
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d"),
        "gleek": gleek.__version__,
        "build": gleek.build_info().kind,
        "open_spiel": version("open_spiel"),
        "python": platform.python_version(),
        "workers": WORKERS,
        "seconds": round(time.monotonic() - start),
        "machine": "2 cores, shared with other engineers' work at the time",
    }
    return data


def _beats_text(table: Any) -> list[str]:
    lines = []
    for r in table.ratings:
        beaten = table.beats(r.bot)
        if beaten:
            lines.append(f"- ``{r.bot}`` is rated clearly above {_names(beaten)}.")
    if not lines:
        lines.append("- No bot's interval lies wholly above another's: the field is too close to")
        lines.append("  separate with these deals.")
    return lines


def _expect(lad: Ladder) -> list[str]:
    """What the tables say a new agent can expect to beat, worked out from them."""
    n = len(lad.tables)
    top: dict[str, int] = {}
    last = below = 0
    for t in lad.tables:
        top[t.ratings[0].bot] = top.get(t.ratings[0].bot, 0) + 1
        last += t.ratings[-1].bot == "random"
        readers = [r.bot for r in t.ratings if r.bot not in ("random", "basic")]
        below += all("random" in t.beats(b) for b in readers)
    widths = [r.high - r.low for t in lad.tables for r in t.ratings]
    firsts = "; ".join(f"``{b}`` in {k}" for b, k in sorted(top.items(), key=lambda x: -x[1]))
    return [
        f"``random`` is the floor: it is rated last in {last} of the {n} profiles, and clearly",
        f"below every bot that reads the profile (``rules`` and the searchers) in {below}.",
        "``basic`` plays the same habits under every profile: where they do not suit the",
        "profile it sits at the bottom with ``random``. First place goes to " + firsts,
        f"of the {n}. ``rules`` is the next rung, and the reference opponent (the default of",
        "``gleek match``, ``gleek compare --simulate`` and ``gleek/Gleek-v0``); an agent rated",
        "clearly above it has learned something of the profile's auction and ruff as well as",
        "its card play. Above them stand the searchers: ``search:80`` and ``ismcts:10`` search",
        "the card play (ISMCTS every decision) at small budgets, and a learned agent that",
        "clears them plays the cards about as well as that search does. The intervals here are",
        f"{min(widths):.0f} to {max(widths):.0f} rating points wide, so bots closer than that",
        "are not told apart by this run; the bullets under each table list the pairs it does",
        "separate.",
    ]


def _names(bots: tuple[str, ...]) -> str:
    quoted = [f"``{b}``" for b in bots]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " and " + quoted[-1]


def render(data: dict[str, Any]) -> str:
    """The page for a recorded run (its ratings worked out again from its decks)."""
    lad = Ladder.from_json(data)
    run = data["run"]
    per_profile = ladder_deals(len(lad.bots), 1, lad.decks)
    out = [
        ".. This page is generated by tools/ladder_page.py from docs/ladder.json: do not edit.",
        "",
        "The bot ladder",
        "==============",
        "",
        "How strong are the shipped bots, against each other and against a standard search",
        "algorithm? Every three bots of the field play the same decks, each deck dealt three",
        "times so that every bot holds every seat's cards, under each profile; ratings are",
        "fitted to who won more chips in each deal.",
        "",
        "The field: " + _names(lad.bots) + ". ``random`` picks uniformly among the legal",
        "actions; ``basic`` plays the same habits under every profile; ``rules`` weighs every",
        "choice by the profile (:class:`~gleek.sim.bots.RuleAwareBot`); ``search:N`` is the",
        "determinized search of the card play with N rollouts a decision",
        "(:class:`~gleek.sim.search.SearchBot`); ``ismcts:N`` is OpenSpiel's information-set",
        "Monte-Carlo tree search (``open_spiel.python.algorithms.ismcts``) with N simulations a",
        "decision and random rollouts, driving Gleek through ``python_gleek``",
        "(:class:`~gleek.rl.openspiel.ISMCTSGleekBot`, see :doc:`rl`).",
        "",
        "The recorded run",
        "----------------",
        "",
        f"- seed {lad.seed}; {lad.decks} decks a match, every three bots of the field",
        f"  ({math.comb(len(lad.bots), 3)} matches), so {per_profile} deals a profile and each",
        f"  bot in {3 * lad.decks * math.comb(len(lad.bots) - 1, 2)} of them;",
        "- budgets as named: ``search:10`` and ``search:80`` rollouts, ``ismcts:10``",
        "  simulations a decision (the auction, discards and ruff of the search bot are",
        "  ``rules``'s; ISMCTS searches every decision);",
        f"- {RESAMPLES} bootstrap resamples for the intervals;",
        f"- played on {run['date']} with gleek {run['gleek']} ({run['build']} build),",
        f"  open_spiel {run['open_spiel']}, Python {run['python']}, {run['workers']} workers:",
        f"  {run['seconds']} seconds on {run['machine']}.",
        "",
        "To play it again (the same decks, bots and seeds give the same table):",
        "",
        ".. code-block:: console",
        "",
        f"    $ gleek ladder --workers {run['workers']}",
        "    $ python tools/ladder_page.py      # the same, recorded, and this page rewritten",
        "",
        "``gleek ladder --bot B --bot B --bot B ... --profile P --decks N`` plays another field;",
        "``--format json`` writes every deck's chips as well as the ratings.",
        "",
        "How the ratings are made",
        "------------------------",
        "",
        "In each deal every two bots of the three play one game: the one with more chips wins",
        "it, equal chips are a draw. A Bradley-Terry model (bot *i* beats *j* with probability",
        "*p_i* / (*p_i* + *p_j*)) is fitted to every game, with one drawn game added between",
        "every two bots (so that a bot that never wins keeps a finite rating); the ratings are",
        "400 log10 *p* (the Elo scale: 400 points is ten wins to one), the field's mean at 0.",
        "The interval is the 2.5th to 97.5th percentile of the ratings fitted again to decks",
        "drawn with replacement within each match (a bootstrap that keeps each deck's three",
        "seatings together), from a seeded generator. Chips a deal are shown beside, with a",
        "normal 95% interval: a bot can win most of its games by a little and still lose",
        "chips on the few deals it loses by a lot.",
        "",
    ]
    for t in lad.tables:
        title = f"{t.profile}"
        out += [title, "-" * len(title), ""]
        out += [
            ".. list-table::",
            "   :header-rows: 1",
            "",
            "   * - rank",
            "     - bot",
            "     - rating",
            "     - 95% interval",
            "     - chips a deal (95% interval)",
        ]
        for i, r in enumerate(t.ratings):
            out += [
                f"   * - {i + 1}",
                f"     - ``{r.bot}``",
                f"     - {r.rating:+.0f}",
                f"     - {r.low:+.0f} to {r.high:+.0f}",
                f"     - {r.chips.mean:+.2f} ({r.chips.low:+.2f} to {r.chips.high:+.2f})",
            ]
        out += ["", *_beats_text(t), ""]
    out += [
        "What a researcher can expect to beat",
        "------------------------------------",
        "",
        *_expect(lad),
        "",
        "To rate a new agent, add it to the field as ``module:Class`` (a class with",
        "``choose(obs, legal, rng)``) and play more decks than this page does:",
        "",
        ".. code-block:: console",
        "",
        "    $ gleek ladder --bot mypkg.agents:Agent --bot rules --bot search:80 \\",
        "          --bot ismcts:10 --profile parlett --decks 20 --workers 2",
        "",
        "From Python, :func:`gleek.sim.ladder.play_ladder` plays a ladder and",
        ":meth:`~gleek.sim.ladder.Ladder.from_json` reads a recorded one back:",
        "",
        ">>> import json",
        ">>> from gleek.sim.ladder import Ladder, play_ladder",
        '>>> with open("docs/ladder.json", encoding="utf-8") as f:',
        "...     recorded = Ladder.from_json(json.load(f))",
        ">>> [t.profile for t in recorded.tables]",
        repr([t.profile for t in lad.tables]),
        ">>> first = recorded.tables[0].ratings[0]",
        ">>> first.bot, round(first.low) <= round(first.rating) <= round(first.high)",
        f"({lad.tables[0].ratings[0].bot!r}, True)",
        '>>> small = play_ladder(["random", "basic", "rules"], ["pi"], decks=2, resamples=100)',
        ">>> small.tables[0].deals, len(small.tables[0].ratings)",
        "(6, 3)",
        "",
    ]
    return "\n".join(out)


def stale(data: dict[str, Any]) -> list[str]:
    """Why the page or the recorded run is stale (nothing: it is not)."""
    why = []
    if not PAGE.is_file() or PAGE.read_text("utf-8") != render(data):
        why.append("docs/ladder.rst is not what the recorded run renders")
    if (tuple(data["bots"]), data["decks"], data["seed"]) != (LADDER_BOTS, RECORDED_DECKS, SEED):
        why.append("the recorded field, decks or seed are no longer gleek ladder's defaults")
    names = [t["profile"] for t in data["profiles"]]
    want = [gleek.load_profile(p).id for p in RECORDED_PROFILES]
    if names != want:
        why.append(f"the recorded profiles {names} are not gleek ladder's {want}")
    for n, t in enumerate(data["profiles"]):
        profile = gleek.load_profile(t["profile"])
        searched = False  # one match of the ISMCTS bot is replayed too (the first profile's)
        for m in t["matches"]:
            trio = tuple(m["bots"])
            ismcts = n == 0 and not searched and set(trio) - set(CHEAP) == {"ismcts:10"}
            searched = searched or ismcts
            if not (set(trio) <= set(CHEAP) or ismcts):
                continue
            again = [list(row) for row in play_range((trio, profile, data["seed"], 0, 3))]
            if again != m["decks"][0]:
                why.append(f"{t['profile']}, {' '.join(trio)}: the first deck plays differently")
    return why


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--render", action="store_true", help="the page from the recorded run")
    parser.add_argument("--check", action="store_true", help="exit 1 if the page is stale")
    args = parser.parse_args()
    if args.check:
        why = stale(json.loads(RECORD.read_text("utf-8")))
        for line in why:
            print(f"stale: {line}; run: python tools/ladder_page.py")
        return 1 if why else 0
    if args.render:
        data = json.loads(RECORD.read_text("utf-8"))
    else:
        data = record()
        RECORD.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(f"Wrote {RECORD.relative_to(ROOT)}")
    PAGE.write_text(render(data), encoding="utf-8")
    print(f"Wrote {PAGE.relative_to(ROOT)}")
    print(Ladder.from_json(data).text())
    return 0


if __name__ == "__main__":
    sys.exit(main())
