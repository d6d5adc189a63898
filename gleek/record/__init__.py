"""Recorded deals (format ``gleek-record/1``): read, replay, report, and write.

Like :mod:`json`: :func:`load` / :func:`loads` read a record into plain data (with its source
positions kept for errors), :func:`dump` / :func:`dumps` write one, :func:`validate` replays it.

>>> import gleek
>>> from gleek.session import Session
>>> from gleek.sim.bots import BasicBot
>>> s = Session.start(gleek.load_profile("parlett"), deals=1).play_out([BasicBot()] * 3, seed=5)
>>> text = dumps(s)
>>> report = validate_text(text, "played.yaml")
>>> report.valid, report.deals[0].points == tuple(
...     zip(s.players, s.deals[0].outcome.points))
(True, True)
"""

from __future__ import annotations

from gleek.record.read import load, loads
from gleek.record.report import DealSummary, Problem, Report, escape_controls
from gleek.record.validate import validate, validate_text
from gleek.record.write import dump, dumps, record_data

__all__ = [
    "DealSummary",
    "Problem",
    "Report",
    "dump",
    "dumps",
    "escape_controls",
    "load",
    "loads",
    "record_data",
    "validate",
    "validate_text",
]
