"""The ``gleek`` command: profiles, rules, play, validate, compare, effects, show, match.

Bad arguments print one line and exit with status 2; bad files exit with status 1 (for
``validate``, 1 means invalid records and 2 that the command could not run). Never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import json
import os
import sys
import textwrap
import warnings
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Literal, NoReturn

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

from gleek._files import same_file
from gleek.build import build_info
from gleek.errors import ArgumentError, ArgumentTypeError, GleekError, ProfileError, RecordError
from gleek.i18n import (
    LANGUAGES,
    argparse_speaks,
    get_language,
    language,
    language_from_environment,
    ngettext,
)
from gleek.i18n import gettext as _
from gleek.limits import MAX_PLAYED_DEALS
from gleek.profile import list_profiles, list_variants, load_profile, load_variant, not_listed
from gleek.record.report import Report, escape_controls
from gleek.sim.bots import BOTS, DEFAULT_BOT

__all__ = ["main"]


class UsageError(Exception):
    """Bad command-line arguments, or output that cannot be written: exit status 2."""


class _Parser(argparse.ArgumentParser):
    """Every parser of the command: no abbreviated options (``--profile`` is never read as
    ``--profile-dir``), and an error is one line that names this command's own ``--help``."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]

    def error(self, message: str) -> NoReturn:
        raise UsageError(
            _("{prog}: {message} (see '{prog} --help')").format(prog=self.prog, message=message)
        )

    def unknown(self, extras: Sequence[str]) -> NoReturn:
        """Refuse arguments this command does not take, with a "did you mean" for an option
        spelt nearly like one of its own (``--seeds`` for ``--seed``)."""
        first = extras[0]
        if first.startswith("-"):
            name = first.split("=", 1)[0]
            options = [o for a in self._actions for o in a.option_strings if o.startswith("--")]
            close = difflib.get_close_matches(name, options, n=1)
            if close:
                self.error(
                    _("unknown option {name} (did you mean {option}?)").format(
                        name=name, option=close[0]
                    )
                )
            self.error(_("unknown option {name}").format(name=name))
        self.error(
            ngettext(
                "unexpected argument: {arguments}", "unexpected arguments: {arguments}", len(extras)
            ).format(arguments=" ".join(extras))
        )

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        """After ``--help`` or ``--version``: the output flushed first, so that one that
        cannot be written (a full disk, ``>/dev/full``) is said, with status 2, not 0."""
        if message:
            self._print_message(message, sys.stderr)
        sys.stdout.flush()
        raise SystemExit(status)

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        # (argparse's own swallows an OSError: the help lost on a full disk, status 0)
        if message:
            (file or sys.stderr).write(message)


class _Version(argparse.Action):
    """``--version``: the version and the build on one line (argparse's own would wrap it)."""

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> NoReturn:
        print(build_info())
        parser.exit(0)


