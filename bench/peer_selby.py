"""Side by side with the C++ optimal solver (Alex Selby's, MIT) on exact proofs.

Builds the reference from ``../shared/peers/alex1770-wordle/`` (next to this
checkout; ``--peer-dir`` elsewhere) into ``bench/.peer-selby/`` (git ignored)
and runs both programs on the same cases in the same run, one core per
process, ``--workers N`` cases side by side:

* ``exact``: the value of an opener, proven.  Original lists: the
  reference's top 10 normal-mode openers plus RAISE, SOARE, ROATE, ADIEU; its
  top 8 hard-mode openers plus ADIEU.  NYT lists (2309 / 14855): its top 6 in
  each mode.  35 cases; each total is checked against the reference's run and
  its published tables (``normal.top105.proven``, ``hard.top101.proven``,
  ``results_{easy,hard}_nyt20220830``).
* ``refute``: "is this opener worse than the best?".  A fixed seeded sample
  (``--sample``, default 100, ``--seed``) of the openers ranked above 60 by
  the greedy bound, in normal mode against 7920 and in hard mode against 8122
  (original lists; ``wordlelab optimal --upper 7920``, the reference's
  ``-b 7921``).  Both report the strongest lower bound they proved.
* ``table``: the work of the nyt-2023 tables (``openers --all --exact
  --upper``): a seeded uniform sample (``--table-sample`` per mode, default
  20) of all 14855 openers on the 2023 pool (the reference's
  ``wordlist_nyt20230701_hidden``), normal mode against 11249 and hard mode
  against 11657 (the best total + 30).  An opener at or below the bound must
  get the same exact total from both.
* ``weak``: exact values of openers drawn uniformly from every allowed guess
  (most of them weak: the slow case of an exact table), no bound.  For each
  list (original, nyt) and mode (normal, hard, ultra; the reference's ``-H``
  and ``-U``) a seeded sample of ``--weak-sample`` openers (default 6: a run
  of all six tables takes about half an hour of CPU on each side today; the
  reference's slowest weak openers take 100-200 s).  ``--tables`` picks
  tables (``nyt-normal,original-hard``...).  Printed per table: the CPU of
  both, the ratio of the totals, and the tail: the slowest decile of the
  reference's cases (at least one case) and our slowest case.  NYT normal and
  hard totals are checked against the reference's published tables too.

Times compared: the search's CPU seconds for that opener (the reference's
``dCPU``; ours: ``time.process_time`` around the search in a worker whose
numba code is already loaded, with a fresh solver, so no memo is shared
between cases, as the reference runs each case in a fresh process).  Start-up
is left out of both (Python with numba ~2-3 s, the reference ~0.5 s reading
its lists); the reference's whole-process wall time is printed too.

Usage::

    .venv/bin/python bench/peer_selby.py [--workers 2] [--suite all|exact|refute|table|weak]
        [--sample 100] [--table-sample 20] [--seed 2022] [--weak-sample 6] [--tables nyt-normal,...]
        [--json results.json]

``--suite all`` runs exact and refute (the table and weak suites are asked for by name).

Other jobs on the machine slow both sides alike; CPU times are less noisy
than wall times.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import platform
import re
import statistics
import subprocess
import sys
import time
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
BUILD = HERE / ".peer-selby"
DEFAULT_PEER = HERE.parent.parent / "shared" / "peers" / "alex1770-wordle"
#: our list name -> the reference's (all guesses, hidden words) files
LISTS = {
    "original": ("wordlist_orig_all", "wordlist_orig_hidden"),
    "nyt": ("wordlist_nyt20220830_all", "wordlist_nyt20220830_hidden"),
    "nyt-2023": ("wordlist_nyt20220830_all", "wordlist_nyt20230701_hidden"),
}
REFUTE_UPPER = {"normal": 7920, "hard": 8122}
#: the nyt-2023 tables' bounds (``openers --all --exact --upper``): the best
#: opener's total + 30 (TARSE 11219 normal, TARSE 11627 hard)
TABLE_UPPER = {"normal": 11249, "hard": 11657}
MODES = ("normal", "hard", "ultra")
#: the reference's flag per mode
PEER_FLAG = {"normal": [], "hard": ["-H"], "ultra": ["-U"]}
INF_TOTAL = 1_000_000_000  # the reference prints this for "no tree within six guesses"


@dataclass
class Case:
    suite: str  # "exact", "refute", "table" or "weak"
    words: str  # our list name
    mode: str  # "normal", "hard" or "ultra"
    word: str
    upper: int | None  # refute: only totals <= upper are computed exactly
    published: int | None = None


@dataclass
class Outcome:
    total: float  # math.inf: no tree within six guesses
    exact: bool
    cpu_s: float
    wall_s: float


# -- the reference -------------------------------------------------------------
def build_peer(peer_dir: Path) -> Path:
    src = peer_dir / "wordle.cpp"
    if not src.exists():
        sys.exit(f"error: no {src}; pass --peer-dir (the alex1770-wordle checkout)")
    exe = BUILD / "wordle"
    if not exe.exists() or exe.stat().st_mtime < src.stat().st_mtime:
        BUILD.mkdir(exist_ok=True)
        cmd = ["g++", "-o", str(exe), str(src), "-std=c++17", "-O3", '-DCOMMITDESC="peer"']
        print("building the reference:", " ".join(cmd), flush=True)
        subprocess.run(cmd, check=True)
    return exe


_FIRST = re.compile(r"First guess (\w+)\s+(>?)=\s+(\d+).*dCPU =\s+([\d.]+)")


def run_peer(exe: str, peer_dir: str, case: Case) -> Outcome:
    all_f, hidden_f = LISTS[case.words]
    cmd = [exe, "-a", os.path.join(peer_dir, all_f), "-h", os.path.join(peer_dir, hidden_f), "-w", case.word]
    cmd += PEER_FLAG[case.mode]
    if case.upper is not None:
        cmd += ["-b", str(case.upper + 1)]
    t0 = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, cwd=peer_dir).stdout
    wall = time.perf_counter() - t0
    m = _FIRST.search(out)
    if m is None:
        raise RuntimeError(f"unexpected reference output for {case.word}: {out[-500:]}")
    total = int(m.group(3))
    return Outcome(math.inf if total >= INF_TOTAL else float(total), m.group(2) != ">", float(m.group(4)), wall)


# -- wordlelab ---------------------------------------------------------------------
_TABLES: dict[str, object] = {}


def _init_worker() -> None:
    # one core per process; load the compiled search once (not timed)
    import numba

    numba.set_num_threads(1)
    import numpy as np

    from wordlelab import WordList, pattern_table
    from wordlelab.search import Solver

    small = WordList.from_words(["cigar", "rebut", "sissy", "humph", "awake"], name="warm")
    for mode in MODES:
        Solver(small, pattern_table(small), rules=mode).value(np.arange(5))


def run_ours(case: Case) -> Outcome:
    import numpy as np

    from wordlelab import load_wordlist, pattern_table
    from wordlelab.search import Solver
    from wordlelab.search._core import INF

    if case.words not in _TABLES:
        w = load_wordlist(case.words)
        _TABLES[case.words] = (w, pattern_table(w))
    words, table = _TABLES[case.words]  # type: ignore[misc]
    solver = Solver(words, table, rules=case.mode)  # setup (a table transpose): not timed
    c0, t0 = time.process_time(), time.perf_counter()
    beta = None if case.upper is None else case.upper + 1
    total = solver.value(np.arange(len(words.answers)), guess=solver.check_start(case.word), beta=beta)
    cpu, wall = time.process_time() - c0, time.perf_counter() - t0
    exact = beta is None or total < beta or total >= INF  # INF: proven, no tree fits
    return Outcome(math.inf if total >= INF else float(total), exact, cpu, wall)


# -- the cases ---------------------------------------------------------------------
def _published(peer_dir: Path) -> dict[tuple[str, str], list[tuple[str, int]]]:
    def read(name: str, col: int) -> list[tuple[str, int]]:
        rows = []
        for line in (peer_dir / name).read_text().split("\n"):
            parts = line.split()
            if parts:
                rows.append((parts[0], int(parts[col])))
        return sorted(rows, key=lambda r: (r[1], r[0]))

    return {
        ("original", "normal"): read("normal.top105.proven", 1),
        ("original", "hard"): read("hard.top101.proven", 1),
        ("nyt", "normal"): read("results_easy_nyt20220830", 2),
        ("nyt", "hard"): read("results_hard_nyt20220830", 2),
    }


def exact_cases(peer_dir: Path) -> list[Case]:
    pub = _published(peer_dir)
    lookup = {k: dict(v) for k, v in pub.items()}
    picks = [
        ("original", "normal", [w for w, _ in pub["original", "normal"][:10]] + ["raise", "soare", "roate", "adieu"]),
        ("original", "hard", [w for w, _ in pub["original", "hard"][:8]] + ["adieu"]),
        ("nyt", "normal", [w for w, _ in pub["nyt", "normal"][:6]]),
        ("nyt", "hard", [w for w, _ in pub["nyt", "hard"][:6]]),
    ]
    return [Case("exact", lst, mode, w, None, lookup[lst, mode].get(w)) for lst, mode, ws in picks for w in ws]


def weak_cases(peer_dir: Path, tables: list[tuple[str, str]], sample: int, seed: int) -> list[Case]:
    """``sample`` openers per table, uniform over every allowed guess of the list
    (the same words in each mode of a list; the first ``k`` of a larger sample
    are the ``k`` of a smaller one, so figures of a smaller run stay comparable)."""
    import numpy as np

    from wordlelab import load_wordlist

    pub = {k: dict(v) for k, v in _published(peer_dir).items()}
    cases = []
    for lst, mode in tables:
        allowed = sorted(load_wordlist(lst).allowed)
        picked = np.random.default_rng([seed, len(allowed)]).permutation(len(allowed))[:sample]
        for i in picked:
            w = allowed[i]
            cases.append(Case("weak", lst, mode, w, None, pub.get((lst, mode), {}).get(w)))
    return cases


def refute_cases(sample: int, seed: int) -> list[Case]:
    import numpy as np

    from wordlelab import load_wordlist, pattern_table
    from wordlelab.search import greedy_scores

    words = load_wordlist("original")
    table = pattern_table(words)
    order, _ = greedy_scores(words, table, np.arange(len(words.allowed)), np.arange(len(words.answers)))
    ranks = np.random.default_rng(seed).choice(np.arange(60, len(order)), sample, replace=False)
    chosen = [words.allowed[order[i]] for i in sorted(ranks)]
    return [Case("refute", "original", mode, w, REFUTE_UPPER[mode]) for mode in ("normal", "hard") for w in chosen]


def table_cases(sample: int, seed: int) -> list[Case]:
    """A seeded uniform sample of every allowed opener of ``nyt-2023``, against
    each mode's table bound: the work of ``openers --all --exact --upper``."""
    import numpy as np

    from wordlelab import load_wordlist

    allowed = load_wordlist("nyt-2023").allowed
    chosen = [allowed[i] for i in sorted(np.random.default_rng(seed).choice(len(allowed), sample, replace=False))]
    return [Case("table", "nyt-2023", mode, w, TABLE_UPPER[mode]) for mode in ("normal", "hard") for w in chosen]


