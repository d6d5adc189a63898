"""Stage 3: the ruff - suit values, four Aces, vying in the direct or the pool model.

Direct model (parlett, pedagogical, cotton): from the first speaker each may vie or wait; after
a vie, clockwise among players still in, each passes (owes the stake as it is now), sees, or
revies (+raise). It ends when two have passed or everyone still in has acted since the last
raise. Pool model (publications-international): everyone antes the stake; a pass before anyone
has vied is a wait, not a fold (inferred; "Where the sources are silent", ``pool-pass-waits``);
a vie or revie puts in ``raise`` more; folders forfeit what they put in; the winner takes the pool.

Cotton's rules, for any direct-model profile: ``losers_pay`` how-far (a loser pays the final
stake if it held out, the stake it last vied or saw if it withdrew after, ``nothing_to_say`` if
it never vied or saw); ``late_raise`` (revies count less once the stake is high);
``youngest_doubles`` (after two waits the third hand may say ``double``: no ruff this deal, and
the next deal's opening stake is twice this one's).

>>> from gleek.profile import load_profile
>>> from gleek.cards import mask_of, parse_cards
>>> from gleek.stages.rules import rules_of
>>> parlett = rules_of(load_profile("parlett"))
>>> ruff_value(parlett, mask_of(parse_cards(["AC", "QC", "9C", "5C", "8H"])))
35
>>> r = ruff_start(parlett, dealer=2, buyer=1, stake=2)   # eldest (seat 0) speaks first
>>> ruff_choices(parlett, r)
('wait', 'vie')
>>> verify_word(parlett, r, "see").facts
{'words': ('wait', 'vie')}
"""

from __future__ import annotations

from typing import Final

from gleek.actions import RuffWord
from gleek.stages.common import RANK_MASK, Payment, Refusal, left_of
from gleek.stages.rules import Rules

__all__ = [
    "FOUR_ACES",
    "Ruff",
    "aces_winner",
    "best_suit_value",
    "next_stake",
    "revie_stake",
    "ruff_apply",
    "ruff_choices",
    "ruff_payments",
    "ruff_start",
    "ruff_value",
    "ruff_winner",
    "stake_now",
    "verify_word",
]

FOUR_ACES: Final = 1000  # a ruff value above any suit's (the most a suit can hold is 85)
_M11: Final = 0x7FF
_ACES: Final = RANK_MASK[10]


def ruff_value(rules: Rules, hand: int) -> int:
    """The hand's best suit by value (A 11, K/Q/J 10, others their number), or
    :data:`FOUR_ACES` for four Aces where the profile lets them beat every ruff."""
    if rules.four_aces and hand & _ACES == _ACES:
        return FOUR_ACES
    return best_suit_value(rules, hand)


def best_suit_value(rules: Rules, hand: int) -> int:
    """The value of the hand's best suit (A 11, K/Q/J 10, others their number)."""
    table = rules.suit_table
    # max of two at a time: the compiled build makes each a comparison, not a call
    return max(
        max(table[hand & _M11], table[(hand >> 11) & _M11]),
        max(table[(hand >> 22) & _M11], table[hand >> 33]),
    )


def ruff_winner(rules: Rules, hands: tuple[int, int, int], dealer: int, live: int) -> int:
    """Best ruff among ``live`` seats (a bit per seat); equal ruffs go by ``ruff.tie_break``
    (eldest, then middle, then dealer: the only order the sources give)."""
    best, best_seat = -1, -1
    for k in rules.ties:
        seat = (dealer + k) % 3
        if live >> seat & 1:
            # (the hand by a test of the seat, not hands[seat]: compiled, indexing a tuple of
            # ints by a variable makes an object of the tuple and of each of its ints)
            hand = hands[0] if seat == 0 else hands[1] if seat == 1 else hands[2]
            value = ruff_value(rules, hand)
            if value > best:
                best, best_seat = value, seat
    return best_seat


class Ruff:
    """The vying so far. ``put`` (``p0 p1 p2``) is what each seat has at stake: in the direct
    model what it owes if it loses (fixed when it passes), in the pool model what it has put
    in. ``live``: a bit per seat still in; ``acted``: a bit per seat that has acted since the
    last raise; ``vier`` -1 before anyone vies; ``winner`` -1 until decided (and for nobody);
    ``shown``: decided by showing the hands; ``doubled``: the youngest doubled a ruff nobody
    vied, for the next deal. Immutable: every word makes a new one."""

    __slots__ = (
        "acted",
        "done",
        "doubled",
        "live",
        "p0",
        "p1",
        "p2",
        "shown",
        "stake",
        "to_act",
        "vier",
        "waits",
        "winner",
    )

    def __init__(
        self,
        stake: int,
        vier: int,
        live: int,
        acted: int,
        p0: int,
        p1: int,
        p2: int,
        to_act: int,
        waits: int,
        done: bool,
        winner: int,
        shown: bool,
        doubled: bool,
    ) -> None:
        self.stake: Final = stake
        self.vier: Final = vier
        self.live: Final = live
        self.acted: Final = acted
        self.p0: Final = p0
        self.p1: Final = p1
        self.p2: Final = p2
        self.to_act: Final = to_act
        self.waits: Final = waits
        self.done: Final = done
        self.winner: Final = winner
        self.shown: Final = shown
        self.doubled: Final = doubled

    @property
    def put(self) -> tuple[int, int, int]:
        """What each seat has at stake."""
        return (self.p0, self.p1, self.p2)


