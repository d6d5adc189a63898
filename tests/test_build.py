"""Both builds: the pure-Python package and the one with the fast core compiled by mypyc.

``make test`` runs the suite twice, with ``GLEEK_EXPECT_COMPILED=0`` against the checkout and
with ``GLEEK_EXPECT_COMPILED=1`` against the compiled wheel laid over a copy of it.
"""

from __future__ import annotations

import os

import gleek
import gleek._core


def test_the_build_under_test_is_the_one_expected() -> None:
    expected = os.environ.get("GLEEK_EXPECT_COMPILED", "0")  # a checkout runs pure Python
    compiled = not gleek._core.__file__.endswith(".py")
    assert compiled == (expected == "1"), gleek._core.__file__
