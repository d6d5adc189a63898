"""A perfect-information Monte Carlo bot: deals drawn, each solved, the best card on average.

:class:`PimcBot` sees only its :class:`~gleek.state.Observation`. From the ``exact_from``-th
trick on (default the 5th: eight tricks left), for a card to play it draws ``worlds`` deals the
seat cannot tell from the real one (the sampler of :class:`gleek.sim.search.SearchBot`, on
:class:`~gleek.sim.knowledge.Knowledge`'s constraints), solves each to the end of the deal with
:mod:`gleek.analysis` (the seat's points when it maximises them and the other two minimise
them) and plays the card whose sum over the worlds is highest; cards of equal value are told
apart by one greedy rollout (:func:`gleek.rollout`) each per world, counted a tenth. Before that
trick the deal is too long to solve quickly, and the bot searches one card deep with a rollout
as the leaf's value: it plays as :class:`~gleek.sim.search.SearchBot` does (``playouts``
greedy rollouts a decision, by default 160, twice the search bot's). The auction, the discards
and the ruff are left to :class:`~gleek.sim.bots.RuleAwareBot`. Its choice depends only on the
observation and the random generator passed in.

>>> import random, gleek
>>> s = gleek.new_deal(gleek.load_profile("parlett"), dealer=0, seed=3)
>>> while s.phase is not gleek.Phase.PLAY:
...     s = s.apply(gleek.legal_actions(s)[0])
>>> bot = PimcBot(4)
>>> obs = gleek.observation(s, s.to_act)
>>> a = bot.choose(obs, gleek.legal_actions(s), random.Random(0))
>>> a == bot.choose(obs, gleek.legal_actions(s), random.Random(0)), a in gleek.legal_actions(s)
(True, True)
"""

from __future__ import annotations

import random
from typing import Final

from gleek._args import int_text
from gleek.analysis import card_values
from gleek.errors import ArgumentError
from gleek.limits import MAX_PLAYOUTS
from gleek.session import Bot
from gleek.sim.bots import RuleAwareBot
from gleek.sim.search import DEFAULT_PLAYOUTS, SearchBot, Worlds, budget_of, distinct_cards
from gleek.state import Action, Observation, Phase, apply, rollout

__all__ = ["DEFAULT_WORLDS", "EARLY_PLAYOUTS", "EXACT_FROM", "PimcBot", "pimc_bot"]

DEFAULT_WORLDS: Final = 40
"""Deals drawn and solved per decision by ``PimcBot()`` (``pimc``)."""

EXACT_FROM: Final = 5
"""The trick from which ``PimcBot()`` solves (eight tricks left)."""

EARLY_PLAYOUTS: Final = 2 * DEFAULT_PLAYOUTS
"""The greedy rollouts of a decision of ``PimcBot()`` before :data:`EXACT_FROM` (160: twice the
search bot's)."""


class PimcBot:
    """Perfect-information Monte Carlo play; the rest by a rule-aware bot.

    ``worlds``: deals drawn and solved per decision (default :data:`DEFAULT_WORLDS`, at most
    :data:`gleek.limits.MAX_PLAYOUTS`); ``exact_from``: the trick (1 to 12) from which it
    solves; ``playouts``: the rollouts of a decision before it; ``base``: the bot for the
    auction, discards and ruff (default :class:`~gleek.sim.bots.RuleAwareBot`).
    """

    def __init__(
        self,
        worlds: int = DEFAULT_WORLDS,
        *,
        exact_from: int = EXACT_FROM,
        playouts: int = EARLY_PLAYOUTS,
        base: Bot | None = None,
    ) -> None:
        for name, value, low, high in (
            ("worlds", worlds, 1, MAX_PLAYOUTS),
            ("exact_from", exact_from, 1, 12),
        ):
            if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
                shown = int_text(value) if isinstance(value, int) else repr(value)
                raise ArgumentError(
                    f"{name} must be a whole number from {low} to {high:,}, not {shown}"
                )
        self.worlds = worlds
        self.exact_from = exact_from
        self.base: Bot = base if base is not None else RuleAwareBot()
        self.early = SearchBot(playouts, base=self.base)

    def __repr__(self) -> str:
        return f"PimcBot({self.worlds})"

    def choose(self, obs: Observation, legal: tuple[Action, ...], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        if obs.phase is not Phase.PLAY:
            return self.base.choose(obs, legal, rng)
        if len(obs.tricks) + 1 < self.exact_from:
            return self.early.choose(obs, legal, rng)
        options = distinct_cards(obs, legal)
        if len(options) == 1:
            return options[0]
        worlds_of = Worlds(obs)
        seat = obs.seat
        totals = [0.0] * len(options)
        for _ in range(self.worlds):
            world = worlds_of.draw(rng)
            if world is None:  # pragma: no cover - rare: a draw that painted itself in
                continue
            values = card_values(world)
            for i, a in enumerate(options):
                assert a.card is not None
                tie = rollout(apply(world, a), "greedy", rng).points[seat]
                totals[i] += values[a.card] + tie / 10
        best = max(range(len(options)), key=lambda i: (totals[i], i))
        return options[best]


def pimc_bot(spec: str) -> PimcBot:
    """The bot ``pimc`` (:data:`DEFAULT_WORLDS` a decision) or ``pimc:N`` (N deals solved a
    decision) names; :class:`~gleek.errors.ArgumentError` for another N.

    >>> pimc_bot("pimc:5").worlds
    5
    """
    n = budget_of(spec, "deals solved a decision")
    return PimcBot() if n is None else PimcBot(n)
