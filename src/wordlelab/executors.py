"""Running many independent tasks: in this process, in a process pool, or on dask.

One executor serves every coarse parallel job of the package (the benchmark's
tournament runs and the exact opener ranking).  :meth:`Executor.run` calls
``fn(item, *args)`` for every item and yields ``(index, result)`` as tasks
finish; the caller stores each result as it arrives, so an interrupted run
keeps what was done.

Ctrl-C is safe: worker processes start with SIGINT blocked and then ignore it
(the terminal sends it to the whole process group, and a worker must not die
with a traceback mid-task); the parent gets the ``KeyboardInterrupt`` and
:meth:`Executor.close` terminates and waits for the workers, so none is left
running and the interpreter has nothing to wait for at exit.
"""

from __future__ import annotations

import itertools
import logging
import signal
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from typing import Any, Generic, TypeVar

from .errors import ExecutorError, InvalidOptionError
from .procs import die_with_parent, quiet_resource_tracker

__all__ = ["KINDS", "Executor"]

#: the executors :class:`Executor` knows
KINDS = ("serial", "process", "dask")

R = TypeVar("R")


def _worker_init() -> None:  # pragma: no cover - runs in worker processes
    """Each pool worker: dies with its parent, and ignores Ctrl-C (see the module doc).

    It started with SIGINT blocked (see :func:`_sigint_blocked`): ignore it,
    then unblock, which drops a Ctrl-C that came while it was starting."""
    die_with_parent()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


@contextmanager
def _sigint_blocked() -> Iterator[None]:
    """Block SIGINT in this thread while worker processes are started.

    A started process inherits the signal mask, so a Ctrl-C that reaches the
    whole process group while a worker is still importing cannot kill it with
    a traceback.  Here a Ctrl-C waits until the block ends and is then raised
    as usual.  A no-op where there is no ``pthread_sigmask``.
    """
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _stop_pool(pool: ProcessPoolExecutor, kill: bool) -> None:
    """Shut ``pool`` down and wait for its processes, terminating them if ``kill``.

    A Ctrl-C while waiting for finished workers to exit switches to
    terminating them, so the pool is always gone when this returns.
    """
    # shutdown() drops the pool's references to these, so keep them to wait on
    procs = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    for _attempt in range(3):
        try:
            if kill:
                pool.shutdown(wait=False, cancel_futures=True)
                for proc in procs:
                    proc.terminate()
                for proc in procs:
                    proc.join(timeout=10)
                if manager is not None:
                    manager.join(timeout=10)
            else:
                pool.shutdown(wait=True, cancel_futures=True)
            return
        except KeyboardInterrupt:
            kill = True


