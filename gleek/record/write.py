"""Write played deals as a format-1 record (YAML or JSON) that :func:`validate` accepts.

The writer's output is the canonical form of a record: every deal names its dealer, the hands
are listed sorted by suit (S H D C) and rank so people can edit them, every action and the
result follow. ``dumps(read(text))`` is the canonical form of ``text``.
"""

from __future__ import annotations

import io
import itertools
import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Literal

import yaml

from gleek._args import type_name
from gleek._files import write_atomic
from gleek.errors import ArgumentError, ArgumentTypeError, RecordError
from gleek.limits import MAX_DIGITS, within_int_bounds
from gleek.record.read import path_where
from gleek.record.shape import limits
from gleek.schemacheck import short_repr
from gleek.session import DealRecord, Session
from gleek.sourcemap import format_path, key_part
from gleek.stages.common import POT, from_eldest
from gleek.state import State, split_history

if TYPE_CHECKING:
    from gleek.record.game import Record

__all__ = ["deal_data", "dump", "dumps", "record_data", "write_deals"]

Format = Literal["yaml", "json", "jsonl"]
_YAML: dict[str, Any] = {
    "sort_keys": False,
    "default_flow_style": None,
    "width": 100,
    "allow_unicode": True,
}


def deal_data(deal: DealRecord, players: tuple[str, str, str]) -> dict[str, Any]:
    """One deal as record data: the dealer, the hands as dealt (sorted), every action, any
    claims, and the result."""
    s = deal.final
    dealer = s.dealer
    order = from_eldest(dealer)
    out: dict[str, Any] = {"dealer": players[dealer]}
    out["hands"] = {players[seat]: [str(c) for c in s.dealt[seat]] for seat in order}
    out["turn_up"] = str(s.turn_up)
    out["stock"] = [str(c) for c in s.stock]
    auction, _, ruff, _ = split_history(s.history)
    out["auction"] = [
        {players[seat]: "pass" if a.kind == "pass" else a.amount} for seat, a in auction
    ]
    out["discard"] = [str(c) for c in s.discards]
    out["ruff"] = [{players[seat]: a.kind.value} for seat, a in ruff]
    if deal.claims is not None:
        out["claims"] = {
            players[seat]: list(deal.claims[seat]) for seat in order if deal.claims[seat]
        }
    out["tricks"] = [[{players[seat]: str(c)} for seat, c in trick] for trick in s.tricks]
    o = deal.outcome
    out["result"] = {
        "points": {players[i]: o.points[i] for i in range(3)},
        "chips": {**{players[i]: o.chips[i] for i in range(3)}, POT: o.pot},
    }
    return out


def _session(source: Session | Record | State) -> Session:
    from gleek.record.game import Record

    if isinstance(source, Session):
        return source
    if isinstance(source, Record):
        return source.session()
    if isinstance(source, State):
        if not source.is_over:
            raise ArgumentError(
                "the deal to write is not finished (state.is_over is False): play it out, "
                "or record the finished deals in a Session"
            )
        start = source.root()
        return Session.start(
            source.profile, 1, dealer=source.dealer, ruff_stake=start.ruff_stake
        ).record(source)
    raise ArgumentTypeError(
        "the record to write must be a Session, a Record or a finished State "
        f"(a deal: gleek.record.dumps(state) writes it as a one-deal session), "
        f"not {type_name(source)}"
    )


def record_data(source: Session | Record | State) -> dict[str, Any]:
    """A session (or a :class:`~gleek.record.Record` read back, or a finished deal's
    :class:`~gleek.State` as a session of one deal) as record data."""
    session = _session(source)
    p = session.profile
    data = {
        "format": "gleek-record/1",
        "profile": p.id,
        "variants": list(p.variants),
        "players": list(session.players),
        "chips": {n: c for n, c in zip(session.players, session.start_chips, strict=True)},
        "pot": session.start_pot,
        "ruff_stake": session.start_ruff_stake,
        "deals": [deal_data(d, session.players) for d in session.deals],
    }
    _check_readable(data, ())
    return data


def _check_readable(value: Any, path: tuple[str | int, ...]) -> None:
    """Refuse to write what the reader would refuse: a whole number past the limit, a list
    longer than the reader takes (:mod:`gleek.limits`)."""
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        if not within_int_bounds(value):
            raise ArgumentError(
                f"cannot write {format_path(path)}: a whole number of more than {MAX_DIGITS} "
                "digits, which no reader accepts"
            )
        return
    if isinstance(value, dict | list):
        cap = None if path == ("deals",) else limits(path)  # a file may hold any number of deals
        if cap is not None and len(value) > cap[0]:
            raise ArgumentError(
                f"cannot write {format_path(path) or 'the record'}: more than {cap[0]} items "
                f"({cap[1]}), which no reader accepts"
            )
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, item in items:
            _check_readable(item, (*path, key_part(key)))


