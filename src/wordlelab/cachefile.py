"""Verified cache files: nothing read back from the cache directory is trusted unchecked.

Every derived file wordlelab keeps on disk (pattern tables, prior weights,
optimal trees) is written with a *sidecar* ``NAME.sum`` next to it: one line of
JSON ``{"format": 1, "key": ..., "size": N, "sha256": ...}``.  ``key`` names
what the file was built for (the word lists' full digest, the rule, the shape,
...), so another list's file of the same shape is refused; ``sha256`` is the
hash of the file's bytes.  The sidecar is written first and both files are
renamed into place atomically, so a reader sees either no file, or a file and
the sidecar of the same content.

A reader opens the file without following it into something that is not a
regular file (a link to ``/dev/null``, a FIFO or a directory is *damaged*),
checks its size, the key and the hash, and the caller then checks the values.
A damaged file raises :class:`CacheDamage`; callers rebuild the artifact (in
memory if the cache cannot be written) and say so with one line on the
``wordlelab.cache`` logger (:func:`notice`).

Hashing costs about 16 ms for the 30 MB table of the original lists; a file
is hashed once per process (:data:`_VERIFIED` remembers the device, inode,
size and modification time of each file that passed), so later loads cost a
``stat`` and the memory map.

This module is the one place that knows the cache: its directory
(:func:`cache_dir`), how files and keys are named after the word lists
(:func:`short_digest`, :func:`versioned_key`, :func:`cache_path`), the atomic
write (:func:`atomic_write`) and the verified loads.  The pattern tables, the
prior weights, the opening book and the optimal trees all go through it.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import stat
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

import numpy as np
from platformdirs import user_cache_dir

from .errors import CacheDamage

__all__ = [
    "atomic_write",
    "cache_dir",
    "cache_path",
    "file_sha256",
    "load_array",
    "notice",
    "read_regular",
    "read_verified",
    "save_array",
    "short_digest",
    "sidecar_path",
    "versioned_key",
    "write_verified",
]

log = logging.getLogger("wordlelab.cache")

#: sidecar format version
SUM_FORMAT = 1
#: sidecars are one short line; anything longer is damaged
SUM_LIMIT = 4096

#: characters of a word list's sha256 that name its cache files, keys and tree headers
SHORT_DIGEST = 20


def _read_umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


#: new files get the mode an ordinary ``open`` would give them (temporary files are 0600)
_FILE_MODE = 0o666 & ~_read_umask()

#: (path, key, device, inode, size, mtime, ctime) of the files verified in this process
_VERIFIED: set[tuple[str, str, int, int, int, int, int]] = set()


def cache_dir() -> Path:
    """Where wordlelab keeps derived files (``WORDLELAB_CACHE_DIR`` or the user cache dir)."""
    env = os.environ.get("WORDLELAB_CACHE_DIR")
    return Path(env) if env else Path(user_cache_dir("wordlelab", appauthor=False))


def short_digest(digest: str) -> str:
    """The prefix of a word list's sha256 that names what was built for it."""
    return digest[:SHORT_DIGEST]


def versioned_key(digest: str, *parts: object) -> str:
    """``SHORT|part|...``: a key for what was built for the word lists of sha256
    ``digest`` and ``parts`` (rule, mode, strategy key, code version, ...)."""
    return "|".join([short_digest(digest), *(str(p) for p in parts)])


def cache_path(kind: str, digest: str, *parts: object, suffix: str, folder: str = "") -> Path:
    """``cache_dir()/[folder/]KIND-SHORT-part-....SUFFIX``: the file of a ``kind`` of
    artifact built for the lists of sha256 ``digest`` and ``parts``."""
    name = "-".join([kind, short_digest(digest), *(str(p) for p in parts)]) + suffix
    return cache_dir() / folder / name if folder else cache_dir() / name


def notice(what: str, path: Path, reason: str) -> None:
    """The one-line notice for a damaged cache file (logged, never printed)."""
    reason = " ".join(reason.split())  # one line, whatever the error text holds
    log.warning("wordlelab: cached %s %s is damaged (%s); rebuilding it", what, path, reason)


