"""The opener atlas: every allowed opening guess with its exact total or proven bound.

The tables are the output of ``wordlelab openers --exact --all --tsv`` (the
search, :mod:`wordlelab.search.openers`), shipped as package data in
``wordlelab/data/openers/LIST-MODE.tsv`` (``original-normal.tsv``, ...), one row
per allowed guess: ``word<TAB>total<TAB>exact``.  ``exact`` is 1 where ``total``
is the proven optimum of the best tree opening with that word, 0 where it is a
proven lower bound (a bounded search stopped once the opener was proven worse than
the total it was searched against: the best opener's + 30, or higher where the
bounds were raised), and ``inf`` (exact 1) means no tree finds every answer
within six guesses.  The copies in ``docs/openers/`` are the same bytes (a test
checks).

Where a row is only a bound, :func:`compute_total` computes the exact total on
demand and keeps it in the user's store (:mod:`wordlelab.opener_store`);
:func:`load_opener_table` reads the shipped table with the store's totals in
place of its bounds.

Reading a table is instant: no search, no pattern table.  Ranks handle ties
and bounds: an opener's rank is a range ``lo..hi`` — ``lo`` counts the openers
certainly better (exact totals below it) plus one, ``hi`` every opener that may
be better or equal (exact totals up to it, and bounds up to it, whose true
totals are unknown).  A bound's rank has no upper end but the table's size.
"""

from __future__ import annotations

import bisect
import functools
import logging
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from .errors import InvalidWordError, OpenerTableError
from .opener_store import StoredTotal, TotalStore

if TYPE_CHECKING:
    from .search import ExactJob, OpenerResult

log = logging.getLogger("wordlelab.cache")

__all__ = [
    "OpenerRank",
    "OpenerRow",
    "OpenerTable",
    "available_tables",
    "compute_total",
    "fold_bounds",
    "fold_exact",
    "keep_total",
    "load_opener_table",
    "opener_job",
    "opener_table_tsv",
    "parse_opener_table",
    "shipped_table",
    "table_name_for",
    "user_store",
]

#: the answers of each table's list (the mean is total / answers)
TABLE_ANSWERS = {"original": 2315, "nyt": 2309, "nyt-2023": 3158}
#: built-in word lists -> the table list with the same answers and guesses
LIST_TABLES = {"original": "original", "original-order": "original", "nyt": "nyt", "nyt-2023": "nyt-2023"}


@dataclass(frozen=True)
class OpenerRow:
    """One opener: ``total`` None means no tree finds every answer within the cap;
    ``computed``: exact from the user's store (computed on this machine), where the
    shipped table has a lower bound."""

    word: str
    total: int | None
    exact: bool
    computed: bool = False

    @property
    def shown(self) -> str:
        """The total as the pages show it: ``7920``, ``>= 7951`` or ``impossible``."""
        if self.total is None:
            return "impossible"
        return str(self.total) if self.exact else f">= {self.total}"

    @classmethod
    def of(cls, result: OpenerResult) -> OpenerRow:
        """The row a search's result makes: its ``INF`` (no tree within the cap,
        proven whether it came exact or as a fail-high) is ``None`` and exact; a
        total is a plain ``int`` (the kernel's may be a numpy integer)."""
        from .search import INF

        if result.total >= INF:
            return cls(result.word, None, True)
        return cls(result.word, int(result.total), result.exact)


@dataclass(frozen=True)
class OpenerRank:
    """Where one opener stands in a table (see the module docstring for the rank range)."""

    row: OpenerRow
    rank_lo: int
    rank_hi: int
    count: int
    answers: int
    best: OpenerRow

    @property
    def mean(self) -> float | None:
        """Mean guesses per answer (a lower bound where the total is one)."""
        return None if self.row.total is None else self.row.total / self.answers

    @property
    def gap(self) -> int | None:
        """Guesses in total more than the best opener (a lower bound where the total is one)."""
        if self.row.total is None or self.best.total is None:
            return None
        return self.row.total - self.best.total

    @property
    def rank_text(self) -> str:
        """``1``, ``3-5`` (tied, or bounds at or below its total) or ``>= 12`` (a bound)."""
        if not self.row.exact:
            return f">= {self.rank_lo}"
        if self.rank_lo == self.rank_hi:
            return str(self.rank_lo)
        return f"{self.rank_lo}-{self.rank_hi}"

    def as_dict(self) -> dict[str, object]:
        mean = self.mean
        return {
            "word": self.row.word,
            "total": self.row.total,
            "exact": self.row.exact,
            "computed": self.row.computed,
            "shown": self.row.shown,
            "rank": self.rank_text,
            "rank_lo": self.rank_lo,
            "rank_hi": self.rank_hi,
            "openers": self.count,
            "answers": self.answers,
            "mean": None if mean is None else round(mean, 4),
            "gap": self.gap,
            "best": self.best.word,
            "best_total": self.best.total,
        }


