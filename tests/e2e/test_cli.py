"""The CLI end to end: in-process with CliRunner, and once as a real subprocess."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wordlelab import feedback, format_pattern
from wordlelab.cli import app

runner = CliRunner()


def run(*args: str, input: str | None = None):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args), input=input)


@pytest.mark.parametrize(
    ("fmt", "expected"),
    [("digits", "10102"), ("letters", "ybybg"), ("emoji", "🟨⬛🟨⬛🟩")],
)
def test_feedback_formats(fmt: str, expected: str) -> None:
    r = run("feedback", "eerie", "crepe", "--format", fmt)
    assert r.exit_code == 0
    assert r.output.strip().splitlines()[-1] == expected


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["feedback", "eerie", "crepes"], "same length"),
        (["feedback", "ee1ie", "crepe"], "not a word of letters"),
        (["solve", "zzzzz"], "not in the allowed guesses"),
        (["solve", "qqqqq"], "not in the allowed guesses"),
        (["solve", "cigar", "--strategy", "nope"], "unknown strategy"),
        (["solve", "cigar", "--start", "qqqqq"], "not in the allowed guesses"),
        (["suggest", "--history", "salet:0012"], "4 marks"),
        (["suggest", "--history", "cigar:22222,crane:00000"], "already solved"),
        (["suggest", "--history", "salet:00000,crane:22222"], "no allowed word gives 22222 for CRANE"),
        (["suggest", "--history", "salet"], "type the word you played"),
        (["suggest", "--words", "/no/such/file"], "neither a built-in"),
        (["suggest", "--hard", "--history", "salet:20000,crane:00000"], "1st letter must be S"),
    ],
)
def test_bad_input_exits_2_with_a_message(args: list[str], message: str) -> None:
    r = run(*args)
    assert r.exit_code == 2, r.output
    assert message in r.output


def test_solve_cigar() -> None:
    r = run("solve", "cigar")
    assert r.exit_code == 0
    assert "cigar" in r.output and "solved in" in r.output


def test_solve_json_replays_correctly() -> None:
    r = run("solve", "cigar", "--json", "--hard", "--start", "crane")
    data = json.loads(r.output)
    assert data["turns"][0]["guess"] == "crane" and data["turns"][-1]["guess"] == "cigar"
    for t in data["turns"]:
        assert t["pattern"] == format_pattern(feedback(t["guess"], "cigar"))
    assert data["guesses"] == len(data["turns"])


def test_suggest_json() -> None:
    history = f"salet:{format_pattern(feedback('salet', 'cigar'))}"
    r = run("suggest", "--history", history, "--json", "--top", "3")
    assert r.exit_code == 0
    data = json.loads(r.output)
    assert data["history"] == history
    assert "cigar" in data["candidate_words"] or data["candidates"] > 30
    assert len(data["suggestions"]) == 3 and data["suggestions"][0]["entropy"] > 0


def test_suggest_opening() -> None:
    r = run("suggest", "--words", "original")
    assert r.exit_code == 0 and "suggestion: soare" in r.output


def test_assist_survives_garbage_and_solves() -> None:
    lines = [
        "",
        "hello world this is junk",
        "salet",
        "salet 0012",
        "zzzzz 00000",
        "salet 9",
        "\x1b[A",
        "help",
        f"salet {format_pattern(feedback('salet', 'cigar'), 5, 'letters')}",
        "crane 22222",  # inconsistent: refused
        "undo",
        "undo",  # nothing left: refused
        f"salet {format_pattern(feedback('salet', 'cigar'), 5, 'emoji')}",
        "list",
        f"cigar {format_pattern(feedback('cigar', 'cigar'))}",
        "quit",
    ]
    r = run("assist", "--words", "original", input="\n".join(lines) + "\n")
    assert r.exit_code == 0, r.output
    assert "Solved!" in r.output
    assert "nothing to undo" in r.output
    assert "no allowed word gives 22222 for CRANE" in r.output
    assert "4 marks" in r.output


def test_assist_ends_cleanly_on_eof() -> None:
    r = run("assist", "--hard", input="salet 00000\n")
    assert r.exit_code == 0
    assert "candidates left" in r.output


def test_play_with_seed_wins_when_told_the_answer(tmp_path: Path) -> None:
    words_file = tmp_path / "w.txt"
    words_file.write_text("cigar\nrebut\nsissy\n")
    # with three answers, guessing all three in turn must win
    r = run("play", "--words", str(words_file), "--seed", "1", input="xx\nqqqqq\ncigar\nrebut\nsissy\n")
    assert "Solved in" in r.output
    assert r.exit_code == 0


def test_play_gives_up_with_exit_1() -> None:
    r = run("play", "--seed", "3", input="quit\n")
    assert r.exit_code == 1 and "The word was" in r.output


@pytest.mark.parametrize("command", ["play", "absurdle", "assist"])
def test_ctrl_c_at_a_prompt_ends_the_loop_cleanly(monkeypatch: pytest.MonkeyPatch, command: str) -> None:
    def ctrl_c(prompt: str = "") -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", ctrl_c)
    r = run(command, "--seed", "3") if command == "play" else run(command)
    assert "Traceback" not in r.output and "aborted" not in r.output
    assert r.exit_code == (0 if command == "assist" else 1), r.output
    if command == "play":
        assert "The word was" in r.output


def test_lists_and_strategies() -> None:
    assert "original" in run("lists").output
    data = json.loads(run("strategies", "--json").output)
    assert data.get("entropy")


def test_console_script_subprocess() -> None:
    exe = Path(sys.executable).with_name("wordlelab")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "wordlelab"]
    out = subprocess.run(
        cmd + ["solve", "cigar", "--json"], capture_output=True, text=True, env=os.environ, timeout=120, check=False
    )
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["turns"][-1]["guess"] == "cigar"
    bad = subprocess.run(cmd + ["solve", "qqqqq"], capture_output=True, text=True, timeout=120, check=False)
    assert bad.returncode == 2 and "error:" in bad.stderr


@pytest.mark.parametrize(
    "answers",
    [["cat", "cot", "act", "tac", "oat", "tao"], ["abcdefghijk", "abcdefghikj", "kjihgfedcba", "aaaaaaaaaaa"]],
)
def test_other_word_lengths_end_to_end(tmp_path: Path, answers: list[str]) -> None:
    f = tmp_path / "words.txt"
    f.write_text("\n".join(answers) + "\n")
    for answer in answers:
        r = run("solve", answer, "--words", str(f), "--json")
        assert r.exit_code == 0, r.output
        turns = json.loads(r.output)["turns"]
        assert turns[-1]["guess"] == answer
        assert all(t["pattern"] == format_pattern(feedback(t["guess"], answer), len(answer)) for t in turns)


def test_prior_freq_makes_any_allowed_word_an_answer() -> None:
    r = run("solve", "snafu", "--prior", "freq", "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["turns"][-1]["guess"] == "snafu"
    s = run("suggest", "--prior", "freq", "--history", "tares:02011", "--json")
    data = json.loads(s.output)
    assert data["candidates"] > 0 and "cause" in data["candidate_words"]
    assert run("suggest", "--prior", "bogus").exit_code == 2


@pytest.mark.parametrize(
    ("history", "lang", "strategy"),
    [("tares:02011", "en", "entropy"), ("", "en", "minimax"), ("salet:00000", "de", "entropy")],
    ids=["after-a-move", "opening", "german"],
)
def test_prior_suggest_is_suggest_with_a_frequency_prior(history: str, lang: str, strategy: str) -> None:
    common = ["--words", "original", "--history", history, "-s", strategy, "-n", "4", "--json"]
    short = json.loads(run("prior", "suggest", "--lang", lang, *common).output)
    full = json.loads(run("suggest", "--prior", f"freq:{lang}", *common).output)
    assert short["suggestions"] and short["suggestions"] == full["suggestions"]
    assert (short["history"], short["strategy"], short["candidates"]) == (
        full["history"],
        full["strategy"],
        full["candidates"],
    )


def test_prior_solve_is_solve_with_a_frequency_prior() -> None:
    full = json.loads(run("solve", "snafu", "--prior", "freq", "--json").output)
    r = run("prior", "solve", "snafu")
    assert r.exit_code == 0, r.output
    rows = [line.split() for line in r.output.splitlines() if line[:1].isdigit()]
    assert [row[-3 if i < len(rows) - 1 else -1] for i, row in enumerate(rows)] == [
        format_pattern(feedback(t["guess"], "snafu"), 5) for t in full["turns"]
    ]
    assert [int(row[-2]) for row in rows[:-1]] == [t["candidates_after"] for t in full["turns"][:-1]]
    assert f"solved in {full['guesses']} guesses" in r.output


def test_prior_help_names_its_commands() -> None:
    r = run("prior", "--help")
    assert r.exit_code == 0
    for name in ("suggest", "weights", "solve"):
        assert name in r.output
    assert "--center" in run("prior", "suggest", "--help").output


def test_prior_language(tmp_path: Path) -> None:
    f = tmp_path / "de.txt"
    f.write_text("haben\nhaven\nnabel\n")
    r = run("suggest", "--words", str(f), "--prior", "freq:de", "--json")
    assert r.exit_code == 0, r.output
    bad = run("suggest", "--words", str(f), "--prior", "freq:xx")
    assert bad.exit_code == 2 and "no word frequencies for language 'xx'" in bad.output


def test_prior_language_changes_the_weights(tmp_path: Path) -> None:
    from wordlelab import load_wordlist
    from wordlelab.cli._app import apply_prior

    f = tmp_path / "de.txt"
    f.write_text("haben\nhaven\n")
    wl = load_wordlist(str(f))
    _, de = apply_prior(wl, "freq:de")
    _, en = apply_prior(wl, "freq")
    assert de is not None and en is not None
    assert de[0] > de[1]  # German: haben is common, haven rare
    assert en[1] > en[0]  # English: the other way round


@pytest.mark.parametrize("narrow", [False, True], ids=["wide", "narrow"])
def test_tiles_colour_each_letter_by_its_mark(narrow: bool) -> None:
    from wordlelab.cli._app import tiles

    p = feedback("speed", "erase")  # yellow, grey, yellow, yellow, grey
    text = tiles("speed", p, narrow=narrow)
    letters = "SPEED"
    styles = [
        "bold black on yellow3",
        "bold white on grey35",
        "bold black on yellow3",
        "bold black on yellow3",
        "bold white on grey35",
    ]
    if narrow:
        assert text.plain == letters
        assert [(s.start, s.end, s.style) for s in text.spans] == [(i, i + 1, styles[i]) for i in range(5)]
    else:
        assert text.plain == "".join(f" {c}  " for c in letters) + format_pattern(p, 5, "digits")
        assert [(s.start, s.end, s.style) for s in text.spans] == [(4 * i, 4 * i + 3, styles[i]) for i in range(5)]
