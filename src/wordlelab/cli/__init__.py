"""The ``wordlelab`` command: all terminal formatting and argument parsing.

Commands live in the modules of this package, each adding its commands to
:data:`app`; this module imports them all, so a new command group is one new
module.  Nothing outside ``cli`` prints or reads stdin.
"""

from __future__ import annotations

import importlib
import pkgutil

from ._app import app


def _load_commands() -> None:
    for info in pkgutil.iter_modules(__path__):
        if not info.name.startswith("_"):
            importlib.import_module(f"{__name__}.{info.name}")


_load_commands()


def main() -> None:
    """Console entry point."""
    app()


__all__ = ["app", "main"]
