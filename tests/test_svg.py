"""Pictures of a deal: well-formed SVG, every card drawn where it is, hidden cards never drawn."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

import gleek
import gleek.record
from gleek.cards import Card
from gleek.sim.bots import RandomBot
from gleek.state import Phase, State
from gleek.svg import draw, draw_card
from gleek.viewer import replay_file, viewer_html

ROOT = Path(__file__).resolve().parent.parent


def _deal_states(seed: int, profile: str = "parlett") -> list[State]:
    """Every state of one deal played by random bots."""
    state = gleek.new_deal(gleek.load_profile(profile), dealer=seed % 3, seed=seed)
    rng = random.Random(seed)
    bot = RandomBot()
    out = [state]
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        legal = gleek.legal_actions(state)
        state = gleek.apply(state, bot.choose(gleek.observation(state, seat), legal, rng))
        out.append(state)
    return out


STATES = [s for seed in (1, 2) for s in _deal_states(seed)] + _deal_states(3, "pi")


def _cards(svg: str, where: str) -> Counter[str]:
    root = ET.fromstring(svg)
    return Counter(e.get("data-card", "?") for e in root.iter() if e.get("data-where") == where)


def _downs(svg: str, where: str) -> int:
    root = ET.fromstring(svg)
    return sum(
        1 for e in root.iter() if e.get("data-where") == where and e.get("data-face") == "down"
    )


def test_every_phase_is_drawn_as_well_formed_svg() -> None:
    phases = set()
    for i, state in enumerate(STATES):
        svg = draw(state, four_colour=bool(i % 2))
        root = ET.fromstring(svg)  # raises if not well-formed XML
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
        assert root.get("data-phase") == state.phase.value
        phases.add(state.phase)
    assert phases == set(Phase)


def test_every_card_of_a_hand_appears_once() -> None:
    for state in STATES:
        svg = draw(state)
        for seat in range(3):
            assert _cards(svg, f"hand-{seat}") == Counter(str(c) for c in state.hand(seat))
        assert _cards(svg, "turn-up") == Counter([str(state.turn_up)])
        assert _cards(svg, "discards") == Counter(str(c) for c in state.discards)
        on_table = Counter(str(c) for _, c in state.trick or (state.tricks or [()])[-1])
        assert _cards(svg, "trick") == on_table


def test_the_stock_lies_face_down_until_taken() -> None:
    for state in STATES:
        svg = draw(state)
        taken = state.phase not in (Phase.AUCTION, Phase.DISCARD)
        assert _downs(svg, "stock") == (0 if taken else 7)
        assert not _cards(svg, "stock") - Counter({"?": 7})


def test_hidden_cards_never_appear_in_an_observation() -> None:
    for state in STATES:
        for seat in range(3):
            obs = gleek.observation(state, seat)
            svg = draw(obs, names=("Anna", "Ben", "Carla"))
            ET.fromstring(svg)
            hidden: set[Card] = {c for s in range(3) if s != seat for c in state.hand(s)}
            if state.phase in (Phase.AUCTION, Phase.DISCARD):
                hidden |= set(state.stock)
            if state.buyer != seat:
                hidden |= set(state.discards)
            for c in hidden:
                assert f'data-card="{c}"' not in svg, (seat, c)
                assert f'-{c}"' not in svg, (seat, c)  # no face symbol defined either
            assert _cards(svg, f"hand-{seat}") == Counter(str(c) for c in state.hand(seat))
            for other in range(3):
                if other != seat:
                    assert _downs(svg, f"hand-{other}") == len(state.hand(other))
            if state.buyer is not None and state.buyer != seat:
                assert _downs(svg, "discards") == len(state.discards)


def test_four_colours_paint_diamonds_blue_and_clubs_green() -> None:
    card = Card.parse("9D")
    assert "#1f5fbf" in draw_card(card, four_colour=True)
    assert "#1f5fbf" not in draw_card(card)
    assert "#c8102e" in draw_card(card)
    assert "#1d7a32" in draw_card(Card.parse("4C"), four_colour=True)


def test_the_picture_names_the_players_and_who_is_to_act() -> None:
    state = STATES[0]
    svg = draw(state, names=("Anna", "Ben", "Carla"), width=600)
    root = ET.fromstring(svg)
    assert root.get("width") == "600"
    panel = next(e for e in root.iter() if e.get("data-panel") == str(state.to_act))
    texts = [t.text for t in panel.iter("{http://www.w3.org/2000/svg}text")]
    assert "to act" in texts
    assert "Ben" in "".join(t or "" for t in texts) or state.to_act != 1


def test_bad_arguments_raise_the_library_errors() -> None:
    with pytest.raises(gleek.ArgumentError, match="names"):
        draw(STATES[0], names=("Anna", "Ben"))
    with pytest.raises(gleek.ArgumentTypeError, match="State or an Observation"):
        draw("not a state")  # type: ignore[arg-type]
    with pytest.raises(gleek.ArgumentTypeError, match="expected a Card"):
        draw_card("AS")  # type: ignore[arg-type]


def test_jupyter_shows_states_observations_deals_and_outcomes() -> None:
    final = STATES[-1]
    assert final._repr_svg_().startswith("<svg")
    assert gleek.observation(final, 2)._repr_svg_().startswith("<svg")
    deal = replay_file(ROOT / "examples" / "parlett-s0-auction.yaml")[0]
    assert ET.fromstring(deal._repr_svg_()).get("data-phase") == "over"
    record = gleek.record.read(ROOT / "examples" / "parlett-s0-auction.yaml")
    assert record.deals[0]._repr_svg_() == draw(deal.final)
    table = gleek.outcome(final)._repr_html_()
    assert table.startswith("<table")
    for seat in range(3):
        o = gleek.outcome(final)
        assert f"<th>Seat {seat}</th><td>{o.points[seat]}</td><td>{o.chips[seat]:+d}</td>" in table


def test_the_viewer_page_fetches_nothing() -> None:
    page = viewer_html(ROOT / "examples" / "parlett-s0-auction.yaml")
    body = page.split("<body", 1)[1].replace("http://www.w3.org/2000/svg", "")
    for needle in ("src=", "<link", "@import", "http:", "https:", "//"):
        assert needle not in body, needle


def test_a_player_named_you_takes_the_verb_that_agrees() -> None:
    """The browser page calls its player "You": "You deal", "You pay", while "Ann pays"."""
    from gleek.svg import outcome_html

    ends = [s for s in STATES if s.is_over]
    end = next(e for e in ends if {e.dealer, (e.dealer + 1) % 3} <= {p.payer for p in e.payments})
    names = ["", "", ""]
    names[end.dealer], names[(end.dealer + 1) % 3], names[(end.dealer + 2) % 3] = (
        "You",
        "Ann",
        "Ben",
    )
    picture = draw(end, names=names)
    assert "You deal ·" in picture and "You deals" not in picture
    table = outcome_html(end.outcome(), names=names)
    assert "<li>You pay " in table and "<li>Ann pays " in table and "You pays" not in table
