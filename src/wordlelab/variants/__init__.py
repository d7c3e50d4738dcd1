"""Wordle variants: Absurdle (an adversary instead of a fixed answer) and
multi-board games (Dordle, Quordle, Octordle).  Plain data and algorithms;
the terminal front ends are in :mod:`wordlelab.cli.variants`."""

from .absurdle import Absurdle, AbsurdleProof, adversary_reply, solve_absurdle, verify_line
from .multi import MULTI_PRESETS, MultiGame, MultiSolver, play_multi

__all__ = [
    "MULTI_PRESETS",
    "Absurdle",
    "AbsurdleProof",
    "MultiGame",
    "MultiSolver",
    "adversary_reply",
    "play_multi",
    "solve_absurdle",
    "verify_line",
]
