from __future__ import annotations

from pathlib import Path

import pytest

from wordlelab import InvalidPatternError, InvalidWordError, feedback, format_pattern, parse_pattern
from wordlelab.feedback import Mark, all_green, decode, encode, feedback_naive

GOLDEN = [
    line.split("\t")
    for line in (Path(__file__).parents[1] / "data" / "golden_feedback.tsv").read_text().splitlines()
    if line and not line.startswith("#")
]


@pytest.mark.parametrize(("guess", "answer", "marks"), GOLDEN)
def test_golden_vectors(guess: str, answer: str, marks: str) -> None:
    assert format_pattern(feedback(guess, answer), 5, "letters") == marks


def test_encoding_is_little_endian_base3() -> None:
    # first letter is the lowest digit: green first letter only = 2
    assert encode([Mark.GREEN, 0, 0, 0, 0]) == 2
    assert encode([0, 0, 0, 0, Mark.YELLOW]) == 81
    assert all_green(5) == 242
    assert decode(242, 5) == (Mark.GREEN,) * 5


def test_naive_rule_marks_every_copy_yellow() -> None:
    assert format_pattern(feedback_naive("eerie", "crepe"), 5, "letters") == "yyybg"
    assert feedback("eerie", "crepe") != feedback_naive("eerie", "crepe")


@pytest.mark.parametrize(
    "text",
    ["21002", "gy..g", "GYXXG", "gybbg", "GYBBG", "gy--g", "🟩🟨⬛⬛🟩", "🟩🟨⬜⬜🟩", "🟧🟦⬛⬛🟧", " 21002 "],
)
def test_parse_every_form(text: str) -> None:
    assert parse_pattern(text) == encode([2, 1, 0, 0, 2])


@pytest.mark.parametrize("text", ["", "2001", "200122", "20a12", "g1..g", "🟩🟨⬛⬛", "hello"])
def test_parse_refuses_malformed(text: str) -> None:
    with pytest.raises(InvalidPatternError):
        parse_pattern(text)


def test_length_mismatch_refused() -> None:
    with pytest.raises(InvalidWordError):
        feedback("abc", "abcd")
