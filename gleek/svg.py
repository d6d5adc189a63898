"""Pictures of a deal: a :class:`~gleek.State` or an :class:`~gleek.Observation` as one SVG.

The picture is self-contained (card faces are drawn here as vector shapes, nothing is fetched)
and reads well at 600 pixels wide. A full state shows every hand face up; an observation shows
the other hands face down. The stock stays face down until the buyer takes it.

>>> import gleek
>>> from gleek.svg import draw
>>> state = gleek.new_deal(gleek.load_profile("parlett"), dealer=0, seed=3)
>>> picture = draw(state, names=("Anna", "Ben", "Carla"))
>>> picture.startswith("<svg") and picture.count('data-where="hand-1"') == 12
True
>>> seen = draw(gleek.observation(state, 1))
>>> all(f'data-card="{c}"' not in seen for c in state.hand(0))
True
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Final
from xml.sax.saxutils import escape

import attrs

from gleek._args import check_bool, check_int, type_name
from gleek.cards import DECK, Card, Suit, cards_arg
from gleek.errors import ArgumentError, ArgumentTypeError
from gleek.i18n import N_
from gleek.i18n import gettext as _
from gleek.stages.common import POT, REASONS, Payment
from gleek.stages.rules import rules_of
from gleek.stages.stock import held_laying_out
from gleek.state import Observation, Outcome, Phase, State

__all__ = [
    "DRAW_JS",
    "HEIGHT",
    "MAX_WIDTH",
    "WIDTH",
    "card_defs",
    "draw",
    "draw_card",
    "outcome_html",
    "picture_data",
    "svg_words",
]

WIDTH: Final = 600
HEIGHT: Final = 500
#: The widest picture drawn, in pixels (``width`` is a whole number from 1 to this).
MAX_WIDTH: Final = 100_000
_FONT: Final = "DejaVu Sans, Verdana, Arial, sans-serif"
_CARD_W, _CARD_H = 40, 58

# Suit signs as paths in a 20 x 20 box centred on the origin (no font needed).
_PIPS: Final = {
    Suit.SPADES: "M0-10C-3-6-10-2-10 3C-10 7-4 9-1 5L-3 10H3L1 5C4 9 10 7 10 3C10-2 3-6 0-10Z",
    Suit.HEARTS: "M0 9C-3 6-10 2-10-3C-10-8-3-10 0-5C3-10 10-8 10-3C10 2 3 6 0 9Z",
    Suit.DIAMONDS: "M0-10L7.5 0L0 10L-7.5 0Z",
    Suit.CLUBS: "M-4.5-5a4.5 4.5 0 1 0 9 0a4.5 4.5 0 1 0-9 0ZM-10 2.5a4.5 4.5 0 1 0 9 0"
    "a4.5 4.5 0 1 0-9 0ZM1 2.5a4.5 4.5 0 1 0 9 0a4.5 4.5 0 1 0-9 0ZM-1 2L-3 10H3L1 2Z",
}
_TWO_COLOURS: Final = {
    Suit.SPADES: "#111",
    Suit.HEARTS: "#c8102e",
    Suit.DIAMONDS: "#c8102e",
    Suit.CLUBS: "#111",
}
_FOUR_COLOURS: Final = {
    Suit.SPADES: "#111",
    Suit.HEARTS: "#c8102e",
    Suit.DIAMONDS: "#1f5fbf",
    Suit.CLUBS: "#1d7a32",
}
_SEATS: Final = ("Seat 0", "Seat 1", "Seat 2")
_ACTIVE: Final = "#e0a100"

#: The picture's words by key, marked for the catalogs: :func:`draw` says them in the language
#: gleek speaks as it draws, and a page's ``gleekDraw`` is given them translated
#: (:func:`svg_words`), so that both draw the same text.
_WORDS: Final = {
    "seat": N_("Seat {n}"),
    "dealer": N_("dealer"),
    "buyer": N_("buyer"),
    "you": N_("you"),
    "to_act": N_("to act"),
    "stats": N_("tricks {tricks} · points {points} · chips {chips}"),
    "auction_bid": N_("Auction for the stock: bid {bid}"),
    "auction_none": N_("Auction for the stock: no bid yet"),
    "bought": N_("{buyer} bought the stock for {price}"),
    "discarding": N_("{bought}; discarding"),
    "ruff": N_("{bought}; the ruff, stake {stake}"),
    "trick": N_("{bought}; trick {trick} of 12"),
    "over": N_("{bought}; the deal is over"),
    "turn_up": N_("turn-up"),
    "trumps": N_("trumps"),
    "stock": N_("stock"),
    "stock_taken": N_("stock: taken"),
    "last_trick": N_("last trick: {winner} won it"),
    "discards_of": N_("{buyer}'s discards"),
    "discards": N_("the discards"),
    "no_payment": N_("no payment yet"),
    "last_payment": N_("last payment: {payment}"),
    "pays": N_("{payer} pays {payee} {amount} ({reason})"),
    # the payer is the player the page calls You ("You pay")
    "you_pay": N_("{payer} pay {payee} {amount} ({reason})"),
    # the payee is the pot ("au pot", "al bote")
    "pays_pot": N_("{payer} pays the pot {amount} ({reason})"),
    "you_pay_pot": N_("{payer} pay the pot {amount} ({reason})"),
    "the_pot": N_("the pot"),
    "pot": N_("pot {pot}"),
    "seen_by": N_("seen by {name}"),
    "all_shown": N_("all hands shown"),
    "deals": N_("{dealer} deals"),
    "you_deal": N_("{dealer} deal"),  # the dealer is You
    "stake": N_("opening ruff stake {stake}"),
    "You": N_("You"),
}
_SUIT_NAMES: Final = {
    Suit.SPADES: N_("spades"),
    Suit.HEARTS: N_("hearts"),
    Suit.DIAMONDS: N_("diamonds"),
    Suit.CLUBS: N_("clubs"),
}


def svg_words() -> dict[str, Any]:
    """The picture's words in the language gleek speaks now, by key (with ``suits`` and the
    payments' ``reasons``): what a page gives ``gleekDraw`` (:data:`DRAW_JS`).

    >>> from gleek.i18n import language
    >>> with language("fr"):
    ...     svg_words()["suits"]["H"]
    'cœur'
    """
    words: dict[str, Any] = {k: _(v) for k, v in _WORDS.items()}
    words["suits"] = {s.value: _(name) for s, name in _SUIT_NAMES.items()}
    words["reasons"] = {r: _(r) for r in REASONS}
    return words


def _you(name: str, w: dict[str, Any]) -> bool:
    """Whether ``name`` is the player the page calls You (the verb agrees: "You pay")."""
    return name.lower() == str(w["You"]).lower()


def _pays(payer: str, payee: str | None, amount: int, reason: str, w: dict[str, Any]) -> str:
    """A payment's words; ``payee`` None is the pot."""
    key = ("you_pay" if _you(payer, w) else "pays") + ("_pot" if payee is None else "")
    why = w["reasons"].get(reason, reason)
    text: str = w[key]
    return text.format(payer=payer, payee=payee, amount=amount, reason=escape(why))


