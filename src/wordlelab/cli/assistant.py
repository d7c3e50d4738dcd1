"""The assistant for today's puzzle: `suggest` (one shot) and `assist` (interactive)."""

from __future__ import annotations

import math
import shlex
from typing import Annotated

import typer
from rich.table import Table

from ..errors import GameOverError, InvalidWordError, WordlelabError
from ..feedback import parse_history, parse_move
from ..game import DEFAULT_STRATEGY, Session
from ..modes import GameRules, Mode
from ..strategies import Ranked, Strategy, get_strategy
from ..types import FloatArray
from ..words import DAILY_LIST, WordList, load_wordlist
from ._app import (
    DailyWordsOpt,
    ExcludeOpt,
    GuessesOpt,
    HardOpt,
    JsonOpt,
    ModeOpt,
    PriorOpt,
    StrategyOpt,
    app,
    apply_prior,
    console,
    excluded_words,
    game_rules,
    handle_errors,
    print_json,
    program,
    refused,
    tiles,
)
from ._prompt import HELP as HELP_WORDS
from ._prompt import Prompt

TopOpt = Annotated[int, typer.Option("--top", "-n", min=1, max=50, help="How many guesses to show.")]
HistoryOpt = Annotated[str, typer.Option("--history", help='Guesses so far, e.g. "salet:00120,drone:22202".')]
#: show the candidate words themselves when at most this many remain
SHOW_CANDIDATES = 30


def replay(
    wl: WordList, weights: FloatArray | None, *, rules: GameRules, history: str, exclude: list[str] | None = None
) -> Session:
    """A Session on ``wl`` (answers weighted by ``weights``, if any; the ``exclude``
    words not answers) with the typed ``--history`` played; the first move that does
    not fit raises, naming it (a word played twice too: it cannot add information)."""
    session = Session(wl, rules=rules, weights=weights, exclude=exclude or ())
    moves = parse_history(history)
    for i, (word, _) in enumerate(moves):
        why = _repeated([w.strip().lower() for w, _ in moves[:i]], word)
        if why is not None:
            raise InvalidWordError(f"move {i + 1} ({word.strip().lower()}): {why}")
    session.replay(moves)
    return session


def suggestions(session: Session, strat: Strategy, top: int) -> list[Ranked]:
    """The ``top`` best next guesses, none once the puzzle is solved."""
    return [] if session.solved else session.suggest(strat, top)


#: the partition figures shown for every guess that has them (``Ranked.stats`` keys)
FIGURES = ("entropy", "expected", "parts", "largest")
#: figures that are counts, shown without decimals
_COUNTS = ("parts", "largest")


def figure_columns(score_label: str, ranked: list[Ranked]) -> list[str]:
    """The figure columns of a suggestion table: the strategy's own score first (unless
    it is one of :data:`FIGURES`), then each of :data:`FIGURES` that some guess carries or
    that is the score."""
    own = [] if score_label in FIGURES else [score_label]
    return own + [k for k in FIGURES if k == score_label or any(k in r.stats for r in ranked)]


def _figure(value: float | None, whole: bool) -> str:
    if value is None or math.isnan(value):
        return "-"
    return f"{value:.0f}" if whole else f"{value:.3f}"


#: the most likely candidates shown once the list was widened
SHOW_LIKELY = 8


def _candidates_line(session: Session) -> str:
    """How many candidates are left, and which: the words themselves when few remain;
    once the list was widened, the most likely with their probabilities."""
    n = len(session.candidates)
    if session.widened:
        likely = ", ".join(f"{w} {p:.1%}" for w, p in session.likely(SHOW_LIKELY))
        more = ", ..." if n > SHOW_LIKELY else ""
        return f"{n} candidate{'s' if n != 1 else ''} (allowed words that fit, by frequency): {likely}{more}"
    if n <= SHOW_CANDIDATES:
        return f"{n} candidate{'s' if n != 1 else ''}: " + " ".join(session.candidate_words)
    return f"{n} candidates left"


