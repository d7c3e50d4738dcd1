"""Benchmark: unknown answer list (frequency prior) versus the fixed answer list.

Plays greedy entropy in three set-ups and prints, for each, the mean guesses
and the win rate (<= 6) under two answer distributions: uniform over the 2315
original answers, and the frequency prior over all 12972 allowed words
(``wordlelab.prior``; "prior-weighted" = sum(prior * guesses) / sum(prior),
every allowed word played once, exact, no sampling).

1. fixed list: answers = the 2315 (the player knows the list);
2. prior mode: answers = all 12972, weighted by the prior (PriorPlayer);
3. no prior: answers = all 12972, all equally likely (plain entropy).

The fixed-list player cannot find a word outside its list at all; the prior
mass of those words is printed too.

    .venv/bin/python bench/bench_prior.py [--words original] [--strategy entropy]
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np

from wordlelab import get_strategy, load_wordlist, pattern_table
from wordlelab.prior import PriorPlayer, prior_wordlist, weighted_mean
from wordlelab.simulate import run_benchmark


def row(name: str, res, weights: np.ndarray | None, orig_mask: np.ndarray, secs: float) -> str:  # type: ignore[no-untyped-def]
    g = res.guesses.astype(np.float64)
    ok = g > 0
    win = (g > 0) & (g <= 6)
    uni = f"{g[orig_mask & ok].mean():.4f} / {win[orig_mask].mean():.2%}"
    if weights is None:
        pw = "n/a (cannot find words outside its list)"
    else:
        pw = f"{weighted_mean(g[ok], weights[ok]):.4f} / {weighted_mean(win, weights):.2%}"
    return f"| {name} | {res.opening} | {uni} | {pw} | {res.nodes} | {secs:.0f} s |"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--words", default="original")
    ap.add_argument("--strategy", default="entropy")
    args = ap.parse_args()
    base = load_wordlist(args.words)
    prior_wl, weights = prior_wordlist(base)
    orig = np.array([w in set(base.answers) for w in prior_wl.answers])
    outside = weights[~orig].sum() / weights.sum()
    print(f"lists {base!r}; prior list {prior_wl!r}; strategy {args.strategy}; load average {os.getloadavg()[0]:.2f}")
    print(
        f"prior mass of the {orig.sum()} original answers: {1 - outside:.1%}; of the other "
        f"{(~orig).sum()} allowed words: {outside:.1%} (the fixed-list player never finds these)"
    )
    print()
    print(
        "| set-up | opener | uniform over the original answers: mean / win | "
        "prior-weighted over all allowed: mean / win | strategy calls | time |"
    )
    print("|---|---|---|---|---|---|")
    strat = get_strategy(args.strategy)

    t = time.perf_counter()
    fixed = run_benchmark(base, strat, table=pattern_table(base))
    secs = time.perf_counter() - t
    print(row("fixed list (2315 known)", fixed, None, np.ones(len(fixed.answers), bool), secs))

    table = pattern_table(prior_wl)
    for name, player, w in [
        ("prior mode (all allowed, frequency prior)", PriorPlayer(strat, weights), weights),
        ("no prior (all allowed, uniform)", strat, weights),
    ]:
        t = time.perf_counter()
        res = run_benchmark(prior_wl, player, table=table)
        secs = time.perf_counter() - t
        assert res.answers == prior_wl.answers
        print(row(name, res, w, orig, secs), flush=True)


if __name__ == "__main__":
    main()
