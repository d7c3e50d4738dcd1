"""The Openers page's endpoints: a shipped opener table, and one opener's rank in it
(:mod:`wordlelab.atlas`; instant, no search)."""

from __future__ import annotations

from typing import Any

from ..atlas import available_tables, load_opener_table
from .engine import Context

__all__ = ["opener_rank", "opener_table"]


def opener_table(ctx: Context, words: str, mode: str) -> dict[str, Any]:
    """Every row of the table as ``[word, total, exact]`` (total None: impossible within
    6 guesses), sorted by total then word, with the tables on offer."""
    table = load_opener_table(words, mode)
    return {
        "words": table.words,
        "mode": table.mode,
        "answers": table.answers,
        "openers": len(table.rows),
        "exact": table.exact_count,
        "best": {"word": table.best.word, "total": table.best.total},
        "rows": [[r.word, r.total, r.exact] for r in table.rows],
        "tables": [{"words": w, "mode": m} for w, m in available_tables()],
    }


def opener_rank(ctx: Context, words: str, mode: str, word: str) -> dict[str, Any]:
    """Rank (a range where ties or bounds leave it open), total, mean and gap to the best."""
    table = load_opener_table(words, mode)
    data = table.rank(word).as_dict()
    data.update(words=table.words, mode=table.mode)
    return data
