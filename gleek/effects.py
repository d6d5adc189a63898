"""What one disputed rule does to the game: each rule changed alone, the same deals played under
both rule sets, and the paired differences with 95% intervals.

A *rule change* gives one rule of a base profile the value another source gives it (a shipped
profile, or a shipped variant applied to one), as a one-rule overlay
(:func:`gleek.profile.with_rules`); everything else stays the base's. The base and every change
play the same seeded deals (the same decks, dealer and bots' random generator: sessions of
:data:`~gleek.sim.batch.SESSION_DEALS` deals, as ``gleek compare --simulate`` plays them), each
deal played afresh by the bots under each rule set. Each figure is the mean over the deals of
*changed minus base*, deal by deal, with its 95% interval; the deals of a session share the
ruff's carried stake, so the interval takes each session as one unit.

>>> import gleek
>>> parlett = gleek.load_profile("parlett")
>>> changes, skipped = rule_changes(parlett, ["stock.odd_chip"])
>>> [(c.path, c.base.display(), c.new.display(), c.holders) for c in changes]
[('stock.odd_chip', 'pot', 'eldest', ('cotton',))]
>>> r = effects(parlett, ["stock.odd_chip"], deals=30, seed=1, workers=1)
>>> e = r.changes[0].effect("chips.eldest")
>>> e.low <= e.mean <= e.high
True
>>> e.mean >= 0  # the odd chip of the price goes to eldest, not to the pot
True
>>> r.changes[0].effect("price").mean == 0  # the same deals, the same auctions
True
"""

from __future__ import annotations

import csv
import fnmatch
import io
import json
import math
import os
import statistics
import textwrap
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, Final

import attrs
from tabulate import tabulate

from gleek._args import check_callback, check_int, check_type, items_arg
from gleek.build import build_info
from gleek.errors import ArgumentError, GleekError, ProfileError
from gleek.i18n import N_, ngettext
from gleek.i18n import gettext as _
from gleek.profile import (
    Profile,
    RuleValue,
    list_profiles,
    list_variants,
    load_profile,
    with_rules,
)
from gleek.sim.batch import SESSION_DEALS, check_bots, play_deals
from gleek.sim.bots import DEFAULT_BOT
from gleek.sim.match import Estimate
from gleek.state import Outcome

__all__ = [
    "KEYS",
    "METRICS",
    "PLOT_METRICS",
    "BotCheck",
    "BotDisagreement",
    "ChangeEffects",
    "Effect",
    "EffectsResult",
    "PlotError",
    "RuleChange",
    "Skipped",
    "check_bots_effects",
    "deal_facts",
    "disputed_rules",
    "effects",
    "forest_plot",
    "paired_difference",
    "rule_changes",
]

Z95: Final = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


# ---------------------------------------------------------------------------- the metrics


@attrs.frozen
class Metric:
    """One figure measured on every deal: its key, the group it is shown in, its words."""

    key: str
    group: str
    words: str
    share: bool = False  # a share of deals (0 or 1 a deal), shown as a share


METRICS: Final = (
    Metric("chips.buyer", "chips", N_("chips a deal won by the buyer")),
    Metric("chips.non_buyer", "chips", N_("chips a deal won by a non-buyer (mean of the two)")),
    Metric("chips.dealer", "chips", N_("chips a deal won by the dealer")),
    Metric("chips.eldest", "chips", N_("chips a deal won by eldest (the dealer's left)")),
    Metric("chips.middle", "chips", N_("chips a deal won by the middle hand (the dealer's right)")),
    Metric("points.buyer", "points", N_("points a deal of the buyer")),
    Metric("points.dealer", "points", N_("points a deal of the dealer")),
    Metric("points.eldest", "points", N_("points a deal of eldest")),
    Metric("points.middle", "points", N_("points a deal of the middle hand")),
    Metric("price", "stock", N_("price paid for the stock")),
    Metric("bid", "stock", N_("share of deals where the stock is bought by a bid"), share=True),
    Metric("buys.eldest", "stock", N_("share of deals where eldest buys the stock"), share=True),
    Metric("buys.middle", "stock", N_("share of deals where the middle hand buys"), share=True),
    Metric("buys.dealer", "stock", N_("share of deals where the dealer buys"), share=True),
    Metric("vied", "ruff", N_("share of deals where somebody vies the ruff"), share=True),
    Metric("ruff.stake", "ruff", N_("the ruff's stake at the end")),
    Metric("swing", "spread", N_("mean absolute chips a seat a deal (how swingy the game is)")),
    Metric("spread", "spread", N_("standard deviation of the three seats' chips in a deal")),
    Metric("pot", "spread", N_("chips a deal left in the pot")),
)
"""Every figure measured, in the order of the tables. ``bid``: the stock is bought by a bid
above eldest's forced opening (eldest must open, so somebody always ends with the stock: the
share bought at all is 1 under every profile; a bid over the opening is the choice)."""

