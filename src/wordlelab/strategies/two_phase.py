"""The repeated-letters notebook seed's two-phase letter score.

For the first two guesses a word scores the sum of its letters' overall counts,
times (distinct letters / length), penalising repeated letters; from the third
guess on it scores the sum of its letters' counts at their positions.  As in the
seed the counts are taken once over the whole answer list (they are not updated
as candidates fall away; option ``recount`` counts the current candidates
instead), and the guess is the best-scoring candidate.  Ties: answer-list order.
"""

from __future__ import annotations

from typing import ClassVar

import numpy as np

from ..state import State
from ..types import IndexArray
from ._scored import ScoredStrategy, distinct_mask, positional_counts
from .base import register

#: the seed's "guessnumber < 2": the first two guesses use the repeat penalty
PENALTY_TURNS = 2


@register("two-phase")
class TwoPhase(ScoredStrategy):
    """A Jupyter-notebook solver that penalises repeated letters: repeat-penalised letter counts twice, then
    positional."""

    score_label: ClassVar[str] = "letter score"

    def __init__(self, recount: bool = False) -> None:
        self.recount = bool(recount)

    def scores(self, state: State, pool: IndexArray) -> np.ndarray:
        words = state.words
        alpha = len(words.alphabet)
        source = words.answer_codes[state.candidates] if self.recount else words.answer_codes
        codes = words.allowed_codes[pool]
        if state.turn <= PENALTY_TURNS:
            total = np.bincount(source.ravel(), minlength=alpha).astype(np.float64)
            raw = sum(total[codes[:, i]] for i in range(words.length))
            distinct = distinct_mask(codes, alpha).sum(axis=1)
            return np.asarray(raw * distinct / words.length, dtype=np.float64)
        pos = positional_counts(source, alpha)
        return np.asarray(sum(pos[i][codes[:, i]] for i in range(words.length)), dtype=np.float64)
