"""The Openers page's endpoints: a table of the atlas (:mod:`wordlelab.atlas`), one
opener's rank in it (instant, no search), and the exact total of an opener whose row
is only a lower bound, computed on demand in a worker process and kept in the user's
store (:mod:`wordlelab.opener_store`), which the table and the rank then read."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from ..atlas import available_tables, compute_total, load_opener_table
from .engine import Context
from .models import Word, _Body

__all__ = ["ComputeRequest", "compute_opener", "opener_rank", "opener_table"]


def opener_table(ctx: Context, words: str, mode: str) -> dict[str, Any]:
    """Every row of the table as ``[word, total, exact]`` (total None: impossible within
    6 guesses), sorted by total then word, with the tables on offer; ``computed``
    names the rows made exact by the user's store."""
    table = load_opener_table(words, mode)
    return {
        "words": table.words,
        "mode": table.mode,
        "answers": table.answers,
        "openers": len(table.rows),
        "exact": table.exact_count,
        "best": {"word": table.best.word, "total": table.best.total},
        "rows": [[r.word, r.total, r.exact] for r in table.rows],
        "computed": [r.word for r in table.rows if r.computed],
        "tables": [{"words": w, "mode": m} for w, m in available_tables()],
    }


def opener_rank(ctx: Context, words: str, mode: str, word: str) -> dict[str, Any]:
    """Rank (a range where ties or bounds leave it open), total, mean and gap to the best."""
    table = load_opener_table(words, mode)
    data = table.rank(word).as_dict()
    data.update(words=table.words, mode=table.mode)
    return data


class ComputeRequest(_Body):
    """The opener whose exact total to compute, in a built-in list's table."""

    word: Word
    words: str = Field("original", max_length=40, description="built-in list: original, original-order or nyt")
    mode: Literal["normal", "hard", "ultra"] = "normal"


def compute_opener(ctx: Context, req: ComputeRequest) -> dict[str, Any]:
    """The exact total of ``req.word`` (searched where its row is a bound, then kept in
    the user's store) and its rank, as :func:`opener_rank` answers.  Runs in a worker
    process under the request's time limit: past it the worker is killed, nothing is
    kept, and the terminal's ``openers --rank WORD --exact`` can take longer."""
    from ..search.openers import forget_solvers

    table = load_opener_table(req.words, req.mode)
    table.row(req.word)  # an unknown word fails here, before any search
    try:
        data = compute_total(req.words, req.mode, req.word).as_dict()
    finally:
        forget_solvers()  # the worker serves other requests: it keeps no memo
    data.update(words=table.words, mode=table.mode)
    return data
