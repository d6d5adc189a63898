"""The play solver (gleek.analysis): its values against an exhaustive search written here on the
public API, with and without its transposition table and merging of cards, and its errors."""

from __future__ import annotations

import random

import pytest

import gleek
from gleek.analysis import best_value, card_values, solver_for
from gleek.errors import ArgumentError

PROFILES = ("parlett", "publications-international", "pedagogical", "cotton")


def ending(profile: str, seed: int, tricks_left: int, extra: int = 0) -> gleek.State:
    """A deal played at random (auction, exchange, ruff, tricks) until ``tricks_left`` tricks
    are left, then ``extra`` more cards."""
    rng = random.Random(seed)
    s = gleek.new_deal(gleek.load_profile(profile), dealer=seed % 3, seed=seed)
    while s.phase is not gleek.Phase.PLAY:
        s = s.apply(rng.choice(gleek.legal_actions(s)))
    for _ in range(3 * (12 - tricks_left) + extra):
        s = s.apply(rng.choice(gleek.legal_actions(s)))
    return s


def exhaustive(s: gleek.State, seat: int, chips: bool) -> int:
    """The seat's points (or chips) at the end when it maximises them and the others minimise
    them, over every line of play."""
    if s.is_over:
        return gleek.outcome(s).chips[seat] if chips else s.points[seat]
    values = [exhaustive(gleek.apply(s, a), seat, chips) for a in gleek.legal_actions(s)]
    return max(values) if s.to_act == seat else min(values)


def exhaustive_cards(s: gleek.State, chips: bool) -> dict[gleek.Card, int]:
    seat = s.to_act
    assert seat is not None
    return {
        a.card: exhaustive(gleek.apply(s, a), seat, chips)
        for a in gleek.legal_actions(s)
        if a.card is not None
    }


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("extra", [0, 1, 2])
def test_last_three_tricks_match_every_line_of_play(profile: str, seed: int, extra: int) -> None:
    s = ending(profile, seed, 3, extra)
    assert card_values(s) == exhaustive_cards(s, False)
    assert card_values(s, "chips") == exhaustive_cards(s, True)


def test_table_and_merging_change_nothing() -> None:
    """On 200 random 5-trick endings (every profile, every position in a trick)."""
    for i in range(200):
        s = ending(PROFILES[i % 4], 1000 + i, 5, i % 3)
        want = card_values(s)
        for table, merge in ((False, False), (True, False), (False, True)):
            bare = solver_for(s, table=table, merge=merge)
            assert card_values(s, solver=bare) == want, (i, table, merge)


def test_a_solver_kept_for_a_deal_gives_the_same_values() -> None:
    s = ending("parlett", 7, 5)
    solver = solver_for(s)
    first = card_values(s, solver=solver)
    assert solver.nodes > 0
    assert card_values(s, solver=solver) == first
    t = s.apply(gleek.legal_actions(s)[0])
    assert card_values(t, solver=solver) == card_values(t)
    assert best_value(s) == max(first.values())


def test_honours_are_not_merged_with_plain_cards() -> None:
    """Under Publications International's rules the A K Q J of trumps score for the trick's
    winner: a hand holding the jack and ten of trumps with nothing between them still weighs
    them apart. (Where honours score as played, Parlett's, the two play alike and are merged:
    the values still hold.)"""
    for profile in ("pi", "parlett"):
        for seed in range(300):
            s = ending(profile, seed, 4)
            trumps = s.trumps
            hand = set(s.hand(s.to_act))
            jack = gleek.Card.parse(f"J{trumps.value}")
            ten = gleek.Card.parse(f"10{trumps.value}")
            if jack in hand and ten in hand:
                values = card_values(s)
                assert values == exhaustive_cards(s, False)
                break
        else:  # pragma: no cover
            pytest.fail(f"no {profile} ending with the jack and ten of trumps in the hand to act")


