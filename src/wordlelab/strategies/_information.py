"""Shared machinery of the partition-based (information) strategies.

Each one scores every legal guess (or only the candidates, with
``candidates_only=True``) by how it splits the candidates, using one pass of
:func:`wordlelab.kernels.partition_stats`, and differs only in the sort keys.
"""

from __future__ import annotations

from typing import ClassVar

import numpy as np

from ..state import State
from .base import Ranked, Strategy, order_by


class PartitionStrategy(Strategy):
    """Scores every guess by one partition pass: never expensive; ``score_label``
    names the figure of ``Ranked.stats`` shown as ``Ranked.score``."""

    score_label: ClassVar[str] = "entropy"
    expensive: ClassVar[bool] = False

    def __init__(self, candidates_only: bool = False) -> None:
        self.candidates_only = bool(candidates_only)

    def sort_keys(self, stats: dict[str, np.ndarray]) -> list[np.ndarray]:
        """Ascending keys, most significant first (before the standard tie-break)."""
        raise NotImplementedError

    def guesses(self, state: State) -> np.ndarray:
        return state.candidate_guesses if self.candidates_only else state.legal

    def rank(self, state: State, top: int = 5) -> list[Ranked]:
        from ..kernels import partition_stats, partition_stats_weighted

        guesses = self.guesses(state)
        if len(guesses) == 0:  # e.g. hard mode with a naive-rule table
            guesses = state.candidate_guesses
        weights = state.candidate_weights()
        parts: np.ndarray
        largest: np.ndarray
        sumsq: np.ndarray
        entropy: np.ndarray
        if weights is None:
            parts, largest, sumsq, entropy = partition_stats(state.table, guesses, state.candidates, state.n_patterns)
        else:  # bucket sizes become prior mass (in candidate units, see State)
            parts, largest, sumsq, entropy = partition_stats_weighted(
                state.table, guesses, state.candidates, weights, state.n_patterns
            )
        n = max(len(state.candidates), 1)
        stats = {
            "entropy": entropy,
            "expected": sumsq / n,
            "parts": parts.astype(np.float64),
            "largest": largest.astype(np.float64),
        }
        order = order_by(state, guesses, self.sort_keys(stats))[:top]
        out = []
        for pos in order:
            g = int(guesses[pos])
            row = {k: float(v[pos]) for k, v in stats.items()}
            out.append(Ranked(g, state.words.allowed[g], row[self.score_label], row))
        return out
