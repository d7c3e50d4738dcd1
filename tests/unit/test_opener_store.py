"""The user's store of opener totals (wordlelab.opener_store) and the atlas reading it."""

from __future__ import annotations

import json
import logging
import multiprocessing
from pathlib import Path

import numpy as np
import pytest

from wordlelab.atlas import compute_total, load_opener_table, parse_opener_table, user_store
from wordlelab.modes import Mode
from wordlelab.opener_store import OpenerStoreError, StoredTotal, TotalStore, opener_key
from wordlelab.search import ExactJob, OpenerResult
from wordlelab.words import load_wordlist

SMALL = "word\ttotal\texact\nalfa\t10\t1\nbeta\t12\t1\nomega\t11\t0\ndelta\t12\t0\nzeta\tinf\t1\n"


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("WORDLELAB_CACHE_DIR", str(tmp_path))
    return tmp_path


def test_key_is_the_search_configuration() -> None:
    words = load_wordlist("nyt")
    for mode in Mode:
        assert opener_key(words.digest, mode.value) == ExactJob(words, mode).key
    assert user_store("nyt", "hard").key == ExactJob(words, Mode.HARD).key


def test_add_read_and_replace(cache: Path) -> None:
    store = TotalStore.for_list("ab" * 32, "normal")
    assert store.read() == {} and store.signature() is None
    store.add(StoredTotal("adieu", 8346, 7977, 21.5, 1000))
    store.add(StoredTotal("pudgy", None, 8001))
    first = store.signature()
    assert store.read() == {
        "adieu": StoredTotal("adieu", 8346, 7977, 21.5, 1000),
        "pudgy": StoredTotal("pudgy", None, 8001),
    }
    store.add(StoredTotal("adieu", 8346, 7990, 3.0, 10))
    assert store.read()["adieu"].bound == 7990 and store.signature() != first
    assert store.path.parent == cache and store.path.with_name(store.path.name + ".sum").exists()


@pytest.mark.parametrize(
    "item",
    [
        StoredTotal("adieu", 7900, 7977),  # below its proven bound
        StoredTotal("ADIEU", 8000, 7977),
        StoredTotal("adieu", -1, 0),
        StoredTotal("adieu", 8000, 7977, float("nan")),
        StoredTotal("adieu", True, 0),  # type: ignore[arg-type]
    ],
)
def test_refuses_what_cannot_be_true(cache: Path, item: StoredTotal) -> None:
    store = TotalStore.for_list("ab" * 32, "normal")
    with pytest.raises(OpenerStoreError):
        store.add(item)
    assert not store.path.exists()


@pytest.mark.parametrize(
    "damage",
    [
        lambda p: p.write_bytes(p.read_bytes().replace(b"8346", b"8345")),  # checksum mismatch
        lambda p: p.with_name(p.name + ".sum").unlink(),
        lambda p: p.write_bytes(b"not json"),
    ],
)
def test_a_damaged_store_is_ignored_then_replaced(cache: Path, caplog: pytest.LogCaptureFixture, damage) -> None:
    store = TotalStore.for_list("ab" * 32, "normal")
    store.add(StoredTotal("adieu", 8346, 7977))
    damage(store.path)
    with caplog.at_level(logging.WARNING, logger="wordlelab.cache"):
        assert store.read() == {}
    assert "damaged" in caplog.text
    store.add(StoredTotal("lions", 8092, 7914))
    assert list(store.read()) == ["lions"]


def test_a_well_checksummed_file_with_a_bad_entry_is_damaged(cache: Path) -> None:
    """An entry that fails the checks (a total below its bound) is refused on reading
    too, even when the file's checksum matches (written by something else)."""
    from wordlelab.cachefile import write_verified

    store = TotalStore.for_list("ab" * 32, "normal")
    body = {"format": 1, "key": store.key, "totals": {"adieu": {"total": 7000, "bound": 7977}}}
    write_verified(store.path, store.key, lambda fh: fh.write(json.dumps(body).encode()))
    assert store.read() == {}
    other = TotalStore.for_list("ab" * 32, "hard")  # another mode's file: another key
    other.path.write_bytes(store.path.read_bytes())
    assert other.read() == {}


def _add_many(cache: str, words: list[str]) -> None:
    import os

    os.environ["WORDLELAB_CACHE_DIR"] = cache
    store = TotalStore.for_list("ab" * 32, "normal")
    for w in words:
        store.add(StoredTotal(w, 9000, 8000))


