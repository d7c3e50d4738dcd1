"""What each endpoint computes, as plain functions of request models -> JSON-ready dicts.

Nothing here knows HTTP: errors are :class:`~wordlelab.errors.WordlelabError`
subclasses, turned into 4xx answers by :mod:`wordlelab.web.app`.  Word lists
and their pattern tables are held by :class:`Lists` (one per process, bounded).
Every endpoint function takes a :class:`Context` first, so the same function
runs in the server process (cheap requests) or in a worker process (expensive
ones, see :mod:`wordlelab.web.workers`).

Nothing a web request sends is written to disk: a custom list's table is built
in memory (``pattern_table(..., persist=False)``) and kept in a size-capped LRU;
openings for custom lists or non-default strategy options are remembered in
memory only; the ``optimal`` strategy plays only from a tree that is shipped or
already cached (it never searches or writes a new one here).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import random
import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..errors import GameOverError, WordlelabError
from ..feedback import all_green, decode, format_pattern, n_patterns
from ..game import OPENING_TOP, Game, Session
from ..state import State
from ..strategies import Ranked, Strategy, get_strategy
from ..strategies.base import check_options, option_specs
from ..table import pattern_table
from ..types import PatternTable
from ..words import BUILTIN_LISTS, WordList, load_wordlist
from .models import (
    CustomList,
    ExplainRequest,
    GuessRequest,
    ListChoice,
    Move,
    NewGameRequest,
    ReviewRequest,
    SuggestRequest,
)

__all__ = [
    "MAX_CUSTOM_BYTES",
    "MAX_GUESSES",
    "BadTokenError",
    "Context",
    "GameSealer",
    "Lists",
    "Loaded",
    "NoTreeError",
    "build_strategy",
    "clip",
    "explain",
    "guess",
    "make_context",
    "new_game",
    "require_tree",
    "review",
    "split_counts",
    "strategy_options",
    "suggest",
]

#: guesses allowed in a game on the Play page (the real game's six)
MAX_GUESSES = 6
#: bars drawn for a split; smaller buckets are summed into one "other" bar
SPLIT_BARS = 24
#: bytes of custom-list tables one process keeps (least recently used evicted first)
MAX_CUSTOM_BYTES = 256 * 1024 * 1024
#: openings remembered in memory per word list (custom lists, non-default options)
MAX_MEMO_OPENINGS = 16
#: a value quoted back in an error message is cut to this many characters
MAX_ECHO = 40


class BadTokenError(WordlelabError, ValueError):
    """A game token is malformed, forged, or belongs to another word list."""


class NoTreeError(WordlelabError):
    """The ``optimal`` strategy has no ready tree for these lists (the web app does not
    search one: that takes minutes and writes a cache file)."""


def clip(text: str, limit: int = MAX_ECHO) -> str:
    """``text`` cut to ``limit`` characters (with how much was left out), for quoting a
    client's value back in a message."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text)} characters)"


@dataclass(frozen=True)
class Loaded:
    """A word list with its pattern table (official rule), and openings computed for
    it that are kept in memory only (see :func:`_rank`)."""

    words: WordList
    table: PatternTable
    openings: OrderedDict[tuple[bool, str], list[Ranked]] = field(
        default_factory=OrderedDict, compare=False, repr=False
    )


class Lists:
    """Word lists and tables for one process: built-ins kept, custom lists in an LRU
    capped by the bytes of their tables (``max_custom_bytes``; the newest list is
    kept even if it alone is bigger).  Custom tables are built in memory and never
    written to the disk cache.

    Loading happens outside the lock (two threads may load the same list once
    each; the second result is dropped), so a slow custom build never holds up
    a request for a list already loaded.
    """

    def __init__(self, max_custom_bytes: int = MAX_CUSTOM_BYTES) -> None:
        self._lock = threading.Lock()
        self._builtin: dict[str, Loaded] = {}
        self._custom: OrderedDict[str, Loaded] = OrderedDict()
        self.max_custom_bytes = max_custom_bytes

    @property
    def custom_bytes(self) -> int:
        """Bytes of the custom-list tables held now."""
        with self._lock:
            return sum(x.table.nbytes for x in self._custom.values())

    def custom_digests(self) -> list[str]:
        """Digests of the custom lists held now, least recently used first."""
        with self._lock:
            return list(self._custom)

    def get(self, choice: ListChoice) -> Loaded:
        if choice.custom is not None:
            return self._get_custom(choice.custom)
        with self._lock:
            hit = self._builtin.get(choice.words)
        if hit is not None:
            return hit
        wl = load_wordlist(choice.words)
        loaded = Loaded(wl, pattern_table(wl))
        with self._lock:
            return self._builtin.setdefault(choice.words, loaded)

    def _get_custom(self, custom: CustomList) -> Loaded:
        wl = WordList.from_words(custom.answers, custom.allowed or None, name=custom.name)
        with self._lock:
            hit = self._custom.get(wl.digest)
            if hit is not None:
                self._custom.move_to_end(wl.digest)
                return hit
        loaded = Loaded(wl, pattern_table(wl, persist=False))
        with self._lock:
            self._custom[wl.digest] = loaded
            self._custom.move_to_end(wl.digest)
            total = sum(x.table.nbytes for x in self._custom.values())
            while total > self.max_custom_bytes and len(self._custom) > 1:
                _, dropped = self._custom.popitem(last=False)
                total -= dropped.table.nbytes
        return loaded


