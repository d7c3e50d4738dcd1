"""Playing games automatically: one game at a time (:func:`play_game`) or every
answer of a list as one decision tree (:func:`run_benchmark`); see the package
docstring for why the tree walk gives the same games."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..errors import GameOverError, InvalidOptionError, InvalidWordError, StrategyError
from ..feedback import all_green
from ..game import Game
from ..modes import NORMAL, GameRules, Mode
from ..state import State, Step
from ..strategies.base import Strategy, get_strategy, strategy_class
from ..table import pattern_table
from ..types import IndexArray, PatternTable
from ..words import WordList
from .results import MAX_TURNS, UNSOLVED, Results

__all__ = [
    "Progress",
    "Turn",
    "endgame_limit",
    "play_game",
    "resolve_answers",
    "run_benchmark",
    "run_trials",
]


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
    rules: GameRules | Mode | str = NORMAL,
    start: str | None = None,
    table: PatternTable | None = None,
    max_turns: int = MAX_TURNS,
) -> list[Turn]:
    """Let ``strategy`` play until it finds ``answer`` (or ``max_turns`` pass).

    ``start`` forces the first guess.  Raises :class:`GameOverError` if the
    game is not won within ``max_turns``.
    """
    game = Game(answer, words, rules=rules, max_guesses=max_turns, table=table)
    turns: list[Turn] = []
    while not game.won:
        if game.over:
            raise GameOverError(f"strategy {strategy.key} did not find {answer!r} in {max_turns} guesses")
        state = game.state
        word = start if start is not None and not turns else words.allowed[strategy.choose(state)]
        before = len(state.candidates)
        game.guess(word)
        turns.append(Turn(game.history[-1], word, before, len(game.session.candidates)))
    return turns


def resolve_answers(words: WordList, answers: Iterable[int | str] | None) -> IndexArray:
    """Answer indices (ascending, unique) from indices or words; ``None`` means all."""
    if answers is None:
        return np.arange(len(words.answers), dtype=np.int64)
    idx: list[int] = []
    for a in answers:
        if isinstance(a, bool):
            raise InvalidWordError(f"an answer is a word or an index, not {a!r}")
        if isinstance(a, (int, np.integer)):
            if not 0 <= int(a) < len(words.answers):
                raise InvalidWordError(
                    f"answer index {int(a)} is out of range for list {words.name!r} (0..{len(words.answers) - 1})"
                )
            idx.append(int(a))
        else:
            idx.append(words.answer_id(str(a)))
    if not idx:
        raise InvalidWordError("no answers to play; give at least one answer")
    return np.unique(np.asarray(idx, dtype=np.int64))


def _is_in(sorted_ids: IndexArray, g: int) -> bool:
    pos = int(np.searchsorted(sorted_ids, g))
    return pos < len(sorted_ids) and int(sorted_ids[pos]) == g


def endgame_limit(strategy: Strategy) -> int:
    """Up to how many candidates ``strategy`` is known to play the candidate with the
    lowest allowed index (so the tree walk may skip asking it): 0, 1 or 2, as its
    class declares (:attr:`Strategy.endgame_limit`)."""
    return int(type(strategy).endgame_limit)


def _single_thread() -> int | None:
    """Run numba kernels on one thread during a tree walk; returns the old setting.

    The walk makes thousands of small kernel calls; waking numba's thread team for
    each costs more than it saves, badly so when other jobs share the cores
    (measured on the 2-core dev machine under load: 12 s with 2 threads, 2.7 s with
    1, for greedy entropy on the default lists).  Both cores are used by running
    strategies in parallel processes instead (``wordlelab bench --all``).
    """
    import sys

    if "numba" not in sys.modules:
        return None
    import numba

    old = int(numba.get_num_threads())
    numba.set_num_threads(1)
    return old


def _restore_threads(old: int | None) -> None:
    if old is not None:
        import numba

        numba.set_num_threads(old)


#: progress callback: (games finished, games in total)
Progress = Callable[[int, int], None]


def run_benchmark(
    words: WordList,
    strategy: Strategy | str,
    *,
    rules: GameRules | Mode | str = NORMAL,
    answers: Iterable[int | str] | None = None,
    start: str | None = None,
    max_turns: int = MAX_TURNS,
    table: PatternTable | None = None,
    progress: Progress | None = None,
) -> Results:
    """Play ``strategy`` against every answer in ``answers`` (default: all of them).

    The games are walked as one decision tree (see the module docstring): the
    strategy is asked once per distinct state.  ``start`` forces the first guess.
    The search space of every game is the whole answer list (the player does not
    know which answers are being benchmarked); only the listed answers are
    played.  A guess the strategy returns that is not legal now (hard mode) is a
    bug in the strategy and raises :class:`WordlelabError`.

    Ctrl-C (``KeyboardInterrupt``) stops the run cleanly: the games finished so
    far are returned with ``complete=False``.
    """
    if isinstance(max_turns, bool) or not isinstance(max_turns, int | np.integer) or max_turns < 1:
        raise InvalidOptionError(f"max_turns must be a whole number of at least 1, not {max_turns!r}")
    strat = get_strategy(strategy) if isinstance(strategy, str) else strategy
    run_rules = GameRules.of(rules)
    tbl = table if table is not None else pattern_table(words, run_rules.rule)
    targets = resolve_answers(words, answers)
    start_id = None
    if start is not None:
        start_id = words.guess_id(start)
    win = all_green(words.length)
    n_answers = len(words.answers)
    guesses = np.zeros(n_answers, dtype=np.int64)  # 0: not played (yet)
    paths: dict[int, tuple[str, ...]] = {}
    is_target = np.zeros(n_answers, dtype=bool)
    is_target[targets] = True
    total = len(targets)
    done = 0
    nodes = 0
    opening = ""
    shortcut = endgame_limit(strat)
    threads = _single_thread()
    t0 = time.perf_counter()

    # Iterative depth-first walk; a frame is (state, path words).
    stack: list[tuple[State, tuple[str, ...]]] = [(State.initial(words, tbl, run_rules), ())]
    complete = True
    try:
        while stack:
            state, path = stack.pop()
            cands, legal = state.candidates, state.legal
            if not is_target[cands].any():
                continue
            turn = len(state.history)
            if turn >= max_turns:
                for a in cands[is_target[cands]]:
                    guesses[a] = UNSOLVED
                    paths[int(a)] = path
                    done += 1
                if progress:
                    progress(done, total)
                continue
            if turn == 0 and start_id is not None:
                g = start_id
            elif len(cands) <= shortcut:
                # declared equal to strat.choose here (see endgame_limit); saves ~60% of calls
                g = int(np.min(words.answer_to_allowed[cands]))
                if not _is_in(legal, g):  # e.g. naive rule in hard mode: ask the strategy
                    g = int(strat.choose(state))
                    nodes += 1
            else:
                g = int(strat.choose(state))
                nodes += 1
            if not _is_in(legal, g):
                why = state.violation(g) if 0 <= g < len(words.allowed) else None
                raise StrategyError(
                    f"strategy {strat.key} chose guess {g} ({why or 'not a legal guess'}) "
                    f"after {turn} guess(es); this is a bug in the strategy"
                )
            word = words.allowed[g]
            if turn == 0:
                opening = word
            new_path = path + (word,)
            children = []
            for p, child in state.children(g):
                if p == win:
                    a = int(child.candidates[0])
                    if is_target[a]:
                        guesses[a] = turn + 1
                        paths[a] = new_path
                        done += 1
                    continue
                children.append((child, new_path))
            # push in reverse so buckets are visited in ascending pattern order
            stack.extend(reversed(children))
            if progress:
                progress(done, total)
    except KeyboardInterrupt:
        complete = False
    finally:
        _restore_threads(threads)
    seconds = time.perf_counter() - t0
    finished = targets[guesses[targets] != 0] if not complete else targets
    return Results(
        strategy=strat.key,
        words=words.name,
        rules=run_rules,
        answers=tuple(words.answers[i] for i in finished),
        guesses=guesses[finished],
        opening=opening,
        seconds=seconds,
        max_turns=max_turns,
        seed=strat.seed if strat.randomized else None,
        start=start,
        complete=complete,
        nodes=nodes,
        paths=tuple(paths[int(i)] for i in finished),
    )


def run_trials(
    words: WordList,
    name: str,
    *,
    trials: int,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    **kwargs: Any,
) -> list[Results]:
    """Monte Carlo: run a randomised strategy ``trials`` times with seeds ``seed``,
    ``seed + 1``, ...; ``kwargs`` go to :func:`run_benchmark`.  A deterministic
    strategy gives the same result every trial, so it is run once."""
    cls = strategy_class(name)
    opts = dict(options or {})
    if not cls.randomized:
        return [run_benchmark(words, get_strategy(name, **opts), **kwargs)]
    out = []
    for t in range(trials):
        r = run_benchmark(words, get_strategy(name, **opts, seed=seed + t), **kwargs)
        out.append(r)
        if not r.complete:
            break
    return out
