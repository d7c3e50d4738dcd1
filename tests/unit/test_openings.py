"""The user's opening book under concurrent writers: threads and processes adding
entries for distinct custom lists at the same moment lose none and never crash."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from wordlelab import Session, WordList, pattern_table
from wordlelab.state import State
from wordlelab.strategies.base import Ranked, Strategy

THREADS = 24
PROCESSES = 2
THREADS_PER_PROCESS = 8


class Gate(Strategy):
    """Ranks the first legal guesses; all writers wait at ``barrier`` first, so
    they reach the book at the same moment."""

    name = "gate"

    def __init__(self, barrier: threading.Barrier | None = None) -> None:
        self.barrier = barrier

    def rank(self, state: State, top: int = 5) -> list[Ranked]:
        if self.barrier is not None:
            self.barrier.wait(timeout=120)
        legal = [int(g) for g in state.legal[:top]]
        return [Ranked(g, state.words.allowed[g], float(i), {"i": float(i)}) for i, g in enumerate(legal)]


class Forbidden(Gate):
    """The same strategy (same key, same code), but ranking is an error: the
    answer must come from the book."""

    def rank(self, state: State, top: int = 5) -> list[Ranked]:
        raise AssertionError("the opening was not in the book")


CHILD = textwrap.dedent(
    """
    import json, sys
    from pathlib import Path
    sys.path.insert(0, sys.argv[3])
    from test_openings import run_writers
    from wordlelab import WordList
    lists = [WordList.from_words(a, g, name="race") for a, g in json.loads(sys.argv[1])]
    errors = run_writers(lists, Path(sys.argv[2]))
    sys.exit(f"writer failed: {errors[0]!r}" if errors else 0)
    """
)


def run_writers(lists: list[WordList], go: Path | None) -> list[BaseException]:
    """One thread per list asks for its opening; all rank, then write, together.
    Waits for the file ``go`` (if given) before starting; returns the errors."""
    sessions = [Session(wl) for wl in lists]
    print("ready", flush=True)
    while go is not None and not go.exists():
        time.sleep(0.01)
    barrier = threading.Barrier(len(lists))
    errors: list[BaseException] = []

    def work(s: Session) -> None:
        try:
            assert [r.word for r in s.suggest(Gate(barrier), top=3)] == list(s.words.allowed[:3])
        except BaseException as exc:  # noqa: BLE001 - collected and reported by the test
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(s,)) for s in sessions]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return errors


@pytest.fixture()
def private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("WORDLELAB_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


def test_concurrent_threads_and_processes_lose_no_opening(
    small_words: WordList, private_cache: Path, tmp_path: Path
) -> None:
    base = list(small_words.answers)
    n = THREADS + PROCESSES * THREADS_PER_PROCESS
    lists = [WordList.from_words(base[:i] + base[i + 1 :], list(small_words.allowed)) for i in range(n)]
    assert len({wl.digest for wl in lists}) == n
    for wl in lists:
        pattern_table(wl)  # cached first, so the writers only race on the book
    go = tmp_path / "go"
    children = []
    for p in range(PROCESSES):
        mine = lists[THREADS + p * THREADS_PER_PROCESS : THREADS + (p + 1) * THREADS_PER_PROCESS]
        arg = json.dumps([[list(wl.answers), list(wl.allowed)] for wl in mine])
        children.append(
            subprocess.Popen(
                [sys.executable, "-c", CHILD, arg, str(go), str(Path(__file__).parent)],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
        )
    for child in children:  # started and loaded: the processes write when the threads do
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"
    threading.Timer(0.05, go.touch).start()
    errors = run_writers(lists[:THREADS], go)
    for child in children:
        _, err = child.communicate(timeout=300)
        assert child.returncode == 0, err
    assert errors == []
    missing = []
    for wl in lists:
        try:
            Session(wl).suggest(Forbidden(), top=3)
        except AssertionError:
            missing.append(wl.digest[:8])
    assert missing == [], f"{len(missing)} of {n} openings lost"
    assert not list(private_cache.glob("*.tmp"))
