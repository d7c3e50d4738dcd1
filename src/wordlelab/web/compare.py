"""The Compare page's endpoint: benchmark strategies on a list, under a deadline."""

from __future__ import annotations

import math
import random
import time
from typing import Any

from ..errors import InvalidOptionError
from .engine import Context, build_strategy, require_tree
from .lists import list_label
from .models import CompareRequest
from .workers import TimeLimitError

__all__ = ["compare"]


def compare(ctx: Context, req: CompareRequest, max_games: int, deadline: float) -> dict[str, Any]:
    """Run :func:`wordlelab.simulate.run_benchmark` per strategy; stops at ``deadline``
    (a ``time.monotonic()`` value, which is the same clock in every process)."""
    from ..simulate import run_benchmark

    strategies = [build_strategy(name, {}) for name in req.strategies]
    loaded = ctx.lists.get(req)
    for strat in strategies:
        require_tree(strat, loaded, req.game_mode)
    n = len(loaded.words.answers)
    answers = None
    if req.sample is not None and req.sample < n:
        answers = sorted(random.Random(req.seed).sample(range(n), req.sample))
    games = (len(answers) if answers is not None else n) * len(req.strategies)
    if games > max_games:
        raise InvalidOptionError(
            f"{games} games ({len(req.strategies)} {'strategy' if len(req.strategies) == 1 else 'strategies'} x "
            f"{games // len(req.strategies)} answers) is more than the "
            f"{max_games} allowed; set 'sample' to play fewer answers"
        )

    def check(done: int, total: int) -> None:
        if time.monotonic() > deadline:
            raise TimeLimitError()

    results = []
    for strat in strategies:
        check(0, 0)
        res = run_benchmark(
            loaded.words, strat, rules=req.game_mode, answers=answers, table=loaded.table, progress=check
        )
        d = res.to_dict()
        for key, value in d.items():  # NaN is not JSON
            if isinstance(value, float) and math.isnan(value):
                d[key] = None
        if req.custom is not None:
            d["words"] = loaded.words.name
        results.append(d)
    mode = req.game_mode
    return {"words": list_label(req, loaded), "mode": mode.value, "results": results}