def _parser() -> _Parser:
    p = _Parser(
        prog="gleek", description=_("Rules, validation and comparison for the card game Gleek.")
    )
    p.add_argument(
        "--version",
        action=_Version,
        nargs=0,
        help=_("print the version and the build (pure Python or compiled) and exit"),
    )
    p.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=None,
        help=_("the language of the output (default: GLEEK_LANG, else the locale, else en)"),
    )
    sub = p.add_subparsers(
        dest="command",
        required=True,
        parser_class=_Parser,
        metavar="{profiles,rules,play,validate,compare,effects,show,match,ladder,new,web}",
    )

    _profile_dir(sub.add_parser("profiles", help=_("list profiles and variants with their titles")))

    r = sub.add_parser("rules", help=_("the complete rules of a profile, with sources"))
    r.add_argument("profile", metavar=_("PROFILE"), help=_("a profile id, alias or file"))
    _variant_arg(r)
    r.add_argument(
        "--format",
        choices=("text", "markdown", "json"),
        default="text",
        help=_("text, markdown (pastes into a wiki) or json (for programs) (default: text)"),
    )
    _profile_dir(r)

    pl = sub.add_parser("play", help=_("bots play deals; prints each deal readably"))
    _profile_arg(pl)
    _variant_arg(pl)
    pl.add_argument(
        "--seed",
        metavar="N",
        type=int,
        default=1,
        help=_("seed of the shuffles and the bots' choices (default: 1)"),
    )
    pl.add_argument(
        "--deals",
        metavar="N",
        type=_positive,
        default=1,
        help=_("how many deals to play (default: 1)"),
    )
    pl.add_argument(
        "--bots",
        type=_bot_name,
        metavar="{" + ",".join(BOTS) + "}",
        default="basic",
        help=_(
            "basic (simple habits of play), random (any legal action) or rules (the "
            "rule-aware bot, which plays the profile it is given) (default: basic)"
        ),
    )
    _profile_dir(pl)
    pl.add_argument(
        "--out",
        type=_path,
        metavar=_("FILE"),
        help=_("also write the deals as a format-1 record (.yaml or .json)"),
    )
    pl.add_argument(
        "--html",
        type=_path,
        metavar=_("FILE"),
        help=_("also write a page that steps through the deals"),
    )

    v = sub.add_parser("validate", help=_("replay recorded deals and report the first rule broken"))
    v.add_argument(
        "files", nargs="+", metavar=_("FILE"), help=_("records (.yaml, .yml, .json or .jsonl)")
    )
    v.add_argument("--json", action="store_true", help=_("print the report as JSON"))
    v.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help=_(
            "a progress bar on stderr (default: for a file of 16 MiB or more, when stderr is a "
            "terminal)"
        ),
    )
    _profile_dir(v)

    sh = sub.add_parser("show", help=_("a record as a page that steps through it (or one picture)"))
    sh.add_argument(
        "record", type=_path, metavar=_("RECORD"), help=_("a record (.yaml, .yml, .json or .jsonl)")
    )
    sh.add_argument(
        "--html", type=_path, metavar=_("FILE"), help=_("write the step-by-step page here")
    )
    sh.add_argument(
        "--svg", type=_path, metavar=_("FILE"), help=_("write the last state reached here")
    )
    sh.add_argument("--four-colour", action="store_true", help=_("blue diamonds, green clubs"))
    _profile_dir(sh)

    an = sub.add_parser(
        "analyze",
        help=_("which cards lost points (or chips): each card played weighed by a solver"),
    )
    an.add_argument(
        "record", type=_path, metavar=_("RECORD"), help=_("a record (.yaml, .yml, .json or .jsonl)")
    )
    an.add_argument(
        "--chips",
        action="store_true",
        help=_("weigh in chips at the end of the deal (the settlement's), not points"),
    )
    an.add_argument(
        "--from-trick",
        type=_trick_number,
        default=1,
        metavar="N",
        help=_("weigh the cards from trick N (1 to 12) on, for speed (default: 1)"),
    )
    an.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help=_("text (a line per card, then the costly ones) or json (default: text)"),
    )
    an.add_argument(
        "--html",
        type=_path,
        metavar=_("FILE"),
        help=_("also write the viewer's page, the costly cards marked"),
    )
    _profile_dir(an)

    n = sub.add_parser(
        "new", help=_("a file to fill in by hand: a variant of house rules, a record")
    )
    nsub = n.add_subparsers(
        dest="new_command", required=True, parser_class=_Parser, metavar="{variant,record}"
    )
    nv = nsub.add_parser("variant", help=_("a variant of house rules, every rule commented"))
    nv.add_argument("name", metavar=_("NAME"), help=_("the variant's id (as club-14)"))
    nv.add_argument(
        "--from",
        dest="base",
        default="parlett",
        metavar=_("PROFILE"),
        help=_("the profile whose rules it lists (default: parlett)"),
    )
    nr = nsub.add_parser("record", help=_("a record of one deal to fill in, every key commented"))
    _profile_arg(nr)
    _variant_arg(nr)
    nr.add_argument(
        "--players",
        type=_players,
        default=("North", "East", "West"),
        metavar="A,B,C",
        help=_("three names, clockwise from the first dealer (default: North,East,West)"),
    )
    for parser in (nv, nr):
        parser.add_argument(
            "--out",
            type=_path,
            metavar=_("FILE"),
            help=_("write it to FILE (which must not exist yet) rather than print it"),
        )
        _profile_dir(parser)

    w = sub.add_parser("web", help=_("the page that plays Gleek in the browser (Pyodide)"))
    wsub = w.add_subparsers(
        dest="web_command", required=True, parser_class=_Parser, metavar="{build}"
    )
    wb = wsub.add_parser("build", help=_("write the page's static folder (docs/web.rst)"))
    wb.add_argument(
        "out", type=_path, metavar=_("OUT"), help=_("the folder to write (made if missing)")
    )
    wb.add_argument(
        "--cache",
        type=_path,
        default=Path("build/web-cache"),
        metavar=_("DIR"),
        help=_("keep the npm and PyPI downloads here between builds (default: build/web-cache)"),
    )

    c = sub.add_parser("compare", help=_("how the profiles differ: matrix, record, simulation"))
    c.add_argument(
        "profiles", nargs="*", metavar=_("PROFILE"), help=_("profiles to compare (default: all)")
    )
    c.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="V",
        help=_("apply a variant to every profile compared"),
    )
    c.add_argument("--all", action="store_true", help=_("every rule, not only those that differ"))
    c.add_argument(
        "--rules",
        action="append",
        default=[],
        metavar=_("GLOB"),
        help=_("only the rules whose path matches GLOB ('stock.*', ruff.stake); repeatable"),
    )
    c.add_argument(
        "--format",
        choices=("text", "markdown", "json"),
        default="text",
        help=_("text, markdown (the rule matrix only) or json (default: text)"),
    )
    c.add_argument(
        "--record", type=_path, metavar=_("FILE"), help=_("replay this record under each profile")
    )
    c.add_argument(
        "--simulate", type=_positive, metavar="N", help=_("play N seeded deals under each profile")
    )
    c.add_argument(
        "--seed", metavar="N", type=int, default=None, help=_("for --simulate (default: 0)")
    )
    c.add_argument(
        "--bot",
        "--bots",
        dest="bots",
        type=_bot_name,
        metavar="{" + ",".join(BOTS) + "}",
        default=None,
        help=_("the bot for every seat in --simulate (default: {bot}, rule-aware)").format(
            bot=DEFAULT_BOT
        ),
    )
    _workers_arg(
        c, _("processes for --simulate (default: all cores; never more than sessions of deals)")
    )
    _scheduler_arg(
        c,
        _(
            "where --simulate runs: 'processes' (default), 'dask' (a local dask cluster) "
            "or tcp://HOST:PORT (a running dask scheduler)"
        ),
    )
    _no_progress_arg(c)
    _profile_dir(c)
    _effects_parser(sub)

    m = sub.add_parser("match", help=_("a tournament: three bots play seeded deals, seats rotated"))
    m.add_argument(
        "bots",
        nargs=3,
        metavar=_("BOT"),
        help=_(
            "random, basic, rules (the rule-aware bot), search, search:N (N playouts a "
            "decision), pimc:N (the solver's bot, N deals solved a decision), ismcts:N "
            "(OpenSpiel's ISMCTS, N simulations) or module:Class (a bot class of your own)"
        ),
    )
    m.add_argument(
        "--deals",
        metavar="N",
        type=_positive,
        default=300,
        help=_("how many deals, played on decks of three with the bots moved round (default: 300)"),
    )
    _profile_arg(m)
    _variant_arg(m)
    m.add_argument(
        "--seed", metavar="N", type=int, default=0, help=_("seed of the decks (default: 0)")
    )
    _workers_arg(
        m,
        _(
            "processes (default: all cores; never more than decks of deals); the result is "
            "the same for any number"
        ),
    )
    m.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help=_("text (a table) or json (for programs) (default: text)"),
    )
    _no_progress_arg(m)
    _profile_dir(m)
    _ladder_parser(sub)
    return p


