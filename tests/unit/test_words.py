from __future__ import annotations

from pathlib import Path

import pytest

from wordlelab import BUILTIN_LISTS, InvalidWordError, WordList, WordListError, load_wordlist


@pytest.mark.parametrize(
    ("name", "n_answers", "n_allowed"),
    [("original", 2315, 12972), ("original-order", 2315, 12972), ("nyt", 2309, 14855), ("nyt-12959", 2309, 12959)],
)
def test_builtin_sizes(name: str, n_answers: int, n_allowed: int) -> None:
    wl = load_wordlist(name)
    assert (len(wl.answers), len(wl.allowed)) == (n_answers, n_allowed)
    assert set(wl.answers) <= set(wl.allowed)
    assert name in BUILTIN_LISTS


def test_original_order_starts_with_cigar() -> None:
    assert load_wordlist("original-order").answers[:3] == ("cigar", "rebut", "sissy")
    assert load_wordlist().answers[0] == "aback"


def test_codes_and_indices(words: WordList) -> None:
    assert words.answer_codes.shape == (2315, 5)
    assert words.allowed_codes.dtype.name == "uint8"
    i = words.answer_id("cigar")
    assert words.allowed[words.answer_to_allowed[i]] == "cigar"
    assert words.allowed_is_answer.sum() == 2315


def test_custom_file_normalises_and_adds_answers_to_guesses(tmp_path: Path) -> None:
    a = tmp_path / "answers.txt"
    a.write_text("# my list\nCigar\n\n rebut \ncigar\n")
    g = tmp_path / "guesses.txt"
    g.write_text("salet\n")
    wl = load_wordlist(str(a), str(g))
    assert wl.answers == ("cigar", "rebut")
    assert wl.allowed == ("salet", "cigar", "rebut")


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        ("cigar\nreb0t\n", "line 2"),
        ("cigar\nrebuts\n", "line 2: 'rebuts' has 6 letters"),
        ("ab\n", "word length must be 3 to 11"),
        ("# nothing\n\n", "no words found"),
        ("cigar\nre but\n", "line 2"),
    ],
)
def test_bad_files_name_the_line(tmp_path: Path, content: str, fragment: str) -> None:
    f = tmp_path / "bad.txt"
    f.write_text(content)
    with pytest.raises(WordListError, match=fragment):
        load_wordlist(str(f))


def test_unknown_name_or_missing_file() -> None:
    with pytest.raises(WordListError, match="neither a built-in"):
        load_wordlist("no-such-list")


def test_other_lengths_and_alphabets() -> None:
    wl = WordList.from_words(["straße", "müller"], name="de")
    assert wl.length == 6 and "ß" in wl.alphabet
    long = WordList.from_words(["abcdefghijk"])
    assert long.length == 11


def test_guess_id_errors(words: WordList) -> None:
    with pytest.raises(InvalidWordError, match="not a 5-letter word"):
        words.guess_id("cig")
    with pytest.raises(InvalidWordError, match="not in the allowed guesses"):
        words.guess_id("zzzzz")
    with pytest.raises(InvalidWordError, match="not a possible answer"):
        words.answer_id("salet")


def test_a_byte_order_mark_is_dropped(tmp_path: Path) -> None:
    f = tmp_path / "bom.txt"
    f.write_bytes(b"\xef\xbb\xbfcigar\nrebut\n")
    assert load_wordlist(str(f)).answers == ("cigar", "rebut")
    assert WordList.from_words(["\ufeffcigar", "rebut"]).answers == ("cigar", "rebut")


def test_size_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    import wordlelab.words as words_mod

    monkeypatch.setattr(words_mod, "MAX_WORDS", 3)
    with pytest.raises(WordListError, match="line 4: more than 3 words"):
        WordList.from_words(["cigar", "rebut", "sissy", "humph"])
    monkeypatch.setattr(words_mod, "MAX_WORDS", 200_000)
    monkeypatch.setattr(words_mod, "MAX_TABLE_BYTES", 12)
    assert len(WordList.from_words(["cigar", "rebut", "sissy"], ["humph"]).allowed) == 4  # 3 x 4 bytes
    with pytest.raises(WordListError, match=r"too big: 3 answers x 5 guesses need a 0\.0 GiB pattern table"):
        WordList.from_words(["cigar", "rebut", "sissy"], ["humph", "awake"])


def test_cell_bytes_is_the_table_dtype_itemsize() -> None:
    from wordlelab.types import table_dtype
    from wordlelab.words import cell_bytes

    assert [cell_bytes(n) for n in range(3, 12)] == [table_dtype(n).itemsize for n in range(3, 12)]
