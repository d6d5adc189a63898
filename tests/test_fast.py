"""The quick reading of YAML records (:mod:`gleek.record.fast`, by yaml-rs).

PyYAML's reading is the oracle: a record read with the quick reading first gives the same
report as one read by PyYAML alone, valid or not, every error at the same place. A valid record
in the usual shape is read quickly (checked by calling the quick reading itself); anything out
of that shape, and any record with an error or a warning, is left to PyYAML.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
import yaml_rs  # noqa: F401  (the dev set installs gleek[fast]: the quick reading is tested)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gleek
from gleek.record import Report, dumps, validate, validate_text
from gleek.record.fast import MAX_QUICK, QUICK_FROM, _Doubt, available, quick_report, usual_text
from gleek.record.stream import _Validation, validate_path
from gleek.session import Session
from gleek.sim.bots import RandomBot

PROFILES = ["parlett", "pedagogical", "publications-international", "cotton"]


def _record(pid: str, deals: int, seed: int) -> str:
    session = Session.start(gleek.load_profile(pid), deals=deals)
    return dumps(session.play_out([RandomBot()] * 3, seed=seed))


def _quick(path: Path) -> Report | None:
    """The quick reading's report of the file, None if it leaves the file to PyYAML."""
    fd = os.open(path, os.O_RDONLY)
    try:
        report, told = quick_report(fd, _Validation(str(path), ()), None, 0)
    finally:
        os.close(fd)
    if report is not None:  # (a record read quickly is read to its end)
        assert told == path.stat().st_size
    return report


def _both(path: Path) -> tuple[Report, Report]:
    """The report with the quick reading first (whatever the file's size), and PyYAML's."""
    return validate_path(path, (), None, 0), validate_path(path, (), None, None)


@pytest.fixture(scope="module")
def three() -> str:
    """A valid three-deal Parlett record in the usual shape."""
    return _record("parlett", 3, 5)


@pytest.mark.parametrize("pid", PROFILES)
def test_a_valid_record_in_the_usual_shape_is_read_quickly(pid: str, tmp_path: Path) -> None:
    path = tmp_path / "r.yaml"
    text = _record(pid, 6, 21)
    path.write_text(text, encoding="utf-8")
    slow = validate_path(path, (), None, None)
    quick = _quick(path)
    assert slow.valid and not slow.warnings and len(slow.deals) == 6
    assert quick == slow == validate_text(text, str(path))
    assert validate_path(path, (), None, 0) == slow


def test_a_large_record_is_read_quickly_by_default(tmp_path: Path) -> None:
    text = _record("publications-international", 252, 3)
    path = tmp_path / "big.yaml"
    path.write_text(text, encoding="utf-8")
    assert path.stat().st_size >= QUICK_FROM and available()
    told: list[int] = []
    report = validate(path, progress=told.append)
    assert report.valid and len(report.deals) == 252
    assert report == _quick(path) == validate_path(path, (), None, None)
    assert sum(told) == path.stat().st_size  # every byte told once


def test_a_small_record_is_left_to_pyyaml_at_once(three: str, tmp_path: Path) -> None:
    path = tmp_path / "r.yaml"
    path.write_text(three, encoding="utf-8")
    fd = os.open(path, os.O_RDONLY)
    try:
        assert quick_report(fd, _Validation(str(path), ()), None, QUICK_FROM) == (None, 0)
        assert os.lseek(fd, 0, os.SEEK_CUR) == 0  # nothing read
    finally:
        os.close(fd)


def _spoil(text: str, old: str, new: str, count: int = 1) -> str:
    assert old in text, old
    return text.replace(old, new, count)


def _first(text: str, pattern: str) -> str:
    found = re.search(pattern, text, re.M)
    assert found is not None, pattern
    return found.group(0)


TURN_UP = r"^  turn_up: \w+\n"