@dataclass(frozen=True)
class OpenerTable:
    """The rows of one table, sorted by total (impossible last), then word."""

    words: str
    mode: str
    answers: int
    rows: tuple[OpenerRow, ...]

    @functools.cached_property
    def _index(self) -> dict[str, int]:
        return {r.word: i for i, r in enumerate(self.rows)}

    @functools.cached_property
    def _exact_totals(self) -> list[float]:
        return sorted(_key(r) for r in self.rows if r.exact)

    @functools.cached_property
    def _bound_totals(self) -> list[float]:
        return sorted(_key(r) for r in self.rows if not r.exact)

    @property
    def best(self) -> OpenerRow:
        return self.rows[0]

    @property
    def exact_count(self) -> int:
        return len(self._exact_totals)

    def bounds_at_most(self, total: int) -> int:
        """How many rows are lower bounds at or below ``total`` (openers whose
        true total may still equal it)."""
        return bisect.bisect_right(self._bound_totals, total)

    def with_totals(self, stored: Mapping[str, StoredTotal]) -> OpenerTable:
        """This table with the exact totals of ``stored`` in place of lower bounds.

        A stored total counts only where this table's row is a lower bound and the
        total is at least that bound; one below it cannot be true and is ignored,
        with a notice (a shipped exact total always wins)."""
        rows = []
        for r in self.rows:
            s = stored.get(r.word)
            if s is None or r.exact or r.total is None:
                rows.append(r)
            elif s.total is None or s.total >= r.total:
                rows.append(OpenerRow(r.word, s.total, True, computed=True))
            else:
                log.warning(
                    "wordlelab: stored total %s of %s is below its proven bound %s; ignored", s.total, r.word, r.total
                )
                rows.append(r)
        rows.sort(key=_order)
        return OpenerTable(self.words, self.mode, self.answers, tuple(rows))

    def ranking(self) -> list[OpenerRow]:
        """The rows in ranking order, as ``openers --top`` lists them: exact totals
        from the best up, then the proven lower bounds (their true totals are
        unknown, so they come after every exact one), then the openers with no
        tree within six guesses."""
        exact = [r for r in self.rows if r.exact and r.total is not None]
        bounds = [r for r in self.rows if not r.exact]
        impossible = [r for r in self.rows if r.total is None]
        return exact + bounds + impossible

    def row(self, word: str) -> OpenerRow:
        """The row of ``word`` (any case); :class:`InvalidWordError` if it has none."""
        w = word.strip().lower()
        i = self._index.get(w)
        if i is None:
            shown = w if len(w) <= 20 else w[:20] + "..."
            raise InvalidWordError(
                f"{shown!r} is not an allowed guess of the {self.words} list "
                f"({len(self.rows)} openers in the {self.mode}-mode table)"
            )
        return self.rows[i]

    def rank(self, word: str) -> OpenerRank:
        """Rank, total, mean and gap to the best of ``word``."""
        row = self.row(word)
        t = _key(row)
        lo = bisect.bisect_left(self._exact_totals, t) + 1
        if row.exact:
            hi = bisect.bisect_right(self._exact_totals, t) + bisect.bisect_right(self._bound_totals, t)
        else:
            hi = len(self.rows)
        return OpenerRank(row, lo, hi, len(self.rows), self.answers, self.best)


def _key(row: OpenerRow) -> float:
    return float("inf") if row.total is None else float(row.total)


def parse_opener_table(text: str, words: str, mode: str, answers: int, source: str = "table") -> OpenerTable:
    """A table from its TSV text (header ``word total exact``)."""
    lines = text.splitlines()
    if not lines or lines[0].split("\t") != ["word", "total", "exact"]:
        raise OpenerTableError(f"{source}: the first line must be 'word<TAB>total<TAB>exact'")
    rows = []
    for n, line in enumerate(lines[1:], 2):
        if not line.strip():
            continue
        parts = line.split("\t")
        if len(parts) != 3 or parts[2] not in ("0", "1"):
            raise OpenerTableError(f"{source}, line {n}: expected word, total, exact (0 or 1)")
        word, total, exact = parts
        if total == "inf":
            rows.append(OpenerRow(word, None, True))
            continue
        try:
            value = int(total)
        except ValueError:
            raise OpenerTableError(f"{source}, line {n}: total {total!r} is not a whole number or 'inf'") from None
        rows.append(OpenerRow(word, value, exact == "1"))
    if not rows:
        raise OpenerTableError(f"{source}: no rows")
    rows.sort(key=_order)
    return OpenerTable(words, mode, answers, tuple(rows))


