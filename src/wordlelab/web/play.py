"""The Play page's endpoints: a game whose answer the client holds only as a sealed
token (:mod:`.tokens`), and the review of a finished game."""

from __future__ import annotations

import random
import secrets
from typing import Any

import numpy as np

from ..errors import GameOverError, WordlelabError
from ..feedback import all_green
from ..game import Game
from ..state import State
from .engine import Context, build_strategy, require_tree, split_figures, step_json
from .lists import Loaded, list_label
from .models import GuessRequest, NewGameRequest, ReviewRequest
from .tokens import BadTokenError, GameSealer

__all__ = ["MAX_GUESSES", "guess", "new_game", "review"]

#: guesses allowed in a game on the Play page (the real game's six)
MAX_GUESSES = 6


def new_game(ctx: Context, req: NewGameRequest) -> dict[str, Any]:
    """A new game's token (its answer random, seeded or chosen) and its settings."""
    sealer = ctx.sealer
    loaded = ctx.lists.get(req)
    words = loaded.words
    if req.answer is not None:
        answer = words.answer_id(req.answer)
    elif req.seed is not None:
        answer = random.Random(req.seed).randrange(len(words.answers))
    else:
        answer = secrets.randbelow(len(words.answers))
    return {
        "token": sealer.seal(answer, req.game_mode, words.digest),
        "words": list_label(req, loaded),
        "length": words.length,
        "mode": req.game_mode.value,
        "max_guesses": MAX_GUESSES,
    }


def _replay_game(loaded: Loaded, sealer: GameSealer, token: str, guesses: list[str]) -> Game:
    answer, mode = sealer.open(token, loaded.words.digest)
    if not 0 <= answer < len(loaded.words.answers):
        raise BadTokenError("the game token names no answer of this list; start a new game")
    game = Game(
        loaded.words.answers[answer],
        loaded.words,
        rules=mode,
        max_guesses=MAX_GUESSES,
        table=loaded.table,
    )
    for i, word in enumerate(guesses, 1):
        try:
            game.guess(word)
        except WordlelabError as exc:
            raise exc.with_prefix(f"guess {i} ({word.strip().lower()}): ") from None
    return game


def _game_json(game: Game) -> dict[str, Any]:
    words = game.words
    out: dict[str, Any] = {
        "rows": [step_json(words, s.guess, s.pattern) for s in game.history],
        "won": game.won,
        "over": game.over,
        "mode": game.mode.value,
        "answer": words.answers[game.answer] if game.over else None,
    }
    return out


def guess(ctx: Context, req: GuessRequest) -> dict[str, Any]:
    """Play ``req.guess`` after ``req.guesses`` in the game of ``req.token``."""
    loaded = ctx.lists.get(req)
    game = _replay_game(loaded, ctx.sealer, req.token, req.guesses)
    if game.over:
        raise GameOverError(
            "the game is over; start a new game"
            + (" (it was solved)" if game.won else f" ({MAX_GUESSES} guesses used)")
        )
    game.guess(req.guess)
    return _game_json(game)


def review(ctx: Context, req: ReviewRequest) -> dict[str, Any]:
    """Per guess of a finished game: candidates it left vs the strategy's best guess then.

    Built on :func:`wordlelab.review.review_game` (candidates, skill, luck, the
    strategy's suggestion); added here, for the suggestion, how many candidates
    it would have left against the real answer and its expected remaining, so
    the page can set "you left N" beside "the best guess would have left M".
    Only for a finished game (the answer shows).
    """
    from ..review import review_game

    loaded = ctx.lists.get(req)
    strat = build_strategy(req.strategy, {})
    words, table = loaded.words, loaded.table
    game = _replay_game(loaded, ctx.sealer, req.token, req.guesses)
    if not game.over:
        raise GameOverError("the review is shown once the game is over; keep guessing")
    answer = game.answer
    played = [words.allowed[s.guess] for s in game.history]
    require_tree(strat, loaded, game.mode)
    rv = review_game(
        words,
        played,
        words.answers[answer],
        rules=game.mode,
        strategy=req.strategy,
        table=table,
    )
    win = all_green(words.length)
    state = State.initial(words, table)
    rows = []
    for step, g in zip(game.history, rv.guesses, strict=True):
        cands = state.candidates
        best = words.guess_id(g.suggestion)
        same = int(np.count_nonzero(table[best, cands] == table[best, answer]))
        rows.append(
            {
                **step_json(words, step.guess, step.pattern),
                "candidates_before": g.candidates_before,
                "left": g.candidates_after,
                "expected_left": g.expected,
                "best_guess": g.suggestion,
                # 0 when the suggestion is the answer (a win), as for the played guess
                "best_left": same - int(table[best, answer] == win),
                "best_expected_left": split_figures(table, best, cands, state.n_patterns)["expected"],
                "skill": g.skill,
                "luck": g.luck,
            }
        )
        state = state.after(step)
    return {
        "answer": words.answers[answer],
        "won": game.won,
        "strategy": rv.suggestion_source,
        "mean_skill": rv.mean_skill,
        "mean_luck": rv.mean_luck,
        "turns": rows,
    }
