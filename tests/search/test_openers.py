"""Opener ranking: greedy bounds, exact values over executors, resume, a worker killed."""

from __future__ import annotations

import os

import numpy as np
import pytest

from wordlelab import Mode, WordList, pattern_table
from wordlelab.search import ExactJob, ResultStore, Solver, exact_openers, greedy_scores
from wordlelab.search.openers import forget_solvers, letter_groups, solve_openers


def _openers(words: WordList, k: int) -> list[str]:
    table = pattern_table(words)
    order, _ = greedy_scores(words, table, np.arange(len(words.allowed)), np.arange(len(words.answers)))
    return [words.allowed[g] for g in order[:k]]


def test_greedy_bound_is_a_lower_bound(small_words: WordList) -> None:
    table = pattern_table(small_words)
    cands = np.arange(len(small_words.answers))
    order, stats = greedy_scores(small_words, table, np.arange(len(small_words.allowed)), cands)
    assert list(stats["bound"]) == sorted(stats["bound"])
    solver = Solver(small_words, table)
    for g, b in zip(order[:8], stats["bound"][:8], strict=True):
        assert b <= solver.value(cands, guess=int(g))


def test_serial_pool_and_resume_agree(tmp_path, small_words: WordList) -> None:
    job = ExactJob(small_words)
    names = _openers(small_words, 4)
    serial = exact_openers(job, names, ResultStore(tmp_path / "a.sqlite"), executor="serial")
    store = ResultStore(tmp_path / "b.sqlite")
    first = exact_openers(job, names[:2], store, executor="serial")
    seen: list[str] = []
    resumed = exact_openers(
        job,
        names,
        store,
        resume=True,
        executor="process",
        workers=1,
        progress=lambda r, done, total: seen.append(r.word),
    )
    assert sorted(seen) == sorted(names[2:])  # nothing stored was recomputed
    assert {w: r.total for w, r in resumed.items()} == {w: r.total for w, r in serial.items()}
    assert {w: first[w].total for w in names[:2]} == {w: serial[w].total for w in names[:2]}
    solver = Solver(small_words, pattern_table(small_words))
    for w, r in serial.items():
        assert r.total == solver.value(np.arange(50), guess=small_words.guess_id(w))
    # a different configuration is stored separately
    hard = exact_openers(ExactJob(small_words, Mode.HARD), names[:1], store, resume=True, executor="serial")
    assert hard[names[0]].total >= serial[names[0]].total
    assert set(store.done(job.key)) == set(names)


def test_letter_groups_keep_the_order_given() -> None:
    got = letter_groups(["gummy", "salet", "hoosh", "muggy", "least", "shoos", "taels", "crane"])
    assert got == [("gummy", "muggy"), ("salet", "least", "taels"), ("hoosh", "shoos"), ("crane",)]
    assert letter_groups([]) == []


@pytest.mark.parametrize("mode", [Mode.NORMAL, Mode.HARD])
@pytest.mark.parametrize("pair", [("gummy", "muggy"), ("hoosh", "shoos"), ("react", "crate")])
def test_openers_spelt_alike_share_one_memo(mode: Mode, pair: tuple[str, str]) -> None:
    """Two openers spelt with the same letters, one after the other on one memo:
    the same totals as each alone, and the second search visits fewer nodes
    (node counts, not time).  The first 400 answers of the original list."""
    from wordlelab.words import load_wordlist

    answers = list(load_wordlist("original").answers[:400])
    words = WordList.from_words(answers, list(dict.fromkeys([*answers, *pair])), name="first400")
    job = ExactJob(words, mode)
    alone = {}
    for w in pair:
        forget_solvers()
        (alone[w],) = solve_openers(job, (w,))
    forget_solvers()
    first, second = solve_openers(job, pair)
    forget_solvers()
    assert (first.total, second.total) == (alone[pair[0]].total, alone[pair[1]].total)
    assert first.nodes == alone[pair[0]].nodes
    assert second.nodes < alone[pair[1]].nodes
    solver = Solver(words, pattern_table(words), mode)
    assert second.total == solver.value(np.arange(len(answers)), guess=words.guess_id(pair[1]))


def test_a_letter_group_is_stored_word_by_word(tmp_path, small_words: WordList) -> None:
    job = ExactJob(small_words)
    names = ["react", "salet", "crate"]
    seen: list[str] = []
    got = exact_openers(
        job, names, ResultStore(tmp_path / "g.sqlite"), executor="serial", progress=lambda r, d, t: seen.append(r.word)
    )
    assert seen == ["react", "crate", "salet"]  # REACT's group first, CRATE with it
    assert set(ResultStore(tmp_path / "g.sqlite").done(job.key)) == set(names) == set(got)


