"""The rule model: a checked profile as typed, read-only data, and a variant overlay.

A :class:`Profile` holds its rules twice: as typed groups (``profile.stock.opening_bid`` is a
field of :class:`StockRules`; one class per group) and as :class:`RuleValue` entries with their
title and :class:`~gleek.sources.Source`. Nothing here reads a file: :mod:`gleek.profile` loads,
overlays and indexes profile files, and :mod:`gleek.profile_checks` holds the schemas and the
checks that compare one rule with another. No field of a group of rules has a default: every
profile gives every value, and a constructor that leaves one out is an error mypy names.

>>> honours = {"A": 4, "K": 3, "Q": 2, "J": 1}
>>> tricks = TrickRules(
...     first_lead="eldest", play_high=False, trick_points=1, honours=honours, honours_to="player"
... )
>>> tricks.honours[Rank.ACE], tricks.by_rank
(4, (0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4))
>>> tricks.honours == {Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}
True
>>> display_value(["A", "K"]), display_value(True), display_value(None)
('A, K', 'yes', '-')
"""

from __future__ import annotations

import difflib
import functools
import weakref
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, Final, Literal, TypeVar

import attrs

from gleek.cards import Rank
from gleek.errors import ArgumentError, ArgumentTypeError
from gleek.i18n import gettext as _
from gleek.schemacheck import short_repr
from gleek.sources import Source

__all__ = [
    "HONOUR_ORDER",
    "HONOUR_RANKS",
    "DealRules",
    "FrozenMap",
    "Profile",
    "RuffRules",
    "RuleValue",
    "ScoringRules",
    "SessionRules",
    "SetRules",
    "SmallTrumpRules",
    "StockRules",
    "TrickRules",
    "TurnUpRules",
    "Variant",
    "display_value",
    "intern_profile",
]

K = TypeVar("K")
V = TypeVar("V")


class FrozenMap(Mapping[K, V]):
    """A read-only mapping that pickles, hashes and compares equal to a dict of the same
    items (a profile's ``titles`` and honour values)."""

    __slots__ = ("_items",)
    _items: dict[K, V]

    def __init__(self, items: Mapping[K, V] | Iterable[tuple[K, V]] = ()) -> None:
        object.__setattr__(self, "_items", dict(items))

    def __getitem__(self, key: K) -> V:
        return self._items[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, FrozenMap):
            return self._items == other._items
        return self._items == other if isinstance(other, Mapping) else NotImplemented

    def __hash__(self) -> int:
        return hash(frozenset(self._items.items()))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is read-only")

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenMap, (self._items,))

    def __repr__(self) -> str:
        return f"FrozenMap({self._items!r})"


HONOUR_RANKS: Final = {"A": Rank.ACE, "K": Rank.KING, "Q": Rank.QUEEN, "J": Rank.JACK}
HONOUR_ORDER: Final = (Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)


@attrs.frozen
class RuleValue:
    """One rule of a profile: its dotted path, title, value (as in the YAML) and source."""

    path: str
    group: str
    title: str
    description: str
    value: Any
    source: Source
    origin: str

    @property
    def inferred(self) -> bool:
        return self.source.kind == "inferred"

    @property
    def certainty(
        self,
    ) -> Literal["stated", "inferred", "doubtful", "house rule", "not applicable"]:
        """``stated``, ``inferred``, ``doubtful`` or ``house rule`` (see
        :attr:`Source.certainty`), or ``not applicable``: an empty value its source gives no
        number for because the rule does not arise under the profile (a ruff paid by the stake
        has no payment for "nothing to say"). An empty value the project infers (no fixed
        carried stake) stays ``inferred``; a house rule stays a house rule."""
        if self.value is None and self.source.inferred is None and self.source.house is None:
            return "not applicable"
        return self.source.certainty

    def source_data(self) -> dict[str, Any]:
        """:meth:`Source.data`, with this value's :attr:`certainty`."""
        out = self.source.data()
        out["certainty"] = self.certainty
        return out

    def display(self) -> str:
        """The value as a person reads it: ``12``, ``A 15, K 3``, ``none``, ``yes``."""
        return display_value(self.value)


