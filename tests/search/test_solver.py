"""The exact search against brute force over all trees, on small random lists."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable

import numpy as np
import pytest

from wordlelab import GameRules, Mode, WordList, load_wordlist, pattern_table
from wordlelab.feedback import all_green, feedback
from wordlelab.search import Solver, read_header, read_tree, verify_tree, write_tree
from wordlelab.search._bounds import (
    HARD_BITS_MIN,
    SCAN_LEAN_PAIRS_MAX,
    SCAN_PAIRS_MAX,
    hard_bits,
    hard_keep,
    legal_index,
)
from wordlelab.search._core import INF, hard_filter, set_hash
from wordlelab.state import Step, hard_mode_legal

#: ``_bounds.scan``'s ``keep`` and ``parts`` when not used (nothing kept, a full scan)
_NO_KEEP = np.zeros((0, 0), np.uint8)
_NO_PARTS = np.zeros(0, np.int64)
_FULL = (_NO_KEEP, _NO_PARTS)


def consistent_reference(words: WordList, history: tuple[Step, ...]) -> list[int]:
    """Ultra-hard mode by its definition, in plain Python: the allowed words that
    would show every step's pattern were they the answer."""
    return [
        w
        for w, word in enumerate(words.allowed)
        if all(feedback(words.allowed[s.guess], word) == s.pattern for s in history)
    ]


def brute_force(
    words: WordList,
    table: np.ndarray,
    hard: bool | str,
    cap: int,
    pool: list[int],
    first: int | None = None,
    below: Step | None = None,
) -> int:
    """min over every decision tree of the total guesses, by plain recursion over
    every guess at every node (no bounds, no pruning); INF if the cap is too tight.
    ``hard``: True or a mode name ("normal", "hard", "ultra"); ``first``: the
    opener, if forced (the trees that open with it); ``below``: a step played
    already (the answers showing its pattern, with its hint, ``cap`` guesses
    left)."""
    win = all_green(words.length)
    mode = Mode(hard) if isinstance(hard, str) else Mode.HARD if hard else Mode.NORMAL
    hard = mode is not Mode.NORMAL

    @functools.cache
    def f(cands: tuple[int, ...], history: tuple[Step, ...], d: int) -> int:
        if d == 0:
            return INF
        if mode is Mode.ULTRA:
            allowed_now = set(consistent_reference(words, history))
        elif mode is Mode.HARD:
            allowed_now = set(hard_mode_legal(words, history).tolist())
        legal = [g for g in pool if not hard or g in allowed_now]
        return min(min((play(cands, history, d, g) for g in legal), default=INF), INF)

    def play(cands: tuple[int, ...], history: tuple[Step, ...], d: int, g: int) -> int:
        buckets: dict[int, list[int]] = {}
        for c in cands:
            buckets.setdefault(int(table[g, c]), []).append(c)
        cost = len(cands)
        for p, b in buckets.items():
            if p != win:
                cost += f(tuple(b), history + (Step(g, p),) if hard else (), d - 1)
            if cost >= INF:
                break
        return cost

    root = tuple(range(len(words.answers)))
    if below is not None:
        bucket = tuple(c for c in root if table[below.guess, c] == below.pattern)
        return f(bucket, (below,) if hard else (), cap)
    return f(root, (), cap) if first is None else min(play(root, (), cap, first), INF)


def _random_list(seed: int, n_answers: int, n_extra: int) -> WordList:
    full = load_wordlist()
    rng = random.Random(seed)
    # words over few letters share letters, so trees are not trivial
    letters = set("aerstlino")
    pool = [w for w in full.answers if set(w) <= letters]
    answers = rng.sample(pool, n_answers)
    others = [w for w in full.allowed if set(w) <= letters and w not in answers]
    return WordList.from_words(answers, answers + rng.sample(others, n_extra), name=f"r{seed}")


def _family_list(
    seed: int, endings: tuple[str, ...], n_answers: int, n_extra: int, n_dead: int = 0, twins: bool = False
) -> WordList:
    """Answers from word families equal but in one or two letters (_ATCH,
    _IGHT...), with ``n_extra`` other allowed guesses, and ``n_dead`` guesses
    that are answers with one letter replaced by a letter no answer has (each
    split more finely by the answer it came from: a dominated guess); with
    ``twins`` two of each, with different such letters in the same place
    (alike guesses in hard mode: ``_bounds.drop_alike``)."""
    full = load_wordlist()
    rng = random.Random(seed)
    answers = sorted(rng.sample([w for w in full.answers if w.endswith(endings)], n_answers))
    others = [w for w in full.allowed if w not in answers]
    absent = sorted(set("abcdefghijklmnopqrstuvwxyz") - set("".join(answers)))
    dead = []
    for w in rng.sample(answers, n_dead):
        i = rng.randrange(len(w))
        for c in rng.sample(absent, 2 if twins else 1):
            dead.append(w[:i] + c + w[i + 1 :])
    return WordList.from_words(answers, answers + rng.sample(others, n_extra) + sorted(set(dead)))


CASES = [(seed, mode, cap) for seed in range(6) for mode in ("normal", "hard", "ultra") for cap in (2, 3, 4, 6)]


@pytest.mark.parametrize("seed,mode,cap", CASES)
def test_exact_search_equals_brute_force(seed: int, mode: str, cap: int) -> None:
    words = _random_list(seed, 7, 4)
    table = pattern_table(words)
    pool = list(range(len(words.allowed)))
    expected = brute_force(words, table, mode, cap, pool)
    solver = Solver(words, table, rules=mode, max_guesses=cap)
    got = solver.value(np.arange(len(words.answers)))
    assert got == expected
    if expected < INF:
        result = solver.solve(None, top=len(words.allowed))
        assert result.total == expected and result.proven
        v = verify_tree(result.tree, table)
        assert v.stats.total == expected and v.stats.max <= cap


@pytest.mark.parametrize("seed", range(4))
def test_answers_only_and_forced_opener_equal_brute_force(seed: int) -> None:
    words = _random_list(100 + seed, 8, 5)
    table = pattern_table(words)
    solver = Solver(words, table, answers_only=True)
    pool = sorted(set(words.answer_to_allowed.tolist()))
    assert solver.value(np.arange(len(words.answers))) == brute_force(words, table, False, 6, pool)
    # a forced opener: the best tree under it, vs brute force below it
    g = pool[0]
    got = Solver(words, table).value(np.arange(len(words.answers)), guess=g)
    win = all_green(words.length)
    cands = np.arange(len(words.answers))
    total = len(cands)
    for p in np.unique(table[g, cands]):
        if p != win:
            sub = WordList.from_words(
                [words.answers[i] for i in cands[table[g, cands] == p]], list(words.allowed), name="sub"
            )
            total += brute_force(sub, pattern_table(sub), False, 5, list(range(len(sub.allowed))))
    assert got == total


@pytest.mark.parametrize("hard", ["normal", "hard", "ultra"])
def test_fail_high_contract(hard: str) -> None:
    """Below the true value a search returns a lower bound >= beta; above it, the value.
    Checked for the whole search and for every forced opener, in every mode."""
    words = _random_list(7, 12, 6)
    table = pattern_table(words)
    cands = np.arange(len(words.answers))
    exact = Solver(words, table, rules=hard).value(cands)
    openers = range(len(words.allowed))
    forced = {g: Solver(words, table, rules=hard).value(cands, guess=g) for g in openers}
    assert exact == min(forced.values())
    for beta in range(1, exact + 3):
        shared = Solver(words, table, rules=hard)  # one memo across betas and openers
        v = Solver(words, table, rules=hard).value(cands, beta=beta)
        if exact < beta:
            assert v == exact
        else:
            assert beta <= v <= exact
        for g in openers:
            w = shared.value(cands, guess=g, beta=beta)
            if forced[g] < beta:
                assert w == forced[g]
            else:
                assert beta <= w <= forced[g]


def test_beam_is_an_upper_bound(small_words: WordList) -> None:
    table = pattern_table(small_words)
    cands = np.arange(len(small_words.answers))
    exact = Solver(small_words, table).value(cands)
    for beam in (1, 3):
        assert Solver(small_words, table, beam=beam).value(cands) >= exact


def test_hard_filter_matches_hard_mode_legal(words: WordList, table: np.ndarray) -> None:
    rng = np.random.default_rng(3)
    legal = np.arange(len(words.allowed), dtype=np.int64)
    for _ in range(20):
        history: tuple[Step, ...] = ()
        cur = legal
        answer = int(rng.integers(len(words.answers)))
        for _ in range(3):
            g = int(rng.choice(cur))
            p = int(table[g, answer])
            history += (Step(g, p),)
            cur = hard_filter(cur, g, p, words.allowed_codes, words.allowed_letter_counts)
            assert np.array_equal(cur, hard_mode_legal(words, history))


def test_hard_filter_by_bit_sets_matches_the_letter_test(words: WordList, table: np.ndarray) -> None:
    """The bit-set filter (sets of at least HARD_BITS_MIN guesses) keeps exactly
    the guesses the letter test keeps: greens, revealed letters and their
    repeats, sets starting and ending anywhere in a 64-word block; and so does
    the filter reading the positions from the set's index (legal_index)."""
    codes, counts = words.allowed_codes, words.allowed_letter_counts
    bits = hard_bits(codes, counts)
    no_bits = np.zeros((0, 0), np.uint64)
    rng = np.random.default_rng(11)
    repeats = [i for i, w in enumerate(words.allowed) if len(set(w)) < len(w)]
    everyone = np.arange(len(words.allowed), dtype=np.int64)
    kept_any = 0
    for trial in range(300):
        size = len(everyone) if trial % 10 == 0 else int(rng.integers(HARD_BITS_MIN, len(everyone)))
        legal = np.sort(rng.choice(everyone, size, replace=False))
        g = int(rng.choice(repeats)) if trial % 2 else int(rng.integers(len(everyone)))
        p = int(table[g, int(rng.integers(len(words.answers)))])
        expected = hard_filter(legal, g, p, codes, counts)
        index = legal_index(legal, bits.shape[1])
        ways = ((bits, no_bits), (bits, index), (no_bits, no_bits))
        for with_bits, with_index in ways:  # positions: the search filters its columns with them too
            keep = hard_keep(legal, g, p, codes, counts, with_bits, with_index)
            assert np.array_equal(legal[keep], expected) and bool(np.all(np.diff(keep) > 0))
        kept_any += expected.shape[0] > 0
    assert kept_any > 100  # the hints were not all impossible to keep


