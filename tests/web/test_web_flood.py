"""Flooding each endpoint in turn while a cheap request is timed: the flood is admitted
only up to its cost class's bound (the rest refused at once with 503 Busy), the cheap
requests are answered, nothing is a 500 or a time-out, and every slot comes back.

The probe latencies are printed (``pytest -s``), not asserted: the bounds on admission
are what the tests check; bench/flood_web.py measures the latencies.
"""

from __future__ import annotations

import statistics
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_support import BASE_URL

from wordlelab.web import Limits, create_app

#: concurrent requests of each flood (bounded; in-process, no network)
FLOOD = 40
LIMITS = Limits(timeout_s=15.0)

CHEAP = {"history": [{"guess": "salet", "pattern": "00100"}], "top": 3, "show": 5}


def _game(c: Any) -> tuple[str, list[str]]:
    """A token of a finished game (answer cigar) and its guesses."""
    token = c.post("/api/play/new", json={"answer": "cigar"}).json()["token"]
    for g in ("salet", "cigar"):
        c.post("/api/play/guess", json={"token": token, "guesses": ["salet"][: g == "cigar"], "guess": g})
    return token, ["salet", "cigar"]


def floods(c: Any) -> dict[str, tuple[str, str, dict[str, Any] | None, str]]:
    """path -> (method, url, body, cost class) for every API endpoint."""
    token, played = _game(c)
    return {
        "/api/meta": ("get", "/api/meta", None, "trivial"),
        "/api/suggest": ("post", "/api/suggest", CHEAP, "cheap"),
        "/api/explain": ("post", "/api/explain", {"guess": "crane", "history": CHEAP["history"]}, "cheap"),
        "/api/play/new": ("post", "/api/play/new", {"seed": 1}, "cheap"),
        "/api/play/guess": ("post", "/api/play/guess", {"token": token, "guesses": [], "guess": "salet"}, "cheap"),
        "/api/play/review": ("post", "/api/play/review", {"token": token, "guesses": played}, "expensive"),
        "/api/openers/rank": ("get", "/api/openers/rank?word=crane", None, "cheap"),
        # a row that is exact already is answered as a rank (cheap); a bound is searched
        # in a worker (expensive, like /api/tree's start)
        "/api/openers/compute": ("post", "/api/openers/compute", {"word": "salet"}, "cheap"),
        "/api/trees": ("get", "/api/trees", None, "medium"),
        "/api/openers": ("get", "/api/openers?mode=hard", None, "medium"),
        "/api/tree": ("post", "/api/tree", {"tree": "shipped:salet-hard.tree"}, "expensive"),
        "/api/compare": ("post", "/api/compare", {"strategies": ["entropy"], "sample": 8}, "expensive"),
    }


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    with TestClient(create_app(LIMITS), base_url=BASE_URL) as c:
        yield c


def test_every_api_endpoint_has_a_cost_class_and_a_flood(client: Any) -> None:
    paths = {r.path for r in client.app.routes if getattr(r, "path", "").startswith("/api/")}
    assert paths == set(floods(client))


def _call(c: Any, method: str, url: str, body: dict[str, Any] | None) -> Any:
    return c.post(url, json=body) if method == "post" else c.get(url)


def _flood(c: Any, method: str, url: str, body: dict[str, Any] | None) -> tuple[list[Any], list[float], list[Any]]:
    """FLOOD concurrent requests while a probe thread sends cheap ones until the flood
    ends; returns the flood's answers, the probe latencies and the probes' answers."""
    answers: list[Any] = [None] * FLOOD
    start = threading.Barrier(FLOOD + 1)

    def one(i: int) -> None:
        start.wait()
        answers[i] = _call(c, method, url, body)

    threads = [threading.Thread(target=one, args=(i,)) for i in range(FLOOD)]
    for t in threads:
        t.start()
    start.wait()
    latencies: list[float] = []
    probes: list[Any] = []
    while any(t.is_alive() for t in threads) or len(probes) < 4:
        for probe in (("post", "/api/suggest", CHEAP), ("get", "/api/meta", None)):
            t0 = time.perf_counter()
            probes.append(_call(c, *probe))
            latencies.append(time.perf_counter() - t0)
    for t in threads:
        t.join()
    return answers, latencies, probes


@pytest.mark.parametrize(
    "path",
    [
        "/api/meta",
        "/api/suggest",
        "/api/explain",
        "/api/play/new",
        "/api/play/guess",
        "/api/play/review",
        "/api/openers/rank",
        "/api/openers/compute",
        "/api/trees",
        "/api/openers",
        "/api/tree",
        "/api/compare",
    ],
)
def test_flooding_one_endpoint_leaves_cheap_requests_answered(client: Any, path: str) -> None:
    method, url, body, cost = floods(client)[path]
    runner = client.app.state.runner
    answers, latencies, probes = _flood(client, method, url, body)
    kinds = [(a.status_code, a.json().get("kind") if a.status_code != 200 else None) for a in answers]
    # refused at once when the class is full; an expensive request admitted to the queue
    # may wait there until its time limit (a 503 TimeLimit), never longer
    allowed = {(200, None), (503, "Busy")} | ({(503, "TimeLimit")} if cost == "expensive" else set())
    assert set(kinds) <= allowed, sorted(set(kinds))
    busy = sum(k == (503, "Busy") for k in kinds)
    if cost in ("medium", "expensive"):
        # a class admits at most its bound: with FLOOD at once, the rest are refused
        assert busy >= 1
    cheap_ok = [p.status_code for p in probes if p.request.url.path == "/api/suggest"]
    meta_ok = [p.status_code for p in probes if p.request.url.path == "/api/meta"]
    assert set(meta_ok) == {200}
    # the cheap class is shared with a cheap flood, which may fill it: Busy, never a hang
    assert set(cheap_ok) <= ({200, 503} if cost == "cheap" else {200}), cheap_ok
    # every place comes back once the flood is over
    deadline = time.monotonic() + 30
    while runner.cheap.admitted or runner.medium.admitted or runner.slow.admitted:
        assert time.monotonic() < deadline, "admission slots were not given back"
        time.sleep(0.05)
    ms = sorted(x * 1000 for x in latencies)
    print(
        f"\n{path} flood of {FLOOD} ({cost}): {busy} refused Busy; cheap probes p50 "
        f"{statistics.median(ms):.1f} ms, max {ms[-1]:.1f} ms over {len(ms)}"
    )
