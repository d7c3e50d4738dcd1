"""The on-disk cache of pattern tables.

:func:`pattern_table` returns ``table[G, A]`` for a :class:`WordList`, building
it with the compiled kernel the first time and memory-mapping the cached
``.npy`` afterwards.  Files live in :func:`~wordlelab.cachefile.cache_dir`
(override with ``WORDLELAB_CACHE_DIR``), are named by the lists' sha256 and the
rule, and are written atomically by :mod:`wordlelab.cachefile` with a checksum
file naming the lists they were built for; a file that fails it, or holds
out-of-range values, is rebuilt.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import numpy as np

from .cachefile import cache_path, load_array, notice, save_array
from .errors import CacheDamage
from .modes import Rule, as_rule
from .types import PatternTable, table_dtype
from .words import WordList

__all__ = ["guess_patterns", "pattern_table", "table_key", "table_path"]


def table_path(words: WordList, rule: Rule | str = Rule.OFFICIAL) -> Path:
    return cache_path("patterns", words.digest, rule, suffix=".npy")


def table_key(words: WordList, rule: Rule | str = Rule.OFFICIAL) -> str:
    """What a cached table was built for: the lists' full digest, the rule, shape and type."""
    shape = (len(words.allowed), len(words.answers))
    return f"patterns|{words.digest}|{rule}|{shape[0]}x{shape[1]}|{table_dtype(words.length)}"


def _check_values(words: WordList) -> Callable[[np.ndarray], str | None]:
    """Value checks of a table: every pattern < 3**L, and a guess against itself is all green."""

    def check(arr: np.ndarray) -> str | None:
        n = 3**words.length
        if arr.size and int(arr.max()) >= n:
            return f"pattern value {int(arr.max())} out of range (< {n})"
        own = arr[words.answer_to_allowed, np.arange(len(words.answers))]
        if not np.all(own == n - 1):
            return "a word against itself is not all green"
        return None

    return check


def _build(words: WordList, rule: Rule | str) -> PatternTable:
    # imported here so that loading a cached table does not import numba (~0.4 s)
    from .kernels.patterns import build_pattern_table

    return build_pattern_table(words.allowed_codes, words.answer_codes, len(words.alphabet), as_rule(rule).code)


def pattern_table(
    words: WordList, rule: Rule | str = Rule.OFFICIAL, cache: bool = True, *, persist: bool = True
) -> PatternTable:
    """``table[G, A]`` of ``words.allowed`` against ``words.answers`` under ``rule``.

    With ``cache`` the result is read-only (memory-mapped).  A cached file is
    used only if its checksum file names these lists and rule and its bytes
    match (hashed once per process, about 16 ms for 30 MB) and its values are
    in range; otherwise it is rebuilt with a one-line notice on the
    ``wordlelab.cache`` logger.  If the cache directory is not writable the
    table is still returned, just not saved.

    ``persist=False`` builds the table in memory and neither reads nor writes
    the disk cache (for lists that must leave no file behind, e.g. custom lists
    sent to the web app); the result is read-only like a cached one.
    """
    rule = as_rule(rule)
    if not persist:
        mem = _build(words, rule)
        mem.flags.writeable = False
        return mem
    path = table_path(words, rule)
    key = table_key(words, rule)
    if cache and os.path.lexists(path):
        try:
            return load_array(
                path,
                key,
                (len(words.allowed), len(words.answers)),
                np.dtype(table_dtype(words.length)),
                mmap=True,
                check=_check_values(words),
            )
        except CacheDamage as exc:
            notice("pattern table", path, str(exc))
    arr = _build(words, rule)
    if cache:
        try:
            save_array(path, key, arr)
        except OSError:
            return arr
        arr.flags.writeable = False
    return arr


def guess_patterns(words: WordList, guess: int, among: np.ndarray, rule: Rule | str = Rule.OFFICIAL) -> np.ndarray:
    """The patterns allowed guess ``guess`` shows against the allowed words ``among``
    (allowed indices) as if each were the answer: what ultra-hard mode filters the
    legal guesses by.  Computed on the spot (``len(among)`` patterns)."""
    from .kernels.patterns import build_pattern_table

    codes = words.allowed_codes
    alpha = len(words.alphabet)
    row: np.ndarray = build_pattern_table(codes[guess : guess + 1], codes[among], alpha, as_rule(rule).code)[0]
    return row
