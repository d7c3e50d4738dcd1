"""The typer app, the shared options and the terminal helpers every command uses."""

from __future__ import annotations

import functools
import importlib
import json
import math
import os
import re
import shlex
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer
from rich.console import Console
from rich.markup import escape
from rich.text import Text
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption
from typer.exceptions import TyperException

from .. import __version__
from .._startup import started
from ..errors import InvalidOptionError, WordlelabError, WordListError
from ..feedback import Mark, decode, format_pattern
from ..modes import MODES, RULES, GameRules, Mode
from ..words import BUILTIN_LISTS, DAILY_LIST

if TYPE_CHECKING:  # numpy: imported by the commands that use them
    from ..types import FloatArray
    from ..words import WordList

#: the value name shown in help for an option without its own ``metavar``, by type
_TYPE_METAVAR = {"int": "N", "float": "NUMBER", "path": "FILE"}
#: ... and for a text option whose name says what it takes
_NAME_METAVAR = {"start": "WORD", "answer": "WORD", "strategy": "NAME", "time_limit": "SECONDS"}
#: the help of a recurring option, for a command that declares it without
_SHARED_HELP = {"--max-guesses": "The most guesses a game may take.", "--top": "How many to show."}


def _metavar(param: TyperOption | TyperArgument) -> str:
    """A value name for help, as git and pip write them: ``N``, ``FILE``, ``WORD``;
    an argument is named after its parameter (``GUESS ANSWER``)."""
    name = (param.name or "value").lower()
    if isinstance(param, TyperArgument):
        return name.upper().replace("_", "-")
    if name in _NAME_METAVAR:
        return _NAME_METAVAR[name]
    kind = param.bare_type().lower().removeprefix("list[").removesuffix("]")
    if kind in _TYPE_METAVAR:
        return _TYPE_METAVAR[kind]
    return name.upper().replace("_", "-")


def _range_text(low: float | None, high: float | None) -> str:
    """``1 to 50``, ``at least 1``, ``at most 9``: a number range in words."""
    if low is not None and high is not None:
        return f"{low:g} to {high:g}"
    return f"at least {low:g}" if low is not None else f"at most {high:g}"


class _HelpArgument(TyperArgument):
    """An argument shown in help and usage by its value name only (``WORD...``), not
    as ``{word_args}...`` with a Python type beside it."""

    def display_type_rich(self, ctx: Any) -> str | None:
        return None

    def _usage_display_name(self) -> str:
        name = self.display_name_raw if self.required else f"[{self.display_name_raw}]"
        return name + ("..." if self.nargs != 1 else "")


class _HelpOption(TyperOption):
    """An option shown in help as ``--top N`` (a flag bare: ``--hard``), its range in
    words in the help text rather than ``<int range> [1<=x<=50]``."""

    def display_type_rich(self, ctx: Any) -> str | None:
        if self.is_flag and not self.count:
            return None
        return self.metavar

    def _get_number_range_help_str(self) -> str | None:
        return None


def tidy_help(command: Any) -> None:
    """Give every parameter of ``command`` and its subcommands, at any depth, the
    help look above: a value name, a bare flag, a number range in words."""
    params = list(getattr(command, "params", []))
    help_option = command.get_help_option(typer.Context(command))
    for param in [*params, help_option]:
        if isinstance(param, TyperOption) and not isinstance(param, _HelpOption):
            param.__class__ = _HelpOption
            if not param.is_flag and param.metavar is None:
                param.metavar = _metavar(param)
            if not param.help:
                param.help = next((_SHARED_HELP[o] for o in param.opts if o in _SHARED_HELP), None)
            low, high = getattr(param, "min", None), getattr(param, "max", None)
            obvious = high is None and low in (0, 1)  # a count: "at least 1" says nothing
            if (low is not None or high is not None) and not param.count and not obvious:
                text = (param.help or "").rstrip().removesuffix(".")
                param.help = f"{text} ({_range_text(low, high)})."
        elif isinstance(param, TyperArgument) and not isinstance(param, _HelpArgument):
            param.__class__ = _HelpArgument
            if param.metavar is None:
                param.metavar = _metavar(param)
    for sub in getattr(command, "commands", {}).values():
        tidy_help(sub)


