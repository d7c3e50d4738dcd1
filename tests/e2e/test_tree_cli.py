"""`wordlelab tree` and `wordlelab openers --rank`, in-process."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wordlelab import WordList
from wordlelab.atlas import OpenerRow, load_opener_table
from wordlelab.cli import app

runner = CliRunner()
DOCS = Path(__file__).resolve().parents[2] / "docs"


def _ok(*args: str) -> str:
    res = runner.invoke(app, list(args))
    assert res.exit_code == 0, res.output
    return res.stdout


def _error(*args: str) -> str:
    res = runner.invoke(app, list(args))
    assert res.exit_code == 2, res.output
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), res.stderr
    return lines[0]


def test_tree_file_levels_and_figures() -> None:
    out = _ok("tree", str(DOCS / "trees" / "salet-normal.tree"), "--depth", "1", "--top", "3")
    assert "SALET tree, original list, normal mode (proven optimal)" in out
    assert "total 7920, mean 3.4212, max 5" in out
    assert "SALET 00000 -> COURD  221 answers, mean 2.76 (total 609), worst 4" in out
    assert "145 more patterns (1822 answers)" in out
    # depth 1: no grandchildren
    assert "COURD 01010" not in out
    deeper = _ok("tree", str(DOCS / "trees" / "salet-normal.tree"), "--depth", "2", "--top", "1")
    assert "COURD 01010 -> GIMPY  18 answers" in deeper


def test_tree_json_matches_the_header() -> None:
    data = json.loads(_ok("tree", str(DOCS / "trees" / "salet-hard.tree"), "--json", "--depth", "1"))
    assert (data["mode"], data["total"], data["max"], data["opener"]) == ("hard", 8122, 6, "salet")
    root = data["root"]
    assert (root["answers"], root["total"], root["worst"]) == (2315, 8122, 6)
    assert sum(c["answers"] for c in root["children"]) + root["solved"] == 2315
    # --depth 1: the opener's patterns, each saying how many patterns it holds below
    assert all(c["children"] == [] for c in root["children"])
    assert root["more"] == 0 and sum(c["more"] for c in root["children"]) > 100


def test_tree_answer_path() -> None:
    out = _ok("tree", "--start", "salet", "--answer", "abbey")
    assert "path of ABBEY (3 guesses)" in out
    assert "SALET 01020 -> ANGER  7 answers" in out
    data = json.loads(_ok("tree", "--start", "salet", "--hard", "--answer", "abbey", "--json"))
    assert data["mode"] == "hard" and data["path"][-1] == {"guess": "abbey", "pattern": "22222"}


def test_tree_start_searches_then_uses_the_cache(
    tmp_path: Path, small_words: WordList, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("WORDLELAB_CACHE_DIR", str(tmp_path / "cache"))  # no tree cached by an earlier run
    a, g = tmp_path / "a.txt", tmp_path / "g.txt"
    a.write_text("\n".join(small_words.answers) + "\n")
    g.write_text("\n".join(small_words.allowed) + "\n")
    args = ["tree", "--start", "cigar", "--words", str(a), "--guesses", str(g), "--json"]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    assert "searching it now" in first.stderr
    data = json.loads(first.stdout)
    assert data["opener"] == "cigar" and data["source"] == "searched now"
    assert data["root"]["answers"] == len(small_words.answers)
    second = runner.invoke(app, args)
    assert second.exit_code == 0 and "searching" not in second.stderr
    assert json.loads(second.stdout)["total"] == data["total"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([], "give a tree FILE or --start WORD"),
        (["--start", "salet", "x.tree"], "give a tree FILE or --start WORD"),
        (["--start", "xyzzy"], "'xyzzy' is not in the allowed guesses"),
        (["--start", "salet", "--answer", "zzzzz"], "'zzzzz'"),
        (["nothere.tree"], "cannot read tree file"),
    ],
)
def test_tree_errors(args: list[str], message: str) -> None:
    assert message in _error("tree", *args)


def test_tree_bad_file_and_hard_with_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.tree"
    bad.write_text((DOCS / "trees" / "salet-normal.tree").read_text("utf-8").replace("  max: 5  ", "  max: 4  "))
    assert "claims max 4 but replaying gives 5" in _error("tree", str(bad))
    assert "--mode and --hard go with --start" in _error("tree", str(bad), "--hard")
    assert "a tree file says its own mode" in _error("tree", str(bad), "--mode", "ultra")


def test_openers_rank() -> None:
    out = _ok("openers", "--rank", "TRACE")
    assert "TRACE (original list, normal mode): rank 3-4 of 12972, total 7926, mean 3.4238" in out
    assert "gap to the best (SALET, 7920): +6" in out
    out = _ok("openers", "--rank", "soare")  # (a bound until the table's all-exact run)
    assert "rank 54-55 of 12972, total 7997, mean 3.4544" in out
    assert "ranks 54-55: 2 openers tied at 7997" in out
    out = _ok("openers", "--rank", "qajaq")
    assert "rank 12972 of 12972, total 9496" in out and "+1576" in out
    data = json.loads(_ok("openers", "--rank", "tarse", "--words", "nyt", "--json"))
    assert (data["rank"], data["total"], data["answers"], data["mode"]) == ("1", 7883, 2309, "normal")


def _shipped_2023_normal() -> tuple[OpenerRow, ...]:
    """The rows of the shipped 2023-pool normal table, filling as its all-exact run goes."""
    return load_opener_table("nyt-2023", "normal", user=False).rows


@pytest.mark.usefixtures("bound_rows")
def test_openers_rank_exact_computes_a_bound_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`--rank WORD --exact` on a row that is only a bound: the real search computes
    its total (LIONS, the 2023 pool, normal mode: 11506; its row a bound again, as
    before the table's all-exact run reached it: the ``bound_rows`` fixture), the
    user's store keeps it, and the next look (`--rank`, `--top`) reads it without
    computing."""
    monkeypatch.setenv("WORDLELAB_CACHE_DIR", str(tmp_path))
    pool = ("--words", "nyt-2023")
    assert "total >= 11250" in _ok("openers", "--rank", "lions", *pool)
    shipped = json.loads(_ok("openers", "--top", "1", *pool, "--json"))["exact_count"]
    better = sum(r.exact and r.total is not None and r.total < 11506 for r in _shipped_2023_normal())
    res = runner.invoke(app, ["openers", "--rank", "lions", *pool, "--exact", "--json"])
    assert res.exit_code == 0, res.output
    assert "computing the exact total of LIONS" in res.stderr and "kept in" in res.stderr
    data = json.loads(res.stdout)
    assert (data["total"], data["exact"], data["computed"], data["rank_lo"]) == (11506, True, True, better + 1)
    again = runner.invoke(app, ["openers", "--rank", "lions", *pool, "--exact"])
    assert again.exit_code == 0 and "computing" not in again.stderr
    assert "total 11506, mean" in again.stdout and "3.6434 (11506/3158)" in again.stdout
    assert "computed on this machine" in again.stdout
    top = json.loads(_ok("openers", "--top", str(better + 40), *pool, "--json"))
    assert top["exact_count"] == shipped + 1 and "lions" in [r["guess"] for r in top["openers"]]
    assert list(tmp_path.glob("opener-totals-*-normal.json"))


