"""Fold what an all-exact opener run has proven so far into a shipped opener table.

    .venv/bin/python scripts/fold_opener_results.py LIST MODE RESULTS

RESULTS is the run's results file (``wordlelab openers --all --exact --results
FILE``, no ``--upper``).  Every opener it settled replaces its row's lower bound
in ``docs/openers/LIST-MODE.tsv`` and in the package's copy (the same bytes);
the other rows keep their bounds.  A result that contradicts the table (below
a proven bound, or an exact row computed differently) stops the script with
nothing written.  Run it when committing a finished piece of a long run, so the
atlas shows every total proven so far; when the run is complete its ``--tsv``
output is the same table.
"""

from __future__ import annotations

import sys
from pathlib import Path

from wordlelab.atlas import fold_exact, load_opener_table, opener_table_tsv, table_name_for
from wordlelab.errors import WordlelabError
from wordlelab.modes import GameRules
from wordlelab.search.openers import ExactJob, ResultStore
from wordlelab.words import load_wordlist

ROOT = Path(__file__).resolve().parents[1]


def main(argv: list[str]) -> int:
    if len(argv) != 3:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    words, mode, results = argv
    if not Path(results).is_file():
        print(f"fold_opener_results: no results file at {results!r}; name the run's --results file", file=sys.stderr)
        return 1
    try:
        lst = table_name_for(words)
        table = load_opener_table(lst, mode, user=False)
        job = ExactJob(load_wordlist(lst), GameRules(mode))
        with ResultStore(results, fix="name the run's results file") as store:
            done = store.done(job.key)  # (no bounds: a result below one must stop the fold, not be dropped)
        folded = fold_exact(table, done)
    except (WordlelabError, ValueError) as exc:
        print(f"fold_opener_results: {exc}", file=sys.stderr)
        return 1
    text = opener_table_tsv(folded.rows)
    for folder in (ROOT / "docs" / "openers", ROOT / "src" / "wordlelab" / "data" / "openers"):
        (folder / f"{lst}-{mode}.tsv").write_text(text, "utf-8")
    print(
        f"{lst}-{mode}: {folded.exact_count} of {len(folded.rows)} rows exact "
        f"({folded.exact_count - table.exact_count} more than the shipped table; the run has settled {len(done)})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
