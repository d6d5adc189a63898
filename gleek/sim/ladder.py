"""A bot ladder: every three of a field of bots play the same decks, seats rotated; ratings
(Bradley-Terry, on the Elo scale) with 95% intervals, per profile.

For each profile and each set of three bots of the field, ``decks`` decks are dealt three
times, every bot in every seat (a match of :func:`gleek.sim.match.play_match`, seed ``seed``).
Within a deal, each pair of bots is one game: the bot with more chips wins it, equal chips are
a draw (half a win each). A Bradley-Terry model is fitted to all the games (each bot's strength
``p``; ``i`` beats ``j`` with probability ``p_i / (p_i + p_j)``), with one drawn game added
between every two bots (a light prior, so that a bot that never wins keeps a finite rating). A
rating is ``400 log10 p`` (the Elo scale: 400 points apart, ten wins to one), the field's mean
at 0. The interval is the 2.5th to 97.5th percentile of the ratings refitted to the
decks drawn again with replacement (within each set of three bots: two decks at least),
``resamples`` times, from a generator seeded by ``seed``: the same run gives the same ratings.

>>> lad = play_ladder(["random", "basic", "rules"], ["pi"], decks=2, seed=1, resamples=50)
>>> [r.bot for r in lad.tables[0].ratings][0], lad.tables[0].deals
('rules', 6)
>>> all(r.low <= r.rating <= r.high for r in lad.tables[0].ratings)
True
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs

from gleek._args import check_int
from gleek.errors import ArgumentError
from gleek.i18n import gettext, ngettext
from gleek.limits import MAX_PLAYED_DEALS
from gleek.profile import Profile, load_profile
from gleek.sim.batch import check_workers, pool_size, run_pool
from gleek.sim.match import Estimate, estimate, load_bot, play_range

__all__ = [
    "LADDER_BOTS",
    "RECORDED_DECKS",
    "RECORDED_PROFILES",
    "Ladder",
    "LadderTable",
    "Rating",
    "bradley_terry",
    "ladder_deals",
    "play_ladder",
    "rate",
]

LADDER_BOTS: Final = ("random", "basic", "rules", "search:10", "search:80", "ismcts:10")
"""The field of ``gleek ladder`` by default: the shipped bots, the search bot at two budgets,
and OpenSpiel's ISMCTS driving Gleek (10 simulations a decision)."""

RECORDED_PROFILES: Final = ("parlett", "cotton", "pedagogical", "publications-international")
"""The profiles of the documented ladder (``docs/ladder.rst``), the default of ``gleek ladder``."""
RECORDED_DECKS: Final = 4
"""Decks a match of the documented ladder, the default of ``gleek ladder``."""


def ladder_deals(bots: int, profiles: int, decks: int) -> int:
    """The deals a ladder of ``bots`` bots plays: three a deck, every three bots, per profile.

    >>> ladder_deals(6, 4, 4)
    960
    """
    return 3 * decks * math.comb(bots, 3) * profiles


#: a deck's three deals: per deal the chips of each bot of the three, and the pot
Deck = tuple[tuple[int, int, int, int], ...]


@attrs.frozen
class Rating:
    """A bot's rating (Elo scale) with its 95% interval, and its chips per deal."""

    bot: str
    rating: float
    low: float
    high: float
    games: int
    chips: Estimate

    def to_json(self) -> dict[str, Any]:
        return {
            "bot": self.bot,
            "rating": round(self.rating, 1),
            "low": round(self.low, 1),
            "high": round(self.high, 1),
            "games": self.games,
            "chips_per_deal": self.chips.to_json(),
        }


@attrs.frozen
class LadderTable:
    """One profile's ladder: the ratings, best first, and the decks every match played."""

    profile: str
    ratings: tuple[Rating, ...]
    deals: int
    #: per set of three bots (in the field's order), its decks
    matches: tuple[tuple[tuple[str, str, str], tuple[Deck, ...]], ...]

    def beats(self, bot: str) -> tuple[str, ...]:
        """The bots whose whole interval lies below ``bot``'s."""
        me = next(r for r in self.ratings if r.bot == bot)
        return tuple(r.bot for r in self.ratings if r.high < me.low)

    def text(self) -> str:
        width = max(len(r.bot) for r in self.ratings)
        lines = [
            ngettext("{profile}: {n} deal", "{profile}: {n} deals", self.deals).format(
                profile=self.profile, n=self.deals
            )
        ]
        for i, r in enumerate(self.ratings):
            lines.append(
                f"  {i + 1}. {r.bot:<{width}}  {r.rating:+7.0f} [{r.low:+5.0f}, {r.high:+5.0f}]  "
                + gettext("chips/deal {chips}").format(chips=r.chips)
            )
        return "\n".join(lines)


