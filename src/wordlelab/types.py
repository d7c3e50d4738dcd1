"""Array type aliases used across wordlelab (shapes are given in docstrings)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

__all__ = ["CodeArray", "FloatArray", "IndexArray", "PatternTable", "table_dtype"]

#: ``uint8[N, L]`` letter codes of N words of L letters.
CodeArray = npt.NDArray[np.uint8]
#: ``int64[K]`` indices into a word list.
IndexArray = npt.NDArray[np.int64]
#: ``uint8|uint16|uint32[G, A]`` packed patterns, guess x answer.
PatternTable = npt.NDArray[np.unsignedinteger]
#: ``float64[K]``.
FloatArray = npt.NDArray[np.float64]


def table_dtype(length: int) -> np.dtype:
    """The narrowest unsigned dtype holding the ``3**length`` patterns of ``length``-letter words."""
    n = 3**length
    return np.dtype(np.uint8 if n <= 2**8 else np.uint16 if n <= 2**16 else np.uint32)
