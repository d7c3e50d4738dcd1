"""Benchmark: how long the ``optimal`` strategy's first use takes on a list with no
cached tree, by answer-list size (the figures behind ``QUICK_OPTIMAL_ANSWERS`` in
``wordlelab.review``, the largest list for which ``wordlelab review`` without ``-s``
searches the tree rather than falling back to greedy entropy).

Each size is the first N answers of the original list with all 12972 allowed
guesses, plus the built-in ``nyt-12959`` list; every search runs in a fresh
empty cache directory (pattern table built first and not timed), one at a time.

    .venv/bin/python bench/bench_review_default.py [--sizes 1000 1600 2000] [--hard]
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time

from wordlelab import WordList, load_wordlist, pattern_table
from wordlelab.state import State
from wordlelab.strategies import get_strategy


def first_use_seconds(words: WordList, hard: bool) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["WORDLELAB_CACHE_DIR"] = tmp
        table = pattern_table(words)
        state = State.initial(words, table, rules="hard" if hard else "normal")
        t0 = time.perf_counter()
        get_strategy("optimal").choose(state)
        return time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", type=int, nargs="*", default=[1000, 1600, 2000])
    ap.add_argument("--hard", action="store_true")
    args = ap.parse_args()
    base = load_wordlist("original")
    get_strategy("optimal")  # import (and load numba's cache) before timing
    lists = [
        WordList.from_words(list(base.answers[:n]), list(base.allowed), name=f"original[:{n}]") for n in args.sizes
    ] + [load_wordlist("nyt-12959")]
    print(f"optimal first use ({'hard' if args.hard else 'normal'} mode), no cached tree")
    for wl in lists:
        s = first_use_seconds(wl, args.hard)
        print(f"{wl.name:>16}  {len(wl.answers):5d} answers  {len(wl.allowed):5d} guesses  {s:6.2f} s")


if __name__ == "__main__":
    main()
