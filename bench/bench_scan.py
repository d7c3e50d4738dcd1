"""Time the exact search's guess scan (``_bounds.scan``) per cell, by set size.

The sets are those the search scans most under a weak opener: the buckets of
random guesses inside QAJAQ's all-grey bucket on the NYT lists (1366 answers
with none of Q, A, J), banded by size; each is scanned against every allowed
guess, contiguous (as from a compacted table).  Prints nanoseconds per cell
(one candidate against one guess) for each band, the best of ``--repeat``.
With ``--lean``, each band also as a node that fails high scans it (``cut`` at
the set's own bound: only the repeats counted, ``_bounds._repeats`` up to
``_bounds.SCAN_LEAN_PAIRS_MAX`` candidates and ``_bounds._marks`` above it).

    .venv/bin/python bench/bench_scan.py [--sets 200] [--repeat 5] [--lean] [--bands 50-58,59-66]
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from wordlelab import load_wordlist, pattern_table
from wordlelab.search._bounds import SCAN_LEAN_PAIRS_MAX, SCAN_PAIRS_MAX, scan
from wordlelab.search._memo import INF

BANDS = [(3, 8), (9, 15), (16, 32), (33, 64), (65, 100), (101, 144), (145, 200), (201, 255), (256, 400)]


def bucket_sets(table: np.ndarray, pool: np.ndarray, lo: int, hi: int, count: int, seed: int) -> list[np.ndarray]:
    """``count`` buckets of ``lo..hi`` answers made by random guesses of ``pool``."""
    rng = np.random.default_rng(seed)
    out: list[np.ndarray] = []
    for _ in range(200 * count):
        row = table[rng.integers(table.shape[0]), pool]
        for p in np.unique(row):
            s = pool[row == p]
            if lo <= len(s) <= hi:
                out.append(s)
                if len(out) == count:
                    return out
    return out


def parse_bands(text: str) -> list[tuple[int, int]]:
    """``"50-58,59-66"`` as ``[(50, 58), (59, 66)]``."""
    bands = []
    for part in text.split(","):
        lo, sep, hi = part.partition("-")
        if not (sep and lo.strip().isdigit() and hi.strip().isdigit()) or not 3 <= int(lo) <= int(hi):
            raise argparse.ArgumentTypeError(f"a band is LO-HI with 3 <= LO <= HI, not {part!r}")
        bands.append((int(lo), int(hi)))
    return bands


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sets", type=int, default=200, help="sets per size band")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--lean", action="store_true", help="also time the lean scan of a node failing high")
    ap.add_argument(
        "--bands", type=parse_bands, default=BANDS, help="size bands LO-HI,LO-HI,... (default: nine from 3 to 400)"
    )
    args = ap.parse_args()
    words = load_wordlist("nyt")
    table = np.ascontiguousarray(pattern_table(words))
    by_answer = np.ascontiguousarray(table.T)
    pool = np.array([i for i, a in enumerate(words.answers) if not set(a) & set("qaj")])
    guesses = np.arange(table.shape[0])
    glb = np.empty(guesses.shape[0], np.int64)
    sumsq = np.empty(guesses.shape[0], np.int64)
    largest = np.empty(guesses.shape[0], np.int64)
    n_patterns = 3**words.length
    print(
        f"scan of {guesses.shape[0]} guesses (pairs up to {SCAN_PAIRS_MAX} candidates, "
        f"counts per guess and pattern above; lean: repeats up to {SCAN_LEAN_PAIRS_MAX}, "
        f"marks above), best of {args.repeat}"
    )
    for lo, hi in args.bands:
        sets = bucket_sets(table, pool, lo, hi, args.sets, seed=lo)
        if not sets:
            continue
        keep = np.zeros((0, 0), by_answer.dtype)
        no_parts = np.zeros(0, np.int64)  # (full scans)
        bounds = [
            scan(by_answer, guesses, s, 3, n_patterns, 0, INF, glb, sumsq, largest, keep, no_parts)[0] for s in sets
        ]
        cells = sum(len(s) for s in sets) * guesses.shape[0]
        timings = {}
        for label in ("full", "lean") if args.lean else ("full",):
            best = float("inf")
            for _ in range(args.repeat):
                t0 = time.perf_counter()
                for s, lb in zip(sets, bounds, strict=True):
                    cut = lb if label == "lean" else INF
                    scan(by_answer, guesses, s, 3, n_patterns, 0, cut, glb, sumsq, largest, keep, no_parts)
                best = min(best, time.perf_counter() - t0)
            timings[label] = best / cells * 1e9
        mean_n = cells / guesses.shape[0] / len(sets)
        shown = ", ".join(f"{label} {ns:.3f}" for label, ns in timings.items())
        print(f"  {lo:3d}-{hi:3d} candidates ({len(sets)} sets, mean {mean_n:.0f}): {shown} ns a cell")


if __name__ == "__main__":
    main()
