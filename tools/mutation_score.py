"""The mutation score of the rule code, per module, from a ``mutmut run`` (``make mutation``).

Reads mutmut's result files under ``mutants/`` and prints, for each mutated module, how many
mutants the tests killed out of how many were made; then the totals for ``gleek/stages/``,
``gleek/engine/``,
``gleek/state.py`` and ``gleek/_core.py`` (the engine's fast core) against their floors, and
every surviving mutant with whether the docs' testing page explains it. Also writes the table
to ``mutants/mutation-score.txt``.

A mutant counts as killed when a test failed on it or it ran past its time limit (an endless
loop is caught); it survives when every selected test passed, or when no selected test reached
its function. Survivors are explained on the testing page by function, not by mutant (mutmut
renumbers a function's mutants whenever it changes): ``gleek.state.ledger``, a method
as ``gleek._core.Rules.__init__``, named in double backquotes after the page's "Surviving
mutants" heading. Exit status 1 when a floor is missed, a module's run did not check every
mutant, a survivor's function is not listed, or the page lists a function of a module that
was run none of whose mutants survives; 0 otherwise.

Usage: ``python tools/mutation_score.py [--no-check]`` from the repository root.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

FLOORS = {
    "gleek/stages/": 92.0,
    "gleek/engine/": 88.0,
    "gleek/state.py": 88.0,
    "gleek/_core.py": 88.0,
}
KILLED = {1, 3, 24, -24, 36, 37, 152, 255}  # failed, error, timed out, caught by type check
SURVIVED = {0, 5, 33}  # all tests passed, or no test reached the function
EXPLAINED = Path("docs/testing.rst")


def load(root: Path) -> dict[str, dict[str, int | None]]:
    """Exit code of every mutant, by module path (``gleek/stages/settle.py``)."""
    out: dict[str, dict[str, int | None]] = {}
    for meta in sorted(root.glob("gleek/**/*.py.meta")):
        module = meta.relative_to(root).as_posix().removesuffix(".meta")
        codes = json.loads(meta.read_text())["exit_code_by_key"]
        if codes:
            out[module] = codes
    return out


def main(argv: list[str]) -> int:
    check = "--no-check" not in argv
    results = load(Path("mutants"))
    if not results:
        print("no mutation results under mutants/: run `make mutation` first", file=sys.stderr)
        return 2
    lines = [f"{'module':<28} {'killed':>6} {'of':>5} {'score':>7}  unchecked"]
    groups: dict[str, list[int]] = {g: [0, 0, 0] for g in FLOORS}
    survivors: list[str] = []
    for module, codes in results.items():
        checked = {k: v for k, v in codes.items() if v is not None}
        killed = sum(v in KILLED for v in checked.values())
        survivors += sorted((k for k, v in checked.items() if v not in KILLED), key=_natural)
        score = 100.0 * killed / len(checked) if checked else 0.0
        unchecked = len(codes) - len(checked)
        lines.append(f"{module:<28} {killed:>6} {len(checked):>5} {score:>6.1f}%  {unchecked}")
        for group, tally in groups.items():
            if module.startswith(group):
                tally[0] += killed
                tally[1] += len(checked)
                tally[2] += len(codes) - len(checked)
    lines.append("")
    failed = False
    for group, (killed, total, unchecked) in groups.items():
        if total == 0:
            lines.append(f"{group:<28} not run")
            continue
        score = 100.0 * killed / total
        ok = score >= FLOORS[group]
        # a run stopped part-way proves nothing about the mutants it did not reach
        failed |= not ok or unchecked > 0
        verdict = "met" if ok else "MISSED"
        if unchecked:
            verdict += f" on the {total} checked; INCOMPLETE, {unchecked} not checked"
        lines.append(
            f"{group:<28} {killed:>6} {total:>5} {score:>6.1f}%  "
            f"(floor {FLOORS[group]:.0f}%: {verdict})"
        )
    explained = _listed(_read(EXPLAINED))
    lines.append("")
    lines.append(
        f"surviving mutants ({len(survivors)}); `.venv-mutation/bin/mutmut show NAME` prints one:"
    )
    for name in survivors:
        ok = function_of(name) in explained
        note = "explained in docs/testing.rst" if ok else "NOT EXPLAINED"
        failed |= not ok
        lines.append(f"  {name}  [{function_of(name)}: {note}]")
    # the page lists the functions with survivors, no more: one whose mutants the tests now
    # all kill (or that no longer exists) is out of date there; modules with no results are
    # not judged
    code_of = {name: code for codes in results.values() for name, code in codes.items()}
    run_modules = {_module_of(name) for name in code_of}
    surviving = {function_of(name) for name in survivors}
    mutated = {function_of(name) for name in code_of}
    unchecked_fns = {function_of(n) for n, code in code_of.items() if code is None}
    stale = sorted(
        f for f in explained - surviving if any(f.startswith(m + ".") for m in run_modules)
    )
    if stale:
        lines.append("")
        lines.append(f"listed in docs/testing.rst but with no surviving mutant ({len(stale)}):")
        for fn in stale:
            if fn not in mutated:
                why = "no mutant of it"
            elif fn in unchecked_fns:
                why = "not all checked yet"
            else:
                why = "all killed"
            lines.append(f"  {fn}  [{why}]")
    failed |= bool(stale)
    text = "\n".join(lines)
    print(text)
    Path("mutants/mutation-score.txt").write_text(text + "\n")
    return 1 if check and failed else 0


def function_of(name: str) -> str:
    """``gleek.stages.deal.deal_cards`` for ``gleek.stages.deal.x_deal_cards__mutmut_4``, and
    ``gleek._core.Rules.__init__`` for ``gleek._core.xǁRulesǁ__init____mutmut_23``."""
    module, rest = re.split(r"\.x(?=[_ǁ])", name, maxsplit=1)
    rest = re.sub(r"__mutmut_\d+$", "", rest)
    if rest.startswith("ǁ"):
        cls, _, method = rest[1:].partition("ǁ")
        return f"{module}.{cls}.{method}"
    return f"{module}.{rest[1:]}"


def _listed(page: str) -> set[str]:
    """The functions the page's "Surviving mutants" section names in double backquotes."""
    section = page.partition("Surviving mutants\n")[2]
    return set(re.findall(r"``(gleek\.[\w.]+)``", section))


def _module_of(name: str) -> str:
    """``gleek.stages.deal`` for ``gleek.stages.deal.x_deal_cards__mutmut_4``."""
    return re.split(r"\.x[_ǁ]", name, maxsplit=1)[0]


def _natural(name: str) -> tuple[str, int]:
    stem, _, n = name.rpartition("_")
    return (stem, int(n)) if n.isdigit() else (name, 0)


def _read(path: Path) -> str:
    return path.read_text() if path.is_file() else ""


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
