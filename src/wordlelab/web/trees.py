"""The Tree page's endpoints: the trees on offer, and one tree with its per-node figures.

A tree comes from one of three places, named in the request: ``tree`` (an id
from :func:`list_trees`: a tree shipped with the package or one the
``optimal`` strategy cached), ``text`` (a ``.tree`` or ``.json`` file the
page uploaded; parsed and verified before any figure is shown, a bad file is a
400 with the reason) or ``start`` (the tree opening with that word: shipped or
cached if there is one, else searched in a worker process under the request's
time limit, and never written to disk).
"""

from __future__ import annotations

from typing import Any

from pydantic import Field, field_validator

from ..errors import InvalidOptionError
from ..modes import GameRules, Mode
from ..treeview import LoadedTree, browse, load_tree_text, read_source, tree_sources
from ..words import BUILTIN_LISTS
from .engine import Context
from .models import Word, _ModeChoice

__all__ = ["MAX_TREE_CHARS", "TreeRequest", "list_trees", "open_tree"]

#: characters of an uploaded tree (the proven trees of the shipped lists take 0.1 MB;
#: the whole request body is capped too, by ``Limits.max_body_bytes``)
MAX_TREE_CHARS = 480_000


class TreeRequest(_ModeChoice):
    """Which tree: exactly one of ``tree``, ``text`` or ``start`` (``mode``/``hard``: the
    mode of the tree opening with ``start``)."""

    tree: str | None = Field(None, max_length=200, description="a tree id from GET /api/trees")
    text: str | None = Field(None, max_length=MAX_TREE_CHARS, description="an uploaded .tree or .json file")
    filename: str = Field("upload", max_length=100, description="the uploaded file's name, for messages")
    start: Word | None = Field(None, description="the tree opening with this word")
    words: str | None = Field(None, description="built-in list (default: the file's, or original with start)")

    @field_validator("words")
    @classmethod
    def _builtin(cls, v: str | None) -> str | None:
        if v is not None and v not in BUILTIN_LISTS:
            raise ValueError(f"unknown word list {v[:40]!r}; choose one of {', '.join(BUILTIN_LISTS)}")
        return v

    def given(self) -> list[str]:
        return [k for k in ("tree", "text", "start") if getattr(self, k) is not None]


def list_trees(ctx: Context) -> dict[str, Any]:
    """The shipped and cached trees (header figures as written; verified when opened)."""
    return {"trees": [s.as_dict() for s in tree_sources()], "max_tree_chars": MAX_TREE_CHARS}


def open_tree(ctx: Context, req: TreeRequest) -> dict[str, Any]:
    """The verified tree: its summary and every node with its figures."""
    given = req.given()
    if len(given) != 1:
        raise InvalidOptionError(
            "name one tree: `tree` (an id from /api/trees), `text` (an uploaded file) or `start` (an opener)"
            + (f"; got {', '.join(given)}" if given else "")
        )
    if req.tree is not None:
        name, text = read_source(req.tree)
        loaded = load_tree_text(text, name, words=req.words)
        source = req.tree
    elif req.text is not None:
        loaded = load_tree_text(req.text, req.filename or "upload", words=req.words)
        source = f"upload:{req.filename}"
    else:
        assert req.start is not None
        loaded, source = _start_tree(ctx, req.start, req.words or "original", req.game_mode)
    root = browse(loaded.tree, loaded.table)
    out = loaded.summary(source)
    out["nodes"] = root.size()
    out["root"] = root.as_dict()
    return out


def _start_tree(ctx: Context, start: str, words: str, mode: Mode) -> tuple[LoadedTree, str]:
    from ..search import Solver, verify_tree
    from ..strategies.optimal import DEFAULT_OPENERS
    from ..strategies.treestore import TREE_CAP, TreeSpec, TreeStore
    from .models import ListChoice

    loaded = ctx.lists.get(ListChoice(words=words))
    wl, table = loaded.words, loaded.table
    word = wl.allowed[wl.guess_id(start)]
    spec = TreeSpec(wl, GameRules(mode), word, DEFAULT_OPENERS)
    tree = TreeStore().get(spec, table)  # reads the cache, writes nothing
    source = f"start:{word}"
    if tree is None:
        tree = Solver(wl, table, mode, max_guesses=TREE_CAP).solve(word).tree
        source += " (searched now)"
        assert tree is not None  # a search from a start gives a tree or raises
    v = verify_tree(tree, table)
    return LoadedTree(tree, {"mode": tree.mode.value}, v, table), source
