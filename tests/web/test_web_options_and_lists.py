"""Strategy options in /api/meta and /api/suggest, and custom word lists on the Play and
Explain endpoints (the controls the pages offer for them are driven by these answers)."""

from __future__ import annotations

import inspect
from typing import Any

import pytest

from wordlelab import Game, Session, format_pattern, get_strategy, strategy_names
from wordlelab.strategies import strategy_class
from wordlelab.web.engine import strategy_options
from wordlelab.web.models import MAX_CUSTOM_ANSWERS


def custom(words: Any) -> dict[str, Any]:
    return {"answers": list(words.answers), "allowed": list(words.allowed), "name": "small"}


# -- strategy options ------------------------------------------------------------------------


def test_meta_lists_each_strategys_constructor_options(client: Any) -> None:
    meta = {s["name"]: s for s in client.get("/api/meta").json()["strategies"]}
    for kind in ("entropy", "expected-size", "most-parts", "minimax"):
        assert meta[kind]["options"] == [{"name": "candidates_only", "type": "bool", "default": False}]
    widths = {o["name"]: o for o in meta["entropy-2"]["options"]}
    assert widths["width"]["type"] == "int" and widths["candidates_only"]["type"] == "bool"
    # every option offered is a real keyword of the constructor, with its real default
    for name in strategy_names():
        params = inspect.signature(strategy_class(name).__init__).parameters
        for o in meta[name]["options"]:
            assert params[o["name"]].default == o["default"], (name, o)


def test_strategy_options_reads_the_signature() -> None:
    class Fake:
        def __init__(
            self,
            needed: int,
            start: str | None = None,
            depth: int = 2,
            weight: float = 0.5,
            strict: bool = True,
            shape: tuple[int, int] = (1, 2),
            *args: Any,
            **kw: Any,
        ) -> None:
            pass

    assert strategy_options(Fake) == [
        {"name": "start", "type": "str", "default": None},
        {"name": "depth", "type": "int", "default": 2},
        {"name": "weight", "type": "float", "default": 0.5},
        {"name": "strict", "type": "bool", "default": True},
    ]  # no default, a tuple, *args and **kw: no control can be offered


def test_suggest_with_candidates_only(client: Any, words: Any, table: Any) -> None:
    hist = [{"guess": "salet", "pattern": "00120"}]
    d = client.post(
        "/api/suggest",
        json={
            "words": "original",
            "history": hist,
            "top": 5,
            "options": {"candidates_only": True},
        },
    ).json()
    assert d["strategy"] == "entropy(candidates_only=True)"
    s = Session(words, table=table)
    s.play("salet", "00120")
    expected = s.suggest(get_strategy("entropy", candidates_only=True), 5)
    assert [x["guess"] for x in d["suggestions"]] == [x.word for x in expected]
    assert all(x["candidate"] for x in d["suggestions"])
    plain = client.post("/api/suggest", json={"history": hist, "top": 5}).json()
    assert not all(x["candidate"] for x in plain["suggestions"])  # the option changed the answer


def test_an_option_value_the_constructor_refuses_is_a_400(client: Any) -> None:
    r = client.post("/api/suggest", json={"strategy": "entropy-2", "options": {"width": 0}})
    assert r.status_code == 400, r.text
    body = r.json()
    assert body["kind"] == "InvalidOptionError"
    assert "bad options for strategy 'entropy-2'" in body["error"] and "width" in body["error"]


# -- custom lists on Play and Explain ----------------------------------------------------------


def test_play_a_game_on_a_custom_list(client: Any, small_words: Any) -> None:
    answer = small_words.answers[3]
    new = client.post("/api/play/new", json={"custom": custom(small_words), "answer": answer})
    assert new.status_code == 200, new.text
    game = new.json()
    assert game["words"] == "small"
    # the same list must come with every guess: the token is bound to it
    other = small_words.answers[0] if answer != small_words.answers[0] else small_words.answers[1]
    body = {"custom": custom(small_words), "token": game["token"], "guesses": [], "guess": other}
    first = client.post("/api/play/guess", json=body)
    assert first.status_code == 200, first.text
    ref = Game(answer, small_words)
    ref.guess(other)
    assert first.json()["rows"][0]["pattern"] == format_pattern(ref.history[0].pattern, small_words.length)
    assert [r["guess"] for r in first.json()["rows"]] == [other]
    won = client.post("/api/play/guess", json={**body, "guesses": [other], "guess": answer}).json()
    assert won["won"] is True and won["answer"] == answer
    review = client.post(
        "/api/play/review",
        json={
            "custom": custom(small_words),
            "token": game["token"],
            "guesses": [other, answer],
        },
    )
    assert review.status_code == 200, review.text
    assert review.json()["turns"][0]["candidates_before"] == len(small_words.answers)
    # without the custom list the token is refused
    assert client.post("/api/play/guess", json={**body, "custom": None}).status_code == 400


def test_explain_on_a_custom_list(client: Any, small_words: Any) -> None:
    guess = small_words.answers[0]
    r = client.post("/api/explain", json={"custom": custom(small_words), "guess": guess})
    assert r.status_code == 200, r.text
    d = r.json()
    assert d["words"] == "small" and d["candidates"] == len(small_words.answers)
    assert sum(b["count"] for b in d["buckets"]) == len(small_words.answers)


@pytest.mark.parametrize("path", ["/api/play/new", "/api/explain"])
def test_custom_list_limits_hold_on_play_and_explain(client: Any, path: str) -> None:
    body: dict[str, Any] = {"custom": {"answers": ["cigar"] * (MAX_CUSTOM_ANSWERS + 1)}}
    if path == "/api/explain":
        body["guess"] = "cigar"
    r = client.post(path, json=body)
    assert r.status_code == 422, r.text
    assert r.json()["detail"][0]["field"] == "custom.answers"
    bad = {"custom": {"answers": ["cigar", "toolong"]}, **({"guess": "cigar"} if "explain" in path else {})}
    r = client.post(path, json=bad)
    assert r.status_code == 400 and "toolong" in r.json()["error"]
