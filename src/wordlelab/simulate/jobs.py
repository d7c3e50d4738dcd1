"""Many benchmark runs (a tournament: strategies x modes x start words), in this
process or in worker processes, stopped cleanly by Ctrl-C."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from ..strategies.base import Strategy, get_strategy
from ..table import pattern_table
from ..types import PatternTable
from ..words import WordList
from .results import MAX_TURNS, Results
from .walk import Progress, resolve_answers, run_benchmark

__all__ = ["Job", "run_jobs"]


@dataclass(frozen=True)
class Job:
    """One benchmark run of a tournament: a strategy (by name and options) in one mode."""

    strategy: str
    options: tuple[tuple[str, Any], ...] = ()
    hard: bool = False
    start: str | None = None

    def make(self) -> Strategy:
        return get_strategy(self.strategy, **dict(self.options))


def _job_worker_init() -> None:  # pragma: no cover - runs in worker processes
    import signal

    # the parent handles Ctrl-C and stops the pool; workers must not die mid-write.
    # They start with SIGINT blocked (see _sigint_blocked): ignore it, then unblock,
    # which drops a Ctrl-C that came while the worker was starting up.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


@contextmanager
def _sigint_blocked() -> Iterator[None]:
    """Block SIGINT in this thread while worker processes are started.

    A started process inherits the signal mask, so a Ctrl-C that reaches the
    whole terminal process group while a worker is still importing cannot
    kill it with a traceback; the worker ignores SIGINT once set up
    (:func:`_job_worker_init`).  Here a Ctrl-C waits until the block ends and
    is then raised as usual.  A no-op where there is no ``pthread_sigmask``.
    """
    import signal

    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _stop_pool(pool: Any, kill: bool) -> None:
    """Shut ``pool`` down and wait for its processes, terminating them if ``kill``.

    A Ctrl-C while waiting for finished workers to exit switches to
    terminating them, so the pool is always gone when this returns (nothing
    left for the interpreter to wait for, or be interrupted in, at exit).
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


def _run_job(
    words: WordList,
    job: Job,
    rule: str,
    answers: list[int] | None,
    max_turns: int,
    table: PatternTable | None = None,
    progress: Progress | None = None,
) -> Results:
    return run_benchmark(
        words,
        job.make(),
        hard=job.hard,
        rule=rule,
        answers=answers,
        start=job.start,
        max_turns=max_turns,
        table=table,
        progress=progress,
    )


def run_jobs(
    words: WordList,
    jobs: Sequence[Job],
    *,
    rule: str = "official",
    answers: Iterable[int | str] | None = None,
    max_turns: int = MAX_TURNS,
    processes: int = 1,
    on_result: Callable[[int, Results], None] | None = None,
    progress: Progress | None = None,
) -> list[Results | None]:
    """Run many benchmarks, in ``processes`` worker processes when more than 1.

    Returns one entry per job, in order (``None`` for a job that did not finish).
    ``on_result(i, results)`` is called as each job finishes; ``progress`` gets
    (games finished, total) of the single run in progress when ``processes`` is 1.

    Ctrl-C (``KeyboardInterrupt``, also one raised by ``on_result`` or
    ``progress``) at any point stops the work and returns the finished runs:
    worker processes are terminated and waited for, and the interrupted run of
    a single-process call is returned with ``complete=False``.  A Ctrl-C that
    comes after the last run finished (while the workers exit) leaves every
    entry complete; a caller that must know about it installs its own SIGINT
    handler (``wordlelab bench`` does).
    """
    table = pattern_table(words, rule)  # build (and cache) once, before any worker reads it
    picked = None if answers is None else [int(i) for i in resolve_answers(words, answers)]
    out: list[Results | None] = [None] * len(jobs)
    if processes <= 1 or len(jobs) <= 1:
        try:
            for i, job in enumerate(jobs):
                r = _run_job(words, job, rule, picked, max_turns, table, progress)
                out[i] = r
                if on_result:
                    on_result(i, r)
                if not r.complete:
                    break
        except KeyboardInterrupt:
            pass
        return out

    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    ctx = multiprocessing.get_context("spawn")  # fork after numba's threads is unsafe
    pool = ProcessPoolExecutor(processes, mp_context=ctx, initializer=_job_worker_init)
    stopped = True  # until the loop ends normally: an error or Ctrl-C terminates the workers
    try:
        with _sigint_blocked():  # submit() starts the workers
            futures = {
                pool.submit(_run_job, words, job, rule, picked, max_turns): i
                for i, job in enumerate(jobs)
            }
        pending = set(futures)
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for f in finished:
                i = futures[f]
                out[i] = f.result()
                if on_result:
                    on_result(i, out[i])  # type: ignore[arg-type]
        stopped = False
    except KeyboardInterrupt:
        pass
    finally:
        _stop_pool(pool, kill=stopped)
    return out
