"""``--mode normal|hard|ultra`` on the command line (``--hard`` its short form)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from wordlelab import Session, feedback, load_wordlist
from wordlelab.cli import app

runner = CliRunner()


def run(*args: str, input: str | None = None):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args), input=input)


def _commands(command=None, path=()):  # type: ignore[no-untyped-def]
    command = command or typer.main.get_command(app)
    out = [(path, command)]
    for name, sub in getattr(command, "commands", {}).items():
        out += _commands(sub, (*path, name))
    return out


def test_every_command_with_hard_takes_mode() -> None:
    with_hard = []
    for path, command in _commands():
        opts = {o for p in getattr(command, "params", []) for o in getattr(p, "opts", [])}
        if "--hard" in opts:
            with_hard.append(" ".join(path))
            assert "--mode" in opts, f"`wordlelab {' '.join(path)}` has --hard but no --mode"
    # the commands the issue names, at least
    assert {"solve", "suggest", "assist", "play", "review", "bench", "optimal", "openers"} <= set(with_hard)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["solve", "react", "--mode", "extreme"], "unknown mode 'extreme'"),
        (["solve", "react", "--hard", "--mode", "ultra"], "--hard is short for --mode hard"),
        (["bench", "-s", "entropy", "--mode", "ultra", "--rule", "naive"], "--mode ultra needs the official rule"),
        (["bench", "-s", "entropy", "--mode", "ultra", "--both-modes"], "--both-modes"),
        (["suggest", "--history", "salet:01012,caret:11112", "--mode", "ultra"], "it was yellow there"),
    ],
)
def test_bad_mode_options_are_one_line_and_exit_2(args: list[str], message: str) -> None:
    r = run(*args)
    assert r.exit_code == 2, r.output
    assert message in r.output
    assert "Traceback" not in r.output


def test_solve_and_suggest_say_the_mode() -> None:
    r = run("solve", "react", "--mode", "ultra", "--start", "salet", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["mode"] == "ultra" and "hard" not in data
    # every guess after SALET fits its clue (T last, no S or L, A not 2nd, E not 4th)
    for turn in data["turns"][1:]:
        w = turn["guess"]
        assert w[4] == "t" and not set(w) & {"s", "l"} and w[1] != "a" and w[3] != "e", w
    r = run("suggest", "--history", "salet:01012", "--hard", "--json")
    assert json.loads(r.output)["mode"] == "hard"


def test_play_refuses_a_breach_with_the_reason() -> None:
    words = load_wordlist()
    answer = random.Random(1).choice(words.answers)  # what `play --seed 1` hides
    assert answer != "salet"
    session = Session(words, rules="ultra")
    session.play("salet", feedback("salet", answer))
    why = session.state.violation(words.guess_id("salet"))  # SALET again cannot fit its own clue
    assert why
    r = run("play", "--words", "original", "--mode", "ultra", "--seed", "1", input="salet\nsalet\nquit\n")
    assert "(ultra mode)" in r.output
    assert why in r.output, r.output


def test_review_flags_ultra_breaches() -> None:
    r = run("review", "salet", "caret", "react", "--answer", "react", "--mode", "ultra", "-s", "entropy")
    assert r.exit_code == 0, r.output
    assert "ultra mode" in r.output
    assert "guess 2 caret: breaks ultra mode: 2nd letter may not be A: it was yellow there" in r.output


def test_optimal_in_ultra_mode_writes_a_tree_verify_tree_checks(tmp_path: Path) -> None:
    out = tmp_path / "salet-ultra.tree"
    r = run("optimal", "--start", "salet", "--mode", "ultra", "--tree", str(out), "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert (data["total"], data["mode"], data["proven"]) == (8125, "ultra", True)
    r = run("verify-tree", str(out))
    assert r.exit_code == 0 and "ultra mode checked" in r.output, r.output


def test_bench_in_ultra_mode(tmp_path: Path) -> None:
    r = run("bench", "-s", "minimax", "--mode", "ultra", "--sample", "40", "--json")
    assert r.exit_code == 0, r.output
    rows = json.loads(r.output)
    rows = rows if isinstance(rows, list) else rows.get("results", [rows])
    assert rows and all(row["mode"] == "ultra" for row in rows)


def test_optimal_says_how_many_answers_no_tree_can_find() -> None:
    r = run("optimal", "--start", "trace", "--mode", "ultra")
    assert r.exit_code == 2, r.output
    assert "cannot find every answer within 6 guesses" in r.output
    assert "Every tree loses at least 2 answers within 6 guesses" in r.output
    assert "TRACE 10120: batch catch hatch latch match patch watch (2 lost)" in r.output
