"""Imperial Struggle rulings on the board and the components that no other test cited: ids and
Regions (IS-0.2, IS-3.2), space types and their properties (IS-3.2.1a, IS-3.2.1b, IS-3.2.1d,
IS-3.2.2, IS-3.2.6), theaters (IS-7.0a, IS-7.7). The values are the rulings' own
lists, checked against the generated data (``board``) and, where the ruling states an effect,
against the engine's war strength on a hand-built position.
"""

from __future__ import annotations

from collections import Counter

from is_helpers import FR, B, build, strength_free_flags

from engine.games.imperial_struggle import war as W


def test_is_0_2_component_ids():
    """IS-0.2: Investment tiles 0–23, Award tiles 0–7, the six Global Demand commodities, Event
    cards 1–41, Ministry cards M-1–M-26, the four wars; a Region is one of the four."""
    assert sorted(B().INVEST) == list(range(24))
    assert sorted(B().AWARDS) == list(range(8))
    assert set(B().DEMAND) == {"furs", "spice", "fish", "tobacco", "sugar", "cotton"}
    assert sorted(B().EVENTS) == list(range(1, 42))
    assert set(B().MINISTRIES) == {f"M-{k}" for k in range(1, 27)}
    assert list(B().WARS) == ["WSS", "WAS", "7YW", "AWI"]
    assert B().REGIONS == ("europe", "north_america", "caribbean", "india")


def test_is_3_2_regions_sub_regions_and_space_types():
    """IS-3.2: four Regions; North America has the sub-regions canada and northern_colonies,
    India hooghly_river and carnatic_coast, the others none (a sub-region is never a Region);
    five space types."""
    subs = {
        r: {s["sub_region"] for s in B().SPACES.values() if s["region"] == r} - {None}
        for r in B().REGIONS
    }
    assert subs == {
        "europe": set(),
        "north_america": {"canada", "northern_colonies"},
        "caribbean": set(),
        "india": {"hooghly_river", "carnatic_coast"},
    }
    assert set(Counter(s["type"] for s in B().SPACES.values())) == {
        "political",
        "market",
        "territory",
        "naval",
        "fort",
    }


def test_is_3_2_1a_prestige_spaces_beyond_political():
    """IS-3.2.1a: Prestige spaces are mostly Political, plus some Naval spaces and the
    Territory minorca."""
    other = {(s, r["type"]) for s, r in B().SPACES.items() if r["prestige"]}
    other = {x for x in other if x[1] != "political"}
    assert ("minorca", "territory") in other
    assert {t for _s, t in other} == {"naval", "territory"}


def test_is_3_2_1d_local_alliances():
    """IS-3.2.1d: the ten Local Alliances, all Political spaces outside Europe."""
    local = {s for s, r in B().SPACES.items() if r.get("local_alliance")}
    assert local == {
        "algonquin",
        "iroquois",
        "sons_of_liberty",
        "usa_prestige_2",
        "usa_prestige_3",
        "privateers",
        "buccaneers",
        "maratha",
        "nizam",
        "mysore",
    }
    assert all(B().SPACES[s]["type"] == "political" for s in local)
    assert all(B().SPACES[s]["region"] != "europe" for s in local)


def _bonus(war, theater, **spec):
    st = build({"turn": "T1", "at": "none", **spec})
    return W.bonus_strength(st, war, str(theater), FR)[0]


def test_is_3_2_1b_alliance_space_strength_only_in_its_theaters():
    """IS-3.2.1b, IS-7.1.3: ireland_alliance_2 lists WSS theater 4 (and WAS 4) in its
    war_strength: French, it gives France +1 in the WSS Jacobite Rebellion and nothing in WSS
    Central Europe (other strength spaces of those theaters emptied)."""
    assert {(w["war"], w["theater"]) for w in B().SPACES["ireland_alliance_2"]["war_strength"]} == {
        ("WSS", 4),
        ("WAS", 4),
    }
    for theater, gain in ((4, 1), (1, 0)):
        free = strength_free_flags("WSS", theater)
        base = _bonus("WSS", theater, flags=free)
        with_ireland = _bonus("WSS", theater, flags={**free, "ireland_alliance_2": "france"})
        assert with_ireland - base == gain, theater


def test_is_7_0a_a_theater_with_two_regions():
    """IS-7.0a, IS-7.7: 7YW theater 3 (French & Indian War) covers North America and the
    Caribbean, so a Conflict marker on British st_lucia (Caribbean) gives France +1 there; in
    King George's War (WAS 2, North America only, also counting Conflicts) it gives nothing."""
    assert B().THEATERS["7YW"][3]["regions"] == ["north_america", "caribbean"]
    assert B().SPACES["st_lucia"]["region"] == "caribbean"
    assert _bonus("7YW", 3, conflict={"st_lucia": 1}) - _bonus("7YW", 3) == 1
    assert _bonus("WAS", 2, conflict={"st_lucia": 1}) - _bonus("WAS", 2) == 0


def test_is_7_7_theater_reference_table():
    """IS-7.7: the theaters of each War, their names and Region(s), as the table lists them."""
    table = {
        "WSS": [
            ("Central Europe", ["europe"]),
            ("Spain", ["europe"]),
            ("Queen Anne's War", ["north_america"]),
            ("Jacobite Rebellion", ["europe"]),
        ],
        "WAS": [
            ("Central Europe", ["europe"]),
            ("King George's War", ["north_america"]),
            ("First Carnatic War", ["india"]),
            ("Jacobite Rebellion", ["europe"]),
        ],
        "7YW": [
            ("Atlantic Dominance", ["europe"]),
            ("Third Carnatic War", ["india"]),
            ("French & Indian War", ["north_america", "caribbean"]),
            ("Prussia's Wars", ["europe"]),
        ],
        "AWI": [
            ("American Revolution", ["north_america"]),
            ("Mysore War", ["india"]),
            ("Antilles War", ["caribbean"]),
        ],
    }
    got = {
        war: [(th[n]["name"], th[n]["regions"]) for n in sorted(th)]
        for war, th in B().THEATERS.items()
    }
    assert got == table


def test_is_3_2_2_markets_and_chesapeake():
    """IS-3.2.2: Markets are shifted with EP and carry a commodity, except chesapeake (none: it
    counts for Awards and connections only)."""
    markets = {s: r for s, r in B().SPACES.items() if r["type"] == "market"}
    assert {r["cost_unit"] for r in markets.values()} == {"EP"}
    assert [s for s, r in markets.items() if not r["commodity"]] == ["chesapeake"]
    assert B().SPACES["chesapeake"]["connections"]


def test_is_3_2_6_halifax_louisbourg_only_with_tougher_forts():
    """IS-3.2.6, IS-V04: the halifax–louisbourg conquest line exists only with Tougher Forts;
    every other conquest line is the same in both."""
    extra = {(a, b) for a in B().LINES_TOUGH for b in B().LINES_TOUGH[a] if b not in B().LINES[a]}
    assert extra == {("halifax", "louisbourg"), ("louisbourg", "halifax")}
