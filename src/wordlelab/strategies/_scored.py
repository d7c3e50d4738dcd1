"""Shared machinery of the strategies that score words by letter statistics.

A :class:`ScoredStrategy` computes one score per word of a *pool* (by default the
candidates that are legal now), higher is better, and plays the best.  Ties break
by the strategy's ``tie_keys`` (ascending, most significant first), then by
**answer-list order** for words that are answers, then by allowed index: the seed
write-ups these players come from broke ties by the order of their word list,
which is the answer list (``original-order`` reproduces the game's day order).

Helpers here compute letter statistics of a set of answers as arrays over the
list's alphabet (letter codes, see :class:`~wordlelab.words.WordList`).
"""

from __future__ import annotations

from typing import ClassVar

import numpy as np

from ..state import State
from ..types import IndexArray
from ..words import WordList
from .base import Ranked, Strategy


def answer_rank(words: WordList) -> np.ndarray:
    """``int64[G]``: a word's position in the answer list, or ``A + allowed index``."""
    out = len(words.answers) + np.arange(len(words.allowed), dtype=np.int64)
    out[words.answer_to_allowed] = np.arange(len(words.answers), dtype=np.int64)
    return out


def positional_counts(codes: np.ndarray, alpha: int) -> np.ndarray:
    """``int64[L, alpha]``: how many of the words ``codes: uint8[n, L]`` have each
    letter at each position."""
    length = codes.shape[1]
    out = np.zeros((length, alpha), dtype=np.int64)
    for i in range(length):
        out[i] = np.bincount(codes[:, i], minlength=alpha)
    return out


def distinct_mask(codes: np.ndarray, alpha: int) -> np.ndarray:
    """``bool[n, alpha]``: which letters each word contains."""
    present = np.zeros((codes.shape[0], alpha), dtype=bool)
    rows = np.arange(codes.shape[0])
    for i in range(codes.shape[1]):
        present[rows, codes[:, i]] = True
    return present


class ScoredStrategy(Strategy):
    """Play the highest-scoring word of :meth:`pool`; subclasses define :meth:`scores`."""

    #: with one candidate left the pool is that candidate, so the tree walk may skip asking
    endgame_limit: ClassVar[int] = 1
    #: scores are compared rounded to this many decimals, so that sums taken in a
    #: different order still tie; ``None`` compares the floats exactly (for scores
    #: summed in a fixed order, to reproduce a seed's tie-breaks bit for bit)
    tie_decimals: ClassVar[int | None] = 9

    def pool(self, state: State) -> IndexArray:
        """The guesses considered (allowed indices): the legal candidates by default."""
        pool = state.candidate_guesses
        return pool if len(pool) else state.legal

    def scores(self, state: State, pool: IndexArray) -> np.ndarray:
        """``float64[len(pool)]``, higher is better."""
        raise NotImplementedError

    def tie_keys(self, state: State, pool: IndexArray) -> list[np.ndarray]:
        """Extra ascending keys applied after the score, before list order."""
        return []

    def rank(self, state: State, top: int = 5) -> list[Ranked]:
        pool = self.pool(state)
        score = np.asarray(self.scores(state, pool), dtype=np.float64)
        order = np.lexsort(
            (
                answer_rank(state.words)[pool],
                *reversed(self.tie_keys(state, pool)),
                -(score if self.tie_decimals is None else np.round(score, self.tie_decimals)),
            )
        )[:top]
        return [
            Ranked(
                int(pool[i]), state.words.allowed[int(pool[i])], float(score[i]), {self.score_label: float(score[i])}
            )
            for i in order
        ]


def register_all(base: type[Strategy], docs: dict[str, str]) -> None:
    """Register one subclass of ``base`` per method of ``docs`` (method -> docstring),
    with ``method`` set, under the method's kebab-case name (``sc_added`` as
    ``sc-added``, the method's own name kept as an alias).

    The classes are also set as attributes of ``base``'s module (so they pickle).
    """
    import sys

    from .base import register

    module = sys.modules[base.__module__]
    for method, doc in docs.items():
        name = method.replace("_", "-")
        cls_name = base.__name__ + "_" + method.title().replace("_", "")
        cls = type(cls_name, (base,), {"method": method, "__doc__": doc})
        cls.__module__ = base.__module__
        setattr(module, cls_name, register(name, aliases=[method] if method != name else [])(cls))
