# mypy: disable-error-code="no-untyped-def"
"""The search memo: 64-bit node keys and packed entries (compiled helpers).

A memo is a numba typed dict ``int64 -> int64`` from the hash of a node
(sorted candidate set, guesses left, and in hard mode the set of legal
guesses) to ``value << 22 | guess << 1 | exact``: ``exact`` 1 means ``value``
is the node's cost, 0 that it is a proven lower bound (a fail-high).  An
exact entry is never replaced; a lower bound only by a larger one.

Keys are hashes, not the sets: two different sets colliding (probability
about ``nodes**2 / 2**65``, below 1e-7 for a billion nodes) would corrupt a
result; every tree written is re-verified by replaying it, which catches any
such wrong tree.
"""

from __future__ import annotations

import numpy as np

from .._jit import njit
from ..kernels.hints import DEPTH_SALT, LEGAL_SALT, mix64, rule_hash, set_hash

__all__ = ["INF", "MAX_GUESS_INDEX", "entry_value", "lookup", "node_key", "rule_hash", "set_hash", "store", "unpack"]

#: "no tree finds every candidate within the guesses left"
INF = 1 << 40
_GUESS_BITS = 21
_VALUE_SHIFT = _GUESS_BITS + 1
MAX_GUESS_INDEX = (1 << _GUESS_BITS) - 1


@njit(cache=True, nogil=True)
def node_key(cand_hash, legal_hash, d):  # pragma: no cover - compiled
    """The int64 memo key of a node."""
    h = cand_hash ^ mix64(np.uint64(d) * DEPTH_SALT) ^ mix64(legal_hash ^ LEGAL_SALT)
    return np.int64(h)


@njit(cache=True, nogil=True)
def pack(value, guess, exact):  # pragma: no cover - compiled
    return (value << _VALUE_SHIFT) | (guess << 1) | (1 if exact else 0)


@njit(cache=True, nogil=True)
def entry_value(entry):  # pragma: no cover - compiled
    return entry >> _VALUE_SHIFT


@njit(cache=True, nogil=True)
def store(memo, key, value, guess, exact):  # pragma: no cover - compiled
    """Record a node's value (``exact``) or proven lower bound."""
    old = memo.get(key, -1)  # (one hash lookup; entries are never negative)
    if old >= 0:
        if old & 1:  # never replace an exact value
            return
        if not exact and (old >> _VALUE_SHIFT) >= value:
            return
    memo[key] = pack(min(value, INF), guess, exact)


@njit(cache=True, nogil=True)
def lookup(memo, cands, legal_hash, d):  # pragma: no cover - compiled
    """The packed memo entry of a node, or -1."""
    key = node_key(set_hash(cands), legal_hash, d)
    return memo.get(key, -1)


def unpack(entry: int) -> tuple[int, int, bool]:
    """``(value, guess, exact)`` of a packed memo entry."""
    return entry >> _VALUE_SHIFT, (entry >> 1) & MAX_GUESS_INDEX, bool(entry & 1)
