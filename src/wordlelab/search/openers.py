"""Ranking start words: greedy bounds for all of them, exact values for the best.

Greedy: one pass of :func:`wordlelab.kernels.partition_stats` scores every
allowed guess by the search's own first bound (``guess_lb``, see
:mod:`wordlelab.search._core`) and the sum of squared bucket sizes.

Exact: each opener is a coarse piece of work (a full proof, seconds each) run by
an executor (:mod:`wordlelab.executors`): a local process pool by default, or dask.distributed (a
LocalCluster, or an existing scheduler).  The same code drives both.  Openers
spelt with the same letters (GUMMY and MUGGY, HOOSH and SHOOS) are one task,
solved one after the other on one memo: they leave the same answers in their
all-grey bucket, the costliest part of a weak opener, and most of the rest of
the second search is found in the memo too (see :func:`letter_groups`).  Each
result is written to an SQLite file as it arrives, so ``resume=True``
continues after a crash or Ctrl-C and recomputes nothing already stored.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Self

import numpy as np

from ..errors import ResultsFileError
from ..executors import Executor
from ..modes import NORMAL, GameRules, Mode
from ..procs import thread_lock_for_numba_start
from ..resultsfile import distrust, open_results, row_check
from ..words import WordList
from ._memo import INF
from .greedy import greedy_scores
from .solver import Solver, square_table

__all__ = [
    "ExactJob",
    "OpenerResult",
    "ResultStore",
    "exact_openers",
    "forget_solvers",
    "greedy_scores",
    "letter_groups",
    "solve_opener",
    "solve_openers",
]


@dataclass(frozen=True)
class ExactJob:
    """Everything a worker needs to compute one configuration's exact values."""

    words: WordList
    #: the mode and colour rule (a mode or its name is short for it)
    rules: GameRules = NORMAL
    max_guesses: int = 6
    answers_only: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "rules", GameRules.of(self.rules))

    @property
    def mode(self) -> Mode:
        return self.rules.mode

    @property
    def key(self) -> str:
        """Identifies the configuration in the results file."""
        pool = "answers" if self.answers_only else "all"
        from ..cachefile import versioned_key

        r = self.rules
        return versioned_key(self.words.digest, r.rule.value, r.mode.value, f"max{self.max_guesses}", pool)

    def config(self, upper: int | None = None) -> str:
        """The configuration a run's results are stored under: :attr:`key`, or with
        ``upper`` a bounded run's (``openers --all --exact --upper U``)."""
        return self.key if upper is None else f"{self.key}|upper{upper}"

    def owns(self, config: str) -> bool:
        """Whether ``config`` is this job's, unbounded or bounded by any ``upper``."""
        return config == self.key or config.startswith(f"{self.key}|upper")


@dataclass(frozen=True)
class OpenerResult:
    """``total`` is the exact optimum from ``word`` if ``exact``, else a proven
    lower bound (the search failed high against the ``upper`` bound it was
    given); ``INF`` (see ``_core``) if no tree finishes within the cap.
    ``seconds`` is the CPU time of the search (the thread's, so a task paused
    or sharing its core with others reads the same)."""

    word: str
    total: int
    seconds: float
    nodes: int
    exact: bool = True

    def mean(self, answers: int) -> float:
        return self.total / answers


#: memo entries a worker keeps across openers before starting afresh (its
#: table then 2**26 slots: 1 GiB)
MEMO_LIMIT = 20_000_000


#: each thread's solvers: a dask worker started with ``--nthreads N`` runs N
#: tasks at once in one process, and a solver (its memo above all) serves one
#: search at a time
_LOCAL = threading.local()


def _worker_solver(job: ExactJob) -> Solver:
    """One solver per configuration per worker process (per thread), so its memo
    (exact values and proven bounds) is reused by every opener that worker computes.

    Keyed by ``job.key`` (the lists' digest and the options), not by the job
    object: each task arrives as a freshly unpickled copy, and a cache keyed
    by the object built a new solver (table load, transpose, empty memo) for
    every opener.  At most two configurations are kept.
    """
    solvers: dict[str, Solver] = _LOCAL.__dict__.setdefault("solvers", {})
    solver = solvers.get(job.key)
    if solver is None:
        from ..table import pattern_table

        while len(solvers) >= 2:
            solvers.pop(next(iter(solvers)))
        table = pattern_table(job.words, job.rules.rule)
        solver = solvers[job.key] = Solver(
            job.words, table, job.rules, max_guesses=job.max_guesses, answers_only=job.answers_only
        )
    return solver