#: Texts out of the usual shape, or with a problem: each is left to PyYAML.
ODD: dict[str, Any] = {
    "a comment": lambda t: _spoil(t, "\n  tricks:", "\n  tricks:  # twelve of them"),
    "a quoted value": lambda t: re.sub(r"turn_up: (\w+)", r"turn_up: '\1'", t, count=1),
    "a tab": lambda t: _spoil(t, "\n  tricks:", "\n\ttricks:"),
    "carriage returns": lambda t: t.replace("\n", "\r\n"),
    "an anchor and alias": lambda t: _spoil(
        t, _first(t, TURN_UP), _first(t, TURN_UP).replace(": ", ": &u ") + "\n  note: *u"
    ),
    "a key after the deals": lambda t: t + "comment: late\n",
    "a document end": lambda t: t + "...\n",
    "a head in block style": lambda t: re.sub(
        r"^chips: \{(\w+): (\d+), (\w+): (\d+), (\w+): (\d+)\}$",
        r"chips:\n  \1: \2\n  \3: \4\n  \5: \6",
        t,
        count=1,
        flags=re.M,
    ),
    "a list nested deeper": lambda t: _spoil(t, "\n  - - {", "\n  - - - {"),
    "a key given twice": lambda t: _spoil(t, _first(t, TURN_UP), _first(t, TURN_UP) * 2),
    "an unknown card": lambda t: re.sub(r"(\n  - - \{\w+: )\w+\}", r"\1ZZ}", t, count=1),
    "a bid in hexadecimal (PyYAML: 12)": lambda t: _spoil(t, ": 12}", ": 0x0C}"),
    "a bid with an underscore (PyYAML: 12)": lambda t: _spoil(t, ": 12}", ": 1_2}"),
    "a bid as a float": lambda t: _spoil(t, ": 12}", ": 1.2e1}"),
    "a bid in octal (PyYAML: 10)": lambda t: _spoil(t, ": 12}", ": 012}"),
    "a wrong result": lambda t: re.sub(r"(\n    chips: \{\w+: )(-?\d+)", r"\g<1>999", t, count=1),
    "a line far indented": lambda t: _spoil(t, "\n  tricks:", "\n" + " " * 14 + "x: 1\n  tricks:"),
    "a deal too long": lambda t: _spoil(t, "\n  tricks:", "\n  tricks:" + " " * MAX_QUICK),
    "a deal over two chunks": lambda t: _spoil(
        t, "\n  tricks:", "\n  tricks:" + " " * 3 * MAX_QUICK
    ),
    "not UTF-8": lambda t: _spoil(t, "\n  tricks:", "\n  tricks: \udcff"),
    "a number as a key": lambda t: _spoil(t, "\n  tricks:", "\n  12: x\n  tricks:"),
    "a boolean": lambda t: re.sub(r"turn_up: \w+", "turn_up: true", t, count=1),
    "a float in a list": lambda t: re.sub(
        r"(\n  - \{\w+: \w+\}\n  - )\{\w+: \w+\}", r"\g<1>1.5", t, count=1
    ),
    "a number too large": lambda t: re.sub(
        r"(\n    chips: \{\w+: )(-?\d+)", r"\g<1>" + "9" * 31, t, count=1
    ),
    "a blank line before the first deal": lambda t: _spoil(t, "deals:\n", "deals:\n\n"),
    "an empty item after the deals": lambda t: t + "-\n",
    "no deal": lambda t: t[: t.index("deals:\n") + 7],
    "no list of deals": lambda t: t[: t.index("deals:\n")] + "deals: []\n",
    "a head in flow style": lambda t: "{format: gleek-record/1}\n" + t[t.index("deals:\n") :],
    "a line separator in the head": lambda t: _spoil(t, "\npot: 0\n", "\npot: 0\u2028\n"),
    "a stock too long": lambda t: re.sub(r"(\n  stock: \[)", r"\g<1>" + "AS, " * 14, t, count=1),
    "the deals named in the head": lambda t: "deals: 1\n" + t,
    "a hand too long": lambda t: re.sub(r"(\n    \w+: \[)", r"\g<1>" + "AS, " * 25, t, count=1),
}


@pytest.mark.parametrize("name", list(ODD))
def test_anything_odd_is_left_to_pyyaml(name: str, three: str, tmp_path: Path) -> None:
    text = ODD[name](three)
    assert text != three
    path = tmp_path / "r.yaml"
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    assert _quick(path) is None
    quick, slow = _both(path)
    assert quick == slow == validate_text(path.read_bytes(), str(path))


def test_pyyaml_reads_a_valid_record_the_quick_reading_doubts(three: str, tmp_path: Path) -> None:
    """A bid of 12 written ``0x0C``: YAML 1.1 (PyYAML) reads 12, where YAML 1.2 does not."""
    path = tmp_path / "r.yaml"
    path.write_text(_spoil(three, ": 12}", ": 0x0C}"), encoding="utf-8")
    assert _quick(path) is None
    quick, slow = _both(path)
    assert quick.valid and quick == slow


