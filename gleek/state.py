"""The deal state, its actions, and the calls that drive it.

:class:`State` is one immutable node per action: masks and small ints, a back-pointer to the
state it came from, and the deal's shared tables. It decides nothing itself: each phase is a
stage of :mod:`gleek.stages`, and the engine (:mod:`gleek.engine`) only dispatches to it.
Legality is decided in one place, :func:`refusal` (the stage's ``verify_*`` function of the
phase, with the facts it used; :func:`verify` gives its code): :func:`legal_actions`
lists what it allows, :func:`apply` applies an action it allows and otherwise raises
:class:`~gleek.errors.IllegalAction` with the record format's error code and a message saying
why. Everything public speaks :class:`~gleek.cards.Card`, :class:`~gleek.cards.Suit`, seats
(0, 1, 2) and :class:`Action`; the compact forms the engine computes with are private.

>>> import gleek
>>> s = gleek.new_deal(gleek.load_profile("parlett"), dealer=2, seed=7)
>>> s.phase, s.to_act, s.legal_actions()
(<Phase.AUCTION: 'auction'>, 0, (Action.parse('bid 12'),))
>>> s.verify("pass").code
'bad-bid'
>>> s = s.apply("bid 12")
>>> [str(a) for a in s.legal_actions()], s.history
(['pass', 'bid 13'], ((0, Action.parse('bid 12')),))

This module gathers the engine's public names, each written in the module of its job in
:mod:`gleek.engine` (the node, the history, the ledger, building a deal, legality, the phase
transitions, the rollout, observations, the outcome), and hands the node the functions its
conveniences call (:class:`gleek.engine.node.Engine`). It is compiled by mypyc in the fast
build, with the engine and the stages.

May import: every module of :mod:`gleek.engine`, the stages; nothing that imports it.
"""

from __future__ import annotations

from collections.abc import Callable

from gleek.actions import Action, Phase
from gleek.engine import history, legality
from gleek.engine import outcome as outcomes
from gleek.engine.dealing import new_deal, restore, start
from gleek.engine.history import finished_tricks, split_history
from gleek.engine.history import history as history_of
from gleek.engine.ledger import ledger, net_chips
from gleek.engine.legality import apply, check_action, legal_actions, refusal, verify
from gleek.engine.node import Engine, State, install, pre
from gleek.engine.observe import observation, observation_at
from gleek.engine.outcome import Outcome, claim_forfeits, outcome, outcome_of
from gleek.engine.rollout import POLICIES, rollout
from gleek.errors import IllegalAction
from gleek.stages import deal as deal_stage
from gleek.stages.rules import Run
from gleek.stages.rules import forget as forget_rules
from gleek.views import Observation, RuffResult, Trick

__all__ = [
    "POLICIES",
    "Action",
    "Observation",
    "Outcome",
    "Phase",
    "RuffResult",
    "State",
    "Trick",
    "apply",
    "check_action",
    "claim_forfeits",
    "forget",
    "legal_actions",
    "net_chips",
    "new_deal",
    "observation",
    "outcome",
    "pre",
    "refusal",
    "restore",
    "rollout",
    "split_history",
    "start",
    "verify",
]


class _Engine(Engine):
    """The engine's functions, for the node's conveniences (see :class:`Engine`)."""

    def history(self, n: State) -> tuple[tuple[int, Action], ...]:
        return history_of(n)

    def finished_tricks(self, n: State) -> tuple[tuple[Trick, ...], tuple[int, ...]]:
        return finished_tricks(n, history_of(n))

    def ledger(self, n: State) -> Run:
        return ledger(n)

    def legal_actions(self, n: State) -> tuple[Action, ...]:
        return legal_actions(n)

    def apply(self, n: State, action: object, seat: object) -> State:
        # (apply's overloads type the public API; its body takes objects and checks them)
        return apply(n, action, seat)  # type: ignore[call-overload,no-any-return]

    def check_action(self, n: State, action: object, seat: object) -> IllegalAction | None:
        return check_action(n, action, seat)

    def observation(self, n: State, seat: int) -> Observation:
        return observation_at(n, seat)

    def outcome(self, n: State) -> Outcome:
        return outcome_of(n)

    def restorer(self) -> Callable[..., State]:
        return restore


install(_Engine())


def forget() -> None:
    """Drop everything the engine remembers: the stages' memo tables (each profile's flattened
    rules with the payments computed, the positions of the hands in the deck) and the engine's
    own (finished tricks, the ruff's results, the last history asked about, the actions of the
    choices). Nothing changes but speed; the tests start each from nothing, so that what a test
    checks is computed in that test (and a mutant is not hidden behind a value a clean run
    remembered first)."""
    forget_rules()
    deal_stage.forget()
    history.forget()
    outcomes.forget()
    legality.forget()
