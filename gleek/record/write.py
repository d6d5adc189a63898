"""Write played deals as a format-1 record (YAML or JSON) that :func:`validate` accepts."""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from pathlib import Path
from typing import IO, Any, Literal

import yaml

from gleek.cards import CARDS
from gleek.errors import ArgumentError, ArgumentTypeError
from gleek.session import DealRecord, Session
from gleek.stages.common import POT
from gleek.stages.deal import packets

__all__ = ["deal_data", "dump", "dumps", "record_data"]


def deal_data(
    deal: DealRecord, players: tuple[str, str, str], *, with_dealer: bool = True
) -> dict[str, Any]:
    """One deal as record data: the hands as dealt, every action, and the result."""
    s = deal.final
    info = s.info
    order = ((info.dealer + 1) % 3, (info.dealer + 2) % 3, info.dealer)
    hands = packets(info.deck, info.dealer, s.profile.deal.packet_size)
    out: dict[str, Any] = {}
    if with_dealer:
        out["dealer"] = players[info.dealer]
    out["hands"] = {players[seat]: [str(CARDS[c]) for c in hands[seat]] for seat in order}
    out["turn_up"] = str(CARDS[info.turn_up])
    out["stock"] = [str(CARDS[c]) for c in info.stock]
    out["auction"] = [
        {players[seat]: "pass" if bid is None else bid} for seat, bid in s.auction.history
    ]
    out["discard"] = [str(CARDS[c]) for c in s.discards]
    assert s.ruff is not None
    out["ruff"] = [{players[seat]: word} for seat, word in s.ruff.history]
    out["tricks"] = [[{players[seat]: str(c)} for seat, c in trick] for trick in s.tricks]
    o = deal.outcome
    out["result"] = {
        "points": {players[i]: o.points[i] for i in range(3)},
        "chips": {**{players[i]: o.chips[i] for i in range(3)}, POT: o.pot},
    }
    return out


def record_data(session: Session) -> dict[str, Any]:
    """A session as record data (``format: gleek-record/1``)."""
    p = session.profile
    return {
        "format": "gleek-record/1",
        "profile": p.id,
        "variants": list(p.variants),
        "players": list(session.players),
        "chips": {n: c for n, c in zip(session.players, session.start_chips, strict=True)},
        "pot": session.start_pot,
        "ruff_stake": session.deals[0].final.info.ruff_stake if session.deals else p.ruff.stake,
        "deals": [
            deal_data(d, session.players, with_dealer=(i == 0)) for i, d in enumerate(session.deals)
        ],
    }


def _check(session: Any, format: Any) -> None:
    if not isinstance(session, Session):
        raise ArgumentTypeError(f"session: a Session, not {type(session).__name__}")
    if format not in ("yaml", "json"):
        raise ArgumentError(f"format: 'yaml' or 'json', not {format!r}")


def dumps(session: Session, format: Literal["yaml", "json"] = "yaml") -> str:
    """The session as record text."""
    _check(session, format)
    data = record_data(session)
    if format == "json":
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    return str(
        yaml.safe_dump(
            data, sort_keys=False, default_flow_style=None, width=100, allow_unicode=True
        )
    )


def dump(
    session: Session, fp: IO[str] | str | Path, format: Literal["yaml", "json"] | None = None
) -> None:
    """Write the session to an open text file or a path (JSON if the path ends in .json).

    A path is written atomically: to a temporary file in the same folder, then renamed over the
    old file, so a failed write (a full disk) leaves the old file as it was.
    """
    if isinstance(fp, str | os.PathLike):
        path = Path(fp)
        fmt = format or ("json" if path.suffix == ".json" else "yaml")
        text = dumps(session, fmt)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(text)
                out.flush()
                os.fsync(out.fileno())
            os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        return
    if not callable(getattr(fp, "write", None)):
        raise ArgumentTypeError(f"fp: an open text file or a path, not {type(fp).__name__}")
    fp.write(dumps(session, format or "yaml"))
