"""The page of ``gleek web build`` as a person uses it: the folder is built once (Pyodide from
npm, the wheels from PyPI, as ``make web`` does), served by ``http.server`` on a free local
port, and headless Chromium plays a deal by clicks, toggles a disputed rule, and opens a broken
record; what the page shows is checked against the Python engine for the same seed and choices.

Chromium and chromedriver come from Debian's packages (``tools/install-browser.sh``); where
they cannot be installed the test is skipped, saying so (under CI, ``CI`` set, it fails).
"""

from __future__ import annotations

import json
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import gleek
from gleek.profile import with_rules
from gleek.record import validate
from gleek.sources import profiles_dir
from gleek.web.build import build
from tests.chromium import chromium, serve

pytestmark = pytest.mark.browser  # make check; make test leaves it out

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "build" / "web-cache"
REVOKE = ROOT / "tests" / "records" / "revoke.yaml"
LOAD = 120  # seconds allowed for Pyodide's first load on a busy machine (about 10 s idle)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("web")
    build(out, CACHE)
    return out


@pytest.fixture(scope="module")
def page(site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    profile = tmp_path_factory.mktemp("chromium-profile")
    with serve(site) as url, chromium(profile, "--window-size=1200,1000") as driver:
        start = time.monotonic()
        driver.get(url)
        _wait_ready(driver)
        print(f"first load: {time.monotonic() - start:.1f} s")
        yield driver


def _wait_ready(driver: Any) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    def ready(d: Any) -> bool:
        if "could not start" in _text(d, "#status"):
            pytest.fail(_text(d, "#status"))
        return bool(d.find_element("tag name", "body").get_attribute("data-ready") == "1")

    WebDriverWait(driver, LOAD, poll_frequency=0.25).until(ready)


def _text(driver: Any, css: str) -> str:
    return str(driver.find_element("css selector", css).text)


def _body(driver: Any, name: str) -> str:
    return str(driver.find_element("tag name", "body").get_attribute(f"data-{name}") or "")


def _cells(driver: Any, css: str) -> list[int]:
    cells = driver.find_elements("css selector", f"{css} td")
    return [int(c.text) for c in cells if c.text != ""]


def _replay(profile: gleek.Profile, seed: str, dealer: int, actions: list[str]) -> gleek.State:
    """The deal dealt from ``seed`` under ``profile``, with the page's choices, by the engine."""
    state = gleek.new_deal(profile, dealer, seed=seed)
    for text in actions:
        (action,) = [a for a in state.legal_actions() if str(a) == text]
        state = state.apply(action)
    assert state.is_over
    return state


def _play_deal(driver: Any) -> int:
    """Play the deal to its end by clicking the first highlighted move each time."""
    clicks = 0
    while _body(driver, "over") != "1":
        buttons = driver.find_elements("css selector", "#legal button")
        assert buttons, "the page offers no move while the deal is not over"
        buttons[0].click()
        clicks += 1
    return clicks


def _new_game(driver: Any, seed: int) -> None:
    driver.find_element("id", "tab-play").click()
    box = driver.find_element("id", "seed")
    box.clear()
    box.send_keys(str(seed))
    driver.find_element("id", "new-game").click()


def test_before_the_first_deal_the_chosen_rules_are_summed_up(page: Any) -> None:
    """(Before any deal is played.) The table shows how to play the chosen profile, its main
    values, and the full rules a click away; the variants are listed by title, each with its
    rule on hover and on focus."""
    from selenium.webdriver.support.ui import Select

    head = _text(page, "#summary h2")
    assert head == "How to play: Parlett's reconstruction (parlett)"
    rows = {
        r.find_element("tag name", "th").text: r.find_elements("tag name", "td")[0].text
        for r in page.find_elements("css selector", "#summary table.rules tr")
    }
    assert rows["Opening bid"] == "12" and rows["Raise"] == "1"
    Select(page.find_element("id", "profile")).select_by_value("publications-international")
    assert "Publications International" in _text(page, "#summary h2")
    rows = {
        r.find_element("tag name", "th").text: r.find_elements("tag name", "td")[0].text
        for r in page.find_elements("css selector", "#summary table.rules tr")
    }
    assert rows["Opening bid"] == "10" and rows["First lead"] == "buyer"
    full = page.find_element("id", "full-rules")
    assert full.get_attribute("open") is None
    page.find_element("css selector", "#summary a[href='#full-rules']").click()
    assert full.get_attribute("open") is not None and "Opening bid: 10" in full.text
    Select(page.find_element("id", "profile")).select_by_value("parlett")
    labels = page.find_elements("css selector", "#variants label")
    play_high = gleek.profile.load_variant("play-high")
    (label,) = [x for x in labels if play_high.title in x.text]
    assert label.get_attribute("title") == play_high.summary
    tip = label.find_element("css selector", ".tip")
    assert not tip.is_displayed()
    label.find_element("tag name", "input").send_keys("")  # focus, not a click
    assert tip.is_displayed() and tip.text == play_high.summary


def test_a_deal_played_by_clicks_pays_what_the_engine_pays(page: Any) -> None:
    _new_game(page, 5)
    assert _play_deal(page) > 0
    chips = _cells(page, "#outcome-table tr.chips")
    seed = _body(page, "deal-seed")
    assert seed == "5:0"
    actions = json.loads(_body(page, "actions"))
    final = _replay(gleek.load_profile("parlett"), seed, 0, actions)
    o = gleek.outcome(final)
    assert chips == [*o.chips, o.pot]
    start = gleek.load_profile("parlett").rule("session.starting_chips").value
    assert _cells(page, "#score")[:3] == [start + c for c in o.chips]
    # every payment is explained with its rule a click away
    payments = page.find_elements("css selector", "#events li.pay")
    assert len(payments) == len(o.payments)
    summary = payments[-1].find_element("tag name", "summary")
    summary.click()
    assert "Full rules (after Parlett)" in payments[-1].text


def test_toggling_who_scores_an_honour_changes_the_points_as_gleek_does(page: Any) -> None:
    parlett = gleek.load_profile("parlett")
    winner = gleek.load_profile("publications-international").rule("tricks.honours_to")
    assert parlett.rule("tricks.honours_to").value != winner.value
    changed = with_rules(parlett, {"tricks.honours_to": winner}, "honours to the winner")
    _new_game(page, 11)
    seen_change = False
    for _ in range(6):  # deals until one where an honour falls to another player's trick
        _play_deal(page)
        seed, actions = _body(page, "deal-seed"), json.loads(_body(page, "actions"))
        dealer = int(seed.split(":")[1]) % 3  # the session's dealer moves on each deal
        page.find_element("id", "tab-rule").click()
        _select(page, "toggle-path", "tricks.honours_to")
        assert "tricks.honours_to" in _selected(page, "toggle-path")
        assert "winner" in _selected(page, "toggle-value")
        page.find_element("id", "toggle").click()
        before = gleek.outcome(_replay(parlett, seed, dealer, actions))
        after = gleek.outcome(_replay(changed, seed, dealer, actions))
        assert _cells(page, "#toggle-table tr.before-points")[:3] == list(before.points)
        assert _cells(page, "#toggle-table tr.after-points")[:3] == list(after.points)
        assert _cells(page, "#toggle-table tr.after-chips") == [*after.chips, after.pot]
        assert "still legal" in _text(page, "#toggle-kept")
        if before.points != after.points:
            seen_change = True
            causes = _text(page, "#toggle-causes")
            assert "tricks.honours_to" in causes and "points" in causes
            break
        page.find_element("id", "tab-play").click()
        page.find_element("id", "next-deal").click()
    assert seen_change, "no deal of six had an honour won by another player"


def test_the_toggle_tab_lists_the_rules_that_would_change_the_deal(page: Any) -> None:
    from gleek.session import DealRecord
    from gleek.sim.search import SearchBot
    from gleek.web import app

    parlett = gleek.load_profile("parlett")
    _new_game(page, 5)
    _play_deal(page)
    seed, actions = _body(page, "deal-seed"), json.loads(_body(page, "actions"))
    page.find_element("id", "tab-rule").click()
    deal = DealRecord(_replay(parlett, seed, 0, actions))  # the game's first deal: dealer 0
    want = app.rules_that_matter(parlett, deal, SearchBot(app.BOT_PLAYOUTS), 5)
    items = page.find_elements("css selector", "#matters-list li button")
    assert [b.text for b in items] == [c["label"] for c in want["changes"]]
    assert _text(page, "#matters-same-count").startswith(f"{len(want['same'])} other values")
    none = _text(page, "#matters-none")  # (a hidden element has no text)
    assert none == "" if want["changes"] else none.startswith("None: every other value")
    if want["changes"]:  # a click replays that change below
        first = want["changes"][0]
        items[0].click()
        assert f"({first['path']})" in _selected(page, "toggle-path")
        after = first["after"]
        assert _cells(page, "#toggle-table tr.after-chips") == [*after["chips"], after["pot"]]


def _select(driver: Any, select_id: str, value: str) -> None:
    from selenium.webdriver.support.ui import Select

    Select(driver.find_element("id", select_id)).select_by_value(value)


def _selected(driver: Any, select_id: str) -> str:
    from selenium.webdriver.support.ui import Select

    return str(Select(driver.find_element("id", select_id)).first_selected_option.text)


def test_a_broken_record_opens_at_its_error(page: Any) -> None:
    report = validate(REVOKE)
    error = report.errors[0]
    page.find_element("id", "tab-record").click()
    page.find_element("id", "record-file").send_keys(str(REVOKE))
    # the error is said once, by the viewer's banner (the page's own is for no page at all)
    assert not page.find_element("id", "record-error").is_displayed()
    frame = page.find_element("id", "record-view")
    page.switch_to.frame(frame)
    try:
        # the viewer of `gleek show --html`: opened at the refused action
        assert _text(page, "#caption").endswith(": against the rules")
        assert "6H" in _text(page, "#caption")
        banner = _text(page, "#banner")
        assert f"revoke.yaml:{error.line}:{error.column}: revoke: {error.message}" in banner
        assert page.find_element("id", "next").get_attribute("disabled") is not None
        tall = int(page.execute_script("return document.documentElement.scrollHeight"))
    finally:
        page.switch_to.default_content()
    # the frame is as tall as the viewer: nothing (the hand to act, at the bottom) is cut off
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(page, 10).until(lambda d: frame.size["height"] >= tall)


def test_a_json_lines_record_is_chosen_and_opened(page: Any, tmp_path: Path) -> None:
    from gleek import record

    lines = tmp_path / "deal.jsonl"
    example = ROOT / "examples" / "parlett-s0-auction.yaml"
    lines.write_text(record.dumps(record.read(example), "jsonl"), encoding="utf-8")
    chooser = page.find_element("id", "record-file")
    assert ".jsonl" in str(chooser.get_attribute("accept")).split(",")
    chooser.send_keys(str(lines))
    page.switch_to.frame(page.find_element("id", "record-view"))
    try:
        assert not page.find_element("id", "banner").is_displayed()  # valid
        assert _text(page, "#position").startswith("deal 1, step")
    finally:
        page.switch_to.default_content()


def test_a_profile_file_is_refused_or_loaded(page: Any, tmp_path: Path) -> None:
    """The page ships a pure-Python schema checker: a broken house profile is refused with
    the located message the command line gives (it said the checker could not be imported); a
    copy of a shipped profile, pre-checked, loads."""
    from gleek.errors import ProfileError
    from gleek.profile import load_profile

    house = tmp_path / "house.yaml"
    data = (profiles_dir() / "parlett.yaml").read_text("utf-8").replace("id: parlett", "id: house")
    house.write_text(data.replace("value: 4\n", "value: four\n", 1), encoding="utf-8")
    with pytest.raises(ProfileError) as here:
        load_profile(house)
    page.find_element("id", "tab-play").click()
    page.find_element("id", "profile-file").send_keys(str(house))
    message = _text(page, "#profile-msg")
    assert "schema checker" not in message
    assert here.value.message in message and f":{here.value.line}:{here.value.column}:" in message
    copy = tmp_path / "my-parlett.yaml"
    copy.write_text((profiles_dir() / "parlett.yaml").read_text("utf-8"), "utf-8")
    page.find_element("id", "profile-file").send_keys(str(copy))
    assert _text(page, "#profile-msg").startswith("Loaded parlett")
    assert "parlett (your file)" in _selected(page, "profile")


def test_the_page_opens_offline_once_loaded(
    site: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """The service worker caches the folder on the first load: with the server gone, the page
    loads again and is ready to play."""
    profile = tmp_path_factory.mktemp("chromium-offline")
    with chromium(profile) as driver:
        with serve(site) as url:
            driver.get(url)
            _wait_ready(driver)
            controlled = (
                "const done = arguments[arguments.length - 1];"
                "navigator.serviceWorker.ready.then(() => done(true));"
            )
            driver.set_script_timeout(LOAD)
            assert driver.execute_async_script(controlled)
        driver.get(url)  # the server is shut down: answered from the cache
        _wait_ready(driver)
        _new_game(driver, 3)
        assert driver.find_elements("css selector", "#legal button")


# -- the page in French and Spanish


def _words() -> dict[str, dict[str, str]]:
    text = (ROOT / "gleek" / "web" / "static" / "words.js").read_text("utf-8")
    words: dict[str, dict[str, str]] = json.loads(
        text.split("export const WORDS =", 1)[1].strip().removesuffix(";")
    )
    return words


def _lang(driver: Any) -> str:
    return str(driver.find_element("tag name", "html").get_attribute("lang"))


def _interface_in(driver: Any, lang: str) -> None:
    """The page's interface is in ``lang``: <html lang>, the selector, the tabs, the title."""
    from selenium.webdriver.support.ui import WebDriverWait

    words = _words()[lang]
    WebDriverWait(driver, 20).until(lambda d: _lang(d) == lang)
    assert driver.find_element("id", "lang").get_attribute("value") == lang
    assert driver.title == words["title"]
    for tab, key in (
        ("tab-play", "tab_play"),
        ("tab-rule", "tab_rule"),
        ("tab-record", "tab_record"),
    ):
        assert _text(driver, f"#{tab}") == words[key]
    assert _text(driver, "h1 small") == words["tagline"]
    assert _text(driver, "#new-game") == words["new_game"]


def test_the_interface_follows_the_browsers_language_and_keeps_the_choice(
    tmp_path: Path,
) -> None:
    """Chromium in French (``--lang=fr``): the page opens in French; Español in the selector
    turns it Spanish at once; a reload keeps Spanish (localStorage). The page's own files only,
    without Pyodide: the interface's words need no Python (the status then says, in the
    language chosen, that the page could not start)."""
    from selenium.webdriver.support.ui import Select

    folder = tmp_path / "page"
    folder.mkdir()
    for name in ("index.html", "app.js", "words.js", "style.css"):
        shutil.copy(ROOT / "gleek" / "web" / "static" / name, folder / name)
    flags = ("--lang=fr", "--accept-lang=fr-FR,fr")
    with serve(folder) as url, chromium(tmp_path / "profile", *flags) as driver:
        driver.get(url)
        assert driver.execute_script("return navigator.language").startswith("fr")
        _interface_in(driver, "fr")
        Select(driver.find_element("id", "lang")).select_by_value("es")
        _interface_in(driver, "es")
        assert _text(driver, "#status").startswith("La página no ha podido arrancar")
        driver.refresh()
        _interface_in(driver, "es")
        assert driver.execute_script("return localStorage.getItem('gleek-lang')") == "es"


def test_the_whole_page_in_french_and_spanish(site: Path, tmp_path: Path) -> None:
    """With Pyodide: in French from the start, gleek's own words (the summary, the moves, the
    picture) are French; Español in the selector makes them Spanish, the game going on."""
    from selenium.webdriver.support.ui import Select

    flags = ("--lang=fr", "--accept-lang=fr-FR,fr", "--window-size=1200,1000")
    with serve(site) as url, chromium(tmp_path / "profile", *flags) as driver:
        driver.get(url)
        _wait_ready(driver)
        _interface_in(driver, "fr")
        assert _text(driver, "#summary h2").startswith("Comment jouer : ")
        assert _text(driver, "#status").startswith("Prêt (gleek ")
        _new_game(driver, 3)
        assert "plis 0 · points 0 · jetons" in driver.find_element("id", "table").text
        Select(driver.find_element("id", "lang")).select_by_value("es")
        _interface_in(driver, "es")
        assert "bazas 0 · puntos 0 · fichas" in driver.find_element("id", "table").text
        labels = [b.text for b in driver.find_elements("css selector", "#legal button")]
        assert labels and all(("pujar" in x or "pasar" in x) for x in labels), labels
        assert _text(driver, "#status").startswith("Una partida de parlett, semilla 3")
