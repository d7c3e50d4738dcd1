"""Decision trees: the data, the two file formats and the verifier.

A :class:`Tree` maps a node (the guess to play) to a child per non-winning
pattern.  Files record everything needed to re-check a result:

Text (``.tree``), one line per answer, in answer-list order, with every
guess and the pattern it shows; the last pair is the answer with all green::

    # wordlelab decision tree
    # words: original  answers: 2315  allowed: 12972  digest: 1f0c...
    # mode: normal  rule: official  max-guesses: 6
    # total: 7920  mean: 3.4212  max: 5  proven: yes
    salet 00000 courd 02000 ...

JSON (``.json``): the same header fields and the tree nested as
``{"guess": "salet", "children": {"00120": {...}, ...}}`` (patterns as digits).

:func:`verify_tree` replays every answer through the tree with the pattern
table (the rule of :mod:`wordlelab.feedback`), checks hard mode when the file
says hard, and recomputes the totals; it trusts nothing in the file but the
words.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NotRequired, TypedDict

from ..cachefile import atomic_write, short_digest
from ..errors import InvalidOptionError, TreeFileError, WordlelabError
from ..feedback import all_green, format_pattern, parse_pattern
from ..modes import MODES, NORMAL, RULES, GameRules, Mode, PlayedUnder
from ..state import Step, policy
from ..types import PatternTable
from ..words import WordList

__all__ = [
    "Node",
    "Tree",
    "TreeFileError",
    "TreeHeader",
    "TreeStats",
    "parse_tree",
    "read_tree",
    "tree_stats",
    "verify_tree",
    "write_tree",
]


#: the most guesses on any line of a tree file whose header names no cap (with a cap,
#: that cap bounds it); it keeps every walk over a tree far from the recursion limit
MAX_TREE_DEPTH = 64


#: a tree file's header as read: field name -> value (text files give strings,
#: JSON files their JSON values); ``words``, ``answers``, ``allowed``, ``digest``,
#: ``mode``, ``rule``, ``max_guesses``, ``guess_pool``, ``total``, ``mean``, ``max``,
#: ``proven`` and any extra fields the writer recorded (``Tree.meta``)
TreeHeader = dict[str, Any]


@dataclass
class Node:
    """Play ``guess`` (allowed index); ``children[pattern]`` is the next node."""

    guess: int
    children: dict[int, Node] = field(default_factory=dict)


@dataclass(frozen=True)
class TreeStats:
    total: int
    mean: float
    max: int
    answers: int
    histogram: dict[int, int]


@dataclass
class Tree(PlayedUnder):
    """A decision tree over ``words`` plus how it was made (for the file header)."""

    words: WordList
    root: Node
    rules: GameRules = NORMAL
    max_guesses: int | None = 6
    proven: bool = False
    guesses_pool: str = "all"  # "all" allowed guesses or "answers" only
    meta: dict[str, Any] = field(default_factory=dict)

    def paths(self, table: PatternTable) -> list[list[Step]]:
        """For each answer (in list order), the guesses and patterns of its game.

        Raises :class:`TreeFileError` if some answer is never found.
        """
        win = all_green(self.words.length)
        out = []
        limit = len(self.words.allowed) + 1
        for a in range(len(self.words.answers)):
            node: Node | None = self.root
            steps: list[Step] = []
            while True:
                if node is None or len(steps) >= limit:
                    raise TreeFileError(
                        f"the tree never finds {self.words.answers[a]!r} "
                        f"(after {' '.join(self.words.allowed[s.guess] for s in steps)})"
                    )
                p = int(table[node.guess, a])
                steps.append(Step(node.guess, p))
                if p == win:
                    break
                node = node.children.get(p)
            out.append(steps)
        return out

    def stats(self, table: PatternTable) -> TreeStats:
        return tree_stats([len(p) for p in self.paths(table)])

    def lookup(self, history: tuple[Step, ...]) -> Node | None:
        """The node reached after ``history``, or None if the tree never goes there."""
        node: Node | None = self.root
        for step in history:
            if node is None or node.guess != step.guess:
                return None
            node = node.children.get(step.pattern)
        return node


def tree_stats(lengths: list[int]) -> TreeStats:
    hist: dict[int, int] = {}
    for n in lengths:
        hist[n] = hist.get(n, 0) + 1
    total = sum(lengths)
    return TreeStats(total, total / len(lengths), max(lengths), len(lengths), dict(sorted(hist.items())))


# -- writing ------------------------------------------------------------------
def _header(tree: Tree, st: TreeStats) -> TreeHeader:
    w = tree.words
    return {
        "format": "wordlelab-tree-1",
        "words": w.name,
        "answers": len(w.answers),
        "allowed": len(w.allowed),
        "digest": short_digest(w.digest),
        "mode": tree.mode.value,
        "rule": tree.rule,
        "max_guesses": tree.max_guesses,
        "guess_pool": tree.guesses_pool,
        "total": st.total,
        "mean": round(st.mean, 6),
        "max": st.max,
        "proven": tree.proven,
        **tree.meta,
    }


class NodeJSON(TypedDict):
    """A node of a JSON tree file: the guess, and the next node per pattern (digits)."""

    guess: str
    children: NotRequired[dict[str, NodeJSON]]


def _node_json(tree: Tree, node: Node) -> NodeJSON:
    w = tree.words
    out: NodeJSON = {"guess": w.allowed[node.guess]}
    if node.children:
        out["children"] = {format_pattern(p, w.length): _node_json(tree, c) for p, c in sorted(node.children.items())}
    return out


def write_tree(tree: Tree, path: str | Path, table: PatternTable) -> TreeStats:
    """Write ``tree`` as text (``.tree``/``.txt``) or JSON (``.json``), atomically
    (readers see the old file or the whole new one); returns its stats."""
    p = Path(path)
    text, st = tree_text(tree, table, json_format=p.suffix == ".json")
    atomic_write(p, lambda fh: fh.write(text.encode("utf-8")))
    return st


def tree_text(tree: Tree, table: PatternTable, *, json_format: bool) -> tuple[str, TreeStats]:
    """The file text of ``tree`` (JSON or the one-line-per-answer text) and its stats."""
    paths = tree.paths(table)
    st = tree_stats([len(x) for x in paths])
    head = _header(tree, st)
    if json_format:
        data = dict(head)
        data["tree"] = _node_json(tree, tree.root)
        text = json.dumps(data, indent=1) + "\n"
    else:
        w = tree.words
        lines = [
            (
                "# wordlelab decision tree (one line per answer: guess pattern ...; "
                "patterns are 0 grey, 1 yellow, 2 green)"
            ),
            (
                f"# words: {head['words']}  answers: {head['answers']}  "
                f"allowed: {head['allowed']}  digest: {head['digest']}"
            ),
            (
                f"# mode: {head['mode']}  rule: {head['rule']}  "
                f"max-guesses: {head['max_guesses']}  guess-pool: {head['guess_pool']}"
            ),
            (f"# total: {st.total}  mean: {st.mean:.4f}  max: {st.max}  proven: {'yes' if tree.proven else 'no'}"),
        ]
        for k, v in tree.meta.items():
            lines.append(f"# {k}: {v}")
        for steps in paths:
            lines.append(" ".join(f"{w.allowed[s.guess]} {format_pattern(s.pattern, w.length)}" for s in steps))
        text = "\n".join(lines) + "\n"
    return text, st


# -- reading ------------------------------------------------------------------
def _parse_header_line(line: str, head: TreeHeader) -> None:
    body = line.lstrip("#").strip()
    parts = body.split()
    i = 0
    while i + 1 < len(parts):
        if parts[i].endswith(":"):
            head[parts[i][:-1].replace("-", "_")] = parts[i + 1]
            i += 2
        else:
            i += 1


def read_header(text: str) -> TreeHeader:
    """The header fields of a tree file's text, either format, without reading
    the tree (``{}`` when there are none or the JSON is malformed; :func:`read_tree`
    reports malformed files)."""
    if text.lstrip().startswith("{"):
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            return {}
        return _json_head(data) if isinstance(data, dict) else {}
    head: TreeHeader = {}
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("#"):
            _parse_header_line(line, head)
        elif line:
            break
    return head


def read_tree(path: str | Path, words: WordList) -> tuple[Tree, TreeHeader]:
    """Parse a tree file of either format against ``words``.

    Returns the tree and the header as written (figures not yet checked; see
    :func:`verify_tree`).  Raises :class:`TreeFileError` on a malformed file
    or a word that is not an allowed guess.
    """
    p = Path(path)
    try:
        text = p.read_text("utf-8")
    except OSError as exc:
        raise TreeFileError(f"cannot read tree file {str(p)!r}: {exc}") from None
    return parse_tree(text, words, str(p))


def parse_tree(text: str, words: WordList, source: str) -> tuple[Tree, TreeHeader]:
    """:func:`read_tree` of a file's text (``source`` names it in errors)."""
    if text.lstrip().startswith("{"):
        return _read_json(text, words, source)
    return _read_text(text, words, source)


