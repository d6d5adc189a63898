"""gleek effects: one rule changed alone, the same seeded deals under both rule sets, paired
differences with intervals; text, markdown, JSON, per-deal CSV and the forest plot; the same
results on any number of workers and on dask; two bot sets compared."""

from __future__ import annotations

import csv
import io
import json
import math
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import gleek
from gleek import effects as fx
from gleek.cli import main
from gleek.compare import rule_matrix, simulate
from gleek.sim.batch import SESSION_DEALS, play_deals

PARLETT = gleek.load_profile("parlett")
PI = gleek.load_profile("pi")
TWO = ["stock.odd_chip", "ruff.stake"]


@pytest.fixture(scope="module")
def two() -> fx.EffectsResult:
    """Two rule changes of Parlett over 24 paired deals."""
    return fx.effects(PARLETT, TWO, deals=24, seed=3, workers=1)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


# ---------------------------------------------------------------------------- the changes


def test_every_disputed_rule_is_changed_to_each_value_a_source_gives_it() -> None:
    changes, skipped = fx.rule_changes(PARLETT)
    disputed = fx.disputed_rules()
    assert {c.path for c in changes} | {s.path for s in skipped} == set(disputed)
    labels = [c.label for c in changes]
    assert len(labels) == len(set(labels))
    for c in changes:
        # one rule alone differs from the base, and it carries the source's value and citation
        moved = [
            (a.path, b.value)
            for a, b in zip(PARLETT.rules, c.profile.rules, strict=True)
            if a.value != b.value
        ]
        assert moved == [(c.path, c.new.value)]
        assert c.profile.rule(c.path).source == c.new.source and c.base == PARLETT.rule(c.path)
    odd = next(c for c in changes if c.path == "stock.odd_chip")
    assert odd.new.value == "eldest" and odd.holders == ("cotton",)
    bid = [c for c in changes if c.path == "stock.opening_bid"]
    assert [(c.new.value, c.holders) for c in bid] == [
        (10, ("publications-international",)),
        (13, ("variant bid-13",)),
    ]


def test_a_change_that_cannot_stand_alone_is_skipped_with_its_reason() -> None:
    _, skipped = fx.rule_changes(PARLETT)
    by_path = {s.path: s for s in skipped}
    assert "carried_stake" in by_path["ruff.carried_stake"].reason
    assert by_path["ruff.no_vie"].value == "show" and "pool" in by_path["ruff.no_vie"].reason
    assert by_path["ruff.losers_pay"].holders == ("cotton",)


def test_selectors_name_rules_by_glob_or_by_profile() -> None:
    changes, _ = fx.rule_changes(PARLETT, ["stock.*"])
    assert changes and {c.path.split(".")[0] for c in changes} == {"stock"}
    changes, skipped = fx.rule_changes(PARLETT, ["ruff.stake"])
    assert [c.label for c in changes] == ["ruff.stake = 4"] and not skipped
    cotton = gleek.load_profile("cotton")
    changes, skipped = fx.rule_changes(PARLETT, ["cotton"])
    differing = {a.path for a, b in zip(PARLETT.rules, cotton.rules, strict=True) if a != b}
    assert {c.path for c in changes} | {s.path for s in skipped} <= differing
    assert all(c.new.value == cotton.rule(c.path).value for c in changes)
    assert fx.rule_changes(PARLETT, ["parlett"]) == ((), ())


def test_bad_selectors_are_clear_errors() -> None:
    with pytest.raises(gleek.ArgumentError, match=r"no rule matches 'stok\.\*'"):
        fx.rule_changes(PARLETT, ["stok.*"])
    with pytest.raises(gleek.ProfileError, match="unknown profile 'nobody'"):
        fx.rule_changes(PARLETT, ["nobody"])
    with pytest.raises(gleek.ArgumentTypeError, match="selectors"):
        fx.rule_changes(PARLETT, "ruff.stake")
    with pytest.raises(gleek.ArgumentTypeError, match="base"):
        fx.rule_changes("parlett", [])  # type: ignore[arg-type]
    with pytest.raises(gleek.ArgumentError, match="no rule change to play"):
        fx.effects(PARLETT, ["parlett"], deals=3)
    with pytest.raises(gleek.ArgumentError, match=r"no rule change to play: ruff\.losers_pay"):
        fx.effects(PARLETT, ["ruff.losers_pay"], deals=3)
    with pytest.raises(gleek.ArgumentError, match="unknown bots"):
        fx.effects(PARLETT, TWO, deals=3, bots="clever")
    with pytest.raises(gleek.ArgumentError, match="search:N"):
        fx.effects(PARLETT, TWO, deals=3, bots="search:0")


