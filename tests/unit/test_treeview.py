"""Tree browsing figures (wordlelab.treeview) on a small list and on the shipped trees."""

from __future__ import annotations

from pathlib import Path

import pytest

from wordlelab.errors import WordlelabError
from wordlelab.search import Solver
from wordlelab.search.tree import Tree, tree_text
from wordlelab.table import pattern_table
from wordlelab.treeview import NodeView, answer_path, browse, load_tree_text, read_source, tree_sources
from wordlelab.types import PatternTable
from wordlelab.words import WordList

Small = tuple[WordList, PatternTable, Tree]
DOCS = Path(__file__).resolve().parents[2] / "docs" / "trees"

ANSWERS = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve", "heath", "dwarf"]


def _nodes(v: NodeView) -> list[NodeView]:
    out = [v]
    for c in v.children:
        out.extend(_nodes(c))
    return out


@pytest.fixture(scope="module")
def small() -> Small:
    wl = WordList.from_words(ANSWERS, name="small")
    table = pattern_table(wl, persist=False)
    tree = Solver(wl, table, max_guesses=6).solve("cigar").tree
    assert tree is not None
    return wl, table, tree


def test_figures_match_replaying_each_answer(small: Small) -> None:
    wl, table, tree = small
    root = browse(tree, table)
    lengths = {wl.answers[a]: len(p) for a, p in enumerate(tree.paths(table))}
    assert (root.guess, root.pattern, root.depth) == ("cigar", None, 0)
    assert root.answers == len(ANSWERS)
    assert root.total == sum(lengths.values())
    assert root.worst == max(lengths.values())
    nodes = _nodes(root)
    solved = [n for n in nodes if n.solved]
    assert sorted(n.guess for n in solved) == sorted(ANSWERS)
    for n in nodes:
        assert n.answers == sum(c.answers for c in n.children) + (1 if n.solved else 0)
        assert [c.answers for c in n.children] == sorted((c.answers for c in n.children), reverse=True)
        for c in n.children:
            assert c.depth == n.depth + 1
    # a solved node's figures: the answer that ends there needs 1 guess from it
    for n in solved:
        assert n.depth + 1 == lengths[n.guess]


def test_answer_path(small: Small) -> None:
    wl, table, tree = small
    for a, steps in enumerate(tree.paths(table)):
        path = answer_path(tree, table, wl.answers[a].upper())
        assert [g for g, _ in path] == [wl.allowed[s.guess] for s in steps]
        assert path[-1] == (wl.answers[a], "22222")
    with pytest.raises(WordlelabError, match="give an answer"):
        answer_path(tree, table, " ")
    with pytest.raises(WordlelabError):
        answer_path(tree, table, "zzzzz")


def test_load_tree_text_verifies(small: Small) -> None:
    wl, table, tree = small
    text, st = tree_text(tree, table, json_format=True)
    loaded = load_tree_text(text, "small.json", wordlist=wl)
    assert loaded.verification.stats.total == st.total
    assert loaded.mode == "normal"
    assert loaded.summary("x")["total"] == st.total
    with pytest.raises(WordlelabError, match="claims total"):
        load_tree_text(text.replace(f'"total": {st.total}', f'"total": {st.total + 1}'), "x", wordlist=wl)
    with pytest.raises(WordlelabError, match="empty"):
        load_tree_text("  \n", "x", wordlist=wl)


def test_shipped_sources_and_the_hard_tree() -> None:
    ids = [s.id for s in tree_sources()]
    assert "shipped:salet-hard.tree" in ids and "shipped:salet-normal.tree" in ids
    name, text = read_source("shipped:salet-hard.tree")
    loaded = load_tree_text(text, name)
    root = browse(loaded.tree, loaded.table)
    assert (loaded.mode, root.total, root.worst, root.answers) == ("hard", 8122, 6, 2315)
    assert root.size() == len(_nodes(root))
    with pytest.raises(WordlelabError, match="no tree"):
        read_source("/etc/passwd")


def test_capped_tree_from_docs() -> None:
    loaded = load_tree_text((DOCS / "palet-hard-max5.tree").read_text("utf-8"), "palet-hard-max5.tree")
    root = browse(loaded.tree, loaded.table)
    assert loaded.tree.max_guesses == 5 and root.worst <= 5
    assert root.total == loaded.verification.stats.total
