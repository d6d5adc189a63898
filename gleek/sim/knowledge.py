"""What one seat knows of a deal, and deals drawn at random among those it cannot tell apart.

A search bot must not look at the other hands. :func:`determinize` draws a full deal that is
consistent with an :class:`~gleek.state.Observation`: the seat's own cards, the turn-up, every
card already played, the suits an opponent showed void in by failing to follow (and, with
play-high, the higher cards it showed it lacks), the sets and small trumps paid for, and the
buyer's discards (known only to the buyer). It builds a 44-card deck and replays the public
history through :func:`~gleek.state.new_deal` and :func:`~gleek.state.apply`, so the result is an
ordinary :class:`~gleek.state.State`; it is accepted only if that seat's observation of it is
equal to the one given.

>>> import random, gleek
>>> s = gleek.new_deal(gleek.load_profile("parlett"), dealer=0, seed=5)
>>> for _ in range(30):
...     s = gleek.apply(s, gleek.legal_actions(s)[0])
>>> obs = gleek.observation(s, 1)
>>> d = determinize(obs, random.Random(1))
>>> gleek.observation(d, 1) == obs
True
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import TypeVar

from gleek.cards import DECK, Card, Rank
from gleek.errors import IllegalAction
from gleek.profile_model import Profile
from gleek.stages.common import small_trump_rank
from gleek.stages.rules import rules_of
from gleek.stages.stock import discard_keep
from gleek.state import Action, Observation, Phase, State, apply, new_deal, observation

__all__ = ["Knowledge", "determinize", "opening_stake", "public_history"]

T = TypeVar("T")


def public_history(obs: Observation) -> tuple[tuple[int, Action], ...]:
    """Every action ``obs.seat`` saw, in order: the auction, its own discards (if it bought),
    the ruff, then every card played."""
    return obs.history


class Knowledge:
    """What a seat knows about where the hidden cards are, read from its observation.

    ``played[s]``: the cards ``s`` has played; ``forbidden[s]``: cards ``s`` cannot hold now
    (void suits, play-high); ``required[s]``: cards ``s`` must hold (paid-for sets and small
    trumps), ``counts[s]``: how many of a rank ``s`` holds after the exchange where a set was
    paid for.
    """

    def __init__(self, obs: Observation) -> None:
        self.obs = obs
        self.seat = obs.seat
        self.history = public_history(obs)
        self.played: list[list[Card]] = [[], [], []]
        self.forbidden: list[set[Card]] = [set(), set(), set()]
        play_high = bool(obs.profile.tricks.play_high)
        tricks = (*obs.tricks, obs.trick)
        for trick in tricks:
            if not trick:
                continue
            led = trick[0][1].suit
            for i, (s, c) in enumerate(trick):
                self.played[s].append(c)
                if c.suit is not led:
                    self.forbidden[s].update(x for x in DECK if x.suit is led)
                elif play_high and i > 0:  # play-high binds a follower, not the leader
                    self.forbidden[s].update(x for x in DECK if x.suit is led and x.rank > c.rank)
        # Sets and small trumps paid before the first trick: who holds what after the exchange.
        self.rank_counts: list[dict[Rank, int]] = [{}, {}, {}]
        self.required: list[set[Card]] = [set(), set(), set()]
        for pay in obs.payments:
            payee = pay.payee
            if not isinstance(payee, int):
                continue
            if pay.reason == "set" and pay.rank is not None:
                self.rank_counts[payee][pay.rank] = 4 if pay.set_kind == "mournival" else 3
            elif (small := small_trump_rank(pay.reason)) is not None:
                self.required[payee].add(Card(small, obs.trumps))
        self.exchanged = obs.phase in (Phase.RUFF, Phase.PLAY, Phase.OVER)


@functools.cache
def _layout(profile: Profile, dealer: int) -> tuple[int, ...]:
    """Where each deck position goes: ``(owner, ...)`` with 0-2 a seat, 3 the turn-up and 4 the
    stock; found by dealing the canonical deck through the public API."""
    s = new_deal(profile, dealer, deck=DECK)
    where: dict[Card, int] = {s.turn_up: 3}
    for c in s.stock:
        where[c] = 4
    for seat in range(3):
        for c in s.dealt_hand(seat):
            where[c] = seat
    return tuple(where[c] for c in DECK)


def _deck(
    profile: Profile,
    dealer: int,
    dealt: Sequence[Sequence[Card]],
    stock: Sequence[Card],
    turn: Card,
) -> list[Card]:
    owners = _layout(profile, dealer)
    pools = [list(dealt[0]), list(dealt[1]), list(dealt[2]), [turn], list(stock)]
    return [pools[o].pop() for o in owners]


def assign(
    cards: list[T],
    sizes: list[int],
    allowed: list[set[T]],
    forced: dict[T, int],
    rng: random.Random,
) -> list[list[T]] | None:
    """Cards (or card numbers) into places of the given sizes: each card only where allowed,
    forced ones where forced; the most constrained first. None if this attempt got stuck."""
    out: list[list[T]] = [[] for _ in sizes]
    room = list(sizes)
    rest: list[T] = []
    for c in cards:
        if c in forced:
            p = forced[c]
            if room[p] <= 0:  # pragma: no cover - the forced cards always fit a real deal
                return None
            out[p].append(c)
            room[p] -= 1
        else:
            rest.append(c)
    rng.shuffle(rest)
    places = {c: [p for p, ok in enumerate(allowed) if c in ok] for c in rest}
    rest.sort(key=lambda c: len(places[c]))
    for c in rest:
        options = [p for p in places[c] if room[p] > 0]
        if not options:  # pragma: no cover - rare: the greedy order painted itself in
            return None
        pick = rng.randrange(sum(room[p] for p in options))
        for p in options:
            pick -= room[p]
            if pick < 0:
                break
        out[p].append(c)
        room[p] -= 1
    return out


def _sample(k: Knowledge, rng: random.Random) -> tuple[list[list[Card]], list[Card], list[Card]]:
    """One guess: every seat's dealt hand, the stock, and the buyer's discards (in order)."""
    obs = k.obs
    me = k.seat
    buyer = obs.buyer
    opps = [(me + 1) % 3, (me + 2) % 3]
    hand = list(obs.hand)
    my_discards = list(obs.discards)
    keep = discard_keep(rules_of(obs.profile), obs.trumps.index)  # the stage's rule
    forbidden_discard = {c for c in DECK if not keep >> c.index & 1}
    seen = set(hand) | set(my_discards) | {obs.turn_up}
    for s in range(3):
        seen.update(k.played[s])
    unknown = [c for c in DECK if c not in seen]
    dealt: list[list[Card]] = [[], [], []]
    if not k.exchanged:
        # Auction or discarding: nothing played. The stock is face down, or, where the buyer
        # takes it before laying out (take-first), in the buyer's hand.
        take_first = obs.profile.stock.exchange == "take-first" and obs.phase is Phase.DISCARD
        rng.shuffle(unknown)
        if take_first and buyer == me:
            mine = hand + my_discards  # the 12 dealt and the 7 of the stock, either of them
            rng.shuffle(mine)
            dealt[me], stock = mine[:12], mine[12:]
            dealt[opps[0]] = unknown[:12]
            dealt[opps[1]] = unknown[12:24]
            return dealt, stock, my_discards
        dealt[me] = hand + my_discards
        before = 19 if take_first else 12  # the buyer's cards as it starts to lay out
        n_disc = before - obs.hand_sizes[buyer] if buyer is not None and buyer != me else 0
        dealt[opps[0]] = unknown[:12]
        dealt[opps[1]] = unknown[12:24]
        stock = unknown[24:31]
        discards = my_discards
        if n_disc and buyer is not None:
            pool = dealt[buyer] + stock if take_first else dealt[buyer]
            able = [c for c in pool if c not in forbidden_discard]
            discards = rng.sample(able, n_disc)
        return dealt, stock, discards
    assert buyer is not None
    # After the exchange: the opponents' hands now (voids, sets, small trumps) and, if an
    # opponent bought, its 7 hidden discards.
    sizes = [obs.hand_sizes[opps[0]], obs.hand_sizes[opps[1]]]
    allowed: list[set[Card]] = [{c for c in unknown if c not in k.forbidden[o]} for o in opps]
    if buyer != me:
        sizes.append(7)
        allowed.append({c for c in unknown if c not in forbidden_discard})
    forced: dict[Card, int] = {}
    for i, o in enumerate(opps):
        for c in k.required[o]:
            if c in unknown:
                forced[c] = i
        for rank, n in k.rank_counts[o].items():
            known = sum(1 for c in k.played[o] if c.rank is rank)
            free = [c for c in unknown if c.rank is rank and c not in forced]
            rng.shuffle(free)
            need = n - known
            for j, c in enumerate(free):
                if j < need:
                    forced[c] = i
                else:
                    allowed[i].discard(c)
    parts = None
    for _ in range(20):
        parts = assign(unknown, sizes, allowed, forced, rng)
        if parts is not None:
            break
    if parts is None:  # pragma: no cover - twenty dead ends in a row: drop the constraints
        parts = assign(unknown, sizes, [set(unknown)] * len(sizes), {}, rng)
        assert parts is not None
    final: list[list[Card]] = [[], [], []]
    final[me] = hand + k.played[me]
    for i, o in enumerate(opps):
        final[o] = parts[i] + k.played[o]
    discards = my_discards if buyer == me else parts[2]
    if buyer != me:
        rng.shuffle(discards)
    held = list(final[buyer])
    rng.shuffle(held)
    stock = held[:7]
    for s in range(3):
        dealt[s] = list(final[s]) if s != buyer else held[7:] + list(discards)
    return dealt, stock, discards


def replay(
    k: Knowledge,
    dealt: list[list[Card]],
    stock: list[Card],
    discards: list[Card],
    stake: int | None,
) -> State:
    obs = k.obs
    deck = _deck(obs.profile, obs.dealer, dealt, stock, obs.turn_up)
    state = new_deal(obs.profile, obs.dealer, deck=deck, ruff_stake=stake)
    hidden = [] if obs.buyer == k.seat else list(discards)
    for seat, action in k.history:
        while state.phase is Phase.DISCARD and action.kind != "discard" and hidden:
            state = apply(state, Action.discard(hidden.pop(0)))
        state = apply(state, action, seat)
    while state.phase is Phase.DISCARD and hidden:
        state = apply(state, Action.discard(hidden.pop(0)))
    return state


def opening_stake(obs: Observation) -> int | None:
    """The ruff stake this deal opened with, where the observation shows it (the stake as it
    stands moves one for one with the opening stake in both ruff models); None: the profile's."""
    k = Knowledge(obs)
    rng = random.Random(0)
    dealt, stock, discards = _sample(k, rng)
    try:
        s = replay(k, dealt, stock, discards, None)
    except IllegalAction:
        return None
    delta = obs.ruff_stake - observation(s, k.seat).ruff_stake
    return None if delta == 0 else obs.profile.ruff.stake + delta


def determinize(
    obs: Observation,
    rng: random.Random,
    *,
    attempts: int = 30,
    stake: int | bool | None = False,
    know: Knowledge | None = None,
) -> State:
    """A full deal, drawn at random, that ``obs.seat`` cannot tell from the real one.

    Up to ``attempts`` draws are checked by replaying them; if none gives exactly ``obs``
    (rare: a showdown or a set that the quick constraints miss), the last draw that replays
    legally is returned. ``stake``: the deal's opening ruff stake if known (see
    :func:`opening_stake`); by default it is worked out from ``obs``.
    """
    k = know if know is not None else Knowledge(obs)
    opening = opening_stake(obs) if stake is False else stake
    assert opening is not True
    fallback: State | None = None
    for _ in range(max(1, attempts)):
        dealt, stock, discards = _sample(k, rng)
        try:
            state = replay(k, dealt, stock, discards, opening)
        except IllegalAction:
            continue
        if observation(state, k.seat) == obs:
            return state
        fallback = state
    if fallback is None:  # pragma: no cover - every draw replays legally
        raise ValueError("no deal found that is consistent with this observation")
    return fallback
