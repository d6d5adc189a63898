"""How the sources differ: the rule matrix, one record under several profiles, many simulated
deals under each.

>>> from gleek.profile import load_profile
>>> m = rule_matrix([load_profile(p) for p in ("parlett", "pi")])
>>> [row.path for row in m.rows][:3]
['turn_up.tiddy', 'stock.opening_bid', 'stock.increment']
"""

from __future__ import annotations

import fnmatch
import json
import os
import re
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final

import attrs
from tabulate import tabulate

from gleek._args import check_callback, check_text, check_type, items_of
from gleek.effects import paired_difference
from gleek.errors import ArgumentError, ProfileError
from gleek.i18n import N_, ngettext
from gleek.i18n import gettext as _
from gleek.profile import Profile, RuleValue, named_profile, with_rules
from gleek.record.read import load_located_record, read_record_file
from gleek.record.replay import Replayer
from gleek.record.report import Report
from gleek.rulesdoc import in_words, markdown_text, with_words
from gleek.sim.batch import check_profiles, play_deals
from gleek.sim.bots import DEFAULT_BOT
from gleek.sim.match import Estimate, estimate
from gleek.state import Outcome

__all__ = [
    "Matrix",
    "MatrixRow",
    "RecordComparison",
    "SimulationResult",
    "compare_record",
    "compare_record_text",
    "rule_matrix",
    "simulate",
]


# ---------------------------------------------------------------------------- the rule matrix


@attrs.frozen
class MatrixRow:
    """One rule across the profiles: each cell the profile's value with its source, and the
    value in words where the bare value would read alike with different meanings."""

    path: str
    group: str
    title: str
    cells: tuple[RuleValue, ...]
    words: tuple[str | None, ...] = ()

    @property
    def differs(self) -> bool:
        """Whether the profiles differ on this rule, in value or in what the value means."""
        values = {json.dumps(c.value, sort_keys=True) for c in self.cells}
        return len(values) > 1 or len(set(self.words)) > 1


def _short_cite(c: RuleValue) -> str:
    """The citation without the reason of an inference (that goes to a note)."""
    src = c.source
    if src.inferred is None:
        return src.cite()
    where = attrs.evolve(src, inferred=None, silent=None)
    cite = where.cite() if (where.ref or where.cotton) else ""
    head = _("inferred ({where})").format(where=src.silent)
    return f"{head}; {cite}" if cite else head


