"""Benchmark: the exact opener ranking on the process pool against dask.

Runs ``wordlelab openers --exact --top N --upper U --workers W`` once on the
process pool and once with ``--dask`` (a LocalCluster of W workers), each
``--repeat`` times in alternation, each with a fresh results file, and prints
the wall time of every run, the medians and the dask/pool ratio.  A run of
``--top 1`` on each first measures the fixed cost (starting the workers).  It
also checks that both executors agree: the same exact totals, and the same
openers proven worse than U (their lower bounds may differ: how far past U a
refutation gets depends on what that worker's memo held).

    .venv/bin/python bench/bench_executors.py [--top 60] [--upper 7920] [--workers 15]
        [--words original] [--hard] [--repeat 1]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def run_once(args: argparse.Namespace, dask: bool, results: Path) -> tuple[float, dict[str, tuple[int, bool]]]:
    cmd = [
        sys.executable,
        "-m",
        "wordlelab",
        "openers",
        "--exact",
        "--top",
        str(args.top),
        "--upper",
        str(args.upper),
        "--workers",
        str(args.workers),
        "--words",
        args.words,
        "--results",
        str(results),
        "--json",
    ]
    if args.hard:
        cmd.append("--hard")
    if dask:
        cmd.append("--dask")
    t0 = time.perf_counter()
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    wall = time.perf_counter() - t0
    rows = json.loads(out)["openers"]
    return wall, {r["guess"]: (r["total"], r["exact"]) for r in rows}


def agree(a: dict[str, tuple[int, bool]], b: dict[str, tuple[int, bool]], upper: int) -> bool:
    """Same openers, same exact totals, the same ones refuted (bounds above ``upper``)."""
    if a.keys() != b.keys():
        return False
    for w, (ta, ea) in a.items():
        tb, eb = b[w]
        if ea != eb or (ea and ta != tb) or (not ea and min(ta, tb) <= upper):
            return False
    return True


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--top", type=int, default=60)
    ap.add_argument("--upper", type=int, default=7920)
    ap.add_argument("--workers", type=int, default=15)
    ap.add_argument("--words", default="original")
    ap.add_argument("--hard", action="store_true")
    ap.add_argument("--repeat", type=int, default=1)
    args = ap.parse_args()
    print(
        f"openers --exact --top {args.top} --upper {args.upper} --workers {args.workers} "
        f"--words {args.words}{' --hard' if args.hard else ''}; {os.cpu_count()} cores; "
        f"load average {os.getloadavg()[0]:.2f}"
    )
    times: dict[str, list[float]] = {"pool": [], "dask": []}
    totals: dict[str, dict[str, tuple[int, bool]]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        start = {}
        for name in ("pool", "dask"):
            start[name], _ = run_once(
                argparse.Namespace(**{**vars(args), "top": 1}), name == "dask", Path(tmp) / f"{name}-top1.sqlite"
            )
        print(f"  fixed cost (--top 1): pool {start['pool']:.1f} s, dask {start['dask']:.1f} s", flush=True)
        for i in range(args.repeat):
            for name in ("pool", "dask"):
                wall, got = run_once(args, name == "dask", Path(tmp) / f"{name}-{i}.sqlite")
                times[name].append(wall)
                print(f"  {name:4} run {i + 1}: {wall:7.1f} s wall", flush=True)
                if name in totals and not agree(totals[name], got, args.upper):
                    print(f"  {name}: totals differ between runs", flush=True)
                totals[name] = got
    pool, dask = statistics.median(times["pool"]), statistics.median(times["dask"])
    same = agree(totals["pool"], totals["dask"], args.upper)
    print(
        f"median wall: pool {pool:.1f} s, dask {dask:.1f} s, dask/pool {dask / pool:.2f}x; "
        f"without the fixed cost {(dask - start['dask']) / (pool - start['pool']):.2f}x; "
        f"results {'agree' if same else 'DIFFER'} ({len(totals['pool'])} openers)"
    )
    if not same:
        sys.exit(1)


if __name__ == "__main__":
    main()