class Executor(Generic[R]):
    """Runs ``fn(item, *args)`` for many items; see the module doc.

    ``kind``: ``"serial"`` (in this process, in order), ``"process"`` (a pool of
    ``workers`` processes, started by ``start_method``), or ``"dask"`` (a
    LocalCluster of ``workers`` single-threaded processes, or the existing
    cluster at ``scheduler``).  Use it as a context manager, or call
    :meth:`close`.
    """

    def __init__(
        self,
        kind: str = "process",
        workers: int | None = None,
        *,
        scheduler: str | None = None,
        start_method: str | None = None,
    ) -> None:
        if kind not in KINDS:
            raise InvalidOptionError(f"unknown executor {kind!r}; choose one of: {', '.join(KINDS)}")
        self.kind = kind
        self._client: Any = None
        self._cluster: Any = None
        self._pool: ProcessPoolExecutor | None = None
        self._done = False  # a run went to its end: close() lets the workers exit
        if kind == "process":
            import multiprocessing

            ctx = multiprocessing.get_context(start_method)
            self._pool = ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=_worker_init)
        elif kind == "dask":
            self._client, self._cluster = _dask_client(workers, scheduler)

    @property
    def client(self) -> Any:
        """The dask client (None unless ``kind == "dask"``)."""
        return self._client

    def run(self, fn: Callable[..., R], items: Sequence[Any], *args: Any) -> Iterator[tuple[int, R]]:
        """``(i, fn(items[i], *args))`` for every item, in completion order
        (in order for ``serial``).  If the caller stops before the last result
        (a ``KeyboardInterrupt``, an error, a ``break``), :meth:`close`
        terminates the workers instead of waiting for their tasks."""
        self._done = False
        if self.kind == "serial":
            for i, item in enumerate(items):
                yield i, fn(item, *args)
        elif self._pool is not None:
            yield from self._run_pool(self._pool, fn, items, args)
        else:
            yield from self._run_dask(fn, items, args)
        self._done = True

    @staticmethod
    def _run_pool(
        pool: ProcessPoolExecutor, fn: Callable[..., R], items: Sequence[Any], args: tuple[Any, ...]
    ) -> Iterator[tuple[int, R]]:
        with _sigint_blocked():  # submit() starts the workers
            futures: dict[Future[R], int] = {pool.submit(fn, item, *args): i for i, item in enumerate(items)}
        pending = set(futures)
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for f in finished:
                yield futures[f], f.result()

    def _run_dask(self, fn: Callable[..., R], items: Sequence[Any], args: tuple[Any, ...]) -> Iterator[tuple[int, R]]:
        """Hands tasks out as workers free up, like the process pool does.

        Tasks submitted all at once may be placed on workers up front, before
        any has run; tasks that differ in cost by orders of magnitude (openers
        do) then leave the workers that drew the expensive ones finishing long
        after the rest.  A window of two tasks per
        worker thread keeps every worker busy and leaves the placement of the
        rest until a worker is free.  The window follows the cluster as it is
        now, at every result: workers that join a running cluster (``dask
        worker ADDRESS``) get tasks at once, and the window shrinks as workers
        leave (the scheduler re-runs the tasks of a worker that died).

        The arguments travel with every task rather than being scattered to
        the workers once: scattered data lives only on the workers, so a
        cluster whose first workers all left (killed, or replaced by new ones)
        would lose it and every task still to run with it.  An opener task's
        job is about 140 kB (the NYT lists), a few per second over a cluster.
        """
        from distributed import as_completed

        client = self._client
        todo = iter(enumerate(items))
        index: dict[Any, int] = {}
        running = as_completed()  # type: ignore[no-untyped-call]

        def top_up() -> None:
            window = 2 * max(1, sum(client.nthreads().values()))
            for i, item in itertools.islice(todo, max(0, window - len(index))):
                f = client.submit(fn, item, *args, pure=False, retries=3)
                index[f.key] = i
                running.add(f)  # type: ignore[no-untyped-call]

        top_up()
        for f in running:
            i = index.pop(f.key)
            top_up()
            yield i, f.result()

    def close(self) -> None:
        """Stop the workers: let them exit after a finished run, terminate them
        after one left unfinished."""
        if self._pool is not None:
            _stop_pool(self._pool, kill=not self._done)
            self._pool = None
        if self._client is not None:
            self._client.close()
            self._client = None
        if self._cluster is not None:
            self._cluster.close()
            self._cluster = None

    def __enter__(self) -> Executor[R]:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def _dask_client(workers: int | None, scheduler: str | None) -> tuple[Any, Any]:
    try:
        import dask
        from distributed import Client, LocalCluster
    except ImportError:  # pragma: no cover
        raise ExecutorError("dask.distributed is not installed; pip install distributed") from None
    if scheduler:
        try:
            return Client(scheduler, timeout=15), None  # type: ignore[no-untyped-call]
        except OSError as exc:
            raise ExecutorError(
                f"cannot reach the dask scheduler at {scheduler!r} ({exc}); start one "
                "(e.g. `dask scheduler` and `dask worker ADDRESS`) or leave out `scheduler` to "
                "use local processes"
            ) from None
    # Every worker runs one CPU-bound task at a time, so whatever else runs
    # takes a share of a busy core.  The statistical profiler (a thread
    # sampling the task's stack 100 times a second in every worker) is off,
    # the event loops tick once a second instead of 50 times (the tick only
    # watches for a blocked loop), and the monitors poll less often: an idle
    # worker wakes 4 times a second instead of 52.
    # the cluster's processes start with SIGINT blocked (see _sigint_blocked), so a
    # Ctrl-C at the terminal reaches only this process, which closes the cluster; its
    # logs are silenced below CRITICAL, so closing it mid-run (workers losing the
    # scheduler) prints nothing
    quiet_resource_tracker()
    with (
        _sigint_blocked(),
        dask.config.set(
            {
                "distributed.worker.profile.enabled": False,
                "distributed.admin.tick.interval": "1s",
                "distributed.admin.system-monitor.interval": "2s",
                "distributed.worker.memory.monitor-interval": "1s",
            }
        ),
    ):
        cluster = LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=workers or 2,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=logging.CRITICAL,
        )
        return Client(cluster), cluster  # type: ignore[no-untyped-call]
