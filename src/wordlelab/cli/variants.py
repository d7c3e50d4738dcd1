"""Variants: `wordlelab absurdle` (play or --solve) and `wordlelab multi` (Dordle/Quordle/Octordle).

The unknown-answer-list commands (`wordlelab prior ...`) are in :mod:`.prior`.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Annotated

import typer
from rich.text import Text

from ..errors import InvalidOptionError
from ..feedback import format_pattern, parse_pattern
from ..table import pattern_table
from ..variants.absurdle import Absurdle, solve_absurdle
from ..variants.multi import (
    MULTI_PRESETS,
    MultiGame,
    MultiResult,
    MultiSolver,
    default_max_guesses,
    play_multi,
)
from ..words import load_wordlist
from ._app import (
    GuessesOpt,
    JsonOpt,
    WordsOpt,
    app,
    console,
    handle_errors,
    output_file,
    print_json,
    tiles,
)
from ._prompt import Prompt, game_help, guess_loop

#: the most boards of a multi-board game
MAX_BOARDS = 32


def _solve_only(*flags: tuple[str, bool]) -> None:
    """Refuse options of --solve given to an interactive game (they would be ignored)."""
    given = [flag for flag, on in flags if on]
    if given:
        raise InvalidOptionError(f"{', '.join(given)} {'goes' if len(given) == 1 else 'go'} with --solve")


@app.command()
@handle_errors
def absurdle(
    solve: Annotated[
        bool, typer.Option("--solve", help="Find the fewest guesses that force a win, with proof.")
    ] = False,
    max_depth: Annotated[int, typer.Option("--max-depth", min=1, max=12, help="Deepest search.")] = 6,
    max_nodes: Annotated[
        int, typer.Option("--max-nodes", min=0, help="Stop a depth after expanding this many sets.")
    ] = 200_000,
    time_limit: Annotated[
        float, typer.Option("--time-limit", min=0.0, help="Stop the search after this many seconds.")
    ] = 600.0,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="With --solve: write the proof as JSON here.")] = None,
    words: WordsOpt = "original",
    guesses: GuessesOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Play Absurdle (the answer dodges your guesses), or --solve it.

    The adversary keeps the largest group of words consistent with your
    guesses; ties: fewest greens, then fewest yellows, then lowest pattern.
    """
    if not solve:
        _solve_only(
            ("--out", out is not None),
            ("--json", json_out),
            ("--max-depth", max_depth != 6),
            ("--max-nodes", max_nodes != 200_000),
            ("--time-limit", time_limit != 600.0),
        )
    output_file(out, "--out file")
    wl = load_wordlist(words, guesses)
    if solve:
        proof = solve_absurdle(wl, max_depth=max_depth, max_nodes=max_nodes, max_seconds=time_limit)
        data = proof.to_dict()
        if out is not None:
            out.write_text(json.dumps(data, indent=2) + "\n", "utf-8")
        if json_out:
            print_json(data)
            return
        for d in proof.depths:
            console.print(f"depth {d.depth}: {d.outcome} ({d.nodes} sets expanded, {d.seconds:.2f} s)")
        if proof.line:
            for i, (w, p, left) in enumerate(zip(proof.line, proof.patterns, proof.remaining, strict=True), 1):
                row = tiles(w, parse_pattern(p, wl.length))
                row.append(f"  {left} left")
                console.print(Text(f"{i} ") + row)
        console.print(
            f"bound data: first guess keeps at least {proof.min_first_bucket} words; "
            f"no guess makes more than {proof.max_parts} groups"
        )
        console.print(proof.summary())
        if out is not None:
            console.print(f"proof written to {out}")
        return
    game = Absurdle(wl)
    console.print(
        f"Absurdle ({wl.name}): the answer changes to dodge you; {len(game.candidates)} words "
        "possible. Type a guess, `help` or `quit`."
    )

    def show_absurdle(word: str, p: int) -> None:
        n = len(game.candidates)
        left = "" if game.won else f"  {n} word{'s' if n != 1 else ''} possible"
        console.print(tiles(word, p) + Text(left))

    guess_loop(
        Prompt("absurdle", ("help", "quit"), lambda: wl.allowed),
        lambda: game.won,
        lambda: len(game.history),
        game.guess,
        show_absurdle,
        game_help(wl.length),
    )
    if game.won:
        n = len(game.history)
        console.print(f"You won in {n} guess{'es' if n != 1 else ''}.")
        return
    raise typer.Exit(1)


def _board_cell(word: str, p: int | None, colour: bool) -> Text:
    if p is None:
        return Text(" " * len(word))
    if not colour:
        return Text(format_pattern(p, len(word)))
    return tiles(word, p, narrow=True)