def test_set_hash_depends_on_content() -> None:
    a = np.array([1, 2, 3], dtype=np.int64)
    assert set_hash(a) == set_hash(a.copy())
    assert set_hash(a) != set_hash(np.array([1, 2, 4], dtype=np.int64))
    assert set_hash(a) != set_hash(np.array([1, 2], dtype=np.int64))


@pytest.mark.parametrize("suffix", [".tree", ".json"])
@pytest.mark.parametrize("mode", ["normal", "hard", "ultra"])
def test_tree_file_round_trip(tmp_path, small_words: WordList, suffix: str, mode: str) -> None:
    table = pattern_table(small_words)
    result = Solver(small_words, table, rules=mode).solve("salet")
    path = tmp_path / f"t{suffix}"
    st = write_tree(result.tree, path, table)
    tree, head = read_tree(path, small_words)
    v = verify_tree(tree, table, head)
    assert v.stats == st and st.total == result.total and tree.mode == mode and tree.proven
    assert head["mode"] == mode
    # the header alone, without parsing the tree, says the same
    alone = read_header(path.read_text("utf-8"))
    assert alone == head and str(alone["words"]) == small_words.name


def test_verify_rejects_tampering(tmp_path, small_words: WordList) -> None:
    from wordlelab.search import TreeFileError

    table = pattern_table(small_words)
    result = Solver(small_words, table).solve("salet")
    path = tmp_path / "t.tree"
    write_tree(result.tree, path, table)
    text = path.read_text()
    # a wrong claimed total
    bad = tmp_path / "total.tree"
    bad.write_text(text.replace(f"total: {result.total}", f"total: {result.total - 1}"))
    tree, head = read_tree(bad, small_words)
    with pytest.raises(TreeFileError, match="total"):
        verify_tree(tree, table, head)
    # a game line that plays a different guess at the same position
    lines = text.splitlines()
    body = [i for i, ln in enumerate(lines) if not ln.startswith("#")]
    toks = lines[body[1]].split()
    toks[0] = "crane" if toks[0] != "crane" else "soare"
    lines[body[1]] = " ".join(toks)
    (tmp_path / "fork.tree").write_text("\n".join(lines))
    with pytest.raises(TreeFileError, match="one guess per position"):
        read_tree(tmp_path / "fork.tree", small_words)
    # a line dropped whose answer no other line guesses: that answer is never found
    lines = text.splitlines()
    played = [ln.split()[::2] for ln in lines if not ln.startswith("#")]
    for i, words_played in zip(body, played, strict=True):
        answer = words_played[-1]
        if sum(answer in other for other in played) == 1:
            del lines[i]
            break
    (tmp_path / "drop.tree").write_text("\n".join(lines))
    tree, head = read_tree(tmp_path / "drop.tree", small_words)
    with pytest.raises(TreeFileError, match="never finds"):
        verify_tree(tree, table, head)


def test_hard_mode_violation_is_caught(tmp_path, small_words: WordList) -> None:
    """A normal-mode tree relabelled as hard fails verification if it breaks a hint."""
    from wordlelab.search import TreeFileError

    table = pattern_table(small_words)
    normal = Solver(small_words, table).solve("salet")
    hard = Solver(small_words, table, rules="hard").solve("salet")
    assert hard.total >= normal.total
    normal.tree.rules = GameRules(Mode.HARD)
    try:
        verify_tree(normal.tree, table)
    except TreeFileError as exc:
        assert "hard mode" in str(exc)
    else:  # the normal tree happens to be hard-legal: then it cannot beat the hard optimum
        assert normal.total == hard.total


def test_endgame_trap_equals_brute_force() -> None:
    """Answers equal but in one letter (_ATCH): the trap cut must agree with brute force."""
    from wordlelab.search._core import STAT_TRAP

    answers = ["batch", "catch", "hatch", "latch", "match", "patch", "watch"]
    extra = ["chomp", "blimp", "whelm", "plumb", "champ"]
    words = WordList.from_words(answers, answers + extra, name="atch")
    table = pattern_table(words)
    pool = list(range(len(words.allowed)))
    fired = 0
    for hard in ("normal", "hard", "ultra"):
        for cap in (2, 3, 4):
            solver = Solver(words, table, rules=hard, max_guesses=cap)
            assert solver.value(np.arange(len(answers))) == brute_force(words, table, hard, cap, pool)
            fired += int(solver.counters[STAT_TRAP])
    assert fired > 0  # the cut was exercised


def _scan_reference(by_answer: np.ndarray, guesses: np.ndarray, cands: np.ndarray, r: int, n_patterns: int = 243):  # type: ignore[no-untyped-def]
    """``(glb, sumsq, largest, shortcut)`` of ``_bounds.scan`` by counting with
    numpy (``shortcut``: the first guess attaining the least bound with buckets
    of at most two, or -1)."""
    n, win = len(cands), n_patterns - 1
    pats = by_answer[cands][:, guesses].astype(np.int64)
    glb, sumsq, bigs = [], [], []
    for j in range(len(guesses)):
        counts = np.bincount(pats[:, j], minlength=n_patterns)
        parts, has_win, big = int((counts > 0).sum()), bool(counts[win]), int(counts.max())
        sumsq.append(int((counts**2).sum()))
        bigs.append(big)
        useless = parts == 1 and not has_win or r <= 1 and big > 1
        glb.append(INF if useless else 3 * n - parts - has_win)
    least = min(glb)
    exact = [j for j in range(len(guesses)) if glb[j] == least < INF and bigs[j] <= 2]
    return np.array(glb), np.array(sumsq), np.array(bigs), exact[0] if exact else -1


def _scan_bounds(by_answer: np.ndarray, guesses: np.ndarray, cands: np.ndarray, r: int, glb: np.ndarray) -> None:
    """``_bounds.scan`` filling ``glb`` only (its other figures into scratch)."""
    from wordlelab.search._bounds import scan

    scratch = np.empty(len(guesses), np.int64), np.empty(len(guesses), np.int64)
    scan(by_answer, guesses, cands, r, 243, 0, INF, glb, *scratch, *_FULL)


@pytest.mark.parametrize(
    "n", [3, 4, 5, 7, 8, 9, 11, 23, 24, 30, 40, 97, 200, SCAN_PAIRS_MAX, SCAN_PAIRS_MAX + 1, 255, 256, 300]
)
def test_scan_equals_counting(n: int) -> None:
    """Every way of scanning (pairs of candidates for small sets, counts per
    guess and pattern for larger ones, in bytes up to 255 candidates and in
    16 bits above), over a run of guesses and scattered lists (sparse ones
    gathered, dense ones compressed where the CPU can, one of them reaching
    the table's last column), for candidates spread over the list and for
    neighbours in it; and guesses in any order (a run with two swapped
    inside it, so that it spans as a run; a dense list descending), which
    fails if a block is copied as a run or compressed without its guesses
    ascending."""
    from wordlelab.search._bounds import scan

    words = load_wordlist()
    by_answer = np.ascontiguousarray(pattern_table(words).T)
    rng = np.random.default_rng(n)
    last = len(words.allowed)
    swapped = np.arange(5000, 5700, dtype=np.int64)
    swapped[[1, 2]] = swapped[[2, 1]]
    for guesses in (
        np.arange(3000, 4100, dtype=np.int64),
        np.sort(rng.choice(last, 1500, replace=False)).astype(np.int64),
        np.sort(rng.choice(last, 4000, replace=False)).astype(np.int64),
        np.sort(rng.choice(np.arange(last - 1300, last), 700, replace=False)).astype(np.int64),
        swapped,
        np.sort(rng.choice(np.arange(8000, 9000), 600, replace=False))[::-1].astype(np.int64),
    ):
        # spread over the list, and neighbours in it (sharing letters: big buckets,
        # many equal pairs)
        start = int(rng.integers(0, len(words.answers) - 2 * n))
        for r, pool in ((1, len(words.answers)), (3, len(words.answers)), (3, np.arange(start, start + 2 * n))):
            cands = np.sort(rng.choice(pool, n, replace=False)).astype(np.int64)
            glb = np.empty(len(guesses), np.int64)
            sumsq = np.empty(len(guesses), np.int64)
            largest = np.empty(len(guesses), np.int64)
            node_lb, shortcut = scan(by_answer, guesses, cands, r, 243, 0, INF, glb, sumsq, largest, *_FULL)
            want_glb, want_sumsq, want_largest, want_shortcut = _scan_reference(by_answer, guesses, cands, r)
            assert (glb == want_glb).all() and (sumsq == want_sumsq).all() and (largest == want_largest).all()
            assert (node_lb, shortcut) == (want_glb.min(), want_shortcut)


