"""The committed all-opener tables (docs/openers/*.tsv) against the C++ reference's
published values, and a few rows re-derived by the search.

Each table was made by ``wordlelab openers --all --exact --upper U --tsv FILE``
(docs/optimal.md): one row per allowed guess, ``exact`` 1 for an exact total
(or ``inf``: no tree finds every answer within six guesses), 0 for a proven
lower bound above ``U``.  A table whose all-exact run (no ``--upper``) is under
way has the totals that run has proven so far folded in
(``scripts/fold_opener_results.py``): exact rows above ``U`` too, each one in the
run's committed results file.  The reference's results are read from
``../shared/peers/alex1770-wordle/`` next to this checkout (the tests that need
them skip where it is absent): the original lists' best 105 (normal) and 101
(hard) openers, and every one of the 14855 NYT openers in both modes, which the
NYT tables must match row for row.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from wordlelab import load_wordlist, pattern_table
from wordlelab.search import ExactJob, Solver

ROOT = Path(__file__).resolve().parents[2]
TABLES = ROOT / "docs" / "openers"
PEER = ROOT.parent / "shared" / "peers" / "alex1770-wordle"

#: table -> (our list, hard, the --upper it was made with, published file, total column)
SPECS = {
    "original-normal": ("original", False, 7950, "normal.top105.proven", 1),
    "original-hard": ("original", True, 8152, "hard.top101.proven", 1),
    "nyt-normal": ("nyt", False, 7913, "results_easy_nyt20220830", 2),
    "nyt-hard": ("nyt", True, 8127, "results_hard_nyt20220830", 2),
    # the 2023 pool: no published table to compare with (the reference's README
    # reports its analysis, not every opener's total)
    "nyt-2023-normal": ("nyt-2023", False, 11249, None, 0),
    "nyt-2023-hard": ("nyt-2023", True, 11657, None, 0),
}
#: tables with an all-exact run folded in -> its results file (committed for --resume)
FOLDED = {
    "nyt-hard": TABLES / "runs" / "nyt-hard-exact.sqlite",
    "original-hard": TABLES / "runs" / "original-hard-exact.sqlite",
    "nyt-normal": TABLES / "runs" / "nyt-normal-exact.sqlite",
    "original-normal": TABLES / "runs" / "original-normal-exact.sqlite",
    # the openers the NYT hard table has impossible, proven impossible on the 2023 pool
    # too (scripts/settle_openers.py --impossible-in nyt)
    "nyt-2023-hard": TABLES / "runs" / "nyt-2023-hard-exact.sqlite",
    # the 2023 pool's normal table: its all-exact run, under way (pieces folded in)
    "nyt-2023-normal": TABLES / "runs" / "nyt-2023-normal-exact.sqlite",
}
#: tables whose bounds a bounded run raised (scripts/settle_openers.py --raise U) -> its results file
BOUNDED = {"nyt-2023-normal": TABLES / "runs" / "nyt-2023-normal-bounded.sqlite"}
#: ... and the ``U`` that run has finished: every bound above it, every total up to it exact
RAISED = {"nyt-2023-normal": 11500}
#: the tables whose all-exact run is complete: every row exact
COMPLETE = {"nyt-hard", "original-hard", "nyt-normal", "original-normal", "nyt-2023-hard"}
#: rows re-derived from scratch in every run: the best opener and two cheap refutations
REDERIVE = ["salet", "tarse", "pucka", "glazy"]
#: the best openers of the 2023 pool take a minute or two each: re-derived in the slow tests
REDERIVE_SLOW = {"nyt-2023-normal": ("tarse", 11219), "nyt-2023-hard": ("tarse", 11627)}
#: the ultra-hard tables have no published reference: tests/search/test_ultra_table.py checks them
OWN = {p.stem for p in TABLES.glob("*-ultra.tsv")}
PRESENT = sorted(p.stem for p in TABLES.glob("*.tsv") if p.stem not in OWN)


def _read(path: Path) -> list[tuple[str, float, int]]:
    lines = path.read_text("utf-8").splitlines()
    assert lines[0] == "word\ttotal\texact"
    rows = []
    for line in lines[1:]:
        word, total, exact = line.split("\t")
        rows.append((word, math.inf if total == "inf" else float(int(total)), int(exact)))
    return rows


def _published(name: str) -> dict[str, float]:
    _, _, _, file, col = SPECS[name]
    if file is None:
        return {}
    path = PEER / file
    if not path.exists():
        pytest.skip(f"the reference's published results are not at {path}")
    out = {}
    for line in path.read_text().splitlines():
        parts = line.split()
        if parts:
            t = int(parts[col])
            out[parts[0]] = math.inf if t >= 1_000_000_000 else float(t)
    return out


def test_the_headline_table_is_committed() -> None:
    assert "original-normal" in PRESENT


@pytest.mark.parametrize("name", PRESENT)
def test_table_matches_the_reference(name: str) -> None:
    assert name in SPECS, f"unexpected table {name}.tsv"
    words_name, _, upper, _, _ = SPECS[name]
    words = load_wordlist(words_name)
    rows = _read(TABLES / f"{name}.tsv")
    assert sorted(w for w, _, _ in rows) == sorted(words.allowed)  # every opener once
    assert rows == sorted(rows, key=lambda r: (r[1], r[0]))
    published = _published(name)
    mine = {w: (t, e) for w, t, e in rows}
    for w, t, e in rows:
        if e == 1 and not math.isinf(t) and name not in FOLDED:
            assert t <= upper, f"{w}: exact total {t} above --upper {upper}"
        if e == 0:
            assert t > upper, f"{w}: lower bound {t} not above --upper {upper}"
        if w in published:
            if e == 1:
                assert t == published[w], f"{w}: {t} but the reference has {published[w]}"
            else:
                assert t <= published[w], f"{w}: bound {t} above the reference's total {published[w]}"
    assert set(published) <= set(mine), "the reference names openers that are not in the table"
    if name in COMPLETE:
        bounds = [w for w, _, e in rows if e == 0]
        assert not bounds, f"{len(bounds)} of {len(rows)} rows of a complete table are bounds, e.g. {bounds[:5]}"
    for w, t in published.items():  # every opener the reference puts at or below U is exact here
        if t <= upper:
            assert mine[w] == (t, 1), f"{w}: reference {t}, table {mine[w]}"


#: the NYT tables: the reference published every opener's exact total, so the check is row for row
NYT = [name for name in PRESENT if name in SPECS and SPECS[name][0] == "nyt"]


@pytest.mark.parametrize("name", NYT)
def test_nyt_table_equals_the_reference_row_for_row(name: str) -> None:
    """Every one of the 14855 rows: an exact total (or ``inf``) equal to the reference's,
    a lower bound never above it; the two files list exactly the same openers."""
    published = _published(name)
    allowed = set(load_wordlist("nyt").allowed)
    assert len(published) == len(allowed) == 14855
    assert set(published) == allowed, "the reference's file is not the 14855 NYT guesses"
    rows = _read(TABLES / f"{name}.tsv")
    assert len(rows) == 14855 and {w for w, _, _ in rows} == allowed
    wrong = [
        (w, t, e, published[w])
        for w, t, e in rows
        if (e == 1 and t != published[w]) or (e == 0 and (math.isinf(t) or t > published[w]))
    ]
    assert not wrong, f"{len(wrong)} rows disagree, e.g. (word, total, exact, reference): {wrong[:5]}"
    exact = sum(e for _, _, e in rows)
    assert exact >= 8  # the best openers at least (a complete table: all, test_table_matches_the_reference)


def _job(name: str) -> ExactJob:
    """The job of table ``name``'s runs: its list and mode (the key their results are stored under)."""
    from wordlelab.modes import GameRules

    words_name, hard, _, _, _ = SPECS[name]
    return ExactJob(load_wordlist(words_name), GameRules("hard" if hard else "normal"))


