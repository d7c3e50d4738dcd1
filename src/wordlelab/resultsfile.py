"""SQLite results files, checked before anything in them is trusted.

The exact opener totals (``openers --exact``, :class:`wordlelab.search.ResultStore`)
are kept in an SQLite file that outlives the process, so it can be cut short by
a full disk, zeroed, replaced by something that is not a file, or edited.  This
module is the one place that opens such a file and checks what is read back:

* :func:`open_results` refuses what is not a regular file without opening it
  (a FIFO would block the reader forever), opens with a lock timeout, runs
  SQLite's ``quick_check`` and checks the file can be written.  A damaged file
  raises :class:`ResultsFileError`; with ``set_aside`` (a file the user did not
  name, in the cache directory) it is renamed to ``NAME.damaged`` instead and a
  fresh file started, with one line on the ``wordlelab.cache`` logger.
* :func:`row_check` is the checksum stored with each row: a row whose fields no
  longer match it (a flipped bit, an edited total) is not trusted, and
  :func:`distrust` says so in one line.
"""

from __future__ import annotations

import hashlib
import logging
import os
import sqlite3
import stat
from pathlib import Path

from .errors import ResultsFileError

__all__ = ["LOCK_TIMEOUT_S", "distrust", "open_results", "row_check"]

log = logging.getLogger("wordlelab.cache")

#: seconds a writer waits for another process's lock on the file before giving up
LOCK_TIMEOUT_S = 10.0

#: what every SQLite 3 database file starts with
_MAGIC = b"SQLite format 3\x00"


def row_check(*fields: object) -> str:
    """The checksum stored with a row: 16 hex digits of BLAKE2b over its fields."""
    text = "\x1f".join(repr(f) for f in fields)
    return hashlib.blake2b(text.encode("utf-8"), digest_size=8).hexdigest()


def _problem(path: Path) -> str | None:
    """Why ``path`` (which exists) cannot be an SQLite results file, or None.  Reads at
    most 16 bytes, never opening what is not a regular file."""
    try:
        st = os.stat(path)
    except OSError as exc:
        return f"cannot read it: {exc.strerror or exc}"
    if not stat.S_ISREG(st.st_mode):
        return "not a regular file"
    if st.st_size == 0:
        return None  # an empty file is a new database
    try:
        with open(path, "rb") as fh:
            head = fh.read(len(_MAGIC))
    except OSError as exc:
        return f"cannot read it: {exc.strerror or exc}"
    if head != _MAGIC:
        return "not an SQLite database"
    return None


def _check(db: sqlite3.Connection) -> str | None:
    try:
        rows = db.execute("PRAGMA quick_check").fetchall()
    except sqlite3.DatabaseError as exc:
        return str(exc)
    if rows != [("ok",)]:
        return f"integrity check failed: {'; '.join(str(r[0]) for r in rows[:2])}"
    return None


def _writable(path: Path) -> str | None:
    if path.exists() and not os.access(path, os.W_OK):
        return "it is read-only"
    if not os.access(path.parent, os.W_OK | os.X_OK):
        return f"its folder {str(path.parent)!r} is not writable"
    return None


def open_results(path: Path, schema: str, *, what: str, set_aside: bool, fix: str) -> sqlite3.Connection:
    """``path`` opened as a checked SQLite file with ``schema`` (``CREATE TABLE IF NOT
    EXISTS ...`` statements) applied.

    A file that is damaged (see the module docstring) raises
    :class:`ResultsFileError` ending with ``fix`` (how the user names another
    file); with ``set_aside`` it is renamed to ``NAME.damaged`` (replacing an
    older one) and a fresh file is started, said on the ``wordlelab.cache``
    logger.  A file that cannot be written raises either way: nothing is lost by
    refusing it.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    why = _writable(path)
    if why is not None:
        raise ResultsFileError(f"cannot write {what} {str(path)!r}: {why}; {fix}")
    db: sqlite3.Connection | None = None
    problem = _problem(path) if os.path.lexists(path) else None
    if problem is None:
        try:
            db = sqlite3.connect(path, timeout=LOCK_TIMEOUT_S)
            problem = _check(db)
            if problem is None:
                db.executescript(schema)
        except sqlite3.Error as exc:
            problem = str(exc)
        if problem is not None and db is not None:
            db.close()
    if problem is None:
        assert db is not None
        return db
    problem = " ".join(problem.split())
    if not set_aside:
        raise ResultsFileError(f"{what} {str(path)!r} is damaged ({problem}); {fix}")
    aside = path.with_name(path.name + ".damaged")
    try:
        os.replace(path, aside)
        for extra in ("-journal", "-wal", "-shm"):  # never replayed into the fresh file
            if os.path.lexists(f"{path}{extra}"):
                os.replace(f"{path}{extra}", f"{aside}{extra}")
    except OSError as exc:
        raise ResultsFileError(
            f"{what} {str(path)!r} is damaged ({problem}) and cannot be moved aside "
            f"({exc.strerror or exc}); remove it, or {fix}"
        ) from None
    log.warning("wordlelab: %s %s is damaged (%s); moved to %s, starting a fresh one", what, path, problem, aside.name)
    return open_results(path, schema, what=what, set_aside=False, fix=fix)


def distrust(what: str, path: Path, words: list[str], why: str) -> None:
    """The one-line notice for stored rows not used (``words``), and why."""
    if words:
        shown = ", ".join(words[:5]) + (f" and {len(words) - 5} more" if len(words) > 5 else "")
        verb = "is" if len(words) == 1 else "are"
        log.warning("wordlelab: %s %s: %s %s (%s); computing again", what, path, shown, verb, why)
