"""Whole random games checked after every step against invariants stated by the rulings:

* IS-3.6, IS-1.2: 8 Squadrons per side in exactly one place (map, Navy Box, Unbuilt, parked, removed).
* IS-3.4.1: the 41 Event cards each in exactly one pile (draw, discard, removed, aside, hands).
* IS-3.3: the 24 Investment tiles each in exactly one of stack / available / used.
* IS-3.7a, IS-3.7b: each side's 16 Basic tiles in exactly one of theaters / pool / out of the game;
  IS-5.6.1a: at most 2 Bonus tiles of a side per theater (Atlantic Dominance aside).
* IS-3.8: Conflict markers only on Markets and Political spaces, never on unavailable ones;
  IS-3.2.5: Damaged markers only on built Forts; IS-MIN09/IS-10.1: Huguenots only on French
  Territories.
* IS-6.1, IS-6.3a: 0 ≤ Debt ≤ Debt Limit; TRP ≥ 0; IS-8.1: Advantage holders follow the flags.
* IS-4.1.9: at most 4 Action Rounds per side per turn.
* IS-3.5: a Ministry card in at most one slot; a removed M-4 in none.
* IS-2.4: the end matches its reason (thresholds, Final Scoring values).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from is_helpers import BR, FR, B, S, rules

from engine.rng import Rng
from engine.rules import Config, SeatConfig

CODE_WORD = {0: "france", 1: "britain"}


def in_frames(st, prefix: str) -> set[str]:
    """Tile ids starting with ``prefix`` held in decision frames (a tile in hand mid-step)."""
    found: set[str] = set()

    def walk(x):
        if isinstance(x, str) and x.startswith(prefix):
            found.add(x)
        elif isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(st["stack"])
    return found


def check(st) -> None:
    board = B()
    for side in (FR, BR):
        on_map = sum(1 for v in st["squadrons"].values() if v == side)
        parked = sum(n for s, n, _ti in st["parked"] if s == side)
        total = on_map + st["navy"][side] + st["unbuilt"][side] + st["sq_removed"][side] + parked
        assert total == 8, f"IS-3.6: side {side} has {total} Squadrons"
        assert 0 <= st["debt"][side] <= st["limit"][side], "IS-6.1: Debt outside 0..Limit"
        assert st["trp"][side] >= 0
        assert st["rounds_done"][side] <= 4
    cards = [*st["deck"], *st["discard"], *st["removed"], *st["aside"], *st["hands"][0]]
    cards += st["hands"][1]
    rd = st.get("round")
    if rd and rd.get("event") is not None and rd["event"] not in cards:
        cards.append(rd["event"])  # being resolved (IS-5.2 step 5 removes it afterwards)
    assert sorted(cards) == list(range(1, 42)), "IS-3.4.1: Event cards lost or doubled"
    tiles = [*st["inv_stack"], *st["inv_avail"], *st["inv_used"]]
    assert sorted(tiles) == list(range(24)), "IS-3.3: Investment tiles lost or doubled"
    for s in st["conflict"]:
        assert board.kind_of(s) in ("market", "political"), f"IS-3.8: marker on {s}"
        assert S().available(st, s), f"IS-3.2.1c: marker on unavailable {s}"
    for s in st["damaged"]:
        assert board.kind_of(s) == "fort" and st["flags"].get(s) in (0, 1), f"damaged {s}"
    for s in st["huguenots"]:
        assert board.kind_of(s) == "territory" and st["flags"].get(s) == FR, f"Huguenots {s}"
    for adv, rec in board.ADVANTAGES.items():
        owners = {S().owner(st, s) for s in rec["connected_spaces"]}
        want = owners.pop() if len(owners) == 1 else None
        want = want if want in (FR, BR) else None
        assert st["adv_holder"].get(adv) == want, f"IS-8.1: {adv}"
    slots = [s["card"] for side in (FR, BR) for s in st["min_slots"][side] if s["card"]]
    assert len(slots) == len(set(slots)), "IS-3.5: a Ministry card in two slots"
    if "M-4" in st["min_removed"]:
        assert "M-4" not in slots
    w = st.get("war")
    if w:
        for side, pre in ((FR, "fr_b"), (BR, "br_b")):
            placed = [t for th in w["theaters"].values() for t in th["basic"][side]]
            allb = Counter([*placed, *w["basic_pool"][side], *w["basic_out"][side]])
            for t in in_frames(st, pre):  # a drawn tile held by an Upgrade step (IS-17.8)
                allb[t] += 0 if t in allb else 1
            assert sorted(allb) == sorted(f"{pre}{k:02d}" for k in range(16))
            assert max(allb.values()) == 1, "IS-3.7b: a Basic tile in two places"
            for n, th in w["theaters"].items():
                assert len(th["bonus"][side]) <= 2, f"IS-5.6.1a: theater {n} side {side}"
            word = CODE_WORD[side]
            pre_o = f"{w['id']}_{word}_"
            bonus = [t for th in w["theaters"].values() for t in th["bonus"][side]]
            allo = Counter([*bonus, *w["bonus_pool"][side]])
            for t in in_frames(st, pre_o):
                allo[t] += 0 if t in allo else 1
            assert sorted(allo) == sorted(f"{pre_o}{k}" for k in range(12)), "IS-3.7b bonus"
            assert max(allo.values()) == 1, "IS-3.7b: a Bonus tile in two places"


def play(seed: int) -> dict:
    r = rules()
    opts = {o.key: o.default for o in r.options}
    cfg = Config((SeatConfig("A", "random"), SeatConfig("B", "random")), opts)
    st = r.setup(cfg, Rng.seeded(seed))
    rnd = random.Random(seed)
    check(st)
    for step in range(30_000):
        if r.outcome(st) is not None:
            return st
        seat = r.waiting(st)[0]
        p = r.prompt(st, seat)
        assert p is not None and p.choices, "dead end: a waiting seat with no choice"
        r.apply(st, seat, rnd.choice(p.choices).id, Rng.seeded(step))
        check(st)
    raise AssertionError("game did not end")


@pytest.mark.parametrize("seed", range(6))
def test_is_random_game_invariants(seed):
    """A whole random game keeps every invariant, ends, and its end matches IS-2.4."""
    st = play(seed)
    assert st["over"] is True
    vp, reason, win = st["vp"], st["reason"], st["winner"]
    if reason == "vp_threshold":
        assert (win == FR and vp >= 30) or (win == BR and vp <= 0)
    elif reason == "final":
        assert S().turn_id(st) == "T6"
        assert (win == FR and vp >= 16) or (win == BR and vp <= 14)
    elif reason in ("final_tiebreak", "final_britain_tie"):
        assert vp == 15
    else:
        assert reason in ("sweep_peace", "sweep_war")


ALL_OPTIONS_ON = {
    "spanish_empire": "on",
    "military_planning_swap": "on",
    "military_planning_deal": "on",
    "tougher_forts": "on",
    "midturn_draw_reshuffle": "on",
    "set_to_one_flat": "on",
    "damaged_fort_anchor": "off",
    "conflicted_market_adjacency": "on",
    "war_unflag_conflicted": "on",
    "war_squadron_scope": "region",
    "voltaire_timing": "if_awarded",
    "strict_action_sequence": "off",
    "autowin_includes_prestige": "on",
}


@pytest.mark.parametrize("seed", range(3))
def test_is_random_game_invariants_with_every_option_changed(seed):
    """IS-18: the same invariants hold with every rule option away from its default (IS-V05
    bidding aside): Spanish flags start on the three Markets (IS-V01)."""
    r = rules()
    opts = {o.key: o.default for o in r.options}
    opts.update(ALL_OPTIONS_ON)
    cfg = Config((SeatConfig("A", "random"), SeatConfig("B", "random")), opts)
    st = r.setup(cfg, Rng.seeded(100 + seed))
    assert {s for s, c in st["flags"].items() if c == 3} == {
        "havana",
        "santiago",
        "puerto_principe",
    }
    rnd = random.Random(seed)
    for step in range(30_000):
        if r.outcome(st) is not None:
            break
        seat = r.waiting(st)[0]
        p = r.prompt(st, seat)
        r.apply(st, seat, rnd.choice(p.choices).id, Rng.seeded(step))
        check(st)
    assert st["over"] is True
