"""Game review: how good was each guess, and how lucky was each colour pattern.

Give the words you played and either the answer or the colours you saw (for
example the share grid); :func:`review_game` replays the game and returns a
:class:`Review`, plain data (``to_dict()`` for JSON).  Nothing here prints.

For every guess it reports

* the candidates before and after;
* **skill**: the guess's entropy (bits) and expected remaining candidates,
  next to the best of all the guesses that were legal at that point, as the
  ``entropy`` and ``expected-size`` strategies rank them (``skill`` = 100 *
  entropy / best entropy; with one candidate left the only good guess is that
  candidate, so skill is 100 or 0);
* **luck**: where the actual outcome falls among the outcomes the guess
  could have had.  ``luck`` is the probability that the answer would have
  left *more* candidates than it did, plus half the probability of leaving
  exactly as many (a mid-rank percentile over the candidates, each equally
  likely, or weighted by a prior; a win counts as leaving 0): 0.5 is an
  average outcome, near 1 the best possible, near 0 the worst;
* what a strategy would have played: by default the ``optimal`` strategy when
  it can answer at once (its decision tree for these lists and mode is cached
  on disk or ships with the package, or the list has at most
  :data:`QUICK_OPTIMAL_ANSWERS` answers), else greedy ``entropy``, since
  searching a whole tree first takes 10-60 s (``Review.suggestion_source`` says
  which, ``Review.suggestion_note`` why);
* whether the guess breaks the hard-mode rule (reported in both modes; in
  hard mode the "best" guesses are chosen among hard-mode-legal ones).
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from .errors import InconsistentFeedbackError, InvalidOptionError, InvalidPatternError, InvalidWordError
from .feedback import all_green, format_pattern, n_patterns, parse_pattern
from .modes import NORMAL, GameRules, Mode
from .state import State, Step
from .strategies.base import Strategy, get_strategy
from .table import pattern_table
from .types import FloatArray, PatternTable
from .words import WordList

__all__ = ["SHOW_WORDS", "Grid", "GuessReview", "Review", "parse_grid", "review_game"]

#: list the remaining candidate words when at most this many are left
SHOW_WORDS = 12

# grey (dark, light), yellow, green, high-contrast yellow (blue), green (orange)
_SQUARES = "\u2b1b\u2b1c\U0001f7e8\U0001f7e9\U0001f7e6\U0001f7e7"
_IGNORED = "\ufe0f\u200d"
_HEADER = re.compile(r"([0-9xX]{1,2})\s*/\s*(\d{1,2})\s*(\*?)")


@dataclass(frozen=True)
class Grid:
    """A parsed share grid: one pattern per row, plus what its header said."""

    patterns: list[int]
    length: int
    #: True when the header had Wordle's hard-mode star (``4/6*``), None without a header
    hard: bool | None = None
    #: the header's score, e.g. ``"4/6"``, or None
    score: str | None = None


def parse_grid(text: str, length: int | None = None) -> Grid:
    """Parse a pasted share grid (emoji rows, header optional) into patterns.

    Rows may be on separate lines or separated by spaces or commas; any token
    made only of the coloured squares is a row, everything else is ignored
    except a ``N/6`` score with an optional ``*`` (hard mode).  Every row must
    have ``length`` squares (default: the most common row length); a row that
    has not is named by its number.
    """
    rows: list[str] = []
    for token in re.split(r"[\s,;]+", text):
        cleaned = "".join(ch for ch in token if ch not in _IGNORED)
        if cleaned and all(ch in _SQUARES for ch in cleaned):
            rows.append(cleaned)
    if not rows:
        raise InvalidPatternError(
            "no grid rows found: paste the emoji rows of the share text, e.g. "
            "'\u2b1b\U0001f7e8\u2b1b\u2b1b\u2b1b \U0001f7e9\U0001f7e9\U0001f7e9\U0001f7e9\U0001f7e9'"
        )
    if length is None:
        sizes = [len(r) for r in rows]
        length = max(sizes, key=lambda n: (sizes.count(n), -sizes.index(n)))
    for i, row in enumerate(rows, 1):
        if len(row) != length:
            raise InvalidPatternError(
                f"grid row {i} ({row}) has {len(row)} squares, expected {length}; paste every row whole"
            )
    patterns = [parse_pattern(r, length) for r in rows]
    hard: bool | None = None
    score: str | None = None
    text_wo_rows = "".join(ch for ch in text if ch not in _SQUARES)
    m = _HEADER.search(text_wo_rows)
    if m:
        score = f"{m.group(1).upper()}/{m.group(2)}"
        hard = m.group(3) == "*"
    return Grid(patterns, length, hard, score)


@dataclass(frozen=True)
class GuessReview:
    """The review of one guess (see the module docstring for skill and luck)."""

    turn: int
    guess: str
    #: the packed pattern it got, and the same as digits (``"00120"``)
    pattern: int
    pattern_text: str
    candidates_before: int
    candidates_after: int
    #: the guess could have been the answer
    was_candidate: bool
    #: bits of information the guess was expected to give, and got
    entropy: float
    bits_gained: float
    #: expected candidates left after the guess (sum of squared bucket sizes / n)
    expected: float
    best_entropy: float
    best_entropy_guess: str
    best_expected: float
    best_expected_guess: str
    #: 0..100, 100 = as much expected information as the best legal guess
    skill: float
    #: 0..1, 0.5 = an average outcome for this guess, 1 = the best possible
    luck: float
    #: what the suggestion strategy would have played here
    suggestion: str
    #: why the guess breaks the rules of the review's mode (hard mode's in a
    #: normal-mode review, so a player can see which guesses it would refuse), or None
    hard_mode_breach: str | None
    #: the candidates left, when at most SHOW_WORDS
    remaining: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Review:
    """A whole game's review; ``to_dict()`` gives the JSON form."""

    words: str
    mode: Mode
    answer: str | None
    solved: bool
    suggestion_source: str
    guesses: list[GuessReview]
    #: why the default suggestion is not ``optimal`` ("" when it is, or a strategy was named)
    suggestion_note: str = ""

    @property
    def hard(self) -> bool:
        """True for a hard- or ultra-mode review."""
        return self.mode.restricted

    @property
    def breach_mode(self) -> Mode:
        """The mode whose rules :attr:`breaches` are checked against (hard in normal mode)."""
        return self.mode.checked

    @property
    def mean_skill(self) -> float:
        return float(np.mean([g.skill for g in self.guesses]))

    @property
    def mean_luck(self) -> float:
        return float(np.mean([g.luck for g in self.guesses]))

    @property
    def breaches(self) -> list[GuessReview]:
        return [g for g in self.guesses if g.hard_mode_breach is not None]

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["mode"] = self.mode.value
        out["mean_skill"] = self.mean_skill
        out["mean_luck"] = self.mean_luck
        out["n_guesses"] = len(self.guesses)
        return out