def _proven(name: str, results: Path) -> dict[str, float]:
    """The exact totals (``inf`` for impossible) an all-exact run of table ``name``
    has stored in ``results``, under the key ``openers --all --exact`` uses."""
    from wordlelab.search import INF
    from wordlelab.search.openers import ResultStore

    with ResultStore(results) as store:
        done = store.done(_job(name).key)
    return {w: (math.inf if r.total >= INF else float(r.total)) for w, r in done.items() if r.exact}


def _bounded(name: str, results: Path) -> dict[str, tuple[float, int]]:
    """What the bounded runs (``--upper U``, any ``U``) of table ``name`` stored in
    ``results``: word -> (total, 1) for an exact total, (lower bound, 0) otherwise."""
    from wordlelab.search import INF
    from wordlelab.search.openers import ResultStore

    job = _job(name)
    out: dict[str, tuple[float, int]] = {}
    with ResultStore(results) as store:
        configs = [c for c in store.configs() if job.owns(c) and c != job.key]
        for c in configs:
            for w, r in store.done(c).items():
                t = math.inf if r.total >= INF else float(r.total)
                if r.exact or w not in out or (out[w][1] == 0 and t > out[w][0]):
                    out[w] = (t, int(r.exact))
    return out


@pytest.mark.parametrize("name", sorted(FOLDED))
def test_folded_rows_are_the_runs_results(name: str) -> None:
    """The exact rows above ``U`` are exactly what the runs proved: each one in a results
    file with the same total, and every exact result of the files in the table; a bound a
    bounded run proved is the row's bound, or below the row's exact total."""
    upper = SPECS[name][2]
    proven = _proven(name, FOLDED[name])
    assert len(proven) > 500  # the run's first sittings at least
    bounded = _bounded(name, BOUNDED[name]) if name in BOUNDED else {}
    if name in BOUNDED:
        assert len(bounded) > 500  # its first piece at least
    exact = {**proven, **{w: t for w, (t, e) in bounded.items() if e == 1}}
    rows = {w: (t, e) for w, t, e in _read(TABLES / f"{name}.tsv")}
    assert all(rows[w] == (t, 1) for w, t in exact.items())
    above = [w for w, (t, e) in rows.items() if e == 1 and upper < t < math.inf]
    assert all(w in exact for w in above)
    wrong = [(w, b, rows[w]) for w, (b, e) in bounded.items() if e == 0 and rows[w] != (b, 0) and rows[w][1] == 0]
    assert not wrong, f"bounds not folded in, (word, bound, row): {wrong[:5]}"
    assert all(rows[w][0] >= b for w, (b, e) in bounded.items() if e == 0)


