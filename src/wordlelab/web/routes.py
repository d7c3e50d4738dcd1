"""The app's routes: the JSON endpoints under ``/api`` and the HTML pages.

Each endpoint hands its request to a page module's function (:mod:`.assistant`,
:mod:`.play`, :mod:`.compare`) through the :class:`~.runner.Runner`, which
decides where it computes: work that may be long goes to a worker process.
"""

from __future__ import annotations

import functools
import re
import time
from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.responses import HTMLResponse, Response
from fastapi.routing import APIRoute
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel

from .. import __version__
from ..game import DEFAULT_STRATEGY
from ..strategies import strategy_class, strategy_names
from ..words import DAILY_LIST, DEFAULT_LIST
from . import assistant, play, schemas
from . import compare as compare_page
from .engine import clip, strategy_options
from .lists import list_info
from .models import (
    MAX_CUSTOM_ALLOWED,
    MAX_CUSTOM_ANSWERS,
    MAX_EXCLUDE,
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
from .runner import Limits, Runner

__all__ = ["FAVICON", "PAGES", "STATIC", "add_api", "add_pages", "documented", "not_found_page", "plain_text"]

STATIC = Path(__file__).parent / "static"
#: route -> (title, name): the page is static/layout.html around static/<name>.html,
#: with static/<name>.js as its script; every page's nav links these, in this order
PAGES = {
    "/": ("Assistant", "assistant"),
    "/play": ("Play", "play"),
    "/explain": ("Explain", "explain"),
    "/compare": ("Compare", "compare"),
    "/tree": ("Tree", "tree"),
    "/openers": ("Openers", "openers"),
    "/api": ("API", "api"),
}


def _meta(limits: Limits) -> dict[str, Any]:
    """Built-in word lists, registered strategies and the request limits."""
    strategies = []
    for name in strategy_names():
        cls = strategy_class(name)
        strategies.append(
            {
                "name": name,
                "description": cls.description,
                "higher_is_better": cls.higher_is_better,
                "score": cls.score_label,
                "expensive": cls.expensive,
                "options": strategy_options(cls),
            }
        )
    return {
        "version": __version__,
        "lists": list_info(),
        "default_list": DEFAULT_LIST,
        "daily_list": DAILY_LIST,
        "strategies": strategies,
        "default_strategy": DEFAULT_STRATEGY,
        "max_guesses": play.MAX_GUESSES,
        "limits": {
            "max_body_bytes": limits.max_body_bytes,
            "timeout_s": limits.timeout_s,
            "max_custom_answers": MAX_CUSTOM_ANSWERS,
            "max_custom_allowed": MAX_CUSTOM_ALLOWED,
            "slow_workers": limits.slow_workers,
            "slow_queue": limits.slow_queue,
            "fast_workers": limits.fast_workers,
            "fast_queue": limits.fast_queue,
            "max_custom_bytes": limits.max_custom_bytes,
            "max_history": MAX_HISTORY,
            "max_top": MAX_TOP,
            "max_show": MAX_SHOW,
            "max_exclude": MAX_EXCLUDE,
            "compare_max_games": limits.compare_max_games,
        },
    }


def documented(model: type[BaseModel]) -> dict[str, Any]:
    """An endpoint's answer documented as ``model`` (:mod:`.schemas`).  Documentation
    only: the answer is not filtered through the model (no inferred one either),
    and the tests hold the model to the real answers."""
    return {"response_model": None, "responses": {200: {"model": model, "description": (model.__doc__ or "").strip()}}}


def add_api(app: FastAPI, runner: Runner, limits: Limits) -> None:
    """The JSON endpoints; work that may be long runs in the runner's worker processes."""

    meta_once = functools.cache(_meta)  # the same for the app's whole life: a trivial request

    @app.get("/api/meta", tags=["info"], **documented(schemas.MetaReply))
    def meta() -> dict[str, Any]:
        """Built-in word lists, registered strategies and the request limits."""
        return meta_once(limits)

    @app.post("/api/suggest", tags=["assistant"], **documented(schemas.SuggestReply))
    async def suggest(req: SuggestRequest) -> dict[str, Any]:
        """Best next guesses after a history, the candidates left, and how the best
        guess splits them."""
        expensive = req.custom is not None or strategy_class(req.strategy).expensive
        result: dict[str, Any] = await runner.run(assistant.suggest, req, expensive=expensive)
        return result

    @app.post("/api/explain", tags=["assistant"], **documented(schemas.ExplainReply))
    async def explain(req: ExplainRequest) -> dict[str, Any]:
        """The partition table of a guess: each pattern, how many candidates show it, which."""
        result: dict[str, Any] = await runner.run(assistant.explain, req, expensive=req.custom is not None)
        return result

    @app.post("/api/play/new", tags=["play"], **documented(schemas.NewGameReply))
    async def play_new(req: NewGameRequest) -> dict[str, Any]:
        """Start a game: an opaque token hides the answer (random, seeded or chosen)."""
        result: dict[str, Any] = await runner.run(play.new_game, req, expensive=req.custom is not None)
        return result

    @app.post("/api/play/guess", tags=["play"], **documented(schemas.GameReply))
    async def play_guess(req: GuessRequest) -> dict[str, Any]:
        """Play a guess; send the earlier guesses too.  The answer is revealed when the
        game is over."""
        result: dict[str, Any] = await runner.run(play.guess, req, expensive=req.custom is not None)
        return result

    @app.post("/api/play/review", tags=["play"], **documented(schemas.ReviewReply))
    async def play_review(req: ReviewRequest) -> dict[str, Any]:
        """After a finished game: per guess, candidates left versus the best guess available."""
        strategy_class(req.strategy)  # an unknown name fails here, before any work
        # the best guess at every step of the game: half a second and more, a worker's work
        result: dict[str, Any] = await runner.run(play.review, req, expensive=True)
        return result

    @app.post("/api/compare", tags=["compare"], **documented(schemas.CompareReply))
    async def compare(req: CompareRequest) -> dict[str, Any]:
        """Benchmark strategies on a list (or a sample of it): one ``Results.to_dict()``
        per strategy, as ``wordlelab bench --json`` writes them."""
        deadline = time.monotonic() + limits.timeout_s
        for name in req.strategies:
            strategy_class(name)  # unknown names fail here, before any work
        result: dict[str, Any] = await runner.run(
            compare_page.compare,
            req,
            limits.compare_max_games,
            deadline,
            expensive=True,
            deadline=deadline,
        )
        return result


#: a reStructuredText role with its target (``:func:`~wordlelab.x.y```), the
#: target's last part kept when it starts with ``~``
_ROLE = re.compile(r":[a-z]+:`(~?)([^`]+)`")


def plain_text(doc: str) -> str:
    """A docstring as the /api page and /openapi.json show it: paragraphs of plain
    text, without reStructuredText markup (roles, double backquotes) or the
    docstring's line breaks."""

    def role(m: re.Match[str]) -> str:
        target = m.group(2).lstrip(".")
        return target.rsplit(".", 1)[-1] if m.group(1) else target

    text = _ROLE.sub(role, doc).replace("``", "")
    paragraphs = [" ".join(p.split()) for p in re.split(r"\n\s*\n", text.strip())]
    return "\n\n".join(p for p in paragraphs if p)


def plain_descriptions(app: FastAPI) -> None:
    """Every JSON endpoint's description (its docstring) as :func:`plain_text`."""
    for route in app.routes:
        if isinstance(route, APIRoute) and route.description:
            route.description = plain_text(route.description)


#: the site icon: an SVG the layout links, also answered at /favicon.ico
FAVICON = STATIC / "favicon.svg"
_SCRIPT_TAG = '<script src="/static/@SCRIPT@.js" defer></script>'


@functools.cache
def _layout() -> str:
    """static/layout.html with the nav links of :data:`PAGES` filled in."""
    nav = "".join(f'<a href="{route}">{title}</a>' for route, (title, _) in PAGES.items())
    return (STATIC / "layout.html").read_text("utf-8").replace("@NAV@", nav)


def not_found_page(path: str) -> str:
    """The HTML page a browser gets for an unknown URL: the layout (nav included, no
    page script) around a message naming ``path`` (escaped, cut to 40 characters)."""
    shown = escape(clip(path))
    main = (
        '<main>\n  <h1 id="not-found">Page not found</h1>\n'
        f'  <p class="lead">There is no page at <code>{shown}</code>.</p>\n'
        '  <section class="card">The pages are in the bar above: '
        + ", ".join(f'<a href="{route}">{title}</a>' for route, (title, _) in PAGES.items())
        + ".</section>\n</main>"
    )
    return _layout().replace(_SCRIPT_TAG, "").replace("@TITLE@", "Not found").replace("@MAIN@", main)


def add_pages(app: FastAPI) -> None:
    """The HTML pages of :data:`PAGES`, the static files they load and the favicon."""
    layout = _layout()

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
    icon = FAVICON.read_bytes()

    def favicon() -> Response:
        return Response(icon, media_type="image/svg+xml", headers={"Cache-Control": "max-age=86400"})

    # browsers ask for /favicon.ico on pages that do not link an icon (JSON, images...)
    app.add_api_route("/favicon.ico", favicon, methods=["GET"], include_in_schema=False)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
