"""A Session whose list has run out: it widens to every allowed word that fits, weighted
by frequency, instead of blaming the player; and words excluded from the answers."""

from __future__ import annotations

import hashlib
from importlib import resources

import numpy as np
import pytest

from wordlelab import (
    Game,
    InconsistentFeedbackError,
    InvalidWordError,
    Session,
    WordList,
    WordListError,
    feedback,
    format_pattern,
    get_strategy,
    load_wordlist,
)
from wordlelab.prior import frequency_weights, widened
from wordlelab.simulate import play_game
from wordlelab.words import BUILTIN_LISTS, DAILY_LIST, DEFAULT_LIST

ANSWERS = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve"]
#: allowed words that are not answers: common (snafu is rarer), and a few obscure
OTHERS = ["added", "adieu", "snafu", "salet", "soare", "crane", "unlit", "thilk", "aahed", "rebus"]


@pytest.fixture(scope="module")
def tiny() -> WordList:
    return WordList.from_words(ANSWERS, ANSWERS + OTHERS, name="tiny")


def _fits(words: WordList, history: list[tuple[str, str]]) -> list[str]:
    """Brute force: the allowed words that would show every move's colours."""
    return [w for w in words.allowed if all(format_pattern(feedback(g, w)) == p for g, p in history)]


def _pattern(guess: str, answer: str) -> str:
    return format_pattern(feedback(guess, answer))


def test_colours_that_rule_out_the_list_widen_to_the_allowed_words_that_fit(tiny: WordList) -> None:
    history = [("crane", _pattern("crane", "added"))]
    s = Session(tiny)
    assert not s.widened and s.notice is None
    s.play(*history[0])
    assert s.widened
    assert s.notice is not None and "no answer of the list tiny fits" in s.notice
    assert "weighted by how common" in s.notice
    assert sorted(s.candidate_words) == sorted(_fits(tiny, history))
    assert "added" in s.candidate_words
    # the candidates are weighted by the frequency prior
    w = np.asarray(s.state.weights)[s.candidates]
    assert np.allclose(w, frequency_weights(s.candidate_words))
    probs = dict(s.likely(20))
    assert abs(sum(probs.values()) - 1.0) < 1e-9
    assert s.likely(1)[0][0] == max(s.candidate_words, key=lambda x: probs[x])


def test_undo_past_the_widening_narrows_again(tiny: WordList) -> None:
    s = Session(tiny)
    s.play("unlit", _pattern("unlit", "added"))  # awake, evade and serve fit
    narrow = list(s.candidate_words)
    assert narrow == ["awake", "evade", "serve"] and not s.widened
    s.play("crane", _pattern("crane", "added"))  # none of them does: widened
    assert s.widened
    s.undo()
    assert not s.widened and s.candidate_words == narrow


def test_colours_no_allowed_word_could_show_are_refused_and_change_nothing(tiny: WordList) -> None:
    s = Session(tiny)
    s.play("soare", _pattern("soare", "cigar"))
    before = s.candidate_words
    # all green but the last letter: every allowed word ends otherwise
    wrong = next(
        p for p in ("22221", "22220", "11111") if not _fits(tiny, [("soare", _pattern("soare", "cigar")), ("crane", p)])
    )
    with pytest.raises(InconsistentFeedbackError, match="no allowed word gives .* check the colours"):
        s.play("crane", wrong)
    assert s.candidate_words == before and len(s.history) == 1


def test_widen_off_keeps_the_old_refusal(tiny: WordList) -> None:
    s = Session(tiny, widen=False)
    with pytest.raises(InconsistentFeedbackError, match="no possible answer gives"):
        s.play("crane", _pattern("crane", "added"))
    assert not s.history


def test_a_widened_session_refuses_what_no_allowed_word_shows(tiny: WordList) -> None:
    s = Session(tiny)
    s.play("crane", _pattern("crane", "added"))
    assert s.widened
    with pytest.raises(InconsistentFeedbackError, match="no allowed word"):
        s.play("soare", "22222")  # would make the answer SOARE, which CRANE did not show
    assert len(s.history) == 1 and s.widened


