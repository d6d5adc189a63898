"""Carrying a session from one deal to the next: the balances, the pot, the next dealer and the
next deal's opening ruff stake, by one function, :func:`carry_over`, which every reader of a
session uses (:class:`gleek.session.Session`, the validator's replay, the viewer, the RL
environments). The rules it applies are the stages' (who deals next,
:func:`gleek.stages.deal.next_dealer`; where the chips left in the pot go,
:func:`gleek.stages.settle.pot_after`); the next stake is the outcome's.

>>> import gleek
>>> s = gleek.new_deal(gleek.load_profile("parlett"), dealer=2, seed=1)
>>> while not s.is_over:
...     s = s.apply(s.legal_actions()[0])
>>> o = s.outcome()
>>> after = carry_over(s.profile, Carried((0, 0, 0), 0, 2, 4), o.chips, o.pot, o.ruff_stake)
>>> after.dealer, after.chips == o.chips, after.pot == o.pot
(0, True, True)

May import: :mod:`gleek.profile_model` and the stages; nothing of the engine or of records.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from gleek.profile_model import Profile
from gleek.stages.deal import next_dealer
from gleek.stages.rules import rules_of
from gleek.stages.settle import pot_after

__all__ = ["Carried", "carry_over"]


@attrs.frozen
class Carried:
    """What a session carries into a deal: balances by seat, the pot, the dealer and the
    opening ruff stake."""

    chips: tuple[int, int, int]
    pot: int
    dealer: int
    stake: int


def carry_over(
    profile: Profile, before: Carried, chips: Sequence[int], pot: int, stake: int
) -> Carried:
    """What the next deal opens with, after a deal that opened with ``before`` and ended with
    ``chips`` won or lost by seat, ``pot`` paid into the pot (less what it took out) and the
    next opening ruff ``stake`` (each an :class:`~gleek.state.Outcome`'s field of that name,
    ``ruff_stake`` for the stake)."""
    b = before.chips
    return Carried(
        (b[0] + chips[0], b[1] + chips[1], b[2] + chips[2]),
        pot_after(rules_of(profile), before.pot, pot),
        next_dealer(before.dealer),
        stake,
    )
