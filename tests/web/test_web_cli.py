"""`wordlelab web` as a subprocess: binds to loopback, prints its URL, answers the API."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from typer.testing import CliRunner

from wordlelab.cli import app
from wordlelab.cli.web import _is_loopback


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_help_lists_the_options() -> None:
    out = CliRunner().invoke(app, ["web", "--help"]).output
    for opt in ("--host", "--port", "--timeout"):
        assert opt in out


def test_loopback_detection() -> None:
    assert _is_loopback("127.0.0.1") and _is_loopback("::1") and _is_loopback("localhost")
    assert not _is_loopback("0.0.0.0") and not _is_loopback("192.168.1.2")


def test_web_command_serves_on_loopback() -> None:
    port = _free_port()
    exe = Path(sys.executable).with_name("wordlelab")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "wordlelab.cli"]
    proc = subprocess.Popen(
        [*cmd, "web", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "COLUMNS": "200"},
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/meta", timeout=2) as r:
                    meta = json.loads(r.read())
                break
            except OSError:
                assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
                assert time.monotonic() < deadline, "wordlelab web did not answer within 60 s"
                time.sleep(0.2)
        assert "entropy" in [s["name"] for s in meta["strategies"]]
    finally:
        proc.terminate()
        out, _ = proc.communicate(timeout=20)
    assert f"http://127.0.0.1:{port}/" in out