# ---------------------------------------------------------------------------- the figures


def test_each_effect_is_the_mean_of_the_paired_differences_and_lies_in_its_interval(
    two: fx.EffectsResult,
) -> None:
    assert [c.change.label for c in two.changes] == ["stock.odd_chip = eldest", "ruff.stake = 4"]
    base = two.rows[0]
    assert len(two.rows) == 3 and all(len(r) == 24 for r in two.rows)
    for k, c in enumerate(two.changes, 1):
        for j, e in enumerate(c.effects):
            diffs = [b[j] - a[j] for a, b in zip(base, two.rows[k], strict=True)]
            assert math.isclose(e.mean, sum(diffs) / 24, abs_tol=1e-9)
            assert e.low <= e.mean <= e.high and e.unpaired_low <= e.mean <= e.unpaired_high
            assert math.isclose(e.changed_mean - e.base_mean, e.mean, abs_tol=1e-9)
    odd = two.changes[0]
    # the odd chip of an odd price goes to eldest (unless eldest buys) instead of the pot
    assert odd.effect("pot").mean < 0 and odd.effect("pot").distinguishable
    assert odd.effect("chips.eldest").mean > 0
    assert odd.effect("price").mean == 0 and odd.effect("points.buyer").mean == 0
    stake = two.changes[1].effect("ruff.stake")
    assert stake.mean > 0 and stake.distinguishable


def test_paired_intervals_are_narrower_than_unpaired(two: fx.EffectsResult) -> None:
    ratio = two.width_ratio()
    assert ratio is not None and ratio > 1
    stake = two.changes[1].effect("chips.buyer")
    assert stake.half < stake.unpaired_half


def test_the_findings_say_which_effects_are_distinguishable(two: fx.EffectsResult) -> None:
    odd, stake = two.findings()
    assert odd.startswith("stock.odd_chip = eldest (base pot): ")
    assert "distinguishable from zero: " in odd and "chips a deal left in the pot" in odd
    assert "the ruff's stake at the end +2.00" in stake


def test_a_change_that_changes_no_deal_says_so() -> None:
    r = fx.effects(PARLETT, ["turn_up.double_when_turned"], deals=6, seed=1, workers=1)
    (c,) = r.changes
    assert c.deals_changed == 0 and all(e.mean == 0 == e.low == e.high for e in c.effects)
    assert r.findings() == [
        "turn_up.double_when_turned = yes (base no): no deal came out otherwise: no effect."
    ]
    assert r.width_ratio() is None and "times narrower" not in r.text()


def test_a_change_with_no_effect_to_show_and_one_skipped_say_so(tmp_path: Path) -> None:
    r = fx.effects(PARLETT, ["ruff.first_speaker", "ruff.losers_pay"], deals=9, seed=2, workers=1)
    (said,) = r.findings()
    assert said == (
        "ruff.first_speaker = buyer (base eldest): 1 of 9 deals came out otherwise; no effect "
        "distinguishable from zero."
    )
    for text in (r.text(), r.markdown()):
        assert "Not played (the rule cannot change alone)" in text
        assert "ruff.losers_pay = how-far (cotton): skipped: ruff.nothing_to_say" in text
    (skipped,) = r.to_json()["skipped"]
    assert skipped["path"] == "ruff.losers_pay" and skipped["holders"] == ["cotton"]
    r.plot(tmp_path / "four.svg", ["price", "vied", "swing", "pot"])  # two panels left empty
    assert ET.parse(tmp_path / "four.svg").getroot().tag.endswith("svg")


