"""What the web app's error messages say to a user: the server's own words are never
shortened (only the values the user sent are), and no message names an API parameter
the pages have no field for."""

from __future__ import annotations

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
