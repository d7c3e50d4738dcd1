"""When no tree finds every answer within the cap: how many answers must be lost.

The exact search (:mod:`wordlelab.search.solver`) answers ``INF`` for an opener
after which some group of answers cannot all be found within the guesses left
(an ``_ATCH`` family in hard or ultra mode, say).  :func:`shortfall` says how
bad that is: the least number of answers that *any* strategy opening with the
word fails to find within the cap, and, per colour pattern of the opener, the
groups where those losses happen.

``fail(S, d)``, the least number of answers of ``S`` not found within ``d``
more guesses, is computed by plain recursion with a memo, over the legal
guesses of the mode::

    fail(S, d) = 0                                  if f(S, d) < INF (the search)
               = |S| - 1                            if d == 1 (guess one of them)
               = |S| - max_g parts(g)               if d == 2 (one answer per part)
               = min_g  sum_{B != win} fail(B, d - 1)

A candidate is always a legal guess (it keeps every clue), so ``fail(S, d) <=
|S| - 1`` for ``d >= 1``; that is the starting bound, and a guess stops as soon
as its sum reaches the best so far.  A group the search proves unsolvable
loses at least one answer, so the guesses stop at the first that loses one.  Groups the compiled search proves
solvable cost nothing, so only the few unsolvable groups are expanded.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..feedback import all_green, format_pattern
from ..types import IndexArray
from ._memo import INF
from .solver import Solver

__all__ = ["Shortfall", "shortfall"]


@dataclass(frozen=True)
class Shortfall:
    """``lost``: the least number of answers any tree opening with ``start`` fails to
    find within the cap; ``groups``: per opener pattern that cannot be solved in
    full, ``(pattern text, its answers, answers lost there at least)``."""

    start: str
    lost: int
    groups: list[tuple[str, list[str], int]]

    def as_dict(self) -> dict[str, object]:
        return {
            "start": self.start,
            "lost": self.lost,
            "groups": [{"pattern": p, "answers": a, "lost": n} for p, a, n in self.groups],
        }


def shortfall(solver: Solver, start: str) -> Shortfall:
    """The answers that cannot all be found within ``solver.max_guesses`` when the
    game opens with ``start`` (nothing lost if some tree finds them all)."""
    words, table = solver.words, solver.table
    g = solver.check_start(start)
    cands = np.arange(len(words.answers), dtype=np.int64)
    legal = solver.legal_after(())
    memo = _Memo(solver)
    win = all_green(words.length)
    groups = []
    row = table[g, cands]
    for p in np.unique(row):
        if p == win:
            continue
        group = cands[row == p]
        child = solver.legal_by_pattern(legal, g)(int(p))
        if _solvable(solver, group, child, solver.max_guesses - 1, memo):
            continue
        lost = _fail(solver, group, child, solver.max_guesses - 1, memo)
        if lost:
            groups.append((format_pattern(int(p), words.length), [words.answers[i] for i in group], lost))
    return Shortfall(words.allowed[g], sum(n for _, _, n in groups), groups)


def _solvable(solver: Solver, cands: IndexArray, legal: IndexArray, d: int, memo: _Memo) -> bool:
    """Whether some tree finds every answer of ``cands`` within ``d`` guesses (the
    compiled search, remembered: a solvable group loses nothing).  A narrow beam
    search first: any tree it finds proves the group solvable, and it is much
    cheaper than the exact search, which only has to prove the unsolvable ones."""
    if len(cands) == 1:
        return d >= 1
    key = (cands.tobytes(), legal.tobytes(), d)
    if key not in memo:
        beam = memo.beam
        solvable = beam.value(cands, legal=legal, left=d) < INF or solver.value(cands, legal=legal, left=d) < INF
        memo[key] = 0 if solvable else -1
    return memo[key] == 0


class _Memo(dict[tuple[bytes, bytes, int], int]):
    """(candidates, legal set, guesses left) -> 0 solvable, -1 unsolvable (not yet
    counted), else the least number of answers lost; and the beam-3 solver of
    the same game that :func:`_solvable` tries first."""

    def __init__(self, solver: Solver) -> None:
        super().__init__()
        self.beam = Solver(
            solver.words,
            solver.table,
            solver.rules,
            max_guesses=solver.max_guesses,
            beam=3,
            answers_only=solver.answers_only,
        )


def _fail(solver: Solver, cands: IndexArray, legal: IndexArray, d: int, memo: _Memo) -> int:
    """``fail(cands, d)`` for a group the search has proven unsolvable (at least 1)."""
    n = len(cands)
    if d <= 0:
        return n
    key = (cands.tobytes(), legal.tobytes(), d)
    if memo.get(key, -1) >= 1:
        return memo[key]
    best = n - 1  # guess a candidate, and lose the rest with no guess left (d == 1)
    if d > 1 and best > 1:  # unsolvable, so 1 lost is the least possible
        win = all_green(solver.words.length)
        split = np.sort(solver.table[np.ix_(legal, cands)], axis=1)
        parts = 1 + np.count_nonzero(np.diff(split, axis=1), axis=1)
        if d == 2:  # one guess, then one per part: each part but one answer is lost
            memo[key] = n - int(parts.max())
            return memo[key]
        # guesses that split the group into more parts first: one losing a single
        # answer (the least possible) is then usually found at once
        for g in legal[np.argsort(-parts, kind="stable")]:
            row = solver.table[g, cands]
            legal_after = solver.legal_by_pattern(legal, int(g))
            # first which parts are unsolvable (each loses at least one), then how many
            hard_parts = []
            for p in np.unique(row):
                sub = cands[row == p]
                if p == win or len(sub) == 1:
                    continue  # found, or found by the next guess
                child = legal_after(int(p))
                if not _solvable(solver, sub, child, d - 1, memo):
                    hard_parts.append((sub, child))
                    if len(hard_parts) >= best:
                        break
            total = len(hard_parts)
            for sub, child in hard_parts:
                if total >= best:
                    break
                total += _fail(solver, sub, child, d - 1, memo) - 1
            if total < best:
                best = total
                if best <= 1:
                    break
    memo[key] = best
    return best
