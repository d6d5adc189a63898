"""Hypothesis settings for the whole suite.

``make mutation`` sets ``GLEEK_MAX_EXAMPLES`` (20): every property test then runs at most that
many examples (see :func:`tests.helpers.examples`), derandomized, so a mutation run is quick and
gives the same score each time. ``make test`` leaves it unset: the full example counts, random.
"""

from __future__ import annotations

import os

from hypothesis import settings

_CAP = os.environ.get("GLEEK_MAX_EXAMPLES")
if _CAP:
    settings.register_profile(
        "mutation", max_examples=int(_CAP), derandomize=True, database=None, deadline=None
    )
    settings.load_profile("mutation")
