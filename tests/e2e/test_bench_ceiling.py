"""``bench/ceiling.py``: the rows a run recorded over the ceiling, timed again and checked."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

from wordlelab import load_wordlist
from wordlelab.search.openers import ExactJob, OpenerResult, ResultStore

Loader = Callable[[str], ModuleType]


def _results(path: Path, rows: list[OpenerResult]) -> Path:
    key = ExactJob(load_wordlist("nyt"), "ultra").key
    with ResultStore(path) as store:
        for r in rows:
            store.add(key, r)
    return path


def test_the_rows_over_the_limit_are_timed_again_and_their_totals_checked(
    bench_module: Loader, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # CAPON's ultra total on the NYT lists is 8316 (the shipped table's row)
    path = _results(
        tmp_path / "run.sqlite",
        [OpenerResult("capon", 8316, 79.0, 1), OpenerResult("sered", 8458, 12.0, 1)],
    )
    assert bench_module("ceiling").main(["--words", "nyt", "--mode", "ultra", "--results", str(path)]) == 0
    out = capsys.readouterr().out
    assert "2 exact rows recorded, 1 over 60 s; timing 1 again" in out
    assert "capon" in out and "sered" not in out
    # (how many are still over the limit is a matter of time, not asserted)
    assert "of 1 timed" in out and "slowest capon" in out
    # the two slowest, whatever the limit
    assert (
        bench_module("ceiling").main(["--words", "nyt", "--mode", "ultra", "--results", str(path), "--slowest", "2"])
        == 0
    )
    assert "timing 2 again" in capsys.readouterr().out


def test_a_total_unlike_the_recorded_one_fails(
    bench_module: Loader, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _results(tmp_path / "run.sqlite", [OpenerResult("capon", 8317, 79.0, 1)])
    assert bench_module("ceiling").main(["--words", "nyt", "--mode", "ultra", "--results", str(path)]) == 1
    assert "capon: 8316, the results file has 8317" in capsys.readouterr().err


def test_a_missing_results_file_is_one_line(
    bench_module: Loader, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        bench_module("ceiling").main(["--words", "nyt", "--mode", "ultra", "--results", str(tmp_path / "none.sqlite")])
        == 1
    )
    assert "no results file at" in capsys.readouterr().err
