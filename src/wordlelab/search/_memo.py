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
from numba import njit

#: "no tree finds every candidate within the guesses left"
INF = 1 << 40
_GUESS_BITS = 21
_VALUE_SHIFT = _GUESS_BITS + 1
MAX_GUESS_INDEX = (1 << _GUESS_BITS) - 1

_FNV_OFFSET = np.uint64(14695981039346656037)
_FNV_PRIME = np.uint64(1099511628211)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_DEPTH_SALT = np.uint64(0x9E3779B97F4A7C15)
_LEGAL_SALT = np.uint64(0xD6E8FEB86659FD93)


@njit(cache=True, inline="always", nogil=True)
def _mix(x):  # pragma: no cover - compiled
    # splitmix64 finaliser of one uint64
    x = (x ^ (x >> np.uint64(30))) * _MIX1
    x = (x ^ (x >> np.uint64(27))) * _MIX2
    return x ^ (x >> np.uint64(31))


@njit(cache=True, nogil=True)
def set_hash(items):  # pragma: no cover - compiled
    """uint64 hash of an int64 array (order matters; callers pass sorted sets)."""
    h = _FNV_OFFSET
    for i in range(items.shape[0]):
        h = (h ^ _mix(np.uint64(items[i] + 1))) * _FNV_PRIME
    return _mix(h ^ np.uint64(items.shape[0]))


@njit(cache=True, nogil=True)
def node_key(cand_hash, legal_hash, d):  # pragma: no cover - compiled
    """The int64 memo key of a node."""
    h = cand_hash ^ _mix(np.uint64(d) * _DEPTH_SALT) ^ _mix(legal_hash ^ _LEGAL_SALT)
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
    if key in memo:
        old = memo[key]
        if old & 1:  # never replace an exact value
            return
        if not exact and (old >> _VALUE_SHIFT) >= value:
            return
    memo[key] = pack(min(value, INF), guess, exact)


@njit(cache=True, nogil=True)
def lookup(memo, cands, legal_hash, d):  # pragma: no cover - compiled
    """The packed memo entry of a node, or -1."""
    key = node_key(set_hash(cands), legal_hash, d)
    if key in memo:
        return memo[key]
    return -1


def unpack(entry: int) -> tuple[int, int, bool]:
    """``(value, guess, exact)`` of a packed memo entry."""
    return entry >> _VALUE_SHIFT, (entry >> 1) & MAX_GUESS_INDEX, bool(entry & 1)


@njit(cache=True, nogil=True)
def rule_hash(base, greens, mins):  # pragma: no cover - compiled
    """uint64 hash of a hard-mode rule (``greens[i]``: the letter fixed at
    position ``i`` or -1; ``mins[c]``: the least count of letter ``c``) on top
    of ``base`` (the hash of the legal set the rule filters)."""
    h = (base ^ _LEGAL_SALT) * _FNV_PRIME
    for i in range(greens.shape[0]):
        h = (h ^ _mix(np.uint64(greens[i] + 2))) * _FNV_PRIME
    for c in range(mins.shape[0]):
        if mins[c] > 0:
            h = (h ^ _mix(np.uint64(c) * np.uint64(64) + np.uint64(mins[c]) + _DEPTH_SALT)) * _FNV_PRIME
    return _mix(h)
