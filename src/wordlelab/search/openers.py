"""Ranking start words: greedy bounds for all of them, exact values for the best.

Greedy: one pass of :func:`wordlelab.kernels.partition_stats` scores every
allowed guess by the search's own first bound (``guess_lb``, see
:mod:`wordlelab.search._core`) and the sum of squared bucket sizes.

Exact: each opener is one coarse task (a full proof, seconds each) run by
an executor (:mod:`wordlelab.executors`): a local process pool by default, or dask.distributed (a
LocalCluster, or an existing scheduler).  The same code drives both.  Each
result is written to an SQLite file as it arrives, so ``resume=True``
continues after a crash or Ctrl-C and recomputes nothing already stored.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import ResultsFileError
from ..executors import Executor
from ..modes import Mode
from ..words import WordList
from .greedy import greedy_scores
from .solver import Solver

__all__ = [
    "ExactJob",
    "OpenerResult",
    "ResultStore",
    "exact_openers",
    "greedy_scores",
    "solve_opener",
]


@dataclass(frozen=True)
class ExactJob:
    """Everything a worker needs to compute one configuration's exact values."""

    words: WordList
    mode: Mode = Mode.NORMAL
    max_guesses: int = 6
    answers_only: bool = False
    rule: str = "official"

    @property
    def key(self) -> str:
        """Identifies the configuration in the results file."""
        pool = "answers" if self.answers_only else "all"
        from ..cachefile import versioned_key

        return versioned_key(self.words.digest, self.rule, self.mode.value, f"max{self.max_guesses}", pool)


@dataclass(frozen=True)
class OpenerResult:
    """``total`` is the exact optimum from ``word`` if ``exact``, else a proven
    lower bound (the search failed high against the ``upper`` bound it was
    given); ``INF`` (see ``_core``) if no tree finishes within the cap."""

    word: str
    total: int
    seconds: float
    nodes: int
    exact: bool = True

    def mean(self, answers: int) -> float:
        return self.total / answers


#: memo entries a worker keeps across openers before starting afresh (~1 GB)
MEMO_LIMIT = 20_000_000


_SOLVERS: dict[str, Solver] = {}


def _worker_solver(job: ExactJob) -> Solver:
    """One solver per configuration per worker process, so its memo (exact
    values and proven bounds) is reused by every opener that worker computes.

    Keyed by ``job.key`` (the lists' digest and the options), not by the job
    object: each task arrives as a freshly unpickled copy, and a cache keyed
    by the object built a new solver (table load, transpose, empty memo) for
    every opener.  At most two configurations are kept.
    """
    solver = _SOLVERS.get(job.key)
    if solver is None:
        from ..table import pattern_table

        while len(_SOLVERS) >= 2:
            _SOLVERS.pop(next(iter(_SOLVERS)))
        table = pattern_table(job.words, job.rule)
        solver = _SOLVERS[job.key] = Solver(
            job.words,
            table,
            mode=job.mode,
            max_guesses=job.max_guesses,
            answers_only=job.answers_only,
            rule=job.rule,
        )
    return solver


def solve_opener(job: ExactJob, word: str, upper: int | None = None) -> OpenerResult:
    """The exact total of the best tree opening with ``word`` (a worker task).

    With ``upper``, only totals ``<= upper`` are computed exactly; a worse
    opener stops as soon as that is proven (``exact=False``, ``total`` a lower
    bound above ``upper``), which is much faster.
    """
    try:
        import numba

        numba.set_num_threads(1)  # one core per task; the executor runs tasks side by side
    except (ImportError, ValueError):  # pragma: no cover
        pass
    solver = _worker_solver(job)
    if len(solver.memo) > MEMO_LIMIT:
        solver.forget()
    t0 = time.perf_counter()
    nodes0 = solver.nodes
    g = solver.check_start(word)
    beta = None if upper is None else upper + 1
    total = solver.value(np.arange(len(job.words.answers), dtype=np.int64), guess=g, beta=beta)
    from ._core import INF

    exact = beta is None or total < beta or total >= INF  # INF: proven that no tree fits
    return OpenerResult(word, total, time.perf_counter() - t0, solver.nodes - nodes0, exact)


def _opener_task(word: str, job: ExactJob, upper: int | None) -> OpenerResult:
    """:func:`solve_opener` in the executor's argument order (the item first)."""
    return solve_opener(job, word, upper)


class ResultStore:
    """An SQLite file of exact opener values, one row per (configuration, word).

    Each result is committed as soon as it arrives.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self.db = sqlite3.connect(self.path)
            self.db.execute(
                "CREATE TABLE IF NOT EXISTS openers (config TEXT, word TEXT, total INTEGER, "
                "seconds REAL, nodes INTEGER, exact INTEGER, PRIMARY KEY (config, word))"
            )
            columns = {row[1] for row in self.db.execute("PRAGMA table_info(openers)")}
            if "exact" not in columns:  # a file from before lower bounds were stored
                self.db.execute("ALTER TABLE openers ADD COLUMN exact INTEGER DEFAULT 1")
            self.db.commit()
        except sqlite3.Error as exc:
            raise ResultsFileError(f"cannot use results file {str(self.path)!r}: {exc}") from None

    def done(self, config: str) -> dict[str, OpenerResult]:
        rows = self.db.execute(
            "SELECT word, total, seconds, nodes, exact FROM openers WHERE config = ?", (config,)
        ).fetchall()
        return {w: OpenerResult(w, int(t), float(s), int(n), bool(e)) for w, t, s, n, e in rows}

    def clear(self, config: str) -> None:
        self.db.execute("DELETE FROM openers WHERE config = ?", (config,))
        self.db.commit()

    def add(self, config: str, r: OpenerResult) -> None:
        self.db.execute(
            "INSERT OR REPLACE INTO openers VALUES (?, ?, ?, ?, ?, ?)",
            (config, r.word, r.total, r.seconds, r.nodes, int(r.exact)),
        )
        self.db.commit()

    def close(self) -> None:
        self.db.close()


def exact_openers(
    job: ExactJob,
    openers: list[str],
    store: ResultStore,
    *,
    resume: bool = False,
    executor: str = "process",
    workers: int | None = None,
    scheduler: str | None = None,
    progress: Callable[[OpenerResult, int, int], None] | None = None,
    on_pool: Callable[[Any], None] | None = None,
    upper: int | None = None,
) -> dict[str, OpenerResult]:
    """Exact values of ``openers``, stored in ``store`` as each finishes.

    ``upper``: compute exactly only totals ``<= upper`` (see
    :func:`solve_opener`); results are stored under a configuration key that
    includes it, so they never mix with unbounded ones.

    With ``resume`` the openers already stored for this configuration are
    kept and not recomputed; without it they are cleared first.
    ``progress(result, done, total)`` is called after each one; ``on_pool``
    gets the executor once it is up (tests use it to kill a dask worker).
    """
    config = job.key if upper is None else f"{job.key}|upper{upper}"
    if not resume:
        store.clear(config)
    have = store.done(config)
    todo = [w for w in openers if w not in have]
    results = {w: have[w] for w in openers if w in have}
    if todo:
        # forked workers start with the pattern table and numba already loaded
        with Executor[OpenerResult](executor, workers, scheduler=scheduler, start_method="fork") as ex:
            if on_pool is not None:
                on_pool(ex)
            for _, r in ex.run(_opener_task, todo, job, upper):
                store.add(config, r)
                results[r.word] = r
                if progress is not None:
                    progress(r, len(results), len(openers))
    return results
