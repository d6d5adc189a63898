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
would need 44! outcomes.) Nobody looks at the cards until the deal is complete: until then
every seat's information state is the count of cards dealt.

**Or the deal sampled: ``python_gleek_sampled``.** A second registered game (OpenSpiel keeps one
``GameType``, and so one ``chance_mode``, per registered name) with the same parameters and
``rng_seed`` (default -1: seeded from the system), its chance ``SAMPLED_STOCHASTIC`` as in
OpenSpiel's own sampled games: no chance node, ``new_initial_state()`` is already dealt, the next
deal of the game's generator (a Mersenne Twister seeded with ``rng_seed``, shuffling as
:func:`gleek.new_deal` does from a seed), so the same game with the same seed deals the same
deals in the same order. The history holds only the moves; a state carries its deal (clones,
``serialize``, pickles), and a pickled game carries its generator. The deal's probabilities
are no longer exposed (each of the 44! orders is equally likely, but nothing reads that):

>>> sampled = pyspiel.load_game("python_gleek_sampled", {"profile": "cotton", "rng_seed": 1})
>>> first = sampled.new_initial_state()
>>> first.is_chance_node(), first.history(), first.gleek_state is not None
(False, [], True)

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

import _random
import operator
import random
from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Any, Final, TypeAlias

import attrs
import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from gleek.cards import DECK
from gleek.engine.dealing import start
from gleek.engine.legality import legal_cards
from gleek.errors import ArgumentError, GleekError
from gleek.profile import load_profile
from gleek.profile_model import Profile
from gleek.rl.actions import (
    DECK_POS,
    DISCARD_AT,
    N_ACTIONS,
    PLAY_AT,
    action_index,
    index_action,
)
from gleek.rl.tensor import TENSOR_LAYOUT, TENSOR_SIZE, Encoder
from gleek.sim.bots import RuleAwareBot
from gleek.sim.knowledge import determinize
from gleek.stages.deal import drawn_order
from gleek.state import (
    Action,
    Observation,
    Phase,
    State,
    apply,
    legal_actions,
    observation,
)

__all__ = [
    "GAME_NAME",
    "MAX_MOVES",
    "SAMPLED_GAME_NAME",
    "GleekGame",
    "GleekObserver",
    "GleekSampledGame",
    "GleekState",
    "ISMCTSBot",
    "ISMCTSGleekBot",
    "ismcts_bot",
]

GAME_NAME: Final = "python_gleek"
SAMPLED_GAME_NAME: Final = "python_gleek_sampled"
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

#: the sampled game's parameters: ``rng_seed`` (-1: seeded from the system) as well
_SAMPLED_DEFAULTS: Final = {**_DEFAULTS, "rng_seed": -1}


def _game_type(name: str, sampled: bool) -> pyspiel.GameType:
    mode = pyspiel.GameType.ChanceMode
    return pyspiel.GameType(
        short_name=name,
        long_name="Gleek (gleek.rl.openspiel" + (", sampled deal)" if sampled else ")"),
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=mode.SAMPLED_STOCHASTIC if sampled else mode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=3,
        min_num_players=3,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_SAMPLED_DEFAULTS if sampled else _DEFAULTS,
    )


_GAME_TYPE: Final = _game_type(GAME_NAME, sampled=False)
_SAMPLED_TYPE: Final = _game_type(SAMPLED_GAME_NAME, sampled=True)


def _profile(params: dict[str, Any], name: str, defaults: dict[str, Any]) -> Profile:
    """The profile the parameters name, or :class:`~gleek.errors.ArgumentError`."""
    unknown = sorted(set(params) - set(defaults))
    if unknown:
        raise ArgumentError(
            f"{name}: unknown parameter(s) {', '.join(unknown)}; "
            f"the parameters are {', '.join(defaults)}"
        )
    profile = params.get("profile", defaults["profile"])
    variants = params.get("variants", defaults["variants"])
    if not isinstance(profile, str) or not isinstance(variants, str):
        raise ArgumentError(f"{name}: profile and variants are strings")
    return load_profile(profile, [v for v in variants.split("+") if v])


