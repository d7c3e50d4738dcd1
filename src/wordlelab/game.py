"""Game (a referee that knows the answer) and Session (an assistant that does not).

Both keep the history and the remaining candidates and hand strategies a
read-only :class:`~wordlelab.state.State`.  Every move is validated first and
applied only if valid, so a refused move leaves everything as it was.
"""

from __future__ import annotations

import dataclasses
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
    InvalidWordError,
    WordlelabError,
    WordListError,
)
from .feedback import Pattern, all_green, format_pattern, n_patterns, parse_pattern
from .modes import NORMAL, GameRules, Mode, PlayedUnder
from .openings import OPENING_TOP, OpeningBook
from .state import State, Step, ultra_legal
from .strategies.base import Ranked, Strategy, get_strategy
from .table import guess_patterns, pattern_table
from .types import FloatArray, PatternTable
from .words import WordList, load_wordlist

__all__ = ["DEFAULT_STRATEGY", "OPENING_TOP", "Game", "Session"]

DEFAULT_STRATEGY = "entropy"


class Session(PlayedUnder):
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

    ``rules`` are the game's mode and colour rule (:class:`~wordlelab.modes.GameRules`);
    a mode or its name (``"normal"``, ``"hard"``, ``"ultra"``) is short for that
    mode under the official colours.
    """

    def __init__(
        self,
        words: WordList | None = None,
        *,
        rules: GameRules | Mode | str = NORMAL,
        table: PatternTable | None = None,
        weights: FloatArray | None = None,
        openings: OpeningBook | None = None,
        exclude: Iterable[str] = (),
        widen: bool = True,
    ) -> None:
        self.words = words if words is not None else load_wordlist()
        self.openings = openings if openings is not None else OpeningBook()
        self.rules = GameRules.of(rules)
        self.weights = _check_weights(weights, len(self.words.answers))
        self.table = table if table is not None else pattern_table(self.words, self.rules.rule)
        self.widen = widen
        #: the words that cannot be the answer (lower case; they stay legal guesses)
        self.excluded: frozenset[str] = _excluded(self.words, exclude)
        start = _without(State.initial(self.words, self.table, self.rules, weights=self.weights), self.excluded)
        if len(start.candidates) == 0:
            raise WordListError(f"the excluded words are every answer of list {self.words.name!r}; exclude fewer words")
        #: the state before each move and now (undo pops the last)
        self._states = [start]

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
        """The words still possible (those of :attr:`answer_words`), in list order."""
        answers = self.answer_words.answers
        return [answers[i] for i in self.candidates]

    @property
    def answer_words(self) -> WordList:
        """The list the candidates index: :attr:`words`, or once :attr:`widened`, every
        allowed word of it (in the same order of allowed guesses, so a guess index
        means the same word either way)."""
        return self.state.words

    @property
    def widened(self) -> bool:
        """True once the colours ruled out every answer of :attr:`words` and the session
        went on with every allowed word that fits them, weighted by how common it is
        (:func:`wordlelab.prior.widened`); :meth:`undo` back past that move narrows again."""
        return self.state.words is not self.words

    def likely(self, n: int) -> list[tuple[str, float]]:
        """The ``n`` most probable candidates and their probabilities, by the weights
        of the state (the prior once :attr:`widened`; equal without weights); ties in
        list order."""
        cands = self.candidates
        scaled = self.state.candidate_weights()  # sums to len(cands)
        p = (np.ones(len(cands)) if scaled is None else scaled) / max(len(cands), 1)
        order = np.lexsort((cands, -p))[:n]
        answers = self.answer_words.answers
        return [(answers[cands[i]], float(p[i])) for i in order]

    @property
    def notice(self) -> str | None:
        """What a front end tells the player once the list was widened (else None)."""
        if not self.widened:
            return None
        return (
            f"no answer of the list {self.words.name} fits: the answer may be a newer word; "
            "now considering every allowed word that fits, weighted by how common it is"
        )

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
        kept = self.state.after(Step(g, p))
        state = kept if len(kept.candidates) else self._wider(Step(g, p))
        if state is None:
            # the colours as they were typed (or as digits), never in another alphabet
            shown = pattern.strip() if isinstance(pattern, str) else format_pattern(p, self.words.length)
            n = len(self.history)
            after = "as a first guess" if n == 0 else f"after {n} earlier guess{'es' if n != 1 else ''}"
            nobody = "no possible answer" if not self.widen else "no allowed word"
            raise InconsistentFeedbackError(
                f"{nobody} gives {shown} for {self.words.allowed[g].upper()} {after}; "
                "check the colours you typed (nothing was changed)"
            )
        self._states.append(state)
        return state

    def _wider(self, step: Step) -> State | None:
        """The state after ``step`` with every allowed word that fits the history as a
        candidate (weighted by frequency), or None if none does, widening is off, or
        the list's answers are already every allowed word (or were widened to them)."""
        history = (*self.history, step)
        if not self.widen or self.widened or len(self.words.answers) == len(self.words.allowed):
            return None
        # the allowed words that would have shown every colour so far
        fits = [
            int(i) for i in ultra_legal(self.words, history, self.rule) if self.words.allowed[i] not in self.excluded
        ]
        if not fits:
            return None
        from .prior import widened  # the prior needs wordfreq, loaded only here

        wide = widened(self.words, fits, self.rule)
        state = State.initial(wide.words, wide.table, self.rules, weights=wide.weights)
        for s in history:
            state = state.after(s)
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
        if not self.history and not self.excluded and not strat.randomized and top <= OPENING_TOP:
            return self.openings.opening(_opening_key(self, strat), strat, self.state)[:top]
        return strat.rank(self.state, top)


