"""`openers --exact --dask` interrupted while its LocalCluster computes: Ctrl-C (to the
whole process group, as a terminal sends it) is one line and exit 130, with no worker
traceback; SIGKILL leaves no process and no semaphore behind, and no "leaked" warning.
Local processes only (the cluster listens on 127.0.0.1); bounded waits."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

SHM = Path("/dev/shm")


def _semaphores() -> set[str]:
    return {p.name for p in SHM.iterdir() if p.name.startswith("sem.")} if SHM.is_dir() else set()


def _mapped(procs: list[psutil.Process]) -> set[str]:
    """The named semaphores these processes have open (other programs' are not ours)."""
    out = set()
    for p in procs:
        with contextlib.suppress(psutil.Error):
            out |= {Path(m.path).name for m in p.memory_maps() if m.path.startswith(str(SHM / "sem."))}
    return out


def _start(tmp_path: Path) -> tuple[subprocess.Popen[str], list[psutil.Process]]:
    """The command with its two dask workers busy; its processes."""
    exe = Path(sys.executable).with_name("wordlelab")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "wordlelab"]
    proc = subprocess.Popen(
        [*cmd, "openers", "--exact", "--dask", "--workers", "2", "--hard", "--top", "400"]
        + ["--results", str(tmp_path / "r.sqlite")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a terminal's job
        env=os.environ.copy(),
    )
    parent = psutil.Process(proc.pid)
    deadline = time.monotonic() + 180
    busy: list[psutil.Process] = []
    while len(busy) < 2:
        assert proc.poll() is None and time.monotonic() < deadline, "the cluster never got to work"
        time.sleep(0.5)
        busy = [p for p in parent.children(recursive=True) if p.is_running() and p.cpu_times().user > 2]
    return proc, parent.children(recursive=True)


def _left(family: list[psutil.Process]) -> list[str]:
    _, alive = psutil.wait_procs(family, timeout=30)
    return [" ".join(p.cmdline())[:120] for p in alive if p.is_running()]


@pytest.mark.slow  # the cluster starts and loads the original lists: about 30 s
def test_ctrl_c_is_one_line_and_exit_130(tmp_path: Path) -> None:
    proc, family = _start(tmp_path)
    try:
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=120)
        lines = [ln for ln in err.splitlines() if ln.strip() and not ln.startswith("[")]  # progress: [i/N]
        assert proc.returncode == 130, err
        assert lines == [
            f"interrupted: the openers solved so far are kept in {tmp_path / 'r.sqlite'}; --resume continues"
        ], err
        assert _left(family) == []
    finally:
        for p in [psutil.Process(proc.pid)] if proc.poll() is None else []:
            p.kill()
        for p in family:
            if p.is_running():
                p.kill()


@pytest.mark.slow
def test_sigkill_leaves_no_process_and_no_semaphore(tmp_path: Path) -> None:
    proc, family = _start(tmp_path)
    try:
        mine = _mapped([psutil.Process(proc.pid), *family])
        assert mine  # the nanny's queues use named semaphores: the check below checks something
        proc.kill()
        _, err = proc.communicate(timeout=120)  # stderr closes when the last process holding it ends
        assert _left(family) == []
        assert "leaked" not in err and "Traceback" not in err, err
        assert not (mine & _semaphores()), "semaphores left in /dev/shm"
    finally:
        for p in family:
            if p.is_running():
                p.kill()