def _whole(params: dict[str, Any], name: str, low: int, high: int, game: str = GAME_NAME) -> int:
    value = params.get(name, _SAMPLED_DEFAULTS[name])
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ArgumentError(f"{game}: {name} must be a whole number {low} to {high}")
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

    #: whether the deal is sampled inside the game (:class:`GleekSampledGame`)
    sampled: bool = False

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        sampled = self.sampled
        name = SAMPLED_GAME_NAME if sampled else GAME_NAME
        defaults = _SAMPLED_DEFAULTS if sampled else _DEFAULTS
        self.profile = _profile(params, name, defaults)
        self.dealer = _whole(params, "dealer", 0, 2, name)
        self.max_moves = _whole(params, "max_moves", 1, _MOST_MOVES, name)
        info = pyspiel.GameInfo(
            num_distinct_actions=N_ACTIONS,
            max_chance_outcomes=0 if sampled else _CARDS,
            num_players=3,
            min_utility=-_UTILITY_BOUND,
            max_utility=_UTILITY_BOUND,
            max_game_length=self.max_moves,
        )
        self._params = full = {**defaults, **params}
        super().__init__(_SAMPLED_TYPE if sampled else _GAME_TYPE, info, full)
        self._config = _Config(self.profile, self.dealer, self.max_moves)

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


class GleekSampledGame(GleekGame):
    """``python_gleek_sampled``: :class:`GleekGame` with the deal sampled inside the game
    (``SAMPLED_STOCHASTIC``): each new initial state is already dealt, the next deal of the
    game's generator, seeded by ``rng_seed`` (see the module documentation)."""

    sampled = True

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        seed = params.get("rng_seed", -1)
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < -1:
            raise ArgumentError(
                f"{SAMPLED_GAME_NAME}: rng_seed must be a whole number, or -1 (from the system)"
            )
        super().__init__(params)
        #: the generator the deals are drawn from (the system's entropy for -1)
        self.rng = _random.Random() if seed == -1 else _random.Random(seed)

    def new_initial_state(self) -> GleekState:
        """The next deal of the game's generator, dealt: the first seat to act is to act."""
        g = self._config
        p = g.profile
        deal = start(p, g.dealer, drawn_order(self.rng), p.ruff.stake)
        return GleekState(self, _Now.dealt(deal))

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled with its generator's state (what OpenSpiel's ``GetRNGState`` would carry,
        which a Python game cannot give C++): the copy deals the deals this game would deal
        next."""
        return (_sampled_game, (self._params, self.rng.getstate()))


def _sampled_game(params: dict[str, Any], rng_state: Any) -> GleekSampledGame:
    """A :class:`GleekSampledGame` read back from a pickle: its generator where it was."""
    game: GleekSampledGame = pyspiel.load_game(SAMPLED_GAME_NAME, params)
    game.rng.setstate(rng_state)
    return game


#: The moves made, newest first: ``(earlier moves, seat, action index)``, None before the first.
_Past: TypeAlias = "tuple[_Past, int, int] | None"


class _Now:
    """A state's data, changed in place by each action: OpenSpiel clones a Python state by
    deep-copying its attributes, and this one's copy is shallow (the engine's states are
    immutable; the lists, which only the cards drawn change, are copied), so a clone costs
    little more than a new state. It holds the state's whole history (the cards drawn, then the
    moves), which is the history OpenSpiel reads (see :class:`GleekState`)."""

    __slots__ = ("chance", "drawn", "indices", "left", "legal", "moves", "over", "past", "state")

    def __init__(self) -> None:
        self.chance = True  # cards are drawn
        self.over = False  # the game is over (the deal, or cut off at max_moves)
        #: places in DECK of the cards drawn, in deck order (a tuple once all are)
        self.drawn: list[int] | tuple[int, ...] = []
        self.left: list[int] = list(range(_CARDS))  # the places not drawn yet
        self.state: State | None = None  # the engine's, once the cards are drawn
        self.moves = 0
        #: the legal moves (none at the end or while dealing; None: not worked out yet, see
        #: :meth:`legal_moves`)
        self.legal: tuple[Action, ...] | None = ()
        self.indices: Sequence[int] | None = None  # the legal moves' indices, once asked for
        self.past: _Past = None

    @staticmethod
    def dealt(deal: State) -> _Now:
        """A deal dealt without chance nodes (the sampled game): nothing drawn in the
        history, the engine's state from the start."""
        out = _Now()
        out.chance = False
        out.drawn = ()
        out.left = []
        out.state = deal
        out.legal = None
        return out

    def copy(self) -> _Now:
        out = _Now.__new__(_Now)
        out.chance = chance = self.chance
        out.over = self.over
        out.drawn = list(self.drawn) if chance else self.drawn
        out.left = list(self.left) if chance else self.left
        out.state = self.state
        out.moves = self.moves
        out.legal = self.legal
        out.indices = self.indices
        out.past = self.past
        return out

    def __deepcopy__(self, memo: dict[int, object]) -> _Now:
        return self.copy()

    def legal_moves(self) -> tuple[Action, ...]:
        """The legal moves (the engine's actions), worked out once asked for: the indices of
        the cards legal in the play and the discards need only their mask."""
        legal = self.legal
        if legal is None:
            legal = self.legal = legal_actions(self.state)
        return legal

    def history(self) -> list[tuple[int, int]]:
        """``(player, action)`` of every action so far, the first first (chance is -1)."""
        moves: list[tuple[int, int]] = []
        past = self.past
        while past is not None:
            past, seat, index = past
            moves.append((seat, index))
        moves.reverse()
        return [(_CHANCE, c) for c in self.drawn] + moves


