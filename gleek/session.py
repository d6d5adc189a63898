"""A session: several deals, the dealer passing left, pot and ruff stake carried over.

>>> import gleek
>>> from gleek.session import Session
>>> from gleek.sim.bots import RandomBot
>>> s = Session.start(gleek.load_profile("parlett"), deals=3, players=("Anna", "Ben", "Carla"))
>>> s = s.play_out([RandomBot()] * 3, seed=11)
>>> len(s.deals), sum(s.balances) + s.pot == 300
(3, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

import attrs

from gleek.profile import Profile
from gleek.state import (
    Action,
    Observation,
    Outcome,
    State,
    apply,
    legal_actions,
    new_deal,
    observation,
    outcome,
)

__all__ = ["Bot", "DealRecord", "Session", "play_deal"]


class Bot(Protocol):
    """Anything that picks an action from what its seat sees and the legal actions."""

    def choose(self, obs: Observation, legal: tuple[Action, ...], rng: random.Random) -> Action: ...


@attrs.frozen
class DealRecord:
    """One finished deal of a session: the actions in order (with seats) and the final state."""

    actions: tuple[tuple[int, Action], ...]
    final: State
    outcome: Outcome


def play_deal(state: State, bots: Sequence[Bot], rng: random.Random) -> DealRecord:
    """Let ``bots`` (one per seat) play ``state`` to the end."""
    actions: list[tuple[int, Action]] = []
    while not state.is_over:
        seat = state.to_act
        legal = legal_actions(state)
        action = bots[seat].choose(observation(state, seat), legal, rng)
        actions.append((seat, action))
        state = apply(state, action)
    return DealRecord(tuple(actions), state, outcome(state))


@attrs.frozen
class Session:
    """The session so far: balances by seat, the pot, the next dealer and opening ruff stake."""

    profile: Profile
    players: tuple[str, str, str]
    planned: int
    start_chips: tuple[int, int, int]
    start_pot: int
    balances: tuple[int, int, int]
    pot: int
    dealer: int
    ruff_stake: int
    deals: tuple[DealRecord, ...] = ()

    @staticmethod
    def start(
        profile: Profile,
        deals: int = 3,
        *,
        players: Sequence[str] = ("North", "East", "West"),
        chips: Sequence[int] | None = None,
        pot: int | None = None,
        dealer: int = 0,
        ruff_stake: int | None = None,
    ) -> Session:
        """A new session of ``deals`` deals (the profile's starting chips and pot by default)."""
        if len(players) != 3 or len(set(players)) != 3:
            raise ValueError(f"a session needs 3 distinct players, not {list(players)!r}")
        if deals < 1:
            raise ValueError(f"a session needs at least one deal, not {deals}")
        start = tuple(chips) if chips is not None else (profile.session.starting_chips,) * 3
        if len(start) != 3:
            raise ValueError("chips must give 3 balances")
        p0 = profile.session.starting_pot if pot is None else pot
        return Session(
            profile,
            (players[0], players[1], players[2]),
            deals,
            (start[0], start[1], start[2]),
            p0,
            (start[0], start[1], start[2]),
            p0,
            dealer,
            profile.ruff.stake if ruff_stake is None else ruff_stake,
        )

    @property
    def warnings(self) -> tuple[str, ...]:
        """``deal-count`` when the number of deals is not a multiple of the profile's.

        As in the validator, one or two deals are an excerpt, not a session, and get none.
        """
        m = self.profile.session.deals_multiple
        if self.planned >= 3 and self.planned % m:
            return (
                f"deal-count: {self.planned} deals is not a multiple of {m}, so the players "
                "do not deal equally often",
            )
        return ()

    @property
    def is_over(self) -> bool:
        return len(self.deals) >= self.planned

    def new_deal(
        self, *, seed: int | str | None = None, deck: Sequence[object] | None = None
    ) -> State:
        """The next deal, dealt by :attr:`dealer` with the carried ruff stake."""
        from gleek.cards import Card

        cards = (
            None if deck is None else [c if isinstance(c, Card) else Card.parse(c) for c in deck]
        )
        return new_deal(
            self.profile, self.dealer, seed=seed, deck=cards, ruff_stake=self.ruff_stake
        )

    def record(self, deal: DealRecord) -> Session:
        """The session after ``deal``: balances, pot, carried stake, the deal passes left."""
        o = deal.outcome
        b = self.balances
        balances = (b[0] + o.chips[0], b[1] + o.chips[1], b[2] + o.chips[2])
        return attrs.evolve(
            self,
            balances=balances,
            pot=self.pot + o.pot,
            dealer=(self.dealer + 1) % 3,
            ruff_stake=o.ruff_stake,
            deals=(*self.deals, deal),
        )

    def play_out(self, bots: Sequence[Bot], seed: int = 0) -> Session:
        """Play the remaining deals with ``bots``; deal ``i`` is shuffled from ``(seed, i)``."""
        s = self
        rng = random.Random(seed)
        while not s.is_over:
            state = s.new_deal(seed=f"{seed}:{len(s.deals)}")
            s = s.record(play_deal(state, bots, rng))
        return s

    def ranking(self) -> tuple[tuple[int, tuple[str, ...], int], ...]:
        """``(place, names, balance)`` best first; equal balances share a place."""
        by = sorted(set(self.balances), reverse=True)
        out = []
        place = 1
        for bal in by:
            names = tuple(n for n, b in zip(self.players, self.balances, strict=True) if b == bal)
            out.append((place, names, bal))
            place += len(names)
        return tuple(out)