def _gid(words: WordList, word: str, where: str) -> int:
    try:
        return words.guess_id(word)
    except WordlelabError as exc:
        raise TreeFileError(f"{where}: {exc}") from None


def _int_field(head: TreeHeader, key: str, lo: int, hi: int | None = None) -> int | None:
    """``head[key]`` as an int in ``[lo, hi]`` (None when absent); else :class:`TreeFileError`."""
    v = head.get(key)
    if v is None:
        return None
    if isinstance(v, str) and re.fullmatch(r"[+-]?\d{1,12}", v.strip()):
        n = int(v)
    elif isinstance(v, int) and not isinstance(v, bool):
        n = v
    else:
        raise TreeFileError(f"the header's {key.replace('_', '-')} is {_shown(v)}, not a whole number")
    if n < lo or (hi is not None and n > hi):
        upto = f" to {hi}" if hi is not None else " or more"
        raise TreeFileError(f"the header's {key.replace('_', '-')} is {n}; it must be {lo}{upto}")
    return n


def _choice_field(head: TreeHeader, key: str, choices: tuple[str, ...], default: str) -> str:
    v = head.get(key, default)
    if not isinstance(v, str) or v.lower() not in choices:
        raise TreeFileError(f"the header's {key.replace('_', '-')} is {_shown(v)}; choose one of {', '.join(choices)}")
    return v.lower()


