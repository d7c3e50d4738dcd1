"""The greedy first bound of every guess: the search's ``guess_lb`` and the split figures.

Used to order openers (:mod:`wordlelab.search.openers`, :meth:`Solver.solve`)
and by the optimal strategy's alternatives; its own module so that the solver
and the opener ranking do not import each other.
"""

from __future__ import annotations

import numpy as np

from ..feedback import n_patterns
from ..types import IndexArray, PatternTable
from ..words import WordList

__all__ = ["greedy_scores"]


def greedy_scores(
    words: WordList, table: PatternTable, pool: IndexArray, candidates: IndexArray
) -> tuple[IndexArray, dict[str, np.ndarray]]:
    """Order ``pool`` (allowed indices) by the search's first bound, then sum of squares.

    Returns ``(ordered guesses, stats)`` where ``stats`` (aligned with the
    ordered guesses) holds ``bound`` (``3n - parts - [guess is a candidate]``:
    a lower bound on the total guesses of a tree opening with it, when at
    least three guesses are allowed), ``parts``, ``largest``, ``sumsq`` and
    ``entropy``.
    """
    from ..kernels import partition_stats

    pool = np.asarray(pool, dtype=np.int64)
    parts, largest, sumsq, entropy = partition_stats(table, pool, candidates, n_patterns(words.length))
    n = len(candidates)
    is_cand = np.zeros(len(words.allowed), dtype=bool)
    is_cand[words.answer_to_allowed[candidates]] = True
    c = is_cand[pool].astype(np.int64)
    bound = 3 * n - parts - c
    order = np.lexsort((pool, sumsq, bound))
    stats = {
        "bound": bound[order],
        "parts": parts[order],
        "largest": largest[order],
        "sumsq": sumsq[order],
        "entropy": entropy[order],
    }
    return pool[order], stats
