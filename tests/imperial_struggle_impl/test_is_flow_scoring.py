"""Flow helper: the Scoring Phase (IS-4.1.12a–f), victory checks (IS-2.4, IS-4.1.13) and Final
Scoring (IS-11), on hand-built positions (scenarios IS-S09, IS-S10, IS-S11, IS-S25 and the Ministry
modifiers M-3, M-7, M-12, M-14, M-18)."""

from __future__ import annotations

import pytest

from engine.games.imperial_struggle import scoring
from engine.games.imperial_struggle.data_components import COMPONENTS
from engine.games.imperial_struggle.position import build, build_with_events

SETUP_FLAGS = [*COMPONENTS["setup"]["france"]["flags"], *COMPONENTS["setup"]["britain"]["flags"]]


def cleared(**flags):
    """A flags spec that empties every set-up flag, then sets ``flags``."""
    return {**{s: None for s in SETUP_FLAGS}, **flags}


# ---------------------------------------------------------------------------- IS-S09
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


@pytest.mark.parametrize(
    ("variant", "winner", "vp"),
    [("A", None, 15), ("B", 1, 12), ("C", None, 15)],
)
def test_s09_regional_award_margin(variant, winner, vp):
    """IS-S09 / IS-4.1.12a: tile 0 (3 VP, lead of 2). A: 7 vs 6 (conflicted Georges Bank ignored,
    Damaged Fort counts) → no award. B: Niagara empty → 7 vs 5 → Britain 3 VP. C: B plus a
    Conflict marker on Albany → 6 vs 5 → no award."""
    flags = dict(S09_FLAGS)
    conflict = {"georges_bank": 1}
    if variant in ("B", "C"):
        flags["niagara"] = None
    if variant == "C":
        conflict["albany"] = 1
    rules, st = build(
        {
            "turn": "T3",
            "at": "none",
            "flags": flags,
            "damaged": ["halifax"],
            "squadrons": {"gulf_of_maine": "britain"},
            "conflict": conflict,
        }
    )
    st["awards"]["north_america"] = [0, None]
    out = []
    assert scoring.score_award(st, "north_america", out) == winner
    assert st["vp"] == vp
    expect = {"A": (6, 7), "B": (5, 7), "C": (5, 6)}[variant]
    assert scoring.award_counts(st, "north_america") == expect


# ---------------------------------------------------------------------------- IS-S10
def _s10_spec(turn: str, **extra):
    flags = cleared(
        gulf_of_st_lawrence="britain",
        massachusetts_bay="britain",
        northeast_channel="france",
        georgia="britain",
        bahamas_run_west="britain",
        malacca_route="france",
        calicut="france",
        kanchipuram="britain",
    )
    return {
        "turn": turn,
        "at": "none",
        "flags": flags,
        "demand": ["fish", "tobacco", "spice"],
        **extra,
    }


def _score_demand_phase(st):
    out = []
    winners = {}
    for c in ("furs", "spice", "fish", "tobacco", "sugar", "cotton"):
        if c in st["demand"]:
            winners[c] = scoring.score_demand(st, c, out)
    return winners, out


def test_s10_global_demand_order_and_forced_debt():
    """IS-S10 / IS-4.1.12d / IS-6.3a: spice, fish, tobacco in table order: spice France +1 VP and
    Debt −1; fish Britain +2 and Debt +1 (6); tobacco Britain +3 and a forced Debt that does not fit
    → France +1. Final vp 12, Debt FR 0 / BR 6."""
    rules, st = build(_s10_spec("T2", debt={"france": 1, "britain": 5}))
    winners, out = _score_demand_phase(st)
    assert winners == {"spice": 0, "fish": 1, "tobacco": 1}
    assert st["vp"] == 12 and st["debt"] == [0, 6]
    vps = [e.args["vp"] for e in out if e.kind == "vp"]
    assert vps == [16, 14, 11, 12]


def test_s10_variant_revolution_james_watt():
    """IS-S10 variant (T5, Revolution): spice France +3 (18) and Debt 0; fish Britain +2 (16);
    tobacco Britain +1 (15), the Debt overflow gives France nothing with James Watt face up."""
    rules, st = build(
        _s10_spec(
            "T5",
            debt={"france": 1, "britain": 14},
            limit={"britain": 14},
            ministries={"britain": [["M-19", True], ["M-20", False]]},
        )
    )
    _score_demand_phase(st)
    assert st["vp"] == 15 and st["debt"] == [0, 14]


def test_scoring_phase_scores_demand_in_table_order():
    """IS-4.1.12d: the drawn order (fish, tobacco, spice) does not matter: spice comes first."""
    rules, st, ev = build_with_events(
        {**_s10_spec("T2", debt={"france": 1, "britain": 5}), "at": "scoring"}
    )
    order = [e.args["commodity"] for e in ev if e.kind == "demand_win"]
    assert order == ["spice", "fish", "tobacco"]


