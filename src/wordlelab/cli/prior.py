"""``wordlelab prior ...``: the unknown-answer-list mode with its prior's own knobs.

``prior suggest`` is ``suggest --prior freq:LANG`` and ``prior solve`` is
``solve --prior freq:LANG``: they build the weighted list, replay the history
and play through the same functions as those commands, and add ``--center`` /
``--width`` (the shape of the prior) and their own, shorter output.
"""

from __future__ import annotations

from typing import Annotated

import typer
from rich.text import Text

from ..errors import InvalidWordError
from ..game import DEFAULT_STRATEGY
from ..prior import PRIOR_CENTER, PRIOR_WIDTH, frequency_weights, zipf_frequencies
from ..strategies import get_strategy
from ..words import load_wordlist
from ._app import (
    GuessesOpt,
    HardOpt,
    JsonOpt,
    ModeOpt,
    StrategyOpt,
    WordsOpt,
    app,
    console,
    finite,
    frequency_prior,
    game_rules,
    handle_errors,
    print_json,
    tiles,
)
from .assistant import HistoryOpt, TopOpt, replay, suggestions
from .game import solve_turns

prior_app = typer.Typer(
    help="Unknown answer list: every allowed word may be the answer, weighted by word frequency.",
    no_args_is_help=True,
)
app.add_typer(prior_app, name="prior")

CenterOpt = Annotated[
    float, typer.Option("--center", metavar="ZIPF", help="Zipf frequency weighted 1/2 (see docs/unknown-answers.md).")
]
WidthOpt = Annotated[float, typer.Option("--width", metavar="ZIPF", help="Zipf units of the prior's slope.")]
LangOpt = Annotated[
    str,
    typer.Option("--lang", help="wordfreq language code of the word frequencies (en, de, fr, es, pt, ...)."),
]
#: the most likely candidates shown
SHOW_LIKELY = 8


@prior_app.command("suggest")
@handle_errors
def prior_suggest(
    history: HistoryOpt = "",
    strategy: StrategyOpt = DEFAULT_STRATEGY,
    hard: HardOpt = False,
    mode: ModeOpt = None,
    words: WordsOpt = "original",
    guesses: GuessesOpt = None,
    top: TopOpt = 5,
    center: CenterOpt = PRIOR_CENTER,
    width: WidthOpt = PRIOR_WIDTH,
    lang: LangOpt = "en",
    json_out: JsonOpt = False,
) -> None:
    """Best next guesses when any allowed word may be the answer (frequency prior)."""
    wl, weights = frequency_prior(load_wordlist(words, guesses), lang, center, width)
    session = replay(wl, weights, rules=game_rules(mode, hard), history=history)
    strat = get_strategy(strategy)
    ranked = suggestions(session, strat, top)
    likely = session.likely(SHOW_LIKELY)
    if json_out:
        print_json(
            {
                "history": session.history_text(),
                "strategy": strat.key,
                "candidates": len(session.candidates),
                "likely": [{"word": w, "probability": p} for w, p in likely],
                "suggestions": [r.as_dict() for r in ranked],
            }
        )
        return
    console.print(f"{len(session.candidates)} candidates (any allowed word, weighted by frequency)")
    console.print("most likely: " + ", ".join(f"{w} {p:.2%}" for w, p in likely))
    for i, r in enumerate(ranked, 1):
        stats = "  ".join(f"{k} {v:.3f}" for k, v in r.stats.items() if k in ("entropy", "expected"))
        console.print(f"{i}. {r.word}  {stats}")
    if ranked:
        console.print(f"suggestion: {ranked[0].word}")


@prior_app.command("weights")
@handle_errors
def prior_weights(
    word_args: Annotated[list[str], typer.Argument(metavar="WORD", help="Words to look up.")],
    center: CenterOpt = PRIOR_CENTER,
    width: WidthOpt = PRIOR_WIDTH,
    lang: LangOpt = "en",
) -> None:
    """Show the Zipf frequency and prior weight of each WORD."""
    ws = [w.strip().lower() for w in word_args]
    for w in ws:
        if not w.isalpha():
            raise InvalidWordError(f"{w!r} is not a word of letters; give words such as 'salet'")
    center, width = finite(center, "--center"), finite(width, "--width")
    z = zipf_frequencies(ws, lang)
    weights = frequency_weights(ws, center=center, width=width, lang=lang)
    for w, zi, wi in zip(ws, z, weights, strict=True):
        console.print(f"{w}  zipf {zi:.2f}  weight {wi:.4f}")


@prior_app.command("solve")
@handle_errors
def prior_solve(
    answer: Annotated[str, typer.Argument(help="The answer (any allowed word).")],
    strategy: StrategyOpt = DEFAULT_STRATEGY,
    hard: HardOpt = False,
    mode: ModeOpt = None,
    words: WordsOpt = "original",
    guesses: GuessesOpt = None,
    center: CenterOpt = PRIOR_CENTER,
    width: WidthOpt = PRIOR_WIDTH,
    lang: LangOpt = "en",
) -> None:
    """Auto-solve ANSWER in prior mode (the solver does not know the answer list)."""
    wl, weights = frequency_prior(load_wordlist(words, guesses), lang, center, width)
    _, turns = solve_turns(wl, weights, answer, strategy, rules=game_rules(mode, hard))
    for i, t in enumerate(turns, 1):
        left = "" if i == len(turns) else f"  {t.candidates_after} left"
        console.print(Text(f"{i} ") + tiles(t.word, t.step.pattern) + Text(left))
    console.print(f"solved in {len(turns)} guesses")
