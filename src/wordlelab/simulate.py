"""Playing games automatically: one game here; many games (benchmarks) build on it.

Functions return data only; nothing here prints.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import GameOverError
from .game import Game
from .state import Step
from .strategies.base import Strategy
from .types import PatternTable
from .words import WordList

__all__ = ["Turn", "play_game", "MAX_TURNS"]

#: a game that has not been won after this many guesses is abandoned
#: (no sane strategy needs more than ~15 on any shipped list)
MAX_TURNS = 30


@dataclass(frozen=True)
class Turn:
    """A guess played in an automatic game and its effect."""

    step: Step
    word: str
    candidates_before: int
    candidates_after: int


def play_game(
    words: WordList,
    answer: str,
    strategy: Strategy,
    *,
    hard: bool = False,
    start: str | None = None,
    rule: str = "official",
    table: PatternTable | None = None,
    max_turns: int = MAX_TURNS,
) -> list[Turn]:
    """Let ``strategy`` play until it finds ``answer`` (or ``max_turns`` pass).

    ``start`` forces the first guess.  Raises :class:`GameOverError` if the
    game is not won within ``max_turns``.
    """
    game = Game(answer, words, hard=hard, rule=rule, max_guesses=max_turns, table=table)
    turns: list[Turn] = []
    while not game.won:
        if game.over:
            raise GameOverError(
                f"strategy {strategy.key} did not find {answer!r} in {max_turns} guesses"
            )
        state = game.state
        if start is not None and not turns:
            word = start
        else:
            word = words.allowed[strategy.choose(state)]
        before = len(state.candidates)
        game.guess(word)
        turns.append(Turn(game.history[-1], word, before, len(game.session.candidates)))
    return turns
