"""`wordlelab web` stopped while its workers compute (on 127.0.0.1, bounded): SIGKILL
leaves no process behind (workers, their forkserver, the resource tracker); Ctrl-C and
SIGTERM stop the running searches (their requests answered 503, not waited for), print
no traceback and no leaked semaphores, and leave nothing behind either."""

from __future__ import annotations

import json
import signal
import threading
import time
import urllib.error
import urllib.request
from typing import Any

import psutil
import pytest
from web_support import start_web

#: long enough that no request ends by itself during the test (the server's limit is
#: raised to match); the test stops the server long before
WORK = {"strategies": ["entropy", "minimax"], "sample": 2315}


def _post(url: str, out: list[Any]) -> None:
    req = urllib.request.Request(url, data=json.dumps(WORK).encode(), headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=120) as r:
            out.append(r.status)
    except urllib.error.HTTPError as exc:
        out.append((exc.code, json.loads(exc.read()).get("kind")))
    except OSError as exc:  # the connection dropped (the server was killed)
        out.append(type(exc).__name__)


def _busy_server() -> tuple[Any, list[psutil.Process], list[Any], list[threading.Thread]]:
    """A server on 127.0.0.1 with both workers computing a long request; its processes."""
    proc, base = start_web("--timeout", "120", pipes=True)
    deadline = time.monotonic() + 90
    answers: list[Any] = []
    threads = [threading.Thread(target=_post, args=(base + "/api/compare", answers), daemon=True) for _ in range(2)]
    for t in threads:
        t.start()
    server = psutil.Process(proc.pid)
    busy: list[psutil.Process] = []
    while len(busy) < 2:  # the two workers computing (children of the forkserver)
        assert time.monotonic() < deadline and not answers, f"the workers never got busy: {answers}"
        time.sleep(0.3)
        with_cpu = [p for p in server.children(recursive=True) if p.is_running()]
        busy = [p for p in with_cpu if p.cpu_times().user > 0.5 and p.ppid() != proc.pid]
    return proc, server.children(recursive=True), answers, threads


def _left(procs: list[psutil.Process]) -> list[str]:
    """The processes that have not ended within 15 s (a bounded wait, not a timing)."""
    _, alive = psutil.wait_procs(procs, timeout=15)
    return [" ".join(p.cmdline())[:120] for p in alive if p.is_running()]


def test_sigkill_leaves_no_process_behind() -> None:
    proc, family, _, _ = _busy_server()
    try:
        assert len(family) >= 4  # resource tracker, forkserver, two workers
        proc.kill()
        proc.communicate(timeout=60)  # reads and closes the pipes (they close when the last holder ends)
        assert _left(family) == []
    finally:
        for p in family:
            if p.is_running():
                p.kill()


@pytest.mark.slow  # about 20 s each, mostly starting the server
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_clean_shutdown_stops_the_running_work(sig: signal.Signals) -> None:
    proc, family, answers, threads = _busy_server()
    try:
        proc.send_signal(sig)
        _, err = proc.communicate(timeout=60)
        for t in threads:
            t.join(30)
        # the running requests were stopped and answered, not waited for
        assert answers == [(503, "Busy")] * 2, answers
        assert "Traceback" not in err and "leaked" not in err, err
        assert _left(family) == []
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate(timeout=60)
        for p in family:
            if p.is_running():
                p.kill()
