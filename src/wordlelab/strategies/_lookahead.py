"""Compiled helper of ``entropy-2``: the best entropy over a guess pool for many buckets.

Kept beside its only user (strategies are one file each; the shared kernels live
in :mod:`wordlelab.kernels`).  Checked against ``partition_stats`` in
``tests/strategies/test_lookahead.py``.
"""

from __future__ import annotations

import numpy as np

from .._jit import njit
from ..types import FloatArray, IndexArray, PatternTable


@njit(cache=True, nogil=True)
def _best_entropies(table, pool, members, offsets, n_patterns, out):  # type: ignore[no-untyped-def]  # pragma: no cover
    counts = np.zeros(n_patterns, np.int64)
    for b in range(offsets.shape[0] - 1):
        lo = offsets[b]
        hi = offsets[b + 1]
        n = hi - lo
        if n <= 1:
            out[b] = 0.0
            continue
        log_n = np.log2(n)
        best = 0.0
        for j in range(pool.shape[0]):
            row = table[pool[j]]
            for t in range(lo, hi):
                counts[row[members[t]]] += 1
            plogp = 0.0
            for t in range(lo, hi):
                k = row[members[t]]
                m = counts[k]
                if m > 0:
                    plogp += m * np.log2(m)
                    counts[k] = 0
            h = log_n - plogp / n
            if h > best:
                best = h
                if best >= log_n - 1e-12:  # a perfect split: nothing can do better
                    break
        out[b] = best


def best_entropies(
    table: PatternTable, pool: IndexArray, members: IndexArray, offsets: IndexArray, n_patterns: int
) -> FloatArray:
    """For each bucket ``members[offsets[b]:offsets[b+1]]`` (answer indices), the
    largest entropy (bits) any guess of ``pool`` (allowed indices) gets on it.
    ``float64[len(offsets) - 1]``."""
    out = np.zeros(len(offsets) - 1, dtype=np.float64)
    _best_entropies(
        table,
        np.ascontiguousarray(pool, dtype=np.int64),
        np.ascontiguousarray(members, dtype=np.int64),
        np.ascontiguousarray(offsets, dtype=np.int64),
        n_patterns,
        out,
    )
    return out
