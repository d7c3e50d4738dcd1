"""State's transitions (initial, after, split, children) against plain-Python oracles.

The oracles read the words as text and score them with :func:`feedback`: the
candidates are the answers that give every pattern of the history, and a guess
is legal in hard mode when, for every step, it keeps that step's greens in
place and holds at least as many copies of each letter as the step revealed.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from wordlelab import Mode, State, Step, WordList, feedback, parse_pattern
from wordlelab.feedback import Mark, decode
from wordlelab.state import Hints, hard_mode_legal


def _oracle_candidates(words: WordList, history: tuple[Step, ...]) -> list[int]:
    steps = [(words.allowed[s.guess], s.pattern) for s in history]
    return [i for i, a in enumerate(words.answers) if all(feedback(g, a) == p for g, p in steps)]


def _oracle_hard_legal(words: WordList, history: tuple[Step, ...]) -> list[int]:
    rules = []
    for s in history:
        word = words.allowed[s.guess]
        marks = decode(s.pattern, words.length)
        greens = [(i, word[i]) for i, m in enumerate(marks) if m == Mark.GREEN]
        least = Counter(word[i] for i, m in enumerate(marks) if m != Mark.GREY)
        rules.append((greens, least))
    return [
        j
        for j, w in enumerate(words.allowed)
        if all(
            all(w[i] == c for i, c in greens) and all(w.count(c) >= k for c, k in least.items())
            for greens, least in rules
        )
    ]


def _random_history(words: WordList, table: np.ndarray, rng: np.random.Generator, hard: bool) -> list[Step]:
    """Up to four guesses against a random answer, each legal when it is played."""
    answer = int(rng.integers(len(words.answers)))
    state = State.initial(words, table, rules="hard" if hard else "normal")
    steps = []
    for _ in range(4):
        g = int(rng.choice(state.legal))
        step = Step(g, int(table[g, answer]))
        steps.append(step)
        state = state.after(step)
        if step.pattern == state.win:
            break
    return steps


def test_initial_state_is_the_start_of_a_game(small_words: WordList) -> None:
    from wordlelab import pattern_table

    table = pattern_table(small_words)
    s = State.initial(small_words, table, rules="hard")
    assert s.candidates.tolist() == list(range(len(small_words.answers)))
    assert s.legal.tolist() == list(range(len(small_words.allowed)))
    assert s.history == () and s.hard and s.turn == 1
    assert s.hints == Hints()
    assert not s.candidates.flags.writeable and not s.legal.flags.writeable


@pytest.mark.parametrize("hard", [False, True], ids=["normal", "hard"])
def test_after_matches_the_rule_replayed_from_scratch(words: WordList, table: np.ndarray, hard: bool) -> None:
    rng = np.random.default_rng(11 if hard else 12)
    everything = list(range(len(words.allowed)))
    for _ in range(6):
        state = State.initial(words, table, rules="hard" if hard else "normal")
        for step in _random_history(words, table, rng, hard):
            state = state.after(step)
            assert state.candidates.tolist() == _oracle_candidates(words, state.history)
            want_legal = _oracle_hard_legal(words, state.history) if hard else everything
            assert state.legal.tolist() == want_legal
            # the hints carried forward are those of the whole history
            assert state.hints == Hints.of(words, state.history)
            assert np.array_equal(hard_mode_legal(words, state.history), _oracle_hard_legal(words, state.history))


def test_a_state_built_from_a_history_derives_its_hints(words: WordList, table: np.ndarray) -> None:
    history = (
        Step(words.guess_id("geese"), parse_pattern("01002", 5)),
        Step(words.guess_id("tepee"), parse_pattern("02000", 5)),
    )
    moved = State.initial(words, table, rules="hard").after(history[0]).after(history[1])
    built = State(
        words=words, table=table, candidates=moved.candidates, legal=moved.legal, history=history, rules=Mode.HARD
    )
    assert built.hints == moved.hints == Hints.of(words, history)
    for word in ("eerie", "tepee", "crane"):
        assert built.violation(words.guess_id(word)) == moved.violation(words.guess_id(word))


def test_fields_are_keyword_only(small_words: WordList) -> None:
    from wordlelab import pattern_table

    table = pattern_table(small_words)
    cands = np.arange(3, dtype=np.int64)
    legal = np.arange(len(small_words.allowed), dtype=np.int64)
    with pytest.raises(TypeError):
        State(small_words, table, cands, legal)  # type: ignore[misc]


def test_split_groups_the_candidates_by_pattern(words: WordList, table: np.ndarray) -> None:
    state = State.initial(words, table).after(Step(words.guess_id("salet"), 0))
    for guess in ("crony", "mummy", "eerie", "aahed"):
        g = words.guess_id(guess)
        groups = state.split(g)
        patterns = [p for p, _ in groups]
        assert patterns == sorted(set(patterns))
        assert sorted(np.concatenate([c for _, c in groups]).tolist()) == state.candidates.tolist()
        for p, members in groups:
            assert len(members) > 0 and members.tolist() == sorted(members.tolist())
            assert all(feedback(guess, words.answers[i]) == p for i in members)


def test_split_of_no_candidates_is_empty(small_words: WordList) -> None:
    from wordlelab import pattern_table

    table = pattern_table(small_words)
    s = State.initial(small_words, table)
    empty = s.after(Step(small_words.guess_id("salet"), 3**5 - 2))  # no answer shows this
    assert len(empty.candidates) == 0
    assert empty.split(0) == []


@pytest.mark.parametrize("hard", [False, True], ids=["normal", "hard"])
def test_children_are_the_states_after_each_pattern(words: WordList, table: np.ndarray, hard: bool) -> None:
    state = State.initial(words, table, rules="hard" if hard else "normal").after(Step(words.guess_id("crane"), 0))
    g = words.guess_id("spilt")
    children = state.children(g)
    assert [p for p, _ in children] == [p for p, _ in state.split(g)]
    for p, child in children:
        after = state.after(Step(g, p))
        assert child.history == after.history == state.history + (Step(g, p),)
        assert np.array_equal(child.candidates, after.candidates)
        assert np.array_equal(child.legal, after.legal)
        assert child.hints == after.hints and child.hard == hard
