"""Hypothesis generators shared by the property tests."""

from __future__ import annotations

from hypothesis import strategies as st

#: a small alphabet makes repeated letters (the hard cases) common
SMALL_ALPHABET = "abcdeq"


def words(length: int, alphabet: str = SMALL_ALPHABET) -> st.SearchStrategy[str]:
    return st.text(alphabet=alphabet, min_size=length, max_size=length)


@st.composite
def word_pairs(draw: st.DrawFn, min_len: int = 3, max_len: int = 11) -> tuple[str, str]:
    n = draw(st.integers(min_len, max_len))
    alphabet = draw(st.sampled_from([SMALL_ALPHABET, "ab", "abcdefghijklmnopqrstuvwxyz"]))
    return draw(words(n, alphabet)), draw(words(n, alphabet))


@st.composite
def word_lists(draw: st.DrawFn, min_len: int = 3, max_len: int = 11) -> tuple[list[str], list[str]]:
    """(guesses, answers) of one length, possibly with duplicates removed by the caller."""
    n = draw(st.integers(min_len, max_len))
    alphabet = draw(st.sampled_from([SMALL_ALPHABET, "abc", "abcdefghijklmnopqrstuvwxyz"]))
    guesses = draw(st.lists(words(n, alphabet), min_size=1, max_size=12))
    answers = draw(st.lists(words(n, alphabet), min_size=1, max_size=12))
    return guesses, answers
