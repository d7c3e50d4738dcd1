"""The code passes its own static checks: mypy --strict on src, ruff (lint and format) on everything."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[1]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=600, check=False
    )


def test_mypy_strict_on_src() -> None:
    out = _run("mypy")  # configuration: [tool.mypy] in pyproject.toml
    assert out.returncode == 0, out.stdout + out.stderr


def test_ruff() -> None:
    out = _run("ruff", "check", "src", "tests", "bench", "scripts")
    assert out.returncode == 0, out.stdout + out.stderr


def test_ruff_format() -> None:
    out = _run("ruff", "format", "--check", "src", "tests", "bench", "scripts")
    assert out.returncode == 0, out.stdout + out.stderr


def test_the_pre_commit_ruff_is_the_pinned_ruff() -> None:
    """.pre-commit-config.yaml runs the ruff constraints.txt pins, so a commit is
    checked as this suite checks it."""
    config = (ROOT / ".pre-commit-config.yaml").read_text("utf-8")
    pinned = next(
        line.split("==")[1].strip()
        for line in (ROOT / "constraints.txt").read_text("utf-8").splitlines()
        if line.startswith("ruff==")
    )
    assert f"rev: v{pinned}\n" in config
    assert "id: ruff-check" in config and "id: ruff-format" in config
