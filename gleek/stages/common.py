"""What every stage shares: payments, seats, and the bit tables of the 44-card masks.

Inside the engine a card is its index ``suit * 11 + rank - 4`` (see :class:`gleek.cards.Card`)
and a hand is a 44-bit integer mask; the public API speaks :class:`~gleek.cards.Card`.
"""

from __future__ import annotations

from typing import Final, Literal, TypeAlias

import attrs

from gleek._args import check_int, check_seat, check_type
from gleek.cards import CARDS, Card, Rank
from gleek.errors import ArgumentError
from gleek.i18n import N_

__all__ = [
    "POT",
    "RANK_MASK",
    "REASONS",
    "SET_REASONS",
    "SMALL_TRUMPS",
    "SUIT_MASK",
    "Party",
    "Payment",
    "Refusal",
    "card",
    "cited_rules",
    "from_eldest",
    "left_of",
    "rank_index",
    "small_trump",
    "small_trump_rank",
]

POT: Final = "pot"
Party: TypeAlias = int | Literal["pot"]

#: Why chips move: the record format's reasons for a payment (marked for the catalogs: a report
#: in French or Spanish says them in its words, a record and the JSON report keep these).
REASONS: Final = (
    N_("stock"),
    N_("turn-up"),
    N_("ruff"),
    N_("ruff-pool"),
    N_("set"),
    N_("tiddy"),
    N_("towser"),
    N_("tumbler"),
    N_("settlement"),
    N_("forfeit"),
)


@attrs.frozen
class Payment:
    """Chips moving from ``payer`` to ``payee`` (a seat 0-2 or ``"pot"``) for ``reason``.

    ``reason`` is one of the record format's reasons: ``stock``, ``turn-up``, ``ruff``,
    ``ruff-pool``, ``set``, ``tiddy``, ``towser``, ``tumbler``, ``settlement``, and ``forfeit``
    (a false claim of a set, where the profile charges one: see
    :func:`gleek.stages.sets.forfeit_payments`).

    A payment is checked as it is made: two different parties, a whole number of chips (at
    least 1), one of those reasons; anything else is the library's
    :class:`~gleek.errors.ArgumentError` (or :class:`~gleek.errors.ArgumentTypeError`).

    >>> str(Payment(1, POT, 3, "settlement"))
    '1 -> pot: 3 [settlement]'
    >>> Payment(-1, 0, 3, "stock")
    Traceback (most recent call last):
    ...
    gleek.errors.ArgumentError: Payment payer must be a seat 0, 1 or 2, not -1
    """

    payer: Party
    payee: Party
    amount: int
    reason: str
    detail: str = attrs.field(default="", eq=False)
    #: for a set (``reason`` ``set``): ``gleek`` or ``mournival``, and its rank
    set_kind: str | None = attrs.field(default=None, eq=False, kw_only=True)
    rank: Rank | None = attrs.field(default=None, eq=False, kw_only=True)

    def __attrs_post_init__(self) -> None:
        # The engine's payments are made once and remembered: checking each costs nothing in
        # play, and one made by hand is held to the same shape.
        for name in ("payer", "payee"):
            party = getattr(self, name)
            if party != POT:
                check_seat(f"Payment {name}", party)
        if self.payer == self.payee:
            raise ArgumentError(f"Payment payer and payee must differ, not both {self.payer!r}")
        check_int("Payment amount", self.amount, low=1)
        if self.reason not in REASONS:
            raise ArgumentError(
                f"Payment reason must be one of {', '.join(REASONS)}, not {self.reason!r:.40}"
            )
        check_type("Payment detail", self.detail, str, "a str")
        if self.set_kind not in (None, "gleek", "mournival"):
            raise ArgumentError(
                f"Payment set_kind must be None, 'gleek' or 'mournival', not {self.set_kind!r:.40}"
            )
        if self.rank is not None:
            check_type("Payment rank", self.rank, Rank, "None or a gleek.Rank")

    def __str__(self) -> str:
        extra = f" ({self.detail})" if self.detail else ""
        return f"{self.payer} -> {self.payee}: {self.amount} [{self.reason}]{extra}"