def _fixed(index: int) -> Action | None:
    """The action ``index`` stands for whatever is legal; None for a bid slot or a spare word
    slot (which mean something only given the legal actions)."""
    try:
        return index_action(index, ())
    except GleekError:
        return None


#: the chance outcomes ``(card, probability)`` by the number of cards left to draw, then by card
_OUTCOMES: Final = tuple(tuple((c, 1.0 / k) for c in range(_CARDS)) for k in range(1, _CARDS + 1))
#: a place in DECK -> the card's index (what the engine deals from)
_CARD_AT: Final = tuple(c.index for c in DECK)
#: an action index -> the action it stands for whatever is legal; None for the bid slots and
#: the spare word slots
_FIXED: Final = tuple(_fixed(i) for i in range(N_ACTIONS))
_APPLY: Final = pyspiel.State.apply_action
_MOVE_NUMBER: Final = pyspiel.State.move_number


def _index(action: object) -> int:
    """An action given as another integer type (numpy's), as an int; anything else refused."""
    try:
        return operator.index(action)  # type: ignore[arg-type]
    except TypeError:
        raise ArgumentError(
            f"{GAME_NAME}: an action is a whole number, not {action!r:.40}"
        ) from None


#: the legal moves' indices in ascending order, by the ``id`` of the engine's tuple of legal
#: actions (which the entry holds, so the ``id`` is not another object's while it is here), for
#: the auction and the ruff: the engine gives the same tuple again for the same choices
_INDICES: Final[dict[int, tuple[tuple[Action, ...], list[int]]]] = {}
_INDICES_HELD: Final = 4096
#: the ``id`` of each action of ``_FIXED`` -> its index (``_FIXED`` holds them for good)
_FIXED_INDEX: Final = {id(a): i for i, a in enumerate(_FIXED) if a is not None}


def _indices(legal: tuple[Action, ...]) -> list[int]:
    """The indices of ``legal``, in ascending order."""
    known = _INDICES.get(id(legal))
    if known is not None and known[0] is legal:
        return known[1]
    try:
        out = sorted(map(_FIXED_INDEX.__getitem__, map(id, legal)))
    except KeyError:  # a bid (or an action not interned): by its kind
        out = sorted(action_index(a, legal) for a in legal)
    if len(_INDICES) >= _INDICES_HELD:
        _INDICES.clear()
    _INDICES[id(legal)] = (legal, out)
    return out


