"""Every error a user can cause on the command line is one line on stderr
(``error: ...``) and exit status 2, found before any long work: never a
traceback, never an option silently ignored."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from wordlelab.cli import app
from wordlelab.words import MAX_WORDS

runner = CliRunner()

SMALL = [
    "cigar",
    "rebut",
    "sissy",
    "humph",
    "awake",
    "blush",
    "focal",
    "evade",
    "naval",
    "serve",
    "heath",
    "dwarf",
    "model",
    "karma",
    "stink",
    "grade",
    "quiet",
    "bench",
    "raise",
    "crane",
]


def small_file(tmp_path: Path) -> Path:
    p = tmp_path / "small.txt"
    p.write_text("\n".join(SMALL) + "\n", "utf-8")
    return p


def one_line_error(args: list[str], needle: str, input: str | None = None) -> str:
    """Run ``wordlelab ARGS``: exit 2, no traceback, exactly one line on stderr naming ``needle``."""
    r = runner.invoke(app, args, input=input)
    assert r.exit_code == 2, (r.exit_code, r.output, r.exception)
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    assert "Traceback" not in r.output
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    assert lines[0].startswith("error: "), lines[0]
    assert needle in lines[0], lines[0]
    return lines[0]


@pytest.fixture
def no_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bench that gets as far as playing a game fails the test: its options must be refused first."""
    import wordlelab.cli.bench as bench_cli

    def run_jobs(*a: Any, **kw: Any) -> Any:
        raise AssertionError("the benchmark ran before the bad option was found")

    monkeypatch.setattr(bench_cli, "run_jobs", run_jobs)


# -- strategy options -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("strategy", "option", "needle"),
    [
        ("entropy-2", "width=abc", "width must be a whole number, not 'abc'"),
        ("entropy-2", "width=0", "width must be at least 1, not 0"),
        ("entropy-2", "width=inf", "width must be a whole number, not 'inf'"),
        ("entropy-2", "width=2.5", "width must be a whole number"),
        ("optimal", "start=5", "start must be a word"),
        ("optimal", "openers=0", "openers must be at least 1"),
        ("entropy", "candidates_only=maybe", "candidates-only must be true or false"),
        ("entropy", "=3", "no option ''; its options: candidates-only"),
        ("most-popular", "depth=3", "it takes no options"),
        ("demarcate", "start=zzzzz", "start 'zzzzz' is not an allowed guess of list 'small'"),
    ],
)
def test_bad_strategy_option_values(tmp_path: Path, no_runs: None, strategy: str, option: str, needle: str) -> None:
    line = one_line_error(["bench", "-s", strategy, "--option", option, "-w", str(small_file(tmp_path))], needle)
    assert f"bad options for strategy {strategy!r}" in line


@pytest.mark.parametrize(
    ("text", "on"),
    [("false", False), ("no", False), ("0", False), ("off", False), ("true", True), ("yes", True), ("1", True)],
)
def test_string_booleans_mean_what_they_say(tmp_path: Path, text: str, on: bool) -> None:
    args = ["bench", "-s", "entropy", "--option", f"candidates_only={text}", "-w", str(small_file(tmp_path)), "--json"]
    r = runner.invoke(app, args)
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["strategy"] == ("entropy(candidates_only=True)" if on else "entropy")


def test_option_seed_conflicts_with_seed(tmp_path: Path, no_runs: None) -> None:
    args = ["bench", "-s", "random", "--seed", "4", "--option", "seed=3", "-w", str(small_file(tmp_path))]
    one_line_error(args, "--seed N")


def test_an_option_given_twice(tmp_path: Path, no_runs: None) -> None:
    args = ["bench", "-s", "entropy-2", "--option", "width=3", "--option", "width=4", "-w", str(small_file(tmp_path))]
    one_line_error(args, "given twice")


# -- output files, checked before the benchmark runs ------------------------------------------


@pytest.mark.parametrize("flag", ["--csv", "--markdown"])
def test_bench_report_file_that_cannot_be_written(tmp_path: Path, no_runs: None, flag: str) -> None:
    f = str(small_file(tmp_path))
    one_line_error(["bench", "-s", "entropy", "-w", f, flag, str(tmp_path)], "is a directory")
    one_line_error(["bench", "-s", "entropy", "-w", f, flag, str(tmp_path / "missing" / "r.txt")], "does not exist")


