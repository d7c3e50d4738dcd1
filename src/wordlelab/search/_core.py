# mypy: disable-error-code="no-untyped-def"
# (numba kernels are typed by their docstrings, as in wordlelab.kernels)
"""The compiled depth-first search for minimum-total-guesses decision trees.

Arrays in, integers out; no strings, no I/O.  :mod:`wordlelab.search.solver`
is the Python face of this module; the memo lives in
:mod:`wordlelab.search._memo`, the bounds and exact small cases in
:mod:`wordlelab.search._bounds`.  The kernels release the GIL.

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
``bucket_lb(m, r)`` (see ``_bounds``): 1 for one candidate, 3 for two,
``INF`` for more with one guess left, else ``max(2m - 1, 3m - 1 - P)``
(``P``: the most buckets any guess makes), ``INF`` when ``r == 2`` and
``m > P``.  ``guess_lb(g) = |S| + sum_{B != win} (2|B| - 1)`` (singletons
needed when one guess is left) bounds the cost of playing ``g``;
``node_lb = min_g guess_lb(g)`` bounds ``f(S, d)``.

*Endgame traps* (see ``_bounds.endgame_trap``): when the candidates include
words equal but in one position (``_ATCH``) that the guesses left cannot
all tell apart, ``f = INF`` with no search.  In hard and ultra mode (a
child's legal guesses are among its parent's) the same argument one level
down marks the guesses that leave such a group a trap in their child
(``_bounds.trapped_guesses``): they cost ``INF`` and are not tried at the
node, though still passed down.  Marking them in ultra mode as well as in
hard mode (2026-11-25) kept the values and took 6-15 % off the 2023 pool's
slow ultra openers (exact totals, one core, A/B side by side: BUTTE,
impossible, 24.4 s -> 21.4 s, ANION 25.3 s -> 21.4 s, CONNE 24.3 s -> 21.7 s,
TWITE 19.5 s -> 18.2 s, ZHUZH 129.3 s -> 118.8 s; a quarter fewer guesses
tried).

Exact small cases, before any scan of the allowed guesses: a candidate that
splits ``S`` into singletons costs ``2n - 1`` (optimal); else one leaving one
pair costs ``2n`` (optimal, ``d >= 3``); else ``f >= 2n``, and the scan stops
at the first guess reaching that floor with buckets of at most two.  A
guess attaining ``node_lb`` with every bucket at most two is exact too.
A guess's buckets are asked this in its pass 2 (below), so a bucket then
searched as a child (pass 3, ``forced == SMALL_TRIED``) is not asked again:
it starts from ``2n``.  Same values and nodes; the 2023 pool's ultra
openers, one core, side by side, best of three (2026-11-29): BUTTE 11.9 s ->
11.3 s, CONNE 15.3 s -> 13.2 s; hard mode REELY 8.1 s -> 7.8 s, SHEWN
15.3 s -> 14.2 s (best of two); normal mode equal (NYT CHEET 2.9 s, 3.0 s).

Search contract (``_solve``)
----------------------------
``_solve(S, ..., d, beta)`` returns ``v``:

* if ``f(S, d) < beta``: ``v == f(S, d)`` exactly, and the memo holds it
  with the guess that attains it;
* otherwise ``beta <= v <= f(S, d)`` (a *fail-high*: a proven lower bound,
  not the value, as strong as the search proved: the least over all guesses
  of what refuted each), and the memo holds ``v`` as a lower bound.

Each guess is refuted or valued in three passes over its buckets, cheapest
information first, stopping as soon as ``total >= best`` (``best``: the
best value found so far, initially ``beta``; ``total``: this guess plus, per
bucket, its exact value or best proven bound):

1. *bounds*: ``bucket_lb`` of every bucket, then each raised to what the
   memo holds for it (exact, or a proven lower bound; the key of a bucket
   in hard mode hashes the rule after the hint, not the filtered set), up to
   the first raise that refutes the guess.  A set's hash is the sum of its
   members' terms (``kernels.hints.item_key``), so the count that sizes the
   buckets also sums their hashes, and the buckets' members are listed only
   for a guess that gets past this pass (most guesses tried do not: on the
   2023 pool's TREAT, hard, 82.75 M of the 84.8 M tried in its slowest bucket
   are refuted here).  Listing every guess's buckets first, and hashing the
   lists, took 155.4 s on that bucket against 140.2 s; 2-8 % on others
   (SLANE, hard, 28.8 s -> 26.4 s; TWITE, ultra, 21.2 s -> 19.6 s);
2. *small cases*: the candidate test above on each bucket left (``O(m^2)``):
   exact ``2m - 1`` or ``2m``, else the bound rises to ``2m``;
3. *search*: the buckets left, smallest first (small ones are cheap and
   their exact values raise ``total`` quickly, which refutes bad guesses
   early), each with ``beta = best - (total without its bound)``, or in
   rounds of small caps that grow (see "Refuting a guess in rounds": under
   a forced guess's bound, and with ``ROUNDS_MIN_LEFT`` guesses left).

Guesses are tried in ascending ``2 * sumsq + n * guess_lb`` order (``sumsq``:
the sum of squared bucket sizes; ties to the lower allowed index; in hard
mode this order took a third to a half of the time of ordering by
``guess_lb`` first, bench/peer_selby.py).  The order is produced lazily
(``_bounds.least_keys``, then ``_bounds.rest_keys``): the same sequence as a
full stable sort.  Cut-offs:

* *guess cut-off*: a guess whose ``guess_lb >= best`` cannot improve it and is
  skipped (its bound is its ``guess_lb``).
* *optimality stop*: once ``best <= node_lb`` no other guess can do better.

Refuting a guess in rounds
--------------------------
With a forced guess and a finite ``beta`` (an opener proven worse than a
table's bound, ``openers --upper``), pass 3 as above would search the first
buckets with all the budget the others leave, computing them exactly however
costly, though a refutation needs only the sum of their bounds to reach
``beta``.  So a forced guess's buckets are searched in rounds: first each
with the cap ``bound + 1`` (it is proven above its bound, or its value is
found), then with caps 4, 16, 64... above the bound it reached, each cap
also within the budget the others leave, until the sum reaches ``beta`` or
every bucket's value is found.  The refutation comes from whichever buckets prove
it cheapest, and each round starts from what the memo kept of the last
(``bench/peer_selby.py --suite table``, 8 random nyt-2023 openers a mode
against its table's bound: normal 33.2 s before, 0.9 s; hard 39.4 s, 1.8 s).

A node with at least ``ROUNDS_MIN_LEFT`` guesses left (in a six-guess game:
the buckets of an opener, and the openers themselves) does the same for
every guess tried while ``best`` is finite (under a bound, or once a guess
is valued): most of its guesses are
refuted, each of them after many children searched, and the children of a
refuted guess need only be proven above their bounds.  Searched at once
instead, the small buckets of each guess tried were valued exactly down to
the last two guesses.  Exact totals of weak NYT openers, no bound, one
core: hard mode QAJAQ 167 s -> 34 s, XVIII 117 s -> 44 s, TUKTU 40.7 s ->
21.3 s, MADAM 18.5 s -> 11.3 s (a quarter to a third of the nodes); normal
mode QAJAQ 148.5 s -> 85.8 s, CHEET 5.25 s -> 5.02 s.  Rounds at four
guesses left too were no better (EERIE 8.7 s -> 10.2 s), and searching
each round's buckets largest first was three times slower (more cells scanned).
The caps first grew from ``bound + 1`` by doubling.  Each round searches a
pending bucket again from its scan, and on the 2023 pool's weak hard
openers a third of the cells scanned were such repeats (QUOUK's all-grey
bucket: 0.34).  Growing four times a round, and below a forced opener
starting at ``bound + 8`` (``ROUNDS_FIRST_STEP``), scans fewer (exact
totals, no bound): PTYPE 24.9 G -> 20.1 G cells, 62.3 s -> 52.7 s; BOLES
(impossible) 43.8 s -> 29.8 s; SLANE 9.7 G -> 7.4 G cells; EERIE 4.56 G ->
3.86 G, MADAM 5.08 G -> 4.68 G; normal mode within 1 % then.  Normal mode
now starts at ``bound + 1`` (``ROUNDS_FIRST_STEP_NORMAL``): most of the guesses
a node with five guesses left tries are refuted by buckets proven one above
their bounds, and bigger first caps valued those buckets further than the
refutation needed.  Exact totals, 2023 pool, no bound, one core, A/B side by
side (2026-11-27): ETUDE 39.9 s -> 24.1 s (3.66 M -> 0.17 M guesses tried,
243,087 -> 148,077 nodes), MEUSE 27.8 s -> 18.9 s, BITES 7.6 s -> 5.7 s, JOMOS
39.1 s -> 34.1 s, SALET 5.2 s -> 3.6 s; a first step of 2 or 4 fell between,
and growing twice a round instead of four times, or rounds from four guesses
left, changed nothing.  Ultra mode starts at ``bound + 32``
(``ROUNDS_FIRST_STEP_ULTRA``): with smaller first caps its weak openers
searched the same buckets again round after round (2023 pool, exact totals,
no bound, one core: ZHUZH 4,997 later rounds with 8, 2,473 with 32; 10.25 G
-> 6.78 G cells, 102.5 s -> 76.5 s; SUSUS 90.5 s -> 62.7 s; steps of 1, 16,
64, 128 and no rounds measured too, docs/benchmarks.md); on the 2022 lists'
weak ultra openers, whose buckets are smaller, it costs a fifth more (CUMEC
1.26 s -> 1.60 s, still far under the reference's 10.5 s).  Its caps grow
eight times a round (``ROUNDS_GROWTH_ULTRA``; four in the other modes):
ZHUZH 2,441,550 -> 2,303,904 nodes, 83.4 s -> 74.2 s (one core, side by
side); 16 searched the same nodes as 8, 2 more (SHUSH 714,671 -> 876,983).

Buckets picked by their expected gain
-------------------------------------
In normal mode a guess tried with five guesses left is refuted by buckets
proven above their bounds (caps ``bound + 1``), and what such a bucket adds
grows faster than its size, which is what its scan costs: under the 2023
pool's COCCO the first round's buckets of 5-8 candidates added 0.38 on
average, 9-16 added 1.60, 17-32 5.56, 33-64 17.0, 65-128 44.8, 129-256 84.5
(BITES alike; ``expected_gain`` is a fit).  Smallest first, a refutation
took about 18 buckets on average.  So the first round picks, while the guess
is not refuted, the smallest bucket expected to add at least half of what
the guess still needs (``best - total``), else the largest left; later
rounds go smallest first.  Largest first throughout scanned more (COCCO
100.5 G -> 109.0 G cells, 84.2 s -> 91.6 s): a large bucket's gain mostly
overshoots what the guess needs.  The same values; exact totals, no bound,
one core, side by side with the search before it and before the order of
"Guesses ordered by their parts" (2026-12-01): 2023 pool COCCO 79.9 s ->
70.6 s (100.5 G -> 79.7 G cells, 267,621 -> 119,499 nodes), AYAYA 70.6 s ->
57.6 s, BITES 2.9 s -> 2.1 s; NYT lists ZHUZH 66.0 s -> 57.4 s, XVIII 56.1 s
-> 45.4 s; one after the other, MEUSE 15.1 s -> 10.2 s, JOMOS 30.9 s ->
22.9 s (41.7 G -> 29.2 G cells).  Expecting twice the need of one bucket, the
whole need or a quarter of it scanned more (COCCO 91.1 G, 83.0 G, 82.8 G cells
against 79.7 G); picking so in every round, not only the first, changed
nothing.  Not in hard mode, where a small bucket often has no tree at all
and refutes the guess alone (CUBBY 61.3 s -> 88.3 s, 20.4 G -> 36.6 G cells;
small buckets first, then by gain, SHEWN 4.35 G -> 6.77 G cells), nor in
ultra mode (SHUSH, 2023 pool, 21.8 s -> 52.2 s, 569,355 -> 1,053,329
nodes).

No tree at all
--------------
In hard mode a forced guess with no bound (an opener's exact total) first asks
whether each of its buckets has any tree at all, smallest first
(``_feasible.feasible``: a yes/no search, where one guess leaving every
bucket feasible proves a node and one bucket without a tree refutes a
guess), and is ``INF`` at the first that has none.  Without it the buckets
were valued exactly, smallest first, and the one without a tree, most often
among the largest, came last.  Most weak openers of the 2023 pool have no
tree in hard mode.  What the feasibility search proves stays for the cost
search (``INF`` in the memo), which then refutes more guesses in pass 1.
Exact totals, 2023 pool, hard, one core, A/B side by side: SEYEN
(impossible) 24.1 s -> 10.0 s, SLOES 48.9 s -> 23.9 s, SUCRE 124.1 s ->
75.5 s, SERIA 70.7 s -> 48.1 s, UMBRE 105.9 s -> 82.0 s; with a tree, SHEWN
32.1 s -> 24.8 s, REELY 22.9 s -> 14.9 s (docs/benchmarks.md; those
figures with the opener's buckets asked largest first, which took IVIES
from 1.2 s to 46.9 s, proving large buckets feasible before a small one
without a tree: smallest first, 1.4 s, and the others within a few per cent
of the feasibility search's nodes, RECUE a third fewer, SERIA a third
more).  Asked at every node with many guesses left as well, it cost more
than it saved (SHEWN over 200 s, TREAT's bucket over 400 s against 162 s):
proving buckets feasible is then most of the work.

Two guesses left
----------------
With two guesses left a set costs ``2n - 1`` if a candidate splits it into
singletons (the small cases above), else ``2n`` if any other legal guess
does, else ``INF``: no counting needed.  In hard mode such a node asks
``_bounds.separating`` for the first guess that splits it, which drops a
guess at the first two candidates it shows one pattern and stops a block of
guesses once none is left (most of these nodes, under weak openers, have
none).  Same values, nodes and counters; 2023 pool, hard, one core, A/B side
by side: TREAT's slowest bucket (231 answers) 191.9 s -> 172.4 s, SUCRE
68.5 s -> 64.4 s, SEYEN 6.9 s both, SHEWN 23.7 s -> 25.3 s and again 24.7 s ->
21.5 s (within the noise).  Not in normal mode (NYT CHEET, VODUN: equal) or
ultra mode (TWITE 20.7 s -> 22.5 s, twice 6-8 % slower; ANION equal), where
the count stays.

One level up, with three guesses left, the same fact bounds every child: a
bucket of ``m`` needs a guess making ``m`` parts of it, and no guess legal
below makes more parts of a subset than the most any guess legal here makes
of the node's candidates (``3n - guess_lb``, an upper bound on a guess's
parts).  So in hard and ultra mode a guess leaving a bucket larger than
that is ``INF`` (and likewise in the feasibility search).  Under weak
openers most of these nodes are such guesses' children.  Same values; 2023
pool, hard, one core, A/B side by side: TREAT's slowest bucket 134.3 s ->
88.6 s (1.43 M -> 0.61 M nodes, 33.4 G -> 11.2 G cells), SUCRE 51.9 s ->
33.5 s (feasibility nodes 0.67 M -> 0.31 M), SHEWN 21.5 s -> 19.9 s.  In
ultra mode, where a first version tested each guess tried in pass 1 and
cost more than it saved, the marking below took a tenth of the nodes off
the 2023 pool's weak openers (2026-11-29, side by side: ZHUZH 2,102,774 ->
1,954,507 nodes, 75.1 s -> 71.3 s; SHUSH 625,417 -> 569,355, 19.4 s -> 17.7 s;
BUTTE, impossible, 402,577 -> 347,903, 12.3 s -> 10.3 s; CONNE 13.3 s ->
11.5 s) and the 2022 lists' too (QAJAQ, original list, 362,454 -> 308,428
nodes, 9.6 s -> 8.6 s).  In normal mode it never fires (CHEET, VODUN: same
nodes).

The test was first made in pass 1, on each guess tried; the scan now notes
each guess's largest bucket, and such guesses are marked right after it
(``_bounds.too_big``), like the endgame traps' doomed ones: not tried, so
never counted, and a node left with none is ``INF`` (or fails high) at
once.  On the 2023 pool's SEILS, hard, the bucket of pattern 12 (127
answers): guesses tried 19.1 M -> 7.4 M, of which most were at nodes with
three guesses left, each counted only to be refuted.

Parts inherited
---------------
The same fact holds at every depth: no guess passed below a node makes more
parts of a bucket than the most any guess makes of the node's candidates
(``most``, ``_bounds.parts_bound``: ``3n - node_lb`` of the scan, parts
plus one for a candidate guessed), so a bucket of ``m`` costs at least
``3m - most`` (its own scan's bound, ``3m - `` its most parts, cannot be
less).  With at least four guesses left pass 1 raises each bucket's bound to
that before anything else (not below a forced guess, whose scan saw that
guess only).  Under weak openers a guess tried with five guesses left is
then refuted with fewer of its buckets scanned one by one (the cells
below).  Same values; 2023 pool, exact totals, no bound, one core, side
by side (2026-11-29): normal mode AYAYA 84.5 s -> 57.1 s (371,430 -> 298,531 nodes,
133.9 G -> 93.8 G cells), ETUDE 17.2 s -> 10.6 s, MEUSE 15.0 s -> 10.3 s,
BITES 4.9 s -> 2.1 s (8.40 G -> 3.87 G cells); hard mode REELY 10.5 s ->
6.3 s, SHEWN 18.8 s -> 12.8 s; ultra mode, less: ZHUZH 2,303,904 ->
2,102,774 nodes (73.2 s -> 70.9 s), SHUSH 676,347 -> 625,417 (18.9 s ->
18.4 s), BUTTE 416,046 -> 402,577 (12.3 s -> 11.9 s).

Lean scans in hard mode
-----------------------
Most nodes with four guesses left under a weak opener are buckets of a guess
being refuted one level up, and fail high on their scan's bound alone: on
the 2023 pool's CUBBY, hard, 82,553 of the 196,040 such nodes, with 14.0 G
of their 17.5 G cells.  As in normal mode their scans are lean
(``_bounds.scan``'s ``cut``: the repeats and the all-green test only while
the least bound is at least ``beta``): with four guesses left or more nothing
reads the sum of squares or the largest bucket of a guess whose bound is at
least ``beta``.  Not with three, where ``_bounds.too_big`` reads every
bounded guess's largest bucket, nor in ultra mode, whose scans there keep
the patterns read and pay for the gather, not the count (ZHUZH, instrumented,
side by side: 251.9 G and 252.2 G cycles).  Same values and nodes; exact
totals, 2023 pool, one core, side by side (2026-11-30): CUBBY 70.8 s ->
69.4 s, SHEWN 16.1 s -> 14.4 s, GEMMY 77.3 s -> 69.0 s; by the time-stamp
counter, CUBBY's scans with four guesses left 98.0 G -> 92.4 G cycles.

Guesses passed down
-------------------
When a node (``d >= 3``) first searches a child it narrows the guesses for
the whole subtree (``_bounds.narrow``: useless guesses dropped, and in normal
mode one guess per split of the node's candidates).  The narrowed guesses are
not contiguous in the pattern table, so every scan below would gather
``|S| x guesses`` scattered bytes (about half the time of a scan of 8 to 40
candidates).  A node of at least ``COMPACT_MIN`` candidates also passes down
a compacted table (``_bounds.compact``: its candidates' rows, the narrowed
guesses' columns, built once), and the scans below read short rows of it:
in normal mode, where the subtree's guesses are exactly the narrowed ones,
whole contiguous rows; in hard mode, where each node keeps those of its
parent's guesses that its rule allows, a gather from rows a few times
shorter than the pattern table's (the columns are filtered with the guesses,
``_bounds.hard_keep``).  Same guesses, same order, same values and nodes;
the weak NYT openers' exact totals took about two thirds of the time in
normal mode (CHEET 8.7 s -> 5.9 s), and in hard mode a few per cent less
(HAIKA, MADAM, EERIE: 44.5 s -> 42.5 s, within the machine's noise).

In normal mode a node of at least ``DOMINANCE_MIN`` candidates also drops
the *dominated* guesses (``_bounds.drop_dominated``): those another guess
splits more finely, found among guesses equal but in letters that tell the
node's candidates nothing (a letter none of them has, say), each pair then
checked cell by cell.  Finer on the node means finer on every set below it,
so neither a value nor a scan's bound below changes; nor is a guess that
was not passed down tried at the node itself any more (its dominator, or
the duplicate kept, is tried or cut off, and costs no more).  Under a weak
opener's all-grey bucket a quarter of the guesses go (QAJAQ: 3406 of
14847), under a strong opener's biggest buckets half (SALET), and the scans
below read that many fewer cells.  Exact totals of weak NYT openers, no
bound, one core: CHEET 6.2 s -> 3.9 s (47312 -> 45279 nodes, 11.6 G -> 6.6 G
cells), VODUN 8.3 s -> 4.9 s, QAJAQ 86 s -> 71 s (303,633 -> 284,843 nodes,
129 G -> 95 G cells).

In hard mode a node drops instead the guesses *alike* a lower one
(``_bounds.drop_alike``): equal but in places where both hold a letter no
candidate has, so that below the node they show every candidate the same
pattern, leave the same rule after it and are legal at the same nodes.  Read
from the letters alone (no cell of the table), it takes the guesses passed
down from a weak opener's buckets down by a tenth to a quarter, and the
node itself tries only those it passes down.  Same values; exact totals, no
bound, one core: EERIE (NYT, hard) 9.7 s -> 9.0 s (4.57 M -> 3.71 M guesses
tried, 5.18 G -> 4.56 G cells), MADAM 10.6 s -> 10.4 s, TELCO (2023 pool, hard)
5.1 s -> 4.6 s.

Guesses ordered by their parts
------------------------------
In normal mode a node passing a compacted table down orders its columns,
and the guesses passed down, by the parts each guess makes of the node's
candidates (plus one for a candidate: ``3n - guess_lb``), most first, and
passes those figures down (``local_parts``).  A guess makes no more parts
of a subset, so below the node no guess from column ``j`` on has a bound
under ``3m - min(parts[j], m + 1)``, and a scan still lean (the node about
to fail high) stops at the first block that cannot lower its bound
(``_bounds.scan``'s ``parts``): the full scan's ``node_lb`` from a prefix
of the rows.  Only ties between guesses are taken in another order (the
values are the same; a tie's guess may differ).  Exact totals, 2023 pool,
no bound, one core, side by side (2026-12-01): COCCO 75.8 s -> 72.9 s,
AYAYA 71.8 s -> 67.9 s, BITES 2.7 s both: few guesses make fewer parts of a
bucket's ancestor than the bucket has candidates.

Hard mode
---------
The guesses legal at a node depend on the path, so the search carries the
legal set (sorted) down: a child's set is the parent's filtered by the hint
of the guess just played (greens in place, revealed letters at least as
often; ``_bounds.hard_keep``: an AND of precomputed bit sets per
green and per revealed letter, then one bit test per guess, four times
faster than testing each guess's letters).  A node passes its children,
with the guesses it passes down, their index (``_bounds.legal_index``: their
bit set, and per block of 64 words how many come before it, built when the
first child is asked), so that a child's filter starts from that set and
reads its positions from the bits left: its cost follows the guesses kept,
a fifth of the parent's at most nodes, not the parent's 10,000 or so (2023
pool, JAFFA, hard, by the time-stamp counter: the filter at nodes with four
guesses left 10.2 G -> 3.7 G cycles of about 175 G; whole-opener times
within the machine's noise).  The intersection over the path is exactly
:func:`wordlelab.state.hard_mode_legal`.  Two paths reaching the same
candidates with the same legal set have the same future, so the legal set
(its hash) is part of the memo key.

Ultra-hard mode
---------------
Every guess must be consistent with all the clues so far: the legal set of a
child is the parent's words that show the same pattern for the guess just
played, as if each were the answer (``_bounds.consistent_split``, grouping
the legal set as the candidates are grouped).  The child's set is passed
down already filtered and its hash is the legal-set part of the memo key.
With the square table, pass 1 sums each child's legal-set hash in one pass
over the legal set, as it does the candidates', and the split waits for a
guess that gets past pass 1: 2023 pool, exact, one core, A/B side by side,
BUTTE 21.5 s -> 19.6 s, ANION 23.2 s -> 20.2 s, CONNE 22.6 s -> 20.3 s,
TWITE 18.0 s -> 16.9 s (the same nodes).  That pass also keeps each legal
word's pattern, and every candidate is a legal word, so the candidates are
counted from it (each one's place in the legal set found once a node) instead
of from the pattern table's row, and the split groups the legal set from it
instead of reading the square table's row again: ZHUZH, 2023 pool, by the
time-stamp counter, side by side, 131.2 G -> 127.3 G cycles (counting and
hashing with four guesses left 20.1 G -> 18.8 G); the same nodes.  Every
candidate is legal, so the small cases need no legality test.  The
intersection over the path is exactly :func:`wordlelab.state.ultra_legal`.

A node with three guesses left or more and at least ``COMPACT_MIN``
candidates keeps what its scan read (its candidates' patterns against its
legal set, ``_bounds.scan``'s ``keep``: a store a cell, no second read of the
table), and passes it down as normal and hard mode pass a compacted table: a
child's columns are its legal words' places in the parent's legal set
(``_bounds.group_split``'s ``places``), so its scan gathers from rows of that
set's length, just written, instead of from rows of the whole allowed list
(14,855 bytes on the 2023 lists, a 47 MB table); a child too small to keep
its own passes its parent's on.  Pass 2's small cases read it too (each
member listed by its place in the candidates, each candidate's column its
place in the legal set).  Same values and nodes.  ZHUZH, 2023 pool, exact,
by the time-stamp counter, instrumented copies side by side: 264.5 G ->
234.6 G cycles (1,954,507 nodes both); the scans with four guesses left
62.0 G -> 53.7 G, with three left 22.2 G -> 14.9 G, pass 2 with four left
34.4 G -> 25.1 G.  (A compacted table copied apart from the scan, and not
read by pass 2, had shown no gain in whole-opener times, 2026-11-29.)

Each guess tried reads its row of the square table at the node's legal words
(14,855 bytes a row on the 2023 lists, 220 MB in all: a miss a word, mostly),
so the next guess's row is asked for (``_bounds.prefetch_columns``, a word
at a time) once this guess is counted, while its passes run; the first guess's
before the loop.  Same values and nodes.  ZHUZH, instrumented copies side by
side: 245.7 G -> 228.9 G cycles; the count with four guesses left 37.0 G ->
28.4 G, with three 25.6 G -> 14.9 G, the prefetches included; whole openers
side by side, ZHUZH 100.4 s -> 91.7 s, SHUSH 25.5 s -> 22.6 s, JUJUS 56.8 s ->
50.3 s.

Beam mode
---------
With ``beam > 0`` only the first ``beam`` guesses in the order above are
tried at each node (except a forced root guess): the result is the optimum
of that restricted game, an upper bound on the true one, never "proven".
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from .._jit import njit
from ..kernels.hints import constrain, item_key, rule_sum_after, seal_hash, seal_rule, span_hash
from ..modes import MODE_HARD, MODE_ULTRA
from ._bounds import (
    ORDER_HEAD,
    ORDER_MASK,
    ORDER_SHIFT,
    answer_rows,
    bucket_lb,
    compact,
    consistent_split,
    count_buckets,
    drop_alike,
    drop_dominated,
    endgame_trap,
    group_split,
    hard_filter,
    hard_keep,
    least_keys,
    legal_index,
    list_members,
    max_parts,
    narrow,
    parts_bound,
    prefetch_columns,
    rest_keys,
    scan,
    separating,
    small_value,
    split_order,
    too_big,
    trapped_guesses,
)
from ._feasible import (
    CORE_SLOTS,
    NO_TREE_SETS,
    STAT_FEASIBLE_CELLS,
    STAT_FEASIBLE_NODES,
    STAT_NO_TREE_HITS,
    STAT_NO_TREE_KEPT,
    core_store,
    feasible,
    no_tree_store,
)
from ._memo import (
    INF,
    MAX_GUESS_INDEX,
    Memo,
    entry_value,
    get,
    lookup,
    node_key,
    rule_hash,
    set_hash,
    store,
    unpack,
)

__all__ = [
    "CORE_SLOTS",
    "INF",
    "MAX_GUESS_INDEX",
    "NO_TREE_SETS",
    "N_STATS",
    "STAT_FEASIBLE_CELLS",
    "STAT_FEASIBLE_NODES",
    "STAT_NO_TREE_HITS",
    "STAT_NO_TREE_KEPT",
    "STAT_TOO_MANY",
    "Memo",
    "Search",
    "constrain",
    "core_store",
    "feasible",
    "hard_filter",
    "lookup",
    "max_parts",
    "no_tree_store",
    "rule_hash",
    "set_hash",
    "unpack",
]

#: a node with at least this many candidates that passes narrowed guesses down
#: (normal mode) also passes its compacted table (see "Guesses passed down"; was
#: 16: with the pair scan cheaper, a gather is twice the cost of a scan of
#: contiguous rows for a few candidates, and 8 took 7 % off CHEET and VODUN;
#: 4 did no better)
COMPACT_MIN = 8
#: ... and whose compacted table has at most this many cells (32 MiB; the
#: bigger nodes of a huge custom list gather instead)
COMPACT_MAX_CELLS = 1 << 25

#: a node of normal mode's exact search with at least this many candidates
#: drops, from the guesses it passes down, those another splits more finely
#: (``_bounds.drop_dominated``; in hard and ultra mode ``dom_keys`` has no rows)
DOMINANCE_MIN = 100

#: a node with at least this many guesses left refutes its guesses in rounds
#: (see "Refuting a guess in rounds")
ROUNDS_MIN_LEFT = 5
#: the first round's cap, above each bucket's bound, in hard mode, in normal
#: mode and in ultra mode, and how the caps grow from round to round (in
#: ultra mode ``ROUNDS_GROWTH_ULTRA``; see "Refuting a guess in rounds")
ROUNDS_FIRST_STEP = 8
ROUNDS_FIRST_STEP_NORMAL = 1
ROUNDS_FIRST_STEP_ULTRA = 32
ROUNDS_GROWTH = 4
ROUNDS_GROWTH_ULTRA = 8

#: ``_solve``'s ``forced`` for a child its parent's pass 2 has already asked
#: ``small_value`` of, in vain (see "Exact small cases")
SMALL_TRIED = -2

#: indices into the ``stats`` counter array
STAT_NODES = 0  # nodes expanded (full guess scan)
STAT_HITS = 1  # memo hits that answered a node
STAT_SHORTCUT = 2  # nodes solved exactly without searching a child
STAT_WORK = 3  # sum of |S| over expanded nodes (guess scans cost |S| x guesses each)
STAT_TRIED = 4  # guesses evaluated (buckets split)
STAT_CALLS = 5  # calls of the search past the trivial cases
STAT_BOUND_CUT = 6  # guesses refuted by bounds alone (passes 1 and 2)
STAT_SMALL = 7  # buckets valued exactly by the small-case test
STAT_TRAP = 8  # nodes cut by an endgame trap
STAT_CELLS = 9  # pattern look-ups of the guess scans (sum of |S| x guesses scanned)
STAT_NARROWED = 10  # nodes that narrowed the guesses passed down (_bounds.narrow)
STAT_ROUNDS = 11  # rounds of a guess's buckets searched again with larger caps
STAT_COMPACTED = 12  # nodes that passed a compacted table down (_bounds.compact)
STAT_DOMINATED = 13  # guesses not passed down, another splitting finer (_bounds.drop_dominated)
STAT_ALIKE = 14  # hard mode: guesses not passed down, alike a lower one (_bounds.drop_alike)
STAT_DOOMED = 15  # hard mode: guesses not tried, their child an endgame trap (_bounds.trapped_guesses)
STAT_INFEASIBLE = 16  # hard mode: guesses refuted by a bucket with no tree at all (_feasible.feasible)
# 17, 18: STAT_FEASIBLE_NODES, STAT_FEASIBLE_CELLS (the feasibility search's, _feasible)
STAT_TOO_MANY = 19  # hard and ultra mode: guesses refuted by a bucket too big to split (see "Two guesses left")
# 20, 21: STAT_CORE_CUTS, STAT_CORE_NODES (the feasibility search's cores, _feasible)
# 22, 23: STAT_NO_TREE_HITS, STAT_NO_TREE_KEPT (its sets without a tree, _feasible)
N_STATS = 24


class Search(NamedTuple):
    """What stays the same during one search (the compiled code takes it as one
    value, a named tuple of arrays and numbers):

    ``table: [G, A]`` the pattern table (``uint8``; ``uint16`` for words of
    six letters or more) and ``by_answer: [A, G]`` its transpose, of the same
    dtype as every compacted table below (see ``_bounds.scan``); ``memo`` the ``arrays`` of a
    :class:`wordlelab.search._memo.Memo`; ``mode``: the mode's code (:attr:`wordlelab.modes.Mode.code`);
    ``codes: uint8[G, L]`` and ``letter_counts: uint8[G, alpha]`` the guesses'
    letters; ``ans2allowed: int64[A]``; ``max_parts``: ``P`` of
    ``_bounds.bucket_lb``; ``ends``: the endgame arrays ``(ans_groups,
    group_pos, ans_codes, letter_mask)`` of ``_bounds.endgame_trap``;
    ``n_patterns``; ``beam`` (0: exact); ``stats: int64[N_STATS]`` the
    counters, added to in place; ``square``: in ultra mode, the patterns of
    every allowed word against every allowed word (``_bounds.consistent_split``),
    or no rows (then computed from the letters); ``hard_bits``: in hard mode
    the bit sets of ``_bounds.hard_bits``, else no rows; ``dom_keys``,
    ``dom_ids``: in normal mode's exact search the index of
    ``_bounds.dominance_index``, else no rows, and ``dominance_min`` the
    fewest candidates of a node that drops dominated guesses (the solver's
    ``dominance_min``, by default ``DOMINANCE_MIN``); ``rounds_step`` the first
    round's cap above a bucket's bound (the solver's ``rounds_step``, by default
    ``ROUNDS_FIRST_STEP``, in normal mode ``ROUNDS_FIRST_STEP_NORMAL``, in ultra
    mode ``ROUNDS_FIRST_STEP_ULTRA``) and ``rounds_growth`` how the caps grow
    from round to round (``ROUNDS_GROWTH``, in ultra mode ``ROUNDS_GROWTH_ULTRA``);
    ``feasible`` the ``arrays`` of the memo of the nodes ``_feasible.feasible``
    proved to have a tree (keyed as the memo)."""

    table: Any
    by_answer: Any
    memo: Any
    mode: int
    codes: Any
    letter_counts: Any
    ans2allowed: Any
    max_parts: int
    ends: Any
    n_patterns: int
    beam: int
    stats: Any
    square: Any
    hard_bits: Any
    dom_keys: Any
    dom_ids: Any
    dominance_min: int
    rounds_step: int
    rounds_growth: int
    feasible: Any
    cores: Any
    no_tree: Any


@njit(cache=True, inline="always", nogil=True)
def expected_gain(m):  # pragma: no cover - compiled
    """What a bucket of ``m`` candidates with four guesses left adds, on
    average, above its bound when searched with the cap ``bound + 1`` in
    normal mode (a fit to the 2023 pool's COCCO and BITES: see "Buckets
    picked by their expected gain")."""
    return max(m * m // 90, (55 * m) // 100 - 8)


@njit(cache=True, nogil=True)
def _solve(
    cands, legal, path, legal_hash, d, beta, forced, s, local, local_row, local_col, local_parts, index
):  # pragma: no cover
    """See the module docstring for the contract; ``s`` is the :class:`Search`.

    ``local``: no rows, or the patterns of an ancestor's candidates against
    the guesses passed down (``_bounds.compact``), with
    ``local[local_row[a], local_col[j]]`` the pattern of ``legal[j]`` for
    the answer ``a`` (see "Guesses passed down"; in hard mode ``local_col``
    is filtered with ``legal``; in ultra mode ``local`` is the patterns an
    ancestor's scan read, see "Ultra-hard mode")

    ``local_parts``: no rows, or in normal mode per guess of ``legal``
    (non-increasing) the parts it makes of the candidates of the ancestor
    that ordered them, plus one for a candidate (see "Guesses ordered by
    their parts")

    ``index``: in hard mode ``_bounds.legal_index`` of ``legal`` as passed
    (the parent's guesses, which ``_bounds.hard_keep`` filters), or no rows

    In hard mode ``path`` is ``(prev_g, prev_p, greens, mins, rule_total)``:
    with ``prev_g >= 0``, ``legal`` is the parent's set and this node's is it
    filtered by that hint (done only if the memo cannot answer);
    ``greens``/``mins`` are this node's rule and ``legal_hash ==
    seal_rule(rule_total)``, ``rule_total == rule_sum(base, greens, mins)`` on
    top of the root's legal-set hash ``base``.  ``forced >= 0`` plays that guess
    here (the node is then not memoised); ``SMALL_TRIED``: not forced, and the
    parent's pass 2 found no candidate settling ``cands`` (``small_value``).
    In ultra mode ``legal`` is this node's set, already filtered, and
    ``legal_hash == set_hash(legal)``."""
    table = s.table
    memo = s.memo
    codes = s.codes
    letter_counts = s.letter_counts
    max_parts = s.max_parts
    n_patterns = s.n_patterns
    stats = s.stats
    n = cands.shape[0]
    hard = s.mode == MODE_HARD
    ultra = s.mode == MODE_ULTRA
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
        known_lb = bucket_lb(n, d, max_parts)
        if known_lb >= beta:
            return known_lb
        key = node_key(set_hash(cands), legal_hash, d)
        entry = get(memo, key, -1)  # (entries are never negative)
        if entry >= 0:
            value = entry_value(entry)
            if entry & 1 or value >= beta:
                stats[STAT_HITS] += 1
                return value
            known_lb = max(known_lb, value)
    prev_g, prev_p, greens, mins, rule_total = path
    small_counts = np.zeros(n_patterns, np.int32)  # small_value's working space, for the node and its buckets
    if hard and prev_g >= 0:
        keep = hard_keep(legal, prev_g, prev_p, codes, letter_counts, s.hard_bits, index)
        legal = legal[keep]
        if local.shape[0] > 0:
            local_col = local_col[keep]
    ans_groups, group_pos, ans_codes, letter_mask = s.ends
    trap_mx, trap_live = 0, np.uint64(0)
    trap_hist = np.zeros(0, np.int64)  # endgame_trap's count of the guesses, if it made one
    if forced < 0:
        trapped, trap_mx, trap_live, trap_hist = endgame_trap(
            cands, d, legal, ans_groups, group_pos, ans_codes, letter_mask
        )
        if trapped:
            stats[STAT_TRAP] += 1
            store(memo, key, INF, 0, True)
            return INF
        if n - 1 <= max_parts:
            if forced != SMALL_TRIED:
                v, g = small_value(cands, d, table, s.ans2allowed, small_counts)
                if v > 0:
                    stats[STAT_SHORTCUT] += 1
                    store(memo, key, v, g, True)
                    return v
            known_lb = max(known_lb, 2 * n)  # no candidate settles the set at once
        if known_lb >= beta:
            store(memo, key, known_lb, 0, False)
            return known_lb
    stats[STAT_NODES] += 1
    stats[STAT_WORK] += n

    # -- scan the guesses: bound and heuristic of each --------------------
    if forced >= 0:
        guesses = np.empty(1, np.int64)
        guesses[0] = forced
    else:
        guesses = legal
    k = guesses.shape[0]
    stats[STAT_CELLS] += n * k
    glb = np.empty(k, np.int64)
    sumsq = np.empty(k, np.int64)
    largest = np.empty(k, np.int64)
    # the candidates' rows in the table passed down (read by the scan and the narrowing)
    rows = local_row[cands] if local.shape[0] > 0 else cands[:0]
    # ultra mode: the scan's patterns kept, for pass 2 and the children's
    # scans (see "Ultra-hard mode"); else no rows
    kept_rows = ultra and forced < 0 and d >= 3 and n >= COMPACT_MIN and n * k <= COMPACT_MAX_CELLS
    scanned = np.empty((n if kept_rows else 0, k if kept_rows else 0), s.by_answer.dtype)
    # a node that fails high on its bound returns it at once, so its scan may
    # be lean (``_bounds.scan``'s ``cut``): in normal mode, and in hard mode
    # with four guesses left or more (with three, ``_bounds.too_big`` reads
    # every bounded guess's largest bucket; see "Lean scans in hard mode")
    cut = beta if forced < 0 and (not (hard or ultra) or hard and d >= 4) else INF
    if d == 2 and forced < 0 and hard:
        # two guesses left and no candidate settles the set (small_value):
        # 2n if some guess splits it into singletons, else INF (see "Two
        # guesses left")
        if local.shape[0] == 0:
            shortcut = separating(s.by_answer, guesses, cands)
        else:
            shortcut = separating(local, local_col, rows)
        node_lb = INF if shortcut < 0 else 2 * n
    elif forced >= 0 or local.shape[0] == 0:
        node_lb, shortcut = scan(
            s.by_answer, guesses, cands, d - 1, n_patterns, known_lb, cut, glb, sumsq, largest, scanned, local_parts[:0]
        )
    else:
        node_lb, shortcut = scan(
            local, local_col, rows, d - 1, n_patterns, known_lb, cut, glb, sumsq, largest, scanned, local_parts
        )
    shrinking = hard or ultra  # every child's legal set is a subset of this node's
    doomed = np.zeros(k if shrinking else 0, np.bool_)
    if shrinking and forced < 0 and shortcut < 0 and node_lb < INF and d >= 3:
        # guesses whose child is an endgame trap: INF, not tried (see _bounds.trapped_guesses)
        counted = trap_hist.shape[0] > 0
        if not counted:
            trap_hist = np.zeros(ans_groups.shape[1] + 1, np.int64)
        least = trapped_guesses(d, guesses, glb, letter_mask, trap_mx, trap_live, trap_hist, counted, doomed)
        if least > 0:
            node_lb = max(node_lb, least)
            stats[STAT_DOOMED] += doomed.sum()
    if node_lb >= INF:
        if forced < 0:
            store(memo, key, INF, 0, True)
        return INF
    if shortcut >= 0:
        stats[STAT_SHORTCUT] += 1
        if forced < 0:
            store(memo, key, node_lb, guesses[shortcut], True)
        return node_lb
    node_lb = max(node_lb, known_lb)
    if node_lb >= beta:
        if forced < 0:
            store(memo, key, node_lb, 0, False)
        return node_lb
    # the most parts any guess makes here, plus one for a candidate: no guess
    # passed down makes more of a bucket (see "Parts inherited"); read only
    # with four guesses left or more, and by the test at three in hard and
    # ultra mode
    most = INF
    if forced < 0 and (d >= 4 or d == 3 and shrinking):
        most = parts_bound(glb, n)
    if d == 3 and shrinking and forced < 0:
        # three guesses left: a guess leaving a bucket larger than the most
        # parts any guess makes here has no tree (see "Two guesses left"); it
        # is not tried (in hard mode still passed down)
        least, marked = too_big(glb, largest, most, doomed)
        if marked > 0:
            stats[STAT_TOO_MANY] += marked
            node_lb = max(node_lb, least)
            if node_lb >= INF:
                store(memo, key, INF, 0, True)
                return INF
            if node_lb >= beta:
                store(memo, key, node_lb, 0, False)
                return node_lb

    # -- order the promising guesses ---------------------------------------
    # Ascending 2 * sumsq + n * guess_lb (ties to the lower index): the sum of
    # squares says how well a guess splits, the bound how little it can cost.
    # Guesses with guess_lb >= beta are left out; ``untried`` is the least
    # guess_lb of the guesses not evaluated (for the fail-high bound).  Each
    # key is packed with its guess's position, so keys are unique and their
    # integer order is that order.  Most nodes end after a guess or two (a
    # cut-off, the optimality stop), so the few least keys are picked in one
    # pass first (``least_keys``), and the rest are sorted only if the loop gets
    # past them, and then only those whose bound can still beat ``best``.
    top = min(3 * n + 1, beta)
    count = 0
    untried = INF
    for j in range(k):
        if shrinking and doomed[j]:
            continue
        if glb[j] < top:
            count += 1
        elif glb[j] < untried:
            untried = glb[j]
    keys = np.empty(count, np.int64)
    count = 0
    for j in range(k):
        if glb[j] < top and not (shrinking and doomed[j]):
            keys[count] = (split_order(sumsq[j], glb[j], n) << ORDER_SHIFT) | j
            count += 1
    picks = least_keys(keys, ORDER_HEAD)
    head_last = picks[-1] if picks.shape[0] > 0 else np.int64(-1)
    rest_done = count <= ORDER_HEAD

    # -- evaluate guesses in order -----------------------------------------
    best = beta
    best_guess = -1
    refuted = INF  # least proven bound of the guesses refuted so far
    members = np.empty(n, np.int64)
    starts = np.zeros(n_patterns, np.int64)  # a bucket's members: members[starts[b]:ends[b]]
    ends = np.zeros(n_patterns, np.int64)
    # ultra mode: the legal set grouped by the pattern each guess shows it
    lmembers = np.empty(legal.shape[0] if ultra else 0, np.int64)
    lplaces = np.empty(legal.shape[0] if ultra else 0, np.int64)  # (their places in ``legal``)
    lstarts = np.zeros(n_patterns + 1, np.int64)
    lscratch = np.zeros(legal.shape[0] + n_patterns + letter_counts.shape[1] if ultra else 0, np.int64)
    # ultra mode with the square table: the legal set's hash terms, and per
    # pattern the sum and count of its words' (pass 1 hashes the children's
    # legal sets from these; the split itself waits for pass 2)
    lsquare = ultra and s.square.shape[0] > 0
    lterms = np.empty(legal.shape[0] if lsquare else 0, np.uint64)
    for t in range(lterms.shape[0]):
        lterms[t] = item_key(legal[t])
    # ultra mode with the square table: each candidate's place in the legal
    # set (both sorted; every candidate is legal), where each guess's pass
    # over the legal set leaves the candidate's pattern (in ``lscratch``)
    lpos = np.empty(n if lsquare else 0, np.int64)
    if lsquare:
        t = 0
        for c in range(n):
            w = s.ans2allowed[cands[c]]
            while t < legal.shape[0] and legal[t] < w:
                t += 1
            if t == legal.shape[0] or legal[t] != w:
                raise ValueError("ultra mode: a candidate is not among the legal guesses")
            lpos[c] = t
    lsums = np.empty(n_patterns if lsquare else 0, np.uint64)
    # ultra mode with the patterns kept: the buckets listed as places in
    # ``cands`` (rows of ``scanned``), and pass 2 reads ``scanned``
    member_rows = lsquare and kept_rows
    places = np.arange(n if member_rows else 0)
    scanned_by_guess = scanned.T
    lcounts = np.empty(n_patterns if lsquare else 0, np.int64)
    # per bucket of the guess being evaluated (allocated once per node)
    chashes = np.empty(n_patterns, np.uint64)
    csums = np.empty(n_patterns if hard else 0, np.uint64)  # hard mode: their rules' sums
    sums = np.empty(n_patterns, np.uint64)  # per pattern: its bucket's item_key sum
    terms = np.empty(n, np.uint64)
    for t in range(n):
        terms[t] = item_key(cands[t])
    bucket_ids = np.empty(n_patterns, np.int64)
    blb = np.empty(n_patterns, np.int64)
    done = np.empty(n_patterns, np.bool_)
    # normal mode, rounds picked by gain (five guesses left or more): a round's
    # buckets picked so far
    visited = np.empty(n_patterns if d >= ROUNDS_MIN_LEFT and not (hard or ultra) else 0, np.bool_)
    fill = np.empty(n_patterns, np.int64)
    tally = np.zeros(n_patterns, np.int64)  # zero between guesses
    seen = np.empty(n_patterns, np.int64)
    evaluated = 0
    stopped = False  # by the beam
    # a plain int64, not the literal -1: with a literal numba compiles a second,
    # recursive specialisation that its on-disk cache cannot link back
    # (a crash when the cached function is loaded)
    child_forced = min(-1, forced)
    child_small_tried = min(SMALL_TRIED, forced)
    # the guesses passed down (normal and hard mode, exact search): narrowed
    # once, when the first child is searched (see _bounds.narrow)
    sub_legal = legal
    sub_local = local
    sub_row = local_row
    sub_col = local_col
    sub_parts = local_parts
    # hard mode: the index of ``sub_legal`` for the children's filter, built
    # when the first is asked (after the narrowing)
    sub_index = np.zeros((0, 0), np.uint64)
    narrowed = forced >= 0 or ultra or s.beam > 0 or d < 3
    if kept_rows:  # ultra mode: the children's scans read this node's
        sub_local = scanned
        sub_row = answer_rows(cands, s.by_answer.shape[0])
        stats[STAT_COMPACTED] += 1
    # normal mode, once narrowed: the guesses passed down, the only ones
    # still tried here (see "Guesses passed down")
    passed = np.zeros(0, np.bool_)
    jj = 0
    if lsquare and picks.shape[0] > 0:  # the first guess's row of the square table, ahead
        prefetch_columns(s.square[guesses[picks[0] & ORDER_MASK]], legal)
    while True:
        if jj == picks.shape[0]:
            if rest_done:
                break
            # past the head: the keys above it whose guess can still beat
            # ``best``, sorted (the others would meet the cut-off below)
            picks, skipped = rest_keys(keys, head_last, glb, best)
            untried = min(untried, skipped)
            rest_done = True
            jj = 0
            continue
        j = picks[jj] & ORDER_MASK
        jj += 1
        if glb[j] >= best:  # guess cut-off
            untried = min(untried, glb[j])
            continue
        if passed.shape[0] > 0 and not passed[j]:
            continue
        if s.beam > 0 and forced < 0 and evaluated >= s.beam:
            stopped = True
            break
        evaluated += 1
        stats[STAT_TRIED] += 1
        g = guesses[j]
        row = table[g]
        # counting sort of the candidates by pattern (stable: buckets stay
        # sorted), over the patterns that occur only, in the order first seen
        # (sorting them, as before, cost 2-6 % more CPU in hard and ultra mode,
        # 1-2 % in normal mode: SLANE, 2023 pool, hard, 26.7 s against 25.2 s,
        # EERIE, NYT, hard, 8.9 s against 8.4 s): ``starts[b]`` and
        # ``ends[b]`` are set for those, the other entries are stale.
        # The count also sums each bucket's hash terms, so pass 1 looks the
        # buckets up before their members are listed (most guesses tried are
        # refuted there, and are never listed)
        if lsquare:
            # one pass over the legal set, in the square table's row, sums its
            # words' terms by pattern and keeps their patterns: the candidates
            # are counted from those (not from the pattern table's row), and
            # the legal set is grouped from them if the guess gets past pass 1
            lsums[:] = 0
            lcounts[:] = 0
            lrow = s.square[g]
            for t in range(legal.shape[0]):
                b = lrow[legal[t]]
                lscratch[t] = b
                lsums[b] += lterms[t]
                lcounts[b] += 1
            n_seen = count_buckets(lscratch, lpos, terms, tally, seen, sums)
            if jj < picks.shape[0]:
                # the next guess's row, asked for while this one is tried
                prefetch_columns(s.square[guesses[picks[jj] & ORDER_MASK]], legal)
        else:
            n_seen = count_buckets(row, cands, terms, tally, seen, sums)
        at = 0
        n_buckets = 0
        for i in range(n_seen):
            b = seen[i]
            starts[b] = at
            fill[b] = at
            at += tally[b]
            tally[b] = 0
            ends[b] = at
            if b != win:
                bucket_ids[n_buckets] = b
                n_buckets += 1
        if ultra and not lsquare:
            consistent_split(legal, g, codes, s.square, n_patterns, lmembers, lstarts, lscratch, lplaces)

        # pass 1: bounds, then raised to what the memo proved (stopping at
        # the first raise that refutes the guess: the keys of the buckets
        # after it are not computed)
        total = n
        for q in range(n_buckets):
            b = bucket_ids[q]
            m = ends[b] - starts[b]
            lbq = bucket_lb(m, d - 1, max_parts)
            if d >= 4:  # (see "Parts inherited")
                lbq = max(lbq, 3 * m - most)
            done[q] = m <= 2 or lbq >= INF
            blb[q] = lbq
            total += lbq
        failed = total >= best
        for q in range(n_buckets):
            if failed:
                break
            if done[q]:
                continue
            b = bucket_ids[q]
            chash = legal_hash
            if hard:
                csums[q] = rule_sum_after(rule_total, greens, mins, g, b, codes)
                chash = seal_rule(csums[q])
            elif lsquare:
                chash = seal_hash(lsums[b], lcounts[b])
            elif ultra:
                chash = span_hash(lmembers, lstarts[b], lstarts[b + 1])
            chashes[q] = chash
            ckey = node_key(seal_hash(sums[b], ends[b] - starts[b]), chash, d - 1)
            entry = get(memo, ckey, -1)
            if entry >= 0:
                v = max(blb[q], entry_value(entry))
                done[q] = (entry & 1) == 1
                total += v - blb[q]
                blb[q] = v
                failed = total >= best
        if not failed:  # the buckets' members, for passes 2 and 3
            if lsquare:
                # (with the patterns kept, each member's place in ``cands``)
                list_members(lscratch, lpos, places if member_rows else cands, members, fill)
                group_split(legal, n_patterns, lmembers, lstarts, lscratch, lplaces)
            else:
                list_members(row, cands, cands, members, fill)
        # pass 2: exact small cases, else at least 2m
        if not failed:
            for q in range(n_buckets):
                if done[q]:
                    continue
                b = bucket_ids[q]
                m = ends[b] - starts[b]
                v = 0
                if m - 1 <= max_parts:
                    if member_rows:  # (places in ``cands``, and ``lpos`` their places in ``legal``)
                        v, _ = small_value(members[starts[b] : ends[b]], d - 1, scanned_by_guess, lpos, small_counts)
                    else:
                        v, _ = small_value(members[starts[b] : ends[b]], d - 1, table, s.ans2allowed, small_counts)
                if v > 0:
                    stats[STAT_SMALL] += 1
                    done[q] = True
                else:
                    v = max(blb[q], 2 * m)
                total += v - blb[q]
                blb[q] = v
                if total >= best:
                    failed = True
                    break
        if failed:
            stats[STAT_BOUND_CUT] += 1
        # pass 3: search the buckets left, smallest first
        if not failed:
            left = 0
            for q in range(n_buckets):
                if not done[q]:
                    left += 1
            order = np.empty(left, np.int64)
            sizes = np.empty(left, np.int64)
            left = 0
            for q in range(n_buckets):
                if not done[q]:
                    order[left] = q
                    b = bucket_ids[q]
                    sizes[left] = ends[b] - starts[b]
                    left += 1
            ranked = np.argsort(sizes, kind="mergesort")
            order = order[ranked]
            sizes = sizes[ranked]
            if left > 0 and not narrowed:
                # (narrowed only with forced < 0: ``guesses`` is ``legal``)
                dominance = n >= s.dominance_min  # (normal mode: else no index)
                if local.shape[0] == 0:
                    kept = narrow(s.by_answer, guesses, glb, cands, not hard)
                else:
                    kept = narrow(local, local_col, glb, rows, not hard)
                before = kept.shape[0]
                if hard:
                    kept = drop_alike(kept, guesses, cands, codes, s.ans2allowed)
                    stats[STAT_ALIKE] += before - kept.shape[0]
                elif dominance:
                    if local.shape[0] == 0:
                        kept = drop_dominated(s.by_answer, guesses, cands, kept, guesses, cands, s)
                    else:
                        kept = drop_dominated(local, local_col, rows, kept, guesses, cands, s)
                    stats[STAT_DOMINATED] += before - kept.shape[0]
                compacting = n >= COMPACT_MIN and n * kept.shape[0] <= COMPACT_MAX_CELLS
                if compacting and not hard:
                    # the guesses passed down, most parts here first (see
                    # "Guesses ordered by their parts")
                    made = 3 * n - glb[kept]
                    most_first = np.argsort(-made, kind="mergesort")
                    kept = kept[most_first]
                    sub_parts = made[most_first]
                elif local_parts.shape[0] > 0:
                    sub_parts = local_parts[kept]  # (still non-increasing)
                sub_legal = guesses[kept]
                if compacting:
                    if local.shape[0] == 0:
                        sub_local = compact(s.by_answer, cands, sub_legal)
                    else:
                        sub_local = compact(local, rows, local_col[kept])
                    sub_row = answer_rows(cands, s.by_answer.shape[0])
                    sub_col = np.arange(kept.shape[0])
                    stats[STAT_COMPACTED] += 1
                elif local.shape[0] > 0:
                    sub_col = local_col[kept]
                narrowed = True
                stats[STAT_NARROWED] += 1
                passed = np.zeros(guesses.shape[0], np.bool_)
                passed[kept] = True
            # hard mode, a forced guess with no bound (an opener's exact
            # total), whose buckets may have no tree at all: ask that first,
            # smallest bucket first; the guess is then INF, not valued (see
            # "No tree at all")
            if hard and left > 0 and sub_index.shape[0] == 0:
                sub_index = legal_index(sub_legal, s.hard_bits.shape[1])
            if hard and s.beam == 0 and forced >= 0 and best >= INF and d >= 3:
                for qq in range(left):
                    q = order[qq]
                    b = bucket_ids[q]
                    child = members[starts[b] : ends[b]].copy()
                    cg, cm = constrain(greens, mins, g, b, codes)
                    if not feasible(
                        child, sub_legal, g, np.int64(b), cg, cm, csums[q], chashes[q], legal_hash, d - 1, s, sub_index
                    ):
                        total = INF
                        failed = True
                        stats[STAT_INFEASIBLE] += 1
                        break
            # a guess against a finite ``best`` (an opener refuted for a
            # table; any guess after the first at a node with many guesses
            # left): every bucket is first proven just above its bound, then
            # the caps grow, so the refutation comes from whichever buckets
            # prove it cheapest (see "Refuting a guess in rounds")
            rounds = forced >= 0 and beta < INF or d >= ROUNDS_MIN_LEFT and best < INF
            # (a forced opener against a table's bound is mostly proven just
            # above it: its rounds start at ``bound + 1``)
            inc = INF if not rounds else 1 if forced >= 0 else s.rounds_step
            # normal mode: the first round of a guess tried picks its buckets
            # by what each is expected to add (see "Buckets picked by their
            # expected gain")
            by_gain = rounds and forced < 0 and not (hard or ultra)
            if by_gain:
                for qq in range(left):
                    visited[order[qq]] = False
            while not failed:
                pending = 0
                for qq in range(left):
                    if by_gain:
                        # the smallest bucket expected to add at least half
                        # of what the guess still needs, else the largest left
                        need = best - total
                        q = -1
                        for t in range(left):
                            c = order[t]
                            if visited[c]:
                                continue
                            q = c
                            if 2 * expected_gain(sizes[t]) >= need:
                                break
                        visited[q] = True
                    else:
                        q = order[qq]
                    if done[q]:
                        continue
                    b = bucket_ids[q]
                    if member_rows:
                        child = cands[members[starts[b] : ends[b]]]
                    else:
                        child = members[starts[b] : ends[b]].copy()
                    child_legal = sub_legal
                    child_col = sub_col
                    child_hash = chashes[q]  # set in pass 1: a bucket left to search was not done there
                    if hard:
                        cg, cm = constrain(greens, mins, g, b, codes)
                        child_path = (g, np.int64(b), cg, cm, csums[q])
                    else:
                        child_path = (child_forced, np.int64(0), greens, mins, rule_total)
                        if ultra:
                            child_legal = lmembers[lstarts[b] : lstarts[b + 1]].copy()
                            # its columns in ``scanned``, or in the table this node
                            # read (with no table passed down, its scan reads the
                            # full one by ``child_legal``)
                            if kept_rows:
                                child_col = lplaces[lstarts[b] : lstarts[b + 1]].copy()
                            elif local.shape[0] > 0:
                                child_col = local_col[lplaces[lstarts[b] : lstarts[b + 1]]]
                    rest = total - blb[q]
                    cap = best - rest
                    if inc < INF:
                        cap = min(cap, blb[q] + inc)
                    v = _solve(
                        child,
                        child_legal,
                        child_path,
                        child_hash,
                        d - 1,
                        cap,
                        child_small_tried,
                        s,
                        sub_local,
                        sub_row,
                        child_col,
                        sub_parts,
                        sub_index,
                    )
                    if v < cap:
                        done[q] = True
                    else:
                        pending += 1
                    total = rest + v
                    blb[q] = v
                    if total >= best:
                        failed = True
                        break
                if pending == 0 or failed:  # every value found, or the guess refuted
                    break
                stats[STAT_ROUNDS] += 1
                inc = min(s.rounds_growth * inc, INF)
                by_gain = False
        if failed:
            refuted = min(refuted, total)
        elif total < best:
            best = total
            best_guess = g
            if best <= node_lb:  # optimality stop
                break

    if best_guess >= 0:
        if forced < 0:
            store(memo, key, best, best_guess, True)
        return best
    bound = refuted if stopped else min(refuted, untried)
    bound = min(max(bound, node_lb), INF)
    if forced < 0:
        store(memo, key, bound, 0, bound >= INF)
    return bound
