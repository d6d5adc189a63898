"""The engine's fast core: one flat node per action, int fields, a back-pointer to the state
it came from. Private: :mod:`gleek.state` builds the public face on it.

The rules live in :mod:`gleek.stages` and stay there: the auction, the discards and the ruff
are few actions a deal and go through the stage functions as they are. The play phase (36
actions a deal, most of the time) is unrolled here over masks and small ints; the
differential test (``tests/test_core.py``) checks it against the stage functions on every
action of random deals in every profile and variant.

This module is written for mypyc (the optional compiled build, see ``setup.py``): plain classes
with typed fields and a plain ``__init__``, module-level constant tables, ints for phases. The
same source runs as plain Python when no compiler is at hand.
"""

from __future__ import annotations

import random
from typing import Final

from gleek.actions import BIDS, DISCARD, PASS, PLAY, WORDS, Action
from gleek.profile import Profile
from gleek.stages.common import SUIT_MASK, Payment
from gleek.stages.deal import DealInfo, turn_up_payments, turn_up_points
from gleek.stages.ruff import (
    FOUR_ACES,
    RuffState,
    ruff_apply,
    ruff_choices,
    ruff_payments,
    ruff_start,
    ruff_value,
)
from gleek.stages.sets import set_payments, small_trump_payments
from gleek.stages.settle import settlement
from gleek.stages.stock import (
    AuctionState,
    auction_apply,
    auction_choices,
    auction_start,
    discardable,
    price_payments,
    take_stock,
)
from gleek.stages.tricks import play_start

AUCTION: Final = 0
DISCARD_PHASE: Final = 1
RUFF: Final = 2
PLAY_PHASE: Final = 3
OVER: Final = 4

_M11: Final = 0x7FF


def _suit_tables(table: tuple[Action, ...]) -> tuple[tuple[tuple[Action, ...], ...], ...]:
    """For each suit, the actions of every 11-bit holding of it, low cards first."""
    return tuple(
        tuple(tuple(table[11 * s + r] for r in range(11) if sub >> r & 1) for sub in range(1 << 11))
        for s in range(4)
    )


_PLAY_BY_SUIT: Final = _suit_tables(PLAY)
_DISCARD_BY_SUIT: Final = _suit_tables(DISCARD)
_S0: Final = _PLAY_BY_SUIT[0]
_S1: Final = _PLAY_BY_SUIT[1]
_S2: Final = _PLAY_BY_SUIT[2]
_S3: Final = _PLAY_BY_SUIT[3]


def _cards_by_suit() -> tuple[tuple[tuple[int, ...], ...], ...]:
    return tuple(
        tuple(tuple(11 * s + r for r in range(11) if sub >> r & 1) for sub in range(1 << 11))
        for s in range(4)
    )


_CARDS_BY_SUIT: Final = _cards_by_suit()
_C0: Final = _CARDS_BY_SUIT[0]
_C1: Final = _CARDS_BY_SUIT[1]
_C2: Final = _CARDS_BY_SUIT[2]
_C3: Final = _CARDS_BY_SUIT[3]


def play_actions(hand: int) -> tuple[Action, ...]:
    """The play actions of every card in ``hand``, suit by suit, low cards first."""
    return _S0[hand & _M11] + _S1[(hand >> 11) & _M11] + _S2[(hand >> 22) & _M11] + _S3[hand >> 33]


def discard_actions(mask: int) -> tuple[Action, ...]:
    t = _DISCARD_BY_SUIT
    return (
        t[0][mask & _M11] + t[1][(mask >> 11) & _M11] + t[2][(mask >> 22) & _M11] + t[3][mask >> 33]
    )


def _hand_cards(hand: int) -> tuple[int, ...]:
    return _C0[hand & _M11] + _C1[(hand >> 11) & _M11] + _C2[(hand >> 22) & _M11] + _C3[hand >> 33]


