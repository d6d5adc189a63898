"""The documentation as a reader sees it: the site is built (``sphinx-build -W`` into
``docs/_build/html``, as ``make docs`` does), served on the loopback interface, and headless
Chromium opens the landing page and a tutorial. The sidebar's navigation and search must be on
screen, every tutorial one click from the landing page, and the pictures drawn: the pixels of the
screenshot where a picture sits are the green of its table, in the light and in the dark mode.

The screenshots are kept in the build output, ``docs/_build/html/_screenshots/``, for review.
Chromium and chromedriver come from Debian's packages (``tools/install-browser.sh``); where they
cannot be installed the test is skipped, saying so, and under CI (``CI`` set) it fails instead.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.chromium import chromium, serve

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
HTML = ROOT / "docs" / "_build" / "html"
SHOTS = HTML / "_screenshots"
SECTIONS = ("Tutorials", "How-to guides", "Reference", "Explanation")
TABLE_GREEN = (0x2F, 0x6B, 0x45)  # the table of gleek.svg's pictures

SPHINX_ARGS = ("-W", "--keep-going", "-q", "-b", "html")  # as `make docs`

FLAGS = ("--hide-scrollbars", "--force-device-scale-factor=1", "--window-size=1400,1000")


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with chromium(tmp_path_factory.mktemp("chromium-docs"), *FLAGS) as driver:
        yield driver


@pytest.fixture(scope="module")
def site(browser: Any) -> Iterator[str]:
    """The docs built as ``make docs`` builds them, served on 127.0.0.1: the base URL."""
    build = subprocess.run(
        [sys.executable, "-m", "sphinx", *SPHINX_ARGS, "docs", str(HTML)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert build.returncode == 0, f"sphinx-build failed:\n{build.stdout}\n{build.stderr}"
    SHOTS.mkdir(exist_ok=True)
    with serve(HTML) as url:
        yield url


def _open(browser: Any, url: str, theme: str = "light") -> None:
    """Open a page in Furo's light or dark mode (the choice Furo keeps in localStorage)."""
    browser.get(url)
    browser.execute_script("localStorage.setItem('theme', arguments[0])", theme)
    browser.get(url)
    assert browser.execute_script("return document.body.dataset.theme") == theme
    browser.execute_script("window.scrollTo({top: 0, behavior: 'instant'})")


def _sidebar(browser: Any) -> dict[str, str]:
    """The sidebar as shown: the search box must be visible; the top-level entries, by text."""
    from selenium.webdriver.common.by import By

    search = browser.find_element(By.CSS_SELECTOR, ".sidebar-drawer form.sidebar-search-container")
    assert search.is_displayed()
    assert search.find_element(By.CSS_SELECTOR, "input[name='q']").is_displayed()
    tree = browser.find_element(By.CSS_SELECTOR, ".sidebar-drawer .sidebar-tree")
    assert tree.is_displayed()
    top = tree.find_elements(By.CSS_SELECTOR, "ul > li.toctree-l1 > a.reference")
    return {a.text: a.get_attribute("href") for a in top}


def _pixels(browser: Any, points: list[tuple[int, int]]) -> list[tuple[int, int, int]]:
    """The colours of these viewport points in a screenshot of the page as shown."""
    shot = browser.get_screenshot_as_base64()
    found = browser.execute_async_script(
        """
        const [data, points, done] = arguments;
        const img = new Image();
        img.onload = () => {
          const canvas = document.createElement('canvas');
          canvas.width = img.width; canvas.height = img.height;
          const ctx = canvas.getContext('2d');
          ctx.drawImage(img, 0, 0);
          const inside = (x, y) => x >= 0 && y >= 0 && x < img.width && y < img.height;
          done(points.map(([x, y]) => inside(x, y)
            ? Array.from(ctx.getImageData(x, y, 1, 1).data.slice(0, 3)) : null));
        };
        img.onerror = () => done(null);
        img.src = 'data:image/png;base64,' + data;
        """,
        shot,
        [list(p) for p in points],
    )
    assert found is not None, "the screenshot could not be decoded"
    assert None not in found, f"points outside the screenshot: {points}"
    return [tuple(p) for p in found]


def _near(colour: tuple[int, ...], want: tuple[int, int, int], by: int = 12) -> bool:
    return all(abs(a - b) <= by for a, b in zip(colour, want, strict=True))


def _background(browser: Any) -> tuple[int, ...]:
    """The page's own background, in the screenshot: the bottom right corner of the window."""
    width, height = browser.execute_script("return [window.innerWidth, window.innerHeight]")
    (colour,) = _pixels(browser, [(width - 5, height - 5)])
    return colour


def _luminance(colour: tuple[int, ...]) -> float:
    r, g, b = colour
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _check_picture(browser: Any, css: str) -> None:
    """The SVG picture at ``css`` is loaded, laid out at a readable size and drawn on screen:
    inside its border the screenshot shows the table's green, whatever the page around it."""
    from selenium.webdriver.common.by import By

    img = browser.find_element(By.CSS_SELECTOR, css)
    browser.execute_script(
        "arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", img
    )
    loaded = browser.execute_script(
        "return arguments[0].complete && arguments[0].naturalWidth", img
    )
    assert loaded == 600, f"the picture {img.get_attribute('src')} did not load"
    box = browser.execute_script(
        "const r = arguments[0].getBoundingClientRect(); return [r.left, r.top, r.width];", img
    )
    left, top, width = box
    assert width >= 400, f"the picture is drawn {width} pixels wide"
    # Two points of the table (in the picture's own 600 x 500 units): left and right of the
    # bottom hand, below the middle band, where every picture of a deal shows the bare table.
    scale = width / 600
    points = [(round(left + x * scale), round(top + 420 * scale)) for x in (40, 560)]
    for at, colour in zip(points, _pixels(browser, points), strict=True):
        assert _near(colour, TABLE_GREEN), f"the picture shows {colour} at {at}, not its table"


