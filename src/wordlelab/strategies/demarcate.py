"""The Wordle notebook seed's final player: a minimax over the answer list.

Faithful to the write-up's last version:

* turn 1 plays a fixed opener (``raise``, option ``start``) when the list allows it;
* with one or two candidates left it plays the first of them in answer-list order;
* otherwise it considers every *answer* (not the other allowed guesses), in answer
  order, that passes a letter pre-filter: at each position where the candidates do
  not all share one letter, the word's letter must be one of the letters the
  candidates have there (option ``prefilter``);
* it keeps the word with the smallest largest bucket, then the smallest mean bucket
  (that is, the most buckets), then the smallest smallest bucket; a later word
  must be strictly better, so ties go to the earlier word in answer order.

The seed scored buckets with the naive yellow rule; run it with ``--rule naive``
and the ``original-order`` list to reproduce its figure (docs/strategies.md).
"""

from __future__ import annotations

import numpy as np

from ..state import State
from ..types import IndexArray
from .base import Ranked, Strategy, Word, register


def prefilter_mask(state: State, pool: IndexArray) -> np.ndarray:
    """``bool[len(pool)]``: words whose every letter, at each position where the
    candidates differ, is a letter some candidate has at that position."""
    words = state.words
    cand_codes = words.answer_codes[state.candidates]
    codes = words.allowed_codes[pool]
    alpha = len(words.alphabet)
    ok = np.ones(len(pool), dtype=bool)
    for i in range(words.length):
        present = np.zeros(alpha, dtype=bool)
        present[cand_codes[:, i]] = True
        if present.sum() > 1:
            ok &= present[codes[:, i]]
    return ok


@register("demarcate")
class Demarcate(Strategy):
    """Jupyter-notebook solver's final player: minimax over the answers (largest, mean, smallest bucket;
    opener raise)."""

    higher_is_better = False
    score_label = "largest"
    endgame_limit = 1

    def __init__(self, start: Word = "raise", prefilter: bool = True) -> None:
        self.start = start
        self.prefilter = bool(prefilter)

    def rank(self, state: State, top: int = 5) -> list[Ranked]:
        from ..kernels import partition_stats

        words = state.words
        cands = state.candidates
        if len(cands) <= 2:
            g = int(words.answer_to_allowed[cands[0]])
            if len(state.legal) == len(words.allowed) or g in set(state.legal.tolist()):
                return [Ranked(g, words.allowed[g], 1.0, {"largest": 1.0})]
        if not state.history and self.start in words.allowed_index:
            g = words.allowed_index[self.start]
            return [Ranked(g, words.allowed[g], float("nan"), {"opener": 1.0})]
        # the answers in answer order, as allowed indices, restricted to legal ones
        pool = words.answer_to_allowed
        if len(state.legal) != len(words.allowed):
            pool = pool[np.isin(pool, state.legal)]
        if self.prefilter and len(pool):
            kept = pool[prefilter_mask(state, pool)]
            pool = kept if len(kept) else pool
        if len(pool) == 0:
            pool = state.candidate_guesses if len(state.candidate_guesses) else state.legal
        parts, largest, _, _ = partition_stats(state.table, pool, cands, state.n_patterns)
        # mean bucket = n / parts, so "smaller mean" is "more parts"
        best = np.lexsort((-parts, largest))
        # the smallest bucket only matters among words tied on (largest, parts)
        # (every word of each (largest, parts) class met in the first ``top``)
        key = largest * (len(cands) + 1) + (len(cands) - parts)
        look = np.flatnonzero(np.isin(key, np.unique(key[best[: max(top, 1)]])))
        smallest = np.empty(len(look), dtype=np.int64)
        for j, pos in enumerate(look):
            counts = np.bincount(np.asarray(state.table[pool[pos], cands]), minlength=1)
            smallest[j] = counts[counts > 0].min()
        order = look[np.lexsort((look, smallest, -parts[look], largest[look]))][:top]
        small = dict(zip(look.tolist(), smallest.tolist(), strict=True))
        n = len(cands)
        return [
            Ranked(
                int(pool[p]),
                words.allowed[int(pool[p])],
                float(largest[p]),
                {
                    "largest": float(largest[p]),
                    "mean": n / float(parts[p]),
                    "smallest": float(small[int(p)]),
                    "parts": float(parts[p]),
                },
            )
            for p in order
        ]
