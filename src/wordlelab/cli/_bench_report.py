"""The reports of ``wordlelab bench``: the terminal table, CSV, markdown and figures."""

from __future__ import annotations

import csv
import io
import sys
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.table import Table

from ..simulate import Job, Results
from ._app import console, err_console


def results_table(rows: list[Results]) -> Table:
    t = Table(title="benchmark", show_lines=False)
    for col, just in [
        ("strategy", "left"),
        ("mode", "left"),
        ("games", "right"),
        ("win %", "right"),
        ("mean", "right"),
        ("sd", "right"),
        ("max", "right"),
        ("1", "right"),
        ("2", "right"),
        ("3", "right"),
        ("4", "right"),
        ("5", "right"),
        ("6", "right"),
        ("7+", "right"),
        ("opening", "left"),
        ("seconds", "right"),
    ]:
        t.add_column(col, justify=just)  # type: ignore[arg-type]
    for r in rows:
        h = r.histogram
        t.add_row(
            r.strategy,
            "hard" if r.hard else "normal",
            str(r.games),
            f"{100 * r.win_rate:.2f}",
            f"{r.mean:.4f}",
            f"{r.std:.3f}",
            str(r.max),
            *(str(h[k]) for k in h),
            r.opening if len(r.opening) < 20 else r.opening[:17] + "...",
            f"{r.seconds:.2f}",
        )
    return t


CSV_FIELDS = [
    "strategy",
    "mode",
    "words",
    "rule",
    "games",
    "win_rate",
    "mean",
    "std",
    "max",
    "1",
    "2",
    "3",
    "4",
    "5",
    "6",
    "7+",
    "busts",
    "unsolved",
    "opening",
    "seconds",
    "complete",
]


def job_label(job: Job) -> str:
    """A run as its strategy key and mode, e.g. ``entropy-2(width=3) hard``."""
    return f"{job.make().key}{' from ' + job.start if job.start else ''} {job.mode}"


def results_csv(rows: list[Results], unfinished: Sequence[Job] = (), words: str = "", rule: str = "") -> str:
    """The results, one row per strategy and mode; a run that did not finish
    (Ctrl-C) is a row of its own with 0 games and ``complete`` False."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_FIELDS)
    for r in rows:
        h = r.histogram
        w.writerow(
            [
                r.strategy,
                "hard" if r.hard else "normal",
                r.words,
                r.rule,
                r.games,
                f"{r.win_rate:.6f}",
                f"{r.mean:.6f}",
                f"{r.std:.6f}",
                r.max,
                *h.values(),
                r.busts,
                r.unsolved,
                r.opening,
                f"{r.seconds:.3f}",
                r.complete,
            ]
        )
    for job in unfinished:
        label = job_label(job).rsplit(" ", 1)[0]
        w.writerow([label, job.mode.value, words, rule, 0] + [""] * (len(CSV_FIELDS) - 6) + [False])
    return buf.getvalue()


def results_markdown(rows: list[Results], command: str, unfinished: Sequence[Job] = ()) -> str:
    lines = [
        "# wordlelab benchmark",
        "",
        f"Command: `{command}`",
        "",
        "| strategy | mode | games | win % | mean | sd | max | 1 | 2 | 3 | 4 | 5 | 6 | 7+ | opening | s |",
        "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|--:|",
    ]
    for r in sorted(rows, key=lambda r: (r.hard, r.mean)):
        h = r.histogram
        lines.append(
            f"| {r.strategy} | {'hard' if r.hard else 'normal'} | {r.games} | {100 * r.win_rate:.2f} "
            f"| {r.mean:.4f} | {r.std:.3f} | {r.max} | "
            + " | ".join(str(v) for v in h.values())
            + f" | {r.opening} | {r.seconds:.2f} |"
        )
    hardest = [r for r in rows if r.games]
    if hardest:
        lines += ["", "## Hardest answers", ""]
        for r in hardest:
            worst = ", ".join(f"{w} ({g if g > 0 else 'unsolved'})" for w, g in r.hardest(5))
            lines.append(f"- {r.strategy} ({'hard' if r.hard else 'normal'}): {worst}")
    if unfinished or any(not r.complete for r in rows):
        lines += ["", "**Interrupted: partial results.**"]
        cut = [r.strategy + (" (hard)" if r.hard else "") for r in rows if not r.complete]
        if cut:
            lines.append(f"Stopped before every game was played: {', '.join(cut)}.")
        if unfinished:
            lines.append(f"Not run: {', '.join(job_label(j) for j in unfinished)}.")
    return "\n".join(lines) + "\n"


def print_results(rows: list[Results]) -> None:
    # piped output has no width to fit; do not crop the table to 80 columns
    out = console if console.is_terminal else Console(width=200, highlight=False, markup=False)
    out.print(results_table(rows))
    for r in rows:
        worst = ", ".join(f"{w} ({g if g > 0 else 'unsolved'})" for w, g in r.hardest(5))
        out.print(f"hardest for {r.strategy}{' (hard)' if r.hard else ''}: {worst}")


def write_reports(
    rows: list[Results],
    unfinished: list[Job],
    list_name: str,
    rule: str,
    csv_out: Path | None,
    markdown: Path | None,
    plot: Path | None,
) -> None:
    """The --csv, --markdown and --plot outputs asked for."""
    if csv_out is not None:
        text = results_csv(rows, unfinished, list_name, rule)
        if csv_out == Path("-"):
            sys.stdout.write(text)
        else:
            csv_out.write_text(text, "utf-8")
    if markdown is not None:
        markdown.write_text(results_markdown(rows, "wordlelab " + " ".join(sys.argv[1:]), unfinished), "utf-8")
    if plot is not None and rows:
        from ..plots import plot_results

        for p in plot_results(rows, plot):
            err_console.print(f"wrote {p}")
