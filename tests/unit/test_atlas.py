"""The opener tables (wordlelab.atlas): reading, ranks with ties and bounds, the shipped copies."""

from __future__ import annotations

from pathlib import Path

import pytest

from wordlelab.atlas import (
    available_tables,
    fold_bounds,
    fold_exact,
    load_opener_table,
    opener_table_tsv,
    parse_opener_table,
)
from wordlelab.errors import InvalidWordError, OpenerTableError, WordlelabError
from wordlelab.search import INF
from wordlelab.search.openers import OpenerResult

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "openers"
PACKAGE = ROOT / "src" / "wordlelab" / "data" / "openers"

SMALL = "word\ttotal\texact\nbeta\t12\t1\nalfa\t10\t1\ngamma\t12\t1\ndelta\t12\t0\nomega\t11\t0\nzeta\tinf\t1\n"


def test_package_copies_equal_the_docs_tables_byte_for_byte() -> None:
    docs = sorted(p.name for p in DOCS.glob("*.tsv"))
    package = sorted(p.name for p in PACKAGE.glob("*.tsv"))
    assert docs == package, (
        "docs/openers/ and src/wordlelab/data/openers/ must hold the same tables: "
        "copy a new docs/openers/*.tsv into the package (it ships the tables)"
    )
    for name in docs:
        assert (DOCS / name).read_bytes() == (PACKAGE / name).read_bytes(), name


def test_available_tables() -> None:
    assert available_tables() == [
        ("original", "normal"),
        ("original", "hard"),
        ("original", "ultra"),
        ("nyt", "normal"),
        ("nyt", "hard"),
        ("nyt", "ultra"),
        ("nyt-2023", "normal"),
        ("nyt-2023", "hard"),
        ("nyt-2023", "ultra"),
    ]


def test_rows_sorted_and_counted() -> None:
    t = parse_opener_table(SMALL, "original", "normal", 4)
    assert [r.word for r in t.rows] == ["alfa", "omega", "beta", "gamma", "delta", "zeta"]
    assert t.best.word == "alfa" and t.exact_count == 4
    assert [r.shown for r in t.rows] == ["10", ">= 11", "12", "12", ">= 12", "impossible"]


def test_tsv_text_round_trip_sorted_by_total_then_word() -> None:
    t = parse_opener_table(SMALL, "original", "normal", 4)
    text = opener_table_tsv(reversed(t.rows))
    assert text.splitlines()[1:] == [
        "alfa\t10\t1",
        "omega\t11\t0",
        "beta\t12\t1",
        "delta\t12\t0",
        "gamma\t12\t1",
        "zeta\tinf\t1",
    ]
    assert parse_opener_table(text, "original", "normal", 4).rows == t.rows


def test_fold_exact_replaces_bounds_with_a_runs_totals() -> None:
    """An all-exact run's results so far: its exact totals replace bounds, its own
    bounds are left out, and a result contradicting the table is refused."""
    t = parse_opener_table(SMALL, "original", "normal", 4)
    folded = fold_exact(
        t,
        {
            "omega": OpenerResult("omega", 13, 1.0, 10),
            "delta": OpenerResult("delta", INF, 1.0, 10),
            "beta": OpenerResult("beta", 12, 1.0, 10),  # exact in both: agrees
            "alfa": OpenerResult("alfa", 10, 1.0, 10, exact=False),  # a bound: ignored
        },
    )
    assert [r.shown for r in folded.rows] == ["10", "12", "12", "13", "impossible", "impossible"]
    assert folded.exact_count == t.exact_count + 2 and folded.row("delta").total is None
    with pytest.raises(OpenerTableError, match="omega: the run's exact total 10 contradicts the table's >= 11"):
        fold_exact(t, {"omega": OpenerResult("omega", 10, 1.0, 10)})
    with pytest.raises(OpenerTableError, match="beta: the run's exact total 13 contradicts the table's 12"):
        fold_exact(t, {"beta": OpenerResult("beta", 13, 1.0, 10)})
    with pytest.raises(OpenerTableError, match="zeta: the run's exact total 30"):
        fold_exact(t, {"zeta": OpenerResult("zeta", 30, 1.0, 10)})


