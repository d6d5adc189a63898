"""A search bot: determinized (perfect-information Monte-Carlo) search of the card play.

:class:`SearchBot` sees only its :class:`~gleek.state.Observation`. For a card to play it draws
deals the seat cannot tell from the real one (as :func:`gleek.sim.knowledge.determinize` does,
on card numbers), and in
each such *world* plays every legal card and then the rest of the deal inside the engine's core
(:func:`gleek.rollout`, its ``greedy`` policy for every seat); the card with the most chips
summed over the worlds is played. Cards that are equivalent (neighbours in a suit, once the
cards between them have been played) are searched once. The auction, the discards and the ruff
are left to :class:`~gleek.sim.bots.RuleAwareBot`, which reads the profile's prices and stakes.

The budget is ``playouts`` rollouts per decision (shared among the legal cards: at least one
world), or ``seconds`` per decision (then not reproducible); with a playout budget the choice
depends only on the observation and the random generator passed in.

>>> import random, gleek
>>> s = gleek.new_deal(gleek.load_profile("parlett"), dealer=0, seed=3)
>>> bot = SearchBot(playouts=8)
>>> while s.phase is not gleek.Phase.PLAY:
...     s = s.apply(gleek.legal_actions(s)[0])
>>> obs = gleek.observation(s, s.to_act)
>>> a = bot.choose(obs, gleek.legal_actions(s), random.Random(0))
>>> a == bot.choose(obs, gleek.legal_actions(s), random.Random(0)), a in gleek.legal_actions(s)
(True, True)
"""

from __future__ import annotations

import random
import re
import time
from typing import Final

from gleek._args import int_text
from gleek.cards import CARDS, DECK, Card
from gleek.errors import ArgumentError, IllegalAction
from gleek.limits import MAX_PLAYOUTS
from gleek.session import Bot
from gleek.sim.bots import RuleAwareBot
from gleek.sim.knowledge import Knowledge, assign, replay
from gleek.stages.common import small_trump
from gleek.stages.rules import rules_of
from gleek.stages.stock import discard_keep
from gleek.state import Action, Observation, Phase, State, apply, rollout

__all__ = [
    "DEFAULT_PLAYOUTS",
    "SearchBot",
    "Worlds",
    "budget_of",
    "distinct_cards",
    "search_bot",
]

DEFAULT_PLAYOUTS: Final = 80
"""Rollouts per decision of ``SearchBot()``: see ``benchmarks/match.py`` for what it buys."""


def distinct_cards(obs: Observation, legal: tuple[Action, ...]) -> tuple[Action, ...]:
    """``legal`` without the plays that are worth the same as another: of a run of cards of one
    suit with nothing between them but cards already played (or one's own), only the highest
    stays (no honour may lie inside a run, as an honour scores by itself)."""
    if obs.phase is not Phase.PLAY:
        return legal
    gone = {obs.turn_up, *(c for t in obs.tricks for _, c in t), *(c for _, c in obs.trick)}
    mine = {a.card for a in legal if a.card is not None}
    honours = obs.profile.tricks.honours
    kept: list[Action] = []
    previous: Card | None = None  # the last card kept, walking down each suit
    for c in DECK:  # Ace high to 4 low, suit by suit
        if c in mine:
            honour = c.suit is obs.trumps and honours.get(c.rank, 0) > 0
            small = c.suit is obs.trumps and small_trump(c.rank) is not None
            same_run = previous is not None and previous.suit is c.suit and not (honour or small)
            if not same_run:
                kept.append(Action.play(c))
            previous = None if (honour or small) else c
        elif c not in gone:
            previous = None  # a card still out breaks the run
    return tuple(kept)


