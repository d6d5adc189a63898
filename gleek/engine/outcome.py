"""The result of a deal: :class:`Outcome`, and the claims of sets a player forfeits for.

May import: the leaf modules (:mod:`gleek._args`, :mod:`gleek._core`, :mod:`gleek.actions`,
:mod:`gleek.cards`, :mod:`gleek.errors`, :mod:`gleek.limits`, :mod:`gleek.profile_model`), the
stages, :mod:`gleek.views` and, of the engine, :mod:`gleek.engine.node`,
:mod:`gleek.engine.sealing`, :mod:`gleek.engine.ledger` and :mod:`gleek.engine.transitions`; and
:mod:`gleek.svg` inside the picture a notebook asks for (the one cycle allowed).
"""

from __future__ import annotations

from typing import Final

from gleek._core import (
    OVER,
)
from gleek.cards import CARDS, Suit
from gleek.engine.ledger import finished_ledger
from gleek.engine.node import State, hand_mask, pre, state_arg
from gleek.engine.sealing import sealed_class
from gleek.engine.transitions import cards_mask
from gleek.errors import ArgumentError, ArgumentTypeError
from gleek.stages.common import Payment
from gleek.stages.ruff import (
    next_stake,
    stake_now,
)
from gleek.stages.rules import make_room, run_of, then
from gleek.stages.sets import (
    CLAIM_WORDS,
    forfeit_payments,
)
from gleek.views import RuffResult, outcome_text


class Outcome:
    """A finished deal: points and payments, net chips by seat, the pot's net change, and
    ``ruff_stake``, the opening ruff stake that carries to the next deal. Immutable; equal to
    another with the same fields; ``str()`` gives it in a few lines (see
    :func:`outcome`)."""

    # A plain class with slots (not attrs): compiled by mypyc with the engine, it is built in
    # one call from C, a tenth of what an attrs class's __init__ costs (benchmarks/playout.py,
    # ``outcome``). In pure Python it is sealed as a State is (sealed_class).
    __slots__ = (
        "buyer",
        "chips",
        "dealer",
        "payments",
        "points",
        "pot",
        "price",
        "ruff",
        "ruff_stake",
        "trumps",
    )
    __match_args__: Final = (
        "points",
        "payments",
        "chips",
        "pot",
        "ruff_stake",
        "dealer",
        "buyer",
        "price",
        "trumps",
        "ruff",
    )

    def __init__(
        self,
        points: tuple[int, int, int],
        payments: tuple[Payment, ...],
        chips: tuple[int, int, int],
        pot: int,
        ruff_stake: int,
        dealer: int,
        buyer: int,
        price: int,
        trumps: Suit,
        ruff: RuffResult,
    ) -> None:
        self.points: Final[tuple[int, int, int]] = points
        self.payments: Final[tuple[Payment, ...]] = payments
        self.chips: Final[tuple[int, int, int]] = chips
        self.pot: Final[int] = pot
        self.ruff_stake: Final[int] = ruff_stake
        self.dealer: Final[int] = dealer
        self.buyer: Final[int] = buyer
        self.price: Final[int] = price
        self.trumps: Final[Suit] = trumps
        self.ruff: Final[RuffResult] = ruff
        if _SEALED_OUTCOME is not None:
            self.__class__ = _SEALED_OUTCOME

    def _fields(self) -> tuple[object, ...]:
        return (self.points, self.payments, self.chips, self.pot, self.ruff_stake, self.dealer,
                self.buyer, self.price, self.trumps, self.ruff)  # fmt: skip

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Outcome):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (
            "Outcome("
            + ", ".join(
                f"{name}={value!r}"
                for name, value in zip(self.__match_args__, self._fields(), strict=True)
            )
            + ")"
        )

    def __reduce__(self) -> tuple[object, ...]:
        return (Outcome, self._fields())

    def __str__(self) -> str:
        """The result in a few lines (:func:`gleek.views.outcome_text`)."""
        return outcome_text(self)

    def _repr_html_(self) -> str:
        """Jupyter shows the table of :func:`gleek.svg.outcome_html`."""
        from gleek.svg import outcome_html

        return outcome_html(self)


_SEALED_OUTCOME: Final = sealed_class(Outcome, "an Outcome")


