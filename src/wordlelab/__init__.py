"""wordlelab: solve Wordle, study strategies, compute optimal play.

The public API: the rule (:func:`feedback`, pattern parsing), word lists,
pattern tables, the game objects and the strategy registry.

Importing the package imports the standard library only: the names that need
numpy (word lists, tables, games, strategies) are imported from their modules
the first time they are used (PEP 562), so that ``import wordlelab``,
``wordlelab --help`` and the light commands do not pay for numpy and numba.
"""

from __future__ import annotations

# first: in the `wordlelab` command (only there), a Ctrl-C while it starts exits quietly
from . import _startup  # noqa: F401  # isort: skip

import importlib
from typing import TYPE_CHECKING, Any

# light (the standard library only), imported now; and `feedback` is both a module
# and a function here: importing the module later would make the name the module
from .errors import (
    GameOverError,
    HardModeError,
    InconsistentFeedbackError,
    InvalidOptionError,
    InvalidPatternError,
    InvalidWordError,
    UnknownStrategyError,
    WordlelabError,
    WordListError,
)
from .feedback import Mark, Pattern, all_green, decode, encode, feedback, format_pattern, parse_pattern
from .modes import GameRules, Mode, Rule

if TYPE_CHECKING:  # numpy and more: imported on first use, see __getattr__
    from .game import Game, Session
    from .state import State, Step
    from .strategies import Ranked, Strategy, get_strategy, register, strategy_names
    from .table import pattern_table
    from .words import BUILTIN_LISTS, WordList, load_wordlist

#: the version of the package (read by the build from this line)
__version__ = "0.1.0"

#: each public name imported on first use -> its module
_WHERE = {
    **dict.fromkeys(["Game", "Session"], "game"),
    **dict.fromkeys(["State", "Step"], "state"),
    **dict.fromkeys(["Ranked", "Strategy", "get_strategy", "register", "strategy_names"], "strategies"),
    "pattern_table": "table",
    **dict.fromkeys(["BUILTIN_LISTS", "WordList", "load_wordlist"], "words"),
}


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'wordlelab' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # the next use is a plain attribute
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


__all__ = [
    "BUILTIN_LISTS",
    "Game",
    "GameOverError",
    "GameRules",
    "HardModeError",
    "InconsistentFeedbackError",
    "InvalidOptionError",
    "InvalidPatternError",
    "InvalidWordError",
    "Mark",
    "Mode",
    "Pattern",
    "Ranked",
    "Rule",
    "Session",
    "State",
    "Step",
    "Strategy",
    "UnknownStrategyError",
    "WordList",
    "WordListError",
    "WordlelabError",
    "__version__",
    "all_green",
    "decode",
    "encode",
    "feedback",
    "format_pattern",
    "get_strategy",
    "load_wordlist",
    "parse_pattern",
    "pattern_table",
    "register",
    "strategy_names",
]
