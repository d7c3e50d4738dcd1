"""The on-disk cache of pattern tables.

:func:`pattern_table` returns ``table[G, A]`` for a :class:`WordList`, building
it with the compiled kernel the first time and memory-mapping the cached
``.npy`` afterwards.  Files live in the user cache directory (override with
``WORDLELAB_CACHE_DIR``), are keyed by the lists' sha256 and the rule, and are
written to a temporary file that is renamed into place only once complete, so
a crash mid-write never leaves a file that is later trusted.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import numpy as np
from platformdirs import user_cache_dir

from .types import PatternTable, table_dtype
from .words import WordList

__all__ = ["RULES", "cache_dir", "pattern_table", "table_path"]

#: rule name -> kernel rule code (see kernels.patterns.RULE_*)
RULES = {"official": 0, "naive": 1}



def cache_dir() -> Path:
    """Where wordlelab keeps derived files (``WORDLELAB_CACHE_DIR`` or the user cache dir)."""
    env = os.environ.get("WORDLELAB_CACHE_DIR")
    return Path(env) if env else Path(user_cache_dir("wordlelab", appauthor=False))


def table_path(words: WordList, rule: str = "official") -> Path:
    return cache_dir() / f"patterns-{rule}-{words.digest[:20]}.npy"


def _valid(arr: np.ndarray, words: WordList) -> bool:
    return arr.shape == (len(words.allowed), len(words.answers)) and arr.dtype == table_dtype(
        words.length
    )


def atomic_save(path: Path, arr: np.ndarray) -> None:
    """Write ``arr`` as ``.npy`` to ``path`` via a temporary file and an atomic rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            np.save(fh, arr, allow_pickle=False)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _build(words: WordList, rule: str) -> PatternTable:
    # imported here so that loading a cached table does not import numba (~0.4 s)
    from .kernels.patterns import build_pattern_table

    return build_pattern_table(
        words.allowed_codes, words.answer_codes, len(words.alphabet), RULES[rule]
    )


def pattern_table(
    words: WordList, rule: str = "official", cache: bool = True, *, persist: bool = True
) -> PatternTable:
    """``table[G, A]`` of ``words.allowed`` against ``words.answers`` under ``rule``.

    With ``cache`` the result is read-only (memory-mapped).  A cached file that
    is unreadable or of the wrong shape is ignored and rebuilt.  If the cache
    directory is not writable the table is still returned, just not saved.

    ``persist=False`` builds the table in memory and neither reads nor writes
    the disk cache (for lists that must leave no file behind, e.g. custom lists
    sent to the web app); the result is read-only like a cached one.
    """
    if rule not in RULES:
        raise ValueError(f"unknown rule {rule!r}; choose one of {', '.join(RULES)}")
    if not persist:
        mem = _build(words, rule)
        mem.flags.writeable = False
        return mem
    path = table_path(words, rule)
    if cache and path.exists():
        try:
            cached: PatternTable = np.load(path, mmap_mode="r", allow_pickle=False)
            if _valid(cached, words):
                return cached
        except (OSError, ValueError):
            pass
    arr = _build(words, rule)
    if cache:
        try:
            atomic_save(path, arr)
        except OSError:
            return arr
        arr.flags.writeable = False
    return arr
