"""The daily player's commands: the current answer pool by default, an answer outside
every list still found (the list widened, never the colours blamed), and --exclude."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wordlelab import feedback, format_pattern
from wordlelab.cli import app

runner = CliRunner()

#: playing toward SNAFU, an answer of nyt-2023 that is not an original answer
SNAFU = "soare:20200,thilk:00000,unlit:12000"


def run(*args: str, input: str | None = None):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args), input=input)


def test_suggest_widens_an_outdated_list_instead_of_blaming_the_colours() -> None:
    r = run("suggest", "--words", "original", "--history", SNAFU)
    assert r.exit_code == 0, r.output
    text = " ".join(r.output.split())
    assert "no answer of the list original fits: the answer may be a newer word" in text
    assert "check the colours" not in text
    assert "suggestion: snafu" in text


def test_suggest_json_says_the_list_was_widened() -> None:
    r = run("suggest", "--words", "original", "--history", SNAFU, "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["widened"] is True and data["list"] == "original"
    assert "newer word" in data["notice"]
    assert data["candidate_words"] == ["snafu"]
    assert data["likely"] == [{"word": "snafu", "probability": 1.0}]


def test_suggest_defaults_to_the_current_pool() -> None:
    r = run("suggest", "--history", SNAFU, "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["list"] == "nyt-2023" and data["widened"] is False
    assert data["candidate_words"] == ["snafu"]


def test_colours_no_allowed_word_shows_are_still_refused() -> None:
    r = run("suggest", "--history", "soare:22221")
    assert r.exit_code == 2
    assert "no allowed word gives 22221 for SOARE" in r.output and "check the colours" in r.output


def test_solve_finds_an_answer_outside_the_list() -> None:
    r = run("solve", "snafu", "--json")  # the original list: SNAFU is not among its answers
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["turns"][-1]["guess"] == "snafu" and data["guesses"] <= 6
    assert data["turns"][-1]["pattern"] == "22222"


def test_assist_prints_the_notice_once_and_goes_on(tmp_path: Path) -> None:
    moves = [m.replace(":", " ") for m in SNAFU.split(",")]
    r = run("assist", "--words", "original", input="\n".join([*moves, "snafu 22222", "quit"]) + "\n")
    assert r.exit_code == 0, r.output
    assert r.output.count("no answer of the list original fits") == 1
    assert "Solved!" in r.output and "check the colours" not in r.output


def test_assist_header_shows_the_current_pool() -> None:
    r = run("assist", input="quit\n")
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[0].startswith("wordlelab assistant — list nyt-2023: 3158 answers")


@pytest.mark.parametrize("command", ["suggest", "assist", "play"])
def test_daily_commands_name_their_default_list_in_help(command: str) -> None:
    r = run(command, "--help")
    text = " ".join(r.output.split())
    assert "nyt-2023" in text and "--exclude" in text


def test_exclude_file_removes_words_from_the_candidates(tmp_path: Path) -> None:
    history = (
        "soare:" + format_pattern(feedback("soare", "cigar")) + ",unlit:" + format_pattern(feedback("unlit", "cigar"))
    )
    before = json.loads(run("suggest", "--history", history, "--json").output)["candidate_words"]
    assert len(before) > 1
    f = tmp_path / "past.txt"
    f.write_text(f"# answers already played\n{before[0].upper()}\n\n{before[1]}\n")
    r = run("suggest", "--history", history, "--exclude", str(f), "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["candidate_words"] == before[2:] and data["excluded"] == 2


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("cigar\nci9ar\n", "line 2: 'ci9ar' is not a word of letters only"),
        ("cigar\ncigars\n", "'cigars' has 6 letters"),
        ("", "no words found"),
    ],
)
def test_bad_exclude_file_is_one_line_and_exit_2(tmp_path: Path, content: str, message: str) -> None:
    f = tmp_path / "bad.txt"
    f.write_text(content)
    for command in (["suggest"], ["assist"], ["play", "--seed", "1"]):
        r = run(*command, "--exclude", str(f), input="quit\n")
        assert r.exit_code == 2, r.output
        assert message in r.output
        assert len(r.output.strip().splitlines()) == 1
    assert f.read_text() == content  # nothing lost


def test_missing_exclude_file_is_one_line() -> None:
    r = run("suggest", "--exclude", "/no/such/file.txt")
    assert r.exit_code == 2 and "does not exist" in r.output


def test_play_never_picks_an_excluded_answer(tmp_path: Path) -> None:
    from wordlelab import load_wordlist

    answers = load_wordlist("nyt-2023").answers
    f = tmp_path / "all-but-one.txt"
    f.write_text("\n".join(a for a in answers if a != "snafu") + "\n")
    r = run("play", "--exclude", str(f), "--seed", "3", input="snafu\n")
    assert r.exit_code == 0, r.output
    assert "The word was SNAFU" in r.output
