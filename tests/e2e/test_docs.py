"""The documentation that is written from the code or runs as code stays true: the
command reference (docs/commands.md) is what the app's help says now, and every
example of the library guide (docs/library.md) runs and prints what the page shows."""

from __future__ import annotations

import doctest
from pathlib import Path

from wordlelab.cli.reference import command_reference

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_the_command_reference_is_the_apps_help() -> None:
    page = (DOCS / "commands.md").read_text("utf-8")
    assert page == command_reference(), "docs/commands.md is out of date: run python scripts/command_reference.py"


def test_the_command_reference_has_every_command_and_option() -> None:
    page = command_reference()
    for command in ("suggest", "assist", "play", "bench", "optimal", "prior suggest", "prior weights"):
        assert f"`wordlelab {command}`" in page, command
    assert "| `-s, --strategy NAME` |" in page and "[default: entropy]" in page
    assert "`--help`" not in page


def test_the_library_guide_runs_as_shown() -> None:
    """Every ``>>>`` example of docs/library.md, run in order, prints what the page shows."""
    result = doctest.testfile(
        str(DOCS / "library.md"),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
        raise_on_error=False,
        report=True,
        verbose=False,
    )
    assert result.attempted >= 30
    assert result.failed == 0, f"{result.failed} of the {result.attempted} examples of docs/library.md failed (above)"