def _pattern_int(p: int | str, length: int) -> int:
    if isinstance(p, str):
        return parse_pattern(p, length)
    p = int(p)
    if not 0 <= p < n_patterns(length):
        raise InvalidPatternError(f"pattern {p} is out of range for {length} letters")
    return p


#: lists with at most this many answers get the ``optimal`` suggestion even with no
#: cached tree: its search took 0.35 s at 1000 answers (all 12972 guesses), 1.9 s at
#: 1600, 10.8 s for nyt-12959 (bench/bench_review_default.py, docs/review.md)
QUICK_OPTIMAL_ANSWERS = 1000


def _suggester(name: str | None, words: WordList, table: PatternTable, rules: GameRules) -> tuple[Strategy, str, str]:
    """(strategy, its name, why the default is not optimal)."""
    if name is not None:
        return get_strategy(name), name, ""
    optimal = get_strategy("optimal")  # the instance that loaded the tree plays from it
    if len(words.answers) <= QUICK_OPTIMAL_ANSWERS or optimal.tree_ready(State.initial(words, table, rules)):
        return optimal, "optimal", ""
    return (
        get_strategy("entropy"),
        "entropy",
        (
            f"no optimal tree is cached for list {words.name!r} in {rules.mode} "
            "mode (searching one takes 10-60 s; asking for the optimal strategy by name "
            "searches it once and caches it)"
        ),
    )


