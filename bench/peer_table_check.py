"""Rows of a shipped opener table checked against the C++ reference, run now.

    .venv/bin/python bench/peer_table_check.py original-hard [--sample 8] [--seed 0] [--below 8600] [--above 0]

For tables the reference never published in full (the original lists beyond its
top 101 or 105; the ultra-hard tables, its ``-U`` mode), a seeded sample of the
table's exact rows (``--below``: totals under it, to keep the reference's time
down; ``--above``: totals at or above it, to sample the weak tail; ``inf`` rows are
sampled apart, one in four) is recomputed by the reference
(built as in ``bench/peer_selby.py``), and each total must be the table's.  Prints
each row with the reference's CPU; exits 1 on any disagreement.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

from peer_selby import DEFAULT_PEER, LISTS, Case, build_peer, run_peer

from wordlelab.atlas import load_opener_table
from wordlelab.errors import OpenerTableError


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("table", help="a table name: LIST-MODE, e.g. original-hard")
    ap.add_argument("--sample", type=int, default=8)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--below", type=int, default=8600, help="sample exact totals under this")
    ap.add_argument("--above", type=int, default=0, help="sample exact totals at or above this")
    ap.add_argument("--peer-dir", type=Path, default=DEFAULT_PEER)
    args = ap.parse_args(argv)
    words, _, mode = args.table.rpartition("-")
    try:
        if words not in LISTS:
            raise OpenerTableError(f"the reference has no list {words!r}")
        shipped = load_opener_table(words, mode, user=False)
    except OpenerTableError as exc:
        print(
            f"peer_table_check: no table {args.table!r} the reference can check (LIST-MODE, {sorted(LISTS)}): {exc}",
            file=sys.stderr,
        )
        return 1
    table = {r.word: (math.inf if r.total is None else float(r.total)) for r in shipped.rows if r.exact}
    finite = sorted(w for w, t in table.items() if args.above <= t < args.below)
    infinite = sorted(w for w, t in table.items() if math.isinf(t))
    rng = random.Random(args.seed)
    n_inf = min(len(infinite), args.sample // 4)
    picks = rng.sample(finite, min(len(finite), args.sample - n_inf)) + rng.sample(infinite, n_inf)
    if not picks:
        print(
            f"peer_table_check: no exact row of {args.table} has a total in [{args.above}, {args.below});"
            " widen --above/--below",
            file=sys.stderr,
        )
        return 1
    exe = build_peer(args.peer_dir)
    wrong = 0
    print(f"{args.table}: {len(picks)} of its {len(table)} exact rows against the reference")
    for word in picks:
        ref = run_peer(str(exe), str(args.peer_dir), Case("check", words, mode, word, None))
        same = ref.exact and ref.total == table[word]
        wrong += not same
        verdict = "ok" if same else "DIFFERENT"
        print(f"{word}: table {table[word]:g}, reference {ref.total:g} ({ref.cpu_s:.1f} s CPU) {verdict}")
    print(f"{len(picks) - wrong} of {len(picks)} agree")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
