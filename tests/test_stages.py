"""Stage functions on literal sub-states: each test names the rule it pins down."""

from __future__ import annotations
