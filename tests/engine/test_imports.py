"""The engine's imports: pure (no I/O, no clock, nothing of the layers above) and without
a circle between its modules, counting imports inside functions."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "bot" / "engine"
FORBIDDEN = {"discord", "PIL", "sqlite3", "aiosqlite", "asyncio", "time", "datetime",
             "render", "cogs", "bot"}


def _imports() -> dict[str, tuple[set[str], set[str]]]:
    """Module -> (engine modules it imports, top-level packages it imports)."""
    out: dict[str, tuple[set[str], set[str]]] = {}
    for path in ENGINE.glob("*.py"):
        local: set[str] = set()
        outside: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    local.update([node.module] if node.module else
                                 [a.name for a in node.names])
                elif node.module:
                    outside.add(node.module.split(".")[0])
            elif isinstance(node, ast.Import):
                outside.update(a.name.split(".")[0] for a in node.names)
        out[path.stem] = (local, outside)
    return out


def test_the_engine_imports_nothing_impure() -> None:
    for module, (_, outside) in _imports().items():
        assert not outside & FORBIDDEN, (module, outside & FORBIDDEN)


def test_no_import_circle_in_the_engine() -> None:
    graph = {m: local for m, (local, _) in _imports().items()}

    def reaches(start: str) -> set[str]:
        seen: set[str] = set()
        todo = list(graph.get(start, ()))
        while todo:
            m = todo.pop()
            if m not in seen:
                seen.add(m)
                todo.extend(graph.get(m, ()))
        return seen

    assert len(graph) > 15
    circles = [m for m in graph if m in reaches(m) and m != "__init__"]
    assert not circles, circles