def test_a_profile_file_and_a_variant_of_ones_own_are_sources_too(tmp_path: Path) -> None:
    from gleek.profile import profiles_dir

    cotton = str(profiles_dir() / "cotton.yaml")
    by_file, _ = fx.rule_changes(PARLETT, [cotton])
    assert by_file == fx.rule_changes(PARLETT, ["cotton"])[0]
    (tmp_path / "variants").mkdir()
    (tmp_path / "variants" / "stake-6.yaml").write_text(
        "id: stake-6\ntitle: Stake 6\nsummary: A stake of 6.\nset:\n  ruff.stake:\n"
        "    value: 6\n    source: {ref: parlett, at: 'Stage 2'}\n"
        "  ruff.carried_stake:\n    value: null\n    source: {ref: parlett, at: 'Stage 2'}\n",
        encoding="utf-8",
    )  # (a carried stake of null does not fit a profile whose stake carries)
    changes, _ = fx.rule_changes(PARLETT, ["ruff.stake"], profile_dirs=[str(tmp_path)])
    assert [(c.new.value, c.holders) for c in changes] == [
        (4, ("cotton",)),
        (6, ("variant stake-6",)),
    ]


@given(st.lists(st.integers(-50, 50), min_size=1, max_size=20), st.integers(-5, 5))
def test_a_constant_shift_is_its_own_effect_with_no_width(xs: list[int], shift: int) -> None:
    e = fx.paired_difference(xs, [x + shift for x in xs])
    assert e.mean == e.low == e.high == shift and e.n == len(xs)


@given(st.lists(st.tuples(st.integers(-9, 9), st.integers(-9, 9)), min_size=2, max_size=30))
def test_a_paired_interval_holds_its_mean(pairs: list[tuple[int, int]]) -> None:
    a, b = [x for x, _ in pairs], [y for _, y in pairs]
    e = fx.paired_difference(a, b)
    assert e.low - 1e-9 <= e.mean <= e.high + 1e-9
    assert math.isclose(e.mean, (sum(b) - sum(a)) / len(a), abs_tol=1e-9)
    flipped = fx.paired_difference(b, a)
    assert math.isclose(flipped.mean, -e.mean, abs_tol=1e-9)
    assert math.isclose(flipped.high - flipped.low, e.high - e.low, abs_tol=1e-9)


def test_paired_difference_refuses_samples_of_other_lengths() -> None:
    with pytest.raises(gleek.ArgumentError, match="same deals"):
        fx.paired_difference([1, 2], [1])
    with pytest.raises(gleek.ArgumentError, match="same deals"):
        fx.paired_difference([], [])


def test_the_facts_of_a_deal_are_its_outcome() -> None:
    (outcomes,) = play_deals([PI], 3, seed=4, workers=1)
    for o in outcomes:
        f = fx.deal_facts(o)
        assert f[:6] == (o.dealer, o.buyer, o.price, int(o.ruff.vied), o.ruff.stake, o.pot)
        assert f[6:] == (*o.chips, *o.points)
        m = dict(zip(fx.KEYS, fx._metrics(f, PI.stock.opening_bid), strict=True))
        assert m["chips.buyer"] == o.chips[o.buyer] and m["price"] == o.price
        assert m["chips.eldest"] == o.chips[(o.dealer + 1) % 3]
        assert m["buys.eldest"] + m["buys.middle"] + m["buys.dealer"] == 1
        assert m["swing"] == sum(abs(c) for c in o.chips) / 3
        assert m["bid"] == (o.price > PI.stock.opening_bid)


# ---------------------------------------------------------------------------- the outputs


def test_json_holds_every_figure_with_its_interval_and_both_citations(
    two: fx.EffectsResult,
) -> None:
    data = json.loads(json.dumps(two.to_json()))
    assert (data["base"], data["deals"], data["seed"], data["bots"]) == ("parlett", 24, 3, "rules")
    assert data["session_deals"] == SESSION_DEALS and set(data["metrics"]) == set(fx.KEYS)
    odd = data["changes"][0]
    assert (odd["rule"], odd["base_value"], odd["value"]) == ("stock.odd_chip", "pot", "eldest")
    assert odd["base_cite"] == PARLETT.rule("stock.odd_chip").source.cite()
    assert odd["cite"] == gleek.load_profile("cotton").rule("stock.odd_chip").source.cite()
    for change in data["changes"]:
        assert set(change["effects"]) == set(fx.KEYS)
        for e in change["effects"].values():
            low, high = e["ci95"]
            assert low <= e["effect"] <= high
            assert e["distinguishable"] == (low > 0 or high < 0)


