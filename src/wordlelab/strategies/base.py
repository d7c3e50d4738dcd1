"""The strategy contract and the registry.

A strategy ranks the legal guesses of a read-only :class:`~wordlelab.state.State`;
it never filters candidates or changes the state.  Adding a strategy is adding
one module to this package with a class decorated by :func:`register`: the
CLI ``--strategy`` choices, the web list and the test matrix read the registry.

Ties break in a fixed order so every run repeats exactly: unless a strategy's
docstring says otherwise, after its own score it prefers a guess that could be
the answer, then the lower index in ``words.allowed`` (alphabetical for the
shipped lists).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

import numpy as np

from ..errors import UnknownStrategyError
from ..state import State
from ..types import IndexArray

__all__ = [
    "Ranked",
    "Strategy",
    "get_strategy",
    "order_by",
    "register",
    "strategy_class",
    "strategy_names",
]


@dataclass(frozen=True)
class Ranked:
    """One ranked guess: its allowed index, its word, the score a strategy sorts on,
    and any other figures worth showing (entropy, expected remaining, ...)."""

    guess: int
    word: str
    score: float
    stats: dict[str, float] = field(default_factory=dict)


class Strategy:
    """Base class: subclasses implement :meth:`rank`; :meth:`choose` is its first entry.

    ``name`` and ``description`` are set by :func:`register` and the docstring.
    ``higher_is_better`` says how to read ``Ranked.score`` when shown.
    """

    name: ClassVar[str] = ""
    description: ClassVar[str] = ""
    higher_is_better: ClassVar[bool] = True
    #: True if choices depend on a random seed (the bench then runs trials).
    randomized: ClassVar[bool] = False

    def rank(self, state: State, top: int = 5) -> list[Ranked]:
        raise NotImplementedError

    def choose(self, state: State) -> int:
        """The allowed-guess index to play next."""
        return self.rank(state, 1)[0].guess

    def options(self) -> dict[str, Any]:
        """The constructor options that make this instance (for cache keys and reports)."""
        return {}

    @property
    def key(self) -> str:
        opts = ",".join(f"{k}={v}" for k, v in sorted(self.options().items()))
        return f"{self.name}({opts})" if opts else self.name


S = TypeVar("S", bound=type[Strategy])
_REGISTRY: dict[str, type[Strategy]] = {}


def register(name: str) -> Callable[[S], S]:
    """Class decorator: add a strategy to the registry under ``name``."""

    def deco(cls: S) -> S:
        if name in _REGISTRY and _REGISTRY[name] is not cls:
            raise ValueError(f"strategy name {name!r} registered twice")
        cls.name = name
        doc = (cls.__doc__ or "").strip().splitlines()
        cls.description = doc[0].strip() if doc else ""
        _REGISTRY[name] = cls
        return cls

    return deco


def _discover() -> None:
    package = importlib.import_module(__package__ or "wordlelab.strategies")
    for info in pkgutil.iter_modules(package.__path__):
        if not info.name.startswith("_") and info.name != "base":
            importlib.import_module(f"{package.__name__}.{info.name}")


def strategy_names() -> list[str]:
    """Every registered strategy name, sorted."""
    _discover()
    return sorted(_REGISTRY)


def strategy_class(name: str) -> type[Strategy]:
    _discover()
    try:
        return _REGISTRY[name]
    except KeyError:
        raise UnknownStrategyError(
            f"unknown strategy {name!r}; choose one of: {', '.join(sorted(_REGISTRY))}"
        ) from None


def get_strategy(name: str, **options: Any) -> Strategy:
    """Instantiate a registered strategy with its options."""
    cls = strategy_class(name)
    try:
        return cls(**options)
    except TypeError as exc:
        raise UnknownStrategyError(f"bad options for strategy {name!r}: {exc}") from None


def order_by(state: State, guesses: IndexArray, keys: Sequence[np.ndarray]) -> IndexArray:
    """Positions into ``guesses`` sorted by ``keys`` (ascending, first key most
    significant), then candidate-first, then allowed index: the standard tie-break."""
    not_candidate = ~state.words.allowed_is_answer[guesses]
    if len(state.candidates) < len(state.words.answers):
        is_cand = np.zeros(len(state.words.allowed), dtype=bool)
        is_cand[state.words.answer_to_allowed[state.candidates]] = True
        not_candidate = ~is_cand[guesses]
    # np.lexsort sorts by the last key first
    return np.lexsort((guesses, not_candidate, *reversed(list(keys))))
