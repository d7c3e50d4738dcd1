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

Randomised strategies fit too: a choice depends only on the strategy's seed and the
state (the ``random`` strategy of :mod:`wordlelab.strategies.tournament` ranks by a
permutation its seed fixes), so one seed is one tree; Monte Carlo trials are runs with
different seeds (:func:`run_trials`).

The package: :mod:`~wordlelab.simulate.results` (:class:`Results`, :func:`combine`),
:mod:`~wordlelab.simulate.walk` (:func:`play_game`, :func:`run_benchmark`, the tree
walk, :func:`run_trials`) and :mod:`~wordlelab.simulate.jobs` (:func:`run_jobs`: many
runs, in worker processes, Ctrl-C safe).
"""

from __future__ import annotations

from .jobs import Job, run_jobs
from .results import MAX_TURNS, UNSOLVED, WIN_LIMIT, Results, combine
from .walk import (
    Progress,
    Turn,
    endgame_limit,
    play_game,
    resolve_answers,
    run_benchmark,
    run_trials,
)

__all__ = [
    "MAX_TURNS",
    "UNSOLVED",
    "WIN_LIMIT",
    "Job",
    "Progress",
    "Results",
    "Turn",
    "combine",
    "endgame_limit",
    "play_game",
    "resolve_answers",
    "run_benchmark",
    "run_jobs",
    "run_trials",
]
