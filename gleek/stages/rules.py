"""A profile's rules flattened to ints and tables, once per profile: what every stage reads.

The stage functions run on masks and small ints; they read the profile through this object,
which :func:`rules_of` builds once per profile and keeps (a bounded registry). The memo tables of
the engine (interned payments, the payments of a hand's sets) hang on it too, each with its
budget in :data:`MEMO_BUDGET`, so that everything derived from a profile lives and dies with it.

>>> from gleek.profile import load_profile
>>> r = rules_of(load_profile("parlett"))
>>> r.opening, r.increment, r.pool, r.play_high
(12, 1, False, False)
>>> rules_of(load_profile("parlett")) is r
True
"""

from __future__ import annotations

from typing import Any, Final, Literal, assert_never

from gleek.profile_model import Profile
from gleek.stages.common import Payment

__all__ = [
    "MEMO_BUDGET",
    "RULES_BUDGET",
    "Rules",
    "Run",
    "forget",
    "joined",
    "make_room",
    "memo",
    "rules_of",
    "run_of",
    "then",
]

#: The most entries any one memo table of a :class:`Rules` holds before it is emptied.
MEMO_BUDGET: Final = 20000
#: The most profiles whose flattened rules are kept at once.
RULES_BUDGET: Final = 256


class Rules:
    """A profile's rules as ints and tables (built by :func:`rules_of`, never directly)."""

    __slots__ = (
        "carried",
        "discard_forbidden",
        "doubles",
        "first_buyer",
        "first_lead_buyer",
        "four_aces",
        "honour",
        "howfar",
        "increment",
        "late",
        "mark",
        "memo",
        "no_vie",
        "nothing",
        "odd_chip_eldest",
        "opening",
        "packet",
        "par",
        "play_high",
        "pool",
        "pot",
        "profile",
        "raise_",
        "small",
        "stake",
        "step",
        "suit_table",
        "take_first",
        "ties",
        "to_player",
        "trick_points",
        "turn_double",
        "turn_honour",
        "turn_small",
    )

    def __init__(self, profile: Profile) -> None:
        self.profile: Final = profile
        # the deal
        self.packet: Final[int] = profile.deal.packet_size
        # the turn-up: its honour points for the dealer, by rank index; Tiddy, Towser, Tumbler
        tu = profile.turn_up
        by_rank = profile.tricks.by_rank
        self.turn_honour: Final[tuple[int, ...]] = tuple(
            [by_rank[r] if tu.honour_to_dealer else 0 for r in range(11)]
        )
        self.turn_small: Final[tuple[int, int, int]] = (tu.tiddy, tu.towser, tu.tumbler)
        self.turn_double: Final[bool] = tu.double_when_turned
        # the stock
        st = profile.stock
        self.opening: Final[int] = st.opening_bid
        self.increment: Final[int] = st.increment
        self.odd_chip_eldest: Final[bool] = st.odd_chip == "eldest"
        self.take_first: Final[bool] = st.exchange == "take-first"
        #: the rank indices (0 = the 4 ... 10 = the Ace) of trumps the buyer may not discard
        self.discard_forbidden: Final[tuple[int, ...]] = tuple(
            sorted(int(rank) - 4 for rank in st.forbidden_discards)
        )
        # the ruff
        ru = profile.ruff
        self.pool: Final[bool] = ru.model == "pool"
        self.raise_: Final[int] = ru.raise_
        self.stake: Final[int] = ru.stake
        self.first_buyer: Final[bool] = ru.first_speaker == "buyer"
        self.howfar: Final[bool] = ru.losers_pay == "how-far"
        self.nothing: Final[int] = ru.nothing_to_say or 0
        late = ru.late_raise
        self.late: Final[bool] = late is not None
        self.mark: Final[int] = late[0] if late is not None else 0
        self.step: Final[int] = late[1] if late is not None else 0
        self.doubles: Final[bool] = ru.youngest_doubles
        self.four_aces: Final[bool] = ru.four_aces
        self.suit_table: Final[tuple[int, ...]] = ru.suit_table
        self.no_vie: Final[str] = ru.no_vie
        self.carried: Final[int] = ru.carried_stake or ru.stake
        #: the seats in the order equal ruffs go, as steps left of the dealer
        self.ties: Final[tuple[int, ...]] = _tie_order(ru.tie_break)
        # the small trumps held (the sets are read from the profile by gleek.stages.sets)
        sm = profile.small_trumps
        self.small: Final[tuple[int, int, int]] = (sm.tiddy, sm.towser, sm.tumbler)
        # the tricks
        tr = profile.tricks
        self.play_high: Final[bool] = tr.play_high
        self.to_player: Final[bool] = tr.honours_to == "player"
        self.trick_points: Final[int] = tr.trick_points
        self.first_lead_buyer: Final[bool] = tr.first_lead == "buyer"
        #: honour points of each card (0 unless an honour of trumps), by trump suit
        self.honour: Final[tuple[tuple[int, ...], ...]] = tuple(
            [tuple([by_rank[c % 11] if c // 11 == t else 0 for c in range(44)]) for t in range(4)]
        )
        # settling
        self.par: Final[int] = profile.scoring.par
        self.pot: Final[Literal["carries"]] = profile.scoring.pot
        #: the memo tables of the stages' payments, by name (see :func:`memo`)
        self.memo: Final[dict[str, dict[object, Run]]] = {}


def _tie_order(tie_break: Literal["eldest-first"]) -> tuple[int, ...]:
    """``ruff.tie_break`` as steps left of the dealer: eldest (1), middle (2), dealer (3)."""
    match tie_break:
        case "eldest-first":
            return (1, 2, 3)
    assert_never(tie_break)  # a new value of the profile schema must be given its order here


_RULES: dict[int, Rules] = {}


def rules_of(profile: Profile) -> Rules:
    """The flattened rules of ``profile``, built on first use and kept while the registry has
    room (:data:`RULES_BUDGET` profiles)."""
    # keyed by id: the Rules keeps its profile alive, so no other profile can reuse the id
    r = _RULES.get(id(profile))
    if r is not None:
        return r
    make_room(_RULES, RULES_BUDGET)
    r = _RULES[id(profile)] = Rules(profile)
    return r


class Run:
    """A stage's payments with their net change, made once: what the memo tables hold, so that
    a deal's chips are sums of remembered nets. :func:`run_of` makes one from payments alone.

    >>> r = run_of((Payment(0, 1, 6, "stock"), Payment(0, "pot", 1, "stock")))
    >>> r.net  # seats 0, 1 and 2, then the pot
    (-7, 6, 0, 1)
    """

    __slots__ = ("net", "payments")

    # ``net`` is always given (not None for "add it up"): compiled, a tuple that may be None is
    # a Python object, built for every call, where a tuple of ints passes as four ints
    def __init__(self, payments: tuple[Payment, ...], net: tuple[int, int, int, int]) -> None:
        self.payments: Final = payments
        #: the net change of the three seats, then of the pot
        self.net: Final = net


def run_of(payments: tuple[Payment, ...]) -> Run:
    """The :class:`Run` of ``payments``, their net added up."""
    return Run(payments, _net_of(payments))


def _net_of(payments: tuple[Payment, ...]) -> tuple[int, int, int, int]:
    d = [0, 0, 0, 0]  # the three seats, the pot
    for pay in payments:
        amount = pay.amount
        x = pay.payer
        d[x if isinstance(x, int) else 3] -= amount
        y = pay.payee
        d[y if isinstance(y, int) else 3] += amount
    return (d[0], d[1], d[2], d[3])


def joined(runs: list[Run]) -> Run:
    """The runs one after the other, as one: their payments in order, the sum of their nets.

    >>> a = run_of((Payment(0, 1, 6, "stock"),))
    >>> b = run_of((Payment(2, "pot", 1, "stock"),))
    >>> j = joined([a, b])
    >>> j.payments == a.payments + b.payments, j.net
    (True, (-6, 6, -1, 1))
    """
    d0 = d1 = d2 = pot = 0
    payments: tuple[Payment, ...] = ()
    for run in runs:
        net = run.net
        d0 += net[0]
        d1 += net[1]
        d2 += net[2]
        pot += net[3]
        payments += run.payments
    return Run(payments, (d0, d1, d2, pot))


def then(first: Run, second: Run) -> Run:
    """``first``, then ``second``, as one run (:func:`joined` of the two)."""
    a = first.net
    b = second.net
    return Run(
        first.payments + second.payments, (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])
    )


def memo(rules: Rules, name: str) -> dict[object, Run]:
    """The memo table ``name`` of ``rules`` (runs of payments with their net, :class:`Run`),
    emptied once it holds :data:`MEMO_BUDGET` entries."""
    table = rules.memo.get(name)
    if table is None:
        table = rules.memo[name] = {}
    else:
        make_room(table)
    return table


def make_room(table: dict[Any, Any], budget: int = MEMO_BUDGET) -> None:
    """Empty ``table`` (a cache) once it holds ``budget`` entries, before it takes another: the
    one way every table of the engine stays within its budget."""
    if len(table) >= budget:
        table.clear()


def forget() -> None:
    """Drop every flattened profile and its memo tables (the tests start from nothing)."""
    _RULES.clear()
