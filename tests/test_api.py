"""The public face: one vocabulary (cards, suits, seats, actions), readable states, clear errors."""

from __future__ import annotations

import random
import warnings
from pathlib import Path
from typing import Any

import attrs
import pytest

import gleek
import gleek.record
from gleek import (
    Action,
    ArgumentError,
    ArgumentTypeError,
    Card,
    GleekError,
    IllegalAction,
    Phase,
    State,
    Suit,
)
from gleek.session import DealRecord, Session, play_deal
from gleek.sim.bots import BOTS, BasicBot, RandomBot
from tests.helpers import play_first_legal

PARLETT = gleek.load_profile("parlett")


def fresh(seed: int = 7, dealer: int = 2) -> State:
    return gleek.new_deal(PARLETT, dealer, seed=seed)


def played(seed: int = 3, profile: gleek.Profile = PARLETT) -> State:
    s = gleek.new_deal(profile, seed % 3, seed=seed)
    rng = random.Random(seed)
    while not s.is_over:
        s = s.apply(rng.choice(s.legal_actions()))
    return s


# ---------------------------------------------------------------------------- one vocabulary


def public_values(obj: object) -> dict[str, Any]:
    """Every public attribute and property of a State/Observation/Outcome, by name."""
    names = [n for n in dir(obj) if not n.startswith("_")]
    out = {}
    for n in names:
        v = getattr(obj, n)
        if not callable(v):
            out[n] = v
    return out


def speaks_the_vocabulary(value: object) -> bool:
    """Cards, suits, seats/amounts (int), actions, payments, phases, profiles, None, bool."""
    if isinstance(value, tuple):
        return all(speaks_the_vocabulary(v) for v in value)
    return isinstance(
        value,
        Card | Suit | int | Action | gleek.Payment | Phase | gleek.Profile | gleek.RuffResult,
    ) or (value is None)


@pytest.mark.parametrize("when", [0, 5, 20, 40, 1000])
def test_state_and_observation_speak_cards_seats_and_actions(when: int) -> None:
    s = fresh()
    for _ in range(when):
        if s.is_over:
            break
        s = s.apply(s.legal_actions()[0])
    objects: list[object] = [s, s.observation(0), s.observation(1)]
    if s.is_over:
        objects.append(s.outcome())
    for obj in objects:
        for name, value in public_values(obj).items():
            assert speaks_the_vocabulary(value), (type(obj).__name__, name, value)
    # the masks and sub-states are private
    for name in ("info", "auction", "ruff", "play", "discarded", "current_trick"):
        assert not hasattr(s, name), name


def test_every_field_of_an_observation_is_the_states_own_as_the_seat_may_see_it() -> None:
    """Field by field (the engine builds an observation by position), at every state of a deal
    through the exchange, the ruff and the play, for every seat."""
    s, rng, hidden = fresh(), random.Random(3), 0
    names = [f.name for f in attrs.fields(gleek.Observation)]
    own = [n for n in names if n not in ("seat", "hand", "hand_sizes", "history", "discards")]
    while True:
        for seat in range(3):
            obs = s.observation(seat)
            assert [getattr(obs, n) for n in own] == [getattr(s, n) for n in own]
            assert obs.seat == seat and obs.hand == s.hand(seat)
            assert obs.hand_sizes == tuple(len(h) for h in s.hands)
            bought = obs.buyer == seat
            assert obs.discards == (s.discards if bought else ())
            assert obs.history == tuple(
                (who, a) for who, a in s.history if bought or a.kind != "discard"
            )
            hidden += bool(s.discards) and not bought
        if s.is_over:
            break
        s = s.apply(rng.choice(s.legal_actions()))
    assert hidden > 0  # the deal went through an exchange that the others may not see


def test_one_name_for_one_thing_across_state_observation_and_outcome() -> None:
    s = played()
    obs, o = s.observation(0), s.outcome()
    for name in ("dealer", "trumps", "buyer", "price", "points", "payments", "chips", "pot"):
        assert getattr(s, name) == getattr(o, name), name
    for name in attrs.fields_dict(gleek.Observation):
        if name not in ("seat", "hand", "hand_sizes", "history", "discards"):
            assert getattr(obs, name) == getattr(s, name), name
    assert obs.hand == s.hand(0) and s.hands[0] == s.hand(0)