def _colour(suit: Suit, four_colour: bool) -> str:
    return (_FOUR_COLOURS if four_colour else _TWO_COLOURS)[suit]


def _card_id(card: Card, four_colour: bool) -> str:
    return f"gleek{4 if four_colour else 2}-{card}"


def _pip(suit: Suit, x: float, y: float, size: float, colour: str) -> str:
    return (
        f'<use href="#gleek-pip-{suit.value}" x="{x - size / 2:g}" y="{y - size / 2:g}" '
        f'width="{size:g}" height="{size:g}" fill="{colour}"/>'
    )


def _card_symbol(card: Card, four_colour: bool) -> str:
    colour = _colour(card.suit, four_colour)
    return (
        f'<symbol id="{_card_id(card, four_colour)}" viewBox="0 0 {_CARD_W} {_CARD_H}">'
        f'<rect x="0.5" y="0.5" width="{_CARD_W - 1}" height="{_CARD_H - 1}" rx="4" '
        'fill="#fff" stroke="#666"/>'
        f'<text x="{10 if card.rank.symbol != "10" else 10.5}" y="15" font-size="13" '
        f'font-weight="bold" text-anchor="middle" letter-spacing="-1" fill="{colour}">'
        f"{card.rank.symbol}</text>"
        + _pip(card.suit, 10, 24, 10, colour)
        + _pip(card.suit, 26, 41, 20, colour)
        + "</symbol>"
    )


def card_defs(cards: Sequence[Card] = (), *, four_colour: bool = False) -> str:
    """The ``<defs>`` the pictures refer to: suit signs, the card back, and these card faces
    (a list of :class:`~gleek.Card`, not their texts; ``four_colour`` True or False).

    :func:`draw` includes them itself; a page holding many pictures may include them once
    (with every card) and draw with ``defs=False``.
    """
    check_bool("four_colour", four_colour)
    cards = cards_arg(cards)
    pips = "".join(
        f'<symbol id="gleek-pip-{s.value}" viewBox="-10 -10 20 20"><path d="{p}"/></symbol>'
        for s, p in _PIPS.items()
    )
    back = (
        '<pattern id="gleek-hatch" width="6" height="6" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)"><rect width="6" height="6" fill="#2b4a7a"/>'
        '<line x1="0" y1="0" x2="0" y2="6" stroke="#5b7db0" stroke-width="2"/></pattern>'
        f'<symbol id="gleek-back" viewBox="0 0 {_CARD_W} {_CARD_H}">'
        f'<rect x="0.5" y="0.5" width="{_CARD_W - 1}" height="{_CARD_H - 1}" rx="4" '
        'fill="#fff" stroke="#666"/>'
        f'<rect x="3" y="3" width="{_CARD_W - 6}" height="{_CARD_H - 6}" rx="2" '
        'fill="url(#gleek-hatch)"/></symbol>'
    )
    faces = "".join(_card_symbol(c, four_colour) for c in dict.fromkeys(cards))
    return f"<defs>{pips}{back}{faces}</defs>"


