"""Where a request computes, by its cost class, always under the request's time limit.

Every API endpoint has one of four cost classes (the table is in docs/web.md):

* **trivial** (``/api/meta``, the pages, static files): microseconds, answered
  without any pool;
* **cheap** (a built-in list with a partition strategy: milliseconds): the
  server's thread pool, at most ``fast_workers`` at once and ``fast_queue``
  more waiting;
* **medium** (``/api/openers``, ``/api/trees``: tens of milliseconds of Python
  each): the same pool, but at most ``medium_workers`` at once and
  ``medium_queue`` waiting, so a flood of them leaves the cheap class its threads;
* **expensive** (a custom list, a strategy outside the partition family, a
  benchmark, opening a tree): killable worker processes (:mod:`.workers`).

Each class admits a bounded number of requests; the next one is refused at
once with 503 ``Busy`` instead of waiting behind the others, so no flood of one
endpoint can freeze another.  A slot is given back only when the work ends (a
thread past its time limit still holds its slot until it finishes), so the
threads busy never exceed the bound.  :class:`Limits` holds every resource
limit of one app."""

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
from .workers import SHUTTING_DOWN, BusyError, ProcessRunner, TimeLimitError

__all__ = ["Gate", "Limits", "Runner"]


@dataclass(frozen=True)
class Limits:
    """Resource limits of one app (the per-field caps of bodies are in :mod:`.models`)."""

    #: request bodies above this many bytes are refused (413); a full custom list is ~110 kB
    max_body_bytes: int = 512 * 1024
    #: seconds a request may compute before it is answered 503 (an expensive
    #: request's worker process is killed then)
    timeout_s: float = 20.0
    #: threads for cheap requests (built-in lists, partition strategies), and how
    #: many more may wait for one; beyond that a request is refused (503 Busy)
    fast_workers: int = 4
    fast_queue: int = 32
    #: of those threads, how many medium requests (opener tables, the tree list) may
    #: use at once, and how many more may wait
    medium_workers: int = 1
    medium_queue: int = 4
    #: worker processes for expensive requests, and how many more may wait for
    #: one; beyond that a request is refused (503 Busy)
    slow_workers: int = 2
    slow_queue: int = 4
    #: bytes of custom-list tables each worker process keeps in memory (LRU)
    max_custom_bytes: int = MAX_CUSTOM_BYTES
    #: a compare run may play at most this many games (strategies x answers)
    compare_max_games: int = 12000


class Gate:
    """Bounded admission of one cost class: at most ``running`` at once and ``waiting``
    more queued; beyond that :class:`BusyError` at once."""

    def __init__(self, running: int, waiting: int) -> None:
        self.capacity = running + waiting
        self.admitted = 0
        self._free = asyncio.Semaphore(running)

    async def enter(self, deadline: float) -> None:
        """Take a place (raises :class:`BusyError` when full, :class:`TimeLimitError` when
        none frees up by ``deadline``); the caller must :meth:`leave` once its work ends."""
        if self.admitted >= self.capacity:
            raise BusyError()
        self.admitted += 1
        try:
            await asyncio.wait_for(self._free.acquire(), max(deadline - time.monotonic(), 0))
        except TimeoutError:
            self.admitted -= 1
            raise TimeLimitError() from None
        except BaseException:
            self.admitted -= 1
            raise

    def leave(self) -> None:
        self.admitted -= 1
        self._free.release()


class Runner:
    """Runs each request by its cost class (see the module docstring)."""

    def __init__(self, limits: Limits, secret: bytes) -> None:
        self.limits = limits
        context = functools.partial(make_context, secret, limits.max_custom_bytes)
        self.context = context()
        self.fast = ThreadPoolExecutor(limits.fast_workers + limits.medium_workers, thread_name_prefix="wordlelab-web")
        self.cheap = Gate(limits.fast_workers, limits.fast_queue)
        self.medium = Gate(limits.medium_workers, limits.medium_queue)
        self.slow = ProcessRunner(limits.slow_workers, limits.slow_queue, context)
        self.closed = False

    async def run(
        self,
        task: Callable[..., Any],
        *args: Any,
        expensive: bool,
        medium: bool = False,
        deadline: float | None = None,
    ) -> Any:
        """``task(context, *args)`` by the request's ``deadline`` (default: the time limit
        from now): in a worker process if ``expensive``, else in the thread pool as a
        cheap or (``medium``) medium request.  Raises :class:`BusyError` when the class
        is full, :class:`TimeLimitError` at the deadline."""
        if deadline is None:
            deadline = time.monotonic() + self.limits.timeout_s
        if self.closed:
            raise BusyError(SHUTTING_DOWN)
        if expensive:
            return await self.slow.run(deadline, task, *args)
        gate = self.medium if medium else self.cheap
        await gate.enter(deadline)
        loop = asyncio.get_running_loop()
        try:
            future = loop.run_in_executor(self.fast, functools.partial(task, self.context, *args))
        except BaseException:
            gate.leave()
            raise
        # the place is given back when the thread is done, not when the client stops waiting
        future.add_done_callback(lambda _: gate.leave())
        try:
            return await asyncio.wait_for(asyncio.shield(future), max(deadline - time.monotonic(), 0))
        except TimeoutError:
            raise TimeLimitError() from None

    def stop(self) -> None:
        """The server is shutting down: refuse new work, stop the running searches now."""
        self.closed = True
        self.slow.stop()

    def shutdown(self) -> None:
        self.stop()
        self.fast.shutdown(wait=False, cancel_futures=True)
        self.slow.shutdown()
