from __future__ import annotations

import numpy as np

from ._information import PartitionStrategy
from .base import register


@register("entropy")
class Entropy(PartitionStrategy):
    """Greedy information: the guess whose pattern has the most entropy (bits).

    Ties: a guess that could be the answer, then word order.  The default strategy.
    """

    score_label = "entropy"
    #: with one or two candidates left a candidate splits them completely, no guess
    #: does better, and the tie-break prefers candidates, then the lower index
    endgame_limit = 2

    def sort_keys(self, stats: dict[str, np.ndarray]) -> list[np.ndarray]:
        # entropies equal up to rounding are ties, so the result does not depend on
        # the summation order of the kernel
        return [-np.round(stats["entropy"], 9)]
