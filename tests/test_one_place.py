"""Each rule fact is defined once, in a stage of gleek/stages/, and used from there: no module
outside the stages restates the small trumps' table or reads the strength table's encoding, and
the facts the stages expose agree with the rules they stand for."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import gleek
from gleek.cards import CARDS, Rank
from gleek.stages.common import SMALL_TRUMPS, Payment, cited_rules, small_trump, small_trump_rank
from gleek.stages.rules import rules_of
from gleek.stages.stock import held_laying_out, price_payments, price_shares
from gleek.stages.tricks import card_power, power, strength, trick_winner

PACKAGE = Path(gleek.__file__).resolve().parent
#: the small trumps' table written as a mapping, and the strength table's encoding read back
RESTATED = re.compile(r'"(tiddy|towser|tumbler)"\s*:|%\s*100\s*%\s*11')


def test_no_rule_fact_is_restated_outside_the_stages() -> None:
    if not (PACKAGE / "stages").is_dir():  # pragma: no cover - an installed, compiled package
        pytest.skip("reads the package's sources")
    found = [
        f"{path.relative_to(PACKAGE)}:{n}: {line.strip()}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if "stages" not in path.relative_to(PACKAGE).parts
        for n, line in enumerate(path.read_text("utf-8").splitlines(), 1)
        if RESTATED.search(line)
    ]
    assert found == []


def test_the_grep_finds_a_restatement() -> None:
    """The pattern can fail: it finds both forms it looks for."""
    assert RESTATED.search('{"towser": Rank.FIVE}')
    assert RESTATED.search("key[c] % 100 % 11")


def test_the_small_trumps_by_name_and_rank() -> None:
    assert [(n, r) for n, r in SMALL_TRUMPS] == [
        ("tiddy", Rank.FOUR),
        ("towser", Rank.FIVE),
        ("tumbler", Rank.SIX),
    ]
    for name, rank in SMALL_TRUMPS:
        assert small_trump(rank) == name and small_trump_rank(name) is rank
    assert small_trump(Rank.ACE) is None and small_trump_rank("gleek-A") is None


@given(st.integers(0, 3), st.lists(st.integers(0, 43), min_size=3, max_size=3, unique=True))
def test_card_power_orders_a_trick_as_its_winner_is_found(trumps: int, trick: list[int]) -> None:
    """The bots' measure of a card (:func:`card_power`) picks the trick's winner the stage
    picks, and orders the cards that can win as :func:`power` does."""
    key = strength(trumps)
    led = trick[0] // 11
    winner = trick_winner(key, trick[0], trick[1], trick[2], 0)
    best = max(range(3), key=lambda k: card_power(trumps, led, trick[k]))
    assert best == winner
    for a in trick:
        for b in trick:
            if power(key, a, led) >= 0 and power(key, b, led) >= 0:
                assert (power(key, a, led) < power(key, b, led)) == (
                    card_power(trumps, led, a) < card_power(trumps, led, b)
                )


@pytest.mark.parametrize("profile", ["parlett", "cotton", "pi"])
@given(buyer=st.integers(0, 2), dealer=st.integers(0, 2), price=st.integers(12, 60))
def test_price_shares_are_the_price_payments(
    profile: str, buyer: int, dealer: int, price: int
) -> None:
    rules = rules_of(gleek.load_profile(profile))
    shares = price_shares(rules, buyer, price, dealer)
    assert sum(shares) == price and shares[buyer] == 0
    paid = [0, 0, 0, 0]
    for p in price_payments(rules, buyer, price, dealer):
        paid[3 if p.payee == "pot" else int(p.payee)] += p.amount
    assert tuple(paid) == shares


def test_the_cards_held_as_the_buyer_lays_out() -> None:
    assert held_laying_out(rules_of(gleek.load_profile("parlett"))) == 12
    assert held_laying_out(rules_of(gleek.load_profile("cotton"))) == 19


def test_each_payment_cites_rules_the_profile_has() -> None:
    profile = gleek.load_profile("cotton")
    for reason in ("stock", "ruff", "ruff-pool", "tiddy", "towser", "tumbler", "settlement"):
        for path in cited_rules(Payment(0, 1, 1, reason), Rank.FOUR):
            assert profile.rule(path).path == path
    assert cited_rules(Payment(0, 1, 1, "turn-up"), Rank.FIVE) == ("turn_up.towser",)
    assert cited_rules(Payment(0, 1, 1, "turn-up"), CARDS[0].rank) == ("turn_up.tiddy",)
    assert cited_rules(Payment(0, 1, 1, "set", set_kind="mournival"), Rank.ACE) == (
        "sets.mournival",
    )


def test_one_function_carries_a_session_from_deal_to_deal() -> None:
    """Only :func:`gleek.carry.carry_over` works out the pot a deal leaves for the next; the
    session, the replay, the viewer and the RL environments all call it."""
    if not (PACKAGE / "stages").is_dir():  # pragma: no cover - an installed, compiled package
        pytest.skip("reads the package's sources")
    callers = {
        str(path.relative_to(PACKAGE))
        for path in PACKAGE.rglob("*.py")
        if "stages" not in path.relative_to(PACKAGE).parts
        and "pot_after(" in path.read_text("utf-8")
    }
    assert callers == {"carry.py"}
    for user in ("session.py", "record/replay.py", "viewer.py", "rl/env.py", "rl/gym.py"):
        assert "carry_over(" in (PACKAGE / user).read_text("utf-8"), user


def test_no_module_outside_the_stages_names_a_small_trump_in_its_code() -> None:
    """The small trumps' names are the stages' table's (SMALL_TRUMPS, SET_REASONS): no string
    in the code outside gleek/stages/ is one of them (a docstring's example may be)."""
    import ast

    if not (PACKAGE / "stages").is_dir():  # pragma: no cover - an installed, compiled package
        pytest.skip("reads the package's sources")
    names = {name for name, _ in SMALL_TRUMPS}
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if "stages" in path.relative_to(PACKAGE).parts:
            continue
        tree = ast.parse(path.read_text("utf-8"))
        docs = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and node.body
            and isinstance(node.body[0], ast.Expr)
        }
        found += [
            f"{path.relative_to(PACKAGE)}:{node.lineno}"
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and node.value in names and id(node) not in docs
        ]
    assert found == []
