"""The Assistant and Explain pages' endpoints: best guesses after a history, and how
one guess splits the candidates left."""

from __future__ import annotations

from typing import Any

from ..feedback import decode, format_pattern
from ..game import OPENING_TOP, Session
from ..state import State
from ..strategies import Ranked, Strategy
from ..types import IndexArray
from .engine import Context, build_strategy, replay, require_tree, split_figures, step_json
from .lists import Loaded, list_label
from .models import ExplainRequest, SuggestRequest

__all__ = ["explain", "suggest"]

#: bars drawn for a split; smaller buckets are summed into one "other" bar
SPLIT_BARS = 24
#: the most likely candidates returned once the list was widened
LIKELY = 12
#: openings remembered in memory per word list (custom lists, non-default options)
MAX_MEMO_OPENINGS = 16


def _rank(loaded: Loaded, session: Session, strat: Strategy, top: int, book: bool) -> list[Ranked]:
    """``session.suggest`` without writing to disk unless ``book``: the opening of a
    built-in list with default options comes from (and goes to) the opening book;
    other openings are remembered in ``loaded.openings`` (memory, a few per list)."""
    if book:
        return session.suggest(strat, top)
    if session.history or session.excluded or strat.randomized or top > OPENING_TOP:
        return strat.rank(session.state, top)
    key = (session.mode.value, strat.key)
    memo = loaded.openings
    hit = memo.get(key)
    if hit is None:
        hit = strat.rank(session.state, OPENING_TOP)
        memo[key] = hit
        while len(memo) > MAX_MEMO_OPENINGS:
            memo.popitem(last=False)
    return hit[:top]


def _buckets(state: State, guess: int) -> list[tuple[int, IndexArray]]:
    """:meth:`State.split` of ``guess``, biggest bucket first (ties: lower pattern first)."""
    return sorted(state.split(guess), key=lambda bucket: (-len(bucket[1]), bucket[0]))


def _ranked_json(r: Ranked, candidate: bool) -> dict[str, Any]:
    return {**r.as_dict(), "candidate": candidate}


def suggest(ctx: Context, req: SuggestRequest) -> dict[str, Any]:
    """Best next guesses after ``req.history``, the candidates, and the top guess's split."""
    loaded = ctx.lists.get(req)
    strat = build_strategy(req.strategy, req.options, loaded.words)
    words = loaded.words
    require_tree(strat, loaded, req.game_mode)
    session = replay(loaded, req.game_mode, req.history, req.exclude)
    cands = session.candidates
    out: dict[str, Any] = {
        "words": list_label(req, loaded),
        "widened": session.widened,
        "notice": session.notice,
        "excluded": len(session.excluded),
        "likely": [{"word": w, "probability": p} for w, p in session.likely(LIKELY)] if session.widened else [],
        "length": words.length,
        "mode": session.mode.value,
        "strategy": strat.key,
        "higher_is_better": strat.higher_is_better,
        "score_label": strat.score_label,
        "history": [step_json(words, s.guess, s.pattern) for s in session.history],
        "solved": session.solved,
        "candidates": len(cands),
        "candidate_words": session.candidate_words[: req.show],
        "suggestions": [],
        "split": None,
    }
    if session.solved:
        return out
    book = req.custom is None and not req.options
    ranked = _rank(loaded, session, strat, req.top, book)
    cand_set = set(session.candidate_words)
    out["suggestions"] = [_ranked_json(r, r.word in cand_set) for r in ranked]
    if ranked:
        buckets = _buckets(session.state, ranked[0].guess)
        shown, rest = buckets[:SPLIT_BARS], buckets[SPLIT_BARS:]
        out["split"] = {
            "guess": ranked[0].word,
            "buckets": [{"pattern": format_pattern(p, words.length), "count": len(group)} for p, group in shown],
            "other_buckets": len(rest),
            "other_count": sum(len(group) for _, group in rest),
        }
    return out


def explain(ctx: Context, req: ExplainRequest) -> dict[str, Any]:
    """The partition table of ``req.guess`` over the candidates left by ``req.history``."""
    loaded = ctx.lists.get(req)
    words = loaded.words
    session = replay(loaded, req.game_mode, req.history, req.exclude)
    state = session.state
    g = session.check_guess(req.guess)
    cands = session.candidates
    answers = session.answer_words.answers
    buckets = [
        {
            "pattern": format_pattern(p, words.length),
            "marks": [int(m) for m in decode(p, words.length)],
            "count": len(members),
            "words": [answers[i] for i in members[: req.show]],
            "more": max(0, len(members) - req.show),
        }
        for p, members in _buckets(state, g)
    ]
    return {
        "words": list_label(req, loaded),
        "mode": session.mode.value,
        "guess": words.allowed[g],
        "history": [step_json(words, s.guess, s.pattern) for s in session.history],
        "candidates": len(cands),
        "widened": session.widened,
        "notice": session.notice,
        "guess_is_candidate": words.allowed[g] in set(session.candidate_words),
        "stats": split_figures(state.table, g, cands, state.n_patterns),
        "buckets": buckets,
    }
