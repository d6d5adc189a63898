"""One first error for a record, the same from every entry point: the error earliest in the file
(line, then column), whatever its kind. Player names compared in Unicode NFC."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest

import gleek
from gleek.compare import compare_record
from gleek.errors import ProfileError, RecordError
from gleek.record import read, read_text, validate, validate_text
from gleek.record.report import Problem, Report
from gleek.viewer import load_record

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "tests" / "records"
BROKEN = sorted(RECORDS.glob("*.yaml"))


def _where(e: Problem) -> tuple[str, str | None, int | None, int | None]:
    return (e.code, e.path, e.line, e.column)


@pytest.mark.parametrize("path", BROKEN, ids=lambda p: p.stem)
def test_validate_read_the_viewer_and_compare_agree_on_the_first_error(path: Path) -> None:
    report = validate(path)
    first = report.errors[0] if report.errors else None
    # read(): the same Problem, or, for a record it cannot read at all, a RecordError there
    try:
        rec = read(path)
    except RecordError as exc:
        assert first is not None and first.deal is None
        assert (exc.code, exc.path, exc.line, exc.column) == _where(first)
        assert exc.message == first.message
    else:
        assert rec.error == first
        if rec.broken is not None:
            assert rec.broken.error == first
    # the viewer: the banner's line is the report's
    _, banner = load_record(path)
    assert banner == (None if first is None else first.human(str(path)))
    # compare --record, the record under its own profile (results checked)
    try:
        comparison = compare_record(path, [gleek.load_profile("parlett")])
    except RecordError as exc:  # syntax or schema: it cannot be compared at all
        assert first is not None and (exc.line, exc.column) == (first.line, first.column)
        assert first.code in ("syntax", "schema") and exc.message == first.message
        return
    except ProfileError as exc:  # the record names no profile there is
        assert first is not None and first.code in ("unknown-profile", "unknown-variant")
        assert exc.message == first.message
        return
    base = read(path).profile
    own = dict(compare_record(path, [base]).reports)[base.name]
    assert own.errors[:1] == report.errors[:1]
    assert comparison.base == base.name


def _expected(name: str) -> dict[str, object]:
    return json.loads((RECORDS / f"{name}.expected.json").read_text("utf-8"))  # type: ignore[no-any-return]


# Each record holds two mistakes of different kinds; the one earlier in the file is the error.
# ``fix`` mends the first (a text replacement), so the second is shown to be there.
REVOKE = ("{North: 6H}\n    - {East: AD}", "{North: JD}\n    - {East: AD}")
PAIRS = [
    # hand + stock: West holds 11 cards, the stock 6; in the file's order, then the stock first
    ("first-hand-then-stock", ("10C, 9C, QH]", "10C, 9C, QH, JC]"), "bad-deal", "the stock has 6"),
    ("first-stock-then-hand", ("9H]", "9H, 8C]"), "bad-deal", "West has 11 cards"),
    # claim + claim: North claims tumbler, then mournival-A, and holds neither
    ("first-claim-of-two", ("[tumbler, ", "[tiddy, "), "false-claim", "claims mournival-A"),
    # rule + shape: a revoke in trick 1 before a card that is not a card in trick 10
    ("first-revoke-then-bad-card", REVOKE, "bad-card", "'7X' is not one of the 44 cards"),
    # shape + rule: the tricks written before the auction; trick 1's first card is not a card,
    # the opening bid (later in the file, earlier in the game) is too low
    ("first-bad-card-then-bid", ("{West: 5Z}", "{West: 5D}"), "bad-bid", "must open"),
    # rule + claim: the claims written after the tricks; a revoke before a false claim
    ("first-revoke-then-claim", REVOKE, "false-claim", "claims gleek-A"),
]  # fmt: skip


@pytest.mark.parametrize(("name", "fix", "then", "words"), PAIRS, ids=[p[0] for p in PAIRS])
def test_of_two_mistakes_the_earlier_in_the_file_is_the_error(
    name: str, fix: tuple[str, str], then: str, words: str
) -> None:
    text = (RECORDS / f"{name}.yaml").read_text("utf-8")
    expected = _expected(name)
    first = validate_text(text, f"{name}.yaml").errors[0]
    assert (first.code, first.line, first.column, first.path) == (
        expected["code"],
        expected["line"],
        expected["column"],
        expected["path"],
    )
    assert text.count(fix[0]) == 1
    second = validate_text(text.replace(fix[0], fix[1]), f"{name}.yaml").errors
    assert len(second) == 1 and second[0].code == then and words in second[0].message
    assert (second[0].line, second[0].column) > (first.line, first.column)


def test_the_issues_two_shape_mistakes_west_11_cards_and_a_stock_of_6() -> None:
    hand_first = validate(RECORDS / "first-hand-then-stock.yaml").errors
    stock_first = validate(RECORDS / "first-stock-then-hand.yaml").errors
    assert [e.message for e in hand_first] == ["deal 1: West has 11 cards; each hand has 12"]
    assert [e.message for e in stock_first] == ["deal 1: the stock has 6 cards; it has 7"]


def test_a_claim_list_gives_its_first_false_claim_from_every_entry_point() -> None:
    path = RECORDS / "first-claim-of-two.yaml"
    message = "deal 1: North claims tumbler but does not hold 6S"
    assert validate(path).errors[0].message == message
    rec = read(path)
    assert rec.error is not None and rec.error.message == message
    assert rec.broken is not None and rec.broken.last.is_over  # not an action: played out


def test_a_claim_of_a_later_player_in_the_file_comes_after() -> None:
    text = (RECORDS / "first-claim-of-two.yaml").read_text("utf-8")
    # East's false claim written before North's: East's is the error, whoever sits first
    both = text.replace(
        "    North: [tumbler, mournival-A]", "    East: [gleek-K]\n    North: [tumbler]"
    )
    errors = validate_text(both, "x.yaml").errors
    assert [e.message for e in errors] == [
        "deal 1: East claims gleek-K but holds 1 of that rank after the exchange"
    ]
    assert read_text(both).error == errors[0]


def test_a_revoke_before_a_false_claim_in_the_file_is_the_error_and_refused() -> None:
    rec = read(RECORDS / "first-revoke-then-claim.yaml")
    assert rec.error is not None and rec.error.code == "revoke"
    assert rec.broken is not None and rec.broken.refused is not None  # the revoke is refused
    assert str(rec.broken.refused[1]) == "play 6H"


@pytest.mark.parametrize(
    ("name", "message", "where", "in_trick"),
    [
        # cut inside a trick: at that trick, where the record stops
        ("cut-inside-trick", "trick 6 has 2 cards; a trick has 3", ("deals[0].tricks[5]", 42, 5),
         2),
        # cut between tricks: at the deal, since no trick is short
        ("cut-between-tricks", "the record stops after 5 of 12 tricks", ("deals[0]", 7, 3), 0),
    ],
)  # fmt: skip
def test_a_deal_cut_short_is_reported_where_it_stops(
    name: str, message: str, where: tuple[str, int, int], in_trick: int
) -> None:
    (e,) = validate(RECORDS / f"{name}.yaml").errors
    assert (e.code, e.message) == ("incomplete", f"deal 1: {message}")
    assert (e.path, e.line, e.column) == where
    broken = read(RECORDS / f"{name}.yaml").broken
    assert broken is not None and broken.refused is None
    assert len(broken.last.tricks) == 5 and len(broken.last.trick) == in_trick


def test_a_short_trick_that_is_not_the_last_is_reported_at_it_too() -> None:
    text = (RECORDS / "cut-between-tricks.yaml").read_text("utf-8")
    cut = text.replace("    - {West: KH}\n    - {North: AH}\n", "    - {West: KH}\n", 1)
    (e,) = validate_text(cut, "x.yaml").errors
    assert (e.code, e.path) == ("incomplete", "deals[0].tricks[1]")
    assert e.message == "deal 1: trick 2 has 2 cards; a trick has 3"


def test_several_wrong_results_are_all_listed_in_the_files_order() -> None:
    text = (ROOT / "examples" / "parlett-play-high.yaml").read_text("utf-8")
    bad = text.replace(
        "points: {North: 3, East: 18, West: 45}", "points: {North: 4, East: 18, West: 44}"
    )
    errors = validate_text(bad, "x.yaml").errors
    assert [(e.code, e.path) for e in errors] == [
        ("wrong-result", "deals[0].result.points.North"),
        ("wrong-result", "deals[0].result.points.West"),
    ]
    assert read_text(bad).error == errors[0]


def test_an_unknown_name_in_the_chips_written_after_the_deals_comes_after_their_error() -> None:
    text = (RECORDS / "revoke.yaml").read_text("utf-8") + "chips: {Nobody: 3}\n"
    (e,) = validate_text(text, "x.yaml").errors
    assert e.code == "revoke"
    rec = read_text(text)
    assert rec.error == e and rec.chips == (100, 100, 100)
    head = "chips: {Nobody: 3}\n" + (RECORDS / "revoke.yaml").read_text("utf-8")
    (h,) = validate_text(head, "x.yaml").errors
    assert (h.code, h.path, h.deal) == ("unknown-player", "chips.Nobody", None)
    with pytest.raises(RecordError, match="'Nobody' is not one of the players"):
        read_text(head)


# ---------------------------------------------------------------------------- player names

NFC = "Jos\u00e9"  # é precomposed
NFD = "Jose\u0301"  # e and a combining acute accent


def _renamed(players: str, actions: str) -> str:
    """The Parlett example with West called ``players`` in the list, ``actions`` elsewhere."""
    text = (ROOT / "examples" / "parlett-play-high.yaml").read_text("utf-8")
    text = text.replace("players: [North, East, West]", f"players: [North, East, {players}]")
    return text.replace("West", actions).replace(f"East, {actions}]", f"East, {players}]")


def test_names_that_look_the_same_are_the_same_player() -> None:
    assert NFC != NFD and unicodedata.normalize("NFC", NFD) == NFC
    for listed, used in ((NFC, NFD), (NFD, NFC), (NFD, NFD)):
        text = _renamed(listed, used)
        assert f"players: [North, East, {listed}]" in text and used + ":" in text
        report = validate_text(text, "jose.yaml")
        assert report.valid, report.human()
        assert dict(report.chips)[NFC] == 131  # the report names the player in NFC
        rec = read_text(text)
        assert rec.valid and rec.players == ("North", "East", NFC)


def test_a_misspelt_player_gets_a_did_you_mean() -> None:
    text = (RECORDS / "unknown-player.yaml").read_text("utf-8")
    (e,) = validate_text(text, "x.yaml").errors
    assert e.message == (
        "deal 1: 'Wes' is not one of the players (North, East, West); did you mean 'West'?"
    )
    far = validate_text(text.replace("{Wes: 12}", "{Zygmunt: 12}"), "x.yaml").errors[0]
    assert far.message.endswith("(North, East, West)")  # nothing close: no guess


def test_two_players_whose_names_are_the_same_once_normalised_are_refused() -> None:
    text = _renamed(NFD, NFD).replace("players: [North, East,", f"players: [{NFC}, East,")
    (e,) = validate_text(text, "x.yaml").errors
    assert (e.code, e.path, e.deal) == ("schema", "players[2]", None)
    assert "is the name of another player" in e.message
    with pytest.raises(RecordError, match="the name of another player"):
        read_text(text)


# ---------------------------------------------------------------------------- the summary


def test_the_summary_names_the_rules_only_when_it_has_them() -> None:
    syntax = validate_text("a: [", "x.yaml").human().splitlines()[-1]
    assert syntax == "x.yaml: invalid (1 error), no deal replayed"
    unknown = validate(RECORDS / "unknown-profile.yaml").human().splitlines()[-1]
    assert unknown.endswith(": invalid (1 error), no deal replayed") and "?" not in unknown
    schema = validate(RECORDS / "syntax.yaml")
    assert "under ?" not in schema.human()
    valid = validate(ROOT / "examples" / "parlett-play-high.yaml").human().splitlines()[0]
    assert valid.endswith("parlett-play-high.yaml: valid under parlett+play-high, 1 deal replayed")
    revoke = validate(RECORDS / "revoke.yaml").human().splitlines()[1]
    # where the replay stopped, not "no deal replayed"
    assert revoke.endswith(": invalid (1 error) under parlett+play-high, deal 1 stops in trick 1")
    two = Report("t.yaml", "pi", (), (Problem("schema", "a"), Problem("schema", "b")), (), (), ())
    assert two.verdict() == "invalid (2 errors) under pi, no deal replayed"


def test_a_second_hand_for_a_player_whose_name_is_written_two_ways() -> None:
    text = _renamed(NFC, NFC)
    hand = next(line for line in text.splitlines() if line.startswith(f"    {NFC}: ["))
    twice = text.replace(hand, hand + "\n" + hand.replace(NFC, NFD), 1)
    (e,) = validate_text(twice, "x.yaml").errors
    assert (e.code, e.message) == ("bad-deal", f"deal 1: a second hand for {NFC}")
    assert e.path == f"deals[0].hands.{NFD}" and e.column == 5  # at the second key


def test_discards_name_the_buyer_and_a_card_that_is_not_a_card_is_found_there() -> None:
    text = (RECORDS / "false-claim.yaml").read_text("utf-8")
    assert "discard: [7D, 7C, QC, 6C, 10D, KC, 9S]" in text
    short = text.replace("[7D, 7C, QC, 6C, 10D, KC, 9S]", "[7D, 7C, 7C]")
    (e,) = validate_text(short, "x.yaml").errors
    assert (e.code, e.path) == ("bad-discard", "deals[0].discard")
    assert e.message == "deal 1: East discarded 3 cards (2 distinct); the buyer discards exactly 7"
    odd = text.replace("[7D, 7C, QC, 6C, 10D, KC, 9S]", "[7D, 7C, QC, 6C, 10D, KC, 9X]")
    (e,) = validate_text(odd, "x.yaml").errors
    assert (e.code, e.path) == ("bad-card", "deals[0].discard[6]")
    rec = read_text(odd)
    assert rec.broken is not None and rec.broken.last.phase.value == "discard"


def test_a_claim_by_a_misspelt_player() -> None:
    text = (RECORDS / "false-claim.yaml").read_text("utf-8")
    (e,) = validate_text(
        text.replace("    North: [tiddy, gleek-A]", "    Nort: [tiddy]"), "x"
    ).errors
    assert (e.code, e.path) == ("unknown-player", "deals[0].claims.Nort")
    assert e.message.endswith("did you mean 'North'?")


def test_a_trick_of_one_card_says_so_in_the_singular() -> None:
    text = (RECORDS / "cut-inside-trick.yaml").read_text("utf-8")
    one = text.removesuffix("    - {West: QH}\n")
    assert one != text
    (e,) = validate_text(one, "x.yaml").errors
    assert e.message == "deal 1: trick 6 has 1 card; a trick has 3"


def test_an_error_of_the_whole_deal_is_at_its_first_line_before_its_other_mistakes() -> None:
    text = (RECORDS / "cut-between-tricks.yaml").read_text("utf-8")
    claim = text.replace("North: [tiddy]", "North: [gleek-A]")
    (e,) = validate_text(claim, "x.yaml").errors
    assert (e.code, e.path) == ("incomplete", "deals[0]")
    assert read_text(claim).error == e
    # the same claim in the whole deal is a false claim: a second mistake, written later
    whole = (RECORDS / "false-claim.yaml").read_text("utf-8")
    assert validate_text(whole.replace("[tiddy, gleek-A]", "[gleek-A]"), "y").errors[0].code == (
        "false-claim"
    )


def test_a_misspelt_dealer_or_vier_and_a_dealer_written_with_a_combining_accent() -> None:
    text = (RECORDS / "false-claim.yaml").read_text("utf-8").replace("[tiddy, gleek-A]", "[tiddy]")
    assert validate_text(text, "x").valid
    (e,) = validate_text(text.replace("dealer: East", "dealer: Eats"), "x").errors
    assert (e.code, e.path) == ("unknown-player", "deals[0].dealer")
    assert e.message.endswith("did you mean 'East'?")
    (e,) = validate_text(text.replace("{North: see}", "{Nroth: see}"), "x").errors
    assert (e.code, e.path) == ("unknown-player", "deals[0].ruff[1].Nroth")
    accented = text.replace("East", NFC).replace("dealer: " + NFC, "dealer: " + NFD)
    assert f"dealer: {NFD}" in accented
    assert validate_text(accented, "x").valid