def _show(session: Session, strat: Strategy, top: int) -> None:
    if session.solved:
        console.print("Solved!")
        return
    ranked = session.suggest(strat, top)
    console.print(_candidates_line(session))
    table = Table(title=f"best next guesses ({strat.key})", title_justify="left")
    table.add_column("#", justify="right")
    table.add_column("guess")
    label = type(strat).score_label
    columns = figure_columns(label, ranked)
    for col in columns:
        table.add_column(col, justify="right")
    table.add_column("could win")
    cands = set(session.candidate_words)
    rows = [[r.stats.get(col, r.score if col == label else None) for col in columns] for r in ranked]
    # counts, and a score of the strategy's own that is whole in every row, show no decimals
    counts = [
        col in _COUNTS or (col not in FIGURES and all(v is None or float(v).is_integer() for v in values))
        for col, values in zip(columns, zip(*rows, strict=True), strict=True)
    ]
    for i, (r, row) in enumerate(zip(ranked, rows, strict=True), 1):
        table.add_row(
            str(i),
            r.word,
            *(_figure(v, whole) for v, whole in zip(row, counts, strict=True)),
            "yes" if r.word in cands else "",
        )
    console.print(table)
    console.print(f"suggestion: {ranked[0].word}")


@app.command()
@handle_errors
def suggest(
    history: HistoryOpt = "",
    strategy: StrategyOpt = DEFAULT_STRATEGY,
    hard: HardOpt = False,
    mode: ModeOpt = None,
    words: DailyWordsOpt = DAILY_LIST,
    guesses: GuessesOpt = None,
    top: TopOpt = 5,
    prior: PriorOpt = "none",
    exclude: ExcludeOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """One-shot: the best next guesses after HISTORY."""
    wl, weights = apply_prior(load_wordlist(words, guesses), prior)
    session = replay(wl, weights, rules=game_rules(mode, hard), history=history, exclude=excluded_words(exclude, wl))
    strat = get_strategy(strategy)
    if json_out:
        ranked = suggestions(session, strat, top)
        print_json(
            {
                "history": session.history_text(),
                "mode": session.mode.value,
                "strategy": strat.key,
                "solved": session.solved,
                "list": wl.name,
                "widened": session.widened,
                "notice": session.notice,
                "excluded": len(session.excluded),
                "candidates": len(session.candidates),
                "candidate_words": session.candidate_words[:SHOW_CANDIDATES],
                "likely": [{"word": w, "probability": p} for w, p in session.likely(SHOW_LIKELY)]
                if session.widened
                else [],
                "suggestions": [r.as_dict() for r in ranked],
            }
        )
        return
    if session.notice:
        console.print(session.notice)
    _show(session, strat, top)


HELP = """Type the word you played and the colours you saw, e.g.
  salet 00120     (0 grey, 1 yellow, 2 green)
  salet b.y.g / salet BXYXG / salet ⬛⬛🟨⬛🟩
Commands: undo (take back the last move), list (the candidates left),
new (start a new game), help, quit.
Up/down arrows recall earlier lines, Tab completes words and commands,
Ctrl-L clears the screen.  On quit, Ctrl-C or Ctrl-D an unfinished game is
printed as a command line (wordlelab suggest --history ...) that resumes it."""
#: the commands of the assistant's prompt (besides a move)
COMMANDS = ("help", "list", "new", "quit", "undo")


def header(session: Session) -> str:
    """The assistant's first line: the list, the words excluded and the mode."""
    wl = session.words
    out = f"wordlelab assistant — list {wl.name}: {len(wl.answers)} answers"
    if session.excluded:
        out += f" ({len(wl.answers) - len(session.candidates)} excluded)"
    return out + f", {len(wl.allowed)} guesses, {session.mode} mode"


def resume_command(session: Session, options: list[str]) -> str:
    """The `wordlelab suggest` command line that goes on with ``session``'s game
    (``options``: the assist command's own, e.g. ``["--mode", "ultra"]``), starting
    with the command that runs this wordlelab (:func:`program`), so it works as printed."""
    return " ".join([program(), "suggest", "--history", f'"{session.history_text()}"', *options])


def _options(
    *, mode: Mode, strategy: str, words: str, guesses: str | None, top: int, prior: str, exclude: str | None = None
) -> list[str]:
    """The options given to `assist` that `suggest` needs to pick the game up again."""
    out = [] if mode is Mode.NORMAL else ["--hard"] if mode is Mode.HARD else ["--mode", mode.value]
    given = [
        ("--words", words, DAILY_LIST),
        ("--guesses", guesses, None),
        ("--exclude", exclude, None),
        ("--strategy", strategy, DEFAULT_STRATEGY),
        ("--top", str(top), "5"),
        ("--prior", prior, "none"),
    ]
    for flag, value, default in given:
        if value is not None and value != default:
            out += [flag, shlex.quote(value)]
    return out


def _repeated(played: list[str], word: str) -> str | None:
    """Why ``word`` may not be played after the moves ``played`` (``None`` if it may):
    a word played again shows the same colours, so it can never add information."""
    w = word.strip().lower()
    if w not in played:
        return None
    return f"{w} was already played as move {played.index(w) + 1}; a repeated guess can never add information"


@app.command()
@handle_errors
def assist(
    hard: HardOpt = False,
    mode: ModeOpt = None,
    strategy: StrategyOpt = DEFAULT_STRATEGY,
    words: DailyWordsOpt = DAILY_LIST,
    guesses: GuessesOpt = None,
    top: TopOpt = 5,
    prior: PriorOpt = "none",
    exclude: ExcludeOpt = None,
) -> None:
    """Interactive helper: suggests a guess, you report what you played and saw."""
    wl, weights = apply_prior(load_wordlist(words, guesses), prior)
    strat = get_strategy(strategy)
    session = Session(wl, rules=game_rules(mode, hard), weights=weights, exclude=excluded_words(exclude, wl))
    console.print(header(session))
    console.print(HELP)
    prompt = Prompt("assist", COMMANDS, lambda: wl.allowed)
    options = _options(
        mode=session.mode,
        strategy=strategy,
        words=words,
        guesses=guesses,
        top=top,
        prior=prior,
        exclude=None if exclude is None else str(exclude.resolve()),
    )
    with prompt:
        try:
            _show(session, strat, top)
            for cmd in prompt.lines(lambda: "> "):
                session = _command(session, cmd, strat, top, options) or session
        except KeyboardInterrupt:  # Ctrl-C while suggestions were being ranked
            console.print()
    _offer_resume(session, options)


def _offer_resume(session: Session, options: list[str]) -> None:
    """Print the command line that goes on with ``session``'s game, if it is unfinished."""
    if session.history and not session.solved:
        console.print("To go on with this game later:")
        console.print("  " + resume_command(session, options), soft_wrap=True)


def _command(session: Session, cmd: str, strat: Strategy, top: int, options: list[str]) -> Session | None:
    """Do one line typed at the assistant; a new game's Session for `new`
    (``options``: those of `assist`, for the line that resumes the game left)."""
    wl = session.words
    low = cmd.lower()
    if low in HELP_WORDS:
        console.print(HELP)
        return None
    if low in ("list", "ls", "candidates"):
        console.print(" ".join(session.candidate_words))
        return None
    if low == "new":
        _offer_resume(session, options)
        session = Session(wl, rules=session.rules, weights=session.weights, exclude=session.excluded)
        console.print("New game.")
        _show(session, strat, top)
        return session
    try:
        if low == "undo":
            step = session.undo()
            console.print(f"undid {wl.allowed[step.guess]}")
        else:
            word, pattern = parse_move(cmd)
            if session.solved:
                raise GameOverError("the puzzle is already solved; type new for another game, or undo")
            why = _repeated([wl.allowed[step.guess] for step in session.history], word)
            if why is not None:
                raise InvalidWordError(why + " (type undo to take back the last move)")
            was_widened = session.widened
            session.play(word, pattern)
            step = session.history[-1]
            console.print(tiles(wl.allowed[step.guess], step.pattern))
            if session.widened and not was_widened:
                console.print(session.notice)
    except WordlelabError as exc:
        refused(exc)
        return None
    _show(session, strat, top)
    if session.solved:
        console.print(f"history: {session.history_text()}")
    return None
