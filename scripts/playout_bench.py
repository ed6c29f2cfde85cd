"""Playout rates of every game on one core: what bounds the search bots (issue 18).

Usage::

    .venv/bin/python scripts/playout_bench.py                 # every game, 3 s each
    .venv/bin/python scripts/playout_bench.py imperium --seconds 10

For each game, from positions of a heuristic-bot match (every 10th decision of the first 200,
so openings and middle games both count), one *playout* is ``rules.determinize`` from the
deciding seat plus uniformly random choices through ``rules.apply`` to the end of the match, or
for Imperial Struggle to the search's cut-off (``engine.ai.levels.TUNING``, decisions). Rates
are playouts per second of CPU time (``time.thread_time``, the one thread that plays), so a loaded machine
lowers them less than wall-clock rates; the wall rate is printed too. The last columns are the
search's own rate: ISMCTS iterations per CPU second with the ``bot:hard`` settings (cut-off
rollouts plus the evaluation).

Targets (issue 18): iMperium >= 2,000/s, Mausoleum >= 300/s, Res Publica >= 100/s, Imperial
Struggle >= 100/s to the cut-off.

The "fast step" column is the same playouts through the game's fast playout step
(``engine.ai.playouts.FAST``: no prompt labels, no legality check), which the search uses.
Res Publica's fast step is for rollouts only: it chooses whole statements (a one-card request
or offer of each type, a one-card answer, a whole card selection: the ``req:`` / ``off:`` /
``resp:`` / ``give:`` shortcuts of its README) instead of composing them token by token, so
its random games are shorter (about 300-700 decisions instead of about 1,450) — a different
random policy over the same rules, checked choice by choice against ``rules.apply`` in
tests/ai/test_playouts.py.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import registry  # noqa: E402
from engine.ai import decide  # noqa: E402
from engine.ai.levels import TUNING  # noqa: E402
from engine.ai.playouts import Stepper  # noqa: E402
from engine.rng import Rng  # noqa: E402
from engine.rules import Config, SeatConfig, State, resolve_options  # noqa: E402

SEATS = {"imperium": 2, "mausoleum": 4, "res_publica": 4, "imperial_struggle": 2}
TARGET = {"imperium": 2000, "mausoleum": 300, "res_publica": 100, "imperial_struggle": 100}
CUT = {"imperial_struggle"}
"""Games measured to the cut-off rather than to the end."""


def positions(game: str, seed: int) -> list[tuple[State, int]]:
    """``(state, deciding seat)`` at every 10th decision of a bot match (first 200)."""
    rules = registry.get(game)
    kinds = registry.bot_kinds(game)
    kind = "bot" if "bot" in kinds else "random"
    n = SEATS[game]
    st = rules.setup(
        Config(tuple(SeatConfig(f"P{i}", kind) for i in range(n)), resolve_options(rules)),
        Rng.seeded(seed),
    )
    bot, rng, out = registry.make_bot(game, kind), Rng.seeded(seed + 1), []
    for k in range(200):
        waiting = rules.waiting(st)
        if not waiting:
            break
        seat = waiting[0]
        if k % 10 == 0:
            out.append((rules.clone(st), seat))
        rules.apply(st, seat, decide(bot, rules, st, seat, rng), Rng(st["rng"]))
    return out


def playouts(
    game: str, pos: list[tuple[State, int]], seconds: float, stepper: Stepper, cap: int | None
) -> tuple[float, float, float]:
    """Random playouts from ``pos`` (in turn) for ``seconds`` of CPU time through
    ``stepper``: (playouts per CPU second, per wall second, decisions per playout)."""
    rules = registry.get(game)
    rng = Rng.seeded(11)
    ids, step = stepper.ids, stepper.apply
    c0, w0 = time.thread_time(), time.perf_counter()
    done = steps = 0
    while time.thread_time() - c0 < seconds:
        st, seat = pos[done % len(pos)]
        world = rules.determinize(st, seat, rng)
        step_rng = Rng(world["rng"])
        k = 0
        while cap is None or k < cap:
            waiting = rules.waiting(world)
            if not waiting:
                break
            choices = ids(world, waiting[0])
            step(world, waiting[0], choices[rng.randbelow(len(choices))], step_rng)
            k += 1
        steps += k
        done += 1
    cpu, wall = time.thread_time() - c0, time.perf_counter() - w0
    return done / cpu, done / wall, steps / max(1, done)


def bench(game: str, seconds: float) -> dict[str, float]:
    """Playouts (rules contract, and the game's fast step when it has one) and search
    iterations per CPU second for ``game``."""
    rules = registry.get(game)
    cap = TUNING.get(game, {}).get("rollout_cap") if game in CUT else None
    pos = positions(game, 7)
    rng = Rng.seeded(11)
    rate, wall_rate, steps = playouts(game, pos, seconds, Stepper(rules), cap)
    fast = Stepper(rules, game)
    fast_rate = playouts(game, pos, seconds, fast, cap)[0] if fast.fast else 0.0
    # the search itself with the hard level's settings
    bot = registry.make_bot(game, "bot:hard") if "bot:hard" in registry.bot_kinds(game) else None
    its = 0
    c1 = time.thread_time()
    for st, seat in pos:
        if bot is None or time.thread_time() - c1 > seconds:
            break
        if rules.prompt(st, seat) is None or len(rules.prompt(st, seat).choices) < 2:
            continue
        bot.iterations, bot.seconds = 100, None
        bot.choose(rules, rules.determinize(st, seat, rng), seat, rules.prompt(st, seat), rng)
        its += bot.last.iterations if bot.last else 0
    scpu = time.thread_time() - c1
    return {
        "rate": rate,
        "wall_rate": wall_rate,
        "steps": steps,
        "fast_rate": fast_rate,
        "search_rate": its / scpu if its else 0.0,
    }


def main(argv: list[str] | None = None) -> None:
    """Print one line per game (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("games", nargs="*", default=list(SEATS))
    ap.add_argument("--seconds", type=float, default=3.0)
    a = ap.parse_args(argv)
    print(
        "| game | playouts/s (CPU) | wall | fast step (CPU) | decisions each | target | met "
        "| search it/s (CPU) |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for game in a.games:
        r = bench(game, a.seconds)
        to = f"to cut-off {TUNING[game]['rollout_cap']}" if game in CUT else "to the end"
        best = max(r["rate"], r["fast_rate"])
        fast = f"{r['fast_rate']:.0f}" if r["fast_rate"] else "-"
        print(
            f"| {game} | {r['rate']:.0f} | {r['wall_rate']:.0f} | {fast} | {r['steps']:.0f} "
            f"({to}) | {TARGET[game]} | {'yes' if best >= TARGET[game] else 'no'} | "
            f"{r['search_rate']:.0f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
