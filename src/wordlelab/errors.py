"""Exceptions raised by wordlelab.

Every error raised on purpose derives from :class:`WordlelabError` and also from
the builtin that best describes it, so ``except ValueError`` keeps working for
callers that do not know this library.  The library raises; only ``cli`` and
``web`` turn an error into a message, an exit code or an HTTP status (a
``WordlelabError`` is the user's to fix: one line, exit 2, a 4xx).  The tree::

    WordlelabError
    ├── InvalidWordError            ValueError    a word not allowed, wrong length, not letters
    ├── InvalidPatternError         ValueError    colours that cannot be parsed or do not fit
    ├── WordListError               ValueError    a word list name or file that cannot be used
    ├── InvalidOptionError          ValueError    an option out of range, unknown, or conflicting
    ├── UnknownStrategyError        LookupError   a strategy name not in the registry
    ├── HardModeError               ValueError    a guess breaks the game mode's rules
    ├── InconsistentFeedbackError   ValueError    colours no candidate could show
    ├── GameOverError               RuntimeError  a move after the game ended
    ├── FileFormatError             ValueError    a file that does not hold what it should
    │   ├── TreeFileError                         a decision-tree file (or its replay fails)
    │   ├── OpenerTableError                      an opener table
    │   └── ResultsFileError                      a benchmark results file (JSON or SQLite)
    ├── CacheDamage                               a cache file that cannot be trusted (rebuilt)
    ├── OpenerStoreError            ValueError    an opener total that cannot be kept (below its bound)
    ├── SearchError                 ValueError    the search cannot do what it was asked
    │   ├── CapTooTightError                      no tree finds every answer within the cap
    │   └── NoTreeError                           no optimal tree ready, and none is searched
    ├── StrategyError               ValueError    a strategy defined wrongly or breaking its contract
    ├── ExecutorError               RuntimeError  worker processes or a dask cluster unavailable
    ├── BadTokenError               ValueError    a web game token malformed or forged
    └── WorkerError                 RuntimeError  the web app's worker pool could not answer
        ├── TimeLimitError          TimeoutError  a request ran past its time limit
        ├── BusyError                             the pool and its queue are full
        └── RemoteError                           an error raised in a worker, carried back

    InternalError                   AssertionError  an invariant of wordlelab broke: a bug

:class:`InternalError` is deliberately not a ``WordlelabError``: it is nobody's
input to fix, so the front ends do not turn it into a polite message (the CLI
shows a traceback, the web a logged 500).

A message that names an option names the library's parameter in backticks
(``raise `max_guesses```); each front end shows it in its own terms (the CLI
as ``--max-guesses``, see :func:`wordlelab.cli._app.cli_message`).
"""

from __future__ import annotations

from typing import Any, Self

__all__ = [
    "BadTokenError",
    "BusyError",
    "CacheDamage",
    "CapTooTightError",
    "ExecutorError",
    "FileFormatError",
    "GameOverError",
    "HardModeError",
    "InconsistentFeedbackError",
    "InternalError",
    "InvalidOptionError",
    "InvalidPatternError",
    "InvalidWordError",
    "NoTreeError",
    "OpenerStoreError",
    "OpenerTableError",
    "RemoteError",
    "ResultsFileError",
    "SearchError",
    "StrategyError",
    "TimeLimitError",
    "TreeFileError",
    "UnknownStrategyError",
    "WordListError",
    "WordlelabError",
    "WorkerError",
]


class WordlelabError(Exception):
    """Base class of every error wordlelab raises on purpose."""

    def with_prefix(self, prefix: str) -> Self:
        """This error, of the same class and with the same attributes, its message
        led by ``prefix`` (e.g. which move of a replay failed).  Built without
        calling the constructor, which may take more than a message."""
        new = type(self).__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.args = (f"{prefix}{self}",)
        return new


class InvalidWordError(WordlelabError, ValueError):
    """A word is not a legal guess or answer (wrong length, not letters, not in the list)."""


class InvalidPatternError(WordlelabError, ValueError):
    """A colour pattern could not be parsed or does not fit the word length."""


class WordListError(WordlelabError, ValueError):
    """A word list file or name is unusable (bad line, unknown name, empty)."""


class InvalidOptionError(WordlelabError, ValueError):
    """An option has a value of the wrong type or out of range, is unknown, or
    conflicts with another (strategy options, ``top``, command-line options)."""


class UnknownStrategyError(WordlelabError, LookupError):
    """A strategy name is not in the registry."""

    def __str__(self) -> str:  # LookupError would otherwise quote the message
        return str(self.args[0]) if self.args else ""


class HardModeError(WordlelabError, ValueError):
    """A guess breaks the hard-mode rule; the message names the first broken hint."""


class InconsistentFeedbackError(WordlelabError, ValueError):
    """No remaining candidate could have produced the reported feedback."""


class GameOverError(WordlelabError, RuntimeError):
    """A move was made after the game ended."""


class FileFormatError(WordlelabError, ValueError):
    """A file does not hold what it should (and cannot be read as it)."""


class TreeFileError(FileFormatError):
    """A tree file is malformed, or replaying it shows it is wrong."""


class OpenerTableError(FileFormatError):
    """An opener table is missing or malformed."""


class ResultsFileError(FileFormatError):
    """A benchmark results file (``bench --json`` output, the openers' SQLite store)
    cannot be read or used: not a regular file, not an SQLite database, failing its
    integrity check, or not writable.  The message is one line saying what to do."""


class CacheDamage(WordlelabError):
    """A cache file cannot be trusted: not a regular file, unreadable, missing its
    checksum, built for other inputs, not matching its checksum or out of range.
    The cache catches it and rebuilds the file."""


class OpenerStoreError(WordlelabError, ValueError):
    """An opener total cannot be kept in the user's store: malformed, or below the
    row's proven lower bound (:mod:`wordlelab.opener_store`)."""


class SearchError(WordlelabError, ValueError):
    """The search was asked something it cannot do (bad option, infeasible cap)."""


class CapTooTightError(SearchError):
    """No tree opening with ``start`` finds every answer within the cap
    (:func:`wordlelab.search.shortfall` says how many are lost)."""

    def __init__(self, message: str, start: str) -> None:
        super().__init__(message)
        self.start = start


class NoTreeError(SearchError):
    """The ``optimal`` strategy has no ready tree for these lists, and the caller
    does not search one (the web app: that takes minutes and writes a cache file)."""


class StrategyError(WordlelabError, ValueError):
    """A strategy is defined wrongly (its name, its options) or broke its contract
    (chose a guess that is not legal)."""


class ExecutorError(WordlelabError, RuntimeError):
    """The worker processes or the dask cluster to run on cannot be had."""


class BadTokenError(WordlelabError, ValueError):
    """A game token is malformed, forged, or belongs to another word list."""


class WorkerError(WordlelabError, RuntimeError):
    """The web app's pool of worker processes could not answer a request."""


class TimeLimitError(WorkerError, TimeoutError):
    """A request ran past its time limit (``Limits.timeout_s``)."""


class BusyError(WorkerError):
    """A cost class's pool and its queue are full (or the server is shutting down)."""

    def __init__(self, message: str = "the server is busy with other requests; try again in a moment") -> None:
        super().__init__(message)
        self.message = message


class RemoteError(WorkerError):
    """An error raised in a worker process, carried back as its HTTP answer."""

    def __init__(self, status: int, kind: str, message: str, detail: Any = None) -> None:
        super().__init__(message)
        self.status = status
        self.kind = kind
        self.message = message
        self.detail = detail


class InternalError(AssertionError):
    """An invariant of wordlelab broke: a bug to report, not an input to fix."""
