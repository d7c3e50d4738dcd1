"""Exact optimal play: `optimal`, `verify-tree`, `openers`."""

from __future__ import annotations

import re
import time
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from .._startup import EXIT_INTERRUPTED
from ..errors import CapTooTightError, InvalidOptionError, TreeFileError, WordListError
from ..modes import MAX_GUESSES as DEFAULT_MAX_GUESSES
from ..modes import GameRules
from ..words import BUILTIN_LISTS, load_wordlist, read_upto
from ._app import (
    GuessesOpt,
    HardOpt,
    JsonOpt,
    ModeOpt,
    WordsOpt,
    app,
    console,
    err_console,
    game_rules,
    handle_errors,
    output_file,
    print_json,
)
from ._rank import print_rank, print_top

if TYPE_CHECKING:  # the search imports numba: each command imports it when it runs
    from ..search import OpenerResult, SearchResult, Shortfall

#: the biggest tree file read; the proven trees of the original lists take 0.1 MB
MAX_TREE_BYTES = 256 * 2**20

MaxGuessesOpt = Annotated[
    int,
    typer.Option("--max-guesses", "-k", min=1, max=30, help="Cap on the guesses of any game."),
]
AnswersOnlyOpt = Annotated[
    bool,
    typer.Option("--answers-only-guesses", help="Guess only words that can be the answer."),
]


def _timing(result: SearchResult, began: float) -> str:
    """The search's own time and nodes, and the command's whole time since ``began``
    (loading the lists and the table, setting up the mode, building and checking the
    tree: in ultra mode most of it)."""
    parts = "lists, table, search" + ("" if result.lower_bound else ", tree built and checked")
    return (
        f"{result.nodes} nodes searched in {result.seconds:.2f} s, {time.perf_counter() - began:.2f} s in all ({parts})"
    )


#: the spinner's line while ``optimal`` and ``openers --exact`` search
_SEARCHING = "searching (the first search on a machine also compiles it: a minute or two, once)"


