# mypy: disable-error-code="no-untyped-def"
# (numba kernels are typed by their docstrings, as in wordlelab.kernels)
"""The compiled depth-first search for minimum-total-guesses decision trees.

Arrays in, integers out; no strings, no I/O.  :mod:`wordlelab.search.solver`
is the Python face of this module.

Cost
----
``f(S, d)`` is the smallest total number of guesses, summed over the answers
in the candidate set ``S``, of a decision tree that finds every answer of
``S`` within ``d`` more guesses (``INF`` if none does).  For a guess ``g``
the candidates fall into buckets by pattern; every answer pays this guess,
the all-green bucket (``g`` itself, when ``g`` is a candidate) pays nothing
more, and each other bucket ``B`` pays ``f(B, d - 1)``::

    f(S, d) = |S| + min_g  sum_{B != win} f(B, d - 1)

Bounds (all admissible: never above the true cost)
--------------------------------------------------
``bucket_lb(m, r)``: a bucket of ``m`` candidates with ``r`` guesses left
costs at least ``1`` if ``m == 1``; ``INF`` if ``m > 1`` and ``r <= 1``;
otherwise ``2m - 1`` (the next guess finds at most one of them, every other
one needs at least two more guesses).  It is *exact* for ``m <= 2``
(``f = 1`` and ``f = 3``: guess one of the two).

``guess_lb(g) = |S| + sum_{B != win} bucket_lb(|B|, d - 1)`` bounds the cost
of playing ``g``; ``node_lb = min_g guess_lb(g)`` bounds ``f(S, d)``.  If a
guess attains ``node_lb`` and all its buckets are exact (size <= 2), its
value is ``node_lb`` and the node is solved without recursion.

Search contract (``_solve``)
----------------------------
``_solve(S, ..., d, beta)`` returns ``v``:

* if ``f(S, d) < beta``: ``v == f(S, d)`` exactly, and the memo holds it
  with the guess that attains it;
* otherwise ``beta <= v <= f(S, d)`` (a *fail-high*: a proven lower bound,
  not the value), and the memo holds ``v`` as a lower bound.

Guesses are tried in ascending ``(guess_lb, sum of squared bucket sizes)``
order (ties to the lower allowed index), buckets largest first.  Cut-offs:

* *guess cut-off*: a guess whose ``guess_lb >= best`` (best value found so
  far, initially ``beta``) cannot improve it; as guesses are sorted by
  ``guess_lb`` the loop stops there.
* *bucket cut-off*: while summing a guess's buckets, ``total + rest >= best``
  (``total``: exact or fail-high values of the buckets done, ``rest``: the
  ``bucket_lb`` of those left) proves the guess no better than ``best``; the
  child is searched with ``beta = best - total - rest`` so it may fail high.
* *optimality stop*: once ``best <= node_lb`` no other guess can do better.
* *memo bounds* (normal mode): before recursing, each bucket's bound is
  raised to the value the memo holds for it (exact, or a fail-high lower
  bound; both are proven lower bounds), so a guess may be refuted with no
  recursion at all.  Not in hard mode, where keying a bucket needs its legal
  set filtered first, which cost more than it saved (bench/bench_optimal.py).

Memo
----
A typed dict from a 64-bit hash of (sorted candidate set, guesses left, and
in hard mode the set of legal guesses) to a packed entry
``value << 22 | guess << 1 | exact``.  Keys are hashes, not the sets: two
different sets colliding (probability about ``nodes**2 / 2**65``, below
1e-7 for a billion nodes) would corrupt a result; the tree written at the
end is re-verified by replaying it, which catches any such wrong tree.

Hard mode
---------
The guesses legal at a node depend on the path, so the search carries the
legal set down: a child's set is the parent's filtered by the hint of the
guess just played (greens in place, revealed letters at least as often).
The intersection over the path is exactly :func:`wordlelab.state.hard_mode_legal`.
Two paths reaching the same candidates with the same legal set have the
same future, so the legal set (its hash) is part of the memo key.

Beam mode
---------
With ``beam > 0`` only the first ``beam`` guesses in the order above are
tried at each node (except a forced root guess): the result is the optimum
of that restricted game, an upper bound on the true one, never "proven".
"""

from __future__ import annotations

import numpy as np
from numba import njit

INF = 1 << 40
_GUESS_BITS = 21
_VALUE_SHIFT = _GUESS_BITS + 1
MAX_GUESS_INDEX = (1 << _GUESS_BITS) - 1

_FNV_OFFSET = np.uint64(14695981039346656037)
_FNV_PRIME = np.uint64(1099511628211)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_DEPTH_SALT = np.uint64(0x9E3779B97F4A7C15)
_LEGAL_SALT = np.uint64(0xD6E8FEB86659FD93)

