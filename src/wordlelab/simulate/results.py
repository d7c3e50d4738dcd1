"""What a benchmark returns: :class:`Results` (data only, JSON in and out) and
:func:`combine`, which pools runs (trials, start words) into one."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..errors import InvalidOptionError, ResultsFileError
from ..modes import GameRules, PlayedUnder, as_mode

__all__ = ["MAX_TURNS", "UNSOLVED", "WIN_LIMIT", "Results", "combine"]

#: a game that has not been won after this many guesses is abandoned
#: (no sane strategy needs more than ~15 on any shipped list)
MAX_TURNS = 30
#: a game counts as won if solved in at most this many guesses (the real game's limit)
WIN_LIMIT = 6
#: how :attr:`Results.guesses` records a game abandoned after ``max_turns`` guesses
UNSOLVED = -1


@dataclass(frozen=True)
class Results(PlayedUnder):
    """The outcome of playing a strategy against a set of answers.

    ``guesses[i]`` is the number of guesses the game against ``answers[i]`` took,
    or ``-1`` (:data:`UNSOLVED`) if it was abandoned after ``max_turns``.  Games
    longer than :data:`WIN_LIMIT` are *busts* (lost in the real game) but are
    still played to the end and counted with their real length in ``mean``
    (as the R tournament seed did).  Abandoned games are left out of ``mean``,
    ``std`` and ``max`` and counted in ``unsolved``, ``busts`` and ``"7+"``.

    ``paths[i]`` is the guesses played against ``answers[i]``.  ``complete`` is
    False when the run was interrupted: then only the finished games are here.
    """

    strategy: str
    words: str
    #: the mode and colour rule the games were played under (a mode or its name is short for it)
    rules: GameRules
    answers: tuple[str, ...]
    guesses: np.ndarray
    opening: str
    seconds: float
    max_turns: int = MAX_TURNS
    seed: int | None = None
    start: str | None = None
    complete: bool = True
    nodes: int = 0
    paths: tuple[tuple[str, ...], ...] = field(default=(), repr=False, compare=False)

    def __post_init__(self) -> None:
        g = np.asarray(self.guesses, dtype=np.int64)
        g.flags.writeable = False
        object.__setattr__(self, "guesses", g)
        object.__setattr__(self, "rules", GameRules.of(self.rules))

    # -- derived figures --------------------------------------------------------------
    @property
    def games(self) -> int:
        return len(self.answers)

    @property
    def solved(self) -> np.ndarray:
        """``int64[k]``: the guess counts of the games that were solved."""
        return self.guesses[self.guesses > 0]

    @property
    def unsolved(self) -> int:
        return int(np.count_nonzero(self.guesses == UNSOLVED))

    @property
    def mean(self) -> float:
        """Mean guesses over solved games (NaN if none)."""
        s = self.solved
        return float(s.mean()) if len(s) else math.nan

    @property
    def std(self) -> float:
        """Population standard deviation of the solved games' guess counts."""
        s = self.solved
        return float(s.std()) if len(s) else math.nan

    @property
    def max(self) -> int:
        """Most guesses any solved game took (0 if none)."""
        s = self.solved
        return int(s.max()) if len(s) else 0

    @property
    def mean_wins(self) -> float:
        """Mean guesses over the games won (solved within :data:`WIN_LIMIT`), as some
        seeds reported it (NaN if none)."""
        won = self.guesses[(self.guesses > 0) & (self.guesses <= WIN_LIMIT)]
        return float(won.mean()) if len(won) else math.nan

    @property
    def wins(self) -> int:
        """Games solved in at most :data:`WIN_LIMIT` guesses."""
        return int(np.count_nonzero((self.guesses > 0) & (self.guesses <= WIN_LIMIT)))

    @property
    def busts(self) -> int:
        """Games not solved within :data:`WIN_LIMIT` guesses (including abandoned ones)."""
        return self.games - self.wins

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else math.nan

    @property
    def bust_rate(self) -> float:
        return self.busts / self.games if self.games else math.nan

    @property
    def histogram(self) -> dict[str, int]:
        """Games per guess count: keys ``"1"``..``"6"`` and ``"7+"`` (busts)."""
        out = {str(k): int(np.count_nonzero(self.guesses == k)) for k in range(1, WIN_LIMIT + 1)}
        out[f"{WIN_LIMIT + 1}+"] = self.busts
        return out

    @property
    def full_histogram(self) -> dict[int, int]:
        """Games per exact guess count (``-1`` for abandoned games)."""
        values, counts = np.unique(self.guesses, return_counts=True)
        return {int(v): int(c) for v, c in zip(values, counts, strict=True)}

    def hardest(self, k: int = 10) -> list[tuple[str, int]]:
        """The ``k`` distinct answers that took the most guesses, with their worst game.

        A pooled run (:func:`combine`: several trials or start words) plays an answer
        once per run; each answer is listed once, by its worst game (``-1``,
        abandoned, counts as worst of all), ties broken by its mean guesses over
        its games (abandoned ones counted as ``max_turns + 1``), then by the order
        the answers first appear.
        """
        worst_of_all = self.max_turns + 1
        key = np.where(self.guesses == UNSOLVED, worst_of_all, self.guesses)
        first: dict[str, int] = {}
        ids = np.fromiter((first.setdefault(a, len(first)) for a in self.answers), np.int64, self.games)
        n = len(first)
        worst = np.zeros(n, dtype=np.int64)
        np.maximum.at(worst, ids, key)
        mean = np.bincount(ids, weights=key, minlength=n) / np.bincount(ids, minlength=n)
        order = np.lexsort((np.arange(n), -mean, -worst))[:k]
        names = list(first)
        return [(names[i], UNSOLVED if worst[i] == worst_of_all else int(worst[i])) for i in order]

    def to_dict(self, *, games: bool = False) -> dict[str, Any]:
        """JSON-ready summary; with ``games`` also every answer's guess count and path."""
        out: dict[str, Any] = {
            "strategy": self.strategy,
            "words": self.words,
            "mode": self.mode.value,
            "rule": self.rule.value,
            "games": self.games,
            "complete": self.complete,
            "opening": self.opening,
            "start": self.start,
            "seed": self.seed,
            "mean": _round(self.mean),
            "std": _round(self.std),
            "max": self.max,
            "mean_wins": _round(self.mean_wins),
            "win_rate": _round(self.win_rate),
            "wins": self.wins,
            "busts": self.busts,
            "unsolved": self.unsolved,
            "histogram": self.histogram,
            "full_histogram": {str(k): v for k, v in self.full_histogram.items()},
            "hardest": [[w, g] for w, g in self.hardest(10)],
            "seconds": round(self.seconds, 4),
            "nodes": self.nodes,
            "max_turns": self.max_turns,
        }
        if games:
            out["answers"] = list(self.answers)
            out["guesses"] = [int(x) for x in self.guesses]
            if self.paths:
                out["paths"] = [list(p) for p in self.paths]
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Results:
        """Rebuild from :meth:`to_dict` output (e.g. a ``bench --json`` file).

        With ``games=True`` output the games come back exactly; otherwise they are
        rebuilt from ``full_histogram`` with answers named ``?`` (enough for every
        figure but :meth:`hardest`).
        """
        try:
            if "guesses" in data and "answers" in data:
                answers = tuple(data["answers"])
                guesses = np.asarray(data["guesses"], dtype=np.int64)
            else:
                hist = {int(k): int(v) for k, v in data["full_histogram"].items()}
                guesses = np.repeat(np.array(sorted(hist), dtype=np.int64), [hist[k] for k in sorted(hist)])
                answers = ("?",) * len(guesses)
            return cls(
                strategy=str(data["strategy"]),
                words=str(data.get("words", "?")),
                rules=GameRules(
                    # files written before the one ``mode`` field say ``hard``
                    as_mode(str(data.get("mode", "normal")), hard="mode" not in data and bool(data.get("hard"))),
                    str(data.get("rule", "official")),
                ),
                answers=answers,
                guesses=guesses,
                opening=str(data.get("opening", "")),
                seconds=float(data.get("seconds", 0.0)),
                max_turns=int(data.get("max_turns", MAX_TURNS)),
                seed=data.get("seed"),
                start=data.get("start"),
                complete=bool(data.get("complete", True)),
                nodes=int(data.get("nodes", 0)),
                paths=tuple(tuple(p) for p in data.get("paths", ())),
            )
        except (KeyError, TypeError, ValueError, InvalidOptionError) as exc:
            raise ResultsFileError(
                f"not a benchmark result ({exc}); give the output of `wordlelab bench --json`"
            ) from None


