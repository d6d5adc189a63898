"""Build script: the pure-Python package, or with ``GLEEK_MYPYC=1`` the fast core compiled by mypyc.

    pip install .                                # pure Python, any platform
    GLEEK_MYPYC=1 pip wheel --no-deps -w dist .  # a per-platform wheel with the compiled core

The compiled build is optional twice over: without ``GLEEK_MYPYC=1`` nothing is compiled, and if
the compiler fails (none installed, no Python headers) the build warns and ships pure Python.
The modules compiled are the same source the pure package runs (see ``COMPILED``).
"""

from __future__ import annotations

import os
import sys
from typing import Any

from setuptools import find_packages, setup
from setuptools.command.build_ext import build_ext

# The modules mypyc compiles: the engine (the state node and its dispatch, gleek/state.py, with
# what it is built from, gleek/_core.py) and every stage of the rules it runs.
COMPILED = [
    "gleek/_core.py",
    "gleek/state.py",
    "gleek/stages/rules.py",
    "gleek/stages/deal.py",
    "gleek/stages/stock.py",
    "gleek/stages/ruff.py",
    "gleek/stages/tricks.py",
    "gleek/stages/sets.py",
    "gleek/stages/settle.py",
]

if sys.argv[1:] == ["--compiled-modules"]:  # for the Makefile: what the compiled build replaces
    print(" ".join(COMPILED))
    sys.exit(0)


def wanted() -> bool:
    return os.environ.get("GLEEK_MYPYC", "").lower() in ("1", "true", "yes")


def ext_modules() -> list[Any]:
    if not wanted():
        return []
    try:
        from mypyc.build import mypycify
    except ImportError as err:
        print(f"gleek: GLEEK_MYPYC=1 but mypyc is missing ({err}): pure Python", file=sys.stderr)
        return []
    return list(mypycify(COMPILED, opt_level="3"))


class OptionalBuildExt(build_ext):
    """Compile if possible; on any compiler failure drop every extension (a partial set would
    not import) and ship the pure-Python package."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as err:  # CompileError, LinkError, missing headers or compiler
            print(f"gleek: compiling the fast core failed ({err}): pure Python", file=sys.stderr)
            for path in self.get_outputs():
                if os.path.exists(path):
                    os.remove(path)
            self.extensions = []
            self.distribution.ext_modules = []


setup(
    packages=[
        *find_packages(include=["gleek", "gleek.*"]),
        "gleek.profiles",
    ],
    ext_modules=ext_modules(),
    cmdclass={"build_ext": OptionalBuildExt},
)
