"""The lazy guess order of the compiled search against a full stable sort."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from wordlelab.search._bounds import ORDER_HEAD, ORDER_MASK, ORDER_SHIFT, least_keys, rest_keys
from wordlelab.search._memo import INF


def _packed(keys: list[int]) -> np.ndarray:
    """Order keys packed with their positions, as the search packs them."""
    return np.array([(k << ORDER_SHIFT) | j for j, k in enumerate(keys)], np.int64)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.integers(0, 5000), max_size=60), st.integers(0, 12))
def test_least_is_the_head_of_the_sorted_keys(keys: list[int], m: int) -> None:
    packed = _packed(keys)
    assert np.array_equal(least_keys(packed, m), np.sort(packed)[:m])


@settings(max_examples=80, deadline=None)
@given(st.lists(st.integers(0, 40), min_size=1, max_size=60), st.data())
def test_head_then_rest_visits_guesses_in_stable_sort_order(keys: list[int], data: st.DataObject) -> None:
    """Picking the head, then the rest of the guesses whose bound can still beat
    ``best``, visits exactly those guesses in the order of a stable sort by key,
    and reports the least bound of those it drops (ties go to the lower position)."""
    glb = np.array(data.draw(st.lists(st.integers(0, 30), min_size=len(keys), max_size=len(keys))), np.int64)
    best = data.draw(st.integers(0, 31))
    packed = _packed(keys)
    head = least_keys(packed, ORDER_HEAD)
    rest, skipped = rest_keys(packed, head[-1], glb, best)
    stable = np.argsort(np.array(keys), kind="stable")
    after_head = stable[len(head) :]
    assert [int(p & ORDER_MASK) for p in head] == list(stable[: len(head)])
    assert [int(p & ORDER_MASK) for p in rest] == [j for j in after_head if glb[j] < best]
    dropped = [int(glb[j]) for j in after_head if glb[j] >= best]
    assert skipped == (min(dropped) if dropped else INF)