@dataclass(frozen=True)
class Context:
    """What an endpoint function needs besides its request: the process's word lists
    and the app's game-token sealer."""

    lists: Lists
    sealer: GameSealer


def make_context(secret: bytes, max_custom_bytes: int = MAX_CUSTOM_BYTES) -> Context:
    """A fresh :class:`Context` (each worker process builds its own)."""
    return Context(Lists(max_custom_bytes), GameSealer(secret))


def list_label(choice: ListChoice, loaded: Loaded) -> str:
    return choice.words if choice.custom is None else loaded.words.name


def list_info() -> list[dict[str, str]]:
    return [{"name": n, "description": d} for n, (_, _, d) in BUILTIN_LISTS.items()]


# -- helpers ---------------------------------------------------------------------------


def _step_json(words: WordList, guess: int, pattern: int) -> dict[str, Any]:
    return {
        "guess": words.allowed[guess],
        "pattern": format_pattern(pattern, words.length),
        "marks": [int(m) for m in decode(pattern, words.length)],
    }


def replay(loaded: Loaded, hard: bool, history: list[Move]) -> Session:
    """A Session with ``history`` played; an error names the move that failed."""
    session = Session(loaded.words, hard=hard, table=loaded.table)
    for i, move in enumerate(history, 1):
        try:
            session.play(move.guess, move.pattern)
        except WordlelabError as exc:
            raise type(exc)(f"move {i} ({move.guess.strip().lower()}): {exc}") from None
    return session


def strategy_options(cls: type[Strategy]) -> list[dict[str, Any]]:
    """The constructor options of a strategy class, read from its ``__init__`` signature
    (:func:`~wordlelab.strategies.base.option_specs`): ``[{"name", "type":
    bool|int|float|str, "default"}]`` plus ``minimum`` and ``word`` where they apply.
    Options without a default or of another type are left out (the pages cannot offer
    a control for them)."""
    return [o.as_dict() for o in option_specs(cls)]


def build_strategy(name: str, options: dict[str, Any], words: WordList | None = None) -> Strategy:
    """The strategy ``name`` with ``options`` checked against its constructor (type,
    range, known name; a word option must be an allowed guess of ``words``).  A bad
    value is an :class:`~wordlelab.errors.InvalidOptionError` (400); strings are never
    read as booleans."""
    checked = check_options(name, options, words)
    return get_strategy(name, **checked)


def require_tree(strat: Strategy, loaded: Loaded, hard: bool) -> None:
    """Refuse a strategy that would first search (and cache) a decision tree.

    ``optimal`` (any strategy with ``tree_ready``) is played here only from a
    tree shipped with the package or already in the cache; building one takes
    seconds to minutes and writes a file, which is the command line's job.
    Searches off the tree (after a guess it does not play) stay bounded by the
    request's time limit.
    """
    ready = getattr(strat, "tree_ready", None)
    if ready is None:
        return
    root = Session(loaded.words, hard=hard, table=loaded.table).state
    if ready(root):
        return
    words = loaded.words
    opts = " ".join(f"--option {k}={v}" for k, v in sorted(strat.options().items()))
    where = "--words ANSWERS.txt --guesses GUESSES.txt (the same words)" if (
        words.name not in BUILTIN_LISTS or words.digest != load_wordlist(words.name).digest
    ) else f"--words {words.name}"
    cmd = (
        f"wordlelab bench --strategy {strat.name} {opts} {where}" if opts
        else f"wordlelab suggest --strategy {strat.name} {where}"
    )
    raise NoTreeError(
        f"strategy {strat.key!r} has no decision tree for list {clip(words.name)!r} in "
        f"{'hard' if hard else 'normal'} mode yet, and the web app does not search one "
        f"(that can take minutes); build and cache it once on the command line with "
        f"`{' '.join(cmd.split())}{' --hard' if hard else ''}`, then ask again"
    )


