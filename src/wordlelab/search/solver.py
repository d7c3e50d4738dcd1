"""Exact (or beam) search for the decision tree with the fewest total guesses.

:class:`Solver` wraps the compiled search of :mod:`wordlelab.search._core`
(read its docstring for the cost, the bounds and the cut-off contracts).  A
solver keeps its memo between calls, so asking for several openers, or for a
tree after a value, reuses everything already solved.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..errors import CapTooTightError, InternalError, SearchError
from ..feedback import all_green, n_patterns
from ..kernels.hints import rule_sum
from ..modes import NORMAL, GameRules, Mode, PlayedUnder
from ..state import ModePolicy, SearchKey, Step, policy
from ..types import IndexArray, PatternTable
from ..words import WordList
from .greedy import greedy_scores
from .tree import Node, Tree, TreeStats

__all__ = ["DEFAULT_MAX_GUESSES", "SearchError", "SearchResult", "Solver"]

#: the game's own limit; also bounds the search depth when no cap is asked for
DEFAULT_MAX_GUESSES = 6


@dataclass
class SearchResult:
    """The outcome of a search from one opener (or the best opener found)."""

    start: str
    total: int
    answers: int
    #: with a given start: optimal for that opener; without: for every opener
    proven: bool
    seconds: float
    nodes: int
    tree: Tree | None = None
    stats: TreeStats | None = None
    note: str = ""
    exact: bool = True
    openers_tried: list[tuple[str, int, bool]] = field(default_factory=list)
    #: ``total`` is a proven lower bound (the opener is worse than the ``upper`` asked)
    lower_bound: bool = False

    @property
    def mean(self) -> float:
        return self.total / self.answers

    def as_dict(self) -> dict[str, object]:
        d: dict[str, object] = {
            "start": self.start,
            "total": self.total,
            "mean": None if self.lower_bound else round(self.mean, 6),
            "max": self.stats.max if self.stats else None,
            "histogram": self.stats.histogram if self.stats else None,
            "proven": self.proven,
            # the tree is optimal for its opener whenever the search was exact
            "proven_for_start": self.exact,
            # false: ``total`` is a proven lower bound, or a beam search's upper bound
            "exact": self.exact and not self.lower_bound,
            "seconds": round(self.seconds, 3),
            "nodes": self.nodes,
        }
        if self.lower_bound:
            d["lower_bound"] = True
        if self.note:
            d["note"] = self.note
        if self.openers_tried:
            d["openers"] = [{"start": s, "total": v, "exact": e} for s, v, e in self.openers_tried]
        return d


def _endgames(words: WordList) -> tuple[IndexArray, IndexArray, np.ndarray, np.ndarray]:
    """The arrays of :func:`wordlelab.search._bounds.endgame_trap` (no groups when
    the alphabet has more than 64 letters: a guess's letters are a 64-bit mask)."""
    from ._bounds import endgame_groups

    if len(words.alphabet) > 64 or not words.answers:
        groups = np.full((max(len(words.answers), 1), max(words.length, 1)), -1, np.int64)
        pos = np.zeros(0, np.int64)
    else:
        groups, pos = endgame_groups(list(words.answers))
    bits = np.left_shift(np.uint64(1), words.allowed_codes.astype(np.uint64))
    mask = np.bitwise_or.reduce(bits, axis=1) if bits.size else np.zeros(len(words.allowed), np.uint64)
    codes = np.ascontiguousarray(words.answer_codes)
    return groups, pos, codes, np.ascontiguousarray(mask, dtype=np.uint64)


#: a square table (below) of at most this many cells is built in memory for
#: any list; a bigger one only for the built-in lists, in the pattern-table cache
SQUARE_IN_MEMORY = 1 << 22


#: square tables by the lists' digest (at most two kept): a process builds or loads
#: one once, and the workers forked from it inherit it
_SQUARES: dict[str, PatternTable | None] = {}


def square_table(words: WordList) -> PatternTable | None:
    """The patterns of every allowed word against every allowed word as the answer
    (official colours), ``square[g, w]``: ultra-hard mode's split of the legal
    guesses by each guess's clue reads it instead of comparing letters (about
    ten times faster a word).  Built in memory for a small list; for a built-in
    list read from the pattern-table cache, built there once (memory-mapped and
    checksummed like every cached table: 168 MB for the original list's 12972
    guesses, 221 MB for the NYT's 14855, which nyt and nyt-2023 share); None for
    a big custom list, which is split from the letters instead (no file, no
    hundreds of megabytes for a list sent from outside).

    Kept per process: building one runs numba's parallel table kernel, which a
    process forked from one that has used it must not run (GNU OpenMP aborts
    it), so a pool of forked workers gets it from its parent
    (:func:`wordlelab.search.openers.exact_openers` asks for it first)."""
    if words.digest not in _SQUARES:
        while len(_SQUARES) >= 2:
            _SQUARES.pop(next(iter(_SQUARES)))
        _SQUARES[words.digest] = _square(words)
    return _SQUARES[words.digest]


def _square(words: WordList) -> PatternTable | None:
    from ..table import pattern_table
    from ..words import BUILTIN_LISTS, load_wordlist

    square = WordList.from_words(list(words.allowed), list(words.allowed), name=f"{words.name}-square")
    if len(words.allowed) ** 2 <= SQUARE_IN_MEMORY:
        return pattern_table(square, persist=False)
    if words.name in BUILTIN_LISTS and load_wordlist(words.name).digest == words.digest:
        return pattern_table(square)
    return None


def _read_only(keys: IndexArray, ids: IndexArray) -> tuple[IndexArray, IndexArray]:
    keys.flags.writeable = ids.flags.writeable = False  # one numba signature, and safe to share
    return keys, ids


#: the dominance index of the modes and searches that use none
_NO_DOMINANCE = _read_only(np.zeros((0, 0), np.int64), np.zeros((0, 0), np.int64))
#: dominance indexes by word list (``WordList.digest``), built once per
#: process, not per solver (a refutation takes a few ms, the index about 50)
_DOMINANCE: dict[str, tuple[IndexArray, IndexArray]] = {}
_DOMINANCE_KEPT = 4


def _dominance_index(words: WordList, codes: np.ndarray) -> tuple[IndexArray, IndexArray]:
    found = _DOMINANCE.get(words.digest)
    if found is None:
        from ._bounds import dominance_index

        if len(_DOMINANCE) >= _DOMINANCE_KEPT:
            _DOMINANCE.clear()
        found = _DOMINANCE[words.digest] = _read_only(*dominance_index(codes))
    return found


class Solver(PlayedUnder):
    """Minimum-total-guesses search over one pair of word lists.

    ``rules``: the game's mode and colour rule (:class:`~wordlelab.modes.GameRules`;
    a mode or its name, ``"normal"``, ``"hard"`` or ``"ultra"``, is short for that
    mode under the official colours); what the mode decides is its
    :class:`~wordlelab.state.ModePolicy`.  ``max_guesses``: the cap on any game (default
    6, the game's own).  ``beam``: 0 for the exact search, else try only the
    best ``beam`` guesses per node (an upper bound, never proven).
    ``answers_only``: guesses limited to the possible answers.
    """

    def __init__(
        self,
        words: WordList,
        table: PatternTable,
        rules: GameRules | Mode | str = NORMAL,
        *,
        max_guesses: int | None = DEFAULT_MAX_GUESSES,
        beam: int = 0,
        answers_only: bool = False,
    ) -> None:
        if max_guesses is None:
            max_guesses = DEFAULT_MAX_GUESSES
        if not 1 <= max_guesses <= 30:
            raise SearchError(f"`max_guesses` must be between 1 and 30, not {max_guesses}")
        if beam < 0:
            raise SearchError(f"`beam` must be 0 (exact) or a positive width, not {beam}")
        self.rules = GameRules.of(rules)
        self.policy: ModePolicy = policy(self.rules.mode)
        from . import _core

        if len(words.allowed) > _core.MAX_GUESS_INDEX:
            raise SearchError(f"at most {_core.MAX_GUESS_INDEX} allowed guesses are supported")
        self._core = _core
        self.words = words
        # always a read-only view: numba compiles (and caches) one signature per flag
        self.table = np.ascontiguousarray(table).view()
        self.table.flags.writeable = False
        self.by_answer = np.ascontiguousarray(self.table.T)  # [A, G], the table's dtype; see _core._scan
        self.by_answer.flags.writeable = False
        self.max_guesses = max_guesses
        self.beam = beam
        self.answers_only = answers_only
        if answers_only:
            self.pool = np.unique(words.answer_to_allowed).astype(np.int64)
        else:
            self.pool = np.arange(len(words.allowed), dtype=np.int64)
        self.memo = _core.Memo()
        #: the nodes proven to have a tree (hard mode, ``_feasible``), keyed as the memo
        self.feasible = _core.Memo()
        #: the sets of candidates no legal guess tells apart, by rule (hard mode, ``_feasible``)
        self.cores = self._new_cores()
        #: the sets proven to have no tree, by rule, asked by inclusion (hard mode, ``_feasible``)
        self.no_tree = self._new_no_tree()
        self.counters = np.zeros(_core.N_STATS, np.int64)
        self.n_patterns = n_patterns(words.length)
        self.codes = np.ascontiguousarray(words.allowed_codes)
        self.letter_counts = np.ascontiguousarray(words.allowed_letter_counts)
        self.ans2allowed = np.ascontiguousarray(words.answer_to_allowed, dtype=np.int64)
        self.max_parts = int(_core.max_parts(self.table, self.n_patterns))
        self.ends = _endgames(words)
        square = square_table(words) if self.rules.mode is Mode.ULTRA else None
        self.square = np.zeros((0, 0), self.table.dtype) if square is None else np.asarray(square)
        self.square.flags.writeable = False  # one numba signature for both
        # hard mode: the bit sets of the legal-set filter (485 KB for the NYT list)
        if self.rules.mode is Mode.HARD:
            from ._bounds import hard_bits

            self.hard_bits = hard_bits(self.codes, self.letter_counts)
        else:
            self.hard_bits = np.zeros((0, 0), np.uint64)
        self.hard_bits.flags.writeable = False
        self._dominance: tuple[IndexArray, IndexArray] | None = None
        self.dominance_min = _core.DOMINANCE_MIN
        # the rounds' first step and growth, by mode (see _core, "Refuting a guess in rounds")
        self.rounds_step, self.rounds_growth = {
            Mode.NORMAL: (_core.ROUNDS_FIRST_STEP_NORMAL, _core.ROUNDS_GROWTH),
            Mode.ULTRA: (_core.ROUNDS_FIRST_STEP_ULTRA, _core.ROUNDS_GROWTH_ULTRA),
        }.get(self.rules.mode, (_core.ROUNDS_FIRST_STEP, _core.ROUNDS_GROWTH))

    def _run(self, cands: IndexArray, legal: IndexArray, key: SearchKey, d: int, beta: int, forced: int) -> int:
        greens, mins, base = key
        path = (np.int64(-1), np.int64(0), greens, mins, np.uint64(rule_sum(base, greens, mins)))
        # the table's dtype, so that ``local`` and the compacted tables below share one type
        no_local = (
            np.zeros((0, 0), self.table.dtype),
            np.zeros(0, np.int64),
            np.zeros(0, np.int64),
            np.zeros(0, np.int64),
        )
        no_index = np.zeros((0, 0), np.uint64)  # (the root filters nothing)
        h = self.policy.search_hash(key)
        return int(self._core._solve(cands, legal, path, h, d, beta, forced, self._search(), *no_local, no_index))

    @property
    def dominance(self) -> tuple[IndexArray, IndexArray]:
        """Normal mode's exact search: the index of guesses by letters that
        ``_bounds.drop_dominated`` looks dominators up in (``_bounds.dominance_index``;
        7.6 MB for the NYT list, built in about 50 ms when first searched);
        otherwise no rows (refinement does not carry over where a hint
        narrows the guesses left, nor to a beam)."""
        if self._dominance is None:
            if self.rules.mode is Mode.NORMAL and self.beam == 0:
                self._dominance = _dominance_index(self.words, self.codes)
            else:
                self._dominance = _NO_DOMINANCE
        return self._dominance

    def _search(self) -> Any:
        """The constants of a search (:class:`wordlelab.search._core.Search`)."""
        return self._core.Search(
            self.table,
            self.by_answer,
            self.memo.arrays,
            self.mode.code,
            self.codes,
            self.letter_counts,
            self.ans2allowed,
            self.max_parts,
            self.ends,
            self.n_patterns,
            self.beam,
            self.counters,
            self.square,
            self.hard_bits,
            *self.dominance,
            self.dominance_min,
            self.rounds_step,
            self.rounds_growth,
            self.feasible.arrays,
            self.cores,
            self.no_tree,
        )

    def forget(self) -> None:
        """Empty the memo (its entries are only a cache of proven values and bounds)."""
        self.memo = self._core.Memo()
        self.feasible = self._core.Memo()
        self.cores = self._new_cores()
        self.no_tree = self._new_no_tree()

    def _new_no_tree(self) -> Any:
        """An empty store of sets without a tree: ``_feasible.no_tree_store``,
        keeping none outside hard mode."""
        hard = self.rules.mode is Mode.HARD
        sets = self._core.NO_TREE_SETS if hard else 0
        alpha = self.words.allowed_letter_counts.shape[1]
        return self._core.no_tree_store(len(self.words.answers), self.words.length, alpha, sets)

    def _new_cores(self) -> Any:
        """An empty store of cores: ``_feasible.core_store``, of no slots
        outside hard mode (the only mode that asks the feasibility search)."""
        return self._core.core_store(self._core.CORE_SLOTS if self.rules.mode is Mode.HARD else 0)

    # -- the legal guesses at a node ----------------------------------------

    def legal_after(self, history: tuple[Step, ...]) -> IndexArray:
        """The guesses of the pool legal after ``history`` (ascending)."""
        if not history:
            return self.pool
        legal = self.policy.legal(self.words, history, self.rule)
        return np.intersect1d(legal, self.pool).astype(np.int64)

    def _root(self, legal: IndexArray) -> SearchKey:
        """The memo key of a search's root over ``legal`` (what the mode's policy keeps)."""
        return self.policy.search_root(self.words, legal)

    def legal_by_pattern(self, legal: IndexArray, g: int) -> Callable[[int], IndexArray]:
        """The guesses legal once ``g`` has shown a pattern, from ``legal`` (those
        legal before it): ``legal_by_pattern(legal, g)(p)``."""
        return self.policy.narrow(self.words, legal, g, self.rule)

    @property
    def exact(self) -> bool:
        return self.beam == 0

    # -- values --------------------------------------------------------------
    def value(
        self,
        candidates: IndexArray,
        *,
        history: tuple[Step, ...] = (),
        guess: int | None = None,
        beta: int | None = None,
        legal: IndexArray | None = None,
        left: int | None = None,
    ) -> int:
        """``f`` of the candidates with ``left`` guesses left (default ``max_guesses
        - len(history)``), playing ``guess`` first if given.  Exact if below ``beta`` (default: no
        bound), else a lower bound >= ``beta`` (see the search contract).
        ``INF`` (:data:`wordlelab.search._core.INF`) means impossible within the cap."""
        cands = np.ascontiguousarray(np.sort(np.asarray(candidates, dtype=np.int64)))
        legal = self._legal(history, legal)
        d = self.max_guesses - len(history) if left is None else left
        b = self._core.INF if beta is None else int(beta)
        return self._run(cands, legal, self._root(legal), d, b, -1 if guess is None else int(guess))

    def has_tree(self, candidates: IndexArray, *, history: tuple[Step, ...] = (), left: int | None = None) -> bool:
        """Whether any tree finds every candidate within ``left`` guesses (default
        ``max_guesses - len(history)``): ``value(...) < INF``, asked without a
        value.  In hard mode by the feasibility search (``_feasible``), which
        keeps what it proves for the searches after it; otherwise by the value."""
        cands = np.ascontiguousarray(np.sort(np.asarray(candidates, dtype=np.int64)))
        d = self.max_guesses - len(history) if left is None else left
        if self.rules.mode is not Mode.HARD or self.beam > 0:
            return self.value(cands, history=history, left=d) < self._core.INF
        legal = self._legal(history, None)
        key = self._root(legal)
        greens, mins, base = key
        h = self.policy.search_hash(key)
        no_hint = np.int64(-1), np.int64(0)
        no_index = np.zeros((0, 0), np.uint64)
        total = np.uint64(rule_sum(base, greens, mins))
        return bool(
            self._core.feasible(
                cands, legal, *no_hint, greens, mins, total, h, np.uint64(0), np.int64(d), self._search(), no_index
            )
        )

    def _legal(self, history: tuple[Step, ...], legal: IndexArray | None) -> IndexArray:
        # sorted (the search's contract) and a writable copy: numba compiles
        # read-only arrays as another signature
        if legal is None:
            return self.legal_after(history)
        return np.unique(np.asarray(legal, dtype=np.int64))

    @property
    def nodes(self) -> int:
        return int(self.counters[0])

    def check_start(self, start: str) -> int:
        g = self.words.guess_id(start)
        if self.answers_only and not self.words.allowed_is_answer[g]:
            raise SearchError(f"{start!r} is not a possible answer, but guesses are limited to answers")
        return g

    # -- trees ---------------------------------------------------------------
    def tree(
        self, start: int | None = None, candidates: IndexArray | None = None, history: tuple[Step, ...] = ()
    ) -> Node:
        """The tree the memo describes (searching any node it lacks).

        Call after :meth:`value` proved the root value, so nodes are looked up,
        not searched again.
        """
        cands = (
            np.arange(len(self.words.answers), dtype=np.int64)
            if candidates is None
            else np.sort(np.asarray(candidates, dtype=np.int64))
        )
        return self._build(cands, history, start)

    def choose(
        self, candidates: IndexArray, history: tuple[Step, ...] = (), legal: IndexArray | None = None
    ) -> tuple[int, int]:
        """``(guess, total)``: an optimal next guess for ``candidates`` after
        ``history`` (``legal``: the guesses allowed now, default derived from
        the history) and the total it leads to; raises :class:`SearchError` if
        no tree fits in the guesses left."""
        cands = np.sort(np.asarray(candidates, dtype=np.int64))
        legal = self._legal(history, legal)
        guess = self._best_guess(cands, legal, self.max_guesses - len(history), self._root(legal))
        return guess, self.value(cands, history=history, legal=legal)

    def _best_guess(self, cands: IndexArray, legal: IndexArray, d: int, key: SearchKey) -> int:
        n = len(cands)
        if n <= 2:  # either candidate is optimal: the lowest allowed index, as strategies do
            return int(self.words.answer_to_allowed[cands].min())
        lh = self.policy.search_hash(key)
        entry = int(self._core.lookup(self.memo.arrays, cands, lh, d))
        if entry < 0 or not (entry & 1):
            self._run(cands, legal, key, d, self._core.INF, -1)
            entry = int(self._core.lookup(self.memo.arrays, cands, lh, d))
        value, guess, exact = self._core.unpack(entry)
        if not exact or value >= self._core.INF:
            raise SearchError(f"no tree finds all {n} candidates within {d} more guesses; raise `max_guesses`")
        return guess

    def _build(
        self,
        cands: IndexArray,
        history: tuple[Step, ...],
        forced: int | None,
        legal: IndexArray | None = None,
        key: SearchKey | None = None,
    ) -> Node:
        if legal is None:
            legal = self.legal_after(history)
        if key is None:
            key = self._root(legal)
        d = self.max_guesses - len(history)
        g = forced if forced is not None else self._best_guess(cands, legal, d, key)
        node = Node(int(g))
        row = self.table[g, cands]
        win = all_green(self.words.length)
        legal_after = self.legal_by_pattern(legal, int(g))
        for p in np.unique(row):
            if p == win:
                continue
            child = cands[row == p]
            child_legal = legal_after(int(p))
            child_key = self.policy.search_child(self.words, key, int(g), int(p), child_legal)
            node.children[int(p)] = self._build(child, history + (Step(int(g), int(p)),), None, child_legal, child_key)
        return node

    # -- the whole job ---------------------------------------------------------
    def solve(
        self, start: str | None = None, *, budget_s: float = 60.0, top: int = 20, upper: int | None = None
    ) -> SearchResult:
        """Search from ``start``; or, without it, try the ``top`` openers with the
        best bounds within ``budget_s`` seconds and keep the best.

        ``upper``: only a total ``<= upper`` is wanted.  An opener worse than
        that stops as soon as it is proven worse, and the result is then the
        strongest lower bound the search proved (``exact`` false, no tree).
        """
        if upper is not None and upper < 1:
            raise SearchError(f"upper must be a positive total, not {upper}")
        t0 = time.perf_counter()
        all_cands = np.arange(len(self.words.answers), dtype=np.int64)
        inf = self._core.INF
        cutoff = inf if upper is None else upper + 1
        tried: list[tuple[str, int, bool]] = []
        if start is not None:
            g = self.check_start(start)
            total = self.value(all_cands, guess=g, beta=cutoff)
            proven = self.exact
            note = ""
            if cutoff <= total < inf:
                return self._refuted(start, total, upper, time.perf_counter() - t0)
        else:
            order, _ = greedy_scores(self.words, self.table, self.pool, all_cands)
            best_total, g = cutoff, -1
            least_bound = inf
            n_done = 0
            complete = True
            for pos, gi in enumerate(order[:top]):
                if time.perf_counter() - t0 > budget_s and g >= 0:
                    complete = False
                    break
                v = self.value(all_cands, guess=int(gi), beta=best_total)
                exact = v < best_total
                tried.append((self.words.allowed[gi], v, exact))
                n_done = pos + 1
                if exact:
                    best_total, g = v, int(gi)
                else:
                    least_bound = min(least_bound, v)
            total = best_total
            if g < 0:
                if upper is not None and least_bound < inf:
                    raise SearchError(
                        f"none of the {n_done} openers tried has a total <= {upper} "
                        f"(the best needs at least {least_bound}); raise `upper` or `top`"
                    )
                raise SearchError(
                    f"no opener tried finds every answer within {self.max_guesses} guesses; "
                    "raise `max_guesses` or `top`"
                )
            everything = n_done == len(order)
            proven = everything and self.exact
            if proven:
                note = f"every one of the {n_done} openers searched: the opener is proven best too"
            else:
                note = (
                    f"best of the first {n_done} openers by greedy bound"
                    + ("" if complete else " (time budget reached)")
                    + f"; {len(order) - n_done} openers not searched, so the opener is not "
                    "proven best"
                )
            start = self.words.allowed[g]
        if total >= inf:
            raise CapTooTightError(
                f"{start!r} cannot find every answer within {self.max_guesses} guesses; "
                "raise `max_guesses` or try another `start`",
                start,
            )
        seconds = time.perf_counter() - t0
        root = self.tree(g)
        tree = Tree(
            self.words,
            root,
            rules=self.rules,
            max_guesses=self.max_guesses,
            proven=proven,
            guesses_pool="answers" if self.answers_only else "all",
        )
        st = tree.stats(self.table)
        if st.total != total:  # the memo and the replay must agree
            raise InternalError(f"search total {total} but the tree replays to {st.total}")
        return SearchResult(
            start, total, len(all_cands), proven, seconds, self.nodes, tree, st, note, self.exact, tried
        )

    def _refuted(self, start: str, bound: int, upper: int | None, seconds: float) -> SearchResult:
        """The result for an opener proven worse than ``upper``: a lower bound, no tree."""
        note = (
            f"worse than {upper}: every tree opening with {start.upper()} needs at least {bound} "
            f"guesses in total{' (beam search: not proven)' if not self.exact else ''}"
        )
        return SearchResult(
            start,
            bound,
            len(self.words.answers),
            self.exact,
            seconds,
            self.nodes,
            None,
            None,
            note,
            False,
            [],
            lower_bound=True,
        )
