"""The strategy contract and the registry.

A strategy ranks the legal guesses of a read-only :class:`~wordlelab.state.State`;
it never filters candidates or changes the state.  Adding a strategy is adding
one module to this package with a class decorated by :func:`register`: the
CLI ``--strategy`` choices, the web list and the test matrix read the registry.

Ties break in a fixed order so every run repeats exactly: unless a strategy's
docstring says otherwise, after its own score it prefers a guess that could be
the answer, then the lower index in ``words.allowed`` (alphabetical for the
shipped lists).

Options are the keyword arguments of a strategy's constructor.  Their types
come from its annotations (or defaults): ``bool``, ``int``, ``float`` or
``str``, with ``Annotated[int, AtLeast(1)]`` for a lower bound and :data:`Word`
for a word of the list.  :func:`get_strategy` checks every value against them
(:func:`check_options` for values from Python or JSON, :func:`parse_options`
for text typed on a command line) and raises :class:`InvalidOptionError` with a
one-line message for a wrong type, a value out of range or an unknown name.
"""

from __future__ import annotations

import importlib
import inspect
import math
import pkgutil
import re
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import UnionType
from typing import Annotated, Any, ClassVar, TypeVar

import numpy as np

from ..errors import InvalidOptionError, StrategyError, UnknownStrategyError
from ..state import State
from ..types import IndexArray
from ..words import MAX_LENGTH, MIN_LENGTH, WordList