def display_value(value: Any) -> str:
    if value is True:
        return _("yes")
    if value is False:
        return _("no")
    if value is None:
        return "-"
    if isinstance(value, list | tuple):
        return ", ".join(map(str, value)) if value else _("none")
    if isinstance(value, dict):
        return ", ".join(f"{k} {v}" for k, v in value.items())
    return str(value)


def _ranks(value: Iterable[str | Rank]) -> frozenset[Rank]:
    return frozenset(r if isinstance(r, Rank) else HONOUR_RANKS[r] for r in value)


def _honours(value: Mapping[str, int]) -> Mapping[Rank, int]:
    if isinstance(value, FrozenMap):
        return value
    return FrozenMap({HONOUR_RANKS[k]: int(v) for k, v in value.items()})


def _late_raise(value: Mapping[str, int] | tuple[int, int] | None) -> tuple[int, int] | None:
    if value is None or isinstance(value, tuple):
        return value
    return (int(value["from"]), int(value["raise"]))


@attrs.frozen
class DealRules:
    packet_size: int


@attrs.frozen
class TurnUpRules:
    honour_to_dealer: bool
    tiddy: int
    towser: int
    tumbler: int
    #: A turned Towser or Tumbler pays twice its held value instead of ``towser``/``tumbler``.
    double_when_turned: bool


@attrs.frozen
class StockRules:
    opening_bid: int
    increment: int
    odd_chip: Literal["pot", "eldest"]
    forbidden_discards: frozenset[Rank] = attrs.field(converter=_ranks)
    #: ``discard-first``: the buyer lays out 7 of its 12 cards, then takes the stock;
    #: ``take-first``: it takes the stock, then lays out 7 of its 19 cards.
    exchange: Literal["discard-first", "take-first"]


@attrs.frozen
class RuffRules:
    card_values: Mapping[Rank, int] = attrs.field(converter=_honours)
    four_aces: bool
    model: Literal["direct", "pool"]
    first_speaker: Literal["eldest", "buyer"]
    stake: int
    raise_: int
    no_vie: Literal["carry-fixed", "carry-double", "show"]
    carried_stake: int | None
    tie_break: Literal["eldest-first"]
    losers_pay: Literal["stake", "how-far"]
    nothing_to_say: int | None
    #: ``(from, raise)``: once the stake reaches ``from`` a revie adds ``raise``; or None.
    late_raise: tuple[int, int] | None = attrs.field(converter=_late_raise)
    youngest_doubles: bool
    #: Ruff points of every 11-bit holding of one suit, derived from ``card_values``.
    suit_table: tuple[int, ...] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        pips = (4, 5, 6, 7, 8, 9, 10, *(self.card_values[r] for r in HONOUR_ORDER))
        object.__setattr__(self, "suit_table", _suit_points(pips))


@functools.lru_cache(maxsize=64)  # bounded: one entry per distinct set of card values
def _suit_points(pips: tuple[int, ...]) -> tuple[int, ...]:
    """The points of every 11-bit holding of a suit whose cards score ``pips``, low card first:
    each holding's points are its lowest card's and those of the holding without it."""
    table = [0]
    for sub in range(1, 2048):
        low = sub & -sub
        table.append(pips[low.bit_length() - 1] + table[sub ^ low])
    return tuple(table)


@attrs.frozen
class SetRules:
    gleek: Mapping[Rank, int] = attrs.field(converter=_honours)
    mournival: Mapping[Rank, int] = attrs.field(converter=_honours)
    four_aces_pay: bool
    forfeit: int


@attrs.frozen
class SmallTrumpRules:
    tiddy: int
    towser: int
    tumbler: int


@attrs.frozen
class TrickRules:
    first_lead: Literal["eldest", "buyer"]
    play_high: bool
    trick_points: int
    honours: Mapping[Rank, int] = attrs.field(converter=_honours)
    honours_to: Literal["player", "winner"]
    #: Honour points by rank index (0 = the 4 ... 10 = the Ace), derived from ``honours``.
    by_rank: tuple[int, ...] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        table = tuple(self.honours.get(Rank(r + 4), 0) for r in range(11))
        object.__setattr__(self, "by_rank", table)


