"""The words of an illegal action: one format string per reason, filled with the facts the check
found.

A check (a stage's ``verify_*``, or :func:`gleek.legality.refusal` for an action of the wrong
kind) returns a :class:`~gleek.stages.common.Refusal`: the record format's error code, the reason,
and the facts it used. This module only formats those facts, so a message cannot say other than
the check decided (under a profile that forbids discarding only the A and J of trumps, the message
names the A and J). Every message is one format string with named placeholders, all in
:data:`MESSAGES` (and the exchange orders in :data:`ORDERS`), so that a translation replaces
strings and nothing else. Besides a reason's own facts, every message may use ``who`` (the
player), ``action`` and ``profile`` (the profile's name: its id with its variants,
``cotton+discard-first``).

>>> from gleek.cards import Card, Rank
>>> from gleek.stages.common import POT, Payment, Refusal
>>> facts = {"card": Card.parse("JH"), "ranks": (Rank.ACE, Rank.JACK)}
>>> message(Refusal("forbidden-discard", "forbidden-discard", facts), "Ann", "discard JH", "x")
'Ann discarded JH: x forbids discarding the A or J of trumps'

The strings are marked for the catalogs (:mod:`gleek.i18n`) and translated when a message is
made, in the language gleek speaks then; a card and a rank as the language writes them in text
(:func:`gleek.i18n.card_text`: the jack of hearts is ``V♥`` in French), the record's words
(``discard JH``) as the record writes them.

>>> from gleek.i18n import language
>>> with language("fr"):
...     print(message(Refusal("forbidden-discard", "forbidden-discard", facts), "Ann", "", "x"))
Ann a écarté V♥ : x interdit d'écarter A ou V d'atout

May import: :mod:`gleek.cards`, :mod:`gleek.stages.common` (the facts' types), :mod:`gleek.i18n`;
nothing of the engine.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Final

from gleek.cards import Card, Rank, Suit
from gleek.i18n import N_, card_text, get_language, ngettext, rank_text
from gleek.i18n import gettext as _
from gleek.stages.common import POT, Payment, Refusal

__all__ = [
    "COUNTED",
    "MESSAGES",
    "ORDERS",
    "SUIT_WORDS",
    "detail_text",
    "join_or",
    "message",
    "payment_line",
    "seat_name",
]

#: Each reason's message; the placeholders are the facts of the check that gives the reason.
MESSAGES: Final[Mapping[str, str]] = {
    # before the phase's own check: the deal is over, or another seat acts
    "over": N_("{action}: the deal is over"),
    "over-seat": N_("{who} tried {action}, but the deal is over"),
    "out-of-turn": N_("{who} acted ({action}) but it is {turn}'s turn"),
    # the auction (gleek.stages.stock.verify_bid)
    "auction-wrong-kind": N_("{who}: {action} during the auction for the stock"),
    "opening-bid": N_("{who} must open the auction at {opening}, not {action}"),
    "raise": N_(
        "{who} bid {amount}: after {bid} the only bid is {next} (raise by exactly {increment})"
    ),
    # the discards (gleek.stages.stock.verify_discard)
    # (its count, ``left``, chooses the singular or the plural: :data:`COUNTED`)
    "discard-first": N_("{who} must discard {left} more cards before {action}"),
    "discard-not-held": N_(
        "{who} discarded {card}, which is not in their hand (under {profile} {order})"
    ),
    "discard-again": N_(
        "{who} discarded {card} again, which is not in their hand (under {profile} {order})"
    ),
    "forbidden-discard": N_(
        "{who} discarded {card}: {profile} forbids discarding the {ranks} of trumps"
    ),
    # the ruff (gleek.stages.ruff.verify_word)
    "ruff-wrong-kind": N_("{who}: {action} while the ruff is being vied"),
    "ruff-before-vie": N_("{who} said {action} before anyone vied (only {words})"),
    "ruff-after-vie": N_("{who} said {action} after a vie (only {words})"),
    # the play (gleek.stages.tricks.verify_play)
    "play-wrong-kind": N_("{who}: {action} during the play of the tricks"),
    "card-not-in-hand": N_("{who} played {card}, which they do not hold"),
    "revoke": N_("{who} played {card} to a {suit} lead while holding {held}"),
    "not-highest": N_(
        "{who} played {card} to a {suit} lead while holding the higher {held} (play-high)"
    ),
}

#: The messages whose words follow a count (a fact): the message for that count.
COUNTED: Final[Mapping[str, tuple[str, Callable[[int], str]]]] = {
    "discard-first": (
        "left",
        lambda n: ngettext(
            "{who} must discard {left} more card before {action}",
            "{who} must discard {left} more cards before {action}",
            n,
        ),
    ),
}

#: The exchange orders (the fact ``order`` of gleek.stages.stock.exchange_facts), in words.
ORDERS: Final[Mapping[str, str]] = {
    "take-first": N_("the buyer takes the stock first, then lays out {count} of its {held} cards"),
    "discard-first": N_(
        "the buyer lays out {count} of the {held} cards dealt before taking the stock"
    ),
}

#: A suit as a message names it ("a heart lead").
SUIT_WORDS: Final[Mapping[Suit, str]] = {
    Suit.SPADES: N_("spade"),
    Suit.HEARTS: N_("heart"),
    Suit.DIAMONDS: N_("diamond"),
    Suit.CLUBS: N_("club"),
}


def seat_name(seat: int) -> str:
    """A seat as a message names it where the players have no names: ``seat 1``."""
    return _("seat {seat}").format(seat=seat)


def join_or(words: tuple[str, ...]) -> str:
    """``a, b or c``.

    >>> join_or(("wait", "vie")), join_or(("pass", "see", "revie")), join_or(("vie",))
    ('wait or vie', 'pass, see or revie', 'vie')
    """
    if len(words) < 2:
        return "".join(words)
    return _("{first} or {last}").format(first=", ".join(words[:-1]), last=words[-1])


def _text(value: object) -> object:
    """A fact as a message writes it: a suit as its word, ranks and words joined by "or",
    anything else (a card, a number) as itself."""
    if isinstance(value, Suit):
        return _(SUIT_WORDS[value])
    if isinstance(value, Card):
        return card_text(value)
    if isinstance(value, Rank):
        return rank_text(value.symbol)
    if isinstance(value, tuple):
        return join_or(
            tuple([rank_text(v.symbol) if isinstance(v, Rank) else str(v) for v in value])
        )
    return value


def message(refusal: Refusal, who: str, action: object, profile: str) -> str:
    """The message of ``refusal``: its reason's format string, filled with its facts, the
    player ``who``, the ``action`` and the ``profile`` id."""
    facts = {name: _text(value) for name, value in refusal.facts.items()}
    order = refusal.facts.get("order")
    if isinstance(order, str):
        facts["order"] = _(ORDERS[order]).format(**facts)
    counted = COUNTED.get(refusal.reason)
    if counted is not None:
        said = counted[1](int(refusal.facts[counted[0]]))  # type: ignore[call-overload]
    else:
        said = _(MESSAGES[refusal.reason])
    return said.format(**facts, who=who, action=action, profile=profile)


#: A payment's detail, as the stages write it, and how a deal's account says it: the engine's
#: words stay English; an account in French or Spanish translates the detail it knows.
_DETAILS: Final = (
    (re.compile(r"turned (?P<what>\w+)"), N_("turned {what}")),
    (re.compile(r"gleek of (?P<rank>\w+)"), N_("gleek of {rank}")),
    (re.compile(r"mournival of (?P<rank>\w+)"), N_("mournival of {rank}")),
    (re.compile(r"(?P<claim>\S+) laid out"), N_("{claim} laid out")),
    (re.compile(r"(?P<claim>\S+) not held"), N_("{claim} not held")),
    (re.compile(r"odd chip"), N_("odd chip")),
)


#: A gleek or mournival of each rank, as an account in French or Spanish names it ("gleek de
#: rois", "mournival de ases"); English keeps the engine's words ("gleek of K").
_SETS: Final = {
    ("gleek", "A"): N_("gleek of aces"),
    ("gleek", "K"): N_("gleek of kings"),
    ("gleek", "Q"): N_("gleek of queens"),
    ("gleek", "J"): N_("gleek of jacks"),
    ("mournival", "A"): N_("mournival of aces"),
    ("mournival", "K"): N_("mournival of kings"),
    ("mournival", "Q"): N_("mournival of queens"),
    ("mournival", "J"): N_("mournival of jacks"),
}
_SET_DETAIL: Final = re.compile(r"(?P<kind>gleek|mournival) of (?P<rank>[AKQJ])")


def detail_text(detail: str) -> str:
    """A payment's detail (:attr:`gleek.Payment.detail`, the engine's English words) in the
    language gleek speaks, as it is if it is not one it knows.

    >>> from gleek.i18n import language
    >>> detail_text("gleek of K")
    'gleek of K'
    >>> with language("fr"):
    ...     print(detail_text("gleek of K"), "/", detail_text("mournival of A"))
    gleek de rois / mournival d'as
    """
    m = _SET_DETAIL.fullmatch(detail)
    if m is not None and get_language() != "en":
        return _(_SETS[m["kind"], m["rank"]])
    for pattern, words in _DETAILS:
        m = pattern.fullmatch(detail)
        if m is not None:
            return _(words).format(**m.groupdict())
    return detail


def payment_line(p: Payment) -> str:
    """A payment as ``str(outcome)`` lists it, in the language gleek speaks: ``0 -> 1: 6
    [stock] (gleek of K)`` (``str(payment)``) in English, the reason and the detail translated
    in French or Spanish (``0 -> 1: 6 [talon] (gleek de rois)``).

    >>> from gleek.stages.common import POT
    >>> print(payment_line(Payment(POT, 1, 3, "settlement")))
    pot -> 1: 3 [settlement]
    >>> print(payment_line(Payment(0, 1, 3, "stock", "gleek of K")))
    0 -> 1: 3 [stock] (gleek of K)
    """
    extra = f" ({detail_text(p.detail)})" if p.detail else ""
    payer, payee = (_("pot") if x == POT else str(x) for x in (p.payer, p.payee))
    return f"{payer} -> {payee}: {p.amount} [{_(p.reason)}]{extra}"
