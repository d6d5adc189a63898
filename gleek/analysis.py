"""A perfect-information solver for the card play: what each legal card is worth, every hand known.

The value of a card for the seat to act (the *solver's seat*) is what that seat ends the deal
with when it plays the card, then plays every card of its own to maximise that amount while the
two others play every card of theirs to minimise it ("paranoid": the two others act as one side,
so the search is two-sided and alpha-beta applies). In ``points`` mode the amount is the seat's
points at the end of the deal (trick points and honours, including those it holds already); in
``chips`` mode it is the seat's chips at the end of the deal under the profile's settlement
(what was paid before the play, then the settlement against par through the pot,
:func:`gleek.stages.settle.settlement`). A seat's settlement depends on its own points alone,
and grows with them, so both modes choose alike; the chips are the points moved onto the
settlement's scale.

The search runs on masks: the stages decide which cards may be played
(:func:`gleek.stages.tricks.legal_mask`), who wins a trick
(:func:`~gleek.stages.tricks.trick_winner`) and what it scores
(:func:`~gleek.stages.tricks.trick_points`, :func:`~gleek.stages.tricks.play_scores`).
It searches the points still to come (so the points so far stay out of the transposition
table's key, which is the three hands and the leader at the start of a trick), tries the
card that was best in the table first, then the others from high to low, and plays a run of
cards once: cards of one suit in one hand with no card still out between them (in a hand or on
the table), and the same honour points, play alike.

>>> import gleek
>>> s = gleek.new_deal(gleek.load_profile("parlett"), dealer=0, seed=3)
>>> while s.phase is not gleek.Phase.PLAY:
...     s = s.apply(gleek.legal_actions(s)[0])
>>> for _ in range(27):
...     s = s.apply(gleek.legal_actions(s)[0])
>>> values = card_values(s)          # the last three tricks, seat to act's points
>>> set(values) == {a.card for a in gleek.legal_actions(s)}
True
>>> best_value(s) == max(values.values())
True
"""

from __future__ import annotations

from typing import Final, Literal

from gleek._core import PLAY_PHASE, Deal
from gleek.cards import CARDS, Card
from gleek.errors import ArgumentError
from gleek.stages.rules import Rules, rules_of
from gleek.stages.settle import settlement
from gleek.stages.tricks import (
    TRUMP,
    legal_mask,
    play_scores,
    power,
    trick_points,
    trick_winner,
)
from gleek.state import State

__all__ = ["MODES", "Solver", "best_value", "card_values", "chips_at_end", "solver_for"]

#: The two measures a card's value is given in.
MODES: Final = ("points", "chips")

#: The most positions a solver's transposition table keeps (for each seat) before it is
#: emptied.
TABLE_BUDGET: Final = 500_000

_M11: Final = 0x7FF


def _pext_table(bits: int) -> list[int]:
    """For each mask ``m`` of ``bits`` bits and each ``x`` (index ``m << bits | x``), the bits
    of ``x`` where ``m`` has them, gathered low (the x86 instruction of that name)."""
    table = [0] * (1 << (2 * bits))
    for m in range(1 << bits):
        for x in range(1 << bits):
            out = 0
            k = 0
            for b in range(bits):
                if m >> b & 1:
                    out |= (x >> b & 1) << k
                    k += 1
            table[m << bits | x] = out
    return table


_PEXT6: Final = _pext_table(6)
_PEXT5: Final = _pext_table(5)


def _pext(x: int, m: int) -> int:
    """The bits of ``x`` (its low 11) where the 11-bit mask ``m`` has them, gathered low."""
    lo = m & 63
    return _PEXT6[lo << 6 | (x & 63)] | _PEXT5[(m >> 6) << 5 | (x >> 6 & 31)] << lo.bit_count()


def _nth(live: int, legal: int, rank: int) -> int:
    """The card of ``legal`` with ``rank`` cards of ``live`` above it, or -1."""
    m = legal
    while m:
        c = m.bit_length() - 1
        m ^= 1 << c
        if (live >> (c + 1)).bit_count() == rank:
            return c
    return -1


