"""The R tournament seed's players ("Wordle Algos, Fight!").

Each ranks the words of the answer list once, by a fixed score computed over the
whole answer list, and plays the best-ranked candidate (the seed played hard mode,
and a candidate is always a legal hard-mode guess).  Ties: answer-list order (the
seed's list was the game's day order; use ``--words original-order``).

* ``naive``: sum, over the word's distinct letters, of the letter's frequency
  (copies in the answer list / number of answers);
* ``smart``: like ``naive`` but recounted over the current candidates each turn
  (letter copies among the candidates), ties broken by the ``naive`` score;
* ``bigram``: sum of the probabilities of the word's four adjacent letter pairs at
  their positions (pairs counted at each position over the answer list);
* ``combo``: ``naive`` and ``bigram`` scores, each scaled to a maximum of 100, added;
* ``simmering``: for each letter, the probability that an answer has it at that
  position (green) plus the probability that an answer contains it but not there
  (yellow); ``simmering-weighted`` counts green twice.  The seed did not print this
  scorer's code (it linked to Jacob Simmering's site); this reading of its one-line
  description reproduces both published top-ten tables to the printed digit;
* ``random``: a random ranking of the answer list, fixed by ``seed`` (the seed's
  control player drew one random score column for the whole tournament).
"""

from __future__ import annotations

from typing import Annotated, ClassVar

import numpy as np

from ..state import State
from ..types import IndexArray
from ..words import WordList
from ._scored import ScoredStrategy, distinct_mask, positional_counts
from .base import AtLeast, register


def naive_scores(words: WordList, codes: np.ndarray) -> np.ndarray:
    """Sum of distinct letters' frequencies over the answer list, for ``codes: uint8[n, L]``."""
    alpha = len(words.alphabet)
    freq = np.bincount(words.answer_codes.ravel(), minlength=alpha) / len(words.answers)
    return np.asarray(distinct_mask(codes, alpha) @ freq, dtype=np.float64)


def bigram_scores(words: WordList, codes: np.ndarray) -> np.ndarray:
    """Sum of positional adjacent-pair probabilities over the answer list."""
    alpha = len(words.alphabet)
    ans = words.answer_codes.astype(np.int64)
    out = np.zeros(len(codes))
    c = codes.astype(np.int64)
    for i in range(words.length - 1):
        prob = np.bincount(ans[:, i] * alpha + ans[:, i + 1], minlength=alpha * alpha) / len(ans)
        out += prob[c[:, i] * alpha + c[:, i + 1]]
    return out


def simmering_scores(words: WordList, codes: np.ndarray, green_weight: float) -> np.ndarray:
    """Per letter: ``green_weight`` x P(answer has it here) + P(answer has it elsewhere)."""
    alpha = len(words.alphabet)
    ans = words.answer_codes
    n = len(ans)
    at = positional_counts(ans, alpha) / n  # (L, alpha): letter at position i
    contains = distinct_mask(ans, alpha).sum(axis=0) / n
    # P(answer contains the letter but not at i): the letter would show yellow
    elsewhere = contains[None, :] - at
    return np.asarray(
        sum(green_weight * at[i][codes[:, i]] + elsewhere[i][codes[:, i]] for i in range(words.length)),
        dtype=np.float64,
    )


def _scaled(x: np.ndarray) -> np.ndarray:
    top = float(x.max()) if len(x) else 0.0
    return x / top * 100 if top > 0 else x


class _Ranked(ScoredStrategy):
    """A fixed score per answer, computed once per list; play the best candidate."""

    def __init__(self) -> None:
        self._cache: dict[str, np.ndarray] = {}

    def fixed(self, words: WordList) -> np.ndarray:
        """``float64[A]``: the score of each answer (higher plays first)."""
        raise NotImplementedError

    def scores(self, state: State, pool: IndexArray) -> np.ndarray:
        words = state.words
        per_answer = self._cache.get(words.digest)
        if per_answer is None:
            per_answer = self._cache[words.digest] = self.fixed(words)
        out = np.full(len(words.allowed), -np.inf)
        out[words.answer_to_allowed] = per_answer
        return out[pool]


@register("naive")
class Naive(_Ranked):
    """The "Wordle Algos, Fight!" R tournament: candidate with the most frequent distinct letters (fixed ranking)."""

    def fixed(self, words: WordList) -> np.ndarray:
        return _scaled(naive_scores(words, words.answer_codes))


@register("bigram")
class Bigram(_Ranked):
    """The "Wordle Algos, Fight!" R tournament: candidate with the most probable positional letter pairs."""

    def fixed(self, words: WordList) -> np.ndarray:
        return _scaled(bigram_scores(words, words.answer_codes))


@register("combo")
class Combo(_Ranked):
    """The "Wordle Algos, Fight!" R tournament: naive + bigram scores (each scaled to 100)."""

    def fixed(self, words: WordList) -> np.ndarray:
        return _scaled(
            _scaled(naive_scores(words, words.answer_codes)) + _scaled(bigram_scores(words, words.answer_codes))
        )


@register("simmering")
class Simmering(_Ranked):
    """The "Wordle Algos, Fight!" R tournament: positional (green) + elsewhere (yellow) letter probabilities."""

    green_weight: ClassVar[float] = 1.0

    def fixed(self, words: WordList) -> np.ndarray:
        return _scaled(simmering_scores(words, words.answer_codes, self.green_weight))


@register("simmering-weighted")
class SimmeringWeighted(Simmering):
    """The "Wordle Algos, Fight!" R tournament: like simmering with green letters counted twice."""

    green_weight = 2.0


@register("smart")
class Smart(ScoredStrategy):
    """The "Wordle Algos, Fight!" R tournament: letters recounted over the candidates each turn; ties by naive score."""

    def scores(self, state: State, pool: IndexArray) -> np.ndarray:
        words = state.words
        alpha = len(words.alphabet)
        counts = np.bincount(words.answer_codes[state.candidates].ravel(), minlength=alpha)
        return np.asarray(distinct_mask(words.allowed_codes[pool], alpha) @ counts, dtype=np.float64)

    def tie_keys(self, state: State, pool: IndexArray) -> list[np.ndarray]:
        return [-np.round(naive_scores(state.words, state.words.allowed_codes[pool]), 9)]


@register("random")
class RandomRank(_Ranked):
    """The "Wordle Algos, Fight!" R tournament's control: a random ranking of the answers, fixed by --seed."""

    randomized = True

    def __init__(self, seed: Annotated[int, AtLeast(0)] = 0) -> None:
        super().__init__()
        self.seed = int(seed)

    def fixed(self, words: WordList) -> np.ndarray:
        rng = np.random.default_rng(self.seed)
        return rng.permutation(len(words.answers)).astype(np.float64)