def ruff_start(rules: Rules, dealer: int, buyer: int, stake: int) -> Ruff:
    """Before anyone speaks. ``stake`` is this deal's opening stake (carried or the
    profile's); in the pool model everyone antes it."""
    first = buyer if rules.first_buyer else left_of(dealer)
    put = stake if rules.pool else 0
    return Ruff(stake, -1, 7, 0, put, put, put, first, 0, False, -1, False, False)


#: the words of the ruff (gleek.actions.RuffWord), as the plain strings the stage compares
_WAIT: Final[str] = RuffWord.WAIT.value
_VIE: Final[str] = RuffWord.VIE.value
_PASS: Final[str] = RuffWord.PASS.value
_SEE: Final[str] = RuffWord.SEE.value
_REVIE: Final[str] = RuffWord.REVIE.value
_DOUBLE: Final[str] = RuffWord.DOUBLE.value
_WAIT_VIE: Final[tuple[str, ...]] = (_WAIT, _VIE)
_WAIT_VIE_DOUBLE: Final[tuple[str, ...]] = (_WAIT, _VIE, _DOUBLE)
_PASS_SEE_REVIE: Final[tuple[str, ...]] = (_PASS, _SEE, _REVIE)


def ruff_choices(rules: Rules, r: Ruff) -> tuple[str, ...]:
    """The words the player to act may say: before a vie wait or vie (and, for the third hand
    after two waits where the profile allows it, double); after one pass, see or revie."""
    if r.done:
        return ()
    if r.vier < 0:
        if r.waits == 2 and rules.doubles:
            return _WAIT_VIE_DOUBLE
        return _WAIT_VIE
    return _PASS_SEE_REVIE


def verify_word(rules: Rules, r: Ruff, word: str) -> Refusal | None:
    """Why the player to act may not say ``word`` now: ``bad-ruff-call``, with the ``words``
    it may say (:func:`ruff_choices`); None if it may."""
    if r.vier < 0:
        if word in (_WAIT, _VIE) or (word == _DOUBLE and r.waits == 2 and rules.doubles):
            return None
        return Refusal("bad-ruff-call", "ruff-before-vie", {"words": ruff_choices(rules, r)})
    if word in (_PASS, _SEE, _REVIE):
        return None
    return Refusal("bad-ruff-call", "ruff-after-vie", {"words": ruff_choices(rules, r)})


def ruff_apply(
    rules: Rules, r: Ruff, seat: int, word: str, hands: tuple[int, int, int], dealer: int
) -> Ruff:
    """The vying after ``seat`` says ``word`` (checked by :func:`verify_word`)."""
    if word == _DOUBLE:
        return Ruff(r.stake, -1, 7, 0, r.p0, r.p1, r.p2, -1, r.waits, True, -1, False, True)
    if word == _WAIT:
        waits = r.waits + 1
        if waits == 3:
            # Nobody vied. Pool model: the hands are shown at once (inferred: pool-no-vie).
            if rules.pool:
                win = ruff_winner(rules, hands, dealer, 7)
                return Ruff(r.stake, -1, 7, 0, r.p0, r.p1, r.p2, -1, waits, True, win, True, False)
            return Ruff(r.stake, -1, 7, 0, r.p0, r.p1, r.p2, -1, waits, True, -1, False, False)
        return Ruff(
            r.stake, -1, 7, 0, r.p0, r.p1, r.p2, (seat + 1) % 3, waits, False, -1, False, False
        )
    pool = rules.pool
    live, acted, stake, vier = r.live, r.acted, r.stake, r.vier
    put = [r.p0, r.p1, r.p2]
    if word == _VIE:
        vier = seat
        acted = 1 << seat
        # pool: the vie puts ``raise`` on top of the ante
        put[seat] = put[seat] + rules.raise_ if pool else stake
    elif word == _REVIE:
        acted = 1 << seat
        if pool:
            put[seat] = _most(put[0], put[1], put[2]) + rules.raise_
        else:
            stake = revie_stake(rules, stake)
            put[seat] = stake
    elif word == _SEE:
        acted |= 1 << seat
        put[seat] = _most(put[0], put[1], put[2]) if pool else stake
    else:  # pass: drop out; direct model: owes the stake as it is now (or by how far it went)
        live &= ~(1 << seat)
        if rules.howfar:
            # keeps the stake it last vied or saw; one that never did had "nothing to say"
            if put[seat] == 0:
                put[seat] = rules.nothing
        elif not pool:
            put[seat] = stake
    # one seat left in (a pass leaves at least one: a lone seat never passes, it has won);
    # the lowest bit cleared leaves nothing (compiled, int.bit_count is a call on an object)
    alone = (live & (live - 1)) == 0
    if alone or live & ~acted == 0:  # settled: the last one in wins, or the best ruff shown
        winner = live.bit_length() - 1 if alone else ruff_winner(rules, hands, dealer, live)
        return Ruff(
            stake, vier, live, acted, put[0], put[1], put[2], -1, r.waits, True, winner,
            not alone, False,
        )  # fmt: skip
    nxt = (seat + 1) % 3
    while not live >> nxt & 1:
        nxt = (nxt + 1) % 3
    return Ruff(
        stake, vier, live, acted, put[0], put[1], put[2], nxt, r.waits, False, -1, False, False
    )


