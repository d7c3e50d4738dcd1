# mypy: disable-error-code="no-untyped-def"
"""Is there any tree at all?  The compiled feasibility search of hard mode.

``f(S, d)`` (see :mod:`wordlelab.search._core`) is ``INF`` when no tree finds
every candidate within ``d`` guesses.  In hard mode that is common: a weak
opener leaves a bucket of ``_OWER``, ``_IVER``, ``_ONER``... words that the
guesses the rule still allows cannot tell apart in time (on the 2023 pool a
majority of the openers have no tree at all, and under TREAT's slowest
bucket all but one of its 2073 legal second guesses have none).  The cost
search proves such an ``INF`` slowly: it values a guess's buckets smallest
first, exactly (or, in rounds, just above their bounds), and reaches the
infeasible bucket, most often the largest, last.

:func:`feasible` answers the yes/no question instead, which needs no values:

* a node is feasible if *one* guess leaves every bucket feasible, so the
  first such guess ends it (guesses in the cost search's order of splits,
  best first), and each bucket needs only a yes, not a value;
* a guess is refuted by *one* infeasible bucket: after the cheap tests of
  all of them (the bound ``bucket_lb``, what the memo proved), its buckets
  are asked smallest first.  A small bucket is answered cheaply either way
  (a trap shows in one scan, a tree is small), a large one that has a tree
  only by a search of that tree: asked largest first, SEYEN's bucket without
  a tree (2023 pool, hard, 356 answers) took 162 s to prove so, smallest
  first 10.7 s.  (The cost search asks an opener's buckets in the same
  order, see ``_core``, "No tree at all".)

Its ``INF`` results are exact values, stored in the search memo, where the
cost search finds them; the feasible nodes it proves are kept in a set of
their own (``s.feasible``, a memo of its own with the same keys), since a tree's existence
bounds no cost.  Same contract for every node: ``True`` if and only if
``f(S, d) < INF``.
"""

from __future__ import annotations

import numpy as np

from .._jit import njit
from ..kernels.hints import constrain, item_key, rule_sum_after, seal_hash, seal_rule
from ._bounds import (
    bucket_lb,
    count_buckets,
    drop_alike,
    endgame_trap,
    hard_keep,
    narrow,
    parts_bound,
    scan,
    separating,
    small_value,
    split_order,
    too_big,
    trapped_guesses,
)
from ._memo import INF, entry_value, get, node_key, put, set_hash, store

#: indices into the search's ``stats`` counters (the others are ``_core``'s)
STAT_FEASIBLE_NODES = 17  # nodes the feasibility search scanned
STAT_FEASIBLE_CELLS = 18  # pattern look-ups of its scans