def test_writers_at_once_keep_every_total(cache: Path) -> None:
    words = [f"w{c}{d}" for c in "abcdefgh" for d in "abc"]
    ctx = multiprocessing.get_context("fork")
    procs = [ctx.Process(target=_add_many, args=(str(cache), words[i::2])) for i in range(2)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
        assert p.exitcode == 0
    assert sorted(TotalStore.for_list("ab" * 32, "normal").read()) == sorted(words)


def test_overlay_replaces_bounds_only() -> None:
    t = parse_opener_table(SMALL, "original", "normal", 4)
    stored = {
        "omega": StoredTotal("omega", 15, 11),  # a bound made exact
        "delta": StoredTotal("delta", 11, 11),  # below the table's bound 12: ignored
        "alfa": StoredTotal("alfa", 99, 0),  # the shipped exact total wins
    }
    u = t.with_totals(stored)
    assert [(r.word, r.total, r.exact, r.computed) for r in u.rows] == [
        ("alfa", 10, True, False),
        ("beta", 12, True, False),
        ("delta", 12, False, False),
        ("omega", 15, True, True),
        ("zeta", None, True, False),
    ]
    assert [r.word for r in u.ranking()] == ["alfa", "beta", "omega", "delta", "zeta"]
    omega = u.rank("omega")
    assert (omega.rank_text, omega.gap, omega.as_dict()["computed"]) == ("3-4", 5, True)


@pytest.mark.usefixtures("bound_rows")
def test_the_atlas_reads_the_store(cache: Path) -> None:
    shipped = load_opener_table("nyt-2023", "normal", user=False)
    assert load_opener_table("nyt-2023", "normal") is shipped  # no store yet
    assert shipped.row("lions").shown == ">= 11250"
    user_store("nyt-2023", "normal").add(StoredTotal("lions", 11506, 11250, 1.0, 300))
    table = load_opener_table("nyt-2023", "normal")
    assert table.row("lions").shown == "11506" and table.row("lions").computed
    assert table.exact_count == shipped.exact_count + 1
    assert load_opener_table("nyt-2023", "normal") is table  # read once per version of the file
    assert load_opener_table("nyt-2023", "hard").row("lions") == load_opener_table("nyt-2023", "hard", user=False).row(
        "lions"
    )


@pytest.mark.usefixtures("bound_rows")
def test_compute_total_keeps_what_run_returns_once(cache: Path) -> None:
    """The plumbing of compute_total, with a stand-in search (the real one runs in
    tests/e2e/test_tree_cli.py): it asks once, keeps the answer, then reads it."""
    calls: list[tuple[str, str]] = []

    def run(job: ExactJob, word: str) -> OpenerResult:
        calls.append((job.key, word))
        return OpenerResult(word, 11506, 0.5, 100)

    r = compute_total("nyt-2023", "normal", "LIONS", run=run)
    assert (r.row.total, r.row.exact, r.row.computed) == (11506, True, True)
    assert calls == [(user_store("nyt-2023", "normal").key, "lions")]
    again = compute_total("nyt-2023", "normal", "lions", run=run)
    assert again.row == r.row and len(calls) == 1
    assert compute_total("nyt-2023", "normal", "salet", run=run).row.total == 11235 and len(calls) == 1  # shipped exact
    with pytest.raises(OpenerStoreError):  # a search answer below the proven bound is not kept
        compute_total("nyt-2023", "normal", "adieu", run=lambda job, w: OpenerResult(w, 11000, 0.1, 1))
    assert "adieu" not in user_store("nyt-2023", "normal").read()


@pytest.mark.usefixtures("bound_rows")
def test_a_cache_that_cannot_be_written_still_answers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The computed total is shown even where the store cannot be written (the cache
    folder is a file here); nothing is kept, and the next look is the table's."""
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    monkeypatch.setenv("WORDLELAB_CACHE_DIR", str(blocker))
    r = compute_total("nyt-2023", "normal", "lions", run=lambda job, w: OpenerResult(w, 11506, 0.5, 100))
    assert (r.row.total, r.row.exact, r.row.computed) == (11506, True, True)
    assert load_opener_table("nyt-2023", "normal").row("lions").shown == ">= 11250"


def test_a_result_is_shown_as_its_table_row() -> None:
    from wordlelab.atlas import OpenerRow
    from wordlelab.search import INF

    results = [
        OpenerResult("adieu", 8346, 1.0, 10),
        OpenerResult("pudgy", 8001, 1.0, 10, exact=False),
        OpenerResult("xylyl", INF, 1.0, 10),
        OpenerResult("qajaq", INF, 1.0, 10, exact=False),  # failed high at a cap: no tree fits
    ]
    rows = [OpenerRow.of(r) for r in results]
    assert rows == [
        OpenerRow("adieu", 8346, True),
        OpenerRow("pudgy", 8001, False),
        OpenerRow("xylyl", None, True),
        OpenerRow("qajaq", None, True),
    ]
    assert [r.shown for r in rows] == ["8346", ">= 8001", "impossible", "impossible"]
    # the kernel's totals may be numpy integers; a row's is a plain int (for JSON and the stores)
    row = OpenerRow.of(OpenerResult("lions", np.int64(7951), 1.0, 10))
    assert row == OpenerRow("lions", 7951, True) and type(row.total) is int
