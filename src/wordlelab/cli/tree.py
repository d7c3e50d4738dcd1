"""Browse a decision tree in the terminal: `tree FILE|--start WORD`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.text import Text
from rich.tree import Tree as RichTree

from ..errors import InvalidOptionError, SearchError
from ..modes import GameRules, Mode
from ..treeview import LoadedTree, NodeView, answer_path, browse, load_tree_text
from ..words import load_wordlist
from ._app import (
    GuessesOpt,
    HardOpt,
    JsonOpt,
    ModeOpt,
    app,
    console,
    err_console,
    game_rules,
    handle_errors,
    print_json,
)
from .optimal import tree_file_text

#: tile colours of grey, yellow, green (as the web pages draw them)
MARK_STYLES = ("bold white on #787c7e", "bold white on #c9b458", "bold white on #538d4e")


def _tiles(word: str, pattern: str | None) -> Text:
    """``word`` in upper case with each letter on its pattern colour (plain when no pattern)."""
    out = Text()
    for i, ch in enumerate(word.upper()):
        out.append(ch, style=MARK_STYLES[int(pattern[i])] if pattern else "bold")
    return out


def _figures(v: NodeView) -> str:
    n = "1 answer" if v.answers == 1 else f"{v.answers} answers"
    if v.answers == 1 and v.solved:
        return f"{n}, solved here"
    return f"{n}, mean {v.mean:.2f} (total {v.total}), worst {v.worst}"


def _label(v: NodeView, parent: str | None) -> Text:
    """``SALET 01000 -> BROND  102 answers, ...``: the parent's guess coloured by the pattern."""
    if parent is None or v.pattern is None:
        return Text.assemble(_tiles(v.guess, None), "  ", (_figures(v), "dim"))
    return Text.assemble(
        _tiles(parent, v.pattern), f" {v.pattern} -> ", _tiles(v.guess, None), "  ", (_figures(v), "dim")
    )


def _grow(branch: RichTree, v: NodeView, depth: int, top: int) -> None:
    if depth <= 0:
        return
    kids = v.children if top == 0 else v.children[:top]
    for c in kids:
        _grow(branch.add(_label(c, v.guess)), c, depth - 1, top)
    rest = v.children[len(kids) :]
    if rest:
        answers = sum(c.answers for c in rest)
        branch.add(Text(f"... {len(rest)} more patterns ({answers} answers); --top 0 shows all", style="dim italic"))


def _node_json(v: NodeView, depth: int) -> dict[str, Any]:
    d = v.as_dict()
    d["mean"] = round(v.mean, 4)
    d["children"] = [_node_json(c, depth - 1) for c in v.children] if depth > 0 else []
    d["more"] = 0 if depth > 0 else len(v.children)
    return d


def _load_start(start: str, mode: Mode, words: str, guesses: str | None) -> tuple[LoadedTree, str]:
    """The tree opening with ``start``: shipped or cached, else searched now (and cached)."""
    from ..search import Solver, verify_tree
    from ..strategies.optimal import DEFAULT_OPENERS
    from ..strategies.treestore import TREE_CAP, TreeSpec, TreeStore, shipped_tree
    from ..table import pattern_table

    wl = load_wordlist(words, guesses)
    start = wl.allowed[wl.guess_id(start)]  # a word that is no allowed guess fails here, before any work
    table = pattern_table(wl)
    spec = TreeSpec(wl, GameRules(mode), start, DEFAULT_OPENERS)
    store = TreeStore()
    tree = store.get(spec, table)
    origin = "shipped tree" if tree is not None and tree is shipped_tree(spec) else "cached tree"
    if tree is None:
        err_console.print(
            f"no shipped or cached tree opens with {start.upper()} in {mode} mode: searching it now "
            "(seconds to minutes; Ctrl-C stops)"
        )
        found = Solver(wl, table, mode, max_guesses=TREE_CAP).solve(start).tree
        if found is None:  # pragma: no cover - a search from a start gives a tree or raises
            raise SearchError(f"no tree opening with {start!r} finds every answer within {TREE_CAP} guesses")
        if store.put(spec, found, table):
            err_console.print("the tree is cached for next time")
        else:
            folder = str(spec.path().parent)
            err_console.print(f"the cache folder {folder!r} cannot be written: the tree is not kept", soft_wrap=True)
        tree, origin = found, "searched now"
    verification = verify_tree(tree, table)
    return LoadedTree(tree, {"mode": tree.mode.value}, verification, table), origin


