"""The import graph of the package (imports inside functions included) has no cycle, and no
module imports another module's private name: ``tools/import_graph.py`` says so."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "tools" / "import_graph.py"


def test_the_import_graph_has_no_cycle_and_no_private_import() -> None:
    if not (ROOT / "gleek" / "state.py").is_file():  # pragma: no cover - an installed package
        pytest.skip("reads the package's sources, beside the tests")
    out = subprocess.run(
        [sys.executable, str(TOOL)], capture_output=True, text=True, check=False, timeout=60
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.rstrip().endswith(" 0 problems")


def test_the_tool_finds_a_cycle_and_a_private_import(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The check can fail: on a package whose modules import each other, and one that imports
    another's private name, it reports both."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("import_graph", TOOL)
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    pkg = tmp_path / "gleek"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from gleek.b import _hidden\n")
    (pkg / "b.py").write_text("def f():\n    from gleek import a\n_hidden = 1\n")
    tool.ROOT, tool.PACKAGE = tmp_path, pkg
    assert tool.main() == 1
    printed = capsys.readouterr().out.splitlines()
    assert printed == [
        "gleek/a.py:1: imports the private name gleek.b._hidden",
        "cycle: gleek.a -> gleek.b -> gleek.a",
        "3 modules, 2 imports, 2 problems",
    ]


def test_each_engine_module_imports_only_what_its_docstring_allows() -> None:
    """Each module of gleek/engine/ says in its docstring what it may import (``May import:``):
    every module of the package it imports at run time is named there (a stage by "the
    stages")."""
    import ast
    import importlib.util

    spec = importlib.util.spec_from_file_location("import_graph", TOOL)
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    for path in sorted((ROOT / "gleek" / "engine").glob("*.py")):
        doc = ast.get_docstring(ast.parse(path.read_text("utf-8"))) or ""
        if path.name == "__init__.py":
            continue
        assert "May import:" in doc, path.name
        allowed = " ".join(doc.split("May import:", 1)[1].split())
        for module, _, _, _ in tool.imports(path):
            named = f":mod:`{module}`" in allowed or (
                module.startswith("gleek.stages") and "the stages" in allowed
            )
            assert named, f"{path.name} imports {module}, which its docstring does not allow"