def _effects_parser(sub: argparse._SubParsersAction[_Parser]) -> None:
    e = sub.add_parser(
        "effects", help=_("what each disputed rule does alone: paired effects over seeded deals")
    )
    e.add_argument(
        "base", metavar=_("BASE"), help=_("the profile whose rules are changed, one at a time")
    )
    e.add_argument(
        "rules",
        nargs="*",
        metavar=_("RULE-or-PROFILE"),
        help=_(
            "a rule (ruff.stake), a glob of rules ('stock.*') or a profile (the rules where it "
            "differs from BASE); default: every rule on which the profiles differ"
        ),
    )
    e.add_argument("--variant", action="append", default=[], metavar="V", help=_("apply to BASE"))
    e.add_argument(
        "--deals", metavar="N", type=_positive, default=2000, help=_("paired deals (default: 2000)")
    )
    e.add_argument(
        "--seed", metavar="N", type=int, default=0, help=_("seed of the deals (default: 0)")
    )
    e.add_argument(
        "--bots",
        type=_bots,
        metavar=_("BOTS"),
        default=DEFAULT_BOT,
        help=_("the bot for every seat: rules (default), basic, random, search or search:N"),
    )
    e.add_argument(
        "--check-bots",
        type=_bots,
        nargs="?",
        const=CHECK_BOTS,
        default=None,
        metavar=_("BOTS"),
        help=_(
            "also play with these bots (default {bots}) and say where an effect differs in sign "
            "or size between the two"
        ).format(bots=CHECK_BOTS),
    )
    e.add_argument(
        "--format",
        choices=("text", "markdown", "json"),
        default="text",
        help=_("text (tables), markdown or json (every figure with its interval) (default: text)"),
    )
    e.add_argument(
        "--metric",
        action="append",
        default=[],
        metavar="M",
        help=_("only these figures in the tables and the plot (repeatable; see the text's list)"),
    )
    e.add_argument("--csv", type=_path, metavar=_("FILE"), help=_("write the per-deal rows here"))
    e.add_argument(
        "--plot",
        type=_path,
        metavar=_("FILE"),
        help=_("write a forest plot (.svg or .png; gleek[plot])"),
    )
    _workers_arg(e, _("processes (default: all cores)"))
    _scheduler_arg(e, _("'processes' (default), 'dask' (a local dask cluster) or tcp://HOST:PORT"))
    _no_progress_arg(e)
    _profile_dir(e)


#: The second bot set of ``gleek effects --check-bots`` when none is named.
CHECK_BOTS = "search:20"


def _bots(text: str) -> str:
    from gleek.sim.batch import check_bots

    try:
        return check_bots(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _workers_arg(p: argparse.ArgumentParser, said: str) -> None:
    """``--workers N``, the processes of a command's pool, ``said`` its help."""
    p.add_argument("--workers", metavar="N", type=_positive, default=None, help=said)


def _scheduler_arg(p: argparse.ArgumentParser, said: str) -> None:
    """``--scheduler WHERE`` (processes, dask or a dask scheduler), ``said`` its help."""
    p.add_argument("--scheduler", type=_scheduler, default=None, metavar=_("WHERE"), help=said)


def _no_progress_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--no-progress", action="store_true", help=_("no progress bar"))


def _profile_arg(p: argparse.ArgumentParser) -> None:
    """``--profile P``, as every command that plays or reads one profile takes it."""
    p.add_argument(
        "--profile",
        default="parlett",
        metavar=_("PROFILE"),
        help=_("a profile id, alias or file (default: parlett)"),
    )


def _variant_arg(p: argparse.ArgumentParser) -> None:
    """``--variant V`` (repeatable), as every command that loads a profile takes it."""
    p.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="V",
        help=_("apply a variant overlay (repeatable, applied in order)"),
    )


def _profile_dir(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--profile-dir",
        action="append",
        default=[],
        metavar=_("DIR"),
        help=_("also find profiles in DIR (variants in DIR/variants); repeatable"),
    )


def _columns() -> int | None:
    """The terminal's width for text meant to be read there: ``COLUMNS`` if set, else the
    width of standard output when it is a terminal; None (no limit) when piped."""
    try:
        given = int(os.environ.get("COLUMNS", ""))
    except ValueError:
        given = 0
    if given > 0:
        return max(given, 40)
    try:
        if sys.stdout.isatty():
            return max(os.get_terminal_size(sys.stdout.fileno()).columns, 40)
    except (OSError, ValueError, AttributeError):
        pass
    return None


def _fit(text: str, columns: int | None) -> str:
    """``text`` with each line longer than ``columns`` wrapped, its indent kept (and four more
    for the lines it continues on); as it is when ``columns`` is None.

    >>> print(_fit("  payments: a pays b 7; c pays d 2", 22))
      payments: a pays b
          7; c pays d 2
    """
    if columns is None:
        return text
    out = []
    for line in text.split("\n"):
        if len(line) <= columns:
            out.append(line)
            continue
        indent = line[: len(line) - len(line.lstrip(" "))]
        out += textwrap.wrap(
            line.strip(),
            columns,
            initial_indent=indent,
            subsequent_indent=indent + "    ",
            break_on_hyphens=False,
            break_long_words=False,
        )
    return "\n".join(out)


def _out(text: str) -> None:
    """Print ``text`` (a line or more) with any terminal control character escaped."""
    print(escape_controls(text))


def _json_out(data: object) -> None:
    """Print JSON, a piece at a time; C1 controls and bidi marks, which JSON allows raw, are
    escaped too."""
    write = sys.stdout.write
    for text in json.JSONEncoder(indent=2, ensure_ascii=False).iterencode(data):
        if not text.replace("\n", "").isprintable():
            text = "".join(c if c.isprintable() or c == "\n" else f"\\u{ord(c):04x}" for c in text)
        write(text)
    write("\n")


def _err(text: str) -> None:
    if sys.stderr is not None:
        print(escape_controls(text), file=sys.stderr)


def _write_output(
    path: Path, text: str, flag: str, *, say: Callable[[str], None] | None = None
) -> None:
    """Write an output file atomically and say so (on stdout, or by ``say``); exit status 2 if
    it cannot be written."""
    from gleek._files import write_atomic

    try:
        write_atomic(path, text)
    except OSError as exc:
        raise UsageError(
            _("gleek: {flag} {path}: cannot write: {why}").format(
                flag=flag, path=path, why=exc.strerror or exc
            )
        ) from None
    except ValueError as exc:
        raise UsageError(f"gleek: {flag} {path}: {exc}") from None
    (say or _out)(_("Wrote {file}").format(file=path))


