# mypy: disable-error-code="no-untyped-def"
"""Admissible bounds and exact small cases for the search (compiled helpers).

``f(S, d)`` is defined in :mod:`wordlelab.search._core`.  Every bound here is
*admissible*: never above the true cost.  ``max_parts`` (``P``) is the most
buckets any allowed guess makes of the whole answer list (so of any subset);
``INF`` means no tree fits in the guesses left.
"""

from __future__ import annotations

import llvmlite.ir as llvm_ir
import numba
import numpy as np
from llvmlite import binding as llvm_binding
from numba.core import cgutils, types
from numba.extending import intrinsic

from .._jit import njit
from ._memo import INF


@intrinsic
def _ctpop(typingctx, x):  # pragma: no cover - compiled
    """LLVM's population count of a ``uint64`` (one instruction on a CPU that
    has one)."""
    sig = types.uint64(types.uint64)

    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])

    return sig, codegen


@njit(cache=True, inline="always", nogil=True)
def _popcount(x):  # pragma: no cover - compiled
    """The bits set in ``x`` (a ``uint64``)."""
    return np.int64(_ctpop(np.uint64(x)))  # type: ignore[call-arg]  # (numba supplies typingctx)


@intrinsic
def _compress_store(typingctx, src, start, dst, at, mask):  # pragma: no cover - compiled
    """Store at ``dst[at:]``, in order, the items ``src[start + i]`` (``i < 64``)
    whose bit ``i`` is set in ``mask`` (a ``uint64``): LLVM's
    ``masked.compressstore`` of the 64 items from ``start``, one instruction
    for bytes on a CPU with AVX-512 VBMI2 (a loop over the lanes elsewhere).
    ``src`` and ``dst`` are arrays of the same unsigned integers; ``src`` must
    hold the 64 items, and ``dst`` room for the items selected."""
    if not (isinstance(src.dtype, types.Integer) and src.dtype == dst.dtype):
        return None
    sig = types.void(src, start, dst, at, mask)
    bits = src.dtype.bitwidth  # type: ignore[attr-defined]  # (set on each instance)

    def codegen(context, builder, signature, args):
        source = context.make_array(signature.args[0])(context, builder, args[0])
        target = context.make_array(signature.args[2])(context, builder, args[2])
        vector = llvm_ir.VectorType(llvm_ir.IntType(bits), 64)
        lanes = llvm_ir.VectorType(llvm_ir.IntType(1), 64)
        address = builder.bitcast(builder.gep(source.data, [args[1]]), vector.as_pointer())
        where = builder.gep(target.data, [args[3]])
        fnty = llvm_ir.FunctionType(llvm_ir.VoidType(), [vector, where.type, lanes])
        name = f"llvm.masked.compressstore.v64i{bits}"
        store = cgutils.get_or_insert_function(builder.module, fnty, name)  # type: ignore[no-untyped-call]
        builder.call(store, [builder.load(address, align=1), where, builder.bitcast(args[4], lanes)])
        return context.get_dummy_value()

    return sig, codegen


#: LLVM's locality hint of :func:`_prefetch` (2: into the second-level
#: cache, as x86's ``prefetcht1``; a scan's next block is up to 100 rows of
#: 512 bytes, more than the first-level cache holds beside the block counted)
PREFETCH_LOCALITY = 2


@intrinsic
def _prefetch(typingctx, row, at):  # pragma: no cover - compiled
    """Ask for the cache line holding ``row[at]`` (a 1-D array) ahead of its
    read: LLVM's ``prefetch`` (a read, ``PREFETCH_LOCALITY``); a hint only,
    which never faults."""
    sig = types.void(row, at)

    def codegen(context, builder, signature, args):
        source = context.make_array(signature.args[0])(context, builder, args[0])
        address = builder.bitcast(builder.gep(source.data, [args[1]]), llvm_ir.IntType(8).as_pointer())
        i32 = llvm_ir.IntType(32)
        fnty = llvm_ir.FunctionType(llvm_ir.VoidType(), [address.type, i32, i32, i32])
        fetch = cgutils.get_or_insert_function(builder.module, fnty, "llvm.prefetch.p0")  # type: ignore[no-untyped-call]
        builder.call(fetch, [address, i32(0), i32(PREFETCH_LOCALITY), i32(1)])
        return context.get_dummy_value()

    return sig, codegen


@njit(cache=True, inline="always", nogil=True)
def prefetch_columns(row, cols):  # pragma: no cover - compiled
    """Ask for the cache lines of ``row`` (a 1-D array) at ``cols`` ahead of
    their reads (:func:`_prefetch`, one a column: a hint only)."""
    for t in range(cols.shape[0]):
        _prefetch(row, cols[t])  # type: ignore[call-arg]  # (numba supplies typingctx)


def _host_compresses() -> bool:
    """Whether the code numba makes here may use AVX-512 VBMI2's byte compress
    (:func:`_compress_store` in one instruction): the host's features, or
    those numba is told to compile for (``NUMBA_CPU_NAME``/``NUMBA_CPU_FEATURES``)."""
    features = getattr(numba.config, "CPU_FEATURES", None)
    if features is None:
        if getattr(numba.config, "CPU_NAME", None) not in (None, "host"):
            return False
        features = llvm_binding.get_host_cpu_features().flatten()
    return "+avx512vbmi2" in features.split(",")


@njit(cache=True, inline="always", nogil=True)
def bucket_lb(m, r, max_parts):  # pragma: no cover - compiled
    """A lower bound on ``f(B, r)`` for a set of ``m >= 1`` candidates.

    * ``m == 1``: 1 (exact); ``m > 1`` with ``r <= 1``: ``INF`` (exact);
      ``m == 2``: 3 (exact: guess one of them).
    * otherwise the next guess pays ``m``, finds at most one, and splits the
      rest into ``k`` buckets each needing at least ``2x - 1``; ``k`` is at most
      ``m - 1`` and at most ``P - 1`` (with a win) or ``P`` (without), so
      ``f >= max(2m - 1, 3m - 1 - P)``.  With ``r == 2`` every bucket after the
      next guess must be a singleton, impossible when ``m > P``: ``INF``.
    """
    if r <= 0:
        return INF
    if m == 1:
        return 1
    if r == 1:
        return INF
    if m == 2:
        return 3
    if r == 2 and m > max_parts:
        return INF
    return max(2 * m - 1, 3 * m - 1 - max_parts)


@njit(cache=True, nogil=True)
def _hint(g, pattern, codes, alpha, rule):  # pragma: no cover - compiled
    """Encode one hint in ``rule: int64[2, L]``: row 0 the green positions
    (``rule[0, i]`` the letter, -1 if none), row 1 pairs of (letter, minimum
    count) packed as ``letter * 64 + count`` for the letters revealed; returns
    how many such letters."""
    length = codes.shape[1]
    need = np.zeros(alpha, np.int64)
    p = pattern
    for i in range(length):
        digit = p % 3
        p //= 3
        c = codes[g, i]
        rule[0, i] = c if digit == 2 else -1
        if digit >= 1:
            need[c] += 1
    k = 0
    for i in range(length):  # each revealed letter once, in word order
        c = codes[g, i]
        if need[c] > 0:
            rule[1, k] = c * 64 + need[c]
            need[c] = 0
            k += 1
    return k


@njit(cache=True, nogil=True)
def hard_filter(legal, g, pattern, codes, letter_counts):  # pragma: no cover - compiled
    """The guesses of ``legal`` that keep the hint of ``g`` showing ``pattern``.

    ``codes: uint8[G, L]`` letter codes, ``letter_counts: uint8[G, alpha]``.
    Hard mode as in :mod:`wordlelab.state`: greens stay, revealed letters are
    used at least as often as revealed.  Order of ``legal`` is kept.
    """
    return legal[_hard_keep_letters(legal, g, pattern, codes, letter_counts)]