def test_fold_bounds_raises_bounds_and_never_lowers_them() -> None:
    """A bounded run's results: a bound above its row's raises it, one below leaves the
    row's own, exact results are left to fold_exact, and a bound above an exact row's
    total is refused."""
    t = parse_opener_table(SMALL, "original", "normal", 4)
    assert (t.row("omega").shown, t.row("delta").shown) == (">= 11", ">= 12")
    folded = fold_bounds(
        t,
        {
            "omega": OpenerResult("omega", 14, 1.0, 10, exact=False),  # raised
            "delta": OpenerResult("delta", 11, 1.0, 10, exact=False),  # weaker: kept at 12
            "alfa": OpenerResult("alfa", 9, 1.0, 10, exact=False),  # below an exact 10: consistent
            "gamma": OpenerResult("gamma", 20, 1.0, 10),  # exact: not this fold's
        },
    )
    assert [(r.word, r.shown) for r in folded.rows] == [
        ("alfa", "10"),
        ("beta", "12"),
        ("gamma", "12"),
        ("delta", ">= 12"),
        ("omega", ">= 14"),
        ("zeta", "impossible"),
    ]
    assert folded.exact_count == t.exact_count
    # the raised bound moves omega's rank: every exact total below 14 is now known to be ahead
    assert (t.rank("omega").rank_lo, folded.rank("omega").rank_lo) == (2, 4)
    assert folded.rank("gamma").rank_hi == 4 and t.rank("gamma").rank_hi == 5
    with pytest.raises(OpenerTableError, match="beta: the run's lower bound 13 contradicts the table's exact total 12"):
        fold_bounds(t, {"beta": OpenerResult("beta", 13, 1.0, 10, exact=False)})


def test_ranks_with_ties_and_bounds() -> None:
    t = parse_opener_table(SMALL, "original", "normal", 4)
    assert t.rank("alfa").rank_text == "1"
    # beta and gamma tie at 12; omega's bound 11 and delta's bound 12 may be below or equal
    beta = t.rank("BETA")
    assert (beta.rank_lo, beta.rank_hi, beta.rank_text) == (2, 5, "2-5")
    assert beta.gap == 2 and beta.mean == 3.0
    omega = t.rank("omega")
    assert (omega.rank_lo, omega.rank_hi, omega.rank_text) == (2, 6, ">= 2")
    zeta = t.rank("zeta")
    assert (zeta.rank_lo, zeta.rank_hi, zeta.mean, zeta.gap) == (4, 6, None, None)
    d = beta.as_dict()
    assert (d["rank"], d["total"], d["exact"], d["best"], d["openers"]) == ("2-5", 12, True, "alfa", 6)


def test_shipped_table_figures() -> None:
    t = load_opener_table("original", "normal")
    assert len(t.rows) == 12972
    assert t.rank("salet").as_dict()["rank"] == "1"
    crane = t.rank("crane")
    assert (crane.row.total, crane.rank_text, crane.gap) == (7930, "6", 10)
    assert load_opener_table("original-order", "normal") is load_opener_table("original", "normal")
    nyt = load_opener_table("nyt", "normal")
    assert (nyt.best.word, nyt.best.total, nyt.answers) == ("tarse", 7883, 2309)
    hard = load_opener_table("original", "hard")
    assert hard.rows[-1].total is None  # openers that cannot win within six guesses come last


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "first line"),
        ("word\ttotal\texact\nsalet\tx\t1\n", "not a whole number"),
        ("word\ttotal\texact\nsalet\t1\t2\n", "line 2"),
        ("word\ttotal\texact\n", "no rows"),
    ],
)
def test_malformed_tables(text: str, message: str) -> None:
    with pytest.raises(WordlelabError, match=message):
        parse_opener_table(text, "original", "normal", 1)


def test_unknown_word_list_or_mode() -> None:
    with pytest.raises(InvalidWordError, match="'qqqqq' is not an allowed guess"):
        load_opener_table().rank("qqqqq")
    with pytest.raises(WordlelabError, match="no opener table for word list"):
        load_opener_table("nyt-12959")
    with pytest.raises(WordlelabError, match="no 'extreme' opener table for the nyt list"):
        load_opener_table("nyt", "extreme")
    assert load_opener_table("original", "ultra").rank("salet").row.total == 8125
    assert load_opener_table("nyt", "ultra").rank("salet").row.total == 8101
