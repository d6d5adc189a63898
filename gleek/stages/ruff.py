"""Stage 3: the ruff - suit values, four Aces, vying in the direct or the pool model.

Direct model (parlett, pedagogical): from the first speaker each may
vie or wait; after a vie, clockwise among players still in, each passes (owes the stake as it is
now), sees, or revies (+raise). It ends when two have passed or everyone still in has acted
since the last raise. Pool model (publications-international): everyone antes the stake; a vie or
revie puts in ``raise`` more; folders forfeit what they put in; the winner takes the pool.

Cotton's rules, for any direct-model profile: ``losers_pay`` how-far (a loser pays the final
stake if it held out, the stake it last vied or saw if it withdrew after, ``nothing_to_say`` if
it never vied or saw); ``late_raise`` (revies count less once the stake is high);
``youngest_doubles`` (after two waits the third hand may say ``double``: no ruff this deal, and
the next deal's opening stake is twice this one's).

>>> from gleek.profile import load_profile
>>> from gleek.cards import mask_of, parse_cards
>>> ruff_value(load_profile("parlett"), mask_of(parse_cards(["AC", "QC", "9C", "5C", "8H"])))
35
"""

from __future__ import annotations

from typing import Literal

import attrs

from gleek.profile import Profile
from gleek.stages.common import RANK_MASK, Payment, seat_order_from

__all__ = [
    "FOUR_ACES",
    "RuffState",
    "RuffWord",
    "best_suit_value",
    "next_stake",
    "revie_stake",
    "ruff_apply",
    "ruff_choices",
    "ruff_payments",
    "ruff_start",
    "ruff_value",
    "ruff_winner",
]

RuffWord = Literal["wait", "vie", "pass", "see", "revie", "double"]
FOUR_ACES = 1000  # a ruff value above any suit's (the most a suit can hold is 85)


def ruff_value(profile: Profile, hand: int) -> int:
    """The hand's best suit by value (A 11, K/Q/J 10, others their number), or
    :data:`FOUR_ACES` for four Aces where the profile lets them beat every ruff."""
    if profile.ruff.four_aces and hand & RANK_MASK[10] == RANK_MASK[10]:
        return FOUR_ACES
    return best_suit_value(profile, hand)


def best_suit_value(profile: Profile, hand: int) -> int:
    """The value of the hand's best suit (A 11, K/Q/J 10, others their number)."""
    table = profile.ruff.suit_table
    return max(
        table[hand & 0x7FF],
        table[(hand >> 11) & 0x7FF],
        table[(hand >> 22) & 0x7FF],
        table[hand >> 33],
    )


@attrs.frozen
class RuffState:
    """The vying so far. ``put`` is what each seat has at stake: in the direct model what it
    owes if it loses (fixed when it passes), in the pool model what it has put in."""

    history: tuple[tuple[int, RuffWord], ...]
    stake: int
    vier: int  # -1 before anyone vies
    live: int  # bit per seat still in
    acted: int  # bit per seat that has acted since the last raise
    put: tuple[int, int, int]
    to_act: int
    waits: int
    done: bool
    winner: int = -1
    shown: bool = False
    doubled: bool = False  # the youngest doubled a ruff nobody vied, for the next deal


def ruff_start(profile: Profile, dealer: int, buyer: int, stake: int) -> RuffState:
    """Before anyone speaks. ``stake`` is this deal's opening stake (carried or the profile's)."""
    first = buyer if profile.ruff.first_speaker == "buyer" else (dealer + 1) % 3
    put = (stake, stake, stake) if profile.ruff.model == "pool" else (0, 0, 0)
    return RuffState((), stake, -1, 0b111, 0, put, first, 0, False)


def ruff_choices(profile: Profile, r: RuffState) -> tuple[RuffWord, ...]:
    """The words the player to act may say."""
    if r.done:
        return ()
    if r.vier < 0:
        if r.waits == 2 and profile.ruff.youngest_doubles:
            return ("wait", "vie", "double")
        return ("wait", "vie")
    return ("pass", "see", "revie")


