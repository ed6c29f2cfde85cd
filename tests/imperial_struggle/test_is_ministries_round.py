"""Ministry abilities in an Action Round (IS-17.6 S0/S1/S3): Walpole (IS-MIN05), Bank of England A
(IS-MIN08, IS-A46), Townshend Acts (IS-MIN21), Halley B (IS-MIN10), Hanbury Williams (IS-MIN16),
Huguenots placement (IS-MIN09), the Cardinal Ministers (IS-MIN01, IS-A47), North American Trade a
(IS-MIN24, IS-A24), Pompadour (IS-MIN13, IS-S18) and James Watt (IS-MIN19, IS-S19)."""

from __future__ import annotations

from is_ministries_kit import ids, mk

from engine.games.imperial_struggle import frames as F
from engine.games.imperial_struggle import ministries as M
from engine.games.imperial_struggle import ministries_round as MR
from engine.games.imperial_struggle import state as S

FR, BR = S.FR, S.BR


def choose(st, side, choice, out):
    """Answer the top frame (a ministry frame) the way rules.apply would."""
    fr = F.top(st)
    assert choice in ids(F.HANDLERS[fr["k"]].choices(st, fr))
    F.HANDLERS[fr["k"]].apply(st, fr, choice, out)


# ---------------------------------------------------------------------------- S0
def test_s0_choices_walpole_bank_townshend_and_reveals_is_17_6():
    """IS-17.6 S0: Walpole, Bank A and reveals for Britain's face-down cards (Succession)."""
    st = mk("T1", br=[("M-5", True), ("M-8", False)], rnd=BR)
    st["deck"] = [1, 2]
    assert ids(M.round_start_choices(st, BR)) == ["ability:M-5", "ability:M-8A", "reveal:M-8"]
    assert ids(M.round_start_choices(st, FR)) == []
    st = mk("T5", br=[("M-21", False), ("M-22", True)], rnd=BR)
    st["demand"] = ["fish", "sugar", "spice"]
    assert ids(M.round_start_choices(st, BR)) == ["ability:M-21", "reveal:M-21"]


def test_walpole_draws_then_discards_is_min05():
    """IS-MIN05: draw the top card, then discard one card of the hand face up (may be the one
    drawn); once per turn; revealed by use."""
    st = mk("T1", br=[("M-5", False)], rnd=BR)
    st["deck"] = [3, 7]  # top last: 7 is drawn
    st["hands"][BR] = [4]
    out: list = []
    M.apply_ability(st, BR, "ability:M-5", out)
    assert st["hands"][BR] == [4, 7] and st["deck"] == [3]
    assert S.face_up(st, BR, "M-5")
    assert F.top(st)["k"] == "min_walpole"
    choose(st, BR, "discard:4", out)
    assert st["hands"][BR] == [7] and st["discard"] == [4] and st["stack"] == []
    assert M.is_exhausted(st, "M-5")
    assert "ability:M-5" not in ids(M.round_start_choices(st, BR))


def test_walpole_needs_a_draw_pile_is_a06():
    """IS-A06: no Walpole with an empty draw pile (IS-V06 on: the discard pile refills it)."""
    st = mk("T1", br=[("M-5", True)], rnd=BR)
    st["discard"] = [5]
    assert ids(M.round_start_choices(st, BR)) == []
    st["opts"]["midturn_draw_reshuffle"] = "on"
    assert ids(M.round_start_choices(st, BR)) == ["ability:M-5"]


def test_bank_of_england_a_raises_limit_before_tile_is_min08_a46():
    """IS-MIN08 A / IS-A46: Debt Limit 6 → 7, permanent, once per turn, also before the tile."""
    st = mk("T1", br=[("M-8", True)], rnd=BR)
    out: list = []
    M.apply_ability(st, BR, "ability:M-8A", out)
    assert st["limit"][BR] == 7
    assert M.is_exhausted(st, "M-8A") and not M.is_exhausted(st, "M-8B")
    assert ids(M.round_start_choices(st, BR)) == []
    M.reset(st)
    assert st["limit"][BR] == 7  # permanent


def test_townshend_marks_a_demand_commodity_is_min21():
    """IS-MIN21: choose a commodity of this turn's Global Demand; `back` leaves it unused."""
    st = mk("T5", br=[("M-21", True)], rnd=BR)
    st["demand"] = ["fish", "sugar", "spice"]
    out: list = []
    M.apply_ability(st, BR, "ability:M-21", out)
    fr = F.top(st)
    assert ids(F.HANDLERS["min_commodity"].choices(st, fr)) == [
        "commodity:fish",
        "commodity:sugar",
        "commodity:spice",
        "back",
    ]
    choose(st, BR, "back", out)
    assert st["townshend"] is None and not M.is_exhausted(st, "M-21")
    M.apply_ability(st, BR, "ability:M-21", out)
    choose(st, BR, "commodity:sugar", out)
    assert st["townshend"] == "sugar" and M.is_exhausted(st, "M-21")


