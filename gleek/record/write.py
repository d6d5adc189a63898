"""Write played deals as a format-1 record (YAML or JSON) that :func:`validate` accepts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import IO, Any, Literal

import yaml

from gleek.session import DealRecord, Session
from gleek.stages.common import POT
from gleek.stages.deal import packets
from gleek.state import split_history

__all__ = ["deal_data", "dump", "dumps", "record_data"]


def deal_data(
    deal: DealRecord, players: tuple[str, str, str], *, with_dealer: bool = True
) -> dict[str, Any]:
    """One deal as record data: the hands as dealt, every action, and the result."""
    s = deal.final
    dealer = s.dealer
    order = ((dealer + 1) % 3, (dealer + 2) % 3, dealer)
    hands = packets(s.deck, dealer, s.profile.deal.packet_size)
    out: dict[str, Any] = {}
    if with_dealer:
        out["dealer"] = players[dealer]
    out["hands"] = {players[seat]: [str(c) for c in hands[seat]] for seat in order}
    out["turn_up"] = str(s.turn_up)
    out["stock"] = [str(c) for c in s.stock]
    auction, _, ruff, _ = split_history(s.history)
    out["auction"] = [
        {players[seat]: "pass" if a.kind == "pass" else a.amount} for seat, a in auction
    ]
    out["discard"] = [str(c) for c in s.discards]
    out["ruff"] = [{players[seat]: a.kind} for seat, a in ruff]
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
        "ruff_stake": session.start_ruff_stake,
        "deals": [
            deal_data(d, session.players, with_dealer=(i == 0)) for i, d in enumerate(session.deals)
        ],
    }


def dumps(session: Session, format: Literal["yaml", "json"] = "yaml") -> str:
    """The session as record text."""
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
    """Write the session to an open text file or a path (JSON if the path ends in .json)."""
    if isinstance(fp, str | Path):
        path = Path(fp)
        fmt = format or ("json" if path.suffix == ".json" else "yaml")
        path.write_text(dumps(session, fmt), encoding="utf-8")
        return
    fp.write(dumps(session, format or "yaml"))