class Solver:
    """A solver for one deal's play, every hand known (:func:`card_values` makes one).

    ``table`` and ``merge`` turn the transposition table and the merging of equivalent cards
    off (the values are the same: a test holds them to it); :attr:`nodes` counts the positions
    searched. The table is kept between calls for the same seat. ``depth`` (tricks, the one on
    the table counted) limits the search: where it stops the value is a heuristic's (the
    seat's master cards as tricks, its honours still to play), no longer the exact one; a
    depth-limited solver is for one call (its table holds values of that depth)."""

    def __init__(
        self,
        rules: Rules,
        key: tuple[int, ...],
        honour: tuple[int, ...],
        *,
        table: bool = True,
        merge: bool = True,
        depth: int = 12,
    ) -> None:
        self.rules = rules
        self.key = key
        self.honour = honour
        # what playing a card scores for its player at once (honours where they go to the
        # player): the seat plays every card it holds, so these are a constant of the position
        # (added at the root), never searched
        self.on_play: tuple[int, ...] = play_scores(rules, honour)
        # what a card brings the trick's winner beyond the trick's points (honours where they
        # go to the winner, else nothing)
        self.win: tuple[int, ...] = (0,) * 44 if rules.to_player else honour
        self.play_high: bool = rules.play_high
        self.use_table = table
        self.depth = depth
        self.stop = 0  # the number of cards left at which a depth-limited search stops
        self.merge = merge
        self.nodes = 0
        self.seat = 0
        self.tables: list[dict[int, int]] = [{}, {}, {}]
        #: the most positions a seat's table holds before it is emptied (an attribute, not the
        #: constant, so that a test can make it small in the compiled build too)
        self.budget: int = TABLE_BUDGET
        self.tt: dict[int, int] = self.tables[0]
        # what a card scores in a trick by itself (its honour, where honours go to the winner)
        # and at once (where they go to the player): two cards play alike only if both agree
        self.honours = 0
        for c in range(44):
            if self.win[c]:
                self.honours |= 1 << c
        self.worth: list[int] = list(self.win)
        self.trumps = 0  # the trumps' mask
        for c in range(44):
            if key[c] >= TRUMP:
                self.trumps |= 1 << c
        # the cards of each worth above nothing, by suit: (suit, the 11-bit mask in it), each
        # a part of the table's key (a position's cards are keyed by their order, see _key)
        self.classes: list[tuple[int, int]] = []
        for w in sorted({x for x in self.win if x}):
            mask = 0
            for c in range(44):
                if self.win[c] == w:
                    mask |= 1 << c
            for suit in range(4):
                part = (mask >> (11 * suit)) & _M11
                if part:
                    self.classes.append((suit, part))

    # -- the public side
    def values(
        self,
        hands: tuple[int, int, int],
        leader: int,
        trick: tuple[int, ...],
        seat: int,
    ) -> dict[int, int]:
        """The points still to come for ``seat`` (to act) after each of its legal cards, by
        card number: ``hands`` the three masks, ``trick`` the cards on the table in order."""
        self.seat = seat
        left = (hands[0] | hands[1] | hands[2]).bit_count() + len(trick)
        self.stop = max(0, left - 3 * self.depth)
        self.tt = self.tables[seat]
        n = len(trick)
        c0 = trick[0] if n > 0 else -1
        c1 = trick[1] if n > 1 else -1
        led = c0 // 11 if n else -1
        h = [hands[0], hands[1], hands[2]]
        legal = legal_mask(h[seat], led, self.play_high)
        # what the seat's cards still in its hand score as they are played (nothing where
        # honours go to a trick's winner)
        held = 0
        m = h[seat]
        while m:
            d = m.bit_length() - 1
            m ^= 1 << d
            held += self.on_play[d]
        out: dict[int, int] = {}
        guess = -1  # the first card by a search of the whole window, the others closing in
        for c in self._moves(h[0], h[1], h[2], legal, leader, n, c0, c1, -1):
            if guess < 0:
                guess = out[c] = self._after(h[0], h[1], h[2], leader, n, c0, c1, c, -1, 1 << 20)
            else:
                guess = out[c] = self._exact(h[0], h[1], h[2], leader, n, c0, c1, c, guess)
        # a card merged with the one above it (see _moves) is worth what that one is
        m = legal
        above = -1
        while m:
            d = m.bit_length() - 1
            m ^= 1 << d
            if d in out:
                above = d
            else:
                out[d] = out[above]
        return {c: v + held for c, v in out.items()}

    def _exact(
        self, h0: int, h1: int, h2: int, leader: int, n: int, c0: int, c1: int, c: int, guess: int
    ) -> int:
        """The exact value of playing ``c``, by null-window searches closing in on it from
        ``guess`` (MTD(f)): each search says only whether the value is below a bound."""
        lower, upper = -1, 1 << 20
        g = guess
        while lower < upper:
            b = g + 1 if g == lower else g
            g = self._after(h0, h1, h2, leader, n, c0, c1, c, b - 1, b)
            if g < b:
                upper = g
            else:
                lower = g
        return g

    # -- the search
    def _moves(
        self,
        h0: int,
        h1: int,
        h2: int,
        legal: int,
        leader: int,
        n: int,
        c0: int,
        c1: int,
        first: int,
    ) -> list[int]:
        """The cards of ``legal`` to try, of a run of cards with nothing still out between them
        and the same honour points only the highest, in the order most likely best: ``first``
        (the table's best); leading, high cards first; following, when the seat's own side is
        not winning the trick, the lowest card that wins it, then the others low to high; when
        it is, low to high."""
        live = h0 | h1 | h2
        if c0 >= 0:
            live |= 1 << c0
        if c1 >= 0:
            live |= 1 << c1
        worth = self.worth
        merge = self.merge
        cards: list[int] = []
        prev = -1  # the last card kept, walking down a suit
        m = legal
        while m:
            c = m.bit_length() - 1
            m ^= 1 << c
            if merge and prev >= 0 and prev // 11 == c // 11 and worth[prev] == worth[c]:
                between = live & ((1 << prev) - (1 << (c + 1)))
                if not between & ~legal:
                    continue  # nothing still out between them: c plays like prev
            cards.append(c)
            prev = c
        if n > 0 and len(cards) > 1:
            key = self.key
            led = c0 // 11
            top = power(key, c0, led)
            winning = leader
            if n == 2:
                p1 = power(key, c1, led)
                if p1 > top:
                    top, winning = p1, (leader + 1) % 3
            me = (leader + n) % 3
            ours = (winning == self.seat) == (me == self.seat)
            low = cards[::-1]
            if ours:
                cards = low
            else:
                win = [c for c in low if power(key, c, led) > top]
                lose = [c for c in low if power(key, c, led) <= top]
                cards = win[:1] + lose + win[1:]
        if first >= 0 and first in cards and cards[0] != first:
            cards.remove(first)
            cards.insert(0, first)
        return cards

    def _after(
        self,
        h0: int,
        h1: int,
        h2: int,
        leader: int,
        n: int,
        c0: int,
        c1: int,
        c: int,
        alpha: int,
        beta: int,
    ) -> int:
        """The points still to come for the solver's seat once the seat to act plays ``c``."""
        p = (leader + n) % 3
        bit = ~(1 << c)
        if p == 0:
            h0 &= bit
        elif p == 1:
            h1 &= bit
        else:
            h2 &= bit
        if n == 0:
            return self._search(h0, h1, h2, leader, 1, c, -1, alpha, beta)
        if n == 1:
            return self._search(h0, h1, h2, leader, 2, c0, c, alpha, beta)
        winner = trick_winner(self.key, c0, c1, c, leader)
        gain = 0
        if winner == self.seat:
            done = 11 - (h0 | h1 | h2).bit_count() // 3
            gain = trick_points(self.rules, self.honour, c0, c1, c, done)
        left = h0 | h1 | h2
        if not left:
            return gain
        if left.bit_count() <= self.stop:
            return gain + self._leaf(h0, h1, h2, left)
        return gain + self._search(h0, h1, h2, winner, 0, -1, -1, alpha - gain, beta - gain)

    def _leaf(self, h0: int, h1: int, h2: int, left: int) -> int:
        """Where a depth-limited search stops (at the start of a trick): the points the
        solver's seat may count on still, its masters (cards above every card of their suit
        still out in the other hands) taken as tricks, at most one a trick left (the honours it
        holds where they score as played are counted at the root)."""
        mine = h0 if self.seat == 0 else h1 if self.seat == 1 else h2
        others = left & ~mine
        masters = 0
        for suit in range(4):
            ours = (mine >> (11 * suit)) & _M11
            theirs = (others >> (11 * suit)) & _M11
            top = theirs.bit_length()  # the cards above the highest of theirs
            masters += (ours >> top).bit_count()
        tricks = min(masters, left.bit_count() // 3)
        return tricks * self.rules.trick_points

    def _most(self, left: int) -> int:
        """The most points the cards ``left`` in the hands may still bring: every trick's
        points (the trick on the table's too) and every honour left that goes to a trick's
        winner."""
        total = (left.bit_count() + 2) // 3 * self.rules.trick_points
        m = left & self.honours
        while m:
            c = m.bit_length() - 1
            m ^= 1 << c
            total += self.win[c]
        return total

    def _key(self, h0: int, h1: int, live: int) -> int:
        """The table's key of the cards in the hands: for each suit, how many of its cards are
        left and which of those (in order) the first and second seats hold, and where honours
        go to a trick's winner, which of them are of each worth. Positions alike in these play
        alike (the cards that were played are gone from between the others: a card's
        strength counts only against the cards left), so they share their entry."""
        key = 0
        for suit in range(4):
            shift = 11 * suit
            m = (live >> shift) & _M11
            key = (
                key << 26
                | m.bit_count() << 22
                | _pext(h0 >> shift, m) << 11
                | _pext(h1 >> shift, m)
            )
        for suit, part in self.classes:
            m = (live >> (11 * suit)) & _M11
            key = key << 11 | _pext(part & m, m)
        return key

    def _search(
        self,
        h0: int,
        h1: int,
        h2: int,
        leader: int,
        n: int,
        c0: int,
        c1: int,
        alpha: int,
        beta: int,
    ) -> int:
        """The points still to come for the solver's seat, ``n`` cards on the table, within
        ``alpha`` and ``beta`` (fail-soft: a value at or below alpha is an upper bound, one at or
        above beta a lower bound)."""
        self.nodes += 1
        if beta <= 0:
            return 0  # nothing is less than nothing more
        live = h0 | h1 | h2
        most = self._most(live)
        if n:  # (an honour on the table may score for the trick's winner yet)
            most += self.win[c0] + (self.win[c1] if n == 2 else 0)
        else:
            # a trump above every trump of the solver's seat wins its trick for the other
            # side, one of theirs a trick; one of the seat's above all of theirs wins for it
            t = self.trumps
            seat = self.seat
            mine = (h0 if seat == 0 else h1 if seat == 1 else h2) & t
            one = (h1 if seat == 0 else h0) & t
            two = (h1 if seat == 2 else h2) & t
            top = mine.bit_length()
            theirs = max((one >> top).bit_count(), (two >> top).bit_count())
            most -= theirs * self.rules.trick_points
            ours = (mine >> max(one.bit_length(), two.bit_length())).bit_count()
            sure = ours * self.rules.trick_points
            if sure >= beta:
                return sure
        if alpha >= most:
            return most
        key = 0
        first = -1
        use = self.use_table and n == 0
        if use:
            key = self._key(h0, h1, live) << 2 | leader
            entry = self.tt.get(key, -1)
            if entry >= 0:
                lo = entry & 1023
                hi = (entry >> 10) & 1023
                first = (entry >> 20) - 1
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
        p = (leader + n) % 3
        hand = h0 if p == 0 else h1 if p == 1 else h2
        led = c0 // 11 if n else -1
        legal = legal_mask(hand, led, self.play_high)
        if first >= 0:  # the table's best card, kept by its place among the cards left
            first = _nth(live, legal, first)
        maxing = p == self.seat
        best = -1 if maxing else 1 << 30
        best_card = -1
        a, b = alpha, beta
        for c in self._moves(h0, h1, h2, legal, leader, n, c0, c1, first):
            v = self._after(h0, h1, h2, leader, n, c0, c1, c, a, b)
            if maxing:
                if v > best:
                    best, best_card = v, c
                    if v > a:
                        a = v
            elif v < best:
                best, best_card = v, c
                if v < b:
                    b = v
            if a >= b:
                break
        if use:
            old = self.tt.get(key, -1)
            lo, hi = (old & 1023, (old >> 10) & 1023) if old >= 0 else (0, 1023)
            if best <= alpha:
                hi = min(hi, best)
            elif best >= beta:
                lo = max(lo, best)
            else:
                lo = hi = best
            if len(self.tt) >= self.budget:  # (bounded: emptied when full)
                self.tt.clear()
            rank = (live >> (best_card + 1)).bit_count()
            self.tt[key] = lo | hi << 10 | (rank + 1) << 20
        return best


def _state_parts(state: object) -> tuple[Deal, tuple[int, int, int], int, tuple[int, ...], int]:
    """The play state's deal, hands, leader, trick on the table and seat to act; a clear error
    for anything else."""
    if not isinstance(state, State):
        raise ArgumentError(
            f"state must be a gleek.State in the play phase, not {type(state).__name__}"
        )
    if state._phase != PLAY_PHASE:
        raise ArgumentError(
            f"state must be in the play phase to be solved; this one is in the "
            f"{state.phase.value} phase"
        )
    trick = tuple([c.index for _, c in state.trick])
    return state._deal, (state._h0, state._h1, state._h2), state._leader, trick, state._to_act


def solver_for(state: object, *, table: bool = True, merge: bool = True, depth: int = 12) -> Solver:
    """A :class:`Solver` for the deal of ``state`` (in the play phase); ``table``, ``merge``
    and ``depth`` as :class:`Solver` has them."""
    deal = _state_parts(state)[0]
    return Solver(deal.rules, deal.key, deal.honour, table=table, merge=merge, depth=depth)


def card_values(
    state: object,
    mode: Literal["points", "chips"] = "points",
    *,
    solver: Solver | None = None,
) -> dict[Card, int]:
    """The value of each legal card for the seat to act in ``state`` (in the play phase, every
    hand known): its points at the end of the deal (``mode="points"``) or its chips
    (``mode="chips"``), when it maximises and the two others minimise them (see the module's
    text). ``solver`` (from :func:`solver_for` for the same deal) keeps its table between
    calls."""
    if mode not in MODES:
        raise ArgumentError(f"mode must be 'points' or 'chips', not {mode!r}")
    _, hands, leader, trick, seat = _state_parts(state)
    if solver is None:
        solver = solver_for(state)
    future = solver.values(hands, leader, trick, seat)
    assert isinstance(state, State)
    now = state.points[seat]
    if mode == "points":
        return {CARDS[c]: now + v for c, v in sorted(future.items(), reverse=True)}
    return {
        CARDS[c]: chips_at_end(state, seat, now + v)
        for c, v in sorted(future.items(), reverse=True)
    }


def chips_at_end(state: object, seat: int, points: int) -> int:
    """The chips ``seat`` ends the deal of ``state`` (in the play) with when it ends it with
    ``points``: what it was paid before the play, then its settlement against par (the
    settlement pays a seat by its own points alone)."""
    assert isinstance(state, State)
    rules = rules_of(state.profile)
    others = (rules.par, rules.par)
    pts = (
        (points, *others)
        if seat == 0
        else (others[0], points, others[1])
        if seat == 1
        else (*others, points)
    )
    paid = state.chips[seat]
    for p in settlement((pts[0], pts[1], pts[2]), rules.par):
        if p.payer == seat:
            paid -= p.amount
        if p.payee == seat:
            paid += p.amount
    return paid


def best_value(state: object, mode: Literal["points", "chips"] = "points") -> int:
    """The best of :func:`card_values`: what the seat to act ends with, playing best."""
    return max(card_values(state, mode).values())