#: every command: the module of this package that defines it, and the line
#: ``wordlelab --help`` shows for it.  A command's module is imported only when
#: that command runs or shows its help, so ``--help``, ``--version`` and the
#: light commands start without numpy, numba, the search or the web server (pip
#: keeps its commands the same way).  A new command is a line here;
#: tests/e2e/test_help.py holds every line equal to the command's own help.
COMMANDS: dict[str, tuple[str, str]] = {
    "suggest": ("assistant", "One-shot: the best next guesses after HISTORY."),
    "assist": ("assistant", "Interactive helper: suggests a guess, you report what you played and saw."),
    "bench": ("bench", "Play strategies against every answer of a list; report win rate, mean, SD, histogram."),
    "feedback": ("feedback", "Show the colours GUESS gets against ANSWER (repeated letters done right)."),
    "solve": ("game", "Auto-solve ANSWER and show each guess, its tiles and the candidates left."),
    "play": ("game", "Play a game in the terminal against a hidden answer (type `quit` to give up)."),
    "lists": ("info", "The built-in word lists."),
    "strategies": ("info", "The registered strategies, one line each, with their options."),
    "optimal": ("optimal", "The decision tree with the fewest total guesses, and whether it is proven optimal."),
    "verify-tree": ("optimal", "Replay every answer of a tree file and check its totals (and its mode's rules)."),
    "openers": (
        "optimal",
        (
            "Rank start words: the shipped table of exact totals and proven bounds for the built-in lists; "
            "for a custom list (or with --compute) greedy bounds for all, and exact totals for the top N with --exact."
        ),
    ),
    "review": ("review", "Review a game: candidates left, skill (vs the best guess) and luck of each guess."),
    "tree": ("tree", "Browse a decision tree: each colour pattern, its answers and the next guess, level by level."),
    "absurdle": ("variants", "Play Absurdle (the answer dodges your guesses), or --solve it."),
    "multi": ("variants", "Play (or --solve) a multi-board game: one guess goes to every board."),
    "web": ("web", "Start the local web app and print its URL (Ctrl-C stops it)."),
    "plot": ("plot", "Draw figures: guess histograms, strategy comparison, letter statistics."),
    "prior": ("prior", "Unknown answer list: every allowed word may be the answer, weighted by word frequency."),
}


class _NotLoaded(TyperCommand):
    """A command whose module is not imported yet: its name and help line, for
    the list of commands and the suggestions for a mistyped name."""


