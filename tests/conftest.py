"""Hypothesis settings for the whole suite, and fresh engine caches for every test.

``make mutation`` sets ``GLEEK_MAX_EXAMPLES`` (20): every property test then runs at most that
many examples (see :func:`tests.helpers.examples`), derandomized, so a mutation run is quick and
gives the same score each time. ``make test`` leaves it unset: the full example counts, random.

The engine remembers each profile's flattened rules (with the payments they have computed,
see gleek.stages.rules), and some of its own answers (gleek.state.forget lists them). Every
test starts with those memos empty, so
what a test checks is computed by the code under test, in that test, whatever ran before it
(and a mutant of the rules is not hidden by a memo a clean run filled first).

The commands the suite runs speak English whatever the locale (``GLEEK_LANG=en``).
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

import gleek.state

# The suite reads gleek's English (the default; tests/test_i18n.py sets the other languages):
# a developer's French or Spanish locale must not change what the commands it runs print.
os.environ["GLEEK_LANG"] = "en"

_CAP = os.environ.get("GLEEK_MAX_EXAMPLES")
if _CAP:
    settings.register_profile(
        "mutation", max_examples=int(_CAP), derandomize=True, database=None, deadline=None
    )
    settings.load_profile("mutation")


@pytest.fixture(autouse=True)
def _fresh_engine_caches() -> None:
    gleek.state.forget()