__all__ = [
    "AtLeast",
    "Ranked",
    "Strategy",
    "StrategyOption",
    "Word",
    "check_options",
    "get_strategy",
    "option_specs",
    "order_by",
    "parse_options",
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

    def as_dict(self) -> dict[str, Any]:
        """As JSON: the guess (its word), the score and every figure of ``stats``."""
        return {"guess": self.word, "score": self.score, **self.stats}


class Strategy:
    """Base class: subclasses implement :meth:`rank`; :meth:`choose` is its first entry.

    ``name`` and ``description`` are set by :func:`register` and the docstring.
    The rest of the contract is declared here, as class attributes with their
    defaults, and overridden by the strategies that differ; the tree walk, the
    benchmark, the CLI and the web read them and inspect a strategy no other way.
    """

    name: ClassVar[str] = ""
    description: ClassVar[str] = ""
    #: how to read ``Ranked.score`` when shown: True if a higher score is better
    higher_is_better: ClassVar[bool] = True
    #: the figure ``Ranked.score`` holds, as the CLI and the web label it; a strategy
    #: that also puts it in ``Ranked.stats`` puts it under this key
    score_label: ClassVar[str] = "score"
    #: up to how many candidates left (0, 1 or 2) :meth:`choose` is known to play the
    #: candidate with the lowest allowed index, so the tree walk may skip asking it.
    #: Checked against :meth:`choose` for every strategy that claims it
    #: (``tests/strategies``); a subclass that ranks otherwise must declare its own.
    endgame_limit: ClassVar[int] = 0
    #: True if ranking one state may take long (anything beyond one partition pass
    #: over the guesses): the web app then runs it under its time limit
    expensive: ClassVar[bool] = True
    #: True if choices depend on a random seed (the bench then runs trials); such a
    #: strategy takes a ``seed`` option (:func:`register` checks) and keeps it in :attr:`seed`
    randomized: ClassVar[bool] = False
    #: the seed this instance plays with (``None`` unless :attr:`randomized`)
    seed: int | None = None

    def tree_ready(self, state: State) -> bool:
        """Whether :meth:`rank` answers for ``state``'s lists and mode without first
        building a data structure that takes long (a decision tree): True unless a
        strategy says otherwise."""
        return True

    def rank(self, state: State, top: int = 5) -> list[Ranked]:
        raise NotImplementedError

    def choose(self, state: State) -> int:
        """The allowed-guess index to play next."""
        return self.rank(state, 1)[0].guess

    def options(self) -> dict[str, Any]:
        """The constructor options that make this instance, for :attr:`key` (cache keys,
        reports): every option of the constructor (:func:`option_specs`) whose value
        differs from its default, read from the attribute of the same name (where a
        strategy keeps it); the seed of a randomized strategy always."""
        out: dict[str, Any] = {}
        for spec in _class_specs(type(self)):
            value = getattr(self, spec.name)
            if value != spec.default or (self.randomized and spec.name == "seed"):
                out[spec.name] = value
        return out

    @property
    def key(self) -> str:
        opts = ",".join(f"{k}={v}" for k, v in sorted(self.options().items()))
        return f"{self.name}({opts})" if opts else self.name


S = TypeVar("S", bound=type[Strategy])
_REGISTRY: dict[str, type[Strategy]] = {}
#: old names still accepted (alias -> registered name); not listed by :func:`strategy_names`
_ALIASES: dict[str, str] = {}
#: a registered name: lower-case words joined by hyphens, e.g. ``expected-size``
_NAME = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")


def register(name: str, *, aliases: Sequence[str] = ()) -> Callable[[S], S]:
    """Class decorator: add a strategy to the registry under ``name`` (kebab-case);
    ``aliases`` are other names :func:`get_strategy` accepts for it (old names)."""
    if not _NAME.fullmatch(name):
        raise StrategyError(f"strategy name {name!r} is not kebab-case (e.g. 'expected-size')")

    def deco(cls: S) -> S:
        for n in (name, *aliases):
            if _REGISTRY.get(_ALIASES.get(n, n), cls) is not cls:
                raise StrategyError(f"strategy name {n!r} registered twice")
        if cls.randomized and "seed" not in inspect.signature(cls.__init__).parameters:
            raise StrategyError(f"strategy {name!r} is randomized but takes no seed option")
        cls.name = name
        cls.description = _summary(cls.__doc__ or "")
        _REGISTRY[name] = cls
        _ALIASES.update(dict.fromkeys(aliases, name))
        return cls

    return deco


def _summary(doc: str) -> str:
    """A docstring's first paragraph on one line, its ``literal`` markup dropped:
    the one-line description a listing shows."""
    paragraph = doc.strip().split("\n\n", 1)[0]
    return " ".join(paragraph.replace("``", "").split())


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
    """The strategy registered as ``name`` (or under the old name ``name``)."""
    _discover()
    try:
        return _REGISTRY[_ALIASES.get(name, name)]
    except KeyError:
        raise UnknownStrategyError(
            f"unknown strategy {name!r}; choose one of: {', '.join(sorted(_REGISTRY))}"
        ) from None


def get_strategy(name: str, **options: Any) -> Strategy:
    """Instantiate a registered strategy with its options, checked by :func:`check_options`.

    Raises :class:`UnknownStrategyError` for an unknown name and
    :class:`InvalidOptionError` for a bad option (also one the constructor refuses).
    """
    cls = strategy_class(name)
    checked = check_options(name, options)
    try:
        return cls(**checked)
    except (TypeError, ValueError) as exc:
        raise InvalidOptionError(f"bad options for strategy {name!r}: {exc}") from None


# -- options ----------------------------------------------------------------------------


@dataclass(frozen=True)
class AtLeast:
    """Annotation metadata: the smallest value a number option takes,
    e.g. ``width: Annotated[int, AtLeast(1)] = 10``."""

    minimum: float


class _WordMarker:
    def __repr__(self) -> str:
        return "WORD"


#: Annotation of an option that names a word (letters only; checked against the
#: list's allowed guesses by :func:`check_options` when it is given the list)
Word = Annotated[str, _WordMarker()]

_KINDS: dict[type, str] = {bool: "bool", int: "int", float: "float", str: "str"}
#: integers beyond this are refused (numpy and the caches hold 64-bit numbers)
_INT_LIMIT = 2**63 - 1
#: longest text a plain string option takes
_MAX_TEXT = 200
_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


@dataclass(frozen=True)
class StrategyOption:
    """One constructor option of a strategy: its name, type and default, the
    smallest value of a number, whether it is a word and whether ``None`` is allowed."""

    name: str
    kind: type
    default: Any
    minimum: float | None = None
    word: bool = False
    optional: bool = False

    @property
    def type_name(self) -> str:
        return _KINDS[self.kind]

    def as_dict(self) -> dict[str, Any]:
        """JSON form: ``{"name", "type", "default"}`` plus ``minimum`` and ``word`` when set."""
        out: dict[str, Any] = {"name": self.name, "type": self.type_name, "default": self.default}
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.word:
            out["word"] = True
        return out

    def _bad(self, what: str, value: Any) -> InvalidOptionError:
        return InvalidOptionError(f"{self.name} must be {what}, not {_shown(value)}")

    def parse(self, text: str) -> Any:
        """The value of ``text`` typed on a command line (``true``/``no``/``0`` for a bool)."""
        raw = text.strip()
        if self.kind is bool:
            if raw.lower() in _TRUE:
                return True
            if raw.lower() in _FALSE:
                return False
            raise self._bad("true or false (also yes/no, on/off, 1/0)", raw)
        if self.kind in (int, float):
            try:
                number = int(raw) if self.kind is int else float(raw)
            except ValueError:
                raise self._bad("a whole number" if self.kind is int else "a number", raw) from None
            return self.check(number)
        return self.check(raw)

    def check(self, value: Any) -> Any:
        """``value`` (from Python or JSON) if it has the option's type and range, normalised
        (a word lower-cased); else :class:`InvalidOptionError`."""
        if value is None and self.optional:
            return None
        if self.kind is bool:
            if isinstance(value, bool | np.bool_):
                return bool(value)
            raise self._bad("true or false", value)
        if self.kind in (int, float):
            return self._number(value)
        if not isinstance(value, str):
            raise self._bad("a word of letters" if self.word else "text", value)
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise self._bad("valid text", value) from None
        if not self.word:
            if len(value) > _MAX_TEXT:
                raise InvalidOptionError(f"{self.name} is longer than {_MAX_TEXT} characters")
            return value
        word = value.strip().lower()
        if not word.isalpha() or not MIN_LENGTH <= len(word) <= MAX_LENGTH:
            raise self._bad(f"a word of {MIN_LENGTH} to {MAX_LENGTH} letters, e.g. 'salet'", value)
        return word

    def _number(self, value: Any) -> int | float:
        what = "a whole number" if self.kind is int else "a number"
        if isinstance(value, bool | np.bool_) or not isinstance(value, int | float | np.integer | np.floating):
            raise self._bad(what, value)
        if isinstance(value, float | np.floating):
            if not math.isfinite(value):
                raise self._bad(f"a finite {what.removeprefix('a ')}", value)
            if self.kind is int and not float(value).is_integer():
                raise self._bad(what, value)
        number: int | float = int(value) if self.kind is int else float(value)
        if self.kind is int and abs(number) > _INT_LIMIT:
            raise self._bad(f"{what} below {_INT_LIMIT}", value)
        if self.minimum is not None and number < self.minimum:
            low = int(self.minimum) if float(self.minimum).is_integer() else self.minimum
            raise self._bad(f"at least {low}", value)
        return number


def _option_type(hint: Any, default: Any) -> tuple[type | None, float | None, bool, bool]:
    """(kind, minimum, is a word, None allowed) of one annotation."""
    optional = False
    args = typing.get_args(hint)
    if typing.get_origin(hint) in (typing.Union, UnionType):
        rest = [a for a in args if a is not type(None)]
        optional = len(rest) < len(args)
        hint = rest[0] if len(rest) == 1 else None
    minimum, word = None, False
    if typing.get_origin(hint) is Annotated:
        hint, *meta = typing.get_args(hint)
        for m in meta:
            if isinstance(m, AtLeast):
                minimum = m.minimum
            elif isinstance(m, _WordMarker):
                word = True
    if hint not in _KINDS:
        hint = type(default) if default is not None and type(default) in _KINDS else None
    return hint, minimum, word, optional or default is None


def option_specs(strategy: str | type[Strategy]) -> tuple[StrategyOption, ...]:
    """The options a strategy takes, read from its constructor's signature.

    Parameters without a default, or of a type other than bool, int, float and
    str, are not options (nothing outside Python can give them).
    """
    return _class_specs(strategy_class(strategy) if isinstance(strategy, str) else strategy)


#: the options of each strategy class, read once (``Strategy.options`` reads them often)
_SPECS: dict[type[Strategy], tuple[StrategyOption, ...]] = {}


def _class_specs(cls: type[Strategy]) -> tuple[StrategyOption, ...]:
    specs = _SPECS.get(cls)
    if specs is None:
        specs = _SPECS[cls] = _read_specs(cls)
    return specs


def _read_specs(cls: type[Strategy]) -> tuple[StrategyOption, ...]:
    init = cls.__init__  # the class's own constructor
    try:
        hints = typing.get_type_hints(init, include_extras=True)
    except (NameError, TypeError, AttributeError):  # an annotation that does not resolve
        hints = {}
    try:
        params = inspect.signature(init).parameters
    except (TypeError, ValueError):
        return ()
    out = []
    for pname, param in params.items():
        if pname == "self" or param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            continue
        if param.default is param.empty:
            continue
        kind, minimum, word, optional = _option_type(hints.get(pname), param.default)
        if kind is not None:
            out.append(StrategyOption(pname, kind, param.default, minimum, word, optional))
    return tuple(out)


def _specs_for(name: str, keys: Sequence[str]) -> dict[str, StrategyOption]:
    specs = {o.name: o for o in option_specs(name)}
    for key in keys:
        if key not in specs:
            known = f"its options: {', '.join(specs)}" if specs else "it takes no options"
            raise InvalidOptionError(f"bad options for strategy {name!r}: no option {_shown(key)}; {known}")
    return specs


def _checked(name: str, values: Mapping[str, Any], how: Callable[[StrategyOption, Any], Any]) -> dict[str, Any]:
    specs = _specs_for(name, list(values))
    out = {}
    for key, value in values.items():
        try:
            out[key] = how(specs[key], value)
        except InvalidOptionError as exc:
            raise InvalidOptionError(f"bad options for strategy {name!r}: {exc}") from None
    return out


def check_options(name: str, options: Mapping[str, Any], words: WordList | None = None) -> dict[str, Any]:
    """``options`` for strategy ``name`` checked against its constructor (type, range, known
    name) and normalised; with ``words``, a word option must also be an allowed guess of it.

    Raises :class:`InvalidOptionError` (a ``ValueError``) with a one-line message.
    """
    out = _checked(name, options, StrategyOption.check)
    if words is not None:
        specs = _specs_for(name, list(out))
        for key, value in out.items():
            if specs[key].word and value is not None and value not in words.allowed_index:
                raise InvalidOptionError(
                    f"bad options for strategy {name!r}: {key} {value!r} is not an allowed guess of list {words.name!r}"
                )
    return out


def parse_options(name: str, texts: Mapping[str, str], words: WordList | None = None) -> dict[str, Any]:
    """Options typed on a command line (``{"width": "3", "fill": "no"}``) as the typed,
    checked values :func:`check_options` returns."""
    return check_options(name, _checked(name, texts, StrategyOption.parse), words)


def order_by(state: State, guesses: IndexArray, keys: Sequence[np.ndarray]) -> IndexArray:
    """Positions into ``guesses`` sorted by ``keys`` (ascending, first key most
    significant), then candidate-first, then (when answers are weighted) the more
    probable candidate first, then allowed index: the standard tie-break."""
    not_candidate = ~state.words.allowed_is_answer[guesses]
    if len(state.candidates) < len(state.words.answers):
        is_cand = np.zeros(len(state.words.allowed), dtype=bool)
        is_cand[state.words.answer_to_allowed[state.candidates]] = True
        not_candidate = ~is_cand[guesses]
    # np.lexsort sorts by the last key first
    if state.weights is None:
        return np.lexsort((guesses, not_candidate, *reversed(list(keys))))
    weight = np.zeros(len(state.words.allowed))
    weight[state.words.answer_to_allowed[state.candidates]] = np.asarray(state.weights)[state.candidates]
    return np.lexsort((guesses, -weight[guesses], not_candidate, *reversed(list(keys))))