def test_landing_page(browser: Any, site: str) -> None:
    from selenium.webdriver.common.by import By

    _open(browser, site + "index.html")
    assert browser.title.startswith("gleek")
    entries = _sidebar(browser)
    assert set(SECTIONS) <= set(entries), f"the sidebar shows {sorted(entries)}"
    _check_picture(browser, ".landing-picture img")
    browser.execute_script("window.scrollTo({top: 0, behavior: 'instant'})")
    browser.save_screenshot(str(SHOTS / "landing.png"))

    # Four "start here" links, one per kind of reader, each to a page that exists.
    start = browser.find_elements(By.CSS_SELECTOR, "table.start-here tr")
    assert len(start) == 4
    for row in start:
        (link,) = row.find_elements(By.CSS_SELECTOR, "a.reference.internal")
        assert link.get_attribute("href").startswith(site)

    # Every tutorial (as the Tutorials page lists them) is one click from the landing page.
    landing_links = {
        a.get_attribute("href").split("#")[0]
        for a in browser.find_elements(By.CSS_SELECTOR, "article a.reference.internal")
    }
    browser.get(entries["Tutorials"])
    tutorials = {
        a.get_attribute("href").split("#")[0]
        for a in browser.find_elements(By.CSS_SELECTOR, "article dl dt a.reference.internal")
    }
    assert len(tutorials) >= 4
    assert tutorials <= landing_links, (
        f"not linked from the landing page: {tutorials - landing_links}"
    )


def test_landing_page_in_the_dark(browser: Any, site: str) -> None:
    _open(browser, site + "index.html", theme="dark")
    assert set(SECTIONS) <= set(_sidebar(browser))
    page = _background(browser)
    assert _luminance(page) < 60, f"the dark mode's background is {page}"
    _check_picture(browser, ".landing-picture img")
    browser.execute_script("window.scrollTo({top: 0, behavior: 'instant'})")
    browser.save_screenshot(str(SHOTS / "landing-dark.png"))
    _open(browser, site + "index.html", theme="light")
    page = _background(browser)
    assert _luminance(page) > 200, f"the light mode's background is {page}"


def test_a_tutorial(browser: Any, site: str) -> None:
    from selenium.webdriver.common.by import By

    _open(browser, site + "index.html")
    browser.find_element(
        By.CSS_SELECTOR, "table.start-here a[href='validate-tutorial.html']"
    ).click()
    assert browser.current_url == site + "validate-tutorial.html"
    assert browser.find_element(By.TAG_NAME, "h1").text.startswith("Tutorial: validate")
    entries = _sidebar(browser)
    assert set(SECTIONS) <= set(entries)
    # The sidebar shows where the reader is: the tutorial, under Tutorials.
    current = browser.find_elements(By.CSS_SELECTOR, ".sidebar-tree li.current > a.reference")
    assert [a.text for a in current][:2] == ["Tutorials", "Tutorial: validate a recorded deal"]
    assert all(a.is_displayed() for a in current[:2])
    _check_picture(browser, "figure img[src$='revoke.svg']")
    browser.save_screenshot(str(SHOTS / "tutorial.png"))


def test_the_language_switch(browser: Any, site: str) -> None:
    """The sidebar's switch goes from the tutorial to its French and Spanish pages and back,
    each in its language, with its picture drawn; an English page without a translation links
    the French and Spanish landing pages."""
    from selenium.webdriver.common.by import By

    def switch_to(name: str) -> None:
        links = browser.find_elements(By.CSS_SELECTOR, ".sidebar-drawer .gleek-languages a")
        assert all(a.is_displayed() for a in links)
        (link,) = [a for a in links if a.text == name]
        link.click()

    _open(browser, site + "validate-tutorial.html")
    current = browser.find_element(By.CSS_SELECTOR, ".gleek-languages strong")
    assert current.text == "English" and current.is_displayed()
    for name, page, lang, title in (
        ("Français", "fr/validate-tutorial.html", "fr", "Tutoriel : valider"),
        ("Español", "es/validate-tutorial.html", "es", "Tutorial: validar"),
        ("English", "validate-tutorial.html", "en", "Tutorial: validate"),
    ):
        switch_to(name)
        assert browser.current_url == site + page
        assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == lang
        assert browser.find_element(By.TAG_NAME, "h1").text.startswith(title)
        assert browser.find_element(By.CSS_SELECTOR, ".gleek-languages strong").text == name
        picture = "revoke.svg" if lang == "en" else f"revoke-{lang}.svg"
        _check_picture(browser, f"figure img[src$='{picture}']")
        if lang == "fr":
            browser.execute_script("window.scrollTo({top: 0, behavior: 'instant'})")
            browser.save_screenshot(str(SHOTS / "tutorial-fr.png"))
    _open(browser, site + "compare.html")
    switch_to("Español")
    assert browser.current_url == site + "es/index.html"
    _check_picture(browser, ".landing-picture img")
