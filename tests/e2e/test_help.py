"""Every command's ``--help`` reads like git's or pip's: value names such as WORD,
N, FILE; flags without a type; every option explained.  The commands are found
by walking the typer app, so a new command is checked without touching this file."""

from __future__ import annotations

import importlib.metadata
import re
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

import wordlelab
from wordlelab.cli import app
from wordlelab.cli._app import COMMANDS, tidy_help

runner = CliRunner()

#: what help must not show: Python type names (``<bool>``, ``<int range>``,
#: ``<list[str]>``, ``<path>``), parameter names in braces (``{word_args}``),
#: ranges as ``1<=x<=50`` and remarks on how the short flags were chosen
RAW = [
    (re.compile(r"<[a-z][a-z ]*(\[[a-zA-Z\]\[]*)?>"), "a raw type name"),
    (re.compile(r"\{[A-Za-z_-]+\}"), "a name in braces"),
    (re.compile(r"\bx\s*[<>]=|[<>]=\s*x\b"), "a range written as x>=N"),
    (re.compile(r"short flag", re.IGNORECASE), "a remark on the short flags"),
]
#: a value name in a usage line: ``WORD``, ``[FILE]``, ``WORD...``
USAGE_WORD = re.compile(r"\[?[A-Z][A-Z0-9=-]*\]?(\.\.\.)?")


def _paths(command: Any, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    out = [path]
    for name, sub in sorted(getattr(command, "commands", {}).items()):
        if not sub.hidden:
            out += _paths(sub, (*path, name))
    return out


def _command(path: tuple[str, ...]) -> Any:
    command = typer.main.get_command(app)
    tidy_help(command)
    for name in path:
        command = command.commands[name]
    return command


PATHS = _paths(typer.main.get_command(app))


def raw_parts(text: str) -> list[str]:
    """What in ``text`` (a help page) reads like Python rather than a manual."""
    found = [f"{why}: {m.group(0)!r}" for pattern, why in RAW for m in pattern.finditer(text)]
    for line in text.splitlines():
        if line.strip().startswith("Usage:"):
            words = line.split("[OPTIONS]", 1)[-1].replace("COMMAND [ARGS]...", "").split()
            found += [f"usage names {w!r}" for w in words if not USAGE_WORD.fullmatch(w)]
    return found


def test_the_walk_finds_every_command_and_subcommand() -> None:
    names = {" ".join(p) for p in PATHS}
    # a sample of what must be there; the walk itself is what the other tests use
    assert {"", "suggest", "play", "strategies", "optimal", "web", "plot compare", "prior weights"} <= names
    assert len(PATHS) >= 20


def test_the_checker_catches_what_help_used_to_show() -> None:
    old = """ Usage: wordlelab prior weights [OPTIONS] {word_args}...
│ --hard        <bool>   Hard mode.
│ --top   -n    <int range> [1<=x<=50]  How many.
│ word_args...  <list[str]>  Words to look up.
│ --out         <path>  PNG file.
│ --patterns  <str>  (No short flag: -p is `wordlelab web --port`.)
 Usage: wordlelab feedback [OPTIONS] guess answer"""
    found = "\n".join(raw_parts(old))
    for part in ["<bool>", "<int range>", "<list[str]>", "<path>", "<str>", "{word_args}", "<=x", "short flag"]:
        assert part in found
    assert "usage names 'guess'" in found and "usage names 'answer'" in found
    assert raw_parts(" Usage: wordlelab feedback [OPTIONS] GUESS ANSWER\n│ --top -n N  How many (1 to 50).") == []


@pytest.mark.parametrize("path", PATHS, ids=lambda p: " ".join(p) or "wordlelab")
def test_help_reads_like_a_manual(path: tuple[str, ...]) -> None:
    r = runner.invoke(app, [*path, "--help"], env={"COLUMNS": "250", "NO_COLOR": "1"})
    assert r.exit_code == 0, r.output
    assert "Usage:" in r.output
    assert raw_parts(r.output) == [], r.output
    if getattr(_command(path), "commands", None):
        assert "Commands" in r.output


@pytest.mark.parametrize("path", PATHS, ids=lambda p: " ".join(p) or "wordlelab")
def test_every_option_has_help_and_a_value_name(path: tuple[str, ...]) -> None:
    command = _command(path)
    params = [*command.params, command.get_help_option(typer.Context(command))]
    for param in params:
        label = "/".join(param.opts)
        assert (param.help or "").strip(), f"{' '.join(path)} {label} has no help"
        if param.param_type_name == "option" and param.is_flag:
            continue
        assert param.metavar and USAGE_WORD.fullmatch(param.metavar), f"{' '.join(path)} {label}: {param.metavar!r}"


def _defining_module(info: Any) -> str:
    """The module of a registered command, or of a command group's commands."""
    callback = info.callback or info.typer_instance.registered_commands[0].callback
    return str(callback.__module__)


def test_the_command_table_names_each_command_its_module_and_its_help() -> None:
    """`wordlelab --help` lists the commands from COMMANDS without importing them:
    each line there must be the command's own first help line, and each module
    the one that defines it (else `wordlelab NAME` would not find it)."""
    built = typer.main.get_command(app)
    assert list(built.commands) == list(COMMANDS)
    for name, (_, summary) in COMMANDS.items():
        own = " ".join((built.commands[name].help or "").split("\n\n")[0].split())
        assert own == summary, name
    registered = [*app.registered_commands, *app.registered_groups]
    for info in registered:
        name = info.name or info.callback.__name__.replace("_", "-")
        assert _defining_module(info) == f"wordlelab.cli.{COMMANDS[name][0]}", name
    assert len(registered) == len(COMMANDS)


def test_version() -> None:
    r = runner.invoke(app, ["--version"])
    assert r.exit_code == 0 and r.output == f"wordlelab {wordlelab.__version__}\n"
    assert wordlelab.__version__ == importlib.metadata.version("wordlelab")
