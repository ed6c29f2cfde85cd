"""War Turn tests: reveal, tile effects (IS-7.1.2, IS-A10, IS-A11, IS-A12, IS-V10/V11), Bonus
Strength
(IS-7.1.3), first actor (IS-S21), forced Debt in a War (IS-S19), IS-S06, Reset (IS-7.5)."""

from __future__ import annotations

from is_war_helpers import (
    arrange,
    choose,
    deciders,
    flag,
    fort,
    ids,
    position,
    put,
    result_of,
    run_theater,
    squadron,
)

from engine.games.imperial_struggle import board as B
from engine.games.imperial_struggle import frames as F
from engine.games.imperial_struggle import war as W
from engine.games.imperial_struggle.state import BR, FR


def test_s06_queen_annes_war():
    """IS-S06: Britain's damage tile must hit Louisbourg; totals 6–2; France wins by 4: +1 VP, 1 CP,
    1 unflag, Britain +2 TRP; the Reset removes the Cataraqui marker, Louisbourg stays Damaged."""
    st = position("WSS", vp=17)
    put(st, "3", FR, ["fr_b00", "WSS_france_0"])
    put(st, "3", BR, ["br_b11"])
    fort(st, "louisbourg", FR)
    squadron(st, "gulf_of_maine", BR)
    st["conflict"]["hudson_valley"] = 1
    st["conflict"]["cataraqui"] = 1
    out = run_theater(st, "3")
    reveal = [e.args for e in out if e.kind == "war_reveal"][0]
    assert reveal["army"] == [5, 0]
    assert deciders(st) == [BR]
    assert ids(st, BR) == ["target:louisbourg"]
    choose(st, BR, "target:louisbourg", out)
    assert st["damaged"] == {"louisbourg": 1}
    res = result_of(out)
    assert res["totals"] == [6, 2] and res["margin"] == 4 and res["winner"] == FR
    assert st["vp"] == 18 and st["trp"] == [0, 2]
    assert deciders(st) == [FR]
    assert "cp:hudson_valley" in ids(st, FR)
    choose(st, FR, "cp:hudson_valley", out)
    assert st["flags"]["hudson_valley"] == FR and "hudson_valley" not in st["conflict"]
    assert "unflag:massachusetts_bay" in ids(st, FR)
    choose(st, FR, "unflag:massachusetts_bay", out)
    assert "massachusetts_bay" not in st["flags"]
    assert st["stack"] == []
    W.reset_war(st, out)
    assert "cataraqui" not in st["conflict"]
    assert st["damaged"] == {"louisbourg": 1}


def test_s19_forced_debt_in_war():
    """IS-S19: two Debt tiles against Britain at 13/14: Debt 14, the second gives France 1 VP."""
    st = position("AWI", vp=14)
    st["debt"][BR], st["limit"][BR] = 13, 14
    put(st, "2", FR, ["fr_b07", "fr_b08"])
    run_theater(st, "2")
    assert st["debt"][BR] == 14 and st["vp"] == 15
    assert st["stack"] == []


def test_s19_james_watt_variant():
    """IS-S19 variant: James Watt face up — Debt 14, no VP for France."""
    st = position("AWI", vp=14)
    st["debt"][BR], st["limit"][BR] = 13, 14
    st["min_slots"][BR] = [{"card": "M-19", "up": True}, {"card": None, "up": False}]
    put(st, "2", FR, ["fr_b07", "fr_b08"])
    run_theater(st, "2")
    assert st["debt"][BR] == 14 and st["vp"] == 14


def test_s21_first_actor_at_15():
    """IS-7.1.2 / IS-S21: at vp 15 the first player of the last Peace Turn acts first."""
    st = position("WAS", vp=15)
    st["first"] = BR
    assert W.first_actor(st) == BR
    st["vp"] = 16
    assert W.first_actor(st) == FR
    st["vp"] = 3
    assert W.first_actor(st) == BR


def test_first_actor_order_of_prompts():
    """The first actor's effect tiles resolve before the other side's (IS-7.1.2)."""
    st = position("WSS", vp=14)  # Britain acts first
    put(st, "4", FR, ["fr_b13"])  # unflag
    put(st, "4", BR, ["br_b13"])  # unflag
    run_theater(st, "4")
    assert deciders(st) == [BR]
    # British targets: French Political spaces of Europe (set-up: ireland_alliance_2, bavaria, ...)
    assert "target:ireland_alliance_2" in ids(st, BR)
    choose(st, BR, "target:ireland_alliance_2")
    assert deciders(st) == [FR]
    assert "target:dutch_prestige_3" in ids(st, FR)


