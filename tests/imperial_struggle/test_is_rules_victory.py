"""Victory conditions IS-2.4(a)–(d) and Final Scoring IS-11a, IS-11b, IS-11c, IS-11d (the scenarios
IS-S11, IS-S25 cover
the tiebreak and the peace sweep; these add the thresholds, the war sweep and each Final Scoring
part).

Baseline of Final Scoring on the set-up position (T6, no Debt): Prestige 1–1, Available Debt
equal, commodities Furs 1–1, Spice/Fish/Tobacco Britain, Sugar/Cotton France → Britain +1,
Territories 0.
"""

from __future__ import annotations

import importlib

from is_helpers import (
    BR,
    FR,
    PKG,
    act,
    build,
    buy,
    choice_ids,
    display,
    phase_position,
    round_position,
    start_action,
    take_tile,
    waiting_sides,
    war_position,
    war_run,
)

NEUTRAL_AWARDS = {"europe": 0, "north_america": 2, "caribbean": 3, "india": 4}


def scoring():
    return importlib.import_module(f"{PKG}.scoring")


def _victory_phase(vp):
    st, _ = phase_position("T2", "scoring", vp=vp, awards=NEUTRAL_AWARDS, demand=[])
    return st


# ---------------------------------------------------------------------------- IS-2.4(a)
def test_is_2_4a_thresholds_in_the_victory_check():
    """IS-2.4(a): vp ≥ 30 France wins, vp ≤ 0 Britain wins, in the Victory Check Phase."""
    st = _victory_phase(30)
    assert st["vp"] == 30 and st["over"] and st["winner"] == FR
    assert st["reason"] == "vp_threshold"
    st = _victory_phase(0)
    assert st["vp"] == 0 and st["over"] and st["winner"] == BR
    for vp in (29, 1):
        st = _victory_phase(vp)
        assert st["vp"] == vp and not st["over"]


def test_is_2_4a_crossing_a_threshold_mid_round_ends_nothing():
    """IS-2.4(a) / IS-4.1.12e: vp beyond 30 during an Action Round ends nothing by itself."""
    st = round_position("T2", "france", vp=31)
    assert not st["over"]
    take_tile(st, FR, 0)
    start_action(st, FR, "major")
    buy(st, FR, "shift:niagara")
    assert not st["over"]
    assert st["vp"] == 31


# ---------------------------------------------------------------------------- IS-2.4(c)
SWEEP_FLAGS = {
    s: "france"
    for s in (
        "denmark_norway",
        "dutch_alliance_2",
        "german_states_alliance_2",
        "german_states_alliance_3",
        "bavaria",
        "austria_alliance_2",
        "austria_alliance_3",
        "savoy",
        "sardinia",
        "spain_alliance_3_upper",
        "spain_alliance_3_lower",
        "ireland_alliance_2",
        "scotland_alliance_2",
        "louisbourg",
        "halifax",
        "ohio_forks",
        "champlain_valley",
    )
}
SWEEP_SQUADRONS = {s: "france" for s in ("biscay", "balearic", "cabot_strait", "atlantic_passage")}
SWEEP_SQUADRONS["gulf_of_maine"] = "france"


def _war_sweep(theater4_tiles):
    war = display("WSS", basic={4: (theater4_tiles, [])})
    st = war_position(
        "WSS",
        1,
        only=False,
        war=war,
        flags=SWEEP_FLAGS,
        squadrons=SWEEP_SQUADRONS,
        navy={"france": 0, "britain": 2},
        unbuilt={"france": 3, "britain": 6},
    )
    war_run(st)
    for _ in range(60):
        ws = waiting_sides(st)
        if not ws or st["over"]:
            break
        ids = choice_ids(st, ws[0])
        pick = next((i for i in ids if i in ("cp_end", "accept")), ids[0])
        act(st, ws[0], pick)
    return st


def test_is_2_4c_war_clean_sweep():
    """IS-2.4(c) / IS-7.4: France wins all four WSS theaters on their open-ended rows (8, 5, 7,
    5 with Bonus Strength and one +2 tile) → France wins."""
    st = _war_sweep(["fr_b00"])
    assert st["over"] is True
    assert st["winner"] == FR
    assert st["reason"] == "sweep_war"


def test_is_2_4c_no_sweep_when_one_theater_is_on_a_lower_row():
    """IS-7.4: Jacobite Rebellion won by 3 (row 3–4) → no sweep; vp 15 + 3 + 1 + 1 + 2 = 22."""
    st = _war_sweep([])
    assert not st["over"]
    assert st["vp"] == 22


# ---------------------------------------------------------------------------- IS-2.4(d) / 11
def _final(**spec):
    st = build({"turn": "T6", "at": "none", **spec})
    out: list = []
    scoring().final_scoring(st, out)
    return st


def test_is_11_set_up_position_baseline():
    """IS-11c on the set-up position: Britain +1 (three commodities to two) → vp 14 → Britain
    wins (IS-2.4(d))."""
    st = _final()
    assert st["vp"] == 14
    assert st["winner"] == BR
    assert st["reason"] == "final"


def test_is_11b_available_debt_difference():
    """IS-11b: d = 9 → min(4, floor(9/2)) = 4 VP to the side with more Available Debt."""
    st = _final(debt={"britain": 9})
    assert st["vp"] == 15 + 4 - 1
    assert st["winner"] == FR


def test_is_11d_territories_usa_counts_as_french():
    """IS-11d / IS-10.3: USA northern_colonies and French jamaica: France +4; British acadia:
    Britain +2 → vp 15 + 4 − 2 − 1 = 16 → France wins."""
    st = _final(flags={"northern_colonies": "usa", "jamaica": "france", "acadia": "britain"})
    assert st["vp"] == 16
    assert st["winner"] == FR


def test_is_11a_prestige_two_vp():
    """IS-11a: more Prestige spaces → 2 VP (France takes sweden and russia: 3–1)."""
    st = _final(flags={"sweden": "france", "russia": "france"})
    assert st["vp"] == 15 + 2 - 1


def test_is_11_conflicted_spaces_ignored():
    """IS-11 "All four ignore conflicted spaces": a marker on British kanchipuram ties Spice
    (0–0) → baseline +1 for Britain becomes 0 → vp 15 → equal Available Debt → Britain wins."""
    st = _final(conflict={"kanchipuram": 1})
    assert st["vp"] == 15
    assert st["winner"] == BR