def dumps(source: Session | Record | State, format: Format = "yaml") -> str:
    """The session (or a :class:`~gleek.record.Record`, or a finished deal's
    :class:`~gleek.State`, written as a session of one deal) as record text; a record's head
    comment is written back too (YAML only). ``format`` ``"jsonl"`` writes the JSON Lines form
    (a head line, then a line for each deal).

    >>> import gleek, random
    >>> from gleek.record import dumps, read_text
    >>> state = gleek.new_deal(gleek.load_profile("parlett"), dealer=0, seed=7)
    >>> state = gleek.rollout(state, "random", random.Random(7))
    >>> rec = read_text(dumps(state))
    >>> rec.valid, len(rec.deals), rec.deals[0].final == state
    (True, 1, True)
    >>> dumps(state, "jsonl").count("\\n"), dumps(state, "jsonl")[:44]
    (2, '{"format": "gleek-record/1", "profile": "par')
    """
    if format not in ("yaml", "json", "jsonl"):
        raise ArgumentError(f"format must be 'yaml', 'json' or 'jsonl', not {format!r}")
    data = record_data(source)
    if format == "json":
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    out = io.StringIO()
    deals = data.pop("deals")
    write_deals(out, data, deals, format)
    comment = getattr(source, "comment", "") if format == "yaml" else ""
    return f"{comment}\n{out.getvalue()}" if comment else out.getvalue()


def write_deals(
    fp: IO[str],
    head: dict[str, Any],
    deals: Iterable[dict[str, Any]],
    format: Literal["yaml", "jsonl"] = "yaml",
) -> int:
    """Write a record given as its head (every key but ``deals``) and its deals (record data,
    as :func:`deal_data` gives), a deal at a time: a record too large to hold in memory, in
    YAML (the same text as :func:`dumps`) or in the JSON Lines form. The number of deals.

    >>> out = io.StringIO()
    >>> write_deals(out, {"format": "gleek-record/1"}, [{"dealer": "Anna"}], "jsonl")
    1
    >>> print(out.getvalue(), end="")
    {"format": "gleek-record/1"}
    {"dealer": "Anna"}
    """
    if format not in ("yaml", "jsonl"):
        raise ArgumentError(f"format must be 'yaml' or 'jsonl', not {format!r}")
    _check_readable(head, ())
    n = 0
    if format == "jsonl":
        fp.write(json.dumps(head, ensure_ascii=False) + "\n")
        for n, deal in enumerate(deals, 1):
            _check_readable(deal, ("deals", n - 1))
            fp.write(json.dumps(deal, ensure_ascii=False) + "\n")
        return n
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    # The head as the whole record's head is written (a block mapping, whatever it holds).
    text = str(yaml.dump({**head, "deals": []}, Dumper=dumper, **_YAML))
    each = iter(deals)
    first = next(each, None)
    if first is None:  # (no reader accepts it; written as it is, as the whole-text writer does)
        fp.write(text)
        return 0
    fp.write(text.removesuffix("deals: []\n") + "deals:\n")
    for n, deal in enumerate(itertools.chain((first,), each), 1):
        _check_readable(deal, ("deals", n - 1))
        fp.write(str(yaml.dump([deal], Dumper=dumper, **_YAML)))
    return n


def dump(
    source: Session | Record | State,
    fp: IO[str] | str | Path,
    format: Format | None = None,
) -> None:
    """Write the session (or record) to an open text file or a path (JSON if the path ends in
    .json, JSON Lines if in .jsonl).

    A path is written atomically: to a temporary file in the same folder, then renamed over the
    old file, so a failed write (a full disk) leaves the old file as it was; the old file's mode
    is kept, and a folder, FIFO or device at the path is refused (:class:`ArgumentError`). A
    path that cannot be written (no such folder, no permission) raises
    :class:`~gleek.errors.RecordError` naming it. An open file must be a text file open for
    writing (not a binary one, such as ``open(path, "wb")``: :class:`ArgumentTypeError`).
    """
    if not isinstance(fp, str | os.PathLike) and not callable(getattr(fp, "write", None)):
        raise ArgumentTypeError(f"fp must be a path or an open text file, not {type_name(fp)}")
    if isinstance(fp, str | os.PathLike):
        if os.fspath(fp) == "":
            raise ArgumentError("fp: '' is an empty path: name a file")
        path = Path(fp)
        suffix = path.suffix.lower()
        fmt = format or ("json" if suffix == ".json" else "jsonl" if suffix == ".jsonl" else "yaml")
        text = dumps(source, fmt)
        try:
            write_atomic(path, text)
        except ValueError as exc:  # a folder, a FIFO, a device
            raise ArgumentError(f"fp: {short_repr(str(path))} {exc}") from None
        except OSError as exc:  # no such folder, no permission, a full disk
            why = "no such folder" if isinstance(exc, FileNotFoundError) else exc.strerror or exc
            raise RecordError(f"cannot write: {why}", file=path_where(path)) from None
        return
    _check_text_stream(fp)
    text = dumps(source, format or "yaml")
    try:
        fp.write(text)
    except OSError as exc:  # a full disk, a closed pipe
        name = getattr(fp, "name", None)
        where = path_where(str(name)) if isinstance(name, str | int) else None
        raise RecordError(f"cannot write: {exc.strerror or exc}", file=where) from None


def _check_text_stream(fp: Any) -> None:
    """``fp`` must be an open text file that can be written: not a binary file, not one open
    for reading only, not a closed one."""
    mode = getattr(fp, "mode", "")
    if isinstance(fp, io.RawIOBase | io.BufferedIOBase) or (isinstance(mode, str) and "b" in mode):
        raise ArgumentTypeError(
            f"fp must be an open text file, not a binary one ({fp!r:.60}): open it with "
            "mode 'w' (text), not 'wb'"
        )
    writable = getattr(fp, "writable", None)
    if callable(writable):
        try:
            ok = writable()
        except ValueError:  # a closed file
            raise ArgumentError(f"fp: the file is closed ({fp!r:.60})") from None
        if not ok:
            raise ArgumentError(f"fp: the file is not open for writing ({fp!r:.60})")