GROUPS: Final = (
    ("chips", N_("Chips a deal by role (seats relative to the dealer: dealer, eldest, middle)")),
    ("points", N_("Points by role")),
    ("stock", N_("The stock")),
    ("ruff", N_("The ruff")),
    ("spread", N_("The spread of chips")),
)

KEYS: Final = tuple(m.key for m in METRICS)
_BY_KEY: Final = {m.key: m for m in METRICS}

#: The build as the tables' head says it (:attr:`gleek.build.BuildInfo.kind`).
_BUILD: Final = {"pure": N_("pure"), "compiled": N_("compiled")}

PLOT_METRICS: Final = ("chips.buyer", "chips.eldest", "price", "bid", "vied", "swing")
"""The figures drawn by :meth:`EffectsResult.plot` unless told otherwise."""

# the facts :func:`deal_facts` keeps of a deal, by position
_DEALER, _BUYER, _PRICE, _VIED, _STAKE, _POT = 0, 1, 2, 3, 4, 5
_CHIPS, _POINTS = 6, 9


def deal_facts(o: Outcome) -> tuple[int, ...]:
    """What :func:`effects` keeps of a deal (on the worker, so it travels light): dealer, buyer,
    price, whether somebody vied (0 or 1), the ruff's stake at the end, the pot's change, the
    three seats' chips, the three seats' points.

    >>> import gleek
    >>> from gleek.sim.batch import play_deals
    >>> (rows,) = play_deals([gleek.load_profile("pi")], 1, seed=2, measure=deal_facts, workers=1)
    >>> len(rows[0]), sum(rows[0][6:9]) + rows[0][5]  # the chips and the pot sum to nothing
    (12, 0)
    """
    return (
        o.dealer,
        o.buyer,
        o.price,
        1 if o.ruff.vied else 0,
        o.ruff.stake,
        o.pot,
        *o.chips,
        *o.points,
    )


def _metrics(facts: Sequence[int], opening: int) -> tuple[float, ...]:
    """One deal's figures, in the order of :data:`METRICS`; ``opening``: the profile's opening
    bid (a price above it was bid for)."""
    d, b = facts[_DEALER], facts[_BUYER]
    chips = facts[_CHIPS : _CHIPS + 3]
    points = facts[_POINTS : _POINTS + 3]
    eldest, middle = (d + 1) % 3, (d + 2) % 3
    mean = sum(chips) / 3
    return (
        chips[b],
        (chips[(b + 1) % 3] + chips[(b + 2) % 3]) / 2,
        chips[d],
        chips[eldest],
        chips[middle],
        points[b],
        points[d],
        points[eldest],
        points[middle],
        facts[_PRICE],
        1.0 if facts[_PRICE] > opening else 0.0,
        1.0 if b == eldest else 0.0,
        1.0 if b == middle else 0.0,
        1.0 if b == d else 0.0,
        facts[_VIED],
        facts[_STAKE],
        sum(abs(c) for c in chips) / 3,
        math.sqrt(sum((c - mean) ** 2 for c in chips) / 3),
        facts[_POT],
    )


# ---------------------------------------------------------------------------- the changes


@attrs.frozen
class RuleChange:
    """One rule of ``base`` given the value ``new`` (which the sources ``holders`` give it):
    ``profile`` is the base with that rule alone changed."""

    path: str
    title: str
    base: RuleValue
    new: RuleValue
    holders: tuple[str, ...]
    profile: Profile = attrs.field(eq=False, repr=False)

    @property
    def label(self) -> str:
        """``stock.odd_chip = eldest``: the rule set's name in tables and the CSV."""
        return f"{self.path} = {self.new.display()}"


@attrs.frozen
class Skipped:
    """A rule change that cannot stand alone (the profile it makes is not valid), and why."""

    path: str
    value: str
    holders: tuple[str, ...]
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {**attrs.asdict(self), "holders": list(self.holders)}


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def _shipped(profile_dirs: Sequence[str]) -> list[tuple[str, Profile, frozenset[str]]]:
    """Every source of a rule value, by name, with the rules it gives: each profile (all its
    rules), then each variant applied to each profile (the rules the variant changes there)."""
    profiles = [load_profile(p, profile_dirs=profile_dirs) for p in list_profiles(profile_dirs)]
    out = [(p.id, p, frozenset(r.path for r in p.rules)) for p in profiles]
    for v in list_variants(profile_dirs):
        for p in profiles:
            try:
                varied = load_profile(p.id, [v], profile_dirs=profile_dirs)
            except ProfileError:  # a variant that does not fit this profile gives nothing
                continue
            paths = frozenset(
                a.path for a, b in zip(p.rules, varied.rules, strict=True) if a.source != b.source
            )
            out.append((f"variant {v}", varied, paths))
    return out


