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
from setuptools.command.build_py import build_py

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


def compile_catalogs(build_lib: Path) -> list[str]:
    """Compile each gleek/locale/<lang>/LC_MESSAGES/gleek.po into its .mo in ``build_lib`` (the
    wheel's tree) with Babel, a build requirement; the .mo files are never committed."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    made = []
    for po in sorted((HERE / "gleek" / "locale").glob("*/LC_MESSAGES/gleek.po")):
        lang = po.parent.parent.name
        with po.open("rb") as fp:
            catalog = read_po(fp, locale=lang)
        out = build_lib / po.relative_to(HERE).with_suffix(".mo")
        out.parent.mkdir(parents=True, exist_ok=True)
        with out.open("wb") as fp:
            write_mo(fp, catalog)
        made.append(str(out))
    return made


class BuildPyWithCatalogs(build_py):
    """build_py, then the compiled message catalogs beside the .po files (gleek.i18n)."""

    def run(self) -> None:
        super().run()
        if not self.editable_mode:  # an editable install reads the .po itself (gleek.i18n)
            self._catalogs = compile_catalogs(Path(self.build_lib))

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        return [*super().get_outputs(include_bytecode), *getattr(self, "_catalogs", [])]


setup(
    ext_modules=ext_modules(),
    cmdclass={"build_ext": OptionalBuildExt, "build_py": BuildPyWithCatalogs},
)
