"""Worker-process hygiene shared by every process pool (opener ranking, web workers)."""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal

__all__ = ["die_with_parent", "quiet_resource_tracker", "thread_lock_for_numba_start"]


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


def quiet_resource_tracker() -> None:
    """Start multiprocessing's resource tracker (if it is not running yet) with its
    stderr on ``/dev/null``.

    Process pools that start workers by ``spawn`` (dask's nanny) create named
    semaphores in this process for each worker.  If this process is killed with
    SIGKILL it cannot unlink them; the tracker, which outlives it, does, and then
    prints "There appear to be N leaked semaphore objects to clean up at shutdown"
    to a terminal whose command is long gone.  The clean-up is the tracker's job and
    happens all the same (nothing is left in ``/dev/shm``); only the message goes."""
    with contextlib.suppress(Exception):
        from multiprocessing import resource_tracker

        tracker = resource_tracker._resource_tracker
        if getattr(tracker, "_fd", None) is not None:
            return  # already running, with the stderr it was given
        saved = os.dup(2)
        try:
            null = os.open(os.devnull, os.O_WRONLY)
            try:
                os.dup2(null, 2)
                tracker.ensure_running()
            finally:
                os.close(null)
        finally:
            os.dup2(saved, 2)
            os.close(saved)