# ---------------------------------------------------------------------------- IS-S11
def _s11_spec(french_debt: int = 7, martinique_conflict: bool = True):
    def assign(markets, fr, br):
        d = {}
        for i, m in enumerate(markets):
            d[m] = "france" if i < fr else "britain" if i < fr + br else None
        return d

    flags = {}
    # Prestige 5-5 (Political and Minorca; Naval Prestige spaces empty)
    for s in (
        "ireland_prestige_3",
        "scotland_prestige_3",
        "prussia_prestige_3",
        "sweden",
        "russia",
    ):
        flags[s] = "france"
    for s in (
        "dutch_prestige_3",
        "austria_prestige_3_upper",
        "spain_prestige_2",
        "spain_prestige_3",
        "minorca",
    ):
        flags[s] = "britain"
    flags["austria_prestige_3_lower"] = None
    from engine.games.imperial_struggle import board as B

    flags.update(assign(B.commodity_markets("furs"), 5, 4))
    flags.update(assign(B.commodity_markets("fish"), 1, 3))
    flags.update(assign(B.commodity_markets("tobacco"), 3, 3))
    sugar = [m for m in B.commodity_markets("sugar") if m != "martinique"]
    flags.update(assign(sugar, 4, 4))
    flags["martinique"] = "france"
    flags.update(assign(B.commodity_markets("spice"), 3, 2))
    flags.update(assign(B.commodity_markets("cotton"), 2, 4))
    return {
        "turn": "T6",
        "at": "none",
        "vp": 15,
        "flags": flags,
        "debt": {"france": french_debt, "britain": 8},
        "conflict": {"martinique": 1} if martinique_conflict else {},
    }


@pytest.mark.parametrize(
    ("french_debt", "conflict", "winner", "vp", "reason"),
    [
        (7, True, 0, 15, "final_tiebreak"),
        (8, True, 1, 15, "final_britain_tie"),
        (7, False, 0, 16, "final"),
    ],
)
def test_s11_final_scoring_tiebreak(french_debt, conflict, winner, vp, reason):
    """IS-S11 / IS-11 / IS-2.4(d): Prestige 5-5, Debt difference 1 → 0 VP, commodities FR +2 BR +2
    (Sugar tied, conflicted Martinique ignored), Territories 0 → vp 15 → France has more Available
    Debt → France. B: equal Available Debt → Britain. C: no Conflict → Sugar 5-4 → 16 → France."""
    rules, st = build(_s11_spec(french_debt, conflict))
    assert st["limit"] == [14, 14]
    out = []
    assert scoring.final_scoring(st, out) == winner
    assert st["vp"] == vp and st["over"] and st["reason"] == reason
    assert rules.outcome(st).winners == (winner,)


def test_final_territories_count_usa_flags_for_france():
    """IS-11d / IS-10.3: USA flags on Britain's set-up Territories count as French (2 VP each)."""
    rules, st = build(
        {"turn": "T6", "at": "none", "flags": {"northern_colonies": "usa", "jamaica": "france"}}
    )
    out = []
    scoring.final_scoring(st, out)
    part = next(e for e in out if e.kind == "final" and e.args["part"] == "territories")
    assert part.args["fr"] == 2 and part.args["br"] == 0
    assert any(
        e.kind == "vp" and e.args["why"] == "final_territories" and e.args["n"] == 4 for e in out
    )


# ---------------------------------------------------------------------------- IS-S25
def _s25_spec(india_lead: int, vp: int = 20):
    flags = cleared(
        ireland_prestige_3="france",
        scotland_prestige_3="france",
        denmark_norway="britain",
        bavaria="britain",
        savoy="britain",
        york_factory="britain",
        antigua="britain",
        plassey="britain",
        west_bengal="britain" if india_lead == 2 else None,
    )
    return {
        "turn": "T2",
        "at": "scoring",
        "vp": vp,
        "flags": flags,
        "awards": {"europe": 6, "north_america": 3, "caribbean": 4, "india": 0},
        "demand": ["furs", "sugar", "cotton"],
    }


def test_s25_peace_clean_sweep():
    """IS-S25 / IS-4.1.13 / IS-A28: Awards 20 → 15 (+2 TRP), Prestige France +2 (17), furs 15
    (+1 TRP), sugar 13, cotton 11 (+1 TRP); Britain won all 4 Awards and all 3 demands → Britain
    wins although France won Prestige."""
    rules, st, ev = build_with_events(_s25_spec(2))
    vps = [e.args["vp"] for e in ev if e.kind == "vp"]
    assert vps == [19, 18, 15, 17, 15, 13, 11]
    assert st["trp"] == [0, 4]
    assert st["over"] and st["winner"] == 1 and st["reason"] == "sweep_peace"
    assert st["scoring"]["sweep"] == 1 and st["scoring"]["prestige"] == 0


def test_s25_variant_no_india_award_no_sweep():
    """IS-S25 variant: India lead 1 → no India Award → no sweep; vp ends at 14 and the game goes
    on."""
    rules, st = build(_s25_spec(1))
    assert st["scoring"]["awards"]["india"] is None
    assert st["vp"] == 14 and not st["over"]


