"""The project's checks as nox sessions; ``make test`` and ``make check`` call them.

    nox                  # the fast default: lint, types, pure, docs (each in a venv of its own)
    nox -s compiled      # the mypyc build, made as install.rst says, and the suite against it
    nox -l               # every session

``make test`` runs ``lint types pure docs`` and ``make check`` adds ``slow browser compiled
sdist``. The Makefile runs the sessions that need the development environment in ``.venv``
(``nox --no-venv --no-install``, with ``.venv/bin`` first on ``PATH``); ``compiled`` and ``sdist``
always build in a fresh venv of their own, with pip's build isolation, as a user would: the
sdist installed pure, and the compiled wheel built from the sdist (mypyc runs once).
"""

from __future__ import annotations

import shutil
import subprocess
import tarfile
from pathlib import Path

import nox

ROOT = Path(__file__).resolve().parent
DEV = ".[dev,rl]"
SUITE = ["gleek", "tests", "docs", "README.md"]
FAST = "not slow and not browser and not compiled"
# everything the suite reads besides the package: copied beside the compiled run's tests
RUN_FILES = ["tests", "docs", "examples", "tools", "README.md", "pyproject.toml"]
# what git tracks that the sdist leaves out on purpose: the CI script, git's own file
NOT_SHIPPED = (".ci/", ".gitignore")

nox.options.sessions = ["lint", "types", "pure", "docs"]
# venv, never uv: the machines have no uv (nox would say "uv binary not found" at each install)
nox.options.default_venv_backend = "venv"


def _develop(session: nox.Session) -> None:
    """The development install (skipped under ``--no-install``, as ``make`` runs it)."""
    session.install("-e", DEV)


@nox.session
def lint(session: nox.Session) -> None:
    """ruff: the lint rules and the format check."""
    session.install("ruff")
    paths = ["gleek", "tests", "benchmarks", "docs", "tools", "noxfile.py", "setup.py"]
    session.run("ruff", "check", *paths)
    session.run("ruff", "format", "--check", *paths)


@nox.session
def types(session: nox.Session) -> None:
    """mypy --strict on the package and the benchmarks."""
    _develop(session)
    session.run("mypy", "--strict", "gleek", "benchmarks")


@nox.session
def pure(session: nox.Session) -> None:
    """The suite without the slow, browser and compiled marks, every doctest included, against
    the pure-Python checkout; line and branch coverage of gleek/ at least 98% (pyproject)."""
    _develop(session)
    args = session.posargs or ["-m", FAST]
    session.run("coverage", "erase")
    env = {"GLEEK_EXPECT_COMPILED": "0"}
    session.run("coverage", "run", "-m", "pytest", *args, *SUITE, env=env)
    session.run("coverage", "report")


@nox.session
def slow(session: nox.Session) -> None:
    """The long property runs, the fuzzing, dask, and the builds (the fallback to pure Python)."""
    _develop(session)
    env = {"GLEEK_EXPECT_COMPILED": "0"}
    session.run("python", "-m", "pytest", "-m", "slow or compiled", *SUITE, env=env)


@nox.session
def browser(session: nox.Session) -> None:
    """The viewer and the web page (built with npm and pip, so with the network) in headless
    Chromium (tools/install-browser.sh installs it from Debian)."""
    _develop(session)
    session.run(
        "python", "-m", "pytest", "-m", "browser", "tests", env={"GLEEK_EXPECT_COMPILED": "0"}
    )


@nox.session
def docs(session: nox.Session) -> None:
    """The Sphinx documentation, warnings as errors."""
    _develop(session)
    session.run(
        "sphinx-build", "-W", "--keep-going", "-q", "-b", "html", "docs", "docs/_build/html"
    )


def _sdist(session: nox.Session, out: Path) -> Path:
    """The sdist, built afresh into ``out`` with ``python -m build --sdist``; it must hold every
    file git tracks but those :data:`NOT_SHIPPED` (MANIFEST.in says what goes in)."""
    session.install("build")
    shutil.rmtree(out, ignore_errors=True)
    session.run("python", "-m", "build", "--sdist", "--outdir", str(out))
    (archive,) = out.glob("gleek-*.tar.gz")
    missing = _not_in(archive)
    if missing:
        session.error(f"the sdist lacks files git tracks (MANIFEST.in): {', '.join(missing)}")
    return archive


