"""``wordlelab bench`` and ``wordlelab plot`` end to end (in-process CliRunner)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from wordlelab.cli import app

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
            "bench", "-s", "minimax", "-s", "naive", "--both-modes", "--words", str(words_file(tmp_path)),
            "--markdown", str(md), "--plot", str(out), "--csv", "-", "--jobs", "1",
        ],
    )
    assert r.exit_code == 0, r.output
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    assert {(x["strategy"], x["mode"]) for x in rows} == {
        ("minimax", "normal"), ("minimax", "hard"), ("naive", "normal"), ("naive", "hard")
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
            "bench", "-s", "random", "-s", "smart", "--words", str(f), "--sample", "20", "--seed", "5",
            "--trials", "3", "--start", "cigar", "--start", "model", "--json", "--jobs", "1",
        ],
    )
    assert r.exit_code == 0, r.output
    res = {x["strategy"]: x for x in json.loads(r.stdout)["results"]}
    assert res["random(3 trials)"]["games"] == 20 * 3 * 2  # sample x trials x starts
    assert res["smart"]["games"] == 20 * 2  # deterministic: one run per start
    assert res["smart"]["start"] == "cigar,model"


def test_bench_parallel_matches_serial(small_words, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    f = tmp_path / "small.txt"
    f.write_text("\n".join(small_words.answers) + "\n", "utf-8")
    args = ["bench", "-s", "entropy", "-s", "letter-position", "--both-modes", "--words", str(f), "--json"]
    serial = json.loads(runner.invoke(app, args + ["--jobs", "1"]).stdout)["results"]
    parallel = json.loads(runner.invoke(app, args + ["--jobs", "2"]).stdout)["results"]
    key = lambda d: (d["strategy"], d["hard"])
    strip = lambda d: {k: v for k, v in d.items() if k != "seconds"}
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
    r = runner.invoke(app, ["bench", "-s", "entropy", "-o", "candidates_only=true", "--words", str(words_file(tmp_path))])
    assert r.exit_code == 2 and "No such option" in r.output
