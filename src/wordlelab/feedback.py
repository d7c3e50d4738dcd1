"""The rule of the game and the one encoding of its result.

Rule
----
For a guess against an answer of the same length, a guess letter in the same
place as in the answer is GREEN.  Then, scanning the guess left to right, a
non-green letter is YELLOW while the answer still has a copy of that letter not
already matched by a green or an earlier yellow, otherwise GREY.

Encoding (``Pattern``)
----------------------
A pattern is one ``int``: base 3, little-endian (the first letter is the lowest
digit), with GREY=0, YELLOW=1, GREEN=2.  All green is ``3**L - 1`` (242 for
five letters).  This is the encoding of 3b1b's and alex1770's solvers, so
figures can be checked against theirs.

Users type patterns in many forms; :func:`parse_pattern` accepts all of them:

* digits ``20012`` (0 grey, 1 yellow, 2 green);
* letters ``GYXXG`` / ``gy..g`` / ``gybbg`` (g green, y yellow; b, x, ``.``,
  ``-``, ``_`` or ``w`` grey);
* share-grid emoji ``🟩🟨⬛⬛🟩`` (⬛/⬜ grey, 🟨 yellow, 🟩 green) and the
  high-contrast palette (🟧 green, 🟦 yellow).

A move (a word played and its colours) is typed as ``salet 00120``,
``salet:gy..g`` or ``salet=🟩⬛...``; a history is moves separated by commas or
semicolons (:func:`parse_move`, :func:`parse_history`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from enum import IntEnum
from typing import Literal

from .errors import InvalidOptionError, InvalidPatternError, InvalidWordError

__all__ = [
    "Mark",
    "Pattern",
    "PatternStyle",
    "all_green",
    "decode",
    "encode",
    "feedback",
    "feedback_naive",
    "format_pattern",
    "n_patterns",
    "parse_history",
    "parse_move",
    "parse_pattern",
]

Pattern = int
PatternStyle = Literal["digits", "letters", "emoji", "emoji-hc"]


class Mark(IntEnum):
    """The colour of one tile."""

    GREY = 0
    YELLOW = 1
    GREEN = 2


def _check_pair(guess: str, answer: str) -> None:
    if len(guess) != len(answer):
        raise InvalidWordError(
            f"guess {guess!r} has {len(guess)} letters but answer {answer!r} has "
            f"{len(answer)}; both must have the same length"
        )


def feedback(guess: str, answer: str) -> Pattern:
    """Return the packed pattern Wordle shows for ``guess`` against ``answer``.

    This is the plain-Python reference of the rule; the compiled table builder
    in :mod:`wordlelab.kernels.patterns` is tested against it.
    """
    _check_pair(guess, answer)
    n = len(guess)
    marks = [Mark.GREY] * n
    unmatched: dict[str, int] = {}
    for i in range(n):
        if guess[i] == answer[i]:
            marks[i] = Mark.GREEN
        else:
            unmatched[answer[i]] = unmatched.get(answer[i], 0) + 1
    for i in range(n):
        if marks[i] != Mark.GREEN and unmatched.get(guess[i], 0) > 0:
            marks[i] = Mark.YELLOW
            unmatched[guess[i]] -= 1
    return encode(marks)


def feedback_naive(guess: str, answer: str) -> Pattern:
    """The simplified rule some early solvers used: yellow wherever the letter occurs.

    Greens as usual; any other guess letter that occurs anywhere in the answer
    is yellow, whatever the number of copies.  Wrong for repeated letters
    (``feedback_naive("eerie", "crepe")`` marks all three e's), kept only so
    that published figures made under it can be reproduced (``--rule naive``).
    """
    _check_pair(guess, answer)
    letters = set(answer)
    marks = [
        Mark.GREEN if g == a else (Mark.YELLOW if g in letters else Mark.GREY)
        for g, a in zip(guess, answer, strict=True)
    ]
    return encode(marks)


def encode(marks: Sequence[int]) -> Pattern:
    """Pack marks (first letter first) into a pattern int."""
    value = 0
    for mark in reversed(marks):
        value = value * 3 + int(mark)
    return value


def decode(pattern: Pattern, length: int) -> tuple[Mark, ...]:
    """Unpack a pattern int into ``length`` marks, first letter first."""
    if not 0 <= pattern < 3**length:
        raise InvalidPatternError(f"pattern {pattern} is out of range for {length} letters (0..{3**length - 1})")
    out = []
    for _ in range(length):
        pattern, digit = divmod(pattern, 3)
        out.append(Mark(digit))
    return tuple(out)


def all_green(length: int) -> Pattern:
    """The winning pattern for words of ``length`` letters (``3**length - 1``)."""
    return int(3**length) - 1


def n_patterns(length: int) -> int:
    """How many distinct patterns exist for ``length`` letters."""
    return int(3**length)


_EMOJI = {
    "\u2b1b": Mark.GREY,  # black large square
    "\u2b1c": Mark.GREY,  # white large square (light theme)
    "\U0001f7e8": Mark.YELLOW,  # yellow square
    "\U0001f7e9": Mark.GREEN,  # green square
    "\U0001f7e6": Mark.YELLOW,  # blue square (high contrast)
    "\U0001f7e7": Mark.GREEN,  # orange square (high contrast)
}
_LETTERS = {
    "g": Mark.GREEN,
    "y": Mark.YELLOW,
    "b": Mark.GREY,
    "x": Mark.GREY,
    "w": Mark.GREY,
    ".": Mark.GREY,
    "-": Mark.GREY,
    "_": Mark.GREY,
}
_DIGITS = {"0": Mark.GREY, "1": Mark.YELLOW, "2": Mark.GREEN}
_FORMAT = {
    "digits": "012",
    "letters": "byg",
    "emoji": "\u2b1b\U0001f7e8\U0001f7e9",
    "emoji-hc": "\u2b1b\U0001f7e6\U0001f7e7",
}
_EXAMPLE = "e.g. 20012, gy..g, GYBBG or \U0001f7e9\U0001f7e8\u2b1b\u2b1b\U0001f7e9"


def parse_pattern(text: str, length: int = 5) -> Pattern:
    """Parse a pattern typed by a user into its packed int.

    Digits, letters and emoji are accepted (see the module docstring); case is
    ignored; surrounding whitespace and emoji variation selectors are dropped.
    Mixing digits with letters is refused as ambiguous.
    """
    cleaned = "".join(ch for ch in text.strip() if ch not in "\ufe0f\u200d ")
    if not cleaned:
        raise InvalidPatternError(f"empty pattern: type one mark per letter, {_EXAMPLE}")
    kinds = set()
    marks: list[Mark] = []
    for pos, ch in enumerate(cleaned, start=1):
        low = ch.lower()
        if low in _DIGITS:
            kinds.add("digits")
            marks.append(_DIGITS[low])
        elif low in _LETTERS:
            kinds.add("letters")
            marks.append(_LETTERS[low])
        elif ch in _EMOJI:
            kinds.add("emoji")
            marks.append(_EMOJI[ch])
        else:
            raise InvalidPatternError(
                f"pattern {text.strip()!r}: character {ch!r} at position {pos} is not a mark; "
                f"use 0/1/2, g/y/b (or x . - for grey) or the share-grid squares, {_EXAMPLE}"
            )
    if len(kinds) > 1:
        raise InvalidPatternError(
            f"pattern {text.strip()!r} mixes {' and '.join(sorted(kinds))}; use one form only, {_EXAMPLE}"
        )
    if len(marks) != length:
        raise InvalidPatternError(
            f"pattern {text.strip()!r} has {len(marks)} marks but words have {length} letters; "
            f"give one mark per letter, {_EXAMPLE}"
        )
    return encode(marks)


_MOVE = re.compile(r"^\s*([^\s:=]+)\s*[\s:=]\s*(.+?)\s*$")


def parse_move(text: str) -> tuple[str, str]:
    """Split a typed move into the word and the pattern text, both as typed.

    ``"salet 00120"``, ``"salet:gy..g"`` and ``"salet=🟩⬛🟨⬛⬛"`` give
    ``("salet", "00120")`` and so on; the pattern is left for
    :func:`parse_pattern` (or :meth:`Session.play <wordlelab.Session.play>`).
    Text that is not a word and a pattern raises :class:`InvalidPatternError`.
    """
    m = _MOVE.match(text)
    if not m:
        raise InvalidPatternError(
            f"{text.strip()!r}: type the word you played and its colours, e.g. 'salet 00120' or 'salet:gy..g'"
        )
    return m.group(1), m.group(2)


def parse_history(text: str) -> list[tuple[str, str]]:
    """``"salet:00120,drone:22202"`` -> ``[("salet", "00120"), ("drone", "22202")]``.

    Moves are separated by commas or semicolons; empty parts are skipped, so
    ``""`` is the empty history.  Each move is read by :func:`parse_move`.
    """
    return [parse_move(part) for part in re.split(r"[,;]", text) if part.strip()]


def format_pattern(pattern: Pattern, length: int = 5, style: PatternStyle = "digits") -> str:
    """Format a packed pattern as digits (``20012``), letters (``gybbg``) or emoji
    (``style="emoji"``; the second argument is the word length)."""
    if not isinstance(length, int) or isinstance(length, bool):  # format_pattern(p, "emoji")
        given: object = length
        hint = f"; for a style, name it: format_pattern(p, style={given!r})" if given in _FORMAT else ""
        raise InvalidOptionError(f"format_pattern's length is a number of letters, not {length!r}{hint}")
    try:
        symbols = _FORMAT[style]
    except KeyError:
        raise InvalidPatternError(f"unknown pattern style {style!r}; choose one of {', '.join(_FORMAT)}") from None
    return "".join(symbols[m] for m in decode(pattern, length))