def test_s25_with_prestige_option():
    """IS-V14: with autowin_includes_prestige on, Britain (who lost Prestige) does not sweep."""
    rules, st = build({**_s25_spec(2), "options": {"autowin_includes_prestige": "on"}})
    assert not st["over"] and st["vp"] == 11


# ---------------------------------------------------------------------------- thresholds
@pytest.mark.parametrize(
    ("vp", "winner"), [(30, 0), (33, 0), (0, 1), (-2, 1), (29, None), (1, None)]
)
def test_victory_check_thresholds(vp, winner):
    """IS-2.4(a): vp ≥ 30 France, vp ≤ 0 Britain, only in a Victory Check."""
    rules, st = build({"turn": "T2", "at": "none", "vp": vp})
    assert scoring.victory_check(st, []) is (winner is not None)
    assert st["winner"] == winner


def test_sweep_checked_before_threshold():
    """IS-2.4 check order: the sweep first (Britain sweeps at vp 31 → Britain wins)."""
    rules, st = build({"turn": "T2", "at": "none", "vp": 31})
    assert scoring.victory_check(st, [], sweep=1)
    assert st["winner"] == 1 and st["reason"] == "sweep_peace"


# ---------------------------------------------------------------------------- ministries
def _europe_win(side: str, cards: dict):
    # France wins Europe: Britain loses its 3 Europe flags; Britain wins: France loses its 4
    if side == "france":
        flags = {
            "dutch_prestige_3": None,
            "german_states_alliance_3": None,
            "austria_alliance_2": None,
        }
    else:
        flags = {
            "ireland_alliance_2": None,
            "bavaria": None,
            "austria_prestige_3_lower": None,
            "spain_alliance_3_upper": None,
        }
    rules, st = build({"turn": "T3", "at": "none", "flags": flags, "ministries": cards})
    st["awards"]["europe"] = [2, None]  # 1 VP
    return st


def test_m3_court_of_the_sun_king_europe_vp():
    """IS-MIN03: France wins Europe with M-3 face up → 1 extra VP."""
    st = _europe_win("france", {"france": [["M-3", True], ["M-1", False]]})
    scoring.score_award(st, "europe", [])
    assert st["vp"] == 17


@pytest.mark.parametrize(("side", "vp"), [("britain", 13), ("france", 15)])
def test_m18_samuel_johnson(side, vp):
    """IS-MIN18: Britain wins Europe → +1 VP; France wins it → France 1 VP less (1 → 0)."""
    st = _europe_win(side, {"britain": [["M-18", True], ["M-17", False]]})
    scoring.score_award(st, "europe", [])
    assert st["vp"] == vp


def test_m14_voltaire_trp_even_without_a_winner_and_option():
    """IS-MIN14 / IS-A23 / IS-V12: Voltaire gives 1 TRP per country with a French Prestige space
    (Austria at set-up; add Ireland) whenever Europe is scored; with if_awarded only when someone
    wins."""
    spec = {
        "turn": "T3",
        "at": "none",
        "flags": {
            "ireland_prestige_3": "france",
            "bavaria": None,
            "dutch_alliance_2": "britain",
        },
        "ministries": {"france": [["M-14", True], ["M-11", False]]},
    }
    rules, st = build(spec)
    st["awards"]["europe"] = [2, None]
    assert scoring.award_counts(st, "europe")[0] == scoring.award_counts(st, "europe")[1]
    scoring.score_award(st, "europe", [])
    assert st["trp"][0] == 2
    rules, st = build({**spec, "options": {"voltaire_timing": "if_awarded"}})
    st["awards"]["europe"] = [2, None]
    scoring.score_award(st, "europe", [])
    assert st["trp"][0] == 0


def test_m12_dupleix_india_and_spice():
    """IS-MIN12: France gains 1 extra TRP for winning India and for winning Spice."""
    rules, st = build(
        {
            "turn": "T3",
            "at": "none",
            "flags": {
                "malacca_route": "france",
                "calicut": "france",
                "kanchipuram": None,
                "madras": None,
            },
            "ministries": {"france": [["M-12", True], ["M-11", False]]},
        }
    )
    st["awards"]["india"] = [6, None]  # 0 VP + 1 TRP
    assert scoring.score_award(st, "india", []) == 0
    assert st["trp"][0] == 2
    assert scoring.score_demand(st, "spice", []) == 0
    assert st["trp"][0] == 3  # spice in the Empire Era gives no TRP of its own


def test_m7_east_india_company():
    """IS-MIN07 / IS-A27: 1 VP per held, unexhausted, unconflicted trade Advantage, at most 3."""
    rules, st = build(
        {"turn": "T3", "at": "none", "ministries": {"britain": [["M-7", True], ["M-15", False]]}}
    )
    for a in ("textiles", "silk", "fruit", "fur_trade", "rum"):
        st["adv_holder"][a] = 1
    st["adv_exhausted"]["rum"] = 1
    scoring.east_india_company(st, [])
    assert st["vp"] == 12
