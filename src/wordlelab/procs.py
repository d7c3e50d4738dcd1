"""Worker-process hygiene shared by every process pool (opener ranking, web workers)."""

from __future__ import annotations

import contextlib
import ctypes
import signal

__all__ = ["die_with_parent"]


def die_with_parent() -> None:
    """Ask Linux to kill this (worker) process when its parent ends, so a parent
    killed with SIGKILL leaves no workers behind (best effort elsewhere).

    The signal fires when the *thread* that started the worker exits: start
    workers from a thread that lives as long as the pool (the main thread,
    or a pool's own start-up call in it)."""
    with contextlib.suppress(Exception):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