def disputed_rules(profile_dirs: Sequence[str] = ()) -> tuple[str, ...]:
    """The rules on which the profiles (the shipped ones, and those of ``profile_dirs``)
    differ in value, in the profiles' order.

    >>> disputed_rules()[:3]
    ('turn_up.tiddy', 'turn_up.towser', 'turn_up.tumbler')
    """
    profiles = [load_profile(p, profile_dirs=profile_dirs) for p in list_profiles(profile_dirs)]
    first = profiles[0]
    return tuple(
        r.path
        for i, r in enumerate(first.rules)
        if len({_key(p.rules[i].value) for p in profiles}) > 1
    )


def rule_changes(
    base: Profile, selectors: Sequence[str] = (), *, profile_dirs: Sequence[str] = ()
) -> tuple[tuple[RuleChange, ...], tuple[Skipped, ...]]:
    """The one-rule changes of ``base`` that ``selectors`` ask for, and those that cannot stand
    alone (with the reason), in the order of the profile's rules.

    A selector is a rule's path or a glob of paths (``ruff.stake``, ``stock.*``): each rule
    matched, changed to each other value a source gives it; or a profile (id, alias or file):
    each rule on which it differs from ``base``, changed to its value. No selector: every
    rule on which the profiles differ (:func:`disputed_rules`), to each other value.

    >>> import gleek
    >>> parlett = gleek.load_profile("parlett")
    >>> changes, skipped = rule_changes(parlett, ["cotton"])
    >>> "stock.odd_chip" in [c.path for c in changes]
    True
    >>> all(c.holders == ("cotton",) for c in changes)
    True
    >>> [(s.path, s.value) for s in skipped]  # each needs the other: neither stands alone
    [('ruff.losers_pay', 'how-far'), ('ruff.nothing_to_say', '1')]
    """
    check_type("base", base, Profile, "a Profile (from gleek.load_profile)")
    given = items_arg("selectors", selectors, "a list of rule paths, globs or profiles")
    paths = [r.path for r in base.rules]
    # path -> value key -> (RuleValue, holders)
    wanted: dict[str, dict[str, tuple[RuleValue, list[str]]]] = {}
    sources: list[tuple[str, Profile, frozenset[str]]] | None = None

    def offer(path: str, name: str, value: RuleValue) -> None:
        if _key(value.value) == _key(base.rule(path).value):
            return
        held = wanted.setdefault(path, {}).setdefault(_key(value.value), (value, []))[1]
        if name not in held:
            held.append(name)

    if not given:
        given = disputed_rules(profile_dirs)
    for sel in given:
        check_type("selectors[]", sel, str, "a rule path, a glob of paths or a profile")
        assert isinstance(sel, str)
        if "." in sel or any(ch in sel for ch in "*?["):
            matched = [p for p in paths if fnmatch.fnmatchcase(p, sel)]
            if not matched and os.path.splitext(sel)[1] not in (".yaml", ".yml", ".json"):
                raise ArgumentError(
                    f"no rule matches {sel!r:.80}: give a rule's path such as stock.odd_chip, a "
                    f"glob such as 'stock.*', or a profile (gleek rules PROFILE lists the paths)"
                )
            if matched:
                if sources is None:
                    sources = _shipped(profile_dirs)
                for path in matched:
                    for name, prof, gives in sources:
                        if path in gives:
                            offer(path, name, prof.rule(path))
                continue
        other = load_profile(sel, profile_dirs=profile_dirs)
        for r in other.rules:
            offer(r.path, other.name, r)
    changes: list[RuleChange] = []
    skipped: list[Skipped] = []
    for path in paths:
        for value, holders in wanted.get(path, {}).values():
            label = f"{path}={value.display()}"
            try:
                changed = with_rules(base, {path: value}, label)
            except ProfileError as exc:
                skipped.append(Skipped(path, value.display(), tuple(holders), exc.message))
                continue
            changes.append(
                RuleChange(path, value.title, base.rule(path), value, tuple(holders), changed)
            )
    return tuple(changes), tuple(skipped)


# ---------------------------------------------------------------------------- the statistics


@attrs.frozen
class Effect:
    """A paired difference (changed minus base) of one figure: its mean over the deals with a
    95% interval (``low``, ``high``); the two means it is the difference of; and the interval
    the same difference would have had from two unpaired samples (``unpaired_low``,
    ``unpaired_high``)."""

    key: str
    mean: float
    low: float
    high: float
    base_mean: float
    changed_mean: float
    unpaired_low: float
    unpaired_high: float

    @property
    def distinguishable(self) -> bool:
        """Whether the interval leaves out zero."""
        return self.low > 0 or self.high < 0

    @property
    def half(self) -> float:
        """The half-width of the paired interval."""
        return (self.high - self.low) / 2

    @property
    def unpaired_half(self) -> float:
        return (self.unpaired_high - self.unpaired_low) / 2

    def to_json(self) -> dict[str, Any]:
        return {
            "effect": self.mean,
            "ci95": [self.low, self.high],
            "distinguishable": self.distinguishable,
            "base": self.base_mean,
            "changed": self.changed_mean,
            "unpaired_ci95": [self.unpaired_low, self.unpaired_high],
        }

    def cell(self) -> str:
        """``+0.31 ±0.09*`` (``*``: distinguishable from zero)."""
        star = "*" if self.distinguishable else ""
        return f"{self.mean:+.2f} ±{self.half:.2f}{star}"


