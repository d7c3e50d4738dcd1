"""Prove the exact totals of chosen openers into an all-exact run's results file,
or raise a table's lower bounds with a bounded run.

    .venv/bin/python scripts/settle_openers.py LIST MODE RESULTS [--workers N] WORD [WORD ...]
    .venv/bin/python scripts/settle_openers.py LIST MODE RESULTS [--workers N] --impossible-in OTHER
    .venv/bin/python scripts/settle_openers.py LIST MODE RESULTS [--workers N] --raise U [WORD ...]

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

``--raise U`` takes the openers named, or every row of LIST's MODE table that is
still a lower bound at or below ``U``, and searches each bounded by ``U`` (as
``openers --all --exact --upper U`` does, stored under that run's configuration):
each is proven worse than ``U`` or gets its exact total.  Folded in, every opener
with a total at or below ``U`` is exact and every bound is above ``U``, so each
exact total up to ``U`` has its exact rank, long before the all-exact run is
complete; a bounded search of an opener far worse than ``U`` takes milliseconds.
Resumable like any run (the same RESULTS).
"""

from __future__ import annotations

import sys
from pathlib import Path

from wordlelab.atlas import OpenerRow, load_opener_table, table_name_for
from wordlelab.errors import WordlelabError
from wordlelab.modes import GameRules
from wordlelab.search import INF, ExactJob, ResultStore, exact_openers
from wordlelab.search.openers import OpenerResult
from wordlelab.words import load_wordlist


def _progress(r: OpenerResult, done: int, total: int) -> None:
    print(f"[{done}/{total}] {r.word}: {OpenerRow.of(r).shown} ({r.seconds:.2f} s CPU)", flush=True)


def _workers_option(args: list[str]) -> tuple[int, list[str]]:
    """``--workers N`` (1 if absent), wherever it stands, and the other arguments."""
    if "--workers" not in args:
        return 1, args
    i = args.index("--workers")
    if i + 1 >= len(args) or not args[i + 1].isdigit() or int(args[i + 1]) < 1:
        raise ValueError("--workers takes a whole number of at least 1, e.g. --workers 2")
    return int(args[i + 1]), args[:i] + args[i + 2 :]


def _raise_options(args: list[str]) -> tuple[int, list[str]]:
    """``U [WORD ...]`` after ``--raise``."""
    if not args or not args[0].isdigit() or int(args[0]) < 1:
        raise ValueError("--raise takes the total to search against (at least 1), e.g. --raise 11500")
    return int(args[0]), args[1:]


def main(argv: list[str]) -> int:
    if len(argv) < 4:
        usage = [line.strip() for line in __doc__.splitlines() if line.strip().startswith(".venv/")]
        print("usage:", *usage, sep="\n  ", file=sys.stderr)
        return 2
    words, mode, results, *rest = argv
    try:
        lst = table_name_for(words)
        table = load_opener_table(lst, mode, user=False)
        wl = load_wordlist(lst)
        upper: int | None = None
        workers, rest = _workers_option(rest)
        if not rest:
            raise ValueError("name the openers to settle, or --impossible-in OTHER, or --raise U")
        if rest[0] == "--raise":
            upper, named = _raise_options(rest[1:])
            openers = named or [r.word for r in table.rows if not r.exact and r.total is not None and r.total <= upper]
        elif rest[0] == "--impossible-in":
            if len(rest) != 2:
                raise ValueError("--impossible-in takes one list name, e.g. --impossible-in nyt")
            other = load_opener_table(table_name_for(rest[1]), mode, user=False)
            openers = sorted(
                w for w in wl.allowed if not table.row(w).exact and other.row(w).exact and other.row(w).total is None
            )
        else:
            openers = rest
        unknown = [w for w in openers if w not in wl.allowed_index]
        if unknown:
            raise ValueError(f"not allowed guesses of {lst}: {' '.join(unknown)}")
        store = ResultStore(Path(results), fix="move it away or name another results file")
        try:
            found = exact_openers(
                ExactJob(wl, GameRules(mode)),
                openers,
                store,
                resume=True,
                workers=workers,
                progress=_progress,
                upper=upper,
            )
        finally:
            store.close()
    except (WordlelabError, ValueError) as exc:
        print(f"settle_openers: {exc}", file=sys.stderr)
        return 1
    impossible = sum(r.total >= INF for r in found.values())
    if upper is not None:
        exact = sum(r.exact for r in found.values())
        print(
            f"{lst}-{mode}: {len(found)} bounds searched against {upper} in {results}: {exact} exact, the rest above it"
        )
        return 0
    print(f"{lst}-{mode}: {len(found)} openers settled in {results} ({impossible} impossible)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
