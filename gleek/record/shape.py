"""The shape of a record, checked fast, and the sizes no record can exceed.

:func:`conforms` is a quick, plain-Python test that a record meets the record schema
(``gleek/schemas/record.schema.json``). It only ever answers True when the schema check would
find nothing, so a True lets a large valid record skip the (much slower) general JSON Schema
check; on False the schema check runs and words every problem. A test holds the two together.

:func:`limits` tells the loader the most items a list or mapping of a record can have before its
shape is impossible (a deck longer than twice 44 cards, say), so such a file is refused as soon as
the loader meets the extra item, before it is built.
"""

from __future__ import annotations

from typing import Any, Final

from gleek import limits as caps
from gleek._args import is_player_name
from gleek.i18n import N_
from gleek.schemacheck import load_schema
from gleek.sourcemap import Path

__all__ = [
    "conforms",
    "conforms_deal",
    "conforms_head",
    "limits",
    "stream_limits",
    "within_limits",
]

# The fields of a record and of a deal, the ruff's words and the claims, as the record schema
# lists them (so the quick check and the schema cannot disagree).
_SCHEMA: Final = load_schema("record")
_TOP: Final = frozenset(_SCHEMA["properties"])
_FIELDS: Final = _SCHEMA["$defs"]["deal"]["properties"]
_DEAL: Final = frozenset(_FIELDS)
_WORDS: Final = frozenset(_FIELDS["ruff"]["items"]["additionalProperties"]["enum"])
_CLAIMS: Final = frozenset(_FIELDS["claims"]["additionalProperties"]["items"]["enum"])

# The most items a list (or keys a mapping) may have, by the last parts of its path. Twice what
# a deal can hold, so a slightly wrong count still gets the precise rule error.
_LIMITS: Final[dict[str, tuple[int, str]]] = {
    # The reasons are messages (N_), translated where they are said (gleek.limits.reason).
    "players": (6, N_("a record has exactly 3 players")),
    "deck": (88, N_("a deck is 44 cards")),
    "stock": (14, N_("a stock is 7 cards")),
    "discard": (14, N_("a buyer discards 7 cards")),
    "tricks": (24, N_("a deal has 12 tricks")),
    "hands": (8, N_("a deal has 3 hands")),
    "hand": (24, N_("a hand is 12 cards")),
    "trick": (6, N_("a trick is 3 cards")),
    "claims": (8, N_("claims are by the 3 players")),
    "points": (8, N_("results are by the 3 players and the pot")),
    "chips": (8, N_("chips are by the 3 players and the pot")),
    "claim": (22, N_("a player can claim 11 things at most")),
    # Lists with no size fixed by the rules: capped by gleek.limits (docs/security.rst).
    "deals": (caps.MAX_DEALS, N_("more than a 16 MiB file can hold of real deals")),
    "variants": (caps.MAX_VARIANTS, N_("a record names a few variants, each once")),
    "auction": (caps.MAX_AUCTION, N_("far more calls than any real auction")),
    "ruff": (caps.MAX_RUFF, N_("far more words than any real ruff")),
    # {n}: half the limit (gleek.limits.reason), the keys the schema gives
    "record": (2 * len(_TOP), N_("a record has {n} keys")),
    "deal": (2 * len(_DEAL), N_("a deal has {n} keys")),
    "result": (4, N_("a result has points and chips")),
}
_TOP_LIMITED: Final = frozenset(("players", "chips", "deals", "variants"))


def limits(path: Path) -> tuple[int, str] | None:
    """The most items the list or mapping at ``path`` may have, and why; None if unbounded."""
    n = len(path)
    if n == 0:
        return _LIMITS["record"]
    if n == 1:
        return _LIMITS.get(str(path[0])) if path[0] in _TOP_LIMITED else None
    if path[0] != "deals":
        return None
    if n == 2:
        return _LIMITS["deal"]
    key = path[2]
    if not isinstance(key, str) or key not in _DEAL:
        # a key a deal does not have (``trick`` for ``tricks``) is the schema's to name, with a
        # "did you mean": the limit of a part of a field (a trick is 3 cards) is not its own
        return None
    if n == 3:
        return _LIMITS.get(key)
    if n == 4:
        if key == "hands":
            return _LIMITS["hand"]
        if key == "tricks":
            return _LIMITS["trick"]
        if key == "claims":
            return _LIMITS["claim"]
        if key == "result":
            return _LIMITS.get(str(path[3]))
    return None


def stream_limits(path: Path) -> tuple[int, str] | None:
    """:func:`limits` for a record read deal by deal: any number of deals (each within its
    own limits; memory does not grow with their number)."""
    return None if path == ("deals",) else limits(path)


def _int(x: Any) -> bool:
    return type(x) is int


def _strings(x: Any) -> bool:
    return type(x) is list and all(type(c) is str for c in x)


