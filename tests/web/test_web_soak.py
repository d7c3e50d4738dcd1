"""Soak: `wordlelab web` on 127.0.0.1 under repeated rounds of the same mixed load (cheap,
medium and expensive requests, malformed ones, custom lists, tree opens); the server's
resident memory must level off once the first rounds have loaded what they need.

Bounded: a fixed number of rounds of a fixed number of requests; the server is stopped
at the end whatever happens.  Memory is measured, never time.
"""

from __future__ import annotations

import json
import random
import subprocess
import urllib.error
import urllib.request
from typing import Any

import psutil
import pytest
from web_support import start_web

ROUNDS = 6
#: after the warm-up rounds, the server's RSS may still move by this much (allocator
#: noise: arenas, fragmentation), but not grow round after round
SLACK_MB = 24
WORDS = ["salet", "crane", "roate", "cigar", "trace", "adieu", "bench", "quiet"]


def _call(base: str, method: str, path: str, body: Any = None, raw: bytes | None = None) -> int:
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    req = urllib.request.Request(base + path, data=data, method=method, headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=120) as r:
            r.read()
            return int(r.status)
    except urllib.error.HTTPError as exc:
        exc.read()
        return int(exc.code)


def _round(base: str) -> None:
    """The same mixed load every round (a fixed seed)."""
    rng = random.Random(7)
    for _ in range(25):
        w = rng.choice(WORDS)
        hist = [{"guess": w, "pattern": "".join(rng.choice("012") for _ in range(5))}]
        _call(base, "POST", "/api/suggest", {"history": hist, "top": 5, "show": 50})
        _call(base, "POST", "/api/explain", {"guess": rng.choice(WORDS), "history": []})
        _call(base, "POST", "/api/suggest", {"history": [{"guess": "x" * rng.randint(1, 200), "pattern": "0"}]})
        _call(base, "POST", "/api/suggest", raw=b"{" * rng.randint(1, 50))
        _call(base, "POST", "/api/suggest", {"strategy": "entropy", "mode": rng.choice(["normal", "hard", "ultra"])})
        _call(base, "GET", f"/api/openers/rank?word={w}&mode={rng.choice(['normal', 'hard'])}")
        _call(base, "GET", "/nope/" + "a" * rng.randint(1, 300))
        _call(base, "POST", "/api/play/new", {"seed": rng.randint(0, 10**9)})
    for path in ("/api/openers", "/api/openers?mode=hard", "/api/trees", "/api/meta"):
        _call(base, "GET", path)
    for lst in ("original", "nyt"):
        _call(base, "POST", "/api/suggest", {"words": lst, "history": [], "top": 3})
    for _ in range(2):
        answers = sorted({"".join(rng.choice("abcdeilnorst") for _ in range(5)) for _ in range(300)})
        _call(base, "POST", "/api/suggest", {"custom": {"answers": answers}, "top": 3})
    for _ in range(4):
        _call(base, "POST", "/api/tree", {"tree": "shipped:salet-hard.tree"})


@pytest.mark.slow  # six rounds of about 200 requests: a minute or two
def test_server_memory_levels_off() -> None:
    proc, base = start_web("--timeout", "60")
    try:
        server = psutil.Process(proc.pid)
        rss = []
        for _ in range(ROUNDS):
            _round(base)
            rss.append(server.memory_info().rss / 2**20)
        print("\nserver RSS after each round (MB):", " ".join(f"{x:.0f}" for x in rss))
        settled = rss[2:]  # the first rounds load the lists, tables and strategies
        assert max(settled) - settled[0] <= SLACK_MB, rss
    finally:
        proc.terminate()
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
