"""The Openers page's endpoints: a table of the atlas (:mod:`wordlelab.atlas`), one
opener's rank in it (instant, no search), and the exact total of an opener whose row
is only a lower bound, computed on demand in a worker process and kept in the user's
store (:mod:`wordlelab.opener_store`), which the table and the rank then read."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from ..atlas import available_tables, keep_total, load_opener_table, opener_job
from .engine import Context
from .models import Word, _Body

if TYPE_CHECKING:
    from ..search import OpenerResult

__all__ = ["ComputeRequest", "keep_opener_total", "opener_rank", "opener_table", "solve_opener_total"]


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


def solve_opener_total(ctx: Context, words: str, mode: str, word: str) -> OpenerResult:
    """The exact search of opener ``word`` (as the table spells it) in ``words``'s table
    ``mode``: the expensive step of ``/api/openers/compute``, run in a worker process
    under the request's time limit, where it is killed past it.  It reads no table and
    keeps nothing: the server decided it is needed and keeps what it finds
    (:func:`keep_opener_total`), so a search that was stopped leaves no trace, and the
    terminal's ``openers --rank WORD --exact`` can take longer."""
    from ..search.openers import forget_solvers, solve_opener

    try:
        return solve_opener(opener_job(words, mode), word)
    finally:
        forget_solvers()  # the worker serves other requests: it keeps no memo


def keep_opener_total(ctx: Context, words: str, mode: str, result: OpenerResult) -> dict[str, Any]:
    """Keep a computed total in the user's store (:func:`wordlelab.atlas.keep_total`) and
    answer its rank as :func:`opener_rank` does."""
    table = load_opener_table(words, mode)
    data = keep_total(words, mode, result).as_dict()
    data.update(words=table.words, mode=table.mode)
    return data