def test_townshend_not_after_event_or_tile_use_is_min21():
    """IS-MIN21: after the tile only while no Event was played and the tile is unused."""
    st = mk("T5", br=[("M-21", True)], rnd=BR, tile=0)
    st["demand"] = ["fish"]
    assert "ability:M-21" in ids(M.menu_choices(st, BR))
    st["round"]["tile_used"] = True
    assert "ability:M-21" not in ids(M.menu_choices(st, BR))


# ---------------------------------------------------------------------------- S3
def test_halley_b_needs_squadron_in_biscay_or_balearic_is_min10():
    """IS-MIN10 B: only with a British Squadron on biscay/balearic: discard a card, +1 TRP."""
    st = mk("T1", br=[("M-10", True)], rnd=BR, tile=0)
    st["hands"][BR] = [2, 9]
    assert "ability:M-10B" not in ids(M.menu_choices(st, BR))
    S.move_squadron(st, BR, "navy", "balearic", [])
    assert "ability:M-10B" in ids(M.menu_choices(st, BR))
    out: list = []
    M.apply_ability(st, BR, "ability:M-10B", out)
    choose(st, BR, "discard:9", out)
    assert st["trp"][BR] == 1 and st["discard"] == [9] and st["hands"][BR] == [2]
    assert M.is_exhausted(st, "M-10B") and not M.is_exhausted(st, "M-10A")
    assert "ability:M-10B" not in ids(M.menu_choices(st, BR))


def test_hanbury_williams_activates_round_discount_is_min16():
    """IS-MIN16: activation sets the round modifier the round helper reads (`min16`), once per
    turn."""
    st = mk("T3", br=[("M-16", False)], rnd=BR, tile=8)
    assert "ability:M-16" in ids(M.menu_choices(st, BR))
    M.apply_ability(st, BR, "ability:M-16", [])
    assert st["round"]["mods"]["min16"] == 1
    assert S.face_up(st, BR, "M-16") and M.is_exhausted(st, "M-16")
    assert "ability:M-16" not in ids(M.menu_choices(st, BR))


def test_huguenots_placement_on_french_territory_is_min09():
    """IS-MIN09: a French-flagged Territory in North America or the Caribbean without a marker;
    not British ones, not India."""
    st = mk(
        "T1",
        fr=[("M-9", True)],
        flags={"acadia": FR, "louisiana": FR, "jamaica": BR, "pondicherry": FR},
        rnd=FR,
        tile=0,
    )
    st["huguenots"] = {"louisiana": 2}
    M.apply_ability(st, FR, "ability:M-9", [])
    fr = F.top(st)
    assert ids(F.HANDLERS["min_huguenots"].choices(st, fr)) == ["space:acadia", "back"]
    choose(st, FR, "space:acadia", [])
    assert st["huguenots"] == {"louisiana": 2, "acadia": 1}
    assert "ability:M-9" not in ids(M.menu_choices(st, FR))


def test_huguenots_marker_removed_when_territory_turns_british_is_min09c():
    """IS-MIN09 c (state.set_flag): the marker leaves for good when the Territory turns
    British."""
    st = mk("T1", flags={"acadia": FR})
    st["huguenots"] = {"acadia": 1}
    S.set_flag(st, "acadia", BR, [])
    assert st["huguenots"] == {}


# ---------------------------------------------------------------------------- after the tile
def test_cardinal_ministers_offer_and_dp_is_min01(grants):
    """IS-MIN01: tile 13 (Major D3): France controls savoy, spain_prestige_2 and
    austria_prestige_3_lower → +3 DP (the fourth, sardinia, conflicted, is ignored and the cap is
    3 anyway); face up: the `min_cardinal` frame; `yes` uses the tile and grants to the tile's
    Diplomatic action."""
    flags = {"savoy": FR, "sardinia": FR, "spain_prestige_2": FR, "austria_prestige_3_lower": FR}
    st = mk("T1", fr=[("M-1", True)], flags=flags, rnd=FR, tile=13)
    st["conflict"]["sardinia"] = 1
    assert MR.cardinal_dp(st) == 3
    out: list = []
    M.after_tile(st, FR, out)
    fr = F.top(st)
    assert fr["k"] == "min_cardinal" and fr["n"] == 3
    assert M.s1_choices(st, FR) == []  # no second offer inside S1
    choose(st, FR, "cardinal:yes", out)
    assert grants == [(FR, "D", 3, None, "tile")]
    assert st["round"]["tile_used"] is True
    assert M.is_exhausted(st, "M-1")