def forget_solvers() -> None:
    """Drop this thread's solvers (their memos and tables): for a long-lived process
    that computes an opener now and then, such as a web server's worker."""
    _LOCAL.__dict__.pop("solvers", None)


def solve_opener(job: ExactJob, word: str, upper: int | None = None) -> OpenerResult:
    """The exact total of the best tree opening with ``word`` (a worker task).

    With ``upper``, only totals ``<= upper`` are computed exactly; a worse
    opener stops as soon as that is proven (``exact=False``, ``total`` a lower
    bound above ``upper``), which is much faster.
    """
    return solve_openers(job, (word,), upper)[0]


def solve_openers(job: ExactJob, words: Sequence[str], upper: int | None = None) -> list[OpenerResult]:
    """:func:`solve_opener` for each of ``words``, one after the other on this
    worker's memo, which is started afresh (when over :data:`MEMO_LIMIT`) only
    before the first: a group from :func:`letter_groups` shares most of its
    search.  Each result's ``seconds`` is its own search's CPU time, so the
    later words of a group read far less than they would alone."""
    thread_lock_for_numba_start()  # nothing left for the resource tracker if the worker is killed
    try:
        import numba

        numba.set_num_threads(1)  # one core per task; the executor runs tasks side by side
    except (ImportError, ValueError):  # pragma: no cover
        pass

    solver = _worker_solver(job)
    if len(solver.memo) > MEMO_LIMIT:
        solver.forget()
    beta = None if upper is None else upper + 1
    every = np.arange(len(job.words.answers), dtype=np.int64)
    out = []
    for word in words:
        t0 = time.thread_time()
        nodes0 = solver.nodes
        g = solver.check_start(word)
        total = solver.value(every, guess=g, beta=beta)
        exact = beta is None or total < beta or total >= INF  # INF: proven that no tree fits
        out.append(OpenerResult(word, total, time.thread_time() - t0, solver.nodes - nodes0, exact))
    return out


def letter_groups(words: Sequence[str]) -> list[tuple[str, ...]]:
    """``words`` grouped by the set of letters each is spelt with, each group
    where its first word was and in the order given.

    Two such openers leave the same answers in their all-grey bucket (and, in
    hard mode, the same legal guesses there): for a weak opener that bucket
    holds most of the answers and most of the search.  Solved one after the
    other on one memo, the second costs a fraction of the first (NYT 2023,
    hard: GUMMY 41.9 s, then MUGGY 0.0 s against 44.4 s alone; HOOSH 55.5 s,
    then SHOOS 2.4 s)."""
    groups: dict[frozenset[str], list[str]] = {}
    for w in words:
        groups.setdefault(frozenset(w), []).append(w)
    return [tuple(g) for g in groups.values()]


def _opener_task(group: tuple[str, ...], job: ExactJob, upper: int | None) -> list[OpenerResult]:
    """:func:`solve_openers` in the executor's argument order (the item first)."""
    return solve_openers(job, group, upper)