@app.command("tree")
@handle_errors
def tree_cmd(
    file: Annotated[Path | None, typer.Argument(help="A .tree (text) or .json tree file.")] = None,
    start: Annotated[
        str | None,
        typer.Option("--start", help="The tree opening with WORD: shipped or cached, else searched (and cached)."),
    ] = None,
    hard: HardOpt = False,
    mode: ModeOpt = None,
    depth: Annotated[int, typer.Option("--depth", "-d", min=0, max=12, help="Levels of patterns to show.")] = 2,
    top: Annotated[
        int, typer.Option("--top", "-n", min=0, help="Patterns shown per node, most answers first (0: all).")
    ] = 12,
    answer: Annotated[str | None, typer.Option("--answer", "-a", help="Show the path of this answer.")] = None,
    words: Annotated[
        str | None,
        typer.Option(
            "--words", "-w", metavar="LIST", help="Word list (default: the file's, or original with --start)."
        ),
    ] = None,
    guesses: GuessesOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Browse a decision tree: each colour pattern, its answers and the next guess, level by level."""
    if (file is None) == (start is None):
        raise InvalidOptionError("give a tree FILE or --start WORD (one of them)")
    if file is not None and (hard or mode is not None):
        raise InvalidOptionError("--mode and --hard go with --start; a tree file says its own mode")
    if file is not None:
        text = tree_file_text(file)
        wl = load_wordlist(words, guesses) if words is not None else None
        loaded = load_tree_text(text, str(file), wordlist=wl)
        origin = str(file)
    else:
        assert start is not None
        loaded, origin = _load_start(start, game_rules(mode, hard).mode, words or "original", guesses)
    root = browse(loaded.tree, loaded.table)
    path = answer_path(loaded.tree, loaded.table, answer) if answer is not None else None
    summary = loaded.summary(origin)
    if json_out:
        data = dict(summary)
        data["depth"] = depth
        data["root"] = _node_json(root, depth)
        if path is not None:
            data["answer"] = answer.strip().lower() if answer else None
            data["path"] = [{"guess": g, "pattern": p} for g, p in path]
        print_json(data)
        return
    st = loaded.verification.stats
    console.print(
        f"{summary['opener'].upper()} tree, {summary['words']} list, {summary['mode']} mode"
        f"{' (proven optimal)' if loaded.tree.proven else ''}; verified: {st.answers} answers, "
        f"total {st.total}, mean {st.mean:.4f}, max {st.max} ({escape(origin)})"
    )
    console.print("games by guesses: " + ", ".join(f"{k}: {v}" for k, v in st.histogram.items()))
    if path is not None:
        console.print(_path_tree(root, path))
        return
    shown = RichTree(_label(root, None))
    _grow(shown, root, depth, top)
    console.print(shown)


def _path_tree(root: NodeView, path: list[tuple[str, str]]) -> RichTree:
    """The nodes one answer passes, each with its figures, as a one-branch tree."""
    answer = path[-1][0]
    out = RichTree(Text.assemble(f"path of {answer.upper()} ({len(path)} guesses): ", _label(root, None)))
    branch, node = out, root
    for guess, pattern in path[:-1]:
        nxt = next(c for c in node.children if c.pattern == pattern)
        branch = branch.add(_label(nxt, guess))
        node = nxt
    branch.add(Text.assemble(_tiles(answer, path[-1][1]), f" {path[-1][1]} solved"))
    return out
