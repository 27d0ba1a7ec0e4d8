"""The page's build: its JavaScript within its size budget, its TypeScript type-checked.

Under CI the page is built (``.ci/run``: ``cd web && npm ci && npm run build``), so these
run there; on a machine without the build they say so and are skipped."""

from __future__ import annotations

import gzip
import os
import shutil
import subprocess
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "web"
BUDGET = 200 * 1024  # bytes of gzipped JavaScript (issue 35)


def _needs(path: Path, what: str) -> None:
    if not path.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{what} is missing under CI: run `cd web && npm ci && npm run build`")
        pytest.skip(f"{what} is missing: run `cd web && npm ci && npm run build`")


def test_the_pages_javascript_is_within_its_budget() -> None:
    _needs(WEB / "dist" / "app.js", "the built page (web/dist)")
    size = len(gzip.compress((WEB / "dist" / "app.js").read_bytes(), 9))
    assert size <= BUDGET, f"web/dist/app.js is {size} bytes gzipped"
    index = (WEB / "dist" / "index.html").read_text()
    assert 'src="app.js"' in index and 'href="style.css"' in index  # relative: proxy-safe
    assert (WEB / "dist" / "style.css").stat().st_size > 1000


def test_the_pages_typescript_type_checks() -> None:
    _needs(WEB / "node_modules" / "typescript", "web/node_modules (npm ci)")
    npx = shutil.which("npx")
    assert npx, "Node's npx is needed to type-check the page"
    done = subprocess.run([npx, "--no-install", "tsc", "--noEmit", "-p", "."], cwd=WEB,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_lock_file_pins_every_package_the_page_uses() -> None:
    import json

    manifest = json.loads((WEB / "package.json").read_text())
    lock = json.loads((WEB / "package-lock.json").read_text())
    wanted = {**manifest["dependencies"], **manifest["devDependencies"]}
    assert "@discord/embedded-app-sdk" in wanted and "esbuild" in wanted
    for name in wanted:
        assert f"node_modules/{name}" in lock["packages"], name
