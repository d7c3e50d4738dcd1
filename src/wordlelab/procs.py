"""Worker-process hygiene shared by every process pool (opener ranking, web workers)."""

from __future__ import annotations

import contextlib
import ctypes
import signal

__all__ = ["die_with_parent", "thread_lock_for_numba_start"]


def die_with_parent() -> None:
    """Ask Linux to kill this (worker) process when its parent ends, so a parent
    killed with SIGKILL leaves no workers behind (best effort elsewhere).

    The signal fires when the *thread* that started the worker exits: start
    workers from a thread that lives as long as the pool (the main thread,
    or a pool's own start-up call in it)."""
    with contextlib.suppress(Exception):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def thread_lock_for_numba_start() -> None:
    """Give numba a thread lock, not a process lock, to guard its threads' start-up in
    this (worker) process.

    Under the ``forkserver`` and ``spawn`` start methods numba takes a
    ``multiprocessing.RLock`` for that: a named semaphore, registered with the
    resource tracker.  A worker killed with SIGKILL (a web request past its time
    limit, a server or a dask run stopped) cannot unlink it, and the tracker then
    warns of "leaked semaphore objects" at exit.  Only this process's threads
    start numba's threads here, so a thread lock guards it as well.  Call it
    before any parallel numba code runs; a no-op without numba."""
    with contextlib.suppress(Exception):
        import threading

        from numba.np.ufunc import parallel

        if not parallel._backend_init_process_lock:
            parallel._backend_init_process_lock = threading.RLock()  # type: ignore[assignment]