class Game:
    """A referee: knows the answer, scores guesses, tracks candidates like a Session.

    The answer is a possible answer of ``words``, or, when the session may widen
    (``widen``, the default), any allowed guess: a word newer than the list is
    still played to the end, as a player of today's puzzle would meet it.
    """

    def __init__(
        self,
        answer: str,
        words: WordList | None = None,
        *,
        rules: GameRules | Mode | str = NORMAL,
        max_guesses: int | None = 6,
        table: PatternTable | None = None,
        weights: FloatArray | None = None,
        exclude: Iterable[str] = (),
        widen: bool = True,
    ) -> None:
        self.session = Session(words, rules=rules, table=table, weights=weights, exclude=exclude, widen=widen)
        self.words = self.session.words
        w = self.words.normalize(answer)
        if w in self.words.answer_index or not widen:
            self.answer = self.words.answer_id(w)
        else:
            self.answer = -1
        #: the answer as a word (it may be outside ``words.answers``)
        self.answer_word = w
        #: its index among the allowed guesses (an allowed word, or the error that says why not)
        self._answer_guess = np.array([self.words.guess_id(w)], dtype=np.int64)
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
        if self.answer >= 0:
            p = int(self.session.table[g, self.answer])
        else:  # an answer outside the list: its column is not in the table
            p = int(guess_patterns(self.words, g, self._answer_guess, self.session.rule)[0])
        self.session.play(self.words.allowed[g], p)
        return p


def _excluded(words: WordList, exclude: Iterable[str]) -> frozenset[str]:
    """The words of ``exclude`` (any case, blank lines skipped), checked to be words of
    the list's length; they need not be answers or allowed guesses."""
    out: set[str] = set()
    for raw in exclude:
        w = words.normalize(raw)
        if not w:
            continue
        if len(w) != words.length or not w.isalpha():
            raise InvalidWordError(
                f"excluded word {raw.strip()[:40]!r} is not a {words.length}-letter word; "
                f"exclude words of {words.length} letters, one a line"
            )
        out.add(w)
    return frozenset(out)


def _without(state: State, excluded: frozenset[str]) -> State:
    """``state`` with the ``excluded`` words taken out of its candidates."""
    if not excluded:
        return state
    answers = state.words.answers
    keep = np.array([answers[i] not in excluded for i in state.candidates], dtype=bool)
    return dataclasses.replace(state, candidates=state.candidates[keep])


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
