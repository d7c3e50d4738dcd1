"""The compiled hint and hash kernels of a search's memo key against their plain-Python references."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from wordlelab.feedback import feedback
from wordlelab.kernels.hints import (
    constrain,
    item_key,
    rule_hash,
    rule_sum,
    rule_sum_after,
    seal_hash,
    seal_rule,
    set_hash,
    span_hash,
)
from wordlelab.kernels.reference import constrain_python, rule_hash_python, set_hash_python
from wordlelab.words import WordList

_sets = st.lists(st.integers(0, 20000), max_size=60, unique=True).map(lambda xs: np.array(sorted(xs), np.int64))


@settings(max_examples=60, deadline=None)
@given(_sets)
def test_set_hash_matches_reference(items: np.ndarray) -> None:
    assert int(set_hash(items)) == set_hash_python(items)


@settings(max_examples=40, deadline=None)
@given(_sets, st.integers(0, 60), st.integers(0, 60))
def test_span_hash_is_the_hash_of_the_slice(items: np.ndarray, lo: int, hi: int) -> None:
    lo, hi = min(lo, len(items)), min(max(lo, hi), len(items))
    assert int(span_hash(items, lo, hi)) == set_hash_python(items[lo:hi])


@settings(max_examples=40, deadline=None)
@given(_sets, st.integers(0, 2**32))
def test_set_hash_is_its_members_terms_summed(items: np.ndarray, seed: int) -> None:
    # what the search does at a node: it sums each bucket's terms while it
    # counts the buckets, and seals the sums, before any bucket is listed
    labels = np.random.default_rng(seed).integers(0, 5, len(items))
    for label in range(5):
        bucket = items[labels == label]
        total = sum(int(item_key(x)) for x in bucket) % 2**64  # (the kernel's uint64 sum wraps)
        assert int(seal_hash(np.uint64(total), len(bucket))) == int(set_hash(bucket)) == set_hash_python(bucket)
    # and a set's hash does not depend on the order of its members
    assert int(set_hash(items[::-1].copy())) == int(set_hash(items))


def test_set_hash_tells_sets_apart() -> None:
    a = np.array([1, 2, 3], np.int64)
    assert int(set_hash(a)) != int(set_hash(a[:2]))
    assert int(set_hash(a)) != int(set_hash(np.array([1, 2, 4], np.int64)))


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 2**64 - 1),
    st.lists(st.integers(-1, 25), min_size=5, max_size=5),
    st.lists(st.integers(0, 3), min_size=26, max_size=26),
)
def test_rule_hash_matches_reference(base: int, greens: list[int], mins: list[int]) -> None:
    g, m = np.array(greens, np.int64), np.array(mins, np.int64)
    assert int(rule_hash(np.uint64(base), g, m)) == rule_hash_python(base, g, m)


def test_constrain_matches_reference_on_real_hints(small_words: WordList) -> None:
    codes = np.ascontiguousarray(small_words.allowed_codes)
    rng = np.random.default_rng(7)
    greens = np.full(small_words.length, -1, np.int64)
    mins = np.zeros(len(small_words.alphabet), np.int64)
    for _ in range(40):
        g = int(rng.integers(len(small_words.allowed)))
        answer = small_words.answers[int(rng.integers(len(small_words.answers)))]
        p = feedback(small_words.allowed[g], answer)
        got = constrain(greens, mins, g, p, codes)
        want = constrain_python(greens, mins, g, p, codes)
        assert np.array_equal(got[0], want[0]) and np.array_equal(got[1], want[1])
        greens, mins = got
    assert (greens >= 0).any() or mins.any()


def test_rule_sum_after_a_hint_is_the_sum_of_the_rule_it_makes(small_words: WordList) -> None:
    """The search hashes a bucket's rule without building it, from its parent's
    sum: the same key as building it with ``constrain`` and hashing that, along
    real games' hints (each turn from the sum the last turn computed)."""
    codes = np.ascontiguousarray(small_words.allowed_codes)
    rng = np.random.default_rng(11)
    changed = 0
    for _game in range(8):
        greens = np.full(small_words.length, -1, np.int64)
        mins = np.zeros(len(small_words.alphabet), np.int64)
        base = np.uint64(rng.integers(2**63))
        total = np.uint64(rule_sum(base, greens, mins))  # (numba returns a uint64 as an int)
        answer = small_words.answers[int(rng.integers(len(small_words.answers)))]
        for _turn in range(4):
            g = int(rng.integers(len(small_words.allowed)))
            p = feedback(small_words.allowed[g], answer)
            after = constrain(greens, mins, g, p, codes)
            want = rule_hash_python(int(base), after[0], after[1])
            total = np.uint64(rule_sum_after(total, greens, mins, g, p, codes))
            assert int(seal_rule(total)) == want
            assert int(total) == rule_sum(base, after[0], after[1])
            changed += want != rule_hash_python(int(base), greens, mins)
            greens, mins = after
    assert changed > 0  # the hints did move the rule on
