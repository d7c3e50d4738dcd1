"""`feedback`: the colours of one guess.  The standard library and the terminal
only, so that it answers at once."""

from __future__ import annotations

from typing import Annotated

import typer

from ..errors import InvalidWordError
from ..feedback import feedback as feedback_rule
from ..feedback import format_pattern
from ._app import app, console, handle_errors, tiles


@app.command()
@handle_errors
def feedback(
    guess: Annotated[str, typer.Argument(help="The guessed word.")],
    answer: Annotated[str, typer.Argument(help="The answer.")],
    format: Annotated[str, typer.Option("--format", "-f", help="digits | letters | emoji | emoji-hc")] = "digits",
) -> None:
    """Show the colours GUESS gets against ANSWER (repeated letters done right)."""
    g, a = guess.strip().lower(), answer.strip().lower()
    for w in (g, a):
        if not w.isalpha():
            raise InvalidWordError(f"{w!r} is not a word of letters; give two words, e.g. salet cigar")
    p = feedback_rule(g, a)
    if console.is_terminal:
        console.print(tiles(g, p))
    console.print(format_pattern(p, len(g), format))  # type: ignore[arg-type]
