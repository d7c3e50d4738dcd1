"""The FastAPI application: routes, limits, and errors as JSON.

Requests are "cheap" (a built-in list and a partition strategy: milliseconds)
or "expensive" (a custom list, whose table has to be built, a strategy outside
the partition family, or a benchmark).  Cheap ones run in a small thread pool
of the server process.  Expensive ones run in worker processes
(:mod:`wordlelab.web.workers`): a bounded number at once, a bounded queue
(more are refused with 503 ``Busy``), and at the request's time limit the
client gets a 503 ``TimeLimit`` and the worker is killed, so its work stops and
a search kernel that holds the GIL can never stall the server.

Errors are JSON ``{"error": message, "kind": name, "detail": ...}``: 400 for
a :class:`~wordlelab.errors.WordlelabError` (409 for a finished game) or a
``Host`` header that is not this server's, 413 for a body over the size limit,
422 for a body that fails validation, 503 for the time limit or a full queue,
and (for a bug) a JSON 500, never a plain-text one.  Values quoted back from
the request are cut to 40 characters.
"""

from __future__ import annotations

import asyncio
import functools
import ipaddress
import json
import logging
import math
import random
import re
import secrets
import time
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .. import __version__
from ..errors import WordlelabError
from ..game import DEFAULT_STRATEGY
from ..strategies import strategy_class, strategy_names
from ..strategies._information import PartitionStrategy
from ..words import DEFAULT_LIST
from . import engine
from .engine import strategy_options
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
from .workers import BusyError, ProcessRunner, RemoteError, TimeLimitError, error_parts

__all__ = [
    "BusyError", "Limits", "TimeLimitError", "create_app", "host_allowed", "strategy_options",
]

log = logging.getLogger("wordlelab.web")

STATIC = Path(__file__).parent / "static"
#: route -> (title, name): the page is static/layout.html around static/<name>.html,
#: with static/<name>.js as its script; every page's nav links these, in this order
PAGES = {
    "/": ("Assistant", "assistant"),
    "/play": ("Play", "play"),
    "/explain": ("Explain", "explain"),
    "/compare": ("Compare", "compare"),
    "/api": ("API", "api"),
}
#: pages and scripts come only from this server: no CDN, no inline script
CSP = "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'"


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
    max_custom_bytes: int = engine.MAX_CUSTOM_BYTES
    #: a compare run may play at most this many games (strategies x answers)
    compare_max_games: int = 12000


class _Runner:
    """Cheap requests in a thread pool here, expensive ones in killable worker
    processes; both under the time limit (see the module docstring)."""

    def __init__(self, limits: Limits, secret: bytes) -> None:
        self.limits = limits
        make_context = functools.partial(engine.make_context, secret, limits.max_custom_bytes)
        self.context = make_context()
        self.fast = ThreadPoolExecutor(limits.fast_workers, thread_name_prefix="wordlelab-web")
        self.slow = ProcessRunner(limits.slow_workers, limits.slow_queue, make_context)

    async def run(
        self, task: Callable[..., Any], *args: Any, expensive: bool, deadline: float | None = None
    ) -> Any:
        """``task(context, *args)`` by the request's ``deadline`` (default: the time limit
        from now)."""
        if deadline is None:
            deadline = time.monotonic() + self.limits.timeout_s
        if expensive:
            return await self.slow.run(deadline, task, *args)
        loop = asyncio.get_running_loop()
        call = functools.partial(task, self.context, *args)
        try:
            return await asyncio.wait_for(
                loop.run_in_executor(self.fast, call), max(deadline - time.monotonic(), 0)
            )
        except TimeoutError:
            raise TimeLimitError() from None

    def shutdown(self) -> None:
        self.fast.shutdown(wait=False, cancel_futures=True)
        self.slow.shutdown()


