"""A Ctrl-C while the ``wordlelab`` command starts exits quietly with status 130.

A command imports what it needs before it runs (numpy and numba take a good
part of a second), and Python's own handler would print a traceback of
whichever import was running.  Only the command is concerned (the console
script, or ``python -m wordlelab``): a program that imports the library, or
even :mod:`wordlelab.cli`, keeps its Ctrl-C as it was.  Once the command's
module is imported, :mod:`wordlelab.cli._app` puts Python's handler back
(:func:`started`), so that every command handles Ctrl-C its own way.  Standard
library only, and the first import of the package (``wordlelab/__init__.py``),
so that it is in place before any other: importing it calls :func:`starting`.
"""

from __future__ import annotations

import _signal  # the C half of signal (which imports enum: milliseconds before the handler is in)
import os
import sys
from types import FrameType

#: the exit status of a command ended by Ctrl-C (128 + SIGINT), as shells report it
EXIT_INTERRUPTED = 130


def _exit_interrupted(signum: int, frame: FrameType | None) -> None:
    if os.isatty(2):  # the shell's prompt goes on the next line, after the echoed ^C
        os.write(2, b"\n")
    os._exit(EXIT_INTERRUPTED)


def _module_run(argv: list[str]) -> str | None:
    """The module a ``python [options] -m MODULE ...`` command line runs, if any."""
    args = iter(argv[1:])
    for arg in args:
        if arg in ("-X", "-W"):  # options with their value apart
            next(args, None)
        elif arg.startswith("-m"):
            return arg[2:] or next(args, None)
        elif arg.startswith("-c") or not arg.startswith("-"):  # a command or a script
            return None
    return None


def is_command() -> bool:
    """Whether this process is the ``wordlelab`` command."""
    if _module_run(list(getattr(sys, "orig_argv", []))) == "wordlelab":
        return True
    script = getattr(sys.modules.get("__main__"), "__file__", None) or ""
    return os.path.basename(script).removesuffix(".exe") == "wordlelab"


def starting() -> None:
    """While the command starts, a Ctrl-C exits 130 without a word.  Only if
    Python's default handler is in place (a Ctrl-C that the parent process made
    ignored stays ignored)."""
    if is_command() and _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler:
        try:  # noqa: SIM105 (contextlib would be one more import before the handler is in)
            _signal.signal(_signal.SIGINT, _exit_interrupted)
        except ValueError:  # not the main thread: not the command starting
            pass


def started() -> None:
    """The command runs: Python's Ctrl-C (``KeyboardInterrupt``) again, if
    :func:`starting` had replaced it."""
    if _signal.getsignal(_signal.SIGINT) is _exit_interrupted:
        _signal.signal(_signal.SIGINT, _signal.default_int_handler)


starting()
