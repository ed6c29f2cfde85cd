"""Ministry hooks on purchases and payment (IS-17.6 S4/S5): Jacobite Uprisings (IS-MIN04, IS-A22,
IS-S24), Swift (IS-MIN06, IS-S12 B), Halley A / Choiseul / Pitt (IS-MIN10, IS-MIN11, IS-MIN15),
Merchant Banks
(IS-MIN17), Papacy-Hanover (IS-MIN20), Townshend Acts (IS-MIN21), Burke (IS-MIN22), Turgot
(IS-MIN23, IS-A26)."""

from __future__ import annotations

from is_ministries_kit import ids, mk

from engine.games.imperial_struggle import board as B
from engine.games.imperial_struggle import ministries as M
from engine.games.imperial_struggle import state as S

FR, BR = S.FR, S.BR


def shift(st, side, sp):
    typ = "E" if B.kind_of(sp) == "market" else "D"
    own = S.owner(st, sp)
    mode = "unflag" if own is not None and own != side else "flag"
    return {"kind": "shift", "type": typ, "space": sp, "mode": mode, "side": side}


MAJOR_M = {"type": "M", "kind": "major", "pts": 4, "restricted": []}
MINOR_M = {"type": "M", "kind": "minor", "pts": 2, "restricted": []}


# ---------------------------------------------------------------------------- Jacobite
def test_jacobite_vp_is_s24():
    """IS-S24: France controls ireland_alliance_2 and scotland_alliance_2, 2 Jacobite Victory
    markers: M-4 B for 3 MP scores min(4, 2 + 2) = 4 VP (vp 17 → 21); A is then illegal this
    round (IS-A22)."""
    st = mk(
        "T4",
        fr=[("M-11", False), ("M-12", False), ("M-4", True)],
        flags={"ireland_alliance_2": FR, "scotland_alliance_2": FR},
        rnd=FR,
    )
    st["vp"] = 17
    st["jacobite"] = {"victories": 2, "defeat": False, "right": True}
    assert ids(M.purchase_options(st, FR, MAJOR_M)) == [
        "jacobite_shift:scotland_prestige_3",
        "jacobite_shift:ireland_prestige_3",
        "jacobite_vp",
    ]
    assert M.purchase_cost(st, FR, "jacobite_vp") == 3
    M.perform_purchase(st, FR, "jacobite_vp", [])
    assert st["vp"] == 21
    assert M.is_exhausted(st, "M-4B")
    assert ids(M.purchase_options(st, FR, MAJOR_M)) == []


def test_jacobite_vp_cap_and_conflict_is_min04_a05():
    """IS-MIN04 B: a conflicted space does not count (IS-A05): 3 spaces (1 conflicted) + 1
    marker → 2 + 1 = 3; with 3 markers min(4, 5) = 4; 1 space + 0 markers → 1."""
    flags = {"ireland_alliance_2": FR, "scotland_alliance_2": FR, "scotland_prestige_3": FR}
    st = mk("T2", fr=[("M-4", True)], flags=flags, rnd=FR)
    st["conflict"]["scotland_prestige_3"] = 1
    st["jacobite"]["victories"] = 1
    assert M.jacobite_vp_value(st) == 3
    st["jacobite"]["victories"] = 3
    assert M.jacobite_vp_value(st) == 4
    st = mk("T2", fr=[("M-4", True)], flags={"ireland_prestige_3": FR}, rnd=FR)
    assert M.jacobite_vp_value(st) == 1


def test_jacobite_shift_costs_and_many_shifts_in_one_round_is_min04():
    """IS-MIN04 A: cost = printed DP (1 if conflicted), no surcharge; several shifts in the round
    of first use; B then illegal this round (IS-A22); next round A is exhausted."""
    st = mk("T1", fr=[("M-4", False)], flags={"ireland_alliance_2": BR}, rnd=FR)
    st["conflict"]["ireland_alliance_2"] = 1
    assert M.purchase_cost(st, FR, "jacobite_shift:scotland_prestige_3") == 3
    assert M.purchase_cost(st, FR, "jacobite_shift:scotland_alliance_2") == 2
    assert M.purchase_cost(st, FR, "jacobite_shift:ireland_alliance_2") == 1
    out: list = []
    M.perform_purchase(st, FR, "jacobite_shift:ireland_alliance_2", out)
    assert S.owner(st, "ireland_alliance_2") is None  # unflagged, marker gone with the flag
    assert "ireland_alliance_2" not in st["conflict"]
    assert S.face_up(st, FR, "M-4")
    M.perform_purchase(st, FR, "jacobite_shift:ireland_alliance_2", out)
    assert S.owner(st, "ireland_alliance_2") == FR
    opts = ids(M.purchase_options(st, FR, MAJOR_M))
    assert "jacobite_shift:scotland_prestige_3" in opts and "jacobite_vp" not in opts
    st["round"]["mods"] = {}  # a later round
    assert ids(M.purchase_options(st, FR, MAJOR_M)) == ["jacobite_vp"]


