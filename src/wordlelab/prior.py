"""Unknown answer list: every allowed word may be the answer, weighted by a prior.

The NYT has picked answers by hand since late 2022, so no fixed answer list is
exact any more.  In *prior mode* the answers are all the allowed guesses, each
weighted by how common the word is in English, from the ``wordfreq`` package
(offline; its data ships inside the wheel).

The weight of a word with Zipf frequency ``z`` (log10 of uses per billion
words; "about" 6.4, "cigar" 3.57, "salet" 0) is a logistic curve, so common words weigh
about 1 and rare ones are smoothed rather than excluded (wordfreq gives 0 to every word it does not know, about
31 % of the 12972 guesses)::

    weight(z) = 1 / (1 + exp(-(z - center) / width))        center 3.0, width 0.5

With these defaults a word wordfreq does not know weighs ``1/(1+e**6)`` =
0.0025, and the 2315 original answers carry about half of the total mass of
the 12972 words (``docs/unknown-answers.md`` has the figures and how the
choices differ from the fixed-list mode).

:func:`prior_wordlist` returns the word list (answers = allowed) and the weight
vector, aligned with its answers, to hand to ``Session(weights=...)``.  The
weights are cached on disk next to the pattern tables.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import os
from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np

from .cachefile import cache_path, load_array, notice, save_array
from .errors import CacheDamage, WordListError
from .modes import Rule
from .state import State
from .strategies.base import Ranked, Strategy, get_strategy
from .table import pattern_table
from .types import FloatArray, PatternTable
from .words import WordList, load_wordlist

__all__ = [
    "PRIOR_CENTER",
    "PRIOR_WIDTH",
    "PriorPlayer",
    "Widened",
    "check_language",
    "frequency_weights",
    "prior_wordlist",
    "weighted_mean",
    "widened",
    "zipf_frequencies",
]

#: Zipf frequency that gets weight 1/2 (about one use per million words)
PRIOR_CENTER = 3.0
#: Zipf units over which the weight goes from 0.27 to 0.73
PRIOR_WIDTH = 0.5


def check_language(lang: str) -> str:
    """``lang`` if wordfreq has frequencies for it, else :class:`WordListError`.

    wordfreq takes a BCP 47 language code (``en``, ``de``, ``pt-BR``); a variant
    it has no list for falls back to the nearest match (``en-US`` -> ``en``, with
    a logged warning).  A code it has nothing for raises ``LookupError`` and a
    malformed one ``ValueError`` deep inside wordfreq; both become one message
    listing the available codes.
    """
    from wordfreq import available_languages, zipf_frequency

    known = available_languages()
    if lang in known:
        return lang
    try:
        zipf_frequency("a", lang)
    except (LookupError, ValueError) as exc:
        raise WordListError(
            f"wordfreq has no word frequencies for language {lang!r} ({exc}); "
            f"give `lang` a code it knows, e.g. en: {', '.join(sorted(known))}"
        ) from None
    return lang


def zipf_frequencies(words: Sequence[str], lang: str = "en") -> FloatArray:
    """``float64[N]`` wordfreq Zipf frequencies (0.0 for words it does not know) in
    language ``lang`` (a wordfreq code, checked by :func:`check_language`)."""
    from wordfreq import zipf_frequency

    check_language(lang)
    return np.array([zipf_frequency(w, lang) for w in words], dtype=np.float64)


def frequency_weights(
    words: Sequence[str],
    *,
    center: float = PRIOR_CENTER,
    width: float = PRIOR_WIDTH,
    lang: str = "en",
) -> FloatArray:
    """``float64[N]`` prior weights in (0, 1) (formula in the module docstring), not normalised."""
    if width <= 0:
        raise WordListError(f"prior width must be positive, got {width}")
    z = zipf_frequencies(words, lang)
    return 1.0 / (1.0 + np.exp(-(z - center) / width))


def prior_wordlist(
    base: WordList | str | None = None,
    *,
    center: float = PRIOR_CENTER,
    width: float = PRIOR_WIDTH,
    lang: str = "en",
) -> tuple[WordList, FloatArray]:
    """Prior mode for ``base`` (a WordList or a built-in name; default ``original``).

    Returns ``(words, weights)``: ``words.answers`` is every allowed guess of
    ``base`` (in its order), ``weights`` is ``float64[A]`` aligned with it.
    """
    wl = base if isinstance(base, WordList) else load_wordlist(base)
    check_language(lang)  # before the cache: a bad code fails even if a file matches
    everything = WordList(f"{wl.name}+prior", wl.allowed, wl.allowed)
    tag = hashlib.sha256(f"{lang}|{center!r}|{width!r}".encode()).hexdigest()[:12]
    path = cache_path("prior", everything.digest, tag, suffix=".npy")
    key = f"prior|{everything.digest}|{lang}|{center!r}|{width!r}"
    if os.path.lexists(path):
        try:
            cached = load_array(
                path,
                key,
                (len(everything.answers),),
                np.dtype(np.float64),
                mmap=False,
                check=_check_weights,
            )
            return everything, cached
        except CacheDamage as exc:
            notice("prior weights", path, str(exc))
    weights = frequency_weights(everything.answers, center=center, width=width, lang=lang)
    with contextlib.suppress(OSError):  # a cache that cannot be written: computed every time
        save_array(path, key, weights)
    return everything, weights


@dataclasses.dataclass(frozen=True, eq=False)
class Widened:
    """A list widened to the allowed words that fit a game, ready to play: those words
    as the answers of ``words`` (whose allowed guesses are the list's own, in the same
    order, so a guess index means the same word in both), their frequency ``weights``
    and their pattern ``table``."""

    words: WordList
    weights: FloatArray
    table: PatternTable


def widened(base: WordList, fits: Sequence[int], rule: Rule | str = Rule.OFFICIAL, lang: str = "en") -> Widened:
    """``base`` widened to its allowed words ``fits`` (allowed indices, e.g. those that
    would show every colour of a game so far, :func:`wordlelab.state.ultra_legal`),
    weighted by :func:`frequency_weights`: what a :class:`~wordlelab.game.Session`
    goes on with when the colours rule out every answer of ``base``.

    Built in memory for just those words (a table of allowed guesses x the words that
    fit, a few milliseconds), so nothing is written to disk and nothing is kept."""
    answers = tuple(base.allowed[int(i)] for i in fits)
    words = WordList(f"{base.name}+allowed", answers, base.allowed)
    # the same allowed words give the same alphabet and codes: reuse them, not rebuild
    words.__dict__["allowed_codes"] = base.allowed_codes
    weights = frequency_weights(answers, lang=lang)
    return Widened(words, weights, pattern_table(words, rule, persist=False))


def _check_weights(w: np.ndarray) -> str | None:
    """Prior weights are finite and within [0, 1] (the logistic curve's range)."""
    if not np.all(np.isfinite(w)) or np.any(w < 0) or np.any(w > 1):
        return "weights outside [0, 1]"
    return None


def weighted_mean(values: np.ndarray, weights: np.ndarray) -> float:
    """``sum(w * v) / sum(w)``: e.g. expected guesses when answers follow the prior."""
    w = np.asarray(weights, dtype=np.float64)
    return float((w * np.asarray(values, dtype=np.float64)).sum() / w.sum())


class PriorPlayer(Strategy):
    """Plays ``inner`` with the prior attached to every state, and finishes smartly.

    ``inner`` ranks with the weights (the partition strategies then use prior
    mass instead of counts).  With one or two candidates left it plays the
    more probable one (ties: the lower index): the weighted partition scores
    tie between two candidates and would otherwise pick by word order.
    Usable with :func:`wordlelab.simulate.run_benchmark`, which builds states
    without weights.
    """

    name: ClassVar[str] = "prior"
    #: the tree walk must ask this player even with 1-2 candidates left
    endgame_limit: ClassVar[int] = 0

    def __init__(self, inner: Strategy | str, weights: FloatArray) -> None:
        self.inner = get_strategy(inner) if isinstance(inner, str) else inner
        self.weights = np.asarray(weights, dtype=np.float64)
        self.weights.flags.writeable = False

    @property
    def higher_is_better(self) -> bool:  # type: ignore[override]  # read scores as inner's
        return self.inner.higher_is_better

    def options(self) -> dict[str, Any]:
        return {"inner": self.inner.key}

    def _with_weights(self, state: State) -> State:
        if state.weights is self.weights:
            return state
        return dataclasses.replace(state, weights=self.weights)

    def rank(self, state: State, top: int = 5) -> list[Ranked]:
        return self.inner.rank(self._with_weights(state), top)

    def choose(self, state: State) -> int:
        cands = state.candidates
        if len(cands) <= 2:
            w = self.weights[cands]
            best = cands[int(np.argmax(w))]  # argmax keeps the first (lower index) on ties
            g = int(state.words.answer_to_allowed[best])
            if g in set(state.legal.tolist()):
                return g
        return self.inner.choose(self._with_weights(state))
