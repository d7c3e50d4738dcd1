"""`openers --rank WORD`: where an opener stands in the shipped opener tables (no search)."""

from __future__ import annotations

from ..atlas import load_opener_table
from ..modes import Mode
from ._app import console, print_json


def print_rank(word: str, words: str, mode: Mode, json_out: bool) -> None:
    """Rank, total, mean and gap to the best of ``word`` in ``mode``, read from the table."""
    table = load_opener_table(words, mode.value)
    r = table.rank(word)
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
            f"a proven lower bound: the exact search stopped once {row.word.upper()} was proven worse "
            "than the best opener"
        )
    elif r.rank_lo != r.rank_hi:
        console.print(f"ranks {r.rank_lo}-{r.rank_hi}: openers tied at {row.total} (or bounds that may tie)")
