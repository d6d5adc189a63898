"""The ways to read a record agree: on the fuzz corpus (tests/test_fuzz.py's mutated records, in
YAML and in the JSON Lines form), the validator reading deal by deal (with and without the quick
YAML reading), the validator reading the whole text, and the reading into objects that ``read``,
``gleek show`` and ``gleek compare --record`` use all give the same first error, or none."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gleek.errors import RecordError
from gleek.record import dumps, read_text, validate_text
from gleek.record.report import Problem, Report
from gleek.record.stream import validate_path
from gleek.viewer import load_record
from tests.test_fuzz import RECORDS, mutated

#: Records in the JSON Lines form: each example record written again as JSON Lines.
JSON_LINES = [dumps(read_text(text), "jsonl") for text in RECORDS]
#: What a JSON Lines record must refuse and YAML would read: flow syntax, an anchor and an
#: alias, a byte order mark past the first line, a comment, single quotes.
JSONL_JUNK = ["{format: x}", "&a ", "*a", "\ufeff", "# c", "'x'", "[a, b]", "{}", "\n"]


@st.composite
def json_lines(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(JSON_LINES))
    lines = text.split("\n")
    for _ in range(draw(st.integers(1, 3))):
        k = draw(st.integers(0, max(0, len(lines) - 2)))
        at = draw(st.integers(0, len(lines[k])))
        piece = draw(st.sampled_from(JSONL_JUNK))
        if draw(st.booleans()):
            piece, at = piece, 0  # at the start of the line (a BOM on line 2, say)
        lines[k] = lines[k][:at] + piece + lines[k][at:]
    return "\n".join(lines)


def first(report: Report, file: str) -> str | None:
    return report.errors[0].human(file) if report.errors else None


def readers(text: str, suffix: str) -> dict[str, str | None]:
    """The first error each reader finds in ``text`` (a file with ``suffix``), or None."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"r{suffix}"
        path.write_bytes(text.encode("utf-8", "surrogatepass"))
        file = str(path)
        found: dict[str, str | None] = {
            "stream": first(validate_path(path, quick_from=None), file),
            "stream, quick": first(validate_path(path, quick_from=0), file),
        }
        try:
            _, error = load_record(path)
        except RecordError as exc:  # a JSON Lines file whose lines cannot be read
            error = Problem(exc.code, exc.message, None, exc.path, exc.line, exc.column).human(
                exc.file or file
            )
        found["read"] = error
        if suffix == ".yaml":
            found["whole"] = first(validate_text(path.read_bytes(), file), file)
        return found


def agree(found: dict[str, str | None]) -> None:
    assert len(set(found.values())) == 1, found


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(mutated(RECORDS))
def test_every_reader_of_a_yaml_record_says_the_same(text: str) -> None:
    agree(readers(text, ".yaml"))


def test_an_unknown_profile_behind_an_error_in_a_deal_is_read_as_that_error() -> None:
    """Found by the test above: the replay stops at a schema error in a deal before it looks
    the profile up, so the reader of a record says that error too (it raised ProfileError)."""
    text = (
        "format: gleek-record/1\nprofile: 12.0pedagogical\nplayers: [A, B, C]\n"
        "deals:\n- dealer: C\n  ruff:\n  - 12.0{A: wait}\n"
    )
    found = readers(text, ".yaml")
    agree(found)
    assert found["read"] is not None and found["read"].endswith(
        "schema: missing key 'hands' in deals[0]"
    )


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(json_lines())
def test_every_reader_of_a_json_lines_record_says_the_same(text: str) -> None:
    agree(readers(text, ".jsonl"))


@pytest.mark.parametrize(
    ("what", "line"),
    [
        ("YAML flow syntax", "{format: gleek-record/1, profile: parlett, players: [A, B, C]}"),
        ("an anchor", '{"format": &f "gleek-record/1"}'),
    ],
)
def test_a_json_lines_record_in_yaml_syntax_is_refused_by_every_reader(
    what: str, line: str
) -> None:
    found = readers(line + "\n" + JSON_LINES[0].split("\n", 1)[1], ".jsonl")
    agree(found)
    assert found["read"] is not None and ": syntax: " in found["read"], what


def test_a_byte_order_mark_on_the_second_line_is_refused_by_every_reader() -> None:
    head, rest = JSON_LINES[0].split("\n", 1)
    found = readers(head + "\n\ufeff" + rest, ".jsonl")
    agree(found)
    assert found["read"] is not None and ":2:1: syntax: " in found["read"]
    assert set(readers(JSON_LINES[0], ".jsonl").values()) == {None}  # (the record is valid)


@pytest.mark.parametrize(
    ("what", "change"),
    [
        (
            "a key 'deals' in the head line",
            lambda head, rest: head[:-1] + ', "deals": []}\n' + rest,
        ),
        ("a blank line", lambda head, rest: head + "\n\n" + rest),
        ("a NUL", lambda head, rest: head + "\n" + rest.replace(",", ",\x00", 1)),
        (
            "a lone surrogate escape",
            lambda head, rest: head + "\n" + rest.replace('"', '"\\ud800', 1),
        ),
    ],
)
def test_every_reader_of_a_json_lines_record_refuses_alike(what: str, change: Any) -> None:
    head, rest = JSON_LINES[0].split("\n", 1)
    found = readers(change(head, rest), ".jsonl")
    agree(found)
    assert found["read"] is not None, what


def test_a_control_character_deep_in_a_long_yaml_record_is_placed_alike() -> None:
    """Read in chunks, a character the YAML parser refuses is placed where the whole text
    places it, in a later chunk and on a line that began in an earlier one."""
    text = RECORDS[0].replace("deals:\n", "deals:\n" + "# " + "x" * 70_000 + "\x07\n", 1)
    found = readers(text, ".yaml")
    agree(found)
    assert found["read"] is not None and ":13:70003: syntax: " in found["read"]
