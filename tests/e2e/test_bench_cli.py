"""``wordlelab bench`` and ``wordlelab plot`` end to end (in-process CliRunner)."""

from __future__ import annotations

import csv
import io
import json
import multiprocessing
import os
import signal
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from wordlelab.cli import app
from wordlelab.modes import GameRules

runner = CliRunner()


def words_file(tmp_path: Path) -> Path:
    p = tmp_path / "ladder.txt"
    p.write_text("xab\nxac\nxad\nxae\nxaf\nxag\nxah\n", "utf-8")
    return p


def test_bench_json_by_hand(tmp_path: Path) -> None:
    # ladder list, candidates only: game k takes k guesses (see test_simulate)
    r = runner.invoke(
        app,
        ["bench", "-s", "entropy", "--option", "candidates_only=true", "--words", str(words_file(tmp_path)), "--json"],
    )
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    assert d["mean"] == 4.0 and d["max"] == 7
    assert d["histogram"] == {"1": 1, "2": 1, "3": 1, "4": 1, "5": 1, "6": 1, "7+": 1}
    assert d["busts"] == 1 and d["games"] == 7
    assert d["strategy"] == "entropy(candidates_only=True)"


def test_bench_table_csv_markdown_plots(tmp_path: Path) -> None:
    md = tmp_path / "report.md"
    out = tmp_path / "figs"
    r = runner.invoke(
        app,
        [
            "bench",
            "-s",
            "minimax",
            "-s",
            "naive",
            "--both-modes",
            "--words",
            str(words_file(tmp_path)),
            "--markdown",
            str(md),
            "--plot",
            str(out),
            "--csv",
            "-",
            "--jobs",
            "1",
        ],
    )
    assert r.exit_code == 0, r.output
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    assert {(x["strategy"], x["mode"]) for x in rows} == {
        ("minimax", "normal"),
        ("minimax", "hard"),
        ("naive", "normal"),
        ("naive", "hard"),
    }
    assert all(x["games"] == "7" for x in rows)
    assert "| minimax | normal | 7 |" in md.read_text()
    assert (out / "comparison.png").exists() and (out / "hist-minimax__hard.png").exists()


