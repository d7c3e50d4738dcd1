"""The command reference (docs/commands.md), written from the app itself: every
command's usage, description and options as ``--help`` gives them, so the page
cannot drift from the code.  ``python scripts/command_reference.py`` rewrites the
page; a test checks the committed page is what this module writes now."""

from __future__ import annotations

from typing import Any

import typer

from . import app
from ._app import tidy_help

#: what the page says before the commands
INTRO = """# Command reference

Every `wordlelab` command with its options, as `wordlelab COMMAND --help` gives them.
Written from the code by `python scripts/command_reference.py`; a test fails when this
page and the code disagree. For a tour with examples see the README; for the interactive
commands, `docs/playing.md`.
"""


def _cell(text: str) -> str:
    """``text`` fit for one cell of a markdown table."""
    return " ".join(text.split()).replace("|", "\\|")


def _context(cmd: Any, name: str, parent: Any = None) -> Any:
    """A help context for ``cmd`` (typer's own click: ``cmd.context_class``)."""
    return cmd.context_class(cmd, info_name=name, parent=parent)


def _command(cmd: Any, ctx: Any, level: int) -> list[str]:
    """The section of one command (and of its sub-commands, one level deeper)."""
    name = ctx.command_path
    out = [f"{'#' * level} `{name}`", ""]
    out += [f"    {cmd.get_usage(ctx).removeprefix('Usage: ')}", ""]
    if cmd.help:
        out += [" ".join(paragraph.split()) + "\n" for paragraph in cmd.help.split("\n\n")]
    rows = [r for p in cmd.get_params(ctx) if (r := p.get_help_record(ctx)) and "--help" not in r[0]]
    if rows:
        out += ["| option | what it does |", "|---|---|"]
        out += [f"| `{_cell(flags)}` | {_cell(text)} |" for flags, text in rows]
        out.append("")
    for sub_name, sub in getattr(cmd, "commands", {}).items():  # a group's commands
        out += _command(sub, _context(sub, sub_name, ctx), level + 1)
    return out


def command_reference() -> str:
    """The markdown of docs/commands.md."""
    group = typer.main.get_command(app)
    tidy_help(group)
    root = _context(group, "wordlelab")
    commands: dict[str, Any] = getattr(group, "commands", {})
    names = list(commands)
    lines = [INTRO, "Commands: " + ", ".join(f"[`{n}`](#wordlelab-{n})" for n in names) + ".", ""]
    for name in names:
        lines += _command(commands[name], _context(commands[name], name, root), 2)
    return "\n".join(lines).rstrip() + "\n"
