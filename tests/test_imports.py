"""No import circles in the bot: every import counts, at the top of a module, inside a
function or under ``TYPE_CHECKING`` (docs/architecture.md: the arrows point one way)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("bot", "cogs", "render")


def _modules() -> dict[str, Path]:
    out = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


def import_graph() -> dict[str, set[str]]:
    """module -> the project modules it imports (a name imported from a package counts as
    that package, unless it is a submodule)."""
    modules = _modules()

    def known(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        edges: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                edges.update(m for a in node.names if (m := known(a.name)))
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package[:len(package) - node.level + 1]
                    source = ".".join(base + ([node.module] if node.module else []))
                else:
                    source = node.module or ""
                for alias in node.names:
                    sub = f"{source}.{alias.name}"
                    target = sub if sub in modules else known(source)
                    if target:
                        edges.add(target)
        edges.discard(name)
        graph[name] = edges
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_scanner_sees_a_circle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    graph = import_graph()
    assert "cogs.presenter" in graph["bot.process.app"]
    assert "bot.engine" in graph["bot.tables.state"]


def test_no_import_circles() -> None:
    assert cycles(import_graph()) == []


def test_the_layers_point_one_way() -> None:
    """The engine imports nothing of the project's other packages; render knows only the
    engine; the store never the tables, and of the AI only its plain list of levels
    (``bot.ai.levels``, which imports nothing); the words know neither the tables nor the
    store nor Discord's layer; the terminal no cog; nothing below the composition root
    imports it."""
    graph = import_graph()
    forbidden = {"bot.engine": ("bot.", "cogs", "render"), "bot.ai": ("bot.tables", "bot.store",
                 "cogs", "render"), "render": ("bot.tables", "bot.store", "bot.ai", "cogs"),
                 "bot.store": ("bot.tables", "bot.ai", "cogs", "render"),
                 "bot.tables": ("cogs", "render", "bot.process.app"),
                 "cogs": ("bot.process.app",),
                 "bot.words": ("cogs", "render", "bot.tables", "bot.store", "bot.process.app",
                               "bot.terminal"),
                 "bot.terminal": ("cogs", "bot.process.app")}
    for name, edges in graph.items():
        for layer, banned in forbidden.items():
            if name == layer or name.startswith(layer + "."):
                for target in edges:
                    if layer == "bot.engine" and target.startswith("bot.engine"):
                        continue
                    if layer == "bot.store" and target == "bot.ai.levels":
                        continue
                    assert not target.startswith(banned), (name, target)


# ---------------------------------------------------------------------------- the read model
FRONT_ENDS = ("cogs", "bot/terminal.py", "bot/web")
"""Modules that show tables to people: they read snapshots and seat views only."""


LONGEST_MODULE = 600


def _front_end_files() -> list[Path]:
    files: list[Path] = []
    for where in FRONT_ENDS:
        path = ROOT / where
        files.extend(sorted(path.rglob("*.py")) if path.is_dir() else [path])
    return files


def _manager_expression(node: ast.expr) -> bool:
    """``manager``, ``self.manager``, ``p.manager``, ``manager2``…"""
    if isinstance(node, ast.Name):
        return "manager" in node.id
    return isinstance(node, ast.Attribute) and "manager" in node.attr


HOST_ONLY = ("tables", "_tables", "live", "save", "close_table")
"""The manager's live tables, and its methods that hand the turn runner a live table."""


def live_reads(path: Path) -> list[str]:
    """What ``path`` does that only the table runtime may: import the live ``Table``, the
    module that holds it or the engine's ``Game``, or read the manager's live tables."""
    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.extend(f"import {a.name}" for a in node.names
                         if a.name.startswith("bot.tables.state"))
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if module.startswith("bot.tables.state") or (
                    module == "bot.tables" and any(a.name == "state" for a in node.names)):
                found.append(f"from {module} import …")
            for alias in node.names:
                if (alias.name == "Table" and module.startswith("bot.tables")) or \
                        (alias.name == "Game" and module.startswith("bot.engine")):
                    found.append(f"from {module} import {alias.name}")
        elif isinstance(node, ast.Attribute) and node.attr in HOST_ONLY and \
                _manager_expression(node.value):
            found.append(f"line {node.lineno}: the manager's .{node.attr}")
    return found


def test_the_read_model_checker_sees_live_reads(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("from bot.tables import Table, TableSnapshot\n"
                      "from bot.engine import Game, SeatView\n"
                      "from bot.tables.state import Seat\n"
                      "import bot.tables.state\n"
                      "a = client.manager.tables.get(1)\n"
                      "b = self.manager.tables[1]\n"
                      "c = manager._tables\n"
                      "e = self.manager.live(1)\n"
                      "d = self.tables.get(1)  # a presenter's own snapshots: fine\n",
                      encoding="utf-8")
    assert len(live_reads(sample)) == 8


def test_front_ends_read_only_snapshots_and_seat_views() -> None:
    """cogs/ and the terminal never import ``Table``, :mod:`bot.tables.state` or the
    engine's ``Game``, nor reach into the manager's live tables (issue 33)."""
    offenders = {str(p.relative_to(ROOT)): found for p in _front_end_files()
                 if (found := live_reads(p))}
    assert offenders == {}, offenders


def test_no_module_is_too_long() -> None:
    long = {str(path.relative_to(ROOT)): n for path in _modules().values()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > LONGEST_MODULE}
    assert long == {}, f"split these modules (over {LONGEST_MODULE} lines): {long}"


def absolute_imports(path: Path) -> set[str]:
    """The modules a file names in an absolute import (third-party ones included)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            names.add(node.module)
    return names


def reached_from(graph: dict[str, set[str]], start: str) -> set[str]:
    """``start`` and every project module it imports, directly or not."""
    seen, todo = {start}, [start]
    while todo:
        for target in graph[todo.pop()] - seen:
            seen.add(target)
            todo.append(target)
    return seen


def _imports_discord(path: Path) -> bool:
    return any(name == "discord" or name.startswith("discord.")
               for name in absolute_imports(path))


def test_the_words_and_the_terminal_need_no_discord() -> None:
    """``bot.words`` (every front-end's words) and the terminal front-end, with all they
    import, import no discord and nothing under ``cogs`` (tests/bot/test_terminal.py runs
    the terminal where ``import discord`` fails)."""
    graph, modules = import_graph(), _modules()
    words = {name for name in modules if name == "bot.words" or name.startswith("bot.words.")}
    assert "bot.words.catalogue" in words and "bot.words.cards" in words
    for start in [*sorted(words), "bot.terminal"]:
        reached = reached_from(graph, start)
        assert not [m for m in reached if m == "cogs" or m.startswith("cogs.")], start
        assert not [m for m in sorted(reached) if _imports_discord(modules[m])], start
    assert _imports_discord(modules["cogs.i18n"]), "the scanner sees an import of discord"
