"""The words of each refusal come from the facts the check used: one test per reason, each under
a profile whose facts differ from the shipped ones (the fixtures of tests/profiles/ and the
shipped variants), so a message written apart from its check would show."""

from __future__ import annotations

import pytest

import gleek
from gleek.actions import Phase
from gleek.cards import Rank
from gleek.errors import IllegalAction
from gleek.messages import MESSAGES, ORDERS
from tests.helpers import FIXTURES, flipped

POOL = flipped("pool")  # forbids discarding only the A and J of trumps
DIRECT = flipped("direct")  # raises by 3
BID_13 = gleek.load_profile("parlett", ["bid-13"])
PLAY_HIGH_POOL = gleek.load_profile(
    "pi", [FIXTURES / "flipped-pool.yaml", "play-high", "take-first"]
)
COTTON = flipped("cotton")
NAMES = ("Ann", "Ben", "Cat")


def refused(state: gleek.State, action: str, seat: int | None = None) -> IllegalAction:
    err = gleek.check_action(state, action, seat, NAMES)
    assert err is not None, f"{action} was legal"
    return err


def name(s: gleek.State) -> str:
    """The player to act, by name."""
    assert s.to_act is not None
    return NAMES[s.to_act]


def tell(reason: str, err: IllegalAction, code: str, text: str) -> None:
    assert reason in MESSAGES
    assert (err.code, str(err.message)) == (code, text)


def until(s: gleek.State, phase: Phase) -> gleek.State:
    while s.phase != phase:
        s = s.apply(s.legal_actions()[0])
    return s


def discarding(profile: gleek.Profile, rank: Rank) -> tuple[gleek.State, gleek.Card]:
    """A deal of ``profile`` at the discards whose buyer holds the trump of ``rank``."""
    for seed in range(200):
        s = until(gleek.new_deal(profile, seed=seed), Phase.DISCARD)
        held = [c for c in s.hand(s.to_act) if c.suit is s.trumps and c.rank is rank]
        if held:
            return s, held[0]
    raise AssertionError("no deal found")  # pragma: no cover


def test_over() -> None:
    s = gleek.new_deal(POOL, seed=1)
    while not s.is_over:
        s = s.apply(s.legal_actions()[0])
    tell("over", refused(s, "play AS"), "extra-action", "play AS: the deal is over")
    tell("over-seat", refused(s, "pass", 1), "extra-action", "Ben tried pass, but the deal is over")


def test_out_of_turn() -> None:
    s = gleek.new_deal(POOL, dealer=0, seed=1)  # eldest is seat 1
    err = refused(s, "bid 12", 0)
    tell("out-of-turn", err, "out-of-turn", "Ann acted (bid 12) but it is Ben's turn")


def test_the_auction_names_the_profiles_opening_and_increment() -> None:
    s = gleek.new_deal(BID_13, dealer=2, seed=1)
    tell(
        "opening-bid",
        refused(s, "bid 12"),
        "bad-bid",
        "Ann must open the auction at 13, not bid 12",
    )
    tell(
        "auction-wrong-kind",
        refused(s, "vie"),
        "bad-bid",
        "Ann: vie during the auction for the stock",
    )
    s = gleek.new_deal(DIRECT, dealer=2, seed=1).apply("bid 12")
    tell(
        "raise",
        refused(s, "bid 13"),
        "bad-bid",
        "Ben bid 13: after 12 the only bid is 15 (raise by exactly 3)",
    )


def test_the_forbidden_discard_names_only_the_ranks_the_profile_forbids() -> None:
    assert POOL.stock.forbidden_discards == {Rank.ACE, Rank.JACK}
    s, jack = discarding(POOL, Rank.JACK)
    tell(
        "forbidden-discard",
        refused(s, f"discard {jack}"),
        "forbidden-discard",
        f"{name(s)} discarded {jack}: {s.profile.name} forbids discarding the A or J of trumps",
    )
    s, king = discarding(POOL, Rank.KING)
    assert s.can(f"discard {king}")  # the K of trumps is not forbidden here


