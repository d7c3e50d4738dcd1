"""Two-step lookahead entropy.

Greedy entropy maximises the information of the next guess only.  ``entropy-2``
takes the ``width`` guesses greedy entropy likes best and scores each by the
information expected from it *and* the best follow-up: ``H(g) + sum_b p_b *
max_g2 H_b(g2)``, where ``b`` runs over the buckets ``g`` splits the candidates
into, ``p_b`` is the bucket's share of the candidates and ``H_b(g2)`` the entropy
of guess ``g2`` on that bucket (over the same guess pool, and in hard mode the
guesses still legal after ``g``'s pattern).  A bucket of one or two candidates
needs no search: its best follow-up is worth ``log2`` of its size.  Ties: greedy
entropy's own order (its score, then candidates, then word order).
"""

from __future__ import annotations

from typing import Annotated, ClassVar

import numpy as np

from ..errors import InvalidOptionError
from ..state import State
from .base import AtLeast, Ranked, Strategy, register
from .entropy import Entropy

#: how many of greedy entropy's best guesses are looked ahead from
DEFAULT_WIDTH = 10


@register("entropy-2")
class EntropyTwo(Strategy):
    """Two-step lookahead: entropy of a guess plus the best expected follow-up."""

    score_label: ClassVar[str] = "two_step"
    endgame_limit: ClassVar[int] = 2

    def __init__(self, width: Annotated[int, AtLeast(1)] = DEFAULT_WIDTH, candidates_only: bool = False) -> None:
        if int(width) < 1:
            raise InvalidOptionError("`width` must be at least 1")
        self.width = int(width)
        self.candidates_only = bool(candidates_only)
        self._greedy = Entropy(candidates_only=self.candidates_only)

    def _follow_up(self, state: State, g: int) -> float:
        """Expected best next entropy after ``g``: ``sum_b p_b * max_g2 H_b(g2)``."""
        from ._lookahead import best_entropies

        n = len(state.candidates)
        total = 0.0
        big_members = []
        big_offsets = [0]
        big_weights = []
        for p, after in state.children(g):
            size = len(after.candidates)
            if p == state.win or size == 1:
                continue
            if size == 2:
                total += size / n  # log2(2) = 1 bit, reached by either candidate
                continue
            if state.hard or self.candidates_only:
                pool = self._pool(after)
                if len(pool):
                    h = best_entropies(state.table, pool, after.candidates, np.array([0, size]), state.n_patterns)
                    total += size / n * float(h[0])
                continue
            big_members.append(after.candidates)
            big_offsets.append(big_offsets[-1] + size)
            big_weights.append(size / n)
        if big_members:
            h = best_entropies(
                state.table,
                self._order_pool(state),
                np.concatenate(big_members),
                np.asarray(big_offsets),
                state.n_patterns,
            )
            total += float(np.dot(big_weights, h))
        return total

    def _order_pool(self, state: State) -> np.ndarray:
        # candidates first: they are the likeliest perfect splitters, which stop the scan
        pool = state.legal
        first = state.candidate_guesses
        rest = pool[~np.isin(pool, first, assume_unique=True)]
        return np.concatenate((first, rest))

    def _pool(self, after: State) -> np.ndarray:
        """The follow-up guesses scored in the bucket ``after`` (legal there, in hard mode)."""
        if not self.candidates_only:
            return after.legal
        pool = np.sort(after.words.answer_to_allowed[after.candidates])
        if after.hard:
            pool = pool[np.isin(pool, after.legal, assume_unique=True)]
        return pool

    def rank(self, state: State, top: int = 5) -> list[Ranked]:
        first = self._greedy.rank(state, max(self.width, top))
        scored = []
        for pos, r in enumerate(first[: self.width]):
            follow = self._follow_up(state, r.guess)
            total = r.stats.get("entropy", r.score) + follow
            scored.append((-round(total, 9), pos, r, total, follow))
        scored.sort(key=lambda t: (t[0], t[1]))
        out = [
            Ranked(r.guess, r.word, total, {**r.stats, "two_step": total, "follow_up": follow})
            for _, _, r, total, follow in scored
        ]
        return (out + first[self.width :])[:top]
