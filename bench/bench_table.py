"""Benchmark: build and load the guess x answer pattern table.

Prints, from one run: the numba kernel's build time (first call incl. JIT or
cache load, then best of N), the cached load time (memory-mapped .npy; the
first load in a process also verifies the file's checksum and values, and
what other hashes would cost), the time to check and load a cached optimal
tree, the
plain vectorised NumPy build of the same table, and the ratio.  Also times a
cold `wordlelab suggest` process (opening from the shipped cache) and one with
a history (loads the cached table and runs the entropy kernel).

    .venv/bin/python bench/bench_table.py [--words original] [--repeat 5]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np


def best(fn, repeat: int) -> float:  # type: ignore[no-untyped-def]
    """Best wall time of ``repeat`` calls (also records the CPU time of that call)."""
    times = []
    for _ in range(repeat):
        t, c = time.perf_counter(), time.process_time()
        fn()
        times.append((time.perf_counter() - t, time.process_time() - c))
    wall, cpu = min(times)
    best.cpu = cpu  # type: ignore[attr-defined]
    return wall


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--words", default="original")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--skip-numpy", action="store_true")
    args = ap.parse_args()

    cache = tempfile.mkdtemp(prefix="wordlelab-bench-")
    os.environ["WORDLELAB_CACHE_DIR"] = cache
    import numba

    from wordlelab import load_wordlist, pattern_table
    from wordlelab.kernels import build_pattern_table
    from wordlelab.kernels.reference import pattern_table_numpy
    from wordlelab.table import table_path

    wl = load_wordlist(args.words)
    g, a = wl.allowed_codes, wl.answer_codes
    print(f"lists: {wl!r}; numba threads: {numba.get_num_threads()}; cpus: {os.cpu_count()}")
    print(f"load average before: {os.getloadavg()[0]:.2f} (other work on the machine inflates wall times)")

    t = time.perf_counter()
    ref = build_pattern_table(g, a, len(wl.alphabet))
    print(f"kernel first call (JIT compile or numba cache load + build): {time.perf_counter() - t:.3f} s")
    t_kernel = best(lambda: build_pattern_table(g, a, len(wl.alphabet)), args.repeat)
    print(
        f"kernel build, best of {args.repeat}: {t_kernel:.3f} s wall, {best.cpu:.3f} s CPU "  # type: ignore[attr-defined]
        f"({ref.shape[0]}x{ref.shape[1]} {ref.dtype})"
    )

    t = time.perf_counter()
    pattern_table(wl)  # build + atomic write
    print(
        f"build + atomic write to cache: {time.perf_counter() - t:.3f} s ({table_path(wl).stat().st_size / 1e6:.1f} MB)"
    )
    from wordlelab import cachefile

    def first_load() -> None:  # what a new process pays: checksum + value checks
        cachefile._VERIFIED.clear()
        pattern_table(wl)

    t_first = best(first_load, args.repeat)
    print(
        f"first cached load in a process (mmap + sha256 + value checks), best of {args.repeat}: {t_first * 1000:.1f} ms"
    )
    import hashlib
    import zlib

    data = np.ascontiguousarray(ref).reshape(-1)
    for name, fn in [
        ("sha256", lambda: hashlib.sha256(data).digest()),
        ("blake2b", lambda: hashlib.blake2b(data).digest()),
        ("md5", lambda: hashlib.md5(data).digest()),
        ("crc32", lambda: zlib.crc32(data)),
    ]:
        print(
            f"  {name} of the {data.nbytes / 1e6:.1f} MB, best of {args.repeat}: {best(fn, args.repeat) * 1000:.1f} ms"
        )
    t_load = best(lambda: pattern_table(wl), args.repeat)
    loaded = pattern_table(wl)
    print(f"later cached load (mmap, already verified), best of {args.repeat}: {t_load * 1000:.2f} ms")
    t_touch = best(lambda: np.asarray(pattern_table(wl)).sum(dtype=np.int64), 3)
    print(f"cached load + read every byte: {t_touch * 1000:.1f} ms")
    assert np.array_equal(np.asarray(loaded), ref)

    if not args.skip_numpy:
        t, c = time.perf_counter(), time.process_time()
        nref = pattern_table_numpy(g, a)
        t_np = time.perf_counter() - t
        c_np = time.process_time() - c
        assert np.array_equal(nref, ref)
        print(f"plain vectorised NumPy build (same run): {t_np:.3f} s wall, {c_np:.3f} s CPU")
        print(f"ratio NumPy / kernel: {t_np / t_kernel:.1f}x")

    # a cached optimal tree: the shipped SALET tree written to the cache, then
    # loaded as a new process would (checksum, parse, replay every answer)
    from wordlelab import Session
    from wordlelab.strategies.optimal import Optimal
    from wordlelab.strategies.treestore import TreeStore, shipped_tree

    state = Session(wl).state
    spec = Optimal(start="salet").tree_spec(state)
    shipped = shipped_tree(spec)
    if shipped is not None:
        TreeStore().save(spec, shipped, state.table)

        def tree_load() -> None:
            cachefile._VERIFIED.clear()
            assert TreeStore(shipped=False).load(spec, state.table) is not None

        size = spec.path().stat().st_size / 1e3
        ms = best(tree_load, args.repeat) * 1000
        print(f"cached optimal tree ({size:.0f} KB) checked and loaded, best of {args.repeat}: {ms:.1f} ms")

    exe = Path(sys.executable).with_name("wordlelab")
    for label, extra in [("suggest (opening)", []), ("suggest --history salet:00120", ["--history", "salet:00120"])]:
        t = time.perf_counter()
        subprocess.run([str(exe), "suggest", *extra], check=True, capture_output=True)
        print(f"cold process `wordlelab {label}` (table cached): {time.perf_counter() - t:.3f} s")


if __name__ == "__main__":
    main()
