"""The read-only game state handed to strategies, and the rules that derive it.

A :class:`State` is what a strategy sees: the lists, the pattern table, the
answers still possible (``candidates``), the guesses it may play now
(``legal``: every allowed guess, or in hard mode those that keep every
revealed hint) and the history.  Game and Session own and update it;
strategies only read it.

Hard mode (the official rule): every green stays in its place, and every
revealed letter (green or yellow) appears in later guesses at least as often
as it was revealed in one guess; grey letters may be reused.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from .feedback import Mark, all_green, decode, n_patterns
from .types import FloatArray, IndexArray, PatternTable
from .words import WordList

__all__ = [
    "State",
    "Step",
    "filter_candidates",
    "hard_mode_constraints",
    "hard_mode_legal",
    "hard_mode_violation",
]

_ORDINALS = ["1st", "2nd", "3rd"] + [f"{i}th" for i in range(4, 12)]


@dataclass(frozen=True)
class Step:
    """One played guess (index into ``words.allowed``) and the pattern it got."""

    guess: int
    pattern: int


def filter_candidates(table: PatternTable, candidates: IndexArray, guess: int, pattern: int) -> IndexArray:
    """The candidates that show ``pattern`` for ``guess`` (order kept)."""
    out: IndexArray = candidates[table[guess, candidates] == pattern]
    return out


def hard_mode_constraints(
    words: WordList, history: tuple[Step, ...]
) -> tuple[dict[int, int], dict[int, int]]:
    """``(greens, minimum counts)`` revealed so far, as letter codes.

    ``greens`` maps position -> letter code; ``minimum`` maps letter code -> the
    largest number of green-or-yellow copies revealed in any one guess.
    """
    greens: dict[int, int] = {}
    minimum: dict[int, int] = {}
    for step in history:
        codes = words.allowed_codes[step.guess]
        revealed: dict[int, int] = {}
        for pos, mark in enumerate(decode(step.pattern, words.length)):
            c = int(codes[pos])
            if mark == Mark.GREEN:
                greens[pos] = c
            if mark != Mark.GREY:
                revealed[c] = revealed.get(c, 0) + 1
        for c, k in revealed.items():
            minimum[c] = max(minimum.get(c, 0), k)
    return greens, minimum


def hard_mode_violation(words: WordList, history: tuple[Step, ...], guess: int) -> str | None:
    """Why ``guess`` breaks hard mode after ``history``, or None if it is legal.

    Greens are checked first, left to right ("4th letter must be S"), then
    letter counts ("guess must contain R", "guess must contain 2 E's").
    """
    greens, minimum = hard_mode_constraints(words, history)
    codes = words.allowed_codes[guess]
    for pos in sorted(greens):
        if codes[pos] != greens[pos]:
            letter = words.alphabet[greens[pos]].upper()
            return f"{_ORDINALS[pos]} letter must be {letter}"
    counts = words.allowed_letter_counts[guess]
    for c in sorted(minimum, key=lambda c: words.alphabet[c]):
        if counts[c] < minimum[c]:
            letter = words.alphabet[c].upper()
            if minimum[c] == 1:
                return f"guess must contain {letter}"
            return f"guess must contain {minimum[c]} {letter}'s"
    return None


def hard_mode_legal(words: WordList, history: tuple[Step, ...]) -> IndexArray:
    """Indices of the allowed guesses that keep every hint of ``history``."""
    greens, minimum = hard_mode_constraints(words, history)
    ok = np.ones(len(words.allowed), dtype=bool)
    for pos, c in greens.items():
        ok &= words.allowed_codes[:, pos] == c
    counts = words.allowed_letter_counts
    for c, k in minimum.items():
        ok &= counts[:, c] >= k
    return np.flatnonzero(ok).astype(np.int64)


@dataclass(frozen=True)
class State:
    """A read-only view of a game in progress, as strategies see it.

    ``candidates`` are answer indices, ``legal`` allowed-guess indices, both
    ascending int64 arrays marked read-only.
    """

    words: WordList
    table: PatternTable
    candidates: IndexArray
    legal: IndexArray
    history: tuple[Step, ...] = ()
    hard: bool = False
    rule: str = "official"
    #: optional prior weight of every answer (``float64[A]``, aligned with
    #: ``words.answers``; not normalised), or None for all answers equally likely
    weights: FloatArray | None = field(default=None, compare=False)
    extra: dict[str, object] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        for arr in (self.candidates, self.legal):
            arr.flags.writeable = False
        if self.weights is not None:
            self.weights.flags.writeable = False

    def candidate_weights(self) -> FloatArray | None:
        """The candidates' weights scaled to sum to ``len(candidates)`` (None if unweighted).

        Scaled so that weighted figures (expected remaining) read in candidate
        units and equal the unweighted ones when all weights are equal.
        """
        if self.weights is None:
            return None
        w = np.asarray(self.weights, dtype=np.float64)[self.candidates]
        total = float(w.sum())
        if total <= 0.0:
            return np.ones(len(w))
        return w * (len(w) / total)

    @property
    def length(self) -> int:
        return self.words.length

    @property
    def n_patterns(self) -> int:
        return n_patterns(self.words.length)

    @property
    def win(self) -> int:
        return all_green(self.words.length)

    @property
    def turn(self) -> int:
        """1 for the first guess."""
        return len(self.history) + 1

    @cached_property
    def candidate_guesses(self) -> IndexArray:
        """Allowed-guess indices of the candidates that are legal now (ascending)."""
        idx = np.sort(self.words.answer_to_allowed[self.candidates])
        if len(self.legal) == len(self.words.allowed):
            return idx
        return idx[np.isin(idx, self.legal, assume_unique=True)]
