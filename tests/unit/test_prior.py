"""Prior mode: frequency weights, the all-allowed word list, the prior player."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from wordlelab import Session, get_strategy
from wordlelab.errors import WordListError
from wordlelab.prior import (
    PRIOR_CENTER,
    PRIOR_WIDTH,
    PriorPlayer,
    frequency_weights,
    prior_wordlist,
    weighted_mean,
    zipf_frequencies,
)
from wordlelab.simulate import play_game, run_benchmark
from wordlelab.state import State


def test_weights_follow_the_documented_curve():
    words = ["about", "cigar", "salet", "qajaq"]
    z = zipf_frequencies(words)
    assert z[0] > 5 and z[1] > 2 and z[2] == 0.0
    w = frequency_weights(words)
    want = 1 / (1 + np.exp(-(z - PRIOR_CENTER) / PRIOR_WIDTH))
    assert np.allclose(w, want)
    assert w[0] > w[1] > w[2] > 0.0  # rare words are smoothed, not excluded
    assert w[2] == pytest.approx(1 / (1 + math.exp(PRIOR_CENTER / PRIOR_WIDTH)))
    with pytest.raises(WordListError):
        frequency_weights(words, width=0)


def test_prior_wordlist_makes_every_allowed_word_an_answer(small_words):
    wl, w = prior_wordlist(small_words)
    assert wl.answers == small_words.allowed == wl.allowed
    assert wl.name == "small+prior"
    assert w.shape == (len(wl.answers),) and np.all(w > 0)
    assert np.allclose(w, frequency_weights(list(wl.answers)))
    _again_wl, again = prior_wordlist(small_words)  # read back from the cache
    assert np.array_equal(again, w)
    _, other = prior_wordlist(small_words, center=4.0)  # a different key
    assert not np.allclose(other, w)


def test_weighted_mean():
    assert weighted_mean(np.array([1, 3]), np.array([1.0, 3.0])) == pytest.approx(2.5)


def _prior_small(small_words):
    wl, w = prior_wordlist(small_words)
    return wl, w


def test_prior_player_finishes_with_the_more_likely_candidate(small_words):
    wl, w = _prior_small(small_words)
    a, b = wl.answer_id("crate"), wl.answer_id("mummy")
    cands = np.array(sorted([a, b]), dtype=np.int64)
    legal = np.arange(len(wl.allowed), dtype=np.int64)
    from wordlelab import pattern_table

    state = State(words=wl, table=pattern_table(wl), candidates=cands, legal=legal)
    player = PriorPlayer("entropy", w)
    likely = a if w[a] > w[b] else b
    assert player.choose(state) == wl.answer_to_allowed[likely]
    # the plain strategy picks by word order instead (what the endgame rule fixes)
    assert get_strategy("entropy").choose(state) == min(wl.answer_to_allowed[cands])


def test_prior_player_ranks_like_a_weighted_session(small_words):
    wl, w = _prior_small(small_words)
    session = Session(wl, weights=w)
    plain_state = Session(wl).state  # no weights: the player adds them
    ranked = PriorPlayer("entropy", w).rank(plain_state, 5)
    assert [r.word for r in ranked] == [r.word for r in get_strategy("entropy").rank(session.state, 5)]
    unweighted = get_strategy("entropy").rank(plain_state, 5)
    assert [r.score for r in ranked] != [r.score for r in unweighted]


def test_prior_benchmark_plays_every_word(small_words):
    wl, w = _prior_small(small_words)
    player = PriorPlayer("entropy", w)
    res = run_benchmark(wl, player)
    assert len(res.answers) == len(wl.answers) and (res.guesses > 0).all()
    for answer in ("crate", "mummy", "eerie"):
        turns = play_game(wl, answer, player)
        assert res.guesses[res.answers.index(answer)] == len(turns)
    mean = weighted_mean(res.guesses, w[[wl.answer_id(a) for a in res.answers]])
    assert 1.0 < mean < 6.0


def test_cli_prior_commands(tmp_path):
    import json

    from typer.testing import CliRunner

    from wordlelab.cli import app

    runner = CliRunner()
    answers = tmp_path / "answers.txt"
    answers.write_text("cigar\nrebut\nsissy\nhumph\nawake\n")
    allowed = tmp_path / "allowed.txt"
    allowed.write_text("cigar\nrebut\nsissy\nhumph\nawake\nsalet\nsnafu\nochre\nquoll\n")
    common = ["-w", str(answers), "--guesses", str(allowed)]
    res = runner.invoke(app, ["prior", "suggest", *common, "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["candidates"] == 9  # every allowed word, not only the 5 answers
    probs = [x["probability"] for x in data["likely"]]
    assert probs == sorted(probs, reverse=True) and 0 < sum(probs) <= 1.0 + 1e-9
    res = runner.invoke(app, ["prior", "solve", "snafu", *common])  # not in the answer file
    assert res.exit_code == 0, res.output
    assert "solved in" in res.output
    res = runner.invoke(app, ["prior", "weights", "cigar", "salet"])
    assert res.exit_code == 0 and "salet  zipf 0.00  weight 0.0025" in res.output
    res = runner.invoke(app, ["prior", "suggest", *common, "--history", "salet:22222,cigar:00000"])
    assert res.exit_code == 2 and "error" in res.output


def test_lang_picks_the_frequency_list_and_unknown_codes_are_clear(tmp_path, small_words):
    from typer.testing import CliRunner

    from wordlelab.cli import app

    # "haben" is common German, rare English
    assert zipf_frequencies(["haben"], "de")[0] > zipf_frequencies(["haben"], "en")[0] + 2
    for bad in ("xx", "klingon", ""):
        with pytest.raises(WordListError, match="no word frequencies for language"):
            prior_wordlist(small_words, lang=bad)
    runner = CliRunner()
    res = runner.invoke(app, ["prior", "weights", "haben", "--lang", "de"])
    assert res.exit_code == 0, res.output
    z_de = float(res.output.split("zipf ")[1].split()[0])
    res = runner.invoke(app, ["prior", "weights", "haben"])
    assert float(res.output.split("zipf ")[1].split()[0]) < z_de - 2
    words = tmp_path / "de.txt"
    words.write_text("haben\nhaven\n")
    for lang, likely in (("de", "haben"), ("en", "haven")):
        res = runner.invoke(app, ["prior", "suggest", "-w", str(words), "--lang", lang, "--json"])
        assert res.exit_code == 0, res.output
        assert json.loads(res.output)["likely"][0]["word"] == likely
    for cmd in (["weights", "haben"], ["suggest", "-w", str(words)], ["solve", "haben", "-w", str(words)]):
        res = runner.invoke(app, ["prior", *cmd, "--lang", "xx"])
        assert res.exit_code == 2, res.output
        assert "no word frequencies for language 'xx'" in res.output and "de" in res.output


@pytest.mark.slow
def test_full_prior_list_first_guess():
    wl, w = prior_wordlist("original")
    assert len(wl.answers) == 12972
    ranked = Session(wl, weights=w).suggest("entropy", 3)
    assert ranked[0].stats["entropy"] > 6.0
