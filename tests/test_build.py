"""Both builds: the pure-Python package and the one with modules compiled by mypyc.

``make test`` runs the suite with ``GLEEK_EXPECT_COMPILED=0`` against the checkout; ``make
check`` also builds the compiled wheel as docs/install.rst says, installs it in a fresh venv
and runs the suite against that install (``nox -s compiled``) with ``GLEEK_EXPECT_COMPILED=1``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

import gleek
import gleek._core
from gleek import build
from gleek.cli import main

ROOT = Path(__file__).resolve().parent.parent


def _listed() -> tuple[str, ...]:
    """The modules pyproject.toml has the compiled build compile, as module names."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    files = config["tool"]["gleek"]["mypyc"]["modules"]
    return tuple(sorted(f.removesuffix(".py").replace("/", ".") for f in files))


def test_the_build_under_test_is_the_one_expected() -> None:
    expected = os.environ.get("GLEEK_EXPECT_COMPILED", "0")  # a checkout runs pure Python
    compiled = not gleek._core.__file__.endswith(".py")
    assert compiled == (expected == "1"), gleek._core.__file__
    info = gleek.build_info()
    assert info.kind == ("compiled" if compiled else "pure")
    # the compiled build compiles exactly the modules pyproject.toml lists, and they load
    assert info.compiled == (_listed() if compiled else ())
    for name in info.compiled:
        module = __import__(name, fromlist=["_"])
        assert module.__file__ is not None and not module.__file__.endswith(".py"), name


def test_version_comes_from_the_package_metadata(capsys: pytest.CaptureFixture[str]) -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    assert gleek.__version__ == config["project"]["version"] == gleek.build_info().version
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    assert out == f"{gleek.build_info()}\n"  # one line, however long
    assert out.startswith(f"gleek {gleek.__version__}, ")
    assert ("compiled by mypyc (gleek._core" in out) == (gleek.build_info().kind == "compiled")
    assert ("pure Python" in out) == (gleek.build_info().kind == "pure")


def test_a_copy_never_installed_has_an_unknown_version() -> None:
    assert build.version("gleek-no-such-distribution") == "0+unknown"


def test_compiled_modules_are_found_by_their_extension_suffix(tmp_path: Path) -> None:
    package = tmp_path / "gleek"
    (package / "stages").mkdir(parents=True)
    (package / "_core.py").write_text("")
    (package / f"_core{EXTENSION_SUFFIXES[0]}").write_bytes(b"")
    (package / "stages" / f"settle{EXTENSION_SUFFIXES[-1]}").write_bytes(b"")
    (package / "stages" / "sets.py").write_text("")
    assert build.compiled_modules(package) == ("gleek._core", "gleek.stages.settle")
    info = build.BuildInfo("1.2", build.compiled_modules(package))
    assert str(info) == "gleek 1.2, compiled by mypyc (gleek._core, gleek.stages.settle)"
    assert str(build.BuildInfo("1.2", ())) == "gleek 1.2, pure Python"


@pytest.mark.slow
@pytest.mark.compiled
def test_without_a_c_compiler_the_build_warns_once_and_ships_pure_python(tmp_path: Path) -> None:
    """``GLEEK_MYPYC=1`` with no working C compiler (``CC=false``): the wheel still builds, says
    why in one line, and holds the pure package (no extension module), which runs. Built from
    a copy of the sources, so no earlier build under the checkout's build/ is reused."""
    source = tmp_path / "source"
    shutil.copytree(ROOT / "gleek", source / "gleek", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    run = subprocess.run(
        [
            *(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-v"),
            *("-w", str(tmp_path / "dist"), "."),
        ],
        cwd=source,
        env={**os.environ, "GLEEK_MYPYC": "1", "CC": "false"},
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    lines = (line.strip() for line in (run.stdout + run.stderr).splitlines())  # pip indents
    said = [line for line in lines if line.startswith("gleek: ")]
    assert len(said) == 1, said
    assert said[0].startswith("gleek: compiling the fast core failed (CompileError: ")
    assert len(said[0]) < 250
    assert said[0].endswith("; building the pure-Python package instead")
    (wheel,) = (tmp_path / "dist").glob("gleek-*.whl")
    assert wheel.name.endswith("-py3-none-any.whl")  # pure, for any platform
    names = zipfile.ZipFile(wheel).namelist()
    assert "gleek/_core.py" in names and "gleek/profiles/parlett.yaml" in names
    assert not [n for n in names if n.endswith(tuple(EXTENSION_SUFFIXES))], names
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    check = subprocess.run(
        [sys.executable, "-c", "import gleek; print(gleek.build_info().kind, gleek.__file__)"],
        cwd=tmp_path,
        env={"PYTHONPATH": str(site), "PYTHONNOUSERSITE": "1"},
        capture_output=True,
        text=True,
    )
    assert check.stdout.split() == ["pure", str(site / "gleek" / "__init__.py")], check.stderr
