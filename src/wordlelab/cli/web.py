"""The ``web`` command: serve the local web app (assistant, play, explain, compare).

On Ctrl-C or SIGTERM the running searches are stopped at once (their worker
processes killed, their requests answered 503) and the server exits within about
a second; if the server is killed outright (SIGKILL), its worker processes and the
process that forks them end with it (:mod:`wordlelab.web.workers`)."""

from __future__ import annotations

import errno
import ipaddress
import socket
from typing import Annotated, Any

import typer
from rich.markup import escape

from ..errors import InvalidOptionError
from ._app import app, console, err_console, handle_errors


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _bind(host: str, port: int) -> socket.socket:
    """A socket bound to ``host``:``port`` and listening, or a one-line refusal of an
    address that does not resolve or a port in use.  The server is handed this very
    socket, so nothing can take the port between the check and the start, and the
    URL is printed only once the port is ours."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as exc:
        raise InvalidOptionError(f"--host {host!r} is not a host name or address ({exc})") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(2048)
    except OSError as exc:
        sock.close()
        what = "is in use" if exc.errno == errno.EADDRINUSE else f"cannot be used ({exc.strerror})"
        raise InvalidOptionError(f"port {port} on {host} {what}; pick another with --port") from None
    sock.set_inheritable(True)
    return sock


@app.command()
@handle_errors
def web(
    host: Annotated[
        str, typer.Option("--host", help="Address to bind; the default serves this machine only.")
    ] = "127.0.0.1",
    port: Annotated[
        int, typer.Option("--port", "-p", min=0, max=65535, metavar="PORT", help="TCP port (0: any free one).")
    ] = 8000,
    timeout: Annotated[
        float,
        typer.Option(
            "--timeout", min=0.1, metavar="SECONDS", help="Seconds a request may compute before it is refused."
        ),
    ] = 20.0,
) -> None:
    """Start the local web app and print its URL (Ctrl-C stops it)."""
    import uvicorn

    from ..web import Limits, create_app

    sock = _bind(host, port)
    with sock:
        if not _is_loopback(host):
            err_console.print(
                f"[yellow]warning:[/] binding to {escape(host)}: other machines can reach this server; "
                "it has no authentication",
                markup=True,
            )
        port = int(sock.getsockname()[1])
        shown = f"[{host}]" if ":" in host else host
        app_ = create_app(Limits(timeout_s=timeout), bind_host=host)
        console.print(f"wordlelab web: http://{shown}:{port}/  (Ctrl-C to stop)", soft_wrap=True)
        runner = app_.state.runner

        class Server(uvicorn.Server):
            """uvicorn's server, stopping the app's running work as soon as it is asked to
            exit (Ctrl-C, SIGTERM), so no request keeps it waiting (module docstring)."""

            def handle_exit(self, sig: int, frame: Any) -> None:
                runner.stop()
                super().handle_exit(sig, frame)

        # a request still running a second after the signal (a cheap one) is cancelled
        Server(uvicorn.Config(app_, log_level="warning", timeout_graceful_shutdown=1)).run(sockets=[sock])
