"""Human-readable accounts of deals: hands, auction, discards, ruff, sets, tricks, payments.

What ``gleek show`` prints for each deal of a record, and the sentences the SVG pictures and
the browser page use for a payment. The players are named by seat: ``names`` is three names,
seat 0 first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from gleek._args import check_int, check_names, check_type
from gleek.errors import ArgumentError, ArgumentTypeError
from gleek.i18n import N_, card_text, cards_text
from gleek.i18n import gettext as _
from gleek.messages import detail_text
from gleek.stages.common import POT, SET_REASONS, Party, Payment
from gleek.state import Outcome, State, split_history

__all__ = ["describe_deal", "describe_payments", "detail_text", "payment_text", "says"]


def _name(p: Party, names: Sequence[str], pot: str = "pot") -> str:
    return pot if p == POT else names[int(p)]


def says(subject: str, verb: str) -> str:
    """``subject verb``, the verb agreeing: "Ann pays", but "You pay" (a seat named You, as the
    browser page names its player).

    >>> says("Ann", "pays"), says("You", "pays")
    ('Ann pays', 'You pay')
    """
    check_type("subject", subject, str, "a str")
    check_type("verb", verb, str, "a str")
    return f"{subject} {verb[:-1] if subject.lower() == 'you' else verb}"


def payment_text(p: Payment, names: Sequence[str], *, pot: str = "pot") -> str:
    """A payment as a sentence, the seats by ``names`` and the pot as ``pot``.

    >>> from gleek import Payment
    >>> payment_text(Payment(1, 0, 4, "turn-up", "turned tiddy"), ["Ann", "Ben", "Cat"])
    'Ben pays Ann 4 (turn-up: turned tiddy)'
    """
    check_type("p", p, Payment, "a gleek.Payment")
    names = check_names("names", names)
    check_type("pot", pot, str, "a str")
    return _payment_text(p, names, pot)


def _payment_text(p: Payment, names: Sequence[str], pot: str = "pot") -> str:
    """:func:`payment_text` of arguments already checked."""
    detail = f": {p.detail}" if p.detail else ""
    payer = _name(p.payer, names, pot)
    return f"{says(payer, 'pays')} {_name(p.payee, names, pot)} {p.amount} ({p.reason}{detail})"


def describe_payments(payments: Sequence[Payment], names: Sequence[str]) -> list[str]:
    """Each payment as an indented line of :func:`payment_text`.

    >>> from gleek import POT, Payment
    >>> describe_payments([Payment(0, 1, 6, "stock"), Payment(1, POT, 13, "settlement")],
    ...                   ["Ann", "Ben", "Cat"])
    ['  Ann pays Ben 6 (stock)', '  Ben pays pot 13 (settlement)']
    """
    if isinstance(payments, str) or not isinstance(payments, Sequence):
        raise ArgumentTypeError(f"payments must be a sequence of Payments, not {payments!r:.60}")
    names = check_names("names", names)
    for i, p in enumerate(payments):
        check_type(f"payments[{i}]", p, Payment, "a gleek.Payment")
    return _payment_lines(payments, names)


def _payment_lines(payments: Sequence[Payment], names: Sequence[str]) -> list[str]:
    """:func:`describe_payments` of arguments already checked."""
    return [f"  {_payment_text(p, names)}" for p in payments]


#: The trump suit as :func:`describe_deal` names it ("trumps diamonds").
_TRUMPS: Final = {
    "SPADES": N_("spades"),
    "HEARTS": N_("hearts"),
    "DIAMONDS": N_("diamonds"),
    "CLUBS": N_("clubs"),
}


def _account_lines(payments: Sequence[Payment], names: Sequence[str]) -> list[str]:
    """The payments of :func:`describe_deal`, in the language gleek speaks (the reasons are
    the record format's, translated as the validator's report translates them)."""
    out = []
    for p in payments:
        reason = _(p.reason)
        if p.detail:
            reason = _("{reason}: {detail}").format(reason=reason, detail=detail_text(p.detail))
        said = _("{payer} pays {payee} {amount} ({reason})").format(
            payer=_name(p.payer, names),
            payee=_name(p.payee, names),
            amount=p.amount,
            reason=reason,
        )
        out.append(f"  {said}")
    return out


def describe_deal(
    final: State,
    o: Outcome,
    names: Sequence[str],
    number: int = 1,
) -> str:
    """A readable account of the finished deal ``final`` whose outcome is ``o``: the hands as
    dealt, the stock, the auction and the discards, the ruff, the sets and small trumps, every
    trick and who won it, the points, every payment and the chips; ``number`` heads it (what
    ``gleek show`` prints for each deal of a record).

    >>> import gleek
    >>> s = gleek.new_deal(gleek.load_profile("parlett"), dealer=2, seed=7)
    >>> while not s.is_over:
    ...     s = s.apply(s.legal_actions()[0])
    >>> text = describe_deal(s, gleek.outcome(s), ["Ann", "Ben", "Cat"])
    >>> for line in text.splitlines()[:9]:
    ...     print(line)
    Deal 1: Cat deals; turn-up 5D, trumps diamonds
           Ann: QS JS 4S AH 10H 8H 7H KD JD 10D 8D AC
           Ben: AS 9S QH 9H 5H 4H QD 4D KC 9C 7C 4C
           Cat: 6S 5S JH 6H AD 9D 6D QC JC 10C 8C 6C
      stock: 10S 5C 8S 7S 7D KS KH
    Auction: Ann 12, Ben pass, Cat pass
      Ann buys the stock for 12 and discards 4S JS QS 7H 8H 10H AH
    Ruff: Ann wait, Ben wait, Cat wait
      nobody vied: no ruff this deal
    >>> print(text.splitlines()[-1])
    Chips this deal: Ann +0, Ben -6, Cat +6, pot +0
    """
    check_type("final", final, State, "a gleek.State")
    if not final.is_over:
        raise ArgumentError(
            f"final must be a finished deal; this one is in the {final.phase.value} phase"
        )
    check_type("o", o, Outcome, "a gleek.Outcome")
    names = check_names("names", names)
    check_int("number", number, low=1)
    out = [
        _("Deal {number}: {dealer} deals; turn-up {card}, trumps {suit}").format(
            number=number,
            dealer=names[final.dealer],
            card=card_text(final.turn_up),
            suit=_(_TRUMPS[final.trumps.name]),
        )
    ]
    for seat in range(3):
        out.append(f"  {names[seat]:>8}: {cards_text(final.dealt_hand(seat))}")
    out.append("  " + _("stock: {cards}").format(cards=cards_text(final.stock)))
    parts = split_history(final.history)
    auction, ruff = parts[0], parts[2]
    bids = [f"{names[seat]} {a.amount if a.kind == 'bid' else a.kind}" for seat, a in auction]
    words = [f"{names[seat]} {a.kind}" for seat, a in ruff]
    out.append(_("Auction: {bids}").format(bids=", ".join(bids)))
    bought = _("{buyer} buys the stock for {price} and discards {cards}").format(
        buyer=names[o.buyer], price=o.price, cards=cards_text(final.discards)
    )
    out.append(f"  {bought}")
    out.append(_("Ruff: {words}").format(words=", ".join(words)))
    if o.ruff.winner is not None:
        said = (
            _("{winner} wins the ruff (shown down), stake {stake}")
            if o.ruff.shown
            else _("{winner} wins the ruff (without showing), stake {stake}")
        ).format(winner=names[o.ruff.winner], stake=o.ruff.stake)
    elif ruff and ruff[-1][1].kind == "double":
        said = _("nobody vied; {player} doubles the ruff: the next deal's stake is {stake}").format(
            player=names[ruff[-1][0]], stake=o.ruff_stake
        )
    else:
        said = _("nobody vied: no ruff this deal")
    out.append(f"  {said}")
    sets = [p for p in o.payments if p.reason in SET_REASONS]
    if sets:
        out.append(_("Sets and small trumps:"))
        out += _account_lines(sets, names)
    out.append(_("Tricks:"))
    for i, (trick, win) in enumerate(zip(final.tricks, final.trick_winners, strict=True), 1):
        cards = ", ".join(f"{names[s]} {card_text(c)}" for s, c in trick)
        out.append(f"  {i:>2}. {cards}  -> {names[win]}")
    points = ", ".join(f"{names[s]} {o.points[s]}" for s in range(3))
    out.append(_("Points: {points}").format(points=points))
    out.append(_("Payments:"))
    out += _account_lines(o.payments, names)
    chips = ", ".join(f"{names[s]} {o.chips[s]:+d}" for s in range(3))
    out.append(_("Chips this deal: {chips}, pot {pot}").format(chips=chips, pot=f"{o.pot:+d}"))
    return "\n".join(out)
