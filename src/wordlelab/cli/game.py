"""Commands about single games: solve, play."""

from __future__ import annotations

import random
from typing import Annotated

import typer
from rich.table import Table

from ..errors import WordListError
from ..feedback import format_pattern
from ..game import DEFAULT_STRATEGY, Game
from ..modes import GameRules, Mode
from ..simulate import Turn, play_game
from ..strategies import Strategy, get_strategy
from ..types import FloatArray
from ..words import DAILY_LIST, WordList, load_wordlist
from ._app import (
    DailyWordsOpt,
    ExcludeOpt,
    GuessesOpt,
    HardOpt,
    JsonOpt,
    ModeOpt,
    PriorOpt,
    StrategyOpt,
    WordsOpt,
    app,
    apply_prior,
    console,
    excluded_words,
    game_rules,
    handle_errors,
    print_json,
    tiles,
)
from ._prompt import Prompt, game_help, guess_loop


def solve_turns(
    wl: WordList,
    weights: FloatArray | None,
    answer: str,
    strategy: str,
    *,
    rules: GameRules,
    start: str | None = None,
) -> tuple[Strategy, list[Turn]]:
    """The player (``strategy``, with the prior ``weights`` if any) and its game on ``answer``."""
    strat = get_strategy(strategy)
    if weights is not None:
        from ..prior import PriorPlayer

        strat = PriorPlayer(strat, weights)
    if start is not None:
        Game(answer, wl, rules=rules).session.check_guess(start)  # validate before playing
    return strat, play_game(wl, answer, strat, rules=rules, start=start)


@app.command()
@handle_errors
def solve(
    answer: Annotated[str, typer.Argument(help="The answer to find.")],
    strategy: StrategyOpt = DEFAULT_STRATEGY,
    hard: HardOpt = False,
    mode: ModeOpt = None,
    start: Annotated[str | None, typer.Option("--start", help="Force the first guess.")] = None,
    words: WordsOpt = "original",
    guesses: GuessesOpt = None,
    prior: PriorOpt = "none",
    json_out: JsonOpt = False,
) -> None:
    """Auto-solve ANSWER and show each guess, its tiles and the candidates left."""
    wl, weights = apply_prior(load_wordlist(words, guesses), prior)
    rules = game_rules(mode, hard)
    strat, turns = solve_turns(wl, weights, answer, strategy, rules=rules, start=start)
    if json_out:
        print_json(
            {
                "answer": answer.strip().lower(),
                "strategy": strat.key,
                "mode": rules.mode.value,
                "guesses": len(turns),
                "turns": [
                    {
                        "guess": t.word,
                        "pattern": format_pattern(t.step.pattern, wl.length),
                        "candidates_before": t.candidates_before,
                        "candidates_after": t.candidates_after,
                    }
                    for t in turns
                ],
            }
        )
        return
    shown_mode = "" if rules.mode is Mode.NORMAL else f" ({rules.mode})"
    table = Table(title=f"{answer.strip().lower()} with {strat.key}{shown_mode}")
    table.add_column("#", justify="right")
    table.add_column("guess")
    table.add_column("tiles / pattern")
    table.add_column("candidates left", justify="right")
    for i, t in enumerate(turns, 1):
        table.add_row(str(i), t.word, tiles(t.word, t.step.pattern), str(t.candidates_after))
    console.print(table)
    console.print(f"solved in {len(turns)} guesses")


@app.command()
@handle_errors
def play(
    hard: HardOpt = False,
    mode: ModeOpt = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed for the hidden answer.")] = None,
    words: DailyWordsOpt = DAILY_LIST,
    guesses: GuessesOpt = None,
    max_guesses: Annotated[
        int, typer.Option("--max-guesses", min=1, help="Guesses you get before the answer is revealed.")
    ] = 6,
    exclude: ExcludeOpt = None,
) -> None:
    """Play a game in the terminal against a hidden answer (type `quit` to give up)."""
    wl = load_wordlist(words, guesses)
    rules = game_rules(mode, hard)
    skip = set(excluded_words(exclude, wl))
    pool = [w for w in wl.answers if w not in skip]
    if not pool:
        raise WordListError(f"--exclude leaves no answer of list {wl.name!r} to play; exclude fewer words")
    answer = random.Random(seed).choice(pool)
    game = Game(answer, wl, rules=rules, max_guesses=max_guesses, exclude=skip)
    console.print(
        f"Guess the {wl.length}-letter word in {max_guesses} tries"
        f"{'' if game.mode is Mode.NORMAL else f' ({game.mode} mode)'}. Type a word, `help` or `quit`."
    )
    guess_loop(
        Prompt("play", ("help", "quit"), lambda: wl.allowed),
        lambda: game.over,
        lambda: len(game.history),
        game.guess,
        lambda word, p: console.print(tiles(word, p)),
        game_help(wl.length),
    )
    if game.won:
        console.print(f"Solved in {len(game.history)}! The word was {answer.upper()}.")
    else:
        console.print(f"The word was {answer.upper()}.")
        raise typer.Exit(1)
