"""Word lists: the possible answers and the allowed guesses.

A :class:`WordList` holds ``answers`` (the words that can be the solution) and
``allowed`` (the legal guesses, always a superset of the answers), both as
tuples of lower-case strings and as letter-code arrays ``uint8[N, L]`` for the
kernels.  Lists ship with the package (``data/``) and are addressed by name;
users can bring their own files of any word length from 3 to 11.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import cached_property
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from .errors import InvalidWordError, WordListError

# numpy is imported where the letter-code arrays are made: naming and reading
# lists (`wordlelab lists`, the word checks) does not need it
if TYPE_CHECKING:
    import numpy as np

    from .types import CodeArray, IndexArray

__all__ = [
    "BUILTIN_LISTS",
    "DAILY_LIST",
    "DEFAULT_LIST",
    "WordList",
    "load_wordlist",
    "parse_words",
    "read_upto",
    "read_words",
]

MIN_LENGTH = 3
MAX_LENGTH = 11
#: the most words a list (answers or guesses) may have
MAX_WORDS = 200_000
#: the most bytes of the guess x answer pattern table of one list: 4 GiB, which
#: keeps the table (and the build) within a desktop's memory; 12972 x 2315
#: five-letter words need 29 MiB, so the limit is far above real lists
MAX_TABLE_BYTES = 4 * 2**30
#: the biggest word file read (bytes); 200_000 words of 11 letters take 2.4 MB
MAX_FILE_BYTES = 64 * 2**20

#: name -> (answers file, allowed-guesses file, one-line description)
BUILTIN_LISTS: dict[str, tuple[str, str, str]] = {
    "original": (
        "answers-2315.txt",
        "guesses-12972.txt",
        "original Wordle: 2315 answers (sorted), 12972 allowed guesses",
    ),
    "original-order": (
        "answers-2315-original-order.txt",
        "guesses-12972.txt",
        "original Wordle, answers in the game's day order (cigar, rebut, ...)",
    ),
    "nyt": (
        "answers-nyt-2309.txt",
        "guesses-14855.txt",
        "NYT 2022 edit: 2309 answers, 14855 allowed guesses",
    ),
    "nyt-2023": (
        "answers-nyt-3158.txt",
        "guesses-14855.txt",
        "NYT answer pool as of July 2023: 3158 answers, 14855 allowed guesses",
    ),
    "nyt-12959": (
        "answers-nyt-2309.txt",
        "guesses-12959.txt",
        "NYT 2309 answers with the 12959-word guess list (13 slurs removed)",
    ),
}
#: the list of the library, the benchmarks and the published figures (they were made on it)
DEFAULT_LIST = "original"
#: the list of the commands a daily player uses (assist, suggest, play, the web
#: Assistant and Play): the most current answer pool shipped
DAILY_LIST = "nyt-2023"


def parse_words(lines: list[str], source: str, length: int | None = None) -> list[str]:
    """Normalise and validate words, one per line.

    Blank lines and lines starting with ``#`` are skipped, case is folded,
    duplicates keep their first position.  Any other line must be a single word
    of letters only, of the same length as the first word (or ``length``).
    Raises :class:`WordListError` naming the file and line of the first problem.
    """
    words: list[str] = []
    seen: set[str] = set()
    for lineno, raw in enumerate(lines, start=1):
        if lineno == 1:
            raw = raw.removeprefix("\ufeff")  # a UTF-8 byte-order mark
        word = raw.strip().lower()
        if not word or word.startswith("#"):
            continue
        if not word.isalpha():
            raise WordListError(
                f"{source}, line {lineno}: {raw.strip()!r} is not a word of letters only; "
                "put one word per line, e.g. 'cigar'"
            )
        if length is None:
            length = len(word)
            if not MIN_LENGTH <= length <= MAX_LENGTH:
                raise WordListError(
                    f"{source}, line {lineno}: {word!r} has {length} letters; "
                    f"word length must be {MIN_LENGTH} to {MAX_LENGTH}"
                )
        if len(word) != length:
            raise WordListError(
                f"{source}, line {lineno}: {word!r} has {len(word)} letters but the list's "
                f"words have {length}; every word must have the same length"
            )
        if word not in seen:
            if len(words) == MAX_WORDS:
                raise WordListError(
                    f"{source}, line {lineno}: more than {MAX_WORDS} words; a list may have at "
                    f"most {MAX_WORDS} (see wordlelab.words.MAX_WORDS)"
                )
            seen.add(word)
            words.append(word)
    if not words:
        raise WordListError(f"{source}: no words found (one word per line, '#' starts a comment)")
    return words


def read_upto(path: str | Path, limit: int) -> bytes | None:
    """The bytes of ``path``, or None if it has more than ``limit`` (never reads more:
    safe on ``/dev/zero``).  Raises ``OSError`` if it cannot be read."""
    with Path(path).open("rb") as f:
        data = f.read(limit + 1)
    return data if len(data) <= limit else None


def read_words(path: str | Path, length: int | None = None) -> list[str]:
    """Read a user's word file (see :func:`parse_words` for the rules)."""
    p = Path(path)
    try:
        data = read_upto(p, MAX_FILE_BYTES)
        if data is None:
            raise WordListError(f"word file {str(p)!r} is bigger than {MAX_FILE_BYTES // 2**20} MiB")
        text = data.decode("utf-8")
    except FileNotFoundError:
        raise WordListError(f"word file {str(p)!r} does not exist") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise WordListError(f"cannot read word file {str(p)!r}: {exc}") from None
    return parse_words(text.splitlines(), str(p), length)


