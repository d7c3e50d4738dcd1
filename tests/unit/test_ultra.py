"""Ultra-hard mode: every guess consistent with every clue seen so far."""

from __future__ import annotations

import random

import numpy as np
import pytest

from wordlelab import Game, HardModeError, Mode, Session, State, Step, WordList, load_wordlist, pattern_table
from wordlelab.errors import InvalidOptionError
from wordlelab.feedback import feedback
from wordlelab.modes import as_mode
from wordlelab.review import review_game
from wordlelab.search import Solver
from wordlelab.simulate import run_benchmark
from wordlelab.state import hard_mode_legal, ultra_legal, ultra_violation
from wordlelab.strategies import strategy_names


def reference(words: WordList, history: tuple[Step, ...]) -> list[int]:
    """The definition in plain Python: words that would show every step's pattern."""
    return [
        w
        for w, word in enumerate(words.allowed)
        if all(feedback(words.allowed[s.guess], word) == s.pattern for s in history)
    ]


def _small(seed: int) -> WordList:
    full = load_wordlist()
    rng = random.Random(seed)
    letters = set("aerstlinoc")  # few letters: many repeats and shared letters
    answers = rng.sample([w for w in full.answers if set(w) <= letters], 30)
    others = [w for w in full.allowed if set(w) <= letters and w not in answers]
    return WordList.from_words(answers, answers + rng.sample(others, 60), name=f"u{seed}")


@pytest.mark.parametrize("seed", range(8))
def test_legal_guesses_are_exactly_the_consistent_words(seed: int) -> None:
    words = _small(seed)
    table = pattern_table(words)
    rng = random.Random(seed)
    for _ in range(15):
        answer = rng.randrange(len(words.answers))
        state = State.initial(words, table, rules="ultra")
        for _ in range(4):
            g = rng.choice(state.legal.tolist())  # any legal guess, often not a candidate
            state = state.after(Step(g, int(table[g, answer])))
            expected = reference(words, state.history)
            assert state.legal.tolist() == expected
            assert ultra_legal(words, state.history).tolist() == expected
            # every candidate is legal, and ultra is stricter than hard
            assert set(words.answer_to_allowed[state.candidates].tolist()) <= set(expected)
            assert set(expected) <= set(hard_mode_legal(words, state.history).tolist())
            for w in range(len(words.allowed)):
                assert (ultra_violation(words, state.history, w) is None) == (w in set(expected))


def test_breaches_are_refused_with_the_reason(words: WordList) -> None:
    session = Session(words, rules="ultra")
    session.play("salet", "01012")  # S grey, A yellow 2nd, L grey, E yellow 4th, T green
    with pytest.raises(HardModeError, match="2nd letter may not be A: it was yellow there"):
        session.play("caret", "00000")
    with pytest.raises(HardModeError, match="guess may not contain S: it was grey in SALET"):
        session.play("beast", "00000")
    with pytest.raises(HardModeError, match="5th letter must be T"):
        session.play("crane", "00000")
    assert len(session.history) == 1  # nothing changed
    session.play("react", "22222")  # legal: consistent with SALET 01012
    # hard mode accepts what ultra refuses
    hard = Session(words, rules="hard")
    hard.play("salet", "01012")
    hard.play("caret", feedback("caret", "react"))


def test_repeated_letter_counts(words: WordList) -> None:
    # EERIE against MODEL: the first E yellow, the others grey, so the answer has
    # exactly one E: a guess with two is refused, though hard mode takes it
    game = Game("model", words, rules="ultra")
    assert game.guess("eerie") == 1
    assert game.state.violation(words.guess_id("adeem")) == (
        "guess may contain only 1 copy of E: EERIE showed that many"
    )
    assert game.state.violation(words.guess_id("adeem"), mode="hard") is None
    assert game.state.violation(words.guess_id("model")) is None


def test_session_and_game_say_their_mode(words: WordList) -> None:
    assert Session(words, rules="ultra").mode is Mode.ULTRA
    assert Session(words, rules="hard").mode is Mode.HARD
    assert Game("cigar", words, rules="ultra").mode is Mode.ULTRA
    with pytest.raises(InvalidOptionError, match="`mode`"):
        Session(words, rules="extreme")
    with pytest.raises(InvalidOptionError, match="`hard` and `mode` disagree"):
        as_mode("ultra", hard=True)


