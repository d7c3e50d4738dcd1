"""The app's ASGI middleware: the ``Host`` check (against DNS rebinding), the body
size limit (413) and the security headers every answer carries."""

from __future__ import annotations

import ipaddress
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .engine import clip
from .models import MAX_CUSTOM_ALLOWED, MAX_CUSTOM_ANSWERS
from .responses import error_response

__all__ = ["CSP", "add_middleware", "host_allowed"]

#: pages and scripts come only from this server: no CDN, no inline script
CSP = "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'"


def host_allowed(header: str, bind_host: str | None = None) -> bool:
    """Whether a ``Host`` header names this server: ``localhost``, a loopback address,
    or the host it was bound to (any IP address when bound to all interfaces).
    Anything else is refused, so a web page on another site whose name an attacker
    points at 127.0.0.1 (DNS rebinding) cannot use the API."""
    host = header.strip().lower()
    if host.startswith("["):
        host = host[1 : host.find("]")] if "]" in host else ""
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
        shown = clip(header) if header else "(none)"
        await error_response(
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
        return error_response(
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


def add_middleware(app: FastAPI, *, max_body_bytes: int, bind_host: str | None) -> None:
    """Install the body limit, then the ``Host`` check around it (so it is checked
    first), then the security headers (:data:`CSP`, ``nosniff``) around both."""
    app.add_middleware(_BodyLimit, max_bytes=max_body_bytes)
    app.add_middleware(_HostCheck, bind_host=bind_host)

    @app.middleware("http")
    async def security_headers(request: Request, call_next: Any) -> Any:
        response = await call_next(request)
        response.headers.setdefault("Content-Security-Policy", CSP)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        return response
