"""The read-only game state handed to strategies, and the one rule that moves it on.

A :class:`State` is what a strategy sees: the lists, the pattern table, the
answers still possible (``candidates``), the guesses it may play now
(``legal``: every allowed guess, or in hard and ultra mode those that keep
every revealed hint) and the history.  :meth:`State.initial` is the start of a game
and :meth:`State.after` the state once a guess has shown a pattern; Game,
Session, the benchmark's tree walk and the review move through games only
with these.  Strategies only read a state.

Hard mode (the official rule): every green stays in its place, and every
revealed letter (green or yellow) appears in later guesses at least as often
as it was revealed in one guess; grey letters may be reused.  A state carries
these hints (:class:`Hints`) forward move by move, so a move costs the same
however long the history is.

Ultra-hard mode: every guess must be consistent with all the colours seen so
far, i.e. show each earlier guess's pattern had it been the answer.  A state
keeps exactly the allowed words that do (each move filters the legal guesses
by the pattern the move's guess shows against them, :func:`ultra_legal`), so
in ultra mode every candidate is legal.  :meth:`State.violation` says which
clue a guess breaks ("2nd letter may not be A: it was yellow there").

What each mode decides lives in one place, its :class:`ModePolicy`
(:func:`policy`): which guesses stay legal after a move, why a guess breaks
the rules, and what the exact search's memo key holds of a position.  State,
the search (:class:`wordlelab.search.solver.Solver`) and the tree verifier ask
the policy; none of them switches on the mode.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType

import numpy as np

from .feedback import Mark, all_green, decode, format_pattern, n_patterns
from .modes import NORMAL, GameRules, Mode, PlayedUnder, Rule, as_mode
from .table import guess_patterns
from .types import FloatArray, IndexArray, PatternTable
from .words import WordList

__all__ = [
    "GameRules",
    "Hints",
    "ModePolicy",
    "SearchKey",
    "State",
    "Step",
    "filter_candidates",
    "hard_mode_legal",
    "hard_mode_violation",
    "policy",
    "ultra_legal",
    "ultra_violation",
]

_ORDINALS = ["1st", "2nd", "3rd"] + [f"{i}th" for i in range(4, 12)]
_EMPTY: Mapping[int, int] = MappingProxyType({})


@dataclass(frozen=True)
class Step:
    """One played guess (index into ``words.allowed``) and the pattern it got."""

    guess: int
    pattern: int


def filter_candidates(table: PatternTable, candidates: IndexArray, guess: int, pattern: int) -> IndexArray:
    """The candidates that show ``pattern`` for ``guess`` (order kept)."""
    out: IndexArray = candidates[table[guess, candidates] == pattern]
    return out


@dataclass(frozen=True)
class Hints:
    """The hints a history has revealed, as hard mode keeps them (letter codes).

    ``greens`` maps position -> letter code (a later green at a position
    replaces an earlier one); ``minimum`` maps letter code -> the largest
    number of green-or-yellow copies revealed in any one guess.
    """

    greens: Mapping[int, int] = field(default_factory=lambda: _EMPTY)
    minimum: Mapping[int, int] = field(default_factory=lambda: _EMPTY)

    @classmethod
    def of(cls, words: WordList, history: tuple[Step, ...]) -> Hints:
        """The hints of a whole history."""
        hints = cls()
        for step in history:
            hints = hints.after(words, step)
        return hints

    def after(self, words: WordList, step: Step) -> Hints:
        """These hints and those ``step`` reveals."""
        codes = words.allowed_codes[step.guess]
        greens = dict(self.greens)
        revealed: dict[int, int] = {}
        for pos, mark in enumerate(decode(step.pattern, words.length)):
            c = int(codes[pos])
            if mark == Mark.GREEN:
                greens[pos] = c
            if mark != Mark.GREY:
                revealed[c] = revealed.get(c, 0) + 1
        if not revealed:
            return self
        minimum = dict(self.minimum)
        for c, k in revealed.items():
            minimum[c] = max(minimum.get(c, 0), k)
        return Hints(MappingProxyType(greens), MappingProxyType(minimum))

    def since(self, earlier: Hints) -> Hints:
        """The hints here that ``earlier`` does not already imply (what a move added)."""
        return Hints(
            {p: c for p, c in self.greens.items() if earlier.greens.get(p) != c},
            {c: k for c, k in self.minimum.items() if earlier.minimum.get(c, 0) < k},
        )

    def keep(self, words: WordList, guesses: IndexArray) -> IndexArray:
        """The guesses (allowed indices) that keep every hint, order kept."""
        codes, counts = words.allowed_codes, words.allowed_letter_counts
        for pos, c in self.greens.items():
            guesses = guesses[codes[guesses, pos] == c]
        for c, k in self.minimum.items():
            guesses = guesses[counts[guesses, c] >= k]
        return guesses

    def violation(self, words: WordList, guess: int) -> str | None:
        """Why ``guess`` breaks a hint, or None if it keeps them all.

        Greens are checked first, left to right ("4th letter must be S"), then
        letter counts in alphabet order ("guess must contain R", "guess must
        contain 2 E's").
        """
        codes = words.allowed_codes[guess]
        for pos in sorted(self.greens):
            if codes[pos] != self.greens[pos]:
                letter = words.alphabet[self.greens[pos]].upper()
                return f"{_ORDINALS[pos]} letter must be {letter}"
        counts = words.allowed_letter_counts[guess]
        for c in sorted(self.minimum, key=lambda c: words.alphabet[c]):
            if counts[c] < self.minimum[c]:
                letter = words.alphabet[c].upper()
                if self.minimum[c] == 1:
                    return f"guess must contain {letter}"
                return f"guess must contain {self.minimum[c]} {letter}'s"
        return None


def hard_mode_violation(words: WordList, history: tuple[Step, ...], guess: int) -> str | None:
    """Why ``guess`` breaks hard mode after ``history``, or None if it is legal."""
    return Hints.of(words, history).violation(words, guess)


def hard_mode_legal(words: WordList, history: tuple[Step, ...]) -> IndexArray:
    """Indices of the allowed guesses that keep every hint of ``history``."""
    return Hints.of(words, history).keep(words, np.arange(len(words.allowed), dtype=np.int64))


def ultra_legal(words: WordList, history: tuple[Step, ...], rule: Rule | str = Rule.OFFICIAL) -> IndexArray:
    """Indices of the allowed guesses consistent with every clue of ``history``:
    the words that would show each step's pattern were they the answer."""
    legal = np.arange(len(words.allowed), dtype=np.int64)
    for step in history:
        legal = legal[guess_patterns(words, step.guess, legal, rule) == step.pattern]
    return legal


def _clue_breach(words: WordList, step: Step, guess: int) -> str | None:
    """Which part of ``step``'s clue ``guess`` contradicts under the official rule
    (a letter where it was yellow or grey, more copies than a grey allows), or None."""
    g, w = words.allowed_codes[step.guess], words.allowed_codes[guess]
    marks = decode(step.pattern, words.length)
    for pos, mark in enumerate(marks):
        if mark != Mark.GREEN and w[pos] == g[pos]:
            colour = "yellow" if mark == Mark.YELLOW else "grey"
            letter = words.alphabet[int(g[pos])].upper()
            return f"{_ORDINALS[pos]} letter may not be {letter}: it was {colour} there"
    counts = words.allowed_letter_counts[guess]
    for pos, mark in enumerate(marks):
        c = int(g[pos])
        if mark != Mark.GREY:
            continue
        shown = sum(1 for i, m in enumerate(marks) if int(g[i]) == c and m != Mark.GREY)
        if counts[c] > shown:
            letter = words.alphabet[c].upper()
            if shown == 0:
                return f"guess may not contain {letter}: it was grey in {words.allowed[step.guess].upper()}"
            copies = "1 copy" if shown == 1 else f"{shown} copies"
            return f"guess may contain only {copies} of {letter}: {words.allowed[step.guess].upper()} showed that many"
    return None


def ultra_violation(
    words: WordList, history: tuple[Step, ...], guess: int, rule: Rule | str = Rule.OFFICIAL, hints: Hints | None = None
) -> str | None:
    """Why ``guess`` is not consistent with every clue of ``history``, or None.

    The hard-mode reasons come first (:meth:`Hints.violation`), then, step by
    step, a letter where it was yellow or grey, or too many copies of a letter
    shown grey; under another rule than the official one, or where no single
    reason applies, the step whose colours the guess could not have shown."""
    why = (hints if hints is not None else Hints.of(words, history)).violation(words, guess)
    if why is not None:
        return why
    among = np.array([guess], dtype=np.int64)
    for step in history:
        if int(guess_patterns(words, step.guess, among, rule)[0]) == step.pattern:
            continue
        why = _clue_breach(words, step, guess) if rule == "official" else None
        shown = format_pattern(step.pattern, words.length)
        return why or f"it could not have shown {words.allowed[step.guess].upper()} {shown}"
    return None


#: what a search remembers of a position's rules: ``(greens, mins, base)``, the
#: hints revealed since the search's root as arrays and the hash of the root's
#: legal set (see :mod:`wordlelab.kernels.hints`)
SearchKey = tuple[np.ndarray, np.ndarray, np.uint64]


class ModePolicy:
    """What one game mode decides, in one place: which guesses stay legal after a
    move (:meth:`narrow`, :meth:`advance`, :meth:`legal`), why a guess breaks the rules
    (:meth:`violation`), and what a search's memo key holds of a position
    (:meth:`search_root`, :meth:`search_child`, :meth:`search_hash`).

    One instance per mode (:func:`policy`); :class:`State`, the exact search
    (:class:`wordlelab.search.solver.Solver`) and the tree verifier
    (:func:`wordlelab.search.tree.verify`) all ask it.  Normal mode's policy is
    this base class: every guess stays legal, none breaks a rule, and a
    position's key holds nothing of the rules.
    """

    mode: Mode = Mode.NORMAL

    def narrow(self, words: WordList, legal: IndexArray, guess: int, rule: Rule | str) -> Callable[[int], IndexArray]:
        """``after(pattern)``: the guesses of ``legal`` (those legal before) that
        stay legal once ``guess`` shows ``pattern``, order kept."""
        return lambda pattern: legal

    def advance(
        self, words: WordList, legal: IndexArray, step: Step, rule: Rule | str, before: Hints, after: Hints
    ) -> IndexArray:
        """:meth:`narrow` for one move whose hints before and after are known (a
        :class:`State`'s move: hard mode then filters by the new hints alone)."""
        return self.narrow(words, legal, step.guess, rule)(step.pattern)

    def legal(self, words: WordList, history: tuple[Step, ...], rule: Rule | str) -> IndexArray:
        """The allowed guesses legal after ``history`` (ascending), worked out from the start."""
        return np.arange(len(words.allowed), dtype=np.int64)

    def violation(
        self, words: WordList, history: tuple[Step, ...], guess: int, rule: Rule | str, hints: Hints | None = None
    ) -> str | None:
        """Why ``guess`` breaks this mode's rules after ``history`` (whose hints
        are ``hints``, derived when not given), or None if it is legal."""
        return None

    def search_root(self, words: WordList, legal: IndexArray) -> SearchKey:
        """The key of a search's root over the legal guesses ``legal``: no hint yet."""
        greens = np.full(words.length, -1, np.int64)
        mins = np.zeros(len(words.alphabet), np.int64)
        return greens, mins, self._legal_hash(legal)

    def search_child(self, words: WordList, key: SearchKey, guess: int, pattern: int, legal: IndexArray) -> SearchKey:
        """The key once ``guess`` shows ``pattern`` at a node of key ``key``;
        ``legal`` is the child's legal set."""
        return key

    def search_hash(self, key: SearchKey) -> np.uint64:
        """The legal-set part of a node's memo key."""
        return key[2]

    def _legal_hash(self, legal: IndexArray) -> np.uint64:
        return np.uint64(0)


def _set_hash(legal: IndexArray) -> np.uint64:
    """The compiled hash of a legal set, as a search key holds it."""
    from .kernels.hints import set_hash

    # numba boxes a uint64 result as a Python int; re-wrap it so that every
    # compiled call has the same signature
    return np.uint64(set_hash(legal))


class HardPolicy(ModePolicy):
    """Hard mode: a guess keeps every revealed green and uses every revealed
    letter as often as one guess revealed it (:class:`Hints`); a search key holds
    the hints since the root on top of the root's legal set."""

    mode = Mode.HARD

    def narrow(self, words: WordList, legal: IndexArray, guess: int, rule: Rule | str) -> Callable[[int], IndexArray]:
        return lambda pattern: Hints().after(words, Step(guess, pattern)).keep(words, legal)

    def advance(
        self, words: WordList, legal: IndexArray, step: Step, rule: Rule | str, before: Hints, after: Hints
    ) -> IndexArray:
        return after.since(before).keep(words, legal)

    def legal(self, words: WordList, history: tuple[Step, ...], rule: Rule | str) -> IndexArray:
        return hard_mode_legal(words, history)

    def violation(
        self, words: WordList, history: tuple[Step, ...], guess: int, rule: Rule | str, hints: Hints | None = None
    ) -> str | None:
        return (hints if hints is not None else Hints.of(words, history)).violation(words, guess)

    def search_child(self, words: WordList, key: SearchKey, guess: int, pattern: int, legal: IndexArray) -> SearchKey:
        from .kernels.hints import constrain

        greens, mins = constrain(key[0], key[1], guess, pattern, np.ascontiguousarray(words.allowed_codes))
        return greens, mins, key[2]

    def search_hash(self, key: SearchKey) -> np.uint64:
        from .kernels.hints import rule_hash

        return np.uint64(rule_hash(key[2], key[0], key[1]))

    def _legal_hash(self, legal: IndexArray) -> np.uint64:
        return _set_hash(legal)


class UltraPolicy(ModePolicy):
    """Ultra-hard mode: a guess could itself be the answer, given every colour so
    far (the hard-mode reasons first, then the clue it contradicts); a search key
    holds the hash of the node's legal set."""

    mode = Mode.ULTRA

    def narrow(self, words: WordList, legal: IndexArray, guess: int, rule: Rule | str) -> Callable[[int], IndexArray]:
        row: list[np.ndarray] = []  # the pattern ``guess`` shows each legal word, made once

        def after(pattern: int) -> IndexArray:
            if not row:
                row.append(guess_patterns(words, guess, legal, rule))
            out: IndexArray = legal[row[0] == pattern]
            return out

        return after

    def legal(self, words: WordList, history: tuple[Step, ...], rule: Rule | str) -> IndexArray:
        return ultra_legal(words, history, rule)

    def violation(
        self, words: WordList, history: tuple[Step, ...], guess: int, rule: Rule | str, hints: Hints | None = None
    ) -> str | None:
        return ultra_violation(words, history, guess, rule, hints)

    def search_child(self, words: WordList, key: SearchKey, guess: int, pattern: int, legal: IndexArray) -> SearchKey:
        return self.search_root(words, legal)

    def _legal_hash(self, legal: IndexArray) -> np.uint64:
        return _set_hash(legal)


_POLICIES: dict[Mode, ModePolicy] = {p.mode: p for p in (ModePolicy(), HardPolicy(), UltraPolicy())}


def policy(mode: Mode | str) -> ModePolicy:
    """The policy of ``mode`` (a :class:`~wordlelab.modes.Mode` or its name)."""
    return _POLICIES[as_mode(mode)]


#: stands for "derive the hints from the history" in a State built directly (an
#: object of its own: no other Hints is this one)
_FROM_HISTORY = Hints(MappingProxyType({}), MappingProxyType({}))


@dataclass(frozen=True, kw_only=True)
class State(PlayedUnder):
    """A read-only view of a game in progress, as strategies see it.

    ``candidates`` are answer indices, ``legal`` allowed-guess indices, both
    ascending int64 arrays marked read-only.  ``hints`` are the history's
    hard-mode hints (derived from ``history`` when not given; kept in every
    mode, so a normal-mode review can say which guess would break hard mode).
    ``rules`` are the game's mode and colour rule (:class:`~wordlelab.modes.GameRules`;
    a mode or its name is short for it); :attr:`policy` is what the mode decides.
    """

    words: WordList
    table: PatternTable
    candidates: IndexArray
    legal: IndexArray
    history: tuple[Step, ...] = ()
    rules: GameRules = NORMAL
    #: optional prior weight of every answer (``float64[A]``, aligned with
    #: ``words.answers``; not normalised), or None for all answers equally likely
    weights: FloatArray | None = field(default=None, compare=False)
    hints: Hints = field(default=_FROM_HISTORY, compare=False, repr=False)

    def __post_init__(self) -> None:
        for arr in (self.candidates, self.legal):
            arr.flags.writeable = False
        if self.weights is not None:
            self.weights.flags.writeable = False
        if self.hints is _FROM_HISTORY:
            object.__setattr__(self, "hints", Hints.of(self.words, self.history))
        object.__setattr__(self, "rules", GameRules.of(self.rules))

    @property
    def policy(self) -> ModePolicy:
        """What this state's mode decides (legal guesses, why a guess breaks the rules)."""
        return _POLICIES[self.rules.mode]

    @classmethod
    def initial(
        cls,
        words: WordList,
        table: PatternTable,
        rules: GameRules | Mode | str = NORMAL,
        *,
        weights: FloatArray | None = None,
    ) -> State:
        """The start of a game under ``rules`` (a mode or its name is short for
        that mode under the official colours): every answer possible, every
        allowed guess legal."""
        return cls(
            words=words,
            table=table,
            candidates=np.arange(len(words.answers), dtype=np.int64),
            legal=np.arange(len(words.allowed), dtype=np.int64),
            rules=GameRules.of(rules),
            weights=weights,
        )

    def after(self, step: Step) -> State:
        """The state once ``step.guess`` has shown ``step.pattern``.

        The candidates are those that show the pattern; in hard mode the legal
        guesses are those of this state that also keep the hints the step
        revealed, in ultra mode those that would show the step's pattern.
        Nothing is checked here: a caller that takes moves from outside checks
        the guess (:meth:`violation`) and that candidates remain.
        """
        return self._next(step, filter_candidates(self.table, self.candidates, step.guess, step.pattern))

    def split(self, guess: int) -> list[tuple[int, IndexArray]]:
        """The candidates grouped by the pattern ``guess`` shows them: ``[(pattern,
        candidates), ...]``, patterns ascending, each group ascending; no empty group."""
        pats = np.asarray(self.table[guess, self.candidates])
        if len(pats) == 0:
            return []
        order = np.argsort(pats, kind="stable")
        cuts = np.flatnonzero(np.diff(pats[order])) + 1
        return [(int(pats[group[0]]), self.candidates[group]) for group in np.split(order, cuts)]

    def children(self, guess: int) -> list[tuple[int, State]]:
        """``[(pattern, state after it), ...]`` for every pattern ``guess`` can show
        (as :meth:`split`, each group made a state as by :meth:`after`)."""
        return [(p, self._next(Step(guess, p), group)) for p, group in self.split(guess)]

    def violation(self, guess: int, mode: Mode | str | None = None) -> str | None:
        """Why ``guess`` would break the rules of ``mode`` (default: this state's
        mode; hard mode if this state is in normal mode, so a review can say which
        guess would break it) now, or None."""
        m = as_mode(mode) if mode is not None else self.mode.checked
        return policy(m).violation(self.words, self.history, guess, self.rule, self.hints)

    def _next(self, step: Step, candidates: IndexArray) -> State:
        hints = self.hints.after(self.words, step)
        return State(
            words=self.words,
            table=self.table,
            candidates=candidates,
            legal=self.policy.advance(self.words, self.legal, step, self.rule, self.hints, hints),
            history=self.history + (step,),
            rules=self.rules,
            weights=self.weights,
            hints=hints,
        )

    def candidate_weights(self) -> FloatArray | None:
        """The candidates' weights scaled to sum to ``len(candidates)`` (None if unweighted).

        Scaled so that weighted figures (expected remaining) read in candidate
        units and equal the unweighted ones when all weights are equal.
        """
        if self.weights is None:
            return None
        w = np.asarray(self.weights, dtype=np.float64)[self.candidates]
        total = float(w.sum())
        if total <= 0.0:
            return np.ones(len(w))
        return w * (len(w) / total)

    @property
    def length(self) -> int:
        return self.words.length

    @property
    def n_patterns(self) -> int:
        return n_patterns(self.words.length)

    @property
    def win(self) -> int:
        return all_green(self.words.length)

    @property
    def turn(self) -> int:
        """1 for the first guess."""
        return len(self.history) + 1

    @cached_property
    def candidate_guesses(self) -> IndexArray:
        """Allowed-guess indices of the candidates that are legal now (ascending)."""
        idx = np.sort(self.words.answer_to_allowed[self.candidates])
        if len(self.legal) == len(self.words.allowed):
            return idx
        return idx[np.isin(idx, self.legal, assume_unique=True)]
