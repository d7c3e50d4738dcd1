"""Absurdle: Wordle against an adversary that never commits to an answer.

After each guess the adversary splits the words still possible by the pattern
they would show and keeps the **largest** bucket, showing its pattern.  You
win when the only word left is the one you guess (all green).

Tie rule (ours; the original game's exact tie-break is not published in a
form we could check, so figures may differ from it in ties): among buckets of
the largest size keep the one with the fewest greens, then the fewest
yellows, then the lowest pattern number (base 3, little-endian; see
:mod:`wordlelab.feedback`).  The all-green bucket has the most greens, so it
is chosen only when it is the only bucket left.

Solving (:func:`solve_absurdle`): the adversary is deterministic, so a game is
a path, and "the fewest guesses that force a win" is a shortest-path search
over candidate sets, done as iterative deepening with two exact rules:

* with ``r`` guesses left and more than one word possible, a win needs a guess
  whose kept bucket has at most ``P**(r-2)`` words, where ``P`` is the largest
  number of non-empty buckets any guess makes on the current set (``r >= 2``).
  Proof: a bucket kept after a guess ``h`` on a set ``B`` has at least
  ``|B| / parts(h, B)`` words and parts never grow on a subset, so by
  induction a set ``B`` winnable in ``k`` guesses has ``|B| <= P**(k-1)``.
* with 2 guesses left a win needs a guess that splits the set into singletons
  (the adversary then shows the last word's bucket; guess it).

A depth is *proven impossible* when the search at that depth ends without a
win and without hitting the node or time limit; the result is proven optimal
when every smaller depth was proven impossible.  Sets already shown to be
unwinnable in ``r`` guesses are remembered (the answer depends only on the set
and ``r``).
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from ..errors import GameOverError
from ..feedback import Mark, all_green, decode, format_pattern, n_patterns
from ..table import pattern_table
from ..types import IndexArray, PatternTable
from ..words import WordList

__all__ = ["Absurdle", "AbsurdleProof", "DepthResult", "adversary_reply", "solve_absurdle", "verify_line"]


def _tie_keys(length: int) -> np.ndarray:
    """``int64[3**L]``: the order among equally large buckets (lower is kept first)."""
    npat = n_patterns(length)
    keys = np.empty(npat, dtype=np.int64)
    for p in range(npat):
        marks = decode(p, length)
        greens = sum(m == Mark.GREEN for m in marks)
        yellows = sum(m == Mark.YELLOW for m in marks)
        keys[p] = (greens * (length + 1) + yellows) * npat + p
    return keys


def adversary_reply(
    table: PatternTable, candidates: IndexArray, guess: int, tie_keys: np.ndarray
) -> tuple[int, IndexArray]:
    """The pattern the adversary shows for ``guess`` and the candidates it keeps.

    ``candidates``: int64[n] answer indices (n >= 1); ``tie_keys`` from
    :func:`_tie_keys` for the word length.  The kept bucket is the largest,
    ties broken by ``tie_keys`` (fewest greens, fewest yellows, lowest pattern).
    """
    row = np.asarray(table[guess, candidates], dtype=np.int64)
    counts = np.bincount(row, minlength=len(tie_keys))
    biggest = counts.max()
    tied = np.flatnonzero(counts == biggest)
    pattern = int(tied[np.argmin(tie_keys[tied])])
    return pattern, candidates[row == pattern]


class Absurdle:
    """An Absurdle game in progress: :meth:`guess` returns the adversary's pattern."""

    def __init__(self, words: WordList, table: PatternTable | None = None) -> None:
        self.words = words
        self.table = table if table is not None else pattern_table(words)
        self.tie_keys = _tie_keys(words.length)
        self.candidates: IndexArray = np.arange(len(words.answers), dtype=np.int64)
        self.history: list[tuple[str, int]] = []

    @property
    def won(self) -> bool:
        return bool(self.history) and self.history[-1][1] == all_green(self.words.length)

    def guess(self, word: str) -> int:
        """Play ``word``; returns the pattern shown.  Raises for an illegal word or a won game."""
        if self.won:
            raise GameOverError("already won; start a new game")
        g = self.words.guess_id(word)
        pattern, self.candidates = adversary_reply(self.table, self.candidates, g, self.tie_keys)
        self.history.append((self.words.allowed[g], pattern))
        return pattern


@dataclass(frozen=True)
class DepthResult:
    """What the search found at one depth (number of guesses, the winning one included)."""

    depth: int
    #: "win" (a line was found), "impossible" (search complete, no win) or "limit" (stopped)
    outcome: str
    nodes: int
    seconds: float


@dataclass(frozen=True)
class AbsurdleProof:
    """The result of :func:`solve_absurdle`, a re-checkable artifact (``to_dict()``)."""

    words: str
    n_answers: int
    n_allowed: int
    tie_rule: str
    #: fewest guesses found that force a win (None if none found within the limits)
    best: int | None
    #: True when every depth below ``best`` was searched completely
    proven_optimal: bool
    #: the winning line: guesses, and the adversary's patterns (digits) and bucket sizes
    line: list[str] = field(default_factory=list)
    patterns: list[str] = field(default_factory=list)
    remaining: list[int] = field(default_factory=list)
    depths: list[DepthResult] = field(default_factory=list)
    #: the largest number of buckets any guess makes on all answers (the ``P`` of the bound)
    max_parts: int = 0
    #: the smallest bucket the adversary can be forced to keep on the first guess
    min_first_bucket: int = 0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def summary(self) -> str:
        """One sentence saying exactly what was proven."""
        below = [d for d in self.depths if self.best is None or d.depth < self.best]
        impossible = [d.depth for d in below if d.outcome == "impossible"]
        if self.best is not None and self.proven_optimal:
            return (
                f"a forced win in {self.best} guesses exists ({' '.join(self.line)}) and "
                f"{self.best - 1} or fewer cannot force a win (complete search): "
                f"{self.best} is optimal"
            )
        if self.best is not None:
            return (
                f"a forced win in {self.best} guesses exists ({' '.join(self.line)}); "
                f"fewer was not proven impossible (proven impossible: {impossible or 'none'})"
            )
        return (
            f"no forced win found within the limits; proven impossible up to "
            f"{max(impossible) if impossible else 0} guesses"
        )


