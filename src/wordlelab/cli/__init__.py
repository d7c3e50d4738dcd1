"""The ``wordlelab`` command: all terminal formatting and argument parsing.

Commands live in the modules of this package, each adding its commands to
:data:`app`; this module imports them all, so a new command group is one new
module.  Nothing outside ``cli`` prints or reads stdin.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import signal
import sys
import threading

from .._startup import started
from ._app import app


def _load_commands() -> None:
    for info in pkgutil.iter_modules(__path__):
        if not info.name.startswith("_"):
            importlib.import_module(f"{__name__}.{info.name}")


_load_commands()


def _exit_interrupted(signum: int, frame: object) -> None:
    """A Ctrl-C while the process shuts down (worker pools joined, buffers flushed):
    exit 130 at once, as for any interrupted command, never killed by the signal."""
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        os._exit(130)


def main() -> None:
    """Console entry point."""
    started()  # Ctrl-C is the commands' own from here on
    try:
        app()
    finally:
        if threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGINT, _exit_interrupted)


__all__ = ["app", "main"]