# a few seconds: the workers load the compiled search from numba's on-disk cache,
# written by the serial run in this same test
# distributed leaves a socket unclosed when a nanny's worker is killed (its own leak,
# reported by the garbage collector): not an error of this project
@pytest.mark.filterwarnings("ignore::ResourceWarning", "ignore::pytest.PytestUnraisableExceptionWarning")
def test_dask_worker_killed_mid_run(tmp_path, small_words: WordList) -> None:
    """A 2-worker LocalCluster loses a worker mid-run; results are complete and exact."""
    pytest.importorskip("distributed")
    job = ExactJob(small_words)
    names = _openers(small_words, 12)
    serial = exact_openers(job, names, ResultStore(tmp_path / "s.sqlite"), executor="serial")
    killed: list[str] = []
    pools: list[object] = []

    def progress(r, done, total):  # type: ignore[no-untyped-def]
        if killed:
            return
        client = pools[0].client  # type: ignore[attr-defined]
        busy = [w for w, tasks in client.processing().items() if tasks]
        victim = busy[0] if busy else next(iter(client.scheduler_info()["workers"]))
        pid = client.run(os.getpid, workers=[victim])[victim]
        os.kill(pid, 9)
        killed.append(victim)

    store = ResultStore(tmp_path / "d.sqlite")
    got = exact_openers(job, names, store, executor="dask", workers=2, progress=progress, on_pool=pools.append)
    assert killed
    assert {w: r.total for w, r in got.items()} == {w: r.total for w, r in serial.items()}
    assert {w: r.total for w, r in store.done(job.key).items()} == {w: r.total for w, r in serial.items()}


def test_results_store_as_a_context_manager_is_closed_after_the_block(tmp_path, small_words: WordList) -> None:
    """``with ResultStore(path) as store``: the rows written are read back inside the
    block, and the file is closed after it (a read then fails), also when the block raises."""
    from wordlelab.errors import ResultsFileError

    job = ExactJob(small_words)
    names = _openers(small_words, 2)
    with ResultStore(tmp_path / "c.sqlite") as store:
        exact_openers(job, names, store, executor="serial")
        assert set(store.done(job.key)) == set(names)
    with pytest.raises(ResultsFileError, match="closed database"):
        store.done(job.key)
    with pytest.raises(RuntimeError), ResultStore(tmp_path / "c.sqlite") as again:
        raise RuntimeError("inside the block")
    with pytest.raises(ResultsFileError, match="closed database"):
        again.done(job.key)


def test_upper_bound_mode(tmp_path, small_words: WordList) -> None:
    """With ``upper`` = the best total, the best openers are exact and the rest fail high."""
    job = ExactJob(small_words)
    names = _openers(small_words, 6)
    full = exact_openers(job, names, ResultStore(tmp_path / "f.sqlite"), executor="serial")
    best = min(r.total for r in full.values())
    store = ResultStore(tmp_path / "u.sqlite")
    bounded = exact_openers(job, names, store, executor="serial", upper=best)
    for w, r in bounded.items():
        if full[w].total <= best:
            assert r.exact and r.total == full[w].total
        else:
            assert not r.exact and best < r.total <= full[w].total
    assert store.done(job.key) == {}  # stored under their own configuration


def test_worker_reuses_its_solver_across_tasks(small_words: WordList) -> None:
    """Each task arrives as a fresh unpickled job: the worker must still reuse one
    solver (and its memo) per configuration, not build one per opener."""
    import pickle

    from wordlelab.search.openers import _worker_solver

    job = ExactJob(small_words)
    a = _worker_solver(pickle.loads(pickle.dumps(job)))
    b = _worker_solver(pickle.loads(pickle.dumps(job)))
    assert a is b
    assert _worker_solver(ExactJob(small_words, Mode.HARD)) is not a


def test_solvers_are_per_thread_and_can_be_dropped(small_words: WordList) -> None:
    """A dask worker with several threads runs several openers at once: each thread
    has its own solver (a memo serves one search at a time); forget_solvers drops
    the calling thread's (the web server's worker keeps none between requests)."""
    import threading

    from wordlelab.search.openers import _worker_solver, forget_solvers

    job = ExactJob(small_words)
    mine = _worker_solver(job)
    other: list[object] = []
    t = threading.Thread(target=lambda: other.append(_worker_solver(job)))
    t.start()
    t.join()
    assert other[0] is not mine and _worker_solver(job) is mine
    forget_solvers()
    assert _worker_solver(job) is not mine


def test_ultra_workers_forked_after_openmp_get_the_square_table(
    tmp_path, small_words: WordList, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A worker forked from a process that has run numba's parallel table kernel may
    not run it (GNU OpenMP aborts the worker): the parent makes the square table
    ultra mode splits by before the pool forks, and the workers inherit it."""
    from wordlelab.kernels.patterns import build_pattern_table
    from wordlelab.search import solver as solver_mod

    build_pattern_table(small_words.allowed_codes, small_words.answer_codes)  # OpenMP in this process
    monkeypatch.setattr(solver_mod, "_SQUARES", {})
    job = ExactJob(small_words, Mode.ULTRA)
    names = _openers(small_words, 3)
    pooled = exact_openers(job, names, ResultStore(tmp_path / "u.sqlite"), executor="process", workers=2)
    serial = exact_openers(job, names, ResultStore(tmp_path / "s.sqlite"), executor="serial")
    assert {w: r.total for w, r in pooled.items()} == {w: r.total for w, r in serial.items()}
