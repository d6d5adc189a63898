"""The screenshots of docs/web.rst, and the first load time it gives.

Builds the page (``gleek web build`` into build/web), serves it with ``http.server`` on a free
local port, and drives headless Chromium (``tools/install-browser.sh``): it times the first load
(page opened to ready to play, a fresh browser profile each time, ``--runs`` times), then plays
a deal, toggles ``tricks.honours_to`` and opens a broken record, saving a PNG of each, and a
phone-width one, in docs/images/. Run from the repository root::

    .venv/bin/python tools/web_screenshots.py
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gleek.web.build import build  # noqa: E402
from tests.chromium import chromium, serve  # noqa: E402
from tests.test_web_browser import (  # noqa: E402
    _new_game,
    _play_deal,
    _select,
    _wait_ready,
)

OUT = ROOT / "build" / "web"
IMAGES = ROOT / "docs" / "images"
REVOKE = ROOT / "tests" / "records" / "revoke.yaml"


def _shot(driver: object, name: str) -> None:
    path = IMAGES / name
    driver.save_screenshot(str(path))  # type: ignore[attr-defined]
    print(f"Wrote {path.relative_to(ROOT)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="first loads to time (default 3)")
    args = parser.parse_args()
    build(OUT, ROOT / "build" / "web-cache")
    loads = []
    with serve(OUT) as url:
        for _ in range(args.runs):
            with tempfile.TemporaryDirectory() as profile, chromium(Path(profile)) as driver:
                start = time.monotonic()
                driver.get(url)
                _wait_ready(driver)
                loads.append(time.monotonic() - start)
        print("first loads (s):", ", ".join(f"{t:.1f}" for t in loads))
        print(f"median {statistics.median(loads):.1f} s, worst {max(loads):.1f} s")
        with tempfile.TemporaryDirectory() as profile:
            with chromium(Path(profile), "--window-size=1200,1000") as driver:
                driver.get(url)
                _wait_ready(driver)
                _new_game(driver, 11)
                for _ in range(8):  # into the tricks: a few cards played
                    driver.find_element("css selector", "#legal button").click()
                _shot(driver, "web-play.png")
                _play_deal(driver)
                driver.find_element("id", "tab-rule").click()
                _select(driver, "toggle-path", "tricks.honours_to")
                driver.find_element("id", "toggle").click()
                _shot(driver, "web-toggle.png")
                driver.find_element("id", "tab-record").click()
                driver.find_element("id", "record-file").send_keys(str(REVOKE))
                time.sleep(1)
                _shot(driver, "web-record.png")
            with chromium(Path(profile) / "phone", "--window-size=390,844") as driver:
                driver.get(url)
                _wait_ready(driver)
                _new_game(driver, 11)
                driver.find_element("css selector", "#legal button").click()
                _shot(driver, "web-phone.png")


if __name__ == "__main__":
    main()