def _shown(v: Any) -> str:
    """A header value for a message: short, and quoted as the file wrote it."""
    if isinstance(v, str):
        text = v
    else:
        try:
            text = json.dumps(v)
        except (ValueError, TypeError, RecursionError):
            text = type(v).__name__
    return repr(text if len(text) <= 40 else text[:40] + "...")


def check_header(head: TreeHeader) -> TreeHeader:
    """The header's known fields with their types and ranges checked: ``mode``,
    ``rule``, ``guess_pool`` (str), ``max_guesses`` (int or None), ``proven``
    (bool), ``answers``, ``allowed``, ``total``, ``max`` (int or absent), ``mean``
    (finite float or absent), ``digest``, ``words`` (str or absent).  Raises
    :class:`TreeFileError` naming the first bad field."""
    out: TreeHeader = {}
    out["mode"] = _choice_field(head, "mode", MODES, "normal")
    out["rule"] = _choice_field(head, "rule", tuple(RULES), "official")
    out["guess_pool"] = _choice_field(head, "guess_pool", ("all", "answers"), "all")
    mg = head.get("max_guesses")
    out["max_guesses"] = None if mg in (None, "None", "none") else _int_field(head, "max_guesses", 1, MAX_TREE_DEPTH)
    proven = head.get("proven", False)
    if proven not in (True, False, "yes", "no", "true", "false"):
        raise TreeFileError(f"the header's proven is {_shown(proven)}; it must be yes or no")
    out["proven"] = proven in (True, "yes", "true")
    for key in ("answers", "allowed", "total", "max"):
        n = _int_field(head, key, 0)
        if n is not None:
            out[key] = n
    if "mean" in head:
        m = head["mean"]
        try:
            mean = float(m) if isinstance(m, (str, int, float)) and not isinstance(m, bool) else math.nan
        except ValueError:
            mean = math.nan
        if not (math.isfinite(mean) and mean >= 0):
            raise TreeFileError(f"the header's mean is {_shown(m)}, not a number of guesses")
        out["mean"] = mean
    for key in ("digest", "words"):
        if key in head:
            if not isinstance(head[key], (str, int)) or isinstance(head[key], bool):
                raise TreeFileError(f"the header's {key} is {_shown(head[key])}, not a name")
            out[key] = str(head[key])
    return out


