"""The ultra-hard all-opener tables, which no one has published: checked against
the hard-mode tables (ultra mode's legal guesses are a subset of hard mode's, so
no opener does better in ultra mode) and by re-deriving rows from scratch.

docs/openers/original-ultra.tsv, nyt-ultra.tsv and nyt-2023-ultra.tsv have every
opener exact: made by ``wordlelab openers --all --exact --mode ultra --tsv FILE``
with no bound (docs/optimal.md), a total for each opener, ``inf`` where no tree
finds every answer within six guesses.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from wordlelab import feedback, load_wordlist, parse_pattern, pattern_table
from wordlelab.search import INF, Solver, shortfall

ROOT = Path(__file__).resolve().parents[2]
OPENERS = ROOT / "docs" / "openers"
TABLE = OPENERS / "original-ultra.tsv"
#: every shipped ultra table -> (its list, its best openers: (total, word), the best unique)
ULTRA = {
    "original-ultra": ("original", [(8125.0, "salet"), (8134.0, "least"), (8138.0, "reast"), (8151.0, "trape")]),
    "nyt-ultra": (
        "nyt",
        [(8101.0, "salet"), (8111.0, "least"), (8115.0, "reast"), (8128.0, "tarse"), (8129.0, "trape")],
    ),
    "nyt-2023-ultra": (
        "nyt-2023",
        [(11663.0, "plast"), (11677.0, "slart"), (11680.0, "clart"), (11686.0, "clast"), (11687.0, "trape")],
    ),
}


def _read(path: Path) -> dict[str, tuple[float, int]]:
    lines = path.read_text("utf-8").splitlines()
    assert lines[0] == "word\ttotal\texact"
    out = {}
    for line in lines[1:]:
        word, total, exact = line.split("\t")
        out[word] = (math.inf if total == "inf" else float(int(total)), int(exact))
    return out


def test_every_shipped_ultra_table_is_checked_here() -> None:
    """tests/search/test_opener_tables.py leaves every ``*-ultra`` table to this file:
    a new one needs its checks here before it ships."""
    shipped = sorted(p.stem for p in OPENERS.glob("*-ultra.tsv"))
    assert shipped == sorted(ULTRA) == ["nyt-2023-ultra", "nyt-ultra", "original-ultra"]


@pytest.mark.parametrize("name", sorted(ULTRA))
def test_every_opener_exact_and_the_best_unique(name: str) -> None:
    words_name, best = ULTRA[name]
    rows = _read(OPENERS / f"{name}.tsv")
    assert sorted(rows) == sorted(load_wordlist(words_name).allowed)
    assert all(e == 1 for _, e in rows.values())
    ranked = sorted((t, w) for w, (t, _) in rows.items())
    assert ranked[: len(best)] == best
    assert ranked[len(best)][0] > best[-1][0]


@pytest.mark.parametrize("name", sorted(ULTRA))
def test_never_below_the_hard_table(name: str) -> None:
    """No opener does better in ultra mode than in hard mode: every ultra total is at
    least the hard table of the same list's value or bound for the opener, and an
    opener with no hard tree has no ultra tree either."""
    ultra, hard = _read(OPENERS / f"{name}.tsv"), _read(OPENERS / f"{name.removesuffix('-ultra')}-hard.tsv")
    assert sorted(ultra) == sorted(hard)
    for w, (h, _) in hard.items():
        u, _ = ultra[w]
        assert u >= h, w
        if h == math.inf:
            assert u == math.inf, w


@pytest.mark.parametrize("word", ["salet", "trace", "crane", "lions", "adieu", "pucka"])
def test_rows_rederived(word: str) -> None:
    words = load_wordlist()
    table = pattern_table(words)
    solver = Solver(words, table, rules="ultra")
    v = solver.value(np.arange(len(words.answers)), guess=solver.check_start(word))
    t, e = _read(TABLE)[word]
    assert e == 1
    if v >= INF:
        assert t == math.inf
        assert shortfall(solver, word).lost >= 1  # and some answer is lost by every tree
    else:
        assert float(v) == t


SHORTFALL = ROOT / "docs" / "shortfall" / "original-ultra.tsv"


def _shortfall_rows() -> dict[str, tuple[int, list[tuple[str, int, list[str]]]]]:
    lines = SHORTFALL.read_text("utf-8").splitlines()
    assert lines[0] == "word\tlost\tgroups"
    out = {}
    for line in lines[1:]:
        word, lost, groups = line.split("\t")
        parsed = []
        for g in groups.split(";"):
            pattern, n, answers = g.split(":")
            parsed.append((pattern, int(n), answers.split()))
        out[word] = (int(lost), parsed)
    return out


def test_every_opener_without_a_tree_has_its_shortfall() -> None:
    """docs/shortfall/original-ultra.tsv (scripts/opener_shortfall.py): one row per
    ``inf`` opener of the table, at least one answer lost, the groups adding up."""
    table = _read(TABLE)
    rows = _shortfall_rows()
    without_tree = {w for w, (t, _) in table.items() if t == math.inf}
    assert len(without_tree) == 3013
    assert sorted(rows) == sorted(without_tree)
    words = load_wordlist()
    for word, (lost, groups) in rows.items():
        assert lost >= 1 and lost == sum(n for _, n, _ in groups), word
        for pattern, n, answers in groups:
            assert 1 <= n < len(answers), word
            assert all(feedback(word, a) == parse_pattern(pattern) for a in answers), word
            assert set(answers) <= set(words.answers)


@pytest.mark.parametrize("word", ["trace", "gothy", "aitch", "nanna"])
def test_shortfall_rows_rederived(word: str) -> None:
    words = load_wordlist()
    solver = Solver(words, pattern_table(words), rules="ultra")
    sf = shortfall(solver, word)
    lost, groups = _shortfall_rows()[word]
    assert sf.lost == lost
    assert [(p, n, a) for p, a, n in sf.groups] == groups


# -- the NYT lists (2309 answers, 14855 guesses): docs/openers/nyt-ultra.tsv, every opener exact --
NYT_TABLE = OPENERS / "nyt-ultra.tsv"


def test_nyt_never_below_the_reference() -> None:
    """The same against every total of the reference's complete hard-mode file
    (skipped where it is not beside the checkout)."""
    from test_opener_tables import _published

    ultra, published = _read(NYT_TABLE), _published("nyt-hard")
    assert sorted(published) == sorted(ultra)
    for w, total in published.items():
        u, _ = ultra[w]
        assert u >= total, w
        if total == math.inf:
            assert u == math.inf, w


# -- the 2023 pool (3158 answers, 14855 guesses): docs/openers/nyt-2023-ultra.tsv, every
# opener exact, the --tsv of the all-exact run whose results file is committed --
NYT_2023_TABLE = OPENERS / "nyt-2023-ultra.tsv"
NYT_2023_RESULTS = OPENERS / "runs" / "nyt-2023-ultra-exact.sqlite"


def _nyt_2023_settled() -> dict[str, float]:
    """The totals (``inf``: no tree) the 2023 pool's ultra run settled, under the
    key ``openers --all --exact --mode ultra --words nyt-2023`` uses."""
    from wordlelab.modes import GameRules
    from wordlelab.search.openers import ExactJob, ResultStore

    with ResultStore(NYT_2023_RESULTS) as store:
        done = store.done(ExactJob(load_wordlist("nyt-2023"), GameRules("ultra")).key)
    assert all(r.exact for r in done.values())  # (no bound: every stored row is a total)
    return {w: (math.inf if r.total >= INF else float(r.total)) for w, r in done.items()}


def test_nyt_2023_table_is_the_committed_run() -> None:
    """Row for row the results file the run committed (``--resume`` starts from
    it): the table is that run's ``--tsv``, nothing edited by hand."""
    table = {w: t for w, (t, _) in _read(NYT_2023_TABLE).items()}
    assert _nyt_2023_settled() == table


@pytest.mark.parametrize(
    ("name", "word"),
    [("nyt-ultra", w) for w in ["salet", "trape", "crate", "lions"]]
    + [("nyt-2023-ultra", w) for w in ["plast", "reast", "tarse", "salet", "pakka"]],
)
def test_nyt_rows_rederived(name: str, word: str) -> None:
    """From scratch, with an empty memo.  On the 2023 pool PLAST and REAST have
    trees; TARSE (the best in hard mode) and SALET have none; PAKKA the run settled
    in 0.04 s (1471 nodes) from what its worker's memo kept of KAPPA's search, so
    its row checks the reuse of memo entries across openers."""
    words = load_wordlist(ULTRA[name][0])
    solver = Solver(words, pattern_table(words), rules="ultra")
    v = solver.value(np.arange(len(words.answers)), guess=solver.check_start(word))
    t, e = _read(OPENERS / f"{name}.tsv")[word]
    assert e == 1
    assert t == (math.inf if v >= INF else float(v))
