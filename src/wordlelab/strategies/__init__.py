"""Guess-ranking strategies; see :mod:`wordlelab.strategies.base` for the contract."""

from .base import Ranked, Strategy, get_strategy, order_by, register, strategy_class, strategy_names

__all__ = [
    "Ranked",
    "Strategy",
    "get_strategy",
    "order_by",
    "register",
    "strategy_class",
    "strategy_names",
]
