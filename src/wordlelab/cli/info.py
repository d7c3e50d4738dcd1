"""Listing commands: word lists and strategies."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.table import Table

from ..words import BUILTIN_LISTS, DEFAULT_LIST
from ._app import JsonOpt, app, console, print_json

if TYPE_CHECKING:
    from ..strategies.base import StrategyOption


@app.command("lists")
def lists_cmd(json_out: JsonOpt = False) -> None:
    """The built-in word lists."""
    if json_out:
        print_json({name: desc for name, (_, _, desc) in BUILTIN_LISTS.items()})
        return
    table = Table("name", "description")
    for name, (_, _, desc) in BUILTIN_LISTS.items():
        table.add_row(name + (" (default)" if name == DEFAULT_LIST else ""), desc)
    console.print(table)


@app.command("strategies")
def strategies_cmd(json_out: JsonOpt = False) -> None:
    """The registered strategies, one line each, with their options."""
    from ..strategies import strategy_class, strategy_names  # numpy: only this command needs it
    from ..strategies.base import option_specs

    names = strategy_names()
    if json_out:
        print_json({n: strategy_class(n).description for n in names})
        return
    table = Table("name", "description", "options")
    for n in names:
        table.add_row(n, strategy_class(n).description, "\n".join(_option_text(o) for o in option_specs(n)))
    console.print(table)
    console.print(
        "Set an option on `wordlelab bench` with --option NAME=VALUE (repeatable), e.g. "
        "`wordlelab bench -s entropy-2 --option width=5`; a random strategy's seed with --seed N.",
        soft_wrap=True,
    )


def _option_text(o: StrategyOption) -> str:
    """``width=10 (whole number >= 1)``: an option as ``--option`` takes it (kebab-case),
    its default and what it takes; a seed as ``--seed N``."""
    kind = {"bool": "true/false", "int": "whole number", "float": "number", "str": "text"}[o.type_name]
    if o.word:
        kind = "word"
    if o.minimum is not None:
        kind += f" >= {o.minimum:g}"
    default = str(o.default).lower() if isinstance(o.default, bool) else o.default
    if o.name == "seed":
        return f"--seed N (default {default})" if default is not None else "--seed N"
    name = o.name.replace("_", "-")
    return f"{name}={default} ({kind})" if o.default is not None else f"{name}=... ({kind})"
