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
    return {"words": "original", "hard": False, "results": []}


def crash(ctx: Any, *args: Any) -> dict[str, Any]:
    """A worker that dies in the middle of a request (as a native crash would)."""
    import os
    import signal

    os.kill(os.getpid(), signal.SIGKILL)
    return {}
