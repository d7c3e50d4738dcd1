"""4-, 6- and 7-letter games end to end from a user's word files.

The recipe of docs/variants.md ("Other lengths"), step by step: word files ->
load_wordlist -> pattern table -> solve (library and CLI) -> a benchmark over
every answer -> review and the variants.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from typer.testing import CliRunner

from wordlelab import feedback, get_strategy, load_wordlist, pattern_table
from wordlelab.cli import app
from wordlelab.review import review_game
from wordlelab.simulate import play_game, run_benchmark
from wordlelab.variants import play_multi, solve_absurdle, verify_line

WORDS = {
    4: (
        "able acid aged also area army away baby back ball band bank base bath bear beat "
        "been beer bell belt best bill bird blow blue boat body bomb bond bone book boom "
        "born boss both bowl bulk burn bush busy cake call calm came camp card care case"
    ),
    6: (
        "action active actual advice affair afford agency agenda almost always amount "
        "animal annual answer anyone anyway appeal appear around arrive artist aspect "
        "assess assist assume attack attend august author avenue backed barely battle "
        "beauty became become before behalf behind belief belong better beyond bishop"
    ),
    7: (
        "ability absence academy account accused achieve acquire address advance adverse "
        "advised adviser against airline airport alcohol alleged already analyst ancient "
        "another anxiety anxious anybody applied arrange arrival article assault assumed "
        "attempt attract auction average backing balance banking barrier battery bearing"
    ),
}
#: extra guesses that are not answers (the list's allowed file adds them)
EXTRA = {4: "aahs zzzz", 6: "abacus zygote", 7: "abalone zymurgy"}


@pytest.fixture(params=[4, 6, 7], ids=["4-letter", "6-letter", "7-letter"])
def user_files(request, tmp_path):
    n = request.param
    answers = WORDS[n].split()
    assert all(len(w) == n for w in answers)
    a = tmp_path / f"answers{n}.txt"
    g = tmp_path / f"guesses{n}.txt"
    a.write_text("\n".join(answers) + "\n")
    g.write_text("# my guesses\n" + "\n".join(answers + EXTRA[n].split()) + "\n")
    return n, a, g


def test_table_solve_and_bench(user_files):
    n, a, g = user_files
    wl = load_wordlist(str(a), str(g))
    assert wl.length == n and len(wl.allowed) == len(wl.answers) + 2
    table = pattern_table(wl)
    assert table.shape == (len(wl.allowed), len(wl.answers))
    # spot-check the table against the plain rule, and the win pattern
    for gi in (0, len(wl.allowed) - 1):
        for ai in (0, len(wl.answers) // 2):
            assert table[gi, ai] == feedback(wl.allowed[gi], wl.answers[ai])
    assert table[wl.answer_to_allowed[3], 3] == 3**n - 1
    # a benchmark over every answer agrees with single games
    res = run_benchmark(wl, "entropy", table=table)
    assert len(res.answers) == len(wl.answers) and (res.guesses >= 1).all()
    strat = get_strategy("entropy")
    for answer in wl.answers[::7]:
        turns = play_game(wl, answer, strat, table=table)
        assert turns[-1].word == answer
        assert res.guesses[res.answers.index(answer)] == len(turns)
    assert 1.0 < res.mean < 4.0


def test_cli_solve_review_and_variants(user_files):
    n, a, g = user_files
    files = ["--words", str(a), "--guesses", str(g)]
    wl = load_wordlist(str(a), str(g))
    answer = wl.answers[5]
    runner = CliRunner()
    res = runner.invoke(app, ["solve", answer, *files, "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["turns"][-1]["guess"] == answer
    assert data["turns"][-1]["pattern"] == "2" * n
    played = [t["guess"] for t in data["turns"]]
    res = runner.invoke(app, ["review", *played, "--answer", answer, *files, "-s", "entropy", "--json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["solved"] is True
    res = runner.invoke(app, ["absurdle", "--solve", *files, "--json"])
    assert res.exit_code == 0, res.output
    proof = json.loads(res.output)
    assert proof["proven_optimal"] and verify_line(wl, proof["line"]).won
    res = runner.invoke(app, ["multi", "--answers", f"{wl.answers[0]},{wl.answers[9]}", "--solve", *files])
    assert res.exit_code in (0, 1), res.output
    assert "Dordle: 2 boards, 7 guesses" in res.output
    # a word of the wrong length is refused with exit 2
    res = runner.invoke(app, ["solve", "x" * (n + 1), *files])
    assert res.exit_code == 2 and "error" in res.output


def test_library_review_and_multi(user_files):
    n, a, g = user_files
    wl = load_wordlist(str(a), str(g))
    r = review_game(wl, [wl.allowed[-1], wl.answers[2]], answer=wl.answers[2], strategy="entropy")
    assert r.solved and r.guesses[0].candidates_before == len(wl.answers)
    m = play_multi(wl, list(wl.answers[:4]))
    assert all(t is None or m.guesses[t - 1] == wl.answers[b] for b, t in enumerate(m.solved_at))
    assert solve_absurdle(wl).proven_optimal
    assert np.all(pattern_table(wl)[:, 0] < 3**n)
