"""Benchmark the benchmark: how fast wordlelab plays a whole answer list.

Prints, for the default lists (2315 answers, 12972 allowed guesses):

1. greedy ``entropy`` and ``minimax`` over all answers, normal mode: wall time of
   the decision-tree walk (best and median of ``--repeat`` runs), the strategy
   calls it made, and the result (mean guesses);
2. the same strategy played game by game (``play_game``, one strategy call per
   turn of every game, numba on one thread as in the walk) on ``--baseline``
   answers, extrapolated to all 2315 games;
3. the tournament: every registered strategy (``optimal`` only with
   ``--include-optimal``: it computes an exact tree, see docs/optimal.md) in
   normal and hard mode, in ``--jobs`` worker processes, wall time in total.

Usage: ``.venv/bin/python bench/bench_strategies.py [--repeat 3] [--baseline 100]
[--jobs 2] [--include-optimal] [--skip-tournament]``.  Other jobs on the machine
slow every figure; the load average is printed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from wordlelab import get_strategy, load_wordlist, pattern_table, strategy_names
from wordlelab.simulate import Job, play_game, run_benchmark, run_jobs


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def tree_runs(words, table, name: str, repeat: int) -> None:  # type: ignore[no-untyped-def]
    strat = get_strategy(name)
    run_benchmark(words, strat, answers=range(3), table=table)  # compile / warm caches
    times = []
    r = None
    for _ in range(repeat):
        r = run_benchmark(words, strat, table=table)
        times.append(r.seconds)
    assert r is not None
    print(
        f"{name:8s} tree walk, {r.games} games: best {min(times):.3f} s, median "
        f"{statistics.median(times):.3f} s  ({r.nodes} strategy calls; mean {r.mean:.4f}, "
        f"max {r.max}, opening {r.opening})  load {load()}"
    )


def baseline(words, table, name: str, n: int) -> None:  # type: ignore[no-untyped-def]
    import numba

    numba.set_num_threads(1)  # as in the tree walk, so only the walk itself differs
    strat = get_strategy(name)
    step = max(1, len(words.answers) // n)
    sample = list(words.answers[::step])[:n]
    t0 = time.perf_counter()
    turns = 0
    for a in sample:
        turns += len(play_game(words, a, strat, table=table))
    dt = time.perf_counter() - t0
    print(
        f"{name:8s} game by game, {len(sample)} games: {dt:.2f} s ({turns} strategy calls) "
        f"-> ~{dt / len(sample) * len(words.answers):.0f} s for all {len(words.answers)}  load {load()}"
    )


def tournament(words, jobs: int, include_optimal: bool) -> None:  # type: ignore[no-untyped-def]
    names = [n for n in strategy_names() if include_optimal or n != "optimal"]
    job_list = [
        Job(n, (("seed", 0),) if get_strategy(n).randomized else (), hard)
        for n in names
        for hard in (False, True)
    ]
    t0 = time.perf_counter()
    results = run_jobs(words, job_list, processes=jobs)
    wall = time.perf_counter() - t0
    done = [r for r in results if r is not None]
    cpu = sum(r.seconds for r in done)
    print(
        f"tournament: {len(names)} strategies x 2 modes = {len(job_list)} runs of {len(words.answers)} "
        f"games on {jobs} processes: {wall:.1f} s wall (sum of run times {cpu:.1f} s)  load {load()}"
    )
    slow = sorted(done, key=lambda r: -r.seconds)[:5]
    print("  slowest runs: " + ", ".join(f"{r.strategy}{'/hard' if r.hard else ''} {r.seconds:.1f} s" for r in slow))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--baseline", type=int, default=100, help="games played one by one (0: skip)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--include-optimal", action="store_true")
    ap.add_argument("--skip-tournament", action="store_true")
    args = ap.parse_args()
    words = load_wordlist()
    table = pattern_table(words)
    print(f"lists: {words!r}; load average {load()}")
    for name in ("entropy", "minimax"):
        tree_runs(words, table, name, args.repeat)
    if args.baseline:
        for name in ("entropy", "minimax"):
            baseline(words, table, name, args.baseline)
    if not args.skip_tournament:
        tournament(words, args.jobs, args.include_optimal)


if __name__ == "__main__":
    main()
