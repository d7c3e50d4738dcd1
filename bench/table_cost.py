"""What an all-exact opener table costs: a sample stratified by the reference's totals.

    .venv/bin/python bench/table_cost.py [--mode normal|hard] [--per 3] [--seed 0]

The reference (Alex Selby's C++ solver, MIT) published the exact total of every
opener on the NYT lists (``results_easy_nyt20220830``, ``results_hard_nyt20220830``
in ``../shared/peers/alex1770-wordle/``).  The openers are grouped in bands of 100
by that total; ``--per`` openers of each band (seeded) get their exact total with
no bound, one core, a fresh solver each (``time.process_time`` around the search),
and each total must equal the reference's.  Printed: each band's size and mean
CPU, and their product summed: the CPU-hours a complete ``openers --all --exact``
run of the table would take (openers with no tree, ``inf``, at the sample's
mean of that band).  The weak bands hold few openers but most of the time, so the
estimate is as good as their samples.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import defaultdict
from pathlib import Path

import numpy as np

from wordlelab import WordList, load_wordlist, pattern_table
from wordlelab.search import INF, Solver

HERE = Path(__file__).resolve().parent
DEFAULT_PEER = HERE.parent.parent / "shared" / "peers" / "alex1770-wordle"
FILES = {"normal": "results_easy_nyt20220830", "hard": "results_hard_nyt20220830"}
INF_BAND = 10**9


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mode", choices=sorted(FILES), default="normal")
    ap.add_argument("--per", type=int, default=3, help="openers sampled per band of 100")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--peer-dir", type=Path, default=DEFAULT_PEER)
    args = ap.parse_args(argv)
    path = args.peer_dir / FILES[args.mode]
    if not path.is_file():
        print(f"table_cost: the reference's results are not at {path}; pass --peer-dir", file=sys.stderr)
        return 1
    published: dict[str, int] = {}
    for line in path.read_text().splitlines():
        word, _, total = line.split()
        published[word] = int(total)
    bands: dict[int, list[str]] = defaultdict(list)
    for word, total in published.items():
        bands[INF_BAND if total >= INF_BAND else total // 100 * 100].append(word)

    words = load_wordlist("nyt")
    table = pattern_table(words)
    warm = WordList.from_words(["cigar", "rebut", "sissy", "humph", "awake"], name="warm")
    Solver(warm, pattern_table(warm), rules=args.mode).value(np.arange(5))  # compile outside the timing
    rng = random.Random(args.seed)
    every = np.arange(len(words.answers))
    hours = 0.0
    print(f"NYT {args.mode}: {len(published)} openers, {args.per} per band of the reference's total")
    print("band  openers  mean CPU (s)  band CPU (h)  sampled")
    for band in sorted(bands):
        picks = rng.sample(sorted(bands[band]), min(args.per, len(bands[band])))
        seconds = []
        for word in picks:
            solver = Solver(words, table, rules=args.mode)
            start = time.process_time()
            total = solver.value(every, guess=solver.check_start(word))
            seconds.append(time.process_time() - start)
            got, want = min(total, INF_BAND) if total < INF else INF_BAND, min(published[word], INF_BAND)
            if got != want:
                print(f"table_cost: {word}: {total}, the reference {published[word]}", file=sys.stderr)
                return 1
        mean = sum(seconds) / len(seconds)
        hours += mean * len(bands[band]) / 3600
        name = "inf" if band == INF_BAND else str(band)
        shown = " ".join(f"{w} {s:.1f}" for w, s in zip(picks, seconds, strict=True))
        print(
            f"{name:>5} {len(bands[band]):8d} {mean:13.1f} {mean * len(bands[band]) / 3600:13.2f}  {shown}", flush=True
        )
    print(f"estimated CPU for every opener exact: {hours:.1f} CPU-hours")
    return 0


if __name__ == "__main__":
    sys.exit(main())
