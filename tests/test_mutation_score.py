"""``tools/mutation_score.py``, the score of ``make mutation``, on made-up mutmut results."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "tools" / "mutation_score.py"


def _score(tmp_path: Path, codes: dict[str, dict[str, int | None]], page: str) -> tuple[int, str]:
    """Run the script in ``tmp_path`` with these exit codes per module and this testing page."""
    for module, by_key in codes.items():
        meta = tmp_path / "mutants" / f"{module}.meta"
        meta.parent.mkdir(parents=True, exist_ok=True)
        meta.write_text(json.dumps({"exit_code_by_key": by_key}))
    (tmp_path / "docs").mkdir(exist_ok=True)
    (tmp_path / "docs" / "testing.rst").write_text(page)
    run = subprocess.run(
        [sys.executable, str(SCRIPT)], cwd=tmp_path, capture_output=True, text=True, check=False
    )
    return run.returncode, run.stdout


def _page(*functions: str) -> str:
    """A testing page whose "Surviving mutants" section lists these functions."""
    listed = "".join(f"``{f}`` (1)\n   equivalent: ...\n" for f in functions)
    return f"Mutation testing: ``gleek.state.not_listed``\n\nSurviving mutants\n~~~~\n\n{listed}"


def _results(
    survivor: int = 0, unchecked: int | None = 1, first: int = 1
) -> dict[str, dict[str, int | None]]:
    """Ten mutants a module, numbered from ``first``, the first killed or surviving by
    ``survivor``'s exit code."""
    out: dict[str, dict[str, int | None]] = {}
    for module, name in [
        ("gleek/stages/deal.py", "gleek.stages.deal.x_f"),
        ("gleek/state.py", "gleek.state.x_g"),
        ("gleek/_core.py", "gleek._core.x_h"),
    ]:
        out[module] = {f"{name}__mutmut_{k}": 1 for k in range(first + 1, first + 10)}
        out[module][f"{name}__mutmut_{first}"] = (
            survivor if module == "gleek/_core.py" else unchecked
        )
    return out


def test_every_mutant_killed_meets_the_floors(tmp_path: Path) -> None:
    code, out = _score(tmp_path, _results(survivor=1, unchecked=1), "")
    assert code == 0, out
    assert "gleek/_core.py                   10    10  100.0%  (floor 88%: met)" in out
    assert (tmp_path / "mutants" / "mutation-score.txt").read_text() == out


def test_a_survivor_must_be_explained_on_the_testing_page(tmp_path: Path) -> None:
    code, out = _score(tmp_path, _results(survivor=0, unchecked=1), "")
    assert code == 1 and "gleek._core.x_h__mutmut_1  [gleek._core.h: NOT EXPLAINED]" in out
    assert "90.0%" in out
    # named above the section, a function is not listed as explained
    code, out = _score(tmp_path, _results(survivor=0, unchecked=1), "``gleek._core.h``")
    assert code == 1 and "NOT EXPLAINED" in out
    code, out = _score(tmp_path, _results(survivor=0, unchecked=1), _page("gleek._core.h"))
    assert code == 0 and "[gleek._core.h: explained in docs/testing.rst]" in out


def test_survivors_are_explained_by_function_whatever_mutmut_numbers_them(
    tmp_path: Path,
) -> None:
    for first in (1, 7, 108):
        code, out = _score(tmp_path, _results(survivor=0, first=first), _page("gleek._core.h"))
        assert code == 0 and f"gleek._core.x_h__mutmut_{first}  [gleek._core.h: explained" in out
    methods = {"gleek/_core.py": {"gleek._core.xǁRulesǁ__init____mutmut_3": 0}}
    code, out = _score(tmp_path, methods, _page("gleek._core.Rules.__init__"))
    assert "[gleek._core.Rules.__init__: explained in docs/testing.rst]" in out


def test_a_function_listed_with_no_survivor_left_fails(tmp_path: Path) -> None:
    page = _page("gleek._core.h", "gleek._core.zz")
    code, out = _score(tmp_path, _results(survivor=1, unchecked=1), page)
    assert code == 1
    assert "gleek._core.h  [all killed]" in out
    assert "gleek._core.zz  [no mutant of it]" in out


def test_an_incomplete_run_or_a_missed_floor_fails(tmp_path: Path) -> None:
    code, out = _score(tmp_path, _results(survivor=1, unchecked=None), "")
    assert code == 1 and "INCOMPLETE, 1 not checked" in out
    many = _results(survivor=1, unchecked=1)
    many["gleek/state.py"] = {f"gleek.state.x_g__mutmut_{k}": 0 if k < 3 else 1 for k in range(10)}
    code, out = _score(tmp_path, many, _page("gleek.state.g"))
    assert code == 1 and "70.0%  (floor 88%: MISSED)" in out


def test_no_results_is_a_usage_error(tmp_path: Path) -> None:
    run = subprocess.run(
        [sys.executable, str(SCRIPT)], cwd=tmp_path, capture_output=True, text=True, check=False
    )
    assert run.returncode == 2 and "run `make mutation` first" in run.stderr


def test_a_listed_function_not_yet_checked_or_of_a_module_not_run(tmp_path: Path) -> None:
    """A listed function whose mutants the run has not all reached is reported as such (and
    the run is incomplete); a listed function of a module with no results is not judged."""
    page = _page("gleek.state.g", "gleek.sim.z")
    code, out = _score(tmp_path, _results(survivor=1, unchecked=None), page)
    assert code == 1 and "gleek.state.g  [not all checked yet]" in out
    assert "gleek.sim.z" not in out