def _rules(fields: TreeHeader) -> GameRules:
    """The header's mode and colour rule as one value (a mode the rule does not
    allow is the file's fault)."""
    try:
        return GameRules(fields["mode"], fields["rule"])
    except InvalidOptionError as exc:
        raise TreeFileError(f"the header's mode and rule do not go together: {exc}") from None


def _header_tree(words: WordList, root: Node, fields: TreeHeader) -> Tree:
    return Tree(
        words,
        root,
        rules=_rules(fields),
        max_guesses=fields["max_guesses"],
        proven=fields["proven"],
        guesses_pool=fields["guess_pool"],
    )


def _checked(head: TreeHeader, source: str) -> TreeHeader:
    try:
        return check_header(head)
    except TreeFileError as exc:
        raise TreeFileError(f"{source}: {exc}") from None


def _read_text(text: str, words: WordList, source: str) -> tuple[Tree, TreeHeader]:
    head: TreeHeader = {}
    body: list[tuple[int, str]] = []
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if line.startswith("#"):
            _parse_header_line(line, head)
        elif line:
            body.append((lineno, line))
    fields = _checked(head, source)
    depth = fields["max_guesses"] or MAX_TREE_DEPTH
    root: Node | None = None
    for lineno, line in body:
        where = f"{source}, line {lineno}"
        toks = line.split()
        if len(toks) % 2:
            raise TreeFileError(f"{where}: expected pairs 'guess pattern', got {len(toks)} fields")
        if len(toks) // 2 > depth:
            raise TreeFileError(f"{where}: {len(toks) // 2} guesses, more than the {_cap_name(fields)} of {depth}")
        node: Node | None = None
        parent: Node | None = None
        last_p = -1
        for i in range(0, len(toks), 2):
            g = _gid(words, toks[i], where)
            try:
                pat = parse_pattern(toks[i + 1], words.length)
            except WordlelabError as exc:
                raise TreeFileError(f"{where}: {exc}") from None
            if parent is None:
                if root is None:
                    root = Node(g)
                node = root
            else:
                node = parent.children.setdefault(last_p, Node(g))
            if node.guess != g:
                raise TreeFileError(
                    f"{where}: plays {toks[i]!r} where an earlier line played "
                    f"{words.allowed[node.guess]!r} after the same guesses and patterns; "
                    "a decision tree must play one guess per position"
                )
            parent, last_p = node, pat
    if root is None:
        raise TreeFileError(f"{source}: no answer lines found")
    return _header_tree(words, root, fields), head


def _cap_name(fields: TreeHeader) -> str:
    return "header's max-guesses" if fields["max_guesses"] else "limit on a tree's depth"