def opener_table_tsv(rows: Iterable[OpenerRow]) -> str:
    """The TSV text of a table (what :func:`parse_opener_table` reads): rows sorted by
    total then word, ``inf`` (exact 1) for an opener with no tree within the cap."""
    lines = ["word\ttotal\texact"]
    for r in sorted(rows, key=lambda r: (_key(r), r.word)):
        total = "inf" if r.total is None else str(r.total)
        lines.append(f"{r.word}\t{total}\t{1 if r.exact else 0}")
    return "\n".join(lines) + "\n"


def fold_exact(table: OpenerTable, results: Mapping[str, OpenerResult]) -> OpenerTable:
    """``table`` with the exact totals of an all-exact run's ``results`` (so far) in
    place of its lower bounds, for the shipped tables while a run is under way.

    Both are proven, so they must agree: a result below its row's bound, or an exact
    row the run computed differently, raises :class:`OpenerTableError` (a bug in one
    of the two searches, not something to paper over).  Lower bounds in ``results``
    (a bounded run) are left out: :func:`fold_bounds` folds them."""
    rows = []
    for r in table.rows:
        got = results.get(r.word)
        if got is None or not got.exact:
            rows.append(r)
            continue
        total = OpenerRow.of(got).total
        # an exact row: the same total; a bound (a number): at least it, or "impossible"
        bound_kept = total is None or r.total is None or total >= r.total
        if not (total == r.total if r.exact else bound_kept):
            raise OpenerTableError(
                f"{r.word}: the run's exact total {'inf' if total is None else total} contradicts the table's {r.shown}"
            )
        rows.append(OpenerRow(r.word, total, True))
    rows.sort(key=_order)
    return OpenerTable(table.words, table.mode, table.answers, tuple(rows))


def fold_bounds(table: OpenerTable, results: Mapping[str, OpenerResult]) -> OpenerTable:
    """``table`` with the lower bounds of a bounded run's ``results`` (``--upper U``:
    each opener proven worse than ``U``) raising its rows' bounds.  A bound lower
    than the row's is proven too, and weaker: the row keeps its own.

    A bound above an exact row's total raises :class:`OpenerTableError`, as in
    :func:`fold_exact`.  Exact results are left out (fold them with
    :func:`fold_exact`)."""
    rows = []
    for r in table.rows:
        got = results.get(r.word)
        if got is None or got.exact:
            rows.append(r)
        elif r.exact:
            if r.total is not None and got.total > r.total:
                raise OpenerTableError(
                    f"{r.word}: the run's lower bound {got.total} contradicts the table's exact total {r.total}"
                )
            rows.append(r)
        else:
            rows.append(OpenerRow(r.word, max(int(got.total), r.total if r.total is not None else 0), False))
    rows.sort(key=_order)
    return OpenerTable(table.words, table.mode, table.answers, tuple(rows))


def _order(row: OpenerRow) -> tuple[float, bool, str]:
    return (_key(row), not row.exact, row.word)


def available_tables() -> list[tuple[str, str]]:
    """``(list, mode)`` of every shipped table, e.g. ``("original", "normal")``."""
    folder = resources.files("wordlelab.data").joinpath("openers")
    out = []
    for entry in folder.iterdir():
        name = entry.name
        if name.endswith(".tsv") and "-" in name:
            lst, _, mode = name[:-4].rpartition("-")
            if lst in TABLE_ANSWERS:
                out.append((lst, mode))
    return sorted(out, key=lambda t: (list(TABLE_ANSWERS).index(t[0]), t[1] != "normal", t[1]))


def table_name_for(words: str) -> str:
    """The table list for a built-in word list name (``original-order`` reads ``original``)."""
    name = LIST_TABLES.get(words)
    if name is None:
        raise OpenerTableError(
            f"no opener table for word list {words[:40]!r}; tables exist for {', '.join(sorted(LIST_TABLES))} (`words`)"
        )
    return name


def shipped_table(words: str, mode: str) -> OpenerTable | None:
    """The table of list ``words`` in ``mode`` (with the user's store, as
    :func:`load_opener_table`), or None where none is shipped (a custom list, a list
    or mode with no table yet)."""
    lst = LIST_TABLES.get(words)
    if lst is None or (lst, mode) not in available_tables():
        return None
    return load_opener_table(lst, mode)


