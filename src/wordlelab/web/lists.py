"""Word lists and their pattern tables, held per process for the endpoint functions.

Built-in lists are kept once loaded; a custom list's table is built in memory
(``pattern_table(..., persist=False)``) and kept in a size-capped LRU, so
nothing a web request sends is written to disk.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field

from ..strategies import Ranked
from ..table import pattern_table
from ..types import PatternTable
from ..words import BUILTIN_LISTS, WordList, load_wordlist
from .models import CustomList, ListChoice

__all__ = ["MAX_CUSTOM_BYTES", "Lists", "Loaded", "list_info", "list_label"]

#: bytes of custom-list tables one process keeps (least recently used evicted first)
MAX_CUSTOM_BYTES = 256 * 1024 * 1024


@dataclass(frozen=True)
class Loaded:
    """A word list with its pattern table (official rule), and openings computed for
    it that are kept in memory only (see :func:`wordlelab.web.assistant.suggest`)."""

    words: WordList
    table: PatternTable
    openings: OrderedDict[tuple[str, str], list[Ranked]] = field(default_factory=OrderedDict, compare=False, repr=False)


class Lists:
    """Word lists and tables for one process: built-ins kept, custom lists in an LRU
    capped by the bytes of their tables (``max_custom_bytes``; the newest list is
    kept even if it alone is bigger).  Custom tables are built in memory and never
    written to the disk cache.

    Loading happens outside the lock (two threads may load the same list once
    each; the second result is dropped), so a slow custom build never holds up
    a request for a list already loaded.
    """

    def __init__(self, max_custom_bytes: int = MAX_CUSTOM_BYTES) -> None:
        self._lock = threading.Lock()
        self._builtin: dict[str, Loaded] = {}
        self._custom: OrderedDict[str, Loaded] = OrderedDict()
        self.max_custom_bytes = max_custom_bytes

    @property
    def custom_bytes(self) -> int:
        """Bytes of the custom-list tables held now."""
        with self._lock:
            return sum(x.table.nbytes for x in self._custom.values())

    def custom_digests(self) -> list[str]:
        """Digests of the custom lists held now, least recently used first."""
        with self._lock:
            return list(self._custom)

    def get(self, choice: ListChoice) -> Loaded:
        if choice.custom is not None:
            return self._get_custom(choice.custom)
        with self._lock:
            hit = self._builtin.get(choice.words)
        if hit is not None:
            return hit
        wl = load_wordlist(choice.words)
        loaded = Loaded(wl, pattern_table(wl))
        with self._lock:
            return self._builtin.setdefault(choice.words, loaded)

    def _get_custom(self, custom: CustomList) -> Loaded:
        wl = WordList.from_words(custom.answers, custom.allowed or None, name=custom.name)
        with self._lock:
            hit = self._custom.get(wl.digest)
            if hit is not None:
                self._custom.move_to_end(wl.digest)
                return hit
        loaded = Loaded(wl, pattern_table(wl, persist=False))
        with self._lock:
            self._custom[wl.digest] = loaded
            self._custom.move_to_end(wl.digest)
            total = sum(x.table.nbytes for x in self._custom.values())
            while total > self.max_custom_bytes and len(self._custom) > 1:
                _, dropped = self._custom.popitem(last=False)
                total -= dropped.table.nbytes
        return loaded


def list_label(choice: ListChoice, loaded: Loaded) -> str:
    """The name a response gives the list: the built-in's, or the custom list's."""
    return choice.words if choice.custom is None else loaded.words.name


def list_info() -> list[dict[str, str]]:
    """The built-in lists as ``[{"name", "description"}]``."""
    return [{"name": n, "description": d} for n, (_, _, d) in BUILTIN_LISTS.items()]
