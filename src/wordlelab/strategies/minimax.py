from __future__ import annotations

import numpy as np

from ._information import PartitionStrategy
from .base import register


@register("minimax")
class Minimax(PartitionStrategy):
    """Smallest worst case: the guess whose largest bucket is smallest; ties by
    fewer expected remaining."""

    score_stat = "largest"
    higher_is_better = False

    def sort_keys(self, stats: dict[str, np.ndarray]) -> list[np.ndarray]:
        return [stats["largest"], stats["expected"]]
