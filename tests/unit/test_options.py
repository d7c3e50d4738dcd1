"""Strategy options are typed by the constructors' annotations and checked in one
place (strategies.base); values from Python/JSON and from a command line alike."""

from __future__ import annotations

from typing import Any

import pytest

from wordlelab import InvalidOptionError, WordlelabError, WordList, get_strategy
from wordlelab.strategies.base import check_options, option_specs, parse_options


def test_option_types_come_from_the_constructors() -> None:
    width, cands = option_specs("entropy-2")
    assert (width.name, width.kind, width.default, width.minimum) == ("width", int, 10, 1)
    assert (cands.name, cands.kind, cands.default) == ("candidates_only", bool, False)
    start, openers = option_specs("optimal")
    assert start.word and start.optional and start.kind is str and start.default is None
    assert openers.as_dict() == {"name": "openers", "type": "int", "default": 3, "minimum": 1}
    (seed,) = option_specs("random")
    assert seed.minimum == 0
    assert option_specs("most-popular") == ()


@pytest.mark.parametrize(
    ("name", "options", "needle"),
    [
        ("entropy-2", {"width": True}, "width must be a whole number, not True"),
        ("entropy-2", {"width": float("inf")}, "finite"),
        ("entropy-2", {"width": float("nan")}, "finite"),
        ("entropy-2", {"width": 2.5}, "whole number"),
        ("entropy-2", {"width": 0}, "at least 1"),
        ("entropy-2", {"width": 10**30}, "whole number below"),
        ("entropy-2", {"width": "3"}, "whole number"),
        ("optimal", {"openers": float("inf")}, "finite"),
        ("optimal", {"start": 5}, "start must be a word of letters, not 5"),
        ("optimal", {"start": True}, "start must be a word"),
        ("optimal", {"start": "sa1et"}, "start must be a word"),
        ("demarcate", {"start": "\ud800"}, "valid text"),
        ("random", {"seed": -1}, "seed must be at least 0, not -1"),
        ("entropy", {"candidates_only": "false"}, "true or false"),
        ("entropy", {"candidates_only": 1}, "true or false"),
        ("entropy", {"depth": 3}, "no option 'depth'; its options: candidates_only"),
    ],
)
def test_wrong_type_or_range_is_a_one_line_value_error(name: str, options: dict[str, Any], needle: str) -> None:
    with pytest.raises(InvalidOptionError) as info:
        get_strategy(name, **options)
    assert isinstance(info.value, ValueError) and isinstance(info.value, WordlelabError)
    message = str(info.value)
    assert needle in message and f"bad options for strategy {name!r}" in message
    assert "\n" not in message and len(message) < 200


def test_good_values_are_normalised() -> None:
    assert get_strategy("entropy-2", width=3.0).options() == {"width": 3}
    assert get_strategy("optimal", start=" SALET ").options() == {"start": "salet"}
    assert get_strategy("optimal", start=None).options() == {}
    assert get_strategy("entropy", candidates_only=False).options() == {}


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("true", True),
        ("Yes", True),
        ("on", True),
        ("1", True),
        ("false", False),
        ("NO", False),
        ("off", False),
        ("0", False),
    ],
)
def test_command_line_booleans(text: str, value: bool) -> None:
    assert parse_options("entropy", {"candidates_only": text}) == {"candidates_only": value}


@pytest.mark.parametrize(
    ("texts", "needle"),
    [
        ({"width": "abc"}, "whole number, not 'abc'"),
        ({"width": "0"}, "at least 1"),
        ({"width": "inf"}, "whole number"),
        ({"candidates_only": "maybe"}, "true or false"),
    ],
)
def test_command_line_text_that_does_not_parse(texts: dict[str, str], needle: str) -> None:
    with pytest.raises(InvalidOptionError, match=needle):
        parse_options("entropy-2", texts)


def test_word_options_are_checked_against_the_list(small_words: WordList) -> None:
    assert check_options("demarcate", {"start": "CIGAR"}, small_words) == {"start": "cigar"}
    with pytest.raises(InvalidOptionError, match="'zzzzz' is not an allowed guess of list 'small'"):
        check_options("demarcate", {"start": "zzzzz"}, small_words)
    with pytest.raises(InvalidOptionError, match="not an allowed guess"):
        parse_options("optimal", {"start": "raise"}, small_words)
    assert check_options("optimal", {"start": None}, small_words) == {"start": None}