@attrs.frozen
class Ladder:
    """A ladder's tables (one per profile) and what made them."""

    bots: tuple[str, ...]
    decks: int
    seed: int
    resamples: int
    tables: tuple[LadderTable, ...]

    def text(self) -> str:
        head = ngettext(
            "ladder of {bots}: every three bots, {decks} deck dealt three times (seats rotated), "
            "seed {seed}; Bradley-Terry ratings (Elo scale, the field's mean at 0) with 95% "
            "intervals ({resamples} resamples)",
            "ladder of {bots}: every three bots, {decks} decks each dealt three times (seats "
            "rotated), seed {seed}; Bradley-Terry ratings (Elo scale, the field's mean at 0) with "
            "95% intervals ({resamples} resamples)",
            self.decks,
        ).format(
            bots=", ".join(self.bots), decks=self.decks, seed=self.seed, resamples=self.resamples
        )
        return "\n".join([head, *(t.text() for t in self.tables)])

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Ladder:
        """The ladder :meth:`to_json` wrote, its ratings worked out again from the decks."""
        try:
            bots = tuple(str(b) for b in data["bots"])
            decks, seed, resamples = int(data["decks"]), int(data["seed"]), int(data["resamples"])
            tables = []
            for t in data["profiles"]:
                matches = tuple(
                    (
                        (str(m["bots"][0]), str(m["bots"][1]), str(m["bots"][2])),
                        tuple(tuple((r[0], r[1], r[2], r[3]) for r in deck) for deck in m["decks"]),
                    )
                    for m in t["matches"]
                )
                tables.append(rate(str(t["profile"]), bots, matches, resamples, seed))
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            raise ArgumentError(f"not a ladder's JSON: {type(exc).__name__}: {exc}") from None
        return cls(bots, decks, seed, resamples, tuple(tables))

    def to_json(self) -> dict[str, Any]:
        return {
            "bots": list(self.bots),
            "decks": self.decks,
            "seed": self.seed,
            "resamples": self.resamples,
            "profiles": [
                {
                    "profile": t.profile,
                    "deals": t.deals,
                    "ratings": [r.to_json() for r in t.ratings],
                    "matches": [
                        {"bots": list(trio), "decks": [[list(d) for d in deck] for deck in decks]}
                        for trio, decks in t.matches
                    ],
                }
                for t in self.tables
            ],
        }


def bradley_terry(n: int, wins: Sequence[Sequence[float]], iterations: int = 500) -> list[float]:
    """Strengths ``p`` (summing to ``n``) of ``n`` players from ``wins[i][j]``, the games ``i``
    won against ``j`` (a draw: half each way), by Hunter's MM algorithm. Every pair must have
    played (the ladder's prior sees to it).

    >>> p = bradley_terry(2, [[0, 3], [1, 0]])
    >>> round(p[0] / p[1], 6)
    3.0
    """
    p = [1.0] * n
    for _ in range(iterations):
        new = []
        for i in range(n):
            won = sum(wins[i])
            denom = sum((wins[i][j] + wins[j][i]) / (p[i] + p[j]) for j in range(n) if j != i)
            new.append(won / denom)
        scale = n / sum(new)
        new = [x * scale for x in new]
        done = max(abs(a - b) for a, b in zip(new, p, strict=True)) < 1e-10
        p = new
        if done:
            break
    return p


def _wins(
    n: int, index: dict[str, int], matches: Sequence[tuple[tuple[str, str, str], Sequence[Deck]]]
) -> list[list[float]]:
    """The games won, each pair of bots of each deal; one draw between every two bots added."""
    w = [[0.0 if i == j else 0.5 for j in range(n)] for i in range(n)]
    for trio, decks in matches:
        seats = [index[b] for b in trio]
        for deck in decks:
            for row in deck:
                for a, b in itertools.combinations(range(3), 2):
                    i, j = seats[a], seats[b]
                    if row[a] > row[b]:
                        w[i][j] += 1
                    elif row[a] < row[b]:
                        w[j][i] += 1
                    else:
                        w[i][j] += 0.5
                        w[j][i] += 0.5
    return w