def draw_card(card: Card, *, four_colour: bool = False, width: int = 80) -> str:
    """One card face as a standalone SVG, ``width`` pixels wide (a whole number from 1 to
    :data:`MAX_WIDTH`); ``four_colour`` (True or False) draws diamonds blue and clubs green.

    >>> from gleek import Card
    >>> 'data-card="10H"' in draw_card(Card.parse("10h"))
    True
    """
    if not isinstance(card, Card):
        raise ArgumentTypeError(f"card: expected a Card, not {type(card).__name__}")
    check_int("width", width, low=1, high=MAX_WIDTH)
    check_bool("four_colour", four_colour)
    h = round(width * _CARD_H / _CARD_W)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{h}" '
        f'viewBox="0 0 {_CARD_W} {_CARD_H}" font-family="{_FONT}">'
        + card_defs((card,), four_colour=four_colour)
        + f'<use href="#{_card_id(card, four_colour)}" data-card="{card}" '
        f'width="{_CARD_W}" height="{_CARD_H}"/></svg>'
    )


# ---------------------------------------------------------------------------- what is shown


@attrs.frozen
class _Table:
    """What the picture shows; a card is None where it lies face down."""

    names: tuple[str, str, str]
    viewer: int | None
    phase: Phase
    to_act: int | None
    dealer: int
    buyer: int | None
    price: int | None
    bid: int | None
    turn_up: Card
    trumps: Suit
    hands: tuple[tuple[Card | None, ...], ...]
    stock: tuple[Card | None, ...]
    discards: tuple[Card | None, ...]
    trick: tuple[tuple[int, Card], ...]
    last_trick: tuple[tuple[int, Card], ...]
    last_winner: int
    tricks_won: tuple[int, int, int]
    points: tuple[int, int, int]
    chips: tuple[int, int, int]
    pot: int
    ruff_stake: int
    last_payment: Payment | None


def _table(thing: State | Observation, names: tuple[str, str, str]) -> _Table:
    # the stock is taken once the discards are laid out, or before them (take-first)
    take_first = thing.profile.stock.exchange == "take-first"
    taken = thing.phase is not Phase.AUCTION and (thing.phase is not Phase.DISCARD or take_first)
    stock: tuple[Card | None, ...] = () if taken else (None,) * 7
    if isinstance(thing, State):
        viewer = None
        hands: tuple[tuple[Card | None, ...], ...] = tuple(thing.hand(s) for s in range(3))
        discards: tuple[Card | None, ...] = thing.discards
    else:
        viewer = thing.seat
        hands = tuple(
            thing.hand if s == viewer else (None,) * thing.hand_sizes[s] for s in range(3)
        )
        discards = thing.discards
        if thing.buyer is not None and thing.buyer != viewer:
            held = held_laying_out(rules_of(thing.profile))  # as the buyer starts to lay out
            n = held - thing.hand_sizes[thing.buyer] if thing.phase is Phase.DISCARD else 7
            discards = (None,) * n
    last: tuple[tuple[int, Card], ...] = ()
    last_winner = -1
    if not thing.trick and thing.tricks:
        last = thing.tricks[-1]
        last_winner = thing.trick_winners[-1]
    return _Table(
        names=names,
        viewer=viewer,
        phase=thing.phase,
        to_act=thing.to_act,
        dealer=thing.dealer,
        buyer=thing.buyer,
        price=thing.price,
        bid=thing.bid,
        turn_up=thing.turn_up,
        trumps=thing.trumps,
        hands=hands,
        stock=stock,
        discards=discards,
        trick=thing.trick,
        last_trick=last,
        last_winner=last_winner,
        tricks_won=thing.tricks_won,
        points=thing.points,
        chips=thing.chips,
        pot=thing.pot,
        ruff_stake=thing.ruff_stake,
        last_payment=thing.payments[-1] if thing.payments else None,
    )


# ---------------------------------------------------------------------------- drawing


