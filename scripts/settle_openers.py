"""Prove the exact totals of chosen openers into an all-exact run's results file.

    .venv/bin/python scripts/settle_openers.py LIST MODE RESULTS WORD [WORD ...]
    .venv/bin/python scripts/settle_openers.py LIST MODE RESULTS --impossible-in OTHER

The results are stored under the configuration that ``wordlelab openers --all
--exact --words LIST --mode MODE`` uses, so that run, continued from RESULTS with
``--resume``, keeps them, and ``scripts/fold_opener_results.py LIST MODE RESULTS``
folds them into the shipped table.  ``--impossible-in OTHER`` picks the openers
whose row in OTHER's MODE table is ``inf`` (no tree within six guesses) and whose
row in LIST's is still a lower bound: on a list of nearly the same answers these
are usually impossible too, which the search proves in a fraction of a second each
(the endgame traps), while a table run in greedy order reaches them last.  Each
total is proven, not assumed: an opener that turns out possible gets its exact
total, however long that takes.
"""

from __future__ import annotations

import sys
from pathlib import Path

from wordlelab.atlas import load_opener_table, table_name_for
from wordlelab.errors import WordlelabError
from wordlelab.modes import GameRules
from wordlelab.search import INF, ExactJob, ResultStore, exact_openers
from wordlelab.search.openers import OpenerResult
from wordlelab.words import load_wordlist


def _progress(r: OpenerResult, done: int, total: int) -> None:
    shown = "impossible" if r.total >= INF else str(r.total)
    print(f"[{done}/{total}] {r.word}: {shown} ({r.seconds:.2f} s CPU)", flush=True)


def main(argv: list[str]) -> int:
    if len(argv) < 4:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    words, mode, results, *rest = argv
    try:
        lst = table_name_for(words)
        table = load_opener_table(lst, mode, user=False)
        wl = load_wordlist(lst)
        if rest[0] == "--impossible-in":
            if len(rest) != 2:
                raise ValueError("--impossible-in takes one list name, e.g. --impossible-in nyt")
            other = load_opener_table(table_name_for(rest[1]), mode, user=False)
            openers = sorted(
                w for w in wl.allowed if not table.row(w).exact and other.row(w).exact and other.row(w).total is None
            )
        else:
            unknown = [w for w in rest if w not in wl.allowed_index]
            if unknown:
                raise ValueError(f"not allowed guesses of {lst}: {' '.join(unknown)}")
            openers = rest
        store = ResultStore(Path(results), fix="move it away or name another results file")
        try:
            found = exact_openers(
                ExactJob(wl, GameRules(mode)), openers, store, resume=True, workers=1, progress=_progress
            )
        finally:
            store.close()
    except (WordlelabError, ValueError) as exc:
        print(f"settle_openers: {exc}", file=sys.stderr)
        return 1
    impossible = sum(r.total >= INF for r in found.values())
    print(f"{lst}-{mode}: {len(found)} openers settled in {results} ({impossible} impossible)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