#: indices into the ``stats`` counter array
STAT_NODES = 0  # nodes expanded (full guess scan)
STAT_HITS = 1  # memo hits that answered a node
STAT_SHORTCUT = 2  # nodes solved by an exact guess at node_lb
STAT_WORK = 3  # sum of |S| over expanded nodes (guess scans cost |S| x guesses each)
STAT_TRIED = 4  # guesses evaluated (buckets split and searched)
STAT_CALLS = 5  # calls of the search (memo probes included)
STAT_MEMO_CUT = 6  # guesses refuted by memoised bucket bounds alone
N_STATS = 8


@njit(cache=True, inline="always")
def _mix(x):  # pragma: no cover - compiled
    # splitmix64 finaliser of one uint64
    x = (x ^ (x >> np.uint64(30))) * _MIX1
    x = (x ^ (x >> np.uint64(27))) * _MIX2
    return x ^ (x >> np.uint64(31))


@njit(cache=True)
def set_hash(items):  # pragma: no cover - compiled
    """uint64 hash of an int64 array (order matters; callers pass sorted sets)."""
    h = _FNV_OFFSET
    for i in range(items.shape[0]):
        h = (h ^ _mix(np.uint64(items[i] + 1))) * _FNV_PRIME
    return _mix(h ^ np.uint64(items.shape[0]))


@njit(cache=True)
def node_key(cand_hash, legal_hash, d):  # pragma: no cover - compiled
    """The int64 memo key of a node (see the module docstring)."""
    h = cand_hash ^ _mix(np.uint64(d) * _DEPTH_SALT) ^ _mix(legal_hash ^ _LEGAL_SALT)
    return np.int64(h)


@njit(cache=True, inline="always")
def _bucket_lb(m, r):  # pragma: no cover - compiled
    if m == 1:
        return 1
    if r <= 1:
        return INF
    return 2 * m - 1


@njit(cache=True)
def hard_filter(legal, g, pattern, codes, letter_counts):  # pragma: no cover - compiled
    """The guesses of ``legal`` that keep the hint of ``g`` showing ``pattern``.

    ``codes: uint8[G, L]`` letter codes, ``letter_counts: uint8[G, alpha]``.
    Hard mode as in :mod:`wordlelab.state`: greens stay, revealed letters are
    used at least as often as revealed.  Order of ``legal`` is kept.
    """
    length = codes.shape[1]
    alpha = letter_counts.shape[1]
    need = np.zeros(alpha, np.int64)
    green = np.full(length, -1, np.int64)
    p = pattern
    for i in range(length):
        digit = p % 3
        p //= 3
        c = codes[g, i]
        if digit == 2:
            green[i] = c
        if digit >= 1:
            need[c] += 1
    letters = np.empty(length, np.int64)  # the letters with a minimum count
    n_letters = 0
    for c in range(alpha):
        if need[c] > 0:
            letters[n_letters] = c
            n_letters += 1
    out = np.empty(legal.shape[0], np.int64)
    k = 0
    for j in range(legal.shape[0]):
        w = legal[j]
        ok = True
        for i in range(length):
            if green[i] >= 0 and codes[w, i] != green[i]:
                ok = False
                break
        if ok:
            for q in range(n_letters):
                c = letters[q]
                if letter_counts[w, c] < need[c]:
                    ok = False
                    break
        if ok:
            out[k] = w
            k += 1
    return out[:k]


@njit(cache=True)
def _pack(value, guess, exact):  # pragma: no cover - compiled
    return (value << _VALUE_SHIFT) | (guess << 1) | (1 if exact else 0)


@njit(cache=True)
def _store(memo, key, value, guess, exact):  # pragma: no cover - compiled
    if key in memo:
        old = memo[key]
        if old & 1:  # never replace an exact value
            return
        if not exact and (old >> _VALUE_SHIFT) >= value:
            return
    memo[key] = _pack(value, guess, exact)


#: guesses per block in :func:`_scan` (a block of ``|S| x 512`` bytes stays in cache)
SCAN_BLOCK = 512


