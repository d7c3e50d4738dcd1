"""``bench/opener_cpu.py --buckets``: an opener's buckets asked for a tree, smallest first, as the search asks them."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import numpy as np
import pytest

from wordlelab import load_wordlist, pattern_table
from wordlelab.search import Solver
from wordlelab.search._memo import INF
from wordlelab.state import Step

Loader = Callable[[str], ModuleType]


def test_every_bucket_is_asked_smallest_first_and_answered_as_its_value(bench_module: Loader) -> None:
    words = load_wordlist("original")
    table = pattern_table(words)
    answers = np.arange(len(words.answers))
    g = words.allowed.index("resty")
    rows = list(bench_module("opener_cpu").bucket_proofs(Solver(words, table, "hard"), table, answers, g, True))
    sizes = [size for _, size, _, _ in rows]
    assert sizes == sorted(sizes) and sum(sizes) == len(answers)
    assert len({p for p, _, _, _ in rows}) == len(rows)
    # each answer is the bucket's value, finite or not, from a search of its own
    for p, size, found, _ in rows:
        if size <= 40:
            bucket = answers[table[g, answers] == p]
            value = Solver(words, table, "hard").value(bucket, history=(Step(g, p),))
            assert found == (value < INF), (p, size)
    # RESTY has no tree on the original lists (its table row is inf)
    assert not all(found for _, _, found, _ in rows)


def test_the_opener_is_decided_by_the_first_bucket_without_a_tree(
    bench_module: Loader, capsys: pytest.CaptureFixture[str]
) -> None:
    assert bench_module("opener_cpu").main(["--words", "original", "--mode", "hard", "--buckets", "resty"]) == 0
    lines = [line.split() for line in capsys.readouterr().out.splitlines() if line.startswith("  ")]
    assert lines and [row[2] for row in lines] == ["tree"] * (len(lines) - 1) + ["none"]
    assert all(len(row[0]) == 5 and set(row[0]) <= set("gyb") for row in lines)


@pytest.mark.parametrize(
    "argv",
    [
        ["--words", "original", "--mode", "normal", "--buckets", "resty"],
        ["--words", "original", "--mode", "hard", "--all", "resty"],
        ["--words", "original", "--mode", "hard", "--buckets", "resty:3"],
    ],
)
def test_buckets_is_refused_where_it_has_no_meaning(bench_module: Loader, argv: list[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        bench_module("opener_cpu").main(argv)
    assert stop.value.code == 2