def test_hands_are_sorted_by_suit_then_rank_and_dealt_is_before_the_exchange() -> None:
    s = fresh()
    order = [c.suit.index * 100 - int(c.rank) for c in s.hand(0)]
    assert order == sorted(order) and len(s.hand(0)) == 12
    assert s.dealt == s.hands and len(s.deck) == 44 and s.deck[36] == s.turn_up
    s = played()
    assert s.hands == ((), (), ()) and all(len(h) == 12 for h in s.dealt)
    assert s.dealt_hand(1) == s.dealt[1] and s.stock == s.deck[37:]


def test_history_is_every_action_with_its_seat_auction_passes_and_ruff_words_included() -> None:
    s = fresh()
    for text in ["bid 12", "pass", "bid 13", "pass"]:
        s = s.apply(text)
    assert s.history == (
        (0, Action.bid(12)),
        (1, Action.word("pass")),
        (2, Action.bid(13)),
        (0, Action.word("pass")),
    )
    assert (s.bid, s.buyer, s.price, s.phase) == (13, 2, 13, Phase.DISCARD)
    while s.phase is Phase.DISCARD:
        s = s.apply(s.legal_actions()[0])
    s = s.apply("wait").apply("vie").apply("pass")
    assert [str(a) for _, a in s.history[-3:]] == ["wait", "vie", "pass"]
    assert [seat for seat, a in s.history if a.kind == "discard"] == [2] * 7
    # the buyer's discards are in its own view only
    assert s.observation(2).history == s.history
    assert [a.kind for _, a in s.observation(0).history].count("discard") == 0
    assert s.observation(0).discards == () and s.observation(2).discards == s.discards


def test_to_act_is_none_once_over_and_leader_and_trick_follow_the_play() -> None:
    s = fresh()
    assert (s.to_act, s.eldest, s.leader, s.trick, s.tricks) == (0, 0, None, (), ())
    while s.phase is not Phase.PLAY:
        s = s.apply(s.legal_actions()[0])
    assert s.leader == s.to_act
    s = s.apply(s.legal_actions()[0])
    assert s.trick == ((s.leader, s.history[-1][1].card),)
    s = play_first_legal(s)
    assert s.to_act is None and s.leader is None and s.observation(0).to_act is None
    assert sum(s.tricks_won) == 12 and s.points == s.outcome().points


def test_conveniences_are_the_module_functions() -> None:
    s = fresh()
    assert s.legal_actions() == gleek.legal_actions(s)
    assert s.apply("bid 12") == gleek.apply(s, Action.bid(12)) == gleek.apply(s, "bid 12")
    assert s.observation(1) == gleek.observation(s, 1)
    end = played()
    assert end.outcome() == gleek.outcome(end)


def test_action_constructors_accept_cards_or_their_text() -> None:
    assert Action.play("AS") is Action.play(Card.parse("AS")) is Action.parse("play as")
    assert Action.discard("10h") is Action.parse("discard TH")
    assert Action.word("VIE") is Action.parse("vie")
    assert Action.bid(300) == Action.parse("bid 300")


# ---------------------------------------------------------------------------- reading a state


def test_str_of_a_state_is_a_readable_picture() -> None:
    s = fresh()
    text = str(s)
    assert text.splitlines()[0] == "parlett: dealer seat 2, turn-up 5D, trumps diamonds"
    assert "auction: no bid yet; seat 0 to act" in text
    assert "seat 0: QS JS 4S  AH 10H 8H 7H  KD JD 10D 8D  AC   <- to act" in text
    while s.phase is not Phase.PLAY:
        s = s.apply(s.legal_actions()[0])
    s = s.apply(s.legal_actions()[0])
    text = str(s)
    card = s.history[-1][1].card
    assert f"trick: seat {s.leader} {card}" in text
    assert "[0 tricks, " in text and "chips: seat 0" in text
    end = str(played())
    assert "over: seat" in end and "to act" not in end


def test_str_of_an_observation_shows_only_the_seats_own_hand() -> None:
    s = fresh()
    text = str(s.observation(1))
    assert text.startswith("seen by seat 1\n")
    assert "seat 0: 12 cards" in text and "seat 2: 12 cards" in text
    assert (
        "seat 1: "
        + "  ".join(
            " ".join(str(c) for c in s.hand(1) if c.suit is suit)
            for suit in Suit
            if any(c.suit is suit for c in s.hand(1))
        )
        in text
    )


def test_repr_is_one_short_line() -> None:
    for obj in (fresh(), played(), fresh().observation(0)):
        text = repr(obj)
        assert "\n" not in text and len(text) < 100, text
    assert repr(fresh()) == "<State parlett: dealer 2, trumps D, auction, seat 0 to act, 0 actions>"


