"""Bad API arguments raise the library's own errors, naming the argument: never a bare
TypeError, AttributeError, IndexError... from deep inside, and never garbage taken silently."""

from __future__ import annotations

import io
import math
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import gleek
import gleek.record
from gleek.cards import Card, format_cards, parse_cards
from gleek.compare import compare_record, compare_record_text, rule_matrix, simulate
from gleek.errors import ArgumentError, ArgumentTypeError, RecordError
from gleek.profile import list_profiles, list_variants, load_profile
from gleek.record import dump, escape_controls, loads, read, read_text, validate, validate_text
from gleek.svg import card_defs, draw, draw_card, outcome_html
from gleek.viewer import deal_steps, write_viewer

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "parlett-s0-auction.yaml"
TEXT = EXAMPLE.read_text(encoding="utf-8")
PARLETT = load_profile("parlett")


class Text(str):
    """A str subclass, as a caller's own string type would be."""


# ---------------------------------------------------------------------------- 1. profile_dirs

_TAKES_DIRS: dict[str, Callable[[Any], object]] = {
    "load_profile": lambda d: load_profile("parlett", profile_dirs=d),
    "list_profiles": lambda d: list_profiles(d),
    "list_variants": lambda d: list_variants(d),
    "read": lambda d: read(EXAMPLE, profile_dirs=d),
    "read_text": lambda d: read_text(TEXT, profile_dirs=d),
    "validate": lambda d: validate(EXAMPLE, profile_dirs=d),
    "validate_text": lambda d: validate_text(TEXT, profile_dirs=d),
}


@pytest.mark.parametrize("call", _TAKES_DIRS, ids=str)
@pytest.mark.parametrize(
    "bad", [None, 5, 1.5, math.nan, object(), b"/tmp"], ids=lambda v: type(v).__name__
)
def test_profile_dirs_must_be_a_folder_or_a_list_of_folders(call: str, bad: object) -> None:
    with pytest.raises(ArgumentTypeError, match=r"profile_dirs must be a folder .* not "):
        _TAKES_DIRS[call](bad)


@pytest.mark.parametrize("call", _TAKES_DIRS, ids=str)
def test_profile_dirs_refuse_an_empty_path(call: str, tmp_path: Path) -> None:
    for bad in ("", [""], [tmp_path, ""]):
        with pytest.raises(ArgumentError, match="profile_dirs: an empty path is not a folder"):
            _TAKES_DIRS[call](bad)
    _TAKES_DIRS[call](str(tmp_path))  # one folder, given alone (as documented)
    _TAKES_DIRS[call]([tmp_path])


# ---------------------------------------------------------------------------- 2. cards


@pytest.mark.parametrize("bad", [None, 5, Path("."), "AH KH", b"AH"], ids=repr)
def test_parse_cards_takes_a_list_of_texts(bad: Any) -> None:
    with pytest.raises(ArgumentTypeError, match="texts must be a list of card texts"):
        parse_cards(bad)


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (None, r"cards must be a list of Cards, not None"),
        ("xyz", r"cards must be a list of Cards, not a str \('xyz'\)"),
        (b"ab", r"cards must be a list of Cards, not a bytes"),
        ([None, 5], r"cards\[0\] must be a Card .*not None"),
        ([Card.parse("AH"), "KH"], r"cards\[1\] must be a Card .*not a str \('KH'\)"),
        ([Card.parse("AH"), 7], r"cards\[1\] must be a Card .*not an int \(7\)"),
    ],
    ids=["None", "a-str", "bytes", "None-in-list", "a-text-in-list", "an-int-in-list"],
)
def test_format_cards_takes_cards_only(bad: Any, message: str) -> None:
    with pytest.raises(ArgumentTypeError, match=message):
        format_cards(bad)
    assert format_cards(iter(parse_cards(["AH", "t♥"]))) == "AH 10H"


def test_endless_or_huge_lists_of_cards_and_profiles_are_cut_short() -> None:
    """An endless iterator is refused after MAX_ITEMS items, never followed to the end (nor
    held in memory); a list of exactly MAX_ITEMS is taken."""
    import itertools

    from gleek.limits import MAX_ITEMS

    ah = Card.parse("AH")
    too_many = f"at most {MAX_ITEMS:,} items, not more"
    with pytest.raises(ArgumentError, match=f"texts: {too_many}"):
        parse_cards(itertools.repeat("AH"))
    with pytest.raises(ArgumentError, match=f"cards: {too_many}"):
        format_cards(itertools.repeat(ah))
    with pytest.raises(ArgumentError, match=f"profiles: {too_many}"):
        rule_matrix(itertools.repeat(PARLETT))
    with pytest.raises(ArgumentError, match=f"profiles: {too_many}"):
        simulate(itertools.repeat(PARLETT), 3, workers=1)
    assert parse_cards(itertools.repeat("AH", MAX_ITEMS)) == (ah,) * MAX_ITEMS
    assert format_cards(itertools.repeat(ah, MAX_ITEMS)) == " ".join(["AH"] * MAX_ITEMS)
    with pytest.raises(ArgumentError, match=f"cards: {too_many}"):
        format_cards([ah] * (MAX_ITEMS + 1))


