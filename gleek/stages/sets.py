"""Stage 4: gleeks, mournivals, and Tiddy (with Towser and Tumbler in that variant).

Counted on each hand after the exchange, before the first trick. Each opponent pays
the holder: gleek A 4, K 3, Q 2, J 1; mournival A 8, K 6, Q 4, J 2. A mournival is not also a
gleek; every player is paid for every set.

>>> from gleek.profile import load_profile
>>> from gleek.cards import mask_of, parse_cards
>>> sets_held(load_profile("parlett"), mask_of(parse_cards(["AH", "AS", "AD", "KH", "KS"])))
(('gleek', 'A', 4),)
"""

from __future__ import annotations

from typing import Final

from gleek.cards import Rank
from gleek.errors import ArgumentError
from gleek.profile_model import Profile
from gleek.stages.common import RA, RANK_MASK, RJ, RK, RQ, SMALL_TRUMPS, Payment
from gleek.stages.rules import Rules, Run, memo, run_of

__all__ = [
    "CLAIM_WORDS",
    "forfeit_payments",
    "hand_set_payments",
    "hand_set_run",
    "hand_small_payments",
    "hand_small_run",
    "set_payments",
    "sets_held",
    "small_trump_payments",
    "small_trumps_held",
]

_COURTS: Final[tuple[tuple[int, Rank, str], ...]] = (
    (RA, Rank.ACE, "A"),
    (RK, Rank.KING, "K"),
    (RQ, Rank.QUEEN, "Q"),
    (RJ, Rank.JACK, "J"),
)

#: The words a player may claim before the first trick, as records write them: a gleek or a
#: mournival of Aces, Kings, Queens or Jacks, and Tiddy, Towser or Tumbler.
CLAIM_WORDS: Final = (
    *(f"{kind}-{letter}" for kind in ("gleek", "mournival") for _, _, letter in _COURTS),
    *(name for name, _ in SMALL_TRUMPS),
)


def sets_held(
    profile: Profile, hand: int, *, won_ruff_by_aces: bool = False
) -> tuple[tuple[str, str, int], ...]:
    """``(kind, rank, chips from each opponent)`` for every gleek and mournival in ``hand``."""
    out = []
    for r, rank, letter in _COURTS:
        n = (hand & RANK_MASK[r]).bit_count()
        if n == 4:
            if r == RA and won_ruff_by_aces and not profile.sets.four_aces_pay:
                continue
            out.append(("mournival", letter, profile.sets.mournival[rank]))
        elif n == 3:
            out.append(("gleek", letter, profile.sets.gleek[rank]))
    return tuple(x for x in out if x[2] > 0)


def forfeit_payments(
    profile: Profile, seat: int, hand: int, discards: int, claims: tuple[str, ...]
) -> tuple[Payment, ...]:
    """What ``seat`` forfeits for claiming sets it does not hold: a false claim of a set.

    Cotton: "If you call for either Mournival or Gleek, and have lay'd them out in the stock, if
    you be taken in it, for forfeit double what you receive." His case is the buyer's, whose
    cards laid out could have made the set; the profile reads the rule as covering every false
    claim of a set, by any player. ``hand`` is the seat's hand after the exchange, ``discards``
    the cards it laid out (masks; 0 for a seat that did not buy), ``claims`` what it called
    (``gleek-K``, ``mournival-A``...). Each call for a gleek or mournival of a rank the hand
    holds fewer than three (gleek) or four (mournival) of costs ``sets.forfeit`` times the
    set's value to each opponent, in the order called: the payment's note says whether the
    cards were laid out or never held. A set held is no forfeit, nor is a call for anything
    else (Tiddy, say): a small trump claimed but not held is a false claim, judged elsewhere,
    as is every false claim under a profile with ``sets.forfeit`` 0.

    >>> from gleek.profile import load_profile
    >>> from gleek.cards import mask_of, parse_cards
    >>> kings = mask_of(parse_cards(["KH", "KS"]))
    >>> laid = mask_of(parse_cards(["KD"]))
    >>> [str(p) for p in forfeit_payments(load_profile("cotton"), 1, kings, laid, ("gleek-K",))]
    ['1 -> 2: 6 [forfeit] (gleek-K laid out)', '1 -> 0: 6 [forfeit] (gleek-K laid out)']
    >>> [str(p) for p in forfeit_payments(load_profile("cotton"), 0, kings, 0, ("gleek-K",))]
    ['0 -> 1: 6 [forfeit] (gleek-K not held)', '0 -> 2: 6 [forfeit] (gleek-K not held)']
    """
    times = profile.sets.forfeit
    out: list[Payment] = []
    if times <= 0:
        return ()
    for claim in claims:
        kind, _, letter = claim.partition("-")
        if kind not in ("gleek", "mournival"):
            continue
        court = next(((r, rank) for r, rank, ltr in _COURTS if ltr == letter), None)
        if court is None:
            raise ArgumentError(f"{claim!r:.40} is not a claim; one of " + ", ".join(CLAIM_WORDS))
        r, rank = court
        held = (hand & RANK_MASK[r]).bit_count()
        need = 4 if kind == "mournival" else 3
        if held >= need:
            continue
        value = (profile.sets.mournival if kind == "mournival" else profile.sets.gleek)[rank]
        if value <= 0:
            continue
        laid = held + (discards & RANK_MASK[r]).bit_count() >= need
        note = f"{claim} laid out" if laid else f"{claim} not held"
        for k in (1, 2):
            out.append(Payment(seat, (seat + k) % 3, times * value, "forfeit", note))
    return tuple(out)