@attrs.frozen
class Matrix:
    """Rules by profile: each cell the value with its source, read from the profiles' data.

    Each value says how sure it is (``stated``, ``inferred``, ``doubtful`` or ``not
    applicable``); the reason of an inference and the doubt of a reading are numbered notes
    under the table. ``agreeing`` are the rules left out because every profile has the same
    value with the same meaning; ``status_differs`` are those of them whose value is not equally
    sure in every profile (stated in one, inferred in another)."""

    profiles: tuple[str, ...]
    rows: tuple[MatrixRow, ...]
    agreeing: tuple[str, ...] = ()
    status_differs: tuple[str, ...] = ()

    def notes(self) -> tuple[str, ...]:
        """The notes of the cells, each once, in the order of the table (note 1 first)."""
        out: list[str] = []
        for row in self.rows:
            for c in row.cells:
                for n in c.source.notes():
                    if n not in out:
                        out.append(n)
        return tuple(out)

    def _agree_line(self) -> str | None:
        if not self.agreeing:
            return None
        n = len(self.agreeing)
        k = len(self.status_differs)
        if not k:
            return ngettext(
                "{n} rule agrees in every profile: --all lists it.",
                "{n} rules agree in every profile: --all lists them.",
                n,
            ).format(n=n)
        return ngettext(
            "{n} rule agrees in value in every profile (--all lists it); {k} of them differ in "
            "how sure the value is (agree in value; status differs): {rules}.",
            "{n} rules agree in value in every profile (--all lists them); {k} of them differ in "
            "how sure the value is (agree in value; status differs): {rules}.",
            n,
        ).format(n=n, k=k, rules=", ".join(self.status_differs))

    def to_json(self) -> dict[str, Any]:
        return {
            "profiles": list(self.profiles),
            "agreeing": list(self.agreeing),
            "status_differs": list(self.status_differs),
            "rules": [
                {
                    "path": r.path,
                    "group": r.group,
                    "title": r.title,
                    "differs": r.differs,
                    "cells": {
                        p: {
                            "value": c.value,
                            "in_words": r.words[i] if r.words else None,
                            "certainty": c.certainty,
                            "notes": list(c.source.notes()),
                            "source": c.source_data(),
                            "inferred": c.inferred,
                        }
                        for i, (p, c) in enumerate(zip(self.profiles, r.cells, strict=True))
                    },
                }
                for r in self.rows
            ],
        }

    def _words(self, row: MatrixRow, i: int) -> str | None:
        return row.words[i] if row.words else None

    def _table(self, label: str, cell: Callable[[RuleValue, str, str], str]) -> list[list[str]]:
        """The rows of a table: the rule (``label`` formatted with its title and path), then
        ``cell(value, value shown with its words, its notes' references)`` for each profile; the
        notes are numbered once, as :meth:`notes` lists them."""
        numbers = {n: i for i, n in enumerate(self.notes(), 1)}

        def refs(c: RuleValue) -> str:
            return "".join(f"[{numbers[n]}]" for n in c.source.notes())

        return [
            [
                label.format(_(r.title), r.path),
                *(
                    cell(c, with_words(c, self._words(r, i)), refs(c))
                    for i, c in enumerate(r.cells)
                ),
            ]
            for r in self.rows
        ]

    def text(self, width: int = 34, *, columns: int | None = None) -> str:
        """A grid table for the terminal, citations wrapped to ``width`` columns; under it the
        numbered notes and how many rules agree everywhere. Given the terminal's ``columns``, a
        table wider than that becomes a narrower one: the values with lettered references, and
        the citations under the table, every line within ``columns`` (as far as the longest
        word allows)."""

        def cell(c: RuleValue, value: str, refs: str) -> str:
            value = textwrap.fill(value, width)
            cite = textwrap.fill(_short_cite(c), width)
            return f"{value}\n{_(c.certainty)} {refs}\n{cite}".replace(" \n", "\n")

        table = self._table("{}\n({})", cell)
        grid = tabulate(table, headers=[_("rule"), *self.profiles], tablefmt="grid")
        footer = self._footer()
        if columns is not None and len(grid.partition("\n")[0]) > columns:
            grid = self._narrow(columns)
            footer = [
                textwrap.fill(line, columns, subsequent_indent="    ") if line else line
                for line in footer
            ]
        return "\n".join([grid, *footer])

    def _narrow(self, columns: int) -> str:
        cites: dict[str, str] = {}

        def cell(c: RuleValue, value: str, refs: str) -> str:
            mark = cites.setdefault(c.source.cite(), f"c{len(cites) + 1}")
            return f"{value} ({_(c.certainty)}) [{mark}] {refs}"

        table = self._table("{} ({})", cell)
        # a grid line is "| " + the cells joined by " | " + " |"; tabulate pads each header
        # by 2, so a profile's column is as wide as its name's longest part (split after a "-"
        # or "+") and 2, or a share of the room, whichever is wider; the rule takes the rest
        n = len(self.profiles)
        room = columns - 3 * (n + 1) - 1
        share = room // (n + 2)
        widths = [
            max(share, *(len(part) + 2 for part in re.split(r"(?<=[-+])", name)))
            for name in self.profiles
        ]
        first = max(room - sum(widths), 10)
        headers = [
            _("rule"),
            *(
                textwrap.fill(p, w - 2, break_on_hyphens=True)
                for p, w in zip(self.profiles, widths, strict=True)
            ),
        ]
        grid = tabulate(table, headers=headers, tablefmt="grid", maxcolwidths=[first, *widths])
        lines = [
            textwrap.fill(f"[{mark}] {cite}", columns, subsequent_indent="    ")
            for cite, mark in cites.items()
        ]
        return grid + "\n\n" + "\n".join(lines)

    def _footer(self, item: str = "", text: Callable[[str], str] = str) -> list[str]:
        """The notes (each as ``text`` gives it) and how many rules agree."""
        out = []
        notes = self.notes()
        if notes:
            out += [
                "",
                _(
                    "Notes (stated: the source says it; inferred: the source is silent and "
                    "the project decides; doubtful: the words can be read another way; not "
                    "applicable: the rule does not arise under that profile):"
                ),
            ]
            out += [f"{item}[{i}] {text(n)}" for i, n in enumerate(notes, 1)]
        agree = self._agree_line()
        if agree:
            out += ["", agree]
        return out

    def markdown(self) -> str:
        """A pipe table that pastes into a wiki, with its notes under it."""

        # every text of a profile escaped as rules --format markdown escapes it: no tag, link
        # or table cell can come from a source's words
        def cell(c: RuleValue, value: str, refs: str) -> str:
            head = f"**{markdown_text(value)}** {_(c.certainty)} {refs}"
            return f"{head.rstrip()}<br>{markdown_text(_short_cite(c))}"

        table = [
            [
                f"{markdown_text(title)} (`{path}`)",
                *cells,
            ]  # (a rule's path is the library's, a word)
            for (title, path), cells in (
                (rule.split("\n"), cells) for rule, *cells in self._table("{}\n{}", cell)
            )
        ]
        headers = [_("rule"), *(markdown_text(p) for p in self.profiles)]
        out = [tabulate(table, headers=headers, tablefmt="pipe", disable_numparse=True)]
        out += self._footer("- ", markdown_text)
        return "\n".join(out)