def test_text_and_markdown_have_a_line_per_rule_change(two: fx.EffectsResult) -> None:
    text = two.text()
    assert "24 paired deals (seed 3" in text and "'rules' bot" in text
    for group in ("Chips a deal by role", "Points by role", "The stock", "The ruff", "spread"):
        assert group in text
    lines = [line for line in text.splitlines() if line.startswith("stock.odd_chip = eldest")]
    assert len(lines) == len(fx.GROUPS)
    words = lines[0].split()
    assert words[3] == "pot" and " ".join(words[4:6]) == two.changes[0].effect("chips.buyer").cell()
    short = two.text(["price", "vied"])
    assert "The stock" in short and "Chips a deal" not in short
    md = two.markdown(["pot"])
    assert "### The spread of chips" in md and "| stock.odd_chip = eldest" in md
    with pytest.raises(gleek.ArgumentError, match="unknown figure 'nope'"):
        two.text(["nope"])
    with pytest.raises(gleek.ArgumentError, match="at least one"):
        two.text([])
    with pytest.raises(gleek.ArgumentError, match="unknown figure"):
        two.changes[0].effect("nope")


def test_a_result_reads_back_from_its_json(two: fx.EffectsResult) -> None:
    again = fx.EffectsResult.from_json(json.loads(json.dumps(two.to_json())))
    assert again == two and again.text() == two.text() and again.markdown() == two.markdown()
    with pytest.raises(gleek.ArgumentError, match="per-deal rows are not kept"):
        again.csv()
    with pytest.raises(gleek.ArgumentError, match="not the JSON of gleek effects"):
        fx.EffectsResult.from_json({"base": "parlett"})
    changed = two.to_json()
    changed["changes"][1]["value"] = 5  # a stake no source gives
    with pytest.raises(gleek.ArgumentError, match=r"ruff\.stake = 4 is no longer one"):
        fx.EffectsResult.from_json(changed)


def test_the_csv_has_a_row_per_deal_per_rule_set_and_parses(two: fx.EffectsResult) -> None:
    text = two.csv()
    rows = list(csv.DictReader(io.StringIO(text)))
    assert len(rows) == 24 * 3
    assert {r["rule_set"] for r in rows} == {"base", "stock.odd_chip = eldest", "ruff.stake = 4"}
    first = next(r for r in rows if r["rule_set"] == "ruff.stake = 4" and r["deal"] == "5")
    assert float(first["ruff.stake"]) == two.rows[2][5][fx.KEYS.index("ruff.stake")]
    assert (first["rule"], first["base_value"], first["value"]) == ("ruff.stake", "2", "4")
    import pandas as pd

    frame = pd.read_csv(io.StringIO(text))
    assert frame.shape == (72, 7 + len(fx.KEYS))
    by_set = frame.groupby("rule_set")["pot"].mean()
    odd = two.changes[0].effect("pot")
    assert math.isclose(by_set["stock.odd_chip = eldest"] - by_set["base"], odd.mean)


def test_the_forest_plot_is_a_valid_svg_or_png(two: fx.EffectsResult, tmp_path: Path) -> None:
    svg = tmp_path / "effects.svg"
    two.plot(svg)
    root = ET.parse(svg).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    text = svg.read_text()
    assert "stock.odd_chip = eldest" in text and "ruff.stake = 4" in text
    again = tmp_path / "again.svg"
    two.plot(again)
    assert again.read_bytes() == svg.read_bytes()  # no date, no random ids
    png = tmp_path / "effects.png"
    two.plot(png, ["pot"])
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with pytest.raises(fx.PlotError, match=r"\.svg or \.png"):
        two.plot(tmp_path / "effects.pdf")
    with pytest.raises(fx.PlotError, match="cannot write"):
        two.plot(tmp_path / "no" / "such" / "folder.svg")