@njit(cache=True)
def _scan(by_answer, guesses, cands, r, n_patterns, glb, sumsq):  # pragma: no cover - compiled
    """Fill ``glb[j]`` (``guess_lb``, or ``INF`` if useless or infeasible with
    ``r`` guesses left after it) and ``sumsq[j]`` for each of ``guesses``.

    ``by_answer: uint8[A, G]`` is the pattern table transposed: the patterns
    of a block of guesses are copied candidate by candidate from contiguous
    rows first.  (Reading ``table[g, cands]`` guess by guess instead touches
    ``|S|`` scattered cache lines per guess; for 10 to 20 candidates that was
    ten times slower per cell, see bench/bench_optimal.py.)

    ``guess_lb = n + sum over non-win buckets of (2m - 1) = 3n - parts - win``
    when ``r >= 2`` (``win`` is 1 if the guess is a candidate); with ``r <= 1``
    every non-win bucket must be a singleton.  Returns ``(node_lb, j)`` where
    ``j`` is the first guess attaining ``node_lb`` whose buckets all have at
    most two candidates (its bound is then its exact value), or -1.
    """
    n = cands.shape[0]
    k = guesses.shape[0]
    win = n_patterns - 1
    counts = np.zeros(n_patterns, np.int32)
    touched = np.empty(n + 1, np.int64)
    block = np.empty((n, SCAN_BLOCK), by_answer.dtype)
    node_lb = INF
    shortcut = -1
    for j0 in range(0, k, SCAN_BLOCK):
        width = min(SCAN_BLOCK, k - j0)
        for t in range(n):
            src = by_answer[cands[t]]
            dst = block[t]
            for jj in range(width):
                dst[jj] = src[guesses[j0 + jj]]
        for jj in range(width):
            j = j0 + jj
            parts = 0
            for t in range(n):
                b = block[t, jj]
                c = counts[b]
                touched[parts] = b
                parts += c == 0  # branch-free: keep b only if it is new
                counts[b] = c + 1
            has_win = counts[win] > 0
            sq = 0
            big = 0
            for i in range(parts):
                b = touched[i]
                m = counts[b]
                counts[b] = 0
                sq += m * m
                big = max(big, m)
            sumsq[j] = sq
            if parts == 1 and not has_win or r <= 1 and big > 1:  # one bucket, no win: the guess tells nothing
                lb = INF
            else:
                lb = 3 * n - parts - (1 if has_win else 0)
            glb[j] = lb
            if lb < node_lb:
                node_lb = lb
                shortcut = j if big <= 2 and lb < INF else -1
            elif lb == node_lb and shortcut < 0 and big <= 2 and lb < INF:
                shortcut = j
    return node_lb, shortcut


