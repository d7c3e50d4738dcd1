"""scripts/bootstrap's failures: one clear line on what is wrong and how to fix it."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _bootstrap_failing_with(tmp_path: Path, message: str) -> subprocess.CompletedProcess[str]:
    """scripts/bootstrap, copied into ``tmp_path``, with a Python that prints
    ``message`` and fails (the first step, creating the venv, fails with it)."""
    (tmp_path / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "bootstrap", tmp_path / "scripts" / "bootstrap")
    fake = tmp_path / "python"
    fake.write_text(f'#!/bin/sh\necho "{message}" >&2\nexit 1\n')
    fake.chmod(0o755)
    return subprocess.run(
        ["bash", "scripts/bootstrap"],
        check=False,
        cwd=tmp_path,
        env={"PATH": "/usr/bin:/bin", "PYTHON": str(fake), "TMPDIR": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_a_full_disk_is_named_with_what_to_free(tmp_path: Path) -> None:
    """A step failing with ENOSPC prints the step's output, then one line
    naming the full disk, the space wanted and where pip unpacks, and the
    script exits non-zero."""
    done = _bootstrap_failing_with(tmp_path, "OSError: [Errno 28] No space left on device")
    assert done.returncode != 0
    lines = done.stderr.splitlines()
    assert lines[0].startswith("bootstrap: creating .venv with") and "failed (exit 1)" in lines[0]
    assert "No space left on device" in lines[1]
    assert lines[-1].startswith("bootstrap: the disk is full:")
    assert str(tmp_path) in lines[-1] and "scripts/bootstrap again" in lines[-1]
    assert not (tmp_path / ".venv").exists()


def test_other_failures_do_not_blame_the_disk(tmp_path: Path) -> None:
    """Any other failure keeps the step's own output, with no line about space."""
    done = _bootstrap_failing_with(tmp_path, "Error: No module named venv")
    assert done.returncode != 0
    assert "No module named venv" in done.stderr
    assert "disk is full" not in done.stderr
