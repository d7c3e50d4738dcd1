"""What the interactive prompts say (in-process, lines piped in): the assistant's
header, refusals and `new`, the resumable command line, `help` in every game, and
the prompt's history file.  The keys of a real terminal: test_prompts_pty.py."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wordlelab import feedback, format_pattern
from wordlelab.cli import _prompt, app
from wordlelab.cli._app import program

runner = CliRunner()
#: the ``wordlelab`` script of the installation running these tests
SCRIPT = Path(sys.executable).parent / "wordlelab"


@pytest.fixture
def on_path(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """``wordlelab`` on PATH is this installation's (an activated virtual environment)."""
    if not SCRIPT.is_file():
        pytest.skip(f"no {SCRIPT} beside this Python (not installed with pip install -e .)")
    monkeypatch.setenv("PATH", f"{SCRIPT.parent}{os.pathsep}{os.environ.get('PATH', '')}")
    yield


def run(*args: str, input: str | None = None):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args), input=input)


def test_assist_header_names_the_list_and_the_mode() -> None:
    r = run("assist", "--words", "original", "--hard", input="quit\n")
    first = r.output.splitlines()[0]
    assert first == "wordlelab assistant — list original: 2315 answers, 12972 guesses, hard mode"
    assert "WordList(" not in r.output


def test_impossible_colours_are_echoed_as_typed_with_proper_plurals() -> None:
    r = run("assist", "--words", "original", input="salet 00000\nslate 22222\ncrony 00000\nslate ggggg\nquit\n")
    text = " ".join(r.output.split())
    assert "no allowed word gives 22222 for SLATE after 1 earlier guess;" in text
    assert "no allowed word gives ggggg for SLATE after 2 earlier guesses;" in text
    assert "BBBBB" not in r.output and "guess(es)" not in r.output
    r = run("assist", "--words", "original", input="qajaq y.y.y\nquit\n")
    assert "no allowed word gives y.y.y for QAJAQ as a first guess" in " ".join(r.output.split())


@pytest.mark.usefixtures("on_path")
def test_a_repeated_move_is_refused_and_changes_nothing() -> None:
    r = run("assist", "--words", "original", input="salet 00000\nsalet 00000\nSALET 00000\nlist\nquit\n")
    text = " ".join(r.output.split())
    assert text.count("salet was already played as move 1; a repeated guess can never add information") == 2
    assert "221 candidates left" in text  # once, after the one move that counted
    assert '--history "salet:00000"' in text


def test_suggest_refuses_a_history_with_a_repeated_move() -> None:
    r = run("suggest", "--history", "salet:00000,crony:00100,salet:00000")
    assert r.exit_code == 2
    assert "move 3 (salet): salet was already played as move 1" in " ".join(r.output.split())


@pytest.mark.usefixtures("on_path")
def test_new_starts_again_and_prints_the_game_left() -> None:
    r = run("assist", "--words", "original", input="salet 00000\nnew\nquit\n")
    text = " ".join(r.output.split())
    assert 'To go on with this game later: wordlelab suggest --history "salet:00000"' in text
    assert "New game." in text
    assert text.count("2315 candidates left") == 2
    assert r.exit_code == 0


def test_a_solved_game_says_how_to_go_on() -> None:
    r = run("assist", "--words", "original", input="cigar 22222\ncrane 00000\nquit\n")
    assert "already solved; type new for another game, or undo" in " ".join(r.output.split())
    assert "To go on" not in r.output  # nothing to resume


@pytest.mark.usefixtures("on_path")
@pytest.mark.parametrize("end", ["quit\n", ""], ids=["quit", "end-of-input"])
def test_the_resume_line_picks_the_game_up_again(end: str) -> None:
    moves = [("salet", "cigar"), ("crony", "cigar")]
    typed = "".join(f"{w} {format_pattern(feedback(w, a))}\n" for w, a in moves)
    r = run("assist", "--words", "nyt", "-s", "minimax", "--top", "3", input=typed + end)
    line = next(x.strip() for x in r.output.splitlines() if x.strip().startswith("wordlelab suggest"))
    args = shlex.split(line)[1:]
    assert args[:3] == ["suggest", "--history", ",".join(f"{w}:{format_pattern(feedback(w, a))}" for w, a in moves)]
    assert args[3:] == ["--words", "nyt", "--strategy", "minimax", "--top", "3"]
    resumed = json.loads(run(*args, "--json").output)
    assert resumed["strategy"] == "minimax" and len(resumed["suggestions"]) == 3
    assert "cigar" in resumed["candidate_words"]