def set_payments(
    profile: Profile, hands: tuple[int, int, int], aces_ruff_winner: int = -1
) -> tuple[Payment, ...]:
    """Each opponent pays each holder for each set, seat by seat."""
    out: list[Payment] = []
    for seat in range(3):
        out += _set_payments(profile, hands[seat], seat, seat == aces_ruff_winner)
    return tuple(out)


def _set_payments(
    profile: Profile, hand: int, seat: int, won_ruff_by_aces: bool
) -> tuple[Payment, ...]:
    out = []
    for kind, letter, amount in sets_held(profile, hand, won_ruff_by_aces=won_ruff_by_aces):
        rank = _RANK_OF[letter]
        for k in (1, 2):
            out.append(
                Payment(
                    (seat + k) % 3,
                    seat,
                    amount,
                    "set",
                    f"{kind} of {letter}",
                    set_kind=kind,
                    rank=rank,
                )
            )
    return tuple(out)


def hand_set_payments(
    rules: Rules, hand: int, seat: int, won_ruff_by_aces: bool
) -> tuple[Payment, ...]:
    """:func:`set_payments` for one seat's ``hand``, remembered by what it depends on (the
    number of Aces, Kings, Queens and Jacks held, the seat, the Aces' ruff)."""
    return hand_set_run(rules, hand, seat, won_ruff_by_aces).payments


def hand_set_run(rules: Rules, hand: int, seat: int, won_ruff_by_aces: bool) -> Run:
    """:func:`hand_set_payments` with their net change (:class:`~gleek.stages.rules.Run`)."""
    # the counts as the digits of a number in base 5 (a count is at most 4: the digits never
    # carry), summed suit by suit from each suit's four court cards (bits J Q K A of the suit)
    t = _COURT_DIGITS
    counts = (
        t[(hand >> _J0) & 15]
        + t[(hand >> _J1) & 15]
        + t[(hand >> _J2) & 15]
        + t[(hand >> _J3) & 15]
    )
    sig = counts * 6 + seat * 2
    if won_ruff_by_aces:
        sig += 1
    table = memo(rules, "sets")
    entry = table.get(sig)
    if entry is None:
        entry = table[sig] = run_of(_set_payments(rules.profile, hand, seat, won_ruff_by_aces))
    return entry


_RANK_OF: Final = {letter: rank for _, rank, letter in _COURTS}
# the bit of each suit's Jack (its Queen, King and Ace are the next three bits)
_J0: Final = RJ
_J1: Final = 11 + RJ
_J2: Final = 22 + RJ
_J3: Final = 33 + RJ
#: The four court bits of a suit (J Q K A, the lowest first) -> the Aces, Kings, Queens and
#: Jacks among them as the digits of a number in base 5: A K Q J, the Aces the highest digit.
_COURT_DIGITS: Final = tuple(
    (n >> (RA - RJ) & 1) * 125 + (n >> (RK - RJ) & 1) * 25 + (n >> (RQ - RJ) & 1) * 5 + (n & 1)
    for n in range(16)
)


def small_trumps_held(profile: Profile, hand: int, trumps: int) -> tuple[tuple[str, int], ...]:
    """``(name, chips from each opponent)`` for Tiddy, Towser, Tumbler held and paid here."""
    base = 11 * trumps
    out = []
    for name, rank in SMALL_TRUMPS:
        amount: int = getattr(profile.small_trumps, name)
        if amount > 0 and hand >> (base + rank - 4) & 1:
            out.append((name, amount))
    return tuple(out)


def small_trump_payments(
    profile: Profile, hands: tuple[int, int, int], trumps: int
) -> tuple[Payment, ...]:
    """The holder of Tiddy (Towser, Tumbler) after the exchange is paid once by each opponent.

    A small trump discarded by the buyer is in no hand and pays nobody (inferred; see "Where
    the sources are silent", ``discarded-tiddy``).
    """
    out: list[Payment] = []
    for seat in range(3):
        out += _small_payments(profile, hands[seat], trumps, seat)
    return tuple(out)


def _small_payments(profile: Profile, hand: int, trumps: int, seat: int) -> tuple[Payment, ...]:
    out = []
    for name, amount in small_trumps_held(profile, hand, trumps):
        for k in (1, 2):
            out.append(Payment((seat + k) % 3, seat, amount, name))
    return tuple(out)


def hand_small_payments(rules: Rules, hand: int, trumps: int, seat: int) -> tuple[Payment, ...]:
    """:func:`small_trump_payments` for one seat's ``hand``, remembered by the small trumps it
    holds and the seat."""
    return hand_small_run(rules, hand, trumps, seat).payments


def hand_small_run(rules: Rules, hand: int, trumps: int, seat: int) -> Run:
    """:func:`hand_small_payments` with their net change (:class:`~gleek.stages.rules.Run`)."""
    bits = (hand >> (11 * trumps)) & 7
    if not bits:
        return _NO_RUN
    table = memo(rules, "small")
    key = bits * 3 + seat
    entry = table.get(key)
    if entry is None:
        entry = table[key] = run_of(_small_payments(rules.profile, bits, 0, seat))
    return entry


#: no payments
_NO_RUN: Final = run_of(())
