"""Benchmark statistics on hand-computable lists, and the tree walk against single games."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from wordlelab import WordList, get_strategy
from wordlelab.errors import InvalidOptionError, InvalidWordError
from wordlelab.simulate import UNSOLVED, Results, combine, play_game, run_benchmark


def ladder(n: int) -> WordList:
    """``xab, xac, ...``: every guess among them rules out exactly one answer."""
    answers = ["xa" + c for c in "bcdefghijklmnop"[:n]]
    return WordList.from_words(answers, name="ladder")


def test_ladder_statistics_by_hand() -> None:
    # candidates-only entropy: all guesses tie (1 vs n-1 split), so word order decides:
    # xab is found in 1 guess, xac in 2, ..., xaj in 9.
    r = run_benchmark(ladder(9), get_strategy("entropy", candidates_only=True))
    assert list(r.answers) == ["xab", "xac", "xad", "xae", "xaf", "xag", "xah", "xai", "xaj"]
    assert list(r.guesses) == [1, 2, 3, 4, 5, 6, 7, 8, 9]
    assert r.mean == 5.0
    assert r.mean_wins == 3.5  # games 1..6 only
    assert r.std == pytest.approx(math.sqrt(60 / 9))  # population SD of 1..9
    assert r.max == 9
    assert r.wins == 6 and r.busts == 3 and r.unsolved == 0
    assert r.win_rate == pytest.approx(6 / 9)
    assert r.histogram == {"1": 1, "2": 1, "3": 1, "4": 1, "5": 1, "6": 1, "7+": 3}
    assert r.full_histogram == {k: 1 for k in range(1, 10)}
    assert r.hardest(2) == [("xaj", 9), ("xai", 8)]
    assert r.opening == "xab"
    assert r.paths[2] == ("xab", "xac", "xad")
    d = r.to_dict()
    assert json.loads(json.dumps(d))["histogram"]["7+"] == 3
    assert d["mean"] == 5.0 and d["max"] == 9


def test_a_probe_word_splits_everything() -> None:
    # "dex" separates abc (000), abd (d yellow) and abe (e yellow): every game takes 2.
    wl = WordList.from_words(["abc", "abd", "abe"], ["abc", "abd", "abe", "dex"], name="probe")
    r = run_benchmark(wl, "entropy")
    assert r.opening == "dex"
    assert list(r.guesses) == [2, 2, 2]
    assert (r.mean, r.std, r.max, r.win_rate) == (2.0, 0.0, 2, 1.0)
    # forcing the opener: abc first, then {abd, abe} share a bucket -> abd, then abe
    r = run_benchmark(wl, "entropy", start="abc")
    assert list(r.guesses) == [1, 2, 3]
    assert r.start == "abc"


def test_abandoned_games_are_recorded() -> None:
    r = run_benchmark(ladder(4), get_strategy("entropy", candidates_only=True), max_turns=2)
    assert list(r.guesses) == [1, 2, UNSOLVED, UNSOLVED]
    assert r.unsolved == 2 and r.busts == 2
    assert r.mean == 1.5 and r.max == 2
    assert r.histogram["7+"] == 2
    assert r.hardest(1)[0][1] == UNSOLVED


def test_answers_subset_by_word_or_index(small_words: WordList) -> None:
    full = run_benchmark(small_words, "minimax")
    part = run_benchmark(small_words, "minimax", answers=["rebut", 0, "cigar"])
    assert part.answers == ("cigar", "rebut")
    lookup = dict(zip(full.answers, full.guesses, strict=True))
    assert [lookup[a] for a in part.answers] == list(part.guesses)
    with pytest.raises(InvalidWordError):
        run_benchmark(small_words, "minimax", answers=["zzzzz"])
    with pytest.raises(InvalidWordError):
        run_benchmark(small_words, "minimax", answers=[999])


@pytest.mark.parametrize("name", ["entropy", "minimax", "expected-size", "most-parts"])
@pytest.mark.parametrize("hard", [False, True])
def test_tree_walk_equals_single_games(small_words: WordList, name: str, hard: bool) -> None:
    strat = get_strategy(name)
    r = run_benchmark(small_words, strat, rules="hard" if hard else "normal")
    assert r.complete and r.games == len(small_words.answers)
    for answer, n, path in zip(r.answers, r.guesses, r.paths, strict=True):
        turns = play_game(small_words, answer, strat, rules="hard" if hard else "normal")
        assert [t.word for t in turns] == list(path)
        assert len(turns) == n


def test_tree_walk_equals_single_games_default_lists(words: WordList, table: np.ndarray) -> None:
    strat = get_strategy("entropy")
    some = list(range(0, len(words.answers), 150))
    r = run_benchmark(words, strat, answers=some, table=table)
    for answer, path in zip(r.answers, r.paths, strict=True):
        assert [t.word for t in play_game(words, answer, strat, table=table)] == list(path)


def test_interrupt_keeps_finished_games(small_words: WordList) -> None:
    seen = []

    def progress(done: int, total: int) -> None:
        seen.append(done)
        if done >= 10:
            raise KeyboardInterrupt

    r = run_benchmark(small_words, "entropy", progress=progress)
    assert not r.complete
    assert 10 <= r.games < len(small_words.answers)
    assert all(g > 0 for g in r.guesses)
    assert r.to_dict()["complete"] is False


def test_combine_pools_games() -> None:
    wl = ladder(3)
    a = run_benchmark(wl, get_strategy("entropy", candidates_only=True))
    b = run_benchmark(wl, get_strategy("entropy", candidates_only=True), start="xad")
    c = combine([a, b])
    assert c.games == 6
    assert list(c.guesses) == [1, 2, 3, 2, 3, 1]
    assert c.start == "xad"
    assert isinstance(c, Results)
    with pytest.raises(InvalidOptionError, match="same strategy"):
        combine([a, run_benchmark(wl, "minimax")])


def test_pooled_hardest_names_each_answer_once() -> None:
    wl = ladder(3)
    a = run_benchmark(wl, get_strategy("entropy", candidates_only=True))  # xab 1, xac 2, xad 3
    b = run_benchmark(wl, get_strategy("entropy", candidates_only=True), start="xad")  # 2, 3, 1
    c = combine([a, b])
    # worst game first (xac 3 and xad 3), ties by mean (xac 2.5 > xad 2.0); xab: worst 2
    assert c.hardest(10) == [("xac", 3), ("xad", 3), ("xab", 2)]
    assert c.to_dict()["hardest"] == [["xac", 3], ["xad", 3], ["xab", 2]]
    # an abandoned game is the worst of all, in any run
    d = combine([a, run_benchmark(wl, get_strategy("entropy", candidates_only=True), max_turns=1)])
    # (xad's other game took 3, xac's 2, so xad ranks first)
    assert d.hardest(2) == [("xad", UNSOLVED), ("xac", UNSOLVED)]
    assert [w for w, _ in d.hardest(10)] == ["xad", "xac", "xab"]


@pytest.mark.parametrize("processes", [1, 2])
def test_run_jobs_keeps_finished_runs_on_ctrl_c_in_a_callback(small_words: WordList, processes: int) -> None:
    import multiprocessing

    from wordlelab.simulate import Job, run_jobs

    jobs = [Job("entropy"), Job("minimax"), Job("most-parts")]
    got: list[int] = []

    def on_result(i: int, r: Results) -> None:
        got.append(i)
        raise KeyboardInterrupt  # Ctrl-C as the first run's result arrives

    out = run_jobs(small_words, jobs, processes=processes, on_result=on_result)
    assert len(got) == 1 and out[got[0]] is not None and out[got[0]].complete
    assert not multiprocessing.active_children()  # the workers are stopped and waited for


@pytest.mark.parametrize("max_turns", [0, -1, True])
def test_run_benchmark_refuses_max_turns_below_one(small_words: WordList, max_turns: int) -> None:
    with pytest.raises(InvalidOptionError, match="max_turns must be a whole number of at least 1"):
        run_benchmark(small_words, "entropy", max_turns=max_turns)


def test_an_answer_given_as_true_is_refused(small_words: WordList) -> None:
    with pytest.raises(InvalidWordError, match="a word or an index, not True"):
        run_benchmark(small_words, "entropy", answers=[True])


def test_results_say_mode_once_and_old_files_with_hard_still_read() -> None:
    r = run_benchmark(ladder(4), "entropy", rules="hard")
    d = r.to_dict()
    assert d["mode"] == "hard" and d["rule"] == "official" and "hard" not in d
    assert Results.from_dict(d).rules == r.rules
    old = {k: v for k, v in d.items() if k != "mode"} | {"hard": True}  # written before `mode`
    assert Results.from_dict(old).mode.value == "hard"
    del old["hard"]
    assert Results.from_dict(old).mode.value == "normal"


def test_results_refuse_rules_that_cannot_go_together() -> None:
    from wordlelab.errors import ResultsFileError

    d = run_benchmark(ladder(4), "entropy").to_dict() | {"mode": "ultra", "rule": "naive"}
    with pytest.raises(ResultsFileError, match="not a benchmark result"):
        Results.from_dict(d)