def rule_matrix(
    profiles: Sequence[Profile], *, all_rules: bool = False, rules: Sequence[str] = ()
) -> Matrix:
    """One row per rule on which ``profiles`` differ, in value or in what the value means
    (every rule with ``all_rules``); the rules left out are counted in ``agreeing``, and those of
    them whose status differs (stated in one profile, inferred in another) in
    ``status_differs``. ``profiles`` is a list of one or more :class:`Profile` (not their ids).
    ``rules``, globs of rule paths (``stock.*``, ``ruff.stake``), keeps only the rules one of them
    matches (each must match a rule).

    >>> from gleek.profile import load_profile
    >>> m = rule_matrix([load_profile(p) for p in ("parlett", "cotton")])
    >>> "ruff.card_values" in m.agreeing and "ruff.card_values" in m.status_differs
    True
    >>> m = rule_matrix([load_profile(p) for p in ("parlett", "pi")], rules=["ruff.*"])
    >>> {row.path.split(".")[0] for row in m.rows}
    {'ruff'}
    """
    profiles = check_profiles(profiles)
    globs = items_of("rules", rules, "a list of globs of rule paths", str, "a glob (a str)")
    paths = [r.path for r in profiles[0].rules]
    for g in globs:
        if not any(fnmatch.fnmatchcase(p, g) for p in paths):
            raise ArgumentError(
                f"rules: {g!r:.80} matches no rule (gleek rules PROFILE lists the paths)"
            )
    rows = []
    agreeing = []
    status_differs = []
    for i, r in enumerate(profiles[0].rules):
        if globs and not any(fnmatch.fnmatchcase(r.path, g) for g in globs):
            continue
        cells = tuple(p.rules[i] for p in profiles)
        words = tuple(in_words(p, r.path) for p in profiles)
        row = MatrixRow(r.path, r.group, r.title, cells, words)
        if all_rules or row.differs:
            rows.append(row)
        else:
            agreeing.append(r.path)
            if len({c.certainty for c in cells}) > 1:
                status_differs.append(r.path)
    return Matrix(
        tuple(p.name for p in profiles), tuple(rows), tuple(agreeing), tuple(status_differs)
    )


# ---------------------------------------------------------------------------- one record


@attrs.frozen
class Divergence:
    """What one rule of another profile alone does to the record under its own profile."""

    path: str
    title: str
    base_value: str
    other_value: str
    effect: str


