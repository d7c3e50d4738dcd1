"""Where the ``optimal`` strategy's decision trees come from, handed to it explicitly.

A :class:`TreeStore` answers "the tree for these lists, rule, mode and options"
from, in order: its memory; the verified disk cache (``cache_dir()/trees``, only
with ``persist``); the proven trees shipped in ``wordlelab/data/trees`` (their
headers are read once per process, a matching tree parsed once).  A tree found
or searched is kept in memory and, with ``persist``, written to the disk cache
with its checksum file (:mod:`wordlelab.cachefile`).

A cached file is used only if every check passes: its checksum file names
these lists, rule, mode and options and matches its bytes; it parses; it
opens with the asked-for start; replaying every answer finds it within 6
guesses with the total its header states (about 30 ms for the original lists;
hard-mode legality is not replayed, 0.12 s more, as the checksum proves the
search wrote it).  Otherwise it gets a one-line notice and is searched again.

The search package is imported only when a tree is read or written, so that
importing the strategies stays cheap.
"""

from __future__ import annotations

import functools
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..cachefile import cache_path, notice, read_verified, short_digest, write_verified
from ..errors import CacheDamage
from ..modes import GameRules, PlayedUnder
from ..types import PatternTable
from ..words import WordList

if TYPE_CHECKING:
    from ..search.tree import Tree, TreeHeader

__all__ = ["TREE_CAP", "TREE_LIMIT", "TreeSpec", "TreeStore", "shipped_tree"]

#: a cached tree file larger than this is damaged (trees of big lists take a few MB)
TREE_LIMIT = 256 << 20
#: the game's guess cap that stored trees are searched for
TREE_CAP = 6


@dataclass(frozen=True, eq=False)
class TreeSpec(PlayedUnder):
    """What a tree is searched for: the lists, rule and mode, the opener ``start``
    (None: the best of the ``openers`` best by greedy bound), the 6-guess cap."""

    words: WordList
    rules: GameRules
    start: str | None
    openers: int

    @property
    def key(self) -> str:
        """What a cached tree was searched for (its checksum file must say the same)."""
        return f"optimal-tree|{self.words.digest}|{self.rule}|{self.mode.value}|{self.start or ''}|{self.openers}"

    def path(self) -> Path:
        """The tree's file in the disk cache."""
        tag = self.start or f"best{self.openers}"
        return cache_path("optimal", self.words.digest, self.rule, self.mode.value, tag, suffix=".json", folder="trees")