# ---------------------------------------------------------------------------- bad arguments


BAD_CALLS: list[tuple[str, Any, type[Exception], str]] = [
    ("dealer bool", lambda: gleek.new_deal(PARLETT, True, seed=1), ArgumentTypeError, "dealer"),
    ("dealer 3", lambda: gleek.new_deal(PARLETT, 3, seed=1), ArgumentError, "dealer"),
    ("dealer -1", lambda: gleek.new_deal(PARLETT, -1, seed=1), ArgumentError, "dealer"),
    ("profile str", lambda: gleek.new_deal("parlett", seed=1), ArgumentTypeError, "profile"),
    ("seed float", lambda: gleek.new_deal(PARLETT, seed=1.5), ArgumentTypeError, "seed"),
    ("no seed", lambda: gleek.new_deal(PARLETT), ArgumentError, "seed="),
    ("deck short", lambda: gleek.new_deal(PARLETT, deck=gleek.DECK[:40]), ArgumentError, "deck"),
    ("deck int", lambda: gleek.new_deal(PARLETT, deck=5), ArgumentTypeError, "deck"),
    ("deck of ints", lambda: gleek.new_deal(PARLETT, deck=list(range(44))), TypeError, "deck[0]"),
    ("stake 0", lambda: gleek.new_deal(PARLETT, seed=1, ruff_stake=0), ArgumentError, "ruff_stake"),
    ("stake str", lambda: gleek.new_deal(PARLETT, seed=1, ruff_stake="2"), TypeError, "ruff_stake"),
    ("legal of None", lambda: gleek.legal_actions(None), ArgumentTypeError, "state"),
    ("apply to a str", lambda: gleek.apply("state", "bid 12"), ArgumentTypeError, "state"),
    ("apply an int", lambda: gleek.apply(fresh(), 12), ArgumentTypeError, "action"),
    ("apply nonsense", lambda: gleek.apply(fresh(), "shout"), ArgumentError, "not an action"),
    ("apply seat 5", lambda: gleek.apply(fresh(), "bid 12", seat=5), ArgumentError, "seat"),
    ("apply seat bool", lambda: fresh().apply("bid 12", seat=False), TypeError, "seat"),
    # eldest (seat 0) is to act: a seat that compares equal to 0 but is no int is still refused
    ("seat False", lambda: gleek.apply(fresh(), Action.bid(12), seat=False), TypeError, "bool"),
    ("seat 0.0", lambda: gleek.apply(fresh(), Action.bid(12), seat=0.0), TypeError, "float"),
    ("observation -1", lambda: gleek.observation(fresh(), -1), ArgumentError, "seat"),
    ("observation 3", lambda: fresh().observation(3), ArgumentError, "seat"),
    ("observation str", lambda: fresh().observation("0"), ArgumentTypeError, "seat"),
    ("hand 3", lambda: fresh().hand(3), ArgumentError, "seat"),
    ("dealt_hand -1", lambda: fresh().dealt_hand(-1), ArgumentError, "seat"),
    ("outcome early", lambda: gleek.outcome(fresh()), ArgumentError, "finished"),
    ("outcome of int", lambda: gleek.outcome(3), ArgumentTypeError, "state"),
    ("check names", lambda: gleek.check_action(fresh(), "pass", names="ab"), TypeError, "names"),
    ("bid float", lambda: Action.bid(12.0), ArgumentTypeError, "amount"),
    ("bid bool", lambda: Action.bid(True), ArgumentTypeError, "amount"),
    ("bid negative", lambda: Action.bid(-1), ArgumentError, "amount"),
    ("arabic digits", lambda: Action.parse("bid ١٢"), ArgumentError, "not an action"),
    ("parse bytes", lambda: Action.parse(b"pass"), ArgumentTypeError, "text"),
    ("play int", lambda: Action.play(5), ArgumentTypeError, "card"),
    ("play bad", lambda: Action.play("ZZ"), gleek.CardError, "not a card"),
    ("word bad", lambda: Action.word("shout"), ArgumentError, "word"),
    ("kind bad", lambda: Action("shout"), ArgumentError, "kind"),
    ("players ints", lambda: Session.start(PARLETT, players=(1, 2, 3)), TypeError, "players"),
    ("players two", lambda: Session.start(PARLETT, players=("a", "b")), ArgumentError, "players"),
    ("players str", lambda: Session.start(PARLETT, players="abc"), TypeError, "players"),
    ("deals 0", lambda: Session.start(PARLETT, deals=0), ArgumentError, "deals"),
    ("deals float", lambda: Session.start(PARLETT, deals=2.0), TypeError, "deals"),
    ("chips two", lambda: Session.start(PARLETT, chips=(1, 2)), ArgumentError, "chips"),
    ("session dealer", lambda: Session.start(PARLETT, dealer=7), ArgumentError, "dealer"),
    ("session profile", lambda: Session.start("parlett"), ArgumentTypeError, "profile"),
    ("bots two", lambda: Session.start(PARLETT).play_out([RandomBot()] * 2), TypeError, "bots"),
    ("bots junk", lambda: Session.start(PARLETT).play_out([1, 2, 3]), TypeError, "bots[0]"),
    ("record junk", lambda: Session.start(PARLETT).record("deal"), TypeError, "deal"),
    ("unfinished", lambda: DealRecord(fresh()), ArgumentError, "finished"),
    (
        "play_deal rng",
        lambda: play_deal(fresh(), [RandomBot()] * 3, 3),
        ArgumentTypeError,
        "rng",
    ),
    ("state_at -1", lambda: DealRecord(played()).state_at(-1), ArgumentError, "k"),
]