@attrs.frozen
class RecordComparison:
    """The record replayed under each profile, and the divergences traced to single rules."""

    file: str
    base: str
    reports: tuple[tuple[str, Report], ...]
    causes: tuple[tuple[str, tuple[Divergence, ...]], ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "base": self.base,
            "profiles": {name: rep.to_json() for name, rep in self.reports},
            "causes": {name: [attrs.asdict(d) for d in divs] for name, divs in self.causes},
        }

    def text(self) -> str:
        headers = ["", *(n for n, _r in self.reports)]
        rows: list[list[str]] = []
        reps = [r for _n, r in self.reports]
        rows.append([_("valid"), *(_("yes") if r.valid else _("NO") for r in reps)])
        rows.append([_("first error"), *(_first_error(r) for r in reps)])
        for i in range(max(len(r.deals) for r in reps)):
            for label, show in (("points", "{} {}"), ("chips", "{} {:+d}")):
                said = _("deal {n} points") if label == "points" else _("deal {n} chips")
                rows.append(
                    [
                        said.format(n=i + 1),
                        *(
                            ", ".join(show.format(*x) for x in getattr(r.deals[i], label))
                            if i < len(r.deals)
                            else "-"
                            for r in reps
                        ),
                    ]
                )
        out = [
            ngettext(
                "{file} replayed under {n} profile (recorded under {base})",
                "{file} replayed under {n} profiles (recorded under {base})",
                len(reps),
            ).format(file=self.file, n=len(reps), base=self.base),
            tabulate(rows, headers=headers, tablefmt="grid", maxcolwidths=36),
        ]
        for name, divs in self.causes:
            if not divs:
                continue
            out.append(
                "\n"
                + _("What makes {name} differ from {base} (each rule alone):").format(
                    name=name, base=self.base
                )
            )
            for d in divs:
                out.append(
                    f"  - {d.title} ({d.path}): {d.base_value} -> {d.other_value}: {d.effect}"
                )
        return "\n".join(out)


def _first_error(r: Report) -> str:
    if not r.errors:
        return "-"
    e = r.errors[0]
    return _("{code} at line {line}: {message}").format(code=e.code, line=e.line, message=e.message)


def _replay(doc: Any, file: str, profile: Profile, *, own: bool = False) -> Report:
    """The record under ``profile``. A recorded ``result`` is checked only under the record's
    own profile (``own``): under other rules a different result is the point, not an error."""
    return Replayer(doc, file, profile, profile.variants, check_results=own).run()


def _fingerprint(r: Report) -> tuple[Any, ...]:
    err = r.errors[0].code if r.errors else None
    return (err, tuple((d.points, d.chips) for d in r.deals))


def _effect(base: Report, alone: Report) -> str | None:
    if _fingerprint(base) == _fingerprint(alone):
        return None
    if alone.errors and not base.errors:
        e = alone.errors[0]
        return _("the record breaks this rule: {code} at line {line} ({message})").format(
            code=e.code, line=e.line, message=e.message
        )
    if base.errors and not alone.errors:
        return _("the record becomes legal")
    changes = []
    for i, (a, b) in enumerate(zip(base.deals, alone.deals, strict=False)):
        for label, show in (("points", "{}"), ("chips", "{:+d}")):
            pairs = zip(getattr(a, label), getattr(b, label), strict=True)
            moved = [
                f"{n} {show.format(x)}->{show.format(y)}" for (n, x), (_n, y) in pairs if x != y
            ]
            if moved:
                said = _("deal {n} points") if label == "points" else _("deal {n} chips")
                changes.append(said.format(n=i + 1) + " " + ", ".join(moved))
    return "; ".join(changes) or _("the outcome changes")


def _same(a: RuleValue, b: RuleValue) -> bool:
    return json.dumps(a.value, sort_keys=True) == json.dumps(b.value, sort_keys=True)


def _causes(
    doc: Any, file: str, base: Profile, base_report: Report, other: Profile
) -> tuple[Divergence, ...]:
    """Each rule of ``other`` that differs from ``base``, tried on ``base`` alone, and what it
    does. A rule that cannot stand alone (``ruff.carried_stake`` means nothing without
    ``ruff.no_vie``) is tried with the fewest other differing rules of its group that make a
    consistent profile; a pair whose effect is already its partner's alone is not repeated."""
    differing = [(m, t) for m, t in zip(base.rules, other.rules, strict=True) if not _same(m, t)]
    alone_effects: dict[str, str | None] = {}
    out: list[Divergence] = []
    for mine, theirs in differing:
        partners = [t for _, t in differing if t.group == theirs.group and t is not theirs]
        candidates = [[theirs], *([theirs, t] for t in partners), [theirs, *partners]]
        for group in candidates:
            try:
                tried = with_rules(base, {t.path: t for t in group}, f"{other.name}:{theirs.path}")
            except ProfileError:
                continue
            effect = _effect(base_report, _replay(doc, file, tried))
            if len(group) == 1:
                alone_effects[theirs.path] = effect
            elif any(alone_effects.get(t.path, "") == effect for t in group[1:]):
                break  # its partner alone does the same: nothing new to say
            if effect is not None:
                title = " + ".join(_(t.title) for t in group)
                out.append(Divergence(theirs.path, title, mine.display(), theirs.display(), effect))
            break
    return tuple(out)


