"""The game modes (which guesses are legal once hints have been seen) and the
colour rules (how a guess is coloured).

The modes:

* ``normal``: any allowed word, always.
* ``hard`` (the official hard mode): every revealed green stays in place and
  every revealed letter (green or yellow) is used at least as often as it was
  revealed in one guess; grey letters may be played again.
* ``ultra``: every guess must be consistent with all the colours seen so far,
  i.e. it could itself be the answer: on top of hard mode, a yellow letter may
  not return to a place where it was yellow, a letter may not stand where it
  was grey, and a letter shown grey may not be played more often than the
  copies the clues already account for.

Each mode's legal guesses are a subset of the previous mode's.  What each mode
does (which guesses stay legal, why a guess breaks the rules, what a search
remembers of a position) is one policy per mode in :mod:`wordlelab.state`; this
module only names the modes and the colour rules.

The colour rules (:class:`Rule`): ``official`` (greens first, then yellow left
to right while the answer has unmatched copies of the letter, see
:mod:`wordlelab.feedback`) and ``naive`` (yellow wherever the letter occurs in
the answer, as some clones colour it).  Only normal mode is played under the
naive rule: hints read from its colours are wrong for repeated letters.

A game's rules travel as one frozen value, :class:`GameRules` (a mode and a
colour rule), checked once where it is made: ``GameRules(Mode.HARD)``,
``GameRules.of("ultra")``.  The library's games, states, searches and
benchmarks take it as ``rules=`` (a mode or its name is short for that mode
under the official colours); ``--hard`` and ``hard=1`` are sugar of the command
line and the web only.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .errors import InvalidOptionError

__all__ = [
    "MAX_GUESSES",
    "MODES",
    "MODE_HARD",
    "MODE_NORMAL",
    "MODE_ULTRA",
    "NORMAL",
    "RULES",
    "GameRules",
    "Mode",
    "PlayedUnder",
    "Rule",
    "as_mode",
    "as_rule",
]

#: the guesses a game of Wordle allows
MAX_GUESSES = 6


class Mode(StrEnum):
    """A game mode; its value is its name (``"normal"``, ``"hard"``, ``"ultra"``)."""

    NORMAL = "normal"
    HARD = "hard"
    ULTRA = "ultra"

    @property
    def restricted(self) -> bool:
        """True if the legal guesses depend on the hints (hard and ultra)."""
        return self is not Mode.NORMAL

    @property
    def checked(self) -> Mode:
        """The rules a guess is checked against in this mode: its own, and hard
        mode's in normal mode (so a normal game can say which guess hard mode
        would refuse)."""
        return self if self.restricted else Mode.HARD

    @property
    def code(self) -> int:
        """0, 1, 2: the mode as the compiled search takes it."""
        return _CODES[self]


#: each mode's code in compiled code (``Mode.code``): plain ints, so that a numba
#: kernel compares with a name (``mode == MODE_ULTRA``) and compiles it as a constant
MODE_NORMAL, MODE_HARD, MODE_ULTRA = 0, 1, 2
_CODES = {Mode.NORMAL: MODE_NORMAL, Mode.HARD: MODE_HARD, Mode.ULTRA: MODE_ULTRA}

#: the mode names, in order of strictness
MODES: tuple[str, ...] = tuple(m.value for m in Mode)


def as_mode(mode: Mode | str = Mode.NORMAL, hard: bool = False) -> Mode:
    """The mode named by ``mode``, with ``hard=True`` the short form of ``mode="hard"``.

    Raises :class:`~wordlelab.errors.InvalidOptionError` for an unknown name, or
    ``hard=True`` with a ``mode`` other than normal or hard.
    """
    try:
        m = Mode(mode.lower() if isinstance(mode, str) else mode)
    except ValueError:
        raise InvalidOptionError(f"unknown `mode` {mode!r}: choose one of {', '.join(MODES)}") from None
    if hard:
        if m is Mode.ULTRA:
            raise InvalidOptionError("`hard` and `mode` disagree: `hard` means mode 'hard', not 'ultra'")
        return Mode.HARD
    return m


class Rule(StrEnum):
    """A colour rule; its value is its name (``"official"``, ``"naive"``)."""

    OFFICIAL = "official"
    NAIVE = "naive"

    @property
    def code(self) -> int:
        """0, 1: the rule as the pattern kernel takes it (``kernels.patterns.RULE_*``,
        which a test holds equal)."""
        return _RULE_CODES[self]


_RULE_CODES = {Rule.OFFICIAL: 0, Rule.NAIVE: 1}

#: the colour rule names, the official rule first
RULES: tuple[str, ...] = tuple(r.value for r in Rule)


def as_rule(rule: Rule | str = Rule.OFFICIAL) -> Rule:
    """The colour rule named by ``rule``.

    Raises :class:`~wordlelab.errors.InvalidOptionError` for an unknown name.
    """
    try:
        return Rule(rule.lower() if isinstance(rule, str) else rule)
    except ValueError:
        raise InvalidOptionError(f"unknown `rule` {rule!r}: choose one of {', '.join(RULES)}") from None


@dataclass(frozen=True, init=False)
class GameRules:
    """The rules a game is played under: its :class:`Mode` and its colour
    :class:`Rule`, one value checked where it is made.

    Hard and ultra mode are played under the official rule only (hints read from
    naive-rule colours are wrong for repeated letters): asking for them under the
    naive rule raises :class:`~wordlelab.errors.InvalidOptionError`.  Names are
    accepted for both fields (``GameRules("hard")``) and stored as the enums.
    """

    mode: Mode
    rule: Rule

    def __init__(self, mode: Mode | str = Mode.NORMAL, rule: Rule | str = Rule.OFFICIAL) -> None:
        object.__setattr__(self, "mode", as_mode(mode))
        object.__setattr__(self, "rule", as_rule(rule))
        if self.mode.restricted and self.rule is not Rule.OFFICIAL:
            raise InvalidOptionError(
                f"{self.mode} mode is played under the official colour rule only: hints read from "
                f"{self.rule}-rule colours are wrong for repeated letters"
            )

    @classmethod
    def of(cls, rules: GameRules | Mode | str | None = None) -> GameRules:
        """``rules`` itself, or the rules of a mode (a :class:`Mode` or its name)
        under the official colours; None is normal mode."""
        if isinstance(rules, GameRules):
            return rules
        return cls(Mode.NORMAL if rules is None else as_mode(rules))

    @property
    def restricted(self) -> bool:
        """True in hard and ultra mode: the legal guesses depend on the hints."""
        return self.mode.restricted

    def __str__(self) -> str:
        """``hard mode``, or ``normal mode, naive rule`` under another colour rule."""
        rule = "" if self.rule is Rule.OFFICIAL else f", {self.rule} rule"
        return f"{self.mode} mode{rule}"


#: normal mode under the official colours (the default everywhere)
NORMAL = GameRules()


class PlayedUnder:
    """A mixin for whatever holds a game's :class:`GameRules` as ``rules``: reads
    its ``mode``, colour ``rule`` and ``hard`` (hard or ultra mode) from it."""

    rules: GameRules

    @property
    def mode(self) -> Mode:
        return self.rules.mode

    @property
    def rule(self) -> Rule:
        """The colour rule."""
        return self.rules.rule

    @property
    def hard(self) -> bool:
        """True in hard and ultra mode: the legal guesses depend on the hints."""
        return self.rules.mode.restricted
