"""The comparison: matrix against the profiles' own data, record divergences, simulation."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import gleek
from gleek.compare import compare_record, compare_record_text, rule_matrix, simulate
from gleek.profile import list_profiles
from gleek.record import dumps
from gleek.rulesdoc import in_words
from gleek.session import DealRecord, Session
from gleek.state import apply, legal_actions
from tests.helpers import deal, play_first_legal, run

ROOT = Path(__file__).resolve().parent.parent
ALL = [gleek.load_profile(p) for p in list_profiles()]
BY_ID = {p.id: p for p in ALL}


def test_matrix_rows_are_exactly_the_rules_that_differ_read_from_the_profiles() -> None:
    m = rule_matrix(ALL)
    expected = [
        r.path
        for r in ALL[0].rules
        if len({json.dumps(p.rule(r.path).value, sort_keys=True) for p in ALL}) > 1
        or len({in_words(p, r.path) for p in ALL}) > 1
    ]
    assert [row.path for row in m.rows] == expected
    assert "stock.opening_bid" in expected and "tricks.honours_to" in expected
    assert "scoring.par" not in expected
    for row in m.rows:
        for prof, cell in zip(ALL, row.cells, strict=True):
            assert cell == prof.rule(row.path)  # the very value and source of the profile


def test_matrix_all_rows_and_variants_as_columns() -> None:
    m = rule_matrix(ALL, all_rules=True)
    assert len(m.rows) == len(ALL[0].rules)
    with_high = [gleek.load_profile(p, ["play-high"]) for p in ("parlett", "pi")]
    m2 = rule_matrix(with_high)
    assert m2.profiles == ("parlett+play-high", "publications-international+play-high")
    assert "tricks.play_high" not in [r.path for r in m2.rows]


def test_matrix_renders_marks_inferred_and_cites() -> None:
    m = rule_matrix(ALL)
    text = m.text()
    assert "inferred [" in text and "+====" in text and "Full rules (after Parlett)" in text
    md = m.markdown()
    assert md.splitlines()[1].startswith("|:--") or md.splitlines()[1].startswith("|--")
    assert "** inferred [" in md
    data = m.to_json()
    cell = next(r for r in data["rules"] if r["path"] == "ruff.four_aces")["cells"]
    assert cell["publications-international"]["inferred"] is True
    assert cell["parlett"]["value"] is True
    assert cell["parlett"]["source"]["ref"] == "parlett"
    assert cell["parlett"]["source"]["citation"].startswith("Full rules (after Parlett), Stage 2")
    # no citation names an input file
    assert not re.search(r"_[0-9a-f]{16}\.txt|rulings\.md", json.dumps(data) + text + md)


def test_every_value_says_how_sure_it_is_in_text_markdown_and_json() -> None:
    from gleek.rulesdoc import markdown_text

    m = rule_matrix(ALL, all_rules=True)
    text, md, data = m.text(), m.markdown(), m.to_json()
    notes = m.notes()
    for row, jrow in zip(m.rows, data["rules"], strict=True):
        for prof, cell in zip(m.profiles, row.cells, strict=True):
            jcell = jrow["cells"][prof]
            # a field, not prose: stated, inferred or doubtful, as the profile's source says;
            # an empty value the source gives (the rule does not arise) is not applicable
            assert jcell["certainty"] == cell.certainty == jcell["source"]["certainty"]
            want = "inferred" if cell.source.inferred else "doubtful" if cell.source.doubt else ""
            if not want and cell.value is None:
                want = "not applicable"
            assert cell.certainty == (want or "stated")
            # every inference and every doubt is a numbered note of the text and the markdown
            for note in jcell["notes"]:
                n = notes.index(note) + 1
                assert f"\n[{n}] {note}" in text and f"\n- [{n}] {markdown_text(note)}" in md
            assert list(cell.source.notes()) == jcell["notes"]
            if cell.source.doubt:
                assert any(cell.source.doubt in n for n in jcell["notes"])
    certainties = {c.certainty for row in m.rows for c in row.cells}
    assert certainties == {"stated", "inferred", "doubtful", "not applicable"}
    # the empty values the sources give, where the rule does not arise (a ruff paid by the stake
    # has no payment for "nothing to say", nor a late raise), are not applicable, not stated
    for path in ("ruff.nothing_to_say", "ruff.late_raise"):
        for pid in ("parlett", "publications-international", "pedagogical"):
            rule = BY_ID[pid].rule(path)
            assert rule.value is None and rule.certainty == "not applicable", (pid, path)
        assert BY_ID["cotton"].rule(path).certainty != "not applicable"
    # an empty value the project infers stays inferred
    assert BY_ID["publications-international"].rule("ruff.carried_stake").certainty == "inferred"


def test_rules_that_agree_everywhere_are_counted_and_listed_with_all(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from gleek.cli import main

    m = rule_matrix(ALL)
    every = rule_matrix(ALL, all_rules=True)
    assert len(m.rows) + len(m.agreeing) == len(every.rows) == len(ALL[0].rules)
    assert set(m.agreeing) == {r.path for r in every.rows if not r.differs}
    assert "scoring.par" in m.agreeing and "stock.opening_bid" not in m.agreeing
    # rules that agree in value but not in how sure the value is are counted and named
    assert set(m.status_differs) == {
        path for path in m.agreeing if len({p.rule(path).certainty for p in ALL}) > 1
    }
    assert {"ruff.card_values", "sets.gleek", "deal.packet_size"} <= set(m.status_differs)
    assert "scoring.par" not in m.status_differs
    k = len(m.status_differs)
    line = (
        f"{len(m.agreeing)} rules agree in value in every profile (--all lists them); {k} of "
        f"them differ in how sure the value is (agree in value; status differs): "
        + ", ".join(m.status_differs)
    )
    assert line in " ".join(m.text().split())
    assert main(["compare"]) == 0
    out = capsys.readouterr().out
    assert line in " ".join(out.split())
    assert "(scoring.par)" not in out
    assert main(["compare", "--all"]) == 0
    out = capsys.readouterr().out
    assert "(scoring.par)" in out and "agree in every profile" not in out
    assert main(["compare", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["agreeing"] == list(m.agreeing)
    assert data["status_differs"] == list(m.status_differs)


def test_a_profile_compared_with_itself_has_no_rows_and_no_notes() -> None:
    m = rule_matrix([BY_ID["parlett"], BY_ID["parlett"]])
    assert m.rows == () and m.notes() == ()
    assert len(m.agreeing) == len(BY_ID["parlett"].rules)
    assert "Notes" not in m.text() and "Notes" not in m.markdown()
    assert f"{len(m.agreeing)} rules agree in every profile" in m.text()


def test_the_same_number_with_another_meaning_is_said_in_words() -> None:
    """Cotton's carried stake of 4 is his usual stake (nothing carries); Parlett's is a raised
    stake for one deal: the two 4s are a difference, and each says what it means."""
    pair = [BY_ID["parlett"], BY_ID["cotton"]]
    m = rule_matrix(pair)
    row = next(r for r in m.rows if r.path == "ruff.carried_stake")
    assert [c.value for c in row.cells] == [4, 4]
    parlett, cotton = row.words
    assert parlett is not None and "next deal only" in parlett
    assert cotton is not None and "nothing carries" in cotton
    assert "4 (for the next deal only" in m.text().replace("\n", " ").replace("|", " ")
    cells = next(r for r in m.to_json()["rules"] if r["path"] == "ruff.carried_stake")["cells"]
    assert cells["cotton"]["in_words"] == cotton
    # the ante of a pool and the stake of a vie are not the same 2
    stake = next(r for r in rule_matrix(ALL).rows if r.path == "ruff.stake")
    assert "ante" in str(stake.words[3]) and "vie" in str(stake.words[1])


def _ped_compatible_record(discards: list[str]) -> Session:
    """A parlett deal that is also legal under pedagogical: eldest buys at 12, nobody vies."""
    p = gleek.load_profile("parlett")
    s = deal(p, {0: "AH JH 4S 5S 6S 7S 8S 9S 10S 4D 5D 6D"}, "7H", stock="7D 8D 9D 10D 4C 5C 6C")
    s = run(
        s, ["bid 12", "pass", "pass", *(f"discard {c}" for c in discards), "wait", "wait", "wait"]
    )
    s = play_first_legal(s)
    session = Session.start(p, deals=1, dealer=2)
    return session.record(DealRecord(s))


def test_replay_under_several_profiles_same_result_when_no_rule_bites(tmp_path: Path) -> None:
    f = tmp_path / "same.yaml"
    f.write_text(dumps(_ped_compatible_record("4S 5S 6S 7S 8S 9S 10S".split())))
    result = compare_record(f, [gleek.load_profile("parlett"), gleek.load_profile("pedagogical")])
    (_, a), (_, b) = result.reports
    assert a.valid and b.valid and a.deals == b.deals
    assert all(divs == () for _, divs in result.causes)


def test_replay_divergence_is_traced_to_the_forbidden_discard_rule(tmp_path: Path) -> None:
    f = tmp_path / "honour.yaml"
    f.write_text(dumps(_ped_compatible_record("AH 5S 6S 7S 8S 9S 10S".split())))
    parlett, pedagogical = gleek.load_profile("parlett"), gleek.load_profile("pedagogical")
    result = compare_record(f, [parlett, pedagogical])
    reports = dict(result.reports)
    assert reports["parlett"].valid
    assert reports["pedagogical"].errors[0].code == "forbidden-discard"
    causes = dict(result.causes)["pedagogical"]
    biting = [d for d in causes if "breaks this rule" in d.effect]
    assert [d.path for d in biting] == ["stock.forbidden_discards"]
    assert "forbidden-discard" in biting[0].effect
    assert "A, K, Q, J" in biting[0].other_value
    assert "pedagogical" in result.text() and "Forbidden discards" in result.text()
    # a record held as text (the web page's) is compared the same, named as it is given
    text = compare_record_text(f.read_text(), str(f), [parlett, pedagogical])
    assert text == result
    assert compare_record_text(f.read_text(), "held", [parlett]).file == "held"


def test_replay_divergence_in_scoring_is_traced_to_who_scores_honours() -> None:
    f = ROOT / "examples" / "parlett-play-high.yaml"
    pi_high = gleek.load_profile("pi", ["play-high"])
    result = compare_record(f, [gleek.load_profile("parlett", ["play-high"]), pi_high])
    causes = {d.path: d for d in dict(result.causes)[pi_high.name]}
    assert "East 18->15" in causes["tricks.honours_to"].effect
    assert "bad-bid" in causes["stock.opening_bid"].effect
    assert "out-of-turn" in causes["tricks.first_lead"].effect
    assert "tricks.trick_points" not in causes  # the same in both
    data = result.to_json()
    assert data["base"] == "parlett+play-high"
    assert set(data["profiles"]) == {"parlett+play-high", pi_high.name}


def test_simulation_is_identical_whatever_the_number_of_workers() -> None:
    one = simulate(ALL, 30, seed=7, bots="random", workers=1)
    two = simulate(ALL, 30, seed=7, bots="random", workers=2)
    assert one == two
    assert simulate(ALL, 30, seed=8, bots="random", workers=1) != one


def test_simulation_reports_every_metric_with_an_interval() -> None:
    ticks: list[int] = []
    sim = simulate(
        [BY_ID["parlett"], BY_ID["publications-international"]],
        12,
        seed=1,
        bots="basic",
        workers=1,
        progress=ticks.append,
    )
    assert sum(ticks) == 12
    data = sim.to_json()
    for name in ("parlett", "publications-international"):
        metrics = data["profiles"][name]
        assert set(metrics) == {
            "dealer",
            "eldest",
            "middle",
            "buyer",
            "non_buyer",
            "ruff_contested",
            "price",
            "pot_left",
            "pot_share",
        }
        for m in metrics.values():
            assert m["ci95"][0] <= m["mean"] <= m["ci95"][1] and m["n"] == 12
    # dealer + eldest + middle = buyer + 2 * non-buyer = -(pot left), on average as per deal
    pm = data["profiles"]["parlett"]
    total = pm["dealer"]["mean"] + pm["eldest"]["mean"] + pm["middle"]["mean"]
    assert total == pytest.approx(pm["buyer"]["mean"] + 2 * pm["non_buyer"]["mean"])
    assert total == pytest.approx(-pm["pot_left"]["mean"])
    assert data["profiles"]["publications-international"]["price"]["mean"] >= 10
    assert "95% confidence interval" in sim.text()


def test_simulation_rejects_bad_arguments() -> None:
    with pytest.raises(ValueError):
        simulate(ALL, 0)
    with pytest.raises(ValueError):
        simulate(ALL, 3, bots="clever")


def test_first_legal_actions_are_deterministic() -> None:
    s = gleek.new_deal(BY_ID["parlett"], 0, seed=3)
    assert legal_actions(apply(s, legal_actions(s)[0]))[0] == gleek.Action.parse("pass")


def _scripted_session(profile: gleek.Profile, ruffs: list[list[str]]) -> Session:
    """Deals in which eldest buys at 12 and keeps the trump honours, with the ruff as given."""
    session = Session.start(profile, deals=len(ruffs))
    for i, ruff in enumerate(ruffs):
        s = session.new_deal(seed=100 + i)
        s = run(s, ["bid 12", "pass", "pass"])
        honours = {gleek.Rank.ACE, gleek.Rank.KING, gleek.Rank.QUEEN, gleek.Rank.JACK}
        while s.phase is gleek.Phase.DISCARD:
            legal = legal_actions(s)
            keep = [
                a
                for a in legal
                if a.card and not (a.card.suit is s.trumps and a.card.rank in honours)
            ]
            s = apply(s, (keep or legal)[0])
        s = play_first_legal(run(s, ruff))
        session = session.record(DealRecord(s))
    return session


def test_a_carried_stake_divergence_is_traced_to_the_no_vie_rule(tmp_path: Path) -> None:
    # parlett: no vie, no vie -> the third deal's stake is 4; pedagogical doubles it to 8
    session = _scripted_session(
        gleek.load_profile("parlett"), [["wait"] * 3, ["wait"] * 3, ["vie", "pass", "pass"]]
    )
    f = tmp_path / "carry.yaml"
    f.write_text(dumps(session))
    result = compare_record(f, [gleek.load_profile("parlett"), gleek.load_profile("pedagogical")])
    reports = dict(result.reports)
    assert reports["parlett"].valid and reports["pedagogical"].valid
    stakes = [d.ruff[1] if d.ruff else None for d in reports["pedagogical"].deals]
    assert stakes == [None, None, 8]
    assert [d.ruff[1] if d.ruff else None for d in reports["parlett"].deals] == [None, None, 4]
    (cause,) = dict(result.causes)["pedagogical"]
    assert cause.path == "ruff.no_vie" and "deal 3 chips" in cause.effect


def test_simulation_says_which_rows_describe_the_bots(capsys: pytest.CaptureFixture[str]) -> None:
    from gleek.cli import main
    from gleek.compare import METRICS, metric_kind

    assert {metric_kind(k) for k, _ in METRICS} == {"behaviour", "rules"}
    assert metric_kind("price") == "behaviour" and metric_kind("pot_left") == "rules"
    sim = simulate([BY_ID["parlett"]], 6, seed=2, workers=1)
    data = sim.to_json()
    assert data["bots"] == "rules" and data["bot_seats"] == ["rules"] * 3
    assert data["kinds"]["ruff_contested"] == "behaviour"
    text = sim.text()
    assert "'rules' bot" in text and "behaviour" in text and "--bot NAME" in text
    args = ["compare", "parlett", "--simulate", "6", "--workers", "1", "--no-progress"]
    assert main([*args, "--bot", "basic"]) == 0
    assert "'basic' bot" in capsys.readouterr().out
    assert main([*args, "--bots", "random", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["bots"] == "random"
    assert main([*args, "--bot", "clever"]) == 2
    assert "unknown bot 'clever'; choose one of random, basic, rules" in capsys.readouterr().err


def test_the_rule_aware_bots_play_the_profiles_differently() -> None:
    """The behaviour rows move with the rules under the rule-aware bot (they did not under
    the basic bot): the price of the stock and the share of vied ruffs."""
    sim = simulate([BY_ID["parlett"], BY_ID["publications-international"]], 60, seed=3, workers=1)
    data = sim.to_json()["profiles"]
    parlett, pi = data["parlett"], data["publications-international"]
    assert pi["price"]["mean"] - parlett["price"]["mean"] > 2
    assert abs(pi["ruff_contested"]["mean"] - parlett["ruff_contested"]["mean"]) > 0.1
