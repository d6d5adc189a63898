"""The commands' output shown in the French and Spanish pages, docs/{fr,es}/_output/*.txt.

Run from the repository root::

    python tools/docs_outputs.py            # run the commands, write the files
    python tools/docs_outputs.py --check    # exit 1 if a file is not what its command prints

Each file holds a command (``$ gleek --lang fr validate ...``) and what it prints, as a reader
would see it; the translated pages include them (``.. literalinclude:: _output/NAME.txt``), so
what a page shows is what gleek prints, in the page's language. When the catalogs change
(gleek/locale/*/LC_MESSAGES/gleek.po) or the validator's output does, the files are stale:
tests/test_docs_languages.py runs ``--check`` and says so; run this script to write them again.
Each command also has the exit status the page states (``--check`` fails when it changes: then
the page's words about it must change too).
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from subprocess import run

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
LANGUAGES = ("fr", "es")
COMMAND = "python tools/docs_outputs.py"
COLUMNS = 80


@dataclass(frozen=True)
class Output:
    """One command shown in the pages: its file's name, the arguments after ``gleek --lang
    LANG``, and the exit status the page states."""

    name: str
    args: tuple[str, ...]
    status: int


OUTPUTS = (
    Output("validate-play-high", ("validate", "examples/parlett-play-high.yaml"), 0),
    Output("validate-revoke", ("validate", "tests/records/revoke.yaml"), 1),
    Output("validate-wrong-result", ("validate", "tests/records/wrong-result.yaml"), 1),
)


def path(lang: str, out: Output) -> Path:
    """The file the pages of ``lang`` include for ``out``."""
    return DOCS / lang / "_output" / f"{out.name}.txt"


def _env() -> dict[str, str]:
    """The environment of the commands: this checkout's gleek (where there is one: the compiled
    session runs the suite from a copy without it, against the installed package), UTF-8 out,
    a terminal :data:`COLUMNS` wide (gleek fits its text to ``COLUMNS``: a page's code block
    is about as wide), and no language of the caller's (``--lang`` chooses it)."""
    env = {k: v for k, v in os.environ.items() if k != "GLEEK_LANG"}
    env["PYTHONUTF8"] = "1"
    env["COLUMNS"] = str(COLUMNS)
    if (ROOT / "gleek" / "__init__.py").is_file():
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return env


def render(lang: str, out: Output) -> tuple[str, int]:
    """The file's text for ``out`` in ``lang`` (the command, then what it prints) and the
    command's exit status."""
    argv = ["gleek", "--lang", lang, *out.args]
    done = run(
        [sys.executable, "-m", *argv],
        cwd=ROOT,
        env=_env(),
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )
    if done.stderr:
        raise RuntimeError(f"{' '.join(argv)} wrote to stderr:\n{done.stderr}")
    return f"$ {' '.join(argv)}\n{done.stdout}", done.returncode


def stale() -> list[str]:
    """Why the files are stale (nothing: they are not)."""
    why = []
    for lang in LANGUAGES:
        for out in OUTPUTS:
            text, status = render(lang, out)
            file = path(lang, out)
            name = f"docs/{lang}/_output/{out.name}.txt"
            if not file.is_file():
                why.append(f"{name} is missing")
            elif file.read_text("utf-8") != text:
                why.append(f"{name} is not what `{text.splitlines()[0][2:]}` prints")
            if status != out.status:
                why.append(
                    f"`{text.splitlines()[0][2:]}` exits with {status}, not {out.status}: "
                    f"change Output({out.name!r}).status and what docs/{lang}/ says of it"
                )
    return why


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if a file is stale")
    args = parser.parse_args()
    if args.check:
        why = stale()
        for line in why:
            print(f"stale: {line}; run: {COMMAND}")
        return 1 if why else 0
    for lang in LANGUAGES:
        for out in OUTPUTS:
            text, status = render(lang, out)
            file = path(lang, out)
            file.parent.mkdir(parents=True, exist_ok=True)
            file.write_text(text, encoding="utf-8")
            note = "" if status == out.status else f" (exit status {status}, not {out.status}!)"
            print(f"Wrote {file.relative_to(ROOT).as_posix()}{note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