def _sessions(values: Sequence[float]) -> list[tuple[float, int]]:
    """Each session's sum and number of deals (deals in the order played)."""
    return [
        (math.fsum(values[s : s + SESSION_DEALS]), len(values[s : s + SESSION_DEALS]))
        for s in range(0, len(values), SESSION_DEALS)
    ]


def _mean_var(values: Sequence[float]) -> tuple[float, float]:
    """The mean a deal of ``values`` and the variance of that mean, each session one unit (a
    ratio estimate: the deals of a session are not independent)."""
    n = len(values)
    mean = math.fsum(values) / n
    sess = _sessions(values)
    g = len(sess)
    if g < 2:
        return mean, 0.0
    resid = math.fsum((s - k * mean) ** 2 for s, k in sess)
    return mean, resid * g / ((g - 1) * n * n)


def paired_difference(base: Sequence[float], changed: Sequence[float]) -> Estimate:
    """The mean of ``changed`` minus ``base``, deal by deal (the same deals, in the order
    played), with its 95% interval, each session of :data:`~gleek.sim.batch.SESSION_DEALS`
    deals one unit.

    >>> paired_difference([1, 2, 3, 4, 5, 6], [2, 3, 4, 5, 6, 7])
    Estimate(mean=1.0, low=1.0, high=1.0, n=6)
    """
    if len(base) != len(changed) or not base:
        raise ArgumentError("base and changed must hold the same deals, at least one")
    diffs = [c - b for b, c in zip(base, changed, strict=True)]
    mean, var = _mean_var(diffs)
    half = Z95 * math.sqrt(var)
    return Estimate(mean, mean - half, mean + half, len(diffs))


def _effect(key: str, base: Sequence[float], changed: Sequence[float]) -> Effect:
    paired = paired_difference(base, changed)
    mean, half = paired.mean, paired.high - paired.mean
    mb, vb = _mean_var(base)
    mc, vc = _mean_var(changed)
    half_u = Z95 * math.sqrt(vb + vc)
    return Effect(key, mean, mean - half, mean + half, mb, mc, mean - half_u, mean + half_u)


# ---------------------------------------------------------------------------- the result


@attrs.frozen
class ChangeEffects:
    """One rule change's effects, each figure in the order of :data:`METRICS`, and how many of
    the deals came out otherwise (in any figure kept)."""

    change: RuleChange
    effects: tuple[Effect, ...]
    deals_changed: int

    def effect(self, key: str) -> Effect:
        """The effect on the figure ``key`` (one of :data:`KEYS`)."""
        if key not in _BY_KEY:
            raise ArgumentError(f"unknown figure {key!r:.60}; valid: {', '.join(KEYS)}")
        return self.effects[KEYS.index(key)]

    def to_json(self) -> dict[str, Any]:
        c = self.change
        return {
            "rule": c.path,
            "title": c.title,
            "base_value": c.base.value,
            "base_display": c.base.display(),
            "base_cite": c.base.source.cite(),
            "value": c.new.value,
            "display": c.new.display(),
            "cite": c.new.source.cite(),
            "holders": list(c.holders),
            "deals_changed": self.deals_changed,
            "effects": {e.key: e.to_json() for e in self.effects},
        }


def _fmt_share(m: Metric, x: float) -> str:
    return f"{x:+.1%}" if m.share else f"{x:+.2f}"


