"""``gleek web build OUT``: the static folder of the page that plays Gleek in the browser.

The folder holds the page (``index.html``, ``app.js``, ``style.css``, a service worker that keeps
it offline), Pyodide's runtime from the npm package ``pyodide`` (installed with ``npm pack`` at
build time), and the pure wheels the page unpacks: gleek itself, made from the installed package
(without its compiled modules), the pure-Python wheels it needs from PyPI, each pinned and
checked by its sha256, and PyYAML made into a pure wheel from its sdist (PyPI has none; PyYAML
runs without its C extension). Nothing is fetched at run time: serve the folder with
``python -m http.server`` or any static host.

>>> from pathlib import Path
>>> import tempfile, zipfile
>>> out = Path(tempfile.mkdtemp())
>>> wheel = gleek_wheel(out)
>>> wheel.name
'gleek-0.1.0-py3-none-any.whl'
>>> names = zipfile.ZipFile(wheel).namelist()
>>> "gleek/state.py" in names, "gleek/web/app.py" in names, "gleek/web/static/app.js" in names
(True, True, False)
>>> "gleek/locale/fr/LC_MESSAGES/gleek.mo" in names, "gleek/locale/es/LC_MESSAGES/gleek.mo" in names
(True, True)
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from collections.abc import Callable, Iterable
from importlib import resources
from pathlib import Path
from typing import Final

import gleek
from gleek.errors import GleekError

__all__ = [
    "PYODIDE_FILES",
    "PYODIDE_VERSION",
    "WHEELS",
    "BuildError",
    "build",
    "gleek_wheel",
    "pyodide_runtime",
    "pyyaml_wheel",
]

PYODIDE_VERSION: Final = "314.0.8"
#: npm's ``dist.integrity`` of pyodide@314.0.8: the tarball ``npm pack`` fetches is checked by it
PYODIDE_INTEGRITY: Final = "sha512-" + (
    "74Wq1kXOC+CCEzAfxuRAO701nAcCMLjf8NrwvWpu8S41dVMXwXmLQ05dYB+F4e46AdnGo0oq7YHSVUpHsoarLQ=="
)
#: The runtime files the page loads (the rest of the npm package is types, maps and consoles).
PYODIDE_FILES: Final = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

#: The pure wheels from PyPI that the page imports: (file name, sha256). The schema checker is
#: ``jsonschema`` 4.17, the last release before ``referencing`` and its native ``rpds-py``: pure
#: Python, with ``pyrsistent``'s pure wheel, so that a profile file of the user's own gets its
#: located schema errors in the page as on the command line. Not ``tqdm``: only the command
#: line shows progress.
WHEELS: Final = (
    (
        "attrs-26.1.0-py3-none-any.whl",
        "c647aa4a12dfbad9333ca4e71fe62ddc36f4e63b2d260a37a8b83d2f043ac309",
    ),
    (
        "tabulate-0.10.0-py3-none-any.whl",
        "f0b0622e567335c8fabaaa659f1b33bcb6ddfe2e496071b743aa113f8774f2d3",
    ),
    (
        "jsonschema-4.17.3-py3-none-any.whl",
        "a870ad254da1a8ca84b6a2905cac29d265f805acc57af304784962a2aa6508f6",
    ),
    (
        "pyrsistent-0.20.0-py3-none-any.whl",
        "c55acc4733aad6560a7f5f818466631f07efc001fd023f34a6c203f8b6df0f0b",
    ),
)
PYYAML_SDIST: Final = (
    "pyyaml-6.0.3.tar.gz",
    "d76623373421df22fb4cf8817020cbb7ef15c725b9d5e45f17e189bfc384190f",
)
#: The Python of the Pyodide release (its pyodide-lock.json): the wheels must run on it.
PYTHON_VERSION: Final = "3.14"

#: The page's own files (package data of gleek.web.static); ``words.js`` holds the words of
#: its interface in each language.
PAGE_FILES: Final = ("index.html", "app.js", "words.js", "style.css", "sw.js")

# the package data of gleek that the page needs besides its modules (pyproject's package-data)
_DATA_SUFFIXES: Final = (".py", ".json", ".yaml", ".txt", "py.typed")


class BuildError(GleekError):
    """The folder could not be built: npm missing or failing, a download failed or did not
    match its pinned hash, the output folder unusable."""


Run = Callable[[list[str], Path], None]


def _run(argv: list[str], cwd: Path) -> None:  # pragma: no cover - npm; tests pass a fake
    try:
        done = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, check=False)
    except OSError as exc:
        raise BuildError(f"cannot run {argv[0]}: {exc.strerror or exc}") from None
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip().splitlines()[-5:]
        raise BuildError(f"{' '.join(argv)} failed (exit {done.returncode}): " + " / ".join(tail))


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _requirement(filename: str, sha256: str) -> str:
    """``name==version --hash=sha256:...`` of a wheel or sdist file name."""
    stem = filename.removesuffix(".tar.gz").removesuffix(".whl")
    name, version = stem.split("-")[:2]
    return f"{name}=={version} --hash=sha256:{sha256}"


def download(
    files: Iterable[tuple[str, str]],
    cache: Path,
    run: Run | None = None,
    say: Callable[[str], None] | None = None,
) -> list[Path]:
    """The PyPI ``files`` (name, sha256) in ``cache``, downloaded by pip (``--require-hashes``)
    where missing, each checked against its sha256 again; ``say`` is told what is downloaded."""
    run = run or _run
    wanted = list(files)
    missing = [
        (f, h) for f, h in wanted if not ((cache / f).is_file() and _sha256_of(cache / f) == h)
    ]
    cache.mkdir(parents=True, exist_ok=True)
    for sdist in (False, True):
        group = [(f, h) for f, h in missing if f.endswith(".tar.gz") == sdist]
        if not group:
            continue
        reqs = cache / ("sdists.txt" if sdist else "wheels.txt")
        reqs.write_text("".join(_requirement(f, h) + "\n" for f, h in group), "utf-8")
        if say is not None:
            names = ", ".join(f for f, _ in group)
            slow = (
                " (pip prepares an sdist's metadata, building its build tools first: a "
                "minute or more with an empty cache)"
                if sdist
                else ""
            )
            say(f"downloading {names} with pip{slow}")
        kind = ["--no-binary", ":all:"] if sdist else ["--only-binary", ":all:"]
        where = [] if sdist else ["--platform", "any", "--implementation", "py"]
        where += ["--python-version", PYTHON_VERSION] if not sdist else []
        run(
            [sys.executable, "-m", "pip", "download", "--no-deps", "--quiet", *kind, *where,
             "--require-hashes", "-r", reqs.name, "--dest", "."],
            cache,
        )  # fmt: skip
    out = []
    for filename, sha256 in wanted:
        target = cache / filename
        if not target.is_file():
            raise BuildError(f"pip download wrote no {filename} in {cache}")
        got = _sha256_of(target)
        if got != sha256:
            raise BuildError(f"{filename}: sha256 {got}, expected {sha256} (a changed download)")
        out.append(target)
    return out


def _sha256_of(path: Path) -> str:
    return _sha256(path.read_bytes())


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def write_wheel(
    folder: Path, name: str, version: str, files: Iterable[tuple[str, bytes]], summary: str
) -> Path:
    """A pure ``py3-none-any`` wheel of ``files`` (archive name, content) with its metadata."""
    dist = f"{name}-{version}.dist-info"
    entries = list(files)
    entries.append(
        (
            f"{dist}/METADATA",
            f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
            f"Summary: {summary}\n".encode(),
        )
    )
    entries.append(
        (
            f"{dist}/WHEEL",
            b"Wheel-Version: 1.0\nGenerator: gleek web build\nRoot-Is-Purelib: true\n"
            b"Tag: py3-none-any\n",
        )
    )
    record = [_record_line(n, d) for n, d in entries] + [f"{dist}/RECORD,,"]
    entries.append((f"{dist}/RECORD", ("\n".join(record) + "\n").encode()))
    path = folder / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for n, d in sorted(entries):
            info = zipfile.ZipInfo(n, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, d)
    return path


def gleek_wheel(folder: Path) -> Path:
    """The pure gleek wheel, from the package as installed here: its modules and data, without
    compiled modules or the page's own files (those are the folder itself), and the compiled
    message catalogs (``.mo``), so that the page speaks French and Spanish: those of the
    install, or compiled here from the ``.po`` of a working copy (with Babel, as setup.py
    compiles them into a wheel)."""
    root = Path(gleek.__file__).resolve().parent
    files = []
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root)
        skip = "__pycache__" in rel.parts or rel.parts[:2] == ("web", "static")
        # modules and data only: not a compiled module (.so) of a compiled install
        if path.is_file() and not skip and path.name.endswith(_DATA_SUFFIXES):
            files.append((f"gleek/{rel.as_posix()}", path.read_bytes()))
    files += _catalogs(root)
    return write_wheel(folder, "gleek", gleek.__version__, files, "Gleek, pure Python")


def _catalogs(root: Path) -> list[tuple[str, bytes]]:
    """Each language's compiled catalog as (archive name, bytes): its ``.mo`` where the build
    made one, else its ``.po`` compiled with Babel."""
    out = []
    for po in sorted(root.glob("locale/*/LC_MESSAGES/gleek.po")):
        mo = po.with_suffix(".mo")
        if mo.is_file():
            data = mo.read_bytes()
        else:
            from babel.messages.mofile import write_mo
            from babel.messages.pofile import read_po

            buf = io.BytesIO()
            with po.open("rb") as fp:
                write_mo(buf, read_po(fp, locale=po.parent.parent.name))
            data = buf.getvalue()
        out.append((f"gleek/{mo.relative_to(root).as_posix()}", data))
    return out


def pyyaml_wheel(sdist: Path, folder: Path) -> Path:
    """A pure wheel of PyYAML from its sdist: ``lib/yaml/*.py`` and the licence (MIT); the C
    extension is left out, as PyYAML runs without it."""
    stem = sdist.name.removesuffix(".tar.gz")
    version = stem.split("-")[-1]
    files = []
    with tarfile.open(sdist) as tar:
        for member in tar.getmembers():
            parts = member.name.split("/")[1:]
            if not member.isfile():
                continue
            if parts[:2] == ["lib", "yaml"] and parts[-1].endswith(".py") and len(parts) == 3:
                name = f"yaml/{parts[2]}"
            elif parts == ["LICENSE"]:
                name = f"PyYAML-{version}.dist-info/licenses/LICENSE"
            else:
                continue
            handle = tar.extractfile(member)
            assert handle is not None
            files.append((name, handle.read()))
    if not any(n == "yaml/__init__.py" for n, _ in files):
        raise BuildError(f"{sdist.name}: no lib/yaml/__init__.py in the sdist")
    return write_wheel(folder, "PyYAML", version, files, "YAML parser, pure Python")


def _integrity(data: bytes) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()


def pyodide_runtime(
    cache: Path,
    run: Run | None = None,
    npm: str | None = None,
    say: Callable[[str], None] | None = None,
) -> Path:
    """The folder of Pyodide's runtime files, from ``npm pack pyodide@VERSION`` into ``cache``,
    the tarball checked against npm's pinned integrity; ``say`` is told of a download."""
    tgz = cache / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not (tgz.is_file() and _integrity(tgz.read_bytes()) == PYODIDE_INTEGRITY):
        npm = npm or shutil.which("npm")
        if npm is None:
            raise BuildError(
                "npm is not installed: the build takes Pyodide from the npm package "
                f"pyodide@{PYODIDE_VERSION} (install Node.js and npm, e.g. apt-get install npm)"
            )
        cache.mkdir(parents=True, exist_ok=True)
        if say is not None:
            say(f"downloading pyodide@{PYODIDE_VERSION} with npm (some 10 MB)")
        (run or _run)([npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--silent"], cache)
        if not tgz.is_file():
            raise BuildError(f"npm pack pyodide@{PYODIDE_VERSION} wrote no {tgz.name} in {cache}")
        got = _integrity(tgz.read_bytes())
        if got != PYODIDE_INTEGRITY:
            raise BuildError(f"{tgz.name}: integrity {got}, expected {PYODIDE_INTEGRITY}")
    folder = cache / f"pyodide-{PYODIDE_VERSION}"
    with tarfile.open(tgz) as tar:
        for name in PYODIDE_FILES:
            try:
                member = tar.getmember(f"package/{name}")
            except KeyError:
                raise BuildError(f"{tgz.name} has no package/{name}") from None
            handle = tar.extractfile(member)
            assert handle is not None
            folder.mkdir(parents=True, exist_ok=True)
            (folder / name).write_bytes(handle.read())
    return folder


def _page_file(name: str) -> bytes:
    return resources.files("gleek.web").joinpath("static", name).read_bytes()


def _check_out(out: Path) -> None:
    """``out`` must be a new or empty folder, or one a build wrote before (marked by
    :data:`MARK`, or holding the page's ``manifest.json``): its files are replaced, and nothing
    else is ever overwritten. The mark is written first, so a build that failed half-way can
    be run again."""
    if out.exists() and not out.is_dir():
        raise BuildError(f"{out}: not a folder (the page is written into a folder)")
    if out.is_dir() and any(out.iterdir()) and not _built_here(out):
        raise BuildError(
            f"{out}: the folder holds files and is not a page gleek built (it has no "
            f"manifest.json of one); choose a new or empty folder"
        )
    try:
        out.mkdir(parents=True, exist_ok=True)
        (out / MARK).write_text("a page written by gleek web build\n", "utf-8")
    except OSError as exc:
        raise BuildError(f"{out}: cannot create the folder: {exc.strerror or exc}") from None


#: The file a build writes first into its folder: a later build may replace what is there.
MARK: Final = ".gleek-web"


def _built_here(out: Path) -> bool:
    """Whether ``out`` holds a page an earlier build wrote: its ``manifest.json`` names gleek's
    version, Pyodide's and the files."""
    manifest = out / "manifest.json"
    try:
        if (out / MARK).is_file():
            return True
        if not manifest.is_file() or manifest.stat().st_size > 1024 * 1024:
            return False
        data = json.loads(manifest.read_text("utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and {"gleek", "pyodide", "files"} <= data.keys()


def _check_path(name: str, value: object) -> Path:
    """A folder argument: a non-empty path (``""`` is not taken for the current folder)."""
    text = os.fspath(value) if isinstance(value, str | os.PathLike) else None
    if not isinstance(text, str) or not text:
        raise BuildError(f"{name} must be a folder's path, not {value!r:.80}")
    return Path(text)


def _check_cache(cache: Path) -> None:
    if cache.exists() and not cache.is_dir():
        raise BuildError(f"cache {cache}: not a folder (the downloads are kept in a folder)")
    try:
        cache.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BuildError(
            f"cache {cache}: cannot create the folder: {exc.strerror or exc}"
        ) from None


def build(
    out: str | os.PathLike[str],
    cache: str | os.PathLike[str] = "build/web-cache",
    *,
    run: Run | None = None,
    npm: str | None = None,
    say: Callable[[str], None] | None = None,
) -> list[str]:
    """Write the page's folder into ``out``; ``cache`` keeps the downloads between builds.
    Returns the files written (relative to ``out``). ``say`` (if given) is told of each step
    that may take a while (a download), as ``gleek web build`` prints it.

    ``out`` must be a new or empty folder, or one an earlier build wrote (its files are then
    replaced); a folder holding other files is refused with :class:`BuildError`, as is an empty
    path."""
    target, store = _check_path("out", out), _check_path("cache", cache)
    _check_out(target)
    _check_cache(store)
    runtime = pyodide_runtime(store, run, npm, say)
    wheels_dir = target / "wheels"
    wheels_dir.mkdir(exist_ok=True)
    for old in wheels_dir.glob("*.whl"):
        old.unlink()
    wheels = [gleek_wheel(wheels_dir)]
    sdist, *pure = download([PYYAML_SDIST, *WHEELS], store, run, say)
    wheels.append(pyyaml_wheel(sdist, wheels_dir))
    wheels += [Path(shutil.copy2(w, wheels_dir)) for w in pure]
    written = []
    pyodide_dir = target / "pyodide"
    pyodide_dir.mkdir(exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copy2(runtime / name, pyodide_dir / name)
        written.append(f"pyodide/{name}")
    written += [f"wheels/{w.name}" for w in wheels]
    manifest: dict[str, object] = {
        "gleek": gleek.__version__,
        "pyodide": PYODIDE_VERSION,
        "wheels": [f"wheels/{w.name}" for w in wheels],
    }
    page = {name: _page_file(name) for name in PAGE_FILES}
    digest = hashlib.sha256()  # over every file the page is made of, the page's own included
    for name in written:
        digest.update(name.encode() + (target / name).read_bytes())
    for name, data in page.items():
        digest.update(name.encode() + data)
    cache = f"gleek-web-{digest.hexdigest()[:16]}"
    files = ["./", *PAGE_FILES, "manifest.json", *written]
    manifest["files"] = files
    manifest["cache"] = cache
    (target / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", "utf-8")
    # the service worker names its cache: a new folder is a new worker (browsers compare bytes)
    page["sw.js"] = page["sw.js"].replace(b'"gleek-web-unbuilt"', f'"{cache}"'.encode(), 1)
    for name, data in page.items():
        (target / name).write_bytes(data)
    return [*PAGE_FILES, "manifest.json", *written]
