"""Stage 6: settlement against par through the pot, short players first.

Every player below par (22) pays the shortfall into the pot first; then every player above par
takes the excess from the pot. What is left carries to the next deal.

>>> [(p.payer, p.payee, p.amount) for p in settlement((12, 39, 15), par=22)]
[(0, 'pot', 10), (2, 'pot', 7), ('pot', 1, 17)]
"""

from __future__ import annotations

from typing import assert_never

from gleek.stages.common import POT, Payment
from gleek.stages.rules import Rules

__all__ = ["pot_after", "settlement"]


def settlement(points: tuple[int, int, int], par: int) -> tuple[Payment, ...]:
    """Shortfalls into the pot (largest first, ties by seat), then the excesses out of it
    (largest first)."""
    short: list[tuple[int, int]] = []
    over: list[tuple[int, int]] = []
    for seat in range(3):
        x = points[seat]
        if x < par:
            short.append((x, seat))
        elif x > par:
            over.append((-x, seat))
    short.sort()
    over.sort()
    out: list[Payment] = []
    for x, seat in short:
        out.append(Payment(seat, POT, par - x, "settlement"))
    for x, seat in over:
        out.append(Payment(POT, seat, -x - par, "settlement"))
    return tuple(out)


def pot_after(rules: Rules, pot: int, left: int) -> int:
    """The pot the next deal opens with: ``pot`` this deal opened with, ``left`` what this deal
    paid into it (less what it took out). ``scoring.pot`` ``carries`` (every source): the chips
    stay in the pot for the next deal.

    >>> from gleek.profile import load_profile
    >>> from gleek.stages.rules import rules_of
    >>> pot_after(rules_of(load_profile("parlett")), 5, 3)
    8
    """
    match rules.pot:
        case "carries":
            return pot + left
    assert_never(rules.pot)  # a new value of the profile schema must say where the chips go
