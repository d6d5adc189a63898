"""Human-readable accounts of deals: hands, auction, discards, ruff, sets, tricks, payments."""

from __future__ import annotations

from collections.abc import Sequence

from gleek.cards import format_cards
from gleek.stages.common import POT, Party, Payment
from gleek.state import Outcome, State, split_history

__all__ = ["describe_deal", "describe_payments", "payment_text", "says"]


def _name(p: Party, names: Sequence[str], pot: str = "pot") -> str:
    return pot if p == POT else names[int(p)]


def says(subject: str, verb: str) -> str:
    """``subject verb``, the verb agreeing: "Ann pays", but "You pay" (a seat named You, as the
    browser page names its player).

    >>> says("Ann", "pays"), says("You", "pays")
    ('Ann pays', 'You pay')
    """
    return f"{subject} {verb[:-1] if subject.lower() == 'you' else verb}"


def payment_text(p: Payment, names: Sequence[str], *, pot: str = "pot") -> str:
    """A payment as a sentence, the seats by ``names`` and the pot as ``pot``: "Ann pays Ben 4
    (turn-up: turned tiddy)"."""
    detail = f": {p.detail}" if p.detail else ""
    payer = _name(p.payer, names, pot)
    return f"{says(payer, 'pays')} {_name(p.payee, names, pot)} {p.amount} ({p.reason}{detail})"


def describe_payments(payments: Sequence[Payment], names: Sequence[str]) -> list[str]:
    return [f"  {payment_text(p, names)}" for p in payments]


def describe_deal(
    final: State,
    o: Outcome,
    names: Sequence[str],
    number: int = 1,
) -> str:
    """A readable account of one finished deal."""
    out = [
        f"Deal {number}: {names[final.dealer]} deals; turn-up {final.turn_up}, "
        f"trumps {final.trumps.name.lower()}"
    ]
    for seat in range(3):
        out.append(f"  {names[seat]:>8}: {format_cards(final.dealt_hand(seat))}")
    out.append(f"  stock: {format_cards(final.stock)}")
    auction, _, ruff, _ = split_history(final.history)
    bids = [f"{names[seat]} {a.amount if a.kind == 'bid' else a.kind}" for seat, a in auction]
    words = [f"{names[seat]} {a.kind}" for seat, a in ruff]
    out.append("Auction: " + ", ".join(bids))
    out.append(
        f"  {names[o.buyer]} buys the stock for {o.price} and discards "
        f"{format_cards(final.discards)}"
    )
    out.append(f"Ruff: {', '.join(words)}")
    if o.ruff.winner is not None:
        how = "shown down" if o.ruff.shown else "without showing"
        out.append(f"  {names[o.ruff.winner]} wins the ruff ({how}), stake {o.ruff.stake}")
    elif ruff and ruff[-1][1].kind == "double":
        out.append(
            f"  nobody vied; {names[ruff[-1][0]]} doubles the ruff: the next deal's stake is "
            f"{o.ruff_stake}"
        )
    else:
        out.append("  nobody vied: no ruff this deal")
    sets = [p for p in o.payments if p.reason in ("set", "tiddy", "towser", "tumbler", "turn-up")]
    if sets:
        out.append("Sets and small trumps:")
        out += describe_payments(sets, names)
    out.append("Tricks:")
    for i, (trick, win) in enumerate(zip(final.tricks, final.trick_winners, strict=True), 1):
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
