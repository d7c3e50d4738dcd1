"""Benchmark: win rate of the multi-board solver (Dordle, Quordle, Octordle).

For each preset, plays ``--games`` games whose answers are drawn without
replacement from the answer list by ``random.Random(seed * 1000 + game)``,
and prints the win rate (with a 95 % Wilson interval), the mean guesses of the
won games, the guess histogram and the time per game.

    .venv/bin/python bench/bench_multi.py [--games 200] [--seed 0] [--words original]
"""

from __future__ import annotations

import argparse
import math
import os
import random
import time
from collections import Counter

from wordlelab import load_wordlist, pattern_table
from wordlelab.variants import MULTI_PRESETS, MultiSolver, play_multi


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval of a proportion k/n."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--words", default="original")
    ap.add_argument("--presets", default="dordle,quordle,octordle")
    args = ap.parse_args()
    wl = load_wordlist(args.words)
    table = pattern_table(wl)
    print(f"lists {wl!r}; {args.games} games per preset; seed {args.seed}; load average {os.getloadavg()[0]:.2f}")
    print(
        "| game | boards/guesses | games | wins | win rate | 95% interval | mean guesses (won) "
        "| histogram (won) | boards left (lost) | s/game |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for name in args.presets.split(","):
        boards, limit = MULTI_PRESETS[name]
        solver = MultiSolver(wl, table)
        wins, used, left = 0, [], []
        t0 = time.perf_counter()
        for game in range(args.games):
            answers = random.Random(args.seed * 1000 + game).sample(list(wl.answers), boards)
            r = play_multi(wl, answers, solver, table=table, max_guesses=limit)
            if r.won:
                wins += 1
                used.append(len(r.guesses))
            else:
                left.append(sum(t is None for t in r.solved_at))
        secs = (time.perf_counter() - t0) / args.games
        lo, hi = wilson(wins, args.games)
        hist = " ".join(f"{k}:{v}" for k, v in sorted(Counter(used).items()))
        mean = sum(used) / len(used) if used else float("nan")
        lost = " ".join(f"{k}:{v}" for k, v in sorted(Counter(left).items())) or "-"
        print(
            f"| {name} | {boards}/{limit} | {args.games} | {wins} | {wins / args.games:.1%} "
            f"| {lo:.1%}-{hi:.1%} | {mean:.2f} | {hist} | {lost} | {secs:.2f} |"
        )


if __name__ == "__main__":
    main()
