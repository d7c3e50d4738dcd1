"""Multi-board Wordle: one guess is played on N boards at once.

Dordle is 2 boards in 7 guesses, Quordle 4 in 9, Octordle 8 in 13
(:data:`MULTI_PRESETS`; other counts default to ``boards + 5`` guesses).  A
board is solved when a guess shows all green on it; it then gets no more
feedback.  The game is won when every board is solved within the guesses.

:class:`MultiSolver` picks one guess for all boards:

1. if an unsolved board has exactly one candidate left, play it (the board
   with the lowest number first): the guess is certain to solve a board and
   still informs the others;
2. otherwise play the allowed guess with the highest
   ``sum over unsolved boards of (entropy in bits + P(guess is that board's answer))``,
   the second term rewarding a guess that may finish a board now (each board
   needs one guess of its exact word sooner or later).  Ties: a guess that is
   a candidate on some board, then word order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..errors import GameOverError, InvalidOptionError, InvalidWordError
from ..feedback import all_green, n_patterns
from ..state import State, Step
from ..table import pattern_table
from ..types import IndexArray, PatternTable
from ..words import WordList

__all__ = ["MULTI_PRESETS", "MultiGame", "MultiResult", "MultiSolver", "default_max_guesses", "play_multi"]

#: name -> (boards, guesses allowed)
MULTI_PRESETS: dict[str, tuple[int, int]] = {
    "dordle": (2, 7),
    "quordle": (4, 9),
    "octordle": (8, 13),
}


def default_max_guesses(boards: int) -> int:
    """The guesses allowed for ``boards`` boards: the presets' ``boards + 5``."""
    return boards + 5


class MultiGame:
    """A referee for N boards: knows the answers, returns one pattern per board."""

    def __init__(
        self,
        answers: Sequence[str],
        words: WordList,
        table: PatternTable | None = None,
        max_guesses: int | None = None,
    ) -> None:
        if not answers:
            raise InvalidOptionError("a multi-board game needs at least one answer")
        if isinstance(answers, str):
            raise InvalidWordError("answers is a list of words, not one string; e.g. ['cigar', 'rebut']")
        if max_guesses is not None and (
            isinstance(max_guesses, bool) or not isinstance(max_guesses, int) or max_guesses < 1
        ):
            raise InvalidOptionError(f"max_guesses must be a whole number of at least 1, not {max_guesses!r}")
        self.words = words
        self.table = table if table is not None else pattern_table(words)
        self.answers = [words.answer_id(a) for a in answers]
        self.max_guesses = max_guesses if max_guesses is not None else default_max_guesses(len(answers))
        start = State.initial(words, self.table)
        #: each board's state (a solved board's stays as its winning guess left it)
        self.states: list[State] = [start for _ in answers]
        #: the turn (1-based) each board was solved on, or None
        self.solved_at: list[int | None] = [None] * len(answers)
        self.guesses: list[str] = []

    @property
    def candidates(self) -> list[IndexArray]:
        """Each board's candidates (answer indices, ascending)."""
        return [s.candidates for s in self.states]

    @property
    def boards(self) -> int:
        return len(self.answers)

    @property
    def won(self) -> bool:
        return all(t is not None for t in self.solved_at)

    @property
    def over(self) -> bool:
        return self.won or len(self.guesses) >= self.max_guesses

    def unsolved(self) -> list[int]:
        return [b for b, t in enumerate(self.solved_at) if t is None]

    def guess(self, word: str) -> list[int | None]:
        """Play ``word`` on every board; the pattern per board (None if solved earlier)."""
        if self.over:
            raise GameOverError(
                "the game is over: " + ("all boards solved" if self.won else f"{self.max_guesses} guesses used")
            )
        g = self.words.guess_id(word)
        self.guesses.append(self.words.allowed[g])
        win = all_green(self.words.length)
        out: list[int | None] = []
        for b, answer in enumerate(self.answers):
            if self.solved_at[b] is not None:
                out.append(None)
                continue
            p = int(self.table[g, answer])
            self.states[b] = self.states[b].after(Step(g, p))
            if p == win:
                self.solved_at[b] = len(self.guesses)
            out.append(p)
        return out


class MultiSolver:
    """Chooses one guess for all unsolved boards (rule in the module docstring)."""

    def __init__(self, words: WordList, table: PatternTable | None = None) -> None:
        self.words = words
        self.table = table if table is not None else pattern_table(words)
        self.guesses = np.arange(len(words.allowed), dtype=np.int64)
        self._memo: dict[tuple[bytes, ...], int] = {}

    def scores(self, boards: Sequence[IndexArray]) -> np.ndarray:
        """``float64[G]``: summed entropy + win chance of every allowed guess over ``boards``."""
        from ..kernels import partition_stats

        npat = n_patterns(self.words.length)
        total = np.zeros(len(self.guesses), dtype=np.float64)
        for cands in boards:
            _, _, _, entropy = partition_stats(self.table, self.guesses, cands, npat)
            total += entropy
            total[self.words.answer_to_allowed[cands]] += 1.0 / len(cands)
        return total

    def choose(self, boards: Sequence[IndexArray]) -> int:
        """The allowed index to play, given the candidates of each *unsolved* board."""
        if not boards:
            raise GameOverError("every board is solved; nothing to choose")
        for cands in boards:
            if len(cands) == 1:
                return int(self.words.answer_to_allowed[cands[0]])
        key = tuple(c.tobytes() for c in boards)
        if key in self._memo:  # e.g. the opening, the same in every game
            return self._memo[key]
        score = self.scores(boards)
        is_cand = np.zeros(len(self.guesses), dtype=bool)
        for cands in boards:
            is_cand[self.words.answer_to_allowed[cands]] = True
        order = np.lexsort((self.guesses, ~is_cand, -np.round(score, 9)))
        choice = int(self.guesses[order[0]])
        if len(self._memo) < 64:
            self._memo[key] = choice
        return choice


@dataclass(frozen=True)
class MultiResult:
    """An automatic multi-board game: the guesses and the turn each board was solved."""

    answers: list[str]
    guesses: list[str]
    solved_at: list[int | None]
    max_guesses: int
    #: per guess, the pattern on each board (None where the board was already solved)
    patterns: list[list[int | None]]

    @property
    def won(self) -> bool:
        return all(t is not None for t in self.solved_at)


def play_multi(
    words: WordList,
    answers: Sequence[str],
    solver: MultiSolver | None = None,
    *,
    table: PatternTable | None = None,
    max_guesses: int | None = None,
) -> MultiResult:
    """Let ``solver`` play one game on ``len(answers)`` boards until won or out of guesses."""
    game = MultiGame(answers, words, table, max_guesses)
    solver = solver if solver is not None else MultiSolver(words, game.table)
    patterns: list[list[int | None]] = []
    while not game.over:
        g = solver.choose([game.candidates[b] for b in game.unsolved()])
        patterns.append(game.guess(words.allowed[g]))
    return MultiResult(
        answers=[words.answers[a] for a in game.answers],
        guesses=list(game.guesses),
        solved_at=list(game.solved_at),
        max_guesses=game.max_guesses,
        patterns=patterns,
    )
