"""One meaning per short flag, a busy port refused before anything is printed, a
short grid row named, and no empty bust panel in ``plot compare``."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import typer
from typer.testing import CliRunner

from wordlelab import Mode, WordList
from wordlelab.cli import app
from wordlelab.errors import InvalidPatternError
from wordlelab.plots import comparison_figure
from wordlelab.review import parse_grid
from wordlelab.simulate import Results

runner = CliRunner()
G, Y, B = "\U0001f7e9", "\U0001f7e8", "\u2b1b"
CLI = [sys.executable, "-m", "wordlelab"]


def _options(command: Any, path: str = "wordlelab") -> list[tuple[str, Any]]:
    out = [(path, p) for p in command.params if p.param_type_name == "option"]
    for name, sub in getattr(command, "commands", {}).items():
        out += _options(sub, f"{path} {name}")
    return out


def test_n_means_top_in_every_command() -> None:
    options = _options(typer.main.get_command(app))
    with_n = {path: p.opts for path, p in options if "-n" in p.opts}
    assert with_n and all("--top" in opts for opts in with_n.values()), with_n
    # every --top has -n, optimal's included (the README says -n is --top everywhere)
    without = [path for path, p in options if "--top" in p.opts and "-n" not in p.opts]
    assert without == [], without
    assert "wordlelab optimal" in with_n


def test_optimal_takes_n(tmp_path: Path, small_words: WordList) -> None:
    a, g = tmp_path / "a.txt", tmp_path / "g.txt"
    a.write_text("\n".join(small_words.answers) + "\n")
    g.write_text("\n".join(small_words.allowed) + "\n")
    r = runner.invoke(app, ["optimal", "-n", "2", "--words", str(a), "--guesses", str(g), "--json"])
    assert r.exit_code == 0, r.output
    bad = runner.invoke(app, ["optimal", "-n", "0", "--words", str(a), "--guesses", str(g)])
    assert bad.exit_code == 2 and "'--top' / '-n'" in bad.output


def _env() -> dict[str, str]:
    src = str(Path(__file__).resolve().parents[2] / "src")
    return {**os.environ, "PYTHONPATH": os.pathsep.join([src, os.environ.get("PYTHONPATH", "")]), "COLUMNS": "200"}


def test_web_on_a_busy_port_prints_only_the_error() -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        r = subprocess.run(
            [*CLI, "web", "--port", str(port)], capture_output=True, text=True, timeout=120, env=_env(), check=False
        )
    assert r.returncode == 2
    assert r.stdout == ""  # no "wordlelab web: http://..." line for a server that never ran
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and f"port {port}" in lines[0], r.stderr


def test_web_prints_the_port_it_really_serves_on() -> None:
    proc = subprocess.Popen(
        [*CLI, "web", "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env()
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()  # printed once the port is bound
        assert line.startswith("wordlelab web: http://127.0.0.1:"), line
        port = int(line.split("127.0.0.1:", 1)[1].split("/", 1)[0])
        assert port > 0
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/meta", timeout=2) as resp:
                    assert resp.status == 200
                break
            except OSError:
                assert proc.poll() is None and time.monotonic() < deadline
                time.sleep(0.2)
    finally:
        proc.terminate()
        proc.communicate(timeout=20)


@pytest.mark.parametrize(
    ("grid", "message"),
    [
        (f"{B}{Y}{B}{B}{B}\n{G}{G}{B}\n{G * 5}", "grid row 2 ("),
        (f"{G}{G}{B}\n{B}{Y}{B}{B}{B}\n{G * 5}", "grid row 1 ("),
    ],
)
def test_review_names_a_short_grid_row(grid: str, message: str) -> None:
    r = runner.invoke(app, ["review", "salet", "crane", "moist", "--grid", grid])
    assert r.exit_code == 2
    assert message in r.output and "has 3 squares, expected 5" in r.output, r.output


def test_review_counts_grid_rows_against_the_words() -> None:
    r = runner.invoke(app, ["review", "salet", "crane", "moist", "--grid", f"{B}{Y}{B}{B}{B}"])
    assert r.exit_code == 2
    assert "--grid has 1 row but 3 words were played" in r.output, r.output
    assert "patterns" not in r.output


def test_parse_grid_takes_the_common_row_length() -> None:
    assert parse_grid(f"{G}{G}{B}{B}{B} {B * 5} {G * 5}").length == 5
    with pytest.raises(InvalidPatternError, match=r"grid row 3 \(.*\) has 4 squares, expected 5"):
        parse_grid(f"{G}{G}{B}{B}{B} {B * 5} {G * 4}")
    with pytest.raises(InvalidPatternError, match="grid row 1 .* expected 4"):
        parse_grid(f"{G * 5} {B * 4}", length=4)


def _results(name: str, guesses: list[int]) -> Results:
    return Results(
        strategy=name,
        words="tiny",
        rules=Mode.NORMAL,
        answers=tuple(f"w{i}" for i in range(len(guesses))),
        guesses=np.array(guesses),
        opening="salet",
        seconds=0.0,
    )


def test_compare_draws_no_bust_panel_when_nobody_busts() -> None:
    fig = comparison_figure([_results("a", [3, 4, 4]), _results("b", [2, 5, 6])])
    assert len(fig.axes) == 1
    assert "no game needed more than 6 guesses" in fig._suptitle.get_text()
    fig = comparison_figure([_results("a", [3, 4, 4]), _results("b", [2, 5, 7])])
    assert len(fig.axes) == 2
    assert "more than 6 guesses" in fig.axes[1].get_xlabel()