def _builtin_lines(filename: str) -> list[str]:
    return resources.files("wordlelab.data").joinpath(filename).read_text("utf-8").splitlines()


@dataclass(frozen=True, eq=False)
class WordList:
    """Answers and allowed guesses of one game, with their letter-code arrays.

    ``allowed`` keeps the order it was given in, with any answers it lacked
    appended, so a guess's index is stable; "word order" in tie-breaks means
    this index.  ``answers`` keeps its own order (a strategy may tie-break on it).
    """

    name: str
    answers: tuple[str, ...]
    allowed: tuple[str, ...]
    alphabet: str = field(init=False)

    def __post_init__(self) -> None:
        if not self.answers:
            raise WordListError(f"word list {self.name!r} has no answers")
        lengths = {len(w) for w in self.answers} | {len(w) for w in self.allowed}
        if len(lengths) != 1:
            raise WordListError(
                f"word list {self.name!r} mixes word lengths {sorted(lengths)}; "
                "answers and guesses must all have the same length"
            )
        allowed_set = set(self.allowed)
        missing = [w for w in self.answers if w not in allowed_set]
        if missing:
            object.__setattr__(self, "allowed", tuple(self.allowed) + tuple(missing))
        from .types import table_dtype

        cells = len(self.allowed) * len(self.answers) * table_dtype(self.length).itemsize
        if cells > MAX_TABLE_BYTES:
            raise WordListError(
                f"word list {self.name!r} is too big: {len(self.answers)} answers x "
                f"{len(self.allowed)} guesses need a {cells / 2**30:.1f} GiB pattern table; "
                f"the limit is {MAX_TABLE_BYTES // 2**30} GiB (see wordlelab.words.MAX_TABLE_BYTES)"
            )
        letters = sorted(set("".join(self.allowed)))
        if len(letters) > 255:
            raise WordListError(f"word list {self.name!r} uses more than 255 distinct letters")
        object.__setattr__(self, "alphabet", "".join(letters))

    @classmethod
    def from_words(cls, answers: list[str], allowed: list[str] | None = None, name: str = "custom") -> WordList:
        """Build a list from Python strings (validated like a file)."""
        a = parse_words(list(answers), f"{name} answers")
        g = parse_words(list(allowed), f"{name} guesses", len(a[0])) if allowed else []
        return cls(name, tuple(a), tuple(g))

    @property
    def length(self) -> int:
        """Letters per word."""
        return len(self.answers[0])

    @cached_property
    def digest(self) -> str:
        """sha256 of both lists in order: the key of every on-disk cache."""
        h = hashlib.sha256()
        h.update("\n".join(self.answers).encode())
        h.update(b"\0")
        h.update("\n".join(self.allowed).encode())
        return h.hexdigest()

    def _codes(self, words: tuple[str, ...]) -> CodeArray:
        import numpy as np

        lookup = {ch: i for i, ch in enumerate(self.alphabet)}
        arr = np.empty((len(words), self.length), dtype=np.uint8)
        for i, w in enumerate(words):
            arr[i] = [lookup[ch] for ch in w]
        return arr

    @cached_property
    def answer_codes(self) -> CodeArray:
        """``uint8[A, L]`` letter codes (index into ``alphabet``) of the answers."""
        return self._codes(self.answers)

    @cached_property
    def allowed_codes(self) -> CodeArray:
        """``uint8[G, L]`` letter codes of the allowed guesses."""
        return self._codes(self.allowed)

    @cached_property
    def allowed_index(self) -> dict[str, int]:
        return {w: i for i, w in enumerate(self.allowed)}

    @cached_property
    def answer_index(self) -> dict[str, int]:
        return {w: i for i, w in enumerate(self.answers)}

    @cached_property
    def answer_to_allowed(self) -> IndexArray:
        """``int64[A]``: the allowed-guess index of each answer."""
        import numpy as np

        idx = self.allowed_index
        return np.array([idx[w] for w in self.answers], dtype=np.int64)

    @cached_property
    def allowed_is_answer(self) -> np.ndarray:
        """``bool[G]``: whether each allowed guess is also a possible answer."""
        import numpy as np

        out = np.zeros(len(self.allowed), dtype=bool)
        out[self.answer_to_allowed] = True
        return out

    @cached_property
    def allowed_letter_counts(self) -> np.ndarray:
        """``uint8[G, len(alphabet)]``: copies of each letter in each allowed guess."""
        import numpy as np

        counts = np.zeros((len(self.allowed), len(self.alphabet)), dtype=np.uint8)
        rows = np.arange(len(self.allowed))
        for i in range(self.length):
            np.add.at(counts, (rows, self.allowed_codes[:, i]), 1)
        return counts

    def normalize(self, word: str) -> str:
        """``word`` stripped and lower-cased; raises :class:`InvalidWordError` if it is not text."""
        if not isinstance(word, str):
            raise InvalidWordError(f"a word must be text, not {type(word).__name__} {repr(word)[:40]}")
        return word.strip().lower()

    def guess_id(self, word: str) -> int:
        """Index of ``word`` in ``allowed``; raises :class:`InvalidWordError` if not legal."""
        w = self.normalize(word)
        if len(w) != self.length or not w.isalpha():
            raise InvalidWordError(
                f"{word.strip()[:40]!r} is not a {self.length}-letter word; "
                f"type a word of {self.length} letters, e.g. {self.answers[0]!r}"
            )
        try:
            return self.allowed_index[w]
        except KeyError:
            raise InvalidWordError(
                f"{w!r} is not in the allowed guesses of list {self.name!r}; "
                "check the spelling, or give a bigger list of allowed guesses with `guesses`"
            ) from None

    def answer_id(self, word: str) -> int:
        """Index of ``word`` in ``answers``; raises :class:`InvalidWordError` if absent."""
        w = self.normalize(word)
        self.guess_id(w)  # same length/letters checks and message
        try:
            return self.answer_index[w]
        except KeyError:
            raise InvalidWordError(f"{w!r} is a legal guess but not a possible answer in list {self.name!r}") from None

    def answers_only(self) -> WordList:
        """The same answers, with guesses limited to the answers."""
        return WordList(f"{self.name}/answers-only", self.answers, self.answers)

    def __repr__(self) -> str:
        return (
            f"WordList({self.name!r}, {len(self.answers)} answers, {len(self.allowed)} allowed, {self.length} letters)"
        )


def load_wordlist(words: str | None = None, guesses: str | None = None) -> WordList:
    """Load a list by built-in name or from files.

    ``words`` is a built-in name (see :data:`BUILTIN_LISTS`; default
    ``original``) or a path to an answers file.  ``guesses`` is an optional
    path to an allowed-guesses file; for a custom answers file without it the
    allowed guesses are the answers themselves.
    """
    words = words or DEFAULT_LIST
    if words in BUILTIN_LISTS:
        ans_file, guess_file, _ = BUILTIN_LISTS[words]
        answers = parse_words(_builtin_lines(ans_file), ans_file)
        allowed = (
            read_words(guesses, len(answers[0])) if guesses else parse_words(_builtin_lines(guess_file), guess_file)
        )
        return WordList(words, tuple(answers), tuple(allowed))
    path = Path(words)
    if not path.exists():
        raise WordListError(
            f"{words!r} is neither a built-in word list ({', '.join(BUILTIN_LISTS)}) nor an existing file"
        )
    answers = read_words(path)
    allowed = read_words(guesses, len(answers[0])) if guesses else []
    return WordList(path.stem, tuple(answers), tuple(allowed))
