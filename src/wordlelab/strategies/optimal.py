"""Play from a decision tree with the fewest total guesses (see :mod:`wordlelab.search`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, ClassVar

import numpy as np

from ..errors import InvalidOptionError, SearchError
from ..state import State
from .base import AtLeast, Ranked, Strategy, Word, register
from .treestore import TREE_CAP, TreeSpec, TreeStore

if TYPE_CHECKING:
    from ..search.solver import Solver
    from ..search.tree import Node, Tree

#: openers (best greedy bound first) whose exact trees are compared when no
#: ``start`` is given; SALET, the best known opener of the original lists (and
#: the only one at 7920 among the top 20 by bound, docs/optimal.md), is third
#: by bound there, so 3 finds it (on nyt-2023, TARSE, the best opener of its
#: tables in both modes, is second by bound).  The proven SALET trees of the
#: original lists and TARSE trees of nyt-2023 ship with the package (no
#: search); on other lists a first use searches (about 12 s for lists of the original's size) and keeps the tree in its
#: :class:`~wordlelab.strategies.treestore.TreeStore` (by default also on disk).
DEFAULT_OPENERS = 3
#: off the cached tree (the player deviated), sets up to this size are solved
#: exactly; bigger ones with a beam of :data:`DEVIATION_BEAM` guesses per node
EXACT_LIMIT = 300
DEVIATION_BEAM = 10
#: alternatives to the chosen guess get exact values only for sets this small
ALTERNATIVES_LIMIT = 60


@register("optimal")
class Optimal(Strategy):
    """Fewest total guesses: follows a searched decision tree (shipped, or searched once and cached).

    The tree opens with ``start`` if given, else with the best (exact total)
    of the ``openers`` guesses with the best greedy bound.  After a guess the
    tree does not play, the rest is searched afresh (exactly when at most
    300 candidates remain).  ``score`` is the expected number of guesses
    still needed (tree total over the candidates); lower is better.

    ``trees`` is where trees are looked up and kept: by default a
    :class:`~wordlelab.strategies.treestore.TreeStore` of this instance that
    reads the shipped trees and the disk cache and writes searched trees to
    it; ``TreeStore(persist=False)`` touches no cache file.
    """

    higher_is_better: ClassVar[bool] = False
    score_label: ClassVar[str] = "expected guesses"

    def __init__(
        self,
        start: Word | None = None,
        openers: Annotated[int, AtLeast(1)] = DEFAULT_OPENERS,
        *,
        trees: TreeStore | None = None,
    ) -> None:
        self.start = start.strip().lower() if start else None
        self.openers = int(openers)
        if self.openers < 1:
            raise InvalidOptionError("`openers` must be at least 1")
        self.trees = trees if trees is not None else TreeStore()
        self._solvers: dict[tuple[object, ...], Solver] = {}

    # -- the tree -------------------------------------------------------------
    def tree_spec(self, state: State) -> TreeSpec:
        """What this instance's tree for ``state``'s lists, rule and mode is searched for."""
        return TreeSpec(state.words, state.rules, self.start, self.openers)

    def _solver(self, state: State, max_guesses: int, beam: int = 0) -> Solver:
        from ..search import Solver

        key = (state.words.digest, state.rules, max_guesses, beam)
        if key not in self._solvers:
            self._solvers.clear()  # one at a time: a memo can hold many megabytes
            self._solvers[key] = Solver(state.words, state.table, state.rules, max_guesses=max_guesses, beam=beam)
        return self._solvers[key]

    def tree(self, state: State) -> Tree:
        """The tree for ``state``'s lists and mode: from :attr:`trees`, or searched now
        (and kept there)."""
        spec = self.tree_spec(state)
        tree = self.trees.get(spec, state.table)
        if tree is None:
            solver = self._solver(state, TREE_CAP)
            found = solver.solve(self.start, budget_s=float("inf"), top=self.openers).tree
            if found is None:  # pragma: no cover - an unbounded search always ends with a tree
                raise SearchError(f"optimal: no tree within {TREE_CAP} guesses")
            self.trees.put(spec, found, state.table)
            tree = found
        return tree

    def tree_ready(self, state: State) -> bool:
        """Whether :meth:`tree` can answer for ``state``'s lists and mode without a
        search: its tree store has it (a cached file is loaded and checked now)."""
        return self.trees.ready(self.tree_spec(state), state.table)

    # -- choosing ---------------------------------------------------------------
    def _off_tree(self, state: State) -> tuple[int, int]:
        """(guess, total) for a state the cached tree does not reach: searched
        now, allowing six more guesses (see the class docstring for the beam)."""
        from ..search import SearchError

        n = len(state.candidates)
        cap = len(state.history) + 6
        solver = self._solver(state, cap, 0 if n <= EXACT_LIMIT else DEVIATION_BEAM)
        try:
            return solver.choose(state.candidates, state.history, state.legal)
        except SearchError as exc:  # pragma: no cover - six more guesses always suffice in practice
            raise exc.with_prefix("optimal: ") from None

    def rank(self, state: State, top: int = 5) -> list[Ranked]:
        n = len(state.candidates)
        words = state.words
        node = self.tree(state).lookup(state.history)
        if node is not None:
            guess = node.guess
            total = _subtree_total(node, state)
        else:
            guess, total = self._off_tree(state)
        out = [Ranked(guess, words.allowed[guess], total / n, {"total": float(total), "exact": 1.0})]
        if top > 1:
            out.extend(self._alternatives(state, guess, top - 1))
        return _with_partition_stats(state, out[:top])

    def _alternatives(self, state: State, chosen: int, k: int) -> list[Ranked]:
        """The next guesses by greedy bound; exact values when the set is small."""
        from ..search import greedy_scores

        n = len(state.candidates)
        order, stats = greedy_scores(state.words, state.table, state.legal, state.candidates)
        out: list[Ranked] = []
        if n <= ALTERNATIVES_LIMIT:
            solver = self._solver(state, len(state.history) + 6)
            scored = []
            for g in order[: 4 * k + 1]:
                if g == chosen:
                    continue
                v = solver.value(state.candidates, history=state.history, guess=int(g), legal=state.legal)
                scored.append((v, int(g)))
            scored.sort()
            for v, g in scored[:k]:
                out.append(Ranked(g, state.words.allowed[g], v / n, {"total": float(v), "exact": 1.0}))
            return out
        for i, g in enumerate(order):
            if len(out) >= k:
                break
            if g == chosen:
                continue
            b = float(stats["bound"][i])
            out.append(Ranked(int(g), state.words.allowed[g], b / n, {"total": b, "exact": 0.0}))
        return out


def _with_partition_stats(state: State, ranked: list[Ranked]) -> list[Ranked]:
    """Add the usual split figures (entropy, expected, parts, largest) for display."""
    from ..kernels import partition_stats

    guesses = np.array([r.guess for r in ranked], dtype=np.int64)
    parts, largest, sumsq, entropy = partition_stats(state.table, guesses, state.candidates, state.n_patterns)
    n = max(len(state.candidates), 1)
    return [
        Ranked(
            r.guess,
            r.word,
            r.score,
            {
                **r.stats,
                "entropy": float(entropy[i]),
                "expected": float(sumsq[i]) / n,
                "parts": float(parts[i]),
                "largest": float(largest[i]),
            },
        )
        for i, r in enumerate(ranked)
    ]


def _subtree_total(node: Node, state: State) -> int:
    """Total guesses the subtree at ``node`` takes over ``state.candidates``."""
    from ..feedback import all_green

    win = all_green(state.words.length)
    total = 0
    for a in state.candidates:
        cur = node
        k = 0
        while True:
            k += 1
            p = int(state.table[cur.guess, a])
            if p == win:
                break
            cur = cur.children[p]
        total += k
    return total
