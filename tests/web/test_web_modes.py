"""The web API's game mode: ``mode`` by name (``hard: true`` its short form), said in every answer."""

from __future__ import annotations

from typing import Any


def test_suggest_and_explain_say_the_mode_and_refuse_breaches(client: Any) -> None:
    c = client
    history = [{"guess": "salet", "pattern": "01012"}]
    r = c.post("/api/suggest", json={"mode": "ultra", "history": history, "top": 3})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["mode"] == "ultra" and "hard" not in body
    # every suggestion is consistent with SALET 01012: T last, A and E elsewhere, no S or L
    for s in body["suggestions"]:
        w = s["guess"]
        assert w[4] == "t" and "s" not in w and "l" not in w and w[1] != "a" and w[3] != "e"
    bad = c.post("/api/explain", json={"mode": "ultra", "history": history, "guess": "caret"})
    assert bad.status_code == 400 and "yellow there" in bad.json()["error"]
    ok = c.post("/api/explain", json={"hard": True, "history": history, "guess": "caret"})
    assert ok.status_code == 200 and ok.json()["mode"] == "hard"


def test_play_seals_the_mode_in_the_token(client: Any) -> None:
    c = client
    new = c.post("/api/play/new", json={"mode": "ultra", "answer": "react"}).json()
    assert new["mode"] == "ultra"
    first = c.post("/api/play/guess", json={"token": new["token"], "guesses": [], "guess": "salet"})
    assert first.status_code == 200 and first.json()["mode"] == "ultra"
    refused = c.post("/api/play/guess", json={"token": new["token"], "guesses": ["salet"], "guess": "caret"})
    assert refused.status_code == 400 and "ultra mode" in refused.json()["error"]


def test_conflicting_or_unknown_modes_are_422(client: Any) -> None:
    c = client
    assert c.post("/api/suggest", json={"mode": "ultra", "hard": True}).status_code == 422
    assert c.post("/api/suggest", json={"mode": "extreme"}).status_code == 422
    assert c.post("/api/suggest", json={"mode": "hard", "hard": True}).status_code == 200
