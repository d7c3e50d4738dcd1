"""``wordlelab plot ...``: one PNG per command (matplotlib, no display needed)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from ..errors import InvalidOptionError, ResultsFileError
from ..modes import GameRules
from ..simulate import Results, run_benchmark
from ..strategies import get_strategy, strategy_class, strategy_names
from ..words import load_wordlist, read_upto
from ._app import (
    GuessesOpt,
    HardOpt,
    ModeOpt,
    RuleOpt,
    WordsOpt,
    app,
    console,
    game_rules,
    handle_errors,
    output_dir,
    output_file,
)

plot_app = typer.Typer(
    help="Draw figures: guess histograms, strategy comparison, letter statistics.",
    no_args_is_help=True,
)
app.add_typer(plot_app, name="plot")

#: the biggest results file read (`bench --json --games` of every answer is a few MB)
MAX_RESULTS_BYTES = 256 * 2**20

OutOpt = Annotated[Path, typer.Option("--out", "-o", help="PNG file to write.")]
FromOpt = Annotated[
    list[Path] | None,
    typer.Option("--from", help="Read results from `wordlelab bench --json` output instead of running."),
]


def _out(path: Path) -> Path:
    """The file to write: ``path``, with ``.png`` added when it has no extension (as the
    figure is saved), checked now: a format matplotlib writes, a folder that can be written."""
    from matplotlib.backend_bases import FigureCanvasBase

    if path.is_dir():
        raise InvalidOptionError(
            f"--out {str(path)!r} is a directory; give a file name such as {str(path / 'figure.png')!r}"
        )
    if not path.suffix:
        path = path.with_name(path.name + ".png")
    formats = FigureCanvasBase.get_supported_filetypes()
    if path.suffix[1:].lower() not in formats:
        known = ", ".join("." + f for f in sorted(formats))
        raise InvalidOptionError(f"--out {str(path)!r}: cannot draw a {path.suffix!r} file; use one of {known}")
    output_dir(path.parent, "folder of --out")  # made if missing, as the figure functions do
    output_file(path, "--out file")
    return path


def _results(
    from_: list[Path] | None, names: list[str], words: str, guesses: str | None, rules: GameRules
) -> list[Results]:
    """The results read ``--from`` files, else a benchmark of each strategy of ``names``
    under ``rules`` (the names checked first, before any run)."""
    for n in names:
        strategy_class(n)
    if from_:
        return _load(from_)
    wl = load_wordlist(words, guesses)
    return [run_benchmark(wl, get_strategy(n), rules=rules) for n in names]


def _load(paths: list[Path]) -> list[Results]:
    out: list[Results] = []
    for p in paths:
        try:
            raw = read_upto(p, MAX_RESULTS_BYTES)
            if raw is None:
                raise ResultsFileError(f"results file {str(p)!r} is bigger than {MAX_RESULTS_BYTES // 2**20} MiB")
            data = json.loads(raw.decode("utf-8"))
        except (OSError, ValueError) as exc:
            raise ResultsFileError(f"cannot read results file {str(p)!r}: {exc}") from None
        items = data["results"] if isinstance(data, dict) and "results" in data else [data]
        try:
            out.extend(Results.from_dict(d) for d in items)
        except (KeyError, TypeError, ValueError, AttributeError):
            raise ResultsFileError(f"results file {str(p)!r} is not the output of `wordlelab bench --json`") from None
    if not out:
        raise ResultsFileError("the results files hold no results")
    return out


@plot_app.command("histogram")
@handle_errors
def histogram_cmd(
    out: OutOpt,
    strategy: Annotated[str, typer.Option("--strategy", "-s", metavar="NAME", help="Strategy to run.")] = "entropy",
    words: WordsOpt = "original",
    guesses: GuessesOpt = None,
    hard: HardOpt = False,
    mode: ModeOpt = None,
    rule: RuleOpt = "official",
    from_: FromOpt = None,
) -> None:
    """Histogram of guesses needed over every answer, for one strategy."""
    from ..plots import histogram_plot

    out = _out(out)
    results = _results(from_, [strategy], words, guesses, game_rules(mode, hard, rule))[0]
    console.print(f"wrote {histogram_plot(results, out)}")


@plot_app.command("compare")
@handle_errors
def compare_cmd(
    out: OutOpt,
    strategy: Annotated[
        list[str] | None, typer.Option("--strategy", "-s", metavar="NAME", help="Strategy to run (repeatable).")
    ] = None,
    all_: Annotated[bool, typer.Option("--all", help="Every registered strategy.")] = False,
    words: WordsOpt = "original",
    guesses: GuessesOpt = None,
    hard: HardOpt = False,
    mode: ModeOpt = None,
    rule: RuleOpt = "official",
    from_: FromOpt = None,
) -> None:
    """Bars of mean guesses and bust rate (games over 6 guesses) per strategy."""
    from ..plots import comparison_plot

    out = _out(out)
    if all_ and strategy:
        raise InvalidOptionError("give --all or --strategy NAME, not both")
    names = strategy_names() if all_ else list(strategy or ["entropy", "minimax"])
    results = _results(from_, names, words, guesses, game_rules(mode, hard, rule))
    console.print(f"wrote {comparison_plot(results, out)}")


WhichOpt = Annotated[str, typer.Option("--which", help="answers or allowed: which words to count.")]


def _which(which: str) -> str:
    if which not in ("answers", "allowed"):
        raise InvalidOptionError(f"--which must be answers or allowed, not {which!r}")
    return which


@plot_app.command("letters")
@handle_errors
def letters_cmd(
    out: OutOpt, words: WordsOpt = "original", guesses: GuessesOpt = None, which: WhichOpt = "answers"
) -> None:
    """Heat map of letter frequency at each position."""
    from ..plots import letter_position_plot

    out = _out(out)
    console.print(f"wrote {letter_position_plot(load_wordlist(words, guesses), out, _which(which))}")


@plot_app.command("bigrams")
@handle_errors
def bigrams_cmd(
    out: OutOpt,
    words: WordsOpt = "original",
    guesses: GuessesOpt = None,
    top: Annotated[int, typer.Option("--top", "-n", min=1, help="Most frequent pairs shown per position.")] = 5,
    which: WhichOpt = "answers",
) -> None:
    """Heat map of the most frequent adjacent letter pairs at each position."""
    from ..plots import bigram_plot

    out = _out(out)
    console.print(f"wrote {bigram_plot(load_wordlist(words, guesses), out, top, _which(which))}")