def _check_outputs(
    command: str, inputs: Sequence[str | Path], outputs: Sequence[tuple[str, Path | None]]
) -> None:
    """Refuse, before any work, an output file that is one of the command's input files or
    another of its outputs (each would be overwritten: a record replaced by its own page)."""
    seen: list[tuple[str, Path]] = []
    for flag, path in outputs:
        if path is None:
            continue
        for given in inputs:
            if same_file(given, path):
                raise UsageError(
                    _(
                        "gleek {command}: {flag} {path}: that is the input file {given}; choose "
                        "another output"
                    ).format(
                        command=command,
                        flag=flag,
                        path=escape_controls(str(path)),
                        given=escape_controls(str(given)),
                    )
                )
        for other_flag, other in seen:
            if same_file(other, path):
                raise UsageError(
                    _(
                        "gleek {command}: {flag} {path}: {other} writes that file too; give each "
                        "output its own file"
                    ).format(
                        command=command,
                        flag=flag,
                        path=escape_controls(str(path)),
                        other=other_flag,
                    )
                )
        seen.append((flag, path))


def _path(text: str) -> Path:
    """A file or folder named on the command line; an empty one is refused (``Path("")`` would
    be the current folder)."""
    if not text:
        raise argparse.ArgumentTypeError(_("an empty path names no file"))
    return Path(text)


def _players(text: str) -> tuple[str, ...]:
    """Three names, comma-separated (``Anna,Ben,Carla``)."""
    names = tuple(n.strip() for n in text.split(","))
    if len(names) != 3 or not all(names):
        raise argparse.ArgumentTypeError(
            _("give three names, comma-separated, not {text}").format(text=f"{text!r:.80}")
        )
    return names


def _bot_name(text: str) -> str:
    """A shipped bot's name (``random``, ``basic``, ``rules``), with a "did you mean"."""
    if text in BOTS:
        return text
    close = difflib.get_close_matches(text.lower(), list(BOTS), n=1)
    if close:
        raise argparse.ArgumentTypeError(
            _("unknown bot {bot} (did you mean {close}?); choose one of {bots}").format(
                bot=f"{text!r:.80}", close=repr(close[0]), bots=", ".join(BOTS)
            )
        )
    raise argparse.ArgumentTypeError(
        _("unknown bot {bot}; choose one of {bots}").format(
            bot=f"{text!r:.80}", bots=", ".join(BOTS)
        )
    )


def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("not a whole number: {text}").format(text=repr(text))
        ) from None
    if n < 1:
        raise argparse.ArgumentTypeError(_("must be at least 1, not {n}").format(n=n))
    return n


@contextlib.contextmanager
def _workers_capped(command: str, workers: int | None) -> Iterator[None]:
    """Say, as one line on stderr when the pool starts, the library's own
    :class:`~gleek.sim.batch.WorkersCapped` note when ``--workers`` is more than the cores
    (it says how many workers the pool really uses)."""
    from gleek.sim.batch import WorkersCapped

    with warnings.catch_warnings():
        warnings.simplefilter("always", WorkersCapped)
        show = warnings.showwarning

        def say(
            message: Warning | str,
            category: type[Warning],
            filename: str,
            lineno: int,
            file: object = None,
            line: str | None = None,
        ) -> None:
            if issubclass(category, WorkersCapped):
                _err(f"gleek {command}: --workers {workers}: {message}")
            else:  # pragma: no cover - no other warning is raised while the pool runs
                show(message, category, filename, lineno, file, line)  # type: ignore[arg-type]

        warnings.showwarning = say
        yield


