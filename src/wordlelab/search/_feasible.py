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

**Cores.**  With three guesses left a guess is refuted by a bucket no legal
guess splits into singletons, and most such buckets hold a few candidates
that no guess of the node's legal set tells apart, whatever it is shown (at
every guess two of them show one pattern): a *core*.  Any guess that shows a
core's candidates one pattern is then refuted on the spot, its bucket holding
them all, with two guesses left and a legal set inside this one.  A core is
grown from a refuting bucket (:func:`grow_core`) and kept by rule
(:func:`core_store`): a node's legal set is the pool's guesses its rule
allows, less guesses that cannot split any set of its candidates (narrowed:
one pattern for an ancestor's candidates; alike: the same patterns as a guess
kept), so a core holds at every node of that rule whose candidates include
it, and at every node below (a rule only grows, a legal set only shrinks).
It is kept under the parent's rule when no guess of the parent's legal set
tells it apart either, where the node's siblings find it.  A node with three
guesses left first drops the guesses its rule's and its parent's cores
refute, and has no tree if that leaves none, without a scan; else it scans
the guesses left only, and grows a core from the first refuting buckets it
meets.  (Rules are told apart by their 64-bit hash, as the memo's nodes
are.)  2023 pool, hard, one core, before and after: JONES 9.1 s -> 5.3 s,
AHEAP 10.0 s -> 6.3 s, MECUM 382 s -> 201 s (docs/benchmarks.md).  A guess
holding a letter that some of a core's candidates hold and others do not
shows them two patterns at least (those without it see it grey, those with
it see one of its tiles green or yellow), so the check reads the table only
for a guess holding none of the core's *split letters* (:func:`_split_letters`,
one AND a core): same answers and nodes, HEUGH's bucket ``heugh:3`` 120.8 s
-> 105.6 s side by side, whole openers less (HEUGH 118.0 s -> 112.6 s, SLEYS
92.7 s -> 87.3 s).

**Order and narrowing.**  A node tries its guesses in the cost search's
order, but picks only the head of it in one pass (``_bounds.least_keys``) and
sorts the rest only if the loop gets past the head (``_bounds.rest_keys``):
the same sequence as a full sort, which a node with three guesses left
mostly did not need (a feasible node ends at its first good guess).  And only
a node with at least ``NARROW_MIN_LEFT`` (four) guesses left narrows the
guesses it passes down, and only when it first asks a child: the children
of a node with three guesses left only look for one guess splitting their
candidates into singletons (``_bounds.separating``), which drops a useless
guess at its first two candidates, more cheaply than narrowing found it.
Same answers and nodes; 2023 pool, hard, one core, before and after side by
side (exact totals of openers with no tree, docs/benchmarks.md): HEUGH 119.9 s
-> 102.1 s, LEZZY 132.9 s -> 111.7 s, SLEYS 98.1 s -> 82.5 s, JONES 5.3 s ->
5.0 s.