@njit(cache=True, nogil=True)
def feasible(cands, legal, prev_g, prev_p, greens, mins, rule_total, legal_hash, d, s):  # pragma: no cover
    """``f(S, d) < INF`` for the candidates ``cands`` (sorted), hard mode.

    As in ``_core._solve``: with ``prev_g >= 0``, ``legal`` is the parent's
    legal set and this node's is it filtered by the hint ``(prev_g,
    prev_p)``; ``greens``/``mins`` are this node's rule and ``legal_hash``
    its hash (``seal_rule(rule_total)``, ``rule_total`` its ``rule_sum``)."""
    n = cands.shape[0]
    if d <= 0:
        return False
    if n == 1:
        return True
    if d == 1:
        return False
    if n == 2:
        return True  # (guess either: a candidate is always legal)
    max_parts = s.max_parts
    if bucket_lb(n, d, max_parts) >= INF:
        return False
    memo = s.memo
    key = node_key(set_hash(cands), legal_hash, d)
    entry = get(memo, key, -1)
    if entry >= 0:
        if entry_value(entry) >= INF:
            return False
        if entry & 1:
            return True
    if get(s.feasible, key, 0) == 1:
        return True
    if prev_g >= 0:
        legal = legal[hard_keep(legal, prev_g, prev_p, s.codes, s.letter_counts, s.hard_bits)]
    ans_groups, group_pos, ans_codes, letter_mask = s.ends
    trapped, trap_mx, trap_live, trap_hist = endgame_trap(
        cands, d, legal, ans_groups, group_pos, ans_codes, letter_mask
    )
    if trapped:
        store(memo, key, INF, 0, True)
        return False
    n_patterns = s.n_patterns
    if n - 1 <= max_parts:
        small_counts = np.zeros(n_patterns, np.int32)
        v, g = small_value(cands, d, s.table, s.ans2allowed, small_counts)
        if v > 0:
            store(memo, key, v, g, True)
            return True
    k = legal.shape[0]
    s.stats[STAT_FEASIBLE_NODES] += 1
    s.stats[STAT_FEASIBLE_CELLS] += n * k
    if d == 2:  # as in _core: a guess splitting the set into singletons, or none
        j = separating(s.by_answer, legal, cands)
        if j < 0:
            store(memo, key, INF, 0, True)
            return False
        store(memo, key, 2 * n, legal[j], True)
        return True
    glb = np.empty(k, np.int64)
    sumsq = np.empty(k, np.int64)
    largest = np.empty(k, np.int64)
    node_lb, shortcut = scan(s.by_answer, legal, cands, d - 1, n_patterns, 0, glb, sumsq, largest)
    if node_lb >= INF:
        store(memo, key, INF, 0, True)
        return False
    if shortcut >= 0:  # buckets of at most two: exact, and feasible
        store(memo, key, node_lb, legal[shortcut], True)
        return True
    doomed = np.zeros(k, np.bool_)
    if d >= 3:
        counted = trap_hist.shape[0] > 0
        if not counted:
            trap_hist = np.zeros(ans_groups.shape[1] + 1, np.int64)
        trapped_guesses(d, legal, glb, letter_mask, trap_mx, trap_live, trap_hist, counted, doomed)
    if d == 3:  # a child no guess here splits into singletons has no tree (see _core)
        too_big(glb, largest, parts_bound(glb, n), doomed)
    # the guesses passed down: the useful ones, one of each alike kind (see
    # _bounds.narrow and _bounds.drop_alike; values below are unchanged)
    sub_legal = legal
    if d >= 3:
        kept = narrow(s.by_answer, legal, glb, cands, False)
        kept = drop_alike(kept, legal, cands, s.codes, s.ans2allowed)
        sub_legal = legal[kept]
    # candidates, in the cost search's order of splits (best first)
    count = 0
    for j in range(k):
        if glb[j] < INF and not doomed[j]:
            count += 1
    order_keys = np.empty(count, np.int64)
    pos = np.empty(count, np.int64)
    count = 0
    for j in range(k):
        if glb[j] < INF and not doomed[j]:
            order_keys[count] = split_order(sumsq[j], glb[j], n)
            pos[count] = j
            count += 1
    pos = pos[np.argsort(order_keys, kind="mergesort")]
    win = n_patterns - 1
    table = s.table
    tally = np.zeros(n_patterns, np.int64)
    seen = np.empty(n_patterns, np.int64)
    starts = np.zeros(n_patterns, np.int64)
    fill = np.zeros(n_patterns, np.int64)
    sums = np.zeros(n_patterns, np.uint64)
    chashes = np.zeros(n_patterns, np.uint64)  # per bucket: its rule's hash, from the cheap tests
    csums = np.zeros(n_patterns, np.uint64)  # ... and the rule's sum
    members = np.empty(n, np.int64)
    terms = np.empty(n, np.uint64)
    for t in range(n):
        terms[t] = item_key(cands[t])
    for jj in range(count):
        g = legal[pos[jj]]
        row = table[g]
        n_seen = count_buckets(row, cands, terms, tally, seen, sums)
        # cheap tests of every bucket first: its bound, what the memo proved
        dead = False
        for i in range(n_seen):
            b = seen[i]
            m = tally[b]
            if b == win or m <= 2:
                continue
            if bucket_lb(m, d - 1, max_parts) >= INF:
                dead = True
                break
            csums[b] = rule_sum_after(rule_total, greens, mins, g, b, s.codes)
            chashes[b] = seal_rule(csums[b])
            e = get(memo, node_key(seal_hash(sums[b], m), chashes[b], d - 1), -1)
            if e >= 0 and entry_value(e) >= INF:
                dead = True
                break
        if dead:
            for i in range(n_seen):
                tally[seen[i]] = 0
            continue
        # then the buckets themselves, smallest first
        at = 0
        sizes = np.empty(n_seen, np.int64)
        for i in range(n_seen):
            b = seen[i]
            starts[b] = at
            fill[b] = at
            at += tally[b]
            sizes[i] = tally[b]
        for t in range(n):
            b = row[cands[t]]
            members[fill[b]] = cands[t]
            fill[b] += 1
        ok = True
        for i in np.argsort(sizes, kind="mergesort"):
            b = seen[i]
            m = tally[b]
            if b == win or m <= 2:
                continue
            child = members[starts[b] : starts[b] + m].copy()
            cg, cm = constrain(greens, mins, g, b, s.codes)
            if not feasible(child, sub_legal, g, np.int64(b), cg, cm, csums[b], chashes[b], d - 1, s):
                ok = False
                break
        for i in range(n_seen):
            tally[seen[i]] = 0
        if ok:
            put(s.feasible, key, 1)
            return True
    store(memo, key, INF, 0, True)
    return False