def _text(
    x: float,
    y: float,
    body: str,
    *,
    size: int = 13,
    weight: str = "normal",
    anchor: str = "start",
    fill: str = "#222",
    cls: str = "",
) -> str:
    extra = f' class="{cls}"' if cls else ""
    bold = ' font-weight="bold"' if weight == "bold" else ""
    return (
        f'<text x="{x:g}" y="{y:g}" font-size="{size}"{bold} text-anchor="{anchor}" '
        f'fill="{fill}"{extra}>{body}</text>'
    )


def _put(
    card: Card | None,
    x: float,
    y: float,
    four_colour: bool,
    where: str,
    scale: float = 1.0,
    seat: int | None = None,
) -> str:
    w, h = _CARD_W * scale, _CARD_H * scale
    who = "" if seat is None else f' data-seat="{seat}"'
    if card is None:
        return (
            f'<use href="#gleek-back" x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" '
            f'data-where="{where}"{who} data-face="down"/>'
        )
    return (
        f'<use href="#{_card_id(card, four_colour)}" x="{x:g}" y="{y:g}" width="{w:g}" '
        f'height="{h:g}" data-card="{card}" data-where="{where}"{who}/>'
    )


def _party(p: object, names: Sequence[str], w: dict[str, Any]) -> str:
    return str(w["the_pot"]) if p == POT else escape(names[int(p)])  # type: ignore[call-overload]


def _seat_panel(
    t: _Table, seat: int, x: float, y: float, four_colour: bool, w: dict[str, Any]
) -> str:
    active = t.to_act == seat
    out = [
        f'<g data-panel="{seat}">',
        f'<rect x="{x:g}" y="{y:g}" width="288" height="106" rx="6" '
        f'fill="{"#fff6d6" if active else "#f4f1ea"}" '
        f'stroke="{_ACTIVE if active else "#c9c2b2"}" stroke-width="{3 if active else 1}"/>',
    ]
    roles = []
    if t.dealer == seat:
        roles.append(w["dealer"])
    if t.buyer == seat:
        roles.append(w["buyer"])
    if t.viewer == seat:
        roles.append(w["you"])
    label = escape(t.names[seat]) + (f" ({', '.join(roles)})" if roles else "")
    out.append(_text(x + 8, y + 17, label, weight="bold", size=14))
    if active:
        out.append(
            _text(
                x + 280, y + 17, w["to_act"], anchor="end", weight="bold", fill="#9a6b00", size=13
            )
        )
    chips = t.chips[seat]
    out.append(
        _text(
            x + 8,
            y + 35,
            w["stats"].format(
                tricks=t.tricks_won[seat], points=t.points[seat], chips=f"{chips:+d}"
            ),
            size=13,
            cls="stats",
        )
    )
    hand = t.hands[seat]
    step = 20 if len(hand) <= 12 else 240 / max(len(hand) - 1, 1)
    for i, c in enumerate(hand):
        out.append(_put(c, x + 8 + i * step, y + 42, four_colour, f"hand-{seat}", seat=seat))
    out.append("</g>")
    return "".join(out)


def _bottom(t: _Table) -> int:
    """The seat drawn at the bottom: the observer, else seat 0; the next seats clockwise are
    top left, then top right."""
    return 0 if t.viewer is None else t.viewer


def _phase_line(t: _Table, w: dict[str, Any]) -> str:
    n = t.names
    if t.phase is Phase.AUCTION:
        return str(w["auction_bid"].format(bid=t.bid) if t.bid else w["auction_none"])
    bought = (
        w["bought"].format(buyer=escape(n[t.buyer]), price=t.price) if t.buyer is not None else ""
    )
    if t.phase is Phase.DISCARD:
        return str(w["discarding"].format(bought=bought))
    if t.phase is Phase.RUFF:
        return str(w["ruff"].format(bought=bought, stake=t.ruff_stake))
    if t.phase is Phase.PLAY:
        return str(w["trick"].format(bought=bought, trick=sum(t.tricks_won) + 1))
    return str(w["over"].format(bought=bought))


