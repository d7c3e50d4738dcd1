"""What the endpoint functions share: their context, history replay, strategy building.

The endpoint functions themselves are plain functions of request models ->
JSON-ready dicts, one module per page: :mod:`.assistant` (the Assistant and
Explain pages), :mod:`.play` (the Play page and its review) and :mod:`.compare`.
Nothing here knows HTTP: errors are :class:`~wordlelab.errors.WordlelabError`
subclasses, turned into 4xx answers by :mod:`wordlelab.web.responses`.  Word
lists and their pattern tables are held by :class:`~.lists.Lists` (one per
process, bounded).  Every endpoint function takes a :class:`Context` first, so
the same function runs in the server process (cheap requests) or in a worker
process (expensive ones, see :mod:`wordlelab.web.workers`).

Nothing a web request sends is written to disk: a custom list's table is built
in memory and kept in a size-capped LRU (:mod:`.lists`); openings for custom
lists or non-default strategy options are remembered in memory only; the
``optimal`` strategy plays only from a tree that is shipped or already cached
(it never searches or writes a new one here, see :func:`require_tree`).  The one
file a request writes is the user's store of opener totals: the Openers page's
Compute button keeps the total the server itself searched, for an opener of a
shipped table (:mod:`.atlas`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..errors import NoTreeError
from ..feedback import decode, format_pattern
from ..game import Session
from ..kernels import partition_stats
from ..modes import Mode
from ..strategies import Strategy, get_strategy
from ..strategies.base import check_options, option_specs
from ..types import IndexArray, PatternTable
from ..words import BUILTIN_LISTS, WordList, load_wordlist
from .lists import MAX_CUSTOM_BYTES, Lists, Loaded
from .models import Move
from .tokens import GameSealer

__all__ = [
    "MAX_ECHO",
    "Context",
    "NoTreeError",
    "build_strategy",
    "clip",
    "make_context",
    "replay",
    "require_tree",
    "split_figures",
    "step_json",
    "strategy_options",
]

#: a value quoted back in an error message is cut to this many characters
MAX_ECHO = 40


def clip(text: str, limit: int = MAX_ECHO) -> str:
    """``text`` cut to ``limit`` characters (with how much was left out), for quoting a
    client's value back in a message."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text)} characters)"


@dataclass(frozen=True)
class Context:
    """What an endpoint function needs besides its request: the process's word lists
    and the app's game-token sealer."""

    lists: Lists
    sealer: GameSealer


def make_context(secret: bytes, max_custom_bytes: int = MAX_CUSTOM_BYTES) -> Context:
    """A fresh :class:`Context` (each worker process builds its own)."""
    return Context(Lists(max_custom_bytes), GameSealer(secret))


def step_json(words: WordList, guess: int, pattern: int) -> dict[str, Any]:
    """One move as the pages draw it: the guess, its pattern as text and its marks."""
    return {
        "guess": words.allowed[guess],
        "pattern": format_pattern(pattern, words.length),
        "marks": [int(m) for m in decode(pattern, words.length)],
    }


def replay(loaded: Loaded, mode: Mode, history: list[Move], exclude: list[str] | None = None) -> Session:
    """A Session in ``mode``, the ``exclude`` words not answers, with ``history`` played;
    an error names the move that failed.  A built-in list widens to every allowed word
    when the colours rule it out (a custom list does not: its prior would be a table
    of its own, built for one request)."""
    session = Session(
        loaded.words, rules=mode, table=loaded.table, exclude=exclude or (), widen=loaded.words.name in BUILTIN_LISTS
    )
    session.replay((move.guess, move.pattern) for move in history)
    return session


def split_figures(table: PatternTable, guess: int, candidates: IndexArray, n_patterns: int) -> dict[str, Any]:
    """How ``guess`` splits ``candidates`` (by :func:`~wordlelab.kernels.partition_stats`):
    ``parts``, ``largest``, ``expected`` (candidates left on average, sum of squared
    bucket sizes / n) and ``entropy`` in bits."""
    parts, largest, sumsq, entropy = partition_stats(table, np.array([guess], dtype=np.int64), candidates, n_patterns)
    n = max(len(candidates), 1)
    return {
        "parts": int(parts[0]),
        "largest": int(largest[0]),
        "expected": float(sumsq[0] / n),
        "entropy": float(entropy[0]),
    }


def strategy_options(cls: type[Strategy]) -> list[dict[str, Any]]:
    """The constructor options of a strategy class, read from its ``__init__`` signature
    (:func:`~wordlelab.strategies.base.option_specs`): ``[{"name", "type":
    bool|int|float|str, "default"}]`` plus ``minimum`` and ``word`` where they apply.
    Options without a default or of another type are left out (the pages cannot offer
    a control for them)."""
    return [o.as_dict() for o in option_specs(cls)]


def build_strategy(name: str, options: dict[str, Any], words: WordList | None = None) -> Strategy:
    """The strategy ``name`` with ``options`` checked against its constructor (type,
    range, known name; a word option must be an allowed guess of ``words``).  A bad
    value is an :class:`~wordlelab.errors.InvalidOptionError` (400); strings are never
    read as booleans."""
    checked = check_options(name, options, words)
    return get_strategy(name, **checked)


def require_tree(strat: Strategy, loaded: Loaded, mode: Mode) -> None:
    """Refuse a strategy that would first search (and cache) a decision tree.

    ``optimal`` (any strategy whose :meth:`~wordlelab.strategies.Strategy.tree_ready`
    says no) is played here only from a tree shipped with the package or already
    in the cache; building one takes seconds to minutes and writes a file, which
    is the command line's job.  Searches off the tree (after a guess it does not
    play) stay bounded by the request's time limit.
    """
    if strat.tree_ready(Session(loaded.words, rules=mode, table=loaded.table).state):
        return
    words = loaded.words
    opts = " ".join(f"--option {k}={v}" for k, v in sorted(strat.options().items()))
    where = (
        "--words ANSWERS.txt --guesses GUESSES.txt (the same words)"
        if (words.name not in BUILTIN_LISTS or words.digest != load_wordlist(words.name).digest)
        else f"--words {words.name}"
    )
    cmd = (
        f"wordlelab bench --strategy {strat.name} {opts} {where}"
        if opts
        else f"wordlelab suggest --strategy {strat.name} {where}"
    )
    raise NoTreeError(
        f"strategy {strat.key!r} has no decision tree for list {clip(words.name)!r} in "
        f"{mode} mode yet, and the web app does not search one "
        f"(that can take minutes); build and cache it once on the command line with "
        f"`{' '.join(cmd.split())}{'' if mode is Mode.NORMAL else ' --mode ' + mode.value}`, then ask again"
    )
