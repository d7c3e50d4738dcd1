"""Benchmark: the assistant on today's puzzle, with its default configuration.

Plays every game the way a player who follows the assistant would: at each turn
the top suggestion of ``Session.suggest`` (greedy entropy, normal mode), the
colours it shows, and, when those rule out every answer of the list in use, the
widened list (every allowed word that fits, weighted by word frequency).  No
sampling: every answer of each set is played once.  The same history always gets
the same suggestion, so suggestions are memoised by history within a run.

Answer sets:

1. the 3158 answers of ``nyt-2023`` (the NYT's pool as of July 2023);
2. every allowed word (of the 14855) that is in no shipped answer list and has a
   Zipf frequency of at least 3 in wordfreq's English: common words an editor
   could still pick, which only the widening can find.

Each set is played with the list the daily commands use now (``nyt-2023``) and,
for comparison, with the ``original`` answers (the default before) and the same
14855 allowed guesses (the original 12972 lack words the NYT has used since, such
as AMARO, which no game could then find); words outside the 2315 are found through
the widening.  Printed: games, solved within six, mean
guesses (over all games; a game not solved within 30 counts as failed and is
left out of the mean), the worst game, and the time.

    .venv/bin/python bench/bench_daily.py [--limit N]
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from wordlelab import Game, get_strategy, load_wordlist
from wordlelab.prior import zipf_frequencies
from wordlelab.words import BUILTIN_LISTS, WordList

#: the guesses a game may take here before it counts as failed (far above six)
MAX_TURNS = 30


def play_all(words: WordList, answers: list[str], strategy: str = "entropy") -> tuple[np.ndarray, int]:
    """Guesses taken for each answer (0: not found within :data:`MAX_TURNS`), and how
    many games needed the widening."""
    strat = get_strategy(strategy)
    memo: dict[tuple[tuple[int, int], ...], str] = {}
    out = np.zeros(len(answers), dtype=np.int64)
    widened = 0
    for k, answer in enumerate(answers):
        game = Game(answer, words, max_guesses=MAX_TURNS)
        while not game.over:
            key = tuple((s.guess, s.pattern) for s in game.history)
            guess = memo.get(key)
            if guess is None:
                guess = game.session.suggest(strat, 1)[0].word
                memo[key] = guess
            game.guess(guess)
        widened += game.session.widened
        out[k] = len(game.history) if game.won else 0
    return out, widened


def row(label: str, guesses: np.ndarray, widened: int, secs: float) -> str:
    won = guesses > 0
    within = (won & (guesses <= 6)).mean()
    mean = guesses[won].mean() if won.any() else float("nan")
    worst = int(guesses.max()) if won.all() else "not found"
    return f"| {label} | {len(guesses)} | {within:.2%} | {mean:.4f} | {worst} | {widened} | {secs:.0f} s |"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, default=0, help="play only every k-th answer of each set (0: all)")
    ap.add_argument("--zipf", type=float, default=3.0, help="least Zipf frequency of the common words")
    args = ap.parse_args()
    pool = load_wordlist("nyt-2023")
    original = WordList("original", load_wordlist("original").answers, pool.allowed)
    listed: set[str] = set()
    for name in BUILTIN_LISTS:
        listed |= set(load_wordlist(name).answers)
    outside = [w for w in pool.allowed if w not in listed]
    z = zipf_frequencies(outside)
    common = [w for w, zi in zip(outside, z, strict=True) if zi >= args.zipf]
    sets = {
        "nyt-2023 answers": list(pool.answers),
        f"common words in no list (zipf >= {args.zipf:g})": common,
    }
    print(
        f"{len(outside)} allowed words are in no shipped answer list; {len(common)} of them have zipf >= {args.zipf:g}"
    )
    print()
    print("| answers | list in use | games | solved within 6 | mean guesses | worst | widened | time |")
    print("|---|---|---|---|---|---|---|---|")
    for set_name, answers in sets.items():
        if args.limit > 1:
            answers = answers[:: args.limit]
        for list_name in ("nyt-2023", "original"):
            words = pool if list_name == "nyt-2023" else original
            t0 = time.perf_counter()
            guesses, widened = play_all(words, answers)
            secs = time.perf_counter() - t0
            print(row(f"{set_name} | {list_name}", guesses, widened, secs), flush=True)


if __name__ == "__main__":
    main()
