# mypy: disable-error-code="no-untyped-def"
"""The search memo: 64-bit node keys and packed entries (compiled helpers).

A memo maps the hash of a node (sorted candidate set, guesses left, and in
hard mode the set of legal guesses) to ``value << 22 | guess << 1 | exact``:
``exact`` 1 means ``value`` is the node's cost, 0 that it is a proven lower
bound (a fail-high).  An exact entry is never replaced; a lower bound only by
a larger one.

It is an open-addressing hash table in two int64 arrays, ``(slots, meta)``
(a :class:`Memo`'s ``arrays``): ``slots[2i]`` a key (0: empty), ``slots[2i +
1]`` its entry, probed linearly from the key's low bits; ``meta`` the mask
of the slots in use, the number of keys, and the most slots it may use.  It
doubles when half full, and once at its most slots and three quarters full,
a new key replaces the first key at or after its home slot: the memo is only
a cache of proven facts, so a lost entry costs a search again, never a wrong
value.  (A numba typed dict, as before, cost 130-340 ns a look-up in the
searches' large memos: a call, two dependent cache misses and a key compare.
Here a look-up is one probe of one cache line, most often.)  The slots are
allocated once, at the most, as zero pages the system maps only when
touched, so a small memo costs little memory.

Keys are hashes, not the sets: two different sets colliding (probability
about ``nodes**2 / 2**65``, below 1e-7 for a billion nodes) would corrupt a
result; every tree written is re-verified by replaying it, which catches any
such wrong tree.  (The key 0 is stored as 1, one more such collision.)
"""

from __future__ import annotations

import numpy as np

from .._jit import njit
from ..kernels.hints import DEPTH_SALT, LEGAL_SALT, mix64, rule_hash, set_hash

__all__ = [
    "INF",
    "MAX_GUESS_INDEX",
    "MEMO_MAX_SLOTS",
    "Memo",
    "entry_value",
    "get",
    "lookup",
    "node_key",
    "put",
    "rule_hash",
    "set_hash",
    "store",
    "unpack",
]

#: "no tree finds every candidate within the guesses left"
INF = 1 << 40
_GUESS_BITS = 21
_VALUE_SHIFT = _GUESS_BITS + 1
MAX_GUESS_INDEX = (1 << _GUESS_BITS) - 1

#: the most slots a memo uses by default: 2**26 (1 GiB once all touched),
#: 50 M keys before it starts to replace entries
MEMO_MAX_SLOTS = 1 << 26
_FIRST_SLOTS = 1 << 12
_MASK, _COUNT, _MAX_MASK = 0, 1, 2


class Memo:
    """An empty memo of at most ``max_slots`` slots (a power of two): its
    ``arrays`` go to the compiled search, ``len`` is the keys it holds."""

    __slots__ = ("arrays",)

    def __init__(self, max_slots: int = MEMO_MAX_SLOTS) -> None:
        if max_slots < 2 or max_slots & (max_slots - 1):
            raise ValueError(f"a memo's slots must be a power of two, not {max_slots}")
        while True:
            try:
                slots = np.zeros(2 * max_slots, np.int64)  # (zero pages, mapped when first touched)
                break
            except MemoryError:  # (a system that commits memory when it is mapped)
                if max_slots <= _FIRST_SLOTS:
                    raise
                max_slots //= 2
        meta = np.zeros(4, np.int64)
        meta[_MASK] = min(_FIRST_SLOTS, max_slots) - 1
        meta[_MAX_MASK] = max_slots - 1
        self.arrays = (slots, meta)

    def __len__(self) -> int:
        return int(self.arrays[1][_COUNT])


@njit(cache=True, inline="always", nogil=True)
def _slot(slots, mask, key):  # pragma: no cover - compiled
    """The slot holding ``key``, or the empty one where its probe ends."""
    i = np.uint64(key) & np.uint64(mask)
    while True:
        k = slots[2 * i]
        if k == key or k == 0:
            return i
        i = (i + np.uint64(1)) & np.uint64(mask)


@njit(cache=True, inline="always", nogil=True)
def _stored(key):  # pragma: no cover - compiled
    """The key as the slots hold it: 0 marks an empty slot, so the key 0 is 1."""
    return key if key != 0 else np.int64(1)


