"""``wordlelab bench``: play strategies against every answer of a list and compare them."""

from __future__ import annotations

import random
import re
import signal
import threading
from pathlib import Path
from typing import Annotated, Any, Self

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from ..errors import InvalidOptionError, UnknownStrategyError
from ..modes import Mode
from ..simulate import MAX_TURNS, Job, Results, combine, run_jobs
from ..strategies import strategy_class, strategy_names
from ..strategies.base import option_specs, parse_options
from ..words import WordList, load_wordlist
from ._app import (
    GuessesOpt,
    JsonOpt,
    ModeOpt,
    RuleOpt,
    app,
    check_rule,
    err_console,
    game_rules,
    handle_errors,
    output_dir,
    output_file,
    print_json,
)
from ._bench_report import job_label, print_results, write_reports

#: exit status when the run was interrupted (the shell's convention for SIGINT)
EXIT_INTERRUPTED = 130


class CtrlC:
    """SIGINT handling for the length of one ``bench`` command.

    While ``armed``, the first Ctrl-C raises ``KeyboardInterrupt`` (which stops
    the runs); any later one, or any at all once disarmed (while the worker
    processes are stopped and the results written), is only counted, so the
    report comes out whole.  The command exits 130 if ``count`` is not 0.
    Installed only in the main thread (elsewhere Python allows no handler).
    """

    def __init__(self) -> None:
        self.count = 0
        self.armed = True
        self._old: Any = None

    def __call__(self, signum: int, frame: Any) -> None:
        self.count += 1
        if self.armed and self.count == 1:
            raise KeyboardInterrupt

    def __enter__(self) -> Self:
        if threading.current_thread() is threading.main_thread():
            self._old = signal.signal(signal.SIGINT, self)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._old is not None:
            signal.signal(signal.SIGINT, self._old)


def parse_option(text: str) -> tuple[str, str]:
    """``key=value`` -> (key with ``-`` read as ``_``, value text); the value is typed
    per strategy by :func:`~wordlelab.strategies.base.parse_options`."""
    if "=" not in text:
        raise InvalidOptionError(
            f"option {text!r} is not key=value; e.g. --option fill=false or --option candidates-only=true"
        )
    key, raw = (s.strip() for s in text.split("=", 1))
    return key.replace("-", "_"), raw


def _parse_options(name: str, texts: dict[str, str], wl: WordList) -> dict[str, Any]:
    """:func:`parse_options`, its messages naming options as ``--option`` takes them
    (``candidates-only``, not the library's ``candidates_only``)."""
    try:
        return parse_options(name, texts, wl)
    except InvalidOptionError as exc:
        keys = {o.name for o in option_specs(name)} | set(texts)
        message = str(exc)
        for key in sorted((k for k in keys if "_" in k), key=len, reverse=True):
            message = re.sub(rf"(?<![\w-]){re.escape(key)}(?![\w-])", key.replace("_", "-"), message)
        raise InvalidOptionError(message) from None


def option_texts(option: list[str]) -> dict[str, str]:
    """Every ``--option key=value``; a key given twice, or ``seed`` (set by
    ``--seed``), is refused."""
    out: dict[str, str] = {}
    for text in option:
        key, raw = parse_option(text)
        if key in out:
            raise InvalidOptionError(f"--option {key} is given twice ({out[key]!r} and {raw!r}); give it once")
        if key == "seed":
            raise InvalidOptionError(
                "give the seed of randomised strategies with --seed N (and --trials T for seeds "
                "N..N+T-1), not --option seed"
            )
        out[key] = raw
    return out


def build_jobs(
    names: list[str],
    options: dict[str, dict[str, Any]],
    modes: list[Mode],
    starts: list[str | None],
    trials: int,
    seed: int,
) -> list[Job]:
    """The runs: each strategy (with ``options[name]``) in each mode from each start,
    once per trial seed if it is randomised."""
    jobs = []
    for name in names:
        cls = strategy_class(name)
        for mode in modes:
            for start in starts:
                seeds = [seed + t for t in range(trials)] if cls.randomized else [None]
                for s in seeds:
                    opts = dict(options.get(name, {}))
                    if s is not None:
                        opts["seed"] = s
                    jobs.append(Job(name, tuple(sorted(opts.items())), mode, start))
    return jobs


def _without_seed(key: str) -> str:
    """``random(seed=3)`` -> ``random``; ``x(a=1,seed=3)`` -> ``x(a=1)``."""
    if "(" not in key:
        return key
    name, opts = key[:-1].split("(", 1)
    kept = [o for o in opts.split(",") if not o.startswith("seed=")]
    return f"{name}({','.join(kept)})" if kept else name


def pooled(results: list[Results | None]) -> list[Results]:
    """One row per (strategy, mode): trials (seeds) and start words pooled."""
    groups: dict[tuple[str, Mode], list[Results]] = {}
    for r in results:
        if r is not None:
            groups.setdefault((_without_seed(r.strategy), r.mode), []).append(r)
    out = []
    for (name, _), runs in groups.items():
        seeds = {r.seed for r in runs if r.seed is not None}
        label = f"{name}({len(seeds)} trials)" if len(seeds) > 1 else runs[0].strategy
        same = [Results(**{**_fields(r), "strategy": label}) for r in runs]
        out.append(combine(same) if len(same) > 1 else same[0])
    return out


