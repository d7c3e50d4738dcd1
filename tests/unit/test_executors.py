"""The one executor: the same results from every kind, and workers that never outlive a run."""

from __future__ import annotations

import os
import time

import pytest

from wordlelab.errors import WordlelabError
from wordlelab.executors import Executor


def _square_plus(x: int, plus: int) -> int:
    return x * x + plus


def _slow_unless_first(x: int) -> int:
    if x != 0:
        time.sleep(120)
    return os.getpid()


@pytest.mark.parametrize("kind", ["serial", "process", "dask"])
def test_every_kind_gives_each_item_its_result(kind: str) -> None:
    items = list(range(12))
    with Executor[int](kind, 2, start_method="fork") as ex:
        got = dict(ex.run(_square_plus, items, 3))
    assert got == {i: x * x + 3 for i, x in enumerate(items)}


def test_serial_runs_in_order() -> None:
    with Executor[int]("serial") as ex:
        assert [i for i, _ in ex.run(_square_plus, [5, 1, 4], 0)] == [0, 1, 2]


@pytest.mark.timeout(60)  # waiting for the sleeping tasks instead would take 120 s
def test_a_run_left_early_terminates_its_workers() -> None:
    """Stopping after the first result (as Ctrl-C or an error in the caller does)
    must not wait for the tasks still running: close() terminates the workers."""
    ex = Executor[int]("process", 2, start_method="fork")
    try:
        for _, pid in ex.run(_slow_unless_first, [0, 1, 2]):
            assert pid != os.getpid()
            break
        procs = list(ex._pool._processes.values())  # type: ignore[union-attr]
        assert procs and any(p.is_alive() for p in procs)
    finally:
        ex.close()
    assert not any(p.is_alive() for p in procs)


def test_a_finished_run_lets_the_workers_exit() -> None:
    ex = Executor[int]("process", 2, start_method="fork")
    assert sorted(r for _, r in ex.run(_square_plus, [1, 2, 3], 0)) == [1, 4, 9]
    procs = list(ex._pool._processes.values())  # type: ignore[union-attr]
    ex.close()
    assert all(p.exitcode == 0 for p in procs)


def test_unknown_kind_is_a_clear_error() -> None:
    with pytest.raises(WordlelabError, match="unknown executor 'threads'; choose one of: serial, process, dask"):
        Executor("threads")