@attrs.frozen
class EffectsResult:
    """The effects of each rule change on ``base`` over ``deals`` paired deals; the changes
    that could not stand alone in ``skipped``; each rule set's figures deal by deal in
    ``rows`` (the base first, then each change, in order)."""

    base: str
    deals: int
    seed: int
    bots: str
    build: str
    changes: tuple[ChangeEffects, ...]
    skipped: tuple[Skipped, ...]
    rows: tuple[tuple[tuple[float, ...], ...], ...] = attrs.field(repr=False, eq=False)

    # -------------------------------------------------------------------- summaries

    def width_ratio(self) -> float | None:
        """How many times wider the unpaired interval is than the paired one: the median over
        the effects whose paired interval has any width (None if none has)."""
        ratios = [
            e.unpaired_half / e.half for c in self.changes for e in c.effects if e.half > 1e-12
        ]
        return statistics.median(ratios) if ratios else None

    def findings(self) -> list[str]:
        """In words: for each change, the effects distinguishable from zero, or that none is."""
        out = []
        for c in self.changes:
            ch = c.change
            head = _("{rule} (base {value})").format(rule=ch.label, value=ch.base.display())
            if not c.deals_changed:
                out.append(_("{head}: no deal came out otherwise: no effect.").format(head=head))
                continue
            seen = [e for e in c.effects if e.distinguishable]
            changed = ngettext(
                "{n} of {deals} deals came out otherwise",
                "{n} of {deals} deals came out otherwise",
                c.deals_changed,
            ).format(n=c.deals_changed, deals=self.deals)
            if not seen:
                out.append(
                    _("{head}: {changed}; no effect distinguishable from zero.").format(
                        head=head, changed=changed
                    )
                )
                continue
            said = "; ".join(
                f"{_(_BY_KEY[e.key].words)} {_fmt_share(_BY_KEY[e.key], e.mean)} "
                f"[{_fmt_share(_BY_KEY[e.key], e.low)}, {_fmt_share(_BY_KEY[e.key], e.high)}]"
                for e in seen
            )
            out.append(
                _("{head}: {changed}; distinguishable from zero: {effects}.").format(
                    head=head, changed=changed, effects=said
                )
            )
        return out

    def _head(self) -> str:
        ratio = self.width_ratio()
        paired = (
            " "
            + _(
                "Paired by deal, the intervals are {ratio} times narrower than two unpaired "
                "samples would give (median)."
            ).format(ratio=f"{ratio:.1f}")
            if ratio
            else ""
        )
        return (
            _(
                "What each rule does alone to {base}: {deals} paired deals (seed {seed}, sessions "
                "of {session}), every seat played by the {bots} bot, {build}. Each figure: "
                "changed minus base, mean ±95% interval (sessions as units); * "
                "distinguishable from zero."
            ).format(
                base=self.base,
                deals=self.deals,
                seed=self.seed,
                session=SESSION_DEALS,
                bots=repr(self.bots),
                build=_(_BUILD.get(self.build, self.build)),
            )
            + paired
        )

    def _tables(self, fmt: str, keys: Sequence[str]) -> list[tuple[str, str]]:
        def escape(text: str) -> str:  # a value of one's own profile may hold a pipe
            return text.replace("|", "\\|") if fmt == "pipe" else text

        out = []
        for group, title in GROUPS:
            ms = [m for m in METRICS if m.group == group and m.key in keys]
            if not ms:
                continue
            rows = [
                [
                    escape(c.change.label),
                    escape(c.change.base.display()),
                    *(c.effect(m.key).cell() for m in ms),
                ]
                for c in self.changes
            ]
            headers = [_("rule = value"), _("base"), *(m.key for m in ms)]
            out.append((_(title), tabulate(rows, headers=headers, tablefmt=fmt)))
        return out

    def _skipped_lines(self) -> list[str]:
        return [
            _("{path} = {value} ({holders}): skipped: {reason}").format(
                path=s.path, value=s.value, holders=", ".join(s.holders), reason=s.reason
            )
            for s in self.skipped
        ]

    def text(self, metrics: Sequence[str] = KEYS) -> str:
        """The tables, one line per rule change, a table per group of figures (``metrics``:
        which), then the findings in words and the changes skipped."""
        keys = _check_metrics(metrics)

        def item(text: str) -> str:
            return textwrap.fill(text, 100, initial_indent="- ", subsequent_indent="  ")

        out = [textwrap.fill(self._head(), 100)]
        for title, table in self._tables("simple", keys):
            out += ["", title, table]
        out += ["", _("In words:"), *(item(f) for f in self.findings())]
        if self.skipped:
            out += ["", _("Not played (the rule cannot change alone):")]
            out += [item(s) for s in self._skipped_lines()]
        out += ["", _("The figures:")]
        out += [f"  {m.key}: {_(m.words)}" for m in METRICS if m.key in keys]
        return "\n".join(out)

    def markdown(self, metrics: Sequence[str] = KEYS) -> str:
        """:meth:`text` as markdown: pipe tables under headings."""
        keys = _check_metrics(metrics)
        out = [self._head().replace("*", "\\*")]
        for title, table in self._tables("pipe", keys):
            out += ["", f"### {title}", "", table.replace("*", "\\*")]
        out += ["", "### " + _("In words"), "", *(f"- {f}" for f in self.findings())]
        if self.skipped:
            out += ["", "### " + _("Not played (the rule cannot change alone)"), ""]
            out += [f"- {s}" for s in self._skipped_lines()]
        return "\n".join(out)

    def to_json(self) -> dict[str, Any]:
        """Every figure with its interval, each change's rule, both values and both citations."""
        return {
            "base": self.base,
            "deals": self.deals,
            "seed": self.seed,
            "bots": self.bots,
            "build": self.build,
            "session_deals": SESSION_DEALS,
            "metrics": {m.key: m.words for m in METRICS},
            "width_ratio": self.width_ratio(),
            "changes": [c.to_json() for c in self.changes],
            "skipped": [s.to_json() for s in self.skipped],
            "findings": self.findings(),
        }

    @classmethod
    def from_json(cls, data: Any, *, profile_dirs: Sequence[str] = ()) -> EffectsResult:
        """A result read back from :meth:`to_json` (to draw it or print it again): the rule
        changes are made again from the base profile, and must be those the run played (else
        :class:`~gleek.errors.ArgumentError`: the profiles have changed since). The per-deal
        rows are not in the JSON: :meth:`csv` of the result says so.

        >>> import gleek
        >>> r = effects(gleek.load_profile("parlett"), ["ruff.stake"], deals=6, workers=1)
        >>> EffectsResult.from_json(r.to_json()) == r
        True
        """
        try:
            base = load_profile(data["base"], profile_dirs=profile_dirs)
            wanted = [(c["rule"], _key(c["value"])) for c in data["changes"]]
            changes = rule_changes(
                base, sorted({p for p, _v in wanted}), profile_dirs=profile_dirs
            )[0]
            by = {(c.path, _key(c.new.value)): c for c in changes}
            out = []
            for c in data["changes"]:
                change = by.get((c["rule"], _key(c["value"])))
                if change is None or change.new.source.cite() != c["cite"]:
                    raise ArgumentError(
                        f"the change {c['rule']} = {c['display']} is no longer one the sources "
                        f"give {base.name}: run it again"
                    )
                effs = tuple(_effect_of(m.key, c["effects"][m.key]) for m in METRICS)
                out.append(ChangeEffects(change, effs, c["deals_changed"]))
            gone = tuple(Skipped(**{**s, "holders": tuple(s["holders"])}) for s in data["skipped"])
            return cls(
                base.name,
                data["deals"],
                data["seed"],
                data["bots"],
                data["build"],
                tuple(out),
                gone,
                (),
            )
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, ArgumentError):
                raise
            raise ArgumentError(f"not the JSON of gleek effects: {exc!r:.80}") from None

    def rule_sets(self) -> list[tuple[str, str, str, str]]:
        """Each rule set's (name, rule, base value, value): the base, then each change."""
        out = [("base", "", "", "")]
        for c in self.changes:
            ch = c.change
            out.append((ch.label, ch.path, ch.base.display(), ch.new.display()))
        return out

    def csv_rows(self) -> Iterable[list[Any]]:
        """The per-deal rows of :meth:`csv`, the header first."""
        if not self.rows:
            raise ArgumentError("the per-deal rows are not kept in the JSON: play the run again")
        yield ["bots", "seed", "deal", "rule_set", "rule", "base_value", "value", *KEYS]
        for (name, rule, base_value, value), rows in zip(self.rule_sets(), self.rows, strict=True):
            for i, row in enumerate(rows):
                yield [self.bots, self.seed, i, name, rule, base_value, value, *row]

    def csv(self) -> str:
        """One line per deal per rule set: the bots, the seed, the deal's number, the rule set
        (``base`` or ``rule = value``), its rule and both values, then every figure (pandas
        reads it with no options)."""
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        for row in self.csv_rows():
            w.writerow(row)
        return buf.getvalue()

    def plot(self, path: str | os.PathLike[str], metrics: Sequence[str] = PLOT_METRICS) -> None:
        """A forest plot to ``path`` (``.svg`` or ``.png``): a panel per figure of ``metrics``,
        a row per rule change, the point and its 95% interval. Needs matplotlib (``pip install
        'gleek[plot]'``): :class:`PlotError` without it."""
        forest_plot([self], path, metrics)


