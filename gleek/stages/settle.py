"""Stage 6: settlement against par through the pot, short players first.

The rulings, Counting and settling: every player below 22 pays the shortfall into the pot first;
then every player above 22 takes the excess from the pot. What is left carries to the next deal.

>>> [(p.payer, p.payee, p.amount) for p in settlement((12, 39, 15), par=22)]
[(0, 'pot', 10), (2, 'pot', 7), ('pot', 1, 17)]
"""

from __future__ import annotations

from gleek.stages.common import POT, Payment

__all__ = ["settlement"]


def settlement(points: tuple[int, int, int], par: int) -> tuple[Payment, ...]:
    """Shortfalls into the pot (largest first), then the excesses out of it."""
    short = sorted((s for s in range(3) if points[s] < par), key=lambda s: (points[s], s))
    over = sorted((s for s in range(3) if points[s] > par), key=lambda s: (-points[s], s))
    out = [Payment(s, POT, par - points[s], "settlement") for s in short]
    out += [Payment(POT, s, points[s] - par, "settlement") for s in over]
    return tuple(out)
