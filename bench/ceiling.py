"""The per-opener ceiling: the openers a table's run recorded as slow, timed again.

    .venv/bin/python bench/ceiling.py --words nyt-2023 --mode ultra
    .venv/bin/python bench/ceiling.py --words nyt-2023 --mode hard --sample 6 --seed 1
    .venv/bin/python bench/ceiling.py --words original --mode ultra --slowest 10

An all-exact run (``openers --all --exact``) records each opener's CPU in its
results file, ``docs/openers/runs/WORDS-MODE-exact.sqlite``, with the search of
the day it was settled (and on whatever machine ran it).  This script takes the
rows recorded over ``--limit`` seconds (default 60, the ceiling no opener of any
table may pass), or the ``--slowest K``, optionally a seeded ``--sample N`` of
them, and times each again with today's search: the exact total with no bound,
one core, a fresh solver each (``time.process_time`` around the search, after a
warm-up that compiles the kernels).  Each total must equal the recorded one.

Printed: per opener the recorded CPU and today's, then how many of those timed
are still over the limit and the slowest.  The openers not recorded over the
limit are not timed: the search has only become faster since, so the file's
figure is an upper bound for them (on the machine that recorded it).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import numpy as np

from wordlelab import load_wordlist, pattern_table
from wordlelab.errors import WordlelabError
from wordlelab.modes import GameRules, Mode
from wordlelab.search import INF, Solver
from wordlelab.search.openers import ExactJob, OpenerResult, ResultStore

RUNS = Path(__file__).resolve().parent.parent / "docs" / "openers" / "runs"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--words", choices=["original", "nyt", "nyt-2023"], default="nyt-2023")
    ap.add_argument("--mode", choices=[m.value for m in Mode], default="ultra")
    ap.add_argument("--limit", type=float, default=60.0, help="the ceiling, CPU seconds an opener")
    ap.add_argument("--slowest", type=int, help="time the K slowest recorded rows instead of those over the limit")
    ap.add_argument("--sample", type=int, help="time a seeded sample of this many of them")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--results", type=Path, help="the run's results file (default: the shipped one)")
    args = ap.parse_args(argv)
    words = load_wordlist(args.words)
    rules = GameRules(Mode(args.mode))
    path = args.results or RUNS / f"{args.words}-{args.mode}-exact.sqlite"
    if not path.is_file():
        print(f"ceiling: no results file at {str(path)!r}; pass --results", file=sys.stderr)
        return 1
    try:
        with ResultStore(path) as store:
            done = store.done(ExactJob(words, rules).key)
    except WordlelabError as exc:
        print(f"ceiling: {exc}", file=sys.stderr)
        return 1
    rows = sorted((r for r in done.values() if r.exact), key=_slowest_first)
    over = [r for r in rows if r.seconds > args.limit]
    picked = rows[: args.slowest] if args.slowest is not None else over
    if args.sample is not None and args.sample < len(picked):
        picked = sorted(random.Random(args.seed).sample(picked, args.sample), key=_slowest_first)
    print(
        f"{args.words} {args.mode}: {len(rows)} exact rows recorded, {len(over)} over {args.limit:g} s; "
        f"timing {len(picked)} again (one core, no bound, a fresh solver each)"
    )
    if not picked:
        return 0
    table = pattern_table(words, rules.rule)
    every = np.arange(len(words.answers))
    Solver(words, table, rules).value(every[:40], guess=0)  # compile (or load) the kernels
    print("opener         total  recorded (s)  now (s)      nodes")
    now: list[tuple[float, str]] = []
    for r in picked:
        solver = Solver(words, table, rules)
        start = time.process_time()
        total = solver.value(every, guess=solver.check_start(r.word))
        cpu = time.process_time() - start
        if total != r.total:
            print(f"ceiling: {r.word}: {_shown(total)}, the results file has {_shown(r.total)}", file=sys.stderr)
            return 1
        now.append((cpu, r.word))
        print(f"{r.word:8s} {_shown(total):>11s} {r.seconds:13.1f} {cpu:8.1f} {solver.nodes:10d}", flush=True)
    still = [w for cpu, w in now if cpu > args.limit]
    cpu, word = max(now)
    named = " ".join(still) or "none"
    print(f"still over {args.limit:g} s: {len(still)} of {len(now)} timed ({named}); slowest {word} {cpu:.1f} s")
    return 0


def _slowest_first(r: OpenerResult) -> tuple[float, str]:
    return -r.seconds, r.word


def _shown(total: int) -> str:
    return "inf" if total >= INF else str(total)


if __name__ == "__main__":
    raise SystemExit(main())
