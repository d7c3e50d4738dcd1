"""``python -m wordlelab`` is the ``wordlelab`` command."""

from .cli import main

main()
