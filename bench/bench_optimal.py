"""Benchmark: exact proofs of the optimal trees, side by side with greedy strategies.

Run:  .venv/bin/python bench/bench_optimal.py [--repeat 3] [--skip-greedy]

For each of the four published figures it builds a fresh Solver (empty memo)
and times the proof of the root value: wall and CPU seconds (best of
``--repeat``), nodes expanded, and the process's peak RSS.  The numba code is
compiled (or loaded from its on-disk cache) by a warm-up call first; the
first-ever compile time is printed separately.  Then the greedy strategies
play every answer from the same opener (as a decision tree, one node per
distinct position) and their totals are printed next to the optimum.

Other engineers' jobs may share this machine's two cores: wall times are
noisy, CPU times less so.
"""

from __future__ import annotations

import argparse
import platform
import resource
import time

import numpy as np

from wordlelab import GameRules, Mode, load_wordlist, pattern_table
from wordlelab.feedback import all_green
from wordlelab.search import Node, Solver, Tree
from wordlelab.state import State
from wordlelab.strategies import get_strategy

CASES = [
    # label, start, mode, max_guesses, answers_only, published total (ultra: ours, docs/optimal.md)
    ("SALET normal", "salet", "normal", 6, False, 7920),
    ("SALET hard", "salet", "hard", 6, False, 8122),
    ("SALET ultra", "salet", "ultra", 6, False, 8125),
    ("PALET hard, max 5 guesses", "palet", "hard", 5, False, 8206),
    ("SLATE, guesses = answers", "slate", "normal", 6, True, 7973),
]
GREEDY = ["entropy", "expected-size", "most-parts", "minimax"]


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def prove(words, table, start, hard, cap, answers_only, repeat):  # type: ignore[no-untyped-def]
    cands = np.arange(len(words.answers), dtype=np.int64)
    best_wall = best_cpu = float("inf")
    value = nodes = 0
    for _ in range(repeat):
        solver = Solver(words, table, rules=hard, max_guesses=cap, answers_only=answers_only)
        g = solver.check_start(start)
        w0, c0 = time.perf_counter(), time.process_time()
        value = solver.value(cands, guess=g)
        best_wall = min(best_wall, time.perf_counter() - w0)
        best_cpu = min(best_cpu, time.process_time() - c0)
        nodes = solver.nodes
    return value, best_wall, best_cpu, nodes


def strategy_tree(words, table, name, start, hard):  # type: ignore[no-untyped-def]
    """The decision tree a deterministic strategy plays from ``start``."""
    strat = get_strategy(name)
    win = all_green(words.length)

    def build(state):  # type: ignore[no-untyped-def]
        g = int(strat.choose(state)) if state.history else words.guess_id(start)
        node = Node(g)
        for p, child in state.children(g):
            if p != win:
                node.children[p] = build(child)
        return node

    rules = GameRules(Mode.HARD if hard else Mode.NORMAL)
    return Tree(words, build(State.initial(words, table, rules)), rules=rules)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--skip-greedy", action="store_true")
    args = ap.parse_args()
    words = load_wordlist()
    table = pattern_table(words)
    print(f"# {platform.processor() or platform.machine()}, python {platform.python_version()}")
    t0 = time.perf_counter()
    small = np.arange(40, dtype=np.int64)
    for mode in ("normal", "hard", "ultra"):
        Solver(words, table, rules=mode).value(small)
    print(f"warm-up (compile or load the compiled search): {time.perf_counter() - t0:.2f} s")
    print()
    print("| case | total | expected | proven in (wall, best of N) | CPU | nodes |")
    print("|---|---|---|---|---|---|")
    for label, start, hard, cap, answers_only, expected in CASES:
        value, wall, cpu, nodes = prove(words, table, start, hard, cap, answers_only, args.repeat)
        flag = "" if value == expected else " MISMATCH"
        print(f"| {label} | {value}{flag} | {expected} | {wall:.2f} s | {cpu:.2f} s | {nodes} |")
    print(f"\npeak RSS of this process: {_peak_mb():.0f} MB")
    if args.skip_greedy:
        return
    print()
    print("| strategy (from SALET) | normal total | mean | hard total | mean | seconds (both) |")
    print("|---|---|---|---|---|---|")
    for name in GREEDY:
        t0 = time.perf_counter()
        row = []
        for hard in (False, True):
            st = strategy_tree(words, table, name, "salet", hard).stats(table)
            row += [str(st.total), f"{st.mean:.4f}"]
        print(f"| {name} | {' | '.join(row)} | {time.perf_counter() - t0:.1f} |")
    print("| optimal (proven) | 7920 | 3.4212 | 8122 | 3.5084 | see above |")


if __name__ == "__main__":
    main()