def test_the_resume_line_works_as_printed_without_wordlelab_on_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After `bash scripts/bootstrap` alone, ``wordlelab`` is not on PATH: the line
    names the script by its absolute path (or ``python -m wordlelab``) and runs as is,
    from any folder."""
    bare = f"/usr/bin{os.pathsep}/bin"  # a shell, but no wordlelab
    monkeypatch.setenv("PATH", bare)
    assert program() != "wordlelab"
    r = run("assist", "--hard", input="salet 00120\nquit\n")
    line = r.output.splitlines()[-1].strip()  # under "To go on with this game later:"
    assert line.startswith(program() + " suggest") and os.path.isabs(shlex.split(line)[0])
    done = subprocess.run(
        ["sh", "-c", line + " --json"],
        check=False,
        cwd=tmp_path,
        env={**os.environ, "PATH": bare},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    resumed = json.loads(done.stdout)
    same = json.loads(run(*shlex.split(line)[1:], "--json").output)  # the game as assist left it
    assert resumed["mode"] == "hard" and resumed["candidates"] == same["candidates"] < 100


@pytest.mark.parametrize("command", [["play", "--seed", "3"], ["absurdle"], ["multi", "--seed", "1"]])
def test_help_works_in_every_game(command: list[str]) -> None:
    r = run(*command, input="help\nquit\n")
    assert "Type a 5-letter word and press Enter" in r.output
    assert "not a 5-letter word" not in r.output


def test_an_unknown_word_names_the_guesses_option() -> None:
    r = run("solve", "cigar", "--start", "qqqqq")
    assert r.exit_code == 2
    assert "give a bigger list of allowed guesses with --guesses" in " ".join(r.output.split())


@pytest.mark.parametrize("strategy", ["local", "letter-position", "bigram"])
def test_suggest_with_a_letter_score_strategy_shows_its_own_score_only(strategy: str) -> None:
    r = run("suggest", "-s", strategy, "-n", "3", "--history", "salet:00120")
    assert r.exit_code == 0, r.output
    rows = [line for line in r.output.splitlines() if line.startswith("│")]
    assert len(rows) == 3
    assert not any(" - " in row for row in rows)  # no column of figures the strategy has not
    header = next(line for line in r.output.splitlines() if line.startswith("┃"))
    assert "entropy" not in header and "largest" not in header


def test_history_is_kept_bounded_and_an_unwritable_cache_is_no_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    readline = pytest.importorskip("readline")
    monkeypatch.setattr(_prompt, "_readline", lambda: readline)
    monkeypatch.setenv("WORDLELAB_CACHE_DIR", str(tmp_path))
    with _prompt.Prompt("play", ["help", "quit"], lambda: ["cigar", "civic", "rebut"]) as prompt:
        for i in range(_prompt.HISTORY_LINES + 100):
            readline.add_history(f"line {i}")
        # completion: commands and words by prefix, at the start of a line only
        assert [prompt._complete("ci", i) for i in range(3)] == ["cigar", "civic", None]
    kept = (tmp_path / "history" / "play").read_text().splitlines()
    assert len(kept) == _prompt.HISTORY_LINES and kept[-1] == f"line {_prompt.HISTORY_LINES + 99}"
    assert readline.get_current_history_length() == 0  # nothing left for another prompt
    # the next prompt of the kind reads it back
    with _prompt.Prompt("play", ["quit"]):
        assert readline.get_history_item(readline.get_current_history_length()) == kept[-1]
    # a cache "folder" that is a file: the history is not kept, and nothing fails
    blocked = tmp_path / "blocked"
    blocked.write_text("")
    monkeypatch.setenv("WORDLELAB_CACHE_DIR", str(blocked))
    with _prompt.Prompt("assist", ["quit"]):
        readline.add_history("salet 00000")
    assert blocked.read_text() == ""
