"""`wordlelab review`: skill and luck of each guess of a finished (or ongoing) game."""

from __future__ import annotations

import re
import sys
from typing import Annotated

import typer
from rich import box
from rich.table import Table

from ..errors import InvalidOptionError
from ..modes import Mode
from ..review import Review, parse_grid, review_game
from ..words import load_wordlist
from ._app import (
    GuessesOpt,
    JsonOpt,
    ModeOpt,
    WordsOpt,
    app,
    console,
    game_rules,
    handle_errors,
    print_json,
    tiles,
)

#: the most text ``--grid -`` reads from stdin (a share grid is a few hundred characters)
MAX_GRID_CHARS = 65_536


def _split_words(played: list[str]) -> list[str]:
    return [w for item in played for w in re.split(r"[,;\s]+", item) if w]


@app.command()
@handle_errors
def review(
    played: Annotated[
        list[str], typer.Argument(metavar="WORD", help="The words you played, in order (spaces or commas).")
    ],
    answer: Annotated[
        str | None, typer.Option("--answer", "-a", help="The answer (colours are then computed).")
    ] = None,
    grid: Annotated[
        str | None,
        typer.Option(
            "--grid",
            "-g",
            help="The share grid (emoji rows, header optional; '-' reads it from stdin). "
            "A '*' after the score (4/6*) turns on hard mode.",
        ),
    ] = None,
    patterns: Annotated[
        str | None,
        typer.Option(
            "--patterns",
            help='The colours typed, e.g. "00120,22222" or "b.y.g,ggggg".',
        ),
    ] = None,
    hard: Annotated[
        bool, typer.Option("--hard", help="The game was played in hard mode (short for --mode hard).")
    ] = False,
    mode: ModeOpt = None,
    strategy: Annotated[
        str | None,
        typer.Option(
            "--strategy",
            "-s",
            help="Whose move to show as 'would play' (default: optimal when its tree is "
            "cached or the list has at most 1000 answers, else entropy, and the output says so).",
        ),
    ] = None,
    words: WordsOpt = "original",
    guesses: GuessesOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Review a game: candidates left, skill (vs the best guess) and luck of each guess.

    Give the words played and --answer, or the colours (--grid or --patterns).
    """
    wl = load_wordlist(words, guesses)
    played_words = _split_words(played)
    pats: list[int | str] | None = None
    if grid is not None and patterns is not None:
        raise InvalidOptionError("give the colours once: --grid or --patterns, not both")
    if grid is not None:
        text = grid
        if grid == "-":
            text = sys.stdin.read(MAX_GRID_CHARS + 1)
            if len(text) > MAX_GRID_CHARS:
                raise InvalidOptionError(
                    f"--grid -: more than {MAX_GRID_CHARS} characters on stdin; paste the share grid only"
                )
        g = parse_grid(text, len(played_words[0]) if played_words else None)
        if len(g.patterns) != len(played_words):
            rows = f"{len(g.patterns)} row" + ("" if len(g.patterns) == 1 else "s")
            raise InvalidOptionError(
                f"--grid has {rows} but {len(played_words)} words were played; give one row per word"
            )
        pats = list(g.patterns)
        hard = hard or (bool(g.hard) and mode is None)
    elif patterns is not None:
        pats = [p for p in re.split(r"[,;\s]+", patterns) if p]
    result = review_game(wl, played_words, answer, pats, rules=game_rules(mode, hard), strategy=strategy)
    if json_out:
        print_json(result.to_dict())
        return
    _print_review(result)


def _print_review(r: Review) -> None:
    table = Table(
        title=f"review ({r.words}{'' if r.mode is Mode.NORMAL else f', {r.mode} mode'})",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        padding=(0, 1, 0, 0),
        show_edge=False,
    )
    for col, right in [
        ("guess", False),
        ("colours", False),
        ("left", True),
        ("bits/best", True),
        ("exp/best", True),
        ("skill", True),
        ("luck", True),
        ("best", False),
        ("would play", False),
    ]:
        table.add_column(col, justify="right" if right else "left", no_wrap=True)
    for g in r.guesses:
        table.add_row(
            tiles(g.guess, g.pattern, narrow=True),
            g.pattern_text,
            f"{g.candidates_before}\u2192{g.candidates_after}",
            f"{g.entropy:.2f}/{g.best_entropy:.2f}",
            f"{g.expected:.1f}/{g.best_expected:.1f}",
            f"{g.skill:.0f}",
            f"{g.luck:.2f}",
            g.best_entropy_guess,
            g.suggestion,
        )
    console.print(table)
    for g in r.guesses:
        if g.hard_mode_breach:
            flag = f"breaks {r.breach_mode} mode" if r.hard else "would break hard mode"
            console.print(f"guess {g.turn} {g.guess}: {flag}: {g.hard_mode_breach}")
        if g.remaining:
            console.print(f"after guess {g.turn}: {' '.join(g.remaining)}")
    outcome = f"solved in {len(r.guesses)}" if r.solved else f"not solved after {len(r.guesses)} guesses"
    answer = f", answer {r.answer}" if r.answer else ""
    console.print(f"{outcome}{answer}; mean skill {r.mean_skill:.0f}/100, mean luck {r.mean_luck:.2f} (0.5 = average)")
    because = f": greedy, because {r.suggestion_note}" if r.suggestion_note else ""
    console.print(f"'would play' = strategy {r.suggestion_source}{because}")
