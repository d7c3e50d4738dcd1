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
from ..modes import Mode
from ..state import Step
from ..table import guess_patterns
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
    memo: dict[tuple[bytes, bytes, int], int] = {}
    win = all_green(words.length)
    groups = []
    row = table[g, cands]
    for p in np.unique(row):
        if p == win:
            continue
        group = cands[row == p]
        lost = _fail(solver, group, _child_legal(solver, legal, g, int(p)), solver.max_guesses - 1, memo)
        if lost:
            groups.append((format_pattern(int(p), words.length), [words.answers[i] for i in group], lost))
    return Shortfall(words.allowed[g], sum(n for _, _, n in groups), groups)


def _child_legal(solver: Solver, legal: IndexArray, g: int, p: int) -> IndexArray:
    """The guesses legal after ``g`` shows ``p``, from those legal before."""
    if solver.mode is Mode.HARD:
        from ..state import Hints

        hints = Hints().after(solver.words, Step(g, p))
        out: IndexArray = hints.keep(solver.words, legal)
        return out
    if solver.mode is Mode.ULTRA:
        out = legal[guess_patterns(solver.words, g, legal, solver.rule) == p]
        return out
    return legal


def _fail(
    solver: Solver, cands: IndexArray, legal: IndexArray, d: int, memo: dict[tuple[bytes, bytes, int], int]
) -> int:
    n = len(cands)
    if d <= 0:
        return n
    if n == 1:
        return 0
    key = (cands.tobytes(), legal.tobytes(), d)
    if key in memo:
        return memo[key]
    if solver.value(cands, legal=legal, left=d) < INF:
        memo[key] = 0
        return 0
    best = n - 1  # guess a candidate, and lose the rest with no guess left (d == 1)
    if d > 1 and best > 1:  # no tree finds them all, so 1 lost is the least possible
        win = all_green(solver.words.length)
        for g in legal:
            row = solver.table[g, cands]
            total = 0
            for p in np.unique(row):
                if p == win:
                    continue
                total += _fail(solver, cands[row == p], _child_legal(solver, legal, int(g), int(p)), d - 1, memo)
                if total >= best:
                    break
            if total < best:
                best = total
                if best <= 1:
                    break
    memo[key] = best
    return best
