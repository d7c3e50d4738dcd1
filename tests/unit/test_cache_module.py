"""One cache module: names and keys, atomic writes, and stores passed in explicitly.

The opening book and the optimal strategy's tree store are objects handed to
``Session`` and ``Optimal``; with ``persist=False`` they touch no cache file.
The user's opening book is keyed by the strategy's code version.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import numpy as np
import pytest

from wordlelab import Session, WordList, cachefile, get_strategy
from wordlelab.game import _opening_key
from wordlelab.openings import OpeningBook, code_version, store, user_key
from wordlelab.search import Solver, read_tree, write_tree
from wordlelab.state import State
from wordlelab.strategies.base import Ranked, Strategy
from wordlelab.strategies.optimal import Optimal
from wordlelab.strategies.treestore import TreeStore
from wordlelab.table import table_path


@pytest.fixture()
def private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("WORDLELAB_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


def files_under(folder: Path) -> list[Path]:
    """The cache files under ``folder`` other than the pattern table's."""
    found = folder.rglob("*") if folder.exists() else []
    return sorted(p for p in found if p.is_file() and not p.name.startswith("patterns-"))


class Counting(Strategy):
    """Ranks the first legal guesses and counts how often it is asked."""

    name = "counting"

    def __init__(self) -> None:
        self.calls = 0

    def rank(self, state: State, top: int = 5) -> list[Ranked]:
        self.calls += 1
        legal = [int(g) for g in state.legal[:top]]
        return [Ranked(g, state.words.allowed[g], float(i), {}) for i, g in enumerate(legal)]


# -- names and keys -------------------------------------------------------------------
def test_cache_dir_follows_the_environment(private_cache: Path) -> None:
    assert cachefile.cache_dir() == private_cache


def test_keys_and_names_carry_the_short_digest(small_words: WordList, private_cache: Path) -> None:
    short = cachefile.short_digest(small_words.digest)
    assert len(short) == cachefile.SHORT_DIGEST and small_words.digest.startswith(short)
    assert cachefile.versioned_key(small_words.digest, "official", "hard", 3) == f"{short}|official|hard|3"
    path = cachefile.cache_path("optimal", small_words.digest, "naive", suffix=".json", folder="trees")
    assert path == private_cache / "trees" / f"optimal-{short}-naive.json"
    assert table_path(small_words, "naive") == private_cache / f"patterns-{short}-naive.npy"
    other = WordList.from_words(["cigar", "rebut"], ["cigar", "rebut", "salet"], name="other")
    assert table_path(other) != table_path(small_words)


