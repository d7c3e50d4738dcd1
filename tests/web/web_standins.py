"""Stand-ins for the web app's work, run in its worker processes by the tests.

They live in a module of their own (not in a test function) because a worker
process receives the function to run by name and imports it.
"""

from __future__ import annotations

import time
from typing import Any


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