def review_game(
    words: WordList,
    guesses: Sequence[str],
    answer: str | None = None,
    patterns: Sequence[int | str] | None = None,
    *,
    rules: GameRules | Mode | str = NORMAL,
    strategy: str | None = None,
    table: PatternTable | None = None,
    weights: FloatArray | None = None,
) -> Review:
    """Replay a game and review each guess.

    ``guesses`` are the words played, in order.  Give ``answer`` (patterns are
    then computed), or ``patterns`` (one per guess: ints or any form
    :func:`~wordlelab.feedback.parse_pattern` reads), or both (they must
    agree).  ``strategy`` names the strategy whose choice is shown as
    ``suggestion`` (default ``optimal`` when its tree is at hand or the list
    is small, else ``entropy``: see the module docstring).
    ``weights`` (float64[A], aligned with ``words.answers``) makes luck a
    prior-weighted probability instead of a count.

    Raises :class:`InvalidWordError` for an unknown word,
    :class:`InconsistentFeedbackError` when the colours fit no answer, and
    :class:`InvalidOptionError` when neither answer nor patterns are given.
    """
    rules = GameRules.of(rules)
    if not guesses:
        raise InvalidWordError("no guesses to review: give the words you played, e.g. salet,drone")
    if answer is None and patterns is None:
        raise InvalidOptionError("give the answer or the colours you saw (e.g. the share grid) to review a game")
    L = words.length
    win = all_green(L)
    ids = [words.guess_id(g) for g in guesses]
    if table is None:
        table = pattern_table(words, rules.rule)
    answer_idx = words.answer_id(answer) if answer is not None else None
    if patterns is not None:
        if len(patterns) != len(guesses):
            raise InvalidPatternError(
                f"{len(guesses)} guesses but {len(patterns)} patterns; give one row of colours per word played"
            )
        pats = [_pattern_int(p, L) for p in patterns]
        if answer_idx is not None:
            for t, (g, p) in enumerate(zip(ids, pats, strict=True), start=1):
                real = int(table[g, answer_idx])
                if real != p:
                    raise InconsistentFeedbackError(
                        f"guess {t} {words.allowed[g]!r}: the colours given "
                        f"({format_pattern(p, L)}) are not what {answer!r} gives "
                        f"({format_pattern(real, L)}); check the grid or the answer"
                    )
    else:
        assert answer_idx is not None
        pats = [int(table[g, answer_idx]) for g in ids]
    for t, p in enumerate(pats[:-1], start=1):
        if p == win:
            raise InvalidPatternError(f"guess {t} already solved the puzzle but {len(pats) - t} more were given")
    if weights is not None:
        weights = np.asarray(weights, dtype=np.float64)
        if weights.shape != (len(words.answers),):
            raise InvalidOptionError(
                f"weights has shape {weights.shape}; it needs one weight per answer ({len(words.answers)})"
            )

    strat, source, note = _suggester(strategy, words, table, rules)
    npat = n_patterns(L)
    state = State.initial(words, table, rules, weights=weights)
    reviews: list[GuessReview] = []
    # the best guesses by information (prior-weighted when weights are given) and by
    # expected remaining (always a count), as those registered strategies rank them
    by_entropy, by_expected = get_strategy("entropy"), get_strategy("expected-size")

    for turn, (g, p) in enumerate(zip(ids, pats, strict=True), start=1):
        candidates = state.candidates
        n = len(candidates)
        row = np.asarray(table[g, candidates], dtype=np.int64)
        counts = np.bincount(row, minlength=npat)
        # candidates left if each candidate were the answer (0 when the guess is it: a win)
        size = counts[row].astype(np.float64)
        size[words.answer_to_allowed[candidates] == g] = 0.0
        prob = (
            np.full(n, 1.0 / n)
            if weights is None
            else weights[candidates] / max(float(weights[candidates].sum()), 1e-300)
        )
        entropy = _entropy(row, prob, npat)
        expected = float((counts.astype(np.float64) ** 2).sum() / n)
        following = state.after(Step(g, p))
        after = following.candidates
        if len(after) == 0:
            raise InconsistentFeedbackError(
                f"guess {turn} {words.allowed[g]!r}: no possible answer gives "
                f"{format_pattern(p, L)} after the earlier guesses; check the colours"
            )
        k = 0 if p == win else len(after)
        luck = float(prob[size > k].sum() + 0.5 * prob[size == k].sum())

        best_e = by_entropy.rank(state, 1)[0]
        best_x = by_expected.rank(dataclasses.replace(state, weights=None), 1)[0]
        best_entropy = best_e.stats["entropy"]
        if n == 1:
            skill = 100.0 if words.answer_to_allowed[candidates[0]] == g else 0.0
        else:
            skill = 100.0 * max(0.0, min(1.0, entropy / best_entropy)) if best_entropy > 0 else 100.0
        suggestion = best_e.word if source == "entropy" else words.allowed[strat.choose(state)]
        reviews.append(
            GuessReview(
                turn=turn,
                guess=words.allowed[g],
                pattern=p,
                pattern_text=format_pattern(p, L),
                candidates_before=n,
                candidates_after=k,
                was_candidate=bool(np.any(words.answer_to_allowed[candidates] == g)),
                entropy=entropy,
                bits_gained=math.log2(n / max(k, 1)),
                expected=expected,
                best_entropy=best_entropy,
                best_entropy_guess=best_e.word,
                best_expected=best_x.stats["expected"],
                best_expected_guess=best_x.word,
                skill=skill,
                luck=luck,
                suggestion=suggestion,
                hard_mode_breach=state.violation(g),
                remaining=([words.answers[i] for i in after] if 0 < k <= SHOW_WORDS else []),
            )
        )
        state = following
    solved = pats[-1] == win
    if answer is None and (solved or len(state.candidates) == 1):
        answer = words.answers[state.candidates[0]]
    return Review(
        words=words.name,
        mode=rules.mode,
        answer=answer.strip().lower() if answer else None,
        solved=solved,
        suggestion_source=source,
        guesses=reviews,
        suggestion_note=note,
    )


def _entropy(row: np.ndarray, prob: np.ndarray, npat: int) -> float:
    mass = np.bincount(row, weights=prob, minlength=npat)
    mass = mass[mass > 0]
    return float(-(mass * np.log2(mass)).sum()) + 0.0