def check_lists(peer_dir: Path) -> None:
    from wordlelab import load_wordlist

    for name, (all_f, hidden_f) in LISTS.items():
        w = load_wordlist(name)
        same = set((peer_dir / all_f).read_text().split()) == set(w.allowed) and set(
            (peer_dir / hidden_f).read_text().split()
        ) == set(w.answers)
        if not same:
            sys.exit(f"error: the reference's {all_f}/{hidden_f} differ from wordlelab's {name!r}")


# -- report ----------------------------------------------------------------------------
def _fmt(o: Outcome) -> str:
    t = "inf" if math.isinf(o.total) else str(int(o.total))
    return t if o.exact else f">={t}"


def agree(case: Case, ours: Outcome, ref: Outcome) -> bool:
    if case.suite in ("exact", "weak"):
        ok = ours.exact and ref.exact and ours.total == ref.total
        if case.published is None:
            return ok
        return ok and ours.total == (math.inf if case.published >= INF_TOTAL else case.published)
    upper = case.upper if case.upper is not None else math.inf
    if (ours.exact and ours.total <= upper) or (ref.exact and ref.total <= upper):
        # at or below the cut-off: both must be exact and equal
        return ours.exact and ref.exact and ours.total == ref.total
    # both proved "worse than upper" (a bound above it, or "impossible"): bounds
    # may differ in strength, but none may exceed the other side's exact total
    if ours.exact and ref.exact:
        return ours.total == ref.total
    if ours.exact:
        return ref.total <= ours.total
    if ref.exact:
        return ours.total <= ref.total
    return True