@pytest.mark.parametrize("name", NYT)
def test_reference_file_read_right(name: str) -> None:
    """The reference's files give ``word mean total``; the mean must be the total over
    2309 answers (so the right column is read), ``Infinity`` where the total is 10**9."""
    path = PEER / SPECS[name][3]
    if not path.exists():
        pytest.skip(f"the reference's published results are not at {path}")
    for line in path.read_text().splitlines():
        _, mean, total = line.split()
        if int(total) >= 1_000_000_000:
            assert mean == "Infinity", line
        else:
            assert abs(float(mean) - int(total) / 2309) < 6e-5, line


@pytest.mark.parametrize("name", PRESENT)
def test_rows_rederived(name: str) -> None:
    words_name, hard, upper, _, _ = SPECS[name]
    words = load_wordlist(words_name)
    table = pattern_table(words)
    mine = {w: (t, e) for w, t, e in _read(TABLES / f"{name}.tsv")}
    for w in REDERIVE:
        if w not in words.allowed_index or (name in REDERIVE_SLOW and w in dict(REDERIVE_SLOW.values())):
            continue
        solver = Solver(words, table, rules="hard" if hard else "normal")
        v = solver.value(np.arange(len(words.answers)), guess=solver.check_start(w), beta=upper + 1)
        t, e = mine[w]
        if v <= upper:
            assert (float(v), 1) == (t, e)
        else:
            # both proven worse than U: a bound above it or "impossible" (a
            # refutation reports what it proved: a bound where another search
            # proved no tree fits, and shared memos may make either stronger),
            # or the exact total an all-exact run folded in
            assert t > upper and (e == 0 or math.isinf(t) or name in FOLDED)


