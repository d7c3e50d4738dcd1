"""The user's opening book: ranked first guesses cached in ``cache_dir()/openings.json``.

The file is ``{"format": "wordlelab-openings", "version": 2, "entries": {KEY: ENTRY}}``
with ``ENTRY = {"ranked": [[word, score, {stat: value}], ...], "sha256": HEX}``,
the hash being of the key and the canonical JSON of ``ranked``.  An entry is
used only if its hash matches and every word is an allowed guess of the list;
a file of any other shape is damaged: it is ignored (one notice) and replaced
at the next write.

Writers (threads or processes) add entries under an exclusive ``flock`` on
``openings.json.lock``: they re-read the file, add theirs, write a unique
temporary file and rename it into place.  Readers take no lock: the rename is
atomic, so they see the old book or the new one.
"""

from __future__ import annotations

import hashlib
import json
import math
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from .cachefile import CacheDamage, atomic_write, notice, read_regular
from .strategies.base import Ranked
from .table import cache_dir
from .words import WordList

try:  # POSIX; elsewhere writers in one process are still serialised by _THREADS
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

__all__ = ["BOOK_FORMAT", "book_path", "lookup", "parse_ranked", "store"]

BOOK_FORMAT = "wordlelab-openings"
BOOK_VERSION = 2
#: a book larger than this is treated as damaged (and started afresh)
BOOK_LIMIT = 64 << 20

_THREADS = threading.Lock()


def book_path() -> Path:
    return cache_dir() / "openings.json"


def _entry_sum(key: str, ranked: list[Any]) -> str:
    canonical = json.dumps(ranked, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(f"{key}\n{canonical}".encode()).hexdigest()


def _real(x: object) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def parse_ranked(entry: object, words: WordList) -> list[Ranked] | None:
    """``[[word, score, stats], ...]`` as Ranked guesses of ``words``, or None if the
    shape or any value is wrong (a word that is not an allowed guess, a non-finite score)."""
    if not isinstance(entry, list) or not entry:
        return None
    out = []
    for item in entry:
        if not (isinstance(item, list) and len(item) == 3):
            return None
        word, score, stats = item
        if not (isinstance(word, str) and word in words.allowed_index):
            return None
        if not (_real(score) and math.isfinite(score)):
            return None
        if not (isinstance(stats, dict) and all(_real(v) for v in stats.values())):
            return None
        out.append(
            Ranked(words.allowed_index[word], word, float(score), {str(k): float(v) for k, v in stats.items()})
        )
    return out


def _read(path: Path) -> dict[str, Any]:
    """The raw entries of the book; :class:`CacheDamage` if the file is not a book."""
    try:
        data = json.loads(read_regular(path, BOOK_LIMIT).decode("utf-8"))
    except (ValueError, RecursionError):
        raise CacheDamage("not JSON") from None
    if (
        not isinstance(data, dict)
        or data.get("format") != BOOK_FORMAT
        or data.get("version") != BOOK_VERSION
        or not isinstance(data.get("entries"), dict)
    ):
        raise CacheDamage("not an opening book of this version")
    entries: dict[str, Any] = data["entries"]
    return entries


def _verified(key: str, raw: object) -> list[Any] | None:
    if not isinstance(raw, dict) or not isinstance(raw.get("ranked"), list):
        return None
    ranked: list[Any] = raw["ranked"]
    return ranked if raw.get("sha256") == _entry_sum(key, ranked) else None


def lookup(key: str, words: WordList) -> list[Ranked] | None:
    """The book's entry for ``key`` if present and sound; a damaged book or entry
    gets a notice and None (the caller recomputes and :func:`store` replaces it)."""
    path = book_path()
    try:
        entries = _read(path)
    except CacheDamage as exc:
        if path.is_symlink() or path.exists():
            notice("opening book", path, str(exc))
        return None
    if key not in entries:
        return None
    ranked = _verified(key, entries[key])
    found = parse_ranked(ranked, words) if ranked is not None else None
    if found is None:
        notice("opening book", path, f"entry {key!r} fails its checksum or holds bad values")
    return found


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Exclusive: threads of this process by a lock, processes by ``flock`` on a lock file."""
    with _THREADS:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path.with_name(path.name + ".lock"), "ab") as lock:
            if fcntl is not None:
                fcntl.flock(lock.fileno(), fcntl.LOCK_EX)
            try:
                yield
            finally:
                if fcntl is not None:
                    fcntl.flock(lock.fileno(), fcntl.LOCK_UN)


def store(key: str, ranked: list[Ranked]) -> None:
    """Add ``key``'s entry to the book, keeping every other sound entry; a cache
    that cannot be written is left as it is (the caller already has the answer)."""
    path = book_path()
    row = [[r.word, float(r.score), {str(k): float(v) for k, v in r.stats.items()}] for r in ranked]
    try:
        with _locked(path):
            try:
                old = _read(path)
            except CacheDamage:
                old = {}
            entries = {k: v for k, v in old.items() if _verified(k, v) is not None}
            entries[key] = {"ranked": row, "sha256": _entry_sum(key, row)}
            text = json.dumps(
                {"format": BOOK_FORMAT, "version": BOOK_VERSION, "entries": entries}, indent=0
            )
            atomic_write(path, lambda fh: fh.write(text.encode("utf-8")))
    except OSError:
        pass
