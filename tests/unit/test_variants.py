"""Absurdle (adversary, solver checked against brute force) and multi-board games."""

from __future__ import annotations

import functools
import random

import numpy as np
import pytest

from wordlelab import WordList, feedback
from wordlelab.errors import GameOverError, InvalidWordError, WordlelabError
from wordlelab.feedback import Mark, decode
from wordlelab.variants import (
    MULTI_PRESETS,
    Absurdle,
    MultiGame,
    MultiSolver,
    play_multi,
    solve_absurdle,
    verify_line,
)

# ---------------------------------------------------------------- Absurdle


def _reference_reply(guess: str, cands: frozenset[str]) -> tuple[int, frozenset[str]]:
    """The adversary's rule written out plainly with the reference feedback."""
    buckets: dict[int, set[str]] = {}
    for c in cands:
        buckets.setdefault(feedback(guess, c), set()).add(c)

    def key(p: int) -> tuple[int, int, int, int]:
        marks = decode(p, len(guess))
        return (-len(buckets[p]), marks.count(Mark.GREEN), marks.count(Mark.YELLOW), p)

    p = min(buckets, key=key)
    return p, frozenset(buckets[p])


def _brute_force_best(words: WordList, limit: int = 6) -> int | None:
    """Fewest guesses forcing a win, by plain exhaustive recursion (no bounds)."""

    @functools.cache
    def best(cands: frozenset[str], left: int) -> int | None:
        if len(cands) == 1:
            return 1
        if left <= 1:
            return None
        out = None
        for g in words.allowed:
            _, kept = _reference_reply(g, cands)
            if kept == cands:
                continue  # no progress
            sub = best(kept, left - 1)
            if sub is not None and (out is None or sub + 1 < out):
                out = sub + 1
        return out

    return best(frozenset(words.answers), limit)


def _random_list(seed: int, n_answers: int, n_extra: int, source: WordList) -> WordList:
    rng = random.Random(seed)
    answers = rng.sample(source.answers, n_answers)
    extra = rng.sample([w for w in source.allowed if w not in answers], n_extra)
    return WordList.from_words(sorted(answers), sorted(answers + extra), name=f"rand{seed}")


def test_adversary_keeps_largest_bucket_by_the_documented_tie_rule(small_words):
    game = Absurdle(small_words)
    cands = frozenset(small_words.answers)
    for word in ("salet", "crane", "mummy", "abase"):
        want_p, want = _reference_reply(word, cands)
        p = game.guess(word)
        assert p == want_p
        assert frozenset(small_words.answers[i] for i in game.candidates) == want
        cands = want
        if game.won:
            break


def test_all_green_only_when_forced(small_words):
    two = WordList.from_words(["crate", "grade"], ["crate", "grade"], name="two")
    game = Absurdle(two)
    assert game.guess("crate") != 242  # the other word's bucket ties and has fewer greens
    assert not game.won
    assert game.guess("grade") == 242 and game.won
    with pytest.raises(GameOverError):
        game.guess("crate")


def test_absurdle_refuses_bad_words_without_changing_state(small_words):
    game = Absurdle(small_words)
    with pytest.raises(InvalidWordError):
        game.guess("zzzzz")
    assert len(game.candidates) == len(small_words.answers) and not game.history


@pytest.mark.parametrize("seed", range(6))
def test_solver_matches_brute_force(seed, small_words):
    wl = _random_list(seed, n_answers=6 + seed, n_extra=4, source=small_words)
    want = _brute_force_best(wl)
    proof = solve_absurdle(wl)
    assert proof.best == want
    assert proof.proven_optimal == (want is not None)
    if want is not None:
        assert verify_line(wl, proof.line).won
        assert len(proof.line) == want
        assert proof.remaining[-1] == 0
        assert [d.outcome for d in proof.depths] == ["impossible"] * (want - 1) + ["win"]


