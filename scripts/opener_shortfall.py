"""For every opener of an opener table with no tree within six guesses (``inf``):
the least number of answers any tree opening with it loses, and where
(:func:`wordlelab.search.shortfall`).  Writes ``word, lost, groups`` as TSV, each
group ``PATTERN:LOST:ANSWER ANSWER ...``, groups joined by ``;``, rows sorted by
``lost`` then word.

    .venv/bin/python scripts/opener_shortfall.py docs/openers/original-ultra.tsv \\
        --words original --mode ultra --workers 2 --out docs/shortfall/original-ultra.tsv
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from wordlelab import load_wordlist, pattern_table
from wordlelab.executors import Executor
from wordlelab.search import Solver, shortfall

_SOLVERS: dict[tuple[str, str], Solver] = {}


def _lost(word: str, words: str, mode: str) -> tuple[str, int, str]:
    """One opener's row (a worker task; one solver per worker, memo kept)."""
    solver = _SOLVERS.get((words, mode))
    if solver is None:
        wl = load_wordlist(words)
        solver = _SOLVERS[(words, mode)] = Solver(wl, pattern_table(wl), rules=mode)
    sf = shortfall(solver, word)
    return word, sf.lost, ";".join(f"{p}:{n}:{' '.join(a)}" for p, a, n in sf.groups)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("table", type=Path, help="an opener table (word, total, exact)")
    ap.add_argument("--words", default="original")
    ap.add_argument("--mode", default="ultra", choices=["hard", "ultra"])
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    rows = [line.split("\t") for line in args.table.read_text("utf-8").splitlines()[1:]]
    openers = [r[0] for r in rows if r[1] == "inf"]
    t0 = time.perf_counter()
    out = []
    with Executor[tuple[str, int, str]]("process", args.workers, start_method="fork") as ex:
        for done, (_, row) in enumerate(ex.run(_lost, openers, args.words, args.mode), 1):
            out.append(row)
            if done % 100 == 0:
                print(f"{done}/{len(openers)} {time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True)
    out.sort(key=lambda r: (r[1], r[0]))
    lines = ["word\tlost\tgroups"] + [f"{w}\t{n}\t{g}" for w, n, g in out]
    args.out.write_text("\n".join(lines) + "\n", "utf-8")
    print(f"{len(out)} openers, {time.perf_counter() - t0:.0f} s wall", file=sys.stderr)


if __name__ == "__main__":
    main()
