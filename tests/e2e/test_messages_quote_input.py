"""Messages quote what the user typed literally: no emoji codes (``:x:``) read by the
terminal library, no option names in the library's spelling, no shortening that takes
the message's own words for a value, and no claim that a tree was cached when it was not."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from wordlelab.cli import app
from wordlelab.web.responses import clip_message

runner = CliRunner()


def _error_line(args: list[str]) -> str:
    r = runner.invoke(app, args)
    assert r.exit_code == 2, r.output
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), r.stderr
    return lines[0]


@pytest.mark.parametrize("word", [":x:", ":smile:", ":thumbs_up:"])
def test_emoji_codes_are_quoted_as_typed(word: str) -> None:
    line = _error_line(["solve", word])
    assert f"{word!r} is not a 5-letter word" in line and "❌" not in line


def test_a_word_file_line_is_quoted_as_written(tmp_path: Path) -> None:
    f = tmp_path / "passwd"
    f.write_text("root:x:0:0:root:/root:/bin/bash\n")
    line = _error_line(["solve", "cigar", "--words", str(f)])
    assert "'root:x:0:0:root:/root:/bin/bash' is not a word of letters only" in line and "❌" not in line


@pytest.mark.parametrize(
    ("option", "needle"),
    [
        ("candidates-only=maybe", "candidates-only must be true or false"),
        ("candidates_only=maybe", "candidates-only must be true or false"),
        ("candidates-onl=1", "no option 'candidates-onl'; its options: candidates-only"),
    ],
)
def test_option_messages_name_options_as_the_cli_takes_them(option: str, needle: str) -> None:
    line = _error_line(["bench", "-s", "entropy", "--option", option, "--sample", "1"])
    assert needle in line and "candidates_only" not in line


def test_the_web_never_clips_the_text_between_two_quoted_values() -> None:
    msg = "'<scr>' is not a word of letters only; put one word per line, e.g. 'cigar'"
    assert clip_message(msg) == msg
    long = "x" * 100
    got = clip_message(f"upload.tree, line 3: {long!r} is not a word; e.g. 'cigar'")
    assert got == f"upload.tree, line 3: '{'x' * 40}... (100 characters)' is not a word; e.g. 'cigar'"


def test_a_tree_not_cached_is_not_said_to_be(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, small_words) -> None:  # type: ignore[no-untyped-def]
    from wordlelab.strategies import treestore

    monkeypatch.setenv("WORDLELAB_CACHE_DIR", str(tmp_path / "cache"))  # no tree cached by an earlier run

    def unwritable(*args: object) -> None:
        raise PermissionError(13, "Permission denied")

    answers = tmp_path / "a.txt"
    answers.write_text("\n".join(small_words.answers[:20]) + "\n")
    with monkeypatch.context() as m:
        m.setattr(treestore.TreeStore, "save", unwritable)
        r = runner.invoke(app, ["tree", "--start", small_words.answers[0], "--mode", "ultra", "--words", str(answers)])
    said = " ".join(r.stderr.split())
    assert r.exit_code == 0, r.output
    assert "cached for next time" not in said and "cannot be written: the tree is not kept" in said
    r = runner.invoke(app, ["tree", "--start", small_words.answers[1], "--mode", "ultra", "--words", str(answers)])
    assert r.exit_code == 0 and "the tree is cached for next time" in " ".join(r.stderr.split()), r.output