@pytest.mark.parametrize(
    "answers, extra",
    [
        ("bight fight light might night right sight", ""),
        ("bound found hound mound pound round sound wound", "shrub"),
        ("hatch latch match patch watch batch catch", "plumb"),
    ],
)
def test_solver_matches_brute_force_on_rhymes(answers, extra):
    # rhyming lists force long games (one word per guess in the worst case)
    wl = WordList.from_words(answers.split(), answers.split() + extra.split(), name="rhymes")
    want = _brute_force_best(wl, limit=12)
    proof = solve_absurdle(wl, max_depth=12)
    assert want is not None and want >= 4
    assert proof.best == want and proof.proven_optimal
    assert verify_line(wl, proof.line).won


@pytest.mark.slow
def test_solver_on_small_words(small_words):
    proof = solve_absurdle(small_words)
    assert proof.best == _brute_force_best(small_words, limit=5)
    game = verify_line(small_words, proof.line)
    assert game.won
    assert "optimal" in proof.summary()


def test_solver_limits_are_reported_honestly(small_words):
    proof = solve_absurdle(small_words, max_nodes=0)
    assert proof.best is None and not proof.proven_optimal
    assert proof.depths[-1].outcome == "limit"
    assert "no forced win found" in proof.summary()


def test_verify_line_rejects_extra_guesses(small_words):
    proof = solve_absurdle(small_words)
    with pytest.raises(WordlelabError, match="wins before"):
        verify_line(small_words, proof.line + ["crate"])


def test_full_list_four_is_optimal(words, table):
    proof = solve_absurdle(words, table, max_seconds=300)
    # 3 guesses are excluded by the bound alone: no guess makes more than
    # max_parts groups, but the first guess always keeps more words than that
    assert proof.max_parts < proof.min_first_bucket
    assert proof.best == 4 and proof.proven_optimal
    assert verify_line(words, proof.line, table).won


# ---------------------------------------------------------------- multi-board


def test_presets():
    assert MULTI_PRESETS == {"dordle": (2, 7), "quordle": (4, 9), "octordle": (8, 13)}


def test_multi_game_patterns_and_solved_boards(small_words):
    game = MultiGame(["crate", "mimic"], small_words)
    assert game.max_guesses == 7
    pats = game.guess("crate")
    assert pats == [242, feedback("crate", "mimic")]
    assert game.solved_at == [1, None] and not game.won
    assert game.unsolved() == [1]
    assert game.guess("mimic") == [None, 242]
    assert game.won and game.over
    with pytest.raises(GameOverError):
        game.guess("salet")


def test_multi_game_runs_out_of_guesses(small_words):
    game = MultiGame(["crate", "mimic"], small_words, max_guesses=1)
    game.guess("salet")
    assert game.over and not game.won
    with pytest.raises(GameOverError):
        game.guess("crate")


def test_multi_game_bad_input(small_words):
    with pytest.raises(WordlelabError):
        MultiGame([], small_words)
    with pytest.raises(InvalidWordError):
        MultiGame(["eerie"], small_words)  # a guess, not an answer
    game = MultiGame(["crate"], small_words)
    with pytest.raises(InvalidWordError):
        game.guess("zzzzz")
    assert game.guesses == []


def test_solver_plays_a_board_with_one_candidate(small_words):
    solver = MultiSolver(small_words)
    full = np.arange(len(small_words.answers), dtype=np.int64)
    one = np.array([small_words.answer_id("mimic")], dtype=np.int64)
    assert small_words.allowed[solver.choose([full, one])] == "mimic"
    with pytest.raises(WordlelabError):
        solver.choose([])


def test_solver_maximises_the_documented_score(small_words):
    solver = MultiSolver(small_words)
    rng = np.random.default_rng(0)
    boards = [np.sort(rng.choice(len(small_words.answers), 12, replace=False)) for _ in range(3)]
    g = solver.choose(boards)

    # recompute the score with the reference feedback for the chosen and every other guess
    def score(word: str) -> float:
        total = 0.0
        for cands in boards:
            ws = [small_words.answers[i] for i in cands]
            pats = [feedback(word, w) for w in ws]
            probs = np.array([pats.count(p) for p in set(pats)]) / len(ws)
            total += float(-(probs * np.log2(probs)).sum()) + (word in ws) / len(ws)
        return total

    best = max(score(w) for w in small_words.allowed)
    assert score(small_words.allowed[g]) == pytest.approx(best)


