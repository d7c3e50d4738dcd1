from __future__ import annotations

from pathlib import Path

import pytest

from wordlelab import InvalidOptionError, InvalidPatternError, InvalidWordError, feedback, format_pattern, parse_pattern
from wordlelab.feedback import Mark, all_green, decode, encode, feedback_naive, parse_history, parse_move

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


@pytest.mark.parametrize(
    ("text", "word", "pattern"),
    [
        ("salet 00120", "salet", "00120"),
        ("salet:gy..g", "salet", "gy..g"),
        ("salet=🟩⬛🟨⬛⬛", "salet", "🟩⬛🟨⬛⬛"),
        ("  SALET  :  GYXXG  ", "SALET", "GYXXG"),
        ("salet\t0 0 1 2 0", "salet", "0 0 1 2 0"),
    ],
)
def test_parse_move_splits_word_and_pattern(text: str, word: str, pattern: str) -> None:
    assert parse_move(text) == (word, pattern)


@pytest.mark.parametrize("text", ["", "   ", "salet", ":00120", "salet:"])
def test_parse_move_refuses_text_without_a_word_and_a_pattern(text: str) -> None:
    with pytest.raises(InvalidPatternError, match="type the word you played"):
        parse_move(text)


def test_parse_move_errors_are_the_library_s() -> None:
    from wordlelab import WordlelabError

    with pytest.raises(WordlelabError):
        parse_move("salet")


def test_parse_history_takes_commas_and_semicolons() -> None:
    assert parse_history("salet:00120,drone:22202; crony 22222") == [
        ("salet", "00120"),
        ("drone", "22202"),
        ("crony", "22222"),
    ]
    assert parse_history("") == []
    assert parse_history(" , ;salet:00000,, ") == [("salet", "00000")]
    with pytest.raises(InvalidPatternError):
        parse_history("salet:00120,drone")


def test_a_parsed_move_reads_as_its_pattern() -> None:
    word, text = parse_move("crane:🟩🟨⬛⬛🟩")
    assert word == "crane"
    assert parse_pattern(text) == encode([2, 1, 0, 0, 2])


def test_format_pattern_with_a_style_in_place_of_the_length_says_how_to_name_it() -> None:
    assert format_pattern(feedback("salet", "cigar"), style="emoji") == "⬛🟨⬛⬛⬛"
    with pytest.raises(InvalidOptionError, match=r"format_pattern\(p, style='emoji'\)"):
        format_pattern(feedback("salet", "cigar"), "emoji")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="number of letters"):
        format_pattern(5, 5.0)  # type: ignore[arg-type]
