"""What an all-exact opener table costs: a sample stratified by the reference's totals.

    .venv/bin/python bench/table_cost.py [--mode normal|hard|ultra] [--per 3] [--seed 0]
        [--words nyt-2023] [--left] [--below 9300] [--above 8800] [--from-run FILE [--min-settled 30]]

The reference (Alex Selby's C++ solver, MIT) published the exact total of every
opener on the NYT lists (``results_easy_nyt20220830``, ``results_hard_nyt20220830``
in ``../shared/peers/alex1770-wordle/``).  The openers are grouped in bands of 100
by that total; ``--per`` openers of each band (seeded) get their exact total with
no bound, one core, a fresh solver each (``time.process_time`` around the search),
and each total must equal the reference's.  Printed: each band's size and mean
CPU, and their product summed: the CPU-hours a complete ``openers --all --exact``
run of the table would take (openers with no tree, ``inf``, at the sample's
mean of that band).  The weak bands hold few openers but most of the time, so the
estimate is as good as their samples.

``--words nyt-2023`` prices the 2023 pool's tables (3158 answers, the same 14855
guesses), for which no totals are published: the bands are still the reference's
2022 totals of the same openers (an opener weak on one pool is weak on the other),
and each sampled total is checked against the shipped table's row instead (equal
where it is exact, at least its bound where it is a bound).

``--mode ultra`` prices an ultra-hard table, which no one has published: the bands
are the reference's hard-mode totals (ultra mode's guesses are a subset of hard
mode's, so an opener is never better there), and each sampled total is checked
against the shipped ultra table where there is one (``nyt``), else against the
shipped hard table of the same list (at least its value or bound, ``inf`` where
it has none).

``--left`` prices what a run that resumes from the shipped table still has to do:
only the openers whose shipped row is a lower bound are sampled and counted (an
exact row, ``inf`` included, is already settled).  ``--below TOTAL`` prices only the
bands under TOTAL (the weakest openers of a large table can each take many minutes)
and counts the openers above it, left unpriced: the estimate is then a lower bound.
``--above TOTAL`` prices only the bands from TOTAL on (and ``inf``), the others
counted, unpriced: with ``--from-run``'s figure for the bands below, the rest of a run.

``--from-run FILE`` prices what an all-exact run still has to do from its own
results file, searching nothing (a second): each band's openers the file has not
settled, at the mean CPU the file recorded for the band's settled ones, where it
has at least ``--min-settled`` (default 30); the other bands' openers are counted,
unpriced, so the estimate is a lower bound.  The run goes strongest first (greedy
order), so a band's settled openers tend to be its cheaper ones, and its figures
are those of the search of the day each opener was settled (a later search is
faster): a rough figure, cheaper than a sample.

An all-exact run solves openers spelt with the same letters one after the other
on one memo (``letter_groups``); for weak openers the later ones cost next to
nothing (docs/benchmarks.md).  ``--from-run`` counts, per band, the openers left
that follow another opener left of their letter group (the one with the lowest
reference total first), and prints a second total with those at no cost: the
figure for weak openers, too low for middling normal-mode ones, which share
little (a range, not a price).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import defaultdict
from pathlib import Path

import numpy as np

from wordlelab import WordList, load_wordlist, pattern_table
from wordlelab.atlas import OpenerTable, load_opener_table
from wordlelab.errors import WordlelabError
from wordlelab.search import INF, Solver

HERE = Path(__file__).resolve().parent
DEFAULT_PEER = HERE.parent.parent / "shared" / "peers" / "alex1770-wordle"
FILES = {"normal": "results_easy_nyt20220830", "hard": "results_hard_nyt20220830", "ultra": "results_hard_nyt20220830"}
INF_BAND = 10**9


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mode", choices=sorted(FILES), default="normal")
    ap.add_argument("--per", type=int, default=3, help="openers sampled per band of 100")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--peer-dir", type=Path, default=DEFAULT_PEER)
    ap.add_argument("--left", action="store_true", help="price only the rows the shipped table has as bounds")
    ap.add_argument("--below", type=int, help="price only the bands under this total (a lower bound)")
    ap.add_argument("--above", type=int, help="price only the bands from this total on (a lower bound)")
    ap.add_argument("--words", choices=["nyt", "nyt-2023"], default="nyt", help="the answer list whose table is priced")
    ap.add_argument("--from-run", type=Path, metavar="FILE", help="price what this run's results file has left")
    ap.add_argument("--min-settled", type=int, default=30, help="with --from-run: settled openers to price a band")
    args = ap.parse_args(argv)
    path = args.peer_dir / FILES[args.mode]
    if not path.is_file():
        print(f"table_cost: the reference's results are not at {path}; pass --peer-dir", file=sys.stderr)
        return 1
    published: dict[str, int] = {}
    for line in path.read_text().splitlines():
        word, _, total = line.split()
        published[word] = int(total)
    bands: dict[int, list[str]] = defaultdict(list)
    for word, total in published.items():
        bands[INF_BAND if total >= INF_BAND else total // 100 * 100].append(word)

    words = load_wordlist(args.words)
    if args.from_run is not None:
        return _from_run(args, words, bands)
    try:
        shipped: OpenerTable | None = load_opener_table(args.words, args.mode, user=False)
    except WordlelabError:
        shipped = None  # (an ultra table not made yet)
    if shipped is None and (args.mode != "ultra" or args.left):
        print(f"table_cost: no shipped {args.words} {args.mode} table to price against", file=sys.stderr)
        return 1
    hard = load_opener_table(args.words, "hard", user=False) if args.mode == "ultra" else None
    table = pattern_table(words)
    warm = WordList.from_words(["cigar", "rebut", "sissy", "humph", "awake"], name="warm")
    Solver(warm, pattern_table(warm), rules=args.mode).value(np.arange(5))  # compile outside the timing
    rng = random.Random(args.seed)
    every = np.arange(len(words.answers))
    hours = 0.0
    unpriced = 0
    what = "openers left (bound rows)" if args.left else "openers"
    print(f"{args.words} {args.mode}: {args.per} {what} per band of the reference's 2022 total")
    print("band  openers  priced  mean CPU (s)  CPU (h)  sampled")
    for band in sorted(bands):
        pool = sorted(w for w in bands[band] if not (args.left and shipped is not None and shipped.row(w).exact))
        if not pool:
            continue
        if args.below is not None and band + 100 > args.below or args.above is not None and band < args.above:
            unpriced += len(pool)
            continue
        picks = rng.sample(pool, min(args.per, len(pool)))
        seconds = []
        for word in picks:
            solver = Solver(words, table, rules=args.mode)
            start = time.process_time()
            total = solver.value(every, guess=solver.check_start(word))
            seconds.append(time.process_time() - start)
            got = INF_BAND if total >= INF else int(total)
            ok, detail = _agrees(got, word, args, published, shipped, hard)
            if not ok:
                print(f"table_cost: {word}: {total}, {detail}", file=sys.stderr)
                return 1
        mean = sum(seconds) / len(seconds)
        hours += mean * len(pool) / 3600
        name = "inf" if band == INF_BAND else str(band)
        shown = " ".join(f"{w} {s:.1f}" for w, s in zip(picks, seconds, strict=True))
        print(
            f"{name:>5} {len(bands[band]):8d} {len(pool):7d} {mean:13.1f} {mean * len(pool) / 3600:8.2f}  {shown}",
            flush=True,
        )
    every_row = "row left" if args.left else "opener"
    if unpriced:
        where = " and ".join(
            ([f"from {args.below} on"] if args.below is not None else [])
            + ([f"under {args.above}"] if args.above is not None else [])
        )
        print(f"{unpriced} openers in the bands {where} not priced")
        print(f"estimated CPU for every {every_row} exact: more than {hours:.1f} CPU-hours")
    else:
        print(f"estimated CPU for every {every_row} exact: {hours:.1f} CPU-hours")
    return 0


def _from_run(args: argparse.Namespace, words: WordList, bands: dict[int, list[str]]) -> int:
    """``--from-run``: each band's unsettled openers at its settled ones' mean CPU."""
    from wordlelab.modes import GameRules
    from wordlelab.search.openers import ExactJob, ResultStore

    if not args.from_run.is_file():
        print(f"table_cost: no results file at {str(args.from_run)!r}", file=sys.stderr)
        return 1
    try:
        with ResultStore(args.from_run) as store:
            done = store.done(ExactJob(words, GameRules(args.mode)).key)
    except WordlelabError as exc:
        print(f"table_cost: {exc}", file=sys.stderr)
        return 1
    band_of = {w: band for band, ws in bands.items() for w in ws}
    follow = _followers([w for w in band_of if w not in done], band_of)
    print(f"{args.words} {args.mode}: what {args.from_run} has left, at its own CPU per band of the reference's total")
    print("band  openers  settled  left  follow  mean CPU (s)  CPU (h)  without follow (h)")
    hours, alone, unpriced, spent = 0.0, 0.0, 0, sum(r.seconds for r in done.values())
    for band in sorted(bands):
        settled = [done[w].seconds for w in bands[band] if w in done]
        left = len(bands[band]) - len(settled)
        following = sum(1 for w in bands[band] if w in follow)
        name = "inf" if band == INF_BAND else str(band)
        head = f"{name:>5} {len(bands[band]):8d} {len(settled):8d} {left:5d} {following:7d}"
        if len(settled) < args.min_settled:
            unpriced += left
            print(f"{head} {'-':>13} {'-':>8} {'-':>19}")
            continue
        mean = sum(settled) / len(settled)
        hours += mean * left / 3600
        alone += mean * (left - following) / 3600
        print(f"{head} {mean:13.1f} {mean * left / 3600:8.2f} {mean * (left - following) / 3600:19.2f}")
    print(f"settled: {len(done)} openers, {spent / 3600:.1f} CPU-hours recorded")
    more = "more than " if unpriced else ""
    rest = f", and {unpriced} openers in bands with too few settled, not priced" if unpriced else ""
    print(f"left: {more}{hours:.1f} CPU-hours ({more}{alone:.1f} with the openers that follow at no cost){rest}")
    return 0


def _followers(left: list[str], band_of: dict[str, int]) -> set[str]:
    """The openers of ``left`` that follow another of ``left`` spelt with the same
    letters, the one with the lowest band (then alphabetically) taken first."""
    from wordlelab.search.openers import letter_groups

    ordered = sorted(left, key=lambda w: (band_of[w], w))
    return {w for group in letter_groups(ordered) for w in group[1:]}


def _agrees(
    got: int,
    word: str,
    args: argparse.Namespace,
    published: dict[str, int],
    shipped: OpenerTable | None,
    hard: OpenerTable | None,
) -> tuple[bool, str]:
    """Whether a sampled total agrees with what is known of the opener, and what that is."""
    if args.mode == "ultra" and shipped is None:
        assert hard is not None
        row = hard.row(word)
        want = INF_BAND if row.total is None else row.total
        if row.exact and row.total is None:  # no hard tree: no ultra tree either
            return got == INF_BAND, "no tree in the shipped hard table"
        return got >= want, f"the shipped hard table {row.shown}"
    if args.words == "nyt" and args.mode != "ultra":
        return got == min(published[word], INF_BAND), f"the reference {published[word]}"
    assert shipped is not None
    row = shipped.row(word)
    want = INF_BAND if row.total is None else row.total
    return (got == want if row.exact else got >= want), f"the shipped table {row.shown}"


if __name__ == "__main__":
    sys.exit(main())
