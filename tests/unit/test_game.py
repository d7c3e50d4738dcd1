from __future__ import annotations

import numpy as np
import pytest

from wordlelab import (
    Game,
    GameOverError,
    HardModeError,
    InconsistentFeedbackError,
    InvalidOptionError,
    InvalidPatternError,
    InvalidWordError,
    Session,
    WordList,
    feedback,
)
from wordlelab.state import hard_mode_legal, hard_mode_violation


@pytest.fixture()
def session(words: WordList, table: np.ndarray) -> Session:
    return Session(words, table=table)


def test_candidates_shrink_and_keep_the_answer(words: WordList, table: np.ndarray) -> None:
    s = Session(words, table=table)
    s.play("salet", feedback("salet", "cigar"))
    assert "cigar" in s.candidate_words
    assert all(feedback("salet", w) == feedback("salet", "cigar") for w in s.candidate_words)
    s.play("crony", "gybbb")  # typed form: C green, R yellow
    assert "cigar" in s.candidate_words and len(s.candidate_words) < 30


def test_inconsistent_feedback_is_refused_and_nothing_changes(session: Session) -> None:
    session.play("salet", "00000")
    before = (session.history, session.candidates.copy())
    with pytest.raises(InconsistentFeedbackError, match="check the colours"):
        session.play("crane", "22222")  # crane has an A and an E, both ruled out
    with pytest.raises(InconsistentFeedbackError):
        session.play("salet", "22222")
    assert session.history == before[0]
    assert np.array_equal(session.candidates, before[1])


def test_bad_words_and_patterns_change_nothing(session: Session) -> None:
    for word, pattern, err in [
        ("zzzzz", "00000", InvalidWordError),
        ("sal", "000", InvalidWordError),
        ("salet", "0000", InvalidPatternError),
        ("salet", "gyq..", InvalidPatternError),
        ("salet", 243, InvalidPatternError),
    ]:
        with pytest.raises(err):
            session.play(word, pattern)
    assert session.history == () and len(session.candidates) == 2315


@pytest.mark.parametrize("pattern", [45.7, True, False, None, [0, 1], 12.0])
def test_a_pattern_that_is_neither_an_int_nor_text_is_refused(session: Session, pattern: object) -> None:
    with pytest.raises(InvalidPatternError, match="a pattern is an int"):
        session.play("salet", pattern)  # type: ignore[arg-type]
    assert session.history == () and len(session.candidates) == 2315
    session.play("salet", np.int64(0))  # numpy integers are ints
    assert len(session.history) == 1