def test_unflag_tile_skips_conflicted_and_is_v10():
    """IS-A11: the unflag tile may not hit a conflicted space; IS-V10 allows it."""
    st = position("WSS", vp=15)
    st["first"] = FR
    put(st, "4", FR, ["fr_b13"])
    st["conflict"]["dutch_prestige_3"] = 1
    run_theater(st, "4")
    assert "target:dutch_prestige_3" not in ids(st, FR)
    assert "target:austria_alliance_2" in ids(st, FR)
    st2 = position("WSS", vp=15, war_unflag_conflicted="on")
    st2["first"] = FR
    put(st2, "4", FR, ["fr_b13"])
    st2["conflict"]["dutch_prestige_3"] = 1
    run_theater(st2, "4")
    assert "target:dutch_prestige_3" in ids(st2, FR)


def test_unflag_tile_market_isolation_rule():
    """IS-7.1.2: a Market whose unflag would newly isolate another Market is not offered while a
    safe Market exists. British Albany hangs on Hudson Valley (anchored by Northern Colonies), so
    Hudson Valley is not offered; once every eligible Market would isolate another, all are."""
    st = position("WSS", vp=16)
    flag(st, "albany", BR)
    assert W.effect_targets(st, "WSS", "3", FR, "unflag") == [
        "massachusetts_bay",
        "chesapeake",
        "albany",
    ]
    flag(st, "massachusetts_bay", None)
    flag(st, "chesapeake", None)
    st["conflict"]["albany"] = 1  # not eligible itself, but still isolatable
    assert W.effect_targets(st, "WSS", "3", FR, "unflag") == ["hudson_valley"]
    put(st, "3", FR, ["fr_b13"])
    run_theater(st, "3")
    choose(st, FR, "target:hudson_valley")
    assert "hudson_valley" not in st["flags"]


def test_damage_tile_reaches_counting_squadrons_is_a10():
    """IS-A10: in 7YW Atlantic Dominance (Europe) the tile reaches a Squadron in North America
    whose space counts for that theater; IS-V11 (region) does not."""
    st = position("7YW", vp=15)
    st["first"] = FR
    squadron(st, "gulf_of_maine", BR)
    put(st, "1", FR, ["fr_b11"])
    assert W.effect_targets(st, "7YW", "1", FR, "damage_fort_or_remove_squadron") == [
        "gulf_of_maine"
    ]
    st2 = position("7YW", vp=15, war_squadron_scope="region")
    squadron(st2, "gulf_of_maine", BR)
    assert W.effect_targets(st2, "7YW", "1", FR, "damage_fort_or_remove_squadron") == []
    run_theater(st, "1")
    choose(st, FR, "target:gulf_of_maine")
    assert "gulf_of_maine" not in st["squadrons"] and st["navy"][BR] == 3


def test_effect_without_target_is_skipped():
    """IS-A12: no legal target -> the effect is skipped, no prompt."""
    st = position("WAS", vp=15)
    put(st, "3", FR, ["fr_b11"])  # India: no British Fort or Squadron at set-up
    out = run_theater(st, "3")
    eff = [e.args for e in out if e.kind == "war_effect"]
    assert eff and eff[0]["target"] is None


def test_bonus_strength_parts():
    """IS-7.1.3: Alliance spaces, keywords (IS-A09 once), conflicts on opposing flags, Byng."""
    st = position("WSS", vp=15)
    # Jacobite Rebellion (WSS 4): Ireland/Scotland/Dutch alliances, Style, conflicts
    # M-3 and M-13 both show Style: still +1 only (IS-A09)
    st["min_slots"][FR] = [{"card": "M-3", "up": True}, {"card": "M-13", "up": True}]
    b, parts = W.bonus_strength(st, "WSS", "4", FR)
    assert b == 2  # ireland_alliance_2 (French at set-up) + Style
    assert parts == ["Ireland (Alliance 2)", "Style"] or len(parts) == 2
    st["conflict"]["dutch_prestige_3"] = 1  # British-flagged, Europe
    assert W.bonus_strength(st, "WSS", "4", FR)[0] == b + 1
    assert W.bonus_strength(st, "WSS", "4", BR)[0] == 0
    st["byng"] = 2
    assert W.bonus_strength(st, "WSS", "2", BR)[0] == 2


