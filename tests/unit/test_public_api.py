"""The public API is what __all__ says; changing it is a deliberate act."""

from __future__ import annotations

import wordlelab

EXPECTED = {
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
    "WordListError",
    "WordList",
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
}


def test_all_is_pinned() -> None:
    assert set(wordlelab.__all__) == EXPECTED
    for name in wordlelab.__all__:
        assert hasattr(wordlelab, name)


def test_errors_also_inherit_builtins() -> None:
    assert issubclass(wordlelab.InvalidWordError, ValueError)
    assert issubclass(wordlelab.UnknownStrategyError, LookupError)
    assert issubclass(wordlelab.InvalidOptionError, ValueError)
    assert issubclass(wordlelab.InvalidOptionError, wordlelab.WordlelabError)
    assert issubclass(wordlelab.WordlelabError, Exception)
