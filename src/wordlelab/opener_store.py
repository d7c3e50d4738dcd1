"""The user's store of opener totals computed on demand, read by the opener atlas.

Where a shipped opener table (:mod:`wordlelab.atlas`) has only a proven lower
bound for an opener, ``wordlelab openers --rank WORD --exact`` (and the
Openers page's *Compute* button) computes its exact total and keeps it here, so
that every later look, in the terminal or on the page, is exact.

One JSON file per word list and mode in the cache directory,
``opener-totals-SHORT-MODE.json`` (``SHORT``: the lists' digest), written with
a checksum sidecar by :func:`wordlelab.cachefile.write_verified`::

    {"format": 1, "key": "c7e2...|official|normal|max6|all",
     "totals": {"adieu": {"total": 8346, "bound": 7999, "seconds": 21.4, "nodes": 912345}}}

``total`` is the exact total of the best tree opening with the word (null: no
tree finds every answer within six guesses), ``bound`` the table's proven lower
bound it replaced.  ``key`` is the configuration the search ran under: the same
string as :attr:`wordlelab.search.ExactJob.key` for the default options.

Nothing read back is trusted unchecked: a file that is not a regular file,
fails its checksum, names another key or holds a malformed entry is *damaged*:
it is ignored (one notice on the ``wordlelab.cache`` logger) and replaced by
the next :meth:`TotalStore.add`.  A total is refused on the way in, and ignored
on the way out (:meth:`wordlelab.atlas.OpenerTable.with_totals`), when it is
below the row's proven lower bound.  Writers hold a lock file, so two processes
adding at once (the terminal and the web server) both keep their total.

API: :meth:`TotalStore.for_list` opens the store of a list and mode,
:meth:`TotalStore.read` gives the totals, :meth:`TotalStore.add` keeps one.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import re
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from .cachefile import cache_path, notice, read_verified, versioned_key, write_verified
from .errors import CacheDamage, OpenerStoreError

__all__ = ["OpenerStoreError", "StoredTotal", "TotalStore", "opener_key"]

#: file format version (the ``format`` field)
FORMAT = 1
#: the biggest store read: a complete table of 14855 openers takes about 1.2 MB
MAX_BYTES = 16 * 2**20
_WORD = re.compile(r"^[a-z]{1,16}$")


def opener_key(digest: str, mode: str) -> str:
    """The configuration of the shipped tables: the lists of sha256 ``digest``, the
    official rule, ``mode``, six guesses, every allowed word a guess (equal to
    ``ExactJob(words, mode).key``; a test checks)."""
    return versioned_key(digest, "official", mode, "max6", "all")


@dataclass(frozen=True)
class StoredTotal:
    """One opener's exact total (None: impossible within six guesses), the proven
    lower bound it replaced, and what computing it took."""

    word: str
    total: int | None
    bound: int
    seconds: float = 0.0
    nodes: int = 0

    def check(self) -> None:
        """Raise :class:`OpenerStoreError` unless the entry is well formed and its
        total is at least its bound."""
        ok = (
            isinstance(self.word, str)
            and _WORD.match(self.word) is not None
            and _count(self.bound)
            and (self.total is None or _count(self.total))
            and isinstance(self.seconds, (int, float))
            and math.isfinite(self.seconds)
            and self.seconds >= 0
            and _count(self.nodes)
        )
        if not ok:
            raise OpenerStoreError(f"malformed opener total {asdict(self)!r}")
        if self.total is not None and self.total < self.bound:
            raise OpenerStoreError(
                f"{self.word}: total {self.total} is below its proven lower bound {self.bound}; not kept"
            )


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**40


class TotalStore:
    """The totals computed for one word list and mode (see the module doc)."""

    def __init__(self, path: Path, key: str) -> None:
        self.path = path
        self.key = key

    @classmethod
    def for_list(cls, digest: str, mode: str) -> TotalStore:
        """The store of the lists of sha256 ``digest`` in ``mode``, in the cache directory."""
        return cls(cache_path("opener-totals", digest, mode, suffix=".json"), opener_key(digest, mode))

    def signature(self) -> tuple[int, int, int] | None:
        """Changes whenever the file does (inode, size, modification time); None if absent."""
        try:
            st = os.stat(self.path)
        except OSError:
            return None
        return (st.st_ino, st.st_size, st.st_mtime_ns)

    def read(self) -> dict[str, StoredTotal]:
        """Every total kept, by word; empty if there is no file or it is damaged."""
        if not os.path.lexists(self.path):
            return {}
        try:
            return self._read()
        except CacheDamage as exc:
            notice("opener totals", self.path, str(exc))
            return {}

    def _read(self) -> dict[str, StoredTotal]:
        raw, _ = read_verified(self.path, self.key, MAX_BYTES)
        try:
            data = json.loads(raw.decode("utf-8"))
        except ValueError:
            raise CacheDamage("not JSON") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("key") != self.key:
            raise CacheDamage("not an opener totals file of this list and mode")
        totals = data.get("totals")
        if not isinstance(totals, dict):
            raise CacheDamage("no totals")
        out = {}
        for word, entry in totals.items():
            try:
                item = StoredTotal(word, **entry)
                item.check()
            except (TypeError, OpenerStoreError) as exc:
                raise CacheDamage(f"entry {str(word)[:20]!r}: {exc}") from None
            out[word] = item
        return out

    def add(self, item: StoredTotal) -> None:
        """Keep ``item`` (replacing an earlier total of the same word).  Raises
        :class:`OpenerStoreError` if it fails :meth:`StoredTotal.check`, and
        ``OSError`` if the cache cannot be written."""
        item.check()
        with self._locked():
            totals = self.read()
            totals[item.word] = item
            body = {
                "format": FORMAT,
                "key": self.key,
                "totals": {w: {k: v for k, v in asdict(t).items() if k != "word"} for w, t in sorted(totals.items())},
            }
            data = json.dumps(body, indent=0, sort_keys=True).encode("utf-8") + b"\n"
            write_verified(self.path, self.key, lambda fh: fh.write(data))

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        """An exclusive lock on ``PATH.lock`` for a read-modify-write (none where the
        platform has no ``fcntl``)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            import fcntl
        except ImportError:  # pragma: no cover - not on Linux or macOS
            yield
            return
        with open(self.path.with_name(self.path.name + ".lock"), "a+b") as fh:
            fcntl.flock(fh.fileno(), fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(fh.fileno(), fcntl.LOCK_UN)
