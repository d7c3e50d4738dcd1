"""The FastAPI application: :func:`create_app` puts the pieces together.

Requests are "cheap" (a built-in list and a partition strategy: milliseconds)
or "expensive" (a custom list, whose table has to be built, a strategy outside
the partition family, or a benchmark).  Cheap ones run in a small thread pool
of the server process.  Expensive ones run in worker processes
(:mod:`wordlelab.web.workers`): a bounded number at once, a bounded queue
(more are refused with 503 ``Busy``), and at the request's time limit the
client gets a 503 ``TimeLimit`` and the worker is killed, so its work stops and
a search kernel that holds the GIL can never stall the server
(:mod:`.runner`).

Errors are JSON ``{"error": message, "kind": name, "detail": ...}``: 400 for
a :class:`~wordlelab.errors.WordlelabError` (409 for a finished game) or a
``Host`` header that is not this server's, 413 for a body over the size limit,
422 for a body that fails validation, 503 for the time limit or a full queue,
and (for a bug) a JSON 500, never a plain-text one; an unknown URL is a JSON 404,
or an HTML page when a browser asks for a page (:mod:`.responses`; the
``Host`` check and the size limit are in :mod:`.middleware`).  Values quoted
back from the request are cut to 40 characters.  The routes are in
:mod:`.routes`; what each endpoint computes, in the page modules it names.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI

from .. import __version__
from .engine import strategy_options
from .explorer import add_explorer_api
from .middleware import add_middleware, host_allowed
from .responses import SafeJSONResponse, add_error_handlers, clip_message
from .routes import add_api, add_pages, plain_descriptions
from .runner import Limits, Runner
from .workers import BusyError, TimeLimitError

__all__ = [
    "BusyError",
    "Limits",
    "TimeLimitError",
    "clip_message",
    "create_app",
    "host_allowed",
    "strategy_options",
]


def create_app(limits: Limits | None = None, *, secret: bytes | None = None, bind_host: str | None = None) -> FastAPI:
    """The web app.  ``secret`` keys the Play tokens (random per app if not given, so
    games in progress do not survive a restart unless the same secret is passed).
    ``bind_host`` is the address the server listens on: besides loopback names and
    addresses, requests may name it in their ``Host`` header (all others get 400)."""
    limits = limits or Limits()
    runner = Runner(limits, secret if secret is not None else secrets.token_bytes(32))

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
    add_middleware(app, max_body_bytes=limits.max_body_bytes, bind_host=bind_host)
    add_error_handlers(app, limits.timeout_s)
    add_api(app, runner, limits)
    add_explorer_api(app, runner)
    add_pages(app)
    plain_descriptions(app)
    return app
