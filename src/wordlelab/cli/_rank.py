"""`openers --rank WORD` and `openers --top N`: the shipped opener tables (no search;
`--rank WORD --exact` computes a total the table only bounds)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.table import Table

from ..atlas import OpenerTable, compute_total, load_opener_table, shipped_table, user_store
from ..modes import Mode
from ._app import console, err_console, print_json

if TYPE_CHECKING:
    from ..search import ExactJob, OpenerResult


def print_rank(word: str, words: str, mode: Mode, json_out: bool, *, compute: bool = False) -> None:
    """Rank, total, mean and gap to the best of ``word`` in ``mode``, read from the table
    (and the user's store of computed totals); with ``compute``, a row that is only a
    lower bound gets its exact total computed first, and kept."""
    table = load_opener_table(words, mode.value)
    r = table.rank(word)
    if compute and not r.row.exact:
        r = compute_total(words, mode.value, word, run=_solve_with_progress)
        store = user_store(table.words, mode.value)
        kept = r.row.word in store.read()
        err_console.print(
            f"{r.row.word.upper()}: exact total kept in {store.path}"
            if kept
            else f"{r.row.word.upper()}: the exact total could not be kept in {store.path} (is the cache writable?)"
        )
    if json_out:
        data = r.as_dict()
        data.update(words=table.words, mode=table.mode)
        print_json(data)
        return
    row, best = r.row, r.best
    head = f"{row.word.upper()} ({table.words} list, {table.mode} mode)"
    if row.total is None:
        console.print(f"{head}: no tree opening with it finds every answer within 6 guesses")
        console.print(f"rank {r.rank_lo}-{r.rank_hi} of {r.count} (tied with every such opener)")
        return
    bound = "" if row.exact else ">= "
    mean = r.mean or 0.0
    console.print(
        f"{head}: rank {r.rank_text} of {r.count}, total {row.shown}, "
        f"mean {bound}{mean:.4f} ({bound}{row.total}/{table.answers})"
    )
    if r.gap == 0 and row.exact:
        console.print(f"the best opener{'' if r.rank_hi == 1 else ' (tied)'}")
    else:
        console.print(f"gap to the best ({best.word.upper()}, {best.total}): {bound}+{r.gap} guesses in total")
    if not row.exact:
        console.print(
            f"a proven lower bound: a bounded search stopped once {row.word.upper()} was proven worse "
            "than the total it was searched against; --exact computes its exact total"
        )
    elif row.computed:
        console.print("computed on this machine (--exact), not in the shipped table")
    elif r.rank_lo != r.rank_hi:
        maybe = table.bounds_at_most(row.total)
        tied = r.rank_hi - r.rank_lo + 1 - maybe
        also = f", and {maybe} lower bounds that may tie" if maybe else ""
        console.print(f"ranks {r.rank_lo}-{r.rank_hi}: {tied} openers tied at {row.total}{also}")


def _solve_with_progress(job: ExactJob, word: str) -> OpenerResult:
    """``solve_opener(job, word)`` in a worker process (Ctrl-C stops it at once), with a
    spinner and the time elapsed on stderr."""
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    from ..executors import Executor
    from ..search import OpenerResult

    with (
        Progress(SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn(), console=err_console) as bar,
        # spawned, not forked: a process whose numba already started OpenMP threads
        # cannot fork safely (a test session's, say), and the start costs a second
        Executor[OpenerResult]("process", 1, start_method="spawn") as ex,
    ):
        bar.add_task(f"computing the exact total of {word.upper()} ({job.mode.value} mode; one core)", total=None)
        for _, result in ex.run(_solve_one, [word], job):
            return result
    raise AssertionError("the executor gave no result")  # pragma: no cover


def _solve_one(word: str, job: ExactJob) -> OpenerResult:
    from ..search.openers import solve_opener

    return solve_opener(job, word)


def print_top(words: str, mode: Mode, top: int, every: bool, json_out: bool) -> bool:
    """The best ``top`` openers of the shipped table of ``words`` in ``mode`` (every
    one with ``every`` in JSON): exact totals first, then proven lower bounds, each
    with its rank as ``--rank`` gives it.  False, with nothing printed, where no
    table is shipped (a note on stderr for a built-in list: the caller computes)."""
    table = shipped_table(words, mode.value)
    if table is None:
        from ..words import BUILTIN_LISTS

        if words in BUILTIN_LISTS:
            err_console.print(f"no shipped {words} {mode.value}-mode opener table: greedy lower bounds computed now")
        return False
    _print_table_top(table, top, every, json_out)
    return True


def _print_table_top(table: OpenerTable, top: int, every: bool, json_out: bool) -> None:
    listed = table.ranking()
    if not every:
        listed = listed[:top]
    ranks = [table.rank(r.word) for r in listed]
    if json_out:
        print_json(
            {
                "source": "table",
                "words": table.words,
                "mode": table.mode,
                "answers": table.answers,
                "count": len(table.rows),
                "exact_count": table.exact_count,
                "openers": [
                    {
                        "guess": r.row.word,
                        "rank": r.rank_text,
                        "rank_lo": r.rank_lo,
                        "rank_hi": r.rank_hi,
                        "total": r.row.total,
                        "exact": r.row.exact,
                        "mean": None if r.mean is None else round(r.mean, 4),
                        "gap": r.gap,
                    }
                    for r in ranks
                ],
            }
        )
        return
    shown = ranks[:top]
    console.print(f"the best {len(shown)} of {len(table.rows)} openers ({table.words} list, {table.mode} mode)")
    out = Table()
    for c in ("rank", "guess", "total", "mean", "gap"):
        out.add_column(c, justify="left" if c == "guess" else "right")
    for r in shown:
        bound = "" if r.row.exact else ">= "
        mean = "-" if r.mean is None else f"{bound}{r.mean:.4f}"
        gap = "-" if r.gap is None else f"{bound}+{r.gap}"
        out.add_row(r.rank_text, r.row.word, r.row.shown, mean, gap)
    console.print(out)
    bounds = len(table.rows) - table.exact_count
    console.print(f"{table.exact_count} exact totals" + (f", then {bounds} proven lower bounds (>=)" if bounds else ""))
