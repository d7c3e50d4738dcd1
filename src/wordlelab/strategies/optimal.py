"""Play from a decision tree with the fewest total guesses (see :mod:`wordlelab.search`)."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path
from typing import Annotated, Any, ClassVar

import numpy as np

from ..errors import WordlelabError
from ..state import State
from .base import AtLeast, Ranked, Strategy, Word, register

#: openers (best greedy bound first) whose exact trees are compared when no
#: ``start`` is given; SALET, the best known opener of the original lists (and
#: the only one at 7920 among the top 20 by bound, docs/optimal.md), is third
#: by bound there, so 3 finds it.  For the original lists the proven SALET
#: trees ship with the package (no search); on other lists a first use searches
#: (about 12 s for lists of the original's size) and caches the tree on disk.
DEFAULT_OPENERS = 3
#: off the cached tree (the player deviated), sets up to this size are solved
#: exactly; bigger ones with a beam of :data:`DEVIATION_BEAM` guesses per node
EXACT_LIMIT = 300
DEVIATION_BEAM = 10
#: alternatives to the chosen guess get exact values only for sets this small
ALTERNATIVES_LIMIT = 60
#: a cached tree file larger than this is damaged (trees of big lists take a few MB)
TREE_LIMIT = 256 << 20


@register("optimal")
class Optimal(Strategy):
    """Fewest total guesses: follows a searched decision tree (cached on disk).

    The tree opens with ``start`` if given, else with the best (exact total)
    of the ``openers`` guesses with the best greedy bound.  After a guess the
    tree does not play, the rest is searched afresh (exactly when at most
    300 candidates remain).  ``score`` is the expected number of guesses
    still needed (tree total over the candidates); lower is better.
    """

    higher_is_better: ClassVar[bool] = False
    score_label: ClassVar[str] = "expected guesses"

    def __init__(
        self, start: Word | None = None, openers: Annotated[int, AtLeast(1)] = DEFAULT_OPENERS
    ) -> None:
        self.start = start.strip().lower() if start else None
        self.openers = int(openers)
        if self.openers < 1:
            raise ValueError("openers must be at least 1")
        self._trees: dict[str, Any] = {}
        self._solvers: dict[tuple[object, ...], Any] = {}

    def options(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.start:
            out["start"] = self.start
        if self.openers != DEFAULT_OPENERS:
            out["openers"] = self.openers
        return out

    # -- the tree -------------------------------------------------------------
    def _tree_path(self, state: State) -> Path:
        from ..table import cache_dir

        mode = "hard" if state.hard else "normal"
        tag = self.start or f"best{self.openers}"
        return cache_dir() / "trees" / f"optimal-{state.words.digest[:20]}-{state.rule}-{mode}-{tag}.json"

    def _solver(self, state: State, max_guesses: int, beam: int = 0):  # type: ignore[no-untyped-def]
        from ..search import Solver

        key = (state.words.digest, state.rule, state.hard, max_guesses, beam)
        if key not in self._solvers:
            self._solvers.clear()  # one at a time: a memo can hold many megabytes
            self._solvers[key] = Solver(
                state.words, state.table, hard=state.hard, max_guesses=max_guesses, beam=beam,
                rule=state.rule,
            )
        return self._solvers[key]

    def _tree_key(self, state: State) -> str:
        """What a cached tree was searched for (its checksum file must say the same)."""
        mode = "hard" if state.hard else "normal"
        return f"optimal-tree|{state.words.digest}|{state.rule}|{mode}|{self.start or ''}|{self.openers}"

    def tree(self, state: State):  # type: ignore[no-untyped-def]
        """The tree for ``state``'s lists and mode: memory, disk cache, or searched now."""
        path = self._tree_path(state)
        key = str(path)
        if key in self._trees:
            return self._trees[key]
        tree = self._cached_tree(state)
        if tree is None:
            tree = self._shipped_tree(state)
        if tree is None:
            solver = self._solver(state, 6)
            result = solver.solve(self.start, budget_s=float("inf"), top=self.openers)
            tree = result.tree
            with contextlib.suppress(OSError):  # a cache that cannot be written: kept in memory
                self._save_tree(tree, state)
        self._trees[key] = tree
        return tree

    def _cached_tree(self, state: State):  # type: ignore[no-untyped-def]
        """The disk-cached tree if it passes every check, else None (with a notice if
        a file was there): its checksum file names these lists, rule, mode and
        options and matches its bytes; it parses; it opens with ``start``;
        replaying every answer finds it within 6 guesses with the total its
        header states (about 30 ms for the original lists; hard-mode legality is
        not replayed, 0.12 s more, as the checksum proves the search wrote it)."""
        from ..cachefile import CacheDamage, notice, read_verified
        from ..search import TreeFileError, read_tree

        path = self._tree_path(state)
        if not os.path.lexists(path):
            return None
        try:
            _, st = read_verified(path, self._tree_key(state), TREE_LIMIT)
            tree, head = read_tree(path, state.words)
            now = os.stat(path)
            if (now.st_ino, now.st_mtime_ns) != (st.st_ino, st.st_mtime_ns):
                raise CacheDamage("replaced while being read")
            if (tree.hard, tree.rule, tree.max_guesses) != (state.hard, state.rule, 6) or (
                self.start is not None and state.words.allowed[tree.root.guess] != self.start
            ):
                raise CacheDamage("for another mode, rule, cap or opener")
            lengths = [len(steps) for steps in tree.paths(state.table)]  # finds every answer
            if max(lengths) > 6 or sum(lengths) != head.get("total"):
                raise CacheDamage("replaying it does not give its total within 6 guesses")
        except (CacheDamage, TreeFileError, ValueError, TypeError, RecursionError, OSError) as exc:
            notice("optimal tree", path, str(exc))
            return None
        return tree

    def _save_tree(self, tree: Any, state: State) -> None:
        """Write ``tree`` to the disk cache with its checksum file (``OSError`` if it cannot)."""
        from ..cachefile import write_verified
        from ..search import write_tree

        path = self._tree_path(state)
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=path.stem + ".", suffix=".json", dir=path.parent)
        os.close(fd)
        try:
            write_tree(tree, tmp, state.table)
            data = Path(tmp).read_bytes()
        finally:
            Path(tmp).unlink(missing_ok=True)
        write_verified(path, self._tree_key(state), lambda fh: fh.write(data))

    def tree_ready(self, state: State) -> bool:
        """Whether :meth:`tree` can answer for ``state``'s lists and mode without a
        search: the tree is in memory, in the disk cache (and sound: it is loaded
        and checked now) or shipped with the package."""
        key = str(self._tree_path(state))
        if key not in self._trees:
            tree = self._cached_tree(state)
            if tree is not None:
                self._trees[key] = tree
        return key in self._trees or self._shipped_tree(state) is not None

    def _shipped_tree(self, state: State):  # type: ignore[no-untyped-def]
        """A proven tree shipped in ``data/trees`` for these lists and mode, if any.

        The package ships the proven SALET trees of the original lists (the
        same files as docs/trees, checked by verify-tree in the tests).  One is
        used when its lists' digest, mode and rule match, it is uncapped-pool
        (all allowed guesses) with the game's 6-guess cap, and it opens with
        ``start`` (or no start was asked for: SALET is the best opener known,
        docs/optimal.md), so a first use costs no search.
        """
        from importlib import resources

        from ..search import TreeFileError, read_tree

        folder = resources.files("wordlelab.data").joinpath("trees")
        for entry in sorted(folder.iterdir(), key=lambda e: e.name):
            if not entry.name.endswith(".tree"):
                continue
            head = entry.read_text("utf-8").splitlines()[:3]
            if not any(f"digest: {state.words.digest[:20]}" in line for line in head):
                continue
            with resources.as_file(entry) as fp:
                try:
                    tree, _ = read_tree(fp, state.words)
                except TreeFileError:
                    continue
            opener = state.words.allowed[tree.root.guess]
            if (
                tree.hard == state.hard
                and tree.rule == state.rule
                and tree.guesses_pool == "all"
                and tree.max_guesses == 6
                and (self.start is None or self.start == opener)
            ):
                return tree
        return None

    # -- choosing ---------------------------------------------------------------
    def _off_tree(self, state: State) -> tuple[int, int]:
        """(guess, total) for a state the cached tree does not reach: searched
        now, allowing six more guesses (see the class docstring for the beam)."""
        from ..search import SearchError

        n = len(state.candidates)
        cap = len(state.history) + 6
        solver = self._solver(state, cap, 0 if n <= EXACT_LIMIT else DEVIATION_BEAM)
        try:
            return solver.choose(state.candidates, state.history, state.legal)  # type: ignore[no-any-return]
        except SearchError as exc:  # pragma: no cover - six more guesses always suffice in practice
            raise WordlelabError(f"optimal: {exc}") from None

    def rank(self, state: State, top: int = 5) -> list[Ranked]:
        n = len(state.candidates)
        words = state.words
        node = self.tree(state).lookup(state.history)
        if node is not None:
            guess = node.guess
            total = _subtree_total(node, state)
        else:
            guess, total = self._off_tree(state)
        out = [Ranked(guess, words.allowed[guess], total / n, {"total": float(total), "exact": 1.0})]
        if top > 1:
            out.extend(self._alternatives(state, guess, top - 1))
        return _with_partition_stats(state, out[:top])

    def _alternatives(self, state: State, chosen: int, k: int) -> list[Ranked]:
        """The next guesses by greedy bound; exact values when the set is small."""
        from ..search import greedy_scores

        n = len(state.candidates)
        order, stats = greedy_scores(state.words, state.table, state.legal, state.candidates)
        out: list[Ranked] = []
        if n <= ALTERNATIVES_LIMIT:
            solver = self._solver(state, len(state.history) + 6)
            scored = []
            for g in order[: 4 * k + 1]:
                if g == chosen:
                    continue
                v = solver.value(state.candidates, history=state.history, guess=int(g), legal=state.legal)
                scored.append((v, int(g)))
            scored.sort()
            for v, g in scored[:k]:
                out.append(Ranked(g, state.words.allowed[g], v / n, {"total": float(v), "exact": 1.0}))
            return out
        for i, g in enumerate(order):
            if len(out) >= k:
                break
            if g == chosen:
                continue
            b = float(stats["bound"][i])
            out.append(Ranked(int(g), state.words.allowed[g], b / n, {"total": b, "exact": 0.0}))
        return out


def _with_partition_stats(state: State, ranked: list[Ranked]) -> list[Ranked]:
    """Add the usual split figures (entropy, expected, parts, largest) for display."""
    from ..kernels import partition_stats

    guesses = np.array([r.guess for r in ranked], dtype=np.int64)
    parts, largest, sumsq, entropy = partition_stats(
        state.table, guesses, state.candidates, state.n_patterns
    )
    n = max(len(state.candidates), 1)
    return [
        Ranked(r.guess, r.word, r.score, {
            **r.stats, "entropy": float(entropy[i]), "expected": float(sumsq[i]) / n,
            "parts": float(parts[i]), "largest": float(largest[i]),
        })
        for i, r in enumerate(ranked)
    ]


def _subtree_total(node: Any, state: State) -> int:
    """Total guesses the subtree at ``node`` takes over ``state.candidates``."""
    from ..feedback import all_green

    win = all_green(state.words.length)
    total = 0
    for a in state.candidates:
        cur = node
        k = 0
        while True:
            k += 1
            p = int(state.table[cur.guess, a])
            if p == win:
                break
            cur = cur.children[p]
        total += k
    return total