def _most(a: int, b: int, c: int) -> int:
    """The largest of three (two at a time: see :func:`best_suit_value`): what the most any
    player has put in."""
    return max(max(a, b), c)


def revie_stake(rules: Rules, stake: int) -> int:
    """The direct-model stake after a revie: ``raise`` more, or with ``late_raise`` (Cotton:
    "all above is but two a time ... after that it is once come to eight") the late raise once
    the stake has reached its mark, a revie that would pass the mark stopping at it.

    >>> from gleek.profile import load_profile
    >>> from gleek.stages.rules import rules_of
    >>> cotton = rules_of(load_profile("cotton"))
    >>> [revie_stake(cotton, s) for s in (4, 6, 7, 8, 10)]
    [6, 8, 8, 10, 12]
    """
    if not rules.late:
        return stake + rules.raise_
    if stake >= rules.mark:
        return stake + rules.step
    return min(stake + rules.raise_, rules.mark)


def stake_now(rules: Rules, r: Ruff) -> int:
    """The ruff stake as it stands: direct model, the stake; pool model, what a player still
    in has put in above the ante."""
    if rules.pool:
        return _most(r.p0, r.p1, r.p2) - rules.stake
    return r.stake


def aces_winner(rules: Rules, r: Ruff, hands: tuple[int, int, int]) -> int:
    """The seat that won the ruff by showing four Aces (where they beat every ruff), else -1:
    those Aces are then paid as a mournival only where the profile says so
    (:func:`gleek.stages.sets.sets_held`)."""
    if r.winner >= 0 and r.shown and ruff_value(rules, hands[r.winner]) == FOUR_ACES:
        return r.winner
    return -1


def ruff_payments(rules: Rules, r: Ruff) -> tuple[Payment, ...]:
    """Each loser pays the winner what it owes (direct) or what it put in (pool)."""
    if r.winner < 0:  # undecided, or nobody won
        return ()
    reason = "ruff-pool" if rules.pool else "ruff"
    # A loser pays what it has at stake: a vie or see, a pass after a vie, the pool's ante, or
    # under how-far ``nothing_to_say`` for a player who never vied or saw; a loser with nothing
    # at stake (``nothing_to_say`` 0) makes no payment rather than one of 0 chips.
    put = (r.p0, r.p1, r.p2)
    out: list[Payment] = []
    for k in (1, 2):
        loser = (r.winner + k) % 3
        if put[loser] > 0:
            out.append(Payment(loser, r.winner, put[loser], reason))
    return tuple(out)


def next_stake(rules: Rules, r: Ruff, opening: int) -> int:
    """The opening stake of the next deal, after a ruff that opened at ``opening``: after a
    vie the profile's stake; after none, as the profile carries it (a fixed stake, double,
    or the stake again); after the youngest's double, twice the opening."""
    if r.doubled:
        # Cotton: the youngest doubles it "and then it is to be plaid for the next deal"
        return opening * 2
    vied = r.vier >= 0
    if rules.no_vie == "carry-fixed":
        # parlett: 4 in the next deal only; two no-vie deals in a row still give 4.
        return rules.stake if vied else rules.carried
    if rules.no_vie == "carry-double":
        # pedagogical: doubles after each deal with no vie, back to the stake after a vie.
        return rules.stake if vied else opening * 2
    return rules.stake
