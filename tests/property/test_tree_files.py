"""Malformed tree files: every one is a TreeFileError with a message, never another
exception (the parser, the header checks and the verifier), and nesting is bounded."""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import resources
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordlelab import WordList, pattern_table
from wordlelab.search import Solver
from wordlelab.search.tree import MAX_TREE_DEPTH, Tree, TreeFileError, tree_text
from wordlelab.treeview import browse, load_tree_text
from wordlelab.types import PatternTable

HEADER_KEYS = ["words", "answers", "allowed", "digest", "mode", "rule", "max_guesses", "guess_pool", "total"]
HEADER_KEYS += ["mean", "max", "proven", "format"]

Small = tuple[WordList, PatternTable, Tree]


@pytest.fixture(scope="module")
def small(small_words: WordList) -> Small:
    table = pattern_table(small_words, persist=False)
    tree = Solver(small_words, table, max_guesses=6).solve("salet").tree
    assert tree is not None
    return small_words, table, tree


def _load(text: str, small: Small) -> Any:
    wl, table, _ = small
    loaded = load_tree_text(text, "fuzz", wordlist=wl, table_for=lambda w, rule: table)
    browse(loaded.tree, loaded.table)  # the per-node figures walk the whole tree
    return loaded


def _expect_clean(text: str, small: Small) -> None:
    """The text loads, or is refused with a TreeFileError: nothing else may escape."""
    try:
        loaded = _load(text, small)
    except TreeFileError as exc:
        assert str(exc) and "Traceback" not in str(exc)
        return
    st_ = loaded.verification.stats
    assert st_.answers == len(small[0].answers) and st_.total == sum(len(p) for p in loaded.tree.paths(loaded.table))


def _json(small: Small) -> dict[str, Any]:
    _, table, tree = small
    data: dict[str, Any] = json.loads(tree_text(tree, table, json_format=True)[0])
    return data


def _text(small: Small) -> str:
    _, table, tree = small
    return tree_text(tree, table, json_format=False)[0]


# -- the minimal cases, each of which once escaped as another exception -----------------
def _set(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def edit(d: dict[str, Any]) -> None:
        d[key] = value

    return edit


def _children(value: Any) -> Callable[[dict[str, Any]], None]:
    def edit(d: dict[str, Any]) -> None:
        d["tree"]["children"] = value

    return edit


JSON_CASES = {
    "children a list": _children([1]),
    "children a string": _children("00000"),
    "children a number": _children(7),
    "a child not an object": _children({"00000": [1]}),
    "guess a number": lambda d: d["tree"].__setitem__("guess", 5),
    "max_guesses a word": _set("max_guesses", "x"),
    "max_guesses a list": _set("max_guesses", [1]),
    "max_guesses zero": _set("max_guesses", 0),
    "max_guesses true": _set("max_guesses", True),
    "rule a list": _set("rule", [1]),
    "rule unknown": _set("rule", "bogus"),
    "mode a list": _set("mode", [1]),
    "guess_pool unknown": _set("guess_pool", "some"),
    "proven a list": _set("proven", [1]),
    "total a string": _set("total", "many"),
    "total negative": _set("total", -5),
    "mean a string": _set("mean", "nan"),
    "answers a dict": _set("answers", {"a": 1}),
    "digest a list": _set("digest", [1]),
}


@pytest.mark.parametrize("case", list(JSON_CASES))
def test_malformed_json_fields_are_tree_file_errors(small: Small, case: str) -> None:
    data = _json(small)
    JSON_CASES[case](data)
    with pytest.raises(TreeFileError):
        _load(json.dumps(data), small)


@pytest.mark.parametrize("literal", ["1e999", "-1e999", "NaN", "Infinity"])
def test_non_finite_header_numbers_are_refused(small: Small, literal: str) -> None:
    for key in ("max_guesses", "total", "mean", "max"):
        data = _json(small)
        data[key] = "@"
        text = json.dumps(data).replace('"@"', literal)
        with pytest.raises(TreeFileError, match=key.replace("_", "-")):
            _load(text, small)


@pytest.mark.parametrize(
    ("old", "new", "field"),
    [
        ("max-guesses: 6", "max-guesses: x", "max-guesses"),
        ("max-guesses: 6", "max-guesses: 99999999999999999999", "max-guesses"),
        ("rule: official", "rule: bogus", "rule"),
        ("mode: normal", "mode: sideways", "mode"),
        ("guess-pool: all", "guess-pool: none", "guess-pool"),
        ("proven: yes", "proven: perhaps", "proven"),
        ("total: ", "total: x", "total"),
        ("mean: ", "mean: nan ignored: ", "mean"),
        ("mean: ", "mean: inf ignored: ", "mean"),
    ],
)
def test_malformed_text_header_fields_are_tree_file_errors(small: Small, old: str, new: str, field: str) -> None:
    text = _text(small)
    assert old in text
    with pytest.raises(TreeFileError, match=field):
        _load(text.replace(old, new, 1), small)


def test_a_line_past_the_cap_is_refused_not_recursed(small: Small) -> None:
    """One extra line of 500 moves that no answer reaches: refused by the cap, where it once
    passed verification and overflowed the recursion of the per-node figures."""
    wl, _, tree = small
    opener = wl.allowed[tree.root.guess]
    text = _text(small) + f"{opener} 22221 " * 500 + f"{opener} 22222\n"
    with pytest.raises(TreeFileError, match="max-guesses of 6"):
        _load(text, small)
    # without a cap in the header, the fixed depth limit applies
    with pytest.raises(TreeFileError, match=f"depth of {MAX_TREE_DEPTH}"):
        _load(text.replace("max-guesses: 6", "max-guesses: None"), small)


@pytest.mark.parametrize("depth", [8, 900, 5000])
def test_deeply_nested_json_is_refused(small: Small, depth: int) -> None:
    opener = "salet"
    text = '{"max_guesses": 6, "tree": ' + f'{{"guess": "{opener}", "children": {{"00000": ' * depth
    text += f'{{"guess": "{opener}"}}' + "}}" * depth + "}"
    with pytest.raises(TreeFileError, match="nested too deeply|past the header's max-guesses"):
        _load(text, small)


def test_shipped_tree_with_a_long_line_is_refused() -> None:
    """The case as reported: the shipped SALET tree plus one line of 500 moves."""
    ship = resources.files("wordlelab.data").joinpath("trees/salet-normal.tree").read_text("utf-8")
    text = ship + "salet 22221 " * 500 + "salet 22222\n"
    with pytest.raises(TreeFileError, match="501 guesses"):
        load_tree_text(text, "long")


# -- fuzzing ------------------------------------------------------------------------------
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**30), 10**30) | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)
FUZZ = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def _nodes(node: dict[str, Any]) -> list[dict[str, Any]]:
    out, stack = [], [node]
    while stack:
        n = stack.pop()
        out.append(n)
        kids = n.get("children")
        if isinstance(kids, dict):
            stack.extend(c for c in kids.values() if isinstance(c, dict))
    return out


