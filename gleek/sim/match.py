"""Tournaments: three bots play seeded deals, seats rotated, chips per deal with 95% intervals.

Deals come in threes on one deck: deal ``3k + r`` is deck ``k`` (seeded from ``seed`` and
``k``, dealt by seat ``k % 3``) with the bots moved round ``r`` seats, so every bot holds every
seat's cards once per deck. Each deal stands alone (the profile's opening ruff stake). A bot is
a shipped name (``random``, ``basic``, ``rules``, ``search`` or ``search:N`` for N playouts a
decision, ``ismcts`` or ``ismcts:N`` for OpenSpiel's ISMCTS with N simulations a decision) or
``module:Class``, a class whose no-argument instance has ``choose(obs, legal, rng)``.

>>> r = play_match(["basic", "random", "random"], "parlett", deals=6, seed=1)
>>> r.deals, len(r.chips[0])
(6, 6)
>>> all(sum(r.chips[b][d] for b in range(3)) + r.pot[d] == 0 for d in range(6))
True
"""

from __future__ import annotations

import difflib
import importlib
import math
import random
import re
from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs

from gleek._args import check_int
from gleek.errors import ArgumentError, ArgumentTypeError
from gleek.i18n import ngettext
from gleek.limits import MAX_PLAYED_DEALS, MAX_PLAYOUTS
from gleek.profile import Profile, load_profile
from gleek.sim.batch import check_workers, pool_size, run_pool
from gleek.sim.bots import BOTS
from gleek.state import Observation, apply, legal_actions, new_deal, observation, outcome

__all__ = ["Estimate", "MatchResult", "estimate", "load_bot", "play_match"]