def ruff_apply(
    profile: Profile,
    r: RuffState,
    seat: int,
    word: RuffWord,
    hands: tuple[int, int, int],
    dealer: int,
) -> RuffState:
    """The vying after ``seat`` says ``word`` (the caller checks legality)."""
    history = (*r.history, (seat, word))
    pool = profile.ruff.model == "pool"
    raise_ = profile.ruff.raise_
    put = list(r.put)
    if word == "double":
        return RuffState(history, r.stake, -1, 0b111, 0, r.put, -1, r.waits, True, doubled=True)
    if word == "wait":
        waits = r.waits + 1
        if waits == 3:
            # Nobody vied. Pool model: the hands are shown at once (inferred: pool-no-vie).
            if pool:
                win = ruff_winner(profile, hands, dealer, 0b111)
                return RuffState(history, r.stake, -1, 0b111, 0, r.put, -1, waits, True, win, True)
            return RuffState(history, r.stake, -1, 0b111, 0, r.put, -1, waits, True)
        return RuffState(history, r.stake, -1, 0b111, 0, r.put, (seat + 1) % 3, waits, False)
    live, acted, stake, vier = r.live, r.acted, r.stake, r.vier
    if word == "vie":
        vier = seat
        acted = 1 << seat
        if pool:
            put[seat] = r.put[seat] + raise_  # the vie puts ``raise`` on top of the ante
        else:
            put[seat] = stake
    elif word == "revie":
        acted = 1 << seat
        if pool:
            put[seat] = max(put) + raise_
        else:
            stake = revie_stake(profile, stake)
            put[seat] = stake
    elif word == "see":
        acted |= 1 << seat
        if pool:
            put[seat] = max(put)
        else:
            put[seat] = stake
    else:  # pass: drop out; direct model: owes the stake as it is now (or by how far it went)
        live &= ~(1 << seat)
        if profile.ruff.losers_pay == "how-far":
            # keeps the stake it last vied or saw; one that never did had "nothing to say"
            if put[seat] == 0:
                put[seat] = profile.ruff.nothing_to_say or 0
        elif not pool:
            put[seat] = stake
    if live.bit_count() == 1:
        winner = live.bit_length() - 1
        return RuffState(history, stake, vier, live, acted, _t(put), -1, r.waits, True, winner)
    if live & ~acted == 0:
        winner = ruff_winner(profile, hands, dealer, live)
        return RuffState(
            history, stake, vier, live, acted, _t(put), -1, r.waits, True, winner, True
        )
    nxt = (seat + 1) % 3
    while not live >> nxt & 1:
        nxt = (nxt + 1) % 3
    return RuffState(history, stake, vier, live, acted, _t(put), nxt, r.waits, False)


def revie_stake(profile: Profile, stake: int) -> int:
    """The direct-model stake after a revie: ``raise`` more, or with ``late_raise`` (Cotton:
    "all above is but two a time ... after that it is once come to eight") the late raise once
    the stake has reached its mark, a revie that would pass the mark stopping at it.

    >>> from gleek.profile import load_profile
    >>> cotton = load_profile("cotton")
    >>> [revie_stake(cotton, s) for s in (4, 6, 7, 8, 10)]
    [6, 8, 8, 10, 12]
    """
    late = profile.ruff.late_raise
    if late is None:
        return stake + profile.ruff.raise_
    mark, step = late
    if stake >= mark:
        return stake + step
    return min(stake + profile.ruff.raise_, mark)


def _t(put: list[int]) -> tuple[int, int, int]:
    return (put[0], put[1], put[2])


def ruff_winner(profile: Profile, hands: tuple[int, int, int], dealer: int, live: int) -> int:
    """Best ruff among ``live`` seats; ties to eldest, then middle, then dealer."""
    seats = [seat for seat in seat_order_from(dealer) if live >> seat & 1]
    return max(seats, key=lambda seat: ruff_value(profile, hands[seat]))  # the first of equals


def ruff_payments(profile: Profile, r: RuffState) -> tuple[Payment, ...]:
    """Each loser pays the winner what it owes (direct) or what it put in (pool)."""
    if not r.done or r.winner < 0:
        return ()
    reason = "ruff-pool" if profile.ruff.model == "pool" else "ruff"
    # A loser pays what it has at stake: a vie or see, a pass after a vie, the pool's ante, or
    # under how-far ``nothing_to_say`` for a player who never vied or saw; a loser with nothing
    # at stake (``nothing_to_say`` 0) makes no payment rather than one of 0 chips.
    return tuple(
        Payment(loser, r.winner, r.put[loser], reason)
        for loser in ((r.winner + 1) % 3, (r.winner + 2) % 3)
        if r.put[loser] > 0
    )


def next_stake(profile: Profile, r: RuffState, opening: int) -> int:
    """The opening stake of the next deal (the rulings, "No vie")."""
    vied = r.vier >= 0
    if r.doubled:
        # Cotton: the youngest doubles it "and then it is to be plaid for the next deal"
        return opening * 2
    if profile.ruff.no_vie == "carry-fixed":
        # parlett: 4 in the next deal only; two no-vie deals in a row still give 4.
        carried = profile.ruff.carried_stake or profile.ruff.stake
        return profile.ruff.stake if vied else carried
    if profile.ruff.no_vie == "carry-double":
        # pedagogical: doubles after each deal with no vie, back to the stake after a vie.
        return profile.ruff.stake if vied else opening * 2
    return profile.ruff.stake
