"""The "Playing Wordle with Python" blog post's players.

* ``most-popular``: the most frequent remaining word (the post took word counts from
  a web corpus; we use the ``wordfreq`` package's English Zipf frequency, offline).
* ``letter-position``: the remaining word whose letters are most common at their
  positions among the remaining words (sum of (position, letter) counts).
* ``avg-reduction``: the post's "optimal approach": the remaining word that leaves
  the fewest remaining words on average over all possible answers (sum of squared
  bucket sizes / n), i.e. ``expected-size`` restricted to the candidates.

All guess among the candidates.  Ties: higher word frequency (the post's list was
sorted by frequency, and it kept the first maximum), then answer-list order.
"""

from __future__ import annotations

from typing import ClassVar

import numpy as np

from ..state import State
from ..types import IndexArray
from ..words import WordList
from ._scored import ScoredStrategy, positional_counts
from .base import register
from .expected_size import ExpectedSize


class _Frequencies:
    """Per-list word frequencies, computed once per strategy instance and list."""

    def __init__(self) -> None:
        self._by_digest: dict[str, np.ndarray] = {}

    def __call__(self, words: WordList) -> np.ndarray:
        """``float64[G]``: wordfreq Zipf frequency of each allowed word (0 if unknown)."""
        freq = self._by_digest.get(words.digest)
        if freq is None:
            from wordfreq import zipf_frequency

            freq = np.array([zipf_frequency(w, "en") for w in words.allowed], dtype=np.float64)
            self._by_digest[words.digest] = freq
        return freq


class _FrequencyTies(ScoredStrategy):
    def __init__(self) -> None:
        self._freq = _Frequencies()

    def tie_keys(self, state: State, pool: IndexArray) -> list[np.ndarray]:
        return [-self._freq(state.words)[pool]]


@register("most-popular")
class MostPopular(_FrequencyTies):
    """Dominic Fox's "Playing Wordle with Python" post: the most frequent remaining word (wordfreq Zipf frequency)."""

    score_label: ClassVar[str] = "zipf"

    def scores(self, state: State, pool: IndexArray) -> np.ndarray:
        return self._freq(state.words)[pool]


@register("letter-position")
class LetterPosition(_FrequencyTies):
    """Dominic Fox's "Playing Wordle with Python" post: remaining word whose letters are most common at their
    positions."""

    score_label: ClassVar[str] = "positional count"

    def scores(self, state: State, pool: IndexArray) -> np.ndarray:
        words = state.words
        counts = positional_counts(words.answer_codes[state.candidates], len(words.alphabet))
        codes = words.allowed_codes[pool]
        total = np.zeros(len(pool), dtype=np.float64)
        for i in range(words.length):
            total += counts[i][codes[:, i]]
        return total


@register("avg-reduction")
class AverageReduction(ExpectedSize):
    """Dominic Fox's "Playing Wordle with Python" post, its "optimal approach": candidate leaving fewest words
    on average."""

    endgame_limit: ClassVar[int] = 2

    def __init__(self) -> None:
        super().__init__(candidates_only=True)