@app.command()
@handle_errors
def optimal(
    start: Annotated[str | None, typer.Option("--start", help="Opening guess (else searched).")] = None,
    hard: HardOpt = False,
    mode: ModeOpt = None,
    max_guesses: MaxGuessesOpt = DEFAULT_MAX_GUESSES,
    answers_only: AnswersOnlyOpt = False,
    beam: Annotated[int, typer.Option("--beam", min=0, help="Try only the N best guesses per node (0: exact).")] = 0,
    tree: Annotated[Path | None, typer.Option("--tree", help="Write the tree here (.tree text or .json).")] = None,
    budget: Annotated[
        float,
        typer.Option("--budget", min=0.0, metavar="SECONDS", help="Seconds for the opener search (without --start)."),
    ] = 60.0,
    top: Annotated[
        int, typer.Option("--top", "-n", min=1, help="Openers to try, best bound first (without --start).")
    ] = 10,
    upper: Annotated[
        int | None,
        typer.Option(
            "--upper",
            min=1,
            help="Only a total <= N is wanted: a worse opener stops as soon "
            "as that is proven and reports the strongest lower bound proven.",
        ),
    ] = None,
    words: WordsOpt = "original",
    guesses: GuessesOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """The decision tree with the fewest total guesses, and whether it is proven optimal."""
    from ..search import Solver, shortfall, write_tree
    from ..table import pattern_table

    began = time.perf_counter()
    output_file(tree, "--tree file")
    game = game_rules(mode, hard).mode
    wl = load_wordlist(words, guesses)
    table = pattern_table(wl)
    solver = Solver(wl, table, game, max_guesses=max_guesses, beam=beam, answers_only=answers_only)
    # a spinner while it works (at a terminal only, gone when done): the first
    # search on a machine also compiles the search, a minute or two of silence
    with err_console.status(_SEARCHING):
        try:
            result = solver.solve(start, budget_s=budget, top=top, upper=upper)
        except CapTooTightError as exc:
            lost = _lost_text(shortfall(solver, exc.start), max_guesses)
            raise CapTooTightError(f"{exc}. {lost}", exc.start) from None
    if tree is not None and result.tree is not None:
        write_tree(result.tree, tree, table)
    if json_out:
        data = result.as_dict()
        data.update(
            mode=game.value,
            max_guesses=max_guesses,
            beam=beam,
            answers_only_guesses=answers_only,
            words=wl.name,
            upper=upper,
            tree_file=str(tree) if tree and result.tree else None,
        )
        print_json(data)
        return
    if result.lower_bound:
        console.print(f"{result.start.upper()} ({game} mode, cap {max_guesses}): total >= {result.total}")
        console.print(f"{result.note}; {_timing(result, began)}")
        if tree is not None:
            console.print(f"no tree written to {tree}: the opener is worse than --upper {upper}")
        return
    st = result.stats
    assert st is not None
    console.print(
        f"{result.start.upper()} ({game} mode, cap {max_guesses}"
        f"{', answers-only guesses' if answers_only else ''}{f', beam {beam}' if beam else ''}): "
        f"total {result.total}, mean {result.mean:.4f}, max {st.max}"
    )
    console.print("games by guesses: " + ", ".join(f"{k}: {v}" for k, v in st.histogram.items()))
    if not result.exact:
        what = "upper bound (beam search, not proven optimal)"
    elif start is not None or result.proven:
        what = "proven optimal" + (f" for opener {result.start.upper()}" if start else "")
    else:
        what = f"proven optimal for opener {result.start.upper()}"
    console.print(f"{what}; {_timing(result, began)}")
    if result.note:
        console.print(result.note)
    if tree is not None:
        console.print(f"tree written to {tree}")


@app.command("verify-tree")
@handle_errors
def verify_tree_cmd(
    file: Annotated[Path, typer.Argument(help="A .tree (text) or .json tree file.")],
    words: Annotated[
        str | None,
        typer.Option("--words", "-w", metavar="LIST", help="Word list (default: the one named in the file)."),
    ] = None,
    guesses: GuessesOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Replay every answer of a tree file and check its totals (and its mode's rules)."""
    from ..search import read_tree, verify_tree
    from ..table import pattern_table

    name = words
    text = tree_file_text(file)
    if name is None:
        head = _peek_words(text)
        if head not in BUILTIN_LISTS:
            raise WordListError(
                f"the file was made for list {head!r}, which is not built in; "
                "pass its answers with --words FILE (and --guesses FILE)"
            )
        name = head
    wl = load_wordlist(name, guesses)
    tree, claimed = read_tree(file, wl)
    table = pattern_table(wl, tree.rule)
    v = verify_tree(tree, table, claimed)
    st = v.stats
    if json_out:
        print_json(
            {
                "file": str(file),
                "ok": True,
                "total": st.total,
                "mean": round(st.mean, 6),
                "max": st.max,
                "answers": st.answers,
                "histogram": st.histogram,
                "mode": tree.mode.value,
                "max_guesses": tree.max_guesses,
                "proven_claimed": tree.proven,
            }
        )
        return
    console.print(
        f"OK: {st.answers} answers found, total {st.total}, mean {st.mean:.4f}, max {st.max}"
        f" ({tree.mode} mode checked, cap {tree.max_guesses})"
    )


def _lost_text(sf: Shortfall, cap: int) -> str:
    """One line on what no tree opening with ``sf.start`` can find within ``cap`` guesses."""
    groups = "; ".join(f"{sf.start.upper()} {p}: {' '.join(a)} ({n} lost)" for p, a, n in sf.groups)
    return f"Every tree loses at least {sf.lost} answer{'s' * (sf.lost != 1)} within {cap} guesses, in {groups}"


def tree_file_text(file: Path) -> str:
    """The text of a tree file; a file that cannot be read or is not UTF-8 text is an error."""
    try:
        data = read_upto(file, MAX_TREE_BYTES)
        if data is None:
            raise TreeFileError(f"tree file {str(file)!r} is bigger than {MAX_TREE_BYTES // 2**20} MiB")
        return data.decode("utf-8")
    except OSError as exc:
        raise TreeFileError(f"cannot read tree file {str(file)!r}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise TreeFileError(
            f"tree file {str(file)!r} is not UTF-8 text; give a .tree or .json file written by "
            "`wordlelab optimal --tree`"
        ) from None


def _peek_words(text: str) -> str:
    """The list named in a tree file's header (``original`` when it names none)."""
    from ..search import read_header

    return str(read_header(text).get("words", "original"))


@app.command()
@handle_errors
def openers(
    hard: HardOpt = False,
    mode: ModeOpt = None,
    top: Annotated[int, typer.Option("--top", "-n", min=1, help="How many openers to show / solve.")] = 10,
    exact: Annotated[
        bool,
        typer.Option(
            "--exact",
            help="Prove the exact totals of the N openers with the best greedy bounds "
            "(with --rank: WORD's, where its row is a lower bound, kept for later looks).",
        ),
    ] = False,
    compute: Annotated[
        bool,
        typer.Option(
            "--compute",
            help="Compute the greedy bounds now instead of reading the shipped table "
            "(always so for a custom list, or a mode with no table).",
        ),
    ] = False,
    max_guesses: MaxGuessesOpt = DEFAULT_MAX_GUESSES,
    answers_only: AnswersOnlyOpt = False,
    dask: Annotated[bool, typer.Option("--dask", help="Run on a dask LocalCluster.")] = False,
    scheduler: Annotated[
        str | None, typer.Option("--scheduler", metavar="ADDRESS", help="Run on the dask cluster at ADDRESS.")
    ] = None,
    workers: Annotated[int | None, typer.Option("--workers", min=1, max=64, help="Worker processes.")] = None,
    results: Annotated[
        Path | None, typer.Option("--results", help="SQLite results file (default: in the cache dir).")
    ] = None,
    resume: Annotated[bool, typer.Option("--resume", help="Keep stored results, compute the rest.")] = False,
    upper: Annotated[
        int | None,
        typer.Option(
            "--upper",
            min=1,
            help="Known total (e.g. from `optimal`): only openers at or "
            "below it get exact values, worse ones stop early with a lower bound.",
        ),
    ] = None,
    every: Annotated[
        bool, typer.Option("--all", help="Every allowed guess, not just the top N (table shows the top N).")
    ] = False,
    tsv: Annotated[
        Path | None,
        typer.Option(
            "--tsv",
            help="With --exact: write word, total, exact (1, or 0 for a lower bound) "
            "for every opener solved, sorted by total then word.",
        ),
    ] = None,
    rank: Annotated[
        str | None,
        typer.Option(
            "--rank",
            metavar="WORD",
            help="Where WORD ranks in the shipped opener tables (instant; totals computed by --exact included).",
        ),
    ] = None,
    words: WordsOpt = "original",
    guesses: GuessesOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Rank start words: the shipped table of exact totals and proven bounds for the
    built-in lists; for a custom list (or with --compute) greedy bounds for all, and
    exact totals for the top N with --exact."""
    if rank is not None:
        _check_rank_options(
            table_options=bool(compute or every or tsv or guesses or answers_only)
            or max_guesses != DEFAULT_MAX_GUESSES,
            executor_options=bool(dask or scheduler or workers or results or resume or upper),
        )
        print_rank(rank, words, game_rules(mode, hard).mode, json_out, compute=exact)
        return
    import numpy as np

    from ..atlas import OpenerRow
    from ..cachefile import cache_dir
    from ..search import ExactJob, ResultStore, exact_openers, greedy_scores
    from ..table import pattern_table

    _check_openers_options(exact, dask, scheduler, workers, results, resume, upper)
    game = game_rules(mode, hard).mode
    plain = not (exact or compute or tsv or guesses or answers_only or max_guesses != DEFAULT_MAX_GUESSES)
    if plain and print_top(words, game, top, every, json_out):
        return
    if tsv is not None:
        if not exact:
            raise InvalidOptionError("--tsv works only with --exact")
        output_file(tsv, "--tsv file")
    wl = load_wordlist(words, guesses)
    table = pattern_table(wl)
    pool = (
        np.unique(wl.answer_to_allowed).astype(np.int64) if answers_only else np.arange(len(wl.allowed), dtype=np.int64)
    )
    cands = np.arange(len(wl.answers), dtype=np.int64)
    order, stats = greedy_scores(wl, table, pool, cands)
    chosen = [wl.allowed[g] for g in (order if every else order[:top])]
    exact_res = {}
    if exact:
        job = ExactJob(wl, GameRules(game), max_guesses=max_guesses, answers_only=answers_only)
        store = ResultStore(
            results or cache_dir() / "openers.sqlite",
            set_aside=results is None,
            fix="name another file with --results" if results is None else "move it away or give another --results",
        )
        kind = "dask" if (dask or scheduler) else "process"

        def progress(r, done, total):  # type: ignore[no-untyped-def]
            err_console.print(f"[{done}/{total}] {r.word}: {OpenerRow.of(r).shown} ({r.seconds:.1f} s CPU)")

        try:
            with err_console.status(_SEARCHING):  # (each opener's line printed above it)
                exact_res = exact_openers(
                    job,
                    chosen,
                    store,
                    resume=resume,
                    executor=kind,
                    workers=workers,
                    scheduler=scheduler,
                    progress=progress,
                    upper=upper,
                    bounds={w: int(stats["bound"][i]) for i, w in enumerate(chosen)},
                )
        except KeyboardInterrupt:  # the workers are stopped by now; what was done is stored
            err_console.print(
                f"interrupted: the openers solved so far are kept in {store.path}; --resume continues",
                soft_wrap=True,
            )
            raise typer.Exit(EXIT_INTERRUPTED) from None
        finally:
            store.close()
    rows = []
    for i, w in enumerate(chosen):
        row: dict[str, object] = {
            "guess": w,
            "bound": int(stats["bound"][i]),
            "parts": int(stats["parts"][i]),
            "largest": int(stats["largest"][i]),
            "entropy": round(float(stats["entropy"][i]), 4),
        }
        if w in exact_res:
            got = OpenerRow.of(exact_res[w])
            row["total"] = got.total
            row["exact"] = got.exact
            row["mean"] = None if got.total is None or not got.exact else round(got.total / len(wl.answers), 4)
        rows.append(row)
    if exact:
        rows.sort(key=lambda r: (r["total"] is None, not r.get("exact", False), r["total"] or 0, r["guess"]))
    if tsv is not None:
        write_openers_tsv(tsv, exact_res.values())
    if json_out:
        print_json(
            {
                "source": "computed",
                "mode": game.value,
                "max_guesses": max_guesses,
                "answers_only_guesses": answers_only,
                "exact": exact,
                "upper": upper,
                "openers": rows,
            }
        )
        return
    shown = rows[:top]
    title = f"openers ({game} mode)"
    if len(shown) < len(rows):
        title += f": the first {len(shown)} of {len(rows)}"
    out = Table(title=title, title_justify="left")
    cols = ["guess", "bound", "parts", "largest", "entropy"] + (["total", "mean"] if exact else [])
    for c in cols:
        out.add_column(c, justify="left" if c == "guess" else "right")
    for r in shown:
        cells = ["-" if r.get(c) is None else str(r.get(c)) for c in cols]
        if exact and r.get("exact") is False:
            cells[cols.index("total")] = f">= {r['total']}"
        out.add_row(*cells)
    console.print(out)
    if not exact:
        console.print("bound: a lower bound on the total guesses; --exact proves the totals")
    if tsv is not None:
        console.print(f"{len(exact_res)} openers written to {tsv}")


def _check_rank_options(*, table_options: bool, executor_options: bool) -> None:
    """Refuse options ``--rank`` does not take: it reads the shipped tables (and with
    ``--exact`` computes one opener here, on no executor)."""
    if table_options:
        raise InvalidOptionError("--rank reads the shipped tables: it takes only --words, --mode, --exact and --json")
    if executor_options:
        raise InvalidOptionError("--rank WORD --exact computes one opener here; it takes no executor options")


def write_openers_tsv(path: Path, results: Iterable[OpenerResult]) -> None:
    """``word<TAB>total<TAB>exact`` rows sorted by total then word; ``inf`` (exact 1)
    where no tree finds every answer within the cap."""
    from ..atlas import OpenerRow, opener_table_tsv

    path.write_text(opener_table_tsv(OpenerRow.of(r) for r in results), "utf-8")


#: a dask scheduler address: [protocol://]host:port (host a name, IPv4 or [IPv6])
_SCHEDULER = re.compile(r"^(?:(tcp|tls|ws|wss|ucx)://)?(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+):(\d{1,5})$")


def _check_openers_options(
    exact: bool,
    dask: bool,
    scheduler: str | None,
    workers: int | None,
    results: Path | None,
    resume: bool,
    upper: int | None,
) -> None:
    """Refuse options `openers` would ignore or could not use, before any work."""
    if not exact:
        given = [
            flag
            for flag, on in (
                ("--dask", dask),
                ("--scheduler", scheduler is not None),
                ("--workers", workers is not None),
                ("--results", results is not None),
                ("--resume", resume),
                ("--upper", upper is not None),
            )
            if on
        ]
        if given:
            raise InvalidOptionError(f"{', '.join(given)} {'works' if len(given) == 1 else 'work'} only with --exact")
    if scheduler is not None:
        m = _SCHEDULER.match(scheduler.strip())
        if not m or not 0 < int(m.group(3)) < 65536:
            raise InvalidOptionError(
                f"--scheduler {scheduler!r} is not a dask scheduler address; give HOST:PORT or "
                "PROTOCOL://HOST:PORT, e.g. tcp://127.0.0.1:8786"
            )
        if workers is not None:
            raise InvalidOptionError("--workers sets the local workers; a --scheduler cluster has its own")
    if results is not None:
        output_file(results, "--results file")
