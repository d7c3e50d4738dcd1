"""Request bodies of the JSON API (pydantic), with their size limits.

Every list in a request is capped here, so an oversized body is refused with a
422 before any work is done; the byte size of the whole body is capped
separately by the app's middleware.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, field_validator, model_validator

from ..game import DEFAULT_STRATEGY
from ..modes import Mode, as_mode
from ..words import BUILTIN_LISTS, DAILY_LIST, DEFAULT_LIST

__all__ = [
    "MAX_CUSTOM_ALLOWED",
    "MAX_CUSTOM_ANSWERS",
    "MAX_EXCLUDE",
    "MAX_HISTORY",
    "MAX_SHOW",
    "MAX_TOP",
    "CompareRequest",
    "CustomList",
    "ExplainRequest",
    "GuessRequest",
    "ListChoice",
    "Move",
    "NewGameRequest",
    "ReviewRequest",
    "SuggestRequest",
]

#: a custom list may have at most this many answers (the shipped lists have ~2300)
MAX_CUSTOM_ANSWERS = 3000
#: ... and this many allowed guesses (the biggest shipped list has 14855)
MAX_CUSTOM_ALLOWED = 15000
#: moves in a history; 30 is simulate.MAX_TURNS, far more than any real game
MAX_HISTORY = 30
#: ranked guesses returned by one request
MAX_TOP = 50
#: candidate words (or words per bucket) returned by one request
MAX_SHOW = 3000
#: words a request may exclude from the answers (the NYT has used about 1600 answers
#: since 2021; every word of the biggest shipped answer list fits too)
MAX_EXCLUDE = 5000

#: characters of a pattern as text (11 letters of emoji with spaces fit easily)
MAX_PATTERN_CHARS = 64
#: characters of a strategy option's name and of a text value
MAX_OPTION_NAME = 40
MAX_OPTION_TEXT = 100

Word = Annotated[str, Field(min_length=1, max_length=16)]
StrategyOptions = dict[
    Annotated[str, Field(max_length=MAX_OPTION_NAME)],
    bool | int | float | Annotated[str, Field(max_length=MAX_OPTION_TEXT)],
]


def _has_lone_surrogate(value: Any) -> bool:
    """Whether any text in ``value`` (JSON data) holds a lone surrogate (``"\\ud800"``
    is valid JSON but not valid Unicode: it cannot be encoded, so it is refused)."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return True
        return False
    if isinstance(value, dict):
        return any(_has_lone_surrogate(k) or _has_lone_surrogate(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_has_lone_surrogate(v) for v in value)
    return False


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")

    @model_validator(mode="before")
    @classmethod
    def _valid_unicode(cls, data: Any) -> Any:
        if _has_lone_surrogate(data):
            raise ValueError("text must be valid Unicode (a lone surrogate such as \\ud800 was sent)")
        return data


class CustomList(_Body):
    """A word list sent in the request instead of a built-in name."""

    answers: list[Word] = Field(min_length=1, max_length=MAX_CUSTOM_ANSWERS)
    allowed: list[Word] = Field(default_factory=list, max_length=MAX_CUSTOM_ALLOWED)
    name: str = Field("custom", max_length=40)


class ListChoice(_Body):
    """Which word list: a built-in name, or ``custom`` words (which win if given)."""

    words: str = Field(DEFAULT_LIST, description="built-in list: " + ", ".join(BUILTIN_LISTS))
    custom: CustomList | None = None

    @field_validator("words")
    @classmethod
    def _builtin(cls, v: str) -> str:
        if v not in BUILTIN_LISTS:
            # never a path: the web app does not read files named by clients
            raise ValueError(
                f"unknown word list {v!r}; choose one of {', '.join(BUILTIN_LISTS)} or send your own words in 'custom'"
            )
        return v


class Move(_Body):
    """A guess played and the colours it got (``20012``, ``gy..g``, emoji or the packed int)."""

    guess: Word
    # StrictInt: a long string of digits is refused, not read as a number
    pattern: Annotated[str, Field(max_length=MAX_PATTERN_CHARS)] | StrictInt = Field(examples=["00120", "bbybg"])


class _StrategyName(_Body):
    strategy: str = Field(DEFAULT_STRATEGY, max_length=40)


class _StrategyChoice(_StrategyName):
    options: StrategyOptions = Field(
        default_factory=dict, max_length=8, description="constructor options of the strategy"
    )


class _ModeChoice(_Body):
    """The game mode: ``mode`` by name, or ``hard: true``, the short form of ``"hard"``."""

    mode: Literal["normal", "hard", "ultra"] | None = None
    hard: bool = False

    @model_validator(mode="after")
    def _one_mode(self) -> _ModeChoice:
        if self.hard and self.mode not in (None, "hard"):
            raise ValueError(f"'hard': true and 'mode': {self.mode!r} disagree; send one of them")
        return self

    @property
    def game_mode(self) -> Mode:
        return as_mode(self.mode or Mode.NORMAL, self.hard)


class _DailyList(ListChoice):
    """The list of a page a daily player uses: the current answer pool by default."""

    words: str = Field(DAILY_LIST, description="built-in list: " + ", ".join(BUILTIN_LISTS))


class _Exclusions(_Body):
    exclude: list[Word] = Field(
        default_factory=list,
        max_length=MAX_EXCLUDE,
        description="words that cannot be the answer (e.g. past answers); they stay playable as guesses",
    )


class SuggestRequest(_DailyList, _StrategyChoice, _ModeChoice, _Exclusions):
    history: list[Move] = Field(default_factory=list, max_length=MAX_HISTORY)
    top: int = Field(5, ge=1, le=MAX_TOP)
    show: int = Field(200, ge=0, le=MAX_SHOW, description="candidate words to return")


class ExplainRequest(_DailyList, _ModeChoice, _Exclusions):
    history: list[Move] = Field(default_factory=list, max_length=MAX_HISTORY)
    guess: Word
    show: int = Field(60, ge=0, le=MAX_SHOW, description="words to return per bucket")


class NewGameRequest(_DailyList, _ModeChoice):
    answer: Word | None = Field(None, description="play against this answer (else random)")
    seed: int | None = Field(None, description="seed for the random answer")


class GuessRequest(_DailyList):
    token: str = Field(max_length=200)
    guesses: list[Word] = Field(default_factory=list, max_length=MAX_HISTORY)
    guess: Word


class ReviewRequest(_DailyList, _StrategyName):
    token: str = Field(max_length=200)
    guesses: list[Word] = Field(min_length=1, max_length=MAX_HISTORY)


class CompareRequest(ListChoice, _ModeChoice):
    strategies: list[Annotated[str, Field(max_length=40)]] = Field(min_length=1, max_length=6)
    sample: int | None = Field(None, ge=1, description="play only this many answers, drawn with 'seed'")
    seed: int = 0
