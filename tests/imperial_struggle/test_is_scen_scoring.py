"""Scoring, phase and Ministry scenarios of shared/rules/imperial_struggle.md section 20: IS-S09,
S10, S11, S21 (Initiative), S24 (Ministry Phase and Jacobite VP), S25.

Scoring positions are built with ``at="none"`` and scored with the flow's ``scoring`` functions,
or with ``phase_position`` (the Peace Turn from its Scoring Phase to its end). Award tiles of
the other Regions are chosen so that only the Region under test can be won (IS-3.11 set-up
counts: Europe FR 4–3, North America 4–4, Caribbean 5–5, India 4–4; Prestige 1–1), and
``demand=[]`` leaves Global Demand out where the scenario is about Awards.
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
    phase_position,
    round_position,
    start_action,
    take_tile,
    waiting_sides,
)


def scoring():
    return importlib.import_module(f"{PKG}.scoring")


def run_final(st):
    out = []
    scoring().final_scoring(st, out)
    return out


# ------------------------------------------------------------------------------------ IS-S09
S09_FLAGS = {
    "massachusetts_bay": "britain",
    "northern_colonies": "britain",
    "chesapeake": "britain",
    "hudson_valley": "britain",
    "albany": "britain",
    "halifax": "britain",
    "algonquin": "france",
    "quebec_montreal": "france",
    "acadia": "france",
    "cataraqui": "france",
    "louisbourg": "france",
    "niagara": "france",
    "georges_bank": "france",
}


def _s09(extra_flags=None, conflict=None, at="scoring"):
    flags = dict(S09_FLAGS)
    flags.update(extra_flags or {})
    return build(
        {
            "turn": "T3",
            "at": at,
            "vp": 15,
            "flags": flags,
            "damaged": ["halifax"],
            "squadrons": {"gulf_of_maine": "britain"},
            "conflict": {"georges_bank": 1, **(conflict or {})},
            "awards": {"europe": 1, "north_america": 0, "caribbean": 2, "india": 3},
            "demand": [],
        }
    )


def test_is_s09_a_lead_below_margin_no_award():
    """IS-S09 A (IS-4.1.12a, IS-4.1.12b, IS-3.8): 7 vs 6 (conflicted georges_bank ignored, Damaged
    Fort
    counts), margin 1 < 2: nobody wins; the tile leaves play; vp 15."""
    assert scoring().award_counts(_s09(at="none"), "north_america") == (6, 7)
    st = _s09()
    assert st["vp"] == 15
    assert st["scoring"]["awards"]["north_america"] is None
    assert 0 in st["awards_out"]
    assert st["awards"]["north_america"][0] is None


def test_is_s09_b_lead_of_2_wins():
    """IS-S09 B: niagara empty → 7 vs 5 → Britain scores 3 (vp 12)."""
    assert scoring().award_counts(_s09({"niagara": None}, at="none"), "north_america") == (5, 7)
    st = _s09({"niagara": None})
    assert st["scoring"]["awards"]["north_america"] == BR
    assert st["vp"] == 12


def test_is_s09_c_conflict_marker_removes_a_count():
    """IS-S09 C: as B plus a Conflict marker on albany → 6 vs 5 → no award."""
    probe = _s09({"niagara": None}, conflict={"albany": 1}, at="none")
    assert scoring().award_counts(probe, "north_america") == (5, 6)
    st = _s09({"niagara": None}, conflict={"albany": 1})
    assert st["scoring"]["awards"]["north_america"] is None
    assert st["vp"] == 15


# ------------------------------------------------------------------------------------ IS-S10
S10_FLAGS = {
    "georges_bank": "britain",
    "gulf_of_st_lawrence": "france",
    "bahamas_run_west": "britain",
    "malacca_route": "france",
    "tiruchirappalli": "france",
    "west_bengal": "britain",
    "kurpa": "britain",
}
S10_AWARDS = {"europe": 0, "north_america": 2, "caribbean": 1, "india": 3}


def test_is_s10_global_demand_table_order_and_forced_debt():
    """IS-S10 (IS-4.1.12d, IS-6.3a): scored spice, fish, tobacco: vp 16, 14, 11 and +1 for the
    British Debt that does not fit → 12; British Debt 6, French Debt 0."""
    st, events = phase_position(
        "T2",
        "scoring",
        **{
            "vp": 15,
            "flags": S10_FLAGS,
            "awards": S10_AWARDS,
            "demand": ["fish", "tobacco", "spice"],
            "debt": {"france": 1, "britain": 5},
            "limit": {"france": 6, "britain": 6},
        },
    )
    order = [e.args["commodity"] for e in events if e.kind == "demand_win"]
    assert order == ["spice", "fish", "tobacco"]
    assert st["scoring"]["demand"] == {"spice": FR, "fish": BR, "tobacco": BR}
    assert st["vp"] == 12
    assert st["debt"] == [0, 6]


def test_is_s10_variant_revolution_and_james_watt():
    """IS-S10 variant (T5, IS-MIN19(a)): spice France +3 (18), Debt 0; fish Britain +2 (16);
    tobacco Britain +1 (15), the overflow gives France nothing. Final 15."""
    st, _ = phase_position(
        "T5",
        "scoring",
        **{
            "vp": 15,
            "flags": S10_FLAGS,
            "awards": S10_AWARDS,
            "demand": ["fish", "tobacco", "spice"],
            "debt": {"france": 1, "britain": 14},
            "limit": {"france": 14, "britain": 14},
            "ministries": {"britain": [["M-19", True], ["M-17", False]]},
        },
    )
    assert st["vp"] == 15
    assert st["debt"] == [0, 14]


# ------------------------------------------------------------------------------------ IS-S11
def s11_flags(martinique_conflict=True):
    """IS-S11 markets and Prestige spaces (every other Market empty; set-up Territories)."""
    flags: dict[str, str | None] = {}
    markets = {
        "furs": (
            ["cataraqui", "niagara", "oswego", "ile_aux_noix", "york_factory"],
            ["hudson_valley", "albany", "cumberland", "allegheny"],
        ),
        "fish": (
            ["gulf_of_st_lawrence"],
            ["massachusetts_bay", "georges_bank", "northeast_channel"],
        ),
        "tobacco": (
            ["caicos", "cayman_passage", "st_james"],
            ["georgia", "bahamas_run_west", "bahamas_run_north"],
        ),
        "sugar": (
            ["port_de_paix", "puerto_principe", "havana", "santiago", "martinique"],
            ["st_lucia", "antigua", "puerto_rico", "panzacola"],
        ),
        "spice": (["malacca_route", "tiruchirappalli", "calicut"], ["kanchipuram", "mangalore"]),
        "cotton": (["plassey", "karaikal"], ["midnapore", "west_bengal", "kurpa", "vellore"]),
    }
    for fr, br in markets.values():
        flags.update({m: "france" for m in fr})
        flags.update({m: "britain" for m in br})
    flags["cuba_passage_east"] = None
    for s in ("spain_prestige_2", "spain_prestige_3", "sweden", "russia"):
        flags[s] = "france"
    for s in ("ireland_prestige_3", "scotland_prestige_3", "prussia_prestige_3"):
        flags[s] = "britain"
    flags["austria_prestige_3_upper"] = "britain"
    return flags


def _s11(fr_debt=7, conflict=True):
    return build(
        {
            "turn": "T6",
            "at": "none",
            "vp": 15,
            "flags": s11_flags(),
            "conflict": {"martinique": 1} if conflict else {},
            "debt": {"france": fr_debt, "britain": 8},
            "limit": {"france": 14, "britain": 14},
        }
    )


def test_is_s11_final_scoring_tiebreak_at_15_france():
    """IS-S11 (IS-11, IS-11b, IS-0.6, IS-2.4(d), IS-3.8): Prestige 0, Debt difference 1 →
    floor(1 / 2) = 0, commodities FR +2 BR +2
    (Sugar tied, conflicted martinique ignored), Territories 0 → vp 15 → France has more
    Available Debt (7 > 6) → France wins."""
    st = _s11()
    assert scoring().prestige_counts(st) == (5, 5)
    assert scoring().demand_counts(st, "sugar") == (4, 4)
    run_final(st)
    assert st["vp"] == 15
    assert st["over"] is True
    assert st["winner"] == FR
    assert st["reason"] == "final_tiebreak"


def test_is_s11_b_equal_available_debt_britain_wins():
    """IS-S11 B: France Debt 8 (Available 6) → tie at 15 → Britain wins."""
    st = _s11(fr_debt=8)
    run_final(st)
    assert st["vp"] == 15
    assert st["winner"] == BR


def test_is_s11_c_no_conflict_france_wins_outright():
    """IS-S11 C: no marker on martinique → Sugar FR 5–4 → vp 16 → France wins outright."""
    st = _s11(conflict=False)
    run_final(st)
    assert st["vp"] == 16
    assert st["winner"] == FR
    assert st["reason"] == "final"


# ------------------------------------------------------------------------------------ IS-S21
def answer_ministry_phase(st):
    """Both sides keep their cards (second turn) or pick the first two offered (first turn)."""
    for _ in range(12):
        ws = waiting_sides(st)
        if not ws:
            return
        s = ws[0]
        ids = choice_ids(st, s)
        if not any(i.startswith(("pick:", "replace:", "keep_all", "confirm")) for i in ids):
            return
        for want in ("keep_all", "confirm"):
            if want in ids:
                act(st, s, want)
                break
        else:
            act(st, s, next(i for i in ids if i.startswith("pick:")))


MIN_T2 = {"france": [["M-1", False], ["M-2", False]], "britain": [["M-5", False], ["M-6", False]]}


def test_is_s21_initiative_at_15_stays_and_holder_chooses():
    """IS-S21 (IS-4.1.8): T2 with vp 15: France keeps the Initiative and chooses Britain to go
    first; Britain then takes the first Action Round."""
    st = build({"turn": "T2", "at": "ministry", "vp": 15, "initiative": "france"})
    st2 = build(
        {"turn": "T2", "at": "ministry", "vp": 15, "initiative": "france", "ministries": MIN_T2}
    )
    for s in (st, st2):
        answer_ministry_phase(s)
        assert waiting_sides(s) == [FR]
        assert set(choice_ids(s, FR)) == {"first:france", "first:britain"}
        act(s, FR, "first:britain")
        assert s["initiative"] == FR
        assert s["first"] == BR
        assert any(i.startswith("tile:") for i in choice_ids(s, BR))


def test_is_s21_initiative_above_15_goes_to_britain():
    """IS-S21: T3 starting with vp 17 → Britain holds the Initiative and chooses."""
    st = build({"turn": "T3", "at": "ministry", "vp": 17, "initiative": "france"})
    answer_ministry_phase(st)
    assert waiting_sides(st) == [BR]
    assert set(choice_ids(st, BR)) == {"first:france", "first:britain"}
    act(st, BR, "first:france")
    assert st["initiative"] == BR
    assert st["first"] == FR


def test_is_4_1_8_initiative_below_15_goes_to_france():
    """IS-4.1.8: vp < 15 → France holds the Initiative (even if Britain held it)."""
    st = build({"turn": "T4", "at": "ministry", "vp": 13, "initiative": "britain"})
    answer_ministry_phase(st)
    assert waiting_sides(st) == [FR]
    act(st, FR, "first:france")
    assert st["initiative"] == FR


# ------------------------------------------------------------------------------------ IS-S24
def test_is_s24_ministry_phase_jacobite_third_slot():
    """IS-S24 / IS-4.1.7b / IS-A20: with the Jacobite right, M-4 moves face up to a third French
    slot; France fills the freed slot with M-12, M-13 or M-14."""
    st = build(
        {
            "turn": "T4",
            "at": "ministry",
            "jacobite": {"victories": 2, "right": True, "defeat": False},
            "ministries": {
                "france": [["M-11", False], ["M-4", False]],
                "britain": [["M-15", False], ["M-16", False]],
            },
        }
    )
    slots = st["min_slots"][FR]
    assert len(slots) == 3
    assert {"card": "M-4", "up": True} in slots
    ids = choice_ids(st, FR)
    assert {"pick:M-12", "pick:M-13", "pick:M-14"} <= set(ids)
    assert "pick:M-11" not in ids and "pick:M-4" not in ids
    act(st, FR, "pick:M-13")
    act(st, FR, "confirm")
    act(st, BR, "keep_all")
    cards = sorted(s["card"] for s in st["min_slots"][FR])
    assert cards == ["M-11", "M-13", "M-4"]


def test_is_s24_jacobite_vp_then_a_is_illegal():
    """IS-S24 round (IS-MIN04 B, IS-A22): 3 MP → min(4, 2 + 2) = 4 VP (vp 21); M-4 A is then
    illegal this round."""
    st = round_position(
        "T4",
        "france",
        vp=17,
        flags={"scotland_alliance_2": "france"},
        jacobite={"victories": 2, "right": True, "defeat": False},
        ministries={"france": [["M-11", False], ["M-13", False], ["M-4", True]]},
    )
    take_tile(st, FR, 16)  # Major M4, Minor E2
    start_action(st, FR, "major")
    buy(st, FR, "jacobite_vp")
    assert st["vp"] == 21
    assert st["debt"][FR] == 0
    assert not any(i.startswith("jacobite_shift:") for i in choice_ids(st, FR))


# ------------------------------------------------------------------------------------ IS-S25
S25_FLAGS = {
    "scotland_alliance_2": "britain",
    "denmark_norway": "britain",
    "sardinia": "britain",
    "spain_prestige_2": "france",
    "albany": "britain",
    "antigua": "britain",
    "puerto_rico": "britain",
    "west_bengal": "britain",
    "kurpa": "britain",
}


def _s25(**extra_flags):
    st, _ = phase_position(
        "T2",
        "scoring",
        vp=20,
        flags={**S25_FLAGS, **extra_flags},
        awards={"europe": 6, "north_america": 3, "caribbean": 4, "india": 0},
        demand=["furs", "sugar", "cotton"],
    )
    return st


def test_is_s25_peace_clean_sweep():
    """IS-S25 (IS-4.1.12, IS-4.1.13, IS-2.4(b), IS-A28): Awards vp 20 → 15 (+2 TRP), Prestige France
    +2
    (17), furs 15 (+1 TRP), sugar 13, cotton 11 (+1 TRP); Britain won every Award and every
    Global Demand award → Britain wins although France won Prestige."""
    probe = build({"turn": "T2", "at": "none", "flags": S25_FLAGS})
    assert scoring().award_counts(probe, "india") == (4, 6)
    assert scoring().prestige_counts(probe) == (2, 1)
    st = _s25()
    assert st["scoring"]["prestige"] == FR
    assert st["scoring"]["sweep"] == BR
    assert st["vp"] == 11
    assert st["trp"][BR] == 4
    assert st["over"] is True
    assert st["winner"] == BR
    assert st["reason"] == "sweep_peace"


def test_is_s25_variant_india_lead_1_no_sweep():
    """IS-S25 variant: India lead 1 → no India Award → no sweep; vp 14 → the game goes on."""
    st = _s25(tiruchirappalli="france")
    assert st["scoring"]["awards"]["india"] is None
    assert st["scoring"]["sweep"] is None
    assert st["vp"] == 14
    assert not st["over"]


def test_is_2_4_sweep_checked_before_the_threshold():
    """IS-2.4 check order / IS-4.1.13: (b) before (a): IS-S25's British sweep from vp 40 ends at
    vp 31 ≥ 30, yet Britain wins by the sweep."""
    st, _ = phase_position(
        "T2",
        "scoring",
        vp=40,
        flags=S25_FLAGS,
        awards={"europe": 6, "north_america": 3, "caribbean": 4, "india": 0},
        demand=["furs", "sugar", "cotton"],
    )
    assert st["vp"] == 31
    assert st["winner"] == BR
    assert st["reason"] == "sweep_peace"
