"""Gleek as an OpenSpiel game: ``pyspiel.load_game("python_gleek", {...})``.

Importing this module registers the game with ``pyspiel.register_game``, the way OpenSpiel's own
Python games (``open_spiel/python/games/``) are registered. It needs the optional extra
``pip install 'gleek[openspiel]'`` (``open-spiel`` and the ``rl`` extra).

>>> import pyspiel
>>> import gleek.rl.openspiel
>>> game = pyspiel.load_game("python_gleek", {"profile": "cotton", "variants": "play-high"})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 44)

One game is one deal, dealt by seat ``dealer`` (a parameter, default 0) with the profile's
opening ruff stake. The parameters: ``profile`` (a shipped profile's name or alias, default
``parlett``), ``variants`` (variant names joined by ``+``, e.g. ``play-high+take-first``;
default none), ``dealer`` and ``max_moves`` (below).

**The deal is chance, one card at a time.** The first 44 nodes are chance nodes: the ``k``-th
draws, uniformly among the cards not yet drawn, the card at place ``k`` of the deck (a chance
outcome is a card's place in :data:`gleek.DECK`, 0 = AS to 43 = 4C), and the deck is dealt as
:func:`gleek.new_deal` deals it. So the chance outcomes are explicit with exact probabilities
(``EXPLICIT_STOCHASTIC``): every algorithm that walks chance nodes, samples them or reads their
probabilities works unchanged, and a state's history of actions (cards, then moves) is the whole
state, which is what OpenSpiel's serialisation writes. (One chance node for the whole deck
would need 44! outcomes; a sampled deck would hide the probabilities that ``evaluate_bots`` and
MCTS read.) Nobody looks at the cards until the deal is complete: until then every seat's
information state is the count of cards dealt.

**Moves** are the indices of :mod:`gleek.rl.actions` (``N_ACTIONS`` of them, the same for every
profile). The auction has no ceiling, so an agent that always raises would never end a deal:
after ``max_moves`` moves (1 to 1,000; default 300, several times the 50 to 70 moves of a deal
bots play) the game is truncated and ends, each seat's return the chips already paid to it in
the deal.

**Information.** ``information_state_string(p)`` is seat ``p``'s
:class:`~gleek.state.Observation` (``str()`` of it, with every action the seat saw and every
payment): two states give the same string exactly when the seat cannot tell them apart.
``observation_string(p)`` is the table as the seat sees it now (``str()`` of the observation,
without the history). Both tensors are :func:`gleek.rl.tensor.encode`'s vector
(:data:`~gleek.rl.tensor.TENSOR_SIZE` floats), with the blocks of
:data:`~gleek.rl.tensor.TENSOR_LAYOUT` as the observer's named views.

**Returns** are chips (:func:`gleek.outcome`), given at the end (``TERMINAL`` rewards). Chips
paid to the pot leave the players, so the game is general-sum.

**Resampling** (what ISMCTS asks): ``resample_from_infostate(p, sampler)`` is a full deal seat
``p`` cannot tell from this one, drawn by :func:`gleek.sim.knowledge.determinize` from a
``random.Random`` seeded by the ``sampler``'s draws (so a seeded sampler reproduces the
world). In the rare case that thirty draws all give the seat a different observation (a
showdown the quick constraints miss), the state itself, which the seat cannot tell from itself,
is returned.

>>> state = game.new_initial_state()
>>> rng = random.Random(1)
>>> while not state.is_terminal():
...     if state.is_chance_node():
...         cards, _ = zip(*state.chance_outcomes())
...         state.apply_action(rng.choice(cards))
...     else:
...         state.apply_action(rng.choice(state.legal_actions()))
>>> returns = state.returns()
>>> len(returns), all(float(r).is_integer() for r in returns)
(3, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

import attrs
import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from gleek.cards import DECK
from gleek.errors import ArgumentError, GleekError
from gleek.profile import load_profile
from gleek.profile_model import Profile
from gleek.rl.actions import DECK_POS, N_ACTIONS, action_index, index_action
from gleek.rl.tensor import TENSOR_LAYOUT, TENSOR_SIZE, Encoder
from gleek.sim.bots import RuleAwareBot
from gleek.sim.knowledge import determinize
from gleek.state import (
    Action,
    Observation,
    State,
    apply,
    legal_actions,
    new_deal,
    observation,
    outcome,
)

__all__ = [
    "GAME_NAME",
    "MAX_MOVES",
    "GleekGame",
    "GleekObserver",
    "GleekState",
    "ISMCTSBot",
    "ISMCTSGleekBot",
    "ismcts_bot",
]

GAME_NAME: Final = "python_gleek"
MAX_MOVES: Final = 300
"""The default ``max_moves``: a deal cut off after this many moves ends (see above)."""
_CARDS: Final = len(DECK)
#: a bound on a seat's chips in one deal, for OpenSpiel's ``min_utility``/``max_utility``:
#: under the shipped profiles a move raises a bid or a stake by a few chips at most, and
#: ``max_moves`` is at most :data:`_MOST_MOVES`, so the price, the ruff, the sets and the
#: settlement together stay far inside it
_UTILITY_BOUND: Final = 1_000_000.0
_MOST_MOVES: Final = 1_000

_CHANCE: Final = int(pyspiel.PlayerId.CHANCE)
_TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)

_DEFAULTS: Final = {"profile": "parlett", "variants": "", "dealer": 0, "max_moves": MAX_MOVES}

_GAME_TYPE: Final = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Gleek (gleek.rl.openspiel)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=3,
    min_num_players=3,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


def _profile(params: dict[str, Any]) -> Profile:
    """The profile the parameters name, or :class:`~gleek.errors.ArgumentError`."""
    unknown = sorted(set(params) - set(_DEFAULTS))
    if unknown:
        raise ArgumentError(
            f"{GAME_NAME}: unknown parameter(s) {', '.join(unknown)}; "
            f"the parameters are {', '.join(_DEFAULTS)}"
        )
    name = params.get("profile", _DEFAULTS["profile"])
    variants = params.get("variants", _DEFAULTS["variants"])
    if not isinstance(name, str) or not isinstance(variants, str):
        raise ArgumentError(f"{GAME_NAME}: profile and variants are strings")
    return load_profile(name, [v for v in variants.split("+") if v])


def _whole(params: dict[str, Any], name: str, low: int, high: int) -> int:
    value = params.get(name, _DEFAULTS[name])
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ArgumentError(f"{GAME_NAME}: {name} must be a whole number {low} to {high}")
    return value


@attrs.frozen
class _Config:
    """What every state of a game shares (copied by reference: see :class:`_Now`)."""

    profile: Profile
    dealer: int
    max_moves: int

    def __deepcopy__(self, memo: dict[int, object]) -> _Config:
        return self


class GleekGame(pyspiel.Game):  # type: ignore[misc]  # untyped base
    """One deal of Gleek under a profile (see the module documentation)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.profile = _profile(params)
        self.dealer = _whole(params, "dealer", 0, 2)
        self.max_moves = _whole(params, "max_moves", 1, _MOST_MOVES)
        info = pyspiel.GameInfo(
            num_distinct_actions=N_ACTIONS,
            max_chance_outcomes=_CARDS,
            num_players=3,
            min_utility=-_UTILITY_BOUND,
            max_utility=_UTILITY_BOUND,
            max_game_length=self.max_moves,
        )
        full = {**_DEFAULTS, **params}
        super().__init__(_GAME_TYPE, info, full)

    def new_initial_state(self) -> GleekState:
        """The deal before its first card."""
        return GleekState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> GleekObserver:
        """The observer OpenSpiel's strings and tensors come from (see :class:`GleekObserver`)."""
        return GleekObserver(
            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


class _Now:
    """A state's data, replaced by each action (and changed only to keep the indices of the
    legal moves once worked out): OpenSpiel clones a Python state by deep-copying its
    attributes, and this one is copied by reference (the engine's states are immutable), so a
    clone costs no more than a new state."""

    __slots__ = ("drawn", "indices", "left", "legal", "moves", "state")

    def __init__(
        self,
        drawn: tuple[int, ...],
        left: tuple[int, ...],
        state: State | None,
        moves: int,
        max_moves: int,
    ) -> None:
        self.drawn = drawn  # places in DECK of the cards drawn, in deck order
        self.left = left  # the places not drawn yet
        self.state = state
        self.moves = moves
        self.legal: tuple[Action, ...] = ()
        self.indices: list[int] | None = None  # the legal moves' indices, once asked for
        if state is not None and not state.is_over and moves < max_moves:
            self.legal = legal_actions(state)

    def __deepcopy__(self, memo: dict[int, object]) -> _Now:
        return self


class GleekState(pyspiel.State):  # type: ignore[misc]  # untyped base
    """A deal in progress: the cards drawn so far, then the engine's :class:`~gleek.State`."""

    def __init__(self, game: GleekGame) -> None:
        super().__init__(game)
        self._game = _Config(game.profile, game.dealer, game.max_moves)
        self._now = _Now((), tuple(range(_CARDS)), None, 0, game.max_moves)

    @property
    def gleek_state(self) -> State | None:
        """The engine's state once the deal is complete (None while cards are drawn)."""
        return self._now.state

    def current_player(self) -> int:
        """The seat to act; ``CHANCE`` while the cards are drawn; ``TERMINAL`` at the end."""
        now = self._now
        s = now.state
        if s is None:
            return _CHANCE
        if not now.legal:
            return _TERMINAL
        seat = s.to_act
        assert seat is not None
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        """The legal moves' indices, in ascending order (OpenSpiel asks only the seat to act)."""
        now = self._now
        if now.indices is None:
            legal = now.legal
            now.indices = sorted(action_index(a, legal) for a in legal)
        return list(now.indices)

    # The three below answer a Python caller (ISMCTS, evaluate_bots, a training loop) without
    # the round trip through OpenSpiel's C++ State, which would call back into this class for
    # each answer; C++ callers get the same answers from the methods above.

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions of ``player`` (default: the one to act) in ascending order: the
        cards not yet drawn at a chance node, none at the end or for a seat not to act."""
        now = self._now
        if now.state is None:
            return list(now.left)
        if not now.legal or (player is not None and player != now.state.to_act):
            return []
        return self._legal_actions(-1)

    def is_chance_node(self) -> bool:
        return self._now.state is None

    def is_player_node(self) -> bool:
        return self._now.state is not None and bool(self._now.legal)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards not yet drawn, each equally likely."""
        left = self._now.left
        p = 1.0 / len(left)
        return [(c, p) for c in left]

    def _apply_action(self, action: int) -> None:
        now = self._now
        g = self._game
        s = now.state
        if s is None:
            rest = list(now.left)
            rest.remove(action)  # (ValueError for a card drawn already: OpenSpiel checks first)
            left = tuple(rest)
            drawn = (*now.drawn, action)
            if left:
                self._now = _Now(drawn, left, None, 0, g.max_moves)
            else:
                deal = new_deal(g.profile, g.dealer, deck=[DECK[i] for i in drawn])
                self._now = _Now(drawn, left, deal, 0, g.max_moves)
            return
        after = apply(s, index_action(action, now.legal))
        self._now = _Now(now.drawn, (), after, now.moves + 1, g.max_moves)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == _CHANCE:
            return f"deal {DECK[action]}"
        try:
            return str(index_action(action, self._now.legal))
        except GleekError:
            return f"bid slot {action - 1}"

    def is_terminal(self) -> bool:
        now = self._now
        return now.state is not None and not now.legal

    @property
    def truncated(self) -> bool:
        """Whether the deal was cut off at ``max_moves`` before it ended."""
        s = self._now.state
        return s is not None and not s.is_over and not self._now.legal

    def returns(self) -> list[float]:
        """Each seat's chips: at the end of the deal (0 before; the chips paid so far if the
        deal was cut off at ``max_moves``)."""
        now = self._now
        s = now.state
        if s is None or now.legal:
            return [0.0, 0.0, 0.0]
        chips = outcome(s).chips if s.is_over else s.chips
        return [float(c) for c in chips]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> GleekState:
        """A state ``player_id`` cannot tell from this one, drawn with a generator seeded by
        ``probability_sampler`` (any callable giving floats in [0, 1), as OpenSpiel passes)."""
        seed = int(probability_sampler() * 2**53) ^ (int(probability_sampler() * 2**53) << 53)
        rng = random.Random(seed)
        s = self._now.state
        if s is None:  # nothing seen yet: the same number of cards, any of them
            out = self.get_game().new_initial_state()
            for place in rng.sample(range(_CARDS), len(self._now.drawn)):
                out.apply_action(place)
            return out  # type: ignore[no-any-return]
        seen = observation(s, player_id)
        world = determinize(seen, rng, stake=None)
        if observation(world, player_id) != seen:  # pragma: no cover - rare: see the module doc
            return self.clone()  # type: ignore[no-any-return]
        return state_from(self.get_game(), world)

    def __str__(self) -> str:
        s = self._now.state
        if s is None:
            return f"dealing: {len(self._now.drawn)} of {_CARDS} cards drawn"
        return str(s)


class GleekObserver:
    """Strings and tensors of what a seat knows (OpenSpiel's ``PyObserver`` interface).

    ``perfect_recall`` (the information state): the observation with every action the seat saw
    and every payment; without it (the observation): the table as the seat sees it now. Both
    tensors are :func:`gleek.rl.tensor.encode`'s vector (which holds the history).
    Only the seat's own view is offered (private information of that one seat, public
    information included).
    """

    def __init__(self, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ArgumentError(f"{GAME_NAME}: observation parameters are not supported: {params}")
        if (
            iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            or not iig_obs_type.public_info
        ):
            raise ArgumentError(
                f"{GAME_NAME}: only a seat's own view is observed (private_info SINGLE_PLAYER, "
                "public_info True)"
            )
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.tensor = np.zeros(TENSOR_SIZE, np.float32)
        self.dict = {name: self.tensor[at : at + size] for name, at, size in TENSOR_LAYOUT}
        self._encode = Encoder()

    def set_from(self, state: GleekState, player: int) -> None:
        """The tensor of ``state`` as seat ``player`` knows it (before the deal is complete:
        only which seat this is)."""
        s = state.gleek_state
        if s is None:
            self.tensor.fill(0)
            self.dict["seat"][player] = 1
            return
        self.tensor[:] = self._encode(observation(s, player))

    def string_from(self, state: GleekState, player: int) -> str:
        """The string of ``state`` as seat ``player`` knows it."""
        s = state.gleek_state
        if s is None:
            return f"seat {player}; dealing: {len(state._now.drawn)} of {_CARDS} cards drawn"
        seen = observation(s, player)
        if not self.perfect_recall:
            return str(seen)
        moves = " ".join(f"{seat}:{a}" for seat, a in seen.history)
        paid = "; ".join(
            f"{p.payer}->{p.payee} {p.amount} {p.reason}"
            + (f" {p.set_kind} {p.rank}" if p.set_kind else "")
            for p in seen.payments
        )
        return f"{seen}\nmoves: {moves}\npaid: {paid}"


pyspiel.register_game(_GAME_TYPE, GleekGame)


class ISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]  # untyped base
    """OpenSpiel's ISMCTS bot, which searches afresh at every move, made ready for
    ``evaluate_bots`` (which tells every bot where the game starts and what was played: this
    bot has nothing to keep, so both are no-ops)."""

    def restart_at(self, state: Any) -> None:
        """Nothing to do: each move's search starts from the state it is given."""

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Nothing to do (as :meth:`restart_at`)."""


def ismcts_bot(
    game: GleekGame,
    simulations: int,
    *,
    seed: int = 0,
    rollouts: int = 1,
    uct_c: float = 2.0,
) -> ISMCTSBot:
    """OpenSpiel's ISMCTS (``open_spiel.python.algorithms.ismcts``) on ``game``: a random
    rollout evaluator, ``simulations`` simulations a move, and worlds drawn by
    :meth:`GleekState.resample_from_infostate` with the bot's own seeded generator as the
    sampler, so a run reproduces from ``seed``."""
    rs = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=rollouts, random_state=rs)
    bot = ISMCTSBot(
        game=game,
        evaluator=evaluator,
        uct_c=uct_c,
        max_simulations=simulations,
        random_state=rs,
    )
    sampler: Callable[[], float] = rs.uniform
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    return bot


def state_from(game: GleekGame, world: State) -> GleekState:
    """The OpenSpiel state of ``game`` that ``world`` (a deal of the engine, dealt by the game's
    dealer under its profile) is: its deck as the chance outcomes, then its actions."""
    g = game if isinstance(game, GleekGame) else None
    if g is None or world.profile != g.profile or world.dealer != g.dealer:
        raise ArgumentError(
            f"{GAME_NAME}: a state of {world.profile.id}, dealt by seat {world.dealer}, is not a "
            "state of this game (its profile and dealer must be the game's)"
        )
    out = game.new_initial_state()
    for c in world.deck:
        out.apply_action(DECK_POS[c.index])
    for _, a in world.history:
        out.apply_action(action_index(a, out._now.legal))
    return out


class ISMCTSGleekBot:
    """OpenSpiel's ISMCTS as a gleek bot (``choose(obs, legal, rng)``), for ``gleek match``
    and the ladder (``ismcts:N``): ``simulations`` simulations a decision.

    It sees only the observation: the search starts from a world drawn by
    :func:`~gleek.sim.knowledge.determinize` (ISMCTS then draws its own worlds from that
    state's information state, which is the observation's), and its generators are seeded from
    ``rng``, so a match reproduces. Only shipped profiles (by name and variants) are played,
    with the profile's opening ruff stake, as ``gleek match`` deals. Where no world the seat
    cannot tell from the real one is found (rare: see :func:`~gleek.sim.knowledge.determinize`),
    that one decision is :class:`~gleek.sim.bots.RuleAwareBot`'s.
    """

    def __init__(self, simulations: int = 20) -> None:
        if isinstance(simulations, bool) or not isinstance(simulations, int) or simulations < 1:
            raise ArgumentError(
                f"simulations must be a positive whole number, not {simulations!r:.40}"
            )
        self.simulations = simulations
        self.fallback = RuleAwareBot()
        self._games: dict[tuple[Profile, int], GleekGame] = {}

    def __repr__(self) -> str:
        return f"ISMCTSGleekBot({self.simulations})"

    def _game(self, profile: Profile, dealer: int) -> GleekGame:
        game = self._games.get((profile, dealer))
        if game is None:
            try:
                shipped = load_profile(profile.id, list(profile.variants)) == profile
            except GleekError:
                shipped = False
            if not shipped:
                raise ArgumentError(
                    f"the ISMCTS bot plays shipped profiles only (by name and variants), not "
                    f"this {profile.name!r}"
                )
            params = {"profile": profile.id, "variants": "+".join(profile.variants)}
            game = pyspiel.load_game(GAME_NAME, {**params, "dealer": dealer})
            self._games[(profile, dealer)] = game
        return game

    def choose(self, obs: Observation, legal: tuple[Action, ...], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        game = self._game(obs.profile, obs.dealer)
        world = determinize(obs, rng, stake=None)
        if observation(world, obs.seat) != obs:  # pragma: no cover - rare (see determinize)
            return self.fallback.choose(obs, legal, rng)
        state = state_from(game, world)
        bot = ismcts_bot(game, self.simulations, seed=rng.getrandbits(32))
        return index_action(int(bot.step(state)), legal)
