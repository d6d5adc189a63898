"""Building literal deals for tests: place the cards you care about, fill the rest in order."""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

import gleek
from gleek.cards import Card
from gleek.stages.deal import stack_deck
from gleek.state import Action, State

C = Card.parse

#: The fixture overlays (tests/profiles/): every rule value no shipped profile sets.
FIXTURES = Path(__file__).parent / "profiles"
#: The shipped profile each fixture overlays.
FLIPPED_BASE = {"direct": "parlett", "pool": "pi", "cotton": "cotton"}


def flipped(name: str, variants: Sequence[str] = ()) -> gleek.Profile:
    """A test fixture profile (``direct``, ``pool`` or ``cotton``), with shipped variants."""
    return gleek.load_profile(FLIPPED_BASE[name], [FIXTURES / f"flipped-{name}.yaml", *variants])


def examples(n: int) -> int:
    """``n`` hypothesis examples, or fewer under ``make mutation`` (``GLEEK_MAX_EXAMPLES``)."""
    cap = os.environ.get("GLEEK_MAX_EXAMPLES")
    return min(n, int(cap)) if cap else n


def cards(text: str) -> list[Card]:
    return [C(t) for t in text.split()]


def deck_for(
    hands: Mapping[int, str],
    turn_up: str,
    stock: str = "",
    dealer: int = 2,
    packet: int = 4,
) -> list[Card]:
    """A deck (top first) dealing these cards to these seats (the rest filled in canonical
    order, stock first), so that ``new_deal(..., deck=...)`` gives exactly these hands."""
    placed = {seat: cards(text) for seat, text in hands.items()}
    stock_cards = cards(stock)
    listed = [c for cs in placed.values() for c in cs] + [C(turn_up)] + stock_cards
    dups = {str(c) for c in listed if listed.count(c) > 1}
    assert not dups, f"placed twice: {sorted(dups)}"
    used = set(listed)
    # Fill with low cards first (5 to 10, then 4s, then courts) to avoid accidental sets.
    fill_order = [5, 6, 7, 8, 9, 10, 4, 11, 12, 13, 14]
    free = sorted(
        (c for c in gleek.DECK if c not in used),
        key=lambda c: (fill_order.index(int(c.rank)), c.index),
    )
    while len(stock_cards) < 7:
        stock_cards.append(free.pop(0))
    full = {s: list(placed.get(s, [])) for s in range(3)}
    for s in range(3):
        while len(full[s]) < 12:
            full[s].append(free.pop(0))
    return stack_deck(full, C(turn_up), stock_cards, dealer, packet)


def deal(
    profile: str | gleek.Profile,
    hands: Mapping[int, str],
    turn_up: str,
    stock: str = "",
    dealer: int = 2,
    variants: Sequence[str] = (),
    ruff_stake: int | None = None,
) -> State:
    p = profile if isinstance(profile, gleek.Profile) else gleek.load_profile(profile, variants)
    return gleek.new_deal(
        p,
        dealer,
        deck=deck_for(hands, turn_up, stock, dealer, p.deal.packet_size),
        ruff_stake=ruff_stake,
    )


def run(state: State, actions: Iterable[str]) -> State:
    for text in actions:
        state = gleek.apply(state, Action.parse(text))
    return state


def play_first_legal(state: State) -> State:
    while not state.is_over:
        state = gleek.apply(state, gleek.legal_actions(state)[0])
    return state


def to_ruff(
    state: State,
    auction: Sequence[str] = ("bid 12", "pass", "pass"),
    discards: Sequence[str] | None = None,
) -> State:
    """Run the auction, then discard ``discards`` (default: the first legal ones)."""
    state = run(state, auction)
    if discards is None:
        while state.phase is gleek.Phase.DISCARD:
            state = gleek.apply(state, gleek.legal_actions(state)[0])
    else:
        state = run(state, (f"discard {d}" for d in discards))
    return state


def deal_points(profile: gleek.Profile, honours: Iterable[str]) -> int:
    """The points a whole deal of ``profile`` scores in all, from the profile: twelve tricks at
    ``tricks.trick_points``, and the honours of trumps played among the ranks ``honours``
    (``"A"``, ``"K"``...). A new rule that adds to a deal's points is added here, once, and every
    ruling test that totals a deal follows."""
    by_letter = {r.symbol: r for r in profile.tricks.honours}
    return 12 * profile.tricks.trick_points + sum(
        profile.tricks.honours[by_letter[h]] for h in honours
    )


def mournival_of_aces(profile: gleek.Profile, *, won_ruff: bool) -> int:
    """What a mournival of Aces pays from each opponent under ``profile``: nothing where it won
    the ruff and ``sets.four_aces_pay`` is false."""
    paid = profile.sets.mournival.get(gleek.Rank.ACE, 0)
    return paid if profile.sets.four_aces_pay or not won_ruff else 0
