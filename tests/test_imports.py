"""The import rules: a table of what each package may import, which names every package,
and no import circles; every import counts, at the top of a module, inside a function or
under ``TYPE_CHECKING`` (docs/architecture.md: the arrows point one way)."""

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


LAYERS: dict[str, frozenset[str]] = {
    # the pure rules, and the leaves every layer may read
    "bot.engine": frozenset(),
    "bot.text_input": frozenset(),
    "bot.discord_api": frozenset(),
    "bot.ai": frozenset({"bot.engine"}),
    "bot.tournaments": frozenset({"bot.engine", "bot.text_input"}),
    "render": frozenset({"bot.engine"}),
    # every word a player reads: of the AI, only the names of its reasons and guards
    "bot.words": frozenset({"bot.engine", "bot.ai.reasons", "bot.ai.auction_reasons",
                            "bot.ai.guards"}),
    # the store: of the AI, only its list of levels (which imports nothing)
    "bot.store": frozenset({"bot.engine", "bot.text_input", "bot.tournaments",
                            "bot.ai.levels"}),
    # the worker processes: the engine and the AI, never the tables
    "bot.workers": frozenset({"bot.engine", "bot.ai"}),
    "bot.tables": frozenset({"bot.engine", "bot.ai", "bot.store", "bot.tournaments",
                             "bot.workers"}),
    # above the tables
    "bot.tournament_runner": frozenset({"bot.engine", "bot.store", "bot.tables",
                                        "bot.tournaments"}),
    "bot.metrics": frozenset({"bot.engine", "bot.tables"}),
    # the front-ends: the Discord one (cogs, its transport above it), the Activity's
    # server, the terminal
    "cogs": frozenset({"bot.engine", "bot.ai", "bot.store", "bot.tables", "bot.workers",
                       "bot.tournaments", "bot.words", "bot.text_input", "bot.discord_api",
                       "render"}),
    "cogs.transport": frozenset({"cogs", "bot.store", "bot.words", "bot.discord_api"}),
    "bot.web": frozenset({"bot.engine", "bot.ai", "bot.store", "bot.tables", "bot.words",
                          "bot.text_input", "bot.discord_api"}),
    "bot.terminal": frozenset({"bot.engine", "bot.ai", "bot.store", "bot.tables",
                               "bot.words"}),
    # the process: the composition root, the only place where the pieces meet
    "bot.process": frozenset({"bot.engine", "bot.ai", "bot.store", "bot.tables",
                              "bot.workers", "bot.tournaments", "bot.tournament_runner",
                              "bot.metrics", "bot.words", "bot.text_input",
                              "bot.discord_api", "bot.web", "bot.terminal", "cogs",
                              "cogs.transport", "render"}),
    "bot.__main__": frozenset({"bot.process", "bot.store", "bot.terminal"}),
    "bot": frozenset(),  # the package itself: ``bot/__init__.py``
}
"""Each package (or top-level module) of the project -> what it may import: a package
(and everything in it) or, to allow only part of one, a module. docs/architecture.md
draws these arrows; anything else fails :func:`test_every_arrow_is_allowed`."""


def unit_of(module: str) -> str:
    """The entry of :data:`LAYERS` a module belongs to: the longest that contains it."""
    owners = [u for u in LAYERS if module == u or module.startswith(u + ".")]
    assert owners, f"{module} belongs to no entry of LAYERS: add its package there"
    return max(owners, key=len)


def _allowed(target: str, allowed: frozenset[str]) -> bool:
    return any(target == a or target.startswith(a + ".") for a in allowed)


def forbidden_arrows(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    """Every import from one entry of :data:`LAYERS` to another that its row does not
    allow."""
    found = []
    for name, edges in sorted(graph.items()):
        unit = unit_of(name)
        for target in sorted(edges):
            if unit_of(target) != unit and not _allowed(target, LAYERS[unit]):
                found.append((name, target))
    return found


def existing_packages() -> set[str]:
    """The project's packages and top-level modules that :data:`LAYERS` must name: each
    root package, each package and module directly in ``bot/`` and each package directly
    in ``cogs/``."""
    found = set(PACKAGES)
    for path in (ROOT / "bot").iterdir():
        if path.is_dir() and (path / "__init__.py").exists():
            found.add(f"bot.{path.name}")
        elif path.suffix == ".py" and path.name != "__init__.py":
            found.add(f"bot.{path.stem}")
    for path in (ROOT / "cogs").iterdir():
        if path.is_dir() and (path / "__init__.py").exists():
            found.add(f"cogs.{path.name}")
    return found


def test_the_layer_table_names_every_package() -> None:
    """A new package (or a module at ``bot/``'s root) cannot slip through: it needs its row."""
    assert existing_packages() == set(LAYERS)
    for allowed in LAYERS.values():
        for target in allowed:
            assert target in _modules(), f"LAYERS allows {target}, which does not exist"


def test_the_layer_checker_sees_a_wrong_arrow() -> None:
    graph = {"bot.engine.cards": {"bot.tables.manager"}, "bot.store.games": {"bot.ai.levels"},
             "bot.words.reasons": {"bot.ai.agent"}, "cogs.views": {"cogs.controls"},
             "bot.workers.ai_pool": {"bot.tables"}, "bot.metrics.answers": {"cogs.transport"}}
    assert forbidden_arrows(graph) == [("bot.engine.cards", "bot.tables.manager"),
                                       ("bot.metrics.answers", "cogs.transport"),
                                       ("bot.words.reasons", "bot.ai.agent"),
                                       ("bot.workers.ai_pool", "bot.tables")]


def test_every_arrow_is_allowed() -> None:
    """Every import between the packages is an arrow of :data:`LAYERS`: the engine imports
    nothing of the project, the tables no front-end, the front-ends not the process,
    nothing below the composition root imports it, and no layer reaches up."""
    assert forbidden_arrows(import_graph()) == []


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
