"""Wordle variants: Absurdle (an adversary instead of a fixed answer) and
multi-board games (Dordle, Quordle, Octordle).  Plain data and algorithms;
the terminal front ends are in :mod:`wordlelab.cli.variants`."""

from .absurdle import Absurdle, AbsurdleProof, adversary_reply, solve_absurdle, verify_line
from .multi import MultiGame, MultiSolver, MULTI_PRESETS, play_multi

__all__ = [
    "Absurdle",
    "AbsurdleProof",
    "MULTI_PRESETS",
    "MultiGame",
    "MultiSolver",
    "adversary_reply",
    "play_multi",
    "solve_absurdle",
    "verify_line",
]
