"""The compiled build: with ``GLEEK_MYPYC=1`` the modules listed under ``[tool.gleek.mypyc]`` in
pyproject.toml are compiled by mypyc; everything else about the package is declared there.

    pip install .                                # pure Python, any platform
    GLEEK_MYPYC=1 pip wheel --no-deps -w dist .  # a per-platform wheel with the compiled core

The compiled build is optional twice over: without ``GLEEK_MYPYC=1`` nothing is compiled, and if
mypyc or the C compiler fails (none installed, no Python headers) the build says so in one line
and ships the pure-Python package. The modules compiled are the same source the pure package runs.
"""

from __future__ import annotations

import os
import sys
import tomllib
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent


def warn(what: str) -> None:
    """One line: what failed (the compiler's command line cut short) and what happens now."""
    what = " ".join(what.split())
    what = what if len(what) <= 160 else what[:157] + "..."
    print(f"gleek: {what}; building the pure-Python package instead", file=sys.stderr)


def ext_modules() -> list[Any]:
    if os.environ.get("GLEEK_MYPYC", "").lower() not in ("1", "true", "yes"):
        return []
    config = tomllib.loads((HERE / "pyproject.toml").read_text("utf-8"))["tool"]["gleek"]["mypyc"]
    try:
        from mypyc.build import mypycify

        return list(mypycify(list(config["modules"]), opt_level=str(config["opt_level"])))
    except ImportError as err:
        warn(f"GLEEK_MYPYC=1 but mypyc is missing ({err})")
    except (Exception, SystemExit) as err:  # mypyc's type check exits on an error it reports
        warn(f"mypyc failed ({type(err).__name__}: {err})")
    return []


class OptionalBuildExt(build_ext):
    """Compile if possible; on any compiler failure drop every extension (a partial set would
    not import) and ship the pure-Python package."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as err:  # CompileError, LinkError, missing headers or compiler
            warn(f"compiling the fast core failed ({type(err).__name__}: {err})")
            for path in self.get_outputs():
                if os.path.exists(path):
                    os.remove(path)
            self.extensions = []
            self.distribution.ext_modules = []
            wheel = self.distribution.command_obj.get("bdist_wheel")
            if wheel is not None:  # then the wheel is a pure one, for any platform
                wheel.root_is_pure = True  # type: ignore[attr-defined]


setup(ext_modules=ext_modules(), cmdclass={"build_ext": OptionalBuildExt})
