"""The public API is what __all__ says; changing it is a deliberate act."""

from __future__ import annotations

import wordlelab

EXPECTED = {
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


def test_game_rules_are_one_checked_value() -> None:
    rules = wordlelab.GameRules.of("hard")
    assert (rules.mode, rules.rule) == (wordlelab.Mode.HARD, wordlelab.Rule.OFFICIAL)
    assert wordlelab.GameRules.of(rules) is rules
    assert wordlelab.GameRules("normal", "naive").rule is wordlelab.Rule.NAIVE
    for mode in ("hard", "ultra"):
        try:
            wordlelab.GameRules(mode, "naive")
        except wordlelab.InvalidOptionError as exc:
            assert "official colour rule only" in str(exc)
        else:
            raise AssertionError(f"{mode} mode under the naive rule was accepted")
