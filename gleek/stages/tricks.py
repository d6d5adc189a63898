"""Stage 5: the twelve tricks - first lead, following suit, play-high, the trick's winner.

The rulings, The tricks: follow suit if you can, otherwise any card; no duty to trump or to win.
With play-high, a player following suit must play the highest card held in that suit. The highest
trump wins; if none, the highest card of the suit led. The winner leads next.

>>> legal_mask(0b111 << 11 | 1, (), False) == 0b111 << 11 | 1     # leading: anything
True
>>> trick_winner(((0, 11 + 7), (1, 11 + 9), (2, 11 + 3)), trumps=1)  # J, K, 7 of hearts
1
"""

from __future__ import annotations

import attrs

from gleek.profile import Profile
from gleek.stages.common import SUIT_MASK

__all__ = ["PlayState", "legal_mask", "play_card", "play_start", "trick_winner"]


@attrs.frozen
class PlayState:
    """The play so far: the current trick, finished tricks, points and tricks won by seat."""

    leader: int
    trick: tuple[tuple[int, int], ...]
    tricks: tuple[tuple[tuple[int, int], ...], ...]
    points: tuple[int, int, int]
    won: tuple[int, int, int]


def play_start(
    profile: Profile, dealer: int, buyer: int, points: tuple[int, int, int]
) -> PlayState:
    """Before the first lead: eldest or the buyer leads, per profile."""
    leader = buyer if profile.tricks.first_lead == "buyer" else (dealer + 1) % 3
    return PlayState(leader, (), (), points, (0, 0, 0))


def legal_mask(hand: int, trick: tuple[tuple[int, int], ...], play_high: bool) -> int:
    """The cards of ``hand`` that may be played to ``trick``."""
    if not trick:
        return hand
    follow = hand & SUIT_MASK[trick[0][1] // 11]
    if not follow:
        return hand
    if play_high:
        return 1 << (follow.bit_length() - 1)
    return follow


def trick_winner(trick: tuple[tuple[int, int], ...], trumps: int) -> int:
    """The seat that wins a complete trick."""
    suit = trumps if any(c // 11 == trumps for _, c in trick) else trick[0][1] // 11
    return max((c, seat) for seat, c in trick if c // 11 == suit)[1]


def play_card(profile: Profile, p: PlayState, seat: int, c: int, trumps: int) -> PlayState:
    """The play after ``seat`` plays card ``c`` (the caller checks legality)."""
    trick = (*p.trick, (seat, c))
    points = p.points
    rules = profile.tricks
    by_rank = rules.by_rank
    to_player = rules.honours_to == "player"
    if to_player and c // 11 == trumps and by_rank[c % 11]:
        points = _add(points, seat, by_rank[c % 11])
    if len(trick) < 3:
        return PlayState(p.leader, trick, p.tricks, points, p.won)
    winner = trick_winner(trick, trumps)
    gain = rules.trick_points
    if not to_player:
        gain += sum(by_rank[x % 11] for _, x in trick if x // 11 == trumps)
    return PlayState(
        winner, (), (*p.tricks, trick), _add(points, winner, gain), _add(p.won, winner, 1)
    )


def _add(t: tuple[int, int, int], seat: int, n: int) -> tuple[int, int, int]:
    if seat == 0:
        return (t[0] + n, t[1], t[2])
    if seat == 1:
        return (t[0], t[1] + n, t[2])
    return (t[0], t[1], t[2] + n)