class ResultStore:
    """An SQLite file of exact opener values, one row per (configuration, word).

    Each result is committed as soon as it arrives, with a checksum of its fields
    (:func:`wordlelab.resultsfile.row_check`).  The file is checked when opened
    (:func:`wordlelab.resultsfile.open_results`): a damaged one raises
    :class:`~wordlelab.resultsfile.ResultsFileError`, or with ``set_aside`` (the
    default file, which the user did not name) is moved aside and started afresh.
    ``fix`` ends the message of a damaged file: how to name another one.
    Used as a context manager, it is closed at the end of the block.
    """

    WHAT = "results file"
    SCHEMA = (
        "CREATE TABLE IF NOT EXISTS openers (config TEXT, word TEXT, total INTEGER, "
        "seconds REAL, nodes INTEGER, exact INTEGER, [check] TEXT, PRIMARY KEY (config, word));"
    )

    def __init__(self, path: str | Path, *, set_aside: bool = False, fix: str = "give another file") -> None:
        self.path = Path(path)
        self.db = open_results(self.path, self.SCHEMA, what=self.WHAT, set_aside=set_aside, fix=fix)
        try:
            columns = {row[1] for row in self.db.execute("PRAGMA table_info(openers)")}
            if "exact" not in columns:  # a file from before lower bounds were stored
                self.db.execute("ALTER TABLE openers ADD COLUMN exact INTEGER DEFAULT 1")
            if "check" not in columns:  # a file from before rows had checksums
                self.db.execute("ALTER TABLE openers ADD COLUMN [check] TEXT")
            self.db.commit()
        except sqlite3.Error as exc:
            self.db.close()
            raise ResultsFileError(f"cannot use {self.WHAT} {str(self.path)!r}: {exc}; {fix}") from None

    @staticmethod
    def _check(config: str, r: OpenerResult) -> str:
        return row_check(config, r.word, r.total, r.nodes, r.exact)

    def done(self, config: str, bounds: Mapping[str, int] | None = None) -> dict[str, OpenerResult]:
        """The stored results of ``config`` that pass their checks: the row's checksum
        (rows from before checksums have none), sane fields, and a total no lower than
        the opener's proven lower bound in ``bounds`` (when given).  The others are left
        out, to be computed again, with one line on the ``wordlelab.cache`` logger."""
        rows = self._query("SELECT word, total, seconds, nodes, exact, [check] FROM openers WHERE config = ?", config)
        out: dict[str, OpenerResult] = {}
        bad: list[str] = []
        for w, t, s, n, e, check in rows:
            try:
                r = OpenerResult(str(w), int(t), float(s), int(n), bool(e))
            except (TypeError, ValueError):
                bad.append(str(w))
                continue
            sane = r.total >= 0 and r.nodes >= 0 and r.seconds >= 0 and e in (0, 1)
            intact = check is None or check == self._check(config, r)
            bounded = bounds is None or r.total >= bounds.get(r.word, 0)
            if sane and intact and bounded:
                out[r.word] = r
            else:
                bad.append(r.word)
        distrust(self.WHAT, self.path, bad, "stored figures fail their checksum or lower bound")
        return out

    def configs(self) -> list[str]:
        """The configurations this file holds results of (sorted)."""
        return sorted(str(c) for (c,) in self._query("SELECT DISTINCT config FROM openers"))

    def clear(self, config: str) -> None:
        self._write("DELETE FROM openers WHERE config = ?", (config,))

    def add(self, config: str, r: OpenerResult) -> None:
        self._write(
            "INSERT OR REPLACE INTO openers VALUES (?, ?, ?, ?, ?, ?, ?)",
            (config, r.word, r.total, r.seconds, r.nodes, int(r.exact), self._check(config, r)),
        )

    def _query(self, sql: str, *args: object) -> list[Any]:
        try:
            return self.db.execute(sql, args).fetchall()
        except sqlite3.Error as exc:
            raise ResultsFileError(f"cannot read {self.WHAT} {str(self.path)!r}: {exc}") from None

    def _write(self, sql: str, args: tuple[object, ...]) -> None:
        try:
            self.db.execute(sql, args)
            self.db.commit()
        except sqlite3.Error as exc:
            raise ResultsFileError(f"cannot write {self.WHAT} {str(self.path)!r}: {exc}") from None

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


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
    bounds: Mapping[str, int] | None = None,
) -> dict[str, OpenerResult]:
    """Exact values of ``openers``, stored in ``store`` as each task finishes
    (a task: the openers spelt with the same letters, :func:`letter_groups`).

    ``upper``: compute exactly only totals ``<= upper`` (see
    :func:`solve_opener`); results are stored under a configuration key that
    includes it, so they never mix with unbounded ones.

    With ``resume`` the openers already stored for this configuration are
    kept and not recomputed; without it they are cleared first.
    ``progress(result, done, total)`` is called after each one; ``on_pool``
    gets the executor once it is up (tests use it to kill a dask worker).
    ``bounds`` (opener -> proven lower bound on its total, e.g. the greedy
    ``bound``) lets a stored row below its bound be recomputed, not trusted.
    """
    config = job.config(upper)
    if not resume:
        store.clear(config)
    have = store.done(config, bounds)
    todo = [w for w in openers if w not in have]
    results = {w: have[w] for w in openers if w in have}
    if todo:
        # forked workers start with the pattern table and numba already loaded,
        # and in ultra mode with the square table (they may not build one, see
        # solver.square_table)
        if job.rules.mode is Mode.ULTRA:
            square_table(job.words)
        with Executor[list[OpenerResult]](executor, workers, scheduler=scheduler, start_method="fork") as ex:
            if on_pool is not None:
                on_pool(ex)
            for _, group in ex.run(_opener_task, letter_groups(todo), job, upper):
                for r in group:
                    store.add(config, r)
                    results[r.word] = r
                    if progress is not None:
                        progress(r, len(results), len(openers))
    return results
