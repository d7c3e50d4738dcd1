"""Worker processes for expensive requests: each request's work can be killed.

A search kernel cannot be interrupted from Python, and one that holds the GIL
would stall every thread of the server.  So an expensive request (a custom
list, a strategy outside the partition family, a benchmark) is not run in the
server process at all: it is sent to one of a few long-lived worker processes
(``Limits.slow_workers``), each with its own word-list cache.  When the
request's time limit passes the client is answered at once and the worker is
killed (SIGKILL), so the work stops; a fresh worker takes its place on the next
request.  Workers are forked from a ``forkserver`` that has already imported
the library, so a replacement is ready in milliseconds.

Admission is bounded: at most ``slow_workers + slow_queue`` expensive requests
are admitted at once (the rest are refused with :class:`BusyError`), and every
admitted request gives its slot back when it ends, however it ends (answered,
failed, timed out while running or while queued, or cancelled).
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import signal
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.connection import Connection
from typing import Any

from ..errors import BusyError, GameOverError, RemoteError, TimeLimitError, WordlelabError
from ..procs import die_with_parent, thread_lock_for_numba_start

__all__ = ["SHUTTING_DOWN", "BusyError", "ProcessRunner", "RemoteError", "TimeLimitError", "error_parts"]

#: worker processes run at this lower CPU priority, so the server's own
#: (cheap) requests get the CPU first while a long request computes
WORKER_NICE = 10


#: what a request cut short by the server's shutdown is answered
SHUTTING_DOWN = "the server is shutting down; its work was stopped"


def error_parts(exc: BaseException) -> tuple[int, str, str, Any]:
    """``(status, kind, message, detail)`` of the JSON answer for an exception.

    Library errors (and the ``ValueError`` a strategy raises for an option
    value it refuses) are the client's fault: 4xx.  Anything else is a bug:
    a 500 whose message gives nothing away.
    """
    if isinstance(exc, RemoteError):
        return exc.status, exc.kind, exc.message, exc.detail
    if isinstance(exc, TimeLimitError):
        return 503, "TimeLimit", "", None
    if isinstance(exc, GameOverError):
        return 409, type(exc).__name__, str(exc), None
    if isinstance(exc, WordlelabError):
        return 400, type(exc).__name__, str(exc), None
    if isinstance(exc, MemoryError):
        message = "the request needs more memory than the server has; try a smaller word list"
        return 503, "OutOfMemory", message, None
    return 500, "InternalError", "internal error (a bug in wordlelab; it has been logged)", None


# -- the worker side --------------------------------------------------------------------

#: per-process state of a worker: set by _worker_main, passed to every task
_CONTEXT: Any = None


def _worker_main(conn: Connection, make_context: Callable[[], Any]) -> None:
    """A worker's loop: receive ``(task, args)``, answer ``("ok", result)`` or
    ``("error", (status, kind, message, detail))``, until the pipe closes."""
    die_with_parent()
    _leave_forkserver_alive_pipe()
    thread_lock_for_numba_start()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's to handle
    with contextlib.suppress(OSError):
        os.nice(WORKER_NICE)
    context = make_context()
    while True:
        try:
            task, args = conn.recv()
        except (EOFError, OSError):
            return
        try:
            reply: tuple[str, Any] = ("ok", task(context, *args))
        except Exception as exc:  # noqa: BLE001 - every error goes back as its answer
            reply = ("error", error_parts(exc))
            if reply[1][0] >= 500 and not isinstance(exc, (TimeLimitError, MemoryError)):
                import traceback

                traceback.print_exc()
        try:
            conn.send(reply)
        except (OSError, EOFError):
            return
        except Exception as exc:  # noqa: BLE001 - a result that does not pickle: a bug
            conn.send(("error", error_parts(exc)))


def _leave_forkserver_alive_pipe() -> None:
    """Close this worker's copy of the forkserver's "alive" pipe.

    The forkserver ends when every holder of that pipe's write end has closed it;
    each process it forks inherits one.  A worker that kept it would keep the
    forkserver alive after the server is killed (SIGKILL), and the forkserver is
    the parent whose death kills the worker (:func:`die_with_parent`): both would
    live on until the worker's task ended.  Without it, the server's death ends the
    forkserver, and that ends every worker at once."""
    try:
        from multiprocessing import forkserver

        fd = forkserver._forkserver._forkserver_alive_fd  # type: ignore[attr-defined]
    except (ImportError, AttributeError):  # pragma: no cover - another start method
        return
    if fd is not None:
        with contextlib.suppress(OSError):
            os.close(fd)
        forkserver._forkserver._forkserver_alive_fd = None  # type: ignore[attr-defined]


# -- the server side ----------------------------------------------------------------------


def _mp_context() -> Any:
    """``forkserver`` (workers forked from a clean, preloaded process; never from
    the threaded server) where the platform has it, else ``spawn``."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(
            ["wordlelab.web.assistant", "wordlelab.web.play", "wordlelab.web.compare", "wordlelab.web.trees"]
        )
        return ctx
    return multiprocessing.get_context("spawn")