def test_tie_gives_nothing():
    """IS-7.1.4: equal totals -> no spoils."""
    st = position("WSS", vp=15)
    arrange(st, "2", None, 0)
    out = run_theater(st, "2")
    assert result_of(out)["winner"] is None
    assert st["vp"] == 15 and st["trp"] == [0, 0] and st["stack"] == []


def _full_war(st, out=None):
    out = [] if out is None else out
    W.push_war_turn(st)
    F.advance(st, out)
    return out


def test_data_readme_worked_example():
    """DATA.md worked example (Living Playbook): Spain +2 -> 1 VP, 1 CP, 2 TRP to the loser;
    Queen Anne's War +2 -> 1 VP; Central Europe +4 -> 2 VP, 1 CP, 2 TRP; Jacobite +5 -> 4 VP,
    2 TRP. Winners here: Britain in Central Europe and Queen Anne's War, France in Spain and the
    Jacobite Rebellion. Then the Victory Check passes, the Reset and the WAS layout follow."""
    st = position("WSS", vp=15)
    arrange(st, "1", BR, 4)
    arrange(st, "2", FR, 2)
    arrange(st, "3", BR, 2)
    arrange(st, "4", FR, 5)
    out = _full_war(st)
    # Central Europe: Britain 2 VP (13), France 2 TRP, then 1 CP
    assert st["vp"] == 13 and st["trp"] == [2, 0] and deciders(st) == [BR]
    choose(st, BR, "cp_end", out)
    # Spain: France 1 VP (14), Britain 2 TRP, then 1 CP
    assert st["vp"] == 14 and st["trp"] == [2, 2] and deciders(st) == [FR]
    choose(st, FR, "cp_end", out)
    # Queen Anne's War +2: Britain 1 VP; Jacobite +5: France 4 VP, Britain 2 TRP
    assert st["vp"] == 17 and st["trp"] == [2, 4]
    assert st["jacobite"]["victories"] == 1
    rows = [
        (e.args["theater"], e.args["vp"], e.args["cp"], e.args["trp"])
        for e in out
        if e.kind == "spoils"
    ]
    assert rows == [("1", 2, 1, 2), ("2", 1, 1, 2), ("3", 1, 0, 0), ("4", 4, 0, 2)]
    assert not st["over"]
    w = st["war"]
    assert w["id"] == "WAS" and st["stack"] == []
    for t in w["theaters"].values():
        assert len(t["basic"][FR]) == 1 and len(t["basic"][BR]) == 1
        assert t["bonus"] == [[], []]
    assert len(w["basic_pool"][FR]) == 12 and len(w["bonus_pool"][BR]) == 12
    assert all(tile.startswith("WAS_") for tile in w["bonus_pool"][FR])
    assert w["revealed"] == {} and w["refusals"] == [0, 0]


def test_clean_sweep_wins_the_war():
    """IS-7.4 / IS-2.4(c): France wins every WSS theater on its last row -> France wins."""
    st = position("WSS", vp=15)
    for k, m in (("1", 5), ("2", 4), ("3", 4), ("4", 5)):
        arrange(st, k, FR, m)
    out = _full_war(st)
    while deciders(st):
        opts = ids(st, FR)
        choose(st, FR, "cp_end" if "cp_end" in opts else opts[0], out)
    assert st["over"] and st["winner"] == FR and st["reason"] == "sweep_war"


def test_vp_threshold_after_war():
    """IS-7.4 then IS-2.4(a): no sweep, but vp >= 30 after the War -> France wins."""
    st = position("WSS", vp=29)
    arrange(st, "1", FR, 1)
    for k in ("2", "3", "4"):
        arrange(st, k, None, 0)
    _full_war(st)
    assert st["vp"] == 31 and st["over"] and st["winner"] == FR and st["reason"] == "vp_threshold"