@pytest.mark.parametrize("boards", [1, 2, 4, 8])
def test_play_multi_is_consistent(boards, small_words):
    rng = random.Random(boards)
    for _ in range(3):
        answers = rng.sample(small_words.answers, boards)
        r = play_multi(small_words, answers)
        assert r.answers == answers and r.max_guesses == boards + 5
        assert len(r.guesses) <= r.max_guesses and len(r.patterns) == len(r.guesses)
        for b, t in enumerate(r.solved_at):
            if t is not None:
                assert r.guesses[t - 1] == answers[b]
                assert answers[b] not in r.guesses[: t - 1]
            else:
                assert answers[b] not in r.guesses
        for turn, pats in enumerate(r.patterns, start=1):
            for b, p in enumerate(pats):
                solved_before = r.solved_at[b] is not None and r.solved_at[b] < turn
                assert (p is None) == solved_before
                if p is not None:
                    assert p == feedback(r.guesses[turn - 1], answers[b])
        assert r.won == all(t is not None for t in r.solved_at)
        if r.won:
            assert len(r.guesses) == max(t for t in r.solved_at if t is not None)


def test_quordle_full_list(words, table):
    r = play_multi(words, ["cigar", "rebut", "sissy", "humph"], table=table)
    assert r.won and len(r.guesses) <= 9


# ---------------------------------------------------------------- CLI (in-process)


def _cli():
    from typer.testing import CliRunner

    from wordlelab.cli import app

    return CliRunner(), app


def test_cli_absurdle_solve_writes_proof(tmp_path):
    import json

    runner, app = _cli()
    out = tmp_path / "proof.json"
    res = runner.invoke(app, ["absurdle", "--solve", "--out", str(out)])
    assert res.exit_code == 0, res.output
    assert "4 is optimal" in res.output
    data = json.loads(out.read_text())
    assert data["best"] == 4 and data["proven_optimal"] is True and len(data["line"]) == 4


def test_cli_absurdle_play_survives_garbage_and_wins():
    runner, app = _cli()
    from wordlelab import load_wordlist

    line = solve_absurdle(load_wordlist()).line
    text = "\n".join(["", "12345", "toolongword", "zzzzz", "sal et", *line]) + "\n"
    res = runner.invoke(app, ["absurdle"], input=text)
    assert res.exit_code == 0, res.output
    assert f"You won in {len(line)} guesses." in res.output
    res = runner.invoke(app, ["absurdle"], input="salet\n")  # end of input: not won
    assert res.exit_code == 1 and "words possible" in res.output


def test_cli_multi_solve_and_json():
    import json

    runner, app = _cli()
    res = runner.invoke(app, ["multi", "--boards", "4", "--seed", "7", "--solve"])
    assert "Quordle: 4 boards, 9 guesses" in res.output
    assert res.exit_code in (0, 1) and ("won: all 4 boards" in res.output) == (res.exit_code == 0)
    res = runner.invoke(app, ["multi", "--answers", "cigar,rebut", "--solve", "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["answers"] == ["cigar", "rebut"] and data["won"] and data["max_guesses"] == 7


def test_cli_multi_play_interactive():
    runner, app = _cli()
    res = runner.invoke(app, ["multi", "--answers", "cigar,rebut"], input="zzzzz\n\nsalet\ncigar\nrebut\n")
    assert res.exit_code == 0, res.output
    assert "won: all 2 boards in 3/7 guesses" in res.output
    res = runner.invoke(app, ["multi", "--answers", "cigar,aahed"])
    assert res.exit_code == 2 and "not a possible answer" in res.output
    res = runner.invoke(app, ["multi", "-b", "2", "--seed", "1"], input="quit\n")
    assert res.exit_code == 1 and "unsolved boards" in res.output
