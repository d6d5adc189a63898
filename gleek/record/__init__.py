"""Recorded deals (format ``gleek-record/1``): read, replay, report, and write.

:func:`read` (a file) and :func:`read_text` (a text) read a record into objects (a :class:`Record`
whose deals step through their states); like :mod:`json`, :func:`load` / :func:`loads` read a
record into plain data (with its source positions kept for errors), :func:`dump` / :func:`dumps`
write one (a session or a record), :func:`validate` replays it into a report.

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

from gleek.record import game
from gleek.record.game import BrokenDeal, Record
from gleek.record.read import load, loads
from gleek.record.report import DealSummary, Problem, Report, escape_controls
from gleek.record.validate import validate, validate_text
from gleek.record.write import dump, dumps, record_data

# The function, not the submodule gleek.record.read (which the import above binds to this name).
read = game.read
read_text = game.read_text

__all__ = [
    "BrokenDeal",
    "DealSummary",
    "Problem",
    "Record",
    "Report",
    "dump",
    "dumps",
    "escape_controls",
    "load",
    "loads",
    "read",
    "read_text",
    "record_data",
    "validate",
    "validate_text",
]
