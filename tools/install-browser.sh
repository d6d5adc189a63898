#!/usr/bin/env bash
# Headless Chromium and chromedriver from Debian's packages, for the browser tests
# (tests/test_viewer_browser.py, tests/test_docs_browser.py). `make check` and `make browser` call
# this (.ci/run through `make check`); it does nothing when both are already installed, and says
# so when it cannot install them (not root, no apt-get).
set -u
if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; then
    exit 0
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "install-browser: cannot install chromium and chromium-driver here (needs root and" \
        "apt-get); the browser test will be skipped" >&2
    exit 0
fi
echo "install-browser: installing chromium and chromium-driver from Debian's packages" >&2
export DEBIAN_FRONTEND=noninteractive
if ! { apt-get update -qq && apt-get install -y -qq chromium chromium-driver >/dev/null; }; then
    echo "install-browser: apt-get could not install chromium; the browser test will say so" >&2
fi
exit 0
