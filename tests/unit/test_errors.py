"""The exception hierarchy: one module defines it, its docstring draws it, and the
front ends tell a user's error (a WordlelabError) from a bug (anything else)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import wordlelab
from wordlelab import errors
from wordlelab.errors import CapTooTightError, InternalError, InvalidWordError, WordlelabError

SRC = Path(wordlelab.__file__).parent


def _drawn_tree() -> dict[str, str]:
    """Each class of the tree in the errors docstring -> its parent as drawn
    (``""`` for the roots): a name's parent is the nearest line above it that is
    indented less."""
    parents: dict[str, str] = {}
    stack: list[tuple[int, str]] = []
    for line in (errors.__doc__ or "").splitlines():
        m = re.match(r"^(\s*)(?:[│ ]*[├└]── )?([A-Z][A-Za-z]+(?:Error|Damage))\b", line)
        if not m or not line.startswith("    "):
            continue
        depth = len(line) - len(line.lstrip(" │├└─"))
        while stack and stack[-1][0] >= depth:
            stack.pop()
        parents[m.group(2)] = stack[-1][1] if stack else ""
        stack.append((depth, m.group(2)))
    return parents


def test_the_docstring_draws_every_class_where_it_stands() -> None:
    drawn = _drawn_tree()
    assert set(drawn) == set(errors.__all__)
    for name, parent in drawn.items():
        cls = getattr(errors, name)
        own = [b.__name__ for b in cls.__bases__ if b.__module__ == errors.__name__]
        assert own == ([parent] if parent else []), (name, own, parent)
        builtin = [b for b in cls.__bases__ if b.__module__ == "builtins" and b is not Exception]
        line = next(x for x in (errors.__doc__ or "").splitlines() if re.search(rf"── {name}\b|^    {name}\b", x))
        for b in builtin:  # the builtin it also is, named beside it
            assert b.__name__ in line, (name, b.__name__)


def test_every_exception_class_is_defined_in_the_errors_module() -> None:
    """No module but errors.py defines a public exception (a private one that never
    leaves its module, e.g. a signal inside a search, may stay where it is used)."""
    for path in SRC.rglob("*.py"):
        if path.name == "errors.py" and path.parent == SRC:
            continue
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                bases = {ast.unparse(b) for b in node.bases}
                assert not any(b.endswith(("Error", "Exception", "Damage")) for b in bases), (
                    f"{path.relative_to(SRC)}: {node.name} derives from {bases}; define it in errors.py"
                )


def test_an_internal_error_is_not_a_users_error() -> None:
    assert not issubclass(InternalError, WordlelabError)
    assert issubclass(InternalError, AssertionError)


def test_with_prefix_keeps_the_class_and_what_the_constructor_took() -> None:
    exc = CapTooTightError("no tree within 3 guesses", "salet")
    led = exc.with_prefix("move 2 (crane): ")
    assert type(led) is CapTooTightError and led.start == "salet"
    assert str(led) == "move 2 (crane): no tree within 3 guesses"
    assert str(InvalidWordError("not a word").with_prefix("x: ")) == "x: not a word"


def test_a_replay_error_names_the_move_and_keeps_its_class(small_words: wordlelab.WordList) -> None:
    session = wordlelab.Session(small_words)
    with pytest.raises(InvalidWordError, match=r"^move 2 \(zzzzz\): "):
        session.replay([(small_words.answers[0], "00000"), ("zzzzz", "00000")])