def _scheduler(text: str) -> str:
    from gleek.sim.batch import check_scheduler

    try:
        return check_scheduler(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _parse(argv: list[str]) -> argparse.Namespace | None:
    """The arguments, or None when there are none (the help is printed). Arguments a command
    does not take are refused by that command's parser, which names its own ``--help``."""
    parser = _parser()
    if not argv:
        parser.print_help()
        return None
    args, extras = parser.parse_known_args(argv)
    if extras:  # the command's own parser refuses them (the deepest: gleek web build)
        command = parser
        for name in (args.command, getattr(args, f"{args.command}_command", None)):
            for action in command._actions:
                if isinstance(action, argparse._SubParsersAction) and name in action.choices:
                    command = action.choices[name]
        command.unknown(extras)
    return args


def _lang_asked(argv: Sequence[str]) -> str | None:
    """The language ``--lang`` asks for, read before the parser is built (its ``--help`` and
    its errors speak it): among the options before the command, the last; None when there is
    none, or it is not a language gleek speaks (the parser refuses it then).

    >>> _lang_asked(["--lang", "fr", "validate", "--lang", "es"]), _lang_asked(["--lang=es"])
    ('fr', 'es')
    """
    asked = None
    rest = iter(argv)
    for arg in rest:
        if not arg.startswith("-"):  # the command: its own options are its own
            break
        if arg == "--lang":
            value = next(rest, "")
        elif arg.startswith("--lang="):
            value = arg.removeprefix("--lang=")
        else:
            continue
        asked = value if value in LANGUAGES else None
    return asked


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command ``argv`` (``sys.argv[1:]`` if None) and return its exit status. It
    speaks the language of ``--lang``, else of the environment
    (:func:`~gleek.i18n.language_from_environment`), from the parsing on: the help, argparse's
    own words and errors too."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    asked = _lang_asked(arguments)
    refused: ArgumentError | None = None
    if asked is None:
        try:
            asked = language_from_environment()
        except ArgumentError as exc:  # said once the arguments are read (--help still helps)
            asked, refused = "en", exc
    with language(asked), argparse_speaks():
        return _main(arguments, refused)


def _main(arguments: list[str], refused: ArgumentError | None) -> int:
    if sys.stdout is None:  # started with its standard output closed (``>&-``)
        if sys.stderr is not None:
            print(
                _("gleek: the standard output is closed; nothing can be printed"), file=sys.stderr
            )
        return 2
    try:
        try:
            args = _parse(arguments)
            if args is None:
                status = 0
            elif args.lang is None and refused is not None:  # a GLEEK_LANG gleek does not speak
                raise refused
            else:
                with language(args.lang or get_language()):
                    status = _run(args)
        finally:
            sys.stdout.flush()  # a full disk or a closed pipe shows here, not at exit
        return status
    except UsageError as exc:
        _err(str(exc))
        return 2
    except (ArgumentError, ArgumentTypeError) as exc:
        _err(f"gleek: {exc}")
        return 2
    except ProfileError as exc:
        _err(f"gleek: {exc}")
        # a file that is not there or cannot be read: the command could not run
        return 2 if (exc.line is None and exc.file is None) or exc.code == "unreadable" else 1
    except GleekError as exc:
        _err(f"gleek: {exc}")
        return 1
    except KeyboardInterrupt:
        _err(_("gleek: interrupted"))
        return 130
    except BrokenPipeError:
        _discard_stdout()
        return 0
    except UnicodeEncodeError:
        _discard_stdout()
        _err(
            _(
                "gleek: the output holds characters this terminal's encoding ({encoding}) cannot "
                "show; set PYTHONIOENCODING=utf-8 (or use --json, where the command has it)"
            ).format(encoding=sys.stdout.encoding)
        )
        return 2
    except OSError as exc:
        _discard_stdout()
        _err(_("gleek: cannot write the output: {why}").format(why=exc.strerror or exc))
        return 2


def _discard_stdout() -> None:
    """Point stdout at /dev/null so that Python's own flush at exit cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


def _run(args: argparse.Namespace) -> int:
    for d in getattr(args, "profile_dir", []):
        if not (os.path.isdir(d) and os.access(d, os.R_OK | os.X_OK)):
            raise UsageError(
                _("gleek {command}: --profile-dir {folder}: not a readable folder").format(
                    command=args.command, folder=d
                )
            )
    if args.command == "profiles":
        return _profiles(args.profile_dir)
    if args.command == "rules":
        return _rules(args)
    if args.command == "play":
        return _play(args)
    if args.command == "validate":
        return _validate(args)
    if args.command == "show":
        return _show(args)
    if args.command == "analyze":
        return _analyze(args)
    if args.command == "match":
        return _match(args)
    if args.command == "ladder":
        return _ladder(args)
    if args.command == "web":
        return _web(args)
    if args.command == "new":
        return _new(args)
    if args.command == "effects":
        return _effects(args)
    return _compare(args)


def _new(args: argparse.Namespace) -> int:
    from gleek.templates import record_template, variant_template

    if args.new_command == "variant":
        text = variant_template(args.name, load_profile(args.base, profile_dirs=args.profile_dir))
    else:
        profile = load_profile(args.profile, args.variant, profile_dirs=args.profile_dir)
        text = record_template(profile, args.players)
    if args.out is None:
        sys.stdout.write(escape_controls(text))
        return 0
    if os.path.lexists(args.out):  # a file being filled in is never written over
        raise UsageError(
            _(
                "gleek new {command}: --out {file}: the file exists already; choose another name "
                "(or remove it)"
            ).format(command=args.new_command, file=escape_controls(str(args.out)))
        )
    _write_output(args.out, text, "--out")
    return 0


def _web(args: argparse.Namespace) -> int:
    from gleek.web.build import build

    for flag, folder in (("OUT", args.out), ("--cache", args.cache)):
        if folder.exists() and not folder.is_dir():  # an output that cannot be written: 2
            raise UsageError(
                _("gleek web build: {flag} {folder}: not a folder").format(
                    flag=flag, folder=escape_controls(str(folder))
                )
            )

    def say(step: str) -> None:  # what takes a while, as it starts (a minute, uncached)
        print(f"gleek web build: {escape_controls(step)}...", file=sys.stderr, flush=True)

    files = build(args.out, args.cache, say=say)
    out = escape_controls(str(args.out))
    print(
        ngettext(
            "wrote {n} file to {folder}/; serve it with:",
            "wrote {n} files to {folder}/; serve it with:",
            len(files),
        ).format(n=len(files), folder=out)
    )
    print(f"  python -m http.server --directory {out} 8000")
    print(_("and open http://localhost:8000/ (docs/web.rst: any static host serves it too)"))
    return 0


def _profiles(dirs: list[str]) -> int:
    print(_("Profiles:"))
    for pid in list_profiles(dirs):
        p = load_profile(pid, profile_dirs=dirs)
        aliases = (
            _(" (aliases: {aliases})").format(aliases=", ".join(p.aliases)) if p.aliases else ""
        )
        titles = "".join(f"; {lang}: {t}" for lang, t in p.titles.items())
        _out(f"  {pid:<28} {p.title}{titles}{aliases}")
    print(_("Variants (apply with --variant):"))
    for vid in list_variants(dirs):
        var = load_variant(vid, profile_dirs=dirs)
        _out(f"  {var.id:<28} {var.title}")
    _say_not_listed("profiles", dirs)
    return 0


def _say_not_listed(command: str, dirs: list[str]) -> None:
    """Name on stderr each file of the folders ``dirs`` that is left out of the profiles and
    variants listed, because it is not valid (:func:`gleek.profile.not_listed`)."""
    for file in not_listed(dirs):
        _err(
            _(
                "gleek {command}: {file}: not a valid profile or variant, left out (gleek rules "
                "FILE says where it is wrong)"
            ).format(command=command, file=escape_controls(file))
        )


def _rules(args: argparse.Namespace) -> int:
    from gleek.rulesdoc import rules_json, rules_markdown, rules_text

    profile = load_profile(args.profile, args.variant, profile_dirs=args.profile_dir)
    render = {"text": rules_text, "markdown": rules_markdown, "json": rules_json}[args.format]
    text = render(profile)
    if args.format == "text":  # fitted to the terminal (COLUMNS, or its width); piped, as it is
        text = _fit(text, _columns())
    sys.stdout.write(escape_controls(text))
    return 0


def _play(args: argparse.Namespace) -> int:
    from gleek.record import dumps
    from gleek.render import describe_deal
    from gleek.session import Session

    if args.out is not None and args.out.suffix not in (".yaml", ".yml", ".json"):
        raise UsageError(
            _("gleek play: --out {file}: the file must end in .yaml, .yml or .json").format(
                file=args.out
            )
        )
    _check_outputs(
        "play", [args.profile, *args.variant], [("--out", args.out), ("--html", args.html)]
    )
    profile = load_profile(args.profile, args.variant, profile_dirs=args.profile_dir)
    players = ("North", "East", "West")
    session = Session.start(profile, deals=args.deals, players=players)
    bot = BOTS[args.bots]()
    session = session.play_out([bot, bot, bot], seed=args.seed)
    _out(
        _("{title} ({name}), seed {seed}, {bots} bots").format(
            title=profile.title, name=profile.name, seed=args.seed, bots=args.bots
        )
    )
    for w in session.warnings:
        _out(_("warning: {warning}").format(warning=w))
    balances = list(session.start_chips)
    for i, deal in enumerate(session.deals, 1):
        print()
        print(describe_deal(deal.final, deal.outcome, players, i))
        balances = [b + c for b, c in zip(balances, deal.outcome.chips, strict=True)]
        shown = ", ".join(f"{n} {b}" for n, b in zip(players, balances, strict=True))
        print(_("Balances: {balances}").format(balances=shown))
    print()
    ranking = "; ".join(
        f"{place}. {' = '.join(names)} ({bal})" for place, names, bal in session.ranking()
    )
    print(_("Pot: {pot}. Ranking: {ranking}").format(pot=session.pot, ranking=ranking))
    if args.out is not None:
        fmt: Literal["yaml", "json"] = "json" if args.out.suffix == ".json" else "yaml"
        _write_output(args.out, dumps(session, fmt), "--out")
    if args.html is not None:
        from gleek.viewer import viewer_html

        page = viewer_html(text=dumps(session), name=f"{profile.id} seed {args.seed}")
        _write_output(args.html, page, "--html")
    return 0


def _show(args: argparse.Namespace) -> int:
    from gleek.svg import draw
    from gleek.viewer import deal_steps, load_record, viewer_page

    if args.html is None and args.svg is None:
        raise UsageError(_("gleek show: give --html FILE, --svg FILE or both"))
    _check_outputs("show", [args.record], [("--html", args.html), ("--svg", args.svg)])
    dirs = args.profile_dir
    try:
        record, error = load_record(args.record, profile_dirs=dirs)
        deals = deal_steps(record) if record is not None else ()  # read and replayed once
    except RecordError as exc:  # the file cannot be read, or is too large to show: status 2
        raise UsageError(f"gleek show: {exc}") from None
    if args.html is not None:
        names = record.players if record is not None else ()
        page = viewer_page(deals, names, str(args.record), error, args.four_colour)
        _write_output(args.html, page, "--html")
    if args.svg is not None:
        if not deals:
            _err(f"gleek show: {error}")  # why not (a valid record has a deal)
            raise RecordError(
                _("no deal could be replayed, so there is no picture"), file=str(args.record)
            )
        last = deals[-1]
        picture = draw(last.final, names=last.names, four_colour=args.four_colour)
        _write_output(args.svg, picture, "--svg")
    if error is not None:
        _err(f"gleek show: {error}")
        return 1
    return 0


def _analyze(args: argparse.Namespace) -> int:
    from gleek.analyze import analyze_record, step_notes, verdicts_json, verdicts_text
    from gleek.viewer import deal_steps, load_record, viewer_page

    _check_outputs("analyze", [args.record], [("--html", args.html)])
    try:
        record, error = load_record(args.record, profile_dirs=args.profile_dir)
    except RecordError as exc:  # the file cannot be read: the command cannot run
        raise UsageError(f"gleek analyze: {exc}") from None
    mode: Literal["points", "chips"] = "chips" if args.chips else "points"
    verdicts = analyze_record(record, mode, args.from_trick) if record is not None else ()
    if args.format == "json":
        _json_out(verdicts_json(verdicts, str(args.record)) | {"error": error})
    elif verdicts:
        _out(verdicts_text(verdicts, args.from_trick))
    if args.html is not None:
        deals = deal_steps(record) if record is not None else ()
        names = record.players if record is not None else ()
        page = viewer_page(deals, names, str(args.record), error, False, step_notes(verdicts))
        _write_output(args.html, page, "--html")
    if error is not None:
        _err(_("gleek analyze: {error} (only the deals before it are weighed)").format(error=error))
        return 1
    return 0


def _trick_number(text: str) -> int:
    n = int(text) if text.isascii() and text.isdigit() else 0
    if not 1 <= n <= 12:
        raise argparse.ArgumentTypeError(
            _("a trick from 1 to 12, not {text}").format(text=f"{text!r:.40}")
        )
    return n


#: From this size on, ``gleek validate`` shows a progress bar (when stderr is a terminal).
PROGRESS_BYTES = 16 * 1024 * 1024


def show_progress(asked: bool | None, size: int, terminal: bool) -> bool:
    """Whether ``gleek validate`` shows a progress bar for a file of ``size`` bytes:
    ``--progress`` / ``--no-progress`` decide; else only for a large file, and only when stderr
    is a terminal (never in a pipe, a log or CI).

    >>> show_progress(None, 100 * 2**20, True), show_progress(None, 100 * 2**20, False)
    (True, False)
    >>> show_progress(None, 1000, True), show_progress(True, 1000, False)
    (False, True)
    """
    if asked is not None:
        return asked
    return terminal and size >= PROGRESS_BYTES


def _validate_one(path: str, args: argparse.Namespace) -> Report:
    from gleek.record import validate

    try:
        size = os.stat(path).st_size
    except (OSError, ValueError):  # validate says why, as for any file it cannot read
        size = 0
    stderr = sys.stderr
    terminal = stderr is not None and stderr.isatty()
    if stderr is None or not show_progress(args.progress, size, terminal):
        return validate(path, profile_dirs=args.profile_dir)
    from tqdm import tqdm

    with tqdm(
        total=size,
        unit="B",
        unit_scale=True,
        desc=escape_controls(path)[-40:],
        file=stderr,
        leave=False,
    ) as bar:

        def advance(n: int) -> None:
            bar.update(n)

        return validate(path, profile_dirs=args.profile_dir, progress=advance)


def _validate(args: argparse.Namespace) -> int:
    reports: list[Report] = []
    unreadable = 0
    for f in args.files:
        try:
            reports.append(_validate_one(f, args))
        except RecordError as exc:
            _err(f"gleek validate: {exc}")
            unreadable += 1
    status = 2 if unreadable else 0 if all(r.valid for r in reports) else 1
    # Printed a piece at a time: the report of 100,000 deals is never held as one text.
    try:
        if args.json and reports:
            out = [r.to_json(lazy=True) for r in reports]
            _json_out(out[0] if len(out) == 1 and not unreadable else out)
        elif reports:
            write = sys.stdout.write
            columns = _columns()  # a deal's summary fitted to the terminal; an error line whole
            for r in reports:
                for line in r.lines():
                    write((line if line.startswith(r.file) else _fit(line, columns)) + "\n")
        sys.stdout.flush()
    except BrokenPipeError:  # (| head): the verdict is known, and is the exit status still
        _discard_stdout()
    return status


def _compare(args: argparse.Namespace) -> int:
    from gleek import compare

    names = args.profiles or list(list_profiles(args.profile_dir))
    if not args.profiles:  # every profile: say which files of the folders are left out
        _say_not_listed("compare", args.profile_dir)
    profiles = [load_profile(n, args.variant, profile_dirs=args.profile_dir) for n in names]
    if args.record is not None and args.simulate is not None:
        raise UsageError(_("gleek compare: give --record or --simulate, not both"))
    # an option the chosen comparison does not use is refused, never ignored
    if args.simulate is None:
        for flag, used in (("--seed", args.seed is not None), ("--bot", args.bots is not None)):
            if used:
                raise UsageError(
                    _("gleek compare: {flag} applies only to --simulate").format(flag=flag)
                )
    if args.record is not None or args.simulate is not None:
        for flag, used in (
            ("--all", args.all),
            ("--rules", bool(args.rules)),
            ("--format markdown", args.format == "markdown"),
        ):
            if used:
                raise UsageError(
                    _(
                        "gleek compare: {flag} applies only to the comparison of the rules "
                        "(without --record or --simulate)"
                    ).format(flag=flag)
                )
    if args.record is not None:
        why = None
        if not args.record.is_file():
            why = _("not a regular file") if args.record.exists() else _("no such file")
        elif not os.access(args.record, os.R_OK):  # as one not there: status 2, not 1
            why = _("cannot read: permission denied")
        if why is not None:
            raise UsageError(f"gleek compare: --record {escape_controls(str(args.record))}: {why}")
        try:
            result = compare.compare_record(args.record, profiles, profile_dirs=args.profile_dir)
        except RecordError as exc:
            if exc.line is not None:  # the record read, and found wrong: status 1
                raise
            # not read at all (a system file, one over the size limit): as one not there
            raise UsageError(f"gleek compare: --record {escape_controls(str(exc))}") from None
        if args.format == "json":
            _json_out(result.to_json())
        else:
            _out(result.text())
        return 0
    if args.simulate is None:
        for flag in ("workers", "scheduler"):
            if getattr(args, flag) is not None:
                raise UsageError(
                    _("gleek compare: {flag} applies only to --simulate").format(flag=f"--{flag}")
                )
    if args.simulate is not None:
        if args.simulate > MAX_PLAYED_DEALS:  # said before any work (the bar, the workers)
            raise UsageError(
                _("gleek compare: --simulate: at most {most} deals, not {n}").format(
                    most=f"{MAX_PLAYED_DEALS:,}", n=f"{args.simulate:,}"
                )
            )
        progress: Callable[[int], None] | None = None
        bar = None
        if not args.no_progress:
            from tqdm import tqdm

            bar = tqdm(
                total=args.simulate,
                unit=_("deal"),
                desc=_("simulating"),
                file=sys.stderr,
                leave=False,
            )

            def progress(n: int) -> None:
                bar.update(n)

        try:
            with _workers_capped("compare", args.workers):
                sim = compare.simulate(
                    profiles,
                    args.simulate,
                    seed=0 if args.seed is None else args.seed,
                    bots=DEFAULT_BOT if args.bots is None else args.bots,
                    workers=args.workers,
                    scheduler=args.scheduler,
                    progress=progress,
                )
        except ArgumentError as exc:  # the scheduler cannot be used (dask missing, unreachable)
            raise UsageError(f"gleek compare: --scheduler: {exc}") from None
        finally:
            if bar is not None:
                bar.close()
        if args.format == "json":
            print(json.dumps(sim.to_json(), indent=2))
        else:
            print(sim.text())
        return 0
    matrix = compare.rule_matrix(profiles, all_rules=args.all, rules=args.rules)
    if args.format == "json":
        _json_out(matrix.to_json())
    elif args.format == "markdown":
        _out(matrix.markdown())
    else:
        # fit the terminal (COLUMNS, else the terminal's width); piped, no limit
        _out(matrix.text(columns=_columns()))
    return 0


def _effects(args: argparse.Namespace) -> int:
    from gleek import effects

    metrics = tuple(args.metric) or None
    if metrics is not None:
        for m in metrics:
            if m not in effects.KEYS:
                raise UsageError(
                    _("gleek effects: --metric {metric}: unknown; choose from {metrics}").format(
                        metric=repr(escape_controls(m)), metrics=", ".join(effects.KEYS)
                    )
                )
    if args.plot is not None and args.plot.suffix.lower() not in (".svg", ".png"):
        raise UsageError(
            _("gleek effects: --plot {file}: the file must end in .svg or .png").format(
                file=args.plot
            )
        )
    if args.check_bots is not None and args.check_bots == args.bots:
        raise UsageError(
            _("gleek effects: --check-bots {bots}: that is --bots too").format(bots=args.check_bots)
        )
    _check_outputs(
        "effects",
        [args.base, *args.variant, *args.rules],
        [("--csv", args.csv), ("--plot", args.plot)],
    )
    if args.plot is not None:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            raise UsageError(
                _("gleek effects: --plot needs matplotlib: pip install 'gleek[plot]'")
            ) from None
    dirs = args.profile_dir
    base = load_profile(args.base, args.variant, profile_dirs=dirs)
    changes = effects.rule_changes(base, args.rules, profile_dirs=dirs)[0]
    bot_sets = [args.bots] + ([args.check_bots] if args.check_bots else [])
    if not changes:  # (effects() says why)
        effects.effects(base, args.rules, deals=1, profile_dirs=dirs)
    total = args.deals * len(bot_sets)  # a deal counts once played under every rule set
    results = []
    desc = ngettext("{n} rule set", "{n} rule sets", len(changes) + 1).format(n=len(changes) + 1)
    with _progress_bar(total, desc, args.no_progress) as progress:
        for bots in bot_sets:
            try:
                with _workers_capped("effects", args.workers):
                    results.append(
                        effects.effects(
                            base,
                            args.rules,
                            deals=args.deals,
                            seed=args.seed,
                            bots=bots,
                            workers=args.workers,
                            scheduler=args.scheduler,
                            progress=progress,
                            profile_dirs=dirs,
                        )
                    )
            except ArgumentError as exc:  # the scheduler cannot be used (dask missing...)
                where = "--scheduler: " if args.scheduler is not None else ""
                raise UsageError(f"gleek effects: {where}{exc}") from None
    shown = metrics or effects.KEYS
    report: effects.EffectsResult | effects.BotCheck = results[0]
    if len(results) == 2:
        report = effects.check_bots_effects(results[0], results[1])
    if args.format == "json":
        _json_out(report.to_json())
    elif args.format == "markdown":
        _out(report.markdown() if isinstance(report, effects.BotCheck) else report.markdown(shown))
    else:
        _out(report.text() if isinstance(report, effects.BotCheck) else report.text(shown))
    if args.csv is not None:
        _write_output(args.csv, report.csv(), "--csv", say=_err)  # (stdout may be JSON)
    if args.plot is not None:
        try:
            report.plot(args.plot, metrics or effects.PLOT_METRICS)
        except effects.PlotError as exc:
            raise UsageError(f"gleek effects: --plot {args.plot}: {exc}") from None
        _err(_("Wrote {file}").format(file=args.plot))
    return 0


@contextlib.contextmanager
def _progress_bar(total: int, desc: str, off: bool) -> Iterator[Callable[[int], None] | None]:
    """A progress bar on stderr (none with ``off``): yields the function to call with each
    number of pieces finished."""
    if off:
        yield None
        return
    from tqdm import tqdm

    with tqdm(total=total, unit=_("deal"), desc=desc, file=sys.stderr, leave=False) as bar:

        def progress(n: int) -> None:
            bar.update(n)

        yield progress


def _match(args: argparse.Namespace) -> int:
    from tqdm import tqdm

    from gleek.sim.match import load_bot, play_match

    if args.deals > MAX_PLAYED_DEALS:  # said before any work (the bar, the workers)
        raise UsageError(
            _("gleek match: --deals: at most {most}, not {n}").format(
                most=f"{MAX_PLAYED_DEALS:,}", n=f"{args.deals:,}"
            )
        )
    profile = load_profile(args.profile, args.variant, profile_dirs=args.profile_dir)
    for spec in args.bots:
        load_bot(spec)
    with tqdm(
        total=args.deals,
        unit=_("deal"),
        desc=_("match"),
        file=sys.stderr,
        disable=args.no_progress,
    ) as bar:

        def progress(n: int) -> None:
            bar.update(n)

        with _workers_capped("match", args.workers):
            result = play_match(
                args.bots,
                profile,
                args.deals,
                seed=args.seed,
                workers=args.workers,
                progress=progress,
            )
    print(json.dumps(result.to_json(), indent=2) if args.format == "json" else result.text())
    return 0


# -- gleek ladder (issue 48): the bot ladder of docs/ladder.rst --------------------------------


def _ladder_parser(sub: argparse._SubParsersAction[_Parser]) -> None:
    lad = sub.add_parser(
        "ladder",
        help=_(
            "a bot ladder: every three bots play the same decks, seats rotated; ratings with "
            "95%% intervals per profile (the defaults reproduce the documented ladder)"
        ),
    )
    lad.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar=_("BOT"),
        help=_(
            "a bot of the field, named as gleek match names them (repeatable; default the "
            "documented field: random basic rules search:10 search:80 ismcts:10)"
        ),
    )
    lad.add_argument(
        "--profile",
        action="append",
        default=[],
        metavar="P",
        help=_("a profile (repeatable; default the four shipped profiles)"),
    )
    lad.add_argument(
        "--decks", metavar="N", type=_positive, default=None, help=_("decks a match (default 4)")
    )
    lad.add_argument(
        "--seed", metavar="N", type=int, default=0, help=_("seed of the decks (default: 0)")
    )
    lad.add_argument(
        "--resamples",
        metavar="N",
        type=int,
        default=1000,
        help=_("bootstrap resamples (default: 1000)"),
    )
    _workers_arg(lad, _("processes (default: all cores); the result is the same for any number"))
    lad.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help=_("text (a table) or json (for programs) (default: text)"),
    )
    _no_progress_arg(lad)
    _profile_dir(lad)


def _ladder(args: argparse.Namespace) -> int:
    from tqdm import tqdm

    from gleek.sim.ladder import (
        LADDER_BOTS,
        RECORDED_DECKS,
        RECORDED_PROFILES,
        ladder_deals,
        play_ladder,
    )

    bots = tuple(args.bot) or LADDER_BOTS
    decks = RECORDED_DECKS if args.decks is None else args.decks
    profiles = [
        load_profile(p, profile_dirs=args.profile_dir) for p in (args.profile or RECORDED_PROFILES)
    ]
    total = ladder_deals(len(bots), len(profiles), decks)
    with tqdm(
        total=total,
        unit=_("deal"),
        desc=_("ladder"),
        file=sys.stderr,
        disable=args.no_progress,
    ) as bar:

        def progress(n: int) -> None:
            bar.update(n)

        with _workers_capped("ladder", args.workers):
            result = play_ladder(
                bots,
                profiles,
                decks,
                seed=args.seed,
                workers=args.workers,
                resamples=args.resamples,
                progress=progress,
            )
    print(json.dumps(result.to_json(), indent=2) if args.format == "json" else result.text())
    return 0


if __name__ == "__main__":  # pragma: no cover - run as ``python -m gleek`` (tested)
    sys.exit(main())
