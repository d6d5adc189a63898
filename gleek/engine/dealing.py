"""Building a deal: :func:`new_deal` from a seed or a deck, :func:`start` from card indices, and
:func:`restore` (a pickled state replayed).

May import: the leaf modules (:mod:`gleek._args`, :mod:`gleek._core`, :mod:`gleek.actions`,
:mod:`gleek.cards`, :mod:`gleek.errors`, :mod:`gleek.limits`, :mod:`gleek.profile_model`), the
stages and, of the engine, :mod:`gleek.engine.node`, :mod:`gleek.engine.transitions` and
:mod:`gleek.engine.legality`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, overload

from gleek._args import check_int, check_seat, check_type, type_name
from gleek._core import (
    AUCTION,
    Deal,
)
from gleek.actions import (
    Action,
    card_arg,
)
from gleek.cards import Card
from gleek.engine.legality import verify
from gleek.engine.node import State
from gleek.engine.transitions import do_action, set_pre
from gleek.errors import ArgumentError, ArgumentTypeError
from gleek.limits import MAX_INT
from gleek.profile_model import Profile
from gleek.stages import deal as deal_stage
from gleek.stages.common import left_of
from gleek.stages.rules import rules_of

_ZERO: Final = (0, 0, 0)


def start(profile: Profile, dealer: int, deck: Sequence[int], stake: int) -> State:
    """The dealt state (``deck`` 44 distinct indices, top first; the rule of the deal is
    :func:`gleek.stages.deal.deal_hands`): the auction opens with eldest."""
    rules = rules_of(profile)
    order = tuple(deck)
    hs = deal_stage.deal_hands(rules, dealer, order)
    deal = Deal(rules, dealer, order, hs, stake)
    n = State(deal, None, None, AUCTION, left_of(dealer), hs[0], hs[1], hs[2], None, -1, 0, 0, 0,
              _ZERO, _ZERO)  # fmt: skip
    return set_pre(n, 0, -1, 0, (), None)


def restore(
    profile: Profile, dealer: int, deck: tuple[int, ...], stake: int, actions: tuple[Action, ...]
) -> State:
    """The state after ``actions`` from the deal (what :meth:`State.__reduce__` pickles)."""
    n = start(profile, dealer, deck, stake)
    for k, action in enumerate(actions):
        if verify(n, action) is not None:
            raise ArgumentError(f"actions[{k}]: {action} is not legal there; not a pickled State")
        n = do_action(n, action)
    return n


@overload
def new_deal(
    profile: Profile, dealer: int = 0, *, seed: int | str, ruff_stake: int | None = None
) -> State: ...


@overload
def new_deal(
    profile: Profile,
    dealer: int = 0,
    *,
    seed: int | str | None = None,
    deck: Sequence[Card | str] | None = None,
    ruff_stake: int | None = None,
) -> State: ...


def new_deal(
    profile: object,
    dealer: object = 0,
    *,
    seed: object = None,
    deck: object = None,
    ruff_stake: object = None,
) -> State:
    """A freshly dealt deal: from ``deck`` (44 cards, top first; Cards or their text) or from
    ``seed`` (an int or a str: the same seed deals the same cards everywhere).

    ``profile`` is a :class:`~gleek.profile.Profile`, ``dealer`` the dealer's seat (0, 1 or
    2); ``ruff_stake`` is the opening stake carried from the previous deal (default: the
    profile's). Every argument is checked (the library's own errors name it).
    """
    if (
        type(seed) is int
        and deck is None
        and ruff_stake is None
        and type(dealer) is int
        and isinstance(profile, Profile)
        and 0 <= dealer <= 2
    ):  # the common case, every argument already right
        return start(profile, dealer, deal_stage.seeded_order(seed), profile.ruff.stake)
    check_type("profile", profile, Profile, "a Profile (from gleek.load_profile)")
    assert isinstance(profile, Profile)
    seat = check_seat("dealer", dealer)
    if (seed is None) == (deck is None):
        raise ArgumentError("give exactly one of seed= or deck=")
    if deck is not None:
        if isinstance(deck, str | bytes) or not isinstance(deck, Sequence):
            raise ArgumentTypeError(
                f"deck must be a sequence of 44 cards, not {type_name(deck)} ({deck!r:.60})"
            )
        order: Sequence[int] = tuple(card_arg(f"deck[{i}]", c).index for i, c in enumerate(deck))
        if len(order) != 44 or len(set(order)) != 44:
            raise ArgumentError(
                f"deck must be 44 distinct cards; got {len(order)} with {len(set(order))} distinct"
            )
    else:
        if isinstance(seed, bool) or not isinstance(seed, int | str):
            raise ArgumentTypeError(f"seed must be an int or a str, not {type_name(seed)}")
        order = deal_stage.seeded_order(seed)
    stake = (
        profile.ruff.stake
        if ruff_stake is None
        else check_int("ruff_stake", ruff_stake, low=1, high=MAX_INT)
    )
    return start(profile, seat, order, stake)
