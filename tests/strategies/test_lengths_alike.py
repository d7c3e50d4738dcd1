"""Strategies that read only the pattern table play the same game alike in any
length: the built-in list's words (a sample) with a J, a letter none of them
has, put last, are the same game in six letters (the J always green, every
guess splitting the answers as before), so these strategies make the same
guesses and every answer takes the same number of guesses.  This checks the
length-generic code under them (16-bit patterns, the all-green pattern of six
letters, the exact search behind ``optimal``).

Strategies that weigh letters or words are left out: the J changes what they
read (a letter known green from the first guess, and words whose frequencies
in ``wordfreq`` break their ties differently), so they play differently by
design."""

from __future__ import annotations

import functools

import numpy as np
import pytest

from wordlelab import WordList, load_wordlist, pattern_table
from wordlelab.simulate import run_benchmark
from wordlelab.strategies import strategy_names

#: the strategies that read only patterns: sizes of parts, their entropy, the
#: mean guessmap (with the J last its number is three times the five-letter one),
#: the exact search
BY_PATTERNS = [
    "entropy",
    "entropy-2",
    "expected-size",
    "avg-reduction",
    "minimax",
    "most-parts",
    "mean-guessmap",
    "optimal",
]


@functools.cache
def _games() -> tuple[WordList, np.ndarray, WordList, np.ndarray]:
    full = load_wordlist()
    answers = [w for w in full.answers if "j" not in w][::6]
    allowed = sorted(set(answers) | {w for w in full.allowed if "j" not in w and w[0] in "abcst"})
    five = WordList.from_words(answers, allowed, name="five")
    six = WordList.from_words([w + "j" for w in answers], [w + "j" for w in allowed], name="six")
    return five, pattern_table(five, persist=False), six, pattern_table(six, persist=False)


def test_the_list_of_pattern_strategies_is_registered() -> None:
    assert set(BY_PATTERNS) <= set(strategy_names())


@pytest.mark.parametrize("name", BY_PATTERNS)
def test_a_pattern_strategy_plays_six_letters_as_five(name: str) -> None:
    five, t5, six, t6 = _games()
    assert t6.dtype == np.uint16 and len(five.answers) > 300
    a = run_benchmark(five, name, table=t5)
    b = run_benchmark(six, name, table=t6)
    assert list(a.answers) == [w[:5] for w in b.answers]
    assert (a.guesses == b.guesses).all()