class Deal:
    """What one deal fixes for all its states: the profile's play rules flattened to ints and
    a per-deal table of each card's trick key and honour points."""

    __slots__ = (
        "base_payments",
        "dealer",
        "honour",
        "info",
        "key",
        "par",
        "play_high",
        "profile",
        "to_player",
        "trick_points",
        "trumps",
    )

    def __init__(self, profile: Profile, info: DealInfo) -> None:
        self.profile: Final = profile
        self.info: Final = info
        self.dealer: Final[int] = info.dealer
        trumps = info.trumps
        self.trumps: Final[int] = trumps
        rules = profile.tricks
        self.play_high: Final[bool] = rules.play_high
        self.to_player: Final[bool] = rules.honours_to == "player"
        self.trick_points: Final[int] = rules.trick_points
        self.par: Final[int] = profile.scoring.par
        tables = _tables(profile, trumps)
        #: honour points of each card (0 unless an honour of trumps)
        self.honour: Final[tuple[int, ...]] = tables[0]
        #: a card's strength in a trick: trumps above everything, else by index
        self.key: Final[tuple[int, ...]] = tables[1]
        self.base_payments: Final[tuple[Payment, ...]] = turn_up_payments(profile, info)


_TABLES: dict[tuple[int, int], tuple[Profile, tuple[int, ...], tuple[int, ...]]] = {}


