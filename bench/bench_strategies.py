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
[--jobs 2] [--include-optimal] [--skip-tournament]``.  With ``--seeds`` it prints
instead the tables of docs/strategies.md: each seed's published figure beside ours.  Other jobs on the machine
slow every figure; the load average is printed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from wordlelab import get_strategy, load_wordlist, pattern_table, strategy_names
from wordlelab.modes import GameRules
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
        Job(n, (("seed", 0),) if get_strategy(n).randomized else (), hard) for n in names for hard in (False, True)
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


# The notebook seed's final letter-family table (2315 answers, naive rule, day order):
# "wins X% with average Y attempts", the average taken over the games won (<= 6).
NOTEBOOK = {
    ("global", False): (93.69, 4.9368),
    ("global", True): (97.58, 4.6432),
    ("sc_added", False): (97.40, 4.5206),
    ("sc_added", True): (98.53, 4.3012),
    ("sc_prod", False): (97.27, 4.5187),
    ("sc_prod", True): (98.35, 4.4172),
    ("sc_sq_added", False): (97.32, 4.5193),
    ("sc_sq_added", True): (97.88, 4.4925),
    ("sc_sq_prod", False): (97.27, 4.5187),
    ("sc_sq_prod", True): (98.35, 4.4172),
    ("set_score", False): (99.39, 4.0561),
    ("set_score", True): (99.04, 4.0462),
    ("in_words", False): (98.27, 4.6123),
    ("in_words", True): (98.22, 4.6095),
    ("set_in_prod", False): (99.31, 4.0357),
    ("set_in_prod", True): (99.09, 4.0179),
    ("all_prod", False): (98.40, 4.1471),
    ("all_prod", True): (98.74, 4.1584),
}


def seeds() -> None:
    """Markdown rows: each seed's published figure beside ours (docs/strategies.md)."""
    day = load_wordlist("original-order")
    sorted_ = load_wordlist()

    def run(words, name, **kw):  # type: ignore[no-untyped-def]
        opts = kw.pop("options", {})
        return run_benchmark(words, get_strategy(name, **opts), **kw)

    print("### Notebook letter family (fill on; --words original-order --rule naive)\n")
    print(
        "| strategy | commons | seed wins % | seed mean of wins | cumulative: wins % | mean of wins "
        "| default: wins % | mean of wins | mean (all games) |"
    )
    print("|---|---|--:|--:|--:|--:|--:|--:|--:|")
    for (name, commons), (w, m) in NOTEBOOK.items():
        c = run(day, name, rules=GameRules(rule="naive"), options={"commons": commons, "cumulative": True})
        r = run(day, name, rules=GameRules(rule="naive"), options={"commons": commons})
        print(
            f"| {name} | {'yes' if commons else 'no'} | {w:.2f} | {m:.4f} | {100 * c.win_rate:.3f} "
            f"| {c.mean_wins:.4f} | {100 * r.win_rate:.2f} | {r.mean_wins:.4f} | {r.mean:.4f} |"
        )
    print("\n### Notebook demarcate\n")
    print("| lists / rule | wins % | mean | histogram 1..6, 7+ |")
    print("|---|--:|--:|---|")
    print("| seed (published) | 100 | 3.5969 | 1/64/940/1179/124/7/0 |")
    for words, rule in ((day, "naive"), (day, "official"), (sorted_, "official")):
        r = run(words, "demarcate", rules=GameRules(rule=rule))
        h = "/".join(str(v) for v in r.histogram.values())
        print(f"| {words.name} / {rule} | {100 * r.win_rate:.2f} | {r.mean:.4f} | {h} |")
    print("\n### Guessmap seed (mean-guessmap, original lists)\n")
    r = run(sorted_, "mean-guessmap")
    capped = r.guesses.clip(max=7)
    print("- seed: opener early, 98.7% wins, 30 games need 7+, mean 3.88, SD 0.98")
    print(
        f"- ours: opener {r.opening}, {100 * r.win_rate:.1f}% wins, {r.busts} games need 7+ "
        f"(full histogram {r.full_histogram}), mean {r.mean:.4f}, SD {r.std:.4f}; "
        f"counting every game over 6 as 7: mean {capped.mean():.4f}, SD {capped.std():.4f}"
    )
    print("\n### R tournament (hard mode, --words original-order)\n")
    print("| strategy | start | games | wins % | busts % | mean |")
    print("|---|---|--:|--:|--:|--:|")
    starts = ["later", "arose", "irate", "stare", "raise"]
    from wordlelab.simulate import combine

    for name in ("random", "naive", "smart", "bigram", "combo", "simmering", "simmering-weighted"):
        for start in (None, "5 naive openers"):
            runs = []
            seeds_ = range(10) if name == "random" else [None]
            for sd in seeds_:
                opts = {"seed": sd} if sd is not None else {}
                for st in [None] if start is None else starts:
                    runs.append(run(day, name, rules="hard", start=st, options=opts))
            r = combine([type(x)(**{**x.__dict__, "strategy": name}) for x in runs])
            label = "own opener" if start is None else start
            if name == "random":
                label += ", 10 seeds"
            print(f"| {name} | {label} | {r.games} | {100 * r.win_rate:.2f} | {100 * r.bust_rate:.2f} | {r.mean:.4f} |")
    print("\n### Other seeds' players on the original lists (normal mode)\n")
    print("| strategy | wins % | mean | SD | max | opener |")
    print("|---|--:|--:|--:|--:|---|")
    for name in ("most-popular", "letter-position", "avg-reduction", "two-phase"):
        r = run(sorted_, name)
        print(f"| {name} | {100 * r.win_rate:.2f} | {r.mean:.4f} | {r.std:.3f} | {r.max} | {r.opening} |")
    print("\n### Information strategies, original lists\n")
    print("| strategy | mode | wins % | mean | SD | max | opener | seconds |")
    print("|---|---|--:|--:|--:|--:|---|--:|")
    for name, opts in (
        ("entropy", {}),
        ("entropy", {"candidates_only": True}),
        ("expected-size", {}),
        ("most-parts", {}),
        ("minimax", {}),
        ("minimax", {"candidates_only": True}),
        ("entropy-2", {}),
    ):
        for hard in (False, True):
            r = run(sorted_, name, rules="hard" if hard else "normal", options=opts)
            print(
                f"| {r.strategy} | {'hard' if hard else 'normal'} | {100 * r.win_rate:.2f} | {r.mean:.4f} "
                f"| {r.std:.3f} | {r.max} | {r.opening} | {r.seconds:.2f} |"
            )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--baseline", type=int, default=100, help="games played one by one (0: skip)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--include-optimal", action="store_true")
    ap.add_argument("--skip-tournament", action="store_true")
    ap.add_argument("--seeds", action="store_true", help="print the seed-reproduction tables only")
    args = ap.parse_args()
    if args.seeds:
        seeds()
        return
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