def _turn_line(turn: int, word: str, pats: list[int | None], colour: bool) -> Text:
    line = Text(f"{turn:>2} {word}  ")
    for p in pats:
        line.append_text(_board_cell(word, p, colour))
        line.append("  ")
    return line


def _pick_answers(wl_answers: tuple[str, ...], boards: int, seed: int | None) -> list[str]:
    return random.Random(seed).sample(list(wl_answers), boards)


@app.command()
@handle_errors
def multi(
    boards: Annotated[
        int | None,
        typer.Option(
            "--boards", "-b", min=1, max=MAX_BOARDS, help="Boards: 2 Dordle, 4 Quordle, 8 Octordle (default 4)."
        ),
    ] = None,
    solve: Annotated[bool, typer.Option("--solve", help="Let the solver play the game.")] = False,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed for the hidden answers.")] = None,
    answers: Annotated[
        str | None, typer.Option("--answers", help="The answers, comma separated (instead of random).")
    ] = None,
    max_guesses: Annotated[
        int | None, typer.Option("--max-guesses", min=1, help="Default: boards + 5 (7, 9, 13).")
    ] = None,
    words: WordsOpt = "original",
    guesses: GuessesOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Play (or --solve) a multi-board game: one guess goes to every board."""
    if not solve:
        _solve_only(("--json", json_out))
    if answers is not None and seed is not None:
        raise InvalidOptionError("--seed picks random answers; give --answers or --seed, not both")
    wl = load_wordlist(words, guesses)
    if answers is not None:
        chosen = [a.strip().lower() for a in answers.split(",") if a.strip()]
        if boards is not None and boards != len(chosen):
            raise InvalidOptionError(
                f"--boards {boards} but --answers names {len(chosen)}; the answers set the boards, "
                "so leave out --boards"
            )
        boards = len(chosen)
        if boards > MAX_BOARDS:
            raise InvalidOptionError(f"--answers names {boards} answers; at most {MAX_BOARDS} boards")
    else:
        boards = 4 if boards is None else boards
        if boards > len(wl.answers):
            raise InvalidOptionError(f"{boards} boards need {boards} answers; the list has {len(wl.answers)}")
        chosen = _pick_answers(wl.answers, boards, seed)
    limit = max_guesses if max_guesses is not None else default_max_guesses(boards)
    name = next((n for n, (b, g) in MULTI_PRESETS.items() if (b, g) == (boards, limit)), None)
    title = f"{name.capitalize() if name else 'multi-board'}: {boards} boards, {limit} guesses"
    colour = console.is_terminal
    if solve:
        table = pattern_table(wl)
        result = play_multi(wl, chosen, MultiSolver(wl, table), table=table, max_guesses=limit)
        if json_out:
            print_json(_result_json(result, wl.length))
            return
        console.print(title)
        for i, (w, pats) in enumerate(zip(result.guesses, result.patterns, strict=True), 1):
            console.print(_turn_line(i, w, pats, colour))
        _print_outcome(result.won, result.solved_at, result.answers, len(result.guesses), limit)
        if not result.won:
            raise typer.Exit(1)
        return
    game = MultiGame(chosen, wl, max_guesses=limit)
    console.print(f"{title}. Type a guess, `help` or `quit`.")

    def show_multi(word: str, pats: list[int | None]) -> None:
        console.print(_turn_line(len(game.guesses), game.guesses[-1], pats, colour))
        left = ["ok" if t is not None else str(len(c)) for t, c in zip(game.solved_at, game.candidates, strict=True)]
        console.print("   words possible per board: " + " ".join(left))

    guess_loop(
        Prompt("multi", ("help", "quit"), lambda: wl.allowed),
        lambda: game.over,
        lambda: len(game.guesses),
        game.guess,
        show_multi,
        game_help(wl.length),
    )
    _print_outcome(game.won, game.solved_at, [wl.answers[a] for a in game.answers], len(game.guesses), limit)
    if not game.won:
        raise typer.Exit(1)


def _print_outcome(won: bool, solved_at: list[int | None], answers: list[str], used: int, limit: int) -> None:
    if won:
        console.print(f"won: all {len(answers)} boards in {used}/{limit} guesses")
        return
    missing = [f"{b + 1} ({answers[b]})" for b, t in enumerate(solved_at) if t is None]
    console.print(f"lost after {used}/{limit} guesses; unsolved boards: {', '.join(missing)}")


def _result_json(r: MultiResult, length: int) -> dict[str, object]:
    return {
        "answers": r.answers,
        "guesses": r.guesses,
        "solved_at": r.solved_at,
        "max_guesses": r.max_guesses,
        "won": r.won,
        "patterns": [[None if p is None else format_pattern(p, length) for p in pats] for pats in r.patterns],
    }
