"""Each way a recorded deal can break a rule, from one edit of a valid record: code and place."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from gleek.record import validate_text

ROOT = Path(__file__).resolve().parent.parent
BASE = yaml.safe_load((ROOT / "examples" / "parlett-play-high.yaml").read_text(encoding="utf-8"))


def _deal(**changes: object) -> dict:  # type: ignore[type-arg]
    data = json.loads(json.dumps(BASE))
    deal = data["deals"][0]
    for key, value in changes.items():
        if value is None:
            deal.pop(key, None)
        else:
            deal[key] = value
    return data  # type: ignore[no-any-return]


D = BASE["deals"][0]
TRICKS = D["tricks"]


@pytest.mark.parametrize(
    ("data", "code", "words", "path"),
    [
        (_deal(dealer=None), "schema", "must name its dealer", "deals[0]"),
        (_deal(hands={k: v for k, v in D["hands"].items() if k != "West"}), "bad-deal",
         "no hand for West", "deals[0].hands"),
        (_deal(hands={**D["hands"], "West": D["hands"]["West"][:11]}), "bad-deal",
         "West has 11 cards", "deals[0].hands.West"),
        (_deal(stock=D["stock"][:6]), "bad-deal", "the stock has 6", "deals[0].stock"),
        (_deal(auction=D["auction"][:2]), "incomplete", "auction", "deals[0]"),
        (_deal(discard=None), "incomplete", "discards are missing", "deals[0]"),
        (_deal(discard=D["discard"][:6]), "bad-discard", "exactly 7", "deals[0].discard"),
        (_deal(ruff=[*D["ruff"], {"West": "vie"}]), "extra-action", "after the ruff",
         "deals[0].ruff[3]"),
        (_deal(ruff=D["ruff"][:2]), "incomplete", "vying", "deals[0]"),
        (_deal(tricks=[*TRICKS, TRICKS[0]]), "extra-action", "after the twelfth",
         "deals[0].tricks[12]"),
        (_deal(tricks=[[*TRICKS[0], {"West": "2S"}], *TRICKS[1:]]), "extra-action",
         "more than 3 cards", "deals[0].tricks[0][3]"),
        (_deal(tricks=[TRICKS[0][:2], *TRICKS[1:]]), "incomplete", "trick 1 has 2",
         "deals[0].tricks[0]"),
        (_deal(claims={"North": ["tumbler"]}), "false-claim", "does not hold",
         "deals[0].claims.North[0]"),
        (_deal(result={"points": {"Nobody": 3}}), "unknown-player", "'Nobody'",
         "deals[0].result.points.Nobody"),
        (_deal(deck=["AH"] * 44, hands=None, turn_up=None, stock=None), "bad-deal",
         "44 cards, 1 distinct", "deals[0].deck"),
    ],
)  # fmt: skip
def test_each_rule_error(data: dict, code: str, words: str, path: str) -> None:  # type: ignore[type-arg]
    r = validate_text(json.dumps(data), "r.json")
    assert r.errors, r.human()
    e = r.errors[0]
    assert (e.code, e.path) == (code, path) and words in e.message, e
    assert e.line is not None


def test_a_claim_that_pays_nothing() -> None:
    data = _deal(claims={"North": ["tiddy"]})
    data["variants"] = ["play-high", "no-tiddy"]
    e = validate_text(json.dumps(data), "r.json").errors[0]
    assert e.code == "false-claim" and "tiddy pays nothing" in e.message


def test_later_deal_with_wrong_dealer() -> None:
    data = json.loads(json.dumps(BASE))
    data["deals"].append({**data["deals"][0], "dealer": "East"})
    e = validate_text(json.dumps(data), "r.json").errors[0]
    assert (e.code, e.deal, e.path) == ("wrong-dealer", 2, "deals[1].dealer")
