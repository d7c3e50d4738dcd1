from __future__ import annotations

import numpy as np

from ._information import PartitionStrategy
from .base import register


@register("expected-size")
class ExpectedSize(PartitionStrategy):
    """Fewest expected remaining candidates (sum of squared bucket sizes / n)."""

    score_label = "expected"
    #: with one or two candidates left a candidate splits them completely, no guess
    #: does better, and the tie-break prefers candidates, then the lower index
    endgame_limit = 2
    higher_is_better = False

    def sort_keys(self, stats: dict[str, np.ndarray]) -> list[np.ndarray]:
        return [stats["expected"]]