# ---------------------------------------------------------------------------- 3. str subclasses


def test_a_str_subclass_is_read_as_a_str() -> None:
    assert read_text(Text(TEXT)).valid
    assert read_text(Text(TEXT), name=Text("mine")).file == "mine"
    assert validate_text(Text(TEXT)).valid
    assert loads(Text(TEXT))["profile"] == "parlett"
    assert compare_record_text(Text(TEXT), "mine", [PARLETT]).base == "parlett"


# ---------------------------------------------------------------------------- 4. progress, text


@pytest.mark.parametrize("bad", [5, True, "dots"], ids=repr)
def test_validate_progress_must_be_a_function(bad: Any) -> None:
    with pytest.raises(ArgumentTypeError, match="progress must be None or a function, not"):
        validate(EXAMPLE, progress=bad)
    seen: list[int] = []
    assert validate(EXAMPLE, progress=seen.append).valid and sum(seen) > 0


@pytest.mark.parametrize("bad", [None, b"a\x1bb", 3], ids=repr)
def test_escape_controls_takes_a_str(bad: Any) -> None:
    with pytest.raises(ArgumentTypeError, match="text must be a str, not"):
        escape_controls(bad)


# ---------------------------------------------------------------------------- 5. dump


def test_dump_to_a_missing_folder_names_the_path_given(tmp_path: Path) -> None:
    record = read(EXAMPLE)
    target = tmp_path / "none" / "x.yaml"
    with pytest.raises(RecordError, match="cannot write: no such folder") as caught:
        dump(record, target)
    assert str(caught.value).startswith(f"{target}:") and ".tmp" not in str(caught.value)


def test_dump_refuses_a_stream_it_cannot_write_text_to(tmp_path: Path) -> None:
    record = read(EXAMPLE)
    with pytest.raises(ArgumentTypeError, match="fp must be an open text file, not a binary one"):
        dump(record, io.BytesIO())  # type: ignore[arg-type]
    with (
        open(tmp_path / "b.yaml", "wb") as binary,
        pytest.raises(ArgumentTypeError, match="not a binary one"),
    ):
        dump(record, binary)  # type: ignore[arg-type]
    with (
        open(EXAMPLE, encoding="utf-8") as reading,
        pytest.raises(ArgumentError, match="fp: the file is not open for writing"),
    ):
        dump(record, reading)
    closed = io.StringIO()
    closed.close()
    with pytest.raises(ArgumentError, match="fp: the file is closed"):
        dump(record, closed)
    out = io.StringIO()
    dump(record, out)
    assert validate_text(out.getvalue()).valid


# ---------------------------------------------------------------------------- 6. svg


def _state() -> gleek.State:
    return gleek.new_deal(PARLETT, dealer=0, seed=3)


@pytest.mark.parametrize(
    ("width", "error", "message"),
    [
        (10**400, ArgumentError, r"width must be from 1 to 100000, not a number of about"),
        (100_001, ArgumentError, r"width must be from 1 to 100000, not 100001"),
        (0, ArgumentError, r"width must be from 1 to 100000, not 0"),
        (-1, ArgumentError, r"width must be from 1 to 100000, not -1"),
        (math.inf, ArgumentTypeError, r"width must be a whole number \(int\), not a float"),
        (math.nan, ArgumentTypeError, r"width must be a whole number \(int\), not a float"),
        (1.5, ArgumentTypeError, r"width must be a whole number \(int\), not a float \(1.5\)"),
        (1j, ArgumentTypeError, r"width must be a whole number \(int\), not a complex"),
        (True, ArgumentTypeError, r"width must be a whole number \(int\), not a bool \(True\)"),
    ],
    ids=["huge", "100001", "0", "-1", "inf", "nan", "1.5", "complex", "True"],
)
def test_a_picture_width_is_a_whole_number_of_pixels(
    width: Any, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        draw(_state(), width=width)
    with pytest.raises(error, match=message):
        draw_card(Card.parse("AH"), width=width)


def test_svg_arguments_are_checked() -> None:
    state, card = _state(), Card.parse("AD")
    assert 'width="1" ' in draw(state, width=1) and 'width="100000"' in draw_card(
        card, width=100000
    )
    with pytest.raises(ArgumentTypeError, match=r"width must be a whole number \(int\), not None"):
        draw_card(card, width=None)  # type: ignore[arg-type]
    outcome = read(EXAMPLE).deals[0].outcome
    names = "names must be None or three player names \\(str\\) by seat, not a bool \\(True\\)"
    with pytest.raises(ArgumentTypeError, match=names):
        draw(state, names=True)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match=names):
        outcome_html(outcome, names=True)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="cards must be a list of Cards, not None"):
        card_defs(None)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match=r"cards\[0\] must be a Card .*'AH'"):
        card_defs(["AH"])  # type: ignore[list-item]
    bool_only = r"four_colour must be True or False, not a str \('no'\)"
    with pytest.raises(ArgumentTypeError, match=bool_only):
        draw(state, four_colour="no")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match=bool_only):
        draw_card(card, four_colour="no")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match=bool_only):
        card_defs([card], four_colour="no")  # type: ignore[arg-type]


