"""Figures are written as real PNGs; the counts behind them are checked by hand."""

from __future__ import annotations

import numpy as np

from wordlelab import WordList
from wordlelab.plots import (
    bigram_counts,
    bigram_plot,
    comparison_plot,
    histogram_plot,
    letter_position_counts,
    letter_position_plot,
    plot_results,
)
from wordlelab.simulate import run_benchmark

PNG = b"\x89PNG\r\n\x1a\n"


def tiny() -> WordList:
    return WordList.from_words(["abc", "abd", "bbd"], name="tiny")


def test_counts_by_hand() -> None:
    wl = tiny()
    counts = letter_position_counts(wl)
    a, b, c, d = (wl.alphabet.index(x) for x in "abcd")
    assert counts[a].tolist() == [2, 0, 0]
    assert counts[b].tolist() == [1, 3, 0]
    assert counts[d].tolist() == [0, 0, 2]
    assert counts[c].tolist() == [0, 0, 1]
    pairs = bigram_counts(wl)
    assert pairs["ab"].tolist() == [2, 0]
    assert pairs["bb"].tolist() == [1, 0]
    assert pairs["bd"].tolist() == [0, 2]
    assert pairs["bc"].tolist() == [0, 1]


def test_every_figure_is_a_png(tmp_path, small_words) -> None:  # type: ignore[no-untyped-def]
    a = run_benchmark(small_words, "entropy")
    b = run_benchmark(small_words, "naive", rules="hard")
    paths = [
        histogram_plot(a, tmp_path / "h.png"),
        comparison_plot([a, b], tmp_path / "c.png"),
        letter_position_plot(small_words, tmp_path / "l.png"),
        bigram_plot(small_words, tmp_path / "b.png", top=3),
        *plot_results([a, b], tmp_path / "dir"),
    ]
    assert len(paths) == 7
    for p in paths:
        data = p.read_bytes()
        assert data.startswith(PNG) and len(data) > 5000


def test_histogram_shows_abandoned_games(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from wordlelab import get_strategy

    wl = WordList.from_words(["xab", "xac", "xad", "xae"], name="ladder")
    r = run_benchmark(wl, get_strategy("entropy", candidates_only=True), max_turns=2)
    assert r.unsolved == 2
    assert histogram_plot(r, tmp_path / "x.png").read_bytes().startswith(PNG)
    assert np.count_nonzero(r.guesses < 0) == 2
