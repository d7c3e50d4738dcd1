"""Time how a scan copies a block of guesses' patterns from a table, per cell:
a gather, byte by byte (``_bounds._fill_gathered``), against compressing each
row's 64-byte runs (``_bounds._fill_compressed``), by the share of the table's
columns the block wants.

The blocks are those the hard-mode search scans under a weak opener: the
buckets (``--least`` answers or more) of random second guesses in an opener's
all-grey bucket, each against the guesses its hint leaves legal, as columns of
the bucket's own table (the parent's compacted table); and, for the sparse
end, random columns of it.  Prints nanoseconds per cell for each band of the
share wanted, best of ``--repeat``, and whether this CPU compresses bytes in
one instruction (``_bounds.SCAN_COMPRESS``: elsewhere the compress is a loop).

    .venv/bin/python bench/bench_fill.py [--words nyt-2023] [--opener jaffa] [--guesses 60]
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from wordlelab import WordList, load_wordlist, pattern_table
from wordlelab.search._bounds import (
    SCAN_BLOCK,
    SCAN_COMPRESS,
    SCAN_COMPRESS_SPAN,
    _fill_compressed,
    _fill_gathered,
    hard_filter,
)


def blocks(
    table: np.ndarray, words: WordList, opener: str, guesses: int, least: int, seed: int
) -> tuple[np.ndarray, list[tuple[np.ndarray, np.ndarray]]]:
    """The all-grey bucket's table (its answers against every guess) and the
    ``(rows, columns)`` of its children's blocks."""
    codes = np.ascontiguousarray(words.allowed_codes)
    counts = np.ascontiguousarray(words.allowed_letter_counts)
    grey = np.flatnonzero(table[words.allowed.index(opener)] == 0)
    local = np.ascontiguousarray(table[:, grey].T)
    every = np.arange(table.shape[0], dtype=np.int64)
    rng = np.random.default_rng(seed)
    out = []
    for g in rng.choice(table.shape[0], guesses, replace=False):
        pats = table[g, grey]
        for p in np.unique(pats):
            rows = np.flatnonzero(pats == p).astype(np.int64)
            if len(rows) >= least and p != 3**words.length - 1:
                cols = hard_filter(every, int(g), int(p), codes, counts)
                for j0 in range(0, len(cols), SCAN_BLOCK):
                    out.append((rows, cols[j0 : j0 + SCAN_BLOCK]))
                for share in (1 / 64, 1 / 32, 1 / 16):  # the sparse end
                    wanted = every[rng.random(len(every)) < share]
                    out.append((rows, wanted[:SCAN_BLOCK]))
    return local, out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--words", default="nyt-2023")
    ap.add_argument("--opener", default="jaffa")
    ap.add_argument("--guesses", type=int, default=60, help="random second guesses")
    ap.add_argument("--least", type=int, default=16, help="the smallest bucket timed")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    words = load_wordlist(args.words)
    table = np.ascontiguousarray(pattern_table(words))
    local, cases = blocks(table, words, args.opener.lower(), args.guesses, args.least, seed=3)
    block = np.empty((max(len(r) for r, _ in cases), SCAN_BLOCK), local.dtype)
    check = np.empty_like(block)
    masks = np.empty(table.shape[0] // 64 + 2, np.uint64)
    bands: dict[int, list[float]] = {}
    for rows, cols in cases:  # (compiles both, and checks they agree)
        _fill_gathered(local, rows, cols, block)
        _fill_compressed(local, rows, cols, check, masks)
        assert (block[: len(rows), : len(cols)] == check[: len(rows), : len(cols)]).all()
    for rows, cols in cases:
        share = len(cols) / (cols[-1] - cols[0] + 1)
        band = int(np.floor(np.log2(share)))
        cells = len(rows) * len(cols)
        times = []
        for compress in (False, True):
            best = float("inf")
            for _ in range(args.repeat):
                t0 = time.perf_counter()
                if compress:
                    _fill_compressed(local, rows, cols, block, masks)
                else:
                    _fill_gathered(local, rows, cols, block)
                best = min(best, time.perf_counter() - t0)
            times.append(best)
        got = bands.setdefault(band, [0.0, 0.0, 0.0])
        got[0] += times[0]
        got[1] += times[1]
        got[2] += cells
    print(
        f"{args.words} {args.opener.upper()}, the all-grey bucket's children: {len(cases)} blocks; "
        f"this CPU compresses bytes in one instruction: {'yes' if SCAN_COMPRESS else 'no'} "
        f"(the scan compresses from a share of 1/{SCAN_COMPRESS_SPAN} up where it does)"
    )
    print("share of the columns   cells      gather    compress  (ns a cell)")
    for band in sorted(bands):
        gather, compress, cells = bands[band]
        label = "all (a run)" if band == 0 else f"1/{2**-band} to 1/{2 ** (-band - 1)}"
        print(f"  {label:<18} {cells / 1e6:9.1f} M {gather / cells * 1e9:9.3f} {compress / cells * 1e9:11.3f}")


if __name__ == "__main__":
    main()