def load_opener_table(words: str = "original", mode: str = "normal", *, user: bool = True) -> OpenerTable:
    """The table of list ``words`` (a built-in name) in ``mode``: the shipped one (read
    once) with the totals of the user's store (:mod:`wordlelab.opener_store`) in place
    of its lower bounds; ``user=False``: the shipped one alone."""
    shipped = _load(table_name_for(words), mode)
    if not user:
        return shipped
    store = user_store(shipped.words, mode)
    signature = store.signature()
    if signature is None:
        return shipped
    return _with_store(shipped.words, mode, str(store.path), signature)


def compute_total(
    words: str, mode: str, word: str, run: Callable[[ExactJob, str], OpenerResult] | None = None
) -> OpenerRank:
    """Make ``word``'s row exact: where the table (the user's store included) has only
    a lower bound, compute the exact total, keep it in the user's store and rank it
    in the table that now includes it.  A row that is exact already is ranked as is.

    ``run(job, word)`` computes (default :func:`wordlelab.search.solve_opener`, here):
    the terminal runs it in a worker process it can stop.  The search is the exact
    one, with no bound: about a second to a minute for one opener on one core on the
    2022 lists, up to several minutes for the weakest openers of ``nyt-2023`` (QUOUK
    hard: 270 s).  The web server does the three steps apart (:func:`opener_job`, the
    search in its killable worker, :func:`keep_total`), so that only its own process
    reads the table and writes the store.
    """
    table = load_opener_table(words, mode)
    row = table.row(word)
    if row.exact:
        return table.rank(word)
    from .search.openers import solve_opener

    return keep_total(words, mode, (run or solve_opener)(opener_job(words, mode), row.word))


def opener_job(words: str, mode: str) -> ExactJob:
    """The exact search that computes a total of table list ``words`` in ``mode``: the
    configuration the user's store is kept under."""
    from .modes import GameRules
    from .search import ExactJob
    from .words import load_wordlist

    lst = table_name_for(words)
    job = ExactJob(load_wordlist(lst), GameRules(mode))
    kept_under = user_store(lst, mode).key
    if job.key != kept_under:  # pragma: no cover - the two spell the configuration alike
        raise OpenerTableError(f"the store's configuration {kept_under!r} is not the search's {job.key!r}")
    return job


def keep_total(words: str, mode: str, result: OpenerResult) -> OpenerRank:
    """Keep ``result``, the exact search of an opener whose row is only a lower bound,
    in the user's store, and rank it in the table that now includes it (where the
    cache cannot be written, in the table with it alone).  A result that is no exact
    total is refused (:class:`OpenerTableError`), one below the row's proven bound
    too (:class:`OpenerStoreError`)."""
    table = load_opener_table(words, mode)
    word = result.word
    row = table.row(word)
    if row.exact:  # settled meanwhile (another request, another process): nothing to keep
        return table.rank(word)
    assert row.total is not None  # a bound is a number
    if not result.exact:
        raise OpenerTableError(f"the search of {row.word!r} gave no exact total")
    total = OpenerRow.of(result).total
    item = StoredTotal(row.word, total, row.total, round(float(result.seconds), 3), int(result.nodes))
    store = user_store(table.words, mode)
    try:
        store.add(item)
    except OSError as exc:  # the cache cannot be written: the answer still counts now
        log.warning("wordlelab: cannot keep the total of %s in %s (%s)", row.word, store.path, exc)
        return table.with_totals({row.word: item}).rank(word)
    return load_opener_table(words, mode).rank(word)


def user_store(lst: str, mode: str) -> TotalStore:
    """The user's store of computed totals for table list ``lst`` in ``mode``."""
    return TotalStore.for_list(_digest(lst), mode)


@functools.cache
def _digest(lst: str) -> str:
    from .words import load_wordlist

    return load_wordlist(lst).digest


@functools.lru_cache(maxsize=8)
def _with_store(lst: str, mode: str, path: str, signature: tuple[int, int, int]) -> OpenerTable:
    """The shipped table with the store's totals, read once per version (``signature``)
    of the store file at ``path``."""
    return _load(lst, mode).with_totals(TotalStore(Path(path), user_store(lst, mode).key).read())


@functools.cache
def _load(lst: str, mode: str) -> OpenerTable:
    if (lst, mode) not in available_tables():
        modes = ", ".join(m for w, m in available_tables() if w == lst)
        raise OpenerTableError(f"no {mode!r} opener table for the {lst} list; there are: {modes} (`mode`)")
    text = resources.files("wordlelab.data").joinpath("openers").joinpath(f"{lst}-{mode}.tsv").read_text("utf-8")
    return parse_opener_table(text, lst, mode, TABLE_ANSWERS[lst], f"{lst}-{mode}.tsv")
