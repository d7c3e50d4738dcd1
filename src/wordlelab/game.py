"""Game (a referee that knows the answer) and Session (an assistant that does not).

Both keep the history and the remaining candidates and hand strategies a
read-only :class:`~wordlelab.state.State`.  Every move is validated first and
applied only if valid, so a refused move leaves everything as it was.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

import numpy as np

from .cachefile import versioned_key
from .errors import (
    GameOverError,
    HardModeError,
    InconsistentFeedbackError,
    InvalidOptionError,
    InvalidPatternError,
    WordlelabError,
    WordListError,
)
from .feedback import Pattern, all_green, format_pattern, n_patterns, parse_pattern
from .modes import Mode, as_mode
from .openings import OPENING_TOP, OpeningBook
from .state import State, Step
from .strategies.base import Ranked, Strategy, get_strategy
from .table import pattern_table
from .types import FloatArray, PatternTable
from .words import WordList, load_wordlist

__all__ = ["DEFAULT_STRATEGY", "OPENING_TOP", "Game", "Session"]

DEFAULT_STRATEGY = "entropy"


class Session:
    """An assistant for a game whose answer is unknown.

    Tell it each guess you played and the colours you saw (:meth:`play`); ask
    it for the best next guesses (:meth:`suggest`); :meth:`undo` steps back.

    ``openings`` is where :meth:`suggest` finds and keeps the first turn's
    ranking: by default an :class:`~wordlelab.openings.OpeningBook` that reads the
    shipped book and the user's book in the cache directory and adds to the latter;
    ``OpeningBook(persist=False)`` reads and writes no cache file.  The default
    keeps using the cache directory, as :func:`~wordlelab.table.pattern_table`
    does, because the front ends make strategies by name through the registry,
    which has no way to hand them a store: a memory-only default would rank
    every opening again in each new process.

    ``mode`` is ``"normal"``, ``"hard"`` or ``"ultra"`` (:mod:`wordlelab.modes`);
    ``hard=True`` is the short form of ``mode="hard"``.
    """

    def __init__(
        self,
        words: WordList | None = None,
        *,
        mode: Mode | str = Mode.NORMAL,
        hard: bool = False,
        rule: str = "official",
        table: PatternTable | None = None,
        weights: FloatArray | None = None,
        openings: OpeningBook | None = None,
    ) -> None:
        self.words = words if words is not None else load_wordlist()
        self.openings = openings if openings is not None else OpeningBook()
        self.mode = as_mode(mode, hard)
        self.rule = rule
        self.weights = _check_weights(weights, len(self.words.answers))
        self.table = table if table is not None else pattern_table(self.words, rule)
        #: the state before each move and now (undo pops the last)
        self._states = [State.initial(self.words, self.table, mode=self.mode, rule=rule, weights=self.weights)]

    @property
    def hard(self) -> bool:
        """True in hard and ultra mode (the legal guesses depend on the hints)."""
        return self.mode.restricted

    # -- reading ----------------------------------------------------------------
    @property
    def history(self) -> tuple[Step, ...]:
        return self.state.history

    @property
    def candidates(self) -> np.ndarray:
        """Answer indices still possible (ascending, read-only)."""
        return self.state.candidates

    @property
    def candidate_words(self) -> list[str]:
        return [self.words.answers[i] for i in self.candidates]

    @property
    def solved(self) -> bool:
        h = self.history
        return bool(h) and h[-1].pattern == all_green(self.words.length)

    @property
    def state(self) -> State:
        return self._states[-1]

    def history_text(self) -> str:
        """The history in the ``--history`` form, e.g. ``salet:00120,drone:22202``."""
        return ",".join(
            f"{self.words.allowed[s.guess]}:{format_pattern(s.pattern, self.words.length)}" for s in self.history
        )

    # -- moves ------------------------------------------------------------------
    def check_guess(self, word: str) -> int:
        """The allowed index of ``word``; raises if it is not legal now (hard and ultra mode)."""
        g = self.words.guess_id(word)
        if self.hard:
            why = self.state.violation(g)
            if why is not None:
                raise HardModeError(f"{self.mode} mode: {why} ({self.words.allowed[g]!r} refused)")
        return g

    def play(self, word: str, pattern: Pattern | str) -> State:
        """Record that ``word`` was played and showed ``pattern`` (int or any typed form).

        Raises (and changes nothing) if the word is not allowed, breaks hard
        mode, the pattern is malformed, or no candidate could show it.
        """
        if self.solved:
            raise GameOverError("the puzzle is already solved; undo a move or start a new game")
        g = self.check_guess(word)
        if isinstance(pattern, str):
            p = parse_pattern(pattern, self.words.length)
        elif isinstance(pattern, bool | np.bool_) or not isinstance(pattern, int | np.integer):
            raise InvalidPatternError(
                f"a pattern is an int (0 to {n_patterns(self.words.length) - 1}) or text such as "
                f"'00120', not {type(pattern).__name__} {repr(pattern)[:40]}"
            )
        else:
            p = int(pattern)
            if not 0 <= p < n_patterns(self.words.length):
                raise InvalidPatternError(f"pattern {p} is out of range for {self.words.length} letters")
        state = self.state.after(Step(g, p))
        if len(state.candidates) == 0:
            # the colours as they were typed (or as digits), never in another alphabet
            shown = pattern.strip() if isinstance(pattern, str) else format_pattern(p, self.words.length)
            n = len(self.history)
            after = "as a first guess" if n == 0 else f"after {n} earlier guess{'es' if n != 1 else ''}"
            raise InconsistentFeedbackError(
                f"no possible answer gives {shown} for {self.words.allowed[g].upper()} {after}; "
                "check the colours you typed (nothing was changed)"
            )
        self._states.append(state)
        return state

    def replay(self, moves: Iterable[tuple[str, Pattern | str]]) -> State:
        """:meth:`play` each ``(word, pattern)`` in turn.  An error names the move
        that failed (``move 2 (crane): ...``) and is of the same type as
        :meth:`play` raises; the moves before it stay played."""
        for i, (word, pattern) in enumerate(moves, 1):
            try:
                self.play(word, pattern)
            except WordlelabError as exc:
                raise exc.with_prefix(f"move {i} ({str(word).strip().lower()}): ") from None
        return self.state

    def undo(self) -> Step:
        """Take back the last move; raises :class:`GameOverError` if there is none."""
        if len(self._states) == 1:
            raise GameOverError("nothing to undo")
        return self._states.pop().history[-1]

    def suggest(self, strategy: Strategy | str | None = None, top: int = 5) -> list[Ranked]:
        """The ``top`` best next guesses by ``strategy`` (default: entropy).

        The opening of a deterministic strategy comes from :attr:`openings`
        (shipped for the built-in lists, else ranked once and kept there).
        """
        if isinstance(top, bool) or not isinstance(top, int | np.integer) or top < 1:
            raise InvalidOptionError(f"top must be a whole number of at least 1, not {repr(top)[:40]}")
        top = int(top)
        strat = _strategy(strategy)
        if not self.history and not strat.randomized and top <= OPENING_TOP:
            return self.openings.opening(_opening_key(self, strat), strat, self.state)[:top]
        return strat.rank(self.state, top)


class Game:
    """A referee: knows the answer, scores guesses, tracks candidates like a Session."""

    def __init__(
        self,
        answer: str,
        words: WordList | None = None,
        *,
        mode: Mode | str = Mode.NORMAL,
        hard: bool = False,
        rule: str = "official",
        max_guesses: int | None = 6,
        table: PatternTable | None = None,
        weights: FloatArray | None = None,
    ) -> None:
        self.session = Session(words, mode=mode, hard=hard, rule=rule, table=table, weights=weights)
        self.words = self.session.words
        self.answer = self.words.answer_id(answer)
        self.max_guesses = max_guesses

    @property
    def history(self) -> tuple[Step, ...]:
        return self.session.history

    @property
    def mode(self) -> Mode:
        return self.session.mode

    @property
    def won(self) -> bool:
        return self.session.solved

    @property
    def over(self) -> bool:
        return self.won or (self.max_guesses is not None and len(self.history) >= self.max_guesses)

    @property
    def state(self) -> State:
        return self.session.state

    def guess(self, word: str) -> Pattern:
        """Play ``word``; returns its pattern.  Raises if the game is over or the guess illegal."""
        if self.over:
            raise GameOverError("the game is over: " + ("solved" if self.won else f"{self.max_guesses} guesses used"))
        g = self.session.check_guess(word)
        p = int(self.session.table[g, self.answer])
        self.session.play(self.words.allowed[g], p)
        return p


def _strategy(strategy: Strategy | str | None) -> Strategy:
    if strategy is None:
        return get_strategy(DEFAULT_STRATEGY)
    if isinstance(strategy, str):
        return get_strategy(strategy)
    return strategy


def _check_weights(weights: FloatArray | None, n: int) -> FloatArray | None:
    if weights is None:
        return None
    w = np.asarray(weights, dtype=np.float64)
    if w.shape != (n,) or not np.all(np.isfinite(w)) or np.any(w < 0) or w.sum() <= 0:
        raise WordListError(
            f"answer weights must be {n} finite non-negative numbers with a positive sum, one per answer in list order"
        )
    return w


def _opening_key(session: Session, strat: Strategy) -> str:
    """The book key of ``strat``'s opening in ``session``: lists, rule, mode, strategy
    key and, in prior mode, a hash of the weights."""
    key = versioned_key(session.words.digest, session.rule, session.mode.value, strat.key)
    if session.weights is not None:
        key += "|w" + hashlib.sha256(session.weights.tobytes()).hexdigest()[:16]
    return key


def opening_entry(session: Session, strat: Strategy) -> tuple[str, list[list[object]]]:
    """The cache key and entry of ``strat``'s opening (used to build the shipped file)."""
    ranked = strat.rank(session.state, OPENING_TOP)
    return _opening_key(session, strat), [[r.word, r.score, r.stats] for r in ranked]
