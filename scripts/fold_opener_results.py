"""Fold what opener runs have proven so far into a shipped opener table.

    .venv/bin/python scripts/fold_opener_results.py LIST MODE RESULTS [RESULTS ...]

Each RESULTS is a results file of ``wordlelab openers --all --exact --results FILE``
(an all-exact run) or of ``scripts/settle_openers.py ... --raise U`` (a bounded
run, ``--upper U``: each opener proven worse than ``U`` or given its exact total).
Every exact total replaces its row's lower bound in ``docs/openers/LIST-MODE.tsv``
and in the package's copy (the same bytes); every bound above its row's raises
it; the other rows stay as they are.  A result that contradicts the table (an
exact total below a proven bound or computed differently, a bound above an exact
total) stops the script with nothing written.  Run it when committing a finished
piece of a long run, so the atlas shows everything proven so far; when the
all-exact run is complete its ``--tsv`` output is the same table.
"""

from __future__ import annotations

import sys
from pathlib import Path

from wordlelab.atlas import fold_bounds, fold_exact, load_opener_table, opener_table_tsv, table_name_for
from wordlelab.errors import WordlelabError
from wordlelab.modes import GameRules
from wordlelab.search.openers import ExactJob, OpenerResult, ResultStore
from wordlelab.words import load_wordlist

ROOT = Path(__file__).resolve().parents[1]


def main(argv: list[str]) -> int:
    if len(argv) < 3:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    words, mode, *files = argv
    missing = [f for f in files if not Path(f).is_file()]
    if missing:
        print(f"fold_opener_results: no results file at {missing[0]!r}; name the run's --results file", file=sys.stderr)
        return 1
    try:
        lst = table_name_for(words)
        table = load_opener_table(lst, mode, user=False)
        job = ExactJob(load_wordlist(lst), GameRules(mode))
        found: list[dict[str, OpenerResult]] = []
        for f in files:
            with ResultStore(f, fix="name the run's results file") as store:
                # (no bounds: a result below one must stop the fold, not be dropped)
                found += [store.done(c) for c in store.configs() if job.owns(c)]
        folded = table
        for done in found:  # every bound first, so each exact total is checked against them all
            folded = fold_bounds(folded, done)
        for done in found:
            folded = fold_exact(folded, done)
    except (WordlelabError, ValueError) as exc:
        print(f"fold_opener_results: {exc}", file=sys.stderr)
        return 1
    text = opener_table_tsv(folded.rows)
    for folder in (ROOT / "docs" / "openers", ROOT / "src" / "wordlelab" / "data" / "openers"):
        (folder / f"{lst}-{mode}.tsv").write_text(text, "utf-8")
    raised = sum(not r.exact and r.total != table.row(r.word).total for r in folded.rows)
    settled = sum(len(d) for d in found)
    print(
        f"{lst}-{mode}: {folded.exact_count} of {len(folded.rows)} rows exact "
        f"({folded.exact_count - table.exact_count} more than the shipped table), {raised} bounds raised; "
        f"the runs hold {settled} results"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