def sidecar_path(path: Path) -> Path:
    return path.with_name(path.name + ".sum")


@contextmanager
def _open_regular(path: Path) -> Iterator[tuple[IO[bytes], os.stat_result]]:
    """``path`` opened for reading with its ``fstat``, if it is a regular file.

    Opened non-blocking so that a FIFO planted in the cache cannot hang the
    reader; whatever is not a regular file (a device such as ``/dev/null``
    or ``/dev/zero``, a FIFO, a directory) raises :class:`CacheDamage`.
    """
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise CacheDamage(f"cannot open: {exc.strerror or exc}") from None
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        os.close(fd)
        raise CacheDamage("not a regular file")
    with os.fdopen(fd, "rb") as fh:
        yield fh, st


def _read_sidecar(path: Path, key: str, size: int) -> str:
    """The sha256 the sidecar of ``path`` records, after checking its key and size."""
    side = sidecar_path(path)
    if not os.path.lexists(side):
        raise CacheDamage("no checksum file")
    with _open_regular(side) as (fh, _):
        raw = fh.read(SUM_LIMIT + 1)
    try:
        data = json.loads(raw.decode("utf-8")) if len(raw) <= SUM_LIMIT else None
    except ValueError:
        data = None
    if (
        not isinstance(data, dict)
        or data.get("format") != SUM_FORMAT
        or not isinstance(data.get("sha256"), str)
        or not isinstance(data.get("size"), int)
    ):
        raise CacheDamage("unreadable checksum file")
    if data.get("key") != key:
        raise CacheDamage("built for other inputs")
    if data["size"] != size:
        raise CacheDamage(f"{size} bytes, checksum file says {data['size']}")
    return str(data["sha256"])


