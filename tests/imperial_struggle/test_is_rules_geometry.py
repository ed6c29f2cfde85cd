"""Market legality and cost on random boards against an independent reading of the rulings:
IS-5.4.1 (connection), IS-5.4.1b (isolation at the round's start, IS-A01 Damaged Forts anchor),
IS-3.2.8 (protection: own Squadron or intact own Fort), IS-5.4.2 (cost: printed or 1 when
Isolated/conflicted, +1 Protected when unflagging, min 1; first purchase: no surcharge).

Each position: every Market, Territory and Fort of North America, the Caribbean and India gets
a random flag (France, Britain or none), a few random Squadrons, Conflict markers and Damaged
Forts; the phasing side takes tile 0 (Major E4) and nothing else happens, so no space has
changed this round. The offered ``shift:`` Markets and their costs must match exactly.
"""

from __future__ import annotations

import random

import pytest
from is_helpers import (
    BR,
    FR,
    B,
    act,
    choice_ids,
    cost_of,
    round_position,
    rules,
    start_action,
    take_tile,
)

from engine.rng import Rng

REGIONS = ("north_america", "caribbean", "india")
ANCHORS = ("territory", "fort", "naval")


def random_spec(seed: int) -> dict:
    rnd = random.Random(seed)
    flags, forts, conflict, damaged = {}, {}, {}, []
    for r in REGIONS:
        for kind in ("market", "territory", "fort"):
            for s in B().spaces_in(r, kind):
                who = rnd.choice(
                    ["france", "britain", None, None]
                    if kind == "fort"
                    else ["france", "britain", None]
                )
                (forts if kind == "fort" else flags)[s] = who
                if kind == "market" and who is not None and rnd.random() < 0.15:
                    conflict[s] = 1
                if kind == "fort" and who is not None and rnd.random() < 0.4:
                    damaged.append(s)
    navals = [s for r in REGIONS for s in B().spaces_in(r, "naval")]
    rnd.shuffle(navals)
    squadrons = {}
    for i, s in enumerate(navals[:5]):
        squadrons[s] = "france" if i % 2 == 0 else "britain"
    return {
        "flags": flags,
        "forts": forts,
        "conflict": conflict,
        "damaged": damaged,
        "squadrons": squadrons,
        "navy": {"france": 0, "britain": 0},
        "unbuilt": {"france": 5, "britain": 6},
    }


def owner(spec, s):
    if B().kind_of(s) == "naval":
        who = spec["squadrons"].get(s)
    elif B().kind_of(s) == "fort":
        who = spec["forts"].get(s)
    else:
        who = spec["flags"].get(s, "setup")
        if who == "setup":
            return "setup"
    return who


def expected(spec, side_word):
    """The rulings' legal Market shifts and costs for ``side_word`` (only the three Regions
    randomised; Europe has no Markets)."""

    def own(s, who):
        return owner(spec, s) == who

    def anchor(s, who):
        return B().kind_of(s) in ANCHORS and own(s, who)

    def isolated(m, who):
        seen, todo = {m}, [m]
        while todo:
            x = todo.pop()
            for y in B().ADJ[x]:
                if anchor(y, who):
                    return False
                if (
                    y not in seen
                    and B().kind_of(y) == "market"
                    and own(y, who)
                    and y not in spec["conflict"]
                ):
                    seen.add(y)
                    todo.append(y)
        return True

    def protected(m, who):
        for y in B().ADJ[m]:
            k = B().kind_of(y)
            if k == "naval" and own(y, who):
                return True
            if k == "fort" and own(y, who) and y not in spec["damaged"]:
                return True
        return False

    other = "britain" if side_word == "france" else "france"
    out = {}
    for r in REGIONS:
        for m in B().spaces_in(r, "market"):
            if own(m, side_word):
                continue
            link = False
            for y in B().ADJ[m]:
                if anchor(y, side_word) or (
                    B().kind_of(y) == "market"
                    and own(y, side_word)
                    and y not in spec["conflict"]
                    and not isolated(y, side_word)
                ):
                    link = True
            if not link:
                continue
            cost = B().SPACES[m]["cost"]
            opp = own(m, other)
            if m in spec["conflict"] or (opp and isolated(m, other)):
                cost = 1
            if opp and protected(m, other):
                cost += 1
            out[m] = max(1, cost)
    return out


