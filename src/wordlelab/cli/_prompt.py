"""The interactive prompts of `assist`, `play`, `absurdle` and `multi`: one line reader.

At a terminal the lines are read through the stdlib ``readline`` (GNU readline,
or libedit on macOS): the arrow keys move in the line and recall earlier lines,
Ctrl-L clears the screen, Tab completes the commands and the words.  Each kind of
prompt has its own history, kept in the cache folder (the last
:data:`HISTORY_LINES` lines) so it outlives the session; a history that cannot be
read or written is simply not kept.  Without a terminal, or without ``readline``,
lines are read as they come.

A line that is one of :data:`QUIT`, the end of input (Ctrl-D) and Ctrl-C end a
prompt; :attr:`Prompt.ended` says which, for the command to say goodbye its way.
"""

from __future__ import annotations

import bisect
import contextlib
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import ModuleType, TracebackType
from typing import Any, Literal, Self, TypeVar

from ..cachefile import cache_dir
from ..errors import WordlelabError
from ._app import console, refused

T = TypeVar("T")

#: what ends an interactive loop
QUIT = ("quit", "exit", "q")
#: what asks for a prompt's help
HELP = ("help", "?", "h")
#: the most lines of history kept for each kind of prompt
HISTORY_LINES = 500

Ended = Literal["quit", "eof", "interrupt"]


def _readline() -> ModuleType | None:
    """The ``readline`` module when both ends are a terminal (only then does
    :func:`input` use it), else ``None``."""
    try:
        if not (sys.stdin.isatty() and sys.stdout.isatty()):
            return None
        import readline
    except (ImportError, AttributeError, ValueError, OSError):  # no readline, or a closed/odd stream
        return None
    return readline


def history_file(kind: str) -> Path:
    """Where the history of the ``kind`` prompts is kept."""
    return cache_dir() / "history" / kind


class Prompt:
    """The lines typed at one kind of prompt (``kind``: ``assist``, ``play``, ...).

    ``commands`` are completed by Tab at the start of a line, and so are the words
    ``words()`` gives (lower case); use as a context manager, so that the history
    is loaded on entry and written back on exit.
    """

    def __init__(self, kind: str, commands: Sequence[str], words: Callable[[], Sequence[str]] = tuple) -> None:
        self.kind = kind
        self.commands = sorted(commands)
        self.words = words
        #: why the last :meth:`lines` ended, ``None`` while it runs
        self.ended: Ended | None = None
        self._rl: ModuleType | None = None
        self._saved: tuple[Any, str] | None = None
        self._vocabulary: list[str] | None = None
        self._matches: list[str] = []

    # -- readline set-up ----------------------------------------------------------
    def __enter__(self) -> Self:
        rl = _readline()
        if rl is None:
            return self
        self._rl = rl
        self._saved = (rl.get_completer(), rl.get_completer_delims())
        rl.clear_history()
        rl.set_history_length(HISTORY_LINES)
        with contextlib.suppress(OSError, ValueError):  # none yet, unreadable: start empty
            rl.read_history_file(str(history_file(self.kind)))
        rl.set_completer(self._complete)
        rl.set_completer_delims(" \t\n:,;=")
        if "libedit" in (rl.__doc__ or ""):
            rl.parse_and_bind("bind ^I rl_complete")
        else:
            rl.parse_and_bind("tab: complete")
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        rl, self._rl = self._rl, None
        if rl is None or self._saved is None:
            return
        path = history_file(self.kind)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            rl.write_history_file(str(path))
        except OSError:  # a read-only cache folder: the history is not kept
            pass
        rl.clear_history()
        rl.set_completer(self._saved[0])
        rl.set_completer_delims(self._saved[1])

    def _complete(self, text: str, state: int) -> str | None:
        """readline's completer: the commands and words that start with ``text``,
        for the first word of the line only (the colours after it are not guessed)."""
        if state == 0:
            self._matches = []
            rl = self._rl
            if rl is not None and not rl.get_line_buffer()[: rl.get_begidx()].strip():
                if self._vocabulary is None:
                    self._vocabulary = sorted(set(self.commands) | set(self.words()))
                low = text.lower()
                i = bisect.bisect_left(self._vocabulary, low)
                while i < len(self._vocabulary) and self._vocabulary[i].startswith(low):
                    self._matches.append(self._vocabulary[i])
                    i += 1
        return self._matches[state] if state < len(self._matches) else None

    def words_changed(self) -> None:
        """Forget the completion words, e.g. after a new list; read again on the next Tab."""
        self._vocabulary = None

    # -- reading ------------------------------------------------------------------
    def lines(self, prompt: Callable[[], str]) -> Iterator[str]:
        """The lines typed at ``prompt()``, stripped, blank ones skipped, until one of
        :data:`QUIT`, the end of input or Ctrl-C (the last two end the prompt's line)."""
        self.ended = None
        while True:
            try:
                line = input(prompt())
            except (EOFError, KeyboardInterrupt) as exc:
                console.print()
                self.ended = "eof" if isinstance(exc, EOFError) else "interrupt"
                return
            text = line.strip()
            if text.lower() in QUIT:
                self.ended = "quit"
                return
            if text:
                yield text


def game_help(length: int) -> str:
    """The help of the guessing games (`play`, `absurdle`, `multi`)."""
    return (
        f"Type a {length}-letter word and press Enter to guess it; `quit` or Ctrl-D gives up.\n"
        "Up/down arrows recall earlier guesses, Tab completes a word, Ctrl-L clears."
    )


def guess_loop(
    prompt: Prompt,
    done: Callable[[], bool],
    played: Callable[[], int],
    guess: Callable[[str], T],
    show: Callable[[str, T], None],
    help_text: str,
) -> None:
    """The interactive game: read guesses (lower-cased) at ``prompt`` until ``done()``,
    `quit`, the end of input or Ctrl-C; ``guess(word)`` plays one and ``show(word, result)``
    prints it; `help` prints ``help_text``.

    A refused guess prints the library's message and asks again; nothing typed
    can end the loop with a traceback.
    """
    with prompt:
        lines = prompt.lines(lambda: f"guess {played() + 1}> ")
        try:
            while not done():
                word = next(lines, None)
                if word is None:
                    return
                word = word.lower()
                if word in HELP:
                    console.print(help_text)
                    continue
                try:
                    result = guess(word)
                except WordlelabError as exc:
                    refused(exc)
                    continue
                show(word, result)
        except KeyboardInterrupt:  # Ctrl-C while a guess was being scored or shown
            console.print()
            prompt.ended = "interrupt"