#: the 2023 pool's tables
NYT_2023 = [name for name in PRESENT if name.startswith("nyt-2023-")]


def test_the_2023_pool_tables_are_committed() -> None:
    assert NYT_2023 == ["nyt-2023-hard", "nyt-2023-normal"]


@pytest.mark.parametrize("name", NYT_2023)
def test_the_2023_pool_best_opener(name: str) -> None:
    """Every one of the 14855 openers settled against BEST + 30: the best is
    unique and exact, every other row exact at or above it, or proven above the bound."""
    word, total = REDERIVE_SLOW[name]
    upper = SPECS[name][2]
    assert upper == total + 30
    rows = _read(TABLES / f"{name}.tsv")
    assert len(rows) == 14855 and {w for w, _, _ in rows} == set(load_wordlist("nyt-2023").allowed)
    assert rows[0] == (word, total, 1)
    assert rows[1][1] > total  # unique
    assert all(e == 1 or t > upper for _, t, e in rows)


@pytest.mark.slow
@pytest.mark.parametrize("name", NYT_2023)
def test_the_2023_pool_best_opener_rederived(name: str) -> None:
    """The best opener's total, searched again with the table's bound (a minute or two)."""
    word, total = REDERIVE_SLOW[name]
    words_name, hard, upper, _, _ = SPECS[name]
    words = load_wordlist(words_name)
    solver = Solver(words, pattern_table(words), rules="hard" if hard else "normal")
    assert solver.value(np.arange(len(words.answers)), guess=solver.check_start(word), beta=upper + 1) == total


def test_fold_script_refuses_a_missing_or_damaged_results_file(tmp_path: Path) -> None:
    """scripts/fold_opener_results.py: one line saying what is wrong, exit 1, nothing written
    (and no empty results file made where none was); so too for an exact row computed
    differently, lower or higher: a contradiction, not a row to drop."""
    import subprocess
    import sys

    from wordlelab.search.openers import OpenerResult, ResultStore

    script = ROOT / "scripts" / "fold_opener_results.py"
    # (every shipped table is complete: a result below a row's bound is refused by
    # fold_exact itself, tests/unit/test_atlas.py; here exact rows computed lower and higher)
    before = {p: p.read_bytes() for p in TABLES.glob("*.tsv")}
    missing = tmp_path / "none.sqlite"
    damaged = tmp_path / "bad.sqlite"
    damaged.write_text("not a database")
    cases = [(("nyt", "hard"), missing, "no results file at"), (("nyt", "hard"), damaged, "is damaged")]
    for (lst, mode), step, name in ((("nyt-2023", "normal"), -1, "below"), (("nyt", "hard"), 1, "differs")):
        word, total, _ = next(r for r in _read(TABLES / f"{lst}-{mode}.tsv") if r[2] == 1 and math.isfinite(r[1]))
        path = tmp_path / f"{name}.sqlite"
        store = ResultStore(path)
        store.add(_job(f"{lst}-{mode}").key, OpenerResult(word, int(total) + step, 1.0, 10))
        store.close()
        cases.append(((lst, mode), path, "contradicts"))
    # a bounded run's bound above an exact total
    word, total, _ = next(r for r in _read(TABLES / "nyt-hard.tsv") if r[2] == 1 and math.isfinite(r[1]))
    path = tmp_path / "bound-above.sqlite"
    with ResultStore(path) as store:
        bounded = _job("nyt-hard").config(int(total) - 1)
        store.add(bounded, OpenerResult(word, int(total) + 1, 1.0, 10, exact=False))
    cases.append((("nyt", "hard"), path, "contradicts the table's exact total"))
    try:
        for (lst, mode), path, said in cases:
            run = subprocess.run(
                [sys.executable, str(script), lst, mode, str(path)], check=False, capture_output=True, text=True
            )
            assert run.returncode == 1 and said in run.stderr and len(run.stderr.strip().splitlines()) == 1, run.stderr
        assert not missing.exists()
        assert {p: p.read_bytes() for p in TABLES.glob("*.tsv")} == before
    finally:  # a fold that wrongly wrote must not leave the shipped tables changed
        for p, data in before.items():
            if p.read_bytes() != data:
                p.write_bytes(data)
                (ROOT / "src" / "wordlelab" / "data" / "openers" / p.name).write_bytes(data)