def outcome(state: object, claims: object = None) -> Outcome:
    """The result of a finished deal; :class:`~gleek.errors.ArgumentError` if it is not over.

    ``claims``: what each seat declared before the first trick, three tuples of words by seat
    as the record format writes them (``gleek-K``, ``mournival-A``, ``tiddy``...), or None. In a
    profile with ``sets.forfeit`` (Cotton's), a seat that claims a gleek or mournival it does not
    hold after the exchange (laid out in the stock, or never held) forfeits
    (:func:`gleek.stages.sets.forfeit_payments`): those payments come last, seat by seat. The
    validator computes a recorded deal's chips by this same call.
    """
    n = state if isinstance(state, State) else state_arg(state)
    return outcome_of(n, None if claims is None else _claims_arg(claims))


def _claims_arg(claims: object) -> tuple[tuple[str, ...], ...]:
    if not (
        isinstance(claims, tuple)
        and len(claims) == 3
        and all(isinstance(c, tuple) and all(isinstance(x, str) for x in c) for c in claims)
    ):
        raise ArgumentTypeError(
            f"claims must be None or 3 tuples of str by seat, not {claims!r:.80}"
        )
    for seat, words in enumerate(claims):
        for word in words:
            if word not in CLAIM_WORDS:
                raise ArgumentError(
                    f"claims[{seat}]: {word!r:.40} is not a claim; one of " + ", ".join(CLAIM_WORDS)
                )
    return claims


def claim_forfeits(state: State, seat: int, claims: tuple[str, ...]) -> tuple[Payment, ...]:
    """What ``seat`` forfeits for ``claims`` in a deal past its exchange
    (:func:`gleek.stages.sets.forfeit_payments` of its hand after the exchange, and of the
    cards it laid out if it bought): what :func:`outcome` charges it, and what the validator
    reads as a forfeit rather than a false claim."""
    p = pre(state)
    laid = cards_mask(p._discards) if seat == p._bidder else 0
    return forfeit_payments(state.profile, seat, hand_mask(p, seat), laid, claims)


def _forfeits(state: State, claims: tuple[tuple[str, ...], ...]) -> tuple[Payment, ...]:
    """What the seats forfeit for their ``claims``, seat by seat (see :func:`outcome`)."""
    out: tuple[Payment, ...] = ()
    for seat in range(3):
        if claims[seat]:
            out += claim_forfeits(state, seat, claims[seat])
    return out


def outcome_of(state: State, claims: tuple[tuple[str, ...], ...] | None = None) -> Outcome:
    if state._phase != OVER:
        raise ArgumentError(
            f"state must be a finished deal to have an outcome; this one is in the "
            f"{state.phase.value} phase"
        )
    p = pre(state)
    r = p._ruff
    assert r is not None
    deal = state._deal
    rules = deal.rules
    # ledger's sum, not kept on the state (a store on a sealed state cost a fifth of an
    # outcome() in pure Python) unless it is there already
    paid = state._paid
    if paid is None:
        paid = finished_ledger(state, p)
    if claims is not None:
        forfeits = _forfeits(state, claims)
        if forfeits:
            paid = then(paid, run_of(forfeits))
    net = paid.net
    vied = r.vier >= 0
    stake = stake_now(rules, r) if vied or not rules.pool else 0
    # the key: the stake, the winner (-1 for none), shown and vied, as the digits of one int
    key = ((stake * 4 + r.winner + 1) * 2 + r.shown) * 2 + vied
    ruff = _RUFF_RESULTS.get(key)
    if ruff is None:
        make_room(_RUFF_RESULTS)
        winner = r.winner if r.winner >= 0 else None
        ruff = _RUFF_RESULTS[key] = RuffResult(winner, stake, r.shown, vied)
    # positional, in the order of Outcome's fields (named in the comments; see observation_at)
    return Outcome(
        state._points,  # points
        paid.payments,  # payments
        (net[0], net[1], net[2]),  # chips
        net[3],  # pot
        next_stake(rules, r, deal.ruff_stake),  # ruff_stake
        deal.dealer,  # dealer
        p._bidder,  # buyer
        p._bid,  # price
        _SUITS[deal.trumps],  # trumps
        ruff,  # ruff
    )


#: The ruff's results by their stake, winner, shown and vied (see outcome_of): immutable values,
#: shared.
_RUFF_RESULTS: Final[dict[int, RuffResult]] = {}


#: The suit of each suit's index (gleek.stages.deal.trumps_of): the suit of its first card.
_SUITS: Final = tuple([CARDS[11 * t].suit for t in range(4)])


def forget() -> None:
    """Drop the ruff's results remembered."""
    _RUFF_RESULTS.clear()
