"""PNG figures of benchmark results and word-list statistics (matplotlib, Agg backend).

Each function takes data (``Results`` or a ``WordList``) and a path, writes one PNG
and returns the path; nothing is shown on screen.  Used by ``wordlelab bench
--plot DIR`` and ``wordlelab plot ...``.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from .simulate import WIN_LIMIT, Results
from .words import WordList

__all__ = [
    "bigram_counts",
    "bigram_plot",
    "comparison_figure",
    "comparison_plot",
    "histogram_plot",
    "letter_position_counts",
    "letter_position_plot",
    "plot_results",
]

_DPI = 110


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _save(fig: Any, path: str | Path, top: float = 1.0) -> Path:
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    fig.tight_layout(rect=(0, 0, 1, top))
    fig.savefig(p, dpi=_DPI)
    _pyplot().close(fig)
    return p


def _label(r: Results) -> str:
    return f"{r.strategy}{' (hard)' if r.hard else ''}"


def histogram_plot(results: Results, path: str | Path) -> Path:
    """Games per number of guesses (1..max, abandoned games as "X"), with mean and win rate."""
    plt = _pyplot()
    full = results.full_histogram
    top = max([k for k in full if k > 0], default=WIN_LIMIT)
    xs = list(range(1, max(top, WIN_LIMIT) + 1))
    ys = [full.get(k, 0) for k in xs]
    labels = [str(x) for x in xs]
    if results.unsolved:
        labels.append("X")
        ys.append(results.unsolved)
    colors = ["#6aaa64" if i < WIN_LIMIT else "#c9504c" for i in range(len(ys))]
    fig, ax = plt.subplots(figsize=(7, 4.2))
    bars = ax.bar(labels, ys, color=colors)
    ax.bar_label(bars, fontsize=9)
    ax.set_xlabel("guesses needed")
    ax.set_ylabel("games")
    ax.set_title(
        f"{_label(results)} on {results.words} ({results.rule} rule): mean {results.mean:.4f}, "
        f"wins {results.win_rate:.1%}",
        fontsize=10,
    )
    ax.margins(y=0.12)
    return _save(fig, path)


def comparison_plot(results: Sequence[Results], path: str | Path) -> Path:
    """Side-by-side bars of mean guesses and bust rate (games needing more than 6);
    the mean alone, and the title saying so, when no game of any run busts."""
    fig = comparison_figure(results)
    return _save(fig, path, top=1 - 0.35 / fig.get_figheight())


def comparison_figure(results: Sequence[Results]) -> Any:
    """The figure :func:`comparison_plot` writes (a matplotlib ``Figure``)."""
    plt = _pyplot()
    runs = sorted(results, key=lambda r: r.mean)
    names = [_label(r) for r in runs]
    height = max(3.0, 0.32 * len(runs) + 1.4)
    busts = [100 * r.bust_rate for r in runs]
    any_bust = any(b > 0 for b in busts)
    if any_bust:
        fig, (left, right) = plt.subplots(1, 2, figsize=(11, height), sharey=True)
    else:  # an empty panel of zero bars says nothing: one line in the title says it
        fig, left = plt.subplots(figsize=(7, height))
    y = np.arange(len(runs))
    means = [r.mean for r in runs]
    b1 = left.barh(y, means, color="#538d4e")
    left.bar_label(b1, labels=[f"{m:.3f}" for m in means], fontsize=8, padding=2)
    left.set_yticks(y, names, fontsize=8)
    left.set_ylim(len(runs) - 0.5, -0.5)  # best on top, no empty margin
    left.set_xlabel("mean guesses to win (lower is better)")
    left.set_xlim(0, max(means, default=1) * 1.15)
    if any_bust:
        b2 = right.barh(y, busts, color="#c9504c")
        right.bar_label(b2, labels=[f"{b:.2f}%" for b in busts], fontsize=8, padding=2)
        right.set_xlabel(f"games needing more than {WIN_LIMIT} guesses (%)")
        right.set_xlim(0, max(max(busts, default=0) * 1.2, 1))
        fig.suptitle("Strategy comparison", fontsize=11)
    else:
        fig.suptitle(f"Strategy comparison (no game needed more than {WIN_LIMIT} guesses)", fontsize=11)
    return fig


def letter_position_counts(words: WordList, which: str = "answers") -> np.ndarray:
    """``int64[26-ish, L]``: how many words have each letter (rows, alphabet order) at each position."""
    codes = words.answer_codes if which == "answers" else words.allowed_codes
    alpha = len(words.alphabet)
    return np.stack([np.bincount(codes[:, i], minlength=alpha) for i in range(words.length)], axis=1)


def letter_position_plot(words: WordList, path: str | Path, which: str = "answers") -> Path:
    """Heat map of letter frequency per position (share of the words, in %)."""
    plt = _pyplot()
    counts = letter_position_counts(words, which)
    n = len(words.answers) if which == "answers" else len(words.allowed)
    share = 100 * counts / n
    fig, ax = plt.subplots(figsize=(1.1 * words.length + 2.5, 7.5))
    im = ax.imshow(share, aspect="auto", cmap="Greens")
    ax.set_yticks(range(len(words.alphabet)), [c.upper() for c in words.alphabet], fontsize=8)
    ax.set_xticks(range(words.length), [str(i + 1) for i in range(words.length)])
    ax.set_xlabel("position")
    _label_cells(ax, share, shown=share >= 1, digits=0, fontsize=6)
    fig.colorbar(im, ax=ax, label="% of words")
    ax.set_title(f"Letter frequency by position: {words.name} {which} ({n} words)", fontsize=10)
    return _save(fig, path)


def _label_cells(ax: Any, data: np.ndarray, *, shown: np.ndarray, digits: int, fontsize: int) -> None:
    """Write each ``shown`` cell's value on a heat map, white on the darkest cells."""
    dark = data.max() * 0.6
    for (r, c), v in np.ndenumerate(data):
        if shown[r, c]:
            ax.text(
                c,
                r,
                f"{v:.{digits}f}",
                ha="center",
                va="center",
                fontsize=fontsize,
                color="white" if v > dark else "black",
            )