def offered_shifts(st, side):
    ids = choice_ids(st, side)
    found = {i[6:] for i in ids if i.startswith("shift:")}
    for reg in [i for i in ids if i.startswith("region:")]:
        probe = rules().clone(st)
        act(probe, side, reg)
        found |= {i[6:] for i in choice_ids(probe, side) if i.startswith("shift:")}
    return found


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("side_word", ["france", "britain"])
def test_is_5_4_market_legality_and_cost_on_random_boards(seed, side_word):
    """IS-5.4.1, IS-5.4.1b, IS-3.2.8, IS-5.4.2 on a random board (seeded)."""
    spec = random_spec(seed * 7 + (0 if side_word == "france" else 1))
    side = FR if side_word == "france" else BR
    st = round_position("T3", side_word, **spec)
    take_tile(st, side, 0)
    start_action(st, side, "major")
    want = expected(spec, side_word)
    assert offered_shifts(st, side) == set(want)
    got = {m: cost_of(st, side, f"shift:{m}") for m in sorted(want)}
    assert got == want


def _europe_shifts(st, side):
    ids = choice_ids(st, side)
    if "region:europe" in ids:
        probe = rules().clone(st)
        act(probe, side, "region:europe")
        ids = choice_ids(probe, side)
    return {i[6:] for i in ids if i.startswith("shift:") and B().region_of(i[6:]) == "europe"}


@pytest.mark.parametrize("seed", [1, 2, 4])
def test_is_5_5_political_shifts_along_random_games(seed):
    """IS-5.5.1, IS-5.5.2 along random games, in every Major Diplomatic action menu: the Europe
    Political shifts offered are available spaces the side does not control (no connection
    needed), and every such space whose cost without discounts (printed, 1 if conflicted, +1 for
    a new Region) fits the unrestricted DP + Available Debt + TRP is offered."""
    from is_helpers import S, waiting_sides

    from engine.rules import Config, SeatConfig

    r = rules()
    opts = {o.key: o.default for o in r.options}
    st = r.setup(
        Config((SeatConfig("A", "random"), SeatConfig("B", "random")), opts), Rng.seeded(seed)
    )
    rnd = random.Random(seed)
    checked = 0
    for step in range(30_000):
        if r.outcome(st) is not None:
            break
        side = waiting_sides(st)[0]
        rd = st.get("round")
        a = rd["actions"][rd["cur"]] if rd and rd.get("cur") is not None else None
        ids = choice_ids(st, side)
        if (
            a is not None
            and a["type"] == "D"
            and a["kind"] == "major"
            and not a.get("restricted")
            and "done" in ids
            and side == rd["side"]
        ):
            got = _europe_shifts(st, side)
            legal = {
                s
                for s in B().spaces_in("europe", "political")
                if S().available(st, s) and S().owner(st, s) != side
            }
            assert got <= legal, got - legal
            regions = rd["regions"].get("D", {})
            sur = 1 if regions and "europe" not in regions else 0
            money = a["pts"] + S().available_debt(st, side) + st["trp"][side]
            must = {
                s
                for s in legal
                if (1 if s in st["conflict"] else B().SPACES[s]["cost"]) + sur <= money
            }
            assert must <= got, must - got
            checked += 1
        p = r.prompt(st, r.waiting(st)[0])
        r.apply(st, r.waiting(st)[0], rnd.choice(p.choices).id, Rng.seeded(step))
    assert checked > 0


def _all_prefixed(st, side, prefix):
    ids = choice_ids(st, side)
    found = {i[len(prefix) :] for i in ids if i.startswith(prefix)}
    for reg in [i for i in ids if i.startswith("region:")]:
        probe = rules().clone(st)
        act(probe, side, reg)
        found |= {i[len(prefix) :] for i in choice_ids(probe, side) if i.startswith(prefix)}
    return found


@pytest.mark.parametrize("seed", [1, 2, 4])
def test_is_5_6_2_conflict_removal_along_random_games(seed):
    """IS-5.6.2 along random games, in every Major Military action menu: only markers on the map
    are offered for removal, and with 3 points or more available (the highest cost) every marker
    is."""
    from is_helpers import S, waiting_sides

    from engine.rules import Config, SeatConfig

    r = rules()
    opts = {o.key: o.default for o in r.options}
    st = r.setup(
        Config((SeatConfig("A", "random"), SeatConfig("B", "random")), opts), Rng.seeded(seed)
    )
    rnd = random.Random(seed)
    for step in range(30_000):
        if r.outcome(st) is not None:
            break
        side = waiting_sides(st)[0]
        rd = st.get("round")
        a = rd["actions"][rd["cur"]] if rd and rd.get("cur") is not None else None
        ids = choice_ids(st, side)
        if (
            a is not None
            and a["type"] == "M"
            and a["kind"] == "major"
            and not a.get("restricted")
            and "done" in ids
            and side == rd["side"]
            and st["conflict"]
        ):
            got = _all_prefixed(st, side, "conflict:")
            assert got <= set(st["conflict"])
            money = a["pts"] + S().available_debt(st, side) + st["trp"][side]
            if money >= 3:
                assert got == set(st["conflict"])
        p = r.prompt(st, r.waiting(st)[0])
        r.apply(st, r.waiting(st)[0], rnd.choice(p.choices).id, Rng.seeded(step))