def report(cases: list[Case], results: dict[int, tuple[Outcome, Outcome]]) -> dict[str, object]:
    print(
        f"\n{'suite':7} {'list':8} {'mode':6} {'word':6} {'reference':>10} {'ref s':>7} "
        f"{'wordlelab':>10} {'ours s':>7} {'ratio':>6}  ok"
    )
    for i, c in enumerate(cases):
        if i not in results:
            continue
        ours, ref = results[i]
        ratio = ours.cpu_s / max(ref.cpu_s, 1e-3)
        print(
            f"{c.suite:7} {c.words:8} {c.mode:6} {c.word:6} {_fmt(ref):>10} "
            f"{ref.cpu_s:7.2f} {_fmt(ours):>10} {ours.cpu_s:7.2f} {ratio:6.2f}  "
            f"{'yes' if agree(c, ours, ref) else 'NO'}"
        )
    summary: dict[str, object] = {}
    done = [(c, *results[i]) for i, c in enumerate(cases) if i in results]
    ex = [(c, o, r) for c, o, r in done if c.suite == "exact"]
    if ex:
        ratios = [o.cpu_s / max(r.cpu_s, 1e-3) for _, o, r in ex]
        gm = math.exp(sum(math.log(x) for x in ratios) / len(ratios))
        summary["exact"] = {
            "cases": len(ex),
            "geomean_ratio": gm,
            "min_ratio": min(ratios),
            "max_ratio": max(ratios),
            "ours_s": sum(o.cpu_s for _, o, _ in ex),
            "ref_s": sum(r.cpu_s for _, _, r in ex),
            "agree": sum(agree(c, o, r) for c, o, r in ex),
        }
        print(
            f"\nexact: {len(ex)} cases, {summary['exact']['agree']} agree; CPU ratio ours/reference: "
            f"geometric mean {gm:.2f}, min {min(ratios):.2f}, max {max(ratios):.2f}; "
            f"total {summary['exact']['ours_s']:.1f} s vs {summary['exact']['ref_s']:.1f} s"
        )
    wk = [(c, o, r) for c, o, r in done if c.suite == "weak"]
    if wk:
        summary["weak"] = _weak_summary(wk)
    for suite, mode in [(suite, mode) for suite in ("refute", "table") for mode in ("normal", "hard")]:
        rf = [(c, o, r) for c, o, r in done if c.suite == suite and c.mode == mode]
        if not rf:
            continue
        ours_s = sum(o.cpu_s for _, o, _ in rf)
        ref_s = sum(r.cpu_s for _, _, r in rf)
        both = [(o, r) for _, o, r in rf if not o.exact and not r.exact]
        stronger = sum(o.total > r.total for o, r in both)
        weaker = sum(o.total < r.total for o, r in both)
        summary[f"{suite}_{mode}"] = {
            "cases": len(rf),
            "ours_s": ours_s,
            "ref_s": ref_s,
            "ratio": ours_s / max(ref_s, 1e-3),
            "ours_median_s": statistics.median(o.cpu_s for _, o, _ in rf),
            "ref_median_s": statistics.median(r.cpu_s for _, _, r in rf),
            "agree": sum(agree(c, o, r) for c, o, r in rf),
            "bound_stronger": stronger,
            "bound_weaker": weaker,
        }
        s = summary[f"{suite}_{mode}"]
        print(
            f"{suite} {mode} {rf[0][0].words} (upper {rf[0][0].upper}): {len(rf)} openers, {s['agree']} agree; "
            f"total CPU {ours_s:.1f} s vs {ref_s:.1f} s (ratio {s['ratio']:.2f}); median "
            f"{s['ours_median_s']:.2f} s vs {s['ref_median_s']:.2f} s; our bound stronger in "
            f"{stronger}, weaker in {weaker}, equal in {len(both) - stronger - weaker}"
        )
    return summary