class _Worker:
    """One worker process and the server's end of its pipe."""

    def __init__(self, mp: Any, make_context: Callable[[], Any]) -> None:
        parent, child = mp.Pipe()
        self.process = mp.Process(
            target=_worker_main,
            args=(child, make_context),
            daemon=True,
            name="wordlelab-web-worker",
        )
        self.process.start()
        child.close()
        self.conn: Connection = parent

    @property
    def pid(self) -> int | None:
        return self.process.pid  # type: ignore[no-any-return]

    def alive(self) -> bool:
        return bool(self.process.is_alive())

    def roundtrip(self, message: tuple[Callable[..., Any], tuple[Any, ...]]) -> tuple[str, Any]:
        """Send a task and wait for its answer (in a thread; a kill ends the wait)."""
        self.conn.send(message)
        reply: tuple[str, Any] = self.conn.recv()
        return reply

    def kill(self) -> None:
        """SIGKILL: the work stops now.  The pipe closes when this object is dropped
        (not here: a thread may still be reading it, and sees the end of the pipe)."""
        with contextlib.suppress(Exception):
            self.process.kill()


class _Slot:
    """A place for one worker: its process is started on first use and after a kill."""

    def __init__(self) -> None:
        self.worker: _Worker | None = None
        self.busy = False


