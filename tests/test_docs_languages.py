"""The French and Spanish pages of the documentation: what they show gleek printing is what it
prints (tools/docs_outputs.py writes it), their code runs, they hold no doctest (the doctests
stay English), and the language switch links each page's counterparts."""

from __future__ import annotations

import ast
import contextlib
import functools
import importlib.util
import io
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
TOOL = ROOT / "tools" / "docs_outputs.py"
REFRESH = "python tools/docs_outputs.py"


def _module(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[path.stem] = module  # the dataclasses of the tool look their module up
    spec.loader.exec_module(module)
    return module


outputs = _module(TOOL)
switch = _module(DOCS / "_ext" / "language_switch.py")
# each command run once by the tests below (the tool's own check runs them afresh)
render = functools.cache(outputs.render)

# Every page in French or Spanish: the translations, and the languages' own pages.
PAGES = {
    lang: [*sorted((DOCS / lang).glob("*.rst")), DOCS / f"languages-{lang}.rst"]
    for lang in outputs.LANGUAGES
}
INCLUDE = re.compile(r"^\s*\.\. literalinclude:: (\S+)$", re.M)
PYTHON = re.compile(r"^( *)\.\. code-block:: python\n\n((?:\1   .*\n|\n)+)", re.M)


def test_the_commands_output_in_the_pages_is_up_to_date() -> None:
    """What the French and Spanish pages show gleek printing is what it prints now, with the
    exit status they state. When a catalog or the validator's output changes, this fails until
    the files are written again with the one command it names."""
    run = subprocess.run(
        [sys.executable, str(TOOL), "--check"], capture_output=True, text=True, check=False
    )
    assert run.returncode == 0, (
        f"the French/Spanish docs show stale output; refresh them with `{REFRESH}` (from the "
        f"repository root) and commit docs/fr/_output and docs/es/_output:\n{run.stdout}"
        f"{run.stderr}"
    )


def test_the_check_finds_a_stale_output(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--check`` fails on a file that differs from what its command prints, and on a missing
    one, and names the command that writes them again."""
    monkeypatch.setattr(outputs, "DOCS", tmp_path)
    monkeypatch.setattr(outputs, "render", render)
    first = outputs.OUTPUTS[0]
    text, status = render("fr", first)
    assert status == first.status
    for lang in outputs.LANGUAGES:
        for out in outputs.OUTPUTS:
            outputs.path(lang, out).parent.mkdir(parents=True, exist_ok=True)
            outputs.path(lang, out).write_text(render(lang, out)[0], encoding="utf-8")
    assert outputs.stale() == []
    outputs.path("fr", first).write_text(text.replace("donne", "deal"), encoding="utf-8")
    outputs.path("es", first).unlink()
    why = outputs.stale()
    assert len(why) == 2
    assert "validate-play-high.txt is not what `gleek --lang fr validate" in why[0]
    assert why[1].endswith("validate-play-high.txt is missing")


@pytest.mark.parametrize("lang", outputs.LANGUAGES)
def test_the_outputs_are_in_the_language_and_included(lang: str) -> None:
    """Each output is the command in the page's language, is not what it prints in English,
    and is shown by the tutorial; every output a page includes is one the tool writes (none is
    written by hand)."""
    written = {outputs.path(lang, out) for out in outputs.OUTPUTS}
    included = set()
    for page in PAGES[lang]:
        for name in INCLUDE.findall(page.read_text("utf-8")):
            included.add((page.parent / name).resolve())
    assert included <= written
    tutorial = (DOCS / lang / "validate-tutorial.rst").read_text("utf-8")
    for out in outputs.OUTPUTS:
        assert f"_output/{out.name}.txt" in tutorial
        text = outputs.path(lang, out).read_text("utf-8")
        command, _, printed = text.partition("\n")
        assert command == f"$ gleek --lang {lang} {' '.join(out.args)}"
        english = render("en", out)[0].partition("\n")[2]
        assert printed != english


@pytest.mark.parametrize("lang", outputs.LANGUAGES)
def test_the_pictures_are_drawn_in_the_language(lang: str) -> None:
    """The pictures of the translated pages are those docs/conf.py draws in their language."""
    figures = [
        name
        for page in (DOCS / lang).glob("*.rst")
        for name in re.findall(r"\.\. figure:: (\S+)", page.read_text("utf-8"))
    ]
    assert len(figures) == 2
    assert all(name.endswith(f"-{lang}.svg") for name in figures), figures
    conf = ast.parse((DOCS / "conf.py").read_text("utf-8"))
    drawn = next(
        ast.literal_eval(node.value)
        for node in conf.body
        if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "PAGE_LANGUAGES"
    )
    assert drawn == outputs.LANGUAGES


@pytest.mark.parametrize("lang", outputs.LANGUAGES)
def test_the_pages_hold_no_doctest(lang: str) -> None:
    """The doctests stay English: no page in French or Spanish has a ``>>>`` prompt, so no
    example of theirs runs as a doctest (the Python examples are code blocks, run below)."""
    for page in PAGES[lang]:
        assert ">>>" not in page.read_text("utf-8"), page


@pytest.mark.parametrize("lang", outputs.LANGUAGES)
def test_the_python_examples_print_what_the_page_says(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each Python example of the tutorial runs, and each line it prints is a line of the
    commands' output the page shows (the page says it prints the same line as step 2)."""
    monkeypatch.chdir(ROOT)
    tutorial = (DOCS / lang / "validate-tutorial.rst").read_text("utf-8")
    blocks = PYTHON.findall(tutorial)
    assert blocks
    shown = (outputs.path(lang, outputs.OUTPUTS[1])).read_text("utf-8").splitlines()
    for indent, body in blocks:
        code = "\n".join(line[len(indent) + 3 :] for line in body.splitlines())
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(code, f"docs/{lang}/validate-tutorial.rst", "exec"), {})
        printed = out.getvalue().splitlines()
        assert printed == shown[1:2]


def test_the_switch_links_each_page_to_its_counterparts() -> None:
    """Every page named in the switch exists; a translated page and its original link one
    another and are marked as the page shown; the other pages link the landing pages."""
    for english, others in switch.TRANSLATED.items():
        group = (english, *others)
        for page in group:
            assert (DOCS / f"{page}.rst").is_file(), page
            links = switch.links(page)
            assert [link.code for link in links] == ["en", "fr", "es"]
            assert [link.page for link in links] == list(group)
            assert [link.current for link in links] == [p == page for p in group]
    links = switch.links("compare")
    assert [(link.page, link.current) for link in links] == [
        ("compare", True),
        ("fr/index", False),
        ("es/index", False),
    ]
    assert [link.title for link in links] == ["", "Accueil en français", "Portada en español"]


def test_the_switch_is_in_the_sidebar_and_sets_the_language() -> None:
    """The theme's sidebar has the switch, and a translated page's ``<html lang>`` is its
    language."""
    conf = (DOCS / "conf.py").read_text("utf-8")
    assert '"language_switch"' in conf and '"sidebar/languages.html"' in conf
    template = (DOCS / "_templates" / "sidebar" / "languages.html").read_text("utf-8")
    assert "gleek_languages" in template and "pathto(doc)" in template
    context: dict[str, Any] = {}
    switch._page_context(None, "es/validate-tutorial", "page.html", context, None)
    assert context["language"] == "es"
    assert [link.name for link in context["gleek_languages"]] == ["English", "Français", "Español"]


@pytest.mark.parametrize("lang", outputs.LANGUAGES)
def test_the_pages_say_the_rest_is_english(lang: str) -> None:
    said = {
        "fr": "le reste de la documentation est en anglais",
        "es": "el resto de la documentación está en inglés",
    }[lang]
    for page in PAGES[lang]:
        text = " ".join(page.read_text("utf-8").split())
        assert said in text.replace("*", ""), page
