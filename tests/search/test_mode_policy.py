"""Each mode's policy (``state.ModePolicy``) is the one place its rules live: State,
the search and the tree verifier agree with it, and with each other."""

from __future__ import annotations

import numpy as np
import pytest

from wordlelab import GameRules, Mode, State, Step, WordList
from wordlelab.search import Solver
from wordlelab.state import HardPolicy, ModePolicy, UltraPolicy, policy

MODES = [Mode.NORMAL, Mode.HARD, Mode.ULTRA]


def test_one_policy_per_mode() -> None:
    assert type(policy("normal")) is ModePolicy
    assert type(policy(Mode.HARD)) is HardPolicy
    assert type(policy("ultra")) is UltraPolicy
    for m in MODES:
        assert policy(m).mode is m and policy(m) is policy(m.value)


@pytest.mark.parametrize("mode", MODES)
def test_state_moves_by_the_policy(words: WordList, table: np.ndarray, mode: Mode) -> None:
    """Random games: the legal set a state carries move by move is the policy's from
    scratch, and a guess is legal exactly when the policy gives no reason against it."""
    rng = np.random.default_rng(11)
    rule = policy(mode)
    for _ in range(6):
        answer = int(rng.integers(len(words.answers)))
        state = State.initial(words, table, mode)
        for _ in range(3):
            g = int(rng.choice(state.legal))
            state = state.after(Step(g, int(table[g, answer])))
            assert np.array_equal(state.legal, rule.legal(words, state.history, "official"))
            probe = rng.choice(len(words.allowed), 40, replace=False)
            legal = set(state.legal.tolist())
            for x in probe:
                why = rule.violation(words, state.history, int(x), "official")
                assert (why is None) == (int(x) in legal), (mode, words.allowed[int(x)], why)


@pytest.mark.parametrize("mode", [Mode.HARD, Mode.ULTRA])
def test_search_keys_of_the_policy_match_the_compiled_search(words: WordList, table: np.ndarray, mode: Mode) -> None:
    """The keys the policy gives a tree's nodes are those the compiled search stored:
    building the tree after its value is proven searches no node again."""
    solver = Solver(words, table, GameRules(mode))
    g = words.guess_id("salet")
    cands = np.arange(len(words.answers), dtype=np.int64)
    assert solver.value(cands, guess=g) == {Mode.HARD: 8122, Mode.ULTRA: 8125}[mode]
    before = solver.nodes
    solver.tree(g)
    assert solver.nodes == before


def test_a_key_holds_what_the_mode_remembers(words: WordList) -> None:
    legal = np.arange(len(words.allowed), dtype=np.int64)
    g, p = words.guess_id("salet"), 2 * 3**1  # A green
    normal, hard, ultra = (policy(m) for m in MODES)
    assert normal.search_hash(normal.search_child(words, normal.search_root(words, legal), g, p, legal)) == 0
    root = hard.search_root(words, legal)
    child = hard.search_child(words, root, g, p, hard.narrow(words, legal, g, "official")(p))
    assert child[0][1] == words.alphabet.index("a") and child[2] == root[2]  # the hint, on the root's set
    assert hard.search_hash(child) != hard.search_hash(root)
    after = ultra.narrow(words, legal, g, "official")(p)
    assert (
        ultra.search_child(words, ultra.search_root(words, legal), g, p, after)[2] == ultra.search_root(words, after)[2]
    )
