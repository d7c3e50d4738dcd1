"""Library errors name options as the library's parameters; the CLI shows its flags."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import wordlelab
from wordlelab.cli import app
from wordlelab.cli._app import cli_message
from wordlelab.search import SearchError

ROOT = Path(wordlelab.__file__).parent
LIBRARY = sorted(p for p in ROOT.rglob("*.py") if p.relative_to(ROOT).parts[0] not in ("cli", "web"))


def _raised_text(path: Path) -> list[tuple[int, str]]:
    """The string pieces of every ``raise X(...)`` in ``path``."""
    out = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            for sub in ast.walk(node.exc):
                if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
                    out.append((node.lineno, sub.value))
    return out


@pytest.mark.parametrize("path", LIBRARY, ids=lambda p: str(p.relative_to(ROOT)))
def test_library_errors_do_not_name_cli_flags(path: Path) -> None:
    for line, quoted in _raised_text(path):
        text = re.sub(r"`[^`]*`", "", quoted)  # a quoted command (`wordlelab bench --json`) may show flags
        assert not re.search(r"(^|[\s(/])--[a-z]", text), f"{path.name}:{line} names a CLI flag: {quoted!r}"


def test_the_cli_shows_options_as_its_flags() -> None:
    exc = SearchError("no tree within 3 guesses;\n raise `max_guesses` or try another `start` (see `dask scheduler`)")
    assert cli_message(exc) == (
        "no tree within 3 guesses; raise --max-guesses or try another --start (see `dask scheduler`)"
    )


def test_a_search_error_reaches_the_terminal_with_flags() -> None:
    r = CliRunner().invoke(app, ["optimal", "--start", "qajaq", "--max-guesses", "2"])
    assert r.exit_code == 2
    assert "raise --max-guesses or try another --start" in r.output
    assert "`" not in r.output
