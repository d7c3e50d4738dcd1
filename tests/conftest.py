"""Shared fixtures.  Every test session uses its own cache directory, so tests
never read a user's cache and always exercise the build path once."""

from __future__ import annotations

import os
import signal
import tempfile

import pytest

os.environ.setdefault("WORDLELAB_CACHE_DIR", tempfile.mkdtemp(prefix="wordlelab-test-cache-"))

from wordlelab import WordList, load_wordlist, pattern_table

# A test run started as a background job (``cmd &`` in a script) inherits SIGINT
# ignored, and so would every command the tests start: the Ctrl-C tests
# (tests/e2e/test_prompts_pty.py) need it delivered, as at a terminal.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


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
