"""The cluster path: `dask scheduler` and `dask worker` processes started on their own
(on 127.0.0.1 here), `openers --exact --scheduler ADDRESS`, workers joining and
leaving mid-run, and the results equal to a run without dask (docs/optimal.md,
"On a dask cluster").  Every process a test starts is stopped when it ends."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from wordlelab import WordList
from wordlelab.cli.optimal import write_openers_tsv
from wordlelab.search import ExactJob, ResultStore, exact_openers

pytest.importorskip("distributed")

#: a run that hangs (no worker ever joins) fails instead of waiting for ever; the
#: fixture still stops every process
pytestmark = pytest.mark.timeout(300)

#: seconds a scheduler or worker gets to start, and a run to finish
START_S = 90
DASK = [sys.executable, "-m", "dask"]


class Cluster:
    """A scheduler on a free port of 127.0.0.1 and the workers the test asks for."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.procs: list[subprocess.Popen[bytes]] = []
        info = folder / "scheduler.json"
        self.scheduler = self._start(
            ["scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard", "--scheduler-file", str(info)],
            "scheduler",
        )
        deadline = time.monotonic() + START_S
        while not (info.exists() and info.stat().st_size):
            assert self.scheduler.poll() is None, (folder / "scheduler.log").read_text()
            assert time.monotonic() < deadline, "the scheduler did not start"
            time.sleep(0.1)
        time.sleep(0.2)  # the file is written in one piece, but give it a moment
        self.address: str = json.loads(info.read_text())["address"]

    def _start(self, args: list[str], name: str) -> subprocess.Popen[bytes]:
        log = open(self.folder / f"{name}.log", "wb")  # noqa: SIM115 - closed with the process
        proc = subprocess.Popen(DASK + args, stdout=log, stderr=subprocess.STDOUT, env=os.environ.copy())
        log.close()
        self.procs.append(proc)
        return proc

    def worker(self, name: str) -> subprocess.Popen[bytes]:
        """``dask worker ADDRESS`` with one thread and no nanny (so its pid is the worker's)."""
        return self._start(
            ["worker", self.address, "--nthreads", "1", "--no-nanny", "--no-dashboard"]
            + ["--host", "127.0.0.1", "--name", name],
            f"worker-{name}",
        )

    def wait_for_workers(self, n: int) -> None:
        from distributed import Client

        with Client(self.address, timeout=START_S) as client:  # type: ignore[no-untyped-call]
            client.wait_for_workers(n, timeout=START_S)

    def close(self) -> None:
        for proc in reversed(self.procs):  # workers first, the scheduler last
            if proc.poll() is None:
                proc.terminate()
        for proc in self.procs:
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=15)


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[Cluster]:
    c = Cluster(tmp_path)
    try:
        yield c
    finally:
        c.close()
    assert all(p.poll() is not None for p in c.procs)


def _rows(path: Path) -> list[tuple[str, int, int]]:
    with sqlite3.connect(path) as db:
        return sorted(db.execute("SELECT word, total, exact FROM openers"))


def _plain_run(words: WordList, folder: Path) -> tuple[bytes, list[tuple[str, int, int]]]:
    """The run without dask: the TSV and the results file's rows."""
    store = ResultStore(folder / "plain.sqlite")
    results = exact_openers(ExactJob(words), list(words.allowed), store, executor="serial")
    store.close()
    write_openers_tsv(folder / "plain.tsv", results.values())
    return (folder / "plain.tsv").read_bytes(), _rows(folder / "plain.sqlite")


def test_a_scheduler_started_on_its_own(cluster: Cluster, tmp_path: Path, small_words: WordList) -> None:
    """The exact openers of a small list over a scheduler and one worker started on
    their own: the same rows as a run without dask (the faster variant of the two
    tests below)."""
    cluster.worker("a")
    cluster.wait_for_workers(1)
    store = ResultStore(tmp_path / "dask.sqlite")
    names = list(small_words.allowed)
    got = exact_openers(ExactJob(small_words), names, store, executor="dask", scheduler=cluster.address)
    store.close()
    assert sorted(got) == sorted(names)
    _, rows = _plain_run(small_words, tmp_path)
    assert _rows(tmp_path / "dask.sqlite") == rows


@pytest.mark.slow
def test_openers_cli_on_a_scheduler(cluster: Cluster, tmp_path: Path, small_words: WordList) -> None:
    """`openers --all --exact --scheduler ADDRESS`, as a person runs it: the TSV and the
    results file hold exactly what a run without dask writes."""
    cluster.worker("a")
    cluster.wait_for_workers(1)
    answers, guesses = tmp_path / "answers.txt", tmp_path / "guesses.txt"
    answers.write_text("\n".join(small_words.answers) + "\n")
    guesses.write_text("\n".join(small_words.allowed) + "\n")
    exe = Path(sys.executable).with_name("wordlelab")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "wordlelab"]
    args = ["openers", "--words", str(answers), "--guesses", str(guesses), "--all", "--exact"]
    args += ["--scheduler", cluster.address, "--results", str(tmp_path / "dask.sqlite")]
    args += ["--tsv", str(tmp_path / "dask.tsv"), "--json"]
    proc = subprocess.run(cmd + args, capture_output=True, text=True, timeout=START_S * 2, check=False)
    assert proc.returncode == 0, proc.stderr
    assert f"[{len(small_words.allowed)}/{len(small_words.allowed)}]" in proc.stderr
    tsv, rows = _plain_run(small_words, tmp_path)
    assert (tmp_path / "dask.tsv").read_bytes() == tsv
    assert _rows(tmp_path / "dask.sqlite") == rows and len(rows) == len(small_words.allowed)


@pytest.mark.slow
def test_workers_join_and_leave_mid_run(cluster: Cluster, tmp_path: Path, small_words: WordList) -> None:
    """Two workers start the run; after the first result one is killed (SIGKILL) and the
    other leaves (SIGTERM, as a cluster scales down), and a third joins: it must finish
    the run alone, and the results equal those of a run without dask."""
    first, second = cluster.worker("a"), cluster.worker("b")
    cluster.wait_for_workers(2)
    joined: list[subprocess.Popen[bytes]] = []

    def progress(result, done, total):  # type: ignore[no-untyped-def]
        if joined:
            return
        os.kill(first.pid, signal.SIGKILL)
        second.send_signal(signal.SIGTERM)
        first.wait(timeout=START_S)
        second.wait(timeout=START_S)
        joined.append(cluster.worker("c"))

    names = list(small_words.allowed)
    store = ResultStore(tmp_path / "dask.sqlite")
    got = exact_openers(
        ExactJob(small_words), names, store, executor="dask", scheduler=cluster.address, progress=progress
    )
    store.close()
    assert joined and joined[0].poll() is None  # the new worker is the one left running
    assert first.returncode == -signal.SIGKILL and second.returncode is not None
    assert sorted(got) == sorted(names)
    write_openers_tsv(tmp_path / "dask.tsv", got.values())
    tsv, rows = _plain_run(small_words, tmp_path)
    assert (tmp_path / "dask.tsv").read_bytes() == tsv
    assert _rows(tmp_path / "dask.sqlite") == rows