class Worlds:
    """Deals drawn at random among those a seat in the card play cannot tell from the real one:
    the constraints of :class:`~gleek.sim.knowledge.Knowledge` (voids, play-high, paid-for sets
    and small trumps, the buyer's discards hidden from the others), worked out once per
    decision, then each draw on card numbers. The ruff's opening stake is the profile's: it
    moves every card's result by the same chips, so it changes no choice."""

    def __init__(self, obs: Observation) -> None:
        k = Knowledge(obs)
        self.know = k
        self.ruff_winner = obs.ruff_winner
        self.paid = self._paid(obs)
        me = obs.seat
        buyer = obs.buyer
        assert buyer is not None
        self.me, self.buyer = me, buyer
        self.opps = ((me + 1) % 3, (me + 2) % 3)
        seen = {*obs.hand, *obs.discards, obs.turn_up}
        for s in range(3):
            seen.update(k.played[s])
        self.unknown = [c.index for c in DECK if c not in seen]
        keep = discard_keep(rules_of(obs.profile), obs.trumps.index)  # the stage's rule
        no_discard = {c for c in range(44) if not keep >> c & 1}
        self.sizes = [obs.hand_sizes[o] for o in self.opps]
        self.allowed = [
            {i for i in self.unknown if CARDS[i] not in k.forbidden[o]} for o in self.opps
        ]
        if buyer != me:
            self.sizes.append(7)
            self.allowed.append({i for i in self.unknown if i not in no_discard})
        self.forced: dict[int, int] = {}
        self.counted: list[tuple[int, list[int], int]] = []  # (place, cards of a rank, how many)
        for p, o in enumerate(self.opps):
            for c in k.required[o]:
                if c.index in self.unknown:
                    self.forced[c.index] = p
            for rank, n in k.rank_counts[o].items():
                known = sum(1 for c in k.played[o] if c.rank is rank)
                free = [i for i in self.unknown if CARDS[i].rank is rank]
                self.counted.append((p, free, n - known))

    def draw(self, rng: random.Random) -> State | None:
        """One deal: up to twenty tries under every constraint, then one with the hands' sizes
        alone (as :func:`~gleek.sim.knowledge.determinize` does); None if none replays."""
        fallback = None
        for _ in range(20):
            world = self._try(rng, True)
            if world is not None:
                if self._agrees(world):
                    return world
                fallback = world
        if fallback is not None:
            return fallback
        return self._try(rng, False)  # pragma: no cover - twenty dead ends in a row

    def _agrees(self, world: State) -> bool:
        """Whether the seat would have seen the same ruff winner and the same payments (who
        paid whom for what: a set nobody declared, a showdown the world's hands lose), the
        ruff's amounts aside (the stake is the profile's). Both are public: read from the
        world itself, not from a whole observation of it."""
        return world.ruff_winner == self.ruff_winner and self._paid(world) == self.paid

    @staticmethod
    def _paid(seen: Observation | State) -> list[tuple[object, object, str]]:
        return [(p.payer, p.payee, p.reason) for p in seen.payments]

    def _try(self, rng: random.Random, constrained: bool) -> State | None:
        """One deal, or None if this draw painted itself into a corner or did not replay."""
        if not constrained:  # pragma: no cover - see draw
            forced: dict[int, int] = {}
            allowed = [set(self.unknown) for _ in self.allowed]
            counted: list[tuple[int, list[int], int]] = []
        else:
            forced = dict(self.forced)
            allowed = [set(a) for a in self.allowed]
            counted = self.counted
        for p, free, need in counted:
            pool = [i for i in free if i not in forced]
            rng.shuffle(pool)
            for j, i in enumerate(pool):
                if j < need:
                    forced[i] = p
                else:
                    allowed[p].discard(i)
        parts = assign(self.unknown, self.sizes, allowed, forced, rng)
        if parts is None:  # the greedy order painted itself in
            return None
        k = self.know
        obs = k.obs
        final: list[list[Card]] = [[], [], []]
        final[self.me] = [*obs.hand, *k.played[self.me]]
        for p, o in enumerate(self.opps):
            final[o] = [CARDS[i] for i in parts[p]] + k.played[o]
        discards = list(obs.discards) if self.buyer == self.me else [CARDS[i] for i in parts[2]]
        held = list(final[self.buyer])
        rng.shuffle(held)
        dealt = [held[7:] + discards if s == self.buyer else final[s] for s in range(3)]
        try:
            return replay(k, dealt, held[:7], discards, None)
        except IllegalAction:  # pragma: no cover - the constraints are the engine's own
            return None


