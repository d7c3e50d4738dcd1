"""Exact and beam decision-tree search (minimum total guesses), tree files, openers.

* :class:`Solver` — the search (contracts in :mod:`wordlelab.search._core`);
* :class:`Tree`, :func:`write_tree`, :func:`read_tree`, :func:`verify_tree` —
  decision trees and their text/JSON files;
* :func:`greedy_scores`, :func:`exact_openers` — ranking start words;
* :data:`INF` — the total that means "no tree finds every answer within the cap".
"""

from ..errors import CapTooTightError, SearchError, TreeFileError
from ._memo import INF
from ._shortfall import Shortfall, shortfall
from .openers import ExactJob, OpenerResult, ResultStore, exact_openers, greedy_scores
from .solver import DEFAULT_MAX_GUESSES, SearchResult, Solver
from .tree import Node, Tree, TreeStats, read_header, read_tree, verify_tree, write_tree

__all__ = [
    "DEFAULT_MAX_GUESSES",
    "INF",
    "CapTooTightError",
    "ExactJob",
    "Node",
    "OpenerResult",
    "ResultStore",
    "SearchError",
    "SearchResult",
    "Shortfall",
    "Solver",
    "Tree",
    "TreeFileError",
    "TreeStats",
    "exact_openers",
    "greedy_scores",
    "read_header",
    "read_tree",
    "shortfall",
    "verify_tree",
    "write_tree",
]