def _middle(t: _Table, four_colour: bool, w: dict[str, Any]) -> str:
    out = []
    # Left: the turn-up, trumps and the stock.
    out.append(_text(14, 160, w["turn_up"], size=12, fill="#555"))
    out.append(_put(t.turn_up, 14, 166, four_colour, "turn-up", scale=1.1))
    colour = _colour(t.trumps, four_colour)
    out.append(_text(70, 186, w["trumps"], size=12, fill="#555"))
    out.append(_pip(t.trumps, 86, 205, 26, colour))
    out.append(_text(70, 236, w["suits"][t.trumps.value], size=12, fill="#555", cls="trumps"))
    stock = w["stock"] if t.stock else w["stock_taken"]
    out.append(_text(14, 256, stock, size=12, fill="#555"))
    for i, c in enumerate(t.stock):
        out.append(_put(c, 14 + i * 8, 262, four_colour, "stock", scale=0.8))
    # Centre: the trick on the table (or the last one, faded).
    trick = t.trick or t.last_trick
    me = _bottom(t)
    slots = {(me + 1) % 3: (206, 158), (me + 2) % 3: (334, 158), me: (270, 226)}
    faded = not t.trick
    out.append(
        f'<g data-trick="{"last" if faded else "current"}"' + (' opacity="0.55">' if faded else ">")
    )
    for order, (seat, c) in enumerate(trick, 1):
        sx, sy = slots[seat]
        out.append(_put(c, sx, sy, four_colour, "trick", scale=1.2, seat=seat))
        out.append(
            _text(sx + 24, sy + 82, f"{order}. {escape(t.names[seat])}", size=11, anchor="middle")
        )
    out.append("</g>")
    if faded and trick:
        win = t.last_winner
        out.append(
            _text(
                294,
                153,
                w["last_trick"].format(winner=escape(t.names[win])),
                size=12,
                anchor="middle",
                fill="#555",
            )
        )
    # Right: the buyer's discards.
    if t.discards:
        buyer = t.buyer
        who = w["discards_of"].format(buyer=escape(t.names[buyer])) if buyer is not None else ""
        out.append(_text(440, 160, who or w["discards"], size=12, fill="#555"))
        for i, c in enumerate(t.discards):
            out.append(_put(c, 440 + i * 18, 166, four_colour, "discards", scale=1.0))
    out.append(_text(300, 330, _phase_line(t, w), size=13, anchor="middle", cls="phase"))
    return "".join(out)


def _footer(t: _Table, w: dict[str, Any]) -> str:
    p = t.last_payment
    if p is None:
        line = str(w["no_payment"])
    else:
        payee = None if p.payee == POT else _party(p.payee, t.names, w)
        paid = _pays(_party(p.payer, t.names, w), payee, p.amount, p.reason, w)
        line = w["last_payment"].format(payment=paid)
    pot = w["pot"].format(pot=f"{t.pot:+d}")
    return _text(10, 491, line, size=13, cls="payment") + _text(
        590, 491, pot, size=13, anchor="end", cls="pot"
    )


def _names(names: Sequence[str] | None, w: dict[str, Any]) -> tuple[str, str, str]:
    if names is None:
        seat = w["seat"]
        return (seat.format(n=0), seat.format(n=1), seat.format(n=2))
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise ArgumentTypeError(
            "names must be None or three player names (str) by seat, not "
            f"{type_name(names)} ({names!r:.60})"
        )
    if len(names) != 3:
        raise ArgumentError(f"names: give three player names by seat, not {names!r}")
    if not all(isinstance(n, str) for n in names):
        raise ArgumentTypeError(f"names: each name must be a string, not {names!r}")
    return (names[0], names[1], names[2])


