"""The FastAPI application: routes, limits, and errors as JSON.

Every computing endpoint runs in a worker thread with a time limit, so the
event loop never blocks and other users keep being served.  Requests are
"cheap" (a built-in list and a partition strategy: milliseconds) or
"expensive" (a custom list, whose table may have to be built, a strategy
outside the partition family, or a benchmark); the two kinds run in separate
bounded thread pools, so a queue of expensive requests cannot delay cheap ones.
A compiled kernel cannot be interrupted: a request past its time limit is
answered 503 at once while its thread finishes in the background, which is why
the expensive pool is small and refuses new work (503) when it is full.

Errors are JSON ``{"error": message, "kind": name, "detail": ...}``: 400 for
a :class:`~wordlelab.errors.WordlelabError` (409 for a finished game), 413 for
a body over the size limit, 422 for a body that fails validation, 503 for the
time limit or a full queue.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import math
import random
import threading
import time
import typing
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .. import __version__
from ..errors import GameOverError, WordlelabError
from ..game import DEFAULT_STRATEGY
from ..strategies import strategy_class, strategy_names
from ..strategies._information import PartitionStrategy
from ..words import DEFAULT_LIST
from . import engine
from .models import (
    MAX_CUSTOM_ALLOWED,
    MAX_CUSTOM_ANSWERS,
    MAX_HISTORY,
    MAX_SHOW,
    MAX_TOP,
    CompareRequest,
    ExplainRequest,
    GuessRequest,
    NewGameRequest,
    ReviewRequest,
    SuggestRequest,
)

__all__ = ["BusyError", "Limits", "TimeLimitError", "create_app", "strategy_options"]

STATIC = Path(__file__).parent / "static"
#: route -> (title, name): the page is static/layout.html around static/<name>.html,
#: with static/<name>.js as its script
PAGES = {
    "/": ("Assistant", "assistant"),
    "/play": ("Play", "play"),
    "/explain": ("Explain", "explain"),
    "/compare": ("Compare", "compare"),
    "/api": ("API", "api"),
}
#: pages and scripts come only from this server: no CDN, no inline script
CSP = "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'"

T = TypeVar("T")


@dataclass(frozen=True)
class Limits:
    """Resource limits of one app (the per-field caps of bodies are in :mod:`.models`)."""

    #: request bodies above this many bytes are refused (413); a full custom list is ~110 kB
    max_body_bytes: int = 512 * 1024
    #: seconds a request may compute before it is answered 503
    timeout_s: float = 20.0
    #: threads for cheap requests (built-in lists, partition strategies)
    fast_workers: int = 4
    #: threads for expensive requests; more waiting than this are refused (503)
    slow_workers: int = 2
    slow_queue: int = 4
    #: a compare run may play at most this many games (strategies x answers)
    compare_max_games: int = 12000


class TimeLimitError(Exception):
    """A request ran past :attr:`Limits.timeout_s`."""


class BusyError(Exception):
    """The expensive-request pool is full."""


class _Runner:
    """Two bounded thread pools and the time limit (see the module docstring)."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.fast = ThreadPoolExecutor(limits.fast_workers, thread_name_prefix="wordlelab-web")
        self.slow = ThreadPoolExecutor(limits.slow_workers, thread_name_prefix="wordlelab-slow")
        self._slow_lock = threading.Lock()
        self._slow_in_flight = 0

    async def run(self, fn: Callable[[], T], *, expensive: bool) -> T:
        loop = asyncio.get_running_loop()
        if not expensive:
            return await self._wait(loop.run_in_executor(self.fast, fn))
        with self._slow_lock:
            if self._slow_in_flight >= self.limits.slow_workers + self.limits.slow_queue:
                raise BusyError()
            self._slow_in_flight += 1

        def tracked() -> T:
            try:
                return fn()
            finally:
                with self._slow_lock:
                    self._slow_in_flight -= 1

        return await self._wait(loop.run_in_executor(self.slow, tracked))

    async def _wait(self, fut: asyncio.Future[T]) -> T:
        try:
            return await asyncio.wait_for(fut, self.limits.timeout_s)
        except TimeoutError:
            raise TimeLimitError() from None

    def shutdown(self) -> None:
        self.fast.shutdown(wait=False, cancel_futures=True)
        self.slow.shutdown(wait=False, cancel_futures=True)


