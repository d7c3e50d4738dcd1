"""`wordlelab optimal`, `verify-tree` and `openers`, in-process and as a subprocess."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wordlelab import WordList
from wordlelab.cli import app

runner = CliRunner()


@pytest.fixture
def list_files(tmp_path: Path, small_words: WordList) -> tuple[str, str]:
    a = tmp_path / "answers.txt"
    g = tmp_path / "guesses.txt"
    a.write_text("\n".join(small_words.answers) + "\n")
    g.write_text("\n".join(small_words.allowed) + "\n")
    return str(a), str(g)


def _run(*args: str) -> dict:
    res = runner.invoke(app, list(args))
    assert res.exit_code == 0, res.output
    return json.loads(res.stdout)


def test_optimal_json_and_verify(tmp_path: Path, list_files: tuple[str, str]) -> None:
    a, g = list_files
    tree = tmp_path / "small.tree"
    out = _run("optimal", "--start", "salet", "--words", a, "--guesses", g, "--tree", str(tree), "--json")
    assert out["proven"] is True and out["start"] == "salet"
    assert abs(out["mean"] - out["total"] / 50) < 1e-6 and out["max"] <= 6
    ver = _run("verify-tree", str(tree), "--words", a, "--guesses", g, "--json")
    assert ver["ok"] and ver["total"] == out["total"]
    hard = _run("optimal", "--start", "salet", "--hard", "--words", a, "--guesses", g, "--json")
    assert hard["total"] >= out["total"]
    beam = _run("optimal", "--start", "salet", "--beam", "2", "--words", a, "--guesses", g, "--json")
    assert beam["total"] >= out["total"] and beam["proven"] is False


def test_optimal_searches_the_opener(list_files: tuple[str, str]) -> None:
    a, g = list_files
    out = _run("optimal", "--words", a, "--guesses", g, "--top", "100", "--json")
    # 58 guesses, all tried: the opener is proven too
    assert out["proven"] is True
    fixed = _run("optimal", "--start", out["start"], "--words", a, "--guesses", g, "--json")
    assert fixed["total"] == out["total"]
    for o in out["openers"]:
        assert o["total"] >= out["total"]


def test_errors_exit_2(tmp_path: Path, list_files: tuple[str, str]) -> None:
    a, g = list_files
    res = runner.invoke(app, ["optimal", "--start", "zzzzz", "--words", a, "--guesses", g])
    assert res.exit_code == 2 and "zzzzz" in res.stderr
    res = runner.invoke(app, ["optimal", "--start", "salet", "--max-guesses", "2", "--words", a, "--guesses", g])
    assert res.exit_code == 2 and "max-guesses" in res.stderr
    bad = tmp_path / "bad.tree"
    bad.write_text("# words: small\nsalet 00000 cigar 22222 extra\n")
    res = runner.invoke(app, ["verify-tree", str(bad), "--words", a, "--guesses", g])
    assert res.exit_code == 2 and "pairs" in res.stderr


def test_openers_exact_and_resume(tmp_path: Path, list_files: tuple[str, str]) -> None:
    a, g = list_files
    db = tmp_path / "r.sqlite"
    base = ["openers", "--words", a, "--guesses", g, "--top", "3", "--json"]
    greedy = _run(*base)
    assert len(greedy["openers"]) == 3 and "total" not in greedy["openers"][0]
    ex = _run(*base, "--exact", "--workers", "1", "--results", str(db))
    totals = {o["guess"]: o["total"] for o in ex["openers"]}
    assert all(o["bound"] <= o["total"] for o in ex["openers"])
    # resume: nothing left to compute, same answers
    res = runner.invoke(app, base + ["--exact", "--resume", "--results", str(db)])
    assert res.exit_code == 0 and "[1/3]" not in res.stderr
    assert {o["guess"]: o["total"] for o in json.loads(res.stdout)["openers"]} == totals


def test_subprocess_verify_tree(tmp_path: Path, list_files: tuple[str, str]) -> None:
    a, g = list_files
    tree = tmp_path / "s.json"
    _run("optimal", "--start", "salet", "--words", a, "--guesses", g, "--tree", str(tree), "--json")
    exe = Path(sys.executable).with_name("wordlelab")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "wordlelab"]
    proc = subprocess.run(
        cmd + ["verify-tree", str(tree), "--words", a, "--guesses", g],
        capture_output=True,
        text=True,
        env=os.environ.copy(),
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("OK:")


def test_search_runs_in_fresh_processes(tmp_path: Path, list_files: tuple[str, str]) -> None:
    """The second process loads the compiled recursive search from numba's disk
    cache (a literal argument in the recursion once made that load crash)."""
    a, g = list_files
    exe = Path(sys.executable).with_name("wordlelab")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "wordlelab"]
    args = ["optimal", "--start", "crate", "--hard", "--words", a, "--guesses", g, "--json"]
    totals = []
    for _ in range(2):
        proc = subprocess.run(
            cmd + args, capture_output=True, text=True, env=os.environ.copy(), timeout=300, check=False
        )
        assert proc.returncode == 0, proc.stderr
        totals.append(json.loads(proc.stdout)["total"])
    assert totals[0] == totals[1]


def test_optimal_upper_reports_the_bound_proven(list_files: tuple[str, str]) -> None:
    """--upper: an opener worse than N gets a proven lower bound above N (never
    above its exact total) and no tree; one at or below N its exact total."""
    a, g = list_files
    base = ["--words", a, "--guesses", g, "--json"]
    ranked = _run("openers", *base, "--top", "58", "--exact", "--workers", "1")["openers"]
    totals = {o["guess"]: o["total"] for o in ranked if o["total"] is not None}
    best, worst = min(totals, key=totals.get), max(totals, key=totals.get)
    upper = totals[best]
    assert totals[worst] > upper
    out = _run("optimal", "--start", worst, "--upper", str(upper), *base)
    assert out["exact"] is False and out["lower_bound"] is True and out["mean"] is None
    assert upper < out["total"] <= totals[worst] and out["tree_file"] is None
    same = _run("optimal", "--start", best, "--upper", str(upper), *base)
    assert same["exact"] is True and same["total"] == upper and same["max"] is not None
    text = runner.invoke(app, ["optimal", "--start", worst, "--upper", str(upper), "--words", a, "--guesses", g])
    assert text.exit_code == 0 and f"total >= {out['total']}" in text.stdout


def test_openers_all_tsv(tmp_path: Path, list_files: tuple[str, str], small_words: WordList) -> None:
    """--all --exact --upper U --tsv: one row per allowed guess, sorted by total then word;
    rows at or below U exact and equal to the unbounded totals, the rest lower bounds."""
    a, g = list_files
    tsv = tmp_path / "o.tsv"
    full = _run(
        "openers",
        "--words",
        a,
        "--guesses",
        g,
        "--all",
        "--exact",
        "--workers",
        "1",
        "--results",
        str(tmp_path / "f.sqlite"),
        "--json",
    )["openers"]
    assert len(full) == len(small_words.allowed)
    exact = {o["guess"]: o["total"] for o in full}
    upper = sorted(t for t in exact.values() if t is not None)[3]
    res = runner.invoke(
        app,
        [
            "openers",
            "--words",
            a,
            "--guesses",
            g,
            "--all",
            "--exact",
            "--workers",
            "1",
            "--upper",
            str(upper),
            "--results",
            str(tmp_path / "u.sqlite"),
            "--tsv",
            str(tsv),
        ],
    )
    assert res.exit_code == 0, res.output
    lines = tsv.read_text().splitlines()
    assert lines[0] == "word\ttotal\texact" and len(lines) == len(small_words.allowed) + 1
    rows = [(w, float(t), int(e)) for w, t, e in (line.split("\t") for line in lines[1:])]
    assert rows == sorted(rows, key=lambda r: (r[1], r[0]))
    for w, t, e in rows:
        if exact[w] is None:
            assert t == float("inf") and e == 1
        elif exact[w] <= upper:
            assert e == 1 and t == exact[w]
        else:
            assert e == 0 and upper < t <= exact[w]
    bad = runner.invoke(app, ["openers", "--words", a, "--guesses", g, "--tsv", str(tsv)])
    assert bad.exit_code == 2 and "--exact" in bad.stderr


def test_sigkill_leaves_no_pool_workers(tmp_path: Path) -> None:
    """`openers --exact` killed with SIGKILL: its pool workers must not outlive it."""
    import signal
    import time

    psutil = pytest.importorskip("psutil")  # installed with dask.distributed
    exe = Path(sys.executable).with_name("wordlelab")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "wordlelab"]
    proc = subprocess.Popen(
        cmd
        + ["openers", "--exact", "--hard", "--top", "400", "--workers", "2", "--results", str(tmp_path / "r.sqlite")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=os.environ.copy(),
    )
    try:
        parent = psutil.Process(proc.pid)
        deadline = time.monotonic() + 120
        workers: list = []
        while len(workers) < 2 and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.2)
            workers = [c for c in parent.children(recursive=True) if c.is_running()]
        assert len(workers) >= 2, "the pool never started"
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
        _gone, alive = psutil.wait_procs(workers, timeout=20)
        assert not alive, f"workers left running: {[p.pid for p in alive]}"
    finally:
        if proc.poll() is None:
            proc.kill()


def test_openers_results_file_faults(tmp_path: Path, list_files: tuple[str, str], monkeypatch, caplog) -> None:  # type: ignore[no-untyped-def]
    """An edited total is neither printed nor written to --tsv; a damaged --results file is
    one line; a damaged default file is set aside (said on stderr) and the run goes on."""
    a, g = list_files
    db = tmp_path / "r.sqlite"
    base = ["openers", "--words", a, "--guesses", g, "--top", "2", "--exact", "--json"]
    truth = {o["guess"]: o["total"] for o in _run(*base, "--results", str(db))["openers"]}
    import sqlite3

    word = next(iter(truth))
    with sqlite3.connect(db) as con:
        con.execute("UPDATE openers SET total = 7000, exact = 1 WHERE word = ?", (word,))
    tsv = tmp_path / "o.tsv"
    res = runner.invoke(app, [*base, "--resume", "--results", str(db), "--tsv", str(tsv)])
    assert res.exit_code == 0, res.output
    assert {o["guess"]: o["total"] for o in json.loads(res.stdout)["openers"]} == truth
    assert "7000" not in tsv.read_text() and f"{word}\t{truth[word]}\t1" in tsv.read_text()
    # a damaged file the user named: one line, exit 2, the file left as it was
    db.write_bytes(b"\0" * 8192)
    res = runner.invoke(app, [*base, "--results", str(db)])
    lines = res.stderr.strip().splitlines()
    assert res.exit_code == 2 and len(lines) == 1 and "is damaged (not an SQLite database)" in lines[0], res.output
    assert db.read_bytes() == b"\0" * 8192
    # the default file in the cache folder: set aside, a fresh one used
    monkeypatch.setenv("WORDLELAB_CACHE_DIR", str(tmp_path / "cache"))
    (tmp_path / "cache").mkdir()
    (tmp_path / "cache" / "openers.sqlite").write_bytes(b"garbage" * 1000)
    res = runner.invoke(app, base)
    assert res.exit_code == 0, res.output
    assert {o["guess"]: o["total"] for o in json.loads(res.stdout)["openers"]} == truth
    assert "moved to openers.sqlite.damaged, starting a fresh one" in caplog.text  # stderr outside pytest
    assert (tmp_path / "cache" / "openers.sqlite.damaged").read_bytes() == b"garbage" * 1000


def test_optimal_says_the_search_time_and_the_whole_time(list_files: tuple[str, str]) -> None:
    """The search's own seconds leave out loading the lists and building and checking
    the tree (in ultra mode most of the time): the line gives both."""
    a, g = list_files
    for mode in ("normal", "ultra"):
        res = runner.invoke(app, ["optimal", "--start", "salet", "--mode", mode, "--words", a, "--guesses", g])
        assert res.exit_code == 0, res.output
        text = " ".join(res.stdout.split())
        m = re.search(r"(\d+) nodes searched in ([\d.]+) s, ([\d.]+) s in all \(lists, table, search, tree built", text)
        assert m, text
        assert int(m[1]) > 0 and float(m[3]) >= float(m[2])
