"""The optimal strategy plays the shipped proven trees without searching: SALET on the
original lists, TARSE on the 2023 pool (nyt-2023, the daily commands' default)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from wordlelab import Session, WordList, get_strategy, load_wordlist, pattern_table
from wordlelab.search import read_tree, verify_tree

DOCS = Path(__file__).parents[2] / "docs" / "trees"
DATA = Path(__file__).parents[2] / "src" / "wordlelab" / "data" / "trees"


SHIPPED = ["salet-normal.tree", "salet-hard.tree", "tarse-nyt-2023-normal.tree", "tarse-nyt-2023-hard.tree"]


def test_every_shipped_tree_is_tested() -> None:
    assert sorted(p.name for p in DATA.glob("*.tree")) == sorted(SHIPPED)


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_trees_are_the_proven_docs_trees(name: str) -> None:
    assert (DATA / name).read_bytes() == (DOCS / name).read_bytes()


@pytest.mark.parametrize("hard", [False, True])
def test_first_use_needs_no_search(
    words: WordList, table: np.ndarray, hard: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    from wordlelab import search

    def no_search(*args: object, **kwargs: object) -> None:
        raise AssertionError("the shipped tree should have been used")

    monkeypatch.setattr(search, "Solver", no_search)
    strat = get_strategy("optimal")
    s = Session(words, rules="hard" if hard else "normal", table=table)
    assert words.allowed[strat.choose(s.state)] == "salet"
    s.play("salet", "01000")
    follow = strat.choose(s.state)
    tree, _ = read_tree(DATA / f"salet-{'hard' if hard else 'normal'}.tree", words)
    assert follow == tree.lookup(s.history).guess


@pytest.mark.parametrize(("name", "total"), [("salet-normal.tree", 7920), ("salet-hard.tree", 8122)])
def test_shipped_tree_totals(words: WordList, table: np.ndarray, name: str, total: int) -> None:
    tree, head = read_tree(DATA / name, words)
    assert verify_tree(tree, table, head).stats.total == total


@pytest.fixture(scope="module")
def nyt_2023() -> tuple[WordList, np.ndarray]:
    words = load_wordlist("nyt-2023")
    return words, pattern_table(words)


@pytest.mark.parametrize(("hard", "total"), [(False, 11219), (True, 11627)])
def test_the_2023_pool_trees(
    nyt_2023: tuple[WordList, np.ndarray], hard: bool, total: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """TARSE, the best opener of both nyt-2023 tables (docs/openers/), with its proven
    total, played on a first use with no search."""
    from wordlelab import search

    words, table = nyt_2023
    mode = "hard" if hard else "normal"
    tree, head = read_tree(DATA / f"tarse-nyt-2023-{mode}.tree", words)
    assert verify_tree(tree, table, head).stats.total == total

    def no_search(*args: object, **kwargs: object) -> None:
        raise AssertionError("the shipped tree should have been used")

    monkeypatch.setattr(search, "Solver", no_search)
    s = Session(words, rules=mode, table=table)
    strat = get_strategy("optimal")
    assert words.allowed[strat.choose(s.state)] == "tarse"
    s.play("tarse", "00100")
    assert strat.choose(s.state) == tree.lookup(s.history).guess