@pytest.mark.parametrize("name", ["yes", "Null", "on", "12", "O'Neil", "A: B", "- x", "x,y"])
def test_a_name_yaml_reads_otherwise_is_left_to_pyyaml(name: str, tmp_path: Path) -> None:
    session = Session.start(gleek.load_profile("parlett"), deals=1, players=(name, "East", "West"))
    text = dumps(session.play_out([RandomBot()] * 3, seed=2))
    path = tmp_path / "r.yaml"
    path.write_text(text, encoding="utf-8")
    assert _quick(path) is None
    quick, slow = _both(path)
    assert quick == slow and slow.valid  # (the writer quotes such a name)


@pytest.mark.parametrize("where", ["first", "last"])
def test_progress_is_told_each_byte_once_when_pyyaml_reads_again(
    where: str, tmp_path: Path
) -> None:
    text = _record("parlett", 261, 8)
    cut = text.index("\n  tricks:") if where == "first" else text.rindex("\n  tricks:")
    text = text[:cut] + "\n  tricks:  # a comment near the end" + text[cut + 10 :]
    path = tmp_path / "big.yaml"
    path.write_text(text, encoding="utf-8")
    assert path.stat().st_size >= QUICK_FROM
    told: list[int] = []
    report = validate(path, progress=told.append)
    assert report.valid and sum(told) == path.stat().st_size
    assert report == validate_path(path, (), None, None)


def test_without_yaml_rs_pyyaml_reads_every_record(
    three: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "yaml_rs", None)  # (an import of it fails)
    assert not available()
    path = tmp_path / "r.yaml"
    path.write_text(three, encoding="utf-8")
    assert _quick(path) is None
    assert validate_path(path, (), None, 0) == validate_text(three, str(path))


_ALPHABET = st.sampled_from(list(" \n:-,{}[]#&*!'\"\t0123456789AKQJSHDCpas.xyz~"))


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    edits=st.lists(
        st.tuples(st.floats(0, 1, exclude_max=True), st.integers(0, 2), _ALPHABET),
        min_size=1,
        max_size=3,
    )
)
def test_any_edit_gives_the_same_report_read_quickly_or_not(
    three: str, edits: list[tuple[float, int, str]], tmp_path_factory: Any
) -> None:
    text = three
    for where, how, char in edits:
        at = int(where * len(text))
        if how == 0:
            text = text[:at] + char + text[at:]  # insert
        elif how == 1:
            text = text[:at] + char + text[at + 1 :]  # replace
        else:
            text = text[:at] + text[at + 1 :]  # delete
    path = tmp_path_factory.mktemp("edits") / "r.yaml"
    path.write_text(text, encoding="utf-8")
    quick, slow = _both(path)
    assert quick == slow


#: Values put in place of a value of a deal: cards, words, names, numbers, and texts that YAML
#: 1.1 and 1.2 read differently (each read by PyYAML, whatever the quick reading makes of it).
_WORDS = st.sampled_from(
    ["AS", "10D", "4C", "KH", "pass", "vie", "see", "wait", "North", "East", "West", "12", "13",
     "-3", "0", "012", "0x0C", "1_2", "1e3", "1.5", "yes", "No", "on", "~", "null", "true",
     "1:30", "2001-12-14", ".inf", "gleek-K", "tiddy", "x y", "[]", "{}", "[AS]", "{East: 12}"]
)  # fmt: skip
_TOKEN = re.compile(
    r"(?<=[\[{ ,:-] )[^\s,:\[\]{}][^,:\[\]{}\n]*?(?=[,\]}]|\n)|(?<=: )[^\s\[{][^\n]*?(?=\n)"
)


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(picks=st.lists(st.tuples(st.integers(0, 10**6), _WORDS), min_size=1, max_size=2))
def test_any_value_changed_gives_the_same_report_read_quickly_or_not(
    three: str, picks: list[tuple[int, str]], tmp_path_factory: Any
) -> None:
    """The text stays in the usual shape, a value in it changed: the quick reading reads it
    (or gives up on it) and the report is PyYAML's."""
    text = three
    for k, word in picks:
        spots = list(_TOKEN.finditer(text))
        m = spots[k % len(spots)]
        text = text[: m.start()] + word + text[m.end() :]
    path = tmp_path_factory.mktemp("values") / "r.yaml"
    path.write_text(text, encoding="utf-8")
    quick, slow = _both(path)
    assert quick == slow


