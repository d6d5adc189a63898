"""Record format 1: the examples, the broken records, the report contract, robustness."""

from __future__ import annotations

import hashlib
import itertools
import json
from pathlib import Path

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gleek
from gleek.errors import RecordError
from gleek.profile import list_profiles, list_variants
from gleek.record import dumps, load, loads, validate, validate_text
from gleek.schemacheck import load_schema
from gleek.session import Session
from gleek.sim.bots import RandomBot
from tests.helpers import examples

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))
BROKEN = sorted((ROOT / "tests" / "records").glob("*.yaml"))
GOLDEN = ROOT / "tests" / "golden"


def _sorted_payments(report: dict) -> dict:  # type: ignore[type-arg]
    out = json.loads(json.dumps(report))
    out["file"] = "-"
    for d in out["deals"]:
        d["payments"] = sorted(d["payments"], key=lambda p: json.dumps(p, sort_keys=True))
    return out  # type: ignore[no-any-return]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_every_example_is_valid(path: Path) -> None:
    report = validate(path)
    assert report.valid, [e.message for e in report.errors]
    assert report.deals
    jsonschema.validate(report.to_json(), load_schema("report"))


@pytest.mark.parametrize(
    "name", ["parlett-play-high", "publications-international", "pedagogical-play-high-carry"]
)
def test_the_hand_checked_examples_give_their_reports(name: str) -> None:
    expected = json.loads((GOLDEN / f"{name}.report.json").read_text("utf-8"))
    got = validate(ROOT / "examples" / f"{name}.yaml").to_json()
    assert _sorted_payments(got) == _sorted_payments(expected)


def test_seed_000_example_record() -> None:
    r = validate(ROOT / "examples" / "parlett-s0-auction.yaml")
    (deal,) = r.deals
    assert (deal.buyer, deal.price, deal.trumps) == ("Ben", 14, "H")
    assert dict(deal.points) == {"Anna": 12, "Ben": 39, "Carla": 15}
    stock = [p for p in deal.payments if p[3] == "stock"]
    assert sorted(stock) == [("Ben", "Anna", 7, "stock"), ("Ben", "Carla", 7, "stock")]
    settle = sorted(p for p in deal.payments if p[3] == "settlement")
    assert settle == [
        ("Anna", "pot", 10, "settlement"),
        ("Carla", "pot", 7, "settlement"),
        ("pot", "Ben", 17, "settlement"),
    ]


def test_seed_002_example_record() -> None:
    r = validate(ROOT / "examples" / "pedagogical-s2.yaml")
    (deal,) = r.deals
    assert dict(deal.points) == {"A": 36, "B": 21, "C": 9}
    settle = sorted(p for p in deal.payments if p[3] == "settlement")
    assert settle == [
        ("B", "pot", 1, "settlement"),
        ("C", "pot", 13, "settlement"),
        ("pot", "A", 14, "settlement"),
    ]


def test_multi_deal_session_example_carries_balances() -> None:
    r = validate(ROOT / "examples" / "publications-international-session.yaml")
    assert len(r.deals) == 3 and r.valid and not r.warnings
    totals = {n: 100 + sum(dict(d.chips)[n] for d in r.deals) for n in ("Dora", "Ezra", "Fay")}
    assert {n: c for n, c in r.chips if n != "pot"} == totals
    assert sum(c for _, c in r.chips) == 300


@pytest.mark.parametrize("path", BROKEN, ids=lambda p: p.stem)
def test_each_broken_record_gives_its_code_line_and_column(path: Path) -> None:
    expected = json.loads(path.with_suffix(".expected.json").read_text("utf-8"))
    r = validate(path)
    problems = r.errors or r.warnings
    first = problems[0]
    assert r.valid is expected["valid"]
    assert (first.code, first.line, first.column, first.path, first.deal) == (
        expected["code"],
        expected["line"],
        expected["column"],
        expected["path"],
        expected["deal"],
    )
    jsonschema.validate(r.to_json(), load_schema("report"))


def test_every_error_code_has_a_broken_record() -> None:
    codes = {json.loads(p.with_suffix(".expected.json").read_text())["code"] for p in BROKEN}
    spec = set(load_schema("report")["$defs"]["problem"]["properties"]["code"]["enum"])
    assert spec - codes == {"deal-count"}  # deal-count is tested below on a written session


def test_revoke_message_names_deal_trick_player_and_reason() -> None:
    r = validate(ROOT / "tests" / "records" / "revoke.yaml")
    assert r.errors[0].message == (
        "deal 1, trick 1: North played 6H to a diamond lead while holding JD"
    )


