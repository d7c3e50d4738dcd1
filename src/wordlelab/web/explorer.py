"""Routes of the Tree and Openers pages (:mod:`.trees`, :mod:`.atlas`)."""

from __future__ import annotations

import time
from typing import Annotated, Any

from fastapi import FastAPI, Query

from ..words import DEFAULT_LIST
from . import atlas, schemas, trees
from .routes import documented
from .runner import Runner

__all__ = ["add_explorer_api"]

Words = Annotated[str, Query(max_length=40, description="built-in list: original, original-order or nyt")]
Mode = Annotated[str, Query(max_length=20, description="normal, hard or ultra")]


def add_explorer_api(app: FastAPI, runner: Runner) -> None:
    """``/api/trees``, ``/api/tree``, ``/api/openers``, ``/api/openers/rank`` and
    ``/api/openers/compute``."""

    @app.get("/api/trees", tags=["tree"], **documented(schemas.TreesReply))
    async def tree_list() -> dict[str, Any]:
        """The decision trees shipped with the package and those in the cache."""
        result: dict[str, Any] = await runner.run(trees.list_trees, expensive=False, medium=True)
        return result

    @app.post("/api/tree", tags=["tree"], **documented(schemas.TreeReply))
    async def tree_open(req: trees.TreeRequest) -> dict[str, Any]:
        """One tree, verified, with every node's figures: a listed tree (``tree``), an
        uploaded file (``text``) or the tree opening with ``start`` (searched in a worker
        under the time limit when none is shipped or cached)."""
        # every source is replayed and verified (0.2 s of Python for a shipped tree), an
        # upload may be big and a start may be searched: a worker process's work
        result: dict[str, Any] = await runner.run(trees.open_tree, req, expensive=True)
        return result

    @app.get("/api/openers", tags=["openers"], **documented(schemas.OpenerTableReply))
    async def opener_table(words: Words = DEFAULT_LIST, mode: Mode = "normal") -> dict[str, Any]:
        """Every allowed opener with its exact total or proven bound (no search)."""
        result: dict[str, Any] = await runner.run(atlas.opener_table, words, mode, expensive=False, medium=True)
        return result

    @app.get("/api/openers/rank", tags=["openers"], **documented(schemas.OpenerRankReply))
    async def opener_rank(
        word: Annotated[str, Query(max_length=16)], words: Words = DEFAULT_LIST, mode: Mode = "normal"
    ) -> dict[str, Any]:
        """Where ``word`` ranks as an opener: rank, total, mean and gap to the best."""
        result: dict[str, Any] = await runner.run(atlas.opener_rank, words, mode, word, expensive=False)
        return result

    @app.post("/api/openers/compute", tags=["openers"], **documented(schemas.OpenerRankReply))
    async def opener_compute(req: atlas.ComputeRequest) -> dict[str, Any]:
        """The exact total of an opener whose row is only a lower bound: searched in a
        worker process under the time limit (an expensive request), then kept in the
        user's store, so the table and every later rank show it.  A row that is exact
        already is answered at once, as ``/api/openers/rank`` does."""
        deadline = time.monotonic() + runner.limits.timeout_s
        known: dict[str, Any] = await runner.run(
            atlas.opener_rank, req.words, req.mode, req.word, expensive=False, deadline=deadline
        )
        if known["exact"]:
            return known
        found = await runner.run(
            atlas.solve_opener_total, req.words, req.mode, known["word"], expensive=True, deadline=deadline
        )
        # kept by the server itself, not the worker: a search stopped at the limit keeps nothing
        kept: dict[str, Any] = await runner.run(atlas.keep_opener_total, req.words, req.mode, found, expensive=False)
        return kept
