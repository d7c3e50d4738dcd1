"""Playing games automatically: one game (:func:`play_game`) or a whole answer list
(:func:`run_benchmark`), returning data only; nothing here prints.

A benchmark is one decision tree
--------------------------------
A strategy's choice depends only on the state it is shown (the history, hence the
candidates and the legal guesses).  So the games against every answer of a list share
their first guess, the answers that got the same pattern share their second, and so on:
the games form one decision tree, and :func:`run_benchmark` walks it, asking the
strategy once per tree node instead of once per game and turn.  For greedy entropy on
the default lists that is 318 questions instead of ~7,800 (the same games come out:
``tests/unit/test_simulate.py`` checks the walk against :func:`play_game`; timings in
``bench/bench_strategies.py`` and docs/benchmarks.md).

Randomised strategies fit too: they draw their randomness from ``(seed, history)``
(see :mod:`wordlelab.strategies.random_pick`), so one seed is one tree; Monte Carlo
trials are runs with different seeds (:func:`run_trials`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .errors import GameOverError, InvalidOptionError, InvalidWordError, WordlelabError
from .feedback import all_green
from .game import Game
from .state import State, Step
from .strategies.base import Strategy, get_strategy
from .table import pattern_table
from .types import IndexArray, PatternTable
from .words import WordList

__all__ = [
    "MAX_TURNS",
    "WIN_LIMIT",
    "Results",
    "Turn",
    "combine",
    "play_game",
    "resolve_answers",
    "run_benchmark",
    "run_trials",
]

#: a game that has not been won after this many guesses is abandoned
#: (no sane strategy needs more than ~15 on any shipped list)
MAX_TURNS = 30
#: a game counts as won if solved in at most this many guesses (the real game's limit)
WIN_LIMIT = 6
#: how :attr:`Results.guesses` records a game abandoned after ``max_turns`` guesses
UNSOLVED = -1


@dataclass(frozen=True)
class Turn:
    """A guess played in an automatic game and its effect."""

    step: Step
    word: str
    candidates_before: int
    candidates_after: int


def play_game(
    words: WordList,
    answer: str,
    strategy: Strategy,
    *,
    hard: bool = False,
    start: str | None = None,
    rule: str = "official",
    table: PatternTable | None = None,
    max_turns: int = MAX_TURNS,
) -> list[Turn]:
    """Let ``strategy`` play until it finds ``answer`` (or ``max_turns`` pass).

    ``start`` forces the first guess.  Raises :class:`GameOverError` if the
    game is not won within ``max_turns``.
    """
    game = Game(answer, words, hard=hard, rule=rule, max_guesses=max_turns, table=table)
    turns: list[Turn] = []
    while not game.won:
        if game.over:
            raise GameOverError(
                f"strategy {strategy.key} did not find {answer!r} in {max_turns} guesses"
            )
        state = game.state
        if start is not None and not turns:
            word = start
        else:
            word = words.allowed[strategy.choose(state)]
        before = len(state.candidates)
        game.guess(word)
        turns.append(Turn(game.history[-1], word, before, len(game.session.candidates)))
    return turns


# -- results ------------------------------------------------------------------------


@dataclass(frozen=True)
class Results:
    """The outcome of playing a strategy against a set of answers.

    ``guesses[i]`` is the number of guesses the game against ``answers[i]`` took,
    or ``-1`` (:data:`UNSOLVED`) if it was abandoned after ``max_turns``.  Games
    longer than :data:`WIN_LIMIT` are *busts* (lost in the real game) but are
    still played to the end and counted with their real length in ``mean``
    (as the R tournament seed did).  Abandoned games are left out of ``mean``,
    ``std`` and ``max`` and counted in ``unsolved``, ``busts`` and ``"7+"``.

    ``paths[i]`` is the guesses played against ``answers[i]``.  ``complete`` is
    False when the run was interrupted: then only the finished games are here.
    """

    strategy: str
    words: str
    hard: bool
    rule: str
    answers: tuple[str, ...]
    guesses: np.ndarray
    opening: str
    seconds: float
    max_turns: int = MAX_TURNS
    seed: int | None = None
    start: str | None = None
    complete: bool = True
    nodes: int = 0
    paths: tuple[tuple[str, ...], ...] = field(default=(), repr=False, compare=False)

    def __post_init__(self) -> None:
        g = np.asarray(self.guesses, dtype=np.int64)
        g.flags.writeable = False
        object.__setattr__(self, "guesses", g)

    # -- derived figures --------------------------------------------------------------
    @property
    def games(self) -> int:
        return len(self.answers)

    @property
    def solved(self) -> np.ndarray:
        """``int64[k]``: the guess counts of the games that were solved."""
        return self.guesses[self.guesses > 0]

    @property
    def unsolved(self) -> int:
        return int(np.count_nonzero(self.guesses == UNSOLVED))

    @property
    def mean(self) -> float:
        """Mean guesses over solved games (NaN if none)."""
        s = self.solved
        return float(s.mean()) if len(s) else math.nan

    @property
    def std(self) -> float:
        """Population standard deviation of the solved games' guess counts."""
        s = self.solved
        return float(s.std()) if len(s) else math.nan

    @property
    def max(self) -> int:
        """Most guesses any solved game took (0 if none)."""
        s = self.solved
        return int(s.max()) if len(s) else 0

    @property
    def mean_wins(self) -> float:
        """Mean guesses over the games won (solved within :data:`WIN_LIMIT`), as some
        seeds reported it (NaN if none)."""
        won = self.guesses[(self.guesses > 0) & (self.guesses <= WIN_LIMIT)]
        return float(won.mean()) if len(won) else math.nan

    @property
    def wins(self) -> int:
        """Games solved in at most :data:`WIN_LIMIT` guesses."""
        return int(np.count_nonzero((self.guesses > 0) & (self.guesses <= WIN_LIMIT)))

    @property
    def busts(self) -> int:
        """Games not solved within :data:`WIN_LIMIT` guesses (including abandoned ones)."""
        return self.games - self.wins

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else math.nan

    @property
    def bust_rate(self) -> float:
        return self.busts / self.games if self.games else math.nan

    @property
    def histogram(self) -> dict[str, int]:
        """Games per guess count: keys ``"1"``..``"6"`` and ``"7+"`` (busts)."""
        out = {str(k): int(np.count_nonzero(self.guesses == k)) for k in range(1, WIN_LIMIT + 1)}
        out[f"{WIN_LIMIT + 1}+"] = self.busts
        return out

    @property
    def full_histogram(self) -> dict[int, int]:
        """Games per exact guess count (``-1`` for abandoned games)."""
        values, counts = np.unique(self.guesses, return_counts=True)
        return {int(v): int(c) for v, c in zip(values, counts)}

    def hardest(self, k: int = 10) -> list[tuple[str, int]]:
        """The ``k`` distinct answers that took the most guesses, with their worst game.

        A pooled run (:func:`combine`: several trials or start words) plays an answer
        once per run; each answer is listed once, by its worst game (``-1``,
        abandoned, counts as worst of all), ties broken by its mean guesses over
        its games (abandoned ones counted as ``max_turns + 1``), then by the order
        the answers first appear.
        """
        worst_of_all = self.max_turns + 1
        key = np.where(self.guesses == UNSOLVED, worst_of_all, self.guesses)
        first: dict[str, int] = {}
        ids = np.fromiter((first.setdefault(a, len(first)) for a in self.answers), np.int64, self.games)
        n = len(first)
        worst = np.zeros(n, dtype=np.int64)
        np.maximum.at(worst, ids, key)
        mean = np.bincount(ids, weights=key, minlength=n) / np.bincount(ids, minlength=n)
        order = np.lexsort((np.arange(n), -mean, -worst))[:k]
        names = list(first)
        return [(names[i], UNSOLVED if worst[i] == worst_of_all else int(worst[i])) for i in order]

    def to_dict(self, *, games: bool = False) -> dict[str, Any]:
        """JSON-ready summary; with ``games`` also every answer's guess count and path."""
        out: dict[str, Any] = {
            "strategy": self.strategy,
            "words": self.words,
            "hard": self.hard,
            "rule": self.rule,
            "games": self.games,
            "complete": self.complete,
            "opening": self.opening,
            "start": self.start,
            "seed": self.seed,
            "mean": _round(self.mean),
            "std": _round(self.std),
            "max": self.max,
            "mean_wins": _round(self.mean_wins),
            "win_rate": _round(self.win_rate),
            "wins": self.wins,
            "busts": self.busts,
            "unsolved": self.unsolved,
            "histogram": self.histogram,
            "full_histogram": {str(k): v for k, v in self.full_histogram.items()},
            "hardest": [[w, g] for w, g in self.hardest(10)],
            "seconds": round(self.seconds, 4),
            "nodes": self.nodes,
            "max_turns": self.max_turns,
        }
        if games:
            out["answers"] = list(self.answers)
            out["guesses"] = [int(x) for x in self.guesses]
            if self.paths:
                out["paths"] = [list(p) for p in self.paths]
        return out


    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Results:
        """Rebuild from :meth:`to_dict` output (e.g. a ``bench --json`` file).

        With ``games=True`` output the games come back exactly; otherwise they are
        rebuilt from ``full_histogram`` with answers named ``?`` (enough for every
        figure but :meth:`hardest`).
        """
        try:
            if "guesses" in data and "answers" in data:
                answers = tuple(data["answers"])
                guesses = np.asarray(data["guesses"], dtype=np.int64)
            else:
                hist = {int(k): int(v) for k, v in data["full_histogram"].items()}
                guesses = np.repeat(np.array(sorted(hist), dtype=np.int64), [hist[k] for k in sorted(hist)])
                answers = ("?",) * len(guesses)
            return cls(
                strategy=str(data["strategy"]),
                words=str(data.get("words", "?")),
                hard=bool(data.get("hard", False)),
                rule=str(data.get("rule", "official")),
                answers=answers,
                guesses=guesses,
                opening=str(data.get("opening", "")),
                seconds=float(data.get("seconds", 0.0)),
                max_turns=int(data.get("max_turns", MAX_TURNS)),
                seed=data.get("seed"),
                start=data.get("start"),
                complete=bool(data.get("complete", True)),
                nodes=int(data.get("nodes", 0)),
                paths=tuple(tuple(p) for p in data.get("paths", ())),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise WordlelabError(
                f"not a benchmark result ({exc}); give the output of `wordlelab bench --json`"
            ) from None


def _round(x: float) -> float | None:
    return None if math.isnan(x) else round(x, 6)


def combine(results: Sequence[Results]) -> Results:
    """Pool several runs (e.g. Monte Carlo trials, several start words) into one.

    All runs must share strategy, lists, mode and rule.  Games are concatenated
    (an answer appears once per run; :meth:`Results.hardest` still lists it once,
    by its worst game); seconds and nodes add up; the opening is
    the runs' openings joined by ``,`` when they differ.
    """
    if not results:
        raise ValueError("combine() needs at least one Results")
    first = results[0]
    for r in results[1:]:
        if (r.strategy, r.words, r.hard, r.rule) != (first.strategy, first.words, first.hard, first.rule):
            raise ValueError("combine() needs runs of the same strategy, lists, mode and rule")
    openings = list(dict.fromkeys(r.opening for r in results))
    starts = list(dict.fromkeys(r.start for r in results if r.start))
    return Results(
        strategy=first.strategy,
        words=first.words,
        hard=first.hard,
        rule=first.rule,
        answers=tuple(a for r in results for a in r.answers),
        guesses=np.concatenate([r.guesses for r in results]),
        opening=",".join(openings),
        seconds=sum(r.seconds for r in results),
        max_turns=first.max_turns,
        seed=first.seed if len(results) == 1 else None,
        start=",".join(starts) if starts else None,
        complete=all(r.complete for r in results),
        nodes=sum(r.nodes for r in results),
        paths=tuple(p for r in results for p in r.paths),
    )


# -- running ------------------------------------------------------------------------


def resolve_answers(words: WordList, answers: Iterable[int | str] | None) -> IndexArray:
    """Answer indices (ascending, unique) from indices or words; ``None`` means all."""
    if answers is None:
        return np.arange(len(words.answers), dtype=np.int64)
    idx: list[int] = []
    for a in answers:
        if isinstance(a, bool):
            raise InvalidWordError(f"an answer is a word or an index, not {a!r}")
        if isinstance(a, (int, np.integer)):
            if not 0 <= int(a) < len(words.answers):
                raise InvalidWordError(
                    f"answer index {int(a)} is out of range for list {words.name!r} "
                    f"(0..{len(words.answers) - 1})"
                )
            idx.append(int(a))
        else:
            idx.append(words.answer_id(str(a)))
    if not idx:
        raise InvalidWordError("no answers to play; give at least one answer")
    return np.unique(np.asarray(idx, dtype=np.int64))


def _is_in(sorted_ids: IndexArray, g: int) -> bool:
    pos = int(np.searchsorted(sorted_ids, g))
    return pos < len(sorted_ids) and int(sorted_ids[pos]) == g


def endgame_limit(strategy: Strategy) -> int:
    """Up to how many candidates ``strategy`` is known to play the candidate with the
    lowest allowed index (so the tree walk may skip asking it): 0, 1 or 2.

    A strategy declares it with the class attribute ``endgame_limit``.  The four
    partition strategies of the core (entropy, expected-size, most-parts, minimax,
    with or without ``candidates_only``) get 2: with one or two candidates left, a
    candidate splits them completely (entropy 1 bit, largest bucket 1, expected
    size 1, 2 parts), no guess does better, and their tie-break prefers candidates,
    then the lower index.  ``tests/strategies`` checks the claim for every
    strategy that makes it, against :meth:`Strategy.choose`.
    """
    declared = getattr(strategy, "endgame_limit", None)
    if declared is not None:
        return int(declared)
    from .strategies._information import PartitionStrategy

    core = {"entropy", "expected-size", "most-parts", "minimax"}
    if isinstance(strategy, PartitionStrategy) and strategy.name in core:
        from .strategies.base import strategy_class

        if type(strategy) is strategy_class(strategy.name):
            return 2
    return 0


def _single_thread() -> int | None:
    """Run numba kernels on one thread during a tree walk; returns the old setting.

    The walk makes thousands of small kernel calls; waking numba's thread team for
    each costs more than it saves, badly so when other jobs share the cores
    (measured on the 2-core dev machine under load: 12 s with 2 threads, 2.7 s with
    1, for greedy entropy on the default lists).  Both cores are used by running
    strategies in parallel processes instead (``wordlelab bench --all``).
    """
    import sys

    if "numba" not in sys.modules:
        return None
    import numba

    old = int(numba.get_num_threads())
    numba.set_num_threads(1)
    return old


def _restore_threads(old: int | None) -> None:
    if old is not None:
        import numba

        numba.set_num_threads(old)


#: progress callback: (games finished, games in total)
Progress = Callable[[int, int], None]


def run_benchmark(
    words: WordList,
    strategy: Strategy | str,
    *,
    hard: bool = False,
    rule: str = "official",
    answers: Iterable[int | str] | None = None,
    start: str | None = None,
    max_turns: int = MAX_TURNS,
    table: PatternTable | None = None,
    progress: Progress | None = None,
) -> Results:
    """Play ``strategy`` against every answer in ``answers`` (default: all of them).

    The games are walked as one decision tree (see the module docstring): the
    strategy is asked once per distinct state.  ``start`` forces the first guess.
    The search space of every game is the whole answer list (the player does not
    know which answers are being benchmarked); only the listed answers are
    played.  A guess the strategy returns that is not legal now (hard mode) is a
    bug in the strategy and raises :class:`WordlelabError`.

    Ctrl-C (``KeyboardInterrupt``) stops the run cleanly: the games finished so
    far are returned with ``complete=False``.
    """
    if isinstance(max_turns, bool) or not isinstance(max_turns, int | np.integer) or max_turns < 1:
        raise InvalidOptionError(f"max_turns must be a whole number of at least 1, not {max_turns!r}")
    strat = get_strategy(strategy) if isinstance(strategy, str) else strategy
    tbl = table if table is not None else pattern_table(words, rule)
    targets = resolve_answers(words, answers)
    start_id = None
    if start is not None:
        start_id = words.guess_id(start)
    win = all_green(words.length)
    n_answers = len(words.answers)
    guesses = np.zeros(n_answers, dtype=np.int64)  # 0: not played (yet)
    paths: dict[int, tuple[str, ...]] = {}
    is_target = np.zeros(n_answers, dtype=bool)
    is_target[targets] = True
    total = len(targets)
    done = 0
    nodes = 0
    opening = ""
    shortcut = endgame_limit(strat)
    threads = _single_thread()
    t0 = time.perf_counter()

    # Iterative depth-first walk; a frame is (state, path words).
    stack: list[tuple[State, tuple[str, ...]]] = [
        (State.initial(words, tbl, hard=hard, rule=rule), ())
    ]
    complete = True
    try:
        while stack:
            state, path = stack.pop()
            cands, legal = state.candidates, state.legal
            if not is_target[cands].any():
                continue
            turn = len(state.history)
            if turn >= max_turns:
                for a in cands[is_target[cands]]:
                    guesses[a] = UNSOLVED
                    paths[int(a)] = path
                    done += 1
                if progress:
                    progress(done, total)
                continue
            if turn == 0 and start_id is not None:
                g = start_id
            elif len(cands) <= shortcut:
                # proven equal to strat.choose here (see _endgame_limit); saves ~60% of calls
                g = int(np.min(words.answer_to_allowed[cands]))
                if not _is_in(legal, g):  # e.g. naive rule in hard mode: ask the strategy
                    g = int(strat.choose(state))
                    nodes += 1
            else:
                g = int(strat.choose(state))
                nodes += 1
            if not _is_in(legal, g):
                why = state.violation(g) if 0 <= g < len(words.allowed) else None
                raise WordlelabError(
                    f"strategy {strat.key} chose guess {g} ({why or 'not a legal guess'}) "
                    f"after {turn} guess(es); this is a bug in the strategy"
                )
            word = words.allowed[g]
            if turn == 0:
                opening = word
            new_path = path + (word,)
            children = []
            for p, child in state.children(g):
                if p == win:
                    a = int(child.candidates[0])
                    if is_target[a]:
                        guesses[a] = turn + 1
                        paths[a] = new_path
                        done += 1
                    continue
                children.append((child, new_path))
            # push in reverse so buckets are visited in ascending pattern order
            stack.extend(reversed(children))
            if progress:
                progress(done, total)
    except KeyboardInterrupt:
        complete = False
    finally:
        _restore_threads(threads)
    seconds = time.perf_counter() - t0
    finished = targets[guesses[targets] != 0] if not complete else targets
    return Results(
        strategy=strat.key,
        words=words.name,
        hard=hard,
        rule=rule,
        answers=tuple(words.answers[i] for i in finished),
        guesses=guesses[finished],
        opening=opening,
        seconds=seconds,
        max_turns=max_turns,
        seed=getattr(strat, "seed", None) if strat.randomized else None,
        start=start,
        complete=complete,
        nodes=nodes,
        paths=tuple(paths[int(i)] for i in finished),
    )


def run_trials(
    words: WordList,
    name: str,
    *,
    trials: int,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    **kwargs: Any,
) -> list[Results]:
    """Monte Carlo: run a randomised strategy ``trials`` times with seeds ``seed``,
    ``seed + 1``, ...; ``kwargs`` go to :func:`run_benchmark`.  A deterministic
    strategy gives the same result every trial, so it is run once."""
    from .strategies.base import strategy_class

    cls = strategy_class(name)
    opts = dict(options or {})
    if not cls.randomized:
        return [run_benchmark(words, get_strategy(name, **opts), **kwargs)]
    out = []
    for t in range(trials):
        r = run_benchmark(words, get_strategy(name, **opts, seed=seed + t), **kwargs)
        out.append(r)
        if not r.complete:
            break
    return out


# -- many runs ----------------------------------------------------------------------


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