def test_refuses_a_state_outside_the_play() -> None:
    s = gleek.new_deal(gleek.load_profile("parlett"), dealer=0, seed=1)
    with pytest.raises(ArgumentError, match="play phase"):
        card_values(s)
    with pytest.raises(ArgumentError, match=r"gleek\.State"):
        card_values("AS")
    with pytest.raises(ArgumentError, match="mode"):
        card_values(ending("parlett", 1, 2), "tricks")  # type: ignore[arg-type]


def test_the_worked_example_s_ending_where_the_best_cards_are_known() -> None:
    """Parlett's worked example (examples/parlett-s0-auction.yaml), hearts trumps, Carla to lead
    trick 9 with 9 points: Carla 10H JD QC 5C, Anna 4S 5H 5D JC, Ben KS 5S KD 10D. Leading the
    10H draws Anna's only trump; the QC then drops her JC, and the 5C is left the last club
    with no trump out: three tricks (18 points). The QC first does the same in the other order.
    The 5C first loses to the JC, which Anna keeps for it; the JD loses to Ben's KD: 12."""
    from gleek.viewer import load_record

    record, error = load_record("examples/parlett-s0-auction.yaml")
    assert record is not None and error is None
    s = next(
        s for s in record.deals[0].states() if s.phase is gleek.Phase.PLAY and len(s.tricks) == 8
    )
    assert [str(c) for c in s.hand(2)] == ["10H", "JD", "QC", "5C"] and s.to_act == 2
    values = {str(c): v for c, v in card_values(s).items()}
    assert values == {"10H": 18, "QC": 18, "5C": 12, "JD": 12}


def test_a_depth_limit_beyond_the_end_changes_nothing() -> None:
    for seed in range(20):
        s = ending("parlett", 500 + seed, 3, seed % 3)
        assert card_values(s, solver=solver_for(s, depth=3)) == card_values(s)
        limited = card_values(s, solver=solver_for(s, depth=1))
        assert set(limited) == set(card_values(s))
        assert all(0 <= v <= 66 for v in limited.values())


def test_a_full_table_is_emptied_and_the_values_stay(monkeypatch: pytest.MonkeyPatch) -> None:
    import gleek.analysis

    s = ending("parlett", 11, 5)
    want = card_values(s)
    solver = solver_for(s)
    assert solver.budget == gleek.analysis.TABLE_BUDGET
    solver.budget = 8
    assert card_values(s, solver=solver) == want
    assert len(solver.tables[s.to_act or 0]) <= 8


def _packed(hands: tuple[int, int, int], keep: int) -> tuple[int, int, int]:
    """``hands`` with the cards of each suit but ``keep`` moved to the top of their suit, in the
    same order (every card between them played: a position alike in the order of its cards)."""
    out = [0, 0, 0]
    for suit in range(4):
        live = hands[0] | hands[1] | hands[2]
        cards = [c for c in range(11 * suit + 10, 11 * suit - 1, -1) if live >> c & 1]
        for i, c in enumerate(cards):
            new = c if suit == keep else 11 * suit + 10 - i
            for seat in range(3):
                if hands[seat] >> c & 1:
                    out[seat] |= 1 << new
    return out[0], out[1], out[2]


def test_positions_alike_in_the_order_of_their_cards_share_the_table() -> None:
    """Two positions whose cards stand in the same order (suit by suit, the same player holding
    the first, second, ... card left) are worth the same, card for card; and a solver that has
    solved one finds the other in its table."""
    checked = 0
    for seed in range(20):
        s = ending("parlett", 300 + seed, 5)
        trumps = "SHDC".index(s.trumps.value)
        hands = (s._h0, s._h1, s._h2)
        moved = _packed(hands, trumps)
        if moved == hands:
            continue
        checked += 1
        solver = solver_for(s)
        first = solver.values(hands, s._leader, (), s.to_act)
        alone = solver.nodes
        fresh = solver_for(s)
        want = fresh.values(moved, s._leader, (), s.to_act)
        solver.nodes = 0
        assert solver.values(moved, s._leader, (), s.to_act) == want
        assert sorted(first.values()) == sorted(want.values())
        assert solver.nodes < fresh.nodes and solver.nodes < alone, seed
    assert checked >= 15  # (a position whose cards are already packed has nothing to move)