def _memo(path: Path, key: str, st: os.stat_result) -> tuple[str, str, int, int, int, int, int]:
    return (str(path), key, st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


def _check_hash(path: Path, key: str, st: os.stat_result, feed: Callable[[Any], None]) -> None:
    """Verify ``path`` (once per process per file version); ``feed(h)`` hashes its bytes."""
    memo = _memo(path, key, st)
    if memo in _VERIFIED:
        return
    want = _read_sidecar(path, key, st.st_size)
    h = hashlib.sha256()
    feed(h)
    if h.hexdigest() != want:
        raise CacheDamage("checksum mismatch")
    _VERIFIED.add(memo)


def file_sha256(fh: IO[bytes]) -> str:
    h = hashlib.sha256()
    fh.seek(0)
    for block in iter(lambda: fh.read(1 << 20), b""):
        h.update(block)
    return h.hexdigest()


def _write_tmp(path: Path, write: Callable[[IO[bytes]], object]) -> tuple[str, str]:
    """Write ``write(fh)``'s bytes to a new unique temporary file beside ``path``,
    flushed to disk; returns its name and sha256 (the caller renames or removes it)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile("w+b", dir=path.parent, prefix=path.name + ".", suffix=".tmp", delete=False) as fh:
        try:
            os.fchmod(fh.fileno(), _FILE_MODE)
            write(fh)
            fh.flush()
            os.fsync(fh.fileno())
            return fh.name, file_sha256(fh)
        except BaseException:
            Path(fh.name).unlink(missing_ok=True)
            raise


def atomic_write(path: Path, write: Callable[[IO[bytes]], object]) -> None:
    """Write ``path`` with ``write(fh)`` via a unique temporary file and an atomic rename,
    so concurrent writers never share a temporary file and readers never see half a file.
    Raises ``OSError`` if it cannot be written (nothing is left behind)."""
    tmp, _ = _write_tmp(path, write)
    try:
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_verified(path: Path, key: str, write: Callable[[IO[bytes]], object]) -> None:
    """Write a cache file with ``write(fh)`` and its sidecar, each atomically.

    The data goes to a temporary file first; the sidecar naming its size and
    hash is renamed into place before the data is.  Raises ``OSError`` if the
    cache cannot be written (no temporary file is left behind).
    """
    tmp, digest = _write_tmp(path, write)
    try:
        side = {"format": SUM_FORMAT, "key": key, "size": os.stat(tmp).st_size, "sha256": digest}
        line = json.dumps(side).encode("utf-8") + b"\n"
        atomic_write(sidecar_path(path), lambda fh: fh.write(line))
        os.replace(tmp, path)
    finally:
        Path(tmp).unlink(missing_ok=True)


def _read_bytes(path: Path, limit: int, key: str | None) -> tuple[bytes, os.stat_result]:
    with _open_regular(path) as (fh, st):
        if st.st_size > limit:
            raise CacheDamage(f"{st.st_size} bytes, more than the {limit} expected")
        if key is not None and _memo(path, key, st) not in _VERIFIED:
            _read_sidecar(path, key, st.st_size)  # refuse before reading a foreign file
        data = fh.read(limit + 1)
    if len(data) != st.st_size:
        raise CacheDamage("changed while being read")
    if key is not None:
        _check_hash(path, key, st, lambda h: h.update(data))
    return data, st


def read_regular(path: Path, limit: int) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``limit`` bytes,
    else :class:`CacheDamage` (unverified: the caller checks the content)."""
    return _read_bytes(path, limit, None)[0]


def read_verified(path: Path, key: str, limit: int) -> tuple[bytes, os.stat_result]:
    """The bytes of cache file ``path`` (at most ``limit``) once its checksum file
    names ``key`` and matches them, and its stat; else :class:`CacheDamage`."""
    return _read_bytes(path, limit, key)


def save_array(path: Path, key: str, arr: np.ndarray) -> None:
    """Write ``arr`` as ``.npy`` with its sidecar (see :func:`write_verified`)."""
    write_verified(path, key, lambda fh: np.save(fh, arr, allow_pickle=False))


def load_array(
    path: Path,
    key: str,
    shape: tuple[int, ...],
    dtype: np.dtype[Any],
    *,
    mmap: bool,
    check: Callable[[np.ndarray], str | None] | None = None,
) -> np.ndarray:
    """The read-only ``.npy`` array at ``path`` if it is exactly what ``key`` names.

    The header must give ``shape`` and ``dtype`` (C order) and the file end with
    the data; the bytes must match the sidecar; ``check(arr)`` (values in
    range, ...) returns a reason to refuse or None.  Hash and check run once
    per process per file version.  With ``mmap`` the array is memory-mapped
    from the very file that was verified.  Raises :class:`CacheDamage`.
    """
    with _open_regular(path) as (fh, st):
        try:
            version = np.lib.format.read_magic(fh)
            if version == (1, 0):
                got_shape, fortran, got_dtype = np.lib.format.read_array_header_1_0(fh)
            elif version == (2, 0):
                got_shape, fortran, got_dtype = np.lib.format.read_array_header_2_0(fh)
            else:
                raise CacheDamage(f"unsupported .npy version {version}")
        except (ValueError, EOFError, OSError, SyntaxError) as exc:
            raise CacheDamage(f"not a .npy file: {exc}") from None
        if tuple(got_shape) != shape or got_dtype != dtype or fortran:
            raise CacheDamage(f"shape {got_shape} {got_dtype}, expected {shape} {dtype}")
        offset = fh.tell()
        nbytes = int(np.prod(shape, dtype=np.int64)) * dtype.itemsize
        if st.st_size != offset + nbytes:
            raise CacheDamage(f"{st.st_size} bytes, expected {offset + nbytes} (truncated?)")
        arr: np.ndarray
        if mmap and nbytes:
            arr = np.memmap(fh, dtype=dtype, mode="r", offset=offset, shape=shape)
        else:
            raw = fh.read(nbytes)
            if len(raw) != nbytes:
                raise CacheDamage("changed while being read")
            arr = np.frombuffer(raw, dtype=dtype).reshape(shape)
        fh.seek(0)
        header = fh.read(offset)

        def feed(h: Any) -> None:
            h.update(header)
            h.update(arr.reshape(-1).view(np.uint8))

        memo = _memo(path, key, st)
        fresh = memo not in _VERIFIED
        _check_hash(path, key, st, feed)
        if fresh and check is not None:
            reason = check(arr)
            if reason is not None:
                _VERIFIED.discard(memo)
                raise CacheDamage(reason)
        return arr
