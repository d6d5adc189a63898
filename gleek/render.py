"""Human-readable accounts of deals: hands, auction, discards, ruff, sets, tricks, payments."""

from __future__ import annotations

from collections.abc import Sequence

from gleek.cards import CARDS, cards_of_mask
from gleek.stages.common import POT, Party, Payment
from gleek.stages.tricks import trick_winner
from gleek.state import Outcome, State

__all__ = ["describe_deal", "describe_payments"]


def _name(p: Party, names: Sequence[str]) -> str:
    return "pot" if p == POT else names[int(p)]


def describe_payments(payments: Sequence[Payment], names: Sequence[str]) -> list[str]:
    return [
        f"  {_name(p.payer, names)} pays {_name(p.payee, names)} {p.amount} ({p.reason}"
        + (f": {p.detail}" if p.detail else "")
        + ")"
        for p in payments
    ]


def describe_deal(
    final: State,
    o: Outcome,
    names: Sequence[str],
    number: int = 1,
) -> str:
    """A readable account of one finished deal."""
    info = final.info
    out = [
        f"Deal {number}: {names[info.dealer]} deals; turn-up {CARDS[info.turn_up]}, "
        f"trumps {final.trumps.name.lower()}"
    ]
    for seat in range(3):
        out.append(f"  {names[seat]:>8}: {' '.join(map(str, cards_of_mask(info.dealt[seat])))}")
    out.append(f"  stock: {' '.join(str(CARDS[c]) for c in info.stock)}")
    bids = [f"{names[s]} {'pass' if b is None else b}" for s, b in final.auction.history]
    out.append("Auction: " + ", ".join(bids))
    out.append(
        f"  {names[o.buyer]} buys the stock for {o.price} and discards "
        f"{' '.join(str(CARDS[c]) for c in final.discards)}"
    )
    assert final.ruff is not None
    words = ", ".join(f"{names[s]} {w}" for s, w in final.ruff.history)
    out.append(f"Ruff: {words}")
    if o.ruff.winner is not None:
        how = "shown down" if o.ruff.shown else "without showing"
        out.append(f"  {names[o.ruff.winner]} wins the ruff ({how}), stake {o.ruff.stake}")
    else:
        out.append("  nobody vied: no ruff this deal")
    sets = [p for p in o.payments if p.reason in ("set", "tiddy", "towser", "tumbler", "turn-up")]
    if sets:
        out.append("Sets and small trumps:")
        out += describe_payments(sets, names)
    out.append("Tricks:")
    for i, trick in enumerate(final.tricks, 1):
        win = trick_winner(tuple((s, c.index) for s, c in trick), info.trumps)
        cards = ", ".join(f"{names[s]} {c}" for s, c in trick)
        out.append(f"  {i:>2}. {cards}  -> {names[win]}")
    out.append("Points: " + ", ".join(f"{names[s]} {o.points[s]}" for s in range(3)))
    out.append("Payments:")
    out += describe_payments(o.payments, names)
    out.append(
        "Chips this deal: "
        + ", ".join(f"{names[s]} {o.chips[s]:+d}" for s in range(3))
        + f", pot {o.pot:+d}"
    )
    return "\n".join(out)
