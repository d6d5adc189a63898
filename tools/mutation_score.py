"""The mutation score of the rule code, per module, from a ``mutmut run`` (``make mutation``).

Reads mutmut's result files under ``mutants/`` and prints, for each mutated module, how many
mutants the tests killed out of how many were made; then the totals for ``gleek/stages/``,
``gleek/state.py`` and ``gleek/_core.py`` (the engine's fast core) against their floors, and
every surviving mutant with whether the docs' testing page explains it. Also writes the table
to ``mutants/mutation-score.txt``.

A mutant counts as killed when a test failed on it or it ran past its time limit (an endless
loop is caught); it survives when every selected test passed, or when no selected test reached
its function. Exit status 1 when a floor is missed, a module's run did not check every mutant, a
survivor is unexplained, or the page lists a mutant that does not survive; 0 otherwise.

Usage: ``python tools/mutation_score.py [--no-check]`` from the repository root.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

FLOORS = {"gleek/stages/": 92.0, "gleek/state.py": 88.0, "gleek/_core.py": 88.0}
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
    explained = set(re.findall(r"``(gleek\.[\w.]+__mutmut_\d+)``", _read(EXPLAINED)))
    lines.append("")
    lines.append(
        f"surviving mutants ({len(survivors)}); `.venv-mutation/bin/mutmut show NAME` prints one:"
    )
    for name in survivors:
        note = "explained in docs/testing.rst" if name in explained else "NOT EXPLAINED"
        failed |= name not in explained
        lines.append(f"  {name}  [{note}]")
    # the page lists what survives, no more: a name the tests now kill (or one no longer made,
    # after a change to the code) is out of date there; modules with no results are not judged
    code_of = {name: code for codes in results.values() for name, code in codes.items()}
    run_modules = {_module_of(name) for name in code_of}
    stale = sorted(
        (n for n in explained - set(survivors) if _module_of(n) in run_modules), key=_natural
    )
    if stale:
        lines.append("")
        lines.append(f"listed in docs/testing.rst but not surviving ({len(stale)}):")
        for name in stale:
            if name not in code_of:
                why = "no such mutant"
            elif code_of[name] is None:
                why = "not checked yet"
            else:
                why = "killed"
            lines.append(f"  {name}  [{why}]")
    failed |= bool(stale)
    text = "\n".join(lines)
    print(text)
    Path("mutants/mutation-score.txt").write_text(text + "\n")
    return 1 if check and failed else 0


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
