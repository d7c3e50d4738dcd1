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