def _not_in(archive: Path) -> list[str]:
    """The files git tracks that ``archive`` lacks, but those :data:`NOT_SHIPPED` (none outside
    a git checkout: an unpacked sdist is compared with nothing)."""
    if not (ROOT / ".git").exists():
        return []
    tracked = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.splitlines()
    with tarfile.open(archive) as tar:
        held = {name.partition("/")[2] for name in tar.getnames()}
    return [name for name in tracked if name not in held and not name.startswith(NOT_SHIPPED)]


@nox.session(venv_backend="venv")
def compiled(session: nox.Session) -> None:
    """The compiled build as docs/install.rst says (``GLEEK_MYPYC=1 pip wheel --no-deps -w dist``
    with build isolation, in this fresh venv), made from the sdist, so that it also shows the
    sdist alone builds compiled (the one mypyc build of ``make check``); installed, and the suite
    (less the slow and browser marks) run against that install from a folder outside the source
    tree."""
    work = ROOT / "build" / "nox-compiled"
    shutil.rmtree(work, ignore_errors=True)
    archive = _sdist(session, work / "sdist")
    dist = work / "dist"
    session.run(
        "python", "-m", "pip", "wheel", "--no-deps", "-w", str(dist), str(archive),
        env={"GLEEK_MYPYC": "1"},
    )  # fmt: skip
    (wheel,) = dist.glob("gleek-*.whl")
    session.install(f"{wheel}[dev,rl]")
    run = work / "tree"
    for name in RUN_FILES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(
                source, run / name, ignore=shutil.ignore_patterns("_build", "generated")
            )
        else:
            shutil.copy2(source, run / name)
    if (ROOT.parent / "shared").is_dir():  # the shared inputs sit beside the checkout
        (work / "shared").symlink_to(ROOT.parent / "shared")
    session.chdir(run)
    session.run(
        "python",
        "-c",
        "import gleek; print(gleek.build_info()); assert gleek.build_info().compiled",
    )
    session.run(
        "python", "-m", "pytest", "-m", "not slow and not browser and not compiled",
        "tests", "docs", "README.md",
        env={"GLEEK_EXPECT_COMPILED": "1"},
    )  # fmt: skip


SMOKE = """
import gleek, sys
from gleek.record import validate
from gleek.sources import cotton_sentences
info = gleek.build_info()
print(info)
assert info.kind == sys.argv[1], info
for pid in gleek.list_profiles():
    for variant in gleek.list_variants():
        gleek.load_profile(pid, [variant])
assert len(cotton_sentences()) == 20
state = gleek.new_deal(gleek.load_profile("pi"), dealer=0, seed=1)
while not state.is_over:
    state = state.apply(state.legal_actions()[0])
assert validate(sys.argv[2]).valid
from gleek import i18n
assert (i18n.LOCALE_DIR / "fr" / "LC_MESSAGES" / "gleek.mo").is_file()  # built, not committed
with i18n.language("es"):
    assert i18n.gettext("valid") == "v\u00e1lido"
"""


@nox.session(venv_backend="venv")
def sdist(session: nox.Session) -> None:
    """The sdist alone installs pure: built with ``python -m build --sdist``, installed in this
    fresh venv, and the install loads every profile and variant, reads Cotton's text, plays a
    deal and validates a record, from outside the source tree. (That it builds compiled too,
    ``compiled`` shows: its wheel is made from the sdist, so mypyc runs once in ``make check``.)
    """
    out = ROOT / "build" / "sdist"
    archive = _sdist(session, out)
    record = str(ROOT / "examples" / "parlett-s0-auction.yaml")
    session.chdir(out)
    session.run("python", "-m", "pip", "uninstall", "--yes", "--quiet", "gleek")
    session.run(
        "python", "-m", "pip", "install", "--no-cache-dir", str(archive),
        env={"GLEEK_MYPYC": "0"},
    )  # fmt: skip
    session.run("python", "-c", SMOKE, "pure", record)