def _int_map(x: Any) -> bool:
    return type(x) is dict and all(type(k) is str and type(v) is int for k, v in x.items())


def _name(x: Any) -> bool:
    return is_player_name(x)


def _one(entry: Any) -> Any:
    """The value of a one-key mapping with a string key, else a sentinel that fails."""
    if type(entry) is not dict or len(entry) != 1:
        return _BAD
    ((key, value),) = entry.items()
    return value if type(key) is str else _BAD


_BAD: Final = object()


def conforms(data: Any) -> bool:
    """True only if ``data`` meets the record schema (False: let the schema check say why)."""
    return conforms_head(data) and all(map(_deal, data["deals"]))


def conforms_head(data: Any) -> bool:
    """:func:`conforms` but for the deals themselves: only that ``deals`` lists one or more."""
    if type(data) is not dict or not _TOP.issuperset(data):
        return False
    if data.get("format") != "gleek-record/1":
        return False
    profile = data.get("profile")
    if type(profile) is not str or len(profile) > 100:
        return False
    if "variants" in data and not (
        _strings(data["variants"])
        and all(len(v) <= 100 for v in data["variants"])
        and len(set(data["variants"])) == len(data["variants"]) <= caps.MAX_VARIANTS
    ):
        return False
    players = data.get("players")
    if type(players) is not list or len(players) != 3 or not all(map(_name, players)):
        return False
    if len(set(players)) != 3:
        return False
    if "chips" in data and not _int_map(data["chips"]):
        return False
    if "pot" in data and not _int(data["pot"]):
        return False
    if "ruff_stake" in data and not (_int(data["ruff_stake"]) and data["ruff_stake"] >= 1):
        return False
    deals = data.get("deals")
    return type(deals) is list and len(deals) >= 1


def conforms_deal(deal: Any) -> bool:
    """True only if ``deal`` meets the record schema's deal (False: the schema check says why)."""
    return _deal(deal)


def _deal(deal: Any) -> bool:
    if type(deal) is not dict or not _DEAL.issuperset(deal):
        return False
    if "deck" in deal:
        if "hands" in deal or not _strings(deal["deck"]):
            return False
    elif not ("hands" in deal and "turn_up" in deal and "stock" in deal):
        return False
    if "dealer" in deal and type(deal["dealer"]) is not str:
        return False
    if "hands" in deal:
        hands = deal["hands"]
        if type(hands) is not dict or not all(
            type(k) is str and _strings(v) for k, v in hands.items()
        ):
            return False
    if "turn_up" in deal and type(deal["turn_up"]) is not str:
        return False
    for key in ("stock", "discard"):
        if key in deal and not _strings(deal[key]):
            return False
    if "auction" in deal:
        auction = deal["auction"]
        if type(auction) is not list:
            return False
        for entry in auction:
            bid = _one(entry)
            if not (_int(bid) or bid == "pass"):
                return False
    if "ruff" in deal:
        ruff = deal["ruff"]
        if type(ruff) is not list or not all(
            (w := _one(e)) is not _BAD and type(w) is str and w in _WORDS for e in ruff
        ):
            return False
    if "claims" in deal:
        claims = deal["claims"]
        if type(claims) is not dict or not all(
            type(k) is str and type(v) is list and all(type(c) is str and c in _CLAIMS for c in v)
            for k, v in claims.items()
        ):
            return False
    if "tricks" in deal:
        tricks = deal["tricks"]
        if type(tricks) is not list or not all(
            type(t) is list and all(type(_one(e)) is str for e in t) for t in tricks
        ):
            return False
    if "result" in deal:
        result = deal["result"]
        if type(result) is not dict or not {"points", "chips"}.issuperset(result):
            return False
        if not all(_int_map(v) for v in result.values()):
            return False
    return True


def within_limits(deal: dict[str, Any]) -> bool:
    """Whether a deal of the usual shape (:func:`conforms_deal`) keeps every limit a reading of
    its text enforces: its lists within :func:`limits`, its whole numbers within
    :func:`gleek.limits.within_int_bounds`."""
    for key in ("deck", "stock", "discard", "auction", "ruff", "tricks", "hands", "claims"):
        if key in deal and len(deal[key]) > limits(("deals", 0, key))[0]:  # type: ignore[index]
            return False
    inner = (("hands", "hand"), ("tricks", "trick"), ("claims", "claim"))
    for key, _ in inner:
        items = deal.get(key) or ()
        cap = limits(("deals", 0, key, 0))[0]  # type: ignore[index]
        if any(len(x) > cap for x in (items.values() if isinstance(items, dict) else items)):
            return False
    numbers = [v for e in deal.get("auction") or () for v in e.values() if type(v) is int]
    for kind in (deal.get("result") or {}).values():
        if len(kind) > 8:
            return False
        numbers += kind.values()
    return all(caps.within_int_bounds(n) for n in numbers)