@pytest.mark.parametrize("mode", ["normal", "hard", "ultra"])
@pytest.mark.parametrize("answer", ["added", "adieu", "snafu", "rebus"])
def test_an_answer_outside_the_list_is_solved(tiny: WordList, answer: str, mode: str) -> None:
    turns = play_game(tiny, answer, get_strategy("entropy"), rules=mode)
    assert turns[-1].word == answer
    g = Game(answer, tiny, rules=mode)
    for t in turns:
        assert g.guess(t.word) == t.step.pattern
    assert g.won and g.session.widened


def test_widened_list_keeps_the_guess_order(tiny: WordList) -> None:
    fits = [tiny.allowed_index[w] for w in ("added", "snafu")]
    wide = widened(tiny, fits)
    assert wide.words.allowed == tiny.allowed
    assert wide.words.answers == ("added", "snafu")
    assert wide.table.shape == (len(tiny.allowed), 2)
    assert [int(p) for p in wide.table[tiny.allowed_index["crane"]]] == [
        feedback("crane", "added"),
        feedback("crane", "snafu"),
    ]
    assert np.allclose(wide.weights, frequency_weights(["added", "snafu"]))


# -- excluded words ---------------------------------------------------------------


def test_excluded_words_are_not_candidates_but_stay_guesses(tiny: WordList) -> None:
    s = Session(tiny, exclude=["CIGAR", " rebut ", "", "zzzzz"])
    assert s.excluded == frozenset({"cigar", "rebut", "zzzzz"})
    assert "cigar" not in s.candidate_words and "rebut" not in s.candidate_words
    assert len(s.candidates) == len(ANSWERS) - 2
    s.play("cigar", "00000")  # still a legal guess
    assert "cigar" not in s.candidate_words


def test_excluded_words_stay_out_after_widening(tiny: WordList) -> None:
    history = ("crane", _pattern("crane", "added"))
    fits = _fits(tiny, [history])
    assert len(fits) > 1
    s = Session(tiny, exclude=[fits[0]])
    s.play(*history)
    assert s.widened and sorted(s.candidate_words) == sorted(fits[1:])


def test_exclusion_that_leaves_no_word_that_fits_is_refused(tiny: WordList) -> None:
    history = ("crane", _pattern("crane", "added"))
    s = Session(tiny, exclude=_fits(tiny, [history]))
    with pytest.raises(InconsistentFeedbackError):
        s.play(*history)


def test_opening_with_exclusions_is_ranked_on_the_candidates_left(tiny: WordList) -> None:
    s = Session(tiny, exclude=ANSWERS[:5])
    fresh = get_strategy("entropy").rank(s.state, 3)
    assert [r.word for r in s.suggest("entropy", 3)] == [r.word for r in fresh]
    full = Session(tiny).suggest("entropy", 3)
    assert [r.score for r in full] != [r.score for r in fresh]


@pytest.mark.parametrize("bad", ["cig4r", "cigars", "ab"])
def test_bad_excluded_word_is_one_clear_error(tiny: WordList, bad: str) -> None:
    with pytest.raises(InvalidWordError, match="excluded word .* is not a 5-letter word"):
        Session(tiny, exclude=[bad])


def test_excluding_every_answer_is_refused(tiny: WordList) -> None:
    with pytest.raises(WordListError, match="excluded words are every answer"):
        Session(tiny, exclude=ANSWERS)


# -- the current answer pool ---------------------------------------------------------


def test_nyt_2023_list_integrity() -> None:
    wl = load_wordlist("nyt-2023")
    assert len(wl.answers) == 3158 and len(wl.allowed) == 14855
    assert list(wl.answers) == sorted(set(wl.answers))
    guesses = set(load_wordlist("nyt").allowed)
    assert set(wl.answers) <= guesses  # nothing appended to the guesses
    assert len(set(wl.answers) - set(load_wordlist("original").answers)) == 856
    assert {"added", "adieu", "snafu"} <= set(wl.answers)
    # the file is the one SOURCES.md describes
    data = resources.files("wordlelab.data")
    sha = hashlib.sha256(data.joinpath("answers-nyt-3158.txt").read_bytes()).hexdigest()
    assert sha in data.joinpath("SOURCES.md").read_text("utf-8")


def test_daily_list_is_the_current_pool_and_the_library_default_stays() -> None:
    assert DAILY_LIST == "nyt-2023" and DAILY_LIST in BUILTIN_LISTS
    assert DEFAULT_LIST == "original"
    assert load_wordlist().name == "original"
