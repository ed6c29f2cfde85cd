"""Random-play speed of this checkout beside another one (an older commit), interleaved (issue 17).

Usage: ``.venv/bin/python scripts/bench_base.py --base DIR [--rounds 3] [--steps 3000]
[--games imperium,...]``

``DIR`` is a read-only checkout of the commit to compare with, e.g. the start of issue 17::

    git worktree add --detach /tmp/imperia-base aeb00fb

Each round measures every game in both checkouts one after the other (the order alternates by
round), each figure in a fresh child process whose ``engine`` is imported from that checkout, so
a busy machine slows both alike. The figure is the same code for both (below, ``_CHILD``):
random legal play through ``Match.act`` with the journal written to a file, whole matches from
seeds 0, 1, ..., in steps per CPU second of the child (``time.process_time``), the same as
``imperia bench``'s ``steps_per_s``. Medians over the rounds and the ratio new / base are
printed.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

_CHILD = r"""
import sys, tempfile, time
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from engine import journal as jr, registry
from engine.match import Match
from engine.rng import Rng
from engine.rules import Config, SeatConfig, resolve_options
rules = registry.get(sys.argv[2])
steps = int(sys.argv[3])
done = elapsed = seed = 0
with tempfile.TemporaryDirectory() as tmp:
    while done < steps:
        seats = tuple(SeatConfig(f"P{i + 1}", "human") for i in range(rules.min_seats))
        m = Match(rules, Config(seats, resolve_options(rules)), seed, "teaching")
        writer = jr.JournalWriter.create(Path(tmp) / f"rate-{seed}.imperia", m.header())
        m.sink = writer
        rng = Rng.seeded(seed)
        t0 = time.process_time()
        while not m.over and done < steps:
            waiting = m.waiting()
            seat = waiting[0] if len(waiting) == 1 else waiting[rng.randbelow(len(waiting))]
            choices = m.prompt(seat).choices
            m.act(seat, choices[rng.randbelow(len(choices))].id)
            done += 1
        elapsed += time.process_time() - t0
        writer.close()
        seed += 1
import engine
assert engine.__file__.startswith(sys.argv[1]), engine.__file__
print(done / elapsed)
"""


def rate(tree: Path, game: str, steps: int) -> float:
    """Random-play steps per CPU second of ``game`` in checkout ``tree`` (a child process)."""
    out = subprocess.run(
        [sys.executable, "-c", _CHILD, str(tree), game, str(steps)],
        cwd=tree,
        capture_output=True,
        text=True,
        check=True,
    )
    return float(out.stdout.strip().splitlines()[-1])


def _commit(tree: Path) -> str:
    """The short commit id of checkout ``tree`` ("?" when git cannot tell), plus "+changes"
    when its work tree differs from that commit."""
    try:
        head = subprocess.run(
            ["git", "-C", str(tree), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", str(tree), "status", "--porcelain", "--untracked-files=no"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "?"
    return head + (" +changes" if dirty else "")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", type=Path, required=True, help="checkout to compare with")
    ap.add_argument("--new", type=Path, default=HERE, help="checkout measured (this one)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--steps", type=int, default=3000, help="steps per figure")
    ap.add_argument("--games", default="imperium,mausoleum,res_publica,imperial_struggle")
    args = ap.parse_args(argv)
    games = [g for g in args.games.split(",") if g]
    trees = {"base": args.base.resolve(), "new": args.new.resolve()}
    figures: dict[tuple[str, str], list[float]] = {}
    for r in range(args.rounds):
        order = ("base", "new") if r % 2 == 0 else ("new", "base")
        for g in games:
            for name in order:
                figures.setdefault((g, name), []).append(rate(trees[name], g, args.steps))
        print(f"round {r + 1}/{args.rounds} done", flush=True)
    print(f"\nrandom play through Match.act, steps per CPU second, medians of {args.rounds} rounds")
    for name in ("base", "new"):
        print(f"{name:<4} {trees[name]} ({_commit(trees[name])})")
    print()
    print(f"| {'game':<18} | {'base':>8} | {'new':>8} | {'new/base':>8} |")
    print(f"|{'-' * 20}|{'-' * 9}:|{'-' * 9}:|{'-' * 9}:|")
    for g in games:
        b = statistics.median(figures[(g, "base")])
        n = statistics.median(figures[(g, "new")])
        print(f"| {g:<18} | {b:8.0f} | {n:8.0f} | {n / b:8.2f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