def _effect_of(key: str, e: dict[str, Any]) -> Effect:
    """An :class:`Effect` from its JSON (:meth:`Effect.to_json`)."""
    low, high = e["ci95"]
    unpaired_low, unpaired_high = e["unpaired_ci95"]
    return Effect(key, e["effect"], low, high, e["base"], e["changed"], unpaired_low, unpaired_high)


def _check_metrics(metrics: Sequence[str]) -> tuple[str, ...]:
    given = items_arg("metrics", metrics, "a list of figure names (gleek.effects.KEYS)")
    for m in given:
        if m not in _BY_KEY:
            raise ArgumentError(f"unknown figure {m!r:.60}; valid: {', '.join(KEYS)}")
    if not given:
        raise ArgumentError("metrics: name at least one figure")
    return tuple(str(m) for m in given)


# ---------------------------------------------------------------------------- playing


def effects(
    base: Profile,
    selectors: Sequence[str] = (),
    *,
    deals: int = 2000,
    seed: int = 0,
    bots: str = DEFAULT_BOT,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: Callable[[int], None] | None = None,
    profile_dirs: Sequence[str] = (),
) -> EffectsResult:
    """Play ``deals`` seeded deals under ``base`` and under each one-rule change that
    ``selectors`` ask for (:func:`rule_changes`), the same deals under each, every seat played
    by ``bots`` (``rules``, the default; ``basic``; ``random``; ``search`` or ``search:N``);
    the paired effects with their intervals.

    ``workers`` and ``scheduler`` as for :func:`gleek.compare.simulate`: the result is the same
    for any of them. ``progress`` is called with the number of deals played (under every rule
    set) as work comes back."""
    changes, skipped = rule_changes(base, selectors, profile_dirs=profile_dirs)
    check_int("deals", deals, low=1)
    check_int("seed", seed)
    check_bots(bots)
    check_callback("progress", progress)
    if not changes:
        why = "; ".join(f"{s.path} = {s.value}: {s.reason}" for s in skipped)
        raise ArgumentError(
            "no rule change to play: "
            + (why if why else f"the sources give no other value to the rules asked of {base.name}")
        )
    profiles = [base, *(c.profile for c in changes)]
    facts = play_deals(
        profiles,
        deals,
        seed=seed,
        bots=bots,
        measure=deal_facts,
        workers=workers,
        scheduler=scheduler,
        progress=progress,
    )
    return _result(base, changes, skipped, facts, deals, seed, bots)


