"""Cross-check the engine's combat totals against the pure combat module (BI-12, BI-11.4,
BI-18.4) over random Brazil: Imperial games.

Usage: ``python scripts/bi_combat_check.py [GAMES_PER_SEAT_COUNT] [FIRST_SEED]`` (default 2, 0).
For every combat or flag fight whose cards were chosen in a prompt, the totals the engine logged
are recomputed with ``engine.games.brazil_imperial.combat`` from the position just before the
last card choice; prints how many were checked and every disagreement. Combats resolved inside
the move choice itself (no card prompt) are counted but not recomputed.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.games.brazil_imperial import combat as CB
from engine.games.brazil_imperial import scoring as S
from engine.games.brazil_imperial import solo as SO
from engine.games.brazil_imperial.rules import BrazilImperialRules
from engine.games.brazil_imperial.state import copy_state
from engine.rng import Rng
from engine.rules import Config, Event, SeatConfig, resolve_options

RULES = BrazilImperialRules()


def _fighters(st: dict, seat: int, slots: list[int]) -> tuple[CB.Fighter, ...]:
    units = st["units"][seat]
    return tuple(CB.Fighter((seat, s), units[s - 1]["type"], units[s - 1]["str"]) for s in slots)


def predict(pre: dict, ev: Event) -> tuple[int, int | None]:
    """(attacker total, defender total or None for a flag fight) from the position ``pre``
    (combat pending, state.py ``combat``) and the cards named in the event."""
    cb = pre["combat"]
    a, h, kind = cb["att"], cb["hex"], cb["kind"]
    att = CB.Side(
        units=_fighters(pre, a, cb["units"]),
        paintings=tuple(pre["paintings"][a]),
        token=pre["token"][a],
        cards=tuple(ev.args["acards"]),
    )
    if ev.kind == "flag":
        return CB.flag_fight(att, ev.args["flag"]).total, None
    d = ev.args["def"]
    if d == -1:
        flipped = ev.args["dcards"][0] if ev.args["dcards"] else None
        dside = SO.dutch_side(pre["dutch"]["garrison"], True, flipped)
    else:
        entering = set(cb["units"]) if kind == "attack" else set()
        slots = [u["slot"] for u in pre["units"][d] if u["loc"] == h]
        others = [
            s
            for s, us in enumerate(pre["units"])
            for u in us
            if u["loc"] == h and s != d and not (s == a and u["slot"] in entering)
        ]
        tile = pre["tiles"].get(h)
        strength = S.tile_vp(pre, h) if tile and tile["owner"] == d and not others else 0
        dside = CB.Side(
            units=_fighters(pre, d, slots),
            tile=strength,
            paintings=tuple(pre["paintings"][d]),
            token=pre["token"][d],
            cards=tuple(ev.args["dcards"]),
        )
    r = CB.resolve(att, dside, kind, pre["opts"]["winner_losses"] == "narrow")
    return r.attack, r.defence


def play(seats: int, seed: int) -> tuple[int, int, list[str]]:
    """One random game: (combats checked, combats without a card prompt, disagreements)."""
    config = Config(
        tuple(SeatConfig(f"P{i + 1}", "random") for i in range(seats)), resolve_options(RULES)
    )
    st = RULES.setup(config, Rng.seeded(seed))
    pick = Rng.seeded(seed + 7)
    checked = skipped = 0
    bad: list[str] = []
    while st["phase"] != "over":
        seat = RULES.waiting(st)[0]
        choices = RULES.prompt(st, seat).choices
        pre = copy_state(st) if st.get("combat") else None
        for ev in RULES.apply(st, seat, choices[pick.randbelow(len(choices))].id, Rng(st["rng"])):
            if ev.kind not in ("combat", "flag"):
                continue
            if pre is None:
                skipped += 1
                continue
            checked += 1
            want = (ev.args["att"], ev.args.get("dfn") if ev.kind == "combat" else None)
            got = predict(pre, ev)
            if got != want:
                bad.append(f"seats {seats} seed {seed}: {ev.kind} {ev.args} -> module {got}")
    return checked, skipped, bad


def main(argv: list[str]) -> int:
    games = int(argv[1]) if len(argv) > 1 else 2
    first = int(argv[2]) if len(argv) > 2 else 0
    t0 = time.perf_counter()
    checked = skipped = 0
    bad: list[str] = []
    for seats in (1, 2, 3, 4):
        for seed in range(first, first + games):
            c, s, b = play(seats, seed)
            checked, skipped, bad = checked + c, skipped + s, bad + b
    secs = time.perf_counter() - t0
    print(f"{4 * games} games, {checked} combats checked, {skipped} without a card prompt, "
          f"{len(bad)} disagreements, {secs:.1f} s")  # fmt: skip
    for line in bad:
        print(line)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
