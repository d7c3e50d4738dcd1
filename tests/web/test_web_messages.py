"""What the web app's error messages say to a user: the server's own words are never
shortened (only the values the user sent are), and no message names an API parameter
the pages have no field for."""

from __future__ import annotations

import re
from typing import Any

from wordlelab.web import app as web_app


def test_a_short_guess_gets_the_whole_message(client: Any) -> None:
    r = client.post("/api/suggest", json={"history": [{"guess": "cran", "pattern": "0000"}]})
    assert r.status_code == 400
    error = r.json()["error"]
    assert "characters)" not in error and "..." not in error.replace("e.g.", "")
    assert error.startswith("move 1 (cran): 'cran' is not a 5-letter word;")
    assert error.endswith("'aback'")


def test_only_the_values_the_user_sent_are_shortened() -> None:
    own = "'cran' is not a 5-letter word; type a word of five letters from the list, e.g. 'aback'"
    assert web_app.clip_message(own) == own
    long = "x" * 60
    msg = web_app.clip_message(f"unknown strategy {long!r}; choose one of 'entropy', 'minimax'")
    assert msg == f"unknown strategy '{'x' * 40}... (60 characters)'; choose one of 'entropy', 'minimax'"
    both = web_app.clip_message(f"'ab' then {long!r} and 'cd'")
    assert both == f"'ab' then '{'x' * 40}... (60 characters)' and 'cd'"


def test_messages_name_no_parameter_the_pages_have_no_field_for(client: Any) -> None:
    r = client.post("/api/suggest", json={"history": [{"guess": "qzxvj", "pattern": "00000"}]})
    error = r.json()["error"]
    assert "`" not in error and "with guesses" not in error
    assert error.endswith("give a bigger list of allowed guesses under “Use my own word list” (allowed guesses)")


def test_page_terms() -> None:
    from wordlelab.web.responses import page_terms

    said = {
        # the search's messages, as the Tree page's "opener's tree" would show them
        "'trace' cannot find every answer within 6 guesses; raise `max_guesses` or try another `start`": (
            "'trace' cannot find every answer within 6 guesses; try another opener"
        ),
        "no tree finds all 5 candidates within 2 more guesses; raise `max_guesses`": (
            "no tree finds all 5 candidates within 2 more guesses"
        ),
        "no opener tried finds every answer within 6 guesses; raise `max_guesses` or `top`": (
            "no opener tried finds every answer within 6 guesses"
        ),
        "no tree 'x'; the trees are: a, b (`tree`)": "no tree 'x'; the trees are: a, b",
        "unknown `mode` 'x': choose one of normal, hard, ultra": "unknown mode 'x': choose one of normal, hard, ultra",
    }
    for library, page in said.items():
        assert page_terms(library) == page


def test_every_library_message_naming_a_parameter_reads_in_page_terms() -> None:
    """Every string in the library (outside cli/ and web/) that names a parameter in
    backticks, as the web would show it: no backticks, and no advice to raise a
    parameter no page has a field for."""
    import ast
    from pathlib import Path

    import wordlelab
    from wordlelab.web.responses import page_terms

    root = Path(wordlelab.__file__).parent
    seen = 0
    for path in root.rglob("*.py"):
        if path.relative_to(root).parts[0] in ("cli", "web"):
            continue
        tree = ast.parse(path.read_text("utf-8"))
        docs = {
            id(n.body[0].value)
            for n in ast.walk(tree)
            if isinstance(n, ast.Module | ast.FunctionDef | ast.ClassDef) and n.body and isinstance(n.body[0], ast.Expr)
        }
        for node in ast.walk(tree):
            if (
                id(node) not in docs
                and isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and "raise `" in node.value
            ):
                seen += 1
                shown = page_terms(node.value)
                assert "`" not in shown, (path.name, shown)
                assert not re.search(r"raise (max guesses|top|upper)\b", shown), (path.name, shown)
    assert seen >= 3
