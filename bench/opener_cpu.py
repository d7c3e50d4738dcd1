"""CPU of the exact totals of named openers, one fresh solver each, no bound.

    .venv/bin/python bench/opener_cpu.py --words nyt-2023 --mode hard seyen sloes shewn
    .venv/bin/python bench/opener_cpu.py --words nyt-2023 --mode hard treat:12

A word is an opener (``Solver.value(all answers, guess=WORD)``); ``WORD:P`` is
the bucket the opener leaves with pattern code ``P``, searched alone
(``Solver.value(bucket, history=(Step(WORD, P),))``).  Prints per case the
value, the CPU seconds (process time, after a warm-up that compiles the
kernels) and the search's counters: nodes expanded, cells scanned, guesses
tried, and in hard mode the guesses refuted by a bucket without any tree,
the feasibility search's nodes and cells, and its nodes answered by a set
kept without a tree.

``--one-solver`` keeps one solver (its memo) for all the cases, in the order
given, as an all-exact run's worker does for openers spelt with the same
letters (``... --one-solver gummy muggy`` against ``... muggy``); the figures
of each case are then its own search's.

``--buckets`` (hard mode, openers only) shows where an opener without a tree
spends its time: its buckets are asked, as the search asks them, smallest
first on one solver, whether they have any tree (``Solver.has_tree``), each
with its pattern, size, answer and CPU, up to the first that has none (which
decides the opener), or every bucket with ``--all``.

    .venv/bin/python bench/opener_cpu.py --words nyt-2023 --mode hard --buckets heugh

To compare two versions of the search, run this from two checkouts side by
side, one core each (``PYTHONPATH=checkout/src``), with nothing else running.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Iterator

import numpy as np

from wordlelab.feedback import format_pattern
from wordlelab.modes import GameRules, Mode
from wordlelab.search import Solver, _core
from wordlelab.state import Step
from wordlelab.table import pattern_table
from wordlelab.words import load_wordlist


def bucket_proofs(
    solver: Solver, table: np.ndarray, answers: np.ndarray, g: int, every: bool = False
) -> Iterator[tuple[int, int, bool, float]]:
    """``(pattern, size, has a tree, CPU seconds)`` of each bucket guess ``g``
    leaves of ``answers``, smallest first (ties by pattern), asked on
    ``solver`` in that order; up to the first without a tree, or all of them
    with ``every``."""
    row = table[g, answers]
    patterns, sizes = np.unique(row, return_counts=True)
    for i in np.argsort(sizes, kind="stable"):
        p = int(patterns[i])
        start = time.process_time()
        found = solver.has_tree(answers[row == p], history=(Step(g, p),))
        yield p, int(sizes[i]), found, time.process_time() - start
        if not found and not every:
            return


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    ap.add_argument("cases", nargs="+", metavar="WORD[:PATTERN]")
    ap.add_argument("--words", default="nyt-2023")
    ap.add_argument("--mode", choices=[m.value for m in Mode], default="hard")
    ap.add_argument("--one-solver", action="store_true", help="one solver (one memo) for all cases, in order")
    ap.add_argument("--buckets", action="store_true", help="hard mode: ask each bucket of an opener for a tree")
    ap.add_argument("--all", action="store_true", help="with --buckets: every bucket, not up to the first without")
    args = ap.parse_args(argv)
    if args.buckets and args.mode != Mode.HARD.value:
        ap.error("--buckets asks the hard-mode feasibility search: add --mode hard")
    if args.all and not args.buckets:
        ap.error("--all goes with --buckets")
    words = load_wordlist(args.words, None)
    table = pattern_table(words)
    rules = GameRules(Mode(args.mode))
    answers = np.arange(len(words.answers))
    ids = {w: i for i, w in enumerate(words.allowed)}
    Solver(words, table, rules).value(answers[:40], guess=0)  # compile (or load) the kernels
    print(
        f"{args.words}, {args.mode} mode, one core, "
        + ("one solver for all" if args.one_solver else "a fresh solver per case")
    )
    shared = Solver(words, table, rules) if args.one_solver else None
    for case in args.cases:
        word, _, pattern = case.lower().partition(":")
        if word not in ids:
            raise SystemExit(f"opener_cpu: {word!r} is not an allowed word of {args.words}")
        solver = shared or Solver(words, table, rules)
        c0 = solver.counters.copy()
        g = ids[word]
        if args.buckets:
            if pattern:
                ap.error(f"--buckets takes openers, not a bucket: {case!r}")
            print(f"{word}: its buckets, smallest first (pattern, answers, tree, CPU)", flush=True)
            for p, size, found, cpu in bucket_proofs(solver, table, answers, g, args.all):
                shown = format_pattern(p, len(word), "letters")
                print(f"  {shown}  {size:5d}  {'tree' if found else 'none':4s}  {cpu:8.2f} s", flush=True)
            continue
        start = time.process_time()
        if pattern:
            p = int(pattern)
            bucket = answers[table[g, answers] == p]
            value = solver.value(bucket, history=(Step(g, p),))
        else:
            value = solver.value(answers, guess=g)
        cpu = time.process_time() - start
        c = solver.counters - c0
        shown = "impossible" if value >= _core.INF else str(value)
        line = (
            f"{case:12s} {shown:>10s} {cpu:8.2f} s  nodes {c[_core.STAT_NODES]:>9d}  "
            f"cells {c[_core.STAT_CELLS] / 1e9:6.2f} G  tried {c[_core.STAT_TRIED]:>9d}"
        )
        if args.mode == Mode.HARD.value and hasattr(_core, "STAT_INFEASIBLE"):  # (not in a checkout before it)
            line += (
                f"  no-tree cuts {c[_core.STAT_INFEASIBLE]:>6d}  feasibility nodes "
                f"{c[_core.STAT_FEASIBLE_NODES]:>8d}, cells {c[_core.STAT_FEASIBLE_CELLS] / 1e9:5.2f} G"
            )
        if args.mode == Mode.HARD.value and hasattr(_core, "STAT_NO_TREE_HITS"):
            line += f"  answered by inclusion {c[_core.STAT_NO_TREE_HITS]:>7d}"
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