@pytest.mark.parametrize("seed", range(6))
def test_ultra_total_is_never_below_hard(seed: int) -> None:
    words = _small(seed)
    table = pattern_table(words)
    cands = np.arange(len(words.answers))
    normal = Solver(words, table).value(cands)
    hard = Solver(words, table, rules="hard").value(cands)
    ultra = Solver(words, table, rules="ultra").value(cands)
    assert normal <= hard <= ultra
    for g in range(0, len(words.allowed), 7):  # forced openers too
        h = Solver(words, table, rules="hard").value(cands, guess=g)
        u = Solver(words, table, rules="ultra").value(cands, guess=g)
        assert h <= u


def test_ultra_tree_replays_legally(small_words: WordList) -> None:
    from wordlelab.search import verify_tree

    table = pattern_table(small_words)
    result = Solver(small_words, table, rules="ultra").solve("salet")
    v = verify_tree(result.tree, table)
    assert v.mode is Mode.ULTRA and v.stats.total == result.total
    for steps in result.tree.paths(table):
        for i, s in enumerate(steps):
            assert s.guess in reference(small_words, tuple(steps[:i]))


def test_every_strategy_plays_legally_in_ultra_mode(small_words: WordList) -> None:
    """The walk raises if a strategy returns a guess the mode does not allow."""
    table = pattern_table(small_words)
    for name in strategy_names():  # the expensive ones too: the list is small
        res = run_benchmark(small_words, name, rules="ultra", table=table)
        assert res.mode is Mode.ULTRA and res.games == len(small_words.answers)
        assert res.to_dict()["mode"] == "ultra"


def test_review_flags_ultra_breaches(words: WordList) -> None:
    r = review_game(words, ["salet", "caret", "react"], answer="react", rules="ultra")
    assert r.mode is Mode.ULTRA and r.to_dict()["mode"] == "ultra"
    assert [g.guess for g in r.breaches] == ["caret"]
    assert "yellow there" in str(r.breaches[0].hard_mode_breach)
    # the same game in hard mode breaks nothing
    assert not review_game(words, ["salet", "caret", "react"], answer="react", rules="hard").breaches


def _lost_reference(words: WordList, table: np.ndarray, mode: str, cands: tuple[int, ...], history, d: int) -> int:  # type: ignore[no-untyped-def]
    """The least number of ``cands`` any strategy fails to find within ``d`` guesses,
    by plain recursion over every legal guess (legality by the rules' definitions)."""
    if d == 0:
        return len(cands)
    if len(cands) == 1:
        return 0
    if mode == "ultra":
        legal = reference(words, history)
    elif mode == "hard":
        legal = hard_mode_legal(words, history).tolist()
    else:
        legal = list(range(len(words.allowed)))
    best = len(cands)
    for g in legal:
        groups: dict[int, list[int]] = {}
        for c in cands:
            groups.setdefault(int(table[g, c]), []).append(c)
        win = 3**words.length - 1
        lost = sum(
            _lost_reference(words, table, mode, tuple(b), (*history, Step(g, p)), d - 1)
            for p, b in groups.items()
            if p != win
        )
        best = min(best, lost)
    return best


@pytest.mark.parametrize("mode", ["hard", "ultra"])
@pytest.mark.parametrize("cap", [2, 3, 4])
def test_shortfall_equals_brute_force(mode: str, cap: int) -> None:
    from wordlelab.search import CapTooTightError, shortfall

    answers = ["batch", "catch", "hatch", "latch", "match", "patch", "watch", "wight", "fight"]
    extra = ["chomp", "blimp", "whelm", "plumb", "champ", "tacit"]
    words = WordList.from_words(answers, answers + extra, name="atch")
    table = pattern_table(words)
    solver = Solver(words, table, rules=mode, max_guesses=cap)
    for start in ("chomp", "batch", "tacit"):
        g = words.guess_id(start)
        expected = 0
        for p in sorted(set(table[g].tolist())):
            if p == 3**5 - 1:
                continue
            group = tuple(i for i in range(len(answers)) if table[g, i] == p)
            expected += _lost_reference(words, table, mode, group, (Step(g, p),), cap - 1)
        sf = shortfall(solver, start)
        assert sf.lost == expected == sum(n for _, _, n in sf.groups)
        if expected:
            with pytest.raises(CapTooTightError):
                solver.solve(start)
