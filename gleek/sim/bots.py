"""Two bots for everything that needs players: uniformly random, and a simple sensible one.

Both see only an :class:`~gleek.state.Observation` and choose among the legal actions; both
satisfy the :class:`gleek.Bot` protocol.

>>> import random, gleek
>>> s = gleek.new_deal(gleek.load_profile("pi"), seed=3)
>>> obs = gleek.observation(s, s.to_act)
>>> str(BasicBot().choose(obs, gleek.legal_actions(s), random.Random(0)))
'bid 10'
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

import attrs

from gleek.cards import Card, Rank, Suit, mask_of
from gleek.session import Bot
from gleek.stages.ruff import best_suit_value
from gleek.stages.rules import rules_of
from gleek.state import Action, Observation, Phase

__all__ = ["BOTS", "BasicBot", "RandomBot", "hand_strength"]


@attrs.frozen
class RandomBot:
    """Picks uniformly among the legal actions."""

    def choose(self, obs: Observation, legal: tuple[Action, ...], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]


def hand_strength(cards: tuple[Card, ...], trumps: Suit) -> int:
    """A rough count: trumps and trump honours, Aces and Kings elsewhere."""
    score = 0
    for c in cards:
        if c.suit is trumps:
            score += 2 + {Rank.ACE: 4, Rank.KING: 2, Rank.QUEEN: 2, Rank.JACK: 3}.get(c.rank, 0)
        elif c.rank is Rank.ACE:
            score += 2
        elif c.rank is Rank.KING:
            score += 1
    return score


@attrs.frozen
class BasicBot:
    """Plays the obvious habits: buys a weak hand's way out when cheap, vies on a strong suit,
    follows with the lowest card that is enough, throws its lowest card when it cannot win."""

    def choose(self, obs: Observation, legal: tuple[Action, ...], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        if obs.phase is Phase.AUCTION:
            return self._bid(obs, legal)
        if obs.phase is Phase.DISCARD:
            return self._discard(obs, legal)
        if obs.phase is Phase.RUFF:
            return self._ruff(obs, legal)
        return self._play(obs, legal)

    def _bid(self, obs: Observation, legal: tuple[Action, ...]) -> Action:
        raise_to = next(a for a in legal if a.kind == "bid")
        weak = hand_strength(obs.hand, obs.trumps) < 14
        limit = obs.profile.stock.opening_bid + 3 * obs.profile.stock.increment
        if weak and raise_to.amount is not None and raise_to.amount <= limit:
            return raise_to
        return next(a for a in legal if a.kind == "pass")

    def _discard(self, obs: Observation, legal: tuple[Action, ...]) -> Action:
        def keep(a: Action) -> tuple[int, int]:
            c = a.card
            assert c is not None
            return (1 if c.suit is obs.trumps else 0, int(c.rank))

        return min(legal, key=keep)

    def _ruff(self, obs: Observation, legal: tuple[Action, ...]) -> Action:
        best = best_suit_value(rules_of(obs.profile), mask_of(obs.hand))
        aces = sum(1 for c in obs.hand if c.rank is Rank.ACE) == 4
        words: dict[str, Action] = {a.kind: a for a in legal}
        if "vie" in words:
            return words["vie"] if best >= 40 or aces else words["wait"]
        if (best >= 48 or aces) and obs.ruff_stake < 8:
            return words["revie"]
        return words["see"] if best >= 36 or aces else words["pass"]

    def _play(self, obs: Observation, legal: tuple[Action, ...]) -> Action:
        trumps = obs.trumps

        def power(c: Card, led: Suit | None) -> int:
            if c.suit is trumps:
                return 100 + int(c.rank)
            return int(c.rank) if c.suit is led else 0

        cards = [a.card for a in legal if a.card is not None]
        if not obs.trick:
            # Lead the highest card of the longest side suit, or a trump if holding many.
            return max(legal, key=lambda a: power(a.card, a.card.suit) if a.card else 0)
        led = obs.trick[0][1].suit
        best = max(power(c, led) for _, c in obs.trick)
        winners = [c for c in cards if power(c, led) > best]
        if winners:
            pick = min(winners, key=lambda c: power(c, led))
        else:
            pick = min(cards, key=lambda c: (c.suit is trumps, int(c.rank)))
        return next(a for a in legal if a.card == pick)


BOTS: Final[dict[str, Callable[[], Bot]]] = {
    "random": RandomBot,
    "basic": BasicBot,
}
"""The shipped bots by name; each value makes a bot."""

# mypy checks that the shipped bots satisfy the gleek.Bot protocol.
_SHIPPED: Final[tuple[Bot, ...]] = (RandomBot(), BasicBot())