class ProcessRunner:
    """``workers`` killable worker processes with a bounded queue in front of them.

    ``make_context`` is a picklable no-argument callable that each worker calls
    once to build the state its tasks receive as their first argument.
    """

    def __init__(self, workers: int, queue: int, make_context: Callable[[], Any]) -> None:
        self.capacity = workers + queue
        self._make_context = make_context
        self._mp = _mp_context()
        self._slots = [_Slot() for _ in range(workers)]
        self._idle: asyncio.Queue[_Slot] | None = None
        self._admitted = 0
        # threads that wait on a worker's pipe (a kill ends the wait), and start workers
        self._threads = ThreadPoolExecutor(2 * workers + 1, thread_name_prefix="wordlelab-pipe")
        self._closed = False

    @property
    def admitted(self) -> int:
        """Requests admitted now (running or queued)."""
        return self._admitted

    def pids(self, *, busy: bool = False) -> list[int]:
        """Process ids of the live workers (with ``busy``: of those computing a request)."""
        # each slot's worker read once: the server's loop may drop it (a stop) meanwhile
        return [
            pid
            for s in self._slots
            if (w := s.worker) is not None and (s.busy or not busy) and w.alive() and (pid := w.pid) is not None
        ]

    def _queue(self) -> asyncio.Queue[_Slot]:
        # created on first use, inside the server's event loop; last in, first out,
        # so a warm worker (its lists loaded) is used again before a cold one
        if self._idle is None:
            self._idle = asyncio.LifoQueue()
            for slot in self._slots:
                self._idle.put_nowait(slot)
        return self._idle

    async def prewarm(self) -> None:
        """Start every worker now (at server start), so the first expensive requests
        do not wait for one; a request arriving meanwhile waits for a slot."""
        idle = self._queue()
        loop = asyncio.get_running_loop()
        taken = [idle.get_nowait() for _ in range(idle.qsize())]

        async def start(slot: _Slot) -> None:
            if slot.worker is None and not self._closed:
                slot.worker = await loop.run_in_executor(self._threads, _Worker, self._mp, self._make_context)

        try:
            await asyncio.gather(*(start(slot) for slot in taken))
        finally:
            for slot in taken:
                idle.put_nowait(slot)

    async def run(self, deadline: float, task: Callable[..., Any], *args: Any) -> Any:
        """``task(context, *args)`` in a worker; raises :class:`BusyError`,
        :class:`TimeLimitError` (at ``deadline``, a ``time.monotonic()`` value; the
        worker is killed) or :class:`RemoteError` (the task's own error)."""
        if self._closed or self._admitted >= self.capacity:
            raise BusyError()
        self._admitted += 1
        try:
            idle = self._queue()
            slot = await self._acquire(idle, deadline)
            try:
                return await self._run_in(slot, deadline, task, args)
            finally:
                idle.put_nowait(slot)
        finally:
            self._admitted -= 1

    @staticmethod
    async def _acquire(idle: asyncio.Queue[_Slot], deadline: float) -> _Slot:
        """The next free slot, waiting at most until ``deadline``.  Written with
        ``asyncio.wait`` rather than ``wait_for``, so that a slot handed over just as
        the wait is cancelled is put back instead of being lost."""
        getter = asyncio.ensure_future(idle.get())
        try:
            await asyncio.wait({getter}, timeout=max(deadline - time.monotonic(), 0))
        except BaseException:
            if getter.done() and not getter.cancelled():
                idle.put_nowait(getter.result())
            getter.cancel()
            raise
        if getter.done():
            return getter.result()
        getter.cancel()  # a pending get takes no slot once cancelled
        raise TimeLimitError()

    async def _run_in(self, slot: _Slot, deadline: float, task: Callable[..., Any], args: tuple[Any, ...]) -> Any:
        loop = asyncio.get_running_loop()
        if slot.worker is None or not slot.worker.alive():
            if slot.worker is not None:
                slot.worker.kill()
            slot.worker = None
            slot.worker = await loop.run_in_executor(self._threads, _Worker, self._mp, self._make_context)
        worker = slot.worker
        done = False
        slot.busy = True
        try:
            status, value = await asyncio.wait_for(
                loop.run_in_executor(self._threads, worker.roundtrip, (task, args)),
                max(deadline - time.monotonic(), 0),
            )
            done = True
        except TimeoutError:
            raise TimeLimitError() from None
        except (EOFError, OSError):  # the worker died (killed from outside, by stop(), or crashed)
            if self._closed:
                raise BusyError(SHUTTING_DOWN) from None
            raise RemoteError(500, "WorkerDied", "the worker computing this request ended unexpectedly") from None
        finally:
            slot.busy = False
            if not done:  # timed out, died or cancelled: stop the work
                worker.kill()
                slot.worker = None
        if status == "ok":
            return value
        raise RemoteError(*value)

    def stop(self) -> None:
        """Admit nothing more and kill the busy workers now (the server is shutting down):
        their requests are answered 503 at once, so the server need not wait for them."""
        self._closed = True
        for slot in self._slots:
            if slot.busy and slot.worker is not None:
                slot.worker.kill()

    def shutdown(self) -> None:
        """Stop every worker: an idle one ends by itself when its pipe closes (so its
        resources are released normally); a busy one, or one that lingers, is killed."""
        self.stop()
        workers = [(s.worker, s.busy) for s in self._slots if s.worker is not None]
        for slot in self._slots:
            slot.worker = None
        for worker, busy in workers:
            if not busy:
                with contextlib.suppress(Exception):
                    worker.conn.close()
        deadline = time.monotonic() + 1.0
        for worker, _ in workers:
            with contextlib.suppress(Exception):
                worker.process.join(max(deadline - time.monotonic(), 0))
            worker.kill()
        self._threads.shutdown(wait=False, cancel_futures=True)
