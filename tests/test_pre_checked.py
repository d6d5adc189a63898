"""The shipped profiles are pre-checked: loading them imports no schema checker, checks nothing
twice, and ``import gleek`` stays quick; every other file is checked in full, and where the
checker cannot be imported (Pyodide) such a file is refused with gleek's own error."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import gleek
from gleek.errors import ProfileError
from gleek.profile import pre_check_shipped
from gleek.schemacheck import digest, pre_checked
from gleek.sources import profiles_dir

ROOT = Path(__file__).resolve().parent.parent
LISTED = Path(gleek.__file__).resolve().parent / "schemas" / "pre-checked.json"


def _run(code: str) -> str:
    """What ``code`` prints in a fresh interpreter (the test's own imports not counted)."""
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_list_of_pre_checked_files_is_up_to_date() -> None:
    listed = json.loads(LISTED.read_text("utf-8"))["files"]
    assert listed == pre_check_shipped(), "run: python tools/pre_check.py"
    shipped = {f.relative_to(profiles_dir()).as_posix() for f in profiles_dir().rglob("*.yaml")}
    assert set(listed) == shipped
    assert listed["parlett.yaml"]["id"] == "parlett"


def test_a_pre_checked_digest_names_the_kind_and_the_bytes() -> None:
    text = (profiles_dir() / "parlett.yaml").read_bytes()
    assert pre_checked("profile", text) is not None
    assert pre_checked("variant", text) is None  # the same bytes as another kind of file
    assert pre_checked("profile", text + b"\n# edited\n") is None
    assert digest("profile", text) != digest("variant", text)


def test_import_gleek_loads_no_schema_checker_and_no_package_metadata() -> None:
    out = _run(
        "import sys, gleek\n"
        "print(sorted(m for m in ('jsonschema', 'importlib.metadata') if m in sys.modules))\n"
        "for pid in gleek.list_profiles():\n"
        "    for vid in gleek.list_variants():\n"
        "        gleek.load_profile(pid, [vid])\n"
        "print('jsonschema' in sys.modules)\n"
        "from importlib.metadata import version\n"
        "print(gleek.__version__ == version('gleek'))\n"
    )
    assert out.split("\n")[:3] == ["[]", "False", "True"]


def test_an_unknown_module_attribute_is_still_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'nonsense'"):
        gleek.nonsense  # noqa: B018


def test_a_copy_of_a_shipped_profile_is_pre_checked_and_an_edited_one_is_checked(
    tmp_path: Path,
) -> None:
    copy = tmp_path / "mine.yaml"
    shutil.copy(profiles_dir() / "parlett.yaml", copy)
    out = _run(
        "import sys, gleek\n"
        f"p = gleek.load_profile({str(copy)!r})\n"
        "print(p.id, 'jsonschema' in sys.modules)\n"
    )
    assert out.split() == ["parlett", "False"]
    text = copy.read_text("utf-8").replace("id: parlett", "id: parlett\nnonsense: 1", 1)
    copy.write_text(text, "utf-8")
    with pytest.raises(ProfileError, match="unknown key"):
        gleek.load_profile(copy)


def test_without_the_schema_checker_a_users_file_is_refused_clearly(tmp_path: Path) -> None:
    """As under Pyodide, where jsonschema's rpds-py is native code: shipped profiles load, a
    user's profile is refused with a ProfileError naming it, a record of the wrong shape gets a
    schema error in its report, and a record of the right shape validates; read deal by deal too."""
    mine = tmp_path / "mine.yaml"
    text = (profiles_dir() / "parlett.yaml").read_text("utf-8")
    mine.write_text(text.replace("id: parlett", "id: mine", 1), "utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: 1\nprofile: parlett\ndeals: 3\n", "utf-8")
    stray = tmp_path / "stray.yaml"  # read deal by deal: a deal with a key no record has
    example = (ROOT / "examples" / "parlett-s0-auction.yaml").read_text("utf-8")
    stray.write_text(example.replace("  turn_up: 7H\n", "  turn_up: 7H\n  colour: red\n"), "utf-8")
    out = _run(
        "import sys\n"
        "sys.modules['jsonschema'] = None  # import jsonschema now raises ImportError\n"
        "import gleek\n"
        "from gleek.record import validate\n"
        "print(gleek.load_profile('pi', ['play-high']).id)\n"
        "try:\n"
        f"    gleek.load_profile({str(mine)!r})\n"
        "except gleek.ProfileError as exc:\n"
        "    print(exc.file.endswith('mine.yaml'), '|', exc.message)\n"
        f"report = validate({str(bad)!r})\n"
        "print(report.valid, report.errors[0].code, '|', report.errors[0].message)\n"
        f"print(validate({str(ROOT / 'examples' / 'parlett-s0-auction.yaml')!r}).valid)\n"
        "from gleek.record import read_text\n"
        "try:\n"
        "    read_text('format: 1\\nprofile: parlett\\ndeals: 3\\n', name='b.yaml')\n"
        "except gleek.RecordError as exc:\n"
        "    print(exc.file, '|', exc.message[:40])\n"
        f"report = validate({str(stray)!r})\n"
        "e = report.errors[0]\n"
        "print(report.valid, e.code, e.deal, '|', e.message)\n"
    )
    lines = out.splitlines()
    assert lines[0] == "publications-international"
    named, why = lines[1].split(" | ")
    assert named == "True"
    assert why.startswith("this file needs a schema check, and the schema checker")
    assert "only gleek's shipped profiles and variants" in why
    valid, code, message = lines[2].split(" ", 2)
    assert (valid, code) == ("False", "schema")
    assert "schema checker (the jsonschema package) cannot be imported" in message
    assert lines[3] == "True"
    assert lines[4].startswith("b.yaml | this file needs a schema check")
    valid, code, deal, message = lines[5].split(" ", 3)
    assert (valid, code, deal) == ("False", "schema", "1")
    assert "schema checker (the jsonschema package) cannot be imported" in message