@pytest.mark.parametrize(
    "n",
    [3, 5, 9, 16, 23, 24, 40, SCAN_LEAN_PAIRS_MAX, SCAN_LEAN_PAIRS_MAX + 1, 97]
    + [SCAN_PAIRS_MAX, SCAN_PAIRS_MAX + 1, 200, 255, 256, 300],
)
def test_lean_scan_gives_what_the_search_reads_of_the_full_scan(n: int) -> None:
    """A scan told the bound at which its node fails high (``cut``) gives the
    full scan's ``node_lb``, exact guess and every ``glb`` whatever ``cut`` is
    (below the node's bound: lean throughout, each block's exact guess asked
    of the block; at it; above it: lean until a block holds a guess below
    ``cut``), and the full scan's ``sumsq`` and ``largest`` for every guess
    below ``cut``: all that the search reads.  Sets above ``SCAN_LEAN_PAIRS_MAX``
    are counted lean by ``_marks`` (and in full, up to ``SCAN_PAIRS_MAX``, by
    ``_pairs``), those up to it by ``_repeats``."""
    from wordlelab.search._bounds import SCAN_BLOCK, scan

    words = load_wordlist()
    by_answer = np.ascontiguousarray(pattern_table(words).T)
    rng = np.random.default_rng(1000 + n)
    last = len(words.allowed)
    lean_runs = exact_found = partly = 0
    for guesses in (
        np.arange(0, last, dtype=np.int64),
        np.sort(rng.choice(last, 3000, replace=False)).astype(np.int64),
    ):
        for _ in range(4):
            start = int(rng.integers(0, len(words.answers) - 2 * n))
            for pool in (len(words.answers), np.arange(start, start + 2 * n)):
                cands = np.sort(rng.choice(pool, n, replace=False)).astype(np.int64)
                want_glb, want_sumsq, want_largest, want_shortcut = _scan_reference(by_answer, guesses, cands, 3)
                want_lb = int(want_glb.min())
                first_block = int(want_glb[:SCAN_BLOCK].min())  # (lean there, then a block below it)
                for cut in (want_lb - 20, want_lb - 1, want_lb, want_lb + 1, first_block, INF):
                    glb, sumsq, largest = (np.empty(len(guesses), np.int64) for _ in range(3))
                    node_lb, shortcut = scan(by_answer, guesses, cands, 3, 243, 0, cut, glb, sumsq, largest, *_FULL)
                    assert (node_lb, shortcut) == (want_lb, want_shortcut)
                    assert (glb == want_glb).all()
                    below = want_glb < cut
                    assert (sumsq[below] == want_sumsq[below]).all() and (largest[below] == want_largest[below]).all()
                    lean_runs += want_lb >= cut
                    exact_found += want_lb >= cut and shortcut >= 0
                    partly += want_lb < cut == first_block
    assert lean_runs > 0 and partly > 0
    if n <= 9:  # a candidate splitting the few into singletons is common there
        assert exact_found > 0


@pytest.mark.parametrize("n", [5, 20, 60, SCAN_PAIRS_MAX + 50])
def test_scan_stopped_by_an_ancestors_parts_gives_the_full_scans_bound(n: int) -> None:
    """Guesses ordered by the parts they make of an ancestor's candidates
    (most first, ``3N - guess_lb``, as the search passes them down): a scan
    given those parts and a ``cut`` it fails high at stops early, where no
    guess left could lower its bound, yet returns the full scan's
    ``node_lb``; one that does not fail high reads every guess.  Fails if
    the stop trusted the ancestor's parts beyond ``n + 1``, or stopped a
    scan that goes on."""
    from wordlelab.search._bounds import scan

    words = load_wordlist()
    by_answer = np.ascontiguousarray(pattern_table(words).T)
    rng = np.random.default_rng(2000 + n)
    guesses = np.sort(rng.choice(len(words.allowed), 3000, replace=False)).astype(np.int64)
    stopped = full = 0
    for _ in range(3):
        # neighbours in the list, sharing letters: few parts for most guesses
        start = int(rng.integers(0, len(words.answers) - 3 * n))
        ancestor = np.sort(rng.choice(np.arange(start, start + 3 * n), 2 * n, replace=False)).astype(np.int64)
        anc_glb = _scan_reference(by_answer, guesses, ancestor, 3)[0]
        live = np.flatnonzero(anc_glb < INF)
        made = 3 * len(ancestor) - anc_glb[live]
        order = np.argsort(-made, kind="mergesort")
        ordered, parts = guesses[live][order], made[order]
        cands = np.sort(rng.choice(ancestor, n, replace=False)).astype(np.int64)
        want_glb, _, _, _ = _scan_reference(by_answer, ordered, cands, 3)
        want_lb = int(want_glb.min())
        for cut in (want_lb - 9, want_lb, want_lb + 1, INF):
            glb = np.full(len(ordered), -7, np.int64)
            sumsq, largest = (np.empty(len(ordered), np.int64) for _ in range(2))
            node_lb, _ = scan(by_answer, ordered, cands, 3, 243, 0, cut, glb, sumsq, largest, _NO_KEEP, parts)
            assert node_lb == want_lb
            unread = glb == -7
            if want_lb < cut:  # goes on: every guess read
                assert not unread.any()
                assert (glb == want_glb).all()
                full += 1
            else:
                assert (glb[~unread] == want_glb[~unread]).all()
                stopped += bool(unread.any())
        # the weakest true parts (``n + 1`` for every guess), the guesses in
        # index order: no stop before the least bound is found
        want_glb = _scan_reference(by_answer, guesses, cands, 3)[0]
        glb, sumsq, largest = (np.empty(len(guesses), np.int64) for _ in range(3))
        weakest = np.full(len(guesses), n + 1, np.int64)
        cut = int(want_glb.min())
        assert scan(by_answer, guesses, cands, 3, 243, 0, cut, glb, sumsq, largest, _NO_KEEP, weakest)[0] == cut
    assert full > 0 and stopped > 0