def _rank(loaded: Loaded, session: Session, strat: Strategy, top: int, book: bool) -> list[Ranked]:
    """``session.suggest`` without writing to disk unless ``book``: the opening of a
    built-in list with default options comes from (and goes to) the opening book;
    other openings are remembered in ``loaded.openings`` (memory, a few per list)."""
    if book:
        return session.suggest(strat, top)
    if session.history or strat.randomized or top > OPENING_TOP:
        return strat.rank(session.state, top)
    key = (session.hard, strat.key)
    memo = loaded.openings
    hit = memo.get(key)
    if hit is None:
        hit = strat.rank(session.state, OPENING_TOP)
        memo[key] = hit
        while len(memo) > MAX_MEMO_OPENINGS:
            memo.popitem(last=False)
    return hit[:top]


def split_counts(table: PatternTable, guess: int, candidates: np.ndarray, length: int) -> list[tuple[int, int]]:
    """``[(pattern, count), ...]`` of the non-empty buckets of ``guess``, biggest first
    (ties: lower pattern first)."""
    counts = np.bincount(np.asarray(table[guess, candidates], dtype=np.int64), minlength=n_patterns(length))
    nz = np.flatnonzero(counts)
    order = np.lexsort((nz, -counts[nz]))
    return [(int(nz[i]), int(counts[nz[i]])) for i in order]


def _ranked_json(r: Ranked, candidate: bool) -> dict[str, Any]:
    return {"guess": r.word, "score": r.score, "candidate": candidate, **r.stats}


# -- endpoints ----------------------------------------------------------------------------


def suggest(ctx: Context, req: SuggestRequest) -> dict[str, Any]:
    """Best next guesses after ``req.history``, the candidates, and the top guess's split."""
    loaded = ctx.lists.get(req)
    strat = build_strategy(req.strategy, req.options, loaded.words)
    words = loaded.words
    require_tree(strat, loaded, req.hard)
    session = replay(loaded, req.hard, req.history)
    cands = session.candidates
    out: dict[str, Any] = {
        "words": list_label(req, loaded),
        "length": words.length,
        "hard": req.hard,
        "strategy": strat.key,
        "higher_is_better": strat.higher_is_better,
        "history": [_step_json(words, s.guess, s.pattern) for s in session.history],
        "solved": session.solved,
        "candidates": len(cands),
        "candidate_words": [words.answers[i] for i in cands[: req.show]],
        "suggestions": [],
        "split": None,
    }
    if session.solved:
        return out
    book = req.custom is None and not req.options
    ranked = _rank(loaded, session, strat, req.top, book)
    cand_set = {words.answers[i] for i in cands}
    out["suggestions"] = [_ranked_json(r, r.word in cand_set) for r in ranked]
    if ranked:
        buckets = split_counts(loaded.table, ranked[0].guess, cands, words.length)
        shown, rest = buckets[:SPLIT_BARS], buckets[SPLIT_BARS:]
        out["split"] = {
            "guess": ranked[0].word,
            "buckets": [
                {"pattern": format_pattern(p, words.length), "count": c} for p, c in shown
            ],
            "other_buckets": len(rest),
            "other_count": sum(c for _, c in rest),
        }
    return out


def explain(ctx: Context, req: ExplainRequest) -> dict[str, Any]:
    """The partition table of ``req.guess`` over the candidates left by ``req.history``."""
    loaded = ctx.lists.get(req)
    words, table = loaded.words, loaded.table
    session = replay(loaded, req.hard, req.history)
    g = session.check_guess(req.guess)
    cands = session.candidates
    by_pattern = dict(session.state.split(g))
    buckets = []
    n = len(cands)
    sizes = []
    for p, c in split_counts(table, g, cands, words.length):
        members = by_pattern[p]
        sizes.append(c)
        buckets.append(
            {
                "pattern": format_pattern(p, words.length),
                "marks": [int(m) for m in decode(p, words.length)],
                "count": c,
                "words": [words.answers[i] for i in members[: req.show]],
                "more": max(0, c - req.show),
            }
        )
    size = np.array(sizes, dtype=np.float64)
    prob = size / n
    return {
        "words": list_label(req, loaded),
        "guess": words.allowed[g],
        "history": [_step_json(words, s.guess, s.pattern) for s in session.history],
        "candidates": n,
        "guess_is_candidate": words.allowed[g] in {words.answers[i] for i in cands},
        "stats": {
            "parts": len(sizes),
            "largest": int(size.max()),
            "expected": float((size * size).sum() / n),
            "entropy": float(-(prob * np.log2(prob)).sum()) + 0.0,
        },
        "buckets": buckets,
    }


