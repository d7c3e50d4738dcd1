"""Compiled hot paths: arrays in, arrays out.  No strings, no I/O.

Every kernel has a plain-Python or plain-NumPy reference in
:mod:`wordlelab.kernels.reference` and a test that they agree.
"""

from .partition import partition_stats, partition_stats_weighted
from .patterns import RULE_NAIVE, RULE_OFFICIAL, build_pattern_table, table_dtype

__all__ = [
    "RULE_NAIVE",
    "RULE_OFFICIAL",
    "build_pattern_table",
    "partition_stats",
    "partition_stats_weighted",
    "table_dtype",
]