TIE_RULE = "largest bucket; ties: fewest greens, then fewest yellows, then lowest pattern number"


class _Limit(Exception):
    pass


class _Search:
    def __init__(self, words: WordList, table: PatternTable, max_nodes: int, deadline: float) -> None:
        self.words = words
        self.table = table
        self.npat = n_patterns(words.length)
        self.tie_keys = _tie_keys(words.length)
        self.guesses = np.arange(len(words.allowed), dtype=np.int64)
        self.max_nodes = max_nodes
        self.deadline = deadline
        self.nodes = 0
        self.failed: set[tuple[bytes, int]] = set()

    def stats(self, cands: IndexArray) -> tuple[np.ndarray, np.ndarray]:
        from ..kernels import partition_stats

        parts, largest, _, _ = partition_stats(self.table, self.guesses, cands, self.npat)
        return parts, largest

    def win(self, cands: IndexArray, r: int) -> list[int] | None:
        """Guesses (allowed indices) forcing a win from ``cands`` in at most ``r``, or None."""
        if len(cands) == 1:
            return [int(self.words.answer_to_allowed[cands[0]])]
        if r <= 1:
            return None
        key = (cands.tobytes(), r)
        if key in self.failed:
            return None
        self.nodes += 1
        if self.nodes > self.max_nodes or time.monotonic() > self.deadline:
            raise _Limit
        parts, largest = self.stats(cands)
        if r == 2:
            ok = np.flatnonzero(largest == 1)
            if len(ok):
                g = int(ok[0])
                _, kept = adversary_reply(self.table, cands, g, self.tie_keys)
                return [g, int(self.words.answer_to_allowed[kept[0]])]
            self.failed.add(key)
            return None
        cap = int(parts.max()) ** (r - 2)
        order = np.lexsort((self.guesses, largest))  # smallest kept bucket first, then word order
        seen: set[bytes] = set()
        for pos in order:
            if largest[pos] > cap:
                break
            g = int(self.guesses[pos])
            _, kept = adversary_reply(self.table, cands, g, self.tie_keys)
            b = kept.tobytes()
            if b in seen:
                continue
            seen.add(b)
            rest = self.win(kept, r - 1)
            if rest is not None:
                return [g, *rest]
        self.failed.add(key)
        return None


def verify_line(words: WordList, guesses: list[str], table: PatternTable | None = None) -> Absurdle:
    """Replay ``guesses`` against the adversary; the returned game says if it was won."""
    game = Absurdle(words, table)
    for w in guesses:
        if game.won:
            raise GameOverError(f"the line wins before {w!r}; drop the extra guesses")
        game.guess(w)
    return game


def solve_absurdle(
    words: WordList,
    table: PatternTable | None = None,
    *,
    max_depth: int = 6,
    max_nodes: int = 200_000,
    max_seconds: float = 600.0,
) -> AbsurdleProof:
    """Find the fewest guesses that force a win against the adversary, with proof.

    Iterative deepening from depth 1 to ``max_depth`` (see the module
    docstring for the bounds).  Each depth's search is complete unless it
    passes ``max_nodes`` expanded sets or ``max_seconds`` in total; the result
    records, per depth, whether it was completed.
    """
    if table is None:
        table = pattern_table(words)
    deadline = time.monotonic() + max_seconds
    search = _Search(words, table, max_nodes, deadline)
    root = np.arange(len(words.answers), dtype=np.int64)
    parts, largest = search.stats(root)
    depths: list[DepthResult] = []
    found: list[int] | None = None
    for depth in range(1, max_depth + 1):
        t0 = time.monotonic()
        search.nodes = 0
        try:
            found = search.win(root, depth)
            outcome = "win" if found is not None else "impossible"
        except _Limit:
            outcome = "limit"
        depths.append(DepthResult(depth, outcome, search.nodes, round(time.monotonic() - t0, 3)))
        if found is not None or outcome == "limit":
            break
    line = [words.allowed[g] for g in found] if found else []
    game = verify_line(words, line, table) if found else None
    if game is not None and not game.won:  # pragma: no cover - a bug in the search
        raise AssertionError(f"search returned a line that does not win: {line}")
    remaining: list[int] = []
    if game is not None:
        g2 = Absurdle(words, table)
        for w in line:
            g2.guess(w)
            remaining.append(0 if g2.won else len(g2.candidates))
    proven = found is not None and all(d.outcome == "impossible" for d in depths[:-1])
    return AbsurdleProof(
        words=words.name,
        n_answers=len(words.answers),
        n_allowed=len(words.allowed),
        tie_rule=TIE_RULE,
        best=len(found) if found else None,
        proven_optimal=proven,
        line=line,
        patterns=[format_pattern(p, words.length) for _, p in game.history] if game else [],
        remaining=remaining,
        depths=depths,
        max_parts=int(parts.max()),
        min_first_bucket=int(largest.min()),
    )