class GameSealer:
    """Hides a game's answer in an opaque token, so the Play API can stay stateless.

    Layout (url-safe base64): ``nonce[8] | answer index and hard flag, XOR a
    keystream[5] | tag[12]``.  Keystream and tag are HMAC-SHA256 under the app's
    secret; the tag also covers the word list's digest, so a token only opens
    for the list it was made for.  Tokens do not expire.
    """

    def __init__(self, secret: bytes | None = None) -> None:
        self._secret = secret if secret is not None else secrets.token_bytes(32)

    def _mac(self, label: bytes, data: bytes) -> bytes:
        return hmac.new(self._secret, label + data, hashlib.sha256).digest()

    def seal(self, answer: int, hard: bool, digest: str) -> str:
        nonce = secrets.token_bytes(8)
        plain = answer.to_bytes(4, "big") + bytes([int(hard)])
        # the keystream (32 bytes) is longer than the body: zip stops at the body's end
        body = bytes(a ^ b for a, b in zip(plain, self._mac(b"key", nonce), strict=False))
        tag = self._mac(b"tag", nonce + body + digest.encode())[:12]
        return base64.urlsafe_b64encode(nonce + body + tag).decode().rstrip("=")

    def open(self, token: str, digest: str) -> tuple[int, bool]:
        """``(answer index, hard)``; raises :class:`BadTokenError`."""
        try:
            raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        except (ValueError, TypeError):
            raw = b""
        if len(raw) != 25:
            raise BadTokenError("the game token is malformed; start a new game")
        nonce, body, tag = raw[:8], raw[8:13], raw[13:]
        if not hmac.compare_digest(tag, self._mac(b"tag", nonce + body + digest.encode())[:12]):
            raise BadTokenError(
                "the game token does not match this server or word list "
                "(the server may have restarted); start a new game"
            )
        plain = bytes(a ^ b for a, b in zip(body, self._mac(b"key", nonce), strict=False))
        return int.from_bytes(plain[:4], "big"), bool(plain[4])


def new_game(ctx: Context, req: NewGameRequest) -> dict[str, Any]:
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
        "token": sealer.seal(answer, req.hard, words.digest),
        "words": list_label(req, loaded),
        "length": words.length,
        "hard": req.hard,
        "max_guesses": MAX_GUESSES,
    }


def _replay_game(loaded: Loaded, sealer: GameSealer, token: str, guesses: list[str]) -> Game:
    answer, hard = sealer.open(token, loaded.words.digest)
    if not 0 <= answer < len(loaded.words.answers):
        raise BadTokenError("the game token names no answer of this list; start a new game")
    game = Game(
        loaded.words.answers[answer], loaded.words, hard=hard, max_guesses=MAX_GUESSES,
        table=loaded.table,
    )
    for i, word in enumerate(guesses, 1):
        try:
            game.guess(word)
        except WordlelabError as exc:
            raise type(exc)(f"guess {i} ({word.strip().lower()}): {exc}") from None
    return game


def _game_json(game: Game) -> dict[str, Any]:
    words = game.words
    out: dict[str, Any] = {
        "rows": [_step_json(words, s.guess, s.pattern) for s in game.history],
        "won": game.won,
        "over": game.over,
        "hard": game.session.hard,
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
    from ..kernels import partition_stats
    from ..review import review_game

    loaded = ctx.lists.get(req)
    strat = build_strategy(req.strategy, {})
    words, table = loaded.words, loaded.table
    game = _replay_game(loaded, ctx.sealer, req.token, req.guesses)
    if not game.over:
        raise GameOverError("the review is shown once the game is over; keep guessing")
    answer = game.answer
    played = [words.allowed[s.guess] for s in game.history]
    require_tree(strat, loaded, game.session.hard)
    rv = review_game(
        words, played, words.answers[answer], hard=game.session.hard, strategy=req.strategy,
        table=table,
    )
    win = all_green(words.length)
    npat = n_patterns(words.length)
    state = State.initial(words, table)
    rows = []
    for step, g in zip(game.history, rv.guesses, strict=True):
        cands = state.candidates
        best = words.guess_id(g.suggestion)
        _, _, sumsq, _ = partition_stats(table, np.array([best], dtype=np.int64), cands, npat)
        same = int(np.count_nonzero(table[best, cands] == table[best, answer]))
        rows.append(
            {
                **_step_json(words, step.guess, step.pattern),
                "candidates_before": g.candidates_before,
                "left": g.candidates_after,
                "expected_left": g.expected,
                "best_guess": g.suggestion,
                # 0 when the suggestion is the answer (a win), as for the played guess
                "best_left": same - int(table[best, answer] == win),
                "best_expected_left": float(sumsq[0] / len(cands)),
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