def _tail(rows: list[tuple[Case, Outcome, Outcome]]) -> list[tuple[Case, Outcome, Outcome]]:
    """The slowest decile of ``rows`` by the reference's CPU (at least one case)."""
    k = max(1, math.ceil(len(rows) / 10))
    return sorted(rows, key=lambda row: -row[2].cpu_s)[:k]


def _weak_summary(rows: list[tuple[Case, Outcome, Outcome]]) -> dict[str, object]:
    """Per table and over all weak cases: CPU totals, their ratio, the tail."""
    out: dict[str, object] = {}
    groups: dict[str, list[tuple[Case, Outcome, Outcome]]] = {}
    for row in rows:
        groups.setdefault(f"{row[0].words}-{row[0].mode}", []).append(row)
    groups["all"] = rows
    print("\nweak openers (exact, no bound), CPU s ours vs reference; tail: the reference's slowest decile")
    print(
        f"{'table':16} {'cases':>5} {'agree':>5} {'ours s':>8} {'ref s':>8} {'ratio':>6} {'geomean':>7} "
        f"{'tail ours':>9} {'tail ref':>9} {'tail ratio':>10} {'ours max':>8}"
    )
    for name, g in groups.items():
        ours_s = sum(o.cpu_s for _, o, _ in g)
        ref_s = sum(r.cpu_s for _, _, r in g)
        ratios = [o.cpu_s / max(r.cpu_s, 1e-3) for _, o, r in g]
        gm = math.exp(sum(math.log(max(x, 1e-6)) for x in ratios) / len(ratios))
        tail = _tail(g)
        t_ours = sum(o.cpu_s for _, o, _ in tail)
        t_ref = sum(r.cpu_s for _, _, r in tail)
        slowest = max(g, key=lambda row: row[1].cpu_s)
        out[name] = {
            "cases": len(g),
            "agree": sum(agree(c, o, r) for c, o, r in g),
            "ours_s": ours_s,
            "ref_s": ref_s,
            "ratio": ours_s / max(ref_s, 1e-3),
            "geomean_ratio": gm,
            "tail": [c.word for c, _, _ in tail],
            "tail_ours_s": t_ours,
            "tail_ref_s": t_ref,
            "tail_ratio": t_ours / max(t_ref, 1e-3),
            "ours_max_s": slowest[1].cpu_s,
            "ours_max_word": slowest[0].word,
        }
        print(
            f"{name:16} {len(g):5} {out[name]['agree']:5} {ours_s:8.1f} {ref_s:8.1f} "  # type: ignore[index]
            f"{ours_s / max(ref_s, 1e-3):6.2f} {gm:7.2f} {t_ours:9.1f} {t_ref:9.1f} "
            f"{t_ours / max(t_ref, 1e-3):10.2f} {slowest[1].cpu_s:8.1f}"
        )
    return out