def test_jacobite_shift_minor_only_flags_or_conflicted_is_min04():
    """IS-MIN04 A / IS-5.3.2(b): a Minor Military action may flag an empty space or unflag a
    conflicted one, never an unconflicted British space."""
    flags = {"scotland_prestige_3": BR, "ireland_prestige_3": BR}
    st = mk("T1", fr=[("M-4", True)], flags=flags, rnd=FR)
    st["conflict"]["ireland_prestige_3"] = 1
    assert ids(M.purchase_options(st, FR, MINOR_M)) == [
        "jacobite_shift:scotland_alliance_2",
        "jacobite_shift:ireland_alliance_2",
        "jacobite_shift:ireland_prestige_3",
    ]
    assert ids(M.purchase_options(st, FR, {"type": "D", "kind": "major"})) == []


def test_jacobite_gone_after_defeat_is_7_3b():
    """IS-7.3b: after a Jacobite Defeat M-4 offers nothing."""
    st = mk("T5", fr=[("M-4", True)], rnd=FR)
    M.remove_m4(st, [])
    assert M.purchase_options(st, FR, MAJOR_M) == []


# ---------------------------------------------------------------------------- Swift
def test_swift_flag_discount_is_min06a():
    """IS-MIN06 a: flagging an empty Scotland/Ireland space costs Britain 1 DP less; not an
    unflag, not France, not face down (then `reveal:M-6` is offered in S5)."""
    st = mk("T1", br=[("M-6", True)], flags={"ireland_alliance_2": FR}, rnd=BR)
    assert M.cost_mods(st, BR, shift(st, BR, "scotland_prestige_3")) == [
        ("M-6", "Jonathan Swift", -1)
    ]
    assert M.cost_mods(st, BR, shift(st, BR, "ireland_alliance_2")) == []
    assert M.cost_mods(st, FR, shift(st, FR, "scotland_prestige_3")) == []
    st["min_slots"][BR][0]["up"] = False
    p = shift(st, BR, "scotland_prestige_3")
    assert M.cost_mods(st, BR, p) == []
    assert ids(M.cost_options(st, BR, {"type": "D", "kind": "major"}, p)) == ["reveal:M-6"]


def test_swift_minor_unflag_is_s12b():
    """IS-S12 B: Britain controls ireland_prestige_3 and has Swift face up: a Minor Diplomatic
    unflag of French bavaria is allowed; without Swift, or without an Ireland space, not."""
    flags = {"ireland_prestige_3": BR, "bavaria": FR}
    st = mk("T1", br=[("M-6", True)], flags=flags, rnd=BR)
    p = shift(st, BR, "bavaria")
    assert M.minor_exceptions(st, BR, p) is True
    st2 = mk("T1", br=[("M-5", True)], flags=flags, rnd=BR)
    assert M.minor_exceptions(st2, BR, p) is False
    st3 = mk("T1", br=[("M-6", True)], flags={"bavaria": FR}, rnd=BR)
    assert M.minor_exceptions(st3, BR, shift(st3, BR, "bavaria")) is False
    # a French Market is not covered by Swift
    st4 = mk("T1", br=[("M-6", True)], flags={**flags, "cataraqui": FR}, rnd=BR)
    assert M.minor_exceptions(st4, BR, shift(st4, BR, "cataraqui")) is False


def test_swift_face_down_minor_exception_reveals_is_3_5a():
    """IS-3.5a: using Swift b from face down reveals it."""
    flags = {"ireland_prestige_3": BR, "bavaria": FR}
    st = mk("T1", br=[("M-6", False)], flags=flags, rnd=BR)
    p = shift(st, BR, "bavaria")
    assert M.minor_exceptions(st, BR, p)
    M.use_minor_exception(st, BR, p, [])
    assert S.face_up(st, BR, "M-6")


# ---------------------------------------------------------------------------- Townshend
def test_townshend_minor_unflag_of_marked_commodity_is_min21():
    """IS-MIN21: with the marker on fish, a British Minor Economic action may unflag a French
    Fish Market (not a Fur one)."""
    flags = {"gulf_of_st_lawrence": FR, "cataraqui": FR}
    st = mk("T5", br=[("M-21", True)], flags=flags, rnd=BR)
    p_fish = shift(st, BR, "gulf_of_st_lawrence")
    assert M.minor_exceptions(st, BR, p_fish) is False
    st["townshend"] = "fish"
    assert M.minor_exceptions(st, BR, p_fish) is True
    assert M.minor_exceptions(st, BR, shift(st, BR, "cataraqui")) is False
    M.reset(st)
    assert M.minor_exceptions(st, BR, p_fish) is False


