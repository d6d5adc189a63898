"""The record viewer as a person sees it: headless Chromium opens a generated page, keys are
pressed, and what is on screen is checked against the record file and the validator's report.

Chromium and chromedriver come from Debian's packages (``tools/install-browser.sh``, run by
``make test`` and CI). Where they cannot be installed the test is skipped, saying so; under CI
(``CI`` set) a missing browser is a failure instead.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from gleek.record import validate
from gleek.viewer import write_viewer
from tests.chromium import chromium

pytestmark = pytest.mark.browser  # make check; make test leaves it out

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "parlett-s0-auction.yaml"
TWO_DEALS = ROOT / "examples" / "pedagogical-play-high-carry.yaml"
REVOKE = ROOT / "tests" / "records" / "revoke.yaml"


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with chromium(tmp_path_factory.mktemp("chromium-profile"), "--window-size=1100,900") as driver:
        yield driver


def _open(browser: Any, record: Path, out: Path) -> None:
    write_viewer(out, record)
    browser.get(out.as_uri())


def _press(browser: Any, key: str, times: int = 1) -> None:
    from selenium.webdriver.common.by import By

    body = browser.find_element(By.TAG_NAME, "body")
    for _ in range(times):
        body.send_keys(key)


def _text(browser: Any, css: str) -> str:
    from selenium.webdriver.common.by import By

    return str(browser.find_element(By.CSS_SELECTOR, css).text)


def _table_cards(browser: Any) -> list[tuple[str, str]]:
    """The cards of the trick on the table: (seat, card)."""
    from selenium.webdriver.common.by import By

    found = browser.find_elements(
        By.CSS_SELECTOR, '#stage [data-trick="current"] [data-where="trick"]'
    )
    return [(e.get_attribute("data-seat"), e.get_attribute("data-card")) for e in found]


def _balances(browser: Any) -> dict[str, int]:
    from selenium.webdriver.common.by import By

    cells = browser.find_elements(By.CSS_SELECTOR, "#balances td")
    return {c.get_attribute("data-party"): int(c.text) for c in cells}


def test_keys_step_through_a_deal(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.keys import Keys

    record = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    players = record["players"]
    deal = record["deals"][0]
    _open(browser, EXAMPLE, tmp_path / "view.html")
    assert _text(browser, "#position") == "deal 1, step 0 of 53"
    assert _table_cards(browser) == []
    # The auction: after its last word the stock is paid for, at that very step.
    n_auction = len(deal["auction"])
    _press(browser, Keys.ARROW_RIGHT, n_auction)
    ((last_bidder, _),) = deal["auction"][-1].items()
    ((buyer, price),) = next(
        e for e in reversed(deal["auction"]) if "pass" not in e.values()
    ).items()
    assert _text(browser, "#caption") == (
        f"{last_bidder} passes; {buyer} buys the stock for {price} and lays out 7 cards"
        " before taking it"
    )
    report = validate(EXAMPLE)
    stock = [p for p in report.deals[0].payments if p[3] == "stock"]
    assert stock
    paid = _text(browser, "#paid").splitlines()
    assert paid == [f"{f} pays {t} {a} (stock)" for f, t, a, _ in stock]
    # Discards and ruff, then two cards of the first trick on the table.
    _press(browser, Keys.ARROW_RIGHT, len(deal["discard"]) + len(deal["ruff"]) + 2)
    first_two = [next(iter(e.items())) for e in deal["tricks"][0][:2]]
    assert _table_cards(browser) == [(str(players.index(n)), c) for n, c in first_two]
    # One back: only the lead is on the table.
    _press(browser, Keys.ARROW_LEFT)
    assert _table_cards(browser) == [(str(players.index(first_two[0][0])), first_two[0][1])]
    # The end: the balances after the deal are the validator's.
    _press(browser, Keys.END)
    assert _text(browser, "#balances-title") == "Balances after deal 1"
    assert _balances(browser) == dict(report.chips)
    assert _text(browser, "#banner") == ""


def test_arrow_down_moves_to_the_next_deal(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.keys import Keys

    report = validate(TWO_DEALS)
    assert report.valid and len(report.deals) == 2
    _open(browser, TWO_DEALS, tmp_path / "two.html")
    _press(browser, Keys.ARROW_DOWN)
    assert _text(browser, "#position").startswith("deal 2, step 0 ")
    # One step back is the end of deal 1: balances after it are the start plus its chips.
    _press(browser, Keys.ARROW_LEFT)
    assert _text(browser, "#balances-title") == "Balances after deal 1"
    record = yaml.safe_load(TWO_DEALS.read_text(encoding="utf-8"))
    start = record.get("chips") or {}
    after_one = {
        name: start.get(name, 100) + change
        for name, change in report.deals[0].chips
        if name != "pot"
    }
    shown = _balances(browser)
    assert {k: v for k, v in shown.items() if k != "pot"} == after_one
    _press(browser, Keys.END)
    assert _balances(browser) == dict(report.chips)


def test_an_invalid_record_opens_at_its_error(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    report = validate(REVOKE)
    error = report.errors[0]
    _open(browser, REVOKE, tmp_path / "bad.html")
    banner = _text(browser, "#banner")
    assert banner.startswith("Invalid record: ")
    assert f"revoke.yaml:{error.line}:{error.column}: revoke: {error.message}" in banner
    # Opened at the refused action, with the cards played before it on the table.
    assert error.path is not None and error.path.startswith("deals[0].tricks[")
    t, j = (int(x) for x in error.path[len("deals[0].tricks[") : -1].split("]["))
    record = yaml.safe_load(REVOKE.read_text(encoding="utf-8"))
    players = record["players"]
    trick = [next(iter(e.items())) for e in record["deals"][0]["tricks"][t]]
    assert _text(browser, "#caption") == f"{trick[j][0]} plays {trick[j][1]}: against the rules"
    assert _table_cards(browser) == [(str(players.index(n)), c) for n, c in trick[:j]]
    assert browser.find_element(By.ID, "next").get_attribute("disabled") is not None
    _press(browser, Keys.HOME)
    assert _text(browser, "#position").startswith("deal 1, step 0 of ")
    assert _table_cards(browser) == []
    assert "Invalid record" in _text(browser, "#banner")


def test_hostile_names_cannot_hide_the_viewers_script(browser: Any, tmp_path: Path) -> None:
    """``<!--<script>`` in a name, a card or the file name used to swallow the page's script."""
    from selenium.webdriver.common.keys import Keys

    text = REVOKE.read_text(encoding="utf-8")
    record = yaml.safe_load(text)
    hostile = "<!--<script>"
    old = record["players"][0]
    renamed = text.replace(old, hostile + "&")
    folder = tmp_path / "<!--<script>"
    folder.mkdir()
    path = folder / "<!--<script>.yaml"
    path.write_text(renamed.replace(f"{hostile}&:", f"'{hostile}&':"), encoding="utf-8")
    report = validate(path)
    assert not report.valid and report.errors[0].code == "revoke"  # the names are accepted
    _open(browser, path, tmp_path / "hostile.html")
    banner = _text(browser, "#banner")
    assert banner.startswith("Invalid record: ") and "revoke" in banner
    assert hostile + "&" in _text(browser, "#balances")
    _press(browser, Keys.HOME)
    assert _text(browser, "#position").startswith("deal 1, step 0 of ")