def _fields(r: Results) -> dict[str, Any]:
    import dataclasses

    return {f.name: getattr(r, f.name) for f in dataclasses.fields(r)}


@app.command()
@handle_errors
def bench(
    strategy: Annotated[
        list[str] | None,
        typer.Option(
            "--strategy", "-s", metavar="NAME", help="Strategy to run (repeat for several; see `wordlelab strategies`)."
        ),
    ] = None,
    all_: Annotated[bool, typer.Option("--all", help="Run every registered strategy.")] = False,
    exclude: Annotated[
        list[str] | None,
        typer.Option("--exclude", metavar="NAME", help="With --all: leave this strategy out (repeatable)."),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            metavar="KEY=VALUE",
            help="Strategy option, e.g. candidates-only=true (repeatable; `wordlelab strategies` lists them).",
        ),
    ] = None,
    words: Annotated[
        str,
        typer.Option(
            "--words",
            "--answers",
            "-w",
            metavar="LIST",
            help="Answer list: a built-in name (original, original-order, nyt, nyt-12959) or a file.",
        ),
    ] = "original",
    guesses: GuessesOpt = None,
    rule: RuleOpt = "official",
    hard: Annotated[bool, typer.Option("--hard", help="Hard mode (short for --mode hard).")] = False,
    mode: ModeOpt = None,
    both: Annotated[bool, typer.Option("--both-modes", help="Run normal and hard mode.")] = False,
    sample: Annotated[int | None, typer.Option("--sample", min=1, help="Play N random answers only.")] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed for --sample and randomised strategies.")] = 0,
    trials: Annotated[
        int, typer.Option("--trials", min=1, help="Monte Carlo trials (seeds) for randomised strategies.")
    ] = 1,
    start: Annotated[
        list[str] | None, typer.Option("--start", help="Force the first guess (repeat: one run per word, pooled).")
    ] = None,
    max_turns: Annotated[
        int, typer.Option("--max-turns", min=1, help="Abandon a game after this many guesses.")
    ] = MAX_TURNS,
    jobs: Annotated[
        int,
        typer.Option("--jobs", "-j", min=0, max=64, help="Worker processes (0: 2 when several runs, else 1)."),
    ] = 0,
    json_out: JsonOpt = False,
    csv_out: Annotated[
        Path | None, typer.Option("--csv", help="Write a CSV table to this file ('-' for stdout).")
    ] = None,
    markdown: Annotated[Path | None, typer.Option("--markdown", help="Write a markdown report to this file.")] = None,
    plot: Annotated[
        Path | None, typer.Option("--plot", metavar="DIR", help="Write PNG figures into this directory.")
    ] = None,
    games: Annotated[bool, typer.Option("--games", help="With --json: include every game's guesses.")] = False,
) -> None:
    """Play strategies against every answer of a list; report win rate, mean, SD, histogram.

    Deterministic strategies play all games as one decision tree (each shared
    state is computed once). Ctrl-C stops early and reports the finished games.
    """
    with CtrlC() as ctrl_c:
        try:
            names = _strategy_names(strategy or [], all_, exclude or [])
            if both and (hard or mode is not None):
                raise InvalidOptionError("--both-modes runs normal and hard mode; drop --hard / --mode")
            game = game_rules(mode, hard, rule).mode
            _check_modes_and_outputs(
                names, rule, "--both-modes" if both else None, json_out, csv_out, games, trials, seed, sample
            )
            texts = option_texts(option or [])
            _check_report_files(csv_out, markdown, plot)
            wl = load_wordlist(words, guesses)
            options = {n: _parse_options(n, texts, wl) for n in names}
            starts = _start_words(wl, start or [])
            picked = _sample(wl, sample, seed)
            job_list = build_jobs(names, options, [Mode.NORMAL, Mode.HARD] if both else [game], starts, trials, seed)
            for j in job_list:
                j.make()  # bad options fail here, with the strategy's message
            processes = min(jobs, len(job_list)) if jobs else (2 if len(job_list) > 1 else 1)
        except KeyboardInterrupt:
            err_console.print("[yellow]interrupted[/] before any game was played", markup=True)
            raise typer.Exit(EXIT_INTERRUPTED) from None
        collected: dict[int, Results] = {}  # every finished run, however the run ends
        try:
            finished = _run_with_progress(wl, job_list, rule, picked, max_turns, processes, collected)
        except KeyboardInterrupt:
            finished = [collected.get(i) for i in range(len(job_list))]
            ctrl_c.count = max(ctrl_c.count, 1)
        ctrl_c.armed = False  # from here a Ctrl-C is only counted: the report is written whole
        partial = any(r is None or not r.complete for r in finished)
        unfinished = [job for job, r in zip(job_list, finished, strict=True) if r is None]
        rows = pooled(finished)
        if json_out:
            _print_json(rows, unfinished, partial, games)
        elif csv_out != Path("-"):
            print_results(rows)
        write_reports(rows, unfinished, wl.name, rule, csv_out, markdown, plot)
    if ctrl_c.count or partial:  # counted up to the end of the report
        done = sum(1 for r in finished if r is not None and r.complete)
        what = "partial results shown" if partial else "the results are complete"
        err_console.print(f"[yellow]interrupted:[/] {done} of {len(job_list)} runs finished; {what}", markup=True)
        raise typer.Exit(EXIT_INTERRUPTED)