@njit(cache=True)
def _solve(
    cands, legal, legal_hash, d, beta, forced, table, by_answer, memo, hard, codes,
    letter_counts, n_patterns, beam, stats,
):  # pragma: no cover - compiled
    """See the module docstring for the contract.  ``table: uint8[G, A]`` and
    its transpose ``by_answer: uint8[A, G]``; ``forced >= 0`` plays that guess
    here (the node is then not memoised)."""
    n = cands.shape[0]
    if d <= 0:
        return INF
    if n == 1 and forced < 0:
        return 1
    if d == 1 and n > 1:
        return INF
    if n == 2 and forced < 0:
        return 3
    stats[STAT_CALLS] += 1
    win = n_patterns - 1
    key = np.int64(0)
    known_lb = 0
    if forced < 0:
        key = node_key(set_hash(cands), legal_hash, d)
        if key in memo:
            entry = memo[key]
            value = entry >> _VALUE_SHIFT
            if entry & 1:
                stats[STAT_HITS] += 1
                return value
            if value >= beta:
                stats[STAT_HITS] += 1
                return value
            known_lb = value
    stats[STAT_NODES] += 1
    stats[STAT_WORK] += n

    # -- scan the guesses: bound and heuristic of each --------------------
    if forced >= 0:
        guesses = np.empty(1, np.int64)
        guesses[0] = forced
    else:
        guesses = legal
    k = guesses.shape[0]
    glb = np.empty(k, np.int64)
    sumsq = np.empty(k, np.int64)
    node_lb, shortcut = _scan(by_answer, guesses, cands, d - 1, n_patterns, glb, sumsq)
    if node_lb >= INF:
        if forced < 0:
            _store(memo, key, INF, 0, True)
        return INF
    if shortcut >= 0:
        stats[STAT_SHORTCUT] += 1
        if forced < 0:
            _store(memo, key, node_lb, guesses[shortcut], True)
        return node_lb
    scan_lb = node_lb
    node_lb = max(node_lb, known_lb)
    if node_lb >= beta:
        if forced < 0:
            _store(memo, key, node_lb, 0, False)
        return node_lb

    # -- order the promising guesses ---------------------------------------
    # Counting sort by guess_lb (values scan_lb .. 3n); within one bound the
    # group is sorted by sum of squares only when the loop reaches it, since
    # most nodes stop after the first few guesses.
    top = 3 * n + 1
    top = min(top, beta)
    span = top - scan_lb
    gstart = np.zeros(span + 1, np.int64)
    for j in range(k):
        if glb[j] < top:
            gstart[glb[j] - scan_lb + 1] += 1
    for r in range(span):
        gstart[r + 1] += gstart[r]
    grouped = np.empty(gstart[span], np.int64)
    gfill = gstart[:span].copy()
    for j in range(k):
        if glb[j] < top:
            r = glb[j] - scan_lb
            grouped[gfill[r]] = j
            gfill[r] += 1

    # -- evaluate guesses in order -----------------------------------------
    best = beta
    best_guess = -1
    members = np.empty(n, np.int64)
    starts = np.zeros(n_patterns + 1, np.int64)
    evaluated = 0
    stop = False
    # a plain int64, not the literal -1: with a literal numba compiles a second,
    # recursive specialisation that its on-disk cache cannot link back
    # (a crash when the cached function is loaded)
    child_forced = min(-1, forced)
    for r in range(span):
        lo = gstart[r]
        hi = gstart[r + 1]
        if lo == hi:
            continue
        if scan_lb + r >= best:
            break
        group = grouped[lo:hi]
        if hi - lo > 1:
            group = group[np.argsort(sumsq[group], kind="mergesort")]
        for jj in range(group.shape[0]):
            if beam > 0 and forced < 0 and evaluated >= beam:
                stop = True
                break
            evaluated += 1
            stats[STAT_TRIED] += 1
            j = group[jj]
            g = guesses[j]
            row = table[g]
            # counting sort of the candidates by pattern (stable: buckets stay sorted)
            for b in range(n_patterns + 1):
                starts[b] = 0
            for t in range(n):
                starts[row[cands[t]] + 1] += 1
            n_buckets = 0
            for b in range(n_patterns):
                if starts[b + 1] > 0 and b != win:
                    n_buckets += 1
            bucket_ids = np.empty(n_buckets, np.int64)
            bucket_sizes = np.empty(n_buckets, np.int64)
            q = 0
            for b in range(n_patterns):
                if starts[b + 1] > 0 and b != win:
                    bucket_ids[q] = b
                    bucket_sizes[q] = -starts[b + 1]
                    q += 1
            for b in range(n_patterns):
                starts[b + 1] += starts[b]
            fill = starts[:n_patterns].copy()
            for t in range(n):
                b = row[cands[t]]
                members[fill[b]] = cands[t]
                fill[b] += 1
            by_size = np.argsort(bucket_sizes, kind="mergesort")  # largest first

            # bucket bounds: 2m - 1, raised to what the memo already proved
            # (an exact value or a fail-high bound) for that bucket
            blb = np.empty(n_buckets, np.int64)
            rest = 0
            for qq in range(n_buckets):
                b = bucket_ids[by_size[qq]]
                m = starts[b + 1] - starts[b]
                lbq = _bucket_lb(m, d - 1)
                if m >= 3 and lbq < INF and not hard:
                    ckey = node_key(set_hash(members[starts[b]:starts[b + 1]]), legal_hash, d - 1)
                    if ckey in memo:
                        known = memo[ckey] >> _VALUE_SHIFT
                        lbq = max(lbq, known)
                blb[qq] = lbq
                rest += lbq
            total = n
            failed = total + rest >= best
            if failed:
                stats[STAT_MEMO_CUT] += 1
            for qq in range(n_buckets):
                if failed:
                    break
                b = bucket_ids[by_size[qq]]
                m = starts[b + 1] - starts[b]
                rest -= blb[qq]
                if m == 1:
                    v = 1
                elif m == 2:
                    v = 3
                else:
                    child = members[starts[b]:starts[b + 1]].copy()
                    if hard:
                        child_legal = hard_filter(legal, g, b, codes, letter_counts)
                        child_hash = set_hash(child_legal)
                    else:
                        child_legal = legal
                        child_hash = legal_hash
                    v = _solve(
                        child, child_legal, child_hash, d - 1, best - total - rest, child_forced, table,
                        by_answer, memo, hard, codes, letter_counts, n_patterns, beam, stats,
                    )
                total += v
                if total + rest >= best:
                    failed = True
                    break
            if not failed and total < best:
                best = total
                best_guess = g
                if best <= node_lb:
                    stop = True
                    break
            if scan_lb + r >= best:
                break
        if stop:
            break

    if best_guess >= 0:
        if forced < 0:
            _store(memo, key, best, best_guess, True)
        return best
    if forced < 0:
        _store(memo, key, beta, 0, False)
    return beta


@njit(cache=True)
def lookup(memo, cands, legal_hash, d):  # pragma: no cover - compiled
    """The packed memo entry of a node, or -1."""
    key = node_key(set_hash(cands), legal_hash, d)
    if key in memo:
        return memo[key]
    return -1


def unpack(entry: int) -> tuple[int, int, bool]:
    """``(value, guess, exact)`` of a packed memo entry."""
    return entry >> _VALUE_SHIFT, (entry >> 1) & MAX_GUESS_INDEX, bool(entry & 1)