def _played(tmp_path: Path, profile: str, variants: list[str], deals: int, seed: int) -> Path:
    import gleek
    from gleek.record import dump
    from gleek.session import Session
    from gleek.sim.bots import RandomBot

    session = Session.start(gleek.load_profile(profile, variants), deals=deals, players=NAMES)
    path = tmp_path / f"{profile}-{'-'.join(variants)}-{seed}.yaml"
    dump(session.play_out([RandomBot()] * 3, seed=seed), path)
    return path


#: Names the picture must escape, and "You" (whose verbs agree: "You pay").
NAMES = ("You", "<b>&amp;", "Zoë")


@pytest.mark.parametrize("four", [False, True])
def test_the_picture_drawn_in_the_page_is_gleek_svg_draws(
    browser: Any, tmp_path: Path, four: bool
) -> None:
    """The page keeps each state's picture data and draws the picture as it is shown: for every
    state of these records, the SVG drawn in Chromium is the very text of gleek.svg.draw (and
    it is the one on screen)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    from gleek.svg import draw
    from gleek.viewer import replay_file

    records = [
        REVOKE,
        TWO_DEALS,
        ROOT / "examples" / "cotton-forfeit.yaml",
        _played(tmp_path, "cotton", ["take-first"], 2, 3),
        _played(tmp_path, "parlett", [], 3, 8),
    ]
    for path in records:
        deals = replay_file(path)
        want = [
            draw(s.state, names=d.names, four_colour=four, width=None, defs=False)
            for d in deals
            for s in d.steps
        ]
        out = tmp_path / f"{path.stem}.html"
        write_viewer(out, path, four_colour=four)
        browser.get(out.as_uri())
        drawn = browser.execute_script(
            "return Array.from({length: arguments[0]}, (_, i) => gleekPicture(i));", len(want)
        )
        assert drawn == want, path
        _press(browser, Keys.HOME)
        _press(browser, Keys.ARROW_RIGHT, 5)
        stage = browser.find_element(By.CSS_SELECTOR, "#stage svg")
        assert stage.get_attribute("data-phase") == deals[0].steps[5].state.phase.value
        hand = browser.find_elements(By.CSS_SELECTOR, '#stage [data-where="hand-1"]')
        assert len(hand) == len(deals[0].steps[5].state.hand(1))


def test_the_page_runs_under_its_content_security_policy(browser: Any, tmp_path: Path) -> None:
    """The page's policy allows its own script and style alone (by their hashes): it steps
    through the record as before, with no violation reported, and an injected script is
    refused."""
    from selenium.webdriver.common.keys import Keys

    out = tmp_path / "csp.html"
    write_viewer(out, TWO_DEALS)
    page = out.read_text(encoding="utf-8")
    assert 'http-equiv="Content-Security-Policy"' in page and "default-src 'none'" in page
    browser.get(out.as_uri())
    browser.execute_script(
        "window.violations=[];document.addEventListener('securitypolicyviolation',"
        "e=>window.violations.push(e.violatedDirective));"
    )
    _press(browser, Keys.ARROW_DOWN)
    assert _text(browser, "#position").startswith("deal 2, step 0 ")
    assert browser.execute_script("return document.querySelector('#stage svg') !== null")
    # a script put into the page (as injected markup would be) does not run
    browser.execute_script(
        "const s=document.createElement('script');s.textContent='window.injected=1';"
        "document.body.appendChild(s);"
    )
    assert browser.execute_script("return window.injected === undefined")
    assert browser.execute_script("return window.violations") == ["script-src-elem"]


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_the_picture_drawn_in_the_page_is_gleek_svg_draws_in_french_and_spanish(
    browser: Any, tmp_path: Path, lang: str
) -> None:
    """In French and Spanish too (the page's gleekDraw is given the words gleek.svg.draw says):
    the same text, state by state; the page's own words are in the language."""
    from gleek.i18n import language
    from gleek.svg import draw
    from gleek.viewer import replay_file

    for path in (ROOT / "examples" / "cotton-forfeit.yaml", _played(tmp_path, "parlett", [], 3, 8)):
        with language(lang):
            deals = replay_file(path)
            want = [
                draw(s.state, names=d.names, width=None, defs=False) for d in deals for s in d.steps
            ]
            out = tmp_path / f"{path.stem}-{lang}.html"
            write_viewer(out, path)
        browser.get(out.as_uri())
        drawn = browser.execute_script(
            "return Array.from({length: arguments[0]}, (_, i) => gleekPicture(i));", len(want)
        )
        assert drawn == want, path
        position = _text(browser, "#position")
        assert position.startswith(
            {"fr": "donne 1, pas 0 sur ", "es": "reparto 1, paso 0 de "}[lang]
        )