def test_without_matplotlib_the_plot_names_the_extra(
    two: fx.EffectsResult,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib fails
    with pytest.raises(fx.PlotError, match=r"pip install 'gleek\[plot\]'"):
        two.plot(tmp_path / "x.svg")
    code, out, err = run(
        capsys, "effects", "parlett", "ruff.stake", "--plot", str(tmp_path / "x.svg")
    )
    assert code == 2 and out == "" and "pip install 'gleek[plot]'" in err
    assert not (tmp_path / "x.svg").exists()


# ---------------------------------------------------------------------------- the same results


def test_the_same_results_on_one_worker_and_on_two(two: fx.EffectsResult) -> None:
    ticks: list[int] = []
    there = fx.effects(PARLETT, TWO, deals=24, seed=3, workers=2, progress=ticks.append)
    assert there.to_json() == two.to_json() and there.csv() == two.csv()
    assert sum(ticks) == 24  # each deal counted once it is played under every rule set


@pytest.mark.slow
def test_the_same_results_on_a_local_dask_cluster(two: fx.EffectsResult) -> None:
    there = fx.effects(PARLETT, TWO, deals=24, seed=3, workers=2, scheduler="dask")
    assert there.to_json() == two.to_json() and there.csv() == two.csv()


# ---------------------------------------------------------------------------- two bot sets


def test_two_bot_sets_are_compared_effect_by_effect(two: fx.EffectsResult) -> None:
    other = fx.effects(PARLETT, TWO, deals=24, seed=3, workers=1, bots="random")
    check = fx.check_bots_effects(two, other)
    assert check.disagreements  # random bots vie and bid otherwise: the stake's effect differs
    for d in check.disagreements:
        e1, e2 = d.first, d.second
        if d.kind == "sign":
            assert e1.mean * e2.mean < 0 and (e1.distinguishable or e2.distinguishable)
        else:
            assert d.gap_low > 0 or d.gap_high < 0
        assert math.isclose(d.gap, e1.mean - e2.mean, abs_tol=1e-9)
    text = check.text()
    assert "Where the bots 'rules' and 'random' disagree" in text
    data = check.to_json()
    assert data["bots"] == ["rules", "random"] and len(data["disagreements"]) == len(
        check.disagreements
    )
    rows = list(csv.DictReader(io.StringIO(check.csv())))
    assert len(rows) == 2 * 72 and {r["bots"] for r in rows} == {"rules", "random"}
    assert "### Bots disagree" in check.markdown()
    same = fx.check_bots_effects(two, two)
    assert not same.disagreements and "agree: no effect differs" in same.text()
    assert "- nowhere" in same.markdown()
    with pytest.raises(gleek.ArgumentError, match="same changes on the same deals"):
        fx.check_bots_effects(two, fx.effects(PARLETT, TWO, deals=6, seed=3, workers=1))


def test_the_search_bot_plays_the_effects_too(tmp_path: Path) -> None:
    r = fx.effects(PARLETT, ["ruff.stake"], deals=3, seed=1, workers=1, bots="search:2")
    assert r.bots == "search:2" and r.changes[0].effect("ruff.stake").mean > 0
    svg = tmp_path / "two.svg"
    fx.check_bots_effects(fx.effects(PARLETT, ["ruff.stake"], deals=3, seed=1, workers=1), r).plot(
        svg
    )
    assert "search:2 bots" in svg.read_text()


# ---------------------------------------------------------------------------- the command


def test_the_command_prints_the_table_and_writes_the_csv_and_plot(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    table, plot = tmp_path / "deals.csv", tmp_path / "effects.svg"
    code, out, err = run(
        capsys,
        "effects",
        "parlett",
        *TWO,
        "--deals",
        "24",
        "--seed",
        "3",
        "--workers",
        "1",
        "--csv",
        str(table),
        "--plot",
        str(plot),
        "--no-progress",
    )
    assert code == 0, err
    assert "stock.odd_chip = eldest" in out and "In words:" in out
    assert f"Wrote {table}" in err and f"Wrote {plot}" in err
    assert len(list(csv.DictReader(table.open()))) == 72
    assert ET.parse(plot).getroot().tag.endswith("svg")


def test_the_command_as_json_and_markdown(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "effects", "parlett", "ruff.stake", "--deals", "6", "--format", "json",
        "--workers", "1", "--no-progress",
    )  # fmt: skip
    assert code == 0 and json.loads(out)["changes"][0]["rule"] == "ruff.stake"
    code, out, err = run(
        capsys, "effects", "parlett", "ruff.stake", "--deals", "6", "--format", "markdown",
        "--metric", "ruff.stake", "--workers", "1",
    )  # fmt: skip
    assert code == 0 and "### The ruff" in out and "### The stock" not in out
    assert "2 rule sets:" in err and "/6 [" in err  # the progress bar, of the 6 deals


def test_the_command_checks_two_bot_sets(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "effects", "parlett", "ruff.stake", "--deals", "6", "--check-bots", "random",
        "--workers", "1", "--no-progress", "--format", "json",
    )  # fmt: skip
    assert code == 0 and json.loads(out)["bots"] == ["rules", "random"]
    code, out, _ = run(
        capsys, "effects", "parlett", "ruff.stake", "--deals", "6", "--check-bots", "random",
        "--workers", "1", "--no-progress", "--format", "markdown",
    )  # fmt: skip
    assert code == 0 and "### Bots disagree" in out
    code, out, _ = run(
        capsys, "effects", "parlett", "ruff.stake", "--deals", "6", "--check-bots", "random",
        "--workers", "1", "--no-progress",
    )  # fmt: skip
    assert code == 0 and "the bots 'rules' and 'random'" in out.lower()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--metric", "nope"], "--metric 'nope': unknown"),
        (["--plot", "x.pdf"], "the file must end in .svg or .png"),
        (["--check-bots", "rules"], "that is --bots too"),
        (["--bots", "clever"], "unknown bots 'clever'"),
        (["--csv", "x.svg", "--plot", "x.svg"], "give each output its own file"),
        (["--scheduler", "tcp://127.0.0.1:1"], "--scheduler: cannot reach"),
    ],
)
def test_the_command_refuses_bad_arguments(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = run(capsys, "effects", "parlett", "ruff.stake", "--deals", "3", *args)
    assert code == 2 and out == "" and message in err and "Traceback" not in err


def test_a_plot_that_cannot_be_written_is_said_after_the_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    where = tmp_path / "no" / "such" / "folder" / "x.svg"
    code, out, err = run(capsys, "effects", "parlett", "ruff.stake", "--deals", "3",
                         "--workers", "1", "--no-progress", "--plot", str(where))  # fmt: skip
    assert code == 2 and "ruff.stake = 4" in out  # the table is printed all the same
    assert f"--plot {where}: cannot write" in err and not where.exists()


def test_the_command_says_when_there_is_nothing_to_play(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(capsys, "effects", "parlett", "parlett", "--deals", "3")
    assert code == 2 and "no rule change to play" in err
    code, _, err = run(capsys, "effects", "parlett", "stok.*", "--deals", "3")
    assert code == 2 and "no rule matches 'stok.*'" in err


# ---------------------------------------------------------------------------- compare


def test_compare_rules_filters_the_matrix(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "compare", "parlett", "pi", "--rules", "stock.*", "--rules", "ruff.stake",
        "--format", "json",
    )  # fmt: skip
    paths = [r["path"] for r in json.loads(out)["rules"]]
    assert code == 0 and paths == ["stock.opening_bid", "stock.increment", "ruff.stake"]
    code, _, err = run(capsys, "compare", "--rules", "nothing.*")
    assert code == 2 and "'nothing.*' matches no rule" in err
    code, _, err = run(capsys, "compare", "--rules", "stock.*", "--simulate", "3")
    assert code == 2 and "--rules applies only to the comparison of the rules" in err
    everything = rule_matrix([PARLETT, PI], all_rules=True, rules=["stock.*"])
    assert all(r.path.startswith("stock.") for r in everything.rows) and len(everything.rows) == 5


def test_compare_simulate_gives_the_paired_difference(capsys: pytest.CaptureFixture[str]) -> None:
    sim = simulate([PARLETT, PI], 12, seed=2, workers=1)
    ((name, diffs),) = sim.differences
    assert name == "publications-international"
    base, other = dict(sim.metrics[0][1]), dict(sim.metrics[1][1])
    for key, e in diffs:
        assert math.isclose(e.mean, other[key].mean - base[key].mean, abs_tol=1e-9)
        assert e.low <= e.mean <= e.high
    data = sim.to_json()
    assert set(data["paired_differences"]) == {"publications-international - parlett"}
    assert "publications-international - parlett" in sim.text() and "(paired)" in sim.text()
    alone = simulate([PARLETT], 3, seed=2, workers=1)
    assert alone.differences == () and "paired" not in alone.text()