def draw(
    thing: State | Observation,
    *,
    names: Sequence[str] | None = None,
    four_colour: bool = False,
    width: int | None = WIDTH,
    defs: bool = True,
) -> str:
    """``thing`` as one SVG document (a string).

    ``names`` are the three players by seat (default ``Seat 0`` ...). ``four_colour`` (True
    or False) draws diamonds blue and clubs green. ``width`` sets the width attribute in pixels,
    a whole number from 1 to :data:`MAX_WIDTH` (the picture scales; None leaves it to the page).
    With ``defs=False`` the card faces are not included: the page must hold :func:`card_defs`
    of every card once.
    """
    if not isinstance(thing, State | Observation):
        raise ArgumentTypeError(
            f"draw: expected a State or an Observation, not {type(thing).__name__}"
        )
    if width is not None:
        check_int("width", width, low=1, high=MAX_WIDTH)
    check_bool("four_colour", four_colour)
    check_bool("defs", defs)
    w = svg_words()
    t = _table(thing, _names(names, w))
    shown = [c for hand in t.hands for c in hand if c is not None]
    shown += [c for c in t.discards if c is not None]
    shown += [c for _, c in t.trick or t.last_trick]
    shown.append(t.turn_up)
    size = "" if width is None else f' width="{width}" height="{round(width * HEIGHT / WIDTH)}"'
    body = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}"{size} '
        f'font-family="{_FONT}" class="gleek-deal" data-phase="{t.phase.value}">',
    ]
    if defs:
        body.append(card_defs(shown, four_colour=four_colour))
    body.append(f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#2f6b45" rx="8"/>')
    body.append(f'<rect x="4" y="140" width="{WIDTH - 8}" height="200" rx="8" fill="#e9e4d8"/>')
    seer = (
        w["seen_by"].format(name=escape(t.names[t.viewer]))
        if t.viewer is not None
        else w["all_shown"]
    )
    dealer = escape(t.names[t.dealer])
    deals = w["you_deal" if _you(dealer, w) else "deals"].format(dealer=dealer)
    body.append(
        _text(
            10,
            22,
            f"{deals} · {seer}",
            size=14,
            weight="bold",
            fill="#fff",
        )
    )
    body.append(
        _text(
            590,
            22,
            w["stake"].format(stake=t.ruff_stake) if t.phase is Phase.AUCTION else "",
            size=12,
            anchor="end",
            fill="#fff",
        )
    )
    me = _bottom(t)
    body.append(_seat_panel(t, (me + 1) % 3, 6, 30, four_colour, w))
    body.append(_seat_panel(t, (me + 2) % 3, 306, 30, four_colour, w))
    body.append(_middle(t, four_colour, w))
    body.append(_seat_panel(t, me, 156, 348, four_colour, w))
    body.append(_footer_box(t, w))
    body.append("</svg>")
    return "".join(body)


def _footer_box(t: _Table, w: dict[str, Any]) -> str:
    box = f'<rect x="4" y="472" width="{WIDTH - 8}" height="26" rx="6" fill="#f4f1ea"/>'
    return box + _footer(t, w)


# ---------------------------------------------------------------------------- in a page


#: Each card's text, once (a page's data names many cards).
_TEXTS: Final = {c: str(c) for c in DECK}


def _cards(cards: Sequence[Card | None]) -> list[str | None]:
    texts = _TEXTS
    return [None if c is None else texts[c] for c in cards]


def picture_data(thing: State | Observation) -> dict[str, Any]:
    """What :func:`draw` shows of ``thing`` (all but the names), as JSON-ready data with short
    keys: a page holding many pictures keeps this, a few hundred bytes, and draws a picture
    only when it is shown, by ``gleekDraw`` of ``DRAW_JS`` (the same SVG as :func:`draw`
    with ``width=None, defs=False``). Of two states in a row, a page may keep only the keys
    whose values changed.

    >>> import gleek
    >>> state = gleek.new_deal(gleek.load_profile("parlett"), dealer=0, seed=3)
    >>> data = picture_data(state)
    >>> data["ph"], data["a"], len(data["h1"]), data["st"]
    ('auction', 1, 12, [None, None, None, None, None, None, None])
    """
    if not isinstance(thing, State | Observation):
        raise ArgumentTypeError(
            f"picture_data: expected a State or an Observation, not {type(thing).__name__}"
        )
    t = _table(thing, _SEATS)
    p = t.last_payment
    return {
        "vw": t.viewer,
        "ph": t.phase.value,
        "a": t.to_act,
        "dl": t.dealer,
        "by": t.buyer,
        "pr": t.price,
        "bd": t.bid,
        "tu": _TEXTS[t.turn_up],
        "tr": t.trumps.value,
        "h0": _cards(t.hands[0]),
        "h1": _cards(t.hands[1]),
        "h2": _cards(t.hands[2]),
        "st": _cards(t.stock),
        "ds": _cards(t.discards),
        "tk": [[seat, _TEXTS[c]] for seat, c in t.trick],
        "lt": [[seat, _TEXTS[c]] for seat, c in t.last_trick],
        "lw": t.last_winner,
        "tw": list(t.tricks_won),
        "pt": list(t.points),
        "ch": list(t.chips),
        "pot": t.pot,
        "rs": t.ruff_stake,
        "lp": None if p is None else [p.payer, p.payee, p.amount, p.reason],
    }


#: ``gleekDraw(t, names, four, w)``: the SVG of :func:`draw` (``width=None, defs=False``) drawn
#: in a page from :func:`picture_data` ``t``, the three ``names``, ``four`` (four colours) and
#: the words ``w`` of :func:`svg_words` (made in the language gleek speaks, as :func:`draw`): the
#: same layout as the Python functions above, line for line (the browser tests check that the
#: two give the same text, state by state). Numbers are written as Python's ``:g`` writes them.
DRAW_JS: Final = (
    """
const gleekDraw=(function(){
const W=@W@,H=@H@,CW=@CW@,CH=@CH@,FONT=@FONT@,ACTIVE=@ACTIVE@,COLOURS=@COLOURS@;
let L={};
function f(key,o){return L[key].replace(/[{]([A-Za-z_]+)[}]/g,(m,k)=>String(o[k]));}
function g(x){if(Number.isInteger(x))return String(x);let s=x.toPrecision(6);
 if(s.indexOf('.')>=0&&s.indexOf('e')<0)s=s.replace(/0+$/,'').replace(/[.]$/,'');return s;}
function esc(s){return String(s).replace(/&/g,'&amp;').replace(/</g,'&lt;').replace(/>/g,'&gt;');}
function you(who){return who.toLowerCase()===L.You.toLowerCase();}
function signed(n){return(n>=0?'+':'')+n;}
function text(x,y,body,o){o=o||{};const size=o.size||13,anchor=o.anchor||'start',
 fill=o.fill||'#222';return '<text x="'+g(x)+'" y="'+g(y)+'" font-size="'+size+'"'+
 (o.bold?' font-weight="bold"':'')+' text-anchor="'+anchor+'" fill="'+fill+'"'+
 (o.cls?' class="'+o.cls+'"':'')+'>'+body+'</text>';}
function put(card,x,y,four,where,scale,seat){scale=scale===undefined?1:scale;
 const w=CW*scale,h=CH*scale,who=seat===undefined?'':' data-seat="'+seat+'"';
 if(card===null)return '<use href="#gleek-back" x="'+g(x)+'" y="'+g(y)+'" width="'+g(w)+
  '" height="'+g(h)+'" data-where="'+where+'"'+who+' data-face="down"/>';
 return '<use href="#gleek'+(four?4:2)+'-'+card+'" x="'+g(x)+'" y="'+g(y)+'" width="'+g(w)+
  '" height="'+g(h)+'" data-card="'+card+'" data-where="'+where+'"'+who+'/>';}
function pip(suit,x,y,size,colour){return '<use href="#gleek-pip-'+suit+'" x="'+g(x-size/2)+
 '" y="'+g(y-size/2)+'" width="'+g(size)+'" height="'+g(size)+'" fill="'+colour+'"/>';}
function party(p,names){return p==='pot'?L.the_pot:esc(names[p]);}
function panel(t,names,seat,x,y,four){const active=t.a===seat;
 const out=['<g data-panel="'+seat+'">','<rect x="'+g(x)+'" y="'+g(y)+
  '" width="288" height="106" rx="6" fill="'+(active?'#fff6d6':'#f4f1ea')+'" stroke="'+
  (active?ACTIVE:'#c9c2b2')+'" stroke-width="'+(active?3:1)+'"/>'];
 const roles=[];if(t.dl===seat)roles.push(L.dealer);if(t.by===seat)roles.push(L.buyer);
 if(t.vw===seat)roles.push(L.you);
 out.push(text(x+8,y+17,esc(names[seat])+(roles.length?' ('+roles.join(', ')+')':''),
  {bold:1,size:14}));
 if(active)out.push(text(x+280,y+17,L.to_act,{anchor:'end',bold:1,fill:'#9a6b00',size:13}));
 out.push(text(x+8,y+35,f('stats',{tricks:t.tw[seat],points:t.pt[seat],chips:signed(t.ch[seat])}),
  {size:13,cls:'stats'}));
 const hand=t['h'+seat],step=hand.length<=12?20:240/Math.max(hand.length-1,1);
 hand.forEach((c,i)=>{out.push(put(c,x+8+i*step,y+42,four,'hand-'+seat,1,seat));});
 out.push('</g>');return out.join('');}
function phaseLine(t,names){
 if(t.ph==='auction')return t.bd?f('auction_bid',{bid:t.bd}):L.auction_none;
 const bought=t.by!==null?f('bought',{buyer:esc(names[t.by]),price:t.pr}):'';
 if(t.ph==='discard')return f('discarding',{bought});
 if(t.ph==='ruff')return f('ruff',{bought,stake:t.rs});
 if(t.ph==='play')return f('trick',{bought,trick:t.tw[0]+t.tw[1]+t.tw[2]+1});
 return f('over',{bought});}
function middle(t,names,four){const out=[],grey={size:12,fill:'#555'};
 out.push(text(14,160,L.turn_up,grey));out.push(put(t.tu,14,166,four,'turn-up',1.1));
 out.push(text(70,186,L.trumps,grey));out.push(pip(t.tr,86,205,26,COLOURS[four?1:0][t.tr]));
 out.push(text(70,236,L.suits[t.tr],{size:12,fill:'#555',cls:'trumps'}));
 out.push(text(14,256,t.st.length?L.stock:L.stock_taken,grey));
 t.st.forEach((c,i)=>{out.push(put(c,14+i*8,262,four,'stock',0.8));});
 const trick=t.tk.length?t.tk:t.lt,me=t.vw===null?0:t.vw,slots={};
 slots[(me+1)%3]=[206,158];slots[(me+2)%3]=[334,158];slots[me]=[270,226];
 const faded=!t.tk.length;
 out.push('<g data-trick="'+(faded?'last':'current')+'"'+(faded?' opacity="0.55">':'>'));
 trick.forEach(([seat,c],k)=>{const[sx,sy]=slots[seat];
  out.push(put(c,sx,sy,four,'trick',1.2,seat));
  out.push(text(sx+24,sy+82,(k+1)+'. '+esc(names[seat]),{size:11,anchor:'middle'}));});
 out.push('</g>');
 if(faded&&trick.length)out.push(text(294,153,f('last_trick',{winner:esc(names[t.lw])}),
  {size:12,anchor:'middle',fill:'#555'}));
 if(t.ds.length){const who=t.by!==null?f('discards_of',{buyer:esc(names[t.by])}):'';
  out.push(text(440,160,who||L.discards,grey));
  t.ds.forEach((c,i)=>{out.push(put(c,440+i*18,166,four,'discards',1));});}
 out.push(text(300,330,phaseLine(t,names),{size:13,anchor:'middle',cls:'phase'}));
 return out.join('');}
function footer(t,names){const p=t.lp;let line=L.no_payment;
 if(p!==null){const payer=party(p[0],names),why=L.reasons[p[3]]||p[3],
  key=(you(payer)?'you_pay':'pays')+(p[1]==='pot'?'_pot':'');
  line=f('last_payment',{payment:f(key,{payer,payee:party(p[1],names),amount:p[2],
   reason:esc(why)})});}
 return '<rect x="4" y="472" width="'+(W-8)+'" height="26" rx="6" fill="#f4f1ea"/>'+
  text(10,491,line,{size:13,cls:'payment'})+
  text(590,491,f('pot',{pot:signed(t.pot)}),{size:13,anchor:'end',cls:'pot'});}
return function(t,names,four,words){L=words;const me=t.vw===null?0:t.vw;
 const seer=t.vw!==null?f('seen_by',{name:esc(names[t.vw])}):L.all_shown;
 const dealer=esc(names[t.dl]);
 return '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 '+W+' '+H+'" font-family="'+
  FONT+'" class="gleek-deal" data-phase="'+t.ph+'">'+
  '<rect width="'+W+'" height="'+H+'" fill="#2f6b45" rx="8"/>'+
  '<rect x="4" y="140" width="'+(W-8)+'" height="200" rx="8" fill="#e9e4d8"/>'+
  text(10,22,f(you(dealer)?'you_deal':'deals',{dealer})+' \u00b7 '+seer,
   {size:14,bold:1,fill:'#fff'})+
  text(590,22,t.ph==='auction'?f('stake',{stake:t.rs}):'',{size:12,anchor:'end',fill:'#fff'})+
  panel(t,names,(me+1)%3,6,30,four)+panel(t,names,(me+2)%3,306,30,four)+middle(t,names,four)+
  panel(t,names,me,156,348,four)+footer(t,names)+'</svg>';};
})();
""".replace("@W@", str(WIDTH))
    .replace("@H@", str(HEIGHT))
    .replace("@CW@", str(_CARD_W))
    .replace("@CH@", str(_CARD_H))
    .replace("@FONT@", json.dumps(_FONT))
    .replace("@ACTIVE@", json.dumps(_ACTIVE))
    .replace(
        "@COLOURS@",
        json.dumps([{s.value: c for s, c in m.items()} for m in (_TWO_COLOURS, _FOUR_COLOURS)]),
    )
)


def outcome_html(o: Outcome, *, names: Sequence[str] | None = None) -> str:
    """A finished deal as an HTML table (what Jupyter shows for an :class:`~gleek.Outcome`):
    points and net chips by player, the pot, then every payment."""
    if not isinstance(o, Outcome):
        raise ArgumentTypeError(f"outcome_html: expected an Outcome, not {type(o).__name__}")
    w = svg_words()
    n = _names(names, w)
    rows = "".join(
        f"<tr><th>{escape(n[s])}</th><td>{o.points[s]}</td><td>{o.chips[s]:+d}</td></tr>"
        for s in range(3)
    )
    pays = "".join(
        "<li>"
        + _pays(
            _party(p.payer, n, w),
            None if p.payee == POT else _party(p.payee, n, w),
            p.amount,
            p.reason,
            w,
        )
        + "</li>"
        for p in o.payments
    )
    dealt = _("{dealer} dealt; trumps {trumps}; {buyer} bought the stock for {price}.").format(
        dealer=escape(n[o.dealer]),
        trumps=w["suits"][o.trumps.value],
        buyer=escape(n[o.buyer]),
        price=o.price,
    )
    return (
        f"<table><tr><th></th><th>{_('points')}</th><th>{_('chips')}</th></tr>"
        f"{rows}<tr><th>{_('pot')}</th><td></td><td>{o.pot:+d}</td></tr></table>"
        f"<p>{dealt}</p><ul>{pays}</ul>"
    )