def bigram_counts(words: WordList, which: str = "answers") -> dict[str, np.ndarray]:
    """Adjacent letter pair -> ``int64[L-1]`` counts at positions (1,2), (2,3), ..."""
    pool = words.answers if which == "answers" else words.allowed
    out: dict[str, np.ndarray] = {}
    for w in pool:
        for i in range(len(w) - 1):
            out.setdefault(w[i : i + 2], np.zeros(len(w) - 1, dtype=np.int64))[i] += 1
    return out


def bigram_plot(words: WordList, path: str | Path, top: int = 5, which: str = "answers") -> Path:
    """Heat map of the ``top`` most frequent letter pairs at each position pair (the R seed's
    figure): rows are the pairs that make any position's top list."""
    plt = _pyplot()
    counts = bigram_counts(words, which)
    n = len(words.answers) if which == "answers" else len(words.allowed)
    slots = words.length - 1
    rows: list[str] = []
    for i in range(slots):
        best = sorted(counts, key=lambda b: (-counts[b][i], b))[:top]
        rows.extend(b for b in best if b not in rows)
    rows.sort()
    data = np.array([counts[b] for b in rows], dtype=np.float64) / n * 100
    fig, ax = plt.subplots(figsize=(1.2 * slots + 3, 0.28 * len(rows) + 1.6))
    im = ax.imshow(data, aspect="auto", cmap="Greens")
    ax.set_yticks(range(len(rows)), [b.upper() for b in rows], fontsize=8)
    ax.set_xticks(range(slots), [f"{i + 1},{i + 2}" for i in range(slots)])
    ax.set_xlabel("positions")
    _label_cells(ax, data, shown=data > 0, digits=1, fontsize=7)
    fig.colorbar(im, ax=ax, label="% of words")
    ax.set_title(f"Most frequent letter pairs by position ({words.name} {which})", fontsize=10)
    return _save(fig, path)


def _slug(r: Results) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in _label(r)).strip("_")


def plot_results(results: Sequence[Results], directory: str | Path) -> list[Path]:
    """One histogram per run plus, for two or more runs, the comparison bars."""
    d = Path(directory)
    paths = [histogram_plot(r, d / f"hist-{_slug(r)}.png") for r in results]
    if len(results) > 1:
        paths.append(comparison_plot(results, d / "comparison.png"))
    return paths
