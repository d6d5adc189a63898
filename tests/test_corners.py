"""Small public conveniences not exercised elsewhere: card and suit text, writing to a stream."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import gleek
from gleek.cards import Card, Rank, Suit, format_cards
from gleek.errors import CardError
from gleek.record import dump, loads
from gleek.session import Session
from gleek.sim.bots import RandomBot
from gleek.stages.common import REASONS


def test_suit_and_rank_text() -> None:
    assert [s.index for s in Suit] == [0, 1, 2, 3]
    assert Suit.parse(" h ") is Suit.parse("♥") and str(Suit.parse("S")) == Suit.parse("S").value
    assert Rank.parse("t") is Rank.parse("10") and str(Rank.parse("q")) == "Q"
    for parse, text in ((Suit.parse, "X"), (Suit.parse, 3), (Rank.parse, "1"), (Rank.parse, None)):
        with pytest.raises(CardError):
            parse(text)  # type: ignore[operator]
    assert Card.parse("10h").pretty == "10♥"
    assert format_cards([Card.parse("AH"), Card.parse("4C")]) == "AH 4C"


def test_dump_to_an_open_stream() -> None:
    s = Session.start(gleek.load_profile("parlett"), deals=1).play_out([RandomBot()] * 3, seed=3)
    out = io.StringIO()
    dump(s, out, "json")
    assert loads(out.getvalue())["profile"] == "parlett"


def test_stage_helpers_and_argument_checks() -> None:
    from gleek.cards import CARDS
    from gleek.errors import ArgumentTypeError
    from gleek.stages.common import card
    from gleek.viewer import viewer_html

    p = gleek.load_profile("parlett")
    assert card(5) is CARDS[5]
    with pytest.raises(ArgumentTypeError, match="chips"):
        Session.start(p, chips="100")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="viewer_html"):
        viewer_html()


def test_forfeit_only_for_sets_laid_out(monkeypatch: pytest.MonkeyPatch) -> None:
    from gleek.cards import mask_of, parse_cards
    from gleek.stages.rules import rules_of
    from gleek.stages.sets import forfeit_payments
    from gleek.stages.stock import after_discards

    cotton = gleek.load_profile("cotton")
    kings = mask_of(parse_cards(["KH", "KS", "KD"]))
    assert cotton.sets.forfeit > 0
    assert forfeit_payments(cotton, 1, kings, 0, ("tiddy", "gleek-K")) == ()  # held: no forfeit
    hand, stock = mask_of(parse_cards(["AH", "KH"])), mask_of(parse_cards(["QS"]))
    assert after_discards(rules_of(cotton), hand, stock) == hand  # taken before the discards


def test_a_broken_bibliography(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    from gleek import sources
    from gleek.errors import ProfileError

    monkeypatch.setattr(sources, "_profiles_dir", lambda: tmp_path)
    read = sources.bibliography.__wrapped__
    with pytest.raises(ProfileError, match="cannot read the bibliography"):
        read()
    (tmp_path / "sources.yaml").write_text("a: [1\n")
    with pytest.raises(ProfileError) as info:
        read()
    assert info.value.code == "syntax"
    (tmp_path / "sources.yaml").write_text("nonsense: 1\n")
    with pytest.raises(ProfileError) as info:
        read()
    assert info.value.line == 1


def test_more_library_corners(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import gc

    from gleek.actions import Action
    from gleek.errors import ArgumentError, ProfileError
    from gleek.profile import load_variant
    from gleek.sourcemap import load_located

    with pytest.raises(ArgumentError, match="only a bid has an amount"):
        Action("pass", 3)
    with pytest.raises(ArgumentError, match="only a play or a discard has a card"):
        Action("pass", None, Card.parse("AH"))
    bad = tmp_path / "v.yaml"
    bad.write_text("id: Bad_Id\ntitle: t\nsummary: s\nset: {}\n")
    with pytest.raises(ProfileError, match="not of the expected form"):
        load_variant(bad)
    gc.disable()
    try:
        assert load_located("a: 1").data == {"a": 1}
        assert not gc.isenabled()  # the loader leaves the collector as it found it
    finally:
        gc.enable()


@pytest.mark.parametrize(
    ("args", "kwargs", "error", "words"),
    [
        ((-1, 0, 3, "stock"), {}, "ArgumentError", "payer must be a seat 0, 1 or 2, not -1"),
        ((0, 3, 3, "stock"), {}, "ArgumentError", "payee must be a seat 0, 1 or 2, not 3"),
        ((True, 0, 3, "stock"), {}, "ArgumentTypeError", "payer must be a seat"),
        ((0, "box", 3, "stock"), {}, "ArgumentTypeError", "payee must be a seat"),
        (("pot", "pot", 3, "settlement"), {}, "ArgumentError", "must differ, not both 'pot'"),
        ((1, 1, 3, "stock"), {}, "ArgumentError", "must differ, not both 1"),
        ((0, 1, 0, "stock"), {}, "ArgumentError", "amount must be at least 1, not 0"),
        ((0, 1, -2, "stock"), {}, "ArgumentError", "amount must be at least 1, not -2"),
        ((0, 1, 2.0, "stock"), {}, "ArgumentTypeError", "amount must be a whole number"),
        ((0, 1, 2, "tip"), {}, "ArgumentError", "reason must be one of stock, turn-up"),
        ((0, 1, 2, "set", 5), {}, "ArgumentTypeError", "detail must be a str"),
        ((0, 1, 2, "set"), {"set_kind": "pair"}, "ArgumentError", "set_kind must be None"),
        ((0, 1, 2, "set"), {"rank": 13}, "ArgumentTypeError", "rank must be None or a gleek.Rank"),
    ],
)
def test_a_payment_made_by_hand_is_checked(
    args: tuple[object, ...], kwargs: dict[str, object], error: str, words: str
) -> None:
    """A user-built :class:`gleek.Payment` is held to the shape of the engine's: two different
    parties (seats 0-2 or the pot), a whole number of chips of at least 1, a known reason."""
    with pytest.raises(getattr(gleek, error)) as info:
        gleek.Payment(*args, **kwargs)  # type: ignore[arg-type]
    assert words in str(info.value)


def test_a_payment_of_every_reason_and_a_set_with_its_kind_and_rank_is_made() -> None:
    """The payments the checks let through: the pot as payer, every reason of the record
    format, a set's kind and rank."""
    assert gleek.Payment("pot", 2, 1, "ruff-pool").payer == "pot"
    assert [gleek.Payment(0, "pot", 1, r).reason for r in REASONS] == list(REASONS)
    assert gleek.Payment(0, 1, 2, "set", "x", set_kind="gleek", rank=gleek.Rank.KING).rank == 13


def test_the_engines_vocabularies_are_the_formats() -> None:
    """A payment's reasons are the report format's, and the words ``outcome()`` takes as claims
    are the record format's: the engine's lists cannot drift from the schemas."""
    import json

    from gleek.stages.sets import CLAIM_WORDS

    schemas = Path(gleek.__file__).parent / "schemas"
    report = json.loads((schemas / "report.schema.json").read_text("utf-8"))
    record = json.loads((schemas / "record.schema.json").read_text("utf-8"))

    def enums(node: object) -> list[list[object]]:
        if isinstance(node, dict):
            found = [node["enum"]] if "enum" in node else []
            return found + [e for v in node.values() for e in enums(v)]
        if isinstance(node, list):
            return [e for v in node for e in enums(v)]
        return []

    assert list(REASONS) in enums(report)
    assert list(CLAIM_WORDS) in enums(record)
