"""Details of the public engine that a mutation run found untested: the seat argument of the
state's checking methods, the words of the refusals, the claims argument of ``outcome`` and
the hand a buyer's forfeit is judged by, a state's repr."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

import gleek
from gleek.actions import Action, Phase
from gleek.cards import CARDS
from gleek.errors import ArgumentError, ArgumentTypeError, IllegalAction
from gleek.stages.common import RANK_MASK
from gleek.stages.sets import forfeit_payments
from gleek.state import pre

PARLETT = gleek.load_profile("parlett")


def _until(s: gleek.State, phase: Phase) -> gleek.State:
    """``s`` taken on to ``phase`` by the first legal action each time."""
    while s.phase != phase:
        s = s.apply(s.legal_actions()[0])
    return s


def _to(phase: Phase, seed: int = 3, profile: gleek.Profile = PARLETT) -> gleek.State:
    """A deal of ``profile`` taken to ``phase`` by the first legal action each time."""
    return _until(gleek.new_deal(profile, seed=seed), phase)


def test_the_checking_methods_pass_on_the_seat_they_are_given() -> None:
    s = gleek.new_deal(PARLETT, seed=3)
    other = (s.to_act + 1) % 3
    action = s.legal_actions()[0]
    assert s.can(action) and not s.can(action, seat=other)
    assert s.verify(action) is None
    refused = s.verify(action, seat=other)
    assert isinstance(refused, IllegalAction) and refused.code == "out-of-turn"
    assert refused.seat == other
    tried = s.try_apply(action, seat=other)
    assert isinstance(tried, IllegalAction) and tried.code == "out-of-turn"
    assert isinstance(s.try_apply(action, seat=s.to_act), gleek.State)


def test_a_wrong_seat_for_an_observation_is_named_seat() -> None:
    s = gleek.new_deal(PARLETT, seed=3)
    with pytest.raises(ArgumentError, match=r"^seat "):
        s.observation(3)


def test_a_states_repr_counts_its_actions_one_or_many() -> None:
    s = gleek.new_deal(PARLETT, seed=3)
    one = s.apply(s.legal_actions()[0])
    two = one.apply(one.legal_actions()[0])
    assert repr(one).endswith(", 1 action>")
    assert repr(two).endswith(", 2 actions>")
    assert repr(s).endswith(", 0 actions>")


def test_a_play_during_the_discards_is_told_to_discard_first() -> None:
    s = _to(Phase.DISCARD)
    card = CARDS[(s.hands[s.to_act][0]).index]
    refused = s.verify(Action.play(card))
    assert refused is not None and refused.code == "bad-discard"
    assert refused.message.endswith(f"must discard 7 more cards before play {card}")


def test_a_pass_in_the_ruff_before_anyone_vied_is_told_the_words_allowed() -> None:
    s = _to(Phase.RUFF)
    refused = s.verify(Action.parse("pass"))
    assert refused is not None and refused.code == "bad-ruff-call"
    assert "said pass before anyone vied (only " in refused.message


def test_a_revoke_names_the_card_of_the_suit_led_the_player_holds() -> None:
    """The refusal names the player's highest card of the suit led: every chance to revoke in
    80 deals, every suit led among them."""
    rng = random.Random(5)
    named: dict[object, int] = {}
    for seed in range(80):
        s = _to(Phase.PLAY, seed)
        while not s.is_over:
            if s.trick:
                led = s.trick[0][1].suit
                hand = s.hands[s.to_act]
                follow = [c for c in hand if c.suit == led]
                for card in (c for c in hand if c.suit != led and follow):
                    refused = s.verify(Action.play(card))
                    assert refused is not None and refused.code == "revoke"
                    best = max(follow, key=lambda c: c.index)
                    assert refused.message.endswith(f"lead while holding {best}")
                    named[led] = named.get(led, 0) + 1
            s = s.apply(rng.choice(s.legal_actions()))
    assert len(named) == 4 and min(named.values()) > 100


@pytest.mark.parametrize(
    "claims",
    [
        [(), (), ()],
        ((), ()),
        ((), (), (), ()),
        ((), (), "gleek-K"),
        (("gleek-K",), (1,), ()),
        ((), ["tiddy"], ()),
    ],
)
def test_claims_must_be_three_tuples_of_words_by_seat(claims: object) -> None:
    end = gleek.rollout(gleek.new_deal(PARLETT, seed=3), "greedy")
    with pytest.raises(ArgumentTypeError, match="claims must be None or 3 tuples of str"):
        gleek.outcome(end, claims)


def test_a_buyers_forfeit_is_judged_by_the_buyers_own_hand_in_every_seat() -> None:
    """Cotton: a buyer who calls a set it laid out in the stock forfeits. Whichever seat bought,
    the forfeit is what the rule gives for that seat's hand after the exchange, and its cards
    laid out."""
    cotton = gleek.load_profile("cotton")
    rng = random.Random(11)
    seen = set()
    for seed in range(600):
        s = gleek.new_deal(cotton, seed=seed)
        while s.phase != Phase.PLAY:
            s = s.apply(rng.choice(s.legal_actions()))
        p = pre(s)
        buyer = p._bidder
        hand = (p._h0, p._h1, p._h2)[buyer]
        laid = sum(1 << c for c in p._discards)
        claims_of_buyer = tuple(
            f"gleek-{letter}"
            for r, letter in ((10, "A"), (9, "K"), (8, "Q"), (7, "J"))
            if (hand & RANK_MASK[r]).bit_count() == 2 and laid & RANK_MASK[r]
        )
        if not claims_of_buyer or buyer in seen:
            continue
        claims = tuple(claims_of_buyer if seat == buyer else () for seat in range(3))
        end = gleek.rollout(s, "random", rng)
        forfeits = forfeit_payments(cotton, buyer, hand, laid, claims_of_buyer)
        assert forfeits
        o = gleek.outcome(end, claims)
        assert o.payments == end.payments + forfeits
        seen.add(buyer)
        if len(seen) == 3:
            break
    assert seen == {0, 1, 2}


def test_a_set_payment_names_its_kind_and_rank_for_the_bots_to_read() -> None:
    """A set's payment carries its kind and rank (what a bot learns of the holder's hand), the
    same as its detail says: ``gleek of K`` is a gleek of Kings."""
    rng = random.Random(2)
    kinds = set()
    for seed in range(300):
        end = gleek.rollout(gleek.new_deal(PARLETT, seed=seed), "random", rng)
        for p in end.payments:
            if p.reason == "set":
                kind, _, letter = p.detail.partition(" of ")
                assert p.set_kind == kind and p.rank is not None and str(p.rank) == letter
                kinds.add((kind, letter))
    assert {"gleek", "mournival"} <= {k for k, _ in kinds} and len(kinds) >= 6


def test_assigning_to_a_state_says_it_cannot_be_changed() -> None:
    s = gleek.new_deal(PARLETT, seed=3)
    if gleek.build_info().kind == "pure":
        with pytest.raises(AttributeError, match=r"a State cannot be changed \(setting '_h0'\)"):
            s._h0 = 0  # type: ignore[misc]
    else:
        with pytest.raises(AttributeError):
            s._h0 = 0  # type: ignore[misc]


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_a_pooled_ruff_won_uncontested_is_at_the_stake_the_vier_put_in(dealer: int) -> None:
    """Publications International pools the ruff: each antes 2 and a vie puts in 2 more. Eldest
    vies, the others pass: the ruff is won at a stake of 2 whichever seat eldest is."""
    pi = gleek.load_profile("publications-international")
    s = _until(gleek.new_deal(pi, dealer, seed=dealer), Phase.RUFF)
    eldest = (dealer + 1) % 3
    assert s.to_act == eldest
    s = s.apply("vie")
    while s.phase == Phase.RUFF:
        s = s.apply("pass")
    o = gleek.outcome(gleek.rollout(s, "greedy"))
    assert (o.ruff.winner, o.ruff.stake, o.ruff.vied) == (eldest, 2, True)


@pytest.mark.parametrize(
    ("profile_id", "words"),
    [
        ("parlett", "the buyer lays out 7 of the 12 cards dealt before taking the stock"),
        ("cotton", "the buyer takes the stock first, then lays out 7 of its 19 cards"),
    ],
)
def test_a_discard_not_in_hand_is_told_the_profiles_exchange_order(
    profile_id: str, words: str
) -> None:
    s = _to(Phase.DISCARD, 3, gleek.load_profile(profile_id))
    buyer = s.to_act
    assert buyer is not None
    other = next(c for seat in range(3) if seat != buyer for c in s.hands[seat])
    refused = s.verify(Action.discard(other))
    assert refused is not None and refused.code == "bad-discard"
    assert refused.message.endswith(f"which is not in their hand (under {profile_id} {words})")


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_a_turned_up_honour_scores_for_the_dealer_in_every_seat(dealer: int) -> None:
    """Parlett: an honour turned up scores for the dealer. The play opens with the dealer's
    points alone, whichever seat deals."""
    found = 0
    for seed in range(200):
        s = gleek.new_deal(PARLETT, dealer, seed=seed)
        if s.turn_up.rank.name not in ("ACE", "KING", "QUEEN", "JACK"):
            continue
        s = _until(s, Phase.PLAY)
        honour = PARLETT.tricks.honours[s.turn_up.rank]
        assert s.points == tuple(honour if seat == dealer else 0 for seat in range(3))
        found += 1
    assert found >= 10


@pytest.mark.parametrize("profile_id", sorted(gleek.list_profiles()))
def test_the_buyer_may_lay_out_every_card_but_the_forbidden_ranks_of_trumps(
    profile_id: str,
) -> None:
    """Exactly the profile's forbidden ranks of trumps are kept from the discards: in every
    suit of trumps, every other card (the 4 of trumps among them) may be laid out."""
    from gleek.stages.rules import rules_of
    from gleek.stages.stock import discard_keep

    profile = gleek.load_profile(profile_id)
    rules = rules_of(profile)
    forbidden = {str(r) for r in profile.stock.forbidden_discards}
    for trumps in range(4):
        keep = discard_keep(rules, trumps)
        for card in CARDS:
            kept_back = card.index // 11 == trumps and str(card.rank) in forbidden
            assert bool(keep >> card.index & 1) != kept_back, (profile_id, trumps, card)


def test_a_deal_nothing_has_been_paid_in_shows_no_chips_moved() -> None:
    """Before the first payment (a turn-up that pays nothing, no bid yet) the chips and the pot
    have not moved, for the state and for every seat's view of it, after the engine has
    forgotten everything it remembered (what each test starts from)."""
    gleek.state.forget()
    for seed in range(40):
        s = gleek.new_deal(PARLETT, seed=seed)
        if s.payments:
            continue
        assert (s.chips, s.pot) == ((0, 0, 0), 0)
        for seat in range(3):
            o = s.observation(seat)
            assert (o.chips, o.pot) == ((0, 0, 0), 0)
        return
    raise AssertionError("no deal of 40 without a turn-up payment")


#: An outcome's fields, in their order (written out here: the tests check the class against it)
_FIELDS = ("points", "payments", "chips", "pot", "ruff_stake", "dealer", "buyer", "price",
           "trumps", "ruff")  # fmt: skip


def _finished(seed: int) -> gleek.State:
    return gleek.rollout(
        gleek.new_deal(PARLETT, seed % 3, seed=seed), "random", random.Random(seed)
    )


def test_an_outcome_cannot_be_changed_or_have_attributes_added() -> None:
    o = gleek.outcome(_finished(4))
    pure = gleek.build_info().kind == "pure"
    for name in ("pot", "chips", "payments", "ruff"):
        with pytest.raises(AttributeError, match=r"an Outcome cannot be changed" if pure else None):
            setattr(o, name, 0)
        with pytest.raises(AttributeError):
            delattr(o, name)
    with pytest.raises(AttributeError):
        o.extra = 1  # type: ignore[attr-defined]
    back: gleek.Outcome = pickle.loads(pickle.dumps(o))  # an unpickled one too
    with pytest.raises(AttributeError):
        back.pot = 0  # type: ignore[misc]
    assert isinstance(o, gleek.Outcome) and isinstance(back, gleek.Outcome)


def test_outcomes_are_equal_by_their_fields_and_hash_alike() -> None:
    """Two outcomes of the same deal played alike are equal (and hash alike), whichever way
    they were made (apply, a rollout's end, a copy, pickling); outcomes of other deals are not;
    an outcome is never equal to something else."""
    end = _finished(9)
    replayed = gleek.new_deal(PARLETT, 0, seed=9)
    for _, action in end.history:
        replayed = replayed.apply(action)
    a, b = gleek.outcome(end), gleek.outcome(replayed)
    assert a is not b and a == b and hash(a) == hash(b) and (a != b) is False
    for other in (copy.copy(a), copy.deepcopy(a), pickle.loads(pickle.dumps(a))):
        assert other == a and hash(other) == hash(a)
    others = {gleek.outcome(_finished(seed)) for seed in range(10, 30)}
    assert a not in others and len(others) > 15
    assert a.__eq__((a.points, a.payments)) is NotImplemented and a != (a.points, a.payments)
    assert a.__eq__(None) is NotImplemented and a != None  # noqa: E711

    def made(pot: int) -> gleek.Outcome:
        return gleek.Outcome(a.points, a.payments, a.chips, pot, a.ruff_stake, a.dealer, a.buyer,
                             a.price, a.trumps, a.ruff)  # fmt: skip

    assert made(a.pot) == a and made(a.pot + 1) != a


def test_an_outcome_reads_as_its_fields_and_matches_by_position() -> None:
    o = gleek.outcome(_finished(5))
    assert repr(o) == "Outcome(" + ", ".join(f"{n}={getattr(o, n)!r}" for n in _FIELDS) + ")"
    match o:
        case gleek.Outcome(points, payments, chips, pot, stake, dealer, buyer, price, trumps, ruff):
            assert (points, payments, chips, pot, stake, dealer, buyer, price, trumps, ruff) == (
                tuple(getattr(o, n) for n in _FIELDS)
            )
        case _:
            raise AssertionError("an Outcome matches by position")


def test_an_outcome_is_made_again_by_its_own_class_the_same_and_as_immutable() -> None:
    """``type(o)(...)`` makes an equal outcome, as immutable (in pure Python an outcome's class
    is the sealed one, which builds a plain outcome and seals it)."""
    o = gleek.outcome(_finished(6))
    again = type(o)(*(getattr(o, n) for n in _FIELDS))
    keywords = type(o)(**{n: getattr(o, n) for n in _FIELDS})
    assert again == keywords == o and type(again) is type(o) is type(keywords)
    with pytest.raises(AttributeError):
        again.pot = 1  # type: ignore[misc]


def test_an_outcome_in_a_few_lines_says_who_won_the_ruff_and_at_what() -> None:
    won = 0
    for seed in range(40):
        o = gleek.outcome(_finished(seed))
        lines = str(o).splitlines()
        assert lines[0] == (
            f"dealer seat {o.dealer}, trumps {o.trumps.name.lower()}; "
            f"seat {o.buyer} bought the stock for {o.price}"
        )
        if o.ruff.winner is not None:
            shown = ", shown" if o.ruff.shown else ""
            assert lines[1] == f"ruff: won by seat {o.ruff.winner} at {o.ruff.stake}{shown}"
            won += 1
        else:
            assert lines[1] in ("ruff: nobody vied", "ruff: nobody won")
        assert lines[4 : 4 + len(o.payments)] == [f"  {p}" for p in o.payments]
    assert won > 5


@pytest.mark.parametrize("profile", gleek.list_profiles())
def test_legal_cards_are_the_cards_of_the_legal_plays_and_discards(profile: str) -> None:
    """``legal_cards`` (the legal cards as one int) holds exactly the cards of
    ``legal_actions``' plays or discards, at every state of random deals, and 0 where the
    actions are not cards."""
    from gleek.engine.legality import legal_cards

    rng = random.Random(4)
    seen = set()
    for k in range(6):
        s = gleek.new_deal(gleek.load_profile(profile), k % 3, seed=k)
        while True:
            legal = gleek.legal_actions(s)
            cards = sum(1 << a.card.index for a in legal if a.card is not None)
            assert legal_cards(s) == cards
            assert cards == 0 or all(a.kind in ("play", "discard") for a in legal)
            seen.add(s.phase)
            if s.is_over:
                break
            s = gleek.apply(s, rng.choice(legal))
    assert seen == set(Phase)
    with pytest.raises(ArgumentTypeError):
        legal_cards("a state")