def test_a_discard_not_held_tells_the_exchange_order_and_its_counts() -> None:
    s = until(gleek.new_deal(PLAY_HIGH_POOL, seed=2), Phase.DISCARD)
    who = name(s)
    assert len(s.hand(s.to_act)) == 19  # take-first: the stock is in hand
    other = next(c for c in gleek.DECK if c not in s.hand(s.to_act))
    order = "the buyer takes the stock first, then lays out 7 of its 19 cards"
    tell(
        "discard-not-held",
        refused(s, f"discard {other}"),
        "bad-discard",
        f"{who} discarded {other}, which is not in their hand (under {s.profile.name} {order})",
    )
    first = s.legal_actions()[0]
    s = s.apply(first)
    assert first.card is not None
    tell(
        "discard-again",
        refused(s, str(first)),
        "bad-discard",
        f"{who} discarded {first.card} again, which is not in their hand "
        f"(under {s.profile.name} {order})",
    )
    tell(
        "discard-first",
        refused(s, "pass"),
        "bad-discard",
        f"{who} must discard 6 more cards before pass",
    )


def test_the_ruff_names_the_words_left() -> None:
    s = until(gleek.new_deal(COTTON, seed=1), Phase.RUFF)
    who = name(s)
    tell(
        "ruff-wrong-kind",
        refused(s, "bid 12"),
        "extra-action",
        f"{who}: bid 12 while the ruff is being vied",
    )
    s = s.apply("wait").apply("wait")  # the third hand may double under Cotton
    who = name(s)
    tell(
        "ruff-before-vie",
        refused(s, "see"),
        "bad-ruff-call",
        f"{who} said see before anyone vied (only wait, vie or double)",
    )
    s = s.apply("vie")
    tell(
        "ruff-after-vie",
        refused(s, "double"),
        "bad-ruff-call",
        f"{name(s)} said double after a vie (only pass, see or revie)",
    )


def test_the_play_names_the_card_the_suit_and_the_card_held() -> None:
    for seed in range(200):
        s = until(gleek.new_deal(PLAY_HIGH_POOL, seed=seed), Phase.PLAY)
        s = s.apply(s.legal_actions()[0])  # a lead
        led = s.trick[0][1].suit
        hand = s.hand(s.to_act)
        follow = sorted([c for c in hand if c.suit is led], key=lambda c: c.rank)
        other = [c for c in hand if c.suit is not led]
        if len(follow) >= 2 and other:
            break
    who = name(s)
    word = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}[led.value]
    tell(
        "play-wrong-kind",
        refused(s, "bid 12"),
        "extra-action",
        f"{who}: bid 12 during the play of the tricks",
    )
    absent = next(c for c in gleek.DECK if c not in hand and c not in [c for _, c in s.trick])
    tell(
        "card-not-in-hand",
        refused(s, f"play {absent}"),
        "card-not-in-hand",
        f"{who} played {absent}, which they do not hold",
    )
    tell(
        "revoke",
        refused(s, f"play {other[0]}"),
        "revoke",
        f"{who} played {other[0]} to a {word} lead while holding {follow[-1]}",
    )
    tell(
        "not-highest",
        refused(s, f"play {follow[0]}"),
        "not-highest",
        f"{who} played {follow[0]} to a {word} lead while holding the higher {follow[-1]} "
        "(play-high)",
    )


def test_every_reason_has_its_test_and_every_order_its_words() -> None:
    """Each reason of MESSAGES is told by a test above (read from this file, so the test does
    not hang on the order the tests run in)."""
    import re
    from pathlib import Path

    told = re.findall(r'tell\(\s*"([a-z-]+)"', Path(__file__).read_text("utf-8"))
    assert set(told) == set(MESSAGES)
    assert set(ORDERS) == {"take-first", "discard-first"}


@pytest.mark.parametrize("reason", sorted(MESSAGES))
def test_each_message_is_one_format_string_with_named_placeholders(reason: str) -> None:
    import string

    fields = [f for _, f, _, _ in string.Formatter().parse(MESSAGES[reason]) if f is not None]
    assert fields and all(f.isidentifier() for f in fields)


def test_a_message_names_the_profile_with_its_variants() -> None:
    """Under cotton with the discard-first variant the exchange is the variant's: the message
    says "under cotton+discard-first", not "under cotton" (which takes the stock first)."""
    profile = gleek.load_profile("cotton", ["discard-first"])
    state = gleek.new_deal(profile, 0, seed=1)
    for word in ("bid 12", "pass", "pass"):
        state = state.apply(word)
    held = set(state.hands[state.to_act])
    card = next(c for c in gleek.cards.CARDS if c not in held and c != state.turn_up)
    error = gleek.check_action(state, gleek.Action.parse(f"discard {card}"))
    assert error is not None and error.code == "bad-discard"
    assert error.message.endswith(
        "(under cotton+discard-first the buyer lays out 7 of the 12 cards dealt before taking "
        "the stock)"
    )