def _result(
    base: Profile,
    changes: Sequence[RuleChange],
    skipped: Sequence[Skipped],
    facts: Sequence[Sequence[Sequence[int]]],
    deals: int,
    seed: int,
    bots: str,
) -> EffectsResult:
    profiles = [base, *(c.profile for c in changes)]
    rows = tuple(
        tuple(_metrics(f, p.stock.opening_bid) for f in fs)
        for p, fs in zip(profiles, facts, strict=True)
    )
    columns = [list(zip(*r, strict=True)) for r in rows]
    out = []
    for k, change in enumerate(changes, 1):
        effs = tuple(_effect(m.key, columns[0][j], columns[k][j]) for j, m in enumerate(METRICS))
        moved = sum(1 for a, b in zip(facts[0], facts[k], strict=True) if tuple(a) != tuple(b))
        out.append(ChangeEffects(change, effs, moved))
    return EffectsResult(
        base.name, deals, seed, bots, build_info().kind, tuple(out), tuple(skipped), rows
    )


# ---------------------------------------------------------------------------- two bot sets


@attrs.frozen
class BotDisagreement:
    """One effect that differs between the two bot sets: in ``sign`` (opposite signs, at least
    one distinguishable from zero) or ``size`` (the difference of the two effects, deal by
    deal, is distinguishable from zero)."""

    label: str
    key: str
    kind: str
    first: Effect
    second: Effect
    gap: float
    gap_low: float
    gap_high: float

    def text(self) -> str:
        return _(
            "{rules}: {metric}: {kind}: {first} vs {second} (difference {gap} [{low}, {high}])"
        ).format(
            rules=self.label,
            metric=self.key,
            kind=_(self.kind),
            first=self.first.cell(),
            second=self.second.cell(),
            gap=f"{self.gap:+.2f}",
            low=f"{self.gap_low:+.2f}",
            high=f"{self.gap_high:+.2f}",
        )


@attrs.frozen
class BotCheck:
    """The same effects under two bot sets (on the same deals), and where they disagree."""

    first: EffectsResult
    second: EffectsResult
    disagreements: tuple[BotDisagreement, ...]

    def text(self) -> str:
        a, b = self.first.bots, self.second.bots
        out = [self.first.text(), "", self.second.text(), ""]
        if not self.disagreements:
            out.append(
                _(
                    "The bots {first} and {second} agree: no effect differs in sign or size "
                    "(95%) between them."
                ).format(first=repr(a), second=repr(b))
            )
        else:
            out.append(
                _(
                    "Where the bots {first} and {second} disagree (the effect is then partly the "
                    "bots'):"
                ).format(first=repr(a), second=repr(b))
            )
            out += [f"- {d.text()}" for d in self.disagreements]
        return "\n".join(out)

    def markdown(self) -> str:
        out = [self.first.markdown(), "", self.second.markdown(), "", "### " + _("Bots disagree")]
        out += [""] + ([f"- {d.text()}" for d in self.disagreements] or ["- " + _("nowhere")])
        return "\n".join(out)

    def to_json(self) -> dict[str, Any]:
        return {
            "bots": [self.first.bots, self.second.bots],
            "results": [self.first.to_json(), self.second.to_json()],
            "disagreements": [
                {
                    "rule_set": d.label,
                    "metric": d.key,
                    "kind": d.kind,
                    "effects": [d.first.mean, d.second.mean],
                    "difference": d.gap,
                    "ci95": [d.gap_low, d.gap_high],
                }
                for d in self.disagreements
            ],
        }

    def csv(self) -> str:
        """Both bot sets' per-deal rows (the ``bots`` column tells them apart)."""
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        for k, r in enumerate((self.first, self.second)):
            for i, row in enumerate(r.csv_rows()):
                if i or not k:
                    w.writerow(row)
        return buf.getvalue()

    def plot(self, path: str | os.PathLike[str], metrics: Sequence[str] = PLOT_METRICS) -> None:
        """The forest plot of both bot sets, side by side in each row."""
        forest_plot([self.first, self.second], path, metrics)