class _OneLineErrors(TyperGroup):
    """The root command: a usage error (unknown option, bad value, missing argument)
    is one line on stderr, ``error: ...``, and exit status 2, like every other error;
    help reads like git's (see :func:`tidy_help`).  Its commands are imported as
    they are used (:data:`COMMANDS`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name, (_, summary) in COMMANDS.items():
            self.commands.setdefault(name, _NotLoaded(name=name, help=summary))

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        if args and isinstance(self.commands.get(args[0]), _NotLoaded):
            self._load(COMMANDS[args[0]][0])
        return super().resolve_command(ctx, args)

    def _load(self, module: str) -> None:
        """Import the commands of ``module`` and put them in place of their stand-ins."""
        importlib.import_module(f"{__package__}.{module}")
        for name, command in typer.main.get_command(app).commands.items():  # type: ignore[attr-defined]
            if isinstance(self.commands.get(name), _NotLoaded) and not isinstance(command, _NotLoaded):
                tidy_help(command)
                self.commands[name] = command
        started()  # the slow imports are done: Ctrl-C is the command's own from here on

    def main(  # type: ignore[override]
        self,
        args: Any = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        tidy_help(self)
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, **extra)
        try:
            rv = super().main(args, prog_name, complete_var, False, **extra)
        except TyperException as exc:  # click's exceptions: usage errors and the like
            ctx = getattr(exc, "ctx", None)
            if type(exc).__name__ == "NoArgsIsHelpError":  # a bare command prints its help
                exc.show()  # type: ignore[attr-defined]
            else:
                message = exc.format_message() if hasattr(exc, "format_message") else str(exc)
                see = f" (see `{ctx.command_path} --help`)" if ctx is not None else ""
                fail(" ".join(f"{message}{see}".split()))
            sys.exit(getattr(exc, "exit_code", EXIT_BAD_INPUT))
        except typer.Abort:
            err_console.print("aborted")
            sys.exit(1)
        sys.exit(rv if isinstance(rv, int) else 0)


app = typer.Typer(
    name="wordlelab",
    cls=_OneLineErrors,
    help="Solve Wordle, study strategies, compute optimal play.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _print_version(value: bool) -> None:
    if value:
        console.print(f"wordlelab {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_print_version, is_eager=True, help="Print the version and exit."),
    ] = False,
) -> None:
    """Solve Wordle, study strategies, compute optimal play."""


# markup off: words, file names and messages are printed as they are (a `[/x]` in a
# file name must not be read as a style tag); a print that styles says markup=True
console = Console(highlight=False, markup=False, emoji=False)
err_console = Console(stderr=True, highlight=False, markup=False, emoji=False)

#: exit code for bad input (usage errors from typer itself exit 2 as well)
EXIT_BAD_INPUT = 2

_WORDS_HELP = (
    f"Word list: a built-in name ({', '.join(BUILTIN_LISTS)}; see `wordlelab lists`) "
    "or a file of answers, one word a line."
)
WordsOpt = Annotated[str, typer.Option("--words", "-w", metavar="LIST", help=_WORDS_HELP)]
#: ``--words`` of the commands a daily player uses: the current answer pool by default
DailyWordsOpt = Annotated[
    str,
    typer.Option(
        "--words",
        "-w",
        metavar="LIST",
        help=_WORDS_HELP + f" The default, {DAILY_LIST}, is the NYT's current answer pool; an answer "
        "outside any list is still found (every allowed word that fits, weighted by how common it is).",
    ),
]
ExcludeOpt = Annotated[
    Path | None,
    typer.Option(
        "--exclude",
        metavar="FILE",
        help="Words that cannot be the answer (one a line, e.g. past answers you remember); "
        "they stay playable as guesses.",
    ),
]
GuessesOpt = Annotated[
    str | None,
    typer.Option("--guesses", metavar="FILE", help="File of allowed guesses (default: the list's own)."),
]
HardOpt = Annotated[bool, typer.Option("--hard", help="Hard mode: short for --mode hard.")]
ModeOpt = Annotated[
    str | None,
    typer.Option(
        "--mode",
        metavar="MODE",
        help="Game mode: normal, hard (every revealed hint must be used) or ultra "
        "(every guess must fit every clue so far).",
    ),
]
StrategyOpt = Annotated[
    str, typer.Option("--strategy", "-s", metavar="NAME", help="Strategy name (see `wordlelab strategies`).")
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]
PriorOpt = Annotated[
    str,
    typer.Option(
        "--prior",
        metavar="PRIOR",
        help="none: the list's answers, equally likely. freq: any allowed word may be the "
        "answer, weighted by word frequency (see docs/unknown-answers.md). "
        "freq:LANG takes the frequencies of another language, e.g. freq:de.",
    ),
]
RuleOpt = Annotated[
    str,
    typer.Option("--rule", metavar="RULE", help="Colour rule: official, or naive (yellow wherever the letter occurs)."),
]

F = TypeVar("F", bound=Callable[..., Any])

_STYLE = {
    Mark.GREEN: "bold white on green4",
    Mark.YELLOW: "bold black on yellow3",
    Mark.GREY: "bold white on grey35",
}


def program() -> str:
    """How to run this very wordlelab again, as a shell command that works as printed:
    ``wordlelab`` when that name on PATH is this installation's script (an activated
    virtual environment, ``pipx install .``), else the script's absolute path
    (``/home/me/wordlelab/.venv/bin/wordlelab``), else ``PYTHON -m wordlelab``."""
    script = Path(sys.executable).parent / ("wordlelab.exe" if os.name == "nt" else "wordlelab")
    on_path = shutil.which("wordlelab")
    if script.is_file():
        try:
            if on_path is not None and os.path.samefile(on_path, script):
                return "wordlelab"
        except OSError:
            pass
        return shlex.quote(str(script))
    return f"{shlex.quote(sys.executable)} -m wordlelab"


def fail(message: str) -> typer.Exit:
    """Print ``error: message`` on stderr (one line); the caller raises the returned exit."""
    err_console.print(f"[bold red]error:[/] {escape(message)}", markup=True, soft_wrap=True, highlight=False)
    return typer.Exit(EXIT_BAD_INPUT)


def cli_message(exc: BaseException) -> str:
    """A library error's message on one line, with the options it names in
    backticks (``raise `max_guesses```, see :mod:`wordlelab.errors`) shown as
    this CLI's flags (``raise --max-guesses``)."""
    text = " ".join(str(exc).split())
    return re.sub(r"`([a-z][a-z0-9_]*)`", lambda m: "--" + m.group(1).replace("_", "-"), text)


