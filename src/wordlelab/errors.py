"""Exceptions raised by wordlelab.

Every error derives from :class:`WordlelabError` and also from the builtin that
best describes it, so ``except ValueError`` keeps working for callers that do
not know this library.  The library raises; only ``cli`` and ``web`` turn an
error into a message, an exit code or an HTTP status.

A message that names an option names the library's parameter in backticks
(``raise `max_guesses```); each front end shows it in its own terms (the CLI
as ``--max-guesses``, see :func:`wordlelab.cli._app.cli_message`).
"""

from __future__ import annotations

__all__ = [
    "GameOverError",
    "HardModeError",
    "InconsistentFeedbackError",
    "InvalidOptionError",
    "InvalidPatternError",
    "InvalidWordError",
    "UnknownStrategyError",
    "WordListError",
    "WordlelabError",
]


class WordlelabError(Exception):
    """Base class of every error wordlelab raises on purpose."""


class InvalidWordError(WordlelabError, ValueError):
    """A word is not a legal guess or answer (wrong length, not letters, not in the list)."""


class InvalidPatternError(WordlelabError, ValueError):
    """A colour pattern could not be parsed or does not fit the word length."""


class WordListError(WordlelabError, ValueError):
    """A word list file or name is unusable (bad line, unknown name, empty)."""


class HardModeError(WordlelabError, ValueError):
    """A guess breaks the hard-mode rule; the message names the first broken hint."""


class InconsistentFeedbackError(WordlelabError, ValueError):
    """No remaining candidate could have produced the reported feedback."""


class InvalidOptionError(WordlelabError, ValueError):
    """An option has a value of the wrong type or out of range, is unknown, or
    conflicts with another (strategy options, ``top``, command-line options)."""


class GameOverError(WordlelabError, RuntimeError):
    """A move was made after the game ended."""


class UnknownStrategyError(WordlelabError, LookupError):
    """A strategy name is not in the registry."""

    def __str__(self) -> str:  # LookupError would otherwise quote the message
        return str(self.args[0]) if self.args else ""