def _tables(spec: str) -> list[tuple[str, str]]:
    if spec == "all":
        return [(lst, mode) for lst in LISTS for mode in MODES]
    out = []
    for item in spec.split(","):
        lst, _, mode = item.strip().rpartition("-")
        if lst not in LISTS or mode not in MODES:
            sys.exit(f"error: unknown table {item!r}; use LIST-MODE with LIST in {list(LISTS)}, MODE in {list(MODES)}")
        out.append((lst, mode))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--workers", type=int, default=2, help="processes side by side (one core each)")
    ap.add_argument("--suite", choices=["all", "exact", "refute", "table", "weak"], default="all")
    ap.add_argument("--sample", type=int, default=100, help="openers in the refutation suite")
    ap.add_argument("--seed", type=int, default=2022)
    ap.add_argument("--table-sample", type=int, default=20, help="openers per mode in the table suite")
    ap.add_argument("--weak-sample", type=int, default=6, help="openers per table in the weak suite")
    ap.add_argument("--tables", default="all", help="weak suite: LIST-MODE,... (default all six)")
    ap.add_argument("--peer-dir", type=Path, default=DEFAULT_PEER)
    ap.add_argument("--json", type=Path, help="write every case and the summary here")
    args = ap.parse_args()
    os.environ["NUMBA_NUM_THREADS"] = "1"
    exe = build_peer(args.peer_dir)
    check_lists(args.peer_dir)
    cases: list[Case] = []
    if args.suite in ("all", "exact"):
        cases += exact_cases(args.peer_dir)
    if args.suite in ("all", "refute"):
        cases += refute_cases(args.sample, args.seed)
    if args.suite == "table":
        cases += table_cases(args.table_sample, args.seed)
    if args.suite == "weak":
        cases += weak_cases(args.peer_dir, _tables(args.tables), args.weak_sample, args.seed)
    print(
        f"{len(cases)} cases on {args.workers} workers; {platform.processor() or platform.machine()}, "
        f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}",
        flush=True,
    )
    results: dict[int, tuple[Outcome, Outcome]] = {}
    t0 = time.perf_counter()
    # spawned, not forked: the parent has used numba's threads (greedy ranking)
    ctx = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(args.workers, mp_context=ctx, initializer=_init_worker) as pool:
        futs: list[tuple[int, Future[Outcome], Future[Outcome]]] = [
            (i, pool.submit(run_ours, c), pool.submit(run_peer, str(exe), str(args.peer_dir), c))
            for i, c in enumerate(cases)
        ]
        try:
            for i, fo, fr in futs:
                results[i] = (fo.result(), fr.result())
                o, r = results[i]
                c = cases[i]
                print(
                    f"  {c.suite} {c.words} {c.mode} {c.word}: reference {_fmt(r)} "
                    f"{r.cpu_s:.2f} s, wordlelab {_fmt(o)} {o.cpu_s:.2f} s",
                    flush=True,
                )
        except KeyboardInterrupt:
            print("interrupted: the report covers the cases finished so far", file=sys.stderr)
            pool.shutdown(cancel_futures=True)
    print(f"wall {time.perf_counter() - t0:.0f} s")
    summary = report(cases, results)
    if args.json:
        rows = [{**asdict(cases[i]), "ours": asdict(o), "reference": asdict(r)} for i, (o, r) in results.items()]
        args.json.write_text(json.dumps({"summary": summary, "cases": rows}, indent=1, default=str))


if __name__ == "__main__":
    main()
