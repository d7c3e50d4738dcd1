"""Plain references for the compiled kernels: slow, obviously correct, used by tests and benches."""

from __future__ import annotations

import math
from collections import Counter

import numpy as np

from ..types import CodeArray, IndexArray, PatternTable, table_dtype
from .patterns import RULE_OFFICIAL

__all__ = [
    "constrain_python",
    "partition_stats_python",
    "pattern_table_numpy",
    "pattern_table_python",
    "rule_hash_python",
    "set_hash_python",
]


def _pattern_codes(g: tuple[int, ...], a: tuple[int, ...], rule: int) -> int:
    # Same rule as feedback.feedback, on code tuples (kept separate so the
    # reference does not depend on the alphabet mapping).
    n = len(g)
    marks = [0] * n
    if rule == RULE_OFFICIAL:
        left = Counter(a[i] for i in range(n) if g[i] != a[i])
        for i in range(n):
            if g[i] == a[i]:
                marks[i] = 2
            elif left[g[i]] > 0:
                marks[i] = 1
                left[g[i]] -= 1
    else:
        for i in range(n):
            marks[i] = 2 if g[i] == a[i] else (1 if g[i] in a else 0)
    return sum(m * 3**i for i, m in enumerate(marks))


def pattern_table_python(guesses: CodeArray, answers: CodeArray, rule: int = RULE_OFFICIAL) -> PatternTable:
    """Pure-Python double loop; for tests on small inputs only."""
    out = np.empty((len(guesses), len(answers)), dtype=table_dtype(guesses.shape[1]))
    ans = [tuple(int(x) for x in a) for a in answers]
    for gi, g in enumerate(guesses):
        gt = tuple(int(x) for x in g)
        for ai, a in enumerate(ans):
            out[gi, ai] = _pattern_codes(gt, a, rule)
    return out


def pattern_table_numpy(guesses: CodeArray, answers: CodeArray, block: int = 1024) -> PatternTable:
    """A plain vectorised NumPy build (official rule), the comparison point for the kernel.

    Position ``i`` of the guess is yellow iff it is not green and the number of
    non-green answer positions holding its letter exceeds the number of
    earlier non-green guess positions holding the same letter.
    """
    n_g, length = guesses.shape
    out = np.empty((n_g, answers.shape[0]), dtype=table_dtype(length))
    a = answers[None, :, :]
    for lo in range(0, n_g, block):
        g = guesses[lo : lo + block, None, :]
        green = g == a  # (b, A, L)
        value = np.zeros(green.shape[:2], dtype=np.int64)
        for i in range(length):
            gi = g[:, :, i]  # (b, 1)
            supply = ((a == gi[:, :, None]) & ~green).sum(axis=2)
            used = np.zeros_like(supply)
            for k in range(i):
                used += (g[:, :, k] == gi) & ~green[:, :, k]
            yellow = ~green[:, :, i] & (supply > used)
            value += (2 * green[:, :, i] + yellow) * 3**i
        out[lo : lo + block] = value
    return out


def partition_stats_python(
    table: PatternTable, guesses: IndexArray, candidates: IndexArray
) -> list[tuple[int, int, int, float]]:
    """``(parts, largest, sumsq, entropy)`` per guess, with Counter and math.log2."""
    out = []
    n = len(candidates)
    for g in guesses:
        sizes = Counter(int(table[g, c]) for c in candidates).values()
        ent = -sum((m / n) * math.log2(m / n) for m in sizes) if n else 0.0
        out.append((len(sizes), max(sizes, default=0), sum(m * m for m in sizes), ent))
    return out


_M64 = (1 << 64) - 1
_LEGAL_SALT, _DEPTH_SALT = 0xD6E8FEB86659FD93, 0x9E3779B97F4A7C15
_SIZE_SALT = 0x2545F4914F6CDD1D
_GREEN_SALT, _RULE_SALT = 0x4F1BBCDCBFA53E0B, 0x7A1F3C5D9B2E4F61


def _mix_python(x: int) -> int:
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _M64
    return x ^ (x >> 31)


def set_hash_python(items: IndexArray) -> int:
    """:func:`wordlelab.kernels.hints.set_hash` on Python ints."""
    total = sum(_mix_python((int(x) + 1) & _M64) for x in items) & _M64
    return _mix_python(total ^ _mix_python(len(items) ^ _SIZE_SALT))


def rule_hash_python(base: int, greens: IndexArray, mins: IndexArray) -> int:
    """:func:`wordlelab.kernels.hints.rule_hash` on Python ints."""
    h = _mix_python((int(base) ^ _LEGAL_SALT) & _M64)
    for i, g in enumerate(greens):
        h += _mix_python(((i * 64 + int(g) + 2) ^ _GREEN_SALT) & _M64)
    for c, k in enumerate(mins):
        if k > 0:
            h += _mix_python((c * 64 + int(k) + _DEPTH_SALT) & _M64)
    return _mix_python((h & _M64) ^ _RULE_SALT)


def constrain_python(
    greens: IndexArray, mins: IndexArray, g: int, pattern: int, codes: CodeArray
) -> tuple[IndexArray, IndexArray]:
    """:func:`wordlelab.kernels.hints.constrain` with a Counter: greens fixed, each
    revealed letter's least count raised to its count in this hint."""
    ng, nm = greens.copy(), mins.copy()
    marks = [(pattern // 3**i) % 3 for i in range(codes.shape[1])]
    shown = Counter(int(codes[g, i]) for i, m in enumerate(marks) if m >= 1)
    for i, m in enumerate(marks):
        if m == 2:
            ng[i] = codes[g, i]
    for c, k in shown.items():
        nm[c] = max(int(nm[c]), k)
    return ng, nm
