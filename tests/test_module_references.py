"""Every module a docstring, a comment or a document names exists (issue 56, point 10: a
docstring named a module that did not).

Cited are file paths (``bot/tables/manager.py``, ``cogs/transport/``,
``bot/tables/replay.replay_deal``) anywhere in the text, and dotted names
(``bot.tables.replay``, :mod:`bot.discord_api.pacing`, ``cogs.views.table_view``) in
backticks or in parentheses. A dotted name resolves to its longest prefix that is a module;
the name after it, if any, must be one that module defines or imports.
"""

from __future__ import annotations

import ast
import io
import itertools
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ROOTS = ("bot", "cogs", "render", "tests", "bench")
"""The project's top-level folders a path may start with."""

CODE = ("bot", "cogs", "render")
"""The packages whose modules a dotted name may name."""

SCANNED = ("bot", "cogs", "render", "tests", "bench", "docs", "README.md")
"""Where citations are looked for: the code's docstrings and comments, and the documents.
(``CHANGELOG.md`` and ``data/migrations`` tell history: the paths as they were.)"""

PATH = re.compile(r"(?<![\w/.\-])((?:" + "|".join(ROOTS) + r")/[\w/]*\w)(\.\w+)?(?![\w/])")
DOTTED = re.compile(r"(?:`~?|\()((?:" + "|".join(CODE) + r")(?:\.\w+)+)")


def scanned_files() -> list[Path]:
    files: list[Path] = []
    for where in SCANNED:
        path = ROOT / where
        if path.is_file():
            files.append(path)
        else:
            files.extend(p for p in sorted(path.rglob("*"))
                         if p.suffix in (".py", ".md") and "__pycache__" not in p.parts)
    return files


def path_exists(cited: str, suffix: str | None) -> bool:
    """``bot/tables/manager.py``, ``bot/ai/README.md``, ``bot/tables/`` or
    ``bot/tables/replay`` (the module ``replay.py``, as ``bot/tables/replay.replay_deal``
    cites a function in it)."""
    target = ROOT / cited
    if suffix and (ROOT / f"{cited}{suffix}").is_file():
        return True
    if suffix == ".py":
        return False
    return target.exists() or target.with_suffix(".py").is_file()


def _module_file(dotted: str) -> Path | None:
    base = ROOT.joinpath(*dotted.split("."))
    if base.with_suffix(".py").is_file():
        return base.with_suffix(".py")
    if (base / "__init__.py").is_file():
        return base / "__init__.py"
    return None


def dotted_exists(name: str) -> bool:
    """The longest prefix of ``name`` that is a module, and the next name after it (if
    any) defined or imported there."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        module = _module_file(".".join(parts[:cut]))
        if module is None:
            continue
        if cut == len(parts):
            return True
        attribute = parts[cut]
        if attribute.startswith("__"):
            return True  # every module has its __name__, __file__…
        text = module.read_text(encoding="utf-8")
        return re.search(rf"\b{re.escape(attribute)}\b", text) is not None
    return False


def cited_text(path: Path) -> str:
    """A document whole; of a module, its docstrings and comments (code's own names such
    as a local ``bot.tree`` are not citations)."""
    source = path.read_text(encoding="utf-8")
    if path.suffix != ".py":
        return source
    parts = [tok.string for tok in tokenize.generate_tokens(io.StringIO(source).readline)
             if tok.type == tokenize.COMMENT]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef |
                      ast.AsyncFunctionDef) and (doc := ast.get_docstring(node, clean=False)):
            parts.append(doc)
        body = getattr(node, "body", None)
        if isinstance(body, list):  # a string after an assignment documents that name
            for before, after in itertools.pairwise(body):
                if isinstance(before, ast.Assign | ast.AnnAssign) and \
                        isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant) \
                        and isinstance(after.value.value, str):
                    parts.append(after.value.value)
    return "\n".join(parts)


def stale_references(path: Path) -> list[str]:
    text = cited_text(path)
    found: list[str] = []
    for match in PATH.finditer(text):
        if not path_exists(match.group(1), match.group(2)):
            found.append(match.group(0))
    for match in DOTTED.finditer(text):
        name = match.group(1).rstrip(".")
        if not dotted_exists(name):
            found.append(name)
    return found


def test_the_checker_sees_a_missing_module(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text('"""See bot/tables/manager.py, ``bot.tables.replay.replay_deal``,\n'
                      'bot/tables/replay.replay_deal and cogs/transport/.\n'
                      'Not bot/forwarding.py, ``bot.pacing``, (bot.tables.nowhere) nor\n'
                      ':func:`bot.tables.replay.no_such_function`."""\n', encoding="utf-8")
    assert stale_references(sample) == ["bot/forwarding.py", "bot.pacing",
                                        "bot.tables.nowhere",
                                        "bot.tables.replay.no_such_function"]


def test_every_cited_module_exists() -> None:
    stale = {str(p.relative_to(ROOT)): found for p in scanned_files()
             if p.name != "test_module_references.py" and (found := stale_references(p))}
    assert stale == {}, stale
