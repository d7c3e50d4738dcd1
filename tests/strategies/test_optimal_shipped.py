"""The optimal strategy plays the shipped proven SALET trees without searching."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from wordlelab import Session, WordList, get_strategy
from wordlelab.search import read_tree, verify_tree

DOCS = Path(__file__).parents[2] / "docs" / "trees"
DATA = Path(__file__).parents[2] / "src" / "wordlelab" / "data" / "trees"


@pytest.mark.parametrize("name", ["salet-normal.tree", "salet-hard.tree"])
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