def test_text_nested_deeper_than_a_deal_is_never_parsed(
    three: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nesting that could run a parser out of stack is refused before yaml-rs sees it."""
    import yaml_rs as parser

    seen: list[str] = []
    real = parser.loads

    def loads(text: str, **kw: Any) -> Any:
        seen.append(text)
        return real(text, **kw)

    monkeypatch.setattr(parser, "loads", loads)
    cut = three.index("\n  tricks:")
    for deep in ("[" * 300 + "]" * 300, "{a: " * 300 + "}" * 300, "\n" + " " * 17 + "x: 1",
                 "\n  - - - {East: 9H}", "\n  -  -   - x"):  # fmt: skip
        seen.clear()
        path = tmp_path / "r.yaml"
        path.write_text(three[:cut] + "\n  note: " + deep + three[cut:], encoding="utf-8")
        assert _quick(path) is None
        assert not any(deep.strip() in t for t in seen)
        quick, slow = _both(path)
        assert quick == slow


_PLAIN = st.sampled_from(
    ["AS", "10D", "North", "Anne Smith", "Léa", "a.b", "x-y", "gleek-K", "yes", "No", "null",
     "Null", "on", "0x0C", "1_2", "012", "1e3", "1.5", "12", "-3", "2001-12-14", "~", ".inf"]
) | st.integers(-(10**20), 10**20)  # fmt: skip
_KEYS = st.sampled_from(["dealer", "hands", "East", "Anne Smith", "yes", "12", "Léa", "x-y"])
_DATA = st.recursive(
    _PLAIN,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_KEYS, inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(deal=st.dictionaries(_KEYS, _DATA, min_size=1, max_size=5))
def test_pyyaml_reads_the_usual_text_as_the_deal_it_was_written_from(deal: dict[str, Any]) -> None:
    """What the quick reading rests on: a text :func:`usual_text` writes is read by PyYAML as
    the deal it was written from (or it writes none, and the reading gives up)."""
    try:
        text = usual_text(deal)
    except _Doubt:
        return
    assert yaml.load("deals:\n" + text, Loader=yaml.SafeLoader) == {"deals": [deal]}


@pytest.mark.parametrize("deals", [1, 2, 4, 5])
def test_a_number_of_deals_not_a_multiple_of_three_is_read_quickly(
    deals: int, tmp_path: Path
) -> None:
    path = tmp_path / "r.yaml"
    path.write_text(_record("pedagogical", deals, 9), encoding="utf-8")
    slow = validate_path(path, (), None, None)
    assert slow.valid and [w.code for w in slow.warnings] == (["deal-count"] if deals > 3 else [])
    assert _quick(path) == slow


def test_a_line_separator_in_the_head_is_left_to_pyyaml(tmp_path: Path) -> None:
    """PyYAML counts U+2028 as a line break: the warning on the number of deals moves."""
    text = _record("pedagogical", 4, 9)
    path = tmp_path / "r.yaml"
    path.write_text(_spoil(text, "\npot: 0\n", "\npot: 0\u2028\n"), encoding="utf-8")
    assert _quick(path) is None
    quick, slow = _both(path)
    assert quick == slow and slow.warnings[0].line == 10


def test_a_long_word_is_not_remembered(three: str, tmp_path: Path) -> None:
    from gleek.record import fast

    path = tmp_path / "r.yaml"
    path.write_text(re.sub(r"dealer: \w+", "dealer: " + "x" * 5000, three), encoding="utf-8")
    assert _quick(path) is None
    assert max(map(len, fast._TEXT.values())) <= 64


def test_the_memory_of_words_is_emptied_when_full(three: str, tmp_path: Path) -> None:
    from gleek.record import fast

    fast._TEXT.clear()  # (the words of the record are to be learnt again)
    fast._TEXT.update({n: str(n) for n in range(10**9, 10**9 + fast._TEXT_BUDGET)})
    path = tmp_path / "r.yaml"
    path.write_text(three, encoding="utf-8")
    assert _quick(path) == validate_path(path, (), None, None)
    assert len(fast._TEXT) < fast._TEXT_BUDGET


def test_a_valid_deal_with_a_number_past_30_digits_is_left_to_pyyaml(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Balances of 30 digits make results of 31: PyYAML's reading refuses the number, so the
    quick reading must not pass the record (the writer refuses it too; written here by hand)."""
    import gleek.record.write as writer

    monkeypatch.setattr(writer, "_check_readable", lambda *a: None)
    big = 10**30 - 1
    session = Session.start(
        gleek.load_profile("parlett"), deals=3, pot=big, chips=(big,) * 3, ruff_stake=big
    )
    text = re.sub(r",\n +", ", ", dumps(session.play_out([RandomBot()] * 3, seed=0)))
    assert re.search(r"-?\d{31}", text)
    path = tmp_path / "r.yaml"
    path.write_text(text, encoding="utf-8")
    assert _quick(path) is None
    quick, slow = _both(path)
    assert quick == slow and not slow.valid
