"""A session: several deals, the dealer passing left, pot and ruff stake carried over; and the
:class:`Bot` protocol for anything that plays a seat.

>>> import gleek
>>> from gleek.session import Session
>>> from gleek.sim.bots import RandomBot
>>> s = Session.start(gleek.load_profile("parlett"), deals=3, players=("Anna", "Ben", "Carla"))
>>> s = s.play_out([RandomBot()] * 3, seed=11)
>>> len(s.deals), sum(s.balances) + s.pot == 300
(3, True)
>>> deal = s.deals[0]
>>> len(deal.actions) == len(list(deal.states())) - 1, deal.state_at(0) == deal.final.root()
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

import attrs

from gleek._args import (
    check_int,
    check_seat,
    check_type,
    is_player_name,
    player_name,
    type_name,
)
from gleek.cards import Card
from gleek.carry import Carried, carry_over
from gleek.errors import ArgumentError, ArgumentTypeError
from gleek.limits import MAX_DEALS, MAX_INT
from gleek.profile_model import Profile
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

if TYPE_CHECKING:
    from gleek.record.game import Record

__all__ = ["Bot", "DealRecord", "Session", "play_deal"]

Claims = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]


@runtime_checkable
class _Told(Protocol):
    """What :meth:`Session.from_record` reads of a :class:`~gleek.record.Record` (the record
    module builds on this one, so this one names only what it needs)."""

    @property
    def profile(self) -> Profile: ...
    @property
    def players(self) -> tuple[str, str, str]: ...
    @property
    def chips(self) -> tuple[int, int, int]: ...
    @property
    def pot(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def ruff_stake(self) -> int: ...
    @property
    def deals(self) -> tuple[DealRecord, ...]: ...


@runtime_checkable
class Bot(Protocol):
    """Anything that picks an action from what its seat sees and the legal actions.

    ``choose`` gets the seat's :class:`~gleek.state.Observation`, the legal actions (never
    empty) and a :class:`random.Random` to draw from, and returns one of the legal actions.
    The shipped :class:`~gleek.sim.bots.RandomBot` and :class:`~gleek.sim.bots.BasicBot`
    satisfy it; so does any class with such a method.
    """

    def choose(self, obs: Observation, legal: tuple[Action, ...], rng: random.Random) -> Action: ...


@attrs.frozen
class DealRecord:
    """One finished deal: its final state, from which the actions, the outcome and every state
    in between follow.

    ``DealRecord(final)`` takes a finished :class:`~gleek.state.State`.
    """

    final: State
    """The state at the end of the deal."""
    claims: Claims | None = None
    """What each seat declared before the first trick (sets and small trumps, as the record
    format writes them, e.g. ``gleek-A``, ``tiddy``), by seat; None when not recorded."""
    outcome: Outcome = attrs.field(init=False)
    """The deal's result (:func:`~gleek.state.outcome` of :attr:`final`)."""

    def __attrs_post_init__(self) -> None:
        check_type("final", self.final, State, "a gleek.State")
        if not self.final.is_over:
            raise ArgumentError(
                f"final must be a finished deal; this one is in the {self.final.phase.value} phase"
            )
        # a set claimed but not held (sets.forfeit) is charged by the engine too
        object.__setattr__(self, "outcome", outcome(self.final, self.claims))

    def _repr_svg_(self) -> str:
        """Jupyter shows the picture of the finished deal (:func:`gleek.svg.draw`)."""
        from gleek.svg import draw

        return draw(self.final)

    @property
    def actions(self) -> tuple[tuple[int, Action], ...]:
        """Every action of the deal as ``(seat, action)``, in order (the final state's
        history)."""
        return self.final.history

    def states(self) -> Iterator[State]:
        """Every state of the deal in order: as dealt, then after each action, ending with
        :attr:`final`."""
        state = self.final.root()
        yield state
        for _, action in self.final.history:
            state = apply(state, action)
            yield state

    def state_at(self, k: int) -> State:
        """The state after the first ``k`` actions (0: as dealt; ``len(actions)``: final)."""
        n = len(self.final.history)
        check_int("k", k, low=0, high=n)
        for i, state in enumerate(self.states()):
            if i == k:
                return state
        raise AssertionError("unreachable")  # pragma: no cover


