"""The README's console examples stay true: each ``$ wordlelab ...`` in a ```console
block is run (in-process, in a scratch folder, at the README's 100-column width) and its
output compared with the lines printed under it.

Allowed for: timings (``0.27 s``, a ``seconds`` column), the width of table columns and
rules (a timing may widen one), and elisions: a line that is only ``...`` stands for
any number of lines, and ``...`` inside a line for any text.  A few examples cannot run
here (an interactive session, the web server, curl): :data:`NOT_RUN` says why, and
the whole benchmarks are marked slow (:data:`SLOW`).
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wordlelab.cachefile import cache_dir
from wordlelab.cli import app

README = Path(__file__).resolve().parents[2] / "README.md"
#: the terminal width the README's examples were printed at (prose may wrap anywhere)
WIDTH = 100
#: ... but for these commands, whose tables are wider
WIDE = {"wordlelab bench": 200}
#: examples that are not run, by the start of their command line, and why
NOT_RUN = {
    "wordlelab assist": "an interactive session (its lines are checked by tests/e2e/test_prompts.py)",
    "wordlelab web": "starts a server that runs until Ctrl-C (tests/web)",
    "curl ": "talks to a running server (tests/web)",
}
#: a timing: ``0.27 s``, ``(0.13 s``, ``12 s``
_SECONDS = re.compile(r"\b\d+(\.\d+)? s\b")
#: a progress line (rich's spinner), which a terminal erases when the work is done
_PROGRESS = re.compile(r"^\s*[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]")
#: the last cell of a table row under a "seconds" heading
_LAST_CELL = re.compile(r"│\s*[\d.]+\s*│$")


@dataclass
class Example:
    line: int  # where the command is in README.md
    command: str
    stdin: str | None
    expected: list[str]


def _printf_text(fmt: str) -> str:
    """What ``printf FMT`` prints, for the escapes the README uses (``\\n``)."""
    return fmt.replace("\\n", "\n")


def examples() -> list[Example]:
    """Every ``$ ...`` command of the README's console blocks, with the lines under it."""
    out: list[Example] = []
    lines = README.read_text("utf-8").splitlines()
    i = 0
    while i < len(lines):
        if lines[i].strip() != "```console":
            i += 1
            continue
        i += 1
        current: Example | None = None
        while i < len(lines) and lines[i].strip() != "```":
            line = lines[i]
            if line.startswith("$ "):
                start = i + 1
                command = line[2:]
                while command.endswith("\\"):  # continued on the next line
                    i += 1
                    command = command[:-1] + " " + lines[i].strip()
                stdin = None
                if command.startswith("printf "):
                    fmt, _, command = command.partition("|")
                    stdin = _printf_text(shlex.split(fmt)[1])
                current = Example(start, command.strip(), stdin, [])
                out.append(current)
            elif current is not None:
                current.expected.append(line)
            i += 1
    return out


def _norm(line: str) -> str:
    """A line with what may differ from run to run made equal: timings, and the width
    of table columns (runs of spaces and of rule characters count as one)."""
    line = line.rstrip()
    line = _SECONDS.sub("T s", line)
    line = re.sub(r"([─━═])\1+", r"\1", line)
    return re.sub(r" +", " ", line)


#: a line of a table (rich's box drawing): compared line by line
_TABLE = re.compile(r"^\s*[┏┃┡│└┗╭╰─━]")


def _stream(lines: list[str], pattern: bool) -> str:
    """``lines`` as one text to compare (:func:`_norm` on each line): a table line
    ends with a newline, a line of prose with a space, as prose wraps at the
    terminal's width, which the README need not share.  With ``pattern`` the text is
    a regular expression in which a ``...`` line stands for any lines and ``...``
    in a line for any text."""
    out = []
    for line in lines:
        norm = _norm(line)
        if pattern and norm.strip() == "...":
            out.append(".*")
            continue
        table = bool(_TABLE.match(line))
        text = norm if table else norm.strip()
        if not text:
            continue
        if pattern:
            text = ("[^\n]*" if table else ".*?").join(re.escape(part) for part in text.split("..."))
        out.append(text + ("\n" if table else " "))
    return "".join(out)


