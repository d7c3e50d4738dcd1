"""numba's ``njit`` for the package's kernels, with an on-disk cache that is
never stale.

numba checks a cached function against its own source file only, but the
machine code it caches also holds every compiled helper the function calls
from other files, and the global constants it read from them: after an edit
(or an upgrade in place) that changes only ``search/_bounds.py``, the cached
``search/_core._solve`` would go on running the old helpers, silently
(numba's documentation lists this limitation).  Every kernel module therefore
takes ``njit`` from here: importing this module puts, ahead of numba's own
cache locators, locators that stamp a function defined in this package with
the digest of *every* file in :data:`KERNEL_SOURCES` as well as its own.
Editing any of them recompiles the kernels the next time they run; editing
any other file of the package recompiles nothing.  (numba's ``CacheImpl``
keeps its locator classes in a class attribute, the one extension point it
has; numba is pinned.)
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path
from typing import Any

from numba import njit
from numba.core import caching

__all__ = ["KERNEL_SOURCES", "kernel_digest", "njit"]

_PACKAGE = Path(__file__).resolve().parent

#: the files whose compiled code numba caches (every module that takes ``njit``
#: from here) and the package modules they import names from (tested)
KERNEL_SOURCES = (
    "kernels/hints.py",
    "kernels/partition.py",
    "kernels/patterns.py",
    "modes.py",
    "search/_bounds.py",
    "search/_core.py",
    "search/_feasible.py",
    "search/_memo.py",
    "strategies/_lookahead.py",
    "types.py",
)


def kernel_digest() -> bytes:
    """SHA-256 over the contents of :data:`KERNEL_SOURCES` (with their names), as
    they are on disk now (a file that cannot be read, as in a frozen
    executable, counts by its name only)."""
    stats: list[tuple[int, int] | None] = []
    for name in KERNEL_SOURCES:
        try:
            st = (_PACKAGE / name).stat()
            stats.append((st.st_mtime_ns, st.st_size))
        except OSError:
            stats.append(None)
    return _digest(tuple(stats))


@functools.lru_cache(maxsize=4)
def _digest(stats: tuple[tuple[int, int] | None, ...]) -> bytes:
    """:func:`kernel_digest` for the files as ``stats`` finds them (read once
    per process while they stay the same: numba asks once per function)."""
    h = hashlib.sha256()
    for name, st in zip(KERNEL_SOURCES, stats, strict=True):
        h.update(name.encode() + b"\0")
        if st is not None:
            h.update((_PACKAGE / name).read_bytes())
        h.update(b"\0")
    return h.digest()


class _KernelStamp:
    """Mixed into each of numba's source-file locators: applies to the package's
    own files only, and adds :func:`kernel_digest` to the file's stamp."""

    @classmethod
    def from_function(cls, py_func: Any, py_file: str) -> Any:
        if not Path(py_file).resolve().is_relative_to(_PACKAGE):
            return None  # not ours: numba's own locators take it
        return super().from_function(py_func, py_file)  # type: ignore[misc]

    def get_source_stamp(self) -> Any:
        return (super().get_source_stamp(), kernel_digest())  # type: ignore[misc]


def _install() -> None:
    locators: list[type[object]] = caching.CacheImpl._locator_classes
    if any(issubclass(c, _KernelStamp) for c in locators):
        return
    plain = (caching.UserProvidedCacheLocator, caching.InTreeCacheLocator, caching.UserWideCacheLocator)
    ours: list[type[object]] = [
        type(f"Kernel{base.__name__}", (_KernelStamp, base), {}) for base in locators if base in plain
    ]
    locators[:0] = ours


_install()
