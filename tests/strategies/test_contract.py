"""The strategy contract declared on :class:`Strategy`: every registered strategy
declares what the tree walk, the benchmark, the CLI and the web read, and the
declarations agree with what the strategy does."""

from __future__ import annotations

import re
from typing import ClassVar

import pytest
from typer.testing import CliRunner

from wordlelab import Session, WordList, get_strategy, strategy_names
from wordlelab.cli import app
from wordlelab.cli.assistant import figure_columns
from wordlelab.errors import StrategyError, UnknownStrategyError
from wordlelab.simulate import endgame_limit, run_benchmark
from wordlelab.state import State
from wordlelab.strategies import Ranked, Strategy, register, strategy_class
from wordlelab.strategies.base import StrategyOption, option_specs
from wordlelab.table import pattern_table


def make(name: str) -> Strategy:
    return get_strategy(name, seed=7) if strategy_class(name).randomized else get_strategy(name)


@pytest.mark.parametrize("name", strategy_names())
def test_declarations_have_their_types(name: str) -> None:
    cls = strategy_class(name)
    assert cls.endgame_limit in (0, 1, 2)
    assert isinstance(cls.expensive, bool) and isinstance(cls.randomized, bool)
    assert isinstance(cls.score_label, str) and cls.score_label


@pytest.mark.parametrize("name", strategy_names())
def test_the_walk_reads_the_declared_endgame_limit(name: str) -> None:
    assert endgame_limit(make(name)) == strategy_class(name).endgame_limit


def test_the_partition_strategies_are_the_cheap_ones() -> None:
    cheap = {n for n in strategy_names() if not strategy_class(n).expensive}
    assert cheap == {"entropy", "expected-size", "most-parts", "minimax", "avg-reduction"}
    assert strategy_class("optimal").expensive and strategy_class("entropy-2").expensive


@pytest.mark.parametrize("name", [n for n in strategy_names() if strategy_class(n).randomized])
def test_a_randomized_strategy_takes_a_seed(small_words: WordList, name: str) -> None:
    assert "seed" in {o.name for o in option_specs(name)}
    assert get_strategy(name, seed=11).seed == 11
    r = run_benchmark(small_words, get_strategy(name, seed=11))
    assert r.seed == 11


def test_a_deterministic_strategy_reports_no_seed(small_words: WordList) -> None:
    strat = get_strategy("entropy")
    assert strat.seed is None
    assert run_benchmark(small_words, strat).seed is None


def test_register_refuses_a_randomized_strategy_without_a_seed() -> None:
    class NoSeed(Strategy):
        randomized: ClassVar[bool] = True

    with pytest.raises(StrategyError, match="seed"):
        register("contract-test-no-seed")(NoSeed)
    assert "contract-test-no-seed" not in strategy_names()


@pytest.mark.parametrize("name", strategy_names())
def test_score_label_names_the_score_where_stats_carry_it(small_words: WordList, name: str) -> None:
    """Where a strategy's figures include its score, they hold it under ``score_label``."""
    strat = make(name)
    ranked: list[Ranked] = strat.rank(State.initial(small_words, pattern_table(small_words)), 3)
    label = type(strat).score_label
    assert ranked
    for r in ranked:
        if label in r.stats:
            assert r.stats[label] == pytest.approx(r.score)


def test_tree_ready_defaults_to_true(small_words: WordList) -> None:
    state = State.initial(small_words, pattern_table(small_words))
    assert get_strategy("entropy").tree_ready(state)
    assert Strategy.tree_ready is not strategy_class("optimal").tree_ready


KEBAB = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
OLD_NAMES = {
    "sc_added": "sc-added",
    "sc_prod": "sc-prod",
    "sc_sq_added": "sc-sq-added",
    "sc_sq_prod": "sc-sq-prod",
    "set_score": "set-score",
    "in_words": "in-words",
    "set_in_prod": "set-in-prod",
    "all_prod": "all-prod",
}


def test_registered_names_are_kebab_case() -> None:
    names = strategy_names()
    assert [n for n in names if not KEBAB.fullmatch(n)] == []
    assert all(strategy_class(n).name == n for n in names)


