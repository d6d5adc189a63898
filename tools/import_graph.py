"""The import graph of the ``gleek`` package, imports inside functions included: print any cycle
and any import of another module's private name; exit 1 if there is one. (An import inside a
function, kept for a quick start, is an edge of the graph like any other.)

    python tools/import_graph.py
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "gleek"
#: the one cycle allowed: the painter, imported inside ``_repr_svg_`` / ``_repr_html_`` when a
#: notebook asks for a picture (python-chess does the same), so that the engine does not load it
LAZY_OK = {"gleek.svg"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path) -> list[tuple[str, list[str], bool, int]]:
    """(module, names, inside a function, line) for every gleek import in ``path``."""
    tree = ast.parse(path.read_text(), str(path))
    out: list[tuple[str, list[str], bool, int]] = []
    this = module_name(path)
    package = this if path.name == "__init__.py" else this.rpartition(".")[0]

    def visit(node: ast.AST, nested: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inner = nested or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            if isinstance(child, ast.If) and _is_type_checking(child.test):
                continue  # typing only: not an import at run time
            if isinstance(child, ast.Import):
                for alias in child.names:
                    if alias.name.startswith("gleek"):
                        out.append((alias.name, [], inner, child.lineno))
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    base = ".".join(package.split(".")[: len(package.split(".")) - child.level + 1])
                    base = f"{base}.{child.module}" if child.module else base
                if base.startswith("gleek"):
                    names = [a.name for a in child.names]
                    subs = [f"{base}.{n}" for n in names if _is_module(f"{base}.{n}")]
                    rest = [n for n in names if f"{base}.{n}" not in subs]
                    if rest or not subs:  # (``from gleek import limits`` imports a module)
                        out.append((base, rest, inner, child.lineno))
                    for s in subs:
                        out.append((s, [], inner, child.lineno))
            visit(child, inner)

    visit(tree, False)
    return out


def _is_module(name: str) -> bool:
    path = PACKAGE.parent / name.replace(".", "/")
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def main() -> int:
    graph: dict[str, set[str]] = {}
    problems: list[str] = []
    for path in sorted(PACKAGE.rglob("*.py")):
        this = module_name(path)
        graph.setdefault(this, set())
        for target, names, nested, line in imports(path):
            rel = f"{path.relative_to(ROOT)}:{line}"
            if target != this and not (nested and target in LAZY_OK):
                graph[this].add(target)
            for n in names:
                if n.startswith("_") and not n.startswith("__"):
                    problems.append(f"{rel}: imports the private name {target}.{n}")
    # cycles: depth-first search over the top-level imports
    state: dict[str, int] = {}
    stack: list[str] = []

    def dfs(m: str) -> None:
        state[m] = 1
        stack.append(m)
        for t in sorted(graph.get(m, ())):
            if t not in graph:
                continue
            if state.get(t) == 1:
                problems.append("cycle: " + " -> ".join([*stack[stack.index(t) :], t]))
            elif t not in state:
                dfs(t)
        stack.pop()
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            dfs(m)
    for p in problems:
        print(p)
    edges = sum(map(len, graph.values()))
    print(f"{len(graph)} modules, {edges} imports, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
