"""Every page of the repository that the code or the docs cite exists: a docstring that
points at ``docs/rules.md §4.3`` or ``docs/architecture.md`` leads somewhere, and nothing
cites a page kept outside the repository."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("bot", "cogs", "render", "tests", "bench", "docs", "web/src")
CITED = re.compile(r"(?<![\w/.])(docs/[\w./-]+\.md)")
OUTSIDE = re.compile(r"(?<![\w/.])(RULES\.md|DESIGN\.md|DISCORD-NOTES\.md)")


def _files() -> list[Path]:
    out = [ROOT / "README.md"]
    for top in SOURCES:
        for path in (ROOT / top).rglob("*"):
            if path.suffix in (".py", ".md", ".ts") and "node_modules" not in path.parts:
                out.append(path)
    return out


def test_every_cited_page_exists() -> None:
    missing = sorted({f"{path.relative_to(ROOT)}: {page}" for path in _files()
                      for page in CITED.findall(path.read_text(encoding="utf-8"))
                      if not (ROOT / page).is_file()})
    assert missing == []


def test_no_page_outside_the_repository_is_cited() -> None:
    here = Path(__file__).name
    cited = sorted({f"{path.relative_to(ROOT)}: {name}" for path in _files()
                    if path.name != here
                    for name in OUTSIDE.findall(path.read_text(encoding="utf-8"))})
    assert cited == []


def test_the_patterns_find_what_they_look_for() -> None:
    assert CITED.findall("see docs/rules.md §4.3 and docs/architecture.md.") == \
        ["docs/rules.md", "docs/architecture.md"]
    assert OUTSIDE.findall("RULES.md §6.1, DESIGN.md") == ["RULES.md", "DESIGN.md"]
    assert OUTSIDE.findall("docs/rules.md") == []