def load_bot(spec: str) -> Any:
    """A bot from its name: ``random``, ``basic``, ``rules``, ``search``, ``search:N``,
    ``pimc``, ``pimc:N``, ``ismcts``, ``ismcts:N`` (OpenSpiel's ISMCTS, the extra
    ``openspiel``) or ``module:Class``; :class:`~gleek.errors.ArgumentError` naming what was
    wrong."""
    if not isinstance(spec, str):
        raise ArgumentError(f"a bot is named by a string, not {spec!r}")
    name, colon, arg = spec.partition(":")
    if name in BOTS and not colon:
        return BOTS[name]()
    if name == "ismcts":
        return _ismcts(spec, arg if colon else None)
    if name == "search":
        from gleek.sim.search import search_bot

        return search_bot(spec)
    if name == "pimc":
        from gleek.sim.pimc import pimc_bot

        return pimc_bot(spec)
    if not colon:
        names = ", ".join(
            [*BOTS, "search", "search:N", "pimc", "pimc:N", "ismcts", "ismcts:N", "module:Class"]
        )
        close = difflib.get_close_matches(name.lower(), [*BOTS, "search", "pimc", "ismcts"], n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise ArgumentError(f"unknown bot {spec!r:.80}{hint}; choose one of {names}")
    if not _DOTTED.fullmatch(name) or not arg.isidentifier():
        raise ArgumentError(
            f"bot {spec!r:.80}: write module:Class, an absolute module name (a.b.c) and a class "
            f"name"
        )
    try:
        module = importlib.import_module(name)
    except ImportError as exc:
        raise ArgumentError(f"bot {spec!r}: cannot import module {name!r} ({exc})") from None
    except (Exception, SystemExit) as exc:  # the user's module failed as it ran: said in a line
        why = f"{type(exc).__name__}: {exc!s:.200}"  # (a SyntaxError names its file and line)
        raise ArgumentError(f"bot {spec!r}: importing module {name!r} failed: {why}") from None
    cls = getattr(module, arg, None)
    if cls is None:
        raise ArgumentError(f"bot {spec!r}: module {name!r} has no {arg!r}")
    # only a class is called (made with no arguments): never a function or other object the
    # name happens to reach (sys:exit, builtins:input...)
    if not isinstance(cls, type) or not callable(getattr(cls, "choose", None)):
        raise ArgumentError(
            f"bot {spec!r}: {arg} is not a bot class (a class with a choose(obs, legal, rng) "
            f"method)"
        )
    try:
        return cls()
    except Exception as exc:  # the user's class: its own error, said in one line
        raise ArgumentError(
            f"bot {spec!r}: {arg}() failed: {type(exc).__name__}: {exc!s:.200}"
        ) from None


def _ismcts(spec: str, arg: str | None) -> Any:
    """``ismcts`` or ``ismcts:N``: OpenSpiel's ISMCTS, N simulations a decision (the extra
    ``openspiel``)."""
    n = DEFAULT_SIMULATIONS if arg is None else int(arg) if _DIGITS.fullmatch(arg) else 0
    if not 1 <= n <= MAX_PLAYOUTS:
        raise ArgumentError(
            f"bot {spec!r:.80}: write ismcts:N with N from 1 to {MAX_PLAYOUTS:,} simulations a "
            f"decision"
        )
    try:
        from gleek.rl.openspiel import ISMCTSGleekBot
    except ImportError as exc:
        raise ArgumentError(
            f"bot {spec!r:.80} needs OpenSpiel ({exc.name} is missing): "
            "pip install 'gleek[openspiel]'"
        ) from None
    return ISMCTSGleekBot(n)


DEFAULT_SIMULATIONS: Final = 20
"""Simulations a decision of the ``ismcts`` bot (OpenSpiel's ISMCTS) named without ``:N``."""

#: ``ismcts:N``: N in ASCII digits (``str.isdigit`` takes ``²`` too)
_DIGITS: Final = re.compile(r"[0-9]{1,7}")
#: an absolute module name: identifiers joined by dots, no leading dot
_DOTTED: Final = re.compile(r"[^\W\d]\w*(?:\.[^\W\d]\w*)*")


@attrs.frozen
class Estimate:
    """A mean with its 95% interval (normal approximation)."""

    mean: float
    low: float
    high: float
    n: int

    def __str__(self) -> str:
        return f"{self.mean:+.2f} [{self.low:+.2f}, {self.high:+.2f}]"

    def to_json(self) -> dict[str, float | int]:
        return {"mean": self.mean, "low": self.low, "high": self.high, "n": self.n}


def estimate(values: Sequence[float]) -> Estimate:
    """The mean of ``values`` (a list or tuple of finite numbers) and its 95% interval."""
    if not isinstance(values, list | tuple):
        raise ArgumentTypeError(f"values must be a list or tuple of numbers, not {values!r:.80}")
    n = len(values)
    if n == 0:
        raise ArgumentError("no values to estimate from")
    xs = []
    for i, v in enumerate(values):
        try:
            x = float(v) if isinstance(v, int | float) and not isinstance(v, bool) else math.nan
        except OverflowError:
            x = math.nan
        if not math.isfinite(x):
            raise ArgumentError(f"values[{i}] must be a finite number, not {v!r:.80}")
        xs.append(x)
    values = xs
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n)
    return Estimate(mean, mean - half, mean + half, n)


@attrs.frozen
class MatchResult:
    """Per bot (in the order given) the chips it won in each deal; ``pot`` per deal."""

    bots: tuple[str, ...]
    profile: str
    deals: int
    seed: int
    chips: tuple[tuple[int, ...], ...]
    pot: tuple[int, ...]

    def per_deal(self, bot: int) -> Estimate:
        return estimate(self.chips[bot])

    def text(self) -> str:
        lines = [
            ngettext(
                "{n} deal of {profile}, seed {seed}, seats rotated; chips per deal with 95% "
                "interval",
                "{n} deals of {profile}, seed {seed}, seats rotated; chips per deal with 95% "
                "interval",
                self.deals,
            ).format(n=self.deals, profile=self.profile, seed=self.seed)
        ]
        labels = self.labels()
        width = max(len(b) for b in labels)
        for i, b in enumerate(labels):
            lines.append(f"  {i + 1}. {b:<{width}}  {self.per_deal(i)}")
        return "\n".join(lines)

    def labels(self) -> tuple[str, ...]:
        """The bots as named, told apart where two have the same name (``rules #1``, ``rules
        #2``, in the order given: each plays every seat in turn, so a seat would not say which).

        >>> MatchResult(("rules", "search", "rules"), "p", 3, 0, ((), (), ()), ()).labels()
        ('rules #1', 'search', 'rules #2')
        """
        out = []
        for i, b in enumerate(self.bots):
            same = [j for j, other in enumerate(self.bots) if other == b]
            out.append(f"{b} #{same.index(i) + 1}" if len(same) > 1 else b)
        return tuple(out)

    def to_json(self) -> dict[str, Any]:
        return {
            "profile": self.profile,
            "deals": self.deals,
            "seed": self.seed,
            "bots": [
                {"bot": b, "label": label, "chips_per_deal": self.per_deal(i).to_json()}
                for i, (b, label) in enumerate(zip(self.bots, self.labels(), strict=True))
            ],
        }


