"""Game review: candidates, skill and luck per guess, grid parsing, errors."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest

from wordlelab import Session, State, feedback, get_strategy
from wordlelab.errors import (
    InconsistentFeedbackError,
    InvalidPatternError,
    InvalidWordError,
    WordlelabError,
)
from wordlelab.feedback import format_pattern
from wordlelab.review import parse_grid, review_game


def rv(*args, **kwargs):
    """review_game with the fast greedy suggestion unless a test names one."""
    kwargs.setdefault("strategy", "entropy")
    return review_game(*args, **kwargs)


GREEN, YELLOW, GREY = "\U0001f7e9", "\U0001f7e8", "\u2b1b"


def test_review_with_answer_chains_candidates(small_words):
    r = rv(small_words, ["salet", "crane", "crate"], answer="crate")
    assert r.solved and r.answer == "crate"
    assert [g.guess for g in r.guesses] == ["salet", "crane", "crate"]
    assert r.guesses[0].candidates_before == len(small_words.answers)
    for a, b in itertools.pairwise(r.guesses):
        assert a.candidates_after == b.candidates_before
    assert r.guesses[-1].candidates_after == 0
    for g in r.guesses:
        assert g.pattern == feedback(g.guess, "crate")
        assert g.pattern_text == format_pattern(g.pattern, 5)
        assert g.best_entropy >= g.entropy - 1e-9
        assert g.best_expected <= g.expected + 1e-9
        assert 0.0 <= g.skill <= 100.0 and 0.0 <= g.luck <= 1.0


def test_patterns_only_gives_the_same_review(small_words):
    by_answer = rv(small_words, ["salet", "crane", "crate"], answer="crate")
    pats = [g.pattern_text for g in by_answer.guesses]
    by_colours = rv(small_words, ["salet", "crane", "crate"], patterns=pats)
    assert by_colours.to_dict() == by_answer.to_dict()


def test_unsolved_game_with_one_candidate_names_the_answer(small_words):
    pats = [feedback(w, "crate") for w in ("salet", "crane")]
    r = rv(small_words, ["salet", "crane"], patterns=pats)
    assert not r.solved
    assert r.guesses[-1].remaining == ["crate"]
    assert r.answer == "crate"


def test_luck_matches_a_brute_force_count(small_words):
    answer = "grade"
    r = rv(small_words, ["salet", "crane", "grade"], answer=answer)
    cands = list(small_words.answers)
    for g in r.guesses:
        pats = [feedback(g.guess, c) for c in cands]
        left = {c: (0 if c == g.guess else pats.count(p)) for c, p in zip(cands, pats, strict=True)}
        actual = left[answer]
        expect = (sum(v > actual for v in left.values()) + 0.5 * sum(v == actual for v in left.values())) / len(cands)
        assert g.luck == pytest.approx(expect)
        sizes = np.array([pats.count(p) for p in set(pats)], dtype=float)
        assert g.expected == pytest.approx((sizes**2).sum() / len(cands))
        probs = sizes / len(cands)
        assert g.entropy == pytest.approx(float(-(probs * np.log2(probs)).sum()))
        cands = [c for c, p in zip(cands, pats, strict=True) if p == feedback(g.guess, answer)]


def test_best_guess_has_full_skill(small_words):
    first = rv(small_words, ["salet"], answer="crate").guesses[0]
    again = rv(small_words, [first.best_entropy_guess], answer="crate").guesses[0]
    assert again.skill == pytest.approx(100.0)
    assert again.entropy == pytest.approx(first.best_entropy)


def test_one_candidate_left_skill_is_all_or_nothing(small_words):
    pats = [feedback(w, "crate") for w in ("salet", "crane")]
    good = rv(small_words, ["salet", "crane", "crate"], patterns=pats + [242])
    assert good.guesses[-1].candidates_before == 1 and good.guesses[-1].skill == 100.0
    bad = rv(small_words, ["salet", "crane", "abase", "crate"], answer="crate")
    assert bad.guesses[2].skill == 0.0


def test_suggestion_follows_the_named_strategy(small_words):
    r = rv(small_words, ["salet", "crane"], answer="crate", strategy="minimax")
    session = Session(small_words)
    session.play("salet", r.guesses[0].pattern)
    want = small_words.allowed[get_strategy("minimax").choose(session.state)]
    assert r.guesses[1].suggestion == want
    assert r.suggestion_source == "minimax"


def test_default_suggestion_on_a_small_list_is_optimal():
    from wordlelab import WordList

    tiny = WordList.from_words(["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal"])
    r = review_game(tiny, ["rebut", "cigar"], answer="cigar")
    assert r.suggestion_source == "optimal"
    session = Session(tiny)
    want = tiny.allowed[get_strategy("optimal").choose(session.state)]
    assert r.guesses[0].suggestion == want


def test_hard_mode_breaches_are_flagged(small_words):
    # salet vs crate: A and T and E revealed; "mummy" keeps none of them
    r = rv(small_words, ["salet", "mummy", "crate"], answer="crate", rules="hard")
    assert r.guesses[0].hard_mode_breach is None
    assert r.guesses[1].hard_mode_breach is not None
    assert r.guesses[2].hard_mode_breach is None
    assert [g.turn for g in r.breaches] == [2]
    # flagged in normal mode too (as information)
    normal = rv(small_words, ["salet", "mummy", "crate"], answer="crate")
    assert normal.guesses[1].hard_mode_breach == r.guesses[1].hard_mode_breach


def test_hard_mode_best_guess_is_hard_legal(small_words):
    from wordlelab.state import Step, hard_mode_violation

    r = rv(small_words, ["salet", "crane"], answer="crate", rules="hard")
    step = Step(small_words.guess_id("salet"), r.guesses[0].pattern)
    for word in (r.guesses[1].best_entropy_guess, r.guesses[1].best_expected_guess):
        assert hard_mode_violation(small_words, (step,), small_words.guess_id(word)) is None


def test_uniform_weights_change_nothing_and_skewed_weights_do(small_words):
    plain = rv(small_words, ["salet", "crane", "crate"], answer="crate")
    uniform = rv(
        small_words,
        ["salet", "crane", "crate"],
        answer="crate",
        weights=np.full(len(small_words.answers), 3.0),
    )
    for a, b in zip(plain.guesses, uniform.guesses, strict=True):
        assert a.luck == pytest.approx(b.luck)
        assert a.entropy == pytest.approx(b.entropy)
    w = np.full(len(small_words.answers), 1e-3)
    w[small_words.answer_id("crate")] = 1.0  # the answer is almost certain: no luck in finding it
    skewed = rv(small_words, ["salet"], answer="crate", weights=w)
    assert skewed.guesses[0].luck != pytest.approx(plain.guesses[0].luck)
    with pytest.raises(WordlelabError, match="one weight per answer"):
        rv(small_words, ["salet"], answer="crate", weights=np.ones(3))


def test_to_dict_is_json(small_words):
    d = rv(small_words, ["salet", "crate"], answer="crate").to_dict()
    assert json.loads(json.dumps(d))["guesses"][1]["guess"] == "crate"
    assert d["n_guesses"] == 2 and "mean_skill" in d and "mean_luck" in d


def test_full_list_game(words, table):
    r = rv(words, ["salet", "drone", "crony"], answer="crony", table=table)
    assert [g.candidates_before for g in r.guesses] == [2315, 221, 4]
    assert r.guesses[1].remaining == ["crony", "irony", "prong", "wrong"]


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        ({"guesses": [], "answer": "crate"}, InvalidWordError, "no guesses"),
        ({"guesses": ["salet"]}, WordlelabError, "answer or the colours"),
        ({"guesses": ["zzzzz"], "answer": "crate"}, InvalidWordError, "not in the allowed"),
        ({"guesses": ["salet"], "answer": "eerie"}, InvalidWordError, "not a possible answer"),
        ({"guesses": ["salet", "crate"], "patterns": ["00000"]}, InvalidPatternError, "2 guesses but 1"),
        ({"guesses": ["salet"], "answer": "crate", "patterns": ["22222"]}, InconsistentFeedbackError, "not what"),
        ({"guesses": ["salet", "crate"], "patterns": ["22222", "22222"]}, InvalidPatternError, "already solved"),
        ({"guesses": ["salet", "crane"], "patterns": ["00000", "22222"]}, InconsistentFeedbackError, "guess 2"),
        ({"guesses": ["salet"], "patterns": ["0012"]}, InvalidPatternError, "4 marks"),
    ],
)
def test_errors(small_words, kwargs, error, match):
    with pytest.raises(error, match=match):
        review_game(small_words, **kwargs)


def test_parse_grid_with_header_and_hard_star():
    text = f"Wordle 1,234 3/6*\n\n{GREY * 2}{YELLOW}{GREY * 2}\n{GREY}{GREEN * 3}{GREY}\n{GREEN * 5}\n"
    g = parse_grid(text)
    assert g.length == 5 and g.hard is True and g.score == "3/6"
    assert [format_pattern(p, 5) for p in g.patterns] == ["00100", "02220", "22222"]


def test_parse_grid_variants():
    hc = "\U0001f7e7\U0001f7e6\u2b1c\u2b1c\u2b1c"  # high contrast, light theme
    g = parse_grid(f"{hc} {GREEN * 5}")
    assert g.hard is None and g.score is None
    assert [format_pattern(p, 5) for p in g.patterns] == ["21000", "22222"]
    assert parse_grid(f"Wordle 900 X/6\n{GREY * 4}").length == 4
    assert parse_grid(f"Wordle 900 X/6\n{GREY * 5}").hard is False
    with pytest.raises(InvalidPatternError, match="no grid rows"):
        parse_grid("Wordle 1 3/6")
    with pytest.raises(InvalidPatternError):
        parse_grid(f"{GREY * 5}\n{GREY * 4}")


def _tree_ready(words, table, *, hard):
    """Whether the optimal strategy has its tree for these lists without searching."""
    return get_strategy("optimal").tree_ready(State.initial(words, table, rules="hard" if hard else "normal"))


def test_default_suggestion_is_fast_without_a_cached_tree(small_words, tmp_path, monkeypatch):
    import wordlelab.review as review_mod
    from wordlelab.table import pattern_table

    monkeypatch.setenv("WORDLELAB_CACHE_DIR", str(tmp_path))  # no tree cached here
    monkeypatch.setattr(review_mod, "QUICK_OPTIMAL_ANSWERS", 10)  # small_words (50) is "big"
    table = pattern_table(small_words)
    assert not _tree_ready(small_words, table, hard=False)
    r = review_game(small_words, ["crane", "crate"], answer="crate")
    assert r.suggestion_source == "entropy"
    assert "no optimal tree is cached for list 'small' in normal mode" in r.suggestion_note
    assert r.to_dict()["suggestion_note"] == r.suggestion_note
    assert r.guesses[0].suggestion == small_words.allowed[get_strategy("entropy").choose(Session(small_words).state)]
    # naming it searches the tree and caches it; from then on it is the default
    assert review_game(small_words, ["crane", "crate"], answer="crate", strategy="optimal").suggestion_note == ""
    assert _tree_ready(small_words, table, hard=False)
    r = review_game(small_words, ["crane", "crate"], answer="crate")
    assert (r.suggestion_source, r.suggestion_note) == ("optimal", "")
    # still not cached in hard mode
    assert review_game(small_words, ["crane", "crate"], answer="crate", rules="hard").suggestion_source == "entropy"
    # a small list is searched at once
    monkeypatch.setattr(review_mod, "QUICK_OPTIMAL_ANSWERS", 50)
    assert review_game(small_words, ["crane", "crate"], answer="crate", rules="hard").suggestion_source == "optimal"


def test_original_lists_use_the_shipped_optimal_trees(words, table, tmp_path, monkeypatch):

    monkeypatch.setenv("WORDLELAB_CACHE_DIR", str(tmp_path))  # nothing on disk: the shipped trees
    for hard in (False, True):
        assert _tree_ready(words, table, hard=hard)
