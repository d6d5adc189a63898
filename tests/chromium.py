"""Headless Chromium for the browser tests, from Debian's packages (``tools/install-browser.sh``,
run by ``make test`` and CI). Where it cannot be installed a test is skipped, saying so; under CI
(``CI`` set) a missing browser is a failure instead."""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)


@contextmanager
def chromium(profile_dir: Path, *flags: str) -> Iterator[Any]:
    """A Selenium driver of headless Chromium with ``FLAGS`` and ``flags``, its user data in
    ``profile_dir``; quit on leaving."""
    binary = shutil.which("chromium")
    driver_path = shutil.which("chromedriver")
    if binary is None or driver_path is None:
        why = (
            "no Chromium/chromedriver on this machine and they could not be installed "
            "(tools/install-browser.sh needs root and apt-get): the browser test did not run"
        )
        if os.environ.get("CI"):
            pytest.fail(why)
        pytest.skip(why)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in (*FLAGS, *flags):
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile_dir}")
    driver = webdriver.Chrome(options=options, service=Service(executable_path=driver_path))
    try:
        yield driver
    finally:
        driver.quit()


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def serve(folder: Path) -> Iterator[str]:
    """``folder`` served over HTTP on a free local port, as ``python -m http.server`` does."""
    handler = functools.partial(_Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)