class _BodyLimit:
    """ASGI middleware: refuse request bodies over ``max_bytes`` with a 413 JSON answer.

    Checks the Content-Length header first, then reads the body (streamed or
    not) into memory, stopping as soon as it grows too big, and hands the app a
    replay of it; the cap keeps that buffer small.
    """

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    def _response(self) -> JSONResponse:
        return JSONResponse(
            {
                "error": f"request body is larger than {self.max_bytes} bytes; "
                "send fewer words (a custom list is capped at "
                f"{MAX_CUSTOM_ANSWERS} answers and {MAX_CUSTOM_ALLOWED} guesses)",
                "kind": "BodyTooLarge",
                "detail": {"max_bytes": self.max_bytes},
            },
            status_code=413,
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") in ("GET", "HEAD"):
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length" and value.isdigit() and int(value) > self.max_bytes:
                await self._response()(scope, receive, send)
                return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                await self._response()(scope, receive, send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


def _error(status: int, message: str, kind: str, detail: Any = None) -> JSONResponse:
    return JSONResponse({"error": message, "kind": kind, "detail": detail}, status_code=status)


_OPTION_TYPES = {bool: "bool", int: "int", float: "float", str: "str"}


def strategy_options(cls: type) -> list[dict[str, Any]]:
    """The constructor options of a strategy class, read from its ``__init__`` signature:
    ``[{"name", "type": bool|int|float|str, "default"}]``.  Options without a default or
    of another type are left out (the pages cannot offer a control for them)."""
    init = cls.__init__  # type: ignore[misc]  # the class's own constructor is what we want
    try:
        hints = typing.get_type_hints(init)
    except (NameError, TypeError, AttributeError):  # an annotation that does not resolve
        hints = {}
    out = []
    for name, param in inspect.signature(init).parameters.items():
        if name == "self" or param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            continue
        if param.default is param.empty:
            continue
        kinds = [a for a in typing.get_args(hints.get(name)) if a is not type(None)]
        kind = hints.get(name) if not kinds else kinds[0] if len(kinds) == 1 else None
        if kind not in _OPTION_TYPES and param.default is not None:
            kind = type(param.default)
        if kind not in _OPTION_TYPES:
            continue
        out.append({"name": name, "type": _OPTION_TYPES[kind], "default": param.default})
    return out


def _is_expensive(strategy: str) -> bool:
    return not issubclass(strategy_class(strategy), PartitionStrategy)


def create_app(limits: Limits | None = None, *, secret: bytes | None = None) -> FastAPI:
    """The web app.  ``secret`` keys the Play tokens (random per app if not given, so
    games in progress do not survive a restart unless the same secret is passed)."""
    limits = limits or Limits()
    runner = _Runner(limits)
    lists = engine.Lists()
    sealer = engine.GameSealer(secret)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        runner.shutdown()

    app = FastAPI(
        title="wordlelab",
        version=__version__,
        description="Wordle assistant, game, partition explainer and strategy comparison. "
        "Stateless: send the whole history with every request.",
        docs_url=None,  # Swagger UI loads from a CDN; /api renders /openapi.json locally
        redoc_url=None,
        lifespan=lifespan,
    )
    app.add_middleware(_BodyLimit, max_bytes=limits.max_body_bytes)

    @app.middleware("http")
    async def security_headers(request: Request, call_next: Any) -> Any:
        response = await call_next(request)
        response.headers.setdefault("Content-Security-Policy", CSP)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        return response

    # -- errors -------------------------------------------------------------------------
    @app.exception_handler(WordlelabError)
    async def _library_error(request: Request, exc: WordlelabError) -> JSONResponse:
        status = 409 if isinstance(exc, GameOverError) else 400
        return _error(status, str(exc), type(exc).__name__)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = []
        for err in exc.errors():
            loc = ".".join(str(p) for p in err.get("loc", ()) if p != "body")
            msg = str(err.get("msg", "invalid")).removeprefix("Value error, ")
            problems.append({"field": loc, "message": msg})
        first = problems[0] if problems else {"field": "", "message": "invalid request"}
        where = f"{first['field']}: " if first["field"] else ""
        return _error(422, f"invalid request: {where}{first['message']}", "ValidationError", problems)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return _error(exc.status_code, str(exc.detail), "HTTPError")

    @app.exception_handler(TimeLimitError)
    async def _slow(request: Request, exc: TimeLimitError) -> JSONResponse:
        return _error(
            503,
            f"the request took longer than {limits.timeout_s:g} s and was stopped; "
            "try a smaller word list, a cheaper strategy or fewer games",
            "TimeLimit",
            {"timeout_s": limits.timeout_s},
        )

    @app.exception_handler(BusyError)
    async def _busy(request: Request, exc: BusyError) -> JSONResponse:
        return _error(
            503, "the server is busy with other long requests; try again in a moment", "Busy"
        )

    # -- API ------------------------------------------------------------------------------
    @app.get("/api/meta", tags=["info"])
    def meta() -> dict[str, Any]:
        """Built-in word lists, registered strategies and the request limits."""
        strategies = []
        for name in strategy_names():
            cls = strategy_class(name)
            strategies.append(
                {
                    "name": name,
                    "description": cls.description,
                    "higher_is_better": cls.higher_is_better,
                    "score": getattr(cls, "score_stat", "score"),
                    "expensive": _is_expensive(name),
                    "options": strategy_options(cls),
                }
            )
        return {
            "version": __version__,
            "lists": engine.list_info(),
            "default_list": DEFAULT_LIST,
            "strategies": strategies,
            "default_strategy": DEFAULT_STRATEGY,
            "max_guesses": engine.MAX_GUESSES,
            "limits": {
                "max_body_bytes": limits.max_body_bytes,
                "timeout_s": limits.timeout_s,
                "max_custom_answers": MAX_CUSTOM_ANSWERS,
                "max_custom_allowed": MAX_CUSTOM_ALLOWED,
                "max_history": MAX_HISTORY,
                "max_top": MAX_TOP,
                "max_show": MAX_SHOW,
                "compare_max_games": limits.compare_max_games,
            },
        }

    @app.post("/api/suggest", tags=["assistant"])
    async def suggest(req: SuggestRequest) -> dict[str, Any]:
        """Best next guesses after a history, the candidates left, and how the best
        guess splits them."""
        expensive = req.custom is not None or _is_expensive(req.strategy)
        return await runner.run(functools.partial(engine.suggest, lists, req), expensive=expensive)

    @app.post("/api/explain", tags=["assistant"])
    async def explain(req: ExplainRequest) -> dict[str, Any]:
        """The partition table of a guess: each pattern, how many candidates show it, which."""
        return await runner.run(
            functools.partial(engine.explain, lists, req), expensive=req.custom is not None
        )

    @app.post("/api/play/new", tags=["play"])
    async def play_new(req: NewGameRequest) -> dict[str, Any]:
        """Start a game: an opaque token hides the answer (random, seeded or chosen)."""
        return await runner.run(
            functools.partial(engine.new_game, lists, sealer, req), expensive=req.custom is not None
        )

    @app.post("/api/play/guess", tags=["play"])
    async def play_guess(req: GuessRequest) -> dict[str, Any]:
        """Play a guess; send the earlier guesses too.  The answer is revealed when the
        game is over."""
        return await runner.run(
            functools.partial(engine.guess, lists, sealer, req), expensive=req.custom is not None
        )

    @app.post("/api/play/review", tags=["play"])
    async def play_review(req: ReviewRequest) -> dict[str, Any]:
        """After a finished game: per guess, candidates left versus the best guess available."""
        expensive = req.custom is not None or _is_expensive(req.strategy)
        return await runner.run(
            functools.partial(engine.review, lists, sealer, req), expensive=expensive
        )

    @app.post("/api/compare", tags=["compare"])
    async def compare(req: CompareRequest) -> dict[str, Any]:
        """Benchmark strategies on a list (or a sample of it): one ``Results.to_dict()``
        per strategy, as ``wordlelab bench --json`` writes them."""
        for name in req.strategies:
            strategy_class(name)  # unknown names fail here, before any work
        deadline = time.monotonic() + limits.timeout_s
        return await runner.run(
            functools.partial(_compare, lists, req, limits, deadline), expensive=True
        )

    # -- pages ------------------------------------------------------------------------------
    layout = (STATIC / "layout.html").read_text("utf-8")

    def _page(title: str, name: str) -> Callable[[], HTMLResponse]:
        html = (
            layout.replace("@TITLE@", title)
            .replace("@SCRIPT@", name)
            .replace("@MAIN@", (STATIC / f"{name}.html").read_text("utf-8"))
        )

        def page() -> HTMLResponse:
            return HTMLResponse(html)

        return page

    for route, (title, name) in PAGES.items():
        app.add_api_route(route, _page(title, name), methods=["GET"], include_in_schema=False)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


def _compare(
    lists: engine.Lists, req: CompareRequest, limits: Limits, deadline: float
) -> dict[str, Any]:
    """Run :func:`wordlelab.simulate.run_benchmark` per strategy; stops at ``deadline``."""
    from ..simulate import run_benchmark

    loaded = lists.get(req)
    n = len(loaded.words.answers)
    answers = None
    if req.sample is not None and req.sample < n:
        answers = sorted(random.Random(req.seed).sample(range(n), req.sample))
    games = (len(answers) if answers is not None else n) * len(req.strategies)
    if games > limits.compare_max_games:
        raise WordlelabError(
            f"{games} games ({len(req.strategies)} strategies x "
            f"{games // len(req.strategies)} answers) is more than the "
            f"{limits.compare_max_games} allowed; set 'sample' to play fewer answers"
        )

    def check(done: int, total: int) -> None:
        if time.monotonic() > deadline:
            raise TimeLimitError()

    results = []
    for name in req.strategies:
        check(0, 0)
        res = run_benchmark(
            loaded.words, name, hard=req.hard, answers=answers, table=loaded.table, progress=check
        )
        d = res.to_dict()
        for key, value in d.items():  # NaN is not JSON
            if isinstance(value, float) and math.isnan(value):
                d[key] = None
        if req.custom is not None:
            d["words"] = loaded.words.name
        results.append(d)
    return {"words": engine.list_label(req, loaded), "hard": req.hard, "results": results}