# -- atomic writes ----------------------------------------------------------------------
def test_write_tree_is_atomic_and_keeps_the_usual_mode(
    small_words: WordList, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = Session(small_words).state
    tree = Solver(small_words, state.table).solve("salet", budget_s=float("inf")).tree
    assert tree is not None
    out = tmp_path / "t.tree"
    write_tree(tree, out, state.table)
    before = out.read_bytes()
    mask = os.umask(0)
    os.umask(mask)
    assert stat.S_IMODE(out.stat().st_mode) == 0o666 & ~mask
    assert read_tree(out, small_words)[0].root.guess == tree.root.guess

    real = os.replace

    def fail(src: str, dst: str) -> None:
        if Path(dst) == out:
            raise OSError("disk full")
        real(src, dst)

    monkeypatch.setattr(os, "replace", fail)
    tree.proven = not tree.proven  # a different file
    with pytest.raises(OSError, match="disk full"):
        write_tree(tree, out, state.table)
    assert out.read_bytes() == before  # the old file, whole
    assert [p.name for p in tmp_path.iterdir()] == ["t.tree"]  # no temporary file left


# -- the opening book -------------------------------------------------------------------
def test_a_memory_book_writes_nothing_and_ranks_once(small_words: WordList, private_cache: Path) -> None:
    book = OpeningBook(persist=False)
    strat = Counting()
    first = Session(small_words, openings=book).suggest(strat, top=3)
    again = Session(small_words, openings=book).suggest(strat, top=3)
    assert [r.word for r in first] == [r.word for r in again] == list(small_words.allowed[:3])
    assert strat.calls == 1
    assert files_under(private_cache) == []
    Session(small_words, openings=OpeningBook(persist=False)).suggest(strat, top=3)
    assert strat.calls == 2  # another book knows nothing of the first one's memory


def test_the_default_book_persists(small_words: WordList, private_cache: Path) -> None:
    strat = Counting()
    Session(small_words).suggest(strat, top=3)
    Session(small_words).suggest(strat, top=3)
    assert strat.calls == 1
    assert (private_cache / "openings.json").exists()


def test_the_user_book_is_keyed_by_code_version(
    small_words: WordList, private_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    strat = get_strategy("entropy")
    session = Session(small_words)
    key = _opening_key(session, strat)
    assert user_key(key, strat) == f"{key}|code={code_version(type(strat))}"
    fresh = strat.rank(session.state, 10)
    # a sound entry, ranked by "other code": reversed order
    stale = [Ranked(r.guess, r.word, r.score, dict(r.stats)) for r in reversed(fresh)]
    store(f"{key}|code=0123456789ab", stale)
    assert [r.word for r in session.suggest(strat, top=10)] == [r.word for r in fresh]
    # under this code's key the book is believed (the entry is what suggest returns)
    store(user_key(key, strat), stale)
    assert [r.word for r in Session(small_words).suggest(strat, top=10)] == [r.word for r in stale]
    entries = json.loads((private_cache / "openings.json").read_text("utf-8"))["entries"]
    assert set(entries) == {f"{key}|code=0123456789ab", user_key(key, strat)}


def test_code_version_follows_the_source(monkeypatch: pytest.MonkeyPatch) -> None:
    import inspect

    from wordlelab import openings

    cls = type(get_strategy("entropy"))
    before = code_version(cls)
    assert before == code_version(cls) and len(before) == 12
    real = inspect.getsource
    monkeypatch.setattr(openings.inspect, "getsource", lambda m: real(m) + "# edited\n")
    openings._source_hash.cache_clear()
    try:
        assert code_version(cls) != before
    finally:
        openings._source_hash.cache_clear()


# -- the tree store ---------------------------------------------------------------------
def test_a_memory_tree_store_writes_nothing_and_searches_once(
    small_words: WordList, private_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store_ = TreeStore(persist=False)
    state = Session(small_words).state
    first = Optimal(start="salet", trees=store_)
    ranked = first.rank(state, 1)
    assert files_under(private_cache) == []

    def no_search(*args: object, **kwargs: object) -> None:
        raise AssertionError("searched again")

    monkeypatch.setattr(Solver, "solve", no_search)
    second = Optimal(start="salet", trees=store_)
    assert second.tree_ready(state)
    assert [(r.word, r.score) for r in second.rank(state, 1)] == [(r.word, r.score) for r in ranked]
    assert not Optimal(start="salet", trees=TreeStore(persist=False)).tree_ready(state)


def test_the_default_tree_store_persists_and_is_reloaded(
    small_words: WordList, private_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = Session(small_words).state
    tree = Optimal(start="salet").tree(state)
    spec = Optimal(start="salet").tree_spec(state)
    assert spec.path().exists() and spec.path().parent == private_cache / "trees"

    def no_search(*args: object, **kwargs: object) -> None:
        raise AssertionError("searched again")

    monkeypatch.setattr(Solver, "solve", no_search)
    loaded = TreeStore(shipped=False).get(spec, state.table)
    assert loaded is not None
    assert [len(p) for p in loaded.paths(state.table)] == [len(p) for p in tree.paths(state.table)]
    assert np.array_equal(
        [s.guess for p in loaded.paths(state.table) for s in p],
        [s.guess for p in tree.paths(state.table) for s in p],
    )
