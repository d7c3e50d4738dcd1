"""Shared fixtures.  Every test session uses its own cache directory, so tests
never read a user's cache and always exercise the build path once."""

from __future__ import annotations

import asyncio
import importlib.util
import os
import signal
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

os.environ.setdefault("WORDLELAB_CACHE_DIR", tempfile.mkdtemp(prefix="wordlelab-test-cache-"))

from wordlelab import WordList, atlas, load_wordlist, pattern_table

# A test run started as a background job (``cmd &`` in a script) inherits SIGINT
# ignored, and so would every command the tests start: the Ctrl-C tests
# (tests/e2e/test_prompts_pty.py) need it delivered, as at a terminal.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


#: rows of the shipped 2023-pool normal table that the tests of computing a missing
#: total on demand need as bounds: LIONS (11506, a second to compute), ADIEU, and
#: QAJAQ (minutes: a search the web server's time limit stops)
BOUND_ROWS = ("lions", "adieu", "qajaq")


@pytest.fixture
def bound_rows(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The shipped 2023-pool normal table with the rows of ``BOUND_ROWS`` lower bounds
    (11250, the table's old bound) as they were before its all-exact run settled
    them, every other row as shipped: the tests of `--rank --exact`, the Compute
    button, the bounds' ranks and charts and the user's store need bound rows, and a
    complete table has none.  Read once, like the shipped tables, in this process
    (the web server's worker processes only search: the server itself reads the
    table and keeps what they find)."""
    real = atlas._load
    made: dict[tuple[str, str], atlas.OpenerTable] = {}

    def load(lst: str, mode: str) -> atlas.OpenerTable:
        table = real(lst, mode)
        if (lst, mode) != ("nyt-2023", "normal"):
            return table
        if (lst, mode) not in made:
            rows = [atlas.OpenerRow(r.word, 11250, False) if r.word in BOUND_ROWS else r for r in table.rows]
            text = atlas.opener_table_tsv(rows)
            made[lst, mode] = atlas.parse_opener_table(text, table.words, table.mode, table.answers)
        return made[lst, mode]

    atlas._with_store.cache_clear()
    monkeypatch.setattr(atlas, "_load", load)
    yield
    atlas._with_store.cache_clear()


class _InProcess:
    """Stands in for the web server's worker processes (``ProcessRunner``): runs each
    expensive request in a thread of this process, so that what this process reads
    (the ``bound_rows`` fixture's table) is what the request reads."""

    def __init__(self, workers: int, queue: int, make_context: Any) -> None:
        self.context = make_context()

    async def prewarm(self) -> None:
        pass

    async def run(self, deadline: float, task: Any, *args: Any) -> Any:
        return await asyncio.to_thread(task, self.context, *args)

    def stop(self) -> None:
        pass

    def shutdown(self) -> None:
        pass


@pytest.fixture
def requests_in_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """Web apps created from now on run their expensive requests in this process
    (:class:`_InProcess`); the worker processes themselves, their time limit and their
    kill are tested without it (tests/web: QAJAQ against a 0.5 s limit, the hardening
    and responsiveness suites)."""
    from wordlelab.web import runner

    monkeypatch.setattr(runner, "ProcessRunner", _InProcess)


@pytest.fixture(scope="session")
def words() -> WordList:
    """The default (original) lists."""
    return load_wordlist()


@pytest.fixture(scope="session")
def table(words):  # type: ignore[no-untyped-def]
    return pattern_table(words)


@pytest.fixture(scope="session")
def small_words() -> WordList:
    """A small hand-made list rich in repeated letters, for fast end-to-end tests."""
    answers = [
        "cigar",
        "rebut",
        "sissy",
        "humph",
        "awake",
        "blush",
        "focal",
        "evade",
        "naval",
        "serve",
        "heath",
        "dwarf",
        "model",
        "karma",
        "stink",
        "grade",
        "quiet",
        "bench",
        "abate",
        "feign",
        "major",
        "death",
        "fresh",
        "crust",
        "stool",
        "colon",
        "abase",
        "marry",
        "react",
        "batty",
        "pride",
        "floss",
        "helix",
        "croak",
        "staff",
        "paper",
        "unfed",
        "whelp",
        "trawl",
        "outdo",
        "adobe",
        "crazy",
        "sower",
        "repay",
        "digit",
        "crate",
        "cluck",
        "spike",
        "mimic",
        "pound",
    ]
    extra = ["salet", "soare", "crane", "eerie", "llama", "geese", "mummy", "tares"]
    return WordList.from_words(answers, answers + extra, name="small")


@pytest.fixture(scope="session")
def bench_module() -> Callable[[str], ModuleType]:
    """A loader of a script in ``bench/`` as a module: ``bench_module("ceiling")``."""
    bench = Path(__file__).resolve().parents[1] / "bench"

    def load(name: str) -> ModuleType:
        spec = importlib.util.spec_from_file_location(f"bench_{name}", bench / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module

    return load
