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

Each mode's legal guesses are a subset of the previous mode's.  The rules live
in :mod:`wordlelab.state`; this module only names the modes.

The colour rules (:class:`Rule`): ``official`` (greens first, then yellow left
to right while the answer has unmatched copies of the letter, see
:mod:`wordlelab.feedback`) and ``naive`` (yellow wherever the letter occurs in
the answer, as some clones colour it).  Only normal mode is played under the
naive rule: hints read from its colours are wrong for repeated letters.
"""

from __future__ import annotations

from enum import StrEnum

from .errors import InvalidOptionError

__all__ = [
    "MAX_GUESSES",
    "MODES",
    "MODE_HARD",
    "MODE_NORMAL",
    "MODE_ULTRA",
    "RULES",
    "Mode",
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
