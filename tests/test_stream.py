"""Records of any size: a record file validated deal by deal (YAML events, or JSON Lines).

The whole-text reader (:func:`gleek.record.validate_text`) is the oracle: a file validated deal
by deal gives the same report, every error at the same line and column. The JSON Lines form gives
the same report but for the places (its own lines and columns, checked here by hand).
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import tracemalloc
from pathlib import Path
from typing import Any

import attrs
import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gleek
from gleek import cli
from gleek.cli import main, show_progress
from gleek.errors import RecordError
from gleek.limits import MAX_ALIAS_NODES, MAX_DEAL_BYTES, MAX_DEPTH
from gleek.record import Report, dumps, record_data, validate, validate_text
from gleek.record import stream as stream_module
from gleek.record.stream import CHUNK
from gleek.record.write import write_deals
from gleek.session import Session
from gleek.sim.bots import RandomBot

ROOT = Path(__file__).resolve().parent.parent
EVERY_RECORD = sorted(
    [
        *(ROOT / "examples").glob("*.yaml"),
        *(ROOT / "tests" / "records").glob("*.yaml"),
        *(ROOT / "tests" / "golden").glob("*.yaml"),
    ]
)


def _whole(path: Path) -> Report:
    return validate_text(path.read_bytes(), str(path))


def _cli(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(list(args))
    return code, out.getvalue()


def _unplaced(report: Report) -> Report:
    """The report with no file, line or column: what the two forms must share (a message that
    names another place in the file, as a card dealt twice does, without that place)."""

    def bare(p: Any) -> Any:
        message = re.sub(r" at line \d+, column \d+", "", p.message)
        return attrs.evolve(p, message=message, line=None, column=None)

    return attrs.evolve(
        report,
        file="-",
        errors=tuple(map(bare, report.errors)),
        warnings=tuple(map(bare, report.warnings)),
    )


@pytest.mark.parametrize("path", EVERY_RECORD, ids=lambda p: p.name)
def test_every_record_gives_the_same_report_read_deal_by_deal(path: Path) -> None:
    whole = _whole(path)
    assert validate(path) == whole  # same errors, places, payments, balances
    code, out = _cli("validate", str(path))
    assert out == whole.human() + "\n" and code == (0 if whole.valid else 1)
    code, out = _cli("validate", "--json", str(path))
    assert json.loads(out) == whole.to_json()


@pytest.mark.parametrize("path", EVERY_RECORD[::3], ids=lambda p: p.name)
def test_the_pure_python_parser_gives_the_same_report(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(stream_module, "LOADERS", (yaml.SafeLoader,))
    assert validate(path) == _whole(path)


@pytest.mark.parametrize("path", EVERY_RECORD, ids=lambda p: p.name)
def test_every_record_in_json_lines_gives_the_same_report(path: Path, tmp_path: Path) -> None:
    try:
        data = yaml.safe_load(path.read_text("utf-8"))
    except yaml.YAMLError:
        return  # not YAML at all: no JSON Lines form
    if not isinstance(data, dict) or not isinstance(data.get("deals"), list):
        return
    deals = data.pop("deals")
    out = tmp_path / (path.stem + ".jsonl")
    try:
        text = json.dumps(data, default=str) + "\n"
        text += "".join(json.dumps(d, default=str) + "\n" for d in deals)
    except (TypeError, ValueError):
        return
    if any(not isinstance(k, str) for k in data):
        return
    out.write_text(text, encoding="utf-8")
    whole = _whole(path)
    got = validate(out)
    if whole.errors and whole.errors[0].code in ("syntax", "schema"):
        assert not got.valid  # YAML-only values (a boolean name...) are written as JSON ones
        return
    assert _unplaced(got) == _unplaced(whole)


# ----------------------------------------------------------------- a big file, read deal by deal


@pytest.fixture(scope="module")
def big() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    session = Session.start(gleek.load_profile("parlett"), deals=42)
    session = session.play_out([RandomBot()] * 3, seed=11)
    data = record_data(session)
    deals = data.pop("deals")
    return data, deals


def _write(tmp: Path, head: dict[str, Any], deals: list[dict[str, Any]], form: str) -> Path:
    path = tmp / f"big.{form}"
    with path.open("w", encoding="utf-8") as f:
        write_deals(f, head, deals, form)  # type: ignore[arg-type]
    return path


def _with_bad_card(deals: list[dict[str, Any]], k: int) -> list[dict[str, Any]]:
    out = json.loads(json.dumps(deals))
    ((name, _),) = out[k]["tricks"][7][1].items()
    out[k]["tricks"][7][1] = {name: "ZZ"}
    return out


def test_a_valid_big_record_in_both_forms(big: Any, tmp_path: Path) -> None:
    head, deals = big
    y, j = _write(tmp_path, head, deals, "yaml"), _write(tmp_path, head, deals, "jsonl")
    assert y.read_text("utf-8") == dumps(
        Session.start(gleek.load_profile("parlett"), 42).play_out([RandomBot()] * 3, seed=11)
    )
    ry, rj = validate(y), validate(j)
    assert ry.valid and len(ry.deals) == 42 and ry == _whole(y)
    assert _unplaced(rj) == _unplaced(ry)


@pytest.mark.parametrize("form", ["yaml", "jsonl"])
def test_the_summaries_of_many_deals_share_their_equal_parts(
    big: Any, tmp_path: Path, form: str
) -> None:
    # A report of 100,000 deals stays small because equal parts of the deals' summaries (a
    # payment, a seat's points) are one object. (The compiled build once copied each.)
    head, deals = big
    report = validate(_write(tmp_path, head, deals, form))
    assert report.valid and len(report.deals) == 42
    for part in ("payments", "points", "chips"):
        seen: dict[Any, Any] = {}
        equal = 0
        for summary in report.deals:
            for item in getattr(summary, part):
                if item in seen:
                    equal += 1
                    assert item is seen[item], (part, item)
                seen.setdefault(item, item)
        assert equal > 20, part  # many deals repeat a payment, a score, a seat's net chips


def test_an_error_deep_in_a_big_yaml_file_is_placed_exactly(big: Any, tmp_path: Path) -> None:
    head, deals = big
    path = _write(tmp_path, head, _with_bad_card(deals, 38), "yaml")
    report = validate(path)
    assert report == _whole(path)
    (error,) = report.errors
    assert (error.code, error.deal) == ("bad-card", 39)
    assert error.path is not None and error.path.startswith("deals[38].tricks[7][1].")
    line = path.read_text("utf-8").split("\n")[error.line - 1]  # type: ignore[operator]
    assert line[error.column - 1 :].startswith("ZZ")  # type: ignore[operator]
    assert len(report.deals) == 38  # the deals before it replayed


def test_an_error_deep_in_a_big_json_lines_file_is_placed_exactly(big: Any, tmp_path: Path) -> None:
    head, deals = big
    path = _write(tmp_path, head, _with_bad_card(deals, 38), "jsonl")
    report = validate(path)
    (error,) = report.errors
    assert (error.code, error.deal) == ("bad-card", 39)
    assert error.path is not None and error.path.startswith("deals[38].tricks[7][1].")
    lines = path.read_text("utf-8").split("\n")
    assert error.line == 40  # the head line, then deal 39
    assert lines[39][error.column - 1 :].startswith('"ZZ"')  # type: ignore[operator]
    code, out = _cli("validate", str(path))
    assert code == 1 and f"{path}:40:{error.column}: bad-card" in out


def test_a_deal_over_the_per_deal_limit_is_refused_where_it_stands(
    big: Any, tmp_path: Path
) -> None:
    head, deals = big
    huge = json.loads(json.dumps(deals[:5]))
    # (the limit is counted from where the deal before it ended, give or take what was read
    # ahead of it: at most one chunk)
    huge[3]["hands"]["North"] = ["AH"] * 3 + ["x" * (MAX_DEAL_BYTES + CHUNK + 10)]
    for form in ("yaml", "jsonl"):
        path = tmp_path / f"huge.{form}"
        with path.open("w", encoding="utf-8") as f:
            write_deals(f, head, huge, form)  # type: ignore[arg-type]
        (error,) = validate(path).errors
        assert error.code == "schema" and "longer than 1 MiB" in error.message, error
        assert "deal 4" in error.message
        if form == "jsonl":
            assert (error.line, error.column) == (5, 1)


def test_a_file_over_the_old_16_mib_limit_is_read_deal_by_deal(big: Any, tmp_path: Path) -> None:
    head, deals = big
    path = _write(tmp_path, head, deals, "jsonl")
    # Each deal's line padded with spaces (JSON between its tokens) to pass the whole-text
    # reader's limit in all, each line within the limit of a deal.
    pad = " " * (gleek.limits.MAX_BYTES // len(deals) + 1)
    first, *rest = path.read_text("utf-8").splitlines()
    path.write_text("\n".join([first, *("{" + pad + line[1:] for line in rest)]) + "\n")
    assert path.stat().st_size > gleek.limits.MAX_BYTES
    assert len(pad) + max(map(len, rest)) < MAX_DEAL_BYTES
    report = validate(path)
    assert report.valid and len(report.deals) == 42


@pytest.mark.parametrize("form", ["yaml", "jsonl"])
def test_a_truncated_file(big: Any, tmp_path: Path, form: str) -> None:
    head, deals = big
    path = _write(tmp_path, head, deals[:6], form)
    text = path.read_bytes()
    path.write_bytes(text[: len(text) * 2 // 3 + 17])
    report = validate(path)
    assert not report.valid and not report.deals  # the error found last wins: no deal kept
    if form == "yaml":
        assert report == _whole(path)
    else:
        (error,) = report.errors
        assert error.code == "syntax" and error.line == path.read_text().count("\n") + 1


def test_the_head_line_of_a_json_lines_record(tmp_path: Path, big: Any) -> None:
    head, deals = big
    deal = json.dumps(deals[0])
    cases = {
        "[1, 2]\n" + deal: ("schema", 1, 1, "the document must be a mapping"),
        json.dumps({**head, "colour": "red"}) + "\n" + deal: ("schema", 1, None, "'colour'"),
        json.dumps({**head, "deals": []}) + "\n" + deal: ("schema", 1, None, "a line of its own"),
        json.dumps(head) + "\n": ("schema", 1, 1, "deals has 0 items"),
        "": ("syntax", 1, 1, "the file is empty"),
        '{"format": 1,}\n' + deal: ("syntax", 1, 14, "expected a key"),
        '{"format": "gleek-record/1", "format": 2}\n': ("syntax", 1, 30, "duplicate key"),
        json.dumps(head) + " x\n" + deal: ("syntax", 1, None, "extra text"),
    }
    for text, (code, line, column, words) in cases.items():
        path = tmp_path / "r.jsonl"
        path.write_text(text, encoding="utf-8")
        error = validate(path).errors[0]
        assert (error.code, error.line) == (code, line), (text[:60], error)
        assert column is None or error.column == column, (text[:60], error)
        assert words in error.message, (text[:60], error)


def test_blank_lines_are_not_allowed_in_json_lines(big: Any, tmp_path: Path) -> None:
    head, deals = big
    path = tmp_path / "r.jsonl"
    lines = [json.dumps(head), *(json.dumps(d) for d in deals[:3])]
    path.write_text("\n".join([*lines[:2], "", *lines[2:]]) + "\n", encoding="utf-8")
    (error,) = validate(path).errors
    assert (error.code, error.line, error.column) == ("syntax", 3, 1)
    assert "blank line" in error.message
    path.write_text("\n".join(lines) + "\n\n", encoding="utf-8")  # one at the end too
    assert validate(path).errors[0].line == 5


@pytest.mark.parametrize("form", ["yaml", "jsonl"])
def test_bytes_that_are_not_utf8(big: Any, tmp_path: Path, form: str) -> None:
    head, deals = big
    path = _write(tmp_path, head, deals[:8], form)
    data = path.read_bytes()
    at = len(data) - 300
    path.write_bytes(data[:at] + b"\xff" + data[at + 1 :])
    (error,) = validate(path).errors
    assert error.code == "syntax" and f"not UTF-8 text (byte {at} is 0xff)" in error.message
    if form == "yaml":
        assert validate(path) == _whole(path)
    else:
        assert error.line == data[:at].count(b"\n") + 1


def test_a_billion_laughs_inside_one_deal(big: Any, tmp_path: Path) -> None:
    head, deals = big
    path = _write(tmp_path, head, deals[:4], "yaml")
    text = path.read_text("utf-8")
    bomb = "  junk: &a [x, x, x, x, x, x, x, x, x, x]\n"
    for level in "bcdefgh":
        bomb += f"  junk{level}: &{level} [{', '.join(['*' + chr(ord(level) - 1)] * 10)}]\n"
    third = text.index("- dealer:", text.index("- dealer:", text.index("- dealer:") + 1) + 1)
    where = text.index("\n", third) + 1
    path.write_text(text[:where] + bomb + text[where:], encoding="utf-8")
    (error,) = validate(path).errors
    assert f"more than {MAX_ALIAS_NODES} nodes" in error.message
    assert validate(path) == _whole(path)


def test_aliases_count_per_document(big: Any, tmp_path: Path) -> None:
    head, deals = big
    path = _write(tmp_path, head, deals[:3], "yaml")
    text = path.read_text("utf-8")
    # each deal's aliases expand to 6,000 nodes: 18,000 in the file, past the one budget of
    # the document in the second deal, read deal by deal as read whole
    bomb = "  claims: {}\n  x: &k [{}]\n  y: [{}]\n".format(
        "{}", ", ".join(["AH"] * 100), ", ".join(["*k"] * 60)
    )
    text = text.replace("  hands:", bomb + "  hands:")
    path.write_text(text, encoding="utf-8")
    report = validate(path)
    (error,) = report.errors
    assert "more than 10000 nodes" in error.message
    assert _whole(path).errors == report.errors


@pytest.mark.parametrize("form", ["yaml", "jsonl"])
def test_a_deal_nested_too_deep(big: Any, tmp_path: Path, form: str) -> None:
    head, deals = big
    path = _write(tmp_path, head, deals[:3], form)
    text = path.read_text("utf-8")
    deep = "[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5)
    if form == "yaml":
        text = text.replace("  turn_up:", f"  junk: {deep}\n  turn_up:", 2)
    else:
        lines = text.split("\n")
        lines[2] = lines[2].replace('"turn_up":', f'"junk": {deep}, "turn_up":', 1)
        text = "\n".join(lines)
    path.write_text(text, encoding="utf-8")
    (error,) = validate(path).errors
    assert error.code == "syntax" and f"nested more than {MAX_DEPTH} levels" in error.message
    if form == "yaml":
        assert validate(path) == _whole(path)
    else:
        start = lines[2].index('"junk": ') + len('"junk": ')  # the 200th [ is one too many
        assert error.line == 3 and error.column == start + MAX_DEPTH


def test_limits_hold_per_deal_in_json_lines(big: Any, tmp_path: Path) -> None:
    head, deals = big
    bad = json.loads(json.dumps(deals[:3]))
    bad[1]["auction"] = [{"North": "pass"}] * 400
    bad[2]["hands"]["North"] = 10**40
    path = tmp_path / "r.jsonl"
    path.write_text(
        "\n".join([json.dumps(head), *(json.dumps(d) for d in bad)]) + "\n", encoding="utf-8"
    )
    (error,) = validate(path).errors
    assert error.code == "schema" and "deals[1].auction has more than 300 items" in error.message
    line = path.read_text().split("\n")[2]
    assert error.line == 3 and error.column == line.index('{"North": "pass"}', 0) + 1 + 300 * 19
    bad[1]["auction"] = deals[1]["auction"]
    path.write_text(
        "\n".join([json.dumps(head), *(json.dumps(d) for d in bad)]) + "\n", encoding="utf-8"
    )
    (error,) = validate(path).errors
    assert "too large" in error.message and error.line == 4


def test_keys_of_the_head_after_the_deals_are_read_again(big: Any, tmp_path: Path) -> None:
    head, deals = big
    path = _write(tmp_path, {k: v for k, v in head.items() if k != "players"}, deals[:3], "yaml")
    path.write_text(path.read_text("utf-8") + "players: [North, East, West]\n", encoding="utf-8")
    report = validate(path)
    assert report.valid and report == _whole(path)


def test_a_record_file_never_names_another_and_is_never_changed(big: Any, tmp_path: Path) -> None:
    head, deals = big
    path = _write(tmp_path, {**head, "profile": "/etc/passwd"}, deals[:2], "jsonl")
    before = path.read_bytes()
    (error,) = validate(path).errors
    assert error.code == "unknown-profile" and error.line == 1
    assert path.read_bytes() == before
    with pytest.raises(RecordError, match="no such file"):
        validate(tmp_path / "missing.jsonl")
    with pytest.raises(RecordError, match="folder"):
        validate(tmp_path)


@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    seed=st.integers(0, 10**6),
    n=st.integers(1, 4),
    spoil=st.none()
    | st.tuples(st.integers(0, 3), st.integers(0, 11), st.sampled_from(["AH", "ZZ"])),
)
def test_any_record_in_both_forms_gives_the_same_report(
    seed: int, n: int, spoil: tuple[int, int, str] | None, tmp_path_factory: Any
) -> None:
    session = Session.start(gleek.load_profile("parlett"), deals=n)
    session = session.play_out([RandomBot()] * 3, seed=seed)
    data = record_data(session)
    deals = data.pop("deals")
    if spoil is not None and spoil[0] < n:
        k, t, card = spoil
        ((name, _),) = deals[k]["tricks"][t][0].items()
        deals[k]["tricks"][t][0] = {name: card}
    tmp = tmp_path_factory.mktemp("forms")
    y, j = _write(tmp, data, deals, "yaml"), _write(tmp, data, deals, "jsonl")
    ry = validate(y)
    assert ry == _whole(y)
    assert _unplaced(validate(j)) == _unplaced(ry)


def test_memory_does_not_grow_with_the_number_of_deals(big: Any, tmp_path: Path) -> None:
    head, deals = big
    peaks = []
    for n in (6, 60):
        path = tmp_path / f"m{n}.jsonl"
        with path.open("w", encoding="utf-8") as f:
            write_deals(f, head, (deals[i % 6] for i in range(n)), "jsonl")
        validate(path)  # (caches filled, imports done)
        tracemalloc.start()
        try:
            report = validate(path)
            peaks.append(tracemalloc.get_traced_memory()[1])
        finally:
            tracemalloc.stop()
        assert len(report.deals) >= 6
    assert peaks[1] < 1.5 * peaks[0] + 200_000, peaks


# ----------------------------------------------------------------------------- the progress bar


def test_the_progress_bar_shows_only_on_a_terminal_for_a_large_file() -> None:
    big_file = 100 * 2**20
    assert show_progress(None, big_file, terminal=True)
    assert not show_progress(None, big_file, terminal=False)  # a pipe, a log, CI
    assert not show_progress(None, 1000, terminal=True)  # a small file: done at once
    assert show_progress(True, 1000, terminal=False)  # --progress
    assert not show_progress(False, big_file, terminal=True)  # --no-progress


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_progress_bar_goes_to_stderr(big: Any, tmp_path: Path, monkeypatch: Any) -> None:
    head, deals = big
    path = _write(tmp_path, head, deals[:3], "jsonl")
    err = _Terminal()
    monkeypatch.setattr("sys.stderr", err)
    monkeypatch.setattr(cli, "PROGRESS_BYTES", 100)
    code, out = _cli("validate", str(path))
    assert code == 0 and "valid under parlett" in out
    assert "B/s" in err.getvalue() or "%" in err.getvalue()
    err.seek(0)
    err.truncate()
    assert _cli("validate", "--no-progress", str(path))[0] == 0
    assert err.getvalue() == ""
    monkeypatch.setattr("sys.stderr", io.StringIO())  # not a terminal: no bar
    assert _cli("validate", str(path))[0] == 0


# ------------------------------------------------------------------------------ the edges


def test_files_that_cannot_be_read(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="NUL"):
        validate("a\x00b.yaml")
    (tmp_path / "f").write_text("x")
    with pytest.raises(RecordError, match="cannot read"):
        validate(tmp_path / "f" / "r.yaml")  # (a file is no folder)
    with pytest.raises(RecordError, match="not a regular file"):
        validate("/dev/null")
    with pytest.raises(RecordError, match=r"use read_text"):
        validate('{"format": "gleek-record/1"}')


def test_progress_is_told_every_chunk(big: Any, tmp_path: Path) -> None:
    head, deals = big
    for form in ("yaml", "jsonl"):
        path = _write(tmp_path, head, deals, form)
        told: list[int] = []
        assert validate(path, progress=told.append).valid
        assert sum(told) == path.stat().st_size and told


@pytest.mark.parametrize(
    "deals",
    ["deals: []\n", "", "deals: {a: 1}\n", "deals: 7\n"],
    ids=["empty", "missing", "mapping", "number"],
)
def test_records_without_a_list_of_deals(deals: str, tmp_path: Path) -> None:
    path = tmp_path / "r.yaml"
    path.write_text(
        f"format: gleek-record/1\nprofile: parlett\nplayers: [A, B, C]\n{deals}", encoding="utf-8"
    )
    report = validate(path)
    assert report == _whole(path) and report.errors[0].code == "schema"


def test_a_nul_or_a_bad_byte_anywhere_wins_as_when_read_whole(big: Any, tmp_path: Path) -> None:
    head, deals = big
    path = _write(tmp_path, head, deals * 3, "yaml")  # some chunks long
    data = path.read_bytes()
    assert len(data) > 2 * CHUNK
    cases = {
        "nul": data[:5000] + b"\x00" + data[5001:],
        "nul, then a bad byte": data[:5000] + b"\x00" + data[5001:-9] + b"\xfe" + data[-8:],
        "a syntax error, then a nul": b"[" + data[:-9] + b"\x00" + data[-8:],
        "a tab": data[:3000] + b"\t" + data[3000:],
    }
    for name, text in cases.items():
        path.write_bytes(text)
        assert validate(path) == _whole(path), name
    # A file larger than the whole-text reader reads: the first error found stands (a long
    # comment makes it so; the compiled build reads its limits as built, so no patched one).
    text = cases["nul, then a bad byte"]
    pad = b"#" + b"x" * (gleek.limits.MAX_BYTES - len(text)) + b"\n"
    path.write_bytes(text[:-9] + pad + text[-9:])
    assert path.stat().st_size > gleek.limits.MAX_BYTES
    assert "NUL" in validate(path).errors[0].message


def test_json_lines_syntax(big: Any, tmp_path: Path) -> None:
    head, deals = big
    first = json.dumps(head)
    deal = json.dumps(deals[0])
    too_many_hands = json.dumps({**deals[0], "hands": {str(k): [] for k in range(9)}})  # 8 at most
    cases = {
        deal.replace('"dealer"', '"de\\qaler"', 1): "invalid \\escape",
        deal.replace('"turn_up": "', '"turn_up": ' + "1" * 120 + ', "x": "', 1): "too large",
        deal.replace('"turn_up": "', '"turn_up": 1.5e3, "x": "', 1): "must be a string",
        deal.replace('"turn_up": "', '"turn_up": nope, "x": "', 1): "expected a JSON value",
        deal.replace(', "turn_up"', ' "turn_up"', 1): "expected ',' or '}'",
        deal.replace('"turn_up":', '"turn_up"', 1): "expected ':' after a key",
        too_many_hands: "deals[0].hands has more than 8 keys",
        deal.replace('"turn_up": "', '"turn_up": "\x00', 1): "NUL",
        deal.replace('"turn_up": "', '"turn_up": [true, false, null, -0.5], "x": "', 1): "must be",
    }
    path = tmp_path / "r.jsonl"
    for line, words in cases.items():
        path.write_text(first + "\n" + line + "\n", encoding="utf-8")
        errors = validate(path).errors
        assert any(words in e.message for e in errors), (line[:80], errors)
        assert {e.line for e in errors} == {2}


def test_more_json_lines_limits(big: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    head, deals = big
    d = deals[0]
    twice = json.dumps(d)[:-1] + ', "dealer": "East"}'
    many = {**d, "result": {**d["result"], "points": {str(k): 1 for k in range(9)}}}
    huge_bid = {**d, "auction": [{"North": 10**40}]}
    bad_value = json.dumps(d).replace('"turn_up": "', '"turn_up": "\\q', 1)
    cases = {
        twice: "duplicate key",
        json.dumps(many): "more than 8",
        json.dumps(huge_bid): "too large",
        bad_value: "invalid \\escape",
    }
    path = tmp_path / "r.jsonl"
    for line, words in cases.items():
        path.write_text(json.dumps(head) + "\n" + line + "\n", encoding="utf-8")
        errors = validate(path).errors
        assert any(words in e.message for e in errors), (words, errors)
    monkeypatch.setattr(stream_module, "COLLECT_EVERY", 2)  # the collector runs between deals
    path = _write(tmp_path, head, deals[:5], "jsonl")
    assert validate(path).valid


def test_a_head_over_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "r.yaml"
    comment = ("# " + "x" * 98 + "\n") * ((MAX_DEAL_BYTES + 2 * CHUNK) // 100)
    path.write_text(f"format: gleek-record/1\n{comment}profile: parlett\n", encoding="utf-8")
    (error,) = validate(path).errors
    assert error.code == "schema" and "the record's head" in error.message


def test_the_writer_in_either_form(big: Any, tmp_path: Path) -> None:
    session = Session.start(gleek.load_profile("parlett"), deals=2)
    session = session.play_out([RandomBot()] * 3, seed=3)
    gleek.record.dump(session, tmp_path / "s.jsonl")
    text = (tmp_path / "s.jsonl").read_text("utf-8")
    assert text == dumps(session, "jsonl") and text.count("\n") == 3
    assert validate(tmp_path / "s.jsonl").valid
    with pytest.raises(gleek.errors.ArgumentError, match="'yaml' or 'jsonl'"):
        write_deals(io.StringIO(), {}, [], "json")  # type: ignore[arg-type]
    with pytest.raises(gleek.errors.ArgumentError, match="'jsonl'"):
        dumps(session, "toml")  # type: ignore[arg-type]
    out = io.StringIO()
    assert write_deals(out, {"format": "gleek-record/1"}, [], "yaml") == 0
    assert out.getvalue() == "format: gleek-record/1\ndeals: []\n"


@pytest.mark.parametrize("form", ["yaml", "jsonl"])
def test_a_file_that_grows_while_read_is_read_as_it_was(
    big: Any, tmp_path: Path, form: str
) -> None:
    head, deals = big
    path = _write(tmp_path, head, deals, form)
    before = path.stat().st_size

    def grow(n: int) -> None:  # someone appends to the file while it is read
        with path.open("ab") as f:
            f.write(b"\x00 not read\n" * 100)

    report = validate(path, progress=grow)
    assert report.valid and len(report.deals) == 42
    assert path.stat().st_size > before


def test_a_long_hand_in_json_lines_and_a_folder_read_whole(big: Any, tmp_path: Path) -> None:
    head, deals = big
    path = tmp_path / "r.jsonl"
    long_hand = {**deals[0], "hands": {**deals[0]["hands"], "North": ["AH"] * 25}}
    path.write_text(json.dumps(head) + "\n" + json.dumps(long_hand) + "\n", encoding="utf-8")
    (error,) = validate(path).errors
    assert "more than 24 items" in error.message and error.line == 2
    with pytest.raises(RecordError, match="folder"):
        gleek.record.load(tmp_path)  # read whole: refused as before


def test_the_progress_bar_on_a_real_terminal(big: Any, tmp_path: Path) -> None:
    """In a pseudo-terminal the bar shows (here from 1 byte on); in a pipe it never does."""
    import os
    import select
    import subprocess
    import sys

    pty = pytest.importorskip("pty")
    head, deals = big
    path = _write(tmp_path, head, deals[:3], "jsonl")
    code = (
        "import sys, gleek.cli as c; c.PROGRESS_BYTES = 1; "
        "raise SystemExit(c.main(['validate', sys.argv[1]]))"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    termios = pytest.importorskip("termios")
    import fcntl
    import struct

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))  # 80 columns
    seen = b""
    try:
        proc = subprocess.Popen(
            [sys.executable, "-c", code, str(path)],
            stdout=subprocess.PIPE,
            stderr=slave,
            env=env,
        )
        os.close(slave)
        while True:  # read the terminal while the command runs
            ready, _, _ = select.select([master], [], [], 0.1)
            if ready:
                try:
                    chunk = os.read(master, 4096)
                except OSError:  # (every writer gone)
                    break
                if not chunk:
                    break
                seen += chunk
            elif proc.poll() is not None:
                break
        out = proc.communicate(timeout=120)[0]
    finally:
        os.close(master)
    assert proc.returncode == 0 and b"valid under parlett" in out
    assert b"B/s" in seen or b"100%" in seen, seen
    piped = subprocess.run(
        [sys.executable, "-c", code, str(path)], capture_output=True, env=env, timeout=120
    )
    assert piped.returncode == 0 and piped.stderr == b""


def test_json_form_anchors_and_odd_keys_give_the_same_places(big: Any, tmp_path: Path) -> None:
    head, deals = big
    spoilt = _with_bad_card(deals[:6], 4)
    path = tmp_path / "r.json"
    path.write_text(json.dumps({**head, "deals": spoilt}, indent=1), encoding="utf-8")
    report = validate(path)
    assert report == _whole(path) and report.errors[0].deal == 5
    # YAML: an anchor and its alias in one deal, a boolean key, then errors after them
    path = _write(tmp_path, head, deals[:3], "yaml")
    text = path.read_text("utf-8")
    cut = text.index("- dealer:", text.index("- dealer:") + 1)
    second = text[cut:]
    second = second.replace("  stock: [", "  stock: &s [", 1).replace(
        "  discard: [", "  discard: *s #[", 1
    )
    cases = {
        "alias": text[:cut] + second,
        "bool key": text[:cut] + second.replace("  hands:\n", "  hands:\n    No: [AH]\n", 1),
    }
    for name, spoilt_text in cases.items():
        path.write_text(spoilt_text, encoding="utf-8")
        report = validate(path)
        assert report == _whole(path), name
        assert report.errors and report.errors[0].deal == 2, (name, report.errors)
    # a bad card after an alias that reads right: deal 4's dealer is deal 1's, by an alias
    text = _write(tmp_path, head, deals[:4], "yaml").read_text("utf-8")
    starts = [i for i in range(len(text)) if text.startswith("- dealer: ", i)]
    first = text[starts[0] :].split("\n", 1)[0]
    fourth = text[starts[3] :]
    assert fourth.split("\n", 1)[0] == first  # the dealer comes round again
    fourth = "- dealer: *d\n" + fourth.split("\n", 1)[1]
    at = fourth.index("7C")
    text = (
        text[: starts[0]]
        + first.replace("- dealer: ", "- dealer: &d ")
        + text[starts[0] + len(first) : starts[3]]
        + fourth[:at]
        + "7Z"
        + fourth[at + 2 :]
    )
    path.write_text(text, encoding="utf-8")
    report = validate(path)
    assert report == _whole(path)
    assert [(e.deal, e.code) for e in report.errors] == [(4, "bad-card")], report.errors


def test_surrogate_escapes_are_refused_in_both_forms(big: Any, tmp_path: Path) -> None:
    head, deals = big
    name = head["players"][2]
    for escape in ("\\ud800", "\\uDC00", "\\ud83d\\ude00"):
        reports = []
        for form in ("jsonl", "json"):
            if form == "jsonl":
                path = _write(tmp_path, head, deals[:3], "jsonl")
            else:  # the JSON document form, read by the YAML reading
                path = tmp_path / "r.json"
                path.write_text(json.dumps({**head, "deals": deals[:3]}, ensure_ascii=False))
            text = path.read_text(encoding="utf-8")
            spelt = f'"{name[:1]}{escape}{name[1:]}"'
            path.write_text(text.replace(f'"{name}"', spelt), encoding="utf-8")
            reports.append(validate(path))
        jsonl, whole = reports
        assert not jsonl.valid and not whole.valid
        (error,) = jsonl.errors
        assert error.code == whole.errors[0].code == "syntax"
        assert "half of a UTF-16 surrogate pair" in error.message
        line = (tmp_path / "big.jsonl").read_text(encoding="utf-8").splitlines()[error.line - 1]
        assert line[error.column - 1 :].startswith(escape[:6]), (escape, error)
    # an escaped backslash before "u" is text, not an escape: read by the slow path, valid
    path = _write(tmp_path, head, deals[:3], "jsonl")
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"parlett"', '"parlett\\\\ud800"', 1), encoding="utf-8")
    assert "half of a UTF-16" not in str(validate(path).errors)


def test_json_lines_bom_nul_and_bad_bytes_are_placed(big: Any, tmp_path: Path) -> None:
    head, deals = big
    path = _write(tmp_path, head, deals[:3], "jsonl")
    data = path.read_bytes()
    path.write_bytes(b"\xef\xbb\xbf" + data)  # a byte order mark: skipped, as YAML skips it
    assert validate(path).valid
    second = data.index(b"\n") + 1
    at = data.index(b'"turn_up"', second)
    for bad, words in ((b"\x00", "NUL character"), (b"\xff", "not UTF-8 text")):
        path.write_bytes(data[:at] + bad + data[at + 1 :])
        (error,) = validate(path).errors
        assert words in error.message and (error.line, error.column) == (2, at - second + 1)
    deal = json.dumps(deals[0], ensure_ascii=False)
    cases = {
        deal.replace('"turn_up": "', '"turn_up": "\t', 1): "a control character in a string",
        deal[: deal.index('"turn_up": "') + 13]: "a string with no closing quote",
        deal.replace('"turn_up": "', '"turn_up": 1.' + "0" * 120 + ', "x": "', 1): (
            "a number written in 122 characters is too long to read"
        ),
    }
    for line, words in cases.items():
        path.write_text(json.dumps(head) + "\n" + line + "\n", encoding="utf-8")
        (error,) = validate(path).errors
        assert words in error.message and not error.message.endswith(" at"), error


def test_a_whole_record_on_the_head_line_says_so(big: Any, tmp_path: Path) -> None:
    head, deals = big
    path = tmp_path / "whole.jsonl"
    path.write_text(json.dumps({**head, "deals": deals[:1]}) + "\n", encoding="utf-8")
    (error,) = validate(path).errors
    assert "the head line has a key 'deals'" in error.message and error.line == 1


def test_the_first_problems_in_the_file_are_reported_whatever_the_hash_seed(
    big: Any, tmp_path: Path
) -> None:
    import subprocess
    import sys

    head, deals = big
    bad = {"result": {"points": "lots"}, **{k: v for k, v in deals[0].items() if k != "result"}}
    bad["auction"] = [{head["players"][0]: "x"}] * 55 + bad["auction"]
    ruff = {head["players"][0]: "vie", **{f"k{i}": i for i in range(60)}}
    other = {**deals[0], "ruff": [ruff, *deals[0]["ruff"][1:]]}
    for deal, first in ((bad, "deals[0].result.points"), (other, "deals[0].ruff[0] has 61 keys")):
        path = tmp_path / "many.jsonl"
        path.write_text(json.dumps(head) + "\n" + json.dumps(deal) + "\n", encoding="utf-8")
        seen = set()
        for seed in ("1", "3"):
            r = subprocess.run(
                [sys.executable, "-m", "gleek", "validate", str(path)],
                capture_output=True,
                text=True,
                env={**__import__("os").environ, "PYTHONHASHSEED": seed},
                check=False,
            )
            assert f"schema: {first}" in r.stdout.splitlines()[0], r.stdout[:300]
            if deal is other:
                assert "deals[0].ruff[0].k0 is int 0" in r.stdout.splitlines()[1]
            seen.add(r.stdout)
        assert len(seen) == 1


def test_a_json_lines_record_is_read_into_objects_with_its_places(big: Any, tmp_path: Path) -> None:
    from gleek.record import load, read

    head, deals = big
    path = _write(tmp_path, head, deals[:4], "jsonl")
    rec = read(path)
    assert rec.valid and len(rec.deals) == 4 and rec.players == tuple(head["players"])
    assert load(path) == {**head, "deals": deals[:4]}
    assert (
        read(path).deals[3].final == read(_write(tmp_path, head, deals[:4], "yaml")).deals[3].final
    )
    # an error is placed where validate places it
    path.write_text(
        path.read_text(encoding="utf-8").replace('"turn_up": "', '"turn_up": "Z', 1), "utf-8"
    )
    (error,) = validate(path).errors
    got = read(path).error
    assert got is not None and (got.code, got.line, got.column) == (
        error.code,
        error.line,
        error.column,
    )
    # a blank line, a head alone, a head line that is not an object (the loader names the first
    # thing of the document it cannot read)
    lines = _write(tmp_path, head, deals[:2], "jsonl").read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join([lines[0], "", lines[1]]) + "\n", encoding="utf-8")
    with pytest.raises(RecordError, match=r"big\.jsonl:2:1: a blank line"):
        read(path)
    path.write_text(lines[0] + "\n", encoding="utf-8")
    with pytest.raises(RecordError, match="deals has 0 items"):
        read(path)
    path.write_text("[1, 2]\n" + lines[1] + "\n", encoding="utf-8")
    with pytest.raises(
        RecordError, match=r"big\.jsonl:2:1: did not find expected <document start>"
    ):
        read(path)
    assert main(["show", str(_write(tmp_path, head, deals[:2], "jsonl")), "--svg",
                 str(tmp_path / "p.svg")]) == 0  # fmt: skip


def test_a_nul_or_a_bad_byte_is_placed_at_its_line_and_column(big: Any, tmp_path: Path) -> None:
    head, deals = big
    path = _write(tmp_path, head, deals * 5, "yaml")
    data = path.read_bytes()
    assert len(data) > 3 * CHUNK
    for at in (40, 5000, CHUNK - 1, CHUNK, CHUNK + 7, 2 * CHUNK + 100, len(data) - 20):
        for bad in (b"\x00", b"\xff"):
            text = data[:at] + bad + data[at + 1 :]
            path.write_bytes(text)
            (error,) = validate(path).errors
            line = text[:at].count(b"\n") + 1
            column = len(text[text.rfind(b"\n", 0, at) + 1 : at].decode("utf-8")) + 1
            assert (error.line, error.column) == (line, column), (at, bad, error)
            assert validate(path) == _whole(path)


def test_more_than_fifty_problems_are_chosen_in_document_order(big: Any, tmp_path: Path) -> None:
    head, deals = big
    ruff = {head["players"][0]: "vie", **{f"k{i}": i for i in range(60)}}
    deal = {**deals[0], "ruff": [ruff, *deals[0]["ruff"][1:]]}
    for form in ("jsonl", "yaml"):
        path = _write(tmp_path, head, [deal], form)
        errors = validate(path).errors
        assert len(errors) == 50
        assert "deals[0].ruff[0] has 61 keys; it must have at most 1" in errors[0].message
        assert [e.path for e in errors[1:4]] == [f"deals[0].ruff[0].k{i}" for i in range(3)]
    # a surrogate escape in a deal's line (not the head's) is refused there too
    path = _write(tmp_path, head, deals[:2], "jsonl")
    text = path.read_text(encoding="utf-8").replace('"turn_up": "', '"turn_up": "\\udfff', 1)
    path.write_text(text, encoding="utf-8")
    (error,) = validate(path).errors
    assert error.line == 2 and "\\udfff is half of a UTF-16 surrogate pair" in error.message
    # an empty .jsonl file read into objects: as an empty YAML file
    path.write_text("", encoding="utf-8")
    with pytest.raises(RecordError, match=r"big\.jsonl:1:1: the document must be a mapping"):
        gleek.record.read(path)
