"""The guess x answer pattern table, built by a numba kernel.

``table[g, a]`` is the packed pattern (see :mod:`wordlelab.feedback`) that
guess ``g`` shows against answer ``a``.  Built once per pair of lists and
cached on disk by :mod:`wordlelab.table`; everything else is indexing into it.
Measured by ``bench/bench_table.py`` (docs/benchmarks.md).
"""

from __future__ import annotations

import numpy as np
from numba import prange

from .._jit import njit
from ..types import CodeArray, PatternTable, table_dtype

__all__ = ["RULE_NAIVE", "RULE_OFFICIAL", "build_pattern_table", "table_dtype"]

#: Greens first, then yellows left to right while unmatched copies remain.
RULE_OFFICIAL = 0
#: Yellow wherever the letter occurs in the answer (no counting of copies).
RULE_NAIVE = 1


@njit(cache=True)
def _letter_masks(words, alpha):  # pragma: no cover - compiled
    """``uint64[N]`` bit c set iff letter code c occurs in the word (alpha <= 64)."""
    out = np.zeros(words.shape[0], np.uint64)
    for w in range(words.shape[0]):
        m = np.uint64(0)
        for i in range(words.shape[1]):
            m |= np.uint64(1) << np.uint64(words[w, i])
        out[w] = m
    return out


# over the complexity ceiling on purpose: one parallel loop nest that numba compiles as a
# whole; helper calls per letter pair would sit in the innermost loop of the table build
@njit(parallel=True, cache=True, nogil=True)
def _fill(guesses, answers, alpha, rule, out):  # noqa: C901  # pragma: no cover - compiled
    n_guess, length = guesses.shape
    n_answer = answers.shape[0]
    use_masks = alpha <= 64
    masks = _letter_masks(answers, alpha) if use_masks else np.zeros(1, np.uint64)
    for gi in prange(n_guess):
        unmatched = np.zeros(alpha, np.int32)
        g = guesses[gi]
        # A guess letter that occurs once in the guess is yellow exactly when it
        # is not green and occurs in the answer (any green of that letter would
        # be this very position), so guesses without repeated letters, most of
        # them, need no counting: the mask path below.
        distinct = True
        for i in range(length):
            for j in range(i):
                if g[i] == g[j]:
                    distinct = False
        for ai in range(n_answer):
            a = answers[ai]
            value = 0
            power = 1
            if use_masks and (distinct or rule == 1):
                m = masks[ai]
                for i in range(length):
                    if g[i] == a[i]:
                        value += 2 * power
                    elif (m >> np.uint64(g[i])) & np.uint64(1):
                        value += power
                    power *= 3
            elif rule == 0:
                for i in range(length):
                    if g[i] != a[i]:
                        unmatched[a[i]] += 1
                for i in range(length):
                    if g[i] == a[i]:
                        value += 2 * power
                    elif unmatched[g[i]] > 0:
                        value += power
                        unmatched[g[i]] -= 1
                    power *= 3
                for i in range(length):
                    unmatched[a[i]] = 0
            else:
                for i in range(length):
                    unmatched[a[i]] = 1
                for i in range(length):
                    if g[i] == a[i]:
                        value += 2 * power
                    elif unmatched[g[i]] > 0:
                        value += power
                    power *= 3
                for i in range(length):
                    unmatched[a[i]] = 0
            out[gi, ai] = value


def build_pattern_table(
    guesses: CodeArray, answers: CodeArray, alpha: int = 26, rule: int = RULE_OFFICIAL
) -> PatternTable:
    """Compute ``table[G, A]`` for ``guesses: uint8[G, L]`` and ``answers: uint8[A, L]``.

    ``alpha`` is the number of distinct letter codes (codes are ``< alpha``).
    The dtype is :func:`table_dtype` of ``L``.  ``rule`` is
    :data:`RULE_OFFICIAL` or :data:`RULE_NAIVE`.
    """
    guesses = np.ascontiguousarray(guesses, dtype=np.uint8)
    answers = np.ascontiguousarray(answers, dtype=np.uint8)
    if guesses.ndim != 2 or answers.ndim != 2 or guesses.shape[1] != answers.shape[1]:
        raise ValueError("guesses and answers must be uint8[N, L] with the same L")
    alpha = max(alpha, int(max(guesses.max(initial=0), answers.max(initial=0))) + 1)
    out = np.empty((guesses.shape[0], answers.shape[0]), dtype=table_dtype(guesses.shape[1]))
    _fill(guesses, answers, alpha, rule, out)
    return out