@attrs.frozen
class ScoringRules:
    par: int
    pot: Literal["carries"]


@attrs.frozen
class SessionRules:
    starting_chips: int
    starting_pot: int
    deals_multiple: int


@attrs.frozen(eq=False)
class Profile:
    """A complete, checked rule set: a source's profile with any variants applied in order.

    Groups of rules are typed attributes (``profile.stock.opening_bid``); :meth:`rule` and
    :attr:`rules` give each rule's value with its title and source, for docs and comparison.
    Two profiles are equal when their id, variants and rule values are.
    """

    id: str
    title: str
    titles: Mapping[str, str]
    aliases: tuple[str, ...]
    summary: str
    sources: tuple[str, ...]
    variants: tuple[str, ...]
    deal: DealRules
    turn_up: TurnUpRules
    stock: StockRules
    ruff: RuffRules
    sets: SetRules
    small_trumps: SmallTrumpRules
    tricks: TrickRules
    scoring: ScoringRules
    session: SessionRules
    rules: tuple[RuleValue, ...]
    fingerprint: str = attrs.field(repr=False)

    @property
    def name(self) -> str:
        """``parlett`` or, with variants, ``parlett+play-high``."""
        return "+".join((self.id, *self.variants))

    def rule(self, path: str) -> RuleValue:
        """The rule at a dotted path such as ``stock.opening_bid``."""
        for r in self.rules:
            if r.path == path:
                return r
        if not isinstance(path, str):
            raise ArgumentTypeError(f"path: a dotted rule path, not {type(path).__name__}")
        close = difflib.get_close_matches(path, [r.path for r in self.rules], n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise ArgumentError(
            f"path: no rule {short_repr(path)}{hint}; rules: "
            + ", ".join(r.path for r in self.rules)
        )

    def __eq__(self, other: object) -> bool:
        return self is other or (
            isinstance(other, Profile)
            and (self.id, self.variants, self.fingerprint)
            == (other.id, other.variants, other.fingerprint)
        )

    def __hash__(self) -> int:
        return hash(self.fingerprint)

    def __repr__(self) -> str:
        return f"<Profile {self.name}>"

    def __reduce__(self) -> tuple[Any, ...]:
        """A profile pickles as all its values (not its name: a profile from a file, or changed
        with variants or :func:`~gleek.profile.with_rules`, reaches another process as it is)."""
        return (_restore_profile, tuple(getattr(self, f.name) for f in attrs.fields(Profile)))


# Profiles alive in this process by fingerprint: unpickling one that is here already gives that
# very object, so the engine's tables built for it are shared.
# (Keyed by the rule values and the files they came from; every value is compared before
# an object is shared.)
_KNOWN: weakref.WeakValueDictionary[tuple[str, tuple[str, ...]], Profile] = (
    weakref.WeakValueDictionary()
)


def intern_profile(profile: Profile) -> Profile:
    """``profile``, or the equal profile alive in this process already (same rule values from
    the same files), so that the engine's tables built for it are shared."""
    key = (profile.fingerprint, tuple([r.origin for r in profile.rules]))
    known = _KNOWN.get(key)
    if known is None:
        _KNOWN[key] = profile
    elif all(getattr(known, f.name) == getattr(profile, f.name) for f in attrs.fields(Profile)):
        return known
    return profile


def _restore_profile(*values: Any) -> Profile:
    return intern_profile(Profile(*values))


@attrs.frozen
class Variant:
    """An overlay: rule values (with sources) that replace a profile's.

    ``only_where`` (rule path -> value) limits it to profiles that have those values: on any
    other profile it changes nothing (``towser-tumbler`` under ``cotton``, which pays Towser and
    Tumbler already)."""

    id: str
    title: str
    summary: str
    rules: Mapping[str, Mapping[str, Any]]
    origin: str
    only_where: Mapping[str, Any] = attrs.field(factory=dict)

    def applies_to(self, rules: Mapping[str, Mapping[str, Any]]) -> bool:
        """Whether it changes profile data ``rules`` (group -> name -> {value, source})."""
        for path, want in self.only_where.items():
            group, name = path.split(".")
            if rules[group][name]["value"] != want:
                return False
        return True
