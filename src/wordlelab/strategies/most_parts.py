from __future__ import annotations

import numpy as np

from ._information import PartitionStrategy
from .base import register


@register("most-parts")
class MostParts(PartitionStrategy):
    """Most distinct patterns (non-empty buckets); ties by fewer expected remaining."""

    score_label = "parts"
    #: with one or two candidates left a candidate splits them completely, no guess
    #: does better, and the tie-break prefers candidates, then the lower index
    endgame_limit = 2

    def sort_keys(self, stats: dict[str, np.ndarray]) -> list[np.ndarray]:
        return [-stats["parts"], stats["expected"]]