def test_wrong_result_names_the_player_and_both_figures_and_says_what_to_pay() -> None:
    r = validate(ROOT / "tests" / "records" / "wrong-result.yaml")
    assert "West is recorded with 44 points, but the rules give 45" in r.errors[0].message
    assert r.deals and dict(r.deals[0].chips)["West"] == 31


def test_a_failed_deal_stops_the_replay_of_later_deals() -> None:
    text = (ROOT / "examples" / "pedagogical-play-high-carry.yaml").read_text()
    text = text.replace("  - {East: 12}\n", "  - {East: 13}\n", 1)  # deal 1 opens wrongly
    r = validate_text(text, "x.yaml")
    assert [e.code for e in r.errors] == ["bad-bid"] and r.deals == ()


def test_syntax_and_schema_errors_are_all_reported() -> None:
    text = (ROOT / "examples" / "parlett-play-high.yaml").read_text()
    text = text.replace("format: gleek-record/1", "format: 2").replace(
        "  turn_up: 6S", "  turnup: 6S"
    )
    r = validate_text(text, "x.yaml")
    assert [e.code for e in r.errors] == ["schema", "schema"] and r.deals == ()


def test_pass_before_a_vie_is_read_as_wait_in_the_pool_model() -> None:
    text = (ROOT / "examples" / "publications-international.yaml").read_text()
    r = validate_text(text.replace("  - {North: wait}", "  - {North: pass}"), "x.yaml")
    assert r.valid


def test_deal_count_warning_on_a_written_four_deal_session() -> None:
    s = Session.start(gleek.load_profile("parlett"), deals=4).play_out([RandomBot()] * 3, seed=2)
    r = validate_text(dumps(s), "four.yaml")
    assert r.valid and [w.code for w in r.warnings] == ["deal-count"]


def test_json_records_are_read_too(tmp_path: Path) -> None:
    s = Session.start(gleek.load_profile("pi"), deals=1).play_out([RandomBot()] * 3, seed=4)
    f = tmp_path / "deal.json"
    f.write_text(dumps(s, "json"))
    r = validate(f)
    assert r.valid and r.deals[0].points == tuple(
        zip(s.players, s.deals[0].outcome.points, strict=True)
    )
    assert load(f)["format"] == "gleek-record/1"


def test_load_raises_record_error_with_position() -> None:
    with pytest.raises(RecordError) as info:
        loads("format: gleek-record/1\nprofile: parlett\nplayers: [A, B]\ndeals: []\n", "r.yaml")
    assert info.value.line == 3 and "at least 3" in info.value.message


def test_the_validator_never_writes_to_its_files() -> None:
    before = {p: hashlib.sha256(p.read_bytes()).hexdigest() for p in EXAMPLES + BROKEN}
    mtimes = {p: p.stat().st_mtime_ns for p in before}
    for p in before:
        validate(p)
    assert before == {p: hashlib.sha256(p.read_bytes()).hexdigest() for p in before}
    assert mtimes == {p: p.stat().st_mtime_ns for p in before}


COMBOS = [
    (p, c)
    for p in list_profiles()
    for n in range(3)
    for c in itertools.combinations(list_variants(), n)
]


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(COMBOS),
    st.integers(1, 4),
    st.integers(0, 10**6),
    st.sampled_from(["yaml", "json"]),
)
def test_written_sessions_read_back_with_the_engines_figures(
    combo: tuple[str, tuple[str, ...]], deals: int, seed: int, fmt: str
) -> None:
    profile = gleek.load_profile(combo[0], combo[1])
    s = Session.start(profile, deals=deals, dealer=seed % 3).play_out([RandomBot()] * 3, seed)
    r = validate_text(dumps(s, fmt), f"s.{fmt}")  # type: ignore[arg-type]
    assert r.valid, [e.message for e in r.errors]
    assert len(r.deals) == deals
    for summary, played in zip(r.deals, s.deals, strict=True):
        assert summary.points == tuple(zip(s.players, played.outcome.points, strict=True))
        assert summary.chips[:3] == tuple(zip(s.players, played.outcome.chips, strict=True))
        assert summary.chips[3] == ("pot", played.outcome.pot)
    assert dict(r.chips) == {**dict(zip(s.players, s.balances, strict=True)), "pot": s.pot}


# ---------------------------------------------------------------------------- robustness

nasty_text = st.one_of(
    st.binary(max_size=300).map(lambda b: b.decode("latin-1")),
    st.text(max_size=300),
    st.recursive(
        st.one_of(
            st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=8)
        ),
        lambda inner: (
            st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
        ),
        max_leaves=30,
    ).map(json.dumps),
)