def test_cardinal_face_down_offered_inside_s1_is_min01_16_2(grants):
    """IS-MIN01 with M-1 face down: no public frame (it would show Britain that France holds the
    card, IS-16.2); S1 lists `cardinal:yes`, which reveals M-1 and grants +1 (savoy only)."""
    st = mk("T1", fr=[("M-1", False)], flags={"savoy": FR}, rnd=FR, tile=13)
    M.after_tile(st, FR, [])
    assert st["stack"] == []
    assert ids(M.s1_choices(st, FR)) == ["cardinal:yes"]
    M.apply_ability(st, FR, "cardinal:yes", [])
    assert grants == [(FR, "D", 1, None, "tile")]
    assert S.face_up(st, FR, "M-1") and st["round"]["tile_used"] is True
    assert M.s1_choices(st, FR) == []


def test_cardinal_no_leaves_it_for_a_later_round_is_a47(grants):
    """IS-A47: only right after taking the tile; `no` does not exhaust it. Two spaces → +2."""
    st = mk("T2", fr=[("M-1", True)], flags={"savoy": FR, "sardinia": FR}, rnd=FR, tile=0)
    M.after_tile(st, FR, [])
    assert F.top(st)["n"] == 2  # tile 0 has a Minor D
    choose(st, FR, "cardinal:no", [])
    assert grants == [] and not M.is_exhausted(st, "M-1") and st["stack"] == []


def test_cardinal_not_offered_without_diplomatic_or_spaces_is_min01(grants):
    """IS-MIN01: tile 2 (E4/M2) has no Diplomatic action; with no Cardinal space nothing."""
    st = mk("T1", fr=[("M-1", True)], flags={"savoy": FR}, rnd=FR, tile=2)
    M.after_tile(st, FR, [])
    assert st["stack"] == []
    st = mk("T1", fr=[("M-1", True)], rnd=FR, tile=13)
    M.after_tile(st, FR, [])
    assert st["stack"] == []


def test_north_american_trade_plus_one_ep_is_min24(grants):
    """IS-MIN24 a: France controls 2 Fur/Fish Markets, Britain 1 (conflicted British
    `hudson_valley` ignored) → +1 EP to the tile's Economic action (round helper routes it,
    IS-A24). Equal counts → nothing."""
    flags = {"cataraqui": FR, "niagara": FR, "massachusetts_bay": BR, "hudson_valley": BR}
    st = mk("T5", fr=[("M-24", True)], flags=flags, rnd=FR, tile=14)
    st["conflict"]["hudson_valley"] = 1
    M.after_tile(st, FR, [])
    assert grants == [(FR, "E", 1, None, "tile")]
    grants.clear()
    S.set_flag(st, "niagara", None, [])
    M.after_tile(st, FR, [])
    assert grants == []


# ---------------------------------------------------------------------------- Advantages
def test_pompadour_first_europe_advantage_each_round_is_s18():
    """IS-S18 / IS-MIN13: France +1 TRP for the first Europe Advantage it exhausts in a round,
    not for the second, not for a North American one."""
    st = mk("T4", fr=[("M-13", True)], rnd=FR)
    out: list = []
    M.on_advantage_used(st, FR, "algonquin_raids", out)
    assert st["trp"][FR] == 0
    M.on_advantage_used(st, FR, "central_europe_conflict", out)
    assert st["trp"][FR] == 1
    M.on_advantage_used(st, FR, "mediterranean_intrigue", out)
    assert st["trp"][FR] == 1
    st["round"]["mods"] = {}  # next Action Round (IS-5.0a)
    M.on_advantage_used(st, FR, "baltic_trade", out)
    assert st["trp"][FR] == 2
    M.on_advantage_used(st, BR, "baltic_trade", out)
    assert st["trp"] == [2, 0]


def test_james_watt_first_french_advantage_each_round_is_min19():
    """IS-MIN19 b: Britain +1 TRP the first time in a round France exhausts any Advantage; face
    down at that moment → nothing, and the round's first use is gone."""
    st = mk("T5", br=[("M-19", False)], rnd=FR)
    M.on_advantage_used(st, FR, "wheat", [])
    st["min_slots"][BR][0]["up"] = True
    M.on_advantage_used(st, FR, "rum", [])
    assert st["trp"][BR] == 0
    st["round"]["mods"] = {}
    M.on_advantage_used(st, FR, "rum", [])
    M.on_advantage_used(st, FR, "silk", [])
    assert st["trp"][BR] == 1


def test_james_watt_forced_debt_over_limit_is_s19():
    """IS-S19 / IS-MIN19 a (state.forced_debt): Britain Debt 13/14 takes 2 forced Debt → 14 and
    France +1 VP (vp 14 → 15); with Watt face up vp stays 14."""
    st = mk("AWI")
    st["vp"], st["debt"][BR], st["limit"][BR] = 14, 13, 14
    S.forced_debt(st, BR, 2, [])
    assert (st["debt"][BR], st["vp"]) == (14, 15)
    st = mk("AWI", br=[("M-19", True)])
    st["vp"], st["debt"][BR], st["limit"][BR] = 14, 13, 14
    S.forced_debt(st, BR, 2, [])
    assert (st["debt"][BR], st["vp"]) == (14, 14)
