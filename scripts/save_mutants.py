"""Mutated saves of every game, and what Imperia makes of each (issue 14's benchmark).

    python scripts/save_mutants.py              # 10,000 mutants
    python scripts/save_mutants.py -n 2000 --seed 3

Builds one closed teaching save per game (format 4, ending in a snapshot check, with take-backs
and chat lines), mutates them (bit flips, inserted and deleted bytes, truncations, swapped,
duplicated and dropped records, zero-filled tails, edited headers with and without a fixed
checksum), loads each by the full replay and from its snapshot, and prints the count of each
outcome. Good: same (the original's state), prefix (a reported torn or
zero-filled tail, or a cut at a record boundary), refused (one line, file unchanged). Bad, the
goal is 0: different (a silently different state), traceback, modified (a file changed),
multiline (a refusal of more than one line).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from journal_mutants import BAD, SEATS, make_save, run  # noqa: E402


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("-n", type=int, default=10_000, help="mutants (default 10,000)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--games", default=",".join(SEATS))
    args = p.parse_args()
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        originals = [make_save(g, folder, seed=args.seed) for g in args.games.split(",")]
        counts = run(originals, args.n, args.seed, folder)
    examples = counts.pop("_examples")
    counts["mutants"] = args.n
    counts["seconds"] = round(time.perf_counter() - t0, 1)
    print(json.dumps(counts))
    for kind, text in examples.items():
        print(f"example {kind}: {text}")
    return 1 if any(counts[k] for k in BAD) else 0


if __name__ == "__main__":
    sys.exit(main())