@pytest.mark.slow
@settings(max_examples=examples(300), deadline=None)
@given(nasty_text)
def test_any_input_gives_a_report_never_a_traceback(text: str) -> None:
    r = validate_text(text, "fuzz.yaml")
    assert isinstance(r.valid, bool)
    assert not r.valid
    jsonschema.validate(r.to_json(), load_schema("report"))


@pytest.mark.slow
@settings(max_examples=examples(150), deadline=None)
@given(st.data())
def test_mutated_examples_give_a_report_never_a_traceback(data: st.DataObject) -> None:
    path = data.draw(st.sampled_from(EXAMPLES))
    text = path.read_text()
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, min(len(text), start + 20)))
    junk = data.draw(
        st.sampled_from(
            [
                "",
                "No",
                "1e3",
                "99999999999999999999",
                "[",
                "]",
                "{",
                "AH",
                "2H",
                "&a x",
                "*a",
                "- ",
                ": ",
                "\t",
                "~",
                "pass",
                "revie",
                "13",
                "-1",
                "\x00",
                "!!python/object:os.system",
            ]
        )
    )
    r = validate_text(text[:start] + junk + text[end:], "mut.yaml")
    jsonschema.validate(r.to_json(), load_schema("report"))


@pytest.mark.parametrize(
    ("text", "code", "words"),
    [
        (
            "a: &a [x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
            "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n"
            "d: &d [*c, *c, *c, *c, *c, *c, *c, *c]\n"
            "e: [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\n",
            "syntax",
            "aliases",
        ),
        ("[" * 100000 + "]" * 100000, "syntax", "nest"),
        ("x: !!python/object/apply:os.system ['echo hi']\n", "syntax", "cannot"),
        (b"\xff\xfe\xfa", "syntax", "UTF-8"),
    ],
)
def test_hostile_inputs_are_refused(text: str | bytes, code: str, words: str) -> None:
    r = validate_text(text, "evil.yaml")
    assert r.errors[0].code == code and words in r.errors[0].message


def test_huge_numbers_and_boolean_names() -> None:
    text = (ROOT / "examples" / "parlett-play-high.yaml").read_text()
    r = validate_text(text.replace("{West: 12}", "{West: 12000000000000000000000000}"), "x.yaml")
    assert r.errors[0].code == "bad-bid"
    r = validate_text(text.replace("[North, East, West]", "[North, East, Off]"), "x.yaml")
    assert (r.errors[0].code, r.errors[0].path, r.errors[0].line) == ("schema", "players[2]", 4)


def test_ten_megabytes_of_nonsense(tmp_path: Path) -> None:
    f = tmp_path / "big.yaml"
    f.write_bytes(b"gleek " * (10 * 1024 * 1024 // 6))
    r = validate(f)
    assert not r.valid and r.errors[0].code == "schema"


def test_an_unreadable_file_is_a_record_error(tmp_path: Path) -> None:
    with pytest.raises(RecordError):
        validate(tmp_path / "missing.yaml")
    with pytest.raises(RecordError):
        validate(tmp_path)


@settings(max_examples=examples(200), deadline=None)
@given(nasty_text)
def test_the_loader_returns_a_record_or_raises_record_error(text: str) -> None:
    try:
        data = loads(text, "fuzz.yaml")
    except RecordError as exc:
        assert exc.file == "fuzz.yaml" and exc.message
    else:
        assert data["format"] == "gleek-record/1"


def test_a_boolean_name_as_a_key_points_at_the_key() -> None:
    text = (ROOT / "examples" / "parlett-play-high.yaml").read_text()
    r = validate_text(text.replace("  - {West: 12}", "  - {Yes: 12}"), "x.yaml")
    e = r.errors[0]
    assert (e.code, e.line, e.column, e.path) == ("schema", 17, 6, "deals[0].auction[0].true")
    assert "names must be strings" in e.message


def test_a_negative_bid_is_a_bad_bid_at_its_place() -> None:
    """A bid below zero is a whole number the schema lets through, but never a bid: the report
    calls it ``bad-bid`` at the bid itself (found by the mutation fuzz test above)."""
    path = Path(__file__).parent.parent / "examples" / "parlett-s0-auction.yaml"
    text = path.read_text("utf-8").replace("- {Ben: 12}", "- {Ben: -12}", 1)
    report = validate_text(text, "negative.yaml")
    (error,) = report.errors
    assert (error.code, error.path) == ("bad-bid", "deals[0].auction[0]")
    assert "cannot be negative" in error.message
    assert error.line == text.splitlines().index("  - {Ben: -12}") + 1