# ---------------------------------------------------------------------------- Squadrons
def test_halley_a_two_mp_squadron_is_min10():
    """IS-MIN10 A: `ability:M-10A` makes this round's next construction cost 2 (squadron_base);
    the construction consumes it; exhausted for the turn."""
    st = mk("T1", br=[("M-10", True)], rnd=BR)
    p = {"kind": "build_squadron", "type": "M", "space": None, "side": BR}
    assert ids(M.cost_options(st, BR, MAJOR_M, p)) == ["ability:M-10A"]
    assert M.squadron_base(st, BR) is None
    M.apply_cost_option(st, BR, "ability:M-10A", MAJOR_M, p, [])
    assert M.squadron_base(st, BR) == 2
    assert M.cost_options(st, BR, MAJOR_M, p) == []
    M.after_purchase(st, BR, dict(MAJOR_M), p, [])
    assert M.squadron_base(st, BR) is None
    assert M.is_exhausted(st, "M-10A") and not M.is_exhausted(st, "M-10B")


def test_choiseul_b_needs_north_american_squadron_is_min11():
    """IS-MIN11 B: only while a French Squadron is on a North American Naval space."""
    st = mk("T3", fr=[("M-11", True)], rnd=FR)
    p = {"kind": "build_squadron", "type": "M", "space": None, "side": FR}
    assert ids(M.cost_options(st, FR, MAJOR_M, p)) == []
    S.move_squadron(st, FR, "navy", "gulf_of_maine", [])
    assert ids(M.cost_options(st, FR, MAJOR_M, p)) == ["ability:M-11B"]


def test_choiseul_a_mp_for_deploy_or_bonus_tile_is_min11(grants):
    """IS-MIN11 A: +1 MP restricted to Bonus War tiles / deployment, attached to the current
    Military action; not for a Fort."""
    st = mk("T3", fr=[("M-11", False)], rnd=FR)
    dep = {"kind": "deploy", "type": "M", "space": "biscay", "mode": "move", "side": FR}
    fort = {"kind": "fort", "type": "M", "space": "louisbourg", "mode": "build", "side": FR}
    assert ids(M.cost_options(st, FR, MAJOR_M, fort)) == []
    assert ids(M.cost_options(st, FR, MAJOR_M, dep)) == ["choiseul"]
    M.apply_cost_option(st, FR, "choiseul", MAJOR_M, dep, [])
    assert grants == [(FR, "M", 1, "bonus_or_deploy", "current")]
    assert S.face_up(st, FR, "M-11") and M.is_exhausted(st, "M-11A")
    assert ids(M.cost_options(st, FR, MAJOR_M, dep)) == []


def test_pitt_a_dp_non_prestige_and_b_squadron_is_min15(grants):
    """IS-MIN15 A: +1 DP only for non-Prestige Political shifts; B: 2-MP Squadron."""
    st = mk("T3", br=[("M-15", True)], rnd=BR)
    d_major = {"type": "D", "kind": "major", "pts": 4, "restricted": []}
    assert ids(M.cost_options(st, BR, d_major, shift(st, BR, "dutch_prestige_3"))) == []
    p = shift(st, BR, "savoy")
    assert ids(M.cost_options(st, BR, d_major, p)) == ["pitt"]
    M.apply_cost_option(st, BR, "pitt", d_major, p, [])
    assert grants == [(BR, "D", 1, "non_prestige_political", "current")]
    sq = {"kind": "build_squadron", "type": "M", "space": None, "side": BR}
    assert ids(M.cost_options(st, BR, MAJOR_M, sq)) == ["ability:M-15B"]


# ---------------------------------------------------------------------------- Papacy, Burke
def test_papacy_hanover_dp_for_scotland_ireland_is_min20(grants):
    """IS-MIN20: +2 DP restricted to Scotland/Ireland shifts; using it from face down reveals it
    and causes the Jacobite Defeat."""
    st = mk("T5", fr=[("M-4", False)], br=[("M-20", False)], rnd=BR)
    d_major = {"type": "D", "kind": "major", "pts": 3, "restricted": []}
    assert ids(M.cost_options(st, BR, d_major, shift(st, BR, "savoy"))) == []
    p = shift(st, BR, "ireland_prestige_3")
    assert "papacy" in ids(M.cost_options(st, BR, d_major, p))
    M.apply_cost_option(st, BR, "papacy", d_major, p, [])
    assert grants == [(BR, "D", 2, "scotland_ireland", "current")]
    assert st["jacobite"]["defeat"] and st["min_removed"] == {"M-4": 1}