@pytest.mark.parametrize(
    ("call", "error", "says"), [c[1:] for c in BAD_CALLS], ids=[c[0] for c in BAD_CALLS]
)
def test_bad_arguments_raise_the_librarys_errors_naming_the_argument(
    call: Any, error: type[Exception], says: str
) -> None:
    with pytest.raises(error) as info:
        call()
    assert isinstance(info.value, GleekError)
    assert isinstance(info.value, TypeError | ValueError)
    assert says in str(info.value)


def test_acting_after_the_end_says_the_deal_is_over_without_seat_minus_one() -> None:
    end = played()
    for call in (lambda: end.apply("pass"), lambda: end.apply("play AS", seat=1)):
        with pytest.raises(IllegalAction) as info:
            call()
        assert info.value.code == "extra-action"
        assert "the deal is over" in str(info.value) and "-1" not in str(info.value)
    assert end.legal_actions() == ()


# ---------------------------------------------------------------------------- bots and sessions


def test_the_shipped_bots_satisfy_the_bot_protocol_and_so_does_a_users_class() -> None:
    class FirstLegal:
        def choose(
            self, obs: gleek.Observation, legal: tuple[Action, ...], rng: random.Random
        ) -> Action:
            return legal[0]

    for bot in (RandomBot(), BasicBot(), FirstLegal(), *(make() for make in BOTS.values())):
        assert isinstance(bot, gleek.Bot)
    deal = play_deal(fresh(), [FirstLegal(), BasicBot(), RandomBot()], random.Random(1))
    assert deal.final.is_over and deal.actions == deal.final.history


def test_a_deal_record_steps_through_every_state() -> None:
    deal = DealRecord(played())
    states = list(deal.states())
    assert len(states) == len(deal.actions) + 1
    assert states[0] == deal.final.root() == deal.state_at(0)
    assert states[-1] == deal.final == deal.state_at(len(deal.actions))
    assert deal.state_at(10) == states[10] and len(states[10].history) == 10
    with pytest.raises(ArgumentError):
        deal.state_at(len(deal.actions) + 1)


def test_session_record_refuses_a_deal_that_does_not_continue_it() -> None:
    session = Session.start(PARLETT, deals=2, dealer=0)
    ok = play_first_legal(session.new_deal(seed=1))
    wrong_dealer = play_first_legal(gleek.new_deal(PARLETT, 1, seed=1))
    wrong_stake = play_first_legal(gleek.new_deal(PARLETT, 0, seed=1, ruff_stake=4))
    pi = gleek.load_profile("pi")
    wrong_profile = play_first_legal(gleek.new_deal(pi, 0, seed=1))
    for deal, says in (
        (wrong_dealer, "dealt by seat 1 (East), but the deal passes to seat 0 (North)"),
        (wrong_stake, "opens the ruff at a stake of 4, but the session carries 2"),
        (wrong_profile, "under publications-international, but the session is under parlett"),
    ):
        with pytest.raises(ArgumentError, match=r"deal 1 ") as info:
            session.record(deal)
        assert says in str(info.value)
    session = session.record(ok)
    session = session.record(play_first_legal(session.new_deal(seed=2)))
    assert session.is_over
    with pytest.raises(ArgumentError, match="the session is over: all 2 planned"):
        session.record(ok)
    with pytest.raises(ArgumentError, match="the session is over"):
        session.new_deal(seed=3)