def test_openers_top_reads_the_shipped_table() -> None:
    """`openers --top N` lists the shipped exact ranking, not greedy bounds: exact
    totals first, then the bounds (none left in the original normal table), each rank
    as `--rank` gives it."""
    data = json.loads(_ok("openers", "--top", "12", "--json"))
    assert data["source"] == "table" and (data["count"], data["exact_count"]) == (12972, 12972)
    rows = data["openers"]
    assert [r["guess"] for r in rows[:4]] == ["salet", "reast", "crate", "trace"]
    assert [r["exact"] for r in rows] == [True] * 12
    assert [r["total"] for r in rows] == sorted(r["total"] for r in rows)
    for r in rows:
        ranked = json.loads(_ok("openers", "--rank", r["guess"], "--json"))
        assert (r["rank"], r["total"], r["exact"]) == (ranked["rank"], ranked["total"], ranked["exact"])
    assert [(r["guess"], r["rank"], r["total"]) for r in rows[10:]] == [("slant", "11", 7951), ("trice", "12", 7952)]
    out = _ok("openers", "--top", "3", "--hard", "--words", "nyt")
    assert "the best 3 of 14855 openers (nyt list, hard mode)" in out
    assert "salet" in out and "8097" in out and "bound" not in out.splitlines()[1]
    every = json.loads(_ok("openers", "--all", "--json", "--mode", "ultra"))["openers"]
    assert len(every) == 12972 and every[0]["guess"] == "salet"
    totals = [r["total"] for r in every if r["exact"] and r["total"] is not None]
    assert totals == sorted(totals) and every[-1]["total"] is None  # impossible last
    assert not any(r["exact"] for r in every[len(totals) :] if r["total"] is not None)


