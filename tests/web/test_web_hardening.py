"""What a hostile or careless client cannot do: leak the expensive queue's slots,
reach the API through another host name (DNS rebinding), get a huge value echoed
back, cause a 500 with a strategy option of the wrong type, start a tree search,
or make the server write a custom list's data to disk."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
import web_support
from fastapi.testclient import TestClient
from web_support import BASE_URL

from wordlelab.cachefile import cache_dir
from wordlelab.web import Limits, create_app
from wordlelab.web import app as web_app
from wordlelab.web import compare as web_compare


def custom(words: Any) -> dict[str, Any]:
    return {"answers": list(words.answers), "allowed": list(words.allowed), "name": "small"}


def error(resp: Any, status: int) -> dict[str, Any]:
    assert resp.status_code == status, resp.text
    assert resp.headers["content-type"].startswith("application/json")
    body = resp.json()
    assert set(body) == {"error", "kind", "detail"} and body["error"]
    return body


# -- the expensive queue ------------------------------------------------------------------


def test_timed_out_requests_give_back_their_queue_slots(monkeypatch: Any, small_words: Any) -> None:
    """A burst of expensive requests that all time out (one running, three queued)
    leaves no slot taken: the idle server then answers a full burst normally."""
    monkeypatch.setattr(web_compare, "compare", web_support.sleep_then_answer)  # 30 s each
    # 3 s: the served burst below (four custom-list suggestions, one at a time)
    # must fit even on a busy machine
    limits = Limits(slow_workers=1, slow_queue=3, timeout_s=3.0)
    with TestClient(create_app(limits), base_url=BASE_URL) as c:
        runner = c.app.state.runner.slow

        def burst(body: dict[str, Any], path: str) -> list[Any]:
            out: list[Any] = [None] * 4
            threads = [
                threading.Thread(target=lambda i=i: out.__setitem__(i, c.post(path, json=body))) for i in range(4)
            ]
            for t in threads:
                t.start()
            for t in threads:
                t.join(60)
            return out

        for _ in range(2):
            timed_out = burst({"strategies": ["entropy"]}, "/api/compare")
            assert [error(r, 503)["kind"] for r in timed_out] == ["TimeLimit"] * 4
            assert runner.admitted == 0
        # idle again: four expensive requests at once (one runs, three wait) all served
        served = burst({"custom": custom(small_words), "top": 2}, "/api/suggest")
        assert [r.status_code for r in served] == [200] * 4, [r.text for r in served]
        assert runner.admitted == 0


# -- Host header and echoed values -----------------------------------------------------------


@pytest.mark.parametrize(
    "host",
    [
        "localhost",
        "localhost:8000",
        "LOCALHOST:1",
        "127.0.0.1",
        "127.0.0.1:8000",
        "127.1.2.3:80",
        "[::1]",
        "[::1]:8000",
        "localhost.",
    ],
)
def test_loopback_hosts_are_accepted(host: str) -> None:
    assert web_app.host_allowed(host)
    assert web_app.host_allowed(host, "127.0.0.1")


@pytest.mark.parametrize(
    "host",
    [
        "",
        "evil.example",
        "evil.example:8000",
        "localhost.evil.example",
        "127.0.0.1.nip.io",
        "10.0.0.5",
        "192.168.1.2:8000",
        "[::2]:80",
        "localhost:port",
        "local host",
        "x" * 5000,
    ],
)
def test_other_hosts_are_refused(host: str) -> None:
    assert not web_app.host_allowed(host)
    assert not web_app.host_allowed(host, "127.0.0.1")


def test_the_bound_host_is_accepted() -> None:
    assert web_app.host_allowed("192.168.1.2:8000", "192.168.1.2")
    assert web_app.host_allowed("wordle.lan:8000", "wordle.lan")
    assert not web_app.host_allowed("10.0.0.5:8000", "192.168.1.2")
    # bound to every interface: any address (an address cannot be rebound), no other name
    assert web_app.host_allowed("192.168.1.2:8000", "0.0.0.0")
    assert web_app.host_allowed("[fe80::1]:8000", "::")
    assert not web_app.host_allowed("evil.example:8000", "0.0.0.0")


def test_requests_for_another_host_get_400(client: Any) -> None:
    for path in ("/api/meta", "/", "/static/common.js"):
        body = error(client.get(path, headers={"host": "evil.example:8000"}), 400)
        assert body["kind"] == "BadHost" and "evil.example" in body["error"]
    body = error(client.post("/api/suggest", json={}, headers={"host": "attacker.test"}), 400)
    assert body["kind"] == "BadHost"
    long_host = "a" * 10000 + ".example"
    body = error(client.get("/api/meta", headers={"host": long_host}), 400)
    assert len(body["error"]) < 300
    assert client.get("/api/meta", headers={"host": "127.0.0.1:8000"}).status_code == 200
    with TestClient(create_app(bind_host="wordle.lan"), base_url="http://wordle.lan:8000") as c:
        assert c.get("/api/meta").status_code == 200


def test_huge_values_are_not_echoed(client: Any) -> None:
    big = "0" * 300_000
    for body in (
        {"history": [{"guess": "salet", "pattern": big}]},
        {"history": [{"guess": "salet", "pattern": "1" * 60}]},  # within the field's limit
        {"strategy": "x" * 5000},
        {"words": "y" * 5000},
        {"strategy": "entropy-2", "options": {"width": "9" * 90}},
        {"strategy": "entropy", "options": {"z" * 39: 1}},
        {"guess": "salet", "custom": {"answers": ["ab" * 8] * 5}},
    ):
        r = client.post("/api/suggest", json=body)
        assert 400 <= r.status_code < 500, r.text
        got = error(r, r.status_code)
        assert len(got["error"]) < 400, got["error"]
        assert len(r.content) < 4000


def test_clip_message_cuts_quoted_values_and_long_runs() -> None:
    msg = web_app.clip_message(f"pattern {'0' * 1000!r} has 1000 marks; give one per letter")
    assert msg.startswith("pattern '" + "0" * 40 + "... (1000 characters)'") and msg.endswith("letter")
    assert len(web_app.clip_message("x" * 100_000)) < 200
    ok = "move 1 (salet): pattern '0012' has 4 marks, e.g. 20012, gy..g, GYBBG or 🟩🟨⬛⬛🟩"
    assert web_app.clip_message(ok) == ok


# -- strategy options of the wrong type or range: always a JSON 4xx ----------------------------


@pytest.mark.parametrize(
    "raw",
    [
        '{"strategy": "entropy-2", "options": {"width": 1e999}}',
        '{"strategy": "entropy-2", "options": {"width": -1e999}}',
        '{"strategy": "entropy-2", "options": {"width": NaN}}',
        '{"strategy": "entropy-2", "options": {"width": 0}}',
        '{"strategy": "entropy-2", "options": {"width": 2.5}}',
        '{"strategy": "entropy-2", "options": {"width": "abc"}}',
        '{"strategy": "entropy-2", "options": {"width": 99999999999999999999999999}}',
        '{"strategy": "random", "options": {"seed": -1}}',
        '{"strategy": "optimal", "options": {"start": 5}}',
        '{"strategy": "optimal", "options": {"start": true}}',
        '{"strategy": "optimal", "options": {"start": "zzzzz"}}',
        '{"strategy": "optimal", "options": {"openers": 1e999}}',
        '{"strategy": "optimal", "options": {"openers": 0}}',
        '{"strategy": "demarcate", "options": {"start": "\\ud800"}}',
        '{"strategy": "\\udfff"}',
        '{"strategy": "entropy", "options": {"\\ud800": true}}',
        '{"history": [{"guess": "sal\\ud800t", "pattern": "00000"}]}',
        '{"custom": {"answers": ["cigar", "\\ud800abcd"]}}',
        '{"strategy": "entropy", "options": {"candidates_only": "false"}}',
        '{"strategy": "entropy", "options": {"candidates_only": "no"}}',
        '{"strategy": "entropy", "options": {"candidates_only": "0"}}',
        '{"strategy": "entropy", "options": {"candidates_only": 1}}',
        '{"strategy": "two-phase", "options": {"recount": "true"}}',
        '{"strategy": "entropy", "options": {"nope": 1}}',
    ],
)
def test_bad_option_values_are_json_4xx(client: Any, raw: str) -> None:
    r = client.post("/api/suggest", content=raw, headers={"content-type": "application/json"})
    assert 400 <= r.status_code < 500, (raw, r.status_code, r.text)
    body = error(r, r.status_code)
    assert body["kind"] in ("InvalidOptionError", "ValidationError", "UnknownStrategyError")


def test_string_booleans_are_not_read_as_true(client: Any) -> None:
    body = error(client.post("/api/suggest", json={"options": {"candidates_only": "false"}}), 400)
    assert "candidates_only" in body["error"] and "true or false" in body["error"]
    ok = client.post("/api/suggest", json={"options": {"candidates_only": False}, "top": 1})
    assert ok.status_code == 200


# -- no tree searches, nothing written to disk for a custom list ----------------------------------


def test_optimal_needs_a_ready_tree_everywhere(client: Any, small_words: Any) -> None:
    """Suggest, compare and review refuse ``optimal`` when its tree is neither shipped
    nor cached (the message gives the command that builds it); shipped trees play."""
    # a list of its own: other tests search and cache the optimal tree of small_words
    mine = custom(small_words)
    mine["answers"] = mine["answers"][:-1]
    for path, body in [
        ("/api/suggest", {"words": "nyt", "strategy": "optimal"}),
        ("/api/suggest", {"strategy": "optimal", "options": {"start": "crane"}}),
        ("/api/suggest", {"strategy": "optimal", "hard": True, "options": {"openers": 5, "start": "crane"}}),
        ("/api/suggest", {"custom": mine, "strategy": "optimal"}),
        ("/api/compare", {"words": "nyt", "strategies": ["entropy", "optimal"], "sample": 3}),
    ]:
        got = error(client.post(path, json=body), 400)
        assert got["kind"] == "NoTreeError" and "`wordlelab " in got["error"], got
    got = error(client.post("/api/suggest", json={"custom": mine, "strategy": "optimal"}), 400)
    assert "--words ANSWERS.txt" in got["error"]
    token = client.post("/api/play/new", json={"custom": mine, "answer": "cigar"}).json()["token"]
    got = error(
        client.post(
            "/api/play/review",
            json={
                "token": token,
                "custom": mine,
                "guesses": ["cigar"],
                "strategy": "optimal",
            },
        ),
        400,
    )
    assert got["kind"] == "NoTreeError"
    shipped = {"words": "original", "strategy": "optimal", "top": 1, "hard": True}
    r = client.post("/api/suggest", json=shipped)
    assert r.status_code == 200 and r.json()["suggestions"][0]["guess"] == "salet"


def _snapshot(folder: Path) -> dict[str, int]:
    return {str(p): p.stat().st_size for p in folder.rglob("*")} if folder.exists() else {}


def test_custom_lists_write_nothing_to_disk(client: Any, small_words: Any) -> None:
    cache = cache_dir()
    before = _snapshot(cache)
    answers = list(small_words.answers[:40])
    lst = {"answers": answers, "allowed": list(small_words.allowed), "name": "nodisk"}
    for strategy, options in [
        ("entropy", {}),
        ("demarcate", {"start": "crate"}),
        ("entropy-2", {}),
        ("minimax", {"candidates_only": True}),
        ("optimal", {}),
    ]:
        r = client.post("/api/suggest", json={"custom": lst, "strategy": strategy, "options": options})
        assert r.status_code in (200, 400), r.text
    assert client.post("/api/explain", json={"custom": lst, "guess": "salet"}).status_code == 200
    token = client.post("/api/play/new", json={"custom": lst, "answer": answers[0]}).json()["token"]
    played = client.post("/api/play/guess", json={"custom": lst, "token": token, "guess": answers[0]})
    assert played.status_code == 200 and played.json()["won"]
    rv = client.post(
        "/api/play/review", json={"custom": lst, "token": token, "guesses": [answers[0]], "strategy": "minimax"}
    )
    assert rv.status_code == 200, rv.text
    cmp_ = client.post("/api/compare", json={"custom": lst, "strategies": ["entropy", "demarcate"]})
    assert cmp_.status_code == 200, cmp_.text
    assert _snapshot(cache) == before


def test_the_custom_list_cache_cap_is_configurable(small_words: Any) -> None:
    """With a cap smaller than any table each worker keeps only the newest list."""
    limits = Limits(slow_workers=1, slow_queue=0, max_custom_bytes=1)
    with TestClient(create_app(limits), base_url=BASE_URL) as c:
        for n in (20, 21, 22, 20):
            lst = {"answers": list(small_words.answers[:n])}
            assert c.post("/api/suggest", json={"custom": lst, "top": 1}).status_code == 200
        meta = c.get("/api/meta").json()["limits"]
        assert meta["max_custom_bytes"] == 1 and meta["slow_workers"] == 1


def test_a_crashed_worker_is_a_json_error_and_replaced(monkeypatch: Any, small_words: Any) -> None:
    monkeypatch.setattr(web_compare, "compare", web_support.crash)
    with TestClient(create_app(Limits(slow_workers=1)), base_url=BASE_URL) as c:
        body = error(c.post("/api/compare", json={"strategies": ["entropy"]}), 500)
        assert body["kind"] == "WorkerDied"
        r = c.post("/api/suggest", json={"custom": custom(small_words), "top": 1})
        assert r.status_code == 200
        assert c.app.state.runner.slow.admitted == 0
