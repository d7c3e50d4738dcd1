"""The strategy contract declared on :class:`Strategy`: every registered strategy
declares what the tree walk, the benchmark, the CLI and the web read, and the
declarations agree with what the strategy does."""

from __future__ import annotations

from typing import ClassVar

import pytest

from wordlelab import WordList, get_strategy, strategy_names
from wordlelab.simulate import endgame_limit, run_benchmark
from wordlelab.state import State
from wordlelab.strategies import Ranked, Strategy, register, strategy_class
from wordlelab.strategies.base import option_specs
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

    with pytest.raises(TypeError, match="seed"):
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
