"""The opener results file under fault injection: edited rows, flipped bits, truncated,
zeroed, garbage, read-only and FIFO files.  Nothing stored is trusted unchecked; a damaged
default file is set aside, a damaged named one refused in one line."""

from __future__ import annotations

import logging
import os
import sqlite3
import threading
from pathlib import Path

import numpy as np
import pytest

from wordlelab import WordList, pattern_table
from wordlelab.resultsfile import ResultsFileError
from wordlelab.search import ExactJob, ResultStore, exact_openers, greedy_scores


@pytest.fixture(scope="module")
def ranked(small_words: WordList) -> tuple[ExactJob, list[str], dict[str, int], dict[str, int]]:
    """The job, the top 3 openers, their greedy bounds and their true totals."""
    table = pattern_table(small_words)
    order, stats = greedy_scores(small_words, table, np.arange(len(small_words.allowed)), np.arange(50))
    names = [small_words.allowed[g] for g in order[:3]]
    bounds = {w: int(b) for w, b in zip(names, stats["bound"][:3], strict=True)}
    job = ExactJob(small_words)
    truth = {w: r.total for w, r in exact_openers(job, names, ResultStore(":memory:"), executor="serial").items()}
    return job, names, bounds, truth


def _filled(path: Path, ranked: tuple) -> Path:  # type: ignore[type-arg]
    job, names, _, _ = ranked
    store = ResultStore(path)
    exact_openers(job, names, store, executor="serial")
    store.close()
    return path


def _resume(path: Path, ranked: tuple, **kw: object) -> tuple[dict[str, int], list[str]]:  # type: ignore[type-arg]
    """Totals of a resumed run and the openers it computed again."""
    job, names, bounds, _ = ranked
    again: list[str] = []
    store = ResultStore(path, **kw)  # type: ignore[arg-type]
    try:
        got = exact_openers(
            job,
            names,
            store,
            resume=True,
            executor="serial",
            bounds=bounds,
            progress=lambda r, *_: again.append(r.word),
        )
    finally:
        store.close()
    return {w: r.total for w, r in got.items()}, again


@pytest.mark.parametrize(
    "edit",
    [
        "UPDATE openers SET total = 7000, exact = 1 WHERE word = '{w}'",  # a changed total
        "UPDATE openers SET total = total + 1 WHERE word = '{w}'",  # one more, above its bound
        "UPDATE openers SET exact = 0 WHERE word = '{w}'",  # exact turned into a bound
        "UPDATE openers SET nodes = -1 WHERE word = '{w}'",
        "UPDATE openers SET total = 'x' WHERE word = '{w}'",
    ],
)
def test_an_edited_row_is_computed_again(tmp_path: Path, ranked: tuple, edit: str, caplog) -> None:  # type: ignore[no-untyped-def,type-arg]
    _, names, _, truth = ranked
    path = _filled(tmp_path / "r.sqlite", ranked)
    with sqlite3.connect(path) as db:
        db.execute(edit.format(w=names[0]))
    with caplog.at_level(logging.WARNING, logger="wordlelab.cache"):
        got, again = _resume(path, ranked)
    assert got == truth and again == [names[0]]
    assert f"{names[0]} is (stored figures fail" in caplog.text
    # the recomputed row is stored with a good checksum: the next resume computes nothing
    assert _resume(path, ranked) == (truth, [])


def test_a_row_without_checksum_below_its_bound_is_computed_again(tmp_path: Path, ranked: tuple) -> None:  # type: ignore[type-arg]
    """Rows from before checksums are kept only when no lower than their proven bound."""
    _, names, bounds, truth = ranked
    path = _filled(tmp_path / "r.sqlite", ranked)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE openers SET [check] = NULL")
        db.execute("UPDATE openers SET total = ? WHERE word = ?", (bounds[names[1]] - 1, names[1]))
    got, again = _resume(path, ranked)
    assert got == truth and again == [names[1]]


def test_flipped_bits_never_give_a_wrong_total(tmp_path: Path, ranked: tuple) -> None:  # type: ignore[type-arg]
    """Every byte of the last page flipped in turn (where the rows are): each run gives
    the true totals, having set a damaged default file aside when SQLite noticed."""
    _, _, _, truth = ranked
    path = _filled(tmp_path / "r.sqlite", ranked)
    good = path.read_bytes()
    page = 4096 if len(good) >= 8192 else len(good) // 2
    start = len(good) - page
    for i in range(start, len(good), 97):
        damaged = bytearray(good)
        damaged[i] ^= 0x10
        path.write_bytes(bytes(damaged))
        got, _ = _resume(path, ranked, set_aside=True)
        assert got == truth, i


@pytest.mark.parametrize("damage", ["truncated", "zeroed", "garbage", "directory", "fifo"])
def test_a_damaged_file(tmp_path: Path, ranked: tuple, damage: str, caplog) -> None:  # type: ignore[no-untyped-def,type-arg]
    _, _, _, truth = ranked
    path = _filled(tmp_path / "r.sqlite", ranked)
    good = path.read_bytes()
    path.unlink()
    if damage == "truncated":
        path.write_bytes(good[: len(good) // 2 + 100])
    elif damage == "zeroed":
        path.write_bytes(bytes(len(good)))
    elif damage == "garbage":
        path.write_bytes(os.urandom(len(good)))
    elif damage == "directory":
        path.mkdir()
    else:
        os.mkfifo(path)
    # named by the user: refused in one line that says what to do
    outcome: list[BaseException | None] = []

    def named() -> None:
        try:
            ResultStore(path, fix="give another --results").close()
            outcome.append(None)
        except BaseException as exc:  # noqa: BLE001 - the test reports whatever came out
            outcome.append(exc)

    t = threading.Thread(target=named, daemon=True)
    t.start()
    t.join(60)  # a hang (a FIFO opened for reading) leaves the thread alive
    assert not t.is_alive(), "opening the results file hung"
    exc = outcome[0]
    assert isinstance(exc, ResultsFileError), repr(exc)
    assert "\n" not in str(exc) and "is damaged" in str(exc) and str(exc).endswith("give another --results")
    # the default file: set aside, a fresh one started, the totals true
    with caplog.at_level(logging.WARNING, logger="wordlelab.cache"):
        got, _ = _resume(path, ranked, set_aside=True)
    assert got == truth
    assert "moved to r.sqlite.damaged, starting a fresh one" in caplog.text
    assert os.path.lexists(tmp_path / "r.sqlite.damaged") and path.is_file()


def test_a_file_that_cannot_be_written(tmp_path: Path, ranked: tuple, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[type-arg]
    path = _filled(tmp_path / "r.sqlite", ranked)
    real = os.access
    monkeypatch.setattr(os, "access", lambda p, mode: False if Path(p) == path else real(p, mode))
    with pytest.raises(ResultsFileError, match="is read-only; give another file"):
        ResultStore(path, set_aside=True)
    monkeypatch.undo()
    # writes that fail later (the file made read-only under a running search) are one line too
    store = ResultStore(path)
    store.db.close()
    store.db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    job, names, _, _ = ranked
    with pytest.raises(ResultsFileError, match="cannot write results file") as info:
        exact_openers(job, names, store, executor="serial")
    assert "\n" not in str(info.value)
    store.close()
