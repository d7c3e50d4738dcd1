"""The Wordle notebook seed's letter-scoring family, one registered name per score.

Letter statistics are taken over the current candidates:

* ``global`` share of a letter: its copies over all letters of the candidates;
* ``local`` share at position i: candidates with that letter at i, over n;
* ``set`` share: candidates containing the letter, over the sum of that count
  over all letters; ``in_words`` share: candidates containing it, over n.

A word's scores: ``local`` = sum of its letters' local shares at their
positions; ``global`` = sum of its letters' global shares (every copy counts, as
in the seed's final version); ``set_score`` / ``in_words`` = sums over its
distinct letters; ``sc_added`` = local + global, ``sc_prod`` = local x global,
``sc_sq_added`` = local^2 + global^2, ``sc_sq_prod`` = local^2 x global^2,
``set_in_prod`` = set_score x in_words, ``all_prod`` = local x global x
set_score x in_words.

Options, as in the seed: ``fill`` (default on): while more than one candidate is
left and fewer than 6 distinct letters have shown green or yellow, guess the
best-scoring allowed word that uses none of the letters guessed so far (a word
testing only new letters), if any; ``commons``: among the 10 best words, play
those that are possible answers first (the seed's bias toward a common-word list,
which became the answer list).  Ties: the seed's list order, i.e. non-answer
guesses in list order before answers when filling, answers in answer-list order
otherwise.

Differences from the seed, on purpose (see docs/strategies.md): the statistics are
recomputed from the candidates each turn (the seed kept adding each turn's counts
to the previous ones, never resetting them; option ``cumulative`` does that too),
and ``in_words`` sums over the letters (the seed's ``=`` instead of ``+=`` kept
only an arbitrary letter's share, which depends on Python's hash seed).
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from ..feedback import Mark, decode
from ..state import State
from ..types import IndexArray
from ._scored import ScoredStrategy, answer_rank, distinct_mask, positional_counts, register_all
from .base import Ranked

SCORES = (
    "local",
    "global",
    "sc_added",
    "sc_prod",
    "sc_sq_added",
    "sc_sq_prod",
    "set_score",
    "in_words",
    "set_in_prod",
    "all_prod",
)
#: scores summed over a word's distinct letters
SET_SCORES = ("set_score", "in_words", "set_in_prod", "all_prod")
#: the seed's fill gate: fill while fewer than this many distinct letters have shown up
FILL_LETTERS = 6
#: the seed's commons bias looks at this many top words
COMMONS_TOP = 10


def _past_candidates(state: State) -> list[IndexArray]:
    """The candidate sets before each guess of the history and now (for ``cumulative``).

    Replayed from the start with the state's own table (normal mode: only the
    candidates are wanted); the state is not changed.
    """
    past = State.initial(state.words, state.table)
    sets = [past.candidates]
    for step in state.history:
        past = past.after(step)
        sets.append(past.candidates)
    return sets


def letter_scores(state: State, pool: IndexArray, cumulative: bool = False) -> dict[str, np.ndarray]:
    """Every score of the family for the words ``pool`` (allowed indices).

    With ``cumulative`` the letter counts are summed over the candidate sets of
    every turn so far, as the seed's code did by never resetting them (the
    ``in_words`` share still divides by the current number of candidates).
    """
    words = state.words
    alpha = len(words.alphabet)
    sets = _past_candidates(state) if cumulative else [state.candidates]
    pos_counts = np.zeros((words.length, alpha), dtype=np.int64)
    copies = np.zeros(alpha, dtype=np.int64)
    contains = np.zeros(alpha, dtype=np.float64)
    for cset in sets:
        cand = words.answer_codes[cset]
        pos_counts += positional_counts(cand, alpha)
        copies += np.bincount(cand.ravel(), minlength=alpha)
        contains += distinct_mask(cand, alpha).sum(axis=0)
    n = max(len(state.candidates), 1)
    local_share = pos_counts / np.maximum(pos_counts.sum(axis=1, keepdims=True), 1)  # (L, alpha)
    global_share = copies / max(int(copies.sum()), 1)
    set_share = contains / max(contains.sum(), 1.0)
    in_share = contains / n
    codes = words.allowed_codes[pool]
    has = distinct_mask(codes, alpha)
    local = np.zeros(len(pool))
    glob = np.zeros(len(pool))
    for i in range(words.length):
        local += local_share[i][codes[:, i]]
        glob += global_share[codes[:, i]]
    set_score = has @ set_share
    in_words = has @ in_share
    return {
        "local": local,
        "global": glob,
        "sc_added": local + glob,
        "sc_prod": local * glob,
        "sc_sq_added": local**2 + glob**2,
        "sc_sq_prod": local**2 * glob**2,
        "set_score": set_score,
        "in_words": in_words,
        "set_in_prod": set_score * in_words,
        "all_prod": local * glob * set_score * in_words,
    }


def _letters_seen(state: State) -> tuple[set[int], set[int]]:
    """(letter codes guessed so far, letter codes shown green or yellow)."""
    guessed: set[int] = set()
    shown: set[int] = set()
    for step in state.history:
        codes = state.words.allowed_codes[step.guess]
        guessed.update(int(c) for c in codes)
        for c, m in zip(codes, decode(step.pattern, state.length), strict=True):
            if m != Mark.GREY:
                shown.add(int(c))
    return guessed, shown


def commons_bias(head: list[Ranked], is_common: np.ndarray) -> list[Ranked]:
    """The seed's commons bias, step for step: walking the list from its end, each
    common word is moved to the front.  The seed mutated the list while walking
    it with ``reversed()``, so the walk skips words and the result is not simply
    "common words first"; this reproduces it exactly."""
    out = list(head)
    i = len(out) - 1  # reversed() walks indices downward, re-reading the list each step
    while i >= 0:
        if i < len(out):
            r = out[i]
            if is_common[r.guess]:
                out.insert(0, out.pop(out.index(r)))
        i -= 1
    return out


class LetterScore(ScoredStrategy):
    method: ClassVar[str] = ""

    @property
    def tie_decimals(self) -> int | None:  # type: ignore[override]
        # position-order sums are computed exactly as the seed did (same float
        # operations in the same order), so their ties are the seed's ties; sums
        # over a word's distinct letters had a hash-dependent order in the seed
        return 9 if self.method in SET_SCORES else None

    def __init__(self, fill: bool = True, commons: bool = False, cumulative: bool = False) -> None:
        self.fill = bool(fill)
        self.commons = bool(commons)
        self.cumulative = bool(cumulative)

    def _fill_pool(self, state: State) -> IndexArray | None:
        if not self.fill or len(state.candidates) <= 1:
            return None
        guessed, shown = _letters_seen(state)
        if len(shown) >= FILL_LETTERS:
            return None
        ok = np.ones(len(state.legal), dtype=bool)
        counts = state.words.allowed_letter_counts[state.legal]
        for c in guessed:
            ok &= counts[:, c] == 0
        pool = state.legal[ok]
        return pool if len(pool) else None

    def pool(self, state: State) -> IndexArray:
        fill = self._fill_pool(state)
        return fill if fill is not None else super().pool(state)

    def scores(self, state: State, pool: IndexArray) -> np.ndarray:
        return letter_scores(state, pool, self.cumulative)[self.method]

    def tie_keys(self, state: State, pool: IndexArray) -> list[np.ndarray]:
        # the seed's fill list was [non-answers..., answers...]: non-answers first
        return [state.words.allowed_is_answer[pool].astype(np.int64)]

    def rank(self, state: State, top: int = 5) -> list[Any]:
        ranked = super().rank(state, max(top, COMMONS_TOP) if self.commons else top)
        if self.commons:
            ranked = commons_bias(ranked[:COMMONS_TOP], state.words.allowed_is_answer) + ranked[COMMONS_TOP:]
        return ranked[:top]


#: where the family comes from, said first in each description
_SOURCE = "Jupyter-notebook solver's letter score: "
register_all(
    LetterScore,
    {
        name: _SOURCE + text
        for name, text in {
            "local": "sum of the letters' shares at their positions.",
            "global": "sum of the letters' overall shares, every copy counted.",
            "sc_added": "local + global letter scores.",
            "sc_prod": "local x global letter scores.",
            "sc_sq_added": "local^2 + global^2 letter scores.",
            "sc_sq_prod": "local^2 x global^2 letter scores.",
            "set_score": "sum of distinct letters' shares of word presence.",
            "in_words": "sum of distinct letters' fractions of words containing them.",
            "set_in_prod": "set-score x in-words.",
            "all_prod": "local x global x set-score x in-words.",
        }.items()
    },
)


__all__ = ["SCORES", "LetterScore", "answer_rank", "letter_scores"]
