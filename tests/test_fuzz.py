"""Fuzzing: mutated records and profile files give a report or a library error, nothing else,
within a time and memory cap; and the fast shape check never passes what the schema refuses."""

from __future__ import annotations

import re
import time
import tracemalloc
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gleek
from gleek.errors import GleekError
from gleek.profile import profiles_dir
from gleek.record import loads, validate_text
from gleek.record.report import Report
from gleek.record.shape import conforms, limits
from gleek.schemacheck import load_schema, problems
from gleek.sourcemap import LocatedError, load_located

ROOT = Path(__file__).resolve().parent.parent
RECORDS = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "examples").glob("*.yaml"))]
PROFILES = [
    p.read_text(encoding="utf-8")
    for p in [*sorted(profiles_dir().glob("*.yaml")), *profiles_dir().glob("*/*.yaml")]
]
JUNK = [
    "12.0",
    "1.0e+3",
    "9" * 60,
    "pot",
    '"\\e[2J"',
    "/etc/passwd",
    "../../etc/hostname",
    "&a",
    "*a",
    "[",
    "]",
    "{",
    "- ",
    ": ",
    "\n",
    "\t",
    "~",
    "!!binary aGk=",
    "!!bool foo",
    "!!timestamp x",
    "!!int ''",
    "!!set x",
    "\x07",
    "\ud800",
    "!!python/object:os.system",
    "<<: {}",
    "No",
    "-1",
    "0x1F",
    "2001-12-14",
    "pass",
    "revie",
    "AH",
    "'",
    "\x85",
    "\u202e",
]
# Seconds and megabytes one input may take: far above what any needs, far below a hang.
TIME_CAP = 20.0
MEMORY_CAP = 200 * 1024 * 1024


@st.composite
def mutated(draw: st.DrawFn, texts: list[str]) -> str:
    text = draw(st.sampled_from(texts))
    for _ in range(draw(st.integers(1, 4))):
        start = draw(st.integers(0, len(text)))
        end = min(len(text), start + draw(st.integers(0, 30)))
        how = draw(st.sampled_from(("junk", "delete", "repeat", "hex", "long")))
        if how == "hex":  # a number into hex, octal or sexagesimal, often past the limit
            number = re.search(r"(?<![\w.])\d+(?![\w.])", text[start:])
            if number is None:
                continue
            start, end = start + number.start(), start + number.end()
            piece = draw(
                st.sampled_from(
                    ("0x" + "f" * draw(st.integers(1, 5000)), "0" + "7" * 40, "1:59:59")
                )
            )
        elif how == "long":  # a flow list's first item repeated past every cap
            bracket = text.find("[", start)
            if bracket < 0:
                continue
            close = text.find("]", bracket)
            first = text[bracket + 1 : close].split(",")[0].strip() or "1"
            start = end = bracket + 1
            piece = f"{first}, " * draw(st.sampled_from((60, 400, 60_000)))
        elif how == "junk":
            piece = draw(st.sampled_from(JUNK))
        elif how == "delete":
            piece = ""
        else:
            piece = text[start:end] * draw(st.integers(2, 50))
        text = text[:start] + piece + text[end:]
    return text


def _capped(run: object) -> None:
    tracemalloc.start()
    start = time.perf_counter()
    try:
        run()  # type: ignore[operator]
    finally:
        seconds = time.perf_counter() - start
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    assert seconds < TIME_CAP and peak < MEMORY_CAP, (seconds, peak)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(mutated(RECORDS))
def test_mutated_records_give_a_report_or_a_library_error(text: str) -> None:
    def run() -> None:
        report = validate_text(text, "fuzz.yaml")
        assert isinstance(report, Report)
        report.human()
        report.to_json()
        try:
            data = loads(text)
        except GleekError:
            return
        assert isinstance(data, dict)

    _capped(run)


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(mutated(PROFILES))
def test_mutated_profiles_give_a_profile_or_a_library_error(text: str) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "p.yaml"
        # a lone surrogate among the junk is written as the bytes it would be (not UTF-8): a
        # file with a bad byte in it, which the loader must refuse as any other
        path.write_bytes(text.encode("utf-8", "surrogatepass"))

        def run() -> None:
            try:
                p = gleek.load_profile(path)
            except GleekError:
                return
            assert isinstance(p, gleek.Profile)

        _capped(run)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(mutated(RECORDS))
def test_the_fast_shape_check_never_passes_what_the_schema_refuses(text: str) -> None:
    try:
        doc = load_located(text, limits=limits)
    except LocatedError:
        return
    if conforms(doc.data):
        assert problems(doc, load_schema("record")) == ()