@pytest.mark.parametrize("old, new", sorted(OLD_NAMES.items()))
def test_old_names_are_aliases_not_listed(old: str, new: str) -> None:
    assert old not in strategy_names() and new in strategy_names()
    assert strategy_class(old) is strategy_class(new)
    strat = get_strategy(old, commons=True)
    assert strat.name == new and strat.key == f"{new}(commons=True)"


def test_an_unknown_name_lists_only_the_registered_names() -> None:
    with pytest.raises(UnknownStrategyError) as err:
        strategy_class("sc-nothing")
    assert "sc-added" in str(err.value) and "sc_added" not in str(err.value)


def test_register_refuses_a_name_not_in_kebab_case() -> None:
    with pytest.raises(StrategyError, match="kebab-case"):
        register("Snake_Name")


def test_register_refuses_an_alias_taken_by_another_strategy() -> None:
    class Other(Strategy):
        pass

    with pytest.raises(StrategyError, match="sc_added"):
        register("contract-test-other", aliases=["sc_added"])(Other)
    assert strategy_class("sc_added") is strategy_class("sc-added")
    assert "contract-test-other" not in strategy_names()


def _table_rows(output: str) -> list[list[str]]:
    """The cells of each body row of a rich table printed by the CLI."""
    return [[c.strip() for c in line.strip("│ \n").split("│")] for line in output.splitlines() if line.startswith("│")]


@pytest.mark.parametrize("name", ["sc-added", "two-phase", "naive", "entropy-2"])
def test_suggest_shows_the_strategy_own_score(words: WordList, name: str) -> None:
    """``suggest`` shows the score a strategy sorts on, under its ``score_label``."""
    runner = CliRunner()
    args = ["suggest", "--words", "original", "-s", name, "--history", "salet:00120", "-n", "3"]
    r = runner.invoke(app, args, env={"COLUMNS": "200"})
    assert r.exit_code == 0, r.output
    header = next(line for line in r.output.splitlines() if line.startswith("┃"))
    assert strategy_class(name).score_label in header
    session = Session(words)
    session.play("salet", "00120")
    expect = session.suggest(get_strategy(name), 3)
    rows = _table_rows(r.output)
    assert [row[1] for row in rows] == [e.word for e in expect]
    for row, e in zip(rows, expect, strict=True):
        assert "-" not in row
        assert float(row[2]) == pytest.approx(e.score, abs=1e-3)


def test_figure_columns() -> None:
    plain = [Ranked(0, "aaaaa", 2.0, {"zipf": 2.0})]
    assert figure_columns("zipf", plain) == ["zipf"]
    full = [Ranked(0, "aaaaa", 2.0, {"entropy": 2.0, "expected": 1.0, "parts": 3.0, "largest": 1.0})]
    assert figure_columns("entropy", full) == ["entropy", "expected", "parts", "largest"]
    assert figure_columns("two_step", full) == ["two_step", "entropy", "expected", "parts", "largest"]
    assert figure_columns("largest", plain) == ["largest"]


def _other_value(spec: StrategyOption) -> object:
    """A valid value of an option other than its default."""
    if spec.kind is bool:
        return not spec.default
    if spec.kind is int:
        return (spec.default or 0) + 3
    if spec.kind is float:
        return (spec.default or 0.0) + 0.5
    return "crane" if spec.default != "crane" else "slate"


@pytest.mark.parametrize("name", strategy_names())
def test_options_are_derived_from_the_constructor(name: str) -> None:
    """The key holds exactly the options that differ from their defaults (a randomized
    strategy's seed always), and rebuilding from it gives the same strategy."""
    plain = make(name)
    assert plain.options() == ({"seed": 7} if plain.randomized else {})
    for spec in option_specs(name):
        value = _other_value(spec)
        strat = get_strategy(name, **{spec.name: value})
        assert strat.options()[spec.name] == value
        assert f"{spec.name}={value}" in strat.key
        assert get_strategy(name, **strat.options()).key == strat.key