def test_settle_script_proves_chosen_openers_into_a_run(tmp_path: Path) -> None:
    """scripts/settle_openers.py: the openers named (or those another list's table has
    impossible) proven and stored under the key the all-exact run uses, so that
    ``--resume`` keeps them; a word the list does not allow: one line, exit 1."""
    import subprocess
    import sys

    script = ROOT / "scripts" / "settle_openers.py"
    path = tmp_path / "run.sqlite"
    run = subprocess.run(
        [sys.executable, str(script), "nyt-2023", "hard", str(path), "--workers", "2", "nunny", "zoner"],
        check=False,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    assert _proven("nyt-2023-hard", path) == {"nunny": math.inf, "zoner": math.inf}
    bad = subprocess.run(
        [sys.executable, str(script), "nyt-2023", "hard", str(tmp_path / "x.sqlite"), "nunny", "qqqqq"],
        check=False,
        capture_output=True,
        text=True,
    )
    assert bad.returncode == 1 and "qqqqq" in bad.stderr and len(bad.stderr.strip().splitlines()) == 1, bad.stderr


def test_merge_script_brings_pieces_into_a_run(tmp_path: Path) -> None:
    """scripts/merge_opener_results.py: a piece settled elsewhere is copied into the
    run's results file under the same key (once); a row whose checksum fails is left
    out; a row that contradicts the run's stops it with one line, nothing written."""
    import sqlite3
    import subprocess
    import sys

    from wordlelab.search.openers import OpenerResult, ResultStore

    def run(script: str, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, str(ROOT / "scripts" / script), "nyt-2023", "hard", *map(str, args)],
            check=False,
            capture_output=True,
            text=True,
        )

    piece, into = tmp_path / "piece.sqlite", tmp_path / "run.sqlite"
    settled = run("settle_openers.py", piece, "--workers", "2", "nunny", "zoner")
    assert settled.returncode == 0, settled.stderr
    key = _job("nyt-2023-hard").key
    with ResultStore(piece) as store:  # a row damaged after it was written
        store.add(key, OpenerResult("aahed", 9000, 1.0, 10, True))
    with sqlite3.connect(piece) as db:
        db.execute("UPDATE openers SET total = 8999 WHERE word = 'aahed'")
    ResultStore(into).close()
    first = run("merge_opener_results.py", into, piece)
    assert first.returncode == 0 and "merged 2 results" in first.stdout, first.stderr
    assert _proven("nyt-2023-hard", into) == {"nunny": math.inf, "zoner": math.inf}
    again = run("merge_opener_results.py", into, piece)
    assert again.returncode == 0 and "merged 0 results" in again.stdout, again.stderr
    wrong = tmp_path / "wrong.sqlite"
    with ResultStore(wrong) as store:
        store.add(key, OpenerResult("zoner", 9999, 1.0, 10, True))
        store.add(key, OpenerResult("zymic", 9998, 1.0, 10, True))
    before = into.read_bytes()
    out = run("merge_opener_results.py", into, wrong)
    assert out.returncode == 1 and "zoner" in out.stderr and len(out.stderr.strip().splitlines()) == 1, out.stderr
    assert into.read_bytes() == before
    gone = run("merge_opener_results.py", into, tmp_path / "nowhere.sqlite")
    assert gone.returncode == 1 and "nowhere.sqlite" in gone.stderr, gone.stderr