def test_was_carry_over_to_7yw():
    """IS-7.6c: each side is owed min(3, its Bonus tiles in the WAS) free 7YW draws."""
    st = position("WAS", vp=15)
    w = st["war"]
    for k, n in (("1", 2), ("2", 2)):
        for _ in range(n):
            w["theaters"][k]["bonus"][FR].append(w["bonus_pool"][FR].pop())
    w["theaters"]["3"]["bonus"][BR].append(w["bonus_pool"][BR].pop())
    for k in ("1", "2", "3", "4"):
        arrange(st, k, None, 0)
    _full_war(st)
    assert st["war"]["id"] == "7YW" and st["war"]["carry"] == [3, 1]
    assert st["stack"] == []
    from engine.games.imperial_struggle import war_tiles as WT

    st["ti"] = 5  # T4
    assert WT.push_carry_over(st, FR) == 3 and st["war"]["carry"] == [0, 1]
    F.advance(st, [])
    assert F.frame_of(st, FR)["k"] == "war_place"


def test_conflict_reset_is_a40():
    """IS-7.5(c) / IS-A40: markers on flagged spaces in conflict-counting Regions go; markers on
    empty spaces and in Regions of no such theater stay."""
    st = position("7YW", vp=15)
    st["conflict"]["plassey"] = 1  # French, India (Third Carnatic counts conflicts)
    st["conflict"]["malacca_route"] = 1  # empty, India
    st["conflict"]["bavaria"] = 1  # Europe: no 7YW theater counts conflicts there
    st["conflict"]["martinique"] = 1  # French, Caribbean (French & Indian War)
    W.reset_war(st, [])
    assert st["conflict"] == {"malacca_route": 1, "bavaria": 1}


def test_awi_ends_the_display():
    """IS-7.6: no layout after the AWI; the display becomes None."""
    st = position("AWI", vp=15)
    for k in ("1", "2", "3"):
        arrange(st, k, None, 0)
    _full_war(st)
    assert st["war"] is None and not st["over"]


def test_bonus_tile_effect_and_spanish_target_is_v01():
    """IS-7.1.2: a Bonus tile's effect works like a Basic one (Boufflers: Britain takes 1 Debt);
    IS-V01 / IS-3.2.8: a Spanish flag is an opposing flag for the war-tile unflag."""
    st = position("WSS", vp=16)
    put(st, "2", FR, ["WSS_france_8"])  # Boufflers +1, opponent takes Debt
    run_theater(st, "2")
    assert st["debt"][BR] == 1
    st = position("AWI", vp=16, spanish_empire="on")
    assert st["flags"]["havana"] == 3
    clear = [sp for sp, c in st["flags"].items() if c == BR and sp != "havana"]
    for sp in clear:
        flag(st, sp, None)
    assert "havana" in W.effect_targets(st, "AWI", "3", FR, "unflag")


def test_losses_come_before_conquest():
    """IS-7.2 order: 7YW Atlantic Dominance by 5 — the loser loses 2 Squadrons, one at a time,
    asked only while the choice matters; then the tile is placed."""
    st = position("7YW", vp=15)
    squadron(st, "biscay", FR)
    arrange(st, "1", BR, 5)
    out = run_theater(st, "1")
    assert deciders(st) == [FR] and ids(st, FR) == ["lose:biscay", "lose:navy_box"]
    choose(st, FR, "lose:biscay", out)
    # one left, only the Navy Box remains: taken without a question
    assert st["navy"][FR] == 0 and "biscay" not in st["squadrons"]
    assert st["war"]["atlantic"] == BR and st["stack"] == []
    assert [e.args["src"] for e in out if e.kind == "squadron_loss"] == ["biscay", "navy_box"]


def test_long_effect_target_list_split_by_region_is_17_1():
    """IS-17.1: the unflag tile in the French & Indian War (North America and the Caribbean)
    with 33 British spaces to choose from asks ``region:<id>`` first, then ``target:<space>``."""
    st = position("7YW", vp=16)
    st["first"] = FR
    for r in ("north_america", "caribbean"):
        for sp in B.spaces_in(r, "market") + B.spaces_in(r, "political"):
            flag(st, sp, BR)
    assert len(W.effect_targets(st, "7YW", "3", FR, "unflag")) == 33
    put(st, "3", FR, ["fr_b13"])
    run_theater(st, "3")
    assert ids(st, FR) == ["region:north_america", "region:caribbean"]
    choose(st, FR, "region:north_america")
    na = ids(st, FR)
    assert na[-1] == "back" and all(B.region_of(i[7:]) == "north_america" for i in na[:-1])
    choose(st, FR, "back")
    choose(st, FR, "target:port_de_paix")  # through region:caribbean
    assert "port_de_paix" not in st["flags"]