def _read_json(text: str, words: WordList, source: str) -> tuple[Tree, TreeHeader]:
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise TreeFileError(f"{source}: not valid JSON: {exc}") from None
    except RecursionError:
        raise TreeFileError(f"{source}: the JSON is nested too deeply to be a decision tree") from None
    if not isinstance(data, dict):
        raise TreeFileError(f"{source}: not a tree (a JSON object with 'tree')")
    head = _json_head(data)
    fields = _checked(head, source)
    depth = fields["max_guesses"] or MAX_TREE_DEPTH

    def node_of(obj: Any, where: str, level: int) -> Node:
        if not isinstance(obj, dict) or "guess" not in obj:
            raise TreeFileError(f"{source}: node at {where or 'root'} has no 'guess'")
        if not isinstance(obj["guess"], str):
            raise TreeFileError(f"{source}: node at {where or 'root'}: the guess is {_shown(obj['guess'])}, not a word")
        if level > depth:
            raise TreeFileError(f"{source}: node at {where} is guess {level}, past the {_cap_name(fields)} of {depth}")
        kids = obj.get("children") or {}
        if not isinstance(kids, dict):
            raise TreeFileError(
                f"{source}: node at {where or 'root'}: 'children' must map patterns to nodes, "
                f"not be {type(kids).__name__ if not isinstance(kids, str) else 'a string'}"
            )
        return Node(_gid(words, obj["guess"], source))

    # iterative (a stack, not recursion), so no nesting the JSON parser accepts can overflow it
    root = node_of(data.get("tree"), "", 1)
    stack: list[tuple[Node, Any, str, int]] = [(root, data.get("tree"), "", 1)]
    while stack:
        node, obj, where, level = stack.pop()
        for pat, child in (obj.get("children") or {}).items():
            try:
                p = parse_pattern(pat, words.length)
            except WordlelabError as exc:
                raise TreeFileError(f"{source}: {exc}") from None
            here = f"{where} {obj['guess']} {pat}".strip()
            node.children[p] = node_of(child, here, level + 1)
            stack.append((node.children[p], child, here, level + 1))
    return _header_tree(words, root, fields), head


def _json_head(data: dict[str, Any]) -> TreeHeader:
    return {k: v for k, v in data.items() if k != "tree"}


# -- verifying ----------------------------------------------------------------
@dataclass(frozen=True)
class Verification:
    stats: TreeStats
    mode: Mode
    max_guesses: int | None
    claimed: TreeHeader


def verify_tree(tree: Tree, table: PatternTable, claimed: TreeHeader | None = None) -> Verification:
    """Replay every answer; raise :class:`TreeFileError` on the first problem.

    Checks: every answer is found; in hard mode every guess keeps the hints
    so far, in ultra mode every guess is consistent with every clue so far;
    no game exceeds ``max_guesses``; the guess pool is respected; the
    recomputed total, mean and max equal the ``claimed`` ones (if given).
    """
    w = tree.words
    fields = check_header(claimed) if claimed else {}
    if claimed:
        for key in ("answers", "allowed"):
            if key in fields and fields[key] != len(getattr(w, key)):
                raise TreeFileError(
                    f"the file was made for {claimed[key]} {key} but the list has "
                    f"{len(getattr(w, key))}; pass the same word lists (`words`/`guesses`)"
                )
        if "digest" in fields and fields["digest"] != short_digest(w.digest):
            raise TreeFileError(
                "the file was made for different word lists (digest mismatch); pass the same lists as `words`/`guesses`"
            )
    paths = tree.paths(table)
    rules = policy(tree.mode)
    for a, steps in enumerate(paths):
        if tree.max_guesses is not None and len(steps) > tree.max_guesses:
            raise TreeFileError(f"{w.answers[a]!r} takes {len(steps)} guesses, over the cap of {tree.max_guesses}")
        for i, s in enumerate(steps):
            if tree.guesses_pool == "answers" and not w.allowed_is_answer[s.guess]:
                raise TreeFileError(
                    f"{w.allowed[s.guess]!r} is not a possible answer but the tree's guess pool is answers only"
                )
            if tree.hard:
                why = rules.violation(w, tuple(steps[:i]), s.guess, tree.rule)
                if why is not None:
                    raise TreeFileError(
                        f"{tree.mode} mode broken on the way to {w.answers[a]!r}: {w.allowed[s.guess]!r} ({why})"
                    )
    st = tree_stats([len(p) for p in paths])
    if claimed:
        checks = [("total", st.total), ("max", st.max)]
        for key, got in checks:
            if key in fields and fields[key] != got:
                raise TreeFileError(f"the file claims {key} {fields[key]} but replaying gives {got}")
        if "mean" in fields and abs(fields["mean"] - st.mean) > 5e-4:
            raise TreeFileError(f"the file claims mean {claimed['mean']} but replaying gives {st.mean:.4f}")
    return Verification(st, tree.mode, tree.max_guesses, dict(claimed or {}))
