"""Bounded load test of the web app on loopback: many /api/suggest requests from
concurrent clients; prints throughput and latency percentiles, exits 1 on any error.

    .venv/bin/python bench/load_web.py                     # 2000 requests, 20 clients
    .venv/bin/python bench/load_web.py --requests 500 --clients 5 --json

The server is started as a separate process (uvicorn, one worker, 127.0.0.1, a
free port) so that client and server do not share one interpreter; ``--url``
targets a server already running, which must be on loopback.  The requests are
a fixed, seeded mix of real game states: a random answer, 0 to 2 guesses from
common openers with the colours they get, then "suggest the best 5".  A few
warm-up requests (not counted) load the lists and compile the kernels first.
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import time
from typing import Any
from urllib.parse import urlparse

import httpx

from wordlelab.feedback import feedback, format_pattern
from wordlelab.words import load_wordlist

OPENERS = ["salet", "crane", "roate", "slate", "trace", "soare", "adieu", "stare"]
WARMUP = 10


def make_bodies(n: int, seed: int, words: str, strategy: str) -> list[dict[str, Any]]:
    wl = load_wordlist(words)
    rng = random.Random(seed)
    bodies = []
    for _ in range(n):
        answer = rng.choice(wl.answers)
        moves = []
        for guess in rng.sample(OPENERS, rng.randint(0, 2)):
            if guess == answer:
                break
            moves.append({"guess": guess, "pattern": format_pattern(feedback(guess, answer))})
        bodies.append({"words": words, "strategy": strategy, "history": moves, "top": 5, "show": 50})
    return bodies


def start_server(port: int) -> subprocess.Popen[bytes]:
    cmd = [
        sys.executable,
        "-m",
        "uvicorn",
        "wordlelab.web:create_app",
        "--factory",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--log-level",
        "warning",
    ]
    return subprocess.Popen(cmd, stdout=subprocess.DEVNULL)


def wait_ready(url: str, proc: subprocess.Popen[bytes] | None, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            if httpx.get(url + "/api/meta", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        if proc is not None and proc.poll() is not None:
            raise SystemExit("the server exited before it was ready")
        if time.monotonic() > deadline:
            raise SystemExit(f"no answer from {url} within {timeout:.0f} s")
        time.sleep(0.2)


async def run_load(url: str, bodies: list[dict[str, Any]], clients: int) -> dict[str, Any]:
    queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    for b in bodies:
        queue.put_nowait(b)
    latencies: list[float] = []
    errors: list[str] = []
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=60) as client:
        for b in bodies[:WARMUP]:
            (await client.post("/api/suggest", json=b)).raise_for_status()

        async def worker() -> None:
            while True:
                try:
                    body = queue.get_nowait()
                except asyncio.QueueEmpty:
                    return
                t0 = time.perf_counter()
                try:
                    r = await client.post("/api/suggest", json=body)
                    ok = r.status_code == 200 and "suggestions" in r.json()
                    if not ok:
                        errors.append(f"HTTP {r.status_code}: {r.text[:200]}")
                except httpx.HTTPError as exc:
                    errors.append(f"{type(exc).__name__}: {exc}")
                latencies.append(time.perf_counter() - t0)

        t0 = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(clients)))
        wall = time.perf_counter() - t0
    ms = sorted(x * 1000 for x in latencies)

    def pct(p: float) -> float:
        return round(ms[min(len(ms) - 1, int(p / 100 * len(ms)))], 1)

    return {
        "requests": len(bodies),
        "clients": clients,
        "errors": len(errors),
        "first_errors": errors[:5],
        "seconds": round(wall, 2),
        "throughput_rps": round(len(bodies) / wall, 1),
        "latency_ms": {
            "p50": pct(50),
            "p95": pct(95),
            "p99": pct(99),
            "max": round(ms[-1], 1),
            "mean": round(statistics.fmean(ms), 1),
        },
        "cpus": os.cpu_count(),
        "load_average_1min": round(os.getloadavg()[0], 2),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--requests", type=int, default=2000)
    ap.add_argument("--clients", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--words", default="original")
    ap.add_argument("--strategy", default="entropy")
    ap.add_argument("--url", help="a server already running on loopback (default: start one)")
    ap.add_argument("--json", action="store_true", help="print JSON only")
    args = ap.parse_args()
    if not 1 <= args.clients <= 200 or not 1 <= args.requests <= 100_000:
        raise SystemExit("keep it bounded: 1..200 clients, 1..100000 requests")

    proc = None
    if args.url:
        host = urlparse(args.url).hostname or ""
        if host != "localhost" and not ipaddress.ip_address(host).is_loopback:
            raise SystemExit("load tests run against loopback only (127.0.0.1)")
        url = args.url.rstrip("/")
    else:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        proc = start_server(port)
        url = f"http://127.0.0.1:{port}"
    try:
        wait_ready(url, proc)
        bodies = make_bodies(args.requests, args.seed, args.words, args.strategy)
        result = asyncio.run(run_load(url, bodies, args.clients))
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(timeout=20)
    result.update(words=args.words, strategy=args.strategy, seed=args.seed)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        lat = result["latency_ms"]
        print(
            f"{result['requests']} suggest requests, {result['clients']} concurrent clients, "
            f"{result['words']}/{result['strategy']}, seed {result['seed']}, {result['cpus']} CPUs, "
            f"load average {result['load_average_1min']} (other jobs share the CPUs)"
        )
        print(f"errors: {result['errors']}")
        print(f"wall: {result['seconds']} s   throughput: {result['throughput_rps']} req/s")
        print(f"latency ms: p50 {lat['p50']}  p95 {lat['p95']}  p99 {lat['p99']}  max {lat['max']}  mean {lat['mean']}")
        for e in result["first_errors"]:
            print("  error:", e)
    sys.exit(1 if result["errors"] else 0)


if __name__ == "__main__":
    main()