def _tables(profile: Profile, trumps: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The per-deal trick tables, cached by profile and trump suit."""
    key = (id(profile), trumps)
    hit = _TABLES.get(key)
    if hit is not None and hit[0] is profile:
        return hit[1], hit[2]
    by_rank = profile.tricks.by_rank
    honour = tuple([by_rank[c % 11] if c // 11 == trumps else 0 for c in range(44)])
    strength = tuple([100 + c if c // 11 == trumps else c for c in range(44)])
    if len(_TABLES) > 1024:
        _TABLES.clear()
    _TABLES[key] = (profile, honour, strength)
    return honour, strength


class Node:
    """One state of a deal. ``prev`` and ``act``/``seat`` say how it was reached (``act`` is
    None for the dealt state and for the end of a :func:`rollout`, whose plays are ``tail``).

    Before the play, ``auction``/``discards``/``ruff``/``payments`` are this node's own; during
    the play they are those of ``base``, the state in which the play began. ``trick`` holds the
    cards on the table packed 6 bits each (``ntrick`` of them), ``points`` and ``won`` are by
    seat.
    """

    __slots__ = (
        "act",
        "auction",
        "base",
        "deal",
        "discards",
        "h0",
        "h1",
        "h2",
        "leader",
        "ntrick",
        "ntricks",
        "payments",
        "phase",
        "points",
        "prev",
        "ruff",
        "seat",
        "tail",
        "to_act",
        "trick",
        "won",
    )

    def __init__(
        self,
        deal: Deal,
        prev: Node | None,
        act: Action | None,
        seat: int,
        phase: int,
        to_act: int,
        h0: int,
        h1: int,
        h2: int,
        base: Node | None,
    ) -> None:
        self.deal: Final = deal
        self.prev: Final = prev
        self.act: Final = act
        self.seat: Final = seat
        self.phase: Final = phase
        self.to_act: Final = to_act
        self.h0: Final = h0
        self.h1: Final = h1
        self.h2: Final = h2
        self.base: Final = base
        self.auction: AuctionState | None = None
        self.discards: tuple[int, ...] = ()
        self.ruff: RuffState | None = None
        self.payments: tuple[Payment, ...] = ()
        self.leader = -1
        self.trick = 0
        self.ntrick = 0
        self.ntricks = 0
        self.points: tuple[int, int, int] = (0, 0, 0)
        self.won: tuple[int, int, int] = (0, 0, 0)
        self.tail: tuple[tuple[int, Action], ...] = ()

    def hand(self, seat: int) -> int:
        return self.h0 if seat == 0 else self.h1 if seat == 1 else self.h2

    def hands(self) -> tuple[int, int, int]:
        return (self.h0, self.h1, self.h2)

    def pre(self) -> Node:
        """The node that holds the auction, discards, ruff and pre-play payments."""
        b = self.base
        return self if b is None else b


# ---------------------------------------------------------------------------- starting


def start(profile: Profile, info: DealInfo) -> Node:
    """The dealt state: the auction opens with eldest."""
    deal = Deal(profile, info)
    d0, d1, d2 = info.dealt
    n = Node(deal, None, None, -1, AUCTION, (info.dealer + 1) % 3, d0, d1, d2, None)
    n.auction = auction_start(profile, info.dealer)
    n.payments = deal.base_payments
    return n


def seeded_order(seed: int) -> list[int]:
    """``random.Random(seed).shuffle(list(range(44)))``, spelled out (the same draws) so that
    the compiled build runs it natively; the differential test checks the two agree."""
    rng = random.Random(seed)
    getrandbits = rng.getrandbits
    x = list(range(44))
    for i in range(43, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]
    return x


# ---------------------------------------------------------------------------- legal actions


def legal(n: Node) -> tuple[Action, ...]:
    """Everything the player to act may do, in a stable order."""
    phase = n.phase
    if phase == PLAY_PHASE:
        seat = n.to_act
        hand = n.h0 if seat == 0 else n.h1 if seat == 1 else n.h2
        if n.ntrick:
            led = (n.trick & 63) // 11
            follow = (hand >> (11 * led)) & _M11
            if follow:
                if n.deal.play_high:
                    follow = 1 << (follow.bit_length() - 1)
                return _PLAY_BY_SUIT[led][follow]
        return (
            _S0[hand & _M11] + _S1[(hand >> 11) & _M11] + _S2[(hand >> 22) & _M11] + _S3[hand >> 33]
        )
    if phase == AUCTION:
        a = n.auction
        assert a is not None
        out: list[Action] = []
        for bid in auction_choices(n.deal.profile, a):
            out.append(
                PASS if bid is None else BIDS[bid] if bid < len(BIDS) else Action("bid", bid)
            )
        return tuple(out)
    if phase == RUFF:
        r = n.ruff
        assert r is not None
        return tuple([WORDS[w] for w in ruff_choices(n.deal.profile, r)])
    if phase == DISCARD_PHASE:
        return discard_actions(discard_mask(n))
    return ()


def discard_mask(n: Node) -> int:
    a = n.auction
    assert a is not None
    return discardable(n.deal.profile, n.hand(a.buyer), n.deal.trumps)


def play_mask(n: Node) -> int:
    """The cards the player to act may play (the rule is gleek.stages.tricks.legal_mask)."""
    hand = n.hand(n.to_act)
    if not n.ntrick:
        return hand
    follow = hand & SUIT_MASK[(n.trick & 63) // 11]
    if not follow:
        return hand
    if n.deal.play_high:
        return 1 << (follow.bit_length() - 1)
    return follow


# ---------------------------------------------------------------------------- applying


def step(n: Node, action: Action) -> Node | None:
    """The state after the player to act does ``action``, or None if it is illegal."""
    phase = n.phase
    kind = action.kind
    if phase == PLAY_PHASE:
        card = action.card
        if card is None or kind != "play":
            return None
        c = card.index
        seat = n.to_act
        hand = n.h0 if seat == 0 else n.h1 if seat == 1 else n.h2
        if not hand >> c & 1:
            return None
        if n.ntrick:
            follow = hand & SUIT_MASK[(n.trick & 63) // 11]
            if follow and not (
                follow >> c & 1 and (not n.deal.play_high or follow.bit_length() - 1 == c)
            ):
                return None
        return play(n, seat, c, action)
    if phase == AUCTION:
        a = n.auction
        assert a is not None
        said = None if kind == "pass" else action.amount if kind == "bid" else -1
        if said not in auction_choices(n.deal.profile, a):
            return None
        return _after_bid(n, a, action)
    if phase == DISCARD_PHASE:
        card = action.card
        if kind != "discard" or card is None or not discard_mask(n) >> card.index & 1:
            return None
        return _after_discard(n, card.index, action)
    if phase == RUFF:
        r = n.ruff
        assert r is not None
        if kind not in ruff_choices(n.deal.profile, r):
            return None
        return _after_ruff(n, r, action)
    return None


def _copy_pre(n: Node, m: Node) -> None:
    m.auction = n.auction
    m.discards = n.discards
    m.ruff = n.ruff
    m.payments = n.payments


def _after_bid(n: Node, a: AuctionState, action: Action) -> Node:
    deal = n.deal
    seat = n.to_act
    a2 = auction_apply(deal.profile, a, seat, action.amount)
    if a2.buyer < 0:
        m = Node(deal, n, action, seat, AUCTION, a2.to_act, n.h0, n.h1, n.h2, None)
        m.payments = n.payments
    else:
        m = Node(deal, n, action, seat, DISCARD_PHASE, a2.buyer, n.h0, n.h1, n.h2, None)
        m.payments = n.payments + price_payments(deal.profile, a2.buyer, a2.bid)
    m.auction = a2
    return m


def _after_discard(n: Node, c: int, action: Action) -> Node:
    deal = n.deal
    buyer = n.to_act
    discards = (*n.discards, c)
    bit = ~(1 << c)
    hs = [n.h0, n.h1, n.h2]
    hs[buyer] &= bit
    if len(discards) < 7:
        m = Node(deal, n, action, buyer, DISCARD_PHASE, buyer, hs[0], hs[1], hs[2], None)
        _copy_pre(n, m)
        m.discards = discards
        return m
    hs[buyer] = take_stock(hs[buyer], (), deal.info.stock)
    r = ruff_start(deal.profile, deal.dealer, buyer, deal.info.ruff_stake)
    m = Node(deal, n, action, buyer, RUFF, r.to_act, hs[0], hs[1], hs[2], None)
    _copy_pre(n, m)
    m.discards = discards
    m.ruff = r
    return m


def _after_ruff(n: Node, r: RuffState, action: Action) -> Node:
    deal = n.deal
    profile = deal.profile
    seat = n.to_act
    hands = (n.h0, n.h1, n.h2)
    r2 = ruff_apply(profile, r, seat, action.kind, hands, deal.dealer)  # type: ignore[arg-type]
    if not r2.done:
        m = Node(deal, n, action, seat, RUFF, r2.to_act, n.h0, n.h1, n.h2, None)
        _copy_pre(n, m)
        m.ruff = r2
        return m
    # The ruff is settled; then sets and small trumps are paid before the first trick.
    aces = (
        r2.winner
        if r2.shown and r2.winner >= 0 and ruff_value(profile, hands[r2.winner]) == FOUR_ACES
        else -1
    )
    a = n.auction
    assert a is not None
    payments = (
        n.payments
        + ruff_payments(profile, r2)
        + set_payments(profile, hands, aces)
        + small_trump_payments(profile, hands, deal.trumps)
    )
    start_points = [0, 0, 0]
    start_points[deal.dealer] = turn_up_points(profile, deal.info)
    p = play_start(
        profile, deal.dealer, a.buyer, (start_points[0], start_points[1], start_points[2])
    )
    m = Node(deal, n, action, seat, PLAY_PHASE, p.leader, n.h0, n.h1, n.h2, None)
    _copy_pre(n, m)
    m.ruff = r2
    m.payments = payments
    m.leader = p.leader
    m.points = p.points
    return m


def play(n: Node, seat: int, c: int, action: Action) -> Node:
    """The state after ``seat`` (to act) plays card ``c`` (legal: the caller checked)."""
    deal = n.deal
    bit = ~(1 << c)
    h0, h1, h2 = n.h0, n.h1, n.h2
    if seat == 0:
        h0 &= bit
    elif seat == 1:
        h1 &= bit
    else:
        h2 &= bit
    base = n.base
    if base is None:
        base = n
    points = n.points
    honour = deal.honour[c]
    if honour and deal.to_player:
        points = _add(points, seat, honour)
    ntrick = n.ntrick
    if ntrick < 2:
        m = Node(deal, n, action, seat, PLAY_PHASE, (seat + 1) % 3, h0, h1, h2, base)
        m.leader = n.leader
        m.trick = n.trick | c << (6 * ntrick)
        m.ntrick = ntrick + 1
        m.ntricks = n.ntricks
        m.points = points
        m.won = n.won
        return m
    # The third card: the trick is won by the highest trump, else the highest of the suit led.
    trick = n.trick
    c0 = trick & 63
    c1 = trick >> 6
    leader = n.leader
    key = deal.key
    led = c0 // 11
    best, winner = key[c0], leader
    k1 = key[c1] if c1 // 11 == led or key[c1] >= 100 else -1
    if k1 > best:
        best, winner = k1, (leader + 1) % 3
    k2 = key[c] if c // 11 == led or key[c] >= 100 else -1
    if k2 > best:
        winner = seat
    gain = deal.trick_points
    if not deal.to_player:
        gain += deal.honour[c0] + deal.honour[c1] + honour
    points = _add(points, winner, gain)
    ntricks = n.ntricks + 1
    won = _add(n.won, winner, 1)
    if ntricks < 12:
        m = Node(deal, n, action, seat, PLAY_PHASE, winner, h0, h1, h2, base)
    else:
        m = Node(deal, n, action, seat, OVER, -1, h0, h1, h2, base)
    m.leader = winner
    m.ntricks = ntricks
    m.points = points
    m.won = won
    return m


def _add(t: tuple[int, int, int], seat: int, k: int) -> tuple[int, int, int]:
    if seat == 0:
        return (t[0] + k, t[1], t[2])
    if seat == 1:
        return (t[0], t[1] + k, t[2])
    return (t[0], t[1], t[2] + k)


def final_payments(n: Node) -> tuple[Payment, ...]:
    """Every payment so far; once the deal is over, the settlement against par too."""
    pre = n.pre()
    if n.phase != OVER:
        return pre.payments
    return pre.payments + settlement(n.points, n.deal.par)


# ---------------------------------------------------------------------------- reading back


def history(n: Node) -> tuple[tuple[int, Action], ...]:
    """Every action so far as ``(seat, action)``, in order (walks the back-pointers)."""
    parts: list[tuple[tuple[int, Action], ...]] = []
    m: Node | None = n
    while m is not None:
        if m.tail:
            parts.append(m.tail)
        act = m.act
        if act is not None:
            parts.append(((m.seat, act),))
        m = m.prev
    out: list[tuple[int, Action]] = []
    for part in reversed(parts):
        out.extend(part)
    return tuple(out)


def plays(n: Node) -> list[tuple[int, int]]:
    """The cards played so far as ``(seat, card index)``, in order."""
    out: list[tuple[int, int]] = []
    for seat, act in history(n):
        card = act.card
        if act.kind == "play" and card is not None:
            out.append((seat, card.index))
    return out


# ---------------------------------------------------------------------------- rollouts


POLICIES: Final = ("random", "greedy")


def rollout(n: Node, policy: str, rng: random.Random) -> Node:
    """Play the deal from ``n`` to its end: ``random`` (uniform over the legal actions) or
    ``greedy`` (a simple bot). The play phase runs on ints without a node per card."""
    greedy = policy == "greedy"
    rnd = rng.random
    while n.phase != PLAY_PHASE and n.phase != OVER:
        if n.phase == DISCARD_PHASE:
            n = _rollout_discards(n, greedy, rng)
            continue
        options = legal(n)
        choice = options[int(rnd() * len(options))] if not greedy else _greedy_pre(n, options)
        nxt = step(n, choice)
        assert nxt is not None
        n = nxt
    if n.phase == OVER:
        return n
    deal = n.deal
    key = deal.key
    honour = deal.honour
    to_player = deal.to_player
    play_high = deal.play_high
    gain0 = deal.trick_points
    h = [n.h0, n.h1, n.h2]
    pts = [n.points[0], n.points[1], n.points[2]]
    won = [n.won[0], n.won[1], n.won[2]]
    tail: list[tuple[int, Action]] = []
    seat = n.to_act
    leader = n.leader
    trick = [n.trick & 63, n.trick >> 6]
    nt = n.ntrick
    ntricks = n.ntricks
    while ntricks < 12:
        hand = h[seat]
        if nt:
            c0 = trick[0]
            led = c0 // 11
            follow = (hand >> (11 * led)) & _M11
            if follow and play_high:
                c = 11 * led + follow.bit_length() - 1
            elif follow:
                opts = _CARDS_BY_SUIT[led][follow]
                c = (
                    _greedy_follow(opts, trick, nt, key, led)
                    if greedy
                    else opts[int(rnd() * len(opts))]
                )
            else:
                opts = _hand_cards(hand)
                c = (
                    _greedy_discard(opts, trick, nt, key, led)
                    if greedy
                    else opts[int(rnd() * len(opts))]
                )
        else:
            opts = _hand_cards(hand)
            c = opts[-1] if greedy else opts[int(rnd() * len(opts))]
        h[seat] = hand & ~(1 << c)
        tail.append((seat, PLAY[c]))
        x = honour[c]
        if x and to_player:
            pts[seat] += x
        if nt < 2:
            if nt == 0:
                trick[0] = c
            else:
                trick[1] = c
            nt += 1
            seat = (seat + 1) % 3
            continue
        c0, c1 = trick[0], trick[1]
        led = c0 // 11
        best, winner = key[c0], leader
        k1 = key[c1] if c1 // 11 == led or key[c1] >= 100 else -1
        if k1 > best:
            best, winner = k1, (leader + 1) % 3
        k2 = key[c] if c // 11 == led or key[c] >= 100 else -1
        if k2 > best:
            winner = seat
        gain = gain0
        if not to_player:
            gain += honour[c0] + honour[c1] + x
        pts[winner] += gain
        won[winner] += 1
        ntricks += 1
        leader = winner
        seat = winner
        nt = 0
    base = n.base
    if base is None:
        base = n
    m = Node(deal, n, None, -1, OVER, -1, h[0], h[1], h[2], base)
    m.leader = leader
    m.ntricks = 12
    m.points = (pts[0], pts[1], pts[2])
    m.won = (won[0], won[1], won[2])
    m.tail = tuple(tail)
    return m


def _rollout_discards(n: Node, greedy: bool, rng: random.Random) -> Node:
    """The rest of the buyer's seven discards in one node (the plays go in ``tail``)."""
    rnd = rng.random
    mask = discard_mask(n)
    cards: list[int] = []
    for _ in range(7 - len(n.discards)):
        opts = _hand_cards(mask)
        c = opts[0] if greedy else opts[int(rnd() * len(opts))]
        mask &= ~(1 << c)
        cards.append(c)
    deal = n.deal
    buyer = n.to_act
    hs = [n.h0, n.h1, n.h2]
    hand = hs[buyer]
    for c in cards:
        hand &= ~(1 << c)
    hs[buyer] = take_stock(hand, (), deal.info.stock)
    r = ruff_start(deal.profile, deal.dealer, buyer, deal.info.ruff_stake)
    m = Node(deal, n, None, -1, RUFF, r.to_act, hs[0], hs[1], hs[2], None)
    _copy_pre(n, m)
    m.discards = n.discards + tuple(cards)
    m.ruff = r
    m.tail = tuple([(buyer, DISCARD[c]) for c in cards])
    return m


def _greedy_pre(n: Node, options: tuple[Action, ...]) -> Action:
    """Before the play: open the auction as forced, then pass; discard the lowest card; in
    the ruff wait, or pass (the first word the rules offer)."""
    if n.phase == DISCARD_PHASE:
        return options[0]
    if n.phase == AUCTION:
        return options[0] if len(options) == 1 else PASS
    return options[0]


def _greedy_follow(
    opts: tuple[int, ...], trick: list[int], nt: int, key: tuple[int, ...], led: int
) -> int:
    """Following suit: win with the highest if it beats the table, else play the lowest."""
    best = key[trick[0]]
    if nt == 2:
        c1 = trick[1]
        k1 = key[c1] if c1 // 11 == led or key[c1] >= 100 else -1
        best = max(best, k1)
    top = opts[-1]
    return top if key[top] > best else opts[0]


def _greedy_discard(
    opts: tuple[int, ...], trick: list[int], nt: int, key: tuple[int, ...], led: int
) -> int:
    """Void in the suit led: trump with the lowest trump that wins, else throw the lowest card."""
    best = key[trick[0]]
    if nt == 2:
        c1 = trick[1]
        k1 = key[c1] if c1 // 11 == led or key[c1] >= 100 else -1
        best = max(best, k1)
    low = opts[0]
    win = -1
    for c in opts:
        k = key[c]
        if k >= 100 and k > best and (win < 0 or k < key[win]):
            win = c
        if key[c] % 100 % 11 < key[low] % 100 % 11:
            low = c
    return win if win >= 0 else low
