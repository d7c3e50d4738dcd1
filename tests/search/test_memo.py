"""The search memo's hash table (``wordlelab.search._memo``) against a dict."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordlelab.search import _memo
from wordlelab.search._memo import INF, Memo, entry_value, get, put, store, unpack

keys = st.integers(min_value=-(2**63), max_value=2**63 - 1)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(keys, st.integers(min_value=0, max_value=2**50)), max_size=300))
def test_the_table_keeps_what_a_dict_keeps_while_it_grows(pairs: list[tuple[int, int]]) -> None:
    memo = Memo(max_slots=1 << 16)
    model: dict[int, int] = {}
    for k, v in pairs:
        put(memo.arrays, np.int64(k), np.int64(v))
        model[k] = v
    assert len(memo) == len(model)
    for k, v in model.items():
        assert get(memo.arrays, np.int64(k), -1) == v
    assert get(memo.arrays, np.int64(12345678901), -7) == model.get(12345678901, -7)


def test_it_doubles_when_half_full_and_keeps_every_key() -> None:
    memo = Memo(max_slots=1 << 16)
    rng = np.random.default_rng(5)
    ks = rng.integers(-(2**63), 2**63 - 1, size=10_000, dtype=np.int64)
    for i, k in enumerate(ks):
        put(memo.arrays, k, np.int64(i))
    meta = memo.arrays[1]
    assert meta[0] + 1 == 1 << 15  # 10,000 keys: 2**15 slots in use (at most half full)
    assert len(memo) == len(set(ks.tolist()))
    assert all(get(memo.arrays, k, -1) == i for i, k in enumerate(ks))


def test_a_full_memo_replaces_entries_and_keeps_the_newest() -> None:
    memo = Memo(max_slots=1 << 12)  # its first size is its most: 3072 keys before it replaces
    ks = np.random.default_rng(9).integers(1, 2**62, size=20_000, dtype=np.int64)
    for i, k in enumerate(ks):
        put(memo.arrays, k, np.int64(i))
        assert get(memo.arrays, k, -1) == i  # the key just stored is always there
    assert len(memo) == 3 * (1 << 12) // 4
    held = sum(get(memo.arrays, k, -1) >= 0 for k in ks)
    assert held == len(memo)  # every key still held is found (the moves kept the probes whole)
    assert all(get(memo.arrays, k, -1) in (-1, i) for i, k in enumerate(ks))


def test_the_key_zero_is_a_key() -> None:
    memo = Memo(max_slots=1 << 12)
    assert get(memo.arrays, np.int64(0), -1) == -1
    put(memo.arrays, np.int64(0), np.int64(42))
    assert get(memo.arrays, np.int64(0), -1) == 42
    assert len(memo) == 1


def test_store_never_replaces_an_exact_value_and_only_raises_a_bound() -> None:
    memo = Memo(max_slots=1 << 12)
    k = np.int64(987654321)
    store(memo.arrays, k, 100, 7, False)
    store(memo.arrays, k, 90, 8, False)  # a weaker bound: ignored
    assert unpack(int(get(memo.arrays, k, -1))) == (100, 7, False)
    store(memo.arrays, k, 110, 5, False)  # a stronger bound replaces it
    assert unpack(int(get(memo.arrays, k, -1))) == (110, 5, False)
    store(memo.arrays, k, 120, 9, True)
    assert unpack(int(get(memo.arrays, k, -1))) == (120, 9, True)
    store(memo.arrays, k, 130, 3, True)  # an exact value stays
    store(memo.arrays, k, INF, 0, False)
    assert entry_value(get(memo.arrays, k, -1)) == 120
    assert len(memo) == 1


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(min_value=-3, max_value=40),  # few keys, so they repeat (and 0)
            st.integers(min_value=0, max_value=20),  # small values, so bounds tie
            st.integers(min_value=0, max_value=1000),
            st.booleans(),
        ),
        max_size=200,
    )
)
def test_store_keeps_the_rules_of_a_dict_while_the_table_grows(ops: list[tuple[int, int, int, bool]]) -> None:
    """``store`` probes once and inserts through the same step as ``put``:
    against a dict with its rules (an exact value stays, a bound only rises)."""
    memo = Memo(max_slots=1 << 12)
    model: dict[int, tuple[int, int, bool]] = {}
    for k, v, g, exact in ops:
        store(memo.arrays, np.int64(k), v, g, exact)
        k = k or 1  # (the key 0 is stored as 1)
        old = model.get(k)
        if old is None or (not old[2] and (exact or v > old[0])):
            model[k] = (v, g, exact)
    assert len(memo) == len(model)
    for k, e in model.items():
        assert unpack(int(get(memo.arrays, np.int64(k), -1))) == e


def test_store_into_a_full_memo_replaces_entries_like_put() -> None:
    memo = Memo(max_slots=1 << 12)
    ks = np.random.default_rng(11).integers(1, 2**62, size=8_000, dtype=np.int64)
    for i, k in enumerate(ks):
        store(memo.arrays, k, i, 1, True)
        assert entry_value(get(memo.arrays, k, -1)) == i
    assert len(memo) == 3 * (1 << 12) // 4
    assert sum(get(memo.arrays, k, -1) >= 0 for k in ks) == len(memo)


def test_the_most_slots_must_be_a_power_of_two() -> None:
    with pytest.raises(ValueError, match="power of two"):
        Memo(max_slots=3000)
    assert _memo.MEMO_MAX_SLOTS & (_memo.MEMO_MAX_SLOTS - 1) == 0


def test_a_system_that_will_not_map_the_most_slots_gets_a_smaller_memo(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where memory is committed when mapped, the 1 GiB of zero pages may be
    refused: the memo halves its most slots until the system gives them."""
    zeros = np.zeros

    def stingy(shape: int, dtype: object = float) -> np.ndarray:
        if shape > 2 * (1 << 14):
            raise MemoryError
        return zeros(shape, dtype)

    monkeypatch.setattr(_memo.np, "zeros", stingy)
    memo = Memo(max_slots=1 << 20)
    assert memo.arrays[1][2] + 1 == 1 << 14  # the most slots it got

    def none(shape: int, dtype: object = float) -> np.ndarray:
        raise MemoryError

    monkeypatch.setattr(_memo.np, "zeros", none)
    with pytest.raises(MemoryError):  # not even the first slots: the error, not a loop
        Memo(max_slots=1 << 20)