**No tree, by inclusion.**  A set with no tree under a rule has none inside
any larger set either, under a rule over the same legal set that is at least
as strong (its greens, and each letter counted at least as often), with as
many guesses left or fewer: a tree for the larger set would find the smaller
set's candidates in time, each of its guesses legal under the weaker rule too
(a hint strengthens both alike).  The memo answers a node only with its exact
set and rule; yet under JONES (2023 pool, hard) 46,115 of the 61,283 buckets
proven to have no tree with three guesses left, and 783 of the 1,732 with
four, held a set proven so before under a rule no stronger (a sibling's, or
another node's).  So a node with three or four guesses left that proves it
has no tree keeps its candidates, rule and depth (:func:`keep_no_tree`; a
bounded store, emptied when full), and such a node first asks whether its
candidates hold one kept (:func:`no_tree_within`).  The kept sets are listed
by their least candidate in blocks of eight signatures (a bit per candidate,
one cache line), so a node reads a few lines per candidate and compares a
set's rule and candidates only when its signature fits.  Rules are compared
over the same legal set only (:func:`~wordlelab.kernels.hints.rule_root`):
the searches of one solver start from different ones.

Its ``INF`` results are exact values, stored in the search memo, where the
cost search finds them; the feasible nodes it proves are kept in a set of
their own (``s.feasible``, a memo of its own with the same keys), since a tree's existence
bounds no cost.  Same contract for every node: ``True`` if and only if
``f(S, d) < INF``.
"""

from __future__ import annotations

import numpy as np

from .._jit import njit
from ..kernels.hints import constrain, item_key, rule_root, rule_sum_after, seal_hash, seal_rule
from ._bounds import (
    ORDER_HEAD,
    ORDER_MASK,
    ORDER_SHIFT,
    bucket_lb,
    count_buckets,
    drop_alike,
    endgame_trap,
    hard_keep,
    least_keys,
    legal_index,
    narrow,
    parts_bound,
    rest_keys,
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
STAT_CORE_CUTS = 20  # guesses refuted by a core (three guesses left)
STAT_CORE_NODES = 21  # nodes with three guesses left whose cores refute every guess

#: rules whose cores are kept (a direct-mapped table: a rule whose slot is
#: taken replaces the rule there)
CORE_SLOTS = 1 << 14
#: cores kept per rule, the oldest replaced first
CORES_PER_RULE = 64
#: candidates in a core, at most
CORE_MAX = 8
#: cores a node grows, at most, and failed attempts before it stops trying
#: (an attempt fails when the bucket has no core of at most ``CORE_MAX``)
CORES_GROWN = 16
CORE_FAILS = 2

#: a node with at least this many guesses left passes its children the
#: guesses narrowed (see "Order and narrowing")
NARROW_MIN_LEFT = 4

#: indices into ``stats``: nodes answered by a set kept without a tree, and sets kept
STAT_NO_TREE_HITS = 22
STAT_NO_TREE_KEPT = 23
#: the guesses left at which sets proven to have no tree are kept and asked
#: (see "No tree, by inclusion")
NO_TREE_MIN_LEFT = 3
NO_TREE_MAX_LEFT = 4
#: sets kept, at most, and their candidates in all (the store is emptied when
#: full; QUOTE, 2023 pool, hard, keeps 116,302 sets: with room for 2^17 the
#: store was emptied once and the opener took 100.3 s, with 2^19 88.8 s)
NO_TREE_SETS = 1 << 18
NO_TREE_MEMBERS = 1 << 23


def core_store(slots: int = CORE_SLOTS) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """An empty store of cores (see "Cores" above): ``(keys, sizes, members,
    added)``, ``keys: uint64[slots]`` the rule of each slot (0: none),
    ``sizes: int8[slots, CORES_PER_RULE]`` each core's size (0: none),
    ``members: int32[slots, CORES_PER_RULE, CORE_MAX]`` its candidates, and
    ``added: int64[slots]`` how many the rule was given.  ``slots`` is a power
    of two; 0 keeps no core (the search then grows none).  The default's
    arrays take 33 MiB, zero pages the system maps only when touched."""
    if slots < 0 or slots & (slots - 1):
        raise ValueError(f"the core store's slots must be 0 or a power of two, not {slots}")
    return (
        np.zeros(slots, np.uint64),
        np.zeros((slots, CORES_PER_RULE), np.int8),
        np.zeros((slots, CORES_PER_RULE, CORE_MAX), np.int32),
        np.zeros(slots, np.int64),
    )


def no_tree_store(
    n_answers: int, length: int, alpha: int, sets: int = NO_TREE_SETS, members: int = NO_TREE_MEMBERS
) -> tuple[np.ndarray, ...]:
    """An empty store of sets proven to have no tree (see "No tree, by
    inclusion"), for ``n_answers`` answers of ``length`` letters of an alphabet
    of ``alpha``: ``(heads, sigs, ids, links, meta, greens, mins, pool,
    used)``.  The sets kept with ``d`` guesses left whose least candidate is
    ``a`` are listed in blocks of ``_BLOCK``, the last at ``heads[d -
    NO_TREE_MIN_LEFT, a]`` (-1: none): block ``b`` holds ``links[b, 1]`` sets,
    their signatures (a bit per candidate, hashed to 64) in ``sigs[b]`` (one
    cache line, read first) and their numbers in ``ids[b]``, and continues at
    block ``links[b, 0]`` (-1: the end).  Set ``e``'s ``meta[e]``: the bits of
    its rule's greens (places) and counted letters (from bit 32), the legal
    set its rule filters (:func:`~wordlelab.kernels.hints.rule_root`), and
    where its candidates lie in ``pool`` (start, size; ascending);
    ``greens[e]``/``mins[e]`` its rule; ``used``: the sets, blocks and members
    used.  ``sets`` 0 keeps none (the search then asks none)."""
    if sets < 0 or members < 0:
        raise ValueError(f"the store's sizes must be at least 0, not {sets} and {members}")
    depths = NO_TREE_MAX_LEFT - NO_TREE_MIN_LEFT + 1
    return (
        np.full((depths, n_answers if sets else 0), -1, np.int32),
        np.zeros((sets, _BLOCK), np.uint64),
        np.zeros((sets, _BLOCK), np.int32),
        np.zeros((sets, 2), np.int32),
        np.zeros((sets, 4), np.uint64),
        np.zeros((sets, length), np.int8),
        np.zeros((sets, alpha), np.int8),
        np.zeros(members if sets else 0, np.int32),
        np.zeros(3, np.int64),
    )


#: sets a block lists (their signatures: one cache line)
_BLOCK = 8
#: columns of a kept set's ``meta`` row
_RULE, _ROOT, _START, _SIZE = 0, 1, 2, 3


@njit(cache=True, inline="always", nogil=True)
def _kept_at(store, d):  # pragma: no cover - compiled
    """Whether ``store`` keeps sets (it has rows) with ``d`` guesses left."""
    return store[0].shape[1] > 0 and d >= NO_TREE_MIN_LEFT and d <= NO_TREE_MAX_LEFT


@njit(cache=True, inline="always", nogil=True)
def _sig_bit(x):  # pragma: no cover - compiled
    """A candidate's bit in a set's signature."""
    return np.uint64(1) << ((np.uint64(x) * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(58))


@njit(cache=True, nogil=True)
def _rule_bits(greens, mins):  # pragma: no cover - compiled
    """The places a rule fixes green (bits 0-31) and the letters it counts
    (from bit 32): a rule weaker than another has none the other lacks."""
    bits = np.uint64(0)
    for i in range(greens.shape[0]):
        if greens[i] >= 0:
            bits |= np.uint64(1) << np.uint64(i)
    for c in range(mins.shape[0]):
        if mins[c] > 0:
            bits |= np.uint64(1) << np.uint64(32 + c)
    return bits


@njit(cache=True, nogil=True)
def _holds(store, e, cands, t, greens, mins, bits, root):  # pragma: no cover - compiled
    """Whether kept set ``e``, whose least candidate is ``cands[t]``, lies in
    ``cands`` under a rule no stronger than ``greens``/``mins`` (its bits
    ``bits``) over the same legal set ``root``."""
    meta, kept_greens, kept_mins, pool = store[4], store[5], store[6], store[7]
    m = meta[e]
    n = cands.shape[0]
    size = np.int64(m[_SIZE])
    if size > n - t or m[_RULE] & ~bits != 0 or m[_ROOT] != root:
        return False
    for i in range(greens.shape[0]):
        if kept_greens[e, i] >= 0 and kept_greens[e, i] != greens[i]:
            return False
    for c in range(mins.shape[0]):
        if kept_mins[e, c] > mins[c]:
            return False
    at = t
    first = np.int64(m[_START])
    for k in range(first, first + size):
        y = pool[k]
        while at < n and cands[at] < y:
            at += 1
        if at == n or cands[at] != y:
            return False
    return True


@njit(cache=True, nogil=True)
def no_tree_within(store, cands, greens, mins, root, d):  # pragma: no cover - compiled
    """Whether ``cands`` (ascending), under the rule ``greens``/``mins`` over
    the legal set ``root`` (:func:`~wordlelab.kernels.hints.rule_root`) with
    ``d`` guesses left, holds a set kept in ``store`` with at least ``d``
    guesses left under a rule over the same legal set and no stronger (no
    green but the same, no letter counted more): then it has no tree either."""
    heads, sigs, ids, links = store[0], store[1], store[2], store[3]
    n = cands.shape[0]
    if not _kept_at(store, d):
        return False
    have = np.uint64(0)
    for t in range(n):
        have |= _sig_bit(cands[t])
    bits = _rule_bits(greens, mins)
    for dd in range(d, NO_TREE_MAX_LEFT + 1):
        row = heads[dd - NO_TREE_MIN_LEFT]
        for t in range(n):
            b = np.int64(row[cands[t]])
            while b >= 0:
                block = sigs[b]
                for i in range(links[b, 1]):
                    if block[i] & ~have == 0 and _holds(store, ids[b, i], cands, t, greens, mins, bits, root):
                        return True
                b = np.int64(links[b, 0])
    return False


@njit(cache=True, nogil=True)
def keep_no_tree(store, cands, greens, mins, root, d):  # pragma: no cover - compiled
    """Keep ``cands`` (ascending), proven to have no tree with ``d`` guesses
    left under the rule ``greens``/``mins`` over the legal set ``root``, in
    ``store`` (emptied first if full)."""
    heads, sigs, ids, links, meta, kept_greens, kept_mins, pool, used = store
    n = cands.shape[0]
    if not _kept_at(store, d) or n > pool.shape[0]:
        return
    row = heads[d - NO_TREE_MIN_LEFT]
    b = np.int64(row[cands[0]])
    fresh = b < 0 or links[b, 1] == _BLOCK  # (a new block needed)
    if used[0] == meta.shape[0] or fresh and used[1] == sigs.shape[0] or used[2] + n > pool.shape[0]:
        heads[:, :] = -1
        used[:] = 0
        b = np.int64(-1)
        fresh = True
    if fresh:
        nb = used[1]
        links[nb, 0] = b
        links[nb, 1] = 0
        row[cands[0]] = nb
        used[1] = nb + 1
        b = nb
    e = used[0]
    at = used[2]
    have = np.uint64(0)
    for t in range(n):
        pool[at + t] = cands[t]
        have |= _sig_bit(cands[t])
    m = meta[e]
    m[_RULE] = _rule_bits(greens, mins)
    m[_ROOT] = root
    m[_START] = np.uint64(at)
    m[_SIZE] = np.uint64(n)
    for i in range(greens.shape[0]):
        kept_greens[e, i] = greens[i]
    for c in range(mins.shape[0]):
        kept_mins[e, c] = mins[c]
    i = links[b, 1]
    sigs[b, i] = have
    ids[b, i] = e
    links[b, 1] = i + 1
    used[0] = e + 1
    used[2] = at + n


@njit(cache=True, nogil=True)
def grow_core(by_answer, table, legal, members, out):  # pragma: no cover - compiled
    """A core among ``members`` (at least two candidates): a subset that no
    guess of ``legal`` tells apart, in ``out[:size]``; returns ``size``, or 0
    if there is none of at most ``CORE_MAX`` candidates this way.

    Grown from the first two members: while some guess shows the core's
    candidates distinct patterns (the first :func:`separating` finds), a
    member it shows the pattern of one of them joins, or failing that one it
    shows the pattern of another member outside (who joins next time).  If
    no member is left to join, that guess tells all of ``members`` apart."""
    m = members.shape[0]
    out[0] = members[0]
    out[1] = members[1]
    size = 2
    while True:
        j = separating(by_answer, legal, out[:size])
        if j < 0:
            return size
        if size == CORE_MAX:
            return 0
        row = table[legal[j]]
        joins = -1  # a member outside shown the pattern of one inside
        pairs = -1  # ... else of another outside
        for i in range(m):
            x = members[i]
            inside = False
            clash = False
            for e in range(size):
                if out[e] == x:
                    inside = True
                    break
                clash |= row[out[e]] == row[x]
            if inside:
                continue
            if clash:
                joins = x
                break
            if pairs < 0:
                for i2 in range(i + 1, m):
                    if row[members[i2]] == row[x]:
                        pairs = x
                        break
        if joins < 0 and pairs < 0:
            return 0
        out[size] = joins if joins >= 0 else pairs
        size += 1


@njit(cache=True, nogil=True)
def _keep_core(cores, rule, core, size):  # pragma: no cover - compiled
    """Keep ``core[:size]`` under ``rule`` (a legal-set hash), replacing the rule's
    oldest core if it has ``CORES_PER_RULE``, or the slot's other rule."""
    keys, sizes, members, added = cores
    if keys.shape[0] == 0 or rule == 0:  # (0: no rule, and no slot's rule)
        return
    slot = np.int64(rule & np.uint64(keys.shape[0] - 1))
    if keys[slot] != rule:
        keys[slot] = rule
        sizes[slot, :] = 0
        added[slot] = 0
    c = added[slot] % CORES_PER_RULE
    sizes[slot, c] = size
    for e in range(size):
        members[slot, c, e] = core[e]
    added[slot] += 1


@njit(cache=True, nogil=True)
def _cores_within(cores, rule, cands, out, out_sizes, n_out):  # pragma: no cover - compiled
    """Append to ``out``/``out_sizes`` (from ``n_out`` on) the cores kept under
    ``rule`` whose candidates are all in ``cands`` (sorted); the new count."""
    keys, sizes, members, added = cores
    if keys.shape[0] == 0 or rule == 0:
        return n_out
    slot = np.int64(rule & np.uint64(keys.shape[0] - 1))
    if keys[slot] != rule:
        return n_out
    for c in range(min(added[slot], CORES_PER_RULE)):
        size = sizes[slot, c]
        within = True
        for e in range(size):
            x = members[slot, c, e]
            i = np.searchsorted(cands, x)
            if i == cands.shape[0] or cands[i] != x:
                within = False
                break
        if within:
            for e in range(size):
                out[n_out, e] = members[slot, c, e]
            out_sizes[n_out] = size
            n_out += 1
    return n_out


@njit(cache=True, nogil=True)
def _split_letters(core, core_size, split, lo, hi, letter_mask, ans2allowed):  # pragma: no cover - compiled
    """``split[c]`` for the cores ``lo`` to ``hi``: the letters some but not all
    of core ``c``'s candidates hold (a guess holding one shows those with it
    another pattern than those without)."""
    for c in range(lo, hi):
        some = np.uint64(0)
        every = ~np.uint64(0)
        for e in range(core_size[c]):
            m = letter_mask[ans2allowed[core[c, e]]]
            some |= m
            every &= m
        split[c] = some & ~every


@njit(cache=True, inline="always", nogil=True)
def _merged(by_answer, core, core_size, split, lm, lo, hi, g):  # pragma: no cover - compiled
    """Whether guess ``g`` (its letters ``lm``) shows the candidates of one of
    the cores ``lo`` to ``hi`` (rows of ``core``, ``core_size`` long) one
    pattern: never if it holds one of the core's ``split`` letters, else
    read."""
    for c in range(lo, hi):
        if lm & split[c]:
            continue
        p = by_answer[core[c, 0], g]
        same = True
        for e in range(1, core_size[c]):
            if by_answer[core[c, e], g] != p:
                same = False
                break
        if same:
            return True
    return False


@njit(cache=True, nogil=True)
def _new_core(
    s, legal, parent_legal, legal_hash, parent_hash, bucket, core, core_size, split, n_cores, fails
):  # pragma: no cover
    """Grow a core from ``bucket`` (a refuting bucket of a node with three
    guesses left, ``legal`` its legal set) into row ``n_cores`` of ``core``
    (its split letters into ``split``) and keep it: under the parent's rule if
    no guess of the parent's legal set (``parent_legal``) tells it apart
    either, else under the node's.  Nothing once ``core`` is full or the node
    failed ``CORE_FAILS`` times.  Returns ``(n_cores, fails)`` updated."""
    if n_cores == core.shape[0] or fails >= CORE_FAILS:
        return n_cores, fails
    out = core[n_cores]
    size = grow_core(s.by_answer, s.table, legal, bucket, out)
    if size == 0:
        return n_cores, fails + 1
    core_size[n_cores] = size
    _split_letters(core, core_size, split, n_cores, n_cores + 1, s.ends[3], s.ans2allowed)
    if parent_hash != 0 and separating(s.by_answer, parent_legal, out[:size]) < 0:
        _keep_core(s.cores, parent_hash, out, size)
    else:
        _keep_core(s.cores, legal_hash, out, size)
    return n_cores + 1, fails


@njit(cache=True, nogil=True)
def _none(s, key, cands, greens, mins, root, d):  # pragma: no cover - compiled
    """A node proven to have no tree: so stored in the memo and kept for
    inclusion (``root``: its rule's legal set); ``False``."""
    store(s.memo, key, INF, 0, True)
    if _kept_at(s.no_tree, d):
        keep_no_tree(s.no_tree, cands, greens, mins, root, d)
        s.stats[STAT_NO_TREE_KEPT] += 1
    return False


@njit(cache=True, nogil=True)
def feasible(  # pragma: no cover - compiled
    cands, legal, prev_g, prev_p, greens, mins, rule_total, legal_hash, parent_hash, d, s, index
):
    """``f(S, d) < INF`` for the candidates ``cands`` (sorted), hard mode.

    As in ``_core._solve``: with ``prev_g >= 0``, ``legal`` is the parent's
    legal set and this node's is it filtered by the hint ``(prev_g,
    prev_p)``; ``greens``/``mins`` are this node's rule and ``legal_hash``
    its hash (``seal_rule(rule_total)``, ``rule_total`` its ``rule_sum``);
    ``parent_hash`` the parent's legal-set hash (0: none), whose cores hold
    here too (see "Cores"); ``index``: ``_bounds.legal_index`` of ``legal``
    as passed, or no rows."""
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
    # the legal set this node's rule filters, for the sets kept without a tree
    root = rule_root(rule_total, greens, mins) if _kept_at(s.no_tree, d) else np.uint64(0)
    if no_tree_within(s.no_tree, cands, greens, mins, root, d):
        s.stats[STAT_NO_TREE_HITS] += 1
        store(memo, key, INF, 0, True)
        return False
    parent_legal = legal
    if prev_g >= 0:
        legal = legal[hard_keep(legal, prev_g, prev_p, s.codes, s.letter_counts, s.hard_bits, index)]
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
    if d == 2:  # as in _core: a guess splitting the set into singletons, or none
        s.stats[STAT_FEASIBLE_CELLS] += n * k
        j = separating(s.by_answer, legal, cands)
        if j < 0:
            store(memo, key, INF, 0, True)
            return False
        store(memo, key, 2 * n, legal[j], True)
        return True
    # the cores here (d == 3 only): the guesses they refute are not tried
    by_answer = s.by_answer
    cored = d == 3 and s.cores[0].shape[0] > 0  # (a store of no slots: no cores)
    core = np.empty((2 * CORES_PER_RULE + CORES_GROWN if cored else 0, CORE_MAX), np.int32)
    core_size = np.empty(core.shape[0], np.int64)
    split = np.empty(core.shape[0], np.uint64)  # each core's split letters (_split_letters)
    n_cores = 0
    refuted = np.zeros(k, np.bool_)
    cut = 0
    if cored:
        n_cores = _cores_within(s.cores, legal_hash, cands, core, core_size, 0)
        n_cores = _cores_within(s.cores, parent_hash, cands, core, core_size, n_cores)
        _split_letters(core, core_size, split, 0, n_cores, letter_mask, s.ans2allowed)
        for j in range(k):
            if _merged(by_answer, core, core_size, split, letter_mask[legal[j]], 0, n_cores, legal[j]):
                refuted[j] = True
                cut += 1
        s.stats[STAT_CORE_CUTS] += cut
        if cut == k:
            s.stats[STAT_CORE_NODES] += 1
            return _none(s, key, cands, greens, mins, root, d)
    first_grown = n_cores
    fails = 0
    # the scan, of the guesses the cores leave: the others keep ``glb`` 0, so
    # they are passed down (they may split a bucket below) and ``too_big``
    # marks nothing (the most parts of a guess refuted is not counted)
    glb = np.zeros(k, np.int64)
    sumsq = np.zeros(k, np.int64)
    largest = np.zeros(k, np.int64)
    scanned = np.flatnonzero(~refuted)
    n_scanned = scanned.shape[0]
    keep = np.empty((n, n_scanned), by_answer.dtype)  # its patterns, for the guesses tried below
    s.stats[STAT_FEASIBLE_CELLS] += n * n_scanned
    no_parts = np.zeros(0, np.int64)  # (full scans: see _bounds.scan)
    if cut == 0:
        node_lb, shortcut = scan(
            by_answer, legal, cands, d - 1, n_patterns, 0, INF, glb, sumsq, largest, keep, no_parts
        )
    else:
        part_glb = np.empty(n_scanned, np.int64)
        part_sumsq = np.empty(n_scanned, np.int64)
        part_largest = np.empty(n_scanned, np.int64)
        node_lb, shortcut = scan(
            by_answer,
            legal[scanned],
            cands,
            d - 1,
            n_patterns,
            0,
            INF,
            part_glb,
            part_sumsq,
            part_largest,
            keep,
            no_parts,
        )
        glb[scanned] = part_glb
        sumsq[scanned] = part_sumsq
        largest[scanned] = part_largest
        if shortcut >= 0:
            shortcut = scanned[shortcut]
    column = np.empty(k, np.int64)  # a scanned guess's column of ``keep``
    column[scanned] = np.arange(n_scanned)
    if node_lb >= INF:
        return _none(s, key, cands, greens, mins, root, d)
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
    # _bounds.narrow and _bounds.drop_alike; values below are unchanged),
    # found when the first child is asked (see "Order and narrowing")
    sub_legal = legal
    sub_index = np.zeros((0, 0), np.uint64)  # its index, built when the first child is asked
    narrowed = d < NARROW_MIN_LEFT
    # candidates, in the cost search's order of splits (best first): the head
    # picked in one pass, the rest sorted only if the loop gets past it
    count = 0
    for j in range(k):
        if glb[j] < INF and not doomed[j] and not refuted[j]:
            count += 1
    order_keys = np.empty(count, np.int64)
    count = 0
    for j in range(k):
        if glb[j] < INF and not doomed[j] and not refuted[j]:
            order_keys[count] = (split_order(sumsq[j], glb[j], n) << ORDER_SHIFT) | j
            count += 1
    picks = least_keys(order_keys, ORDER_HEAD)
    win = n_patterns - 1
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
    col = np.empty(n, keep.dtype)  # the patterns of the guess tried, from ``keep``
    iota = np.arange(n)  # (``col`` is indexed by candidate position)
    for jj in range(count):
        if jj == picks.shape[0]:  # past the head: the rest, sorted
            picks = np.concatenate((picks, rest_keys(order_keys, picks[-1], glb, INF)[0]))
        j = picks[jj] & ORDER_MASK
        g = legal[j]
        # (the cores grown since the scan)
        if _merged(by_answer, core, core_size, split, letter_mask[g], first_grown, n_cores, g):
            s.stats[STAT_CORE_CUTS] += 1
            continue
        for t in range(n):
            col[t] = keep[t, column[j]]
        n_seen = count_buckets(col, iota, terms, tally, seen, sums)
        # cheap tests of every bucket first: its bound, what the memo proved
        # (the largest bucket first: most often the one without a tree)
        big = 0
        for i in range(1, n_seen):
            if tally[seen[i]] > tally[seen[big]] or seen[big] == win:
                big = i
        dead = -1
        for ii in range(n_seen):
            i = big if ii == 0 else ii - 1 if ii <= big else ii
            b = seen[i]
            m = tally[b]
            if b == win or m <= 2:
                continue
            if bucket_lb(m, d - 1, max_parts) >= INF:
                dead = b
                break
            csums[b] = rule_sum_after(rule_total, greens, mins, g, b, s.codes)
            chashes[b] = seal_rule(csums[b])
            e = get(memo, node_key(seal_hash(sums[b], m), chashes[b], d - 1), -1)
            if e >= 0 and entry_value(e) >= INF:
                dead = b
                break
        if dead >= 0:
            if cored and tally[dead] <= CORE_MAX + 4:
                child = cands[col == dead]
                n_cores, fails = _new_core(
                    s, legal, parent_legal, legal_hash, parent_hash, child, core, core_size, split, n_cores, fails
                )
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
            b = col[t]
            members[fill[b]] = cands[t]
            fill[b] += 1
        ok = True
        for i in np.argsort(sizes, kind="mergesort"):
            b = seen[i]
            m = tally[b]
            if b == win or m <= 2:
                continue
            child = members[starts[b] : starts[b] + m].copy()
            if not narrowed:
                kept = narrow(s.by_answer, legal, glb, cands, False)
                kept = drop_alike(kept, legal, cands, s.codes, s.ans2allowed)
                sub_legal = legal[kept]
                narrowed = True
            if sub_index.shape[0] == 0:
                sub_index = legal_index(sub_legal, s.hard_bits.shape[1])
            cg, cm = constrain(greens, mins, g, b, s.codes)
            if not feasible(
                child, sub_legal, g, np.int64(b), cg, cm, csums[b], chashes[b], legal_hash, d - 1, s, sub_index
            ):
                ok = False
                if cored:
                    n_cores, fails = _new_core(
                        s, legal, parent_legal, legal_hash, parent_hash, child, core, core_size, split, n_cores, fails
                    )
                break
        for i in range(n_seen):
            tally[seen[i]] = 0
        if ok:
            put(s.feasible, key, 1)
            return True
    return _none(s, key, cands, greens, mins, root, d)
