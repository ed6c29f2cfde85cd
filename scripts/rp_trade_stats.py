"""How the Res Publica bots trade with each other: bot-only headless matches (engine.session).

Usage::

    .venv/bin/python scripts/rp_trade_stats.py --matches 200 --seats 4

Match ``i`` uses seed ``--seed + i``; every seat is ``"bot"``. From the match events it counts,
per statement mode (request RP-4.2 / offer), how many statements were made, how many got at
least one answer (RP-4.5), how many ended in an exchange (RP-4.10) and how many were answered
but rejected (RP-4.8); the most common statements and answers; the mean number of turns with
no statement at all; the mean score per seat and of the winner (RP-9); sets displayed per game
(RP-6); and how the games ended (RP-7.6 last civilization card, RP-8.6 stall guard, RP-8.7 turn
cap). It also prints the bots' mean and max decision time (``evalkit.py``).

To measure another checkout's bot, copy this script (and ``evalkit.py``) into that checkout's
``scripts/`` and run it there: it imports the ``engine`` next to it. With ``--rivals DIR`` (a
checkout, e.g. a worktree of main) one seat, rotating with the match number, plays this
checkout's bot and the others play the bot of ``DIR``'s ``engine/games/res_publica`` (loaded as
a separate package); it then also prints that seat's wins and mean margin over the best rival.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from evalkit import TimedSeats, Times, timing, timing_line  # noqa: E402

from engine.ai import decide  # noqa: E402
from engine.rules import SeatConfig  # noqa: E402
from engine.session import new_match  # noqa: E402


def load_rival_bot(root: str):
    """The bot class of the Res Publica package under checkout ``root``, imported as the
    separate package ``rp_rivals`` (its modules do not replace this checkout's)."""
    pkg = Path(root) / "engine" / "games" / "res_publica"
    spec = importlib.util.spec_from_file_location(
        "rp_rivals", pkg / "__init__.py", submodule_search_locations=[str(pkg)]
    )
    if spec is None or spec.loader is None:
        raise SystemExit(f"no Res Publica package under {root}")
    mod = importlib.util.module_from_spec(spec)
    sys.modules["rp_rivals"] = mod
    spec.loader.exec_module(mod)
    return mod.BOTS["bot"]


class HeroSeats(TimedSeats):
    """Seat ``hero`` plays this checkout's bot (timed), every other seat a ``rival()``."""

    def __init__(self, match, times: Times, rival, hero: int):
        super().__init__(match, times)
        self.hero = hero
        for s in self.bots:
            if s != hero:
                self.bots[s] = rival()

    def choose(self, seat: int) -> str:
        """The seat's choice; only the hero's decisions are timed."""
        if seat == self.hero:
            return super().choose(seat)
        return decide(self.bots[seat], self.match.rules, self.match.state, seat, self.rngs[seat])


def play_match(seed: int, seats: int, times: Times, rival=None, hero: int = -1) -> dict:
    """One bot-only match; returns its statements (``[mode, spec, answers, exchanged]``), how
    it ended, its length, the totals, the winners and the sets displayed. With ``rival`` (a
    bot class) every seat but ``hero`` plays that bot (not timed)."""
    cfg = [SeatConfig(f"P{i + 1}", "bot") for i in range(seats)]
    match = new_match("res_publica", cfg, {}, seed=seed)
    bots = TimedSeats(match, times) if rival is None else HeroSeats(match, times, rival, hero)
    stmts: list[list] = []
    end = "?"
    sets = 0
    steps = 0
    while not match.over:
        seat = bots.next_seat()
        if seat is None:
            raise RuntimeError(f"seed {seed}: dead end")
        for e in match.act(seat, bots.choose(seat)) or ():
            kind = getattr(e, "kind", None)
            if kind == "statement":
                stmts.append([e.args["mode"], e.args["spec"], [], False])
            elif kind == "respond" and stmts:
                stmts[-1][2].append(e.args["spec"])
            elif kind == "exchange" and stmts:
                stmts[-1][3] = True
            elif kind == "final_round":
                end = e.args["why"]
            elif kind in ("display", "final_display") and e.args.get("type") is not None:
                sets += 1
        steps += 1
        if steps > 500_000:
            raise RuntimeError(f"seed {seed}: no end")
    st = match.state
    out = match.rules.outcome(st)
    return {
        "stmts": stmts,
        "end": end,
        "turns": st["turn"],
        "totals": list(out.scores),
        "winners": list(st["winners"]),
        "sets": sets,
    }


def run(matches: int, seats: int, seed: int, rivals: str | None = None) -> dict:
    """Play ``matches`` bot-only matches (with ``rivals``: one seat this bot, the others that
    checkout's); returns the summary numbers."""
    rival = load_rival_bot(rivals) if rivals else None
    wins = 0
    margin = edge = 0.0
    times: Times = []
    made: Counter[str] = Counter()
    answered: Counter[str] = Counter()
    exchanged: Counter[str] = Counter()
    specs: Counter[str] = Counter()
    answers: Counter[str] = Counter()
    ends: Counter[str] = Counter()
    turns = scores = best = sets = silent = 0.0
    for i in range(matches):
        hero = i % seats
        r = play_match(seed + i, seats, times, rival, hero)
        wins += hero in r["winners"]
        tot = r["totals"]
        rest = [t for s, t in enumerate(tot) if s != hero]
        margin += tot[hero] - max(rest)
        edge += tot[hero] - sum(rest) / len(rest)
        for mode, spec, resp, done in r["stmts"]:
            made[mode] += 1
            answered[mode] += bool(resp)
            exchanged[mode] += done
            specs[f"{mode} {spec}"] += 1
            answers.update(resp)
        silent += r["turns"] - len(r["stmts"])
        ends[r["end"]] += 1
        turns += r["turns"]
        scores += sum(r["totals"]) / seats
        best += max(r["totals"])
        sets += r["sets"]
    n = max(1, matches)
    return {
        "matches": matches,
        "made": made,
        "answered": answered,
        "exchanged": exchanged,
        "specs": specs,
        "answers": answers,
        "ends": ends,
        "turns": turns / n,
        "silent": silent / n,
        "score": scores / n,
        "best": best / n,
        "sets": sets / n,
        "wins": wins,
        "margin": margin / n,
        "edge": edge / n,
        **timing(times),
    }


def _pct(a: int, b: int) -> str:
    return f"{100 * a / b:5.1f}%" if b else "    -"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--matches", type=int, default=20)
    ap.add_argument("--seats", type=int, default=4, help="3-5 seats (RP-1.1)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the first match")
    ap.add_argument("--rivals", help="a checkout whose bot plays every seat but one")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    r = run(args.matches, args.seats, args.seed, args.rivals)
    print(
        f"Res Publica, {args.seats} bot seats: {r['matches']} matches, "
        f"seeds {args.seed}..{args.seed + args.matches - 1}"
    )
    print("| statements | per match | answered | exchanged | answered, rejected |")
    print("|---|---|---|---|---|")
    for mode in ("request", "offer"):
        m, a, x = r["made"][mode], r["answered"][mode], r["exchanged"][mode]
        print(
            f"| {mode} | {m / max(1, r['matches']):.1f} | {_pct(a, m)} | {_pct(x, m)} "
            f"| {_pct(a - x, m)} |"
        )
    print(
        f"| turns | {r['turns']:.1f} per match, {r['silent']:.1f} without a statement | "
        f"mean score {r['score']:.1f} | winner {r['best']:.1f} | sets {r['sets']:.1f} |"
    )
    ends = ", ".join(f"{k} {v}" for k, v in sorted(r["ends"].items()))
    print(f"ends (civ = last civilization card, stall = stall guard, cap = turn cap): {ends}")
    print("top statements:", ", ".join(f"{k} {v}" for k, v in r["specs"].most_common(6)))
    print("top answers:", ", ".join(f"{k} {v}" for k, v in r["answers"].most_common(6)))
    if args.rivals:
        print(
            f"this bot (one seat, rotating) vs {args.seats - 1} x {args.rivals}'s bot: wins "
            f"{r['wins']}/{r['matches']} ({_pct(r['wins'], r['matches']).strip()}; even is "
            f"{100 / args.seats:.0f}%), mean margin over the best rival {r['margin']:+.1f}, "
            f"over the rivals' mean {r['edge']:+.2f} points"
        )
    print(f"{timing_line(r)}; {time.perf_counter() - t0:.0f}s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