def test_bench_csv_and_markdown_into_one_file(tmp_path: Path, no_runs: None) -> None:
    out = str(tmp_path / "r.txt")
    one_line_error(
        ["bench", "-s", "entropy", "-w", str(small_file(tmp_path)), "--csv", out, "--markdown", out],
        "name the same file",
    )


def test_bench_plot_folder_that_is_a_file(tmp_path: Path, no_runs: None) -> None:
    f = small_file(tmp_path)
    one_line_error(["bench", "-s", "entropy", "-w", str(f), "--plot", str(f)], "is a file, not a folder")


def test_optimal_tree_into_a_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import wordlelab.search

    def no_search(*a: Any, **kw: Any) -> Any:
        raise AssertionError("searched before checking --tree")

    monkeypatch.setattr(wordlelab.search, "Solver", no_search)  # the command imports it when it runs
    f = str(small_file(tmp_path))
    one_line_error(["optimal", "-w", f, "--tree", str(tmp_path)], "is a directory")
    one_line_error(["optimal", "-w", f, "--tree", str(tmp_path / "missing" / "t.tree")], "does not exist")


def test_absurdle_proof_into_a_directory(tmp_path: Path) -> None:
    one_line_error(["absurdle", "--solve", "-w", str(small_file(tmp_path)), "--out", str(tmp_path)], "is a directory")


@pytest.mark.parametrize(
    "data", [bytes(range(256)) * 4, '{"words": "caf\u00e9"}'.encode("latin-1")], ids=["binary", "latin-1"]
)
@pytest.mark.parametrize("with_words", [False, True])
def test_verify_tree_on_a_file_that_is_not_text(tmp_path: Path, data: bytes, with_words: bool) -> None:
    tree = tmp_path / "tree.json"
    tree.write_bytes(data)
    extra = ["-w", str(small_file(tmp_path))] if with_words else []
    one_line_error(["verify-tree", str(tree), *extra], "is not UTF-8 text")


@pytest.mark.parametrize("address", ["not a url", "tcp://", "localhost", "tcp://host:99999"])
def test_openers_scheduler_that_is_not_an_address(tmp_path: Path, address: str) -> None:
    args = ["openers", "-w", str(small_file(tmp_path)), "--exact", "--top", "1", "--scheduler", address]
    one_line_error(args, "is not a dask scheduler address")


def test_openers_options_that_need_exact(tmp_path: Path) -> None:
    one_line_error(["openers", "-w", str(small_file(tmp_path)), "--dask"], "--dask works only with --exact")


# -- plot ----------------------------------------------------------------------------------


def test_plot_histogram_unknown_rule(tmp_path: Path) -> None:
    args = ["plot", "histogram", "--rule", "foo", "-w", str(small_file(tmp_path)), "-o", str(tmp_path / "h.png")]
    one_line_error(args, "unknown rule 'foo'")


def test_plot_out_is_a_directory_or_an_unknown_format(tmp_path: Path) -> None:
    f = str(small_file(tmp_path))
    one_line_error(["plot", "letters", "-w", f, "-o", str(tmp_path)], "is a directory")
    one_line_error(["plot", "letters", "-w", f, "-o", str(tmp_path / "x.foo")], "cannot draw a '.foo' file")


def test_plot_out_without_extension_names_the_file_written(tmp_path: Path) -> None:
    r = runner.invoke(app, ["plot", "letters", "-w", str(small_file(tmp_path)), "-o", str(tmp_path / "fig")])
    assert r.exit_code == 0, r.output
    assert r.stdout.strip() == f"wrote {tmp_path / 'fig.png'}"
    assert (tmp_path / "fig.png").read_bytes()[:4] == b"\x89PNG"


# -- word lists ------------------------------------------------------------------------------