def _strategy_names(given: list[str], all_: bool, exclude: list[str]) -> list[str]:
    """The strategies to run, from --strategy, --all and --exclude (unknown names fail here)."""
    names = list(given)
    if exclude and not all_:
        raise InvalidOptionError("--exclude goes with --all; without --all, name the strategies to run")
    for n in [*names, *exclude]:
        strategy_class(n)  # unknown names fail before any work
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise InvalidOptionError(f"--strategy {', '.join(twice)} is given twice; give each strategy once")
    if all_:
        if names:
            raise InvalidOptionError("give --all or --strategy NAME, not both (--exclude leaves some out of --all)")
        names = [n for n in strategy_names() if n not in set(exclude)]
    if not names:
        raise UnknownStrategyError("give --strategy NAME (repeatable) or --all; see `wordlelab strategies`")
    return names


def _check_report_files(csv_out: Path | None, markdown: Path | None, plot: Path | None) -> None:
    """Refuse, before any work, report files that collide or cannot be written."""
    if csv_out is not None and markdown is not None and csv_out.resolve() == markdown.resolve():
        raise InvalidOptionError("--csv and --markdown name the same file; give each its own")
    output_file(csv_out, "--csv file")
    output_file(markdown, "--markdown file")
    output_dir(plot, "--plot folder")


def _start_words(wl: WordList, start: list[str]) -> list[str | None]:
    """The --start words, each checked to be an allowed guess and given once;
    ``[None]`` (the strategy's own opening) when there is none."""
    for s in start:
        wl.guess_id(s)  # a word that is not an allowed guess fails here
    given = [wl.normalize(s) for s in start]
    if len(set(given)) < len(given):
        raise InvalidOptionError("a --start word is given twice; give each start word once")
    return list(start) if start else [None]


def _sample(wl: WordList, sample: int | None, seed: int) -> list[int] | None:
    """--sample: ``sample`` answer indices drawn with ``seed`` (ascending), or every answer."""
    if sample is None:
        return None
    k = min(sample, len(wl.answers))
    return sorted(random.Random(seed).sample(range(len(wl.answers)), k))


def _check_modes_and_outputs(
    names: list[str],
    rule: str,
    hard_flag: str | None,
    json_out: bool,
    csv_out: Path | None,
    games: bool,
    trials: int,
    seed: int,
    sample: int | None,
) -> None:
    """Refuse a rule, output or randomisation option that conflicts or would be ignored."""
    check_rule(rule, hard_flag)
    if json_out and csv_out == Path("-"):
        raise InvalidOptionError("--json and --csv - both write to stdout; give --csv a file name")
    if games and not json_out:
        raise InvalidOptionError("--games adds every game to the JSON output; use it with --json")
    randomised = any(strategy_class(n).randomized for n in names)
    if trials > 1 and not randomised:
        raise InvalidOptionError("--trials repeats randomised strategies; none of those given is randomised")
    if seed != 0 and not randomised and sample is None:
        raise InvalidOptionError(
            "--seed sets --sample's answers and randomised strategies' seeds; neither is used here"
        )


def _run_with_progress(
    wl: WordList,
    job_list: list[Job],
    rule: str,
    picked: list[int] | None,
    max_turns: int,
    processes: int,
    collected: dict[int, Results],
) -> list[Results | None]:
    """:func:`run_jobs` under a progress bar (runs done, or games of the one run in progress);
    each finished run is also put in ``collected`` as it comes, for a caller cut short."""
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err_console,
        transient=True,
        disable=not err_console.is_terminal,
    ) as bar:
        if processes > 1:
            task = bar.add_task(f"{len(job_list)} runs on {processes} processes", total=len(job_list))

            def done_one(i: int, r: Results) -> None:
                collected[i] = r
                bar.advance(task)

            progress = None  # games are reported only by a run in this process
        else:
            task = bar.add_task("games", total=len(picked) if picked else len(wl.answers))

            def done_one(i: int, r: Results) -> None:
                collected[i] = r
                bar.reset(task)

            def progress(done: int, total: int) -> None:
                bar.update(task, completed=done, total=total)

        return run_jobs(
            wl,
            job_list,
            rule=rule,
            answers=picked,
            max_turns=max_turns,
            processes=processes,
            on_result=done_one,
            progress=progress,
        )


def _print_json(rows: list[Results], unfinished: list[Job], partial: bool, games: bool) -> None:
    """--json: one run's results alone when it is complete, else every run with what is missing."""
    data = [r.to_dict(games=games) for r in rows]
    if len(data) == 1 and not partial:
        print_json(data[0])
    else:
        print_json({"results": data, "complete": not partial, "not_run": [job_label(j) for j in unfinished]})
