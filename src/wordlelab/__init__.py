"""wordlelab: solve Wordle, study strategies, compute optimal play.

The public API: the rule (:func:`feedback`, pattern parsing), word lists,
pattern tables, the game objects and the strategy registry.
"""

# first (it acts when imported): a Ctrl-C while the `wordlelab` command imports the rest exits quietly
from . import _startup  # noqa: F401
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
from .feedback import (
    Mark,
    Pattern,
    all_green,
    decode,
    encode,
    feedback,
    format_pattern,
    parse_pattern,
)
from .game import Game, Session
from .modes import Mode
from .state import State, Step
from .strategies import Ranked, Strategy, get_strategy, register, strategy_names
from .table import pattern_table
from .words import BUILTIN_LISTS, WordList, load_wordlist

__version__ = "0.1.0"

__all__ = [
    "BUILTIN_LISTS",
    "Game",
    "GameOverError",
    "HardModeError",
    "InconsistentFeedbackError",
    "InvalidOptionError",
    "InvalidPatternError",
    "InvalidWordError",
    "Mark",
    "Mode",
    "Pattern",
    "Ranked",
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