def compare_record(
    path: str | Path, profiles: Sequence[Profile], *, profile_dirs: Sequence[str] = ()
) -> RecordComparison:
    """Replay the record at ``path`` (a str or a :class:`~pathlib.Path`) under each profile
    (a list of one or more :class:`Profile`) and trace each divergence from the record's own
    profile to the single rules that cause it. The record names its profile by id (shipped, or
    in ``profile_dirs``), never by file."""
    check_type("path", path, (str, os.PathLike), "a path (str or pathlib.Path)")
    profiles = check_profiles(profiles)
    p = Path(path)
    return compare_record_text(read_record_file(p), str(p), profiles, profile_dirs=profile_dirs)


def compare_record_text(
    text: str | bytes,
    name: str,
    profiles: Sequence[Profile],
    *,
    profile_dirs: Sequence[str] = (),
) -> RecordComparison:
    """:func:`compare_record` of a record's ``text`` (a str or UTF-8 bytes; ``name``, a str, is
    what its messages call it): for a record that is not in a file, such as one the web page
    holds."""
    text = check_text("text", text, "the record's text (str or bytes)")
    check_type("name", name, str, "a str naming the record in messages")
    profiles = check_profiles(profiles)
    doc = load_located_record(text, name)
    base = named_profile(
        doc.data["profile"], doc.data.get("variants") or [], profile_dirs=profile_dirs
    )
    reference = _replay(doc, name, base)  # the rules' figures, results not compared
    reports = []
    causes = []
    for prof in profiles:
        rep = _replay(doc, name, prof, own=prof == base)
        reports.append((prof.name, rep))
        divs: tuple[Divergence, ...] = ()
        if prof != base and _fingerprint(rep) != _fingerprint(reference):
            divs = _causes(doc, name, base, reference, prof)
        causes.append((prof.name, divs))
    return RecordComparison(name, base.name, tuple(reports), tuple(causes))


# ---------------------------------------------------------------------------- many deals

METRICS: Final = (
    ("dealer", N_("chips won per deal by the dealer")),
    ("eldest", N_("chips won per deal by eldest")),
    ("middle", N_("chips won per deal by the middle hand")),
    ("buyer", N_("chips won per deal by the buyer")),
    ("non_buyer", N_("chips won per deal by a non-buyer (mean of the two)")),
    ("ruff_contested", N_("share of deals in which somebody vied the ruff")),
    ("price", N_("price of the stock")),
    ("pot_left", N_("chips left in the pot per deal")),
    ("pot_share", N_("share of what was paid into the pot that stays there")),
)

BEHAVIOUR: Final = frozenset({"ruff_contested", "price"})
"""The metrics that describe what the bots chose (how often they vied, how high they bid):
they measure the bots as much as the rules. The others are consequences of the rules as the
bots played them (who wins what, what stays in the pot)."""


def metric_kind(key: str) -> str:
    """``"behaviour"`` (depends on the bots' choices) or ``"rules"`` (a consequence of the
    rules, given the play)."""
    return N_("behaviour") if key in BEHAVIOUR else N_("rules")