@FUZZ
@given(data=st.data())
def test_fuzzed_json_trees_load_or_raise_tree_file_error(small: Small, data: st.DataObject) -> None:
    d = _json(small)
    for _ in range(data.draw(st.integers(1, 3))):
        where = data.draw(st.sampled_from(["header", "node", "child", "nest"]))
        if where == "header":
            d[data.draw(st.sampled_from(HEADER_KEYS))] = data.draw(json_values)
        else:
            nodes = _nodes(d["tree"])
            node = nodes[data.draw(st.integers(0, len(nodes) - 1))]
            if where == "node":
                node[data.draw(st.sampled_from(["guess", "children"]))] = data.draw(json_values)
            elif where == "child":
                pattern = data.draw(st.text(alphabet="0123gyx.", max_size=6))
                node.setdefault("children", {})
                if isinstance(node["children"], dict):
                    node["children"][pattern] = data.draw(json_values | st.just({"guess": node.get("guess")}))
            else:
                chain: Any = {"guess": node.get("guess")}
                for _ in range(data.draw(st.integers(1, 120))):
                    chain = {"guess": node.get("guess"), "children": {"00000": chain}}
                node["children"] = {"00001": chain}
    try:
        text = json.dumps(d)
    except ValueError:  # a value json cannot write (a circular one); nothing to test
        text = "{}"
    _expect_clean(text, small)


@FUZZ
@given(data=st.data())
def test_fuzzed_text_trees_load_or_raise_tree_file_error(small: Small, data: st.DataObject) -> None:
    lines = _text(small).splitlines()
    token = st.text(alphabet=st.characters(blacklist_categories=["Cs"], blacklist_characters="\r\n"), max_size=12)
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(lines) - 1))
        how = data.draw(st.sampled_from(["header", "token", "extend", "drop"]))
        if how == "header":
            key = data.draw(st.sampled_from([k.replace("_", "-") for k in HEADER_KEYS]))
            lines.insert(i, f"# {key}: {data.draw(token)}")
        elif how == "token":
            toks = lines[i].split() or [""]
            toks[data.draw(st.integers(0, len(toks) - 1))] = data.draw(token)
            lines[i] = " ".join(toks)
        elif how == "extend" and not lines[i].startswith("#"):
            toks = lines[i].split()
            n = data.draw(st.integers(1, 200))
            lines[i] = " ".join(toks[:2] * n + toks[2:])
        elif len(lines) > 1:
            del lines[i]
    _expect_clean("\n".join(lines) + "\n", small)