def test_a_list_over_the_size_limit(tmp_path: Path) -> None:
    big = tmp_path / "big.txt"
    letters = "abcdefghijklmnopqrstuvwxyz"
    big.write_text(
        "\n".join("".join(letters[(i // 26**k) % 26] for k in range(5)) for i in range(MAX_WORDS + 1)), "utf-8"
    )
    one_line_error(["bench", "-s", "entropy", "-w", str(big)], f"at most {MAX_WORDS}")


def test_an_endless_word_file_is_read_only_up_to_the_limit() -> None:
    one_line_error(["solve", "cigar", "-w", "/dev/zero"], "word file '/dev/zero' is bigger than 64 MiB")


def test_review_reads_a_bounded_grid_from_stdin() -> None:
    one_line_error(["review", "salet", "--grid", "-"], "more than 65536 characters", input="x" * 70_000)


def test_a_utf8_file_with_a_byte_order_mark(tmp_path: Path) -> None:
    f = tmp_path / "bom.txt"
    f.write_bytes(b"\xef\xbb\xbf" + "\n".join(SMALL).encode())
    r = runner.invoke(app, ["solve", "cigar", "-w", str(f), "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["turns"][-1]["guess"] == "cigar"


# -- conflicting or ignored options -----------------------------------------------------------------


def test_multi_boards_with_answers(tmp_path: Path) -> None:
    one_line_error(
        ["multi", "--boards", "3", "--answers", "cigar,rebut", "--solve"], "--boards 3 but --answers names 2"
    )
    one_line_error(["multi", "--seed", "3", "--answers", "cigar,rebut", "--solve"], "not both")


def test_options_of_solve_without_solve() -> None:
    one_line_error(["absurdle", "--json"], "--json goes with --solve", input="quit\n")
    one_line_error(["multi", "--json"], "--json goes with --solve", input="quit\n")


def test_bench_exclude_and_trials_that_would_be_ignored(tmp_path: Path, no_runs: None) -> None:
    f = str(small_file(tmp_path))
    one_line_error(["bench", "--all", "--exclude", "nope", "-w", f], "unknown strategy 'nope'")
    one_line_error(["bench", "-s", "entropy", "--exclude", "minimax", "-w", f], "--exclude goes with --all")
    one_line_error(["bench", "-s", "entropy", "--trials", "3", "-w", f], "none of those given is randomised")
    one_line_error(["bench", "-s", "entropy", "-s", "entropy", "-w", f], "--strategy entropy is given twice")
    one_line_error(["bench", "--all", "-s", "entropy", "-w", f], "give --all or --strategy NAME, not both")
    one_line_error(["bench", "-s", "entropy", "--games", "-w", f], "use it with --json")
    one_line_error(["bench", "-s", "entropy", "--json", "--csv", "-", "-w", f], "both write to stdout")
    one_line_error(
        ["bench", "-s", "entropy", "--both-modes", "--rule", "naive", "-w", f], "--both-modes needs the official rule"
    )
    one_line_error(["bench", "-s", "entropy", "--start", "raise", "--start", "RAISE", "-w", f], "given twice")


def test_prior_values_that_are_not_finite_or_not_words() -> None:
    one_line_error(["prior", "suggest", "--width", "inf"], "--width must be a finite number")
    one_line_error(["prior", "solve", "cigar", "--center", "nan"], "--center must be a finite number")
    one_line_error(["prior", "weights", "123"], "'123' is not a word of letters")
    one_line_error(["prior", "suggest", "--lang", "xx"], "no word frequencies for language 'xx'")


def test_plot_compare_takes_all_or_named_strategies(tmp_path: Path) -> None:
    out = str(tmp_path / "c.png")
    one_line_error(["plot", "compare", "--all", "-s", "entropy", "-o", out], "give --all or --strategy NAME, not both")
    one_line_error(["plot", "compare", "-s", "nope", "-o", out], "unknown strategy 'nope'")
    assert not (tmp_path / "c.png").exists()


@pytest.mark.parametrize(
    "args",
    [
        ["bench", "-s", "entropy", "--hard"],
        ["plot", "histogram", "--hard"],
        ["plot", "compare", "-s", "entropy", "--hard"],
    ],
    ids=["bench", "plot-histogram", "plot-compare"],
)
def test_every_command_with_a_rule_checks_it_the_same_way(tmp_path: Path, args: list[str]) -> None:
    extra = ["-w", str(small_file(tmp_path))] + (["-o", str(tmp_path / "f.png")] if args[0] == "plot" else [])
    one_line_error([*args, *extra, "--rule", "nope"], "unknown rule 'nope'; use --rule official or --rule naive")
    hard = one_line_error([*args, *extra, "--rule", "naive"], "--hard needs the official rule")
    assert "drop --hard or use --rule official" in hard
    assert not (tmp_path / "f.png").exists()


def test_a_missing_optional_package(monkeypatch: pytest.MonkeyPatch) -> None:
    # e.g. `--lang nan`: wordfreq needs jieba for it, which is not a dependency
    import wordlelab.cli.prior as prior_cli

    def zipf(*a: Any, **kw: Any) -> Any:
        raise ModuleNotFoundError("No module named 'jieba'", name="jieba")

    monkeypatch.setattr(prior_cli, "zipf_frequencies", zipf)
    one_line_error(["prior", "weights", "cigar"], "needs the Python package 'jieba', which is not installed")


# -- the message itself ----------------------------------------------------------------------------


def test_usage_errors_are_one_line() -> None:
    one_line_error(["bench", "-o", "x"], "No such option: -o")
    one_line_error(["optimal", "--budget", "-1"], "--budget")


def test_web_address_that_cannot_be_served() -> None:
    import socket

    one_line_error(["web", "--host", "not a host"], "is not a host name or address")
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        one_line_error(["web", "--port", str(port)], f"port {port} on 127.0.0.1 is in use")


def test_text_that_looks_like_markup_is_shown_as_typed(tmp_path: Path) -> None:
    one_line_error(["bench", "-s", "entropy", "--option", "[/x]=1", "-w", str(small_file(tmp_path))], "'[/x]'")
    one_line_error(["web", "--host", "[/x]"], "'[/x]'")
    r = runner.invoke(app, ["plot", "letters", "-w", str(small_file(tmp_path)), "-o", str(tmp_path / "[/x].png")])
    assert r.exit_code == 0, r.output
    assert r.stdout.strip() == f"wrote {tmp_path / '[/x].png'}"
    r = runner.invoke(app, ["play", "-w", str(small_file(tmp_path))], input="[/x]\nquit\n")
    assert r.exit_code == 1, r.output  # the game was given up, after the refused line
    assert "Traceback" not in r.output
    assert "'[/x]' is not a 5-letter word" in r.output


def _run_python(tmp_path: Path, source: str) -> subprocess.CompletedProcess[str]:
    """Run ``source`` as a script in a fresh interpreter (two minutes at most)."""
    script = tmp_path / "script.py"
    script.write_text(source, "utf-8")
    return subprocess.run([sys.executable, str(script)], check=False, capture_output=True, text=True, timeout=120)


def test_a_command_that_leaves_a_pool_and_a_thread_running_still_exits(tmp_path: Path) -> None:
    # the shutdown's steps in the interpreter's order: threads joined and executors
    # shut down before the exit functions (run first, multiprocessing's joined the
    # pool's workers, which waited for their executor: the process never exited)
    r = _run_python(
        tmp_path,
        "import atexit, concurrent.futures, threading, time\n"
        "from wordlelab import cli\n"
        "from wordlelab.cli import _app\n"
        "def command():\n"
        "    pool = concurrent.futures.ProcessPoolExecutor(2)\n"
        "    print(pool.submit(pow, 2, 10).result(), flush=True)\n"
        "    threading.Thread(target=lambda: (time.sleep(0.5), print('thread', flush=True))).start()\n"
        "    atexit.register(lambda: print('exit function', flush=True))\n"
        "_app.app = command\n"
        "cli.main()\n",
    )
    assert r.returncode == 0, (r.returncode, r.stderr)
    assert r.stdout.split() == ["1024", "thread", "exit", "function"]  # each once, in that order


def test_a_ctrl_c_while_the_process_exits_is_exit_130(tmp_path: Path) -> None:
    # the last moments of a run (worker pools joined at exit): a Ctrl-C must not end the
    # process with a traceback, by the signal (-2) or as a success
    r = _run_python(
        tmp_path,
        "import atexit, os, signal, sys, time\n"
        "def late():\n"
        "    os.kill(os.getpid(), signal.SIGINT)\n"
        "    time.sleep(30)\n"
        "atexit.register(late)\n"
        "sys.argv = ['wordlelab', 'lists', '--json']\n"
        "from wordlelab.cli import main\n"
        "main()\n",
    )
    assert r.returncode == 130, (r.returncode, r.stderr)
    assert "Traceback" not in r.stderr
    assert json.loads(r.stdout)["original"]  # the output was flushed before the exit