def test_compressed_fill_equals_a_gather() -> None:
    """``_bounds._fill_compressed`` (a block of a scan copied by compressing
    64-byte runs of each row) gives the rows' bytes at the columns asked, in
    order: dense and sparse columns, runs crossing the rows' ends (the last
    bytes one at a time), one column, and the table's last; in a table of
    bytes and in one of 16-bit patterns (words of six letters or more)."""
    from wordlelab.search._bounds import SCAN_BLOCK, SCAN_COMPRESS_SPAN, _fill_compressed

    rng = np.random.default_rng(7)
    rows = np.sort(rng.choice(40, 17, replace=False)).astype(np.int64)
    masks = np.empty(SCAN_COMPRESS_SPAN * SCAN_BLOCK // 64 + 1, np.uint64)
    cases = [
        np.sort(rng.choice(1000, 500, replace=False)),
        np.sort(rng.choice(np.arange(600, 1000), 80, replace=False)),
        np.sort(rng.choice(np.arange(10, 970), 120, replace=False)),
        np.array([999]),
        np.array([5]),
        np.arange(936, 1000),
    ]
    for dtype, top in ((np.uint8, 243), (np.uint16, 729)):
        table = rng.integers(0, top, size=(40, 1000), dtype=dtype)
        block = np.zeros((17, SCAN_BLOCK), dtype)
        for picks in cases:
            picks = picks.astype(np.int64)
            block[:] = 0
            _fill_compressed(table, rows, picks, block, masks)
            assert (block[:, : len(picks)] == table[rows][:, picks]).all()


@pytest.mark.parametrize("n", [6, SCAN_PAIRS_MAX, SCAN_PAIRS_MAX + 1, 300])
def test_scan_of_longer_words_equals_counting(n: int) -> None:
    """Six-letter words (729 patterns, two bytes a cell): small sets by pairs,
    larger ones one guess at a time (the counts per guess and pattern are for
    patterns that fit in a byte)."""
    from wordlelab.search._bounds import scan

    rng = np.random.default_rng(n)
    letters = np.array(list("abcdefgh"))
    words = sorted({"".join(rng.choice(letters, 6)) for _ in range(900)})
    wl = WordList("six", tuple(words[:500]), tuple(words))
    by_answer = np.ascontiguousarray(pattern_table(wl, persist=False).T)
    assert by_answer.dtype == np.uint16
    guesses = np.arange(len(wl.allowed), dtype=np.int64)
    for r in (1, 3):
        cands = np.sort(rng.choice(len(wl.answers), n, replace=False)).astype(np.int64)
        glb, sumsq, largest = (np.empty(len(guesses), np.int64) for _ in range(3))
        node_lb, shortcut = scan(
            by_answer,
            guesses,
            cands,
            r,
            729,
            0,
            INF,
            glb,
            sumsq,
            largest,
            np.zeros((0, 0), by_answer.dtype),
            _NO_PARTS,
        )
        want_glb, want_sumsq, want_largest, want_shortcut = _scan_reference(by_answer, guesses, cands, r, 729)
        assert (glb == want_glb).all() and (sumsq == want_sumsq).all() and (largest == want_largest).all()
        assert (node_lb, shortcut) == (want_glb.min(), want_shortcut)


@pytest.mark.parametrize("n", [3, 5, 9, 17, 40])
def test_separating_finds_the_first_guess_of_singletons(n: int) -> None:
    """``_bounds.separating`` (two guesses left: a guess showing every candidate
    its own pattern) against counting with numpy: over a run of guesses and a
    scattered list, candidates spread over the list (most guesses separate
    them) and neighbours in it (few or none do), and with the separating
    guesses removed (then none, -1); and answers one per pattern of a guess
    (some guess separates them); and a run reversed inside each block, which
    fails if a block is copied as a run without its guesses ascending."""
    from wordlelab.search._bounds import separating

    words = load_wordlist()
    by_answer = np.ascontiguousarray(pattern_table(words).T)
    rng = np.random.default_rng(100 + n)
    found = missing = 0
    reversed_inside = np.arange(3000, 4100, dtype=np.int64)  # (each block spans as a run, but is not one)
    reversed_inside[1:511] = reversed_inside[1:511][::-1].copy()
    reversed_inside[513:1023] = reversed_inside[513:1023][::-1].copy()
    for guesses in (
        np.arange(3000, 4100, dtype=np.int64),
        np.sort(rng.choice(len(words.allowed), 1500, replace=False)).astype(np.int64),
        reversed_inside,
    ):
        start = int(rng.integers(0, len(words.answers) - 2 * n))
        # one answer per pattern of a guess in the middle of the list: at least it separates them
        g = int(guesses[len(guesses) // 2])
        _, one_each = np.unique(by_answer[:, g], return_index=True)
        for pool in (len(words.answers), np.arange(start, start + 2 * n), one_each):
            cands = np.sort(rng.choice(pool, n, replace=False)).astype(np.int64)
            pats = by_answer[cands][:, guesses]
            apart = [j for j in range(len(guesses)) if len(set(pats[:, j].tolist())) == n]
            want = apart[0] if apart else -1
            assert separating(by_answer, guesses, cands) == want
            found += want >= 0
            rest = np.delete(guesses, apart)
            assert separating(by_answer, rest, cands) == -1
            missing += 1
    assert found > 0 and missing > 0


def test_narrow_keeps_one_guess_per_split() -> None:
    """The guesses passed below a node: the useful ones, and in normal mode the
    lowest index of each column of patterns."""
    from wordlelab.search._bounds import narrow, scan

    words = load_wordlist()
    by_answer = np.ascontiguousarray(pattern_table(words).T)
    guesses = np.arange(len(words.allowed), dtype=np.int64)
    rng = np.random.default_rng(5)
    for n in (3, 8, 30):
        # candidates sharing letters, so that many guesses tell them apart alike
        start = int(rng.integers(0, len(words.answers) - 200))
        cands = np.sort(rng.choice(np.arange(start, start + 200), n, replace=False)).astype(np.int64)
        glb = np.empty(len(guesses), np.int64)
        sumsq = np.empty(len(guesses), np.int64)
        scan(by_answer, guesses, cands, 3, 243, 0, INF, glb, sumsq, np.empty(len(guesses), np.int64), *_FULL)
        useful = guesses[glb < INF]
        assert (guesses[narrow(by_answer, guesses, glb, cands, False)] == useful).all()
        kept = guesses[narrow(by_answer, guesses, glb, cands, True)]
        columns = {g: by_answer[cands, g].tobytes() for g in useful.tolist()}
        first: dict[bytes, int] = {}
        for g in useful.tolist():
            first.setdefault(columns[g], g)
        assert kept.tolist() == sorted(first.values())
        assert len(kept) < len(useful)  # some guesses were alike


def test_drop_alike_keeps_one_guess_per_kind_in_hard_mode() -> None:
    """``_bounds.drop_alike`` on hard-mode nodes of the NYT lists (the all-grey
    bucket of a weak opener, answers ending alike, answers holding a letter
    off one place): exactly the first guess of each kind is kept, a kind being
    the letters with those no candidate has made a wildcard.  Two guesses of
    a kind show every candidate the same pattern, leave the same rule after
    every hint they show, and below the node one is legal wherever the other
    is: under the rules that hints of other guesses for any candidate leave."""
    from wordlelab.kernels.hints import constrain
    from wordlelab.search._bounds import drop_alike, narrow

    words = load_wordlist("nyt")
    table = pattern_table(words)
    solver = Solver(words, table, rules="hard")
    by_answer, codes = solver.by_answer, solver.codes
    alpha = solver.letter_counts.shape[1]
    guesses = np.arange(len(words.allowed), dtype=np.int64)
    answers = np.arange(len(words.answers), dtype=np.int64)
    grey = answers[table[words.allowed.index("quouk")] == 0]
    e_last = answers[[w.endswith("e") for w in words.answers]]
    a_not_first = answers[[("a" in w and w[0] != "a") for w in words.answers]]
    rng = np.random.default_rng(11)

    def legal(g: int, greens: np.ndarray, mins: np.ndarray) -> bool:
        counts = np.bincount(codes[g], minlength=alpha)
        return bool(((greens < 0) | (codes[g] == greens)).all() and (counts >= mins).all())

    dropped_total = 0
    for cands in (grey[:200], e_last[::9][:25], a_not_first[::13][:12], grey[::40][:6]):
        glb = np.empty(len(guesses), np.int64)
        _scan_bounds(by_answer, guesses, cands, 3, glb)
        kept = narrow(by_answer, guesses, glb, cands, False)
        out = drop_alike(kept, guesses, cands, codes, solver.ans2allowed)
        present = set("".join(words.answers[int(a)] for a in cands))
        first: dict[str, int] = {}
        kind = {}
        for g in guesses[kept].tolist():
            kind[g] = first.setdefault("".join(c if c in present else "." for c in words.allowed[g]), g)
        assert guesses[out].tolist() == sorted(set(first.values()))
        dropped = [g for g in kind if kind[g] != g]
        dropped_total += len(dropped)
        for g in rng.choice(dropped, min(30, len(dropped)), replace=False).tolist() if dropped else []:
            h = kind[g]
            assert (by_answer[cands, g] == by_answer[cands, h]).all()
            none = np.full(5, -1, np.int64), np.zeros(alpha, np.int64)
            for pattern in set(by_answer[cands, g].tolist()):
                (greens_g, mins_g), (greens_h, mins_h) = (constrain(*none, x, pattern, codes) for x in (g, h))
                assert (greens_g == greens_h).all() and (mins_g == mins_h).all(), (words.allowed[g], words.allowed[h])
            for _ in range(20):  # rules below the node: hints of other guesses for one of its candidates
                a = int(rng.choice(cands))
                rule = none
                for x in rng.choice(guesses, 2).tolist():
                    rule = constrain(*rule, x, by_answer[a, x], codes)
                    assert legal(g, *rule) == legal(h, *rule), (words.allowed[g], words.allowed[h], words.allowed[x])
    assert dropped_total > 100  # the kinds were exercised


def _finer_than(columns: np.ndarray, g: int, among: np.ndarray) -> np.ndarray:
    """Which guesses of ``among`` split the rows of ``columns`` (candidates x
    guesses) at least as finely as ``g``: those whose patterns, paired with
    ``g``'s, make no more parts than their own."""
    own = columns[:, among].astype(np.int64)
    paired = np.sort(own * 256 + columns[:, [g]], axis=0)
    own.sort(axis=0)
    return (np.diff(paired, axis=0) != 0).sum(0) == (np.diff(own, axis=0) != 0).sum(0)


def test_drop_dominated_keeps_a_finer_guess_for_every_guess_dropped() -> None:
    """``_bounds.drop_dominated`` on nodes of the NYT lists: the all-grey
    bucket of a weak opener (many letters dead), answers that all hold a
    letter but not in one place (where a guess repeating it is not split
    more finely by the same guess with another letter in place of a copy),
    and answers that all end alike (where candidates have dead positions).
    Every guess dropped is not a candidate and is split at least as finely
    by a guess kept, and on subsets of the node the least bound of a scan
    over the kept guesses equals that over all the guesses narrow kept."""
    from wordlelab.search._bounds import drop_dominated, narrow

    words = load_wordlist("nyt")
    table = pattern_table(words)
    solver = Solver(words, table)  # its arrays, as the search passes them
    by_answer, codes, ans2allowed = solver.by_answer, solver.codes, solver.ans2allowed
    search = solver._search()  # the index is in it
    guesses = np.arange(len(words.allowed), dtype=np.int64)
    rng = np.random.default_rng(7)
    answers = np.arange(len(words.answers), dtype=np.int64)
    grey = answers[table[words.allowed.index("qajaq")] == 0]
    e_not_second = answers[[("e" in w and w[1] != "e") for w in words.answers]]
    s_not_last = answers[[("s" in w and w[4] != "s") for w in words.answers]]
    e_last = answers[[w.endswith("e") for w in words.answers]]
    nodes = [grey[:300], e_not_second[::10][:40], s_not_last[::7][:40], e_last[::5][:60]]
    dropped_total = candidates_seen = 0
    for cands in nodes:
        glb = np.empty(len(guesses), np.int64)
        _scan_bounds(by_answer, guesses, cands, 3, glb)
        kept = narrow(by_answer, guesses, glb, cands, True)
        out = drop_dominated(by_answer, guesses, cands, kept, guesses, cands, search)
        assert np.isin(out, kept).all() and (np.diff(out) > 0).all()
        dropped = np.setdiff1d(kept, out)
        dropped_total += len(dropped)
        candidates = set(ans2allowed[cands].tolist())
        candidates_seen += len(candidates & set(kept.tolist()))
        assert not candidates & set(dropped.tolist())
        columns = by_answer[cands]
        for g in rng.choice(dropped, min(6000 // len(cands), len(dropped)), replace=False).tolist():
            # (a dominator has the letters of the guess it drops in place where they tell something)
            near = out[(codes[out] == codes[g]).any(axis=1)]
            assert _finer_than(columns, g, near).any(), words.allowed[g]
        for size in (6, 20, 35):
            sub = np.sort(rng.choice(cands, size, replace=False))
            for r in (1, 2, 3):
                every = np.empty(len(kept), np.int64)
                fewer = np.empty(len(out), np.int64)
                _scan_bounds(by_answer, guesses[kept], sub, r, every)
                _scan_bounds(by_answer, guesses[out], sub, r, fewer)
                assert fewer.min() == every.min()
    assert candidates_seen > 0
    assert dropped_total > 0.1 * len(guesses)  # many dead letters: many guesses dominated


@pytest.mark.parametrize("seed", range(8))
def test_dropping_dominated_guesses_keeps_every_value(seed: int) -> None:
    """Normal mode, dominated guesses dropped at every node (``dominance_min``
    2) or never: the same value at the root and under every opener, a tree
    that attains it, and the fail-high contract around it."""
    from wordlelab.search._core import STAT_DOMINATED

    endings = ("atch", "ight", "ound", "aste", "ill", "ower", "ake")
    words = _family_list(200 + seed, endings, 26, 8, n_dead=12)
    table = pattern_table(words)
    cands = np.arange(len(words.answers))
    dominated = 0
    for cap in (4, 5):
        every, fewer = Solver(words, table, max_guesses=cap), Solver(words, table, max_guesses=cap)
        every.dominance_min, fewer.dominance_min = 10**9, 2
        for g in [None, *range(0, len(words.allowed), 3)]:
            want = every.value(cands, guess=g)
            assert fewer.value(cands, guess=g) == want, (cap, g)
            if want < INF:
                for beta, low in ((want, want), (want - 2, want - 2), (want + 1, want)):
                    bounded = Solver(words, table, max_guesses=cap)
                    bounded.dominance_min = 2
                    assert low <= bounded.value(cands, guess=g, beta=beta) <= want, (cap, g, beta)
        dominated += int(fewer.counters[STAT_DOMINATED])
        got = fewer.solve(None, top=len(words.allowed))
        assert got.total == every.value(cands) and verify_tree(got.tree, table).stats.total == got.total
    assert dominated > 0


def test_no_dominance_index_in_hard_and_ultra_mode(small_words: WordList) -> None:
    """Refinement does not carry over where the hint narrows the guesses left."""
    table = pattern_table(small_words)
    keys, ids = Solver(small_words, table, rules="normal").dominance
    assert keys.shape == ids.shape == (2**small_words.length, len(small_words.allowed))
    assert (np.diff(keys, axis=1) >= 0).all() and (np.sort(ids, axis=1) == np.arange(len(small_words.allowed))).all()
    for rules in ("hard", "ultra"):
        assert Solver(small_words, table, rules=rules).dominance[0].shape[0] == 0
    assert Solver(small_words, table, beam=3).dominance[0].shape[0] == 0


@pytest.mark.parametrize("mode", ["normal", "hard", "ultra"])
def test_search_with_alike_guesses_equals_brute_force(mode: str) -> None:
    """Answers in families equal but in one or two letters (_ATCH, _IGHT...),
    where many guesses split the candidates alike and the guesses passed
    down are narrowed: still the brute-force optimum."""
    from wordlelab.search._core import STAT_ALIKE, STAT_COMPACTED, STAT_DOMINATED, STAT_NARROWED

    narrowed = compacted = dominated = alike = 0
    for seed in (1, 2):
        words = _family_list(seed, ("atch", "ight", "ound", "aste", "ill"), 20, 25, n_dead=8, twins=mode == "hard")
        answers = words.answers
        table = pattern_table(words)
        for cap in (3, 4) if mode == "normal" else (3,):
            expected = brute_force(words, table, mode, cap, list(range(len(words.allowed))))
            for dominance_min in (2, 10**9):  # dominated guesses dropped at every node, or never
                solver = Solver(words, table, rules=mode, max_guesses=cap)
                solver.dominance_min = dominance_min
                assert solver.value(np.arange(len(answers))) == expected
                narrowed += int(solver.counters[STAT_NARROWED])
                compacted += int(solver.counters[STAT_COMPACTED])
                dominated += int(solver.counters[STAT_DOMINATED])
                alike += int(solver.counters[STAT_ALIKE])
    assert narrowed > 0 or mode == "ultra"  # the narrowing was exercised (never in ultra mode)
    assert compacted > 0  # and the compacted tables (in ultra mode the scans' patterns kept)
    assert (dominated > 0) == (mode == "normal")  # and dominated guesses dropped (normal mode only)
    assert (alike > 0) == (mode == "hard")  # and alike guesses (hard mode only)


@pytest.mark.parametrize("mode", ["normal", "hard", "ultra"])
def test_refuting_a_forced_guess_in_rounds(mode: str) -> None:
    """A forced opener against a bound searches its buckets in rounds of
    growing caps (``_core``, "Refuting a guess in rounds"): below its value it
    returns a lower bound >= beta, at or above it exactly the value found
    with no bound, for every opener of lists whose buckets need searching."""
    from wordlelab.search._core import STAT_ROUNDS

    rounds = 0
    for seed in (3, 4):
        words = _family_list(seed, ("atch", "ight", "ound", "aste", "ill", "ower"), 24, 16)
        answers = words.answers
        table = pattern_table(words)
        cands = np.arange(len(answers))
        for g in range(len(words.allowed)):
            value = Solver(words, table, rules=mode, max_guesses=4).value(cands, guess=g)
            if value >= INF:
                continue
            shared = Solver(words, table, rules=mode, max_guesses=4)  # one memo across the bounds
            for beta in sorted({len(answers) + 1, value - 9, value - 3, value - 1, value, value + 1, value + 4}):
                fresh = Solver(words, table, rules=mode, max_guesses=4)
                for solver in (fresh, shared):
                    v = solver.value(cands, guess=g, beta=beta)
                    if value < beta:
                        assert v == value, (words.allowed[g], beta)
                    else:
                        assert beta <= v <= value, (words.allowed[g], beta)
                rounds += int(fresh.counters[STAT_ROUNDS])
    assert rounds > 0  # the rounds were exercised, not only the first


@pytest.mark.parametrize("mode", ["normal", "hard", "ultra"])
def test_refuting_guesses_in_rounds_with_many_guesses_left(mode: str) -> None:
    """With ``ROUNDS_MIN_LEFT`` guesses left a node refutes every guess after
    the first in rounds (``_core``, "Refuting a guess in rounds").  Five
    guesses from the root: the root's value must equal the least of the
    values under each forced opener, which search with no bound and four
    guesses left below, so never in rounds; the tree attains it; and the
    fail-high contract holds around it."""
    from wordlelab.search._core import ROUNDS_MIN_LEFT, STAT_DOMINATED, STAT_ROUNDS

    assert ROUNDS_MIN_LEFT == 5  # the cap below is the first that searches in rounds
    rounds = dominated = 0
    for seed in (2, 3, 4, 5):
        for n_answers, n_extra in ((60, 10), (70, 12)):
            endings = ("atch", "ight", "ound", "aste", "ill", "ower", "ake", "ore", "ash")
            words = _family_list(seed, endings, n_answers, n_extra, n_dead=6)
            table = pattern_table(words)
            cands = np.arange(len(words.answers))
            solver = Solver(words, table, rules=mode, max_guesses=5)
            solver.dominance_min = 8  # dominated guesses dropped too (normal mode)
            solver.rounds_step = 1  # small steps: later rounds too, on lists this small
            got = solver.value(cands)
            rounds += int(solver.counters[STAT_ROUNDS])
            dominated += int(solver.counters[STAT_DOMINATED])
            forced = [
                Solver(words, table, rules=mode, max_guesses=5).value(cands, guess=g) for g in range(len(words.allowed))
            ]
            assert got == min(forced), (seed, n_answers)
            if got >= INF:
                continue
            result = solver.solve(None, top=len(words.allowed))
            assert result.total == got and result.proven
            assert verify_tree(result.tree, table).stats.total == got
            for beta in (got - 5, got, got + 1):
                v = Solver(words, table, rules=mode, max_guesses=5).value(cands, beta=beta)
                assert v == got if got < beta else beta <= v <= got
    assert rounds > 0  # rounds were searched, not only first rounds that refuted
    assert (dominated > 0) == (mode == "normal")  # the root's search dropped dominated guesses


def test_normal_mode_rounds_start_one_above_the_bound() -> None:
    """Normal mode's rounds start each bucket's cap at its bound + 1
    (``ROUNDS_FIRST_STEP_NORMAL``), hard mode's at + 8 (``ROUNDS_FIRST_STEP``),
    ultra mode's at + 32 (``ROUNDS_FIRST_STEP_ULTRA``), and ultra mode's caps grow
    eight times a round (``ROUNDS_GROWTH_ULTRA``), the others' four times: the
    first step and the growth change how much is searched, never a value, exact
    or fail-high."""
    from wordlelab.search._core import (
        ROUNDS_FIRST_STEP,
        ROUNDS_FIRST_STEP_NORMAL,
        ROUNDS_FIRST_STEP_ULTRA,
        ROUNDS_GROWTH,
        ROUNDS_GROWTH_ULTRA,
        STAT_ROUNDS,
    )

    endings = ("atch", "ight", "ound", "aste", "ill", "ower", "ake", "ore", "ash")
    rounds = 0  # later rounds searched with the small first step
    for seed in (7, 8, 9):
        words = _family_list(seed, endings, 70, 12, n_dead=6)
        table = pattern_table(words)
        if seed == 7:
            assert Solver(words, table, rules="normal").rounds_step == ROUNDS_FIRST_STEP_NORMAL == 1
            assert Solver(words, table, rules="hard").rounds_step == ROUNDS_FIRST_STEP == 8
            assert Solver(words, table, rules="ultra").rounds_step == ROUNDS_FIRST_STEP_ULTRA == 32
            assert Solver(words, table, rules="ultra").rounds_growth == ROUNDS_GROWTH_ULTRA == 8
            assert Solver(words, table, rules="hard").rounds_growth == ROUNDS_GROWTH == 4
        cands = np.arange(len(words.answers))
        for mode, settings in (("normal", ((1, 4), (8, 4))), ("ultra", ((8, 4), (32, 8)))):
            for guesses in (5, 6):
                got = {}
                for step, growth in settings:
                    solver = Solver(words, table, rules=mode, max_guesses=guesses)
                    solver.rounds_step = step
                    solver.rounds_growth = growth
                    got[step] = solver.value(cands)
                    if step == 1:
                        rounds += int(solver.counters[STAT_ROUNDS])
                assert len(set(got.values())) == 1, (mode, seed, guesses, got)
                value = got[settings[0][0]]
                if value >= INF:
                    continue
                for beta in (value - 3, value + 1):
                    solver = Solver(words, table, rules=mode, max_guesses=guesses)
                    v = solver.value(cands, beta=beta)
                    assert v == value if value < beta else beta <= v <= value
    assert rounds > 0


def test_square_table_is_every_allowed_word_against_every_allowed_word(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ultra mode's split of the legal guesses reads ``square[g, w]``: the official
    colours of ``g`` against ``w`` as the answer.  Small lists get it in memory, the
    built-in lists from the pattern-table cache, a big custom list none (letters)."""
    from wordlelab.search import solver as solver_mod

    words = _random_list(5, 9, 12)
    square = solver_mod.square_table(words)
    assert square is not None and square.shape == (len(words.allowed),) * 2
    for g, guess in enumerate(words.allowed):
        for w, word in enumerate(words.allowed):
            assert square[g, w] == feedback(guess, word)
    monkeypatch.setattr(solver_mod, "SQUARE_IN_MEMORY", 0)
    monkeypatch.setattr(solver_mod, "_SQUARES", {})  # (each process keeps what it made)
    assert solver_mod.square_table(words) is None  # a custom list past the in-memory size
    full = load_wordlist("original")
    rng = random.Random(2)
    big = solver_mod.square_table(full)
    assert big is not None and big.shape == (12972, 12972)
    for _ in range(300):
        g, w = rng.randrange(12972), rng.randrange(12972)
        assert big[g, w] == feedback(full.allowed[g], full.allowed[w])


@pytest.mark.parametrize("seed", range(4))
def test_ultra_split_from_the_square_table_or_the_letters_alike(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same values and the same nodes whichever way the legal set is split."""
    from wordlelab.search import solver as solver_mod

    words = _random_list(40 + seed, 9, 10)
    table = pattern_table(words)
    cands = np.arange(len(words.answers))
    fast = Solver(words, table, rules="ultra")
    assert fast.square.shape[0] == len(words.allowed)
    monkeypatch.setattr(solver_mod, "SQUARE_IN_MEMORY", 0)
    monkeypatch.setattr(solver_mod, "_SQUARES", {})
    slow = Solver(words, table, rules="ultra")
    assert slow.square.shape[0] == 0
    for g in range(len(words.allowed)):
        assert fast.value(cands, guess=g) == slow.value(cands, guess=g)
    assert fast.nodes == slow.nodes > 0


def test_trapped_guesses_leave_an_impossible_child_in_hard_mode() -> None:
    """``_bounds.trapped_guesses`` on hard-mode nodes of the NYT lists with three
    guesses left (answers alike but in one letter, with others): every guess it
    marks leaves a bucket that no hard-legal guess splits into single answers, so
    the two guesses left after it cannot find them all (checked by counting, for
    a sample of the marked guesses); the least bound it returns is that of the
    unmarked ones.
    The search's totals with the cut are checked against brute force above."""
    from wordlelab.search._bounds import _largest_group, endgame_trap, trapped_guesses

    words = load_wordlist("nyt")
    table = pattern_table(words)
    solver = Solver(words, table, rules="hard")
    ans_groups, group_pos, ans_codes, letter_mask = solver.ends
    guesses = np.arange(len(words.allowed), dtype=np.int64)
    answers = words.answers
    rng = np.random.default_rng(5)
    marked_total = 0
    for tail, others in (("ight", 3), ("atch", 2), ("ound", 4), ("aker", 1)):
        group = [i for i, w in enumerate(answers) if w[1:] == tail]
        rest = rng.choice([i for i in range(len(answers)) if answers[i][1:] != tail], others, replace=False).tolist()
        cands = np.array(sorted(group + rest), dtype=np.int64)
        glb = np.empty(len(guesses), np.int64)
        _scan_bounds(solver.by_answer, guesses, cands, 2, glb)
        # as the search calls it: after endgame_trap at the same node, with what it found
        trapped, mx, live_bits, hist = endgame_trap(cands, 3, guesses, ans_groups, group_pos, ans_codes, letter_mask)
        counted = hist.shape[0] > 0
        assert not trapped and counted == (mx - 1 > 2)  # it counts where its early exit does not apply
        if not counted:  # as the search does: a zero count for trapped_guesses to fill
            hist = np.zeros(ans_groups.shape[1] + 1, np.int64)
        assert (mx, live_bits) == _largest_group(cands, ans_groups, group_pos, ans_codes, group_pos.shape[0])
        doomed = np.zeros(len(guesses), np.bool_)
        least = trapped_guesses(3, guesses, glb, letter_mask, mx, live_bits, hist, counted, doomed)
        # and counting the guesses itself: the same marks
        alone = np.zeros(len(guesses), np.bool_)
        blank = np.zeros(ans_groups.shape[1] + 1, np.int64)
        assert trapped_guesses(3, guesses, glb, letter_mask, mx, live_bits, blank, False, alone) == least
        assert np.array_equal(alone, doomed)
        marked = np.flatnonzero(doomed)
        if len(marked):  # the least bound of the others; 0 (nothing to raise) when none is marked
            assert least == min([int(glb[j]) for j in range(len(guesses)) if not doomed[j]], default=INF)
        else:
            assert least == 0
        marked_total += len(marked)
        # the marked guesses nearest the cut (most of the group's first letters), and some others
        live = {answers[i][0] for i in group}
        by_reach = sorted(marked.tolist(), key=lambda j: -len(live & set(words.allowed[j])))
        others = rng.choice(marked, min(6, len(marked)), replace=False).tolist() if len(marked) else []
        for j in by_reach[:8] + others:
            t = int(guesses[j])
            row = table[t, cands]
            impossible = False
            for p in set(row.tolist()) - {242}:
                bucket = cands[row == p]
                if len(bucket) < 2:
                    continue
                legal = hard_mode_legal(words, (Step(t, p),))
                pats = table[np.ix_(legal, bucket)]
                splits = [len(set(col.tolist())) == len(bucket) for col in pats]
                if not any(splits):
                    impossible = True
                    break
            assert impossible, f"{words.allowed[t]} marked, but every bucket can be split"
    assert marked_total > 0  # the cut was exercised


@pytest.mark.parametrize("mode", ["hard", "ultra"])
def test_guesses_into_an_endgame_trap_not_tried_equal_brute_force(mode: str) -> None:
    """Most of a list's answers one family (_IGHT: nine words alike but in their
    first letter) with a few guesses left: many guesses leave a child that is
    an endgame trap and are not tried (``_bounds.trapped_guesses``, in hard
    and ultra mode, where a child's legal guesses are among its parent's).
    The value is still the brute-force optimum, finite or not."""
    from wordlelab.search._core import STAT_DOOMED

    full = load_wordlist()
    family = [w for w in full.answers if w.endswith("ight") and w[0] not in "ab"]
    doomed = finite_doomed = 0
    for seed in range(3):
        rng = random.Random(seed)
        for n_family in (7, 8):
            answers = sorted(rng.sample(family, n_family) + rng.sample([w for w in full.answers if w not in family], 3))
            others = rng.sample([w for w in full.allowed if w not in answers], 5)
            words = WordList.from_words(answers, answers + others, name=f"ight{seed}")
            table = pattern_table(words)
            for cap in (4, 5):
                solver = Solver(words, table, rules=mode, max_guesses=cap)
                got = solver.value(np.arange(len(answers)))
                assert got == brute_force(words, table, mode, cap, list(range(len(words.allowed))))
                marked = int(solver.counters[STAT_DOOMED])
                doomed += marked
                finite_doomed += marked > 0 and got < INF
    assert doomed > 0 and finite_doomed > 0  # guesses were marked, also where a tree exists


def _brute_below(words: WordList, table: np.ndarray, mode: str, cap: int, first: int) -> tuple[int, dict[int, int]]:
    """Brute force under a forced opener ``first``: the total, and each bucket's
    own value with ``cap - 1`` guesses left (by pattern), as :func:`brute_force`
    computes them below its root (every allowed word a guess, the opener's hint
    kept in the history)."""
    win = all_green(words.length)
    cands = np.arange(len(words.answers))
    every = list(range(len(words.allowed)))
    values = {
        int(p): brute_force(words, table, mode, cap - 1, every, below=Step(first, int(p)))
        for p in np.unique(table[first, cands])
        if p != win
    }
    total = len(cands) + sum(values.values())
    return min(total, INF), values


@pytest.mark.parametrize("n", [5, 24, 60])
def test_the_guesses_cut_for_a_bucket_too_big_are_exactly_those_above_the_most_parts(n: int) -> None:
    """``_bounds.parts_bound`` is the most parts any guess makes of the
    candidates (counted with numpy), and ``_bounds.too_big`` marks exactly the
    guesses whose largest bucket is larger than that: a bucket of that size
    itself may still be split (by the guess making those parts), so a cut one
    part stricter would be wrong."""
    from wordlelab.search._bounds import parts_bound, scan, too_big

    words = load_wordlist()
    by_answer = np.ascontiguousarray(pattern_table(words).T)
    rng = np.random.default_rng(n)
    guesses = np.sort(rng.choice(len(words.allowed), 800, replace=False)).astype(np.int64)
    start = int(rng.integers(0, len(words.answers) - 3 * n))
    cands = np.sort(rng.choice(np.arange(start, start + 3 * n), n, replace=False)).astype(np.int64)
    glb, sumsq, largest = (np.empty(len(guesses), np.int64) for _ in range(3))
    scan(by_answer, guesses, cands, 3, 243, 0, INF, glb, sumsq, largest, *_FULL)
    pats = by_answer[cands][:, guesses]
    parts = np.array([len(np.unique(pats[:, j])) for j in range(len(guesses))])
    useful = glb < INF
    most = int(parts[useful].max())
    assert parts_bound(glb, n) == most
    for limit in (most, most - 1):
        doomed = np.zeros(len(guesses), np.bool_)
        least, marked = too_big(glb, largest, limit, doomed)
        want = useful & (largest > limit)
        assert (doomed == want).all() and marked == int(want.sum())
        assert least == (glb[useful & ~want].min() if (useful & ~want).any() else INF)


@pytest.mark.parametrize("seed", range(3))
def test_buckets_too_big_to_split_at_three_guesses_left(seed: int) -> None:
    """Hard mode, three guesses left (each bucket of a forced opener, four
    guesses in all): a guess leaving a bucket larger than the most parts any
    guess makes of the node's candidates is ``INF`` without a search (see
    ``_core``, "Two guesses left").  Every bucket's value, searched alone, and
    every opener's total equal brute force, and the cut was used."""
    from wordlelab.search._core import STAT_TOO_MANY

    words = _family_list(500 + seed, ("ight", "ower", "atch"), 16, 4)
    table = pattern_table(words)
    cands = np.arange(len(words.answers))
    fired = 0
    for g in range(len(words.allowed)):
        expected, buckets = _brute_below(words, table, "hard", 4, g)
        for p, value in buckets.items():
            members = cands[table[g, cands] == p]
            solver = Solver(words, table, rules="hard", max_guesses=4)
            assert solver.value(members, history=(Step(g, p),)) == value, (words.allowed[g], p)
            fired += int(solver.counters[STAT_TOO_MANY])
        assert Solver(words, table, rules="hard", max_guesses=4).value(cands, guess=g) == expected
    assert fired > 0


@pytest.mark.parametrize("seed", range(3))
def test_buckets_too_big_to_split_at_three_guesses_left_in_ultra_mode(seed: int) -> None:
    """The same cut in ultra mode, where a child's legal words (those
    consistent with every clue) are among its parent's: each bucket of a
    forced opener, searched alone with four guesses left (the cut below it),
    and every opener's total with five equal brute force, finite or not, and
    the cut was used."""
    from wordlelab.search._core import STAT_TOO_MANY

    words = _family_list(500 + seed, ("ight", "ower", "atch"), 16, 4)
    table = pattern_table(words)
    cands = np.arange(len(words.answers))
    every = list(range(len(words.allowed)))
    win = all_green(words.length)
    fired = finite = 0
    for g in every:
        for p in np.unique(table[g, cands]):
            if p == win:
                continue
            step = Step(g, int(p))
            solver = Solver(words, table, rules="ultra", max_guesses=5)
            got = solver.value(cands[table[g, cands] == p], history=(step,))
            assert got == brute_force(words, table, "ultra", 4, every, below=step), (words.allowed[g], p)
            fired += int(solver.counters[STAT_TOO_MANY])
            finite += got < INF
        total = Solver(words, table, rules="ultra", max_guesses=5).value(cands, guess=g)
        assert total == brute_force(words, table, "ultra", 5, every, first=g), words.allowed[g]
    assert fired > 0 and finite > 0


@pytest.mark.parametrize("seed", range(3))
def test_feasibility_search_equals_brute_force_in_hard_mode(seed: int) -> None:
    """Hard mode, answers mostly from families alike but in one letter (_ATCH,
    _IGHT, _OWER...), few guesses left: whether a bucket has any tree at all
    (``Solver.has_tree``, the feasibility search of ``_feasible``) is what brute
    force finds, for every opener's every bucket; and the value of each forced
    opener, which asks that of its buckets first and is refuted by the first
    without a tree, equals brute force, finite or not."""
    from wordlelab.search._core import STAT_INFEASIBLE

    words = _family_list(300 + seed, ("atch", "ight", "ower", "ound", "aste"), 14, 6)
    table = pattern_table(words)
    cands = np.arange(len(words.answers))
    checked = {True: 0, False: 0}
    refuted = 0
    for cap in (3, 4):
        for g in range(len(words.allowed)):
            expected, buckets = _brute_below(words, table, "hard", cap, g)
            solver = Solver(words, table, rules="hard", max_guesses=cap)
            for p, value in buckets.items():
                members = cands[table[g, cands] == p]
                got = solver.has_tree(members, history=(Step(g, p),))
                assert got == (value < INF), (words.allowed[g], p, value)
                checked[got] += 1
            fresh = Solver(words, table, rules="hard", max_guesses=cap)
            assert fresh.value(cands, guess=g) == expected, words.allowed[g]
            refuted += int(fresh.counters[STAT_INFEASIBLE])
    # both answers came up, and openers were refuted by a bucket without a tree
    assert checked[True] > 0 and checked[False] > 0 and refuted > 0


@pytest.mark.parametrize("seed", range(3))
def test_a_grown_core_is_a_set_no_legal_guess_tells_apart(seed: int) -> None:
    """``_feasible.grow_core`` over a bucket and a legal set: a core it returns
    holds at most ``CORE_MAX`` of the bucket's candidates, and every legal
    guess shows two of them one pattern (checked against the table); it
    returns none for a bucket some legal guess splits into singletons (no
    subset of it is a core then).  Both outcomes came up."""
    from wordlelab.search._feasible import CORE_MAX, grow_core

    words = _family_list(700 + seed, ("atch", "ight", "ower", "ound", "aste"), 24, 40)
    table = pattern_table(words)
    by_answer = np.ascontiguousarray(table.T)
    rng = np.random.default_rng(seed)
    found = {True: 0, False: 0}
    for _ in range(60):
        legal = np.sort(rng.choice(len(words.allowed), int(rng.integers(2, 12)), replace=False)).astype(np.int64)
        bucket = rng.choice(len(words.answers), int(rng.integers(3, 10)), replace=False).astype(np.int64)
        out = np.zeros(CORE_MAX, np.int32)
        size = grow_core(by_answer, table, legal, bucket, out)
        splits = [len(np.unique(table[g, bucket])) == len(bucket) for g in legal]
        if size:
            core = out[:size]
            assert 2 <= size <= CORE_MAX and len(set(core.tolist())) == size
            assert set(core.tolist()) <= set(bucket.tolist())
            assert all(len(np.unique(table[g, core])) < size for g in legal)
        else:
            assert any(splits) or len(bucket) > CORE_MAX
        if any(splits):
            assert size == 0
        found[size > 0] += 1
    assert found[True] > 0 and found[False] > 0


@pytest.mark.parametrize("seed", range(3))
def test_a_guess_holding_a_cores_split_letter_shows_it_two_patterns(seed: int) -> None:
    """``_feasible._split_letters``: the letters some but not all of a set's
    candidates hold.  Every guess holding one shows the set two patterns at
    least (checked against the table), so the cores' check may skip reading
    it; and the shortcut is not empty (some guesses hold one, and some of
    those that hold none show the set one pattern)."""
    from wordlelab.search._feasible import CORE_MAX, _split_letters

    words = _family_list(900 + seed, ("atch", "ight", "ower", "ound", "aste"), 24, 40)
    table = pattern_table(words)
    solver = Solver(words, table, rules="hard")
    letter_mask = solver.ends[3]
    rng = np.random.default_rng(seed)
    sets = 40
    core = np.zeros((sets, CORE_MAX), np.int32)
    core_size = rng.integers(2, CORE_MAX + 1, sets)
    for c in range(sets):
        core[c, : core_size[c]] = rng.choice(len(words.answers), core_size[c], replace=False)
    split = np.zeros(sets, np.uint64)
    _split_letters(core, core_size, split, 0, sets, letter_mask, solver.ans2allowed)
    seen = {"skipped": 0, "merged": 0}
    for c in range(sets):
        members = core[c, : core_size[c]]
        held = [set(words.answers[a]) for a in members]
        expected = set.union(*held) - set.intersection(*held)
        assert int(split[c]).bit_count() == len(expected)  # (bits in the list's own alphabet)
        for g in range(len(words.allowed)):
            one_pattern = len(np.unique(table[g, members])) == 1
            if int(letter_mask[g]) & int(split[c]):
                assert not one_pattern, (words.allowed[g], [words.answers[a] for a in members])
                seen["skipped"] += 1
            elif one_pattern:
                seen["merged"] += 1
    assert seen["skipped"] > 0 and seen["merged"] > 0


def _trees_with_and_without(seed: int, stat: int, without_it: Callable[[Solver], None]) -> None:
    """Hard mode, three and four guesses left under every forced opener of a
    list of word families, all asked of one solver (so over many legal sets):
    whether each bucket has a tree is the same with a store of the feasibility
    search as with it emptied (``without_it``); both answers come up, and the
    counter ``stat`` of what the store did is positive with it and 0 without."""
    words = _family_list(seed, ("atch", "ight", "ower", "ound", "aste"), 30, 60)
    table = pattern_table(words)
    cands = np.arange(len(words.answers))
    win = all_green(words.length)
    done = {True: 0, False: 0}
    answers = {True: 0, False: 0}
    for cap in (4, 5):
        with_it = Solver(words, table, rules="hard", max_guesses=cap)
        without = Solver(words, table, rules="hard", max_guesses=cap)
        without_it(without)
        for g in range(len(words.allowed)):
            for p in np.unique(table[g, cands]):
                if p == win:
                    continue
                members = cands[table[g, cands] == p]
                got = with_it.has_tree(members, history=(Step(g, int(p)),))
                assert got == without.has_tree(members, history=(Step(g, int(p)),)), (words.allowed[g], p)
                answers[got] += 1
        done[True] += int(with_it.counters[stat])
        done[False] += int(without.counters[stat])
    assert answers[True] > 0 and answers[False] > 0
    assert done[True] > 0 and done[False] == 0


@pytest.mark.parametrize("seed", range(3))
def test_cores_refute_guesses_without_changing_what_has_a_tree(seed: int) -> None:
    """The cores (``_feasible``, "Cores") against none kept (``core_store(0)``):
    the same answers, and guesses refuted by cores only with them."""
    from wordlelab.search._core import core_store
    from wordlelab.search._feasible import STAT_CORE_CUTS

    def no_cores(solver: Solver) -> None:
        solver.cores = core_store(0)

    _trees_with_and_without(400 + seed, STAT_CORE_CUTS, no_cores)


@pytest.mark.parametrize("seed", range(3))
def test_sets_kept_without_a_tree_answer_by_inclusion_without_changing_what_has_a_tree(seed: int) -> None:
    """The sets proven to have no tree, kept and asked by inclusion
    (``_feasible``, "No tree, by inclusion"), against none kept
    (``no_tree_store(..., 0)``): the same answers, and nodes answered by
    inclusion only with them."""
    from wordlelab.search._core import no_tree_store
    from wordlelab.search._feasible import STAT_NO_TREE_HITS

    def no_store(solver: Solver) -> None:
        solver.no_tree = no_tree_store(len(solver.words.answers), solver.words.length, len(solver.words.alphabet), 0)

    _trees_with_and_without(500 + seed, STAT_NO_TREE_HITS, no_store)


def test_a_set_without_a_tree_answers_only_supersets_under_rules_no_weaker_over_its_legal_set() -> None:
    """``no_tree_within`` after ``keep_no_tree``: a set kept with ``d`` guesses
    left answers a superset of it with at most ``d`` left, under a rule over
    the same legal set that keeps its greens and counts its letters at least
    as often; nothing else."""
    from wordlelab.search._feasible import keep_no_tree, no_tree_store, no_tree_within

    store = no_tree_store(50, 5, 26, 16, 64)
    greens = np.array([-1, 0, -1, -1, 3], np.int64)  # (letter codes)
    mins = np.zeros(26, np.int64)
    mins[0], mins[4] = 1, 2
    root = np.uint64(12345)
    keep_no_tree(store, np.array([3, 7, 9], np.int64), greens, mins, root, 4)

    def asks(cands: list[int], g: np.ndarray = greens, m: np.ndarray = mins, r: np.uint64 = root, d: int = 4) -> bool:
        return bool(no_tree_within(store, np.array(cands, np.int64), g, m, r, d))

    stronger_g = greens.copy()
    stronger_g[2] = 5
    stronger_m = mins.copy()
    stronger_m[4], stronger_m[8] = 3, 1
    assert asks([3, 7, 9]) and asks([1, 3, 5, 7, 9, 11]) and asks([3, 7, 9], d=3)
    assert asks([3, 7, 8, 9], stronger_g, stronger_m)
    assert not asks([3, 7]) and not asks([1, 7, 9, 11]) and not asks([3, 7, 9], d=5)
    assert not asks([3, 7, 9], r=np.uint64(54321))
    weaker_g = greens.copy()
    weaker_g[4] = -1
    other_g = greens.copy()
    other_g[1] = 2
    weaker_m = mins.copy()
    weaker_m[4] = 1
    assert not asks([3, 7, 9], weaker_g) and not asks([3, 7, 9], other_g) and not asks([3, 7, 9], m=weaker_m)
    # a full store is emptied before it keeps the next set
    for i in range(16):
        keep_no_tree(store, np.array([20 + i, 40], np.int64), greens, mins, root, 3)
    assert asks([20, 40], d=3) is False and asks([35, 40], d=3) and not asks([3, 7, 9])


def test_a_core_store_has_a_power_of_two_slots() -> None:
    from wordlelab.search._core import core_store

    assert core_store(0)[0].shape == (0,) and core_store(8)[0].shape == (8,)
    with pytest.raises(ValueError, match="power of two"):
        core_store(12)


@pytest.mark.parametrize("mode", ["normal", "hard", "ultra"])
def test_a_memo_too_small_for_the_search_costs_time_not_values(mode: str) -> None:
    """A memo of 4 slots replaces entries from its fourth key on (see
    ``_memo``): every forced opener's value, and the optimal tree, are those a
    solver with the full memo finds (the search itself is checked against
    brute force above)."""
    from wordlelab.search._memo import Memo

    words = _family_list(301, ("atch", "ight", "ower", "ound", "aste"), 14, 6)
    table = pattern_table(words)
    cands = np.arange(len(words.answers))
    small = Solver(words, table, rules=mode, max_guesses=3)
    small.memo, small.feasible = Memo(max_slots=4), Memo(max_slots=4)
    full = Solver(words, table, rules=mode, max_guesses=3)
    for g in range(len(words.allowed)):
        assert small.value(cands, guess=g) == full.value(cands, guess=g), words.allowed[g]
    # the full memo holds more keys than the small one can: it replaced some
    assert len(full.memo) > 4 and len(small.memo) == 3 and small.nodes >= full.nodes
    result = small.solve(None, top=len(words.allowed))
    assert result.proven and result.total == full.value(cands)
    assert verify_tree(result.tree, table).stats.total == result.total


def test_compact_keeps_the_table_dtype() -> None:
    """``_bounds.compact`` (the table a node passes down) copies the patterns
    it is asked for, in the table's own dtype: bytes, or 16 bits for words of
    six letters or more (it once made bytes of every table, and a six-letter
    search read patterns cut to their low byte below compacted nodes)."""
    from wordlelab.search._bounds import compact

    rng = np.random.default_rng(3)
    rows = np.sort(rng.choice(60, 25, replace=False)).astype(np.int64)
    cols = np.sort(rng.choice(900, 300, replace=False)).astype(np.int64)
    for dtype, top in ((np.uint8, 243), (np.uint16, 729)):
        table = rng.integers(0, top, size=(60, 900), dtype=dtype)
        out = compact(table, rows, cols)
        assert out.dtype == dtype and out.flags.c_contiguous
        assert (out == table[rows][:, cols]).all()


@functools.cache
def _same_game(length: int) -> tuple[WordList, np.ndarray, WordList, np.ndarray]:
    """A five-letter list and the same game in ``length`` letters: for 6, a J
    put into every word (fifth of six); for 7, a J second and a Q fifth; for
    4, the lists' words that end in their only E, without it.  The letters
    put in are in no word of the five-letter list, so they are always green
    and every guess splits the answers alike; the E taken out is green in
    every pattern.  The five-letter list is the built-in one, narrowed so.
    Each list with its pattern table (built once for all the cases)."""
    full = load_wordlist()
    if length == 4:
        keep = lambda w: w.endswith("e") and "e" not in w[:4]  # noqa: E731
        change = lambda w: w[:4]  # noqa: E731
    else:
        keep = lambda w: "j" not in w and "q" not in w  # noqa: E731
        change = (lambda w: w[:4] + "j" + w[4:]) if length == 6 else (lambda w: w[:1] + "j" + w[1:3] + "q" + w[3:])
    answers = [w for w in full.answers if keep(w)]
    allowed = [w for w in full.allowed if keep(w)]
    five = WordList.from_words(answers, allowed, name="five")
    other = WordList.from_words([change(w) for w in answers], [change(w) for w in allowed], name=f"length{length}")
    return five, pattern_table(five, persist=False), other, pattern_table(other, persist=False)


SAME_GAME_CASES = [
    (6, "salet", 27, "normal"),
    (6, "salet", 54, "normal"),
    (6, "salet", 54, "hard"),
    (6, "salet", 54, "ultra"),
    (7, "salet", 27, "normal"),
    (7, "salet", 54, "hard"),
    (4, "crane", 171, "normal"),
    (4, "crane", 180, "hard"),
]


@pytest.mark.parametrize("length,opener,pattern,mode", SAME_GAME_CASES)
def test_exact_search_of_other_lengths_equals_five(length: int, opener: str, pattern: int, mode: str) -> None:
    """The same game in four, six or seven letters (``_same_game``) has the
    same exact values as in five, here on buckets of an opener with four
    guesses left (SALET's of 157 and 104 answers, CRANE's of 47 and 37 in the
    four-letter game), where nodes pass compacted tables down (in ultra mode
    the patterns their scans read).  Six or seven letters make 16-bit patterns (up to 728 and
    2186); the J fifth of six makes some of them 256 apart, which cut to a
    byte would merge buckets: a compacted table of bytes once gave values one
    under the optimum (290 for 291, 294 for 295 in hard mode)."""
    from wordlelab.search._core import STAT_COMPACTED

    five, t5, other, tn = _same_game(length)
    assert tn.dtype == (np.uint8 if length == 4 else np.uint16) and int(tn.max()) == 3**length - 1
    cands = np.flatnonzero(t5[five.allowed.index(opener)] == pattern)
    # the same buckets, guess for guess, in both games
    assert len(np.unique(t5[:, cands], axis=1)) == len(np.unique(tn[:, cands], axis=1))
    want = Solver(five, t5, rules=mode).value(cands, left=4)
    solver = Solver(other, tn, rules=mode)
    assert solver.value(cands, left=4) == want
    assert solver.counters[STAT_COMPACTED] > 0  # (in ultra mode the scans' patterns kept)