def play_range(
    task: tuple[tuple[str, ...], Profile, int, int, int],
) -> list[tuple[int, int, int, int]]:
    """The deals ``start`` to ``start + n`` of the match of ``task`` (``(bots, profile, seed,
    start, n)``): per deal the chips of bot 0, 1, 2 and the pot. One task of
    :func:`play_match`'s pool, and of the ladder's (:mod:`gleek.sim.ladder`), which pools the
    tasks of many matches. The profile itself goes to a worker process (pickled), not its
    name."""
    specs, profile, seed, start, n = task
    bots = [load_bot(s) for s in specs]
    out = []
    for d in range(start, start + n):
        deck, r = divmod(d, 3)
        # One dealer per deck, so the deck gives each seat the same cards three times; bot b
        # sits in seat (b + r) % 3, so over the three deals every bot holds every hand.
        seat_of = [(b + r) % 3 for b in range(3)]
        bot_at = {seat_of[b]: bots[b] for b in range(3)}
        state = new_deal(profile, deck % 3, seed=f"match/{seed}/{deck}")
        rng = random.Random(f"match/{seed}/{d}")
        while not state.is_over:
            legal = legal_actions(state)
            seat = state.to_act
            assert seat is not None
            if len(legal) == 1:
                state = apply(state, legal[0])
                continue
            obs: Observation = observation(state, seat)
            state = apply(state, bot_at[seat].choose(obs, legal, rng))
        res = outcome(state)
        out.append((res.chips[seat_of[0]], res.chips[seat_of[1]], res.chips[seat_of[2]], res.pot))
    return out


def play_match(
    bots: Sequence[str],
    profile: str | Profile = "parlett",
    deals: int = 300,
    *,
    seed: int = 0,
    workers: int | None = 1,
    progress: Callable[[int], None] | None = None,
) -> MatchResult:
    """Three bots (names for :func:`load_bot`) play ``deals`` deals, seats rotated.

    The result is the same for any ``workers`` (processes; None: all cores; never more than
    the cores available, with a :class:`~gleek.sim.batch.WorkersCapped` warning when more
    were asked for). ``progress`` is called with the number of deals finished as they finish.
    """
    if isinstance(bots, str) or len(bots) != 3:
        raise ArgumentError(f"a match needs exactly three bots, not {bots!r}")
    for spec in bots:
        load_bot(spec)  # fail early, with the name
    check_int("deals", deals, low=1, high=MAX_PLAYED_DEALS)
    check_int("seed", seed)
    check_workers(workers)
    prof = load_profile(profile) if isinstance(profile, str) else profile
    specs = tuple(bots)
    chunk = 3 if deals < 300 else 12
    # The profile itself goes to the workers: one from a file or a --profile-dir plays as loaded.
    tasks = [(specs, prof, seed, s, min(chunk, deals - s)) for s in range(0, deals, chunk)]
    n_workers = pool_size(workers, len(tasks))  # never more than the cores, nor the tasks
    rows: list[tuple[int, int, int, int]] = []

    def done(i: int, part: list[tuple[int, int, int, int]]) -> None:
        if progress is not None:
            progress(len(part))

    if n_workers == 1:
        for i, task in enumerate(tasks):
            part = play_range(task)
            rows.extend(part)
            done(i, part)
    else:  # the pool of compare --simulate: signals and parent death stop every worker
        for part in run_pool(play_range, tasks, n_workers, done):
            rows.extend(part)
    name = prof.id + "".join(f"+{v}" for v in prof.variants)
    return MatchResult(
        specs,
        name,
        deals,
        seed,
        tuple(tuple(row[b] for row in rows) for b in range(3)),
        tuple(row[3] for row in rows),
    )
