"""`wordlelab review` in-process (CliRunner) and once as a subprocess."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from typer.testing import CliRunner

from wordlelab.cli import app

runner = CliRunner()
#: the full-list tests name the greedy strategy: the default (optimal, when
#: installed) searches a decision tree on first use, too slow for CI
FAST = ["--strategy", "entropy"]
GRID = (
    "Wordle 1,234 3/6*\n\n\u2b1b\u2b1b\u2b1b\u2b1b\u2b1b\n\u2b1b\U0001f7e9\U0001f7e9\U0001f7e9\u2b1b\n"
    + "\U0001f7e9" * 5
)


def test_review_with_answer():
    res = runner.invoke(app, ["review", "salet", "drone", "crony", "--answer", "crony", *FAST])
    assert res.exit_code == 0, res.output
    assert "solved in 3, answer crony" in res.output
    assert "after guess 2: crony irony prong wrong" in res.output
    for word in ("SALET", "DRONE", "CRONY"):
        assert word in res.output


def test_review_grid_from_stdin_turns_on_hard_mode():
    res = runner.invoke(app, ["review", "salet,drone,crony", "--grid", "-", "--json", *FAST], input=GRID)
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["mode"] == "hard" and "hard" not in data and data["solved"] is True and data["answer"] == "crony"
    assert [g["pattern_text"] for g in data["guesses"]] == ["00000", "02220", "22222"]
    assert [g["candidates_after"] for g in data["guesses"]] == [221, 4, 0]


def test_review_patterns_and_breach_note():
    res = runner.invoke(app, ["review", "salet", "mummy", "--patterns", "00000,00000", "--hard", *FAST])
    # salet 00000 then mummy 00000 leaves candidates; mummy breaks no hint (nothing revealed)
    assert res.exit_code == 0, res.output
    assert "not solved after 2 guesses" in res.output
    res = runner.invoke(app, ["review", "salet", "mummy", "crate", "--answer", "crate", *FAST])
    assert res.exit_code == 0, res.output
    assert "guess 2 mummy: would break hard mode" in res.output


def test_review_bad_input_exits_2():
    for args, text in [
        (["review", "salet", "--answer", "zzzzz"], "not in the allowed"),
        (["review", "salet"], "answer or the colours"),
        (["review", "salet", "--grid", "x", "--patterns", "00000"], "not both"),
        (["review", "salet", "--grid", "hello"], "no grid rows"),
        (["review", "salet", "crony", "--patterns", "22222,22222"], "already solved"),
    ]:
        res = runner.invoke(app, args)
        assert res.exit_code == 2, (args, res.output)
        assert text in res.output


def test_review_subprocess():
    exe = os.path.join(os.path.dirname(sys.executable), "wordlelab")
    out = subprocess.run(
        [exe, "review", "salet", "drone", "crony", "-a", "crony", "--json", *FAST],
        capture_output=True,
        text=True,
        check=True,
        env=os.environ.copy(),
        timeout=120,
    )
    assert json.loads(out.stdout)["n_guesses"] == 3


def test_review_default_strategy_on_a_small_word_file(tmp_path):
    answers = [
        "cigar",
        "rebut",
        "sissy",
        "humph",
        "awake",
        "blush",
        "focal",
        "evade",
        "naval",
        "serve",
        "heath",
        "dwarf",
        "model",
        "karma",
        "stink",
        "grade",
    ]
    path = tmp_path / "mine.txt"
    path.write_text("\n".join(answers) + "\n")
    res = runner.invoke(app, ["review", "serve", "grade", "-a", "grade", "-w", str(path)])
    assert res.exit_code == 0, res.output
    assert "'would play' = strategy optimal" in res.output
    assert "review (mine)" in res.output


def test_review_default_says_when_it_falls_back_to_entropy(tmp_path, monkeypatch):
    import wordlelab.review as review_mod

    monkeypatch.setenv("WORDLELAB_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(review_mod, "QUICK_OPTIMAL_ANSWERS", 4)  # the 16-word file counts as big
    path = tmp_path / "mine.txt"
    path.write_text("cigar\nrebut\nsissy\nhumph\nawake\nblush\nfocal\nevade\nnaval\nserve\nheath\ndwarf\n")
    args = ["review", "serve", "naval", "-a", "naval", "-w", str(path)]
    res = runner.invoke(app, args)
    assert res.exit_code == 0, res.output
    out = " ".join(res.output.split())  # undo rich's line wrapping
    assert "'would play' = strategy entropy: greedy, because no optimal tree is cached for list 'mine'" in out
    assert runner.invoke(app, [*args, "-s", "optimal"]).exit_code == 0  # searches and caches the tree
    res = runner.invoke(app, [*args, "--json"])
    data = json.loads(res.output)
    assert (data["suggestion_source"], data["suggestion_note"]) == ("optimal", "")
