"""A search bot: information-set Monte-Carlo tree search over the public engine.

:class:`SearchBot` sees only its :class:`~gleek.state.Observation`. Each iteration draws a deal
the seat cannot tell from the real one (:func:`gleek.sim.knowledge.determinize`), walks one shared
tree of actions with UCB1 (single-observer IS-MCTS: at every node, only the actions legal in this
draw compete), adds one node, and plays the deal out with :class:`~gleek.sim.bots.BasicBot` for
every seat. Values are chips won this deal, each seat's own at its own nodes. The budget is a
number of playouts per decision, or seconds (then not reproducible); with a playout budget the
choice depends only on the observation and the random generator passed in.

>>> import random, gleek
>>> s = gleek.new_deal(gleek.load_profile("parlett"), dealer=0, seed=3)
>>> bot = SearchBot(playouts=8)
>>> obs = gleek.observation(s, s.to_act)
>>> a = bot.choose(obs, gleek.legal_actions(s), random.Random(0))
>>> a == bot.choose(obs, gleek.legal_actions(s), random.Random(0))
True
"""

from __future__ import annotations

import math
import random
import time

from gleek.errors import ArgumentError
from gleek.sim.bots import BasicBot
from gleek.sim.knowledge import Knowledge, determinize, opening_stake
from gleek.state import Action, Observation, State, apply, legal_actions, observation, outcome

__all__ = ["SearchBot"]


class _Node:
    __slots__ = ("children", "n", "seat", "total", "tries")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # who chose the action leading here
        self.n = 0
        self.total = 0.0
        self.tries = 0  # how often this node could have been chosen (IS-MCTS availability)
        self.children: dict[Action, _Node] = {}


class SearchBot:
    """Determinized (single-observer information-set) MCTS.

    ``playouts``: iterations per decision (default 64); ``seconds``: a time budget instead;
    ``explore``: the UCB1 constant in chips; ``rollout``: the bot that plays the deals out
    (default :class:`~gleek.sim.bots.BasicBot`).
    """

    def __init__(
        self,
        playouts: int | None = 64,
        *,
        seconds: float | None = None,
        explore: float = 12.0,
        rollout: BasicBot | None = None,
    ) -> None:
        if seconds is None and (not isinstance(playouts, int) or playouts < 1):
            raise ArgumentError(f"playouts must be a positive whole number, not {playouts!r}")
        if seconds is not None and not seconds > 0:
            raise ArgumentError(f"seconds must be positive, not {seconds!r}")
        self.playouts = playouts
        self.seconds = seconds
        self.explore = explore
        self.rollout = rollout if rollout is not None else BasicBot()

    def __repr__(self) -> str:
        budget = f"seconds={self.seconds}" if self.seconds is not None else str(self.playouts)
        return f"SearchBot({budget})"

    def choose(self, obs: Observation, legal: tuple[Action, ...], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        know = Knowledge(obs)
        stake = opening_stake(obs)
        root = _Node(obs.seat)
        deadline = None if self.seconds is None else time.monotonic() + self.seconds
        done = 0
        while True:
            if deadline is not None:
                if done and time.monotonic() >= deadline:
                    break
            elif done >= (self.playouts or 0):
                break
            state = determinize(obs, rng, stake=stake, know=know)
            self._iterate(root, state, rng)
            done += 1
        best = max(
            legal,
            key=lambda a: (
                root.children[a].n if a in root.children else -1,
                root.children[a].total if a in root.children else 0.0,
            ),
        )
        return best

    def _ucb(self, node: _Node) -> float:
        return node.total / node.n + self.explore * math.sqrt(math.log(node.tries) / node.n)

    def _iterate(self, root: _Node, state: State, rng: random.Random) -> None:
        node = root
        path: list[_Node] = []
        while not state.is_over:
            acts = legal_actions(state)
            if len(acts) == 1:
                state = apply(state, acts[0])
                continue
            seat = state.to_act
            assert seat is not None
            untried = [a for a in acts if a not in node.children]
            for a in acts:
                child = node.children.get(a)
                if child is not None:
                    child.tries += 1
            if untried:
                a = untried[rng.randrange(len(untried))]
                child = _Node(seat)
                child.tries = 1
                node.children[a] = child
                path.append(child)
                state = apply(state, a)
                break
            kids = node.children
            a = max(acts, key=lambda a: self._ucb(kids[a]))
            node = kids[a]
            path.append(node)
            state = apply(state, a)
        bot = self.rollout
        while not state.is_over:
            acts = legal_actions(state)
            if len(acts) == 1:
                state = apply(state, acts[0])
                continue
            seat = state.to_act
            assert seat is not None
            state = apply(state, bot.choose(observation(state, seat), acts, rng))
        chips = outcome(state).chips
        for n in path:
            n.n += 1
            n.total += chips[n.seat]
