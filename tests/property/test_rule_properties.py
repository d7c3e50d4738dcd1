"""Properties of the rule, the encoding and the compiled kernels."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from wordlelab import WordList, feedback, format_pattern, parse_pattern
from wordlelab.feedback import Mark, all_green, decode, feedback_naive
from wordlelab.kernels import build_pattern_table, partition_stats
from wordlelab.kernels.patterns import RULE_NAIVE
from wordlelab.kernels.reference import (
    partition_stats_python,
    pattern_table_numpy,
    pattern_table_python,
)
from wordlelab.state import filter_candidates

from .generators import word_lists, word_pairs


def _codes(words: list[str]) -> np.ndarray:
    return np.array([[ord(c) - 97 for c in w] for w in words], dtype=np.uint8)


@given(word_pairs())
def test_word_against_itself_is_all_green(pair: tuple[str, str]) -> None:
    w, _ = pair
    assert feedback(w, w) == all_green(len(w))


@given(word_pairs())
def test_marks_conserve_letter_counts(pair: tuple[str, str]) -> None:
    # greens + yellows of a letter never exceed its copies in the answer, and a
    # grey copy means every copy in the answer is already accounted for
    g, a = pair
    marks = decode(feedback(g, a), len(g))
    for letter in set(g):
        hit = sum(1 for ch, m in zip(g, marks, strict=True) if ch == letter and m != Mark.GREY)
        assert hit <= a.count(letter)
        if any(ch == letter and m == Mark.GREY for ch, m in zip(g, marks, strict=True)):
            assert hit == a.count(letter)


@settings(max_examples=150, deadline=None)
@given(word_lists())
def test_kernel_matches_plain_rule(lists: tuple[list[str], list[str]]) -> None:
    guesses, answers = lists
    table = build_pattern_table(_codes(guesses), _codes(answers))
    expected = [[feedback(g, a) for a in answers] for g in guesses]
    assert table.tolist() == expected
    naive = build_pattern_table(_codes(guesses), _codes(answers), rule=RULE_NAIVE)
    assert naive.tolist() == [[feedback_naive(g, a) for a in answers] for g in guesses]
    assert np.array_equal(pattern_table_python(_codes(guesses), _codes(answers)), table)


@settings(max_examples=60, deadline=None)
@given(word_lists(max_len=7))
def test_numpy_reference_matches_kernel(lists: tuple[list[str], list[str]]) -> None:
    guesses, answers = lists
    assert np.array_equal(
        pattern_table_numpy(_codes(guesses), _codes(answers), block=3),
        build_pattern_table(_codes(guesses), _codes(answers)),
    )


@settings(max_examples=100, deadline=None)
@given(word_lists(max_len=6))
def test_partition_stats_match_reference(lists: tuple[list[str], list[str]]) -> None:
    guesses, answers = lists
    table = build_pattern_table(_codes(guesses), _codes(answers))
    gi = np.arange(len(guesses))
    ci = np.arange(len(answers))
    parts, largest, sumsq, entropy = partition_stats(table, gi, ci, 3 ** len(guesses[0]))
    for j, (p, big, sq, ent) in enumerate(partition_stats_python(table, gi, ci)):
        assert (parts[j], largest[j], sumsq[j]) == (p, big, sq)
        assert abs(entropy[j] - ent) < 1e-9


@given(st.integers(3, 11).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, 3**n - 1))))
def test_parse_format_round_trip(case: tuple[int, int]) -> None:
    n, p = case
    for style in ("digits", "letters", "emoji", "emoji-hc"):
        assert parse_pattern(format_pattern(p, n, style), n) == p  # type: ignore[arg-type]
    assert parse_pattern(format_pattern(p, n, "letters").upper(), n) == p


@settings(max_examples=60, deadline=None)
@given(word_lists(min_len=4, max_len=6), st.data())
def test_filtering_keeps_answer_and_is_idempotent(lists: tuple[list[str], list[str]], data: st.DataObject) -> None:
    guesses, answers = lists
    wl = WordList.from_words(answers, guesses)
    table = build_pattern_table(wl.allowed_codes, wl.answer_codes, len(wl.alphabet))
    answer = data.draw(st.integers(0, len(wl.answers) - 1))
    guess = data.draw(st.integers(0, len(wl.allowed) - 1))
    cands = np.arange(len(wl.answers))
    p = int(table[guess, answer])
    once = filter_candidates(table, cands, guess, p)
    assert answer in once
    assert np.array_equal(filter_candidates(table, once, guess, p), once)
