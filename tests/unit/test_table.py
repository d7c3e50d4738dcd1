from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from wordlelab import InvalidOptionError, WordList, feedback, pattern_table
from wordlelab.kernels.reference import pattern_table_numpy
from wordlelab.table import table_path


@pytest.fixture()
def private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("WORDLELAB_CACHE_DIR", str(tmp_path))
    return tmp_path


def test_default_table_spot_checks(words: WordList, table: np.ndarray) -> None:
    assert table.shape == (12972, 2315) and table.dtype == np.uint8
    rng = np.random.default_rng(0)
    for g, a in zip(rng.integers(0, 12972, 300), rng.integers(0, 2315, 300), strict=True):
        assert table[g, a] == feedback(words.allowed[g], words.answers[a])


def test_numpy_build_agrees_on_a_block(words: WordList, table: np.ndarray) -> None:
    block = pattern_table_numpy(words.allowed_codes[:200], words.answer_codes)
    assert np.array_equal(block, table[:200])


def test_cache_round_trip_is_memory_mapped(small_words: WordList, private_cache: Path) -> None:
    first = pattern_table(small_words)
    path = table_path(small_words)
    assert path.exists() and not list(private_cache.glob("*.tmp"))
    second = pattern_table(small_words)
    assert isinstance(second, np.memmap)
    assert np.array_equal(first, second)
    assert not second.flags.writeable


def test_corrupt_or_wrong_cache_is_rebuilt(small_words: WordList, private_cache: Path) -> None:
    good = np.array(pattern_table(small_words))
    path = table_path(small_words)
    path.write_bytes(b"\x93NUMPY garbage")  # a truncated/corrupt file
    assert np.array_equal(pattern_table(small_words), good)
    np.save(path, np.zeros((3, 3), dtype=np.uint8))  # wrong shape
    assert np.array_equal(pattern_table(small_words), good)


def test_unwritable_cache_still_returns_table(
    small_words: WordList, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("WORDLELAB_CACHE_DIR", str(blocker / "sub"))
    assert pattern_table(small_words).shape == (len(small_words.allowed), len(small_words.answers))


def test_naive_rule_table_differs(small_words: WordList, private_cache: Path) -> None:
    official = pattern_table(small_words)
    naive = pattern_table(small_words, rule="naive")
    assert official.shape == naive.shape and not np.array_equal(official, naive)
    with pytest.raises(InvalidOptionError, match="unknown `rule`"):
        pattern_table(small_words, rule="fuzzy")


def test_persist_false_neither_reads_nor_writes_the_cache(small_words: WordList, private_cache: Path) -> None:
    path = table_path(small_words)
    mem = pattern_table(small_words, persist=False)
    assert not path.exists() and not list(private_cache.iterdir())
    assert not mem.flags.writeable and not isinstance(mem, np.memmap)
    good = np.array(pattern_table(small_words))  # now cached on disk
    assert path.exists() and np.array_equal(mem, good)
    np.save(path, np.zeros_like(good))  # a wrong table of the right shape: never read
    assert np.array_equal(pattern_table(small_words, persist=False), good)
    assert np.array_equal(np.load(path), np.zeros_like(good))  # and never rewritten


def test_the_rule_codes_are_the_kernels() -> None:
    from wordlelab.kernels.patterns import RULE_NAIVE, RULE_OFFICIAL
    from wordlelab.modes import Rule

    assert (Rule.OFFICIAL.code, Rule.NAIVE.code) == (RULE_OFFICIAL, RULE_NAIVE)
