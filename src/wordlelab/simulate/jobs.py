"""Many benchmark runs (a tournament: strategies x modes x start words), in this
process or in worker processes, stopped cleanly by Ctrl-C."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..executors import Executor
from ..modes import GameRules, Mode
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
    mode: Mode = Mode.NORMAL
    start: str | None = None

    def make(self) -> Strategy:
        return get_strategy(self.strategy, **dict(self.options))


def _run_job(
    job: Job,
    words: WordList,
    rule: str,
    answers: list[int] | None,
    max_turns: int,
    table: PatternTable | None = None,
    progress: Progress | None = None,
) -> Results:
    return run_benchmark(
        words,
        job.make(),
        rules=GameRules(job.mode, rule),
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
    for job in jobs:  # every job's rules checked here, not in a worker
        GameRules(job.mode, rule)
    table = pattern_table(words, rule)  # build (and cache) once, before any worker reads it
    picked = None if answers is None else [int(i) for i in resolve_answers(words, answers)]
    out: list[Results | None] = [None] * len(jobs)
    serial = processes <= 1 or len(jobs) <= 1
    # in this process the table and a progress callback are passed on; workers
    # read the table from the cache.  Workers are spawned: forking after
    # numba's threads have run is unsafe.
    extra = (table, progress) if serial else ()
    with Executor[Results]("serial" if serial else "process", processes, start_method="spawn") as ex:
        try:
            for i, r in ex.run(_run_job, jobs, words, rule, picked, max_turns, *extra):
                out[i] = r
                if on_result:
                    on_result(i, r)
                if not r.complete:
                    break
        except KeyboardInterrupt:
            pass
    return out
