"""The committed trees under docs/trees: replayed in CI; the proofs re-run (the slow one marked)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from wordlelab import WordList
from wordlelab.cli import app
from wordlelab.search import Solver, read_tree, verify_tree

TREES = Path(__file__).resolve().parents[2] / "docs" / "trees"

#: file, start, hard, cap, answers-only guesses, total (the published figures)
FIGURES = [
    ("salet-normal.tree", "salet", False, 6, False, 7920),
    ("salet-hard.tree", "salet", True, 6, False, 8122),
    ("palet-hard-max5.tree", "palet", True, 5, False, 8206),
    ("slate-answers-only.tree", "slate", False, 6, True, 7973),
]


@pytest.mark.parametrize("name,start,hard,cap,answers_only,total", FIGURES)
def test_committed_tree_verifies(
    words: WordList, table: np.ndarray, name: str, start: str, hard: bool, cap: int, answers_only: bool, total: int
) -> None:
    tree, head = read_tree(TREES / name, words)
    v = verify_tree(tree, table, head)
    assert v.stats.total == total and v.stats.answers == len(words.answers)
    assert tree.hard == hard and tree.max_guesses == cap and tree.proven
    assert words.allowed[tree.root.guess] == start
    assert (tree.guesses_pool == "answers") == answers_only


def test_verify_tree_command() -> None:
    res = CliRunner().invoke(app, ["verify-tree", str(TREES / "salet-hard.tree")])
    assert res.exit_code == 0, res.output
    assert "total 8122" in res.stdout and "hard mode checked" in res.stdout


def _prove(words: WordList, table: np.ndarray, start: str, hard: bool, cap: int, answers_only: bool) -> int:
    solver = Solver(words, table, rules="hard" if hard else "normal", max_guesses=cap, answers_only=answers_only)
    return solver.value(np.arange(len(words.answers)), guess=solver.check_start(start))


# a few seconds each once compiled: cheap enough for CI
@pytest.mark.parametrize("fig", [f for f in FIGURES if f[0] != "palet-hard-max5.tree"], ids=lambda f: f[0])
def test_proof(words: WordList, table: np.ndarray, fig: tuple) -> None:
    _, start, hard, cap, answers_only, total = fig
    assert _prove(words, table, start, hard, cap, answers_only) == total


@pytest.mark.slow
def test_proof_palet_hard_max5(words: WordList, table: np.ndarray) -> None:
    assert _prove(words, table, "palet", True, 5, False) == 8206


@pytest.mark.slow
def test_cap_is_binding(words: WordList, table: np.ndarray) -> None:
    """SALET's hard-mode optimum needs a sixth guess; capped at 5 it costs more."""
    capped = _prove(words, table, "salet", True, 5, False)
    assert capped > 8122


def test_fresh_tree_equals_committed(tmp_path: Path) -> None:
    """The command reproduces the committed file byte for byte (answers-only: the fast one)."""
    out = tmp_path / "s.tree"
    res = CliRunner().invoke(app, ["optimal", "--start", "slate", "--answers-only-guesses", "--tree", str(out)])
    assert res.exit_code == 0, res.output
    assert out.read_text() == (TREES / "slate-answers-only.tree").read_text()
