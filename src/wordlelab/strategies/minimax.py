from __future__ import annotations

import numpy as np

from ._information import PartitionStrategy
from .base import register


@register("minimax")
class Minimax(PartitionStrategy):
    """Smallest worst case: the guess whose largest bucket is smallest; ties by
    fewer expected remaining."""

    score_label = "largest"
    #: with one or two candidates left a candidate splits them completely, no guess
    #: does better, and the tie-break prefers candidates, then the lower index
    endgame_limit = 2
    higher_is_better = False

    def sort_keys(self, stats: dict[str, np.ndarray]) -> list[np.ndarray]:
        return [stats["largest"], stats["expected"]]
