"""The typer app, the shared options and the terminal helpers every command uses."""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

import typer
from rich.console import Console
from rich.text import Text

from ..errors import WordlelabError, WordListError
from ..feedback import Mark, decode, format_pattern
from ..types import FloatArray
from ..words import WordList, load_wordlist

app = typer.Typer(
    name="wordlelab",
    help="Solve Wordle, study strategies, compute optimal play.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)

#: exit code for bad input (usage errors from typer itself exit 2 as well)
EXIT_BAD_INPUT = 2

WordsOpt = Annotated[
    str,
    typer.Option(
        "--words",
        "-w",
        help="Word list: a built-in name (original, original-order, nyt, nyt-12959) "
        "or a file of answers, one word a line.",
    ),
]
GuessesOpt = Annotated[
    str | None,
    typer.Option("--guesses", help="File of allowed guesses (default: the list's own)."),
]
HardOpt = Annotated[bool, typer.Option("--hard", help="Hard mode: revealed hints must be used.")]
StrategyOpt = Annotated[
    str, typer.Option("--strategy", "-s", help="Strategy name (see `wordlelab strategies`).")
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]
PriorOpt = Annotated[
    str,
    typer.Option(
        "--prior",
        help="none: the list's answers, equally likely. freq: any allowed word may be the "
        "answer, weighted by word frequency (see docs/unknown-answers.md). "
        "freq:LANG takes the frequencies of another language, e.g. freq:de.",
    ),
]

F = TypeVar("F", bound=Callable[..., Any])

_STYLE = {
    Mark.GREEN: "bold white on green4",
    Mark.YELLOW: "bold black on yellow3",
    Mark.GREY: "bold white on grey35",
}


def handle_errors(func: F) -> F:
    """Turn a :class:`WordlelabError` into a message on stderr and exit code 2."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except WordlelabError as exc:
            err_console.print(f"[bold red]error:[/] {exc}", markup=True, soft_wrap=True)
            raise typer.Exit(EXIT_BAD_INPUT) from None

    return wrapper  # type: ignore[return-value]


def load_words(words: str, guesses: str | None) -> WordList:
    return load_wordlist(words, guesses)


def apply_prior(wl: WordList, prior: str) -> tuple[WordList, FloatArray | None]:
    """``--prior``: the list unchanged, or every allowed word as an answer with its weight.

    ``freq`` uses English word frequencies, ``freq:LANG`` those of language LANG.
    """
    if prior == "none":
        return wl, None
    kind, _, lang = prior.partition(":")
    if kind == "freq":
        from ..prior import check_language, prior_wordlist

        return prior_wordlist(wl, lang=check_language(lang or "en"))
    raise WordListError(f"unknown prior {prior!r}; use --prior none, freq or freq:LANG (e.g. freq:de)")


def tiles(word: str, pattern: int) -> Text:
    """Coloured tiles followed by the plain digit pattern (kept when colours are stripped)."""
    text = Text()
    for ch, mark in zip(word.upper(), decode(pattern, len(word))):
        text.append(f" {ch} ", style=_STYLE[mark])
        text.append(" ")
    text.append(format_pattern(pattern, len(word), "digits"))
    return text


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2) + "\n")
