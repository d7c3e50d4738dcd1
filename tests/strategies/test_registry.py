"""One matrix over the whole registry: every strategy (including ones added later)
solves a small fixed list in normal and hard mode and never plays an illegal
hard-mode guess; the tree-walk shortcut is checked against each strategy it
applies to; the default strategy's games are pinned."""

from __future__ import annotations

import re

import numpy as np
import pytest

from wordlelab import Game, WordList, get_strategy, strategy_names
from wordlelab.game import DEFAULT_STRATEGY
from wordlelab.simulate import endgame_limit, run_benchmark
from wordlelab.state import State, Step
from wordlelab.strategies import strategy_class
from wordlelab.table import pattern_table


def make(name: str):  # type: ignore[no-untyped-def]
    return get_strategy(name, seed=7) if strategy_class(name).randomized else get_strategy(name)


@pytest.mark.parametrize("hard", [False, True], ids=["normal", "hard"])
@pytest.mark.parametrize("name", strategy_names())
def test_every_strategy_solves_the_small_list(small_words: WordList, name: str, hard: bool) -> None:
    strat = make(name)
    r = run_benchmark(small_words, strat, rules="hard" if hard else "normal")
    assert r.complete and r.games == len(small_words.answers)
    assert r.unsolved == 0, f"{name} abandoned {r.hardest(3)}"
    # replay every game with a referee that refuses illegal hard-mode guesses
    for answer, path in zip(r.answers, r.paths, strict=True):
        game = Game(answer, small_words, rules="hard" if hard else "normal", max_guesses=None)
        for word in path:
            game.guess(word)  # raises HardModeError on an illegal guess
        assert game.won


@pytest.mark.parametrize("name", strategy_names())
def test_rank_is_sorted_and_choose_is_its_head(small_words: WordList, name: str) -> None:
    strat = make(name)
    table = pattern_table(small_words)
    cands = np.arange(0, len(small_words.answers), 3, dtype=np.int64)
    legal = np.arange(len(small_words.allowed), dtype=np.int64)
    state = State(words=small_words, table=table, candidates=cands, legal=legal)
    ranked = strat.rank(state, 3)
    assert 1 <= len(ranked) <= 3
    assert strat.choose(state) == ranked[0].guess
    assert all(r.word == small_words.allowed[r.guess] for r in ranked)
    assert strat.choose(state) == strat.choose(state)  # repeatable


#: the strategies the tree walk does not ask with one or two candidates left
SHORTCUT = [n for n in strategy_names() if endgame_limit(make(n)) > 0]


def test_the_core_strategies_take_the_endgame_shortcut() -> None:
    assert {"entropy", "expected-size", "most-parts", "minimax", "entropy-2"} <= set(SHORTCUT)


@pytest.mark.parametrize("name", SHORTCUT)
def test_endgame_shortcut_matches_choose(small_words: WordList, name: str) -> None:
    """Where the tree walk skips asking a strategy (1-2 candidates left), the
    strategy itself must agree: it plays the candidate with the lowest index."""
    strat = make(name)
    limit = endgame_limit(strat)
    table = pattern_table(small_words)
    rng = np.random.default_rng(3)
    legal = np.arange(len(small_words.allowed), dtype=np.int64)
    for _ in range(25):
        n = int(rng.integers(1, limit + 1))
        cands = np.sort(rng.choice(len(small_words.answers), n, replace=False)).astype(np.int64)
        # a one-step history, so fixed openers do not apply
        history = (Step(int(small_words.allowed_index["salet"]), 0),)
        state = State(words=small_words, table=table, candidates=cands, legal=legal, history=history)
        expect = int(small_words.answer_to_allowed[cands].min())
        assert strat.choose(state) == expect


PINNED = {
    "aback": "soare clink aahed aback",
    "abase": "soare belch abase",
    "abate": "soare glitz abate",
    "abbey": "soare canal adept abbey",
    "abbot": "soare cloot abbot",
    "abhor": "soare maron arbor abhor",
    "abide": "soare gault abide",
    "abled": "soare canal abled",
    "abode": "soare bundt abode",
    "abort": "soare abaca abort",
    "about": "soare cloot about",
    "above": "soare bundt above",
    "abuse": "soare thump abuse",
    "abyss": "soare linty abyss",
    "acorn": "soare abaca acorn",
    "acrid": "soare riyal acrid",
    "actor": "soare maron arbor actor",
    "acute": "soare gault acute",
    "adage": "soare glitz adage",
    "adapt": "soare clink adapt",
}


def test_default_strategy_first_20_games_pinned(words: WordList, table: np.ndarray) -> None:
    assert DEFAULT_STRATEGY == "entropy"
    r = run_benchmark(words, DEFAULT_STRATEGY, answers=range(20), table=table)
    assert {a: " ".join(p) for a, p in zip(r.answers, r.paths, strict=True)} == PINNED


def test_default_strategy_full_list_pinned(words: WordList, table: np.ndarray) -> None:
    r = run_benchmark(words, DEFAULT_STRATEGY, table=table)
    assert r.opening == "soare"
    assert r.histogram == {"1": 0, "2": 44, "3": 1217, "4": 990, "5": 63, "6": 1, "7+": 0}
    assert r.hardest(1) == [("waver", 6)]


def test_descriptions_speak_a_users_words() -> None:
    """Each listing line says whose method a strategy is and where it comes from in
    words a user knows (an author, a post's title, a notebook), never the project's
    own name for its sources ("seed", "Blog post")."""
    for name in strategy_names():
        text = strategy_class(name).description
        assert text and len(text) < 200, name
        assert not re.search(r"(?<!--)\bseeds?\b", text, re.IGNORECASE), (name, text)
        assert not re.match(r"(blog post|notebook|r|guessmap|repeated-letters)\b", text, re.IGNORECASE), (name, text)
        assert "tree store" not in text, (name, text)
    assert "Dominic Fox" in strategy_class("most-popular").description
    assert "Wordle Algos, Fight!" in strategy_class("random").description