def test_burke_a_europe_points_and_lock_is_min22(grants):
    """IS-MIN22 a: Britain controls both Ireland spaces → +2 DP (max 2) on a Major Diplomatic
    action, Europe only; once per round; then DP of that action may not go outside Europe."""
    flags = {"ireland_alliance_2": BR, "ireland_prestige_3": BR}
    st = mk("T5", br=[("M-22", True)], flags=flags, rnd=BR)
    major = {"type": "D", "kind": "major", "pts": 4, "restricted": []}
    minor = {"type": "D", "kind": "minor", "pts": 2, "restricted": []}
    p = shift(st, BR, "savoy")
    assert "burke" not in ids(M.cost_options(st, BR, minor, p))
    assert "burke" not in ids(M.cost_options(st, BR, major, shift(st, BR, "maratha")))
    assert "burke" in ids(M.cost_options(st, BR, major, p))
    M.apply_cost_option(st, BR, "burke", major, p, [])
    assert grants == [(BR, "D", 2, "region:europe", "current")]
    assert M.purchase_blocked(st, BR, major, shift(st, BR, "maratha")) is not None
    assert M.purchase_blocked(st, BR, major, shift(st, BR, "bavaria")) is None
    assert M.purchase_blocked(st, BR, minor, shift(st, BR, "maratha")) is None
    major2 = {"type": "D", "kind": "event", "pts": 2, "restricted": []}
    assert "burke" not in ids(M.cost_options(st, BR, major2, p))  # once per round


def test_burke_a_not_after_dp_outside_europe_and_one_ireland_is_min22(grants):
    """IS-MIN22 a: not for an action that already spent DP outside Europe; 1 Ireland space → +1."""
    st = mk("T5", br=[("M-22", True)], flags={"ireland_alliance_2": BR}, rnd=BR)
    major = {"type": "D", "kind": "major", "pts": 4, "restricted": []}
    M.after_purchase(st, BR, major, shift(st, BR, "maratha"), [])
    assert "burke" not in ids(M.cost_options(st, BR, major, shift(st, BR, "savoy")))
    fresh = {"type": "D", "kind": "major", "pts": 4, "restricted": []}
    M.apply_cost_option(st, BR, "burke", fresh, shift(st, BR, "savoy"), [])
    assert grants == [(BR, "D", 1, "region:europe", "current")]


def test_burke_b_usa_spaces_discount_is_min22():
    """IS-MIN22 b: shifting sons_of_liberty / USA spaces costs Britain 1 DP less."""
    st = mk("T6", br=[("M-22", True)], rnd=BR)
    assert M.cost_mods(st, BR, shift(st, BR, "sons_of_liberty")) == [("M-22", "Edmund Burke", -1)]
    assert M.cost_mods(st, BR, shift(st, BR, "iroquois")) == []


# ---------------------------------------------------------------------------- Debt
def test_merchant_banks_two_free_debt_per_turn_is_min17():
    """IS-MIN17: the first 2 Debt points Britain takes for Economic purchases each turn are free;
    not for Diplomatic purchases; refreshed in the Reset Phase."""
    st = mk("T3", br=[("M-17", True)], rnd=BR)
    e = shift(st, BR, "cataraqui")
    d = shift(st, BR, "savoy")
    assert M.free_debt_left(st, BR, e) == 2 and M.free_debt_left(st, BR, d) == 0
    M.use_free_debt(st, BR, [])
    assert M.free_debt_left(st, BR, e) == 1
    M.use_free_debt(st, BR, [])
    assert M.free_debt_left(st, BR, e) == 0 and M.is_exhausted(st, "M-17")
    assert st["debt"][BR] == 0
    M.reset(st)
    assert M.free_debt_left(st, BR, e) == 2
    assert M.free_debt_left(st, FR, e) == 0


def test_turgot_first_debt_two_ap_is_min23_a26():
    """IS-MIN23 / IS-A26: France Debt 2→3 of 14 (Available 11) vs Britain 4/14 (10): the first
    Debt point gives 2 AP; the second 1. Equal Available Debt after the Debt → 1."""
    st = mk("T5", fr=[("M-23", True)], rnd=FR)
    st["limit"] = [14, 14]
    st["debt"] = [2, 4]
    S.add_debt(st, FR, 1, [])
    assert M.debt_ap(st, FR) == 2
    S.add_debt(st, FR, 1, [])
    assert M.debt_ap(st, FR) == 1
    st["round"]["mods"] = {}  # next round: France 4/14 (10) vs Britain 10
    st["debt"][FR] = 3
    S.add_debt(st, FR, 1, [])
    assert M.debt_ap(st, FR) == 1
    assert M.debt_ap(st, BR) == 1