# ---------------------------------------------------------------------------- 7. compare


@pytest.mark.parametrize(
    ("bad", "error", "message"),
    [
        ([], ArgumentError, r"profiles must hold at least one Profile, not \[\]"),
        ({}, ArgumentError, r"profiles must hold at least one Profile, not \{\}"),
        (["parlett"], ArgumentTypeError, r"profiles\[0\] must be a Profile .*not a str"),
        (None, ArgumentTypeError, r"profiles must be a list of one or more Profiles .*not None"),
        (PARLETT, ArgumentTypeError, r"profiles must be a list .*not a Profile"),
    ],
    ids=["empty-list", "empty-dict", "a-str", "None", "a-Profile"],
)
def test_comparisons_take_one_or_more_profiles(
    bad: Any, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        rule_matrix(bad)
    with pytest.raises(error, match=message):
        compare_record(EXAMPLE, bad)
    with pytest.raises(error, match=message):
        compare_record_text(TEXT, "mine", bad)
    with pytest.raises(error, match=message):
        simulate(bad, 3, workers=1)


def test_compare_and_simulate_check_their_other_arguments() -> None:
    with pytest.raises(ArgumentTypeError, match=r"path must be a path .*not None"):
        compare_record(None, [PARLETT])  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match=r"text must be the record's text .*not None"):
        compare_record_text(None, "mine", [PARLETT])  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match=r"name must be a str naming the record .*None"):
        compare_record_text(TEXT, None, [PARLETT])  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="progress must be None or a function, not an int"):
        simulate([PARLETT], 3, progress=5, workers=1)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------- 8. viewer


def test_viewer_arguments_are_checked() -> None:
    with pytest.raises(ArgumentTypeError, match=r"record must be a gleek\.record\.Record"):
        deal_steps(None)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match=r"out must be a path .*not None"):
        write_viewer(None, EXAMPLE)  # type: ignore[arg-type]


def test_the_viewer_never_writes_over_its_record(tmp_path: Path) -> None:
    record = tmp_path / "same.yaml"
    shutil.copy(EXAMPLE, record)
    (tmp_path / "sub").mkdir()
    for out in (record, str(record), tmp_path / "sub" / ".." / "same.yaml"):
        with pytest.raises(
            ArgumentError,
            match=r"out: '.*' is the record file itself; write the page to another file",
        ):
            write_viewer(out, record)
    assert record.read_text(encoding="utf-8") == TEXT
    page = write_viewer(tmp_path / "page.html", record)
    assert page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_more_arguments_of_the_review() -> None:
    from gleek._args import check_int
    from gleek.session import Session
    from gleek.sim.batch import play_deals

    with pytest.raises(ArgumentError, match="not a number of about 5001 digits"):
        check_int("n", 10**5000, high=3)
    profile = gleek.load_profile("parlett")
    with pytest.raises(ArgumentTypeError, match="progress must be None or a function"):
        play_deals([profile], 3, progress=5)  # type: ignore[arg-type]
    for bad in (profile, "parlett", None):
        with pytest.raises(ArgumentTypeError, match="profiles must be a list of one or more"):
            play_deals(bad, 3)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"players\[2\] must be a name"):
        Session.start(profile, players=("A", "B", "We\ud800st"))


def test_endless_folders_and_a_failing_stream(tmp_path: Path) -> None:
    import itertools

    from gleek.limits import MAX_PROFILE_DIRS

    with pytest.raises(ArgumentError, match=f"at most {MAX_PROFILE_DIRS} folders"):
        list_profiles(profile_dirs=itertools.repeat(str(tmp_path)))
    assert list_profiles(profile_dirs=iter([str(tmp_path)])) == list_profiles()
    session = read(EXAMPLE)

    class Full(io.StringIO):
        name = "full.yaml"

        def write(self, text: str) -> int:
            raise OSError(28, "No space left on device")

    with pytest.raises(RecordError, match=r"full\.yaml: cannot write: No space left on device"):
        dump(session, Full())


def test_same_file_says_no_for_a_path_it_cannot_look_at(tmp_path: Path) -> None:
    from gleek._files import same_file

    assert not same_file("a\x00b", tmp_path)
    assert same_file(tmp_path / "x" / ".." / "y", tmp_path / "y")