def _places(first: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """By suit, then by the suit's 11 bits of a mask of card indices (low card first), the
    action indices of those cards in ascending order: ``first`` + their places in DECK."""
    out = []
    for suit in range(4):
        place = [first + DECK_POS[11 * suit + r] for r in range(11)]
        # DECK holds a suit high card first, so a holding's places in ascending order are those
        # of its higher cards, then its lowest card's
        assert all(place[r] > place[r + 1] for r in range(10))
        by_bits: list[tuple[int, ...]] = [()] * 2048
        for bits in range(1, 2048):
            low = (bits & -bits).bit_length() - 1
            by_bits[bits] = (*by_bits[bits & (bits - 1)], place[low])
        out.append(tuple(by_bits))
    return tuple(out)


_PLAY_PLACES: Final = _places(PLAY_AT)
_DISCARD_PLACES: Final = _places(DISCARD_AT)
_SUIT: Final = 0x7FF
_PLAY: Final = Phase.PLAY


def _legal_indices(now: _Now) -> Sequence[int]:
    """The indices of the legal moves of a state that is not over, in ascending order: from the
    engine's mask of the cards legal in the play and the discards (no action looked at), else
    from the legal actions."""
    s: State = now.state  # type: ignore[assignment]  # (not dealing: a state)
    cards = legal_cards(s)
    if cards:
        t = _PLAY_PLACES if s.phase is _PLAY else _DISCARD_PLACES
        return (
            t[0][cards & _SUIT]
            + t[1][(cards >> 11) & _SUIT]
            + t[2][(cards >> 22) & _SUIT]
            + t[3][cards >> 33]
        )
    return _indices(now.legal_moves())


def _skip(action: int) -> None:
    """``_apply_action`` while :meth:`GleekState._sync` hands the history to C++."""


class GleekState(pyspiel.State):  # type: ignore[misc]  # untyped base
    """A deal in progress: the cards drawn so far, then the engine's :class:`~gleek.State`.

    **Python callers do not go through C++.** OpenSpiel runs a Python game through its C++
    ``State``, which calls back into Python for every answer: an ``apply_action`` from Python
    would cross into C++ and back twice (the player, then the action). So every method a
    Python caller uses at each node (``apply_action``, ``legal_actions``, ``current_player``,
    ``is_chance_node``, ``is_terminal``, ``chance_outcomes``, ``returns``, ``history``,
    ``clone``, ``child``...) is answered here, in Python, and C++ callers (OpenSpiel's C++
    algorithms and checks) get the same answers through the methods OpenSpiel calls back
    (``_apply_action``, ``_legal_actions``, ...).

    **The history.** C++ keeps a history of its own, which only its ``ApplyAction`` extends;
    the state's own (in :class:`_Now`) is always whole. An action applied from Python extends
    only the state's own, and C++'s is brought up to date (:meth:`_sync`: each missing action
    replayed through C++'s ``ApplyAction`` with nothing but the record done) before anything
    reads it: C++ applying an action, ``serialize``, pickling, ``full_history`` and
    ``pyspiel.serialize_game_and_state`` (wrapped by this module to do so); ``history``,
    ``history_str`` and ``move_number`` are read from the state's own. C++'s history is always
    the first part of the state's own (a clone by C++, or a state read back from a serialised
    text, carries both), so nothing is lost when it is behind. A C++ function handed
    a state driven from Python that reads its history without applying an action first sees
    C++'s history as it was (call :meth:`sync` first there).
    """

    def __init__(self, game: GleekGame, now: _Now | None = None) -> None:
        super().__init__(game)
        self._game = game._config
        self._now = _Now() if now is None else now

    @property
    def gleek_state(self) -> State | None:
        """The engine's state once the deal is complete (None while cards are drawn)."""
        return self._now.state

    # -- what a node is (Python and C++ callers alike)

    def current_player(self) -> int:
        """The seat to act; ``CHANCE`` while the cards are drawn; ``TERMINAL`` at the end."""
        now = self._now
        if now.chance:
            return _CHANCE
        if now.over:
            return _TERMINAL
        seat = now.state.to_act  # type: ignore[union-attr]  # (not chance: a state)
        assert seat is not None
        return seat

    def is_chance_node(self) -> bool:
        return self._now.chance

    def is_terminal(self) -> bool:
        return self._now.over

    def is_player_node(self) -> bool:
        now = self._now
        return not now.chance and not now.over

    def is_simultaneous_node(self) -> bool:
        return False

    def is_mean_field_node(self) -> bool:
        return False

    def _legal_actions(self, player: int) -> list[int]:
        """The legal moves' indices, in ascending order (OpenSpiel asks only the seat to act)."""
        now = self._now
        indices = now.indices
        if indices is None:
            indices = now.indices = _legal_indices(now)
        return list(indices)

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions of ``player`` (default: the one to act) in ascending order: the
        cards not yet drawn at a chance node, none at the end or for a seat not to act."""
        now = self._now
        if now.chance:
            return list(now.left)
        s: State = now.state  # type: ignore[assignment]  # (not dealing: a state)
        if now.over or (player is not None and player != s.to_act):
            return []
        indices = now.indices
        if indices is None:  # (_legal_indices, inline: asked at every move)
            cards = legal_cards(s)
            if cards:  # the list built at once, not kept (a second call builds it again)
                t0, t1, t2, t3 = _PLAY_PLACES if s.phase is _PLAY else _DISCARD_PLACES
                return [
                    *t0[cards & 2047],
                    *t1[(cards >> 11) & 2047],
                    *t2[(cards >> 22) & 2047],
                    *t3[cards >> 33],
                ]
            indices = now.indices = _indices(now.legal_moves())
        return list(indices)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards not yet drawn, each equally likely."""
        left = self._now.left
        if len(left) > 1:
            return list(itemgetter(*left)(_OUTCOMES[len(left) - 1]))
        return [(left[0], 1.0)] if left else []

    # -- actions

    def apply_action(self, action: int) -> None:
        """Apply ``action`` (a card's place at a chance node, else a move's index)."""
        if type(action) is not int:
            action = _index(action)
        now = self._now
        if now.chance:  # a card drawn
            left = now.left
            try:
                left.remove(action)
            except ValueError:
                raise ArgumentError(
                    f"{GAME_NAME}: {action} is not a card left to draw (a place in DECK, "
                    "0 to 43, not drawn yet)"
                ) from None
            drawn = now.drawn
            drawn.append(action)  # type: ignore[union-attr]  # (a list while dealing)
            if not left:
                g = self._game
                p = g.profile
                deal = start(p, g.dealer, tuple([_CARD_AT[c] for c in drawn]), p.ruff.stake)
                now.drawn = tuple(drawn)
                now.state = deal
                now.chance = False
                now.legal = None
            return
        if now.over:
            raise ArgumentError(f"{GAME_NAME}: the deal is over; no action applies")
        s: State = now.state  # type: ignore[assignment]  # (not dealing: a state)
        fixed = _FIXED[action] if 0 <= action < N_ACTIONS else None
        after = apply(s, index_action(action, now.legal_moves()) if fixed is None else fixed)
        now.past = (now.past, s.to_act, action)  # type: ignore[assignment]  # (a seat acted)
        now.state = after
        now.indices = None
        now.moves = moves = now.moves + 1
        if after.is_over or moves >= self._game.max_moves:
            now.legal = ()
            now.over = True
        else:
            now.legal = None

    def _apply_action(self, action: int) -> None:
        """``action`` applied by C++ (which then records it in its history): its history is
        brought up to date first."""
        now = self._now
        if len(now.drawn) + now.moves != _MOVE_NUMBER(self):
            self._sync()
        GleekState.apply_action(self, action)

    def _sync(self) -> None:
        """Bring C++'s history up to date: each action it lacks replayed through its
        ``ApplyAction`` with nothing done but the record (the player it records from a
        stand-in ``current_player``, the action by a ``_apply_action`` that does nothing; C++
        looks both up on the object, so the stand-ins are attributes of this object for the
        time of the call). (This must not be called from a method named ``_apply_action`` or
        ``current_player`` itself: pybind11 would then not look them up.)"""
        pending = self._now.history()[_MOVE_NUMBER(self) :]
        if not pending:
            return
        d = self.__dict__
        try:
            d["_apply_action"] = _skip
            for player, action in pending:
                d["current_player"] = lambda player=player: player
                _APPLY(self, action)
        finally:
            d.pop("current_player", None)
            d.pop("_apply_action", None)

    def sync(self) -> GleekState:
        """This state, with OpenSpiel's C++ history brought up to date (see the class
        documentation): for a C++ function that reads the history of a state it is given."""
        self._sync()
        return self

    def child(self, action: int) -> GleekState:
        """A new state: this one after ``action``."""
        out = self.clone()
        out.apply_action(action)
        return out

    def clone(self) -> GleekState:
        """An independent copy of this state."""
        return GleekState(self.get_game(), self._now.copy())

    # -- the history: the state's own (the first four) or C++'s, brought up to date first

    def history(self) -> list[int]:
        """Every action so far, the cards drawn first."""
        return [a for _, a in self._now.history()]

    def history_str(self) -> str:
        return ", ".join(str(a) for a in self.history())

    def move_number(self) -> int:
        now = self._now
        return len(now.drawn) + now.moves

    def is_initial_state(self) -> bool:
        now = self._now
        return not now.drawn and not now.moves

    def full_history(self) -> list[Any]:
        self._sync()
        return super().full_history()  # type: ignore[no-any-return]

    def is_initial_non_chance_state(self) -> bool:
        self._sync()
        return super().is_initial_non_chance_state()  # type: ignore[no-any-return]

    def serialize(self) -> str:
        self._sync()
        return super().serialize()  # type: ignore[no-any-return]

    def __getstate__(self) -> str:
        self._sync()
        game = self.get_game()
        if isinstance(game, GleekSampledGame):  # (C++ would ask the game for its RNG state)
            return _game_and_state(game, self)
        return super().__getstate__()  # type: ignore[no-any-return]

    # -- the rest

    def _action_to_string(self, player: int, action: int) -> str:
        if player == _CHANCE:
            return f"deal {DECK[action]}"
        try:
            return str(index_action(action, self._now.legal_moves()))
        except GleekError:
            return f"bid slot {action - 1}"

    @property
    def truncated(self) -> bool:
        """Whether the deal was cut off at ``max_moves`` before it ended."""
        s = self._now.state
        return s is not None and not s.is_over and self._now.over

    def returns(self) -> list[float]:
        """Each seat's chips: at the end of the deal (0 before; the chips paid so far if the
        deal was cut off at ``max_moves``)."""
        now = self._now
        s = now.state
        if s is None or not now.over:
            return [0.0, 0.0, 0.0]
        # (the chips paid so far; at the end of the deal, its outcome's chips)
        c0, c1, c2 = s.chips
        return [float(c0), float(c1), float(c2)]

    def rewards(self) -> list[float]:
        """The returns at the end, 0 before (rewards are given at the end)."""
        return self.returns()

    def player_return(self, player: int) -> float:
        if not 0 <= player < 3:
            raise ArgumentError(f"{GAME_NAME}: a player is 0, 1 or 2, not {player!r:.20}")
        return self.returns()[player]

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
            return self.clone()
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
pyspiel.register_game(_SAMPLED_TYPE, GleekSampledGame)


def _syncing(
    serialize: Callable[[pyspiel.Game, pyspiel.State], str],
) -> Callable[[pyspiel.Game, pyspiel.State], str]:
    """``pyspiel.serialize_game_and_state``, which reads a state's history in C++, made to
    bring the history of a :class:`GleekState` up to date first (see the class)."""

    def serialize_game_and_state(game: pyspiel.Game, state: pyspiel.State) -> str:
        if isinstance(state, GleekState):
            state._sync()
            if isinstance(game, GleekSampledGame):
                return _game_and_state(game, state)
        return serialize(game, state)

    serialize_game_and_state.__doc__ = serialize.__doc__
    serialize_game_and_state.__wrapped__ = serialize  # type: ignore[attr-defined]
    return serialize_game_and_state


def _game_and_state(game: GleekSampledGame, state: GleekState) -> str:
    """``pyspiel.serialize_game_and_state``'s text for a state of the sampled game, less the
    game's RNG section (which C++ asks of the game's ``GetRNGState``, which a Python game
    cannot give): the state carries its deal; the game read back is the game by its
    parameters, its generator starting again from ``rng_seed``."""
    return (
        "# Automatically generated by OpenSpiel SerializeGameAndState\n[Meta]\nVersion: 1\n\n"
        f"[Game]\n{game}\n[State]\n{state.serialize()}\n"
    )


if not hasattr(pyspiel.serialize_game_and_state, "__wrapped__"):  # (once, if reloaded)
    pyspiel.serialize_game_and_state = _syncing(pyspiel.serialize_game_and_state)


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
    dealer under its profile) is: its deck as the chance outcomes (in the sampled game, the
    state dealt from its deck), then its actions."""
    g = game if isinstance(game, GleekGame) else None
    if g is None or world.profile != g.profile or world.dealer != g.dealer:
        raise ArgumentError(
            f"{GAME_NAME}: a state of {world.profile.id}, dealt by seat {world.dealer}, is not a "
            "state of this game (its profile and dealer must be the game's)"
        )
    if isinstance(game, GleekSampledGame):
        p = game.profile
        deal = start(p, game.dealer, tuple([c.index for c in world.deck]), p.ruff.stake)
        out = GleekState(game, _Now.dealt(deal))
    else:
        out = game.new_initial_state()
        for c in world.deck:
            out.apply_action(DECK_POS[c.index])
    for _, a in world.history:
        out.apply_action(action_index(a, out._now.legal_moves()))
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