def test_a_guess_that_is_not_text_is_refused(session: Session) -> None:
    with pytest.raises(InvalidWordError, match="a word must be text, not int 5"):
        session.play(5, "00000")  # type: ignore[arg-type]
    with pytest.raises(InvalidWordError, match="a word must be text"):
        Game("cigar", session.words).guess(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("top", [-1, 0, True, 2.5, "3"])
def test_suggest_top_below_one_or_not_a_count_is_refused(session: Session, top: object) -> None:
    with pytest.raises(InvalidOptionError, match="top must be a whole number of at least 1"):
        session.suggest("entropy", top)  # type: ignore[arg-type]
    assert [r.word for r in session.suggest("entropy", 2)] == ["soare", "roate"]


def test_undo_restores_previous_state(session: Session) -> None:
    session.play("salet", feedback("salet", "drone"))
    n1 = len(session.candidates)
    session.play("crone", feedback("crone", "drone"))
    session.undo()
    assert len(session.candidates) == n1 and len(session.history) == 1
    session.undo()
    assert len(session.candidates) == 2315
    with pytest.raises(GameOverError, match="nothing to undo"):
        session.undo()


@pytest.mark.parametrize(
    ("history", "guess", "reason"),
    [
        ([("salet", "20000")], "crane", "1st letter must be S"),
        ([("salet", "00002")], "sound", "5th letter must be T"),
        ([("salet", "01000")], "crone", "guess must contain A"),
        # two E's revealed (one green, one yellow) must both be reused
        ([("geese", "01002")], "tepee", None),
        ([("geese", "01002")], "crane", "guess must contain 2 E's"),
        # a grey letter may be reused in hard mode
        ([("salet", "01000")], "sacra", None),
        # greens checked before counts
        ([("salet", "21000")], "craal", "1st letter must be S"),
    ],
)
def test_hard_mode_rule(
    words: WordList, table: np.ndarray, history: list[tuple[str, str]], guess: str, reason: str | None
) -> None:
    s = Session(words, rules="hard", table=table)
    for w, p in history:
        s.play(w, p)
    g = words.guess_id(guess)
    assert hard_mode_violation(words, s.history, g) == reason
    legal = hard_mode_legal(words, s.history)
    assert (g in legal) == (reason is None)
    if reason is None:
        assert s.check_guess(guess) == g
    else:
        with pytest.raises(HardModeError, match=reason):
            s.check_guess(guess)


def test_hard_mode_legal_set_matches_rule_everywhere(words: WordList, table: np.ndarray) -> None:
    s = Session(words, rules="hard", table=table)
    s.play("speed", "ybyyb")  # E E in the answer, S somewhere else
    legal = set(hard_mode_legal(words, s.history).tolist())
    rng = np.random.default_rng(1)
    for g in rng.integers(0, len(words.allowed), 2000):
        assert (int(g) in legal) == (hard_mode_violation(words, s.history, int(g)) is None)
    # every candidate is always playable in hard mode
    assert set(words.answer_to_allowed[s.candidates].tolist()) <= legal


def test_game_referee(words: WordList, table: np.ndarray) -> None:
    g = Game("cigar", words, table=table, max_guesses=3)
    assert g.guess("salet") == feedback("salet", "cigar")
    assert not g.won
    g.guess("cigar")
    assert g.won and g.over
    with pytest.raises(GameOverError):
        g.guess("crane")
    lost = Game("cigar", words, table=table, max_guesses=1)
    lost.guess("salet")
    assert lost.over and not lost.won


def test_game_hard_mode_refuses_and_keeps_state(words: WordList, table: np.ndarray) -> None:
    g = Game("cigar", words, rules="hard", table=table)
    g.guess("crane")  # C green, A and R yellow
    with pytest.raises(HardModeError, match="1st letter must be C"):
        g.guess("salet")
    assert len(g.history) == 1


def test_unknown_answer_refused(words: WordList) -> None:
    with pytest.raises(InvalidWordError, match="not in the allowed guesses"):
        Game("zzzzz", words)
    # an allowed word outside the answers is refused only when the session may not widen
    with pytest.raises(InvalidWordError, match="not a possible answer"):
        Game("salet", words, widen=False)


def test_suggest_opening_is_cached_and_matches_fresh_ranking(words: WordList, table: np.ndarray) -> None:
    from wordlelab import get_strategy

    s = Session(words, table=table)
    cached = s.suggest("entropy", top=3)
    fresh = get_strategy("entropy").rank(s.state, 3)
    assert [r.word for r in cached] == [r.word for r in fresh] == ["soare", "roate", "raise"]


def test_weights_validated(words: WordList, table: np.ndarray) -> None:
    from wordlelab import WordListError

    with pytest.raises(WordListError, match="weights"):
        Session(words, table=table, weights=np.ones(3))
    s = Session(words, table=table, weights=np.ones(len(words.answers)))
    assert s.suggest(top=1)[0].word == "soare"


@pytest.mark.parametrize("name", ["entropy", "minimax", "expected-size", "most-parts"])
@pytest.mark.parametrize("hard", [False, True])
def test_shipped_openings_match_a_fresh_ranking(words: WordList, table: np.ndarray, name: str, hard: bool) -> None:
    from wordlelab import get_strategy
    from wordlelab.game import _opening_key
    from wordlelab.openings import shipped_entry

    s = Session(words, rules="hard" if hard else "normal", table=table)
    strat = get_strategy(name)
    shipped = shipped_entry(_opening_key(s, strat))
    assert isinstance(shipped, list)
    fresh = strat.rank(s.state, len(shipped))
    assert [w for w, _, _ in shipped] == [r.word for r in fresh]
    assert [round(float(x), 9) for _, x, _ in shipped] == [round(r.score, 9) for r in fresh]


def test_replay_plays_each_move_and_names_the_one_that_fails(words: WordList, table: np.ndarray) -> None:
    answer = words.answers[-1]
    first, second = words.allowed[0], words.allowed[1]
    moves = [(w, feedback(w, answer)) for w in (first, second)]
    s = Session(words, table=table)
    s.replay(moves)
    t = Session(words, table=table)
    for w, p in moves:
        t.play(w, p)
    assert s.history == t.history and list(s.candidates) == list(t.candidates)

    u = Session(words, table=table)
    with pytest.raises(InvalidWordError, match=r"^move 2 \(zzzzz\): "):
        u.replay([moves[0], ("ZZZZZ ", "00000")])
    assert len(u.history) == 1  # the move before the bad one stays played
    shown = set(np.asarray(table[words.guess_id(first)]).tolist())
    wrong = next(p for p in range(3**words.length) if p not in shown)  # no answer shows it
    with pytest.raises(InconsistentFeedbackError, match=rf"^move 1 \({first}\): no possible answer"):
        Session(words, table=table, widen=False).replay([(first, wrong)])
