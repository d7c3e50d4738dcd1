"""Every answer is JSON, errors included: ``{"error": message, "kind": name, "detail": ...}``,
except an unknown URL asked for by a browser, which gets an HTML 404 page (:func:`wants_html`).

400 for a :class:`~wordlelab.errors.WordlelabError` (409 for a finished game,
see :func:`.workers.error_parts`), 422 for a body that fails validation, 503
for the time limit or a full queue, and (for a bug) a JSON 500, never a
plain-text one.  Values quoted back from the request are cut to 40 characters.
"""

from __future__ import annotations

import json
import logging
import math
import re
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from ..errors import WordlelabError
from .engine import MAX_ECHO, clip
from .routes import not_found_page
from .workers import BusyError, RemoteError, TimeLimitError, error_parts

__all__ = [
    "MAX_MESSAGE",
    "SafeJSONResponse",
    "add_error_handlers",
    "clip_message",
    "error_response",
    "page_terms",
    "wants_html",
]

log = logging.getLogger("wordlelab.web")

#: a quoted value, or a run without spaces, longer than this is cut in messages; a value
#: opens with a quote at the start or after a space or bracket and closes with the same
#: quote before a space, punctuation or the end, so the text *between* two quoted values
#: (the server's own words) is never taken for one
_END = r"(?:$|[\s)\]},.;:!?])"
_LONG_QUOTED = re.compile(
    r"(?:(?<=^)|(?<=[\s(\[{=,:]))(['\"])((?:(?!\1" + _END + ").){" + str(MAX_ECHO + 1) + r",})\1(?=" + _END + ")"
)
_LONG_RUN = re.compile(r"\S{" + str(2 * MAX_ECHO + 1) + ",}")
#: no message is longer than this
MAX_MESSAGE = 2000


#: the library names its parameters in backticks (see wordlelab.errors); on the web
#: these phrases read in the pages' own words, and a request to change something no
#: page has a field for (the guess cap, how many openers to try) is left out
_PAGE_PHRASES = (
    ("with `guesses`", "under “Use my own word list” (allowed guesses)"),
    ("raise `max_guesses` or try another `start`", "try another opener"),
    ("; raise `max_guesses` or `top`", ""),
    ("; raise `upper` or `top`", ""),
    ("; raise `max_guesses`", ""),
)
#: ``(`words`)`` after a message: which parameter it was about
_NAMED_AFTER = re.compile(r" *\(`[a-z][a-z0-9_]*`\)")
_NAMED = re.compile(r"`([a-z][a-z0-9_]*)`")


def page_terms(message: str) -> str:
    """A library message as the web pages show it: no parameter name in backticks
    (``with `guesses``` reads ``under “Use my own word list” (allowed guesses)``),
    and no advice to change what no page has a field for (``raise `max_guesses```)."""
    for phrase, words in _PAGE_PHRASES:
        message = message.replace(phrase, words)
    message = _NAMED_AFTER.sub("", message)
    return _NAMED.sub(lambda m: m[1].replace("_", " "), message)


def clip_message(message: str) -> str:
    """``message`` with every value it quotes cut to 40 characters (and any run of
    more than 80 characters without a space), so a huge input is never echoed."""
    message = _LONG_QUOTED.sub(lambda m: m[1] + clip(m[2]) + m[1], message)
    message = _LONG_RUN.sub(lambda m: clip(m[0]), message)
    return clip(message, MAX_MESSAGE)


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
            return json.dumps(content, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode("utf-8")
        except ValueError:  # NaN/inf, or UnicodeEncodeError
            return json.dumps(_finite(content), ensure_ascii=True, allow_nan=False, separators=(",", ":")).encode(
                "ascii"
            )


def error_response(status: int, message: str, kind: str, detail: Any = None) -> JSONResponse:
    """The JSON error answer ``{error, kind, detail}``, its message clipped."""
    return SafeJSONResponse(
        {"error": clip_message(page_terms(message)), "kind": kind, "detail": detail}, status_code=status
    )


def wants_html(request: Request) -> bool:
    """Whether an unknown URL is answered with the HTML 404 page rather than JSON: a
    browser asking for a page (``Accept`` names ``text/html``, before any
    ``application/json``) outside ``/api``, ``/openapi.json`` and ``/static``."""
    path = request.url.path
    if path == "/api" or path.startswith(("/api/", "/openapi.json", "/static/")):
        return False
    accept = request.headers.get("accept", "").lower()
    html, json_ = accept.find("text/html"), accept.find("application/json")
    return html >= 0 and (json_ < 0 or html < json_)


def add_error_handlers(app: FastAPI, timeout_s: float) -> None:
    """Every error becomes a JSON body ``{error, kind, detail}`` with its status: library
    errors 4xx, a time limit (``timeout_s``) or a full queue 503, a bug 500 (logged)."""

    def _time_limit() -> JSONResponse:
        return error_response(
            503,
            f"the request took longer than {timeout_s:g} s and was stopped; "
            "try a smaller word list, a cheaper strategy or fewer games",
            "TimeLimit",
            {"timeout_s": timeout_s},
        )

    @app.exception_handler(WordlelabError)
    @app.exception_handler(RemoteError)
    async def _library_error(request: Request, exc: Exception) -> JSONResponse:
        status, kind, message, detail = error_parts(exc)
        if kind == "TimeLimit":
            return _time_limit()
        return error_response(status, message, kind, detail)

    @app.exception_handler(Exception)
    async def _bug(request: Request, exc: Exception) -> JSONResponse:
        log.error("internal error on %s %s", request.method, request.url.path, exc_info=exc)
        return error_response(*error_parts(exc))

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = []
        for err in exc.errors():
            loc = ".".join(clip(str(p)) for p in err.get("loc", ()) if p != "body")
            msg = str(err.get("msg", "invalid")).removeprefix("Value error, ")
            problems.append({"field": loc, "message": clip_message(msg)})
        first = problems[0] if problems else {"field": "", "message": "invalid request"}
        where = f"{first['field']}: " if first["field"] else ""
        return error_response(422, f"invalid request: {where}{first['message']}", "ValidationError", problems)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> Response:
        if exc.status_code == 404:
            if wants_html(request):
                return HTMLResponse(not_found_page(request.url.path), status_code=404)
            return error_response(
                404,
                f"not found: {request.method} {request.url.path!r}; the JSON endpoints are listed at "
                "/openapi.json and on the /api page",
                "NotFound",
            )
        return error_response(exc.status_code, str(exc.detail), "HTTPError")

    @app.exception_handler(TimeLimitError)
    async def _slow(request: Request, exc: TimeLimitError) -> JSONResponse:
        return _time_limit()

    @app.exception_handler(BusyError)
    async def _busy(request: Request, exc: BusyError) -> JSONResponse:
        return error_response(503, exc.message, "Busy")
