"""Partition statistics: how a guess splits the candidates, for many guesses at once.

For each guess ``g`` in ``guesses`` the candidates fall into buckets by their
pattern ``table[g, c]``.  The kernels return, per guess, the number of
non-empty buckets, the largest bucket, the sum of squared bucket sizes (so the
expected remaining candidates is ``sumsq / n``) and the Shannon entropy of the
bucket distribution in bits.  Measured by ``bench/bench_strategies.py``.
"""

from __future__ import annotations

import numba
import numpy as np
from numba import prange

from .._jit import njit
from ..types import FloatArray, IndexArray, PatternTable

__all__ = ["partition_stats", "partition_stats_weighted"]


@njit(parallel=True, cache=True, nogil=True)
def _stats(table, guesses, candidates, n_patterns, n_chunks, parts, largest, sumsq, entropy):  # pragma: no cover
    n = candidates.shape[0]
    k = guesses.shape[0]
    log_n = np.log2(n) if n > 0 else 0.0
    chunk = (k + n_chunks - 1) // n_chunks
    for c in prange(n_chunks):
        counts = np.zeros(n_patterns, np.int64)
        lo = c * chunk
        hi = min(k, lo + chunk)
        for j in range(lo, hi):
            row = table[guesses[j]]
            for t in range(n):
                counts[row[candidates[t]]] += 1
            p = 0
            big = 0
            sq = 0
            plogp = 0.0
            # second pass: read each bucket once, then clear it (touches only used buckets)
            for t in range(n):
                b = row[candidates[t]]
                m = counts[b]
                if m > 0:
                    p += 1
                    sq += m * m
                    big = max(big, m)
                    plogp += m * np.log2(m)
                    counts[b] = 0
            parts[j] = p
            largest[j] = big
            sumsq[j] = sq
            entropy[j] = log_n - plogp / n if n > 0 else 0.0


@njit(parallel=True, cache=True, nogil=True)
def _stats_weighted(
    table, guesses, candidates, weights, n_patterns, n_chunks, parts, largest, sumsq, entropy
):  # pragma: no cover
    n = candidates.shape[0]
    k = guesses.shape[0]
    total = 0.0
    for t in range(n):
        total += weights[t]
    chunk = (k + n_chunks - 1) // n_chunks
    for c in prange(n_chunks):
        mass = np.zeros(n_patterns, np.float64)
        seen = np.zeros(n_patterns, np.bool_)
        for j in range(c * chunk, min(k, c * chunk + chunk)):
            row = table[guesses[j]]
            for t in range(n):
                mass[row[candidates[t]]] += weights[t]
            p = 0
            big = 0.0
            sq = 0.0
            h = 0.0
            for t in range(n):
                b = row[candidates[t]]
                if not seen[b]:
                    seen[b] = True
                    m = mass[b]
                    p += 1
                    sq += m * m
                    big = max(big, m)
                    if m > 0.0:
                        q = m / total
                        h -= q * np.log2(q)
            for t in range(n):
                b = row[candidates[t]]
                mass[b] = 0.0
                seen[b] = False
            parts[j] = p
            largest[j] = big
            sumsq[j] = sq
            entropy[j] = h


def _chunks(k: int) -> int:
    return max(1, min(k, numba.get_num_threads() * 8))


def partition_stats(
    table: PatternTable, guesses: IndexArray, candidates: IndexArray, n_patterns: int
) -> tuple[IndexArray, IndexArray, IndexArray, FloatArray]:
    """Split ``candidates: int64[n]`` (answer indices) by each of ``guesses: int64[K]``.

    Returns ``(parts, largest, sumsq, entropy)``: ``int64[K]`` number of
    non-empty buckets, ``int64[K]`` largest bucket size, ``int64[K]`` sum of
    squared bucket sizes, ``float64[K]`` entropy in bits.  ``n_patterns`` is
    ``3**L``.
    """
    guesses = np.ascontiguousarray(guesses, dtype=np.int64)
    candidates = np.ascontiguousarray(candidates, dtype=np.int64)
    k = guesses.shape[0]
    parts = np.zeros(k, np.int64)
    largest = np.zeros(k, np.int64)
    sumsq = np.zeros(k, np.int64)
    entropy = np.zeros(k, np.float64)
    if k:
        _stats(table, guesses, candidates, n_patterns, _chunks(k), parts, largest, sumsq, entropy)
    return parts, largest, sumsq, entropy


def partition_stats_weighted(
    table: PatternTable,
    guesses: IndexArray,
    candidates: IndexArray,
    weights: FloatArray,
    n_patterns: int,
) -> tuple[IndexArray, FloatArray, FloatArray, FloatArray]:
    """Like :func:`partition_stats` with a weight (prior mass) per candidate.

    Returns ``(parts, largest_mass, sum_sq_mass, entropy)``; bucket sizes are
    replaced by the summed weights of their candidates, entropy is that of the
    normalised bucket masses.
    """
    guesses = np.ascontiguousarray(guesses, dtype=np.int64)
    candidates = np.ascontiguousarray(candidates, dtype=np.int64)
    weights = np.ascontiguousarray(weights, dtype=np.float64)
    k = guesses.shape[0]
    parts = np.zeros(k, np.int64)
    largest = np.zeros(k, np.float64)
    sumsq = np.zeros(k, np.float64)
    entropy = np.zeros(k, np.float64)
    if k:
        _stats_weighted(table, guesses, candidates, weights, n_patterns, _chunks(k), parts, largest, sumsq, entropy)
    return parts, largest, sumsq, entropy
