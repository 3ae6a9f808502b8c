"""No import cycle inside ``app/rules``, counting the imports inside functions.

A function-local import that closes a loop hides the cycle, it does not remove it; so every
``import`` statement anywhere in a module counts (only ``if TYPE_CHECKING:`` blocks, which never
run, are left out)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parents[2] / "app" / "rules"


def _module_name(path: Path) -> str:
    parts = path.relative_to(RULES.parents[1]).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _runtime_nodes(tree: ast.AST):
    # Emptied before the walk: ast.walk queues a node's children before it yields the node.
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            node.body = []  # never runs
    yield from ast.walk(tree)


def import_graph() -> dict[str, set[str]]:
    modules = {_module_name(p): p for p in RULES.rglob("*.py")}
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        for node in _runtime_nodes(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*anchor, base] if base else anchor)
                for alias in node.names:
                    sub = f"{base}.{alias.name}"
                    targets.append(sub if sub in modules else base)
            graph[name].update(t for t in targets if t in modules and t != name)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_finder_sees_a_deferred_import_cycle():
    graph = {"a": {"b"}, "b": {"a"}, "c": set()}
    assert cycles(graph) == [["a", "b"]]
    # The real graph counts imports inside functions: one is known to exist in app/rules.
    tree = ast.parse("def f():\n    from app.rules.errors import RulesError\n")
    assert any(isinstance(n, ast.ImportFrom) for n in _runtime_nodes(tree))
    hidden = ast.parse("if TYPE_CHECKING:\n    from app.rules.errors import RulesError\n")
    assert not any(isinstance(n, ast.ImportFrom) for n in _runtime_nodes(hidden))


ENGINES = ["atlantis", "atacama", "survive"]


@pytest.mark.parametrize("engine", ENGINES)
def test_no_import_cycle_inside_an_engine(engine):
    graph = import_graph()
    inside = [c for c in cycles(graph) if any(m.startswith(f"app.rules.{engine}") for m in c)]
    assert not inside, inside


def test_no_engine_imports_another():
    graph = import_graph()
    for name, targets in graph.items():
        for engine in ENGINES:
            if name.startswith(f"app.rules.{engine}"):
                others = [t for t in targets
                          if any(t.startswith(f"app.rules.{e}") for e in ENGINES if e != engine)]
                assert not others, (name, others)