@pytest.mark.parametrize("name", sorted(RAISED))
def test_raised_tables_rank_every_total_up_to_the_bound(name: str) -> None:
    """Every bound of a table raised to ``U`` is above ``U``, so every opener whose
    total is at most ``U`` is exact and ranked exactly: only ties among exact totals
    leave a range."""
    from wordlelab.atlas import load_opener_table

    upper = RAISED[name]
    rows = _read(TABLES / f"{name}.tsv")
    bounds = [(w, t) for w, t, e in rows if e == 0]
    assert all(t > upper for _, t in bounds), min(t for _, t in bounds)  # (none left once complete)
    lst, mode = name.rsplit("-", 1)
    table = load_opener_table(lst, mode, user=False)
    totals = [t for _, t, e in rows if e == 1]
    for w, t, e in rows:
        if e == 1 and t <= upper:
            rank = table.rank(w)
            assert (rank.rank_lo, rank.rank_hi) == (1 + sum(x < t for x in totals), sum(x <= t for x in totals))
    assert table.rank("caret").rank_text == "3"  # was 3-725 with the bounds at 11250


def test_settle_script_raises_bounds_against_a_total(tmp_path: Path) -> None:
    """scripts/settle_openers.py --raise U: the openers named searched bounded by ``U``,
    stored under the bounded run's key (a bound above ``U``, or an exact total at or
    below it); bad options: one line, exit 1."""
    import subprocess
    import sys

    script = ROOT / "scripts" / "settle_openers.py"
    path = tmp_path / "bounded.sqlite"

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, str(script), "nyt-2023", "normal", str(path), *args],
            check=False,
            capture_output=True,
            text=True,
        )

    done = run("--raise", "11500", "--workers", "1", "qajaq", "xviii")
    assert done.returncode == 0, done.stderr
    assert "2 bounds searched against 11500" in done.stdout and ": >= " in done.stdout
    got = _bounded("nyt-2023-normal", path)
    assert set(got) == {"qajaq", "xviii"} and all(e == 0 and t > 11500 for t, e in got.values())
    assert _proven("nyt-2023-normal", path) == {}  # not the all-exact run's results
    for bad, said in ((("--raise", "many"), "--raise takes the total"), (("--raise", "9", "--workers"), "--workers")):
        out = run(*bad)
        assert out.returncode == 1 and said in out.stderr and len(out.stderr.strip().splitlines()) == 1, out.stderr


def test_the_2023_pool_hard_totals_never_below_normal() -> None:
    """A hard-mode tree is a normal-mode tree, so no opener's exact hard total is below
    its normal row (an exact total or a proven lower bound of one), and an opener with
    no hard-mode tree is the only kind allowed an ``inf`` there."""
    hard = _read(TABLES / "nyt-2023-hard.tsv")
    normal = {w: (t, e) for w, t, e in _read(TABLES / "nyt-2023-normal.tsv")}
    assert set(normal) == {w for w, _, _ in hard}
    exact = [(w, t) for w, t, e in hard if e == 1]
    assert len(exact) > 14000
    below = [(w, t, normal[w]) for w, t in exact if t < normal[w][0]]
    assert not below, f"hard totals below the normal rows: {below[:5]}"
    assert not any(math.isinf(t) for t, _ in normal.values())  # normal mode: every opener has a tree