def _round(x: float) -> float | None:
    return None if math.isnan(x) else round(x, 6)


def combine(results: Sequence[Results]) -> Results:
    """Pool several runs (e.g. Monte Carlo trials, several start words) into one.

    All runs must share strategy, lists, mode and rule.  Games are concatenated
    (an answer appears once per run; :meth:`Results.hardest` still lists it once,
    by its worst game); seconds and nodes add up; the opening is
    the runs' openings joined by ``,`` when they differ.
    """
    if not results:
        raise InvalidOptionError("combine() needs at least one Results")
    first = results[0]
    for r in results[1:]:
        if (r.strategy, r.words, r.rules) != (first.strategy, first.words, first.rules):
            raise InvalidOptionError("combine() needs runs of the same strategy, lists, mode and rule")
    openings = list(dict.fromkeys(r.opening for r in results))
    starts = list(dict.fromkeys(r.start for r in results if r.start))
    return Results(
        strategy=first.strategy,
        words=first.words,
        rules=first.rules,
        answers=tuple(a for r in results for a in r.answers),
        guesses=np.concatenate([r.guesses for r in results]),
        opening=",".join(openings),
        seconds=sum(r.seconds for r in results),
        max_turns=first.max_turns,
        seed=first.seed if len(results) == 1 else None,
        start=",".join(starts) if starts else None,
        complete=all(r.complete for r in results),
        nodes=sum(r.nodes for r in results),
        paths=tuple(p for r in results for p in r.paths),
    )
