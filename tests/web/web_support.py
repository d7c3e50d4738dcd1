"""What the web tests share: the Host their in-process client sends, and stand-ins
for the app's work that run in its worker processes.

The stand-ins live in a module of their own (not in a test function) because a
worker process receives the function to run by name and imports it.
"""

from __future__ import annotations

import time
from typing import Any

#: the Host the in-process client sends (the app refuses names that are not its own)
BASE_URL = "http://localhost"


def sleep_then_answer(ctx: Any, *args: Any) -> dict[str, Any]:
    """Work that takes 30 s (longer than any test's time limit), then an empty answer."""
    time.sleep(30)
    return {"words": "original", "mode": "normal", "results": []}


def crash(ctx: Any, *args: Any) -> dict[str, Any]:
    """A worker that dies in the middle of a request (as a native crash would)."""
    import os
    import signal

    os.kill(os.getpid(), signal.SIGKILL)
    return {}


def start_web(*args: str, pipes: bool = False) -> tuple[Any, str]:
    """``wordlelab web --host 127.0.0.1 --port FREE *args`` as a subprocess, once it
    answers ``/api/meta`` (within 90 s): the process and its base URL.  ``pipes``:
    capture stdout and stderr (text) instead of discarding them."""
    import os
    import socket
    import subprocess
    import sys
    import urllib.request
    from pathlib import Path

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    exe = Path(sys.executable).with_name("wordlelab")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "wordlelab"]
    out = subprocess.PIPE if pipes else subprocess.DEVNULL
    proc = subprocess.Popen(
        [*cmd, "web", "--host", "127.0.0.1", "--port", str(port), *args],
        stdout=out,
        stderr=out,
        text=True,
        env={**os.environ, "COLUMNS": "200"},
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    while True:
        try:
            with urllib.request.urlopen(base + "/api/meta", timeout=2):
                return proc, base
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                raise AssertionError("wordlelab web did not start") from None
            time.sleep(0.2)
