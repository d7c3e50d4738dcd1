"""Browsing a decision tree: per-node figures, one answer's path, and where trees come from.

A decision tree (:mod:`wordlelab.search.tree`) says which guess to play after
every colour pattern.  :func:`browse` turns one into a :class:`NodeView` per
node with the figures a reader wants:

* ``answers`` — how many answers reach the node;
* ``total`` — the guesses those answers still need from this node on (this
  node's guess counts one), so the root's ``total`` is the tree's total;
* ``mean`` — ``total / answers``; ``worst`` — the most guesses any of them
  needs from here (the root's ``worst`` is the tree's longest game);
* ``solved`` — the node's guess is one of its answers (that game ends here).

Children are ordered by answers (most first), then pattern.  The figures come
from replaying every answer through the tree with the pattern table, never
from the file's header.

Trees come from :func:`tree_sources`: the proven trees shipped with the package
(``wordlelab/data/trees``) and the trees the ``optimal`` strategy cached
(``cache_dir()/trees``).  :func:`load_tree_text` reads any ``.tree`` or
``.json`` tree text against a built-in list and verifies it (every answer
found, the mode's rule kept, the cap and the claimed figures) before anything
is shown.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from .cachefile import cache_dir
from .errors import InvalidWordError, WordlelabError
from .feedback import all_green, format_pattern
from .search.tree import Node, Tree, TreeFileError, TreeHeader, Verification, parse_tree, read_header, verify_tree
from .table import pattern_table
from .types import PatternTable
from .words import BUILTIN_LISTS, WordList, load_wordlist

__all__ = [
    "MAX_TREE_BYTES",
    "LoadedTree",
    "NodeView",
    "TreeSource",
    "answer_path",
    "browse",
    "header_list",
    "load_tree_text",
    "read_source",
    "tree_mode",
    "tree_sources",
]

#: the biggest tree text read from a source (the proven trees of the shipped lists take 0.1 MB)
MAX_TREE_BYTES = 16 * 2**20


@dataclass
class NodeView:
    """One node of a tree with its figures (module docstring)."""

    guess: str
    pattern: str | None
    depth: int
    answers: int = 0
    total: int = 0
    worst: int = 0
    solved: bool = False
    children: list[NodeView] = field(default_factory=list)

    @property
    def mean(self) -> float:
        return self.total / self.answers if self.answers else 0.0

    def size(self) -> int:
        """Nodes in this subtree, this one included."""
        return 1 + sum(c.size() for c in self.children)

    def as_dict(self) -> dict[str, Any]:
        """JSON: ``guess``, ``pattern`` (digits; None at the root), ``answers``,
        ``total``, ``worst``, ``solved`` and ``children`` (the mean is total/answers)."""
        return {
            "guess": self.guess,
            "pattern": self.pattern,
            "answers": self.answers,
            "total": self.total,
            "worst": self.worst,
            "solved": self.solved,
            "children": [c.as_dict() for c in self.children],
        }


def browse(tree: Tree, table: PatternTable) -> NodeView:
    """The figures of every node of ``tree`` (replays every answer; raises
    :class:`TreeFileError` if one is never found)."""
    words = tree.words
    win = all_green(words.length)
    views: dict[int, NodeView] = {}

    def view(node: Node, pattern: int | None, depth: int) -> NodeView:
        v = NodeView(
            words.allowed[node.guess], None if pattern is None else format_pattern(pattern, words.length), depth
        )
        views[id(node)] = v
        kids = [view(child, p, depth + 1) for p, child in sorted(node.children.items())]
        v.children = kids
        return v

    root = view(tree.root, None, 0)
    for steps in tree.paths(table):
        node: Node | None = tree.root
        n = len(steps)
        for i, step in enumerate(steps):
            assert node is not None  # paths() found the answer, so every node is there
            v = views[id(node)]
            v.answers += 1
            v.total += n - i
            v.worst = max(v.worst, n - i)
            if step.pattern == win:
                v.solved = True
                break
            node = node.children.get(step.pattern)
    _order(root)
    return root


def _order(v: NodeView) -> None:
    v.children.sort(key=lambda c: (-c.answers, c.pattern or ""))
    for c in v.children:
        _order(c)


def answer_path(tree: Tree, table: PatternTable, answer: str) -> list[tuple[str, str]]:
    """The guesses and patterns the tree plays when the answer is ``answer``."""
    words = tree.words
    if not answer.strip():
        raise InvalidWordError("give an answer word (`answer`)")
    a = words.answer_id(answer)
    win = all_green(words.length)
    node: Node | None = tree.root
    out: list[tuple[str, str]] = []
    while node is not None:
        p = int(table[node.guess, a])
        out.append((words.allowed[node.guess], format_pattern(p, words.length)))
        if p == win:
            return out
        node = node.children.get(p)
    raise TreeFileError(f"the tree never finds {words.answers[a]!r}")


def tree_mode(tree: Tree, header: TreeHeader) -> str:
    """The mode as a string (``normal``, ``hard``, ...): the header's, else the tree's."""
    mode = header.get("mode")
    return str(mode) if mode else tree.mode.value


# -- where trees come from ------------------------------------------------------
@dataclass(frozen=True)
class TreeSource:
    """A tree file the explorer offers: ``id`` is ``shipped:NAME`` or ``cached:NAME``."""

    id: str
    origin: str
    name: str
    header: TreeHeader

    def as_dict(self) -> dict[str, Any]:
        h = self.header
        return {
            "id": self.id,
            "origin": self.origin,
            "name": self.name,
            "words": h.get("words"),
            "mode": h.get("mode"),
            "total": h.get("total"),
            "mean": h.get("mean"),
            "proven": h.get("proven") in (True, "yes", "true"),
        }


def _shipped_folder() -> Any:
    return resources.files("wordlelab.data").joinpath("trees")


def _cache_folder() -> Path:
    return cache_dir() / "trees"


def tree_sources() -> list[TreeSource]:
    """The shipped trees, then the cached ones made for a built-in list (each with its
    header as written)."""
    out = []
    for entry in sorted(_shipped_folder().iterdir(), key=lambda e: e.name):
        if entry.name.endswith((".tree", ".json")):
            out.append(
                TreeSource(f"shipped:{entry.name}", "shipped", entry.name, read_header(entry.read_text("utf-8")))
            )
    folder = _cache_folder()
    if folder.is_dir():
        for path in sorted(folder.iterdir()):
            if path.suffix in (".tree", ".json") and path.is_file():
                try:
                    head = read_header(_read_limited(path))
                except WordlelabError:
                    continue
                if str(head.get("words")) in BUILTIN_LISTS:  # trees of custom lists cannot be opened here
                    out.append(TreeSource(f"cached:{path.name}", "cached", path.name, head))
    return out


def _read_limited(path: Path) -> str:
    try:
        with path.open("rb") as fh:
            data = fh.read(MAX_TREE_BYTES + 1)
    except OSError as exc:
        raise TreeFileError(f"cannot read tree file {path.name!r}: {exc.strerror or exc}") from None
    if len(data) > MAX_TREE_BYTES:
        raise TreeFileError(f"tree file {path.name!r} is bigger than {MAX_TREE_BYTES // 2**20} MiB")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise TreeFileError(f"tree file {path.name!r} is not UTF-8 text") from None


def read_source(source_id: str) -> tuple[str, str]:
    """``(name, text)`` of the source with ``source_id`` (only ids that
    :func:`tree_sources` lists are read: never a path given by a caller)."""
    for src in tree_sources():
        if src.id == source_id:
            if src.origin == "shipped":
                return src.name, _shipped_folder().joinpath(src.name).read_text("utf-8")
            return src.name, _read_limited(_cache_folder() / src.name)
    shown = source_id if len(source_id) <= 60 else source_id[:60] + "..."
    raise TreeFileError(f"no tree {shown!r}; the trees are: {', '.join(s.id for s in tree_sources())} (`tree`)")


@dataclass(frozen=True)
class LoadedTree:
    """A parsed and verified tree with its header as written."""

    tree: Tree
    header: TreeHeader
    verification: Verification
    table: PatternTable

    @property
    def mode(self) -> str:
        return tree_mode(self.tree, self.header)

    def summary(self, source: str) -> dict[str, Any]:
        """What the explorer shows above the tree: lists, mode, verified figures."""
        st = self.verification.stats
        w = self.tree.words
        return {
            "source": source,
            "words": w.name,
            "mode": self.mode,
            "answers": len(w.answers),
            "allowed": len(w.allowed),
            "opener": w.allowed[self.tree.root.guess],
            "max_guesses": self.tree.max_guesses,
            "guess_pool": self.tree.guesses_pool,
            "proven": self.tree.proven,
            "verified": True,
            "total": st.total,
            "mean": round(st.mean, 6),
            "max": st.max,
            "histogram": {str(k): v for k, v in st.histogram.items()},
        }


def header_list(text: str, words: str | None) -> str:
    """The built-in list a tree text was made for: ``words`` if given, else its
    header's ``words`` (``original`` when it names none)."""
    name = words or str(read_header(text).get("words", "original"))
    if name not in BUILTIN_LISTS:
        shown = name if len(name) <= 40 else name[:40] + "..."
        raise TreeFileError(
            f"the tree was made for word list {shown!r}, which is not built in; "
            f"built-in lists: {', '.join(BUILTIN_LISTS)} (`words`)"
        )
    return name


def load_tree_text(
    text: str,
    source: str,
    *,
    words: str | None = None,
    wordlist: WordList | None = None,
    table_for: Callable[[WordList, str], PatternTable] = pattern_table,
) -> LoadedTree:
    """Parse and verify a tree text of either format.

    The lists are ``wordlist`` if given, else the built-in list ``words`` or the one
    its header names; ``table_for(wordlist, rule)`` gives the pattern table.  Raises
    :class:`TreeFileError` (a :class:`WordlelabError`) with a clear message for a
    file that is malformed, made for other lists, or whose replay contradicts it.
    """
    if not text.strip():
        raise TreeFileError(f"{source}: the file is empty")
    wl = wordlist if wordlist is not None else load_wordlist(header_list(text, words))
    tree, head = parse_tree(text, wl, source)
    table = table_for(wl, tree.rule)
    try:
        verification = verify_tree(tree, table, head)
    except (ValueError, TypeError) as exc:
        if isinstance(exc, WordlelabError):
            raise
        raise TreeFileError(f"{source}: a header figure is not a number ({exc})") from None
    return LoadedTree(tree, head, verification, table)
