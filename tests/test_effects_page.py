"""The recorded run of the docs page "What the disputed rules do" is not stale: its files are
what ``tools/effects_page.py`` writes from the recorded JSON, the rule changes are still those
the profiles give, the run's first deals still play as recorded, and (slow) the whole run comes
out the same again."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

import gleek
from gleek.effects import effects, rule_changes

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "tools" / "effects_page.py"
STALE = "stale: run tools/effects_page.py (or --render for the files alone)"


def _tool() -> Any:
    spec = importlib.util.spec_from_file_location("effects_page", TOOL)
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return tool


@pytest.fixture(scope="module")
def tool() -> Any:
    return _tool()


@pytest.fixture(scope="module")
def run(tool: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(tool.RUN.read_text(encoding="utf-8"))
    return data


def test_the_run_is_the_one_the_page_says(tool: Any, run: dict[str, Any]) -> None:
    assert (run["base"], run["deals"], run["seed"], run["bots"]) == (
        tool.BASE,
        tool.DEALS,
        tool.SEED,
        tool.BOTS,
    )
    page = (ROOT / "docs" / "effects.rst").read_text(encoding="utf-8")
    for part in ("effects/summary.txt", "images/effects.svg", "effects/table.txt"):
        assert part in page
    for change in run["changes"]:
        for e in change["effects"].values():
            assert e["ci95"][0] <= e["effect"] <= e["ci95"][1]


def test_the_page_files_are_what_the_tool_writes_from_the_run(
    tool: Any, run: dict[str, Any], tmp_path: Path
) -> None:
    files = {"table": tool.TABLE, "words": tool.SUMMARY, "plot": tool.PLOT}
    fresh = {name: tmp_path / path.name for name, path in files.items()}
    tool.render(run, **fresh)
    for name, path in files.items():
        assert fresh[name].read_bytes() == path.read_bytes(), f"{path.name}: {STALE}"


def test_the_changes_are_still_those_the_sources_give(run: dict[str, Any]) -> None:
    changes, skipped = rule_changes(gleek.load_profile(run["base"]))
    assert [
        (c.path, c.new.value, c.base.source.cite(), c.new.source.cite(), list(c.holders))
        for c in changes
    ] == [
        (c["rule"], c["value"], c["base_cite"], c["cite"], c["holders"]) for c in run["changes"]
    ], STALE
    assert [s.to_json() for s in skipped] == run["skipped"], STALE


def test_the_first_deals_still_play_as_recorded(tool: Any, run: dict[str, Any]) -> None:
    again = effects(
        gleek.load_profile(run["base"]), deals=tool.FIRST, seed=run["seed"], bots=run["bots"],
        workers=1,
    )  # fmt: skip
    labels = ["base", *(c.change.label for c in again.changes)]
    first = {label: [list(r) for r in rows] for label, rows in zip(labels, again.rows, strict=True)}
    assert first == run["first_deals"], STALE


@pytest.mark.slow
def test_the_whole_run_comes_out_the_same(tool: Any, run: dict[str, Any]) -> None:
    again = effects(
        gleek.load_profile(run["base"]), deals=run["deals"], seed=run["seed"], bots=run["bots"],
        workers=2,
    )  # fmt: skip
    data = again.to_json()
    recorded = {k: v for k, v in run.items() if k not in ("first_deals", "build")}
    assert {k: v for k, v in data.items() if k != "build"} == recorded, STALE
