"""The guessmap seed's player: minimise the mean "guessmap".

A guessmap reads a pattern as a base-3 number with green=0, yellow=1, grey=2 and
the first letter most significant (so all green is 0 and all grey 242).  Among
the candidates, play the one whose guessmap averaged over the candidates is
smallest.  Ties: answer-list order.  (Our own pattern encoding is the reverse:
little-endian with grey=0, green=2; :func:`guessmap_values` converts.)
"""

from __future__ import annotations

from typing import ClassVar

import numpy as np

from ..feedback import decode, n_patterns
from ..state import State
from ..types import IndexArray
from ._scored import ScoredStrategy
from .base import register


def guessmap_values(length: int) -> np.ndarray:
    """``float64[3**length]``: the seed's guessmap number of each of our patterns."""
    out = np.empty(n_patterns(length), dtype=np.float64)
    for p in range(len(out)):
        value = 0
        for mark in decode(p, length):  # first letter first = most significant
            value = value * 3 + (2 - int(mark))
        out[p] = value
    return out


@register("mean-guessmap")
class MeanGuessmap(ScoredStrategy):
    """The GitHub Wordle-Solver (mean guessmap minimisation): candidate with the smallest mean guessmap (green
    0, grey 2)."""

    score_label: ClassVar[str] = "mean guessmap"
    higher_is_better = False

    def __init__(self) -> None:
        self._values: dict[int, np.ndarray] = {}

    def scores(self, state: State, pool: IndexArray) -> np.ndarray:
        values = self._values.get(state.length)
        if values is None:
            values = self._values[state.length] = guessmap_values(state.length)
        sub = np.asarray(state.table[pool][:, state.candidates])
        out: np.ndarray = -values[sub].mean(axis=1)  # higher is better for the base class
        return out