@njit(cache=True, inline="always", nogil=True)
def get(memo, key, default):  # pragma: no cover - compiled
    """The entry of ``key`` in ``memo`` (its ``arrays``), or ``default``."""
    slots, meta = memo
    key = _stored(key)
    i = _slot(slots, meta[_MASK], key)
    if slots[2 * i] == 0:
        return default
    return slots[2 * i + 1]


@njit(cache=True, nogil=True)
def _grow(slots, meta):  # pragma: no cover - compiled
    """Double the slots in use and insert the keys again."""
    n = meta[_MASK] + 1
    old = slots[: 2 * n].copy()
    slots[: 2 * n] = 0  # (the next n slots were never used: still zero)
    mask = 2 * n - 1
    meta[_MASK] = mask
    for t in range(n):
        key = old[2 * t]
        if key != 0:
            i = _slot(slots, mask, key)
            slots[2 * i] = key
            slots[2 * i + 1] = old[2 * t + 1]


@njit(cache=True, nogil=True)
def _remove(slots, mask, i):  # pragma: no cover - compiled
    """Empty slot ``i`` and move back the keys after it that their probe would
    no longer reach (deletion from linear probing, no tombstones)."""
    j = i
    while True:
        slots[2 * i] = 0
        while True:
            j = (j + np.uint64(1)) & mask
            k = slots[2 * j]
            if k == 0:
                return
            home = np.uint64(k) & mask
            # the key stays where it is if its home lies cyclically in (i, j]
            if (i < home <= j) if i <= j else (home > i or home <= j):
                continue
            slots[2 * i] = k
            slots[2 * i + 1] = slots[2 * j + 1]
            i = j
            break


@njit(cache=True, nogil=True)
def _insert(slots, meta, i, key, value):  # pragma: no cover - compiled
    """Add ``key``, absent, whose probe ended at the empty slot ``i``: first
    grow, or once at the most slots make room, when the table is full."""
    used = meta[_MASK] + 1
    if 2 * (meta[_COUNT] + 1) > used:  # over half full
        if meta[_MASK] < meta[_MAX_MASK]:
            _grow(slots, meta)
            i = _slot(slots, meta[_MASK], key)
        elif 4 * (meta[_COUNT] + 1) > 3 * used:  # full: a key near its home slot goes
            mask = np.uint64(meta[_MASK])
            j = np.uint64(key) & mask
            while slots[2 * j] == 0:
                j = (j + np.uint64(1)) & mask
            _remove(slots, mask, j)
            meta[_COUNT] -= 1
            i = _slot(slots, meta[_MASK], key)
    slots[2 * i] = key
    slots[2 * i + 1] = value
    meta[_COUNT] += 1


@njit(cache=True, nogil=True)
def put(memo, key, value):  # pragma: no cover - compiled
    """Set the entry of ``key`` in ``memo`` (its ``arrays``) to ``value``."""
    slots, meta = memo
    key = _stored(key)
    i = _slot(slots, meta[_MASK], key)
    if slots[2 * i] == key:
        slots[2 * i + 1] = value
    else:
        _insert(slots, meta, i, key, value)


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
    """Record a node's value (``exact``) or proven lower bound: one probe."""
    slots, meta = memo
    key = _stored(key)
    i = _slot(slots, meta[_MASK], key)
    entry = pack(min(value, INF), guess, exact)
    if slots[2 * i] == 0:
        _insert(slots, meta, i, key, entry)
        return
    old = slots[2 * i + 1]
    if old & 1:  # never replace an exact value
        return
    if not exact and entry_value(old) >= value:
        return
    slots[2 * i + 1] = entry


@njit(cache=True, nogil=True)
def lookup(memo, cands, legal_hash, d):  # pragma: no cover - compiled
    """The packed memo entry of a node, or -1."""
    key = node_key(set_hash(cands), legal_hash, d)
    return get(memo, key, -1)


def unpack(entry: int) -> tuple[int, int, bool]:
    """``(value, guess, exact)`` of a packed memo entry."""
    return entry >> _VALUE_SHIFT, (entry >> 1) & MAX_GUESS_INDEX, bool(entry & 1)