def test_bench_sample_trials_and_starts(small_words, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    f = tmp_path / "small.txt"
    f.write_text("\n".join(small_words.answers) + "\n", "utf-8")
    r = runner.invoke(
        app,
        [
            "bench",
            "-s",
            "random",
            "-s",
            "smart",
            "--words",
            str(f),
            "--sample",
            "20",
            "--seed",
            "5",
            "--trials",
            "3",
            "--start",
            "cigar",
            "--start",
            "model",
            "--json",
            "--jobs",
            "1",
        ],
    )
    assert r.exit_code == 0, r.output
    res = {x["strategy"]: x for x in json.loads(r.stdout)["results"]}
    assert res["random(3 trials)"]["games"] == 20 * 3 * 2  # sample x trials x starts
    assert res["smart"]["games"] == 20 * 2  # deterministic: one run per start
    assert res["smart"]["start"] == "cigar,model"
    for x in res.values():  # each answer was played once per start (and trial): listed once
        assert len({w for w, _ in x["hardest"]}) == len(x["hardest"]) == 10


def test_bench_parallel_matches_serial(small_words, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    f = tmp_path / "small.txt"
    f.write_text("\n".join(small_words.answers) + "\n", "utf-8")
    args = ["bench", "-s", "entropy", "-s", "letter-position", "--both-modes", "--words", str(f), "--json"]
    serial = json.loads(runner.invoke(app, args + ["--jobs", "1"]).stdout)["results"]
    parallel = json.loads(runner.invoke(app, args + ["--jobs", "2"]).stdout)["results"]

    def key(d):  # type: ignore[no-untyped-def]
        return d["strategy"], d["mode"]

    def strip(d):  # type: ignore[no-untyped-def]
        return {k: v for k, v in d.items() if k != "seconds"}

    assert [strip(d) for d in sorted(serial, key=key)] == [strip(d) for d in sorted(parallel, key=key)]


def test_bench_errors_exit_2(tmp_path: Path) -> None:
    r = runner.invoke(app, ["bench", "-s", "nope"])
    assert r.exit_code == 2 and "unknown strategy" in r.output
    r = runner.invoke(app, ["bench"])
    assert r.exit_code == 2 and "--strategy" in r.output
    r = runner.invoke(app, ["bench", "-s", "entropy", "--hard", "--rule", "naive"])
    assert r.exit_code == 2 and "official" in r.output
    r = runner.invoke(app, ["bench", "-s", "entropy", "--option", "bogus=1", "--words", str(words_file(tmp_path))])
    assert r.exit_code == 2 and "bad options" in r.output


def test_plot_commands(tmp_path: Path) -> None:
    f = words_file(tmp_path)
    res = tmp_path / "r.json"
    r = runner.invoke(app, ["bench", "-s", "minimax", "-s", "entropy", "--words", str(f), "--json", "--jobs", "1"])
    res.write_text(r.stdout)
    for args in (
        ["plot", "compare", "--from", str(res), "-o", str(tmp_path / "c.png")],
        ["plot", "compare", "-s", "minimax", "-s", "entropy", "--words", str(f), "-o", str(tmp_path / "r.png")],
        ["plot", "histogram", "-s", "minimax", "--words", str(f), "-o", str(tmp_path / "h.png")],
        ["plot", "letters", "--words", str(f), "-o", str(tmp_path / "l.png")],
        ["plot", "bigrams", "--words", str(f), "-o", str(tmp_path / "b.png")],
    ):
        r = runner.invoke(app, args)
        assert r.exit_code == 0, r.output
        assert Path(args[-1]).read_bytes()[:4] == b"\x89PNG"


def _short_flags() -> dict[str, set[str]]:
    """Every short flag of every command -> the long names it stands for."""
    import typer.main

    seen: dict[str, set[str]] = {}

    def walk(cmd: Any, path: str) -> None:  # typer's own (vendored) click classes
        for p in cmd.params:
            if getattr(p, "param_type_name", "") == "option":
                longs = [o for o in p.opts + p.secondary_opts if o.startswith("--")]
                for o in p.opts:
                    if len(o) == 2 and o.startswith("-"):
                        seen.setdefault(o, set()).add(longs[0] if longs else f"? ({path})")
        for name, sub in getattr(cmd, "commands", {}).items():
            walk(sub, f"{path} {name}")

    walk(typer.main.get_command(app), "wordlelab")
    return seen


def test_a_short_flag_means_one_thing_across_the_cli() -> None:
    flags = _short_flags()
    assert flags["-o"] == {"--out"}  # bench --option has no short flag
    clashes = {f: longs for f, longs in flags.items() if len(longs) > 1}
    assert not clashes, f"short flags with several meanings: {clashes}"


def test_bench_option_has_no_short_flag(tmp_path: Path) -> None:
    r = runner.invoke(
        app, ["bench", "-s", "entropy", "-o", "candidates_only=true", "--words", str(words_file(tmp_path))]
    )
    assert r.exit_code == 2 and "No such option" in r.output


# -- Ctrl-C -------------------------------------------------------------------------


def ctrl_c() -> None:
    """A real Ctrl-C: SIGINT to this process; Python runs the handler right after."""
    os.kill(os.getpid(), signal.SIGINT)


def small_file(small_words, tmp_path: Path) -> Path:  # type: ignore[no-untyped-def]
    f = tmp_path / "small.txt"
    f.write_text("\n".join(small_words.answers) + "\n", "utf-8")
    return f


def clean_exit_130(r: Any) -> None:
    assert r.exit_code == 130, r.output
    assert isinstance(r.exception, SystemExit), r.exception  # typer.Exit, not a traceback
    assert "Traceback" not in r.output
    assert not multiprocessing.active_children()


def test_ctrl_c_while_a_parallel_run_shuts_down(small_words, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # every run has finished; Ctrl-C comes while the worker processes are stopped
    from concurrent.futures import ProcessPoolExecutor

    real = ProcessPoolExecutor.shutdown
    calls: list[bool] = []

    def shutdown(self, wait=True, *, cancel_futures=False):  # type: ignore[no-untyped-def]
        calls.append(wait)
        if len(calls) == 1:
            ctrl_c()
        return real(self, wait=wait, cancel_futures=cancel_futures)

    monkeypatch.setattr(ProcessPoolExecutor, "shutdown", shutdown)
    args = ["bench", "-s", "entropy", "-s", "minimax", "--words", str(small_file(small_words, tmp_path))]
    r = runner.invoke(app, [*args, "--jobs", "2", "--json"])
    clean_exit_130(r)
    data = json.loads(r.stdout)
    assert data["complete"] is True and len(data["results"]) == 2
    assert "2 of 2 runs finished; the results are complete" in r.output
    assert len(calls) >= 2  # the interrupted wait was followed by stopping the workers


def test_ctrl_c_between_serial_runs_keeps_the_first(small_words, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import wordlelab.cli.bench as bench_cli

    real = bench_cli.run_jobs

    def run_jobs(*a, on_result, **kw):  # type: ignore[no-untyped-def]
        def on(i, r):  # type: ignore[no-untyped-def]
            on_result(i, r)
            ctrl_c()  # as the first run's result arrives

        return real(*a, on_result=on, **kw)

    monkeypatch.setattr(bench_cli, "run_jobs", run_jobs)
    args = ["bench", "-s", "entropy", "-s", "minimax", "--words", str(small_file(small_words, tmp_path))]
    csv_file, md = tmp_path / "r.csv", tmp_path / "r.md"
    r = runner.invoke(app, [*args, "--jobs", "1", "--json", "--csv", str(csv_file), "--markdown", str(md)])
    clean_exit_130(r)
    data = json.loads(r.stdout)
    assert data["complete"] is False and data["not_run"] == ["minimax normal"]
    (only,) = data["results"]
    assert only["strategy"] == "entropy" and only["complete"] is True  # the one finished run
    assert "1 of 2 runs finished; partial results shown" in r.output
    rows = list(csv.DictReader(io.StringIO(csv_file.read_text())))
    assert [(x["strategy"], x["games"], x["complete"]) for x in rows] == [
        ("entropy", "50", "True"),
        ("minimax", "0", "False"),
    ]
    assert "**Interrupted: partial results.**" in md.read_text() and "Not run: minimax normal." in md.read_text()


def test_keyboard_interrupt_out_of_a_parallel_run_keeps_finished_runs(small_words, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import wordlelab.cli.bench as bench_cli
    from wordlelab.simulate import run_benchmark

    def run_jobs(wl, jobs, *, on_result, rule, answers, max_turns, **kw):  # type: ignore[no-untyped-def]
        on_result(
            1, run_benchmark(wl, jobs[1].make(), rules=GameRules(rule=rule), answers=answers, max_turns=max_turns)
        )
        raise KeyboardInterrupt  # e.g. at the join point, before run_jobs could return

    monkeypatch.setattr(bench_cli, "run_jobs", run_jobs)
    args = ["bench", "-s", "entropy", "-s", "minimax", "--words", str(small_file(small_words, tmp_path))]
    r = runner.invoke(app, [*args, "--jobs", "2"])
    clean_exit_130(r)
    assert "minimax" in r.stdout and "entropy" not in r.stdout
    assert "1 of 2 runs finished; partial results shown" in r.output


def test_ctrl_c_while_reporting_finishes_the_report(small_words, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import wordlelab.cli._bench_report as report

    real = report.results_csv

    def results_csv(rows, *rest):  # type: ignore[no-untyped-def]
        ctrl_c()
        return real(rows, *rest)

    monkeypatch.setattr(report, "results_csv", results_csv)
    csv_file, md = tmp_path / "r.csv", tmp_path / "r.md"
    args = ["bench", "-s", "entropy", "--words", str(small_file(small_words, tmp_path))]
    r = runner.invoke(app, [*args, "--csv", str(csv_file), "--markdown", str(md)])
    clean_exit_130(r)
    assert "hardest for entropy" in r.stdout
    assert len(csv_file.read_text().splitlines()) == 2 and "Hardest answers" in md.read_text()
    assert "1 of 1 runs finished; the results are complete" in r.output


def test_ctrl_c_before_any_game(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import wordlelab.cli.bench as bench_cli

    def load_wordlist(*a):  # type: ignore[no-untyped-def]
        ctrl_c()

    monkeypatch.setattr(bench_cli, "load_wordlist", load_wordlist)
    # what the test process had (Python's default handler, or SIG_IGN when the
    # suite was started as a background job of a shell)
    before = signal.getsignal(signal.SIGINT)
    r = runner.invoke(app, ["bench", "-s", "entropy"])
    clean_exit_130(r)
    assert "interrupted before any game was played" in r.output
    assert signal.getsignal(signal.SIGINT) is before  # handler restored