def _bots_arg(bots: object) -> Sequence[Bot]:
    if isinstance(bots, str) or not isinstance(bots, Sequence) or len(bots) != 3:
        raise ArgumentTypeError(
            f"bots must be a sequence of 3 bots, one per seat, not {bots!r:.80}"
        )
    for i, bot in enumerate(bots):
        if not callable(getattr(bot, "choose", None)):
            raise ArgumentTypeError(
                f"bots[{i}] must be a bot (an object with a choose(obs, legal, rng) method), "
                f"not {type_name(bot)}"
            )
    return bots


def play_deal(state: State, bots: Sequence[Bot], rng: random.Random) -> DealRecord:
    """Let ``bots`` (one per seat) play ``state`` to the end."""
    check_type("state", state, State, "a gleek.State")
    bots = _bots_arg(bots)
    check_type("rng", rng, random.Random, "a random.Random")
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        legal = legal_actions(state)
        action = bots[seat].choose(observation(state, seat), legal, rng)
        state = apply(state, action)
    return DealRecord(state)


@attrs.frozen
class Session:
    """The session so far: balances by seat, the pot, the next dealer and opening ruff stake.

    Start one with :meth:`start`; :meth:`record` adds a finished deal.
    """

    profile: Profile
    players: tuple[str, str, str]
    planned: int
    """How many deals the session is to have."""
    start_chips: tuple[int, int, int]
    start_pot: int
    start_dealer: int
    start_ruff_stake: int
    balances: tuple[int, int, int]
    """Chips by seat now."""
    pot: int
    dealer: int
    """The dealer of the next deal."""
    ruff_stake: int
    """The opening ruff stake of the next deal."""
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
        """A new session of ``deals`` deals (the profile's starting chips and pot by default).

        ``players`` are three names as a record may hold them: 1 to 64 characters, not ``pot``,
        no control characters or direction marks, and distinct in Unicode NFC form (an accent
        typed as a combining mark is the same letter as the precomposed one).
        """
        check_type("profile", profile, Profile, "a Profile (from gleek.load_profile)")
        check_int("deals", deals, low=1, high=MAX_DEALS)
        if (
            isinstance(players, str)
            or not isinstance(players, Sequence)
            or not all(isinstance(n, str) for n in players)
        ):
            raise ArgumentTypeError(f"players must be 3 names (str), not {players!r:.80}")
        if len(players) != 3 or len(set(players)) != 3 or not all(n.strip() for n in players):
            raise ArgumentError(
                f"players must be 3 distinct non-empty names, not {list(players)!r:.80}"
            )
        for i, n in enumerate(players):  # (as a record may name them, so that it validates)
            if not is_player_name(n):
                raise ArgumentError(
                    f"players[{i}] must be a name of 1 to 64 characters, not 'pot', with no "
                    f"control characters or direction marks; not {n!r:.80}"
                )
        if len({player_name(n) for n in players}) != 3:
            raise ArgumentError(
                f"players must be 3 names that differ in Unicode NFC form (an accent typed as "
                f"a combining mark is the same letter); not {list(players)!r:.80}"
            )
        if chips is None:
            start: tuple[int, ...] = (profile.session.starting_chips,) * 3
        else:
            if isinstance(chips, str) or not isinstance(chips, Sequence):
                raise ArgumentTypeError(f"chips must be 3 balances (int), not {chips!r:.80}")
            if len(chips) != 3:
                raise ArgumentError(f"chips must give 3 balances, not {len(chips)}")
            start = tuple(
                check_int(f"chips[{i}]", c, low=-MAX_INT, high=MAX_INT) for i, c in enumerate(chips)
            )
        p0 = (
            profile.session.starting_pot
            if pot is None
            else check_int("pot", pot, low=0, high=MAX_INT)
        )
        check_seat("dealer", dealer)
        stake = (
            profile.ruff.stake
            if ruff_stake is None
            else check_int("ruff_stake", ruff_stake, low=1, high=MAX_INT)
        )
        balances = (start[0], start[1], start[2])
        return Session(
            profile,
            (players[0], players[1], players[2]),
            deals,
            balances,
            p0,
            dealer,
            stake,
            balances,
            p0,
            dealer,
            stake,
        )

    @staticmethod
    def from_record(record: Record, deals: int | None = None) -> Session:
        """The session a :class:`~gleek.record.Record` tells, ready to go on: its starting
        chips, pot, dealer and ruff stake, and its deals recorded in order.

        ``deals`` is the number of deals planned in all (at least as many as recorded); by
        default the recorded number rounded up to the profile's multiple (a 2-deal record of a
        3-deal session can be continued with one more deal).
        """
        check_type("record", record, _Told, "a Record (from gleek.record.read)")
        done = len(record.deals)
        m = record.profile.session.deals_multiple
        planned = max(m, -(-done // m) * m) if deals is None else check_int("deals", deals, low=1)
        if planned < done:
            raise ArgumentError(f"deals must be at least the {done} recorded, not {planned}")
        s = Session.start(
            record.profile,
            planned,
            players=record.players,
            chips=record.chips,
            pot=record.pot,
            dealer=record.dealer,
            ruff_stake=record.ruff_stake,
        )
        for deal in record.deals:
            s = s.record(deal)
        return s

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

    def _check_not_over(self) -> None:
        if self.is_over:
            raise ArgumentError(
                f"the session is over: all {self.planned} planned deal(s) have been played"
            )

    def new_deal(
        self, *, seed: int | str | None = None, deck: Sequence[Card | str] | None = None
    ) -> State:
        """The next deal, dealt by :attr:`dealer` with the carried ruff stake, from ``seed`` or
        ``deck`` (as :func:`~gleek.state.new_deal`)."""
        self._check_not_over()
        return new_deal(self.profile, self.dealer, seed=seed, deck=deck, ruff_stake=self.ruff_stake)

    def record(self, deal: DealRecord | State) -> Session:
        """The session after ``deal`` (a :class:`DealRecord` or a finished state): balances,
        pot, carried stake, the deal passes left.

        Refuses a deal that does not continue the session: under another profile, dealt by
        the wrong seat, opened at another ruff stake than the one carried, or past the last.
        """
        if isinstance(deal, State):
            deal = DealRecord(deal)
        check_type("deal", deal, DealRecord, "a DealRecord or a finished gleek.State")
        self._check_not_over()
        final = deal.final
        number = len(self.deals) + 1
        if final.profile != self.profile:
            raise ArgumentError(
                f"deal {number} is played under {final.profile.name}, but the session "
                f"is under {self.profile.name}"
            )
        if final.dealer != self.dealer:
            raise ArgumentError(
                f"deal {number} is dealt by seat {final.dealer} ({self.players[final.dealer]}), "
                f"but the deal passes to seat {self.dealer} ({self.players[self.dealer]})"
            )
        opening = final.root().ruff_stake
        if opening != self.ruff_stake:
            raise ArgumentError(
                f"deal {number} opens the ruff at a stake of {opening}, but the session carries "
                f"{self.ruff_stake}"
            )
        o = deal.outcome
        now = Carried(self.balances, self.pot, self.dealer, self.ruff_stake)
        after = carry_over(self.profile, now, o.chips, o.pot, o.ruff_stake)
        return attrs.evolve(
            self,
            balances=after.chips,
            pot=after.pot,
            dealer=after.dealer,
            ruff_stake=after.stake,
            deals=(*self.deals, deal),
        )

    def play_out(self, bots: Sequence[Bot], seed: int | str = 0) -> Session:
        """Play the remaining deals with ``bots``; deal ``i`` is shuffled from ``(seed, i)``."""
        bots = _bots_arg(bots)
        if isinstance(seed, bool) or not isinstance(seed, int | str):
            raise ArgumentTypeError(f"seed must be an int or a str, not {type_name(seed)}")
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
