"""Benchmark: how long each command takes to answer, start-up included.

Runs each command as a fresh process ``--repeat`` times (the `wordlelab` console
script of the interpreter running this script, the shipped caches warm) and
prints the minimum and the median wall time, and the minimum CPU time (user +
system) of the process.  The minimum is the figure to compare: other work on
the machine only ever adds to a run; the CPU time moves less than the wall time
when the machine is shared.  ``python -c pass`` and ``pip --version`` are
printed for scale.

    .venv/bin/python bench/bench_startup.py [--repeat 9] [--importtime]

``--importtime`` also prints the ten slowest imports of ``wordlelab --help``
(``python -X importtime``, cumulative microseconds), to see what a command
still pays for.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

#: the commands timed, as typed after ``wordlelab``; the first ones are the
#: light commands that should not pay for numpy, numba, the search or the web
COMMANDS = [
    ["--help"],
    ["--version"],
    ["feedback", "speed", "erase"],
    ["lists"],
    ["strategies"],
    ["openers", "--rank", "salet"],
    ["solve", "cigar"],
]


def wordlelab() -> list[str]:
    """The command line that starts `wordlelab`: the console script beside this
    interpreter, else ``python -m wordlelab``."""
    script = Path(sys.executable).with_name("wordlelab")
    return [str(script)] if script.exists() else [sys.executable, "-m", "wordlelab"]


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(argv: list[str], repeat: int) -> tuple[float, float, float, int]:
    """Min and median wall seconds of ``repeat`` runs, the min CPU seconds, and
    the last exit status."""
    times, cpu = [], []
    code = 0
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), _children_cpu()
        code = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False).returncode
        times.append(time.perf_counter() - start)
        cpu.append(_children_cpu() - start_cpu)
    return min(times), statistics.median(times), min(cpu), code


def slowest_imports(argv: list[str], n: int = 10) -> list[tuple[int, str]]:
    """The ``n`` imports with the largest cumulative time while ``argv`` runs."""
    env = dict(os.environ, PYTHONPROFILEIMPORTTIME="1")
    err = subprocess.run(argv, env=env, capture_output=True, text=True, check=False).stderr
    rows = []
    for line in err.splitlines():
        parts = line.removeprefix("import time:").split("|")
        if len(parts) == 3 and parts[1].strip().isdigit():
            rows.append((int(parts[1]), parts[2].strip()))
    return sorted(rows, reverse=True)[:n]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=9, help="runs of each command (default 9)")
    ap.add_argument("--importtime", action="store_true", help="also list the slowest imports of --help")
    args = ap.parse_args()

    base = wordlelab()
    print(f"load average before: {os.getloadavg()[0]:.2f} (other work on the machine inflates wall times)")
    print(f"{'command':<40} {'min':>8} {'median':>8} {'cpu min':>8}")
    scale = [[sys.executable, "-c", "pass"]]
    pip = shutil.which("pip", path=str(Path(sys.executable).parent))
    if pip:
        scale.append([pip, "--version"])
    for argv in scale:
        low, mid, cpu, _ = timed(argv, args.repeat)
        print(f"{Path(argv[0]).name + ' ' + ' '.join(argv[1:]):<40} {low:8.3f} {mid:8.3f} {cpu:8.3f}")
    for cmd in COMMANDS:
        low, mid, cpu, code = timed(base + cmd, args.repeat)
        note = "" if code == 0 else f"  (exit {code})"
        print(f"{'wordlelab ' + ' '.join(cmd):<40} {low:8.3f} {mid:8.3f} {cpu:8.3f}{note}")
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    if args.importtime:
        print("slowest imports of `wordlelab --help` (cumulative, ms):")
        for us, name in slowest_imports(base + ["--help"]):
            print(f"  {us / 1000:8.1f}  {name}")


if __name__ == "__main__":
    main()