SUIT_MASK: Final = tuple(((1 << 11) - 1) << (11 * s) for s in range(4))
# RANK_MASK[r]: the four cards of rank index r (0 = the 4 ... 10 = the Ace)
RANK_MASK: Final = tuple(sum(1 << (11 * s + r) for s in range(4)) for r in range(11))
R4, R5, R6, RJ, RQ, RK, RA = 0, 1, 2, 7, 8, 9, 10

#: The small trumps, by name and rank: Tiddy the 4, Towser the 5, Tumbler the 6 of trumps.
SMALL_TRUMPS: Final[tuple[tuple[str, Rank], ...]] = (
    ("tiddy", Rank.FOUR),
    ("towser", Rank.FIVE),
    ("tumbler", Rank.SIX),
)


#: The reasons of the payments for sets and small trumps, held or turned up.
SET_REASONS: Final = ("set", *(name for name, _ in SMALL_TRUMPS), "turn-up")


def small_trump(rank: Rank) -> str | None:
    """The name a trump of ``rank`` goes by among the small trumps (:data:`SMALL_TRUMPS`), or
    None for any other rank.

    >>> small_trump(Rank.FIVE), small_trump(Rank.SEVEN)
    ('towser', None)
    """
    for name, r in SMALL_TRUMPS:
        if r is rank:
            return name
    return None


def small_trump_rank(name: str) -> Rank | None:
    """The rank of the small trump called ``name`` (``tiddy``...), or None for another word."""
    for n, r in SMALL_TRUMPS:
        if n == name:
            return r
    return None


def rank_index(c: int) -> int:
    """The rank of card index ``c`` within its suit: 0 for the 4 ... 10 for the Ace."""
    return c % 11


#: The profile's rules each reason of payment follows (``set`` by the set's kind, ``turn-up``
#: by the turned small trump's name: see :func:`cited_rules`).
_CITED: Final[dict[str, tuple[str, ...]]] = {
    "stock": ("stock.opening_bid", "stock.odd_chip"),
    "ruff": ("ruff.model", "ruff.losers_pay", "ruff.stake"),
    "ruff-pool": ("ruff.model", "ruff.stake"),
    **{name: (f"small_trumps.{name}",) for name, _ in SMALL_TRUMPS},
    "settlement": ("scoring.par", "tricks.trick_points", "tricks.honours", "tricks.honours_to"),
    "forfeit": ("sets.forfeit",),
}


def cited_rules(payment: Payment, turned: Rank) -> tuple[str, ...]:
    """The profile's rules (paths) that ``payment`` follows; ``turned`` is the deal's turn-up.

    >>> cited_rules(Payment(0, 1, 4, "turn-up"), Rank.SIX)
    ('turn_up.tumbler',)
    """
    if payment.reason == "set":
        return (f"sets.{payment.set_kind or 'gleek'}",)
    if payment.reason == "turn-up":
        return (f"turn_up.{small_trump(turned) or SMALL_TRUMPS[0][0]}",)
    return _CITED[payment.reason]


class Refusal:
    """Why a check refused an action, with the facts it used: the record format's error code
    (``code``), the reason (``reason``, one message each: see :mod:`gleek.messages`) and the
    facts the check read, by name (``facts``: a card, the ranks the profile forbids, the
    choices left...). The message only formats these facts, so it cannot say other than the
    check decided.

    >>> Refusal("revoke", "revoke", {"card": CARDS[11]}).facts["card"]
    Card.parse('4H')
    """

    __slots__ = ("code", "facts", "reason")

    def __init__(self, code: str, reason: str, facts: dict[str, object]) -> None:
        self.code: Final = code
        self.reason: Final = reason
        self.facts: Final = facts

    def __repr__(self) -> str:
        return f"Refusal({self.code!r}, {self.reason!r}, {self.facts!r})"


def card(index: int) -> Card:
    """The :class:`Card` of an engine index."""
    return CARDS[index]


def left_of(seat: int) -> int:
    """The seat on ``seat``'s left (the next clockwise): eldest hand is the dealer's left,
    and the deal passes to the left, so eldest deals next. Every round goes clockwise (see
    "Where the sources are silent", ``clockwise``)."""
    return (seat + 1) % 3


def from_eldest(dealer: int) -> tuple[int, int, int]:
    """The seats clockwise from eldest: eldest, the middle hand, the dealer."""
    eldest = left_of(dealer)
    return (eldest, left_of(eldest), dealer)