ODD_VALUES: list[Any] = [None, -1, 3, 1.5, True, "x", b"x", (), [1, 2, 3], object()]


def _entry_points() -> list[tuple[str, Any, list[Any]]]:
    """(name, function, good arguments) for the public functions and methods."""
    s = fresh()
    end = played()
    deal = DealRecord(end)
    session = Session.start(PARLETT, deals=1)
    rec = gleek.record.read(Path("examples/parlett-s0-auction.yaml"))
    return [
        ("new_deal", lambda *a: gleek.new_deal(a[0], a[1], seed=a[2]), [PARLETT, 0, 1]),
        ("new_deal deck", lambda *a: gleek.new_deal(a[0], deck=a[1]), [PARLETT, gleek.DECK]),
        ("legal_actions", gleek.legal_actions, [s]),
        ("apply", gleek.apply, [s, "bid 12", 0]),
        ("check_action", gleek.check_action, [s, "bid 12", 0, ("a", "b", "c")]),
        ("observation", gleek.observation, [s, 0]),
        ("outcome", gleek.outcome, [end]),
        ("hand", s.hand, [0]),
        ("dealt_hand", s.dealt_hand, [0]),
        ("Action.bid", Action.bid, [12]),
        ("Action.play", Action.play, ["AS"]),
        ("Action.discard", Action.discard, ["AS"]),
        ("Action.word", Action.word, ["vie"]),
        ("Action.parse", Action.parse, ["bid 12"]),
        ("Session.start", lambda *a: Session.start(a[0], a[1], players=a[2]), [PARLETT, 3, "abc"]),
        ("Session.new_deal", lambda *a: session.new_deal(seed=a[0]), [1]),
        ("Session.record", session.record, [end]),
        ("Session.play_out", session.play_out, [[RandomBot()] * 3, 1]),
        ("Session.from_record", Session.from_record, [rec, 3]),
        ("play_deal", play_deal, [s, [RandomBot()] * 3, random.Random(1)]),
        ("DealRecord", DealRecord, [end]),
        ("state_at", deal.state_at, [3]),
        ("read", gleek.record.read, [Path("examples/parlett-s0-auction.yaml")]),
        ("read_text", gleek.record.read_text, ["x: 1\n"]),
        ("dumps", gleek.record.dumps, [session, "yaml"]),
        ("loads", gleek.record.loads, ["format: gleek-record/1\n"]),
        ("load", gleek.record.load, [Path("examples/parlett-s0-auction.yaml")]),
        ("validate", gleek.record.validate, [Path("examples/parlett-s0-auction.yaml")]),
        ("validate_text", gleek.record.validate_text, ["x: 1\n", "x.yaml"]),
    ]


def test_no_entry_point_lets_an_odd_argument_surface_as_index_key_or_attribute_error() -> None:
    for name, call, good in _entry_points():
        for i in range(len(good)):
            for odd in ODD_VALUES:
                args = [*good[:i], odd, *good[i + 1 :]]
                try:
                    with warnings.catch_warnings():
                        # read() of a record's text (an odd str) warns that it is deprecated,
                        # as tests/test_record_objects.py checks: here only errors count
                        warnings.simplefilter("ignore", DeprecationWarning)
                        call(*args)
                except GleekError:
                    pass  # the library's own error, naming what went wrong
                except Exception as exc:
                    raise AssertionError(f"{name} argument {i} = {odd!r}: {exc!r}") from exc


@pytest.mark.parametrize(
    ("players", "why"),
    [
        (("pot", "East", "West"), "players\\[0\\] must be a name"),
        (("North", "x" * 65, "West"), "players\\[1\\] must be a name"),
        (("North", "East", "We\u202est"), "players\\[2\\] must be a name"),
        (("Zoë", "Zoe\u0308", "West"), "differ in Unicode NFC form"),
    ],
)
def test_a_session_takes_only_names_a_record_may_hold(players: tuple[str, ...], why: str) -> None:
    """A session's record validates: its players' names are those the record format allows,
    and distinct as the validator compares them."""
    from gleek.errors import ArgumentError
    from gleek.session import Session

    with pytest.raises(ArgumentError, match=why):
        Session.start(gleek.load_profile("parlett"), players=players)
    ok = Session.start(gleek.load_profile("parlett"), players=("Zoë", "Zoé", "x" * 64))
    assert gleek.record.validate_text(
        gleek.record.dumps(ok.play_out([RandomBot()] * 3, seed=1))
    ).valid
