# mypy: disable-error-code="no-untyped-def"
"""What a search remembers of a position's rules (compiled helpers).

A search in hard mode carries the hints revealed since its root as two arrays
(``greens[i]``: the letter code fixed at position ``i``, or -1; ``mins[c]``:
the least count of letter ``c``), moved on by :func:`constrain`; the guesses
legal at a node are exactly those of the root that keep them.  A node's memo key
holds them through :func:`rule_hash`, on top of the hash of the root's legal
set (:func:`set_hash`), which is all an ultra-mode key holds.  Which of these a
mode uses is its policy's business (:mod:`wordlelab.state`).

The hashes are 64-bit: a set's is the sum of its members' splitmix64 terms,
sealed with its size (two different sets collide with probability about
``2**-64``), a rule's likewise the sum of one splitmix64 term per position
and per letter used, sealed (so that a hint replaces only the terms it
changes); references in plain Python:
:func:`wordlelab.kernels.reference.set_hash_python`, ``rule_hash_python``,
``constrain_python``.
"""

from __future__ import annotations

import numpy as np

from .._jit import njit

__all__ = [
    "DEPTH_SALT",
    "GREEN_SALT",
    "LEGAL_SALT",
    "RULE_SALT",
    "SIZE_SALT",
    "constrain",
    "item_key",
    "mix64",
    "rule_hash",
    "rule_sum",
    "rule_sum_after",
    "seal_hash",
    "seal_rule",
    "set_hash",
    "span_hash",
]

MIX1 = np.uint64(0xBF58476D1CE4E5B9)
MIX2 = np.uint64(0x94D049BB133111EB)
#: salts that keep a node's depth and legal-set parts apart in its key
DEPTH_SALT = np.uint64(0x9E3779B97F4A7C15)
LEGAL_SALT = np.uint64(0xD6E8FEB86659FD93)
#: keeps a set's size apart from the sum of its members' terms
SIZE_SALT = np.uint64(0x2545F4914F6CDD1D)
#: keep a rule's position terms apart from its letter terms, and seal its sum
GREEN_SALT = np.uint64(0x4F1BBCDCBFA53E0B)
RULE_SALT = np.uint64(0x7A1F3C5D9B2E4F61)


@njit(cache=True, inline="always", nogil=True)
def mix64(x):  # pragma: no cover - compiled
    """The splitmix64 finaliser of one uint64."""
    x = (x ^ (x >> np.uint64(30))) * MIX1
    x = (x ^ (x >> np.uint64(27))) * MIX2
    return x ^ (x >> np.uint64(31))


@njit(cache=True, inline="always", nogil=True)
def item_key(x):  # pragma: no cover - compiled
    """A member's term in a set hash: the terms are summed (mod ``2**64``) and
    the sum sealed (:func:`seal_hash`), so the hash of a set does not depend on
    the order its members come in, and a search can add up the sums of a
    guess's buckets while it counts them, before it lists their members."""
    return mix64(np.uint64(x + 1))


@njit(cache=True, inline="always", nogil=True)
def seal_hash(total, m):  # pragma: no cover - compiled
    """The hash of the set of ``m`` members whose :func:`item_key` terms sum to ``total``."""
    return mix64(total ^ mix64(np.uint64(m) ^ SIZE_SALT))


@njit(cache=True, nogil=True)
def span_hash(items, lo, hi):  # pragma: no cover - compiled
    """:func:`set_hash` of ``items[lo:hi]``, without making the slice (a view
    costs the search two reference-count updates)."""
    total = np.uint64(0)
    for i in range(lo, hi):
        total += item_key(items[i])
    return seal_hash(total, hi - lo)


@njit(cache=True, nogil=True)
def set_hash(items):  # pragma: no cover - compiled
    """uint64 hash of the set of an int64 array's members (distinct, in any order)."""
    return span_hash(items, 0, items.shape[0])


@njit(cache=True, inline="always", nogil=True)
def _green_term(i, c):  # pragma: no cover - compiled
    """A rule's term for position ``i`` (``c``: its green letter, or -1)."""
    return mix64((np.uint64(i) * np.uint64(64) + np.uint64(c + 2)) ^ GREEN_SALT)


