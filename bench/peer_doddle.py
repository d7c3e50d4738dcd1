"""Side by side with a peer: the ``doddle`` package (PyPI) against wordlelab.

Both play all 2315 answers of the original list, opening with RAISE (doddle always
opens with RAISE in its benchmark, so wordlelab is forced to open with it too,
``start="raise"``), for doddle's MINIMAX and ENTROPY solvers and wordlelab's
``minimax`` and ``entropy`` strategies, in the same run, one after the other.

doddle 1.6.0 needs ``numpy<2`` (with numpy 2 it crashes on ``np.bool8``), so it gets
its own virtual environment, ``bench/.venv-doddle`` (created on first use, git
ignored), and runs in a subprocess there.  Its wall time is split into building
its score matrix (``Doddle(...)`` + ``precompute``) and the games themselves.

Usage: ``.venv/bin/python bench/peer_doddle.py [--solvers MINIMAX,ENTROPY]``.
Other jobs on the machine slow both sides; the load average is printed.

Caveats, printed too: doddle does not cap games at 6 guesses and has no hard mode;
its tie-breaks and its guess list differ from ours in detail, so the means need
not be equal even for the same heuristic.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
VENV = HERE / ".venv-doddle"
PIP_SPEC = ["doddle==1.6.0", "numpy<2"]

# Runs inside the doddle venv; prints one JSON line.
PEER_CODE = r"""
import json, sys, time
from doddle import Doddle
solver = sys.argv[1]
t0 = time.perf_counter()
d = Doddle(size=5, solver_type=solver, lazy_eval=False)
d.histogram_builder.score_matrix.precompute()
t1 = time.perf_counter()
b = d.benchmark("RAISE")
t2 = time.perf_counter()
histogram = {str(k): v for k, v in sorted(b.histogram.items())}
print(json.dumps({"solver": solver, "setup": t1 - t0, "games_s": t2 - t1, "mean": b.mean(),
                  "std": b.std(), "games": b.num_games(), "histogram": histogram}))
"""


def ensure_venv() -> Path:
    python = VENV / "bin" / "python"
    if not python.exists():
        print(f"creating {VENV} and installing {' '.join(PIP_SPEC)} ...", flush=True)
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", *PIP_SPEC], check=True)
    return python


def run_peer(python: Path, solver: str) -> dict[str, object]:
    t0 = time.perf_counter()
    out = subprocess.run([str(python), "-c", PEER_CODE, solver], check=True, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    data: dict[str, object] = json.loads(out.stdout.strip().splitlines()[-1])
    data["wall"] = wall
    return data


def run_ours(solver: str) -> dict[str, object]:
    from wordlelab import load_wordlist, pattern_table
    from wordlelab.simulate import run_benchmark

    name = {"MINIMAX": "minimax", "ENTROPY": "entropy"}[solver]
    t0 = time.perf_counter()
    words = load_wordlist()
    table = pattern_table(words)
    t1 = time.perf_counter()
    first = run_benchmark(words, name, start="raise", table=table)  # includes loading compiled kernels
    r = run_benchmark(words, name, start="raise", table=table)
    assert list(first.guesses) == list(r.guesses)
    return {
        "strategy": name,
        "setup": t1 - t0,
        "first_s": first.seconds,
        "games_s": r.seconds,
        "wall": t1 - t0 + r.seconds,
        "mean": r.mean,
        "std": r.std,
        "games": r.games,
        "histogram": {str(k): v for k, v in r.full_histogram.items()},
    }


def main() -> None:
    ap = argparse.ArgumentParser(description="doddle vs wordlelab on the 2315 answers, both opening RAISE")
    ap.add_argument("--solvers", default="MINIMAX,ENTROPY")
    args = ap.parse_args()
    python = ensure_venv()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for solver in args.solvers.split(","):
        peer = run_peer(python, solver)
        ours = run_ours(solver)
        print(f"\n== {solver} (both open with RAISE; all 2315 answers)")
        print(
            f"doddle 1.6.0   : mean {peer['mean']:.4f} (sd {peer['std']:.3f}) over {peer['games']} games; "
            f"matrix {peer['setup']:.1f} s + games {peer['games_s']:.1f} s = {peer['wall']:.1f} s wall "
            f"(process included)"
        )
        print(f"                 histogram {peer['histogram']}")
        print(
            f"wordlelab      : mean {ours['mean']:.4f} (sd {ours['std']:.3f}) over {ours['games']} games; "
            f"table load {ours['setup']:.2f} s + games {ours['games_s']:.2f} s = {ours['wall']:.2f} s wall "
            f"(first run in the process, with kernel loading: {ours['first_s']:.2f} s)"
        )
        print(f"                 histogram {ours['histogram']}")
        print(
            f"ratio doddle / wordlelab: games {float(peer['games_s']) / float(ours['games_s']):.0f}x, "
            f"end to end {float(peer['wall']) / float(ours['wall']):.0f}x"
        )
        print(f"load average now: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(
        "\nnotes: doddle does not cap games at 6 and has no hard mode; tie-breaks and details of "
        "the heuristics differ, so equal means are not expected. The wordlelab table comes from "
        "its disk cache (build it once with `wordlelab solve cigar`)."
    )


if __name__ == "__main__":
    main()