def _ratings(n: int, wins: list[list[float]]) -> list[float]:
    logs = [400 * math.log10(x) for x in bradley_terry(n, wins)]
    mean = sum(logs) / n
    return [x - mean for x in logs]


def rate(
    profile: str,
    bots: tuple[str, ...],
    matches: tuple[tuple[tuple[str, str, str], tuple[Deck, ...]], ...],
    resamples: int,
    seed: int,
) -> LadderTable:
    """One profile's table from the decks its matches played (see the module documentation;
    the intervals' resamples are seeded by ``seed`` and the profile's name)."""
    n = len(bots)
    index = {b: i for i, b in enumerate(bots)}
    point = _ratings(n, _wins(n, index, matches))
    rng = random.Random(f"ladder/{seed}/{profile}")
    draws: list[list[float]] = [[] for _ in bots]
    for _ in range(resamples):
        again = [
            (trio, [decks[rng.randrange(len(decks))] for _ in decks]) for trio, decks in matches
        ]
        for i, r in enumerate(_ratings(n, _wins(n, index, again))):
            draws[i].append(r)
    chips: list[list[int]] = [[] for _ in bots]
    games = [0] * n
    for trio, decks in matches:
        for deck in decks:
            for row in deck:
                for a, b in enumerate(trio):
                    chips[index[b]].append(row[a])
                    games[index[b]] += 2
    out = []
    for i, b in enumerate(bots):
        xs = sorted(draws[i])
        low, high = (xs[int(0.025 * len(xs))], xs[int(0.975 * (len(xs) - 1))]) if xs else (0, 0)
        out.append(Rating(b, point[i], min(low, point[i]), max(high, point[i]), games[i],
                          estimate(chips[i])))  # fmt: skip
    out.sort(key=lambda r: -r.rating)
    deals = sum(len(deck) for _, decks in matches for deck in decks)
    return LadderTable(profile, tuple(out), deals, matches)


def play_ladder(
    bots: Sequence[str] = LADDER_BOTS,
    profiles: Sequence[str | Profile] = RECORDED_PROFILES,
    decks: int = RECORDED_DECKS,
    *,
    seed: int = 0,
    workers: int | None = 1,
    resamples: int = 1000,
    progress: Callable[[int], None] | None = None,
) -> Ladder:
    """The ladder of ``bots`` (names for :func:`~gleek.sim.match.load_bot`, at least three, no
    two alike) under each of ``profiles``: see the module documentation. The same for any
    ``workers``; ``progress`` is called with the deals finished as they finish."""
    if isinstance(bots, str) or len(bots) < 3 or len(set(bots)) != len(bots):
        raise ArgumentError(f"a ladder needs three or more different bots, not {bots!r:.120}")
    for spec in bots:
        load_bot(spec)  # fail early, with the name
    if isinstance(profiles, str | Profile) or not profiles:
        raise ArgumentError(f"profiles must be a list of profiles, not {profiles!r:.80}")
    check_int("decks", decks, low=2, high=MAX_PLAYED_DEALS // 3)  # (one deck: no interval)
    check_int("seed", seed)
    check_int("resamples", resamples, low=0, high=100_000)
    check_workers(workers)
    profs = [load_profile(p) if isinstance(p, str) else p for p in profiles]
    trios = list(itertools.combinations(tuple(bots), 3))
    tasks = [(trio, prof, seed, 3 * k, 3) for prof in profs for trio in trios for k in range(decks)]
    n_workers = pool_size(workers, len(tasks))

    def done(i: int, part: list[tuple[int, int, int, int]]) -> None:
        if progress is not None:
            progress(len(part))

    if n_workers == 1:
        parts = []
        for i, task in enumerate(tasks):
            parts.append(play_range(task))
            done(i, parts[-1])
    else:
        parts = run_pool(play_range, tasks, n_workers, done)
    tables = []
    at = 0
    for prof in profs:
        matches = []
        for trio in trios:
            matches.append((trio, tuple(tuple(parts[at + k]) for k in range(decks))))
            at += decks
        name = prof.id + "".join(f"+{v}" for v in prof.variants)
        tables.append(rate(name, tuple(bots), tuple(matches), resamples, seed))
    return Ladder(tuple(bots), decks, seed, resamples, tuple(tables))
