"""Regenerate src/wordlelab/data/openings.json: the ranked openers of the
deterministic partition strategies on the built-in lists, in every mode,
so that `wordlelab suggest` answers the first turn without any computation.

    .venv/bin/python scripts/make_openings.py
"""

from __future__ import annotations

import json
from pathlib import Path

from wordlelab.game import Session, opening_entry
from wordlelab.strategies import get_strategy

LISTS = ["original", "original-order", "nyt", "nyt-2023"]
STRATEGIES = ["entropy", "expected-size", "most-parts", "minimax"]


def main() -> None:
    from wordlelab import load_wordlist

    out: dict[str, object] = {}
    for name in LISTS:
        wl = load_wordlist(name)
        for mode in ("normal", "hard", "ultra"):
            session = Session(wl, rules=mode)
            for strat in STRATEGIES:
                for opts in ({}, {"candidates_only": True}):
                    key, entry = opening_entry(session, get_strategy(strat, **opts))
                    out[key] = entry
    path = Path(__file__).parents[1] / "src" / "wordlelab" / "data" / "openings.json"
    path.write_text(json.dumps(out, indent=0, sort_keys=True) + "\n", "utf-8")
    print(f"wrote {len(out)} openings to {path}")


if __name__ == "__main__":
    main()
