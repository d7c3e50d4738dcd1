"""Bring the results of a run's pieces, computed elsewhere, into its results file.

    .venv/bin/python scripts/merge_opener_results.py LIST MODE INTO FROM [FROM ...]

A table run too long for one machine is split by naming disjoint openers to
``scripts/settle_openers.py LIST MODE FROM --workers N WORD ...`` on other
machines, each with a results file of its own.  This copies their rows into INTO,
the run's own file, so that the run continued with ``--resume`` does not compute
them again and ``scripts/fold_opener_results.py`` sees them all.

Only the configurations of LIST and MODE are copied (the all-exact run's and any
bounded run's), and of those only the rows that pass their checks (checksum and
sane fields; a row that fails is left out, with one line on the log).  A row equal
to one INTO holds (the same total, exact or bound) is skipped; a row that
contradicts one INTO holds stops the script with nothing written.  Stop the run
that writes INTO first.
"""

from __future__ import annotations

import sys
from pathlib import Path

from wordlelab.atlas import OpenerRow, table_name_for
from wordlelab.errors import WordlelabError
from wordlelab.modes import GameRules
from wordlelab.search.openers import ExactJob, OpenerResult, ResultStore
from wordlelab.words import load_wordlist


def main(argv: list[str]) -> int:
    if len(argv) < 4:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    words, mode, into, *sources = argv
    missing = [f for f in [into, *sources] if not Path(f).is_file()]
    if missing:
        print(f"merge_opener_results: no results file at {missing[0]!r}; name existing files", file=sys.stderr)
        return 1
    try:
        job = ExactJob(load_wordlist(table_name_for(words)), GameRules(mode))
        # (config, word) -> the result and the file it is from: INTO's rows, then each new one
        seen: dict[tuple[str, str], tuple[OpenerResult, str]] = {}
        new: list[tuple[str, OpenerResult]] = []
        with ResultStore(into, fix="name the run's results file") as dest:
            for c in (c for c in dest.configs() if job.owns(c)):
                seen.update(((c, w), (r, into)) for w, r in dest.done(c).items())
            for f in sources:
                with ResultStore(f, fix="name a piece's results file") as src:
                    for c in (c for c in src.configs() if job.owns(c)):
                        for w, r in src.done(c).items():
                            old, where = seen.get((c, w), (None, ""))
                            if old is None:
                                seen[c, w] = (r, f)
                                new.append((c, r))
                            elif (old.total, old.exact) != (r.total, r.exact):
                                raise ValueError(
                                    f"{w} is {OpenerRow.of(r).shown} in {f} but {OpenerRow.of(old).shown} in {where}: "
                                    "one of the runs is wrong; nothing was merged"
                                )
            for c, r in new:
                dest.add(c, r)
    except (WordlelabError, ValueError) as exc:
        print(f"merge_opener_results: {exc}", file=sys.stderr)
        return 1
    print(f"merged {len(new)} results into {into} from {len(sources)} file(s); the rest were there already")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
