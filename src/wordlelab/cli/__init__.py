"""The ``wordlelab`` command: all terminal formatting and argument parsing.

Commands live in the modules of this package, each adding its commands to the
typer app of :mod:`._app`, whose table :data:`~._app.COMMANDS` says which module
holds which command: ``wordlelab COMMAND`` imports that module only.  Nothing
outside ``cli`` prints or reads stdin.

:data:`app` is the whole app, every command imported (for tests and tools that
walk the commands); :func:`main` is the console entry point.
"""

from __future__ import annotations

import atexit
import importlib
import os
import signal
import sys
import threading
from typing import Any

from . import _app


def _load_commands() -> None:
    for module in dict.fromkeys(module for module, _ in _app.COMMANDS.values()):
        importlib.import_module(f"{__name__}.{module}")


def __getattr__(name: str) -> Any:
    if name == "app":  # the app with every command in it
        _load_commands()
        return _app.app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _exit_interrupted(signum: int, frame: object) -> None:
    """A Ctrl-C while the process shuts down (worker pools joined, buffers flushed):
    exit 130 at once, as for any interrupted command, never killed by the signal."""
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        os._exit(130)


def main() -> None:
    """Console entry point: the named command's module is imported when it runs
    (Ctrl-C is the command's own from then on, see :meth:`_app._OneLineErrors._load`)."""
    try:
        _app.app()
    finally:
        if threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGINT, _exit_interrupted)
            # the shutdown's own steps now, in the interpreter's order, while a
            # Ctrl-C is still handled here: threads joined and executors shut down
            # first, then the exit functions (multiprocessing's joins its children,
            # which wait for their executor's shutdown: the other way round a
            # command that left a pool open never exited).  After them Python's
            # finalization puts the default action back for a handler written in
            # Python, and a Ctrl-C in its last milliseconds killed the finished
            # command (status -2): ignored from then on.  (Both steps are what
            # finalization runs, once: it skips them when done.)
            threading._shutdown()  # type: ignore[attr-defined]
            atexit._run_exitfuncs()
            signal.signal(signal.SIGINT, signal.SIG_IGN)


__all__ = ["app", "main"]