#: a quoted value, or a run without spaces, longer than this is cut in messages
_LONG_QUOTED = re.compile(r"""(['"])([^'"]{""" + str(engine.MAX_ECHO + 1) + r""",})\1""")
_LONG_RUN = re.compile(r"\S{" + str(2 * engine.MAX_ECHO + 1) + ",}")
#: no message is longer than this
MAX_MESSAGE = 2000


def clip_message(message: str) -> str:
    """``message`` with every value it quotes cut to 40 characters (and any run of
    more than 80 characters without a space), so a huge input is never echoed."""
    message = _LONG_QUOTED.sub(lambda m: m[1] + engine.clip(m[2]) + m[1], message)
    message = _LONG_RUN.sub(lambda m: engine.clip(m[0]), message)
    return engine.clip(message, MAX_MESSAGE)


def _finite(value: Any) -> Any:
    """``value`` with non-finite floats as ``None`` (JSON has no NaN or infinity)."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(v) for v in value]
    return value


class SafeJSONResponse(JSONResponse):
    """JSON that always renders: NaN and infinities become ``null``, and text that is
    not valid Unicode (a lone surrogate) is written as ``\\u`` escapes."""

    def render(self, content: Any) -> bytes:
        try:
            return json.dumps(
                content, ensure_ascii=False, allow_nan=False, separators=(",", ":")
            ).encode("utf-8")
        except ValueError:  # NaN/inf, or UnicodeEncodeError
            return json.dumps(
                _finite(content), ensure_ascii=True, allow_nan=False, separators=(",", ":")
            ).encode("ascii")


def host_allowed(header: str, bind_host: str | None = None) -> bool:
    """Whether a ``Host`` header names this server: ``localhost``, a loopback address,
    or the host it was bound to (any IP address when bound to all interfaces).
    Anything else is refused, so a web page on another site whose name an attacker
    points at 127.0.0.1 (DNS rebinding) cannot use the API."""
    host = header.strip().lower()
    if host.startswith("["):
        host = host[1:host.find("]")] if "]" in host else ""
    elif host.count(":") == 1:
        host, _, port = host.partition(":")
        if not port.isdigit():
            return False
    host = host.rstrip(".")
    if not host:
        return False
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        ip = None
    if host == "localhost" or (ip is not None and ip.is_loopback):
        return True
    bind = (bind_host or "").strip().lower().strip("[]").rstrip(".")
    if bind in ("0.0.0.0", "::") and ip is not None:  # an IP literal cannot be rebound
        return True
    return bool(bind) and host == bind


class _HostCheck:
    """ASGI middleware: answer 400 to a request whose ``Host`` header is not this
    server's (see :func:`host_allowed`)."""

    def __init__(self, app: ASGIApp, bind_host: str | None) -> None:
        self.app = app
        self.bind_host = bind_host

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        header = ""
        for name, value in scope.get("headers", []):
            if name == b"host":
                header = value.decode("latin-1")
                break
        if host_allowed(header, self.bind_host):
            await self.app(scope, receive, send)
            return
        shown = engine.clip(header) if header else "(none)"
        await _error(
            400,
            f"Host header {shown!r} is not this server's; open the app as "
            "http://127.0.0.1:PORT/ or http://localhost:PORT/",
            "BadHost",
        )(scope, receive, send)


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
        return _error(
            413,
            f"request body is larger than {self.max_bytes} bytes; "
            "send fewer words (a custom list is capped at "
            f"{MAX_CUSTOM_ANSWERS} answers and {MAX_CUSTOM_ALLOWED} guesses)",
            "BodyTooLarge",
            {"max_bytes": self.max_bytes},
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
    return SafeJSONResponse(
        {"error": clip_message(message), "kind": kind, "detail": detail}, status_code=status
    )


def _is_expensive(strategy: str) -> bool:
    return not issubclass(strategy_class(strategy), PartitionStrategy)


def create_app(
    limits: Limits | None = None, *, secret: bytes | None = None, bind_host: str | None = None
) -> FastAPI:
    """The web app.  ``secret`` keys the Play tokens (random per app if not given, so
    games in progress do not survive a restart unless the same secret is passed).
    ``bind_host`` is the address the server listens on: besides loopback names and
    addresses, requests may name it in their ``Host`` header (all others get 400)."""
    limits = limits or Limits()
    runner = _Runner(limits, secret if secret is not None else secrets.token_bytes(32))

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        warming = asyncio.create_task(runner.slow.prewarm())
        yield
        warming.cancel()
        runner.shutdown()

    app = FastAPI(
        title="wordlelab",
        version=__version__,
        description="Wordle assistant, game, partition explainer and strategy comparison. "
        "Stateless: send the whole history with every request.",
        docs_url=None,  # Swagger UI loads from a CDN; /api renders /openapi.json locally
        redoc_url=None,
        lifespan=lifespan,
        default_response_class=SafeJSONResponse,
    )
    app.state.runner = runner
    app.add_middleware(_BodyLimit, max_bytes=limits.max_body_bytes)
    app.add_middleware(_HostCheck, bind_host=bind_host)  # outermost: checked first

    @app.middleware("http")
    async def security_headers(request: Request, call_next: Any) -> Any:
        response = await call_next(request)
        response.headers.setdefault("Content-Security-Policy", CSP)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        return response

    _add_error_handlers(app, limits)
    _add_api(app, runner, limits)
    _add_pages(app)
    return app


def _add_error_handlers(app: FastAPI, limits: Limits) -> None:
    """Every error becomes a JSON body ``{error, kind, detail}`` with its status: library
    errors 4xx, a time limit or a full queue 503, a bug 500 (logged)."""
    def _time_limit() -> JSONResponse:
        return _error(
            503,
            f"the request took longer than {limits.timeout_s:g} s and was stopped; "
            "try a smaller word list, a cheaper strategy or fewer games",
            "TimeLimit",
            {"timeout_s": limits.timeout_s},
        )

    @app.exception_handler(WordlelabError)
    @app.exception_handler(RemoteError)
    async def _library_error(request: Request, exc: Exception) -> JSONResponse:
        status, kind, message, detail = error_parts(exc)
        if kind == "TimeLimit":
            return _time_limit()
        return _error(status, message, kind, detail)

    @app.exception_handler(Exception)
    async def _bug(request: Request, exc: Exception) -> JSONResponse:
        log.error("internal error on %s %s", request.method, request.url.path, exc_info=exc)
        return _error(*error_parts(exc))

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = []
        for err in exc.errors():
            loc = ".".join(engine.clip(str(p)) for p in err.get("loc", ()) if p != "body")
            msg = str(err.get("msg", "invalid")).removeprefix("Value error, ")
            problems.append({"field": loc, "message": clip_message(msg)})
        first = problems[0] if problems else {"field": "", "message": "invalid request"}
        where = f"{first['field']}: " if first["field"] else ""
        return _error(422, f"invalid request: {where}{first['message']}", "ValidationError", problems)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return _error(exc.status_code, str(exc.detail), "HTTPError")

    @app.exception_handler(TimeLimitError)
    async def _slow(request: Request, exc: TimeLimitError) -> JSONResponse:
        return _time_limit()

    @app.exception_handler(BusyError)
    async def _busy(request: Request, exc: BusyError) -> JSONResponse:
        return _error(
            503, "the server is busy with other long requests; try again in a moment", "Busy"
        )


def _add_api(app: FastAPI, runner: _Runner, limits: Limits) -> None:
    """The JSON endpoints; work that may be long runs in the runner's worker processes."""
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
                "slow_workers": limits.slow_workers,
                "slow_queue": limits.slow_queue,
                "max_custom_bytes": limits.max_custom_bytes,
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
        result: dict[str, Any] = await runner.run(engine.suggest, req, expensive=expensive)
        return result

    @app.post("/api/explain", tags=["assistant"])
    async def explain(req: ExplainRequest) -> dict[str, Any]:
        """The partition table of a guess: each pattern, how many candidates show it, which."""
        result: dict[str, Any] = await runner.run(
            engine.explain, req, expensive=req.custom is not None
        )
        return result

    @app.post("/api/play/new", tags=["play"])
    async def play_new(req: NewGameRequest) -> dict[str, Any]:
        """Start a game: an opaque token hides the answer (random, seeded or chosen)."""
        result: dict[str, Any] = await runner.run(
            engine.new_game, req, expensive=req.custom is not None
        )
        return result

    @app.post("/api/play/guess", tags=["play"])
    async def play_guess(req: GuessRequest) -> dict[str, Any]:
        """Play a guess; send the earlier guesses too.  The answer is revealed when the
        game is over."""
        result: dict[str, Any] = await runner.run(
            engine.guess, req, expensive=req.custom is not None
        )
        return result

    @app.post("/api/play/review", tags=["play"])
    async def play_review(req: ReviewRequest) -> dict[str, Any]:
        """After a finished game: per guess, candidates left versus the best guess available."""
        expensive = req.custom is not None or _is_expensive(req.strategy)
        result: dict[str, Any] = await runner.run(engine.review, req, expensive=expensive)
        return result

    @app.post("/api/compare", tags=["compare"])
    async def compare(req: CompareRequest) -> dict[str, Any]:
        """Benchmark strategies on a list (or a sample of it): one ``Results.to_dict()``
        per strategy, as ``wordlelab bench --json`` writes them."""
        deadline = time.monotonic() + limits.timeout_s
        for name in req.strategies:
            strategy_class(name)  # unknown names fail here, before any work
        result: dict[str, Any] = await runner.run(
            _compare, req, limits.compare_max_games, deadline, expensive=True, deadline=deadline
        )
        return result


def _add_pages(app: FastAPI) -> None:
    """The HTML pages of :data:`PAGES` and the static files they load."""
    nav = "".join(f'<a href="{route}">{title}</a>' for route, (title, _) in PAGES.items())
    layout = (STATIC / "layout.html").read_text("utf-8").replace("@NAV@", nav)

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


def _compare(
    ctx: engine.Context, req: CompareRequest, max_games: int, deadline: float
) -> dict[str, Any]:
    """Run :func:`wordlelab.simulate.run_benchmark` per strategy; stops at ``deadline``
    (a ``time.monotonic()`` value, which is the same clock in every process)."""
    from ..simulate import run_benchmark

    strategies = [engine.build_strategy(name, {}) for name in req.strategies]
    loaded = ctx.lists.get(req)
    for strat in strategies:
        engine.require_tree(strat, loaded, req.hard)
    n = len(loaded.words.answers)
    answers = None
    if req.sample is not None and req.sample < n:
        answers = sorted(random.Random(req.seed).sample(range(n), req.sample))
    games = (len(answers) if answers is not None else n) * len(req.strategies)
    if games > max_games:
        raise WordlelabError(
            f"{games} games ({len(req.strategies)} strategies x "
            f"{games // len(req.strategies)} answers) is more than the "
            f"{max_games} allowed; set 'sample' to play fewer answers"
        )

    def check(done: int, total: int) -> None:
        if time.monotonic() > deadline:
            raise TimeLimitError()

    results = []
    for strat in strategies:
        check(0, 0)
        res = run_benchmark(
            loaded.words, strat, hard=req.hard, answers=answers, table=loaded.table, progress=check
        )
        d = res.to_dict()
        for key, value in d.items():  # NaN is not JSON
            if isinstance(value, float) and math.isnan(value):
                d[key] = None
        if req.custom is not None:
            d["words"] = loaded.words.name
        results.append(d)
    return {"words": engine.list_label(req, loaded), "hard": req.hard, "results": results}