@njit(cache=True, inline="always", nogil=True)
def _count_term(c, least):  # pragma: no cover - compiled
    """A rule's term for letter ``c`` used at least ``least`` times (0 for none)."""
    if least <= 0:
        return np.uint64(0)
    return mix64(np.uint64(c) * np.uint64(64) + np.uint64(least) + DEPTH_SALT)


@njit(cache=True, nogil=True)
def rule_sum(base, greens, mins):  # pragma: no cover - compiled
    """The unsealed hash of a hard-mode rule (``greens``, ``mins``: see the
    module docstring) on top of ``base`` (the hash of the legal set the rule
    filters): a sum of one term per position and per letter used, so that a
    hint changes only its own terms (:func:`rule_sum_after`).  The rule's hash
    is :func:`seal_rule` of it."""
    h = mix64(base ^ LEGAL_SALT)
    for i in range(greens.shape[0]):
        h += _green_term(i, greens[i])
    for c in range(mins.shape[0]):
        h += _count_term(c, mins[c])
    return h


@njit(cache=True, nogil=True)
def rule_root(total, greens, mins):  # pragma: no cover - compiled
    """The term of a rule's sum (``total``, :func:`rule_sum` of ``greens`` and
    ``mins``) that the legal set it filters gives: rules are compared place by
    place and letter by letter only over the same one."""
    h = total
    for i in range(greens.shape[0]):
        h -= _green_term(i, greens[i])
    for c in range(mins.shape[0]):
        h -= _count_term(c, mins[c])
    return h


@njit(cache=True, inline="always", nogil=True)
def seal_rule(total):  # pragma: no cover - compiled
    """The hash of the rule whose :func:`rule_sum` is ``total``."""
    return mix64(total ^ RULE_SALT)


@njit(cache=True, nogil=True)
def rule_hash(base, greens, mins):  # pragma: no cover - compiled
    """uint64 hash of a hard-mode rule on top of ``base`` (see :func:`rule_sum`)."""
    return seal_rule(rule_sum(base, greens, mins))


@njit(cache=True, nogil=True)
def rule_sum_after(total, greens, mins, g, pattern, codes):  # pragma: no cover - compiled
    """``rule_sum(base, *constrain(greens, mins, g, pattern, codes))`` from the
    rule's own ``total == rule_sum(base, greens, mins)``, without building the
    new rule: only the terms this hint changes are replaced (the search hashes
    every bucket of every guess it tries, and most are answered by the memo or
    a bound; hashing the whole new rule, as before, took 200-290 ns a random
    hint on this machine, this 115-120 ns)."""
    length = codes.shape[1]
    h = total
    revealed = 0  # bit i: position i's tile is green or yellow
    p = pattern
    for i in range(length):
        digit = p % 3
        p //= 3
        if digit >= 1:
            revealed |= 1 << i
            if digit == 2:
                c = np.int64(codes[g, i])
                if greens[i] != c:
                    h += _green_term(i, c) - _green_term(i, greens[i])
    for i in range(length):
        if not revealed >> i & 1:
            continue
        c = codes[g, i]
        need = 0
        first = True
        for j in range(length):
            if revealed >> j & 1 and codes[g, j] == c:
                need += 1
                if j < i:
                    first = False
        if first and need > mins[c]:
            h += _count_term(c, need) - _count_term(c, mins[c])
    return h


@njit(cache=True, nogil=True)
def constrain(greens, mins, g, pattern, codes):  # pragma: no cover - compiled
    """The hard-mode rule after guess ``g`` shows ``pattern``, from the rule
    before (``greens``, ``mins``): new greens fixed, each revealed letter's least
    count raised to what this hint shows.  ``codes: uint8[G, L]``."""
    ng = greens.copy()
    nm = mins.copy()
    need = np.zeros(mins.shape[0], np.int64)
    p = pattern
    for i in range(codes.shape[1]):
        digit = p % 3
        p //= 3
        c = codes[g, i]
        if digit == 2:
            ng[i] = c
        if digit >= 1:
            need[c] += 1
    for c in range(mins.shape[0]):
        nm[c] = max(nm[c], need[c])
    return ng, nm