@njit(cache=True, nogil=True)
def _hard_keep_letters(legal, g, pattern, codes, letter_counts):  # pragma: no cover - compiled
    """The positions in ``legal`` of :func:`hard_filter`'s guesses, ascending."""
    rule = np.empty((2, codes.shape[1]), np.int64)
    n_letters = _hint(g, pattern, codes, letter_counts.shape[1], rule)
    out = np.empty(legal.shape[0], np.int64)
    k = 0
    # (the test is written out here, not a helper called per word: a call
    # passing arrays costs three reference counts, most of the filter's time)
    for j in range(legal.shape[0]):
        w = legal[j]
        keeps = True
        for i in range(codes.shape[1]):
            if rule[0, i] >= 0 and codes[w, i] != rule[0, i]:
                keeps = False
                break
        if keeps:
            for q in range(n_letters):
                if letter_counts[w, rule[1, q] // 64] < rule[1, q] % 64:
                    keeps = False
                    break
        if keeps:
            out[k] = j
            k += 1
    return out[:k]


#: below this many guesses :func:`hard_keep` tests each word's letters
#: (building the mask costs about as much as testing 100 words that way)
HARD_BITS_MIN = 128


def hard_bits(codes: np.ndarray, letter_counts: np.ndarray) -> np.ndarray:
    """The bit sets :func:`hard_keep` intersects, ``uint64[R, W]`` (bit
    ``w`` of a row is word ``w``): row ``i * alpha + c`` holds the words with
    letter ``c`` at position ``i``, row ``L * alpha + c * L + k - 1`` those with
    at least ``k`` copies of ``c`` (``L`` letters a word, ``alpha`` letters)."""
    n_words, length = codes.shape
    alpha = letter_counts.shape[1]
    member = np.zeros((length * alpha + alpha * length, n_words), np.bool_)
    everyone = np.arange(n_words)
    for i in range(length):
        member[i * alpha + codes[:, i].astype(np.int64), everyone] = True
    for c in range(alpha):
        for k in range(1, length + 1):
            member[length * alpha + c * length + k - 1] = letter_counts[:, c] >= k
    n_blocks = (n_words + 63) // 64
    packed = np.zeros((member.shape[0], n_blocks * 8), np.uint8)
    packed[:, : (n_words + 7) // 8] = np.packbits(member, axis=1, bitorder="little")
    return np.ascontiguousarray(packed.view("<u8").astype(np.uint64))


@njit(cache=True, nogil=True)
def legal_index(legal, width):  # pragma: no cover - compiled
    """``legal`` (sorted word indices) as :func:`hard_keep` reads it fastest:
    ``uint64[2, width]``, row 0 its bit set (bit ``w`` of the words of 64 bits
    is word ``w``), row 1 at ``x`` how many of its words are below ``64 x``
    (the position in ``legal`` of its first word in block ``x``).  ``width``:
    :func:`hard_bits`'s."""
    index = np.zeros((2, width), np.uint64)
    for j in range(legal.shape[0]):
        w = legal[j]
        index[0, w >> 6] |= np.uint64(1) << np.uint64(w & 63)
    below = np.uint64(0)
    for x in range(width):
        index[1, x] = below
        below += np.uint64(_popcount(index[0, x]))
    return index


@njit(cache=True, nogil=True)
def hard_keep(legal, g, pattern, codes, letter_counts, bits, index):  # pragma: no cover - compiled
    """The positions in ``legal`` of :func:`hard_filter`'s guesses, ascending
    (the search filters a parallel array of columns with them, see ``_core``,
    "Guesses passed down"), found by intersecting the bit sets of
    :func:`hard_bits` (``bits``; no rows: the letters are tested instead): a
    mask over every word, one AND per green and per revealed letter (a few
    hundred words of 64 bits each), then one bit test per word of ``legal``,
    with no branch.

    With ``index`` (:func:`legal_index` of ``legal``; no rows: none) the mask
    starts as ``legal``'s own bit set, and the positions are read from the
    bits left, each the count of ``legal``'s words below it: the cost follows
    the guesses kept, not ``legal``.  A hard-mode node filters its parent's
    guesses this way (2023 pool: 12,000 guesses, a fifth of them kept, 16 us
    against 5 us)."""
    n = legal.shape[0]
    if n < HARD_BITS_MIN or bits.shape[0] == 0:
        return _hard_keep_letters(legal, g, pattern, codes, letter_counts)
    length = codes.shape[1]
    alpha = letter_counts.shape[1]
    lo = 0
    hi = bits.shape[1] - 1
    indexed = index.shape[0] > 0
    if indexed:
        mask = index[0].copy()
    else:
        mask = np.full(hi - lo + 1, np.uint64(0xFFFFFFFFFFFFFFFF))
    need = np.zeros(alpha, np.int64)
    p = pattern
    for i in range(length):
        digit = p % 3
        p //= 3
        c = np.int64(codes[g, i])
        if digit >= 1:
            need[c] += 1
        if digit == 2:
            row = bits[i * alpha + c]
            for x in range(lo, hi + 1):
                mask[x - lo] &= row[x]
    for i in range(length):  # each revealed letter once
        c = np.int64(codes[g, i])
        if need[c] > 0:
            row = bits[length * alpha + c * length + need[c] - 1]
            need[c] = 0
            for x in range(lo, hi + 1):
                mask[x - lo] &= row[x]
    out = np.empty(n, np.int64)
    k = np.int64(0)
    if indexed:
        present = index[0]
        below = index[1]
        for x in range(lo, hi + 1):
            left = mask[x - lo]
            while left != 0:
                low = left & (~left + np.uint64(1))  # the lowest bit left
                out[k] = np.int64(below[x]) + _popcount(present[x] & (low - np.uint64(1)))
                k += 1
                left ^= low
        return out[:k]
    for j in range(n):
        w = legal[j]
        out[k] = j
        k += np.int64((mask[(w >> 6) - lo] >> np.uint64(w & 63)) & np.uint64(1))
    return out[:k]


@njit(cache=True, nogil=True)
def consistent_split(  # pragma: no cover - compiled
    legal, g, codes, square, n_patterns, members, starts, scratch, places
):
    """Ultra-hard mode: group ``legal`` (sorted allowed indices) by the pattern
    ``g`` shows against each word as if it were the answer (the official rule),
    so that after ``g`` shows pattern ``b`` the legal guesses are
    ``members[starts[b]:starts[b + 1]]`` (sorted): exactly the words consistent
    with that clue too.  ``members: int64[len(legal)]``, ``starts:
    int64[n_patterns + 1]`` are filled in place, and ``places`` (no cells, or
    ``int64[len(legal)]``) with each member's place in ``legal``; ``scratch:
    int64[len(legal) + n_patterns + alpha]`` is working space whose last
    ``alpha`` cells are zero (and are left so): one allocation per node
    instead of three per guess.

    The patterns are read from ``square[g, w]`` (every allowed word against
    every allowed word, :func:`wordlelab.search.solver.square_table`) where it
    has rows, else computed from the letters ``codes`` (about ten times slower
    a word)."""
    length = codes.shape[1]
    k = legal.shape[0]
    pats = scratch[:k]
    unmatched = scratch[k + n_patterns :]
    if square.shape[0] > 0:
        row = square[g]
        for t in range(k):
            pats[t] = row[legal[t]]
    for t in range(0 if square.shape[0] > 0 else k):
        w = legal[t]
        for i in range(length):
            if codes[g, i] != codes[w, i]:
                unmatched[codes[w, i]] += 1
        value = 0
        power = 1
        for i in range(length):
            c = codes[g, i]
            if c == codes[w, i]:
                value += 2 * power
            elif unmatched[c] > 0:
                value += power
                unmatched[c] -= 1
            power *= 3
        for i in range(length):
            unmatched[codes[w, i]] = 0
        pats[t] = value
    group_split(legal, n_patterns, members, starts, scratch, places)


@njit(cache=True, nogil=True)
def group_split(legal, n_patterns, members, starts, scratch, places):  # pragma: no cover - compiled
    """The grouping of :func:`consistent_split` (same arguments but ``g``,
    ``codes`` and ``square``), from the patterns already in
    ``scratch[:len(legal)]``: the search's pass over the legal set leaves
    them there."""
    k = legal.shape[0]
    pats = scratch[:k]
    fill = scratch[k : k + n_patterns]
    for b in range(n_patterns + 1):
        starts[b] = 0
    for t in range(k):
        starts[pats[t] + 1] += 1
    for b in range(n_patterns):
        starts[b + 1] += starts[b]
    for b in range(n_patterns):
        fill[b] = starts[b]
    placed = places.shape[0] > 0
    for t in range(k):
        at = fill[pats[t]]
        members[at] = legal[t]
        if placed:
            places[at] = t
        fill[pats[t]] = at + 1


@njit(cache=True, nogil=True)
def small_value(cands, d, table, ans2allowed, counts):  # pragma: no cover - compiled
    """``(f(S, d), guess)`` when a candidate settles ``S`` at once, else ``(0, -1)``.

    Tries each candidate as the guess (``O(n^2)``, no scan of the allowed
    list): one that splits ``S`` into singletons gives ``2n - 1``, the least
    any tree can cost; failing that, one leaving a single pair gives ``2n``
    when ``d >= 3`` (the pair costs 3), and ``2n`` is then optimal because
    only a candidate splitting into singletons reaches ``2n - 1``.  Ties go
    to the first such candidate in ``cands`` order.  Needs ``n >= 3``, ``d >= 2``.
    ``counts: int32[n_patterns]`` is working space, zero on entry and on return.

    Every candidate is a legal guess in every mode, so none is tested: in hard
    and ultra mode the answer keeps every hint it was shown (these modes are
    played under the official colours only, where a green is the answer's
    letter and a letter's greens and yellows never outnumber its copies in the
    answer), and narrowing the guesses never drops a candidate (it shows
    itself the all-green pattern, so its bound is finite).
    """
    n = cands.shape[0]
    pair_guess = -1
    for i in range(n):
        g = ans2allowed[cands[i]]
        # (no row view: a view per candidate costs two reference counts); a
        # second repeated pattern rules the candidate out, so the count stops there
        extra = 0
        seen = n
        for t in range(n):
            b = table[g, cands[t]]
            c = counts[b] + 1
            counts[b] = c
            if c >= 2:
                extra += 1
                if extra == 2:
                    seen = t + 1
                    break
        for t in range(seen):
            counts[table[g, cands[t]]] = 0
        if extra == 0:
            return 2 * n - 1, g
        if extra == 1 and pair_guess < 0:
            pair_guess = g
    if pair_guess >= 0 and d >= 3:
        return 2 * n, pair_guess
    return 0, -1


@njit(cache=True, inline="always", nogil=True)
def count_buckets(row, cands, terms, tally, seen, sums):  # pragma: no cover - compiled
    """Count the candidates by the pattern ``row[cands[t]]`` each shows (``row``:
    a guess's row of the table and ``cands`` the candidates, or the patterns
    of a set the candidates are in and their places in it): ``tally[b]`` is
    bucket ``b``'s size and ``sums[b]`` the sum of its members' hash terms
    ``terms`` (``kernels.hints.item_key``: the bucket's set hash once sealed),
    for the ``n_seen`` patterns returned, listed in ``seen`` in the order first
    met.  ``tally`` is zero on entry for every pattern; the caller zeroes the
    entries of ``seen`` when done."""
    n_seen = 0
    for t in range(cands.shape[0]):
        b = row[cands[t]]
        c = tally[b]
        if c == 0:
            seen[n_seen] = b
            n_seen += 1
            sums[b] = terms[t]
        else:
            sums[b] += terms[t]
        tally[b] = c + 1
    return n_seen


@njit(cache=True, inline="always", nogil=True)
def list_members(row, cands, ids, members, fill):  # pragma: no cover - compiled
    """List the candidates ``ids`` by bucket, in their order: ``ids[t]`` goes to
    ``members[fill[b]]`` for its pattern ``b = row[cands[t]]`` (as in
    :func:`count_buckets`), and ``fill[b]`` moves on; ``fill[b]`` starts at
    bucket ``b``'s first place."""
    for t in range(cands.shape[0]):
        b = row[cands[t]]
        members[fill[b]] = ids[t]
        fill[b] += 1


#: guesses per block in :func:`scan` (a block of ``|S| x 512`` bytes stays in cache)
SCAN_BLOCK = 512

#: :func:`scan` copies a block of guesses whose columns lie within this many
#: times as many columns of the table (an eighth of them or more wanted) by
#: compressing the rows' 64-byte runs (:func:`_fill_compressed`) instead of a
#: gather (:func:`_fill_gathered`), on a CPU that compresses bytes in one
#: instruction (``SCAN_COMPRESS``).  On hard-mode children of the 2023 pool's
#: JAFFA (bench/bench_fill.py, ns a cell, gather against compress): 0.41
#: against 0.22 where a quarter to a half of the columns are wanted, 0.43
#: against 0.41 from an eighth to a quarter, 0.55 against 1.00 from a
#: sixteenth to an eighth; a run of columns is copied (0.08).  In the search,
#: JAFFA (2023 pool, hard, exact): the scans with four guesses left 90.4 G ->
#: 81.6 G cycles, the whole 213.4 G -> 202.1 G (instrumented copies side by
#: side, the machine in a slow spell), the same nodes.
SCAN_COMPRESS_SPAN = 8
SCAN_COMPRESS = _host_compresses()


@njit(cache=True, inline="always", nogil=True)
def _ascends(picks):  # pragma: no cover - compiled
    """Whether a block's columns ``picks`` ascend: only then is one spanning
    ``width - 1`` a run to copy, or a dense one compressed (:func:`scan`,
    :func:`separating`); a permuted run, or columns ordered by their parts
    read from the full table, are gathered.  Asked only of a block that
    spans as a run or as a dense one, so a gathered block costs nothing."""
    up = True
    for jj in range(1, picks.shape[0]):
        up &= picks[jj] > picks[jj - 1]
    return up


@njit(cache=True, inline="always", nogil=True)
def _fill_gathered(table, rows, picks, block):  # pragma: no cover - compiled
    """``block[t, :w] = table[rows[t], picks]`` for each row ``t`` (``w`` the
    number of ``picks``), a byte at a time."""
    width = picks.shape[0]
    for t in range(rows.shape[0]):
        src = table[rows[t]]
        dst = block[t]
        for jj in range(width):
            dst[jj] = src[np.uint64(picks[jj])]


@njit(cache=True, inline="always", nogil=True)
def _fill_compressed(table, rows, picks, block, masks):  # pragma: no cover - compiled
    """``block[t, :w] = table[rows[t], picks]`` for each row ``t`` (``w`` the
    number of ``picks``, ascending columns of ``table``): the columns' bits per
    run of 64 from ``picks[0]`` are set once in ``masks`` (``uint64``, one per
    run), then each row's runs are compressed into its block row
    (:func:`_compress_store`); the last bytes of a row, too few for a run, one
    at a time."""
    width = picks.shape[0]
    lo = picks[0]
    runs = (picks[width - 1] - lo + 64) >> 6
    for c in range(runs):
        masks[c] = 0
    for jj in range(width):
        r = picks[jj] - lo
        masks[r >> 6] |= np.uint64(1) << np.uint64(r & 63)
    row_len = table.shape[1]
    for t in range(rows.shape[0]):
        src = table[rows[t]]
        dst = block[t]
        at = 0
        base = lo
        for c in range(runs):
            mask = masks[c]
            if base + 64 <= row_len:
                _compress_store(src, base, dst, at, mask)  # type: ignore[call-arg]  # (numba supplies typingctx)
                at += _popcount(mask)
            else:
                for b in range(row_len - base):
                    if (mask >> np.uint64(b)) & np.uint64(1):
                        dst[at] = src[base + b]
                        at += 1
            base += 64


@njit(cache=True, nogil=True)
def scan(by_answer, guesses, cands, r, n_patterns, floor, cut, glb, sumsq, largest, keep, parts):  # pragma: no cover
    """Fill ``glb[j]`` (``guess_lb``, or ``INF`` if useless or infeasible with
    ``r`` guesses left after it), ``sumsq[j]`` and ``largest[j]`` (its largest
    bucket) for each of ``guesses``.

    ``by_answer: uint8[A, G]`` is the pattern table transposed: the patterns
    of a block of guesses are copied candidate by candidate from contiguous
    rows first (a run of columns copied, others gathered or, where dense
    enough, compressed: ``SCAN_COMPRESS_SPAN``); after a run is copied, the
    next block's cache lines are asked for (:func:`_prefetch`) while this
    one is counted, so that its copy reads them from cache; both only for a
    block whose guesses ascend (:func:`_ascends`), else it is gathered.  (Reading ``table[g,
    cands]`` guess by guess instead touches ``|S|`` scattered cache lines per
    guess; for 10 to 20 candidates that was ten times slower per cell, see
    bench/bench_optimal.py.)

    ``guess_lb = n + sum over non-win buckets of (2m - 1) = 3n - parts - win``
    when ``r >= 2`` (``win`` is 1 if the guess is a candidate); with ``r <= 1``
    every non-win bucket must be a singleton.  Returns ``(node_lb, j)`` where
    ``j`` is the first guess attaining ``node_lb`` whose buckets all have at
    most two candidates (its bound is then its exact value), or -1.
    ``floor`` is a proven lower bound on the node's cost: the scan stops at
    the first exact guess at or below it (the rest of ``glb`` is then unset).
    ``cut``: a node whose bound reaches it fails high and reads no more of
    the scan than ``node_lb`` (``INF``: a full scan; normal mode, and hard mode
    with four guesses left or more, where nothing else reads ``sumsq`` or
    ``largest`` of a guess whose ``glb`` is at least ``cut``).  While the least
    bound so far is at least ``cut``, the blocks are scanned lean (the
    repeats and the all-green test, not the pairs or the largest bucket:
    :func:`_repeats` for sets of at most ``SCAN_LEAN_PAIRS_MAX``, :func:`_marks`
    for larger ones of 5-letter words), which sets their ``glb`` alone, and a guess
    that would be taken for exact is asked of the block whether its buckets
    hold at most two (:func:`_settle`); a block that brings the least bound
    below ``cut`` is scanned again in full, and so are the blocks after it.
    So ``node_lb``, the exact guess, and every figure the search reads are the
    full scan's.
    ``parts``: no rows, or per guess (non-increasing) at least the parts it
    makes plus one if it is a candidate, ``3n - guess_lb`` at an ancestor
    (see ``_core``, "Guesses ordered by their parts"): no guess from ``j``
    on has a bound under ``3n - min(parts[j], n + 1)``, so a scan still lean
    stops at the first block whose first guess cannot bring ``node_lb``
    lower (the node fails high with the full scan's ``node_lb``; the
    guesses after it are left unset, and an exact guess among them not
    looked for).
    ``keep``: no rows, or ``[|S|, len(guesses)]`` to receive the patterns
    read (``keep[t, j]``: guess ``j``'s for candidate ``t``), which a caller
    trying guesses after the scan then reads from cache instead of from each
    guess's row of the table: that row is ``|A|`` bytes, the candidates'
    cells in it mostly on distinct cache lines (``_feasible``: 2023 pool,
    hard, JONES and AHEAP 5-7 % less CPU).
    """
    n = cands.shape[0]
    k = guesses.shape[0]
    win = n_patterns - 1
    block = np.empty((n, SCAN_BLOCK), by_answer.dtype)
    # how the block's guesses are counted: small sets by pairs of candidates
    # (_pairs), larger ones of 5-letter words by counts per guess and pattern
    # (_rows), larger ones of longer words one guess at a time (_columns)
    small = n <= SCAN_PAIRS_MAX
    countable = n_patterns <= 255 and n <= 65535  # (byte patterns, 16-bit counts at most)
    rowwise = not small and countable
    width_small = SCAN_BLOCK if small else 0
    # (bytes, and 16 bits for the pairs: n <= SCAN_PAIRS_MAX, 64 lanes a vector)
    dups = np.empty(width_small, np.uint8)
    pairs = np.empty(width_small, np.int16)
    most = np.empty(width_small, np.uint8)
    wins = np.empty(SCAN_BLOCK, np.uint8)
    eq = np.empty(width_small, np.uint8)
    acc = np.empty(width_small, np.uint8)
    # a lean block of more than SCAN_LEAN_PAIRS_MAX candidates of 5-letter
    # words marks patterns (_marks) even where a full block compares pairs
    lean_marks = n > SCAN_LEAN_PAIRS_MAX and countable
    width_large = 0 if small and not lean_marks else SCAN_BLOCK
    ldups = np.empty(width_large, np.int32)
    lmost = np.empty(width_large, np.int32)
    byte_rows = rowwise and n <= 255
    counts8 = np.zeros((n_patterns if byte_rows else 0, SCAN_ROWS), np.uint8)
    counts16 = np.zeros((n_patterns if rowwise and not byte_rows else 0, SCAN_ROWS), np.uint16)
    width_rows = SCAN_ROWS if rowwise else 0
    seen = np.empty(width_rows, np.uint8)
    squares16 = np.empty(width_rows if byte_rows else 0, np.uint16)
    squares32 = np.empty(0 if byte_rows else width_rows, np.uint32)
    big8 = np.empty(width_rows if byte_rows else 0, np.uint8)
    big16 = np.empty(0 if byte_rows else width_rows, np.uint16)
    counts = np.zeros(n_patterns if not (small or rowwise) else 0, np.int32)
    touched = np.empty(n + 1, np.int64)
    masks = np.empty(SCAN_COMPRESS_SPAN * SCAN_BLOCK // 64 + 1 if SCAN_COMPRESS else 0, np.uint64)
    node_lb = INF
    shortcut = -1
    last = r <= 1  # one guess left after this one: every bucket must be a singleton
    lean = (small or rowwise) and not last and cut < INF and keep.shape[0] == 0  # (until a block falls below cut)
    marked = lean and lean_marks  # (flags per pattern and guess for _marks, zero between calls)
    flags = np.zeros(n_patterns * SCAN_MARKS if marked else 0, np.uint8)
    flagged = np.empty(SCAN_MARKS if marked else 0, np.uint8)
    tally = np.zeros(n_patterns if lean else 0, np.int32)  # (a lean block's exact guess: _settle)
    no_block = block[:0]
    bounded = parts.shape[0] > 0
    for j0 in range(0, k, SCAN_BLOCK):
        if bounded and lean and j0 > 0 and 3 * n - min(parts[j0], n + 1) >= node_lb:
            break  # (no guess from here on bounds the node lower)
        width = min(SCAN_BLOCK, k - j0)
        first = guesses[j0]
        # (element loops over views: numba's slice assignment copies a byte at
        # a time, five times slower here; an unsigned index needs no
        # negative-index fix-up, so the gather compiles tighter too)
        picks = guesses[j0 : j0 + width]
        span = picks[width - 1] - first
        if span == width - 1 and _ascends(picks):  # a run of guesses: copy rows
            for t in range(n):
                src = by_answer[cands[t], first : first + width]
                dst = block[t]
                for jj in range(width):
                    dst[jj] = src[jj]
            ahead = j0 + width
            if ahead < k:  # the next block's rows, while this one is counted
                after = guesses[ahead]
                end = min(after + SCAN_BLOCK, by_answer.shape[1])
                for t in range(n):
                    row = by_answer[cands[t]]
                    for c in range(after, end, 64):
                        _prefetch(row, c)  # type: ignore[call-arg]  # (numba supplies typingctx)
                    _prefetch(row, end - 1)  # type: ignore[call-arg]
        elif SCAN_COMPRESS and span < SCAN_COMPRESS_SPAN * width and _ascends(picks):
            _fill_compressed(by_answer, cands, picks, block, masks)
        else:
            _fill_gathered(by_answer, cands, picks, block)
        if keep.shape[0] > 0:  # the caller keeps the patterns read
            for t in range(n):
                src = block[t]
                dst = keep[t, j0 : j0 + width]
                for jj in range(width):
                    dst[jj] = src[jj]
        block_sumsq = sumsq[j0 : j0 + width]
        stop = False
        lean_block = lean and node_lb >= cut
        if lean_block:
            if not marked:
                _repeats(block, n, width, win, dups, wins, eq)
                for jj in range(width):
                    most[np.uint64(jj)] = 255  # (unknown: _settle asks the block)
                lean_lb, lean_shortcut, stop = _settle(
                    n, j0, width, last, floor, dups, most, wins, glb, largest, node_lb, shortcut, block, tally
                )
            else:
                for s0 in range(0, width, SCAN_MARKS):
                    _marks(block, n, s0, min(SCAN_MARKS, width - s0), win, flags, flagged, ldups, wins)
                for jj in range(width):
                    lmost[np.uint64(jj)] = 255  # (as above)
                lean_lb, lean_shortcut, stop = _settle(
                    n, j0, width, last, floor, ldups, lmost, wins, glb, largest, node_lb, shortcut, block, tally
                )
            if lean_lb < cut:  # it will not fail high: this block in full, and the rest
                lean = False
                lean_block = False
                stop = False
            else:
                node_lb, shortcut = lean_lb, lean_shortcut
        if lean_block:
            pass  # (settled above)
        elif small:
            _pairs(block, n, width, win, dups, pairs, most, wins, eq, acc)
            for jj in range(width):
                u = np.uint64(jj)
                block_sumsq[u] = n + 2 * np.int64(pairs[u])
            node_lb, shortcut, stop = _settle(
                n, j0, width, last, floor, dups, most, wins, glb, largest, node_lb, shortcut, no_block, tally
            )
        else:
            if rowwise:
                for s0 in range(0, width, SCAN_ROWS):
                    w = min(SCAN_ROWS, width - s0)
                    if byte_rows:
                        _rows(block, n, s0, w, win, counts8, seen, squares16, big8, ldups, lmost, wins, block_sumsq)
                    else:
                        _rows(block, n, s0, w, win, counts16, seen, squares32, big16, ldups, lmost, wins, block_sumsq)
            else:
                _columns(block, n, width, win, counts, touched, ldups, lmost, wins, block_sumsq)
            node_lb, shortcut, stop = _settle(
                n, j0, width, last, floor, ldups, lmost, wins, glb, largest, node_lb, shortcut, no_block, tally
            )
        if stop:
            break
    return node_lb, shortcut


@njit(cache=True, inline="always", nogil=True)
def _settle(  # pragma: no cover - compiled
    n, j0, width, last, floor, dups, most, wins, glb, largest, node_lb, shortcut, block, tally
):
    """:func:`scan`'s bounds of one block of ``width`` guesses from ``j0`` on,
    from their counts (``dups``, ``most``, ``wins`` as :func:`_pairs` gives
    them): fills ``glb`` and ``largest`` there and returns ``(node_lb,
    shortcut, stop)`` updated (``stop``: an exact guess at or below
    ``floor``).  ``block``: no rows, or the block's patterns when it was
    counted lean (``most`` unknown, 255): a guess that would be taken for
    exact if its buckets hold at most two candidates is then asked that of
    its column (:func:`_at_most_two`, ``tally`` its working space), which
    is in cache, so a lean scan finds the full scan's exact guess.

    The whole block's bounds at once, then the guesses one by one only if
    the block holds a new least bound (branch-free, with unsigned indices
    into views: vector instructions; written with ``and``/``or`` and
    ``glb[j0 + jj]`` it compiled to a scalar loop with a negative-index
    fix-up per store, a third of the scan's time for 3-8 candidates)."""
    lean = block.shape[0] > 0
    least = INF
    block_glb = glb[j0 : j0 + width]
    block_largest = largest[j0 : j0 + width]
    for jj in range(width):
        u = np.uint64(jj)
        parts = n - np.int64(dups[u])
        wn = np.int64(wins[u])
        useless = ((parts == 1) & (wn == 0)) | (last & (most[u] > 0))
        lb = INF if useless else 3 * n - parts - wn
        block_glb[u] = lb
        block_largest[u] = np.int64(most[u]) + 1
        least = min(least, lb)
    if least > node_lb or least == node_lb and (shortcut >= 0 or least >= INF):
        return node_lb, shortcut, False
    for jj in range(width):
        u = np.uint64(jj)
        lb = block_glb[u]
        if lb > node_lb or lb == node_lb and shortcut >= 0:
            continue  # changes nothing
        j = j0 + jj
        exact = lb < INF and (most[u] <= 1 or lean and _at_most_two(block, n, jj, tally))  # buckets of at most two
        if lb < node_lb:
            node_lb = lb
            shortcut = j if exact else -1
        elif exact:
            shortcut = j
        if shortcut == j and lb <= floor:
            return node_lb, shortcut, True
    return node_lb, shortcut, False


@njit(cache=True, inline="always", nogil=True)
def _at_most_two(block, n, jj, tally):  # pragma: no cover - compiled
    """Whether no pattern shows in column ``jj`` of ``block`` (its first ``n``
    rows) more than twice (``tally: int32[n_patterns]``, zero on entry and
    on exit)."""
    few = True
    for t in range(n):
        c = block[t, jj]
        tally[c] += 1
        few &= tally[c] <= 2
    for t in range(n):
        tally[block[t, jj]] = 0
    return few


@njit(cache=True, nogil=True)
def _columns(block, n, width, win, counts, touched, dups, most, wins, sumsq):  # pragma: no cover - compiled
    """What :func:`_rows` gives, one guess (column of ``block``) at a time:
    for sets too large for :func:`_pairs` of words whose patterns do not fit
    in a byte (``counts: int32[n_patterns]``, zero on entry and on exit;
    ``touched``: working space of ``n + 1``)."""
    for jj in range(width):
        parts = 0
        for t in range(n):
            b = block[t, jj]
            c = counts[b]
            touched[parts] = b
            parts += c == 0  # branch-free: keep b only if it is new
            counts[b] = c + 1
        wins[jj] = np.uint8(counts[win] > 0)
        sq = 0
        big = 0
        for i in range(parts):
            b = touched[i]
            m = counts[b]
            counts[b] = 0
            sq += m * m
            big = max(big, m)
        dups[jj] = n - parts
        most[jj] = big - 1
        sumsq[jj] = sq


#: the searches' order keys (``_core``, "Guesses are tried in ...";
#: ``_feasible``): ``split_order(...) << ORDER_SHIFT | position``, positions
#: being indices into a node's guesses, at most ``_memo.MAX_GUESS_INDEX``
#: (``2 ** 21 - 1``), so that keys are distinct and their integer order is the
#: stable order by key
ORDER_SHIFT = 21
ORDER_MASK = (1 << ORDER_SHIFT) - 1
#: how many of a node's least keys are picked before any sort
ORDER_HEAD = 8


@njit(cache=True, nogil=True)
def least_keys(keys, m):  # pragma: no cover - compiled
    """The ``min(m, len(keys))`` least of ``keys`` (distinct), ascending, in one
    pass (insertion into a short sorted buffer)."""
    m = min(m, keys.shape[0])
    out = np.empty(m, np.int64)
    filled = 0
    for i in range(keys.shape[0]):
        v = keys[i]
        if filled == m and v >= out[m - 1]:
            continue
        q = filled if filled < m else m - 1
        while q > 0 and out[q - 1] > v:
            out[q] = out[q - 1]
            q -= 1
        out[q] = v
        if filled < m:
            filled += 1
    return out


@njit(cache=True, nogil=True)
def rest_keys(keys, above, glb, best):  # pragma: no cover - compiled
    """The keys greater than ``above`` whose guess has ``glb < best``, sorted,
    and the least ``glb`` of those left out (``INF`` if none)."""
    out = np.empty(keys.shape[0], np.int64)
    q = 0
    skipped = INF
    for i in range(keys.shape[0]):
        v = keys[i]
        if v > above:
            g = glb[v & ORDER_MASK]
            if g < best:
                out[q] = v
                q += 1
            elif g < skipped:
                skipped = g
    return np.sort(out[:q]), skipped


@njit(cache=True, inline="always", nogil=True)
def split_order(sumsq, glb, n):  # pragma: no cover - compiled
    """The key of a guess in the searches' order, ascending (best first):
    ``2 * sumsq + n * guess_lb`` from :func:`scan` over ``n`` candidates (the
    sum of squares says how well a guess splits, the bound how little it can
    cost; see ``_core``, "Guesses are tried in ...")."""
    return 2 * sumsq + n * glb


@njit(cache=True, nogil=True)
def parts_bound(glb, n):  # pragma: no cover - compiled
    """The most parts any guess makes of a node's ``n`` candidates, at most:
    ``3n - guess_lb`` over the guesses :func:`scan` bounded (``glb``, with
    ``r >= 2``).  No guess legal below the node (in hard and ultra mode a
    subset of these) makes more parts of a subset, so with two guesses left a bucket
    larger than this has no tree (see ``_core``, "Two guesses left")."""
    most = 0
    for j in range(glb.shape[0]):
        if glb[j] < INF:
            most = max(most, 3 * n - glb[j])
    return most


@njit(cache=True, nogil=True)
def too_big(glb, largest, most, doomed):  # pragma: no cover - compiled
    """Mark in ``doomed`` the guesses :func:`scan` bounded (``glb < INF``, not
    marked yet) whose largest bucket (``largest``) exceeds ``most``, the most
    parts a guess legal below makes of it (:func:`parts_bound`), and return the
    least ``glb`` of the others (``INF`` if none) and how many it marked.  With
    two guesses left after them such a bucket has no tree: they cost ``INF``."""
    least = INF
    marked = 0
    for j in range(glb.shape[0]):
        if glb[j] >= INF or doomed[j]:
            continue
        if largest[j] > most:
            doomed[j] = True
            marked += 1
        elif glb[j] < least:
            least = glb[j]
    return least, marked


@njit(cache=True, nogil=True)
def separating(by_answer, guesses, cands):  # pragma: no cover - compiled
    """The first ``j`` such that ``guesses[j]`` shows every candidate its own
    pattern, or -1: what :func:`scan` finds with ``r <= 1`` (one guess left
    after this one), found without counting.  A guess is dropped at the first
    two candidates it shows one pattern, and a block of guesses ends once every
    guess in it is dropped: the candidates' rows are gathered one at a time,
    as far as the block still needs.  Same layout as :func:`scan`."""
    n = cands.shape[0]
    k = guesses.shape[0]
    block = np.empty((n, SCAN_BLOCK), by_answer.dtype)
    alive = np.empty(SCAN_BLOCK, np.uint8)
    for j0 in range(0, k, SCAN_BLOCK):
        width = min(SCAN_BLOCK, k - j0)
        first = guesses[j0]
        picks = guesses[j0 : j0 + width]
        run = picks[width - 1] - first == width - 1 and _ascends(picks)
        for jj in range(width):
            alive[jj] = 1
        left = 1
        for t in range(n):
            dst = block[t]
            if run:
                src = by_answer[cands[t], first : first + width]
                for jj in range(width):
                    dst[jj] = src[jj]
            else:
                src = by_answer[cands[t]]
                for jj in range(width):
                    dst[jj] = src[np.uint64(picks[jj])]
            if t == 0:
                continue
            u = 0
            while u + 4 <= t:  # four earlier rows a pass (one load and store of ``alive``)
                b0 = block[u]
                b1 = block[u + 1]
                b2 = block[u + 2]
                b3 = block[u + 3]
                for jj in range(width):
                    x = dst[jj]
                    alive[jj] &= np.uint8((x != b0[jj]) & (x != b1[jj]) & (x != b2[jj]) & (x != b3[jj]))
                u += 4
            while u < t:
                bu = block[u]
                for jj in range(width):
                    alive[jj] &= np.uint8(dst[jj] != bu[jj])
                u += 1
            left = 0
            for jj in range(width):
                left |= alive[jj]
            if left == 0:
                break
        if left:
            for jj in range(width):
                if alive[jj]:
                    return j0 + jj
    return -1


#: guesses counted at once by :func:`_rows` (their counts, ``243 x 64``
#: bytes or 16-bit words, stay in the first-level cache)
SCAN_ROWS = 64


@njit(cache=True, nogil=True)
def _rows(block, n, s0, width, win, counts, p, q, big, dups, most, wins, sumsq):  # pragma: no cover - compiled
    """What :func:`_pairs` gives (``dups``, ``most``, ``wins``; the first two 32 bits),
    and ``sumsq`` the sum of squared bucket sizes, for the ``width`` guesses
    of ``block``'s columns from ``s0`` on (each array indexed as ``block``'s
    columns), by counting each guess's patterns.

    The candidates are added row by row, each to ``width`` counters at once
    (``counts: uint8[n_patterns, >= width]`` for ``n <= 255``, else
    ``uint16``; zero on entry and on exit): the increments of different
    guesses do not wait on each other, as one guess's do when counted alone.
    The counts are then read pattern by pattern, each pattern's row across the
    guesses in vector instructions: ``p`` (bytes) the patterns seen, ``q``
    the sums of squares (16 bits for byte counts, ``n^2 <= 65025``, else 32)
    and ``big`` the largest count, per guess (working space of ``width``)."""
    for t in range(n):
        bt = block[t, s0 : s0 + width]
        for jj in range(width):
            counts[bt[jj], jj] += 1
    wrow = counts[win]
    for jj in range(width):
        u = np.uint64(jj)
        wins[np.uint64(s0 + jj)] = np.uint8(wrow[u] != 0)
        p[u] = 0
        q[u] = 0
        big[u] = 0
    for b in range(counts.shape[0]):  # (read, then zeroed for the next call)
        row = counts[b]
        for jj in range(width):
            u = np.uint64(jj)
            x = row[u]
            p[u] += np.uint8(x != 0)
            v = q.dtype.type(x)
            q[u] += v * v
            big[u] = max(big[u], x)
            row[u] = 0
    for jj in range(width):
        u = np.uint64(jj)
        o = np.uint64(s0 + jj)
        dups[o] = n - np.int64(p[u])
        most[o] = np.int64(big[u]) - 1
        sumsq[o] = np.int64(q[u])


#: guesses flagged at once by :func:`_marks` (``243 x 128`` bytes of flags,
#: about the first-level cache)
SCAN_MARKS = 128


@njit(cache=True, nogil=True)
def _marks(block, n, s0, width, win, seen, p, dups, wins):  # pragma: no cover - compiled
    """:func:`_rows`'s ``dups`` and ``wins`` alone, for a node that will fail
    high on its bound (:func:`scan`'s ``cut``), as :func:`_repeats` gives
    them for fewer candidates: each candidate's pattern is flagged for each of
    the ``width`` guesses from ``s0`` on (``seen: uint8[n_patterns *
    SCAN_MARKS]``, row ``b`` the flags of pattern ``b``, zero on entry and on
    exit), a store with no load, where :func:`_rows` adds to a count that it
    must read first; the flags are then added up pattern by pattern across
    the guesses in vector instructions (``p``: working space of ``width``
    bytes, the patterns seen)."""
    stride = np.uint64(SCAN_MARKS)
    first = np.uint64(s0)
    for t in range(n):
        bt = block[t]
        for jj in range(width):
            u = np.uint64(jj)
            seen[np.uint64(bt[first + u]) * stride + u] = 1
    for jj in range(width):
        u = np.uint64(jj)
        wins[first + u] = seen[np.uint64(win) * stride + u]
        p[u] = 0
    for b in range(seen.shape[0] // SCAN_MARKS):  # (read, then zeroed for the next call)
        row = np.uint64(b) * stride
        for jj in range(width):
            u = np.uint64(jj)
            p[u] += seen[row + u]
            seen[row + u] = 0
    for jj in range(width):
        u = np.uint64(jj)
        dups[first + u] = n - np.int64(p[u])


#: sets of at most this many candidates are scanned by comparing pairs (see
#: :func:`_pairs`, ``n (n - 1) / 2`` comparisons a guess), larger ones by
#: counting per guess and pattern (:func:`_rows`, about ``n`` increments a
#: guess and a pass over the counts; ``bench/bench_scan.py``, 2026-11-29, ns a
#: cell, pairs against counts: 0.64 against 0.94 at 83 candidates, 1.14 against
#: 0.86 at 122, 1.78 against 0.81 at 170, 1.86 against 0.74 at 224; before
#: these counts, one guess at a time as :func:`_columns` still does for longer
#: words, 1.7-1.8 ns from 145 candidates up).  At most 255: the pairs' counts
#: are bytes (and the pairs, 16 bits, at most ``255 * 254 / 2``).
SCAN_PAIRS_MAX = 100
#: ... but a lean scan (:func:`scan`'s ``cut``) marks patterns (:func:`_marks`)
#: above this many candidates, not only above ``SCAN_PAIRS_MAX``: its repeats
#: (:func:`_repeats`) cost more a cell than the marks from about 80 on
#: (``bench/bench_scan.py --lean``, a Zen 4, 2026-12-07, ns a cell, repeats
#: against marks: 0.435 against 0.483 at 67-74 candidates, 0.480 both at
#: 75-82, 0.525 against 0.460 at 83-91, 0.577 against 0.448 at 92-100)
SCAN_LEAN_PAIRS_MAX = 80


@njit(cache=True, nogil=True)
def _pairs(block, n, width, win, dups, pairs, most, wins, eq, acc):  # pragma: no cover - compiled
    """For each of ``width`` guesses (a column of ``block: uint8[n, >= width]``,
    the pattern each candidate shows): ``dups`` the candidates whose pattern
    an earlier candidate shows too (``parts = n - dups``), ``pairs`` the
    pairs of candidates with equal patterns (``sumsq = n + 2 pairs``),
    ``most`` the most earlier candidates equal to one (the largest bucket is
    ``most + 1``), ``wins`` > 0 if a candidate shows the all-green pattern.

    ``n (n - 1) / 2`` comparisons per guess, each inner loop running over the
    guesses so that it compiles to vector instructions: for a few candidates
    cheaper than counting per pattern, whose increments depend on each other
    through memory.  Four earlier candidates are compared per pass over the
    counts (one load and one store of ``eq`` per four comparisons, not per
    one; the first pass sets them), the all-green test compares bytes (an
    ``int64`` pattern widened every lane to 64 bits), and up to 23 candidates
    the pairs add up in bytes (``acc``), so every loop runs at full vector
    width (``bench/bench_scan.py``; figures in docs/benchmarks.md).  ``eq``
    and ``acc``: working space of ``width`` bytes."""
    win8 = block.dtype.type(win)  # (the all-green pattern in the block's own width: 728 for six letters)
    few = n <= 23  # n (n - 1) / 2 <= 253: the pairs of a guess fit in a byte
    for jj in range(width):
        dups[jj] = 0
        pairs[jj] = 0
        most[jj] = 0
        wins[jj] = 0
        acc[jj] = 0
    for t in range(n):
        bt = block[t]
        u = 0
        if t >= 4:  # the first four comparisons set the counts
            b0 = block[0]
            b1 = block[1]
            b2 = block[2]
            b3 = block[3]
            for jj in range(width):
                x = bt[jj]
                eq[jj] = np.uint8(
                    np.uint8(x == b0[jj]) + np.uint8(x == b1[jj]) + np.uint8(x == b2[jj]) + np.uint8(x == b3[jj])
                )
            u = 4
        else:
            for jj in range(width):
                eq[jj] = 0
        while u + 4 <= t:
            b0 = block[u]
            b1 = block[u + 1]
            b2 = block[u + 2]
            b3 = block[u + 3]
            for jj in range(width):
                x = bt[jj]
                eq[jj] += np.uint8(
                    np.uint8(x == b0[jj]) + np.uint8(x == b1[jj]) + np.uint8(x == b2[jj]) + np.uint8(x == b3[jj])
                )
            u += 4
        while u < t:
            bu = block[u]
            for jj in range(width):
                eq[jj] += np.uint8(bt[jj] == bu[jj])
            u += 1
        if few:
            for jj in range(width):
                e = eq[jj]
                dups[jj] += np.uint8(e > 0)
                acc[jj] += e
                most[jj] = max(most[jj], e)
                wins[jj] |= np.uint8(bt[jj] == win8)
        else:
            for jj in range(width):
                e = eq[jj]
                dups[jj] += np.uint8(e > 0)
                pairs[jj] += e
                most[jj] = max(most[jj], e)
                wins[jj] |= np.uint8(bt[jj] == win8)
    if few:
        for jj in range(width):
            pairs[jj] = acc[jj]


@njit(cache=True, nogil=True)
def _repeats(block, n, width, win, dups, wins, eq):  # pragma: no cover - compiled
    """:func:`_pairs`'s ``dups`` and ``wins`` alone, for a node that will fail
    high on its bound (:func:`scan`'s ``cut``): each candidate is flagged if any
    earlier one shows its pattern (flags or-ed, not counted), which costs
    about a fifth less a cell than counting the pairs and the largest bucket
    too (``bench/bench_scan.py --lean``)."""
    win8 = block.dtype.type(win)
    for jj in range(width):
        dups[jj] = 0
        wins[jj] = 0
    for t in range(n):
        bt = block[t]
        u = 0
        if t >= 4:  # the first four comparisons set the flags
            b0 = block[0]
            b1 = block[1]
            b2 = block[2]
            b3 = block[3]
            for jj in range(width):
                x = bt[jj]
                eq[jj] = np.uint8(x == b0[jj]) | np.uint8(x == b1[jj]) | np.uint8(x == b2[jj]) | np.uint8(x == b3[jj])
            u = 4
        else:
            for jj in range(width):
                eq[jj] = 0
        while u + 4 <= t:
            b0 = block[u]
            b1 = block[u + 1]
            b2 = block[u + 2]
            b3 = block[u + 3]
            for jj in range(width):
                x = bt[jj]
                eq[jj] |= np.uint8(x == b0[jj]) | np.uint8(x == b1[jj]) | np.uint8(x == b2[jj]) | np.uint8(x == b3[jj])
            u += 4
        while u < t:
            bu = block[u]
            for jj in range(width):
                eq[jj] |= np.uint8(bt[jj] == bu[jj])
            u += 1
        for jj in range(width):
            dups[jj] += eq[jj]
            wins[jj] |= np.uint8(bt[jj] == win8)


@njit(cache=True, nogil=True)
def max_parts(table, n_patterns):  # pragma: no cover - compiled
    """``P``: the most buckets any guess (row of ``table: uint8[G, A]``) makes
    of all the answers; a subset of the answers never has more.  Serial on
    purpose: callers may fork worker processes afterwards."""
    seen = np.zeros(n_patterns, np.int64)
    best = 1
    for g in range(table.shape[0]):
        row = table[g]
        parts = 0
        for a in range(table.shape[1]):
            b = row[a]
            if seen[b] != g + 1:
                seen[b] = g + 1
                parts += 1
        best = max(best, parts)
    return best


@njit(cache=True, nogil=True)
def _largest_group(cands, ans_groups, group_pos, ans_codes, n_groups):  # pragma: no cover - compiled
    """``(size, live)`` of the largest endgame group among ``cands`` (see
    :func:`endgame_trap`): how many candidates it holds, and the set of their
    varying letters (one each).  ``(0, 0)`` if none."""
    n = cands.shape[0]
    length = ans_groups.shape[1]
    counts = np.zeros(n_groups, np.int64)
    mx = 0
    big = -1
    for t in range(n):
        a = cands[t]
        for p in range(length):
            e = ans_groups[a, p]
            if e >= 0:
                counts[e] += 1
                if counts[e] > mx:
                    mx = counts[e]
                    big = e
    live = np.uint64(0)
    if big < 0:
        return 0, live
    p = group_pos[big]
    for t in range(n):
        a = cands[t]
        if ans_groups[a, p] == big:
            live |= np.uint64(1) << np.uint64(ans_codes[a, p])
    return mx, live


@njit(cache=True, nogil=True)
def _removable(hist, left):  # pragma: no cover - compiled
    """The most live letters ``left`` guesses can hold, ``hist[c]`` guesses
    holding ``c`` each: each removes at most that many words of the group."""
    removable = 0
    for c in range(hist.shape[0] - 1, 0, -1):
        if left == 0:
            break
        take = min(left, hist[c])
        removable += take * c
        left -= take
    return removable


@njit(cache=True, nogil=True)
def trapped_guesses(d, guesses, glb, letter_mask, mx, live, hist, counted, doomed):  # pragma: no cover - compiled
    """Mark in ``doomed`` the guesses (positions in ``guesses``) whose bucket of the
    node's largest endgame group is an endgame trap with the ``d - 1`` guesses left
    after them (:func:`endgame_trap`'s argument one level down), and return the
    least ``glb`` of the others (``INF`` if none; 0 when none is marked: then
    ``doomed`` is all false and the least is the scan's own).  For hard and ultra
    mode, where ``guesses`` is the node's legal set and every child's is a subset
    of it.

    Why: a guess ``t`` with ``c(t)`` live letters of the group ``E`` (``|E|``
    words among the candidates, varying at one position) shows at least
    ``|E| - c(t)`` of them one pattern, so its child holds them, with a group of
    at least that size, live letters among ``E``'s and legal guesses among these
    (``c`` can only fall).  With ``d - 2`` guesses before the child's last, the
    ``d - 2`` guesses of largest ``c`` remove at most ``removable`` of them, so
    the child is trapped when ``|E| - c(t) - 1 > removable``, that is when
    ``c(t) < need = |E| - 1 - removable``.  Such a guess costs ``INF``, whatever
    its other buckets; it is not tried (nor split) here.  It is still passed
    down: below, with fewer candidates, it may be the guess to play.

    ``mx`` and ``live`` are what :func:`endgame_trap` returned for the node
    (its largest group's size and live letters), ``guesses`` the ``legal`` it
    was given; ``counted``: ``hist`` is its count of them by live letters.
    Otherwise ``hist`` is all zero; it is counted here."""
    k = guesses.shape[0]
    if mx == 0 or d < 3:  # (with one guess left below, the scan's bound is INF already)
        return 0
    left = d - 2
    if not counted:
        # Where ``left`` guesses of ``length`` live letters each could remove
        # ``mx - 1`` words, the count stops as soon as the guesses counted do
        # (checked every 64): then no guess is marked.
        may_reach = mx - 1 <= left * min(hist.shape[0] - 1, mx)
        for j in range(k):
            hist[_popcount(letter_mask[guesses[j]] & live)] += 1
            if may_reach and j % 64 == 63 and _removable(hist, left) >= mx - 1:
                return 0
    need = mx - 1 - _removable(hist, left)
    if need <= 0:
        return 0
    least = INF
    for j in range(k):
        if _popcount(letter_mask[guesses[j]] & live) < need:
            doomed[j] = True
        elif glb[j] < least:
            least = glb[j]
    return least


@njit(cache=True, nogil=True)
def endgame_trap(cands, d, legal, ans_groups, group_pos, ans_codes, letter_mask):  # pragma: no cover - compiled
    """True when ``f(S, d)`` is ``INF`` because of an *endgame*: candidates that
    differ in one position only (``_ATCH``: batch, catch, hatch, latch, match...).

    ``ans_groups: int64[A, L]`` is the group of answer ``a`` for position ``p``
    (answers equal outside ``p``; -1 if its group is too small), ``group_pos``
    the position of each group, ``ans_codes: uint8[A, L]`` the answers'
    letters, ``letter_mask: uint64[G]`` the set of letters of each guess.

    Why: take the largest group ``E`` among the candidates, live set ``L``.  A
    guess ``t`` gives every word of ``L`` whose varying letter is not in ``t``
    the same pattern (that letter is grey and changes no other tile), so the
    answer can always stay among them: after ``d - 1`` guesses at least
    ``|L| - sum c(t_i)`` words of ``L`` are left, never told apart, where
    ``c(t)`` is the number of live letters in ``t``.  If even the ``d - 1``
    legal guesses with the largest ``c`` leave two, the last guess cannot
    find both.

    Returns ``(trapped, mx, live, hist)``: the group's size and live set
    are kept for :func:`trapped_guesses` at the same node, and so are the
    guesses of ``legal`` by number of live letters, ``hist`` (``int64[L +
    1]``), when they were counted (past the first exit; else ``hist`` is
    empty, and nothing was allocated).
    """
    n_groups = group_pos.shape[0]
    hist = np.zeros(0, np.int64)
    if n_groups == 0 or d < 1:
        return False, 0, np.uint64(0), hist
    mx, live = _largest_group(cands, ans_groups, group_pos, ans_codes, n_groups)
    if mx - 1 <= d - 1:  # each guess can remove one: never a trap
        return False, mx, live, hist
    hist = np.zeros(ans_groups.shape[1] + 1, np.int64)
    for j in range(legal.shape[0]):
        hist[_popcount(letter_mask[legal[j]] & live)] += 1
    return mx - 1 > _removable(hist, d - 1), mx, live, hist


def endgame_groups(answers: list[str], min_size: int = 3) -> tuple[np.ndarray, np.ndarray]:
    """``(ans_groups int64[A, L], group_pos int64[E])`` for :func:`endgame_trap`:
    the groups of at least ``min_size`` answers equal except at one position."""
    length = len(answers[0]) if answers else 0
    keys: dict[tuple[int, str], list[int]] = {}
    for a, w in enumerate(answers):
        for p in range(length):
            keys.setdefault((p, w[:p] + "." + w[p + 1 :]), []).append(a)
    ans_groups = np.full((len(answers), max(length, 1)), -1, np.int64)
    pos: list[int] = []
    for (p, _), members in keys.items():
        if len(members) >= min_size:
            ans_groups[members, p] = len(pos)
            pos.append(p)
    return ans_groups, np.asarray(pos, np.int64)


@njit(cache=True, nogil=True)
def narrow(by_answer, guesses, glb, cands, distinct):  # pragma: no cover - compiled
    """The guesses worth trying below a node, as positions in ``guesses``
    (sorted): those whose ``glb`` from :func:`scan` over ``cands`` is finite,
    and with ``distinct`` only the first (lowest index) of those showing every
    candidate the same pattern.  Ascending.

    Why the search below the node loses nothing (for ``r >= 2`` guesses left
    after it, so that an infinite ``glb`` means a single bucket without a
    win): a guess showing all of ``cands`` one pattern, none of them its
    own, shows one pattern to every subset too, and wastes a guess there
    (never optimal; in hard mode its hint only narrows the guesses left).
    Two guesses showing each candidate the same pattern split every subset
    the same way, so their subtrees cost the same: in normal mode keeping the
    lower index keeps the optimum, and the guess the search picks (equal
    order keys, ties to the lower index).  Not in hard mode, where the two
    may leave different guesses legal.  Equal patterns are found by a hash of
    each guess's column and then compared cell by cell, so a hash collision
    only costs time."""
    n = cands.shape[0]
    live = np.flatnonzero(glb < INF)
    m = live.shape[0]
    keep = np.ones(m, np.bool_)
    if distinct and m > 1:
        h = np.full(m, _COLUMN_SEED, np.uint64)
        for t in range(n):
            row = by_answer[cands[t]]
            for i in range(m):
                h[i] = (h[i] ^ np.uint64(row[guesses[live[i]]])) * _COLUMN_PRIME
        order = np.argsort(h, kind="mergesort")  # stable: a run of equal hashes stays in index order
        i = 0
        while i < m:
            e = i + 1
            while e < m and h[order[e]] == h[order[i]]:
                e += 1
            for a in range(i + 1, e):
                ga = guesses[live[order[a]]]
                for b in range(i, a):
                    if not keep[order[b]]:
                        continue
                    gb = guesses[live[order[b]]]
                    same = True
                    for t in range(n):
                        row = by_answer[cands[t]]
                        if row[ga] != row[gb]:
                            same = False
                            break
                    if same:
                        keep[order[a]] = False
                        break
            i = e
    out = np.empty(m, np.int64)
    q = 0
    for i in range(m):
        if keep[i]:
            out[q] = live[i]
            q += 1
    return out[:q]


@njit(cache=True, nogil=True)
def _refines(table, rows, ch, cg, label, stamp, mark):  # pragma: no cover - compiled
    """Whether guess column ``ch`` splits ``rows`` at least as finely as ``cg``
    (every two candidates ``cg`` tells apart, ``ch`` does too); ``label`` and
    ``stamp`` are scratch of ``n_patterns`` cells, ``mark`` a value not yet
    in ``stamp``."""
    for t in range(rows.shape[0]):
        row = table[rows[t]]
        p = row[np.uint64(ch)]
        q = row[np.uint64(cg)]
        if stamp[p] != mark:
            stamp[p] = mark
            label[p] = q
        elif label[p] != q:
            return False
    return True


#: the most dominators :func:`drop_dominated` checks for one guess
DOMINANCE_TRIES = 32

#: lists whose dominance index would hold more keys than this get none
#: (``2**L`` keys a guess: 475 thousand for the NYT list)
DOMINANCE_MAX_KEYS = 1 << 21


@njit(cache=True, inline="always", nogil=True)
def _wildcard_key(codes, g, mask, alpha):  # pragma: no cover - compiled
    """Guess ``g``'s letters as one number in base ``alpha + 1``, with the
    positions in ``mask`` the wildcard ``alpha``."""
    key = np.int64(0)
    for p in range(codes.shape[1] - 1, -1, -1):
        c = alpha if (mask >> p) & 1 else np.int64(codes[g, p])
        key = key * (alpha + 1) + c
    return key


@njit(cache=True)
def dominance_index(codes):  # pragma: no cover - compiled
    """For every set ``M`` of positions (a bit mask), the guesses sorted by
    their letters outside ``M``: ``(keys, ids)``, each ``int64[2**L, G]``,
    ``keys[M, i]`` the key of guess ``ids[M, i]`` with the positions of ``M``
    made a wildcard.  Built once per list (a few MB for five letters); no
    rows past ``DOMINANCE_MAX_KEYS`` keys or for keys that would not fit 62
    bits (then :func:`drop_dominated` drops nothing)."""
    g_count, length = codes.shape
    alpha = np.int64(codes.max()) + 1
    base = alpha + 1
    if length >= 30 or (1 << length) * g_count > DOMINANCE_MAX_KEYS or float(base) ** length >= 2.0**62:
        return np.empty((0, g_count), np.int64), np.empty((0, g_count), np.int64)
    masks = 1 << length
    keys = np.empty((masks, g_count), np.int64)
    ids = np.empty((masks, g_count), np.int64)
    for mask in range(masks):
        row = np.empty(g_count, np.int64)
        for i in range(g_count):
            row[i] = _wildcard_key(codes, i, mask, alpha)
        order = np.argsort(row, kind="mergesort")
        keys[mask] = row[order]
        ids[mask] = order
    return keys, ids


@njit(cache=True, nogil=True)
def drop_dominated(table, cols, rows, kept, guess_ids, ans_ids, s):  # pragma: no cover - compiled
    """``kept`` (positions into ``cols``/``guess_ids``, ascending) less the
    guesses *dominated* at the node: ``g`` is dropped when another kept guess
    ``h`` with more live positions (below) splits the node's candidates at
    least as finely (every two that ``g`` tells apart, ``h`` tells apart too)
    and ``g`` is not a candidate.  Normal mode only.

    Why nothing is lost below the node: a finer split of the candidates is
    finer on every subset, and each bucket of ``h`` lies inside a bucket of
    ``g``; the cost of a set is at least the sum of the costs of any of its
    disjoint parts (a tree for the set plays each part as it plays the set)
    and never less than that of a subset, so guessing ``h`` costs at most
    what ``g`` does anywhere in the subtree, and ``g`` (not a candidate) can
    win nowhere there; nor does a scan below ever get a lower bound from
    ``g`` than from ``h`` (at most as many parts, no win).  Refinement is
    transitive and each step adds live positions, so following dominators
    from a dropped guess ends at a kept one that splits at least as finely.

    Which pairs are tested: a position of a guess is *dead* at the node when
    its letter alone shows every candidate the same colour there (absent from
    all, or present in all and green in none or all).  ``h`` is tried as a
    dominator of ``g`` when it has ``g``'s letters on ``g``'s live positions
    and a live letter on one of ``g``'s dead ones (found in
    :func:`dominance_index`); each pair is then checked cell by cell
    (:func:`_refines`), so the rule is exact whatever letters repeat.
    Refinements between guesses not related that way are not looked for.

    ``table[rows[t], cols[i]]`` is the pattern of guess ``guess_ids[i]``
    against answer ``ans_ids[t]``; ``s`` the search's constants (its letter
    ``codes``, ``ans2allowed``, ``n_patterns``, and its ``dom_keys`` and
    ``dom_ids``: with no rows, nothing is dropped)."""
    dom_keys = s.dom_keys
    dom_ids = s.dom_ids
    ans2allowed = s.ans2allowed
    codes = s.codes
    win = s.n_patterns - 1
    n = rows.shape[0]
    m = kept.shape[0]
    length = codes.shape[1]
    if dom_keys.shape[0] == 0 or m < 2:
        return kept
    alpha = np.int64(codes.max()) + 1
    green = np.zeros((length, alpha), np.int64)
    present = np.zeros(alpha, np.int64)
    seen = np.full(alpha, -1, np.int64)
    for t in range(n):
        a = ans2allowed[ans_ids[t]]
        for p in range(length):
            c = codes[a, p]
            green[p, c] += 1
            if seen[c] != t:
                seen[c] = t
                present[c] += 1
    dead = np.zeros((length, alpha), np.bool_)
    for p in range(length):
        for c in range(alpha):
            gc = green[p, c]
            dead[p, c] = gc == n or gc == 0 and (present[c] == 0 or present[c] == n)
    # where each guess sits in ``kept`` (-1: not kept)
    where = np.full(codes.shape[0], -1, np.int64)
    for i in range(m):
        where[guess_ids[kept[i]]] = i
    is_cand = np.zeros(m, np.bool_)
    for t in range(n):
        i = where[ans2allowed[ans_ids[t]]]
        if i >= 0:
            is_cand[i] = True
    dead_mask = np.empty(m, np.int64)
    for i in range(m):
        g = guess_ids[kept[i]]
        bits = 0
        for p in range(length):
            if dead[p, codes[g, p]]:
                bits |= 1 << p
        dead_mask[i] = bits
    label = np.zeros(win + 1, np.int64)
    stamp = np.zeros(win + 1, np.int64)
    mark = 0
    drop = np.zeros(m, np.bool_)
    for i in range(m):
        mask = dead_mask[i]
        if is_cand[i] or mask == 0:
            continue
        key = _wildcard_key(codes, guess_ids[kept[i]], mask, alpha)
        row = dom_keys[mask]
        lo = np.searchsorted(row, key)
        hi = np.searchsorted(row, key, side="right")
        tries = 0
        for e in range(lo, hi):
            hg = dom_ids[mask, e]
            h = where[hg]
            if h < 0 or h == i or (dead_mask[h] & mask) == mask:
                continue
            mark += 1
            if _refines(table, rows, cols[kept[h]], cols[kept[i]], label, stamp, mark):
                drop[i] = True
                break
            tries += 1
            if tries == DOMINANCE_TRIES:  # (bounds the work on a guess with few live letters)
                break
    out = np.empty(m, np.int64)
    q = 0
    for i in range(m):
        if not drop[i]:
            out[q] = kept[i]
            q += 1
    return out[:q]


@njit(cache=True, nogil=True)
def drop_alike(kept, guess_ids, cands, codes, ans2allowed):  # pragma: no cover - compiled
    """``kept`` (positions into ``guess_ids``, ascending) less the guesses
    *alike* at a hard-mode node with candidates ``cands``, keeping the first
    (lowest index) of each kind: two guesses are alike when they differ only
    in places where both hold a letter no candidate has.

    Why the search below the node loses nothing: such a letter is grey for
    every candidate and takes no copy from another tile, so the two show
    every candidate (of the node or any set below it) the same pattern; the
    hint leaves the same rule (greens and least counts come from the tiles
    shown green or yellow, which the two share); and one is legal wherever
    the other is (a green the rule demands, or a copy of a letter it counts,
    is a letter some candidate has, which the two hold in the same places).
    So their subtrees are the same everywhere under the node, and keeping
    the lower index keeps the optimum and the guess the search picks (equal
    order keys, ties to the lower index).  Normal mode keeps one guess per
    split instead (:func:`narrow`), which hard mode cannot: there guesses
    splitting alike may leave different guesses legal.

    Read from the letters alone (``codes``; ``ans2allowed`` maps a candidate
    to its row), with a hash of each guess's letters (the absent ones a
    wildcard) in an open-addressing table, then compared letter by letter:
    about ``L`` steps a guess, no cell of the pattern table."""
    n = cands.shape[0]
    m = kept.shape[0]
    length = codes.shape[1]
    if m < 2:
        return kept
    present = np.zeros(256, np.bool_)
    for t in range(n):
        a = ans2allowed[cands[t]]
        for p in range(length):
            present[codes[a, p]] = True
    h = np.empty(m, np.uint64)
    absent = np.zeros(m, np.int64)  # bit p: the guess's letter in place p is no candidate's
    for i in range(m):
        g = guess_ids[kept[i]]
        x = _COLUMN_SEED
        bits = 0
        for p in range(length):
            c = codes[g, p]
            if present[c]:
                x = (x ^ np.uint64(np.int64(c) + 1)) * _COLUMN_PRIME
            else:
                bits |= 1 << p
                x = x * _COLUMN_PRIME
        absent[i] = bits
        h[i] = x ^ (x >> np.uint64(29))
    size = 1
    while size < 2 * m:
        size *= 2
    slots = np.full(size, -1, np.int64)
    out = np.empty(m, np.int64)
    q = 0
    for i in range(m):
        at = np.int64(h[i] & np.uint64(size - 1))
        alike = False
        while slots[at] >= 0:
            e = slots[at]
            if h[e] == h[i] and absent[e] == absent[i]:
                ge = guess_ids[kept[e]]
                gi = guess_ids[kept[i]]
                alike = True
                for p in range(length):
                    if not (absent[i] >> p) & 1 and codes[ge, p] != codes[gi, p]:
                        alike = False
                        break
                if alike:
                    break
            at = (at + 1) & (size - 1)
        if not alike:
            slots[at] = i
            out[q] = kept[i]
            q += 1
    return out[:q]


@njit(cache=True, nogil=True)
def compact(by_answer, rows, cols):  # pragma: no cover - compiled
    """``by_answer[rows][:, cols]`` as a new C-contiguous table of the same
    dtype (``uint8``, or ``uint16`` for words of six letters or more): the
    patterns of a node's candidates against the guesses passed below it, so
    that the scans under the node copy whole rows instead of gathering
    ``|S| x guesses`` scattered bytes (see ``_core``, "Guesses passed down")."""
    out = np.empty((rows.shape[0], cols.shape[0]), by_answer.dtype)
    _fill_gathered(by_answer, rows, cols, out)
    return out


@njit(cache=True, nogil=True)
def answer_rows(cands, n_answers):  # pragma: no cover - compiled
    """Each candidate's row in a table of ``cands``' patterns (as ``compact``
    makes, or a scan keeps): ``rows[cands[t]] == t``, read through ``local_row``
    below the node that made the table (other entries are not set)."""
    rows = np.empty(n_answers, np.int64)
    for t in range(cands.shape[0]):
        rows[cands[t]] = t
    return rows


_COLUMN_SEED = np.uint64(14695981039346656037)
_COLUMN_PRIME = np.uint64(1099511628211)