class SearchBot:
    """Determinized search of the card play; the rest by a rule-aware bot.

    ``playouts``: rollouts per decision (default :data:`DEFAULT_PLAYOUTS`, at most
    :data:`gleek.limits.MAX_PLAYOUTS`); ``seconds``: a time
    budget per decision instead; ``policy``: the rollout policy of :func:`gleek.rollout`
    (``greedy`` or ``random``); ``base``: the bot for the auction, discards and ruff (default
    :class:`~gleek.sim.bots.RuleAwareBot`).
    """

    def __init__(
        self,
        playouts: int | None = DEFAULT_PLAYOUTS,
        *,
        seconds: float | None = None,
        policy: str = "greedy",
        base: Bot | None = None,
    ) -> None:
        if seconds is None and (
            not isinstance(playouts, int)
            or isinstance(playouts, bool)
            or not 1 <= playouts <= MAX_PLAYOUTS
        ):
            raise ArgumentError(
                f"playouts must be a whole number from 1 to {MAX_PLAYOUTS:,}, not "
                f"{int_text(playouts) if isinstance(playouts, int) else repr(playouts)}"
            )
        if seconds is not None and not (isinstance(seconds, int | float) and seconds > 0):
            raise ArgumentError(f"seconds must be positive, not {seconds!r}")
        if policy not in ("greedy", "random"):
            raise ArgumentError(f"policy must be 'greedy' or 'random', not {policy!r}")
        self.playouts = playouts
        self.seconds = seconds
        self.policy = policy
        self.base: Bot = base if base is not None else RuleAwareBot()

    def __repr__(self) -> str:
        budget = f"seconds={self.seconds}" if self.seconds is not None else str(self.playouts)
        return f"SearchBot({budget})"

    def choose(self, obs: Observation, legal: tuple[Action, ...], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        if obs.phase is not Phase.PLAY:
            return self.base.choose(obs, legal, rng)
        options = distinct_cards(obs, legal)
        if len(options) == 1:
            return options[0]
        worlds_of = Worlds(obs)
        totals = [0.0] * len(options)
        seat = obs.seat
        policy = self.policy
        deadline = None if self.seconds is None else time.monotonic() + self.seconds
        worlds = max(1, (self.playouts or 1) // len(options))
        done = 0
        while True:
            if deadline is not None:
                if done and time.monotonic() >= deadline:
                    break
            elif done >= worlds:
                break
            world = worlds_of.draw(rng)
            done += 1
            if world is None:  # pragma: no cover - rare: a draw that painted itself in
                continue
            for i, a in enumerate(options):
                end = rollout(apply(world, a), policy, rng)
                totals[i] += end.chips[seat]  # (outcome(end).chips: no claims here)
        best = max(range(len(options)), key=lambda i: totals[i])
        return options[best]


#: ``search:N``: N in ASCII digits (``str.isdigit`` takes ``²`` too)
_DIGITS: Final = re.compile(r"[0-9]{1,7}")


def search_bot(spec: str) -> SearchBot:
    """The bot ``search`` (:data:`DEFAULT_PLAYOUTS` a decision) or ``search:N`` (N playouts a
    decision) names; :class:`~gleek.errors.ArgumentError` for another N.

    >>> search_bot("search:5").playouts
    5
    """
    n = budget_of(spec, "playouts a decision")
    return SearchBot() if n is None else SearchBot(n)


def budget_of(spec: str, unit: str) -> int | None:
    """The N of a bot named ``name:N`` (1 to :data:`~gleek.limits.MAX_PLAYOUTS`), None for the
    bare ``name``; :class:`~gleek.errors.ArgumentError` saying how to write it (N ``unit``)."""
    name, colon, arg = spec.partition(":")
    if not colon:
        return None
    n = int(arg) if _DIGITS.fullmatch(arg) else 0
    if not 1 <= n <= MAX_PLAYOUTS:  # (the bots' own bound, said for name:N)
        raise ArgumentError(
            f"bot {spec!r:.80}: write {name}:N with N from 1 to {MAX_PLAYOUTS:,} {unit}"
        )
    return n