@pytest.mark.usefixtures("bound_rows")
def test_openers_top_ranks_bounds_after_the_exact_totals() -> None:
    """A table with bounds (the 2023 pool's normal table, with the ``bound_rows``
    fixture's: a complete table has none): its exact rows first, then the bounds, each
    ranked after the exact totals below its bound."""
    rows = _shipped_2023_normal()
    exact = sum(r.exact for r in rows)
    least = min(r.total for r in rows if not r.exact and r.total is not None)
    below = sum(r.exact and r.total is not None and r.total < least for r in rows)
    bounded = json.loads(_ok("openers", "--top", str(exact + 2), "--words", "nyt-2023", "--json"))
    assert bounded["exact_count"] == exact and exact < 14855
    assert [r["exact"] for r in bounded["openers"]] == [True] * exact + [False, False]
    first = bounded["openers"][exact]
    assert first["rank"] == f">= {below + 1}" and first["total"] == least


def test_openers_top_computes_when_asked_or_without_a_table() -> None:
    greedy = json.loads(_ok("openers", "--top", "3", "--compute", "--json"))
    assert greedy["source"] == "computed" and all("bound" in r for r in greedy["openers"])
    # (a list with no opener table in any mode; the 2023 pool's ultra table is being made)
    res = runner.invoke(app, ["openers", "--top", "2", "--words", "nyt-12959", "--json"])
    assert res.exit_code == 0 and "no shipped nyt-12959 normal-mode opener table" in res.stderr
    assert len(json.loads(res.stdout)["openers"]) == 2 and "bound" in json.loads(res.stdout)["openers"][0]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--rank", "zzzzz"], "'zzzzz' is not an allowed guess of the original list"),
        (["--rank", "salet", "--words", "nyt-12959"], "no opener table for word list 'nyt-12959'"),
        (["--rank", "salet", "--compute"], "--rank reads the shipped tables"),
        (["--rank", "salet", "--exact", "--workers", "2"], "computes one opener here"),
    ],
)
def test_openers_rank_errors(args: list[str], message: str) -> None:
    assert message in _error("openers", *args)


@pytest.mark.parametrize(
    "body",
    [
        json.dumps({"tree": {"guess": "salet", "children": [1]}}),
        json.dumps({"max_guesses": [1], "tree": {"guess": "salet"}}),
        '{"max_guesses": 1e999, "tree": {"guess": "salet"}}',
        json.dumps({"rule": "bogus", "tree": {"guess": "salet"}}),
        '{"tree": ' + '{"guess": "salet", "children": {"00000": ' * 900 + "{}" + "}}" * 900 + "}",
        (DOCS / "trees" / "salet-normal.tree").read_text("utf-8") + "salet 22221 " * 500 + "salet 22222\n",
        (DOCS / "trees" / "salet-normal.tree").read_text("utf-8").replace("max-guesses: 6", "max-guesses: x"),
        (DOCS / "trees" / "salet-normal.tree").read_text("utf-8").replace("mean: 3.4212", "mean: nan"),
    ],
    ids=["children-list", "cap-list", "cap-inf", "rule", "nested", "long-line", "cap-word", "mean-nan"],
)
def test_malformed_tree_files_are_one_line_errors(tmp_path: Path, body: str) -> None:
    f = tmp_path / ("bad.json" if body.startswith("{") else "bad.tree")
    f.write_text(body)
    for command in ("tree", "verify-tree"):
        line = _error(command, str(f))
        assert "Traceback" not in line and any(w in line for w in ("header", "guess", "nested", "children")), line