@attrs.frozen
class SimulationResult:
    """Per profile, each metric's mean with a 95% confidence interval; and for each profile
    after the first, each metric's paired difference from the first (the same deals played
    under both: :func:`gleek.effects.paired_difference`)."""

    deals: int
    seed: int
    bots: str
    profiles: tuple[str, ...]
    metrics: tuple[tuple[str, tuple[tuple[str, Estimate], ...]], ...]
    differences: tuple[tuple[str, tuple[tuple[str, Estimate], ...]], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "deals": self.deals,
            "seed": self.seed,
            "bots": self.bots,
            "bot_seats": [self.bots] * 3,
            "metrics": {key: desc for key, desc in METRICS},
            "kinds": {key: metric_kind(key) for key, _ in METRICS},
            "profiles": {
                name: {k: {"mean": e.mean, "ci95": [e.low, e.high], "n": e.n} for k, e in ms}
                for name, ms in self.metrics
            },
            "paired_differences": {
                f"{name} - {self.profiles[0]}": {
                    k: {"mean": e.mean, "ci95": [e.low, e.high], "n": e.n} for k, e in ms
                }
                for name, ms in self.differences
            },
        }

    def text(self) -> str:
        rows = []
        for key, desc in METRICS:
            row = [_(desc), _(metric_kind(key))]
            for _name, ms in (*self.metrics, *self.differences):
                e = dict(ms)[key]
                row.append(f"{e.mean:.3f} [{e.low:.3f}, {e.high:.3f}]")
            rows.append(row)
        first = self.profiles[0]
        paired = _("(paired)")
        diffs = [f"{name} - {first}\n{paired}" for name, _e in self.differences]
        head = ngettext(
            "{n} deal, seed {seed}, every seat played by the {bot} bot ({words}); mean [95% "
            "confidence interval]",
            "{n} deals, seed {seed}, every seat played by the {bot} bot ({words}); mean [95% "
            "confidence interval]",
            self.deals,
        ).format(
            n=self.deals,
            seed=self.seed,
            bot=repr(self.bots),
            words=_(_BOT_WORDS.get(self.bots, N_("a bot"))),
        )
        foot = _(
            "kind: 'behaviour' rows measure what the bots chose (another bot gives other "
            "figures: --bot NAME); 'rules' rows are consequences of the rules as these bots "
            "played them."
        )
        if self.differences:
            foot += " " + _(
                "'... - {first}' columns: the difference from {first}, deal by deal (the same "
                "deals under both), with its own interval (sessions of 3 deals as units)."
            ).format(first=first)
        headers = ["", _("kind"), *self.profiles, *diffs]
        table = tabulate(rows, headers=headers, tablefmt="grid")
        return f"{head}\n{table}\n{foot}"


_BOT_WORDS: Final = {
    "rules": N_("rule-aware: prices the stock, the ruff and the tricks by each profile"),
    "basic": N_("the same habits under every profile"),
    "random": N_("uniformly random legal actions"),
}


def _metric_row(o: Outcome) -> tuple[float, ...]:
    """One deal's figures, in the order of :data:`METRICS`."""
    d = o.dealer
    buyer = o.buyer
    paid_in = sum(p.amount for p in o.payments if p.payee == "pot")
    return (
        o.chips[d],
        o.chips[(d + 1) % 3],
        o.chips[(d + 2) % 3],
        o.chips[buyer],
        (o.chips[(buyer + 1) % 3] + o.chips[(buyer + 2) % 3]) / 2,
        1.0 if o.ruff.vied else 0.0,
        o.price,
        o.pot,
        o.pot / paid_in if paid_in else 0.0,
    )


def simulate(
    profiles: Sequence[Profile],
    deals: int,
    *,
    seed: int = 0,
    bots: str = DEFAULT_BOT,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> SimulationResult:
    """Play the same ``deals`` seeded deals with the same bots under each profile.

    ``bots`` names the bot that plays every seat (:data:`gleek.sim.bots.BOTS`; default the
    rule-aware ``rules``).

    Deals are played in sessions of three, so carried ruff stakes count; each session is
    seeded on its own, so the result is the same for any ``workers`` and ``scheduler``
    (``None``: local processes; ``"dask"``: a local dask cluster; ``"tcp://HOST:PORT"``: a
    running dask scheduler; see :func:`gleek.sim.batch.play_deals`). ``progress`` (None or a
    function) is called with the number of deals finished as work comes back. ``profiles`` is a
    list of one or more :class:`Profile`.
    """
    profiles = check_profiles(profiles)
    check_callback("progress", progress)
    rows = play_deals(
        profiles,
        deals,
        seed=seed,
        bots=bots,
        measure=_metric_row,
        workers=workers,
        scheduler=scheduler,
        progress=progress,
    )
    metrics = []
    differences = []
    for i, (prof, prof_rows) in enumerate(zip(profiles, rows, strict=True)):
        ests = tuple(
            (key, estimate([row[j] for row in prof_rows])) for j, (key, _) in enumerate(METRICS)
        )
        metrics.append((prof.name, ests))
        if i:
            diffs = tuple(
                (key, paired_difference([r[j] for r in rows[0]], [r[j] for r in prof_rows]))
                for j, (key, _) in enumerate(METRICS)
            )
            differences.append((prof.name, diffs))
    names = tuple(p.name for p in profiles)
    return SimulationResult(deals, seed, bots, names, tuple(metrics), tuple(differences))
