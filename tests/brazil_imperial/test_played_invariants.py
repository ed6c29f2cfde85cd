"""Invariants of the rulings checked on positions reached by random play, at every seat count:
tiles only on existing land hexes (BI-1.2, BI-6.8), owners never adjacent (BI-6.17), units only
on map hexes (BI-1.8) and one player per hex after combat (BI-10.6), mission and palace
eligibility (BI-14.3, BI-15.2), and the final score and winners (BI-17.3, BI-17.4).

One game per seat count here (the benchmark scripts play many more)."""

from __future__ import annotations

import pytest
from brazil_positions import P1, P2, blank, building, put

from engine.games.brazil_imperial import hexes as H
from engine.games.brazil_imperial import missions as M
from engine.games.brazil_imperial import scoring as S
from engine.games.brazil_imperial.rules import BrazilImperialRules
from engine.rng import Rng
from engine.rules import Config, SeatConfig, resolve_options

RULES = BrazilImperialRules()


def problems(st) -> list[str]:
    """Every broken invariant in ``st`` (empty when all hold)."""
    out = []
    m = H.MAPS[st["map"]]
    owners: dict[H.Hex, int] = {}
    for h, t in st["tiles"].items():
        hh = H.parse_key(h)
        if hh not in m or m.printed(hh) == "lake":
            out.append(f"tile on {h}: not land")
        owners[hh] = t["owner"]
    for s, cap in enumerate(st["capital"]):
        if cap:
            owners[H.parse_key(cap)] = s
    if st.get("dutch"):
        owners[H.parse_key(st["dutch"]["hex"])] = -1
    for h, o in owners.items():
        for n in m.map_neighbours(h):
            if owners.get(n, o) != o:
                out.append(f"BI-6.17: owners {o} and {owners[n]} adjacent at {h} {n}")
    seats_on: dict[str, set[int]] = {}
    for s, units in enumerate(st["units"]):
        for u in units:
            if u["loc"] in M.OFF_MAP:
                continue
            if H.parse_key(u["loc"]) not in m:
                out.append(f"unit of seat {s} off the map at {u['loc']}")
            seats_on.setdefault(u["loc"], set()).add(s)
    if not st.get("combat"):
        out += [f"BI-10.6: seats {ss} share {h}" for h, ss in seats_on.items() if len(ss) > 1]
    for s in range(st["n"]):
        out += [f"revealable {mid} already revealed" for mid in M.revealable(st, s)
                if mid in st["revealed"][s]]  # fmt: skip
        for pid, hexes in M.palace_sites(st, s).items():
            out += [f"palace {pid} site {h} not own" for h in hexes
                    if st["tiles"][h]["owner"] != s or M.controller(st, h) != s]  # fmt: skip
    return out


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_invariants_hold_through_a_random_game(seats):
    config = Config(tuple(SeatConfig(f"P{i + 1}", "random") for i in range(seats)),
                    resolve_options(RULES))  # fmt: skip
    st = RULES.setup(config, Rng.seeded(seats))
    pick = Rng.seeded(100 + seats)
    steps = 0
    while st["phase"] != "over":
        seat = RULES.waiting(st)[0]
        choices = RULES.prompt(st, seat).choices
        RULES.apply(st, seat, choices[pick.randbelow(len(choices))].id, Rng(st["rng"]))
        steps += 1
        assert steps < 20_000
        if st["phase"] == "play" and steps % 4 == 0:
            assert problems(st) == [], steps
    assert problems(st) == []
    scores = S.final_scores(st)
    for sc in scores:
        assert sc["total"] == sum(sc[c] for c in S.CATEGORIES)
    if seats > 1:
        assert st["result"]["scores"] == [sc["total"] for sc in scores]
        assert sorted(st["result"]["winners"]) == S.winners(st)


def test_problems_reports_adjacent_owners_and_shared_hexes():
    """The checker itself fails on a broken position (BI-6.17, BI-10.6)."""
    st = blank()
    building(st, "0,0", "farm", P1)
    building(st, "1,0", "farm", P2)
    put(st, P1, 1, "2,2")
    put(st, P2, 1, "2,2")
    found = problems(st)
    assert any(p.startswith("BI-6.17") for p in found)
    assert any(p.startswith("BI-10.6") for p in found)