def refused(exc: Exception) -> None:
    """A refused line of an interactive loop: the message in red, never read as markup."""
    err_console.print(Text(cli_message(exc), style="red"))


def handle_errors(func: F) -> F:
    """Turn a :class:`WordlelabError`, or a file that cannot be read or written
    (``OSError``), into a one-line message on stderr and exit code 2."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except WordlelabError as exc:
            raise fail(cli_message(exc)) from None
        except ModuleNotFoundError as exc:  # an optional dependency, e.g. wordfreq's for a language
            raise fail(f"this needs the Python package {exc.name!r}, which is not installed") from None
        except BrokenPipeError:
            raise
        except OSError as exc:
            where = f": {exc.filename!r}" if exc.filename else ""
            raise fail(f"{exc.strerror or exc}{where}") from None

    return wrapper  # type: ignore[return-value]


def output_file(path: Path | None, what: str) -> None:
    """Refuse now, before any work, an output file that cannot be written: a
    directory, a missing folder, no permission.  ``None`` and ``-`` (stdout) pass."""
    if path is None or str(path) == "-":
        return
    if path.is_dir():
        raise InvalidOptionError(f"{what} {str(path)!r} is a directory; give a file name")
    folder = path.parent
    if not folder.is_dir():
        raise InvalidOptionError(f"{what} {str(path)!r}: folder {str(folder)!r} does not exist")
    existed = path.exists()
    try:
        with path.open("a", encoding="utf-8"):
            pass
    except OSError as exc:
        raise InvalidOptionError(f"cannot write {what} {str(path)!r}: {exc.strerror or exc}") from None
    if not existed:
        path.unlink(missing_ok=True)


def output_dir(path: Path | None, what: str) -> None:
    """Create the folder ``path`` now (with its parents) and check a file can be
    written in it; refuse it with a one-line message otherwise."""
    if path is None:
        return
    if path.exists() and not path.is_dir():
        raise InvalidOptionError(f"{what} {str(path)!r} is a file, not a folder")
    try:
        path.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=path):
            pass
    except OSError as exc:
        raise InvalidOptionError(f"cannot write into {what} {str(path)!r}: {exc.strerror or exc}") from None


def finite(value: float, flag: str) -> float:
    """``value`` if it is a finite number, else an error naming ``flag``."""
    if not math.isfinite(value):
        raise InvalidOptionError(f"{flag} must be a finite number, not {value}")
    return value


def game_rules(mode: str | None, hard: bool, rule: str = "official") -> GameRules:
    """The game's rules from ``--mode``, ``--hard`` (short for ``--mode hard``) and
    ``--rule``; refuses an unknown mode, the two disagreeing, and hard or ultra
    mode under the naive rule, each naming the options to change."""
    chosen = Mode.NORMAL
    if mode is not None:
        if mode.strip().lower() not in MODES:
            raise InvalidOptionError(f"unknown mode {mode!r}; use --mode {', --mode '.join(MODES)}")
        chosen = Mode(mode.strip().lower())
    if hard:
        if chosen not in (Mode.NORMAL, Mode.HARD) or (mode is not None and chosen is Mode.NORMAL):
            raise InvalidOptionError(f"--hard is short for --mode hard, so it contradicts --mode {chosen}; give one")
        chosen = Mode.HARD
    check_rule(rule, None if chosen is Mode.NORMAL else (f"--mode {chosen}" if mode else "--hard"), chosen)
    return GameRules(chosen, rule)


def check_rule(rule: str, hard_flag: str | None = None, mode: Mode = Mode.HARD) -> None:
    """Refuse an unknown ``--rule``, and ``mode`` (asked for by the option
    ``hard_flag``, if any) under a rule :class:`~wordlelab.modes.GameRules`
    refuses it with, the message naming the options to change."""
    if rule not in RULES:
        known = " or ".join(f"--rule {r}" for r in RULES)
        raise InvalidOptionError(f"unknown rule {rule!r}; use {known}")
    try:
        GameRules(Mode.NORMAL if hard_flag is None else mode, rule)
    except InvalidOptionError as exc:
        raise InvalidOptionError(
            f"{hard_flag} needs the official rule ({exc}); drop {hard_flag} or use --rule official"
        ) from None


def excluded_words(path: Path | None, wl: WordList) -> list[str]:
    """The words of ``--exclude FILE`` (one a line, ``#`` comments; checked like a word
    list, so a bad line is one error naming the file and line), none without it."""
    from ..words import read_words

    return [] if path is None else read_words(path, wl.length)


def apply_prior(wl: WordList, prior: str) -> tuple[WordList, FloatArray | None]:
    """``--prior``: the list unchanged, or every allowed word as an answer with its weight.

    ``freq`` uses English word frequencies, ``freq:LANG`` those of language LANG.
    """
    if prior == "none":
        return wl, None
    kind, _, lang = prior.partition(":")
    if kind == "freq":
        return frequency_prior(wl, lang or "en")
    raise WordListError(f"unknown prior {prior!r}; use --prior none, freq or freq:LANG (e.g. freq:de)")


def frequency_prior(
    wl: WordList, lang: str, center: float | None = None, width: float | None = None
) -> tuple[WordList, FloatArray]:
    """``--prior freq:LANG``: every allowed word of ``wl`` an answer, weighted by its
    frequency in ``lang``; ``center`` and ``width`` shape the prior (default: the
    library's), checked to be finite numbers."""
    from ..prior import PRIOR_CENTER, PRIOR_WIDTH, check_language, prior_wordlist

    center = PRIOR_CENTER if center is None else finite(center, "--center")
    width = PRIOR_WIDTH if width is None else finite(width, "--width")
    return prior_wordlist(wl, center=center, width=width, lang=check_language(lang))


def tiles(word: str, pattern: int, *, narrow: bool = False) -> Text:
    """``word`` coloured by ``pattern``, the one renderer of tiles in the terminal.

    Wide (the default): a tile `` S `` per letter and a gap, then the digit
    pattern, which stays readable when colours are stripped.  Narrow: the
    coloured letters only, one cell each, for a table column or a row of boards.
    """
    text = Text()
    for ch, mark in zip(word.upper(), decode(pattern, len(word)), strict=True):
        if narrow:
            text.append(ch, style=_STYLE[mark])
        else:
            text.append(f" {ch} ", style=_STYLE[mark])
            text.append(" ")
    if not narrow:
        text.append(format_pattern(pattern, len(word), "digits"))
    return text


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2) + "\n")