def check_bots_effects(first: EffectsResult, second: EffectsResult) -> BotCheck:
    """Where the effects of two runs on the same deals with other bots differ in sign or in
    size (see :class:`BotDisagreement`)."""
    if (first.base, first.deals, first.seed) != (second.base, second.deals, second.seed) or [
        c.change.label for c in first.changes
    ] != [c.change.label for c in second.changes]:
        raise ArgumentError("the two runs must play the same changes on the same deals")
    out = []
    for k, (c1, c2) in enumerate(zip(first.changes, second.changes, strict=True), 1):
        for j, m in enumerate(METRICS):
            e1, e2 = c1.effects[j], c2.effects[j]
            gaps = [
                (x1 - b1) - (x2 - b2)
                for b1, x1, b2, x2 in zip(
                    (r[j] for r in first.rows[0]),
                    (r[j] for r in first.rows[k]),
                    (r[j] for r in second.rows[0]),
                    (r[j] for r in second.rows[k]),
                    strict=True,
                )
            ]
            mean, var = _mean_var(gaps)
            half = Z95 * math.sqrt(var)
            kind = None
            if e1.mean * e2.mean < 0 and (e1.distinguishable or e2.distinguishable):
                kind = N_("sign")
            elif abs(mean) > half and abs(mean) > 1e-12:
                kind = N_("size")
            if kind:
                out.append(
                    BotDisagreement(
                        c1.change.label, m.key, kind, e1, e2, mean, mean - half, mean + half
                    )
                )
    return BotCheck(first, second, tuple(out))


# ---------------------------------------------------------------------------- the picture


class PlotError(GleekError):
    """The plot cannot be drawn: matplotlib is missing, or the file is not .svg or .png."""


def forest_plot(
    results: Sequence[EffectsResult],
    path: str | os.PathLike[str],
    metrics: Sequence[str] = PLOT_METRICS,
) -> None:
    """A forest plot of one result (or of two bot sets' on the same changes) to ``path``: a
    panel per figure, a row per rule change, each effect a point with its 95% interval, the
    line of no effect dashed. The file is the same for the same results (no date in it)."""
    keys = _check_metrics(metrics)
    out = Path(path)
    kind = out.suffix.lower().lstrip(".")
    if kind not in ("svg", "png"):
        raise PlotError(f"the plot is written as .svg or .png, not {out.name!r:.80}")
    try:
        import matplotlib

        matplotlib.use("Agg", force=False)
        from matplotlib import pyplot as plt
    except ImportError:
        raise PlotError("the plot needs matplotlib: pip install 'gleek[plot]'") from None
    first = results[0]
    labels = [c.change.label for c in first.changes]
    n, cols = len(labels), min(3, len(keys))
    rows = math.ceil(len(keys) / cols)
    with matplotlib.rc_context({"svg.hashsalt": "gleek", "font.size": 8}):
        fig, axes = plt.subplots(
            rows, cols, figsize=(3.2 * cols + 2.2, 0.26 * n * rows + 1.2), squeeze=False
        )
        marks = ("o", "s")
        colours = ("#1f4e79", "#c55a11")
        for i, key in enumerate(keys):
            ax = axes[i // cols][i % cols]
            for r, res in enumerate(results):
                shift = 0.0 if len(results) == 1 else (-0.18 if r == 0 else 0.18)
                ys = [n - 1 - y + shift for y in range(n)]
                es = [c.effect(key) for c in res.changes]
                ax.errorbar(
                    [e.mean for e in es],
                    ys,
                    xerr=[[e.mean - e.low for e in es], [e.high - e.mean for e in es]],
                    fmt=marks[r % 2],
                    color=colours[r % 2],
                    markersize=3,
                    capsize=2,
                    linewidth=1,
                    label=f"{res.bots} bots",
                )
            ax.axvline(0, color="#888888", linestyle="--", linewidth=0.8)
            ax.set_title(f"{key}: {_BY_KEY[key].words}", fontsize=7, wrap=True)
            ax.set_ylim(-0.7, n - 0.3)
            ax.set_yticks(range(n))
            ax.set_yticklabels(list(reversed(labels)) if i % cols == 0 else [], fontsize=7)
            ax.grid(axis="x", linewidth=0.3)
        for j in range(len(keys), rows * cols):
            axes[j // cols][j % cols].axis("off")
        if len(results) > 1:
            axes[0][0].legend(fontsize=6, loc="lower right")
        fig.suptitle(
            f"Each rule changed alone in {first.base}: changed minus base, 95% intervals "
            f"({first.deals} paired deals, seed {first.seed})",
            fontsize=9,
        )
        fig.tight_layout()
        metadata = {"Date": None} if kind == "svg" else {"Software": None}
        try:
            fig.savefig(out, format=kind, metadata=metadata, dpi=110)
        except OSError as exc:
            raise PlotError(f"cannot write {out}: {exc.strerror or exc}") from None
        finally:
            plt.close(fig)