class TreeStore:
    """Decision trees by :class:`TreeSpec`: memory, then the disk cache (with
    ``persist``), then the shipped trees (with ``shipped``).

    ``TreeStore(persist=False)`` reads and writes no cache file (the shipped
    trees are package data); ``shipped=False`` ignores them too (tests, benchmarks).
    """

    def __init__(self, *, persist: bool = True, shipped: bool = True) -> None:
        self.persist = persist
        self.shipped = shipped
        self._memory: dict[str, Tree] = {}

    def _slot(self, spec: TreeSpec) -> str:
        return f"{spec.key}|{spec.path()}" if self.persist else spec.key

    def get(self, spec: TreeSpec, table: PatternTable) -> Tree | None:
        """The tree for ``spec`` if memory, the cache or the package has one, else None."""
        slot = self._slot(spec)
        tree = self._memory.get(slot)
        if tree is None and self.persist:
            tree = self.load(spec, table)
        if tree is None and self.shipped:
            tree = shipped_tree(spec)
        if tree is not None:
            self._memory[slot] = tree
        return tree

    def put(self, spec: TreeSpec, tree: Tree, table: PatternTable) -> bool:
        """Keep ``tree`` for ``spec``; with ``persist`` also in the disk cache (a cache
        that cannot be written leaves it in memory only).  True if it was written to disk."""
        self._memory[self._slot(spec)] = tree
        if self.persist:
            try:
                self.save(spec, tree, table)
            except OSError:
                return False
            return True
        return False

    def load(self, spec: TreeSpec, table: PatternTable) -> Tree | None:
        """The disk-cached tree if it passes every check (module docstring), else None
        (with a notice if a file was there)."""
        from ..search.tree import TreeFileError, parse_tree

        path = spec.path()
        if not os.path.lexists(path):
            return None
        try:
            data, _ = read_verified(path, spec.key, TREE_LIMIT)
            tree, head = parse_tree(data.decode("utf-8"), spec.words, str(path))
            if (tree.rules, tree.max_guesses) != (spec.rules, TREE_CAP) or (
                spec.start is not None and spec.words.allowed[tree.root.guess] != spec.start
            ):
                raise CacheDamage("for another mode, rule, cap or opener")
            lengths = [len(steps) for steps in tree.paths(table)]  # finds every answer
            if max(lengths) > TREE_CAP or sum(lengths) != head.get("total"):
                raise CacheDamage(f"replaying it does not give its total within {TREE_CAP} guesses")
        except (CacheDamage, TreeFileError, ValueError, TypeError, RecursionError, OSError) as exc:
            notice("optimal tree", path, str(exc))
            return None
        return tree

    def save(self, spec: TreeSpec, tree: Tree, table: PatternTable) -> None:
        """Write ``tree`` to the disk cache with its checksum file (``OSError`` if it cannot)."""
        from ..search.tree import tree_text

        text, _ = tree_text(tree, table, json_format=True)
        data = text.encode("utf-8")
        write_verified(spec.path(), spec.key, lambda fh: fh.write(data))

    def ready(self, spec: TreeSpec, table: PatternTable) -> bool:
        """Whether :meth:`get` has a tree for ``spec`` (a cached file is loaded and
        checked now) without any search."""
        return self.get(spec, table) is not None


@functools.cache
def _shipped_headers() -> tuple[tuple[str, TreeHeader], ...]:
    """(file name, header) of every tree shipped in ``data/trees`` (read once)."""
    from importlib import resources

    from ..search.tree import read_header

    folder = resources.files("wordlelab.data").joinpath("trees")
    out = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".tree"):
            out.append((entry.name, read_header(entry.read_text("utf-8"))))
    return tuple(out)


#: (file name, the lists' digest) -> the parsed shipped tree (None: it does not parse)
_SHIPPED: dict[tuple[str, str], Tree | None] = {}


def _shipped_parse(name: str, words: WordList) -> Tree | None:
    """The shipped tree file ``name`` read against ``words`` (parsed once per process)."""
    from importlib import resources

    from ..search.tree import TreeFileError, parse_tree

    slot = (name, words.digest)
    if slot not in _SHIPPED:
        text = resources.files("wordlelab.data").joinpath("trees").joinpath(name).read_text("utf-8")
        try:
            _SHIPPED[slot] = parse_tree(text, words, name)[0]
        except TreeFileError:
            _SHIPPED[slot] = None
    return _SHIPPED[slot]


def shipped_tree(spec: TreeSpec) -> Tree | None:
    """A proven tree shipped in ``data/trees`` for ``spec``, if any.

    The package ships the proven SALET trees of the original lists and the
    TARSE trees of nyt-2023 (the same files as docs/trees, checked by
    verify-tree in the tests).  One is used when its lists' digest, mode and
    rule match, it is uncapped-pool (all allowed guesses) with the game's
    6-guess cap, and it opens with ``start`` (or no start was asked for: each
    opens with its tables' proven best opener, docs/optimal.md), so a first use
    costs no search.
    """
    for name, head in _shipped_headers():
        if head.get("digest") != short_digest(spec.words.digest):
            continue
        tree = _shipped_parse(name, spec.words)
        if tree is None:
            continue
        opener = spec.words.allowed[tree.root.guess]
        if (
            tree.rules == spec.rules
            and tree.guesses_pool == "all"
            and tree.max_guesses == TREE_CAP
            and (spec.start is None or spec.start == opener)
        ):
            return tree
    return None