def _matches(expected: list[str], actual: list[str], seconds_column: bool) -> bool:
    """Whether ``actual`` is ``expected`` with each ``...`` line standing for any lines
    and ``...`` in a line for any text (see :func:`_stream`)."""
    if seconds_column:
        actual = [_LAST_CELL.sub("│ T │", a.rstrip()) for a in actual]
        expected = [_LAST_CELL.sub("│ T │", e.rstrip()) for e in expected]
    return re.fullmatch(_stream(expected, True), _stream(actual, False), re.DOTALL) is not None


ALL = examples()


def test_the_readme_has_its_examples() -> None:
    assert len(RUN) >= 25 and len(ALL) - len(RUN) == len(NOT_RUN)  # each kind not run is there once
    assert all(e.expected for e in RUN), "a command without output"


#: examples that take over 20 s on a busy 2-core machine (whole benchmarks, the
#: frequency prior's first build): run with ``-m slow``
SLOW = ("wordlelab bench", "wordlelab solve snafu --prior freq")


RUN = [e for e in ALL if not e.command.startswith(tuple(NOT_RUN))]


@pytest.mark.parametrize(
    "example",
    [pytest.param(e, marks=[pytest.mark.slow] if e.command.startswith(SLOW) else []) for e in RUN],
    ids=[f"README.md:{e.line}" for e in RUN],
)
def test_readme_example(
    example: Example, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> None:
    args = shlex.split(example.command)
    assert args[0] == "wordlelab", f"README.md:{example.line}: {example.command}"
    args = [str(README.parent / a) if a.startswith("docs/") else a for a in args[1:]]
    monkeypatch.chdir(tmp_path)
    if "--exact" in args:  # it says where it keeps a total it computed the first time only
        # (a short folder name: the line must not wrap where the README's does not)
        fresh = tempfile.mkdtemp(prefix="wl", dir="/tmp" if os.path.isdir("/tmp") else None)
        request.addfinalizer(lambda: shutil.rmtree(fresh, ignore_errors=True))
        monkeypatch.setenv("WORDLELAB_CACHE_DIR", fresh)
    width = next((w for start, w in WIDE.items() if example.command.startswith(start)), WIDTH)
    monkeypatch.setenv("COLUMNS", str(width))
    if "--exact" in args:
        # a command that starts worker processes runs as its own process, as it does
        # for a user (in-process, the pool would be exposed to what earlier tests left)
        done = subprocess.run(
            [sys.executable, "-m", "wordlelab", *args],
            input=example.stdin,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        code, output = done.returncode, done.stderr + done.stdout
    else:
        result = CliRunner().invoke(app, args, input=example.stdin)
        code, output = result.exit_code, result.output
    # the cache folder as the README names it (the tests run with their own), and no
    # progress line (a terminal erases it when the work is done)
    text = output.replace(str(README.parent) + "/", "").replace(str(cache_dir()), "~/.cache/wordlelab")
    actual = [line for line in text.splitlines() if not _PROGRESS.match(line)]
    expect_failure = any(line.startswith("error:") for line in example.expected)
    assert (code != 0) == expect_failure, output
    seconds = any("┃ seconds ┃" in line for line in actual)  # a benchmark table
    assert _matches(example.expected, actual, seconds), (
        f"README.md:{example.line}: `{example.command}` printed\n"
        + "\n".join(actual)
        + "\n--- the README shows ---\n"
        + "\n".join(example.expected)
    )


@pytest.mark.parametrize(
    ("expected", "actual", "ok"),
    [
        (["a", "...", "z"], ["a", "b", "c", "z"], True),
        (["a", "...", "z"], ["a", "z"], True),
        (["a", "z"], ["a", "b", "z"], False),
        (["took 0.27 s, 530 nodes"], ["took 4.10 s, 530 nodes"], True),
        (["took 0.27 s, 530 nodes"], ["took 0.27 s, 540 nodes"], False),
        (["│ x │ ... │ 7 │"], ["│ x │ 1 │ 2 │ 7 │"], True),
        (["┏━━┓", "│ x  │"], ["┏━━━━┓", "│ x    │"], True),
        (["a long line", "wrapped"], ["a long", "line wrapped"], True),
        (["one", "two"], ["one two three"], False),
    ],
)
def test_matching(expected: list[str], actual: list[str], ok: bool) -> None:
    assert _matches(expected, actual, seconds_column=False) is ok
