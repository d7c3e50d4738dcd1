"""Where a request computes: cheap ones in a thread pool of the server process,
expensive ones in killable worker processes (:mod:`.workers`); both under the
request's time limit.  :class:`Limits` holds every resource limit of one app."""

from __future__ import annotations

import asyncio
import functools
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from .engine import make_context
from .lists import MAX_CUSTOM_BYTES
from .workers import ProcessRunner, TimeLimitError

__all__ = ["Limits", "Runner"]


@dataclass(frozen=True)
class Limits:
    """Resource limits of one app (the per-field caps of bodies are in :mod:`.models`)."""

    #: request bodies above this many bytes are refused (413); a full custom list is ~110 kB
    max_body_bytes: int = 512 * 1024
    #: seconds a request may compute before it is answered 503 (an expensive
    #: request's worker process is killed then)
    timeout_s: float = 20.0
    #: threads for cheap requests (built-in lists, partition strategies)
    fast_workers: int = 4
    #: worker processes for expensive requests, and how many more may wait for
    #: one; beyond that a request is refused (503 Busy)
    slow_workers: int = 2
    slow_queue: int = 4
    #: bytes of custom-list tables each worker process keeps in memory (LRU)
    max_custom_bytes: int = MAX_CUSTOM_BYTES
    #: a compare run may play at most this many games (strategies x answers)
    compare_max_games: int = 12000


class Runner:
    """Cheap requests in a thread pool here, expensive ones in killable worker
    processes; both under the time limit (see :mod:`wordlelab.web.app`)."""

    def __init__(self, limits: Limits, secret: bytes) -> None:
        self.limits = limits
        context = functools.partial(make_context, secret, limits.max_custom_bytes)
        self.context = context()
        self.fast = ThreadPoolExecutor(limits.fast_workers, thread_name_prefix="wordlelab-web")
        self.slow = ProcessRunner(limits.slow_workers, limits.slow_queue, context)

    async def run(self, task: Callable[..., Any], *args: Any, expensive: bool, deadline: float | None = None) -> Any:
        """``task(context, *args)`` by the request's ``deadline`` (default: the time limit
        from now)."""
        if deadline is None:
            deadline = time.monotonic() + self.limits.timeout_s
        if expensive:
            return await self.slow.run(deadline, task, *args)
        loop = asyncio.get_running_loop()
        call = functools.partial(task, self.context, *args)
        try:
            return await asyncio.wait_for(loop.run_in_executor(self.fast, call), max(deadline - time.monotonic(), 0))
        except TimeoutError:
            raise TimeLimitError() from None

    def shutdown(self) -> None:
        self.fast.shutdown(wait=False, cancel_futures=True)
        self.slow.shutdown()
