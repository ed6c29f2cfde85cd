"""Advantage tiles: conflict-placer target filters (IS-8.3), usability (IS-8.2, IS-8.1 conflict on
a connected space), Baltic Trade (IS-8.3.1), Event-ordered uses (IS-8.2c) and pending cost
modifiers (IS-8.2b), the Event forfeit (IS-8.2a)."""

from __future__ import annotations

from is_round_kit import BR, FR, F, act, ids, mk, pick

from engine.games.imperial_struggle import advantages as A
from engine.games.imperial_struggle import board as B


def test_conflict_targets_follow_each_filter():
    """IS-8.3.2, IS-8.3.5, IS-8.3.8, IS-8.3.10, IS-8.3.11, IS-8.3.14, IS-8.3.15, IS-8.3.18,
    IS-8.3.19, IS-8.3.20 target filters."""
    st = mk("T3", FR, squadrons={"antilles_channel": FR})
    t = {
        a: A.conflict_targets(st, FR, a)
        for a in B.ADVANTAGES
        if B.ADVANTAGES[a]["kind"] == "place_conflict"
    }
    assert all(B.SPACES[s]["is_alliance_space"] for s in t["central_europe_conflict"])
    assert {B.SPACES[s]["country"] for s in t["mediterranean_intrigue"]} <= {
        "spain",
        "sardinia",
        "austria",
    }
    assert all(B.SPACES[s].get("commodity") == "furs" for s in t["algonquin_raids"])
    assert t["algonquin_raids"] == t["iroquois_raids"]
    assert all(B.region_of(s) == "north_america" for s in t["patriot_agitation"])
    assert any(B.kind_of(s) == "political" for s in t["patriot_agitation"])
    # letters of marque: unprotected Caribbean Markets only (martinique is protected here)
    assert "martinique" not in t["letters_of_marque"]
    assert all(B.kind_of(s) == "market" for s in t["pirate_havens"])
    assert all(B.SPACES[s]["sub_region"] == "carnatic_coast" for s in t["power_struggle"])
    assert all(B.SPACES[s].get("commodity") == "cotton" for s in t["separatist_wars"])
    assert all(B.region_of(s) == "india" for s in t["raids_and_incursions"])
    # not on a space that already holds a marker
    st["conflict"]["albany"] = 1
    assert "albany" not in A.conflict_targets(st, FR, "algonquin_raids")


def test_conflict_on_connected_space_blocks_use():
    """IS-8.1 / IS-8.2: the holder keeps the tile but cannot use it."""
    st = mk("T2", FR, conflict={"algonquin": 1})
    act(st, FR, "tile:0", "actions")
    assert st["adv_holder"]["algonquin_raids"] == FR
    assert "adv:algonquin_raids" not in ids(st, FR)


def test_baltic_trade_reduces_debt_by_two():
    """IS-8.3.1."""
    st = mk(
        "T2", FR, flags={"denmark_norway": "france", "prussia_alliance_2": "france"}, debt=(3, 0)
    )
    act(st, FR, "tile:0", "actions", "adv:baltic_trade")
    assert st["debt"][FR] == 1 and st["adv_exhausted"]["baltic_trade"] == 1


def test_exhausted_tile_unusable_and_advantage_forfeits_event():
    """IS-8.2 (exhausted) and IS-8.2a (using a tile uses the tile: no Event, no pass)."""
    st = mk("T2", FR, adv_exhausted={"algonquin_raids": 1})
    act(st, FR, "tile:0", "actions")
    assert "adv:algonquin_raids" not in ids(st, FR)
    st = mk("T2", FR)
    act(st, FR, "tile:0", "actions", "adv:algonquin_raids", "space:albany")
    assert st["round"]["tile_used"] and st["conflict"] == {"albany": 1}


def test_back_from_target_changes_nothing():
    """IS-17.1: ``back`` before the target leaves the tile unused."""
    st = mk("T2", FR)
    act(st, FR, "tile:0", "actions", "adv:algonquin_raids", "back")
    assert st["round"]["adv_used"] == [] and st["adv_exhausted"] == {}


def test_ordered_use_ignores_exhaustion_and_does_not_exhaust():
    """IS-8.2c (IS-EV06 British bonus): gained this round allowed, counts toward the limits."""
    st = mk("T2", BR, flags={"iroquois": "britain"})
    act(st, BR, "tile:14")
    assert (
        "iroquois_raids" in st["adv_holder"]
        and st["round"]["gained_adv"].get("iroquois_raids") is None
    )
    st["round"]["gained_adv"]["iroquois_raids"] = 1
    assert not A.can_use_ordered(st, BR, "iroquois_raids")
    assert A.can_use_ordered(st, BR, "iroquois_raids", allow_gained=True)
    A.use_ordered(st, BR, "iroquois_raids", [], allow_gained=True)
    act(st, BR, "space:albany")
    assert st["conflict"] == {"albany": 1} and "iroquois_raids" not in st["adv_exhausted"]
    assert not A.can_use(st, BR, "wheat")  # North America already used this round


def test_ordered_cost_tile_is_a_pending_modifier():
    """IS-8.2b: Wheat used by an Event applies to the first qualifying purchase."""
    st = mk("T2", BR, flags={"cumberland": "britain", "allegheny": "france"})
    act(st, BR, "tile:0")
    A.use_ordered(st, BR, "wheat", [])
    act(st, BR, "actions", "act:major")
    pick(st, BR, "shift:allegheny")
    assert "Wheat -1" in F.text_of(st, BR)[1]
    act(st, BR, "confirm")
    assert st["round"]["mods"]["pending_adv"] == [] and "wheat" not in st["adv_exhausted"]


def test_political_set_to_one_tiles_and_round_discounts():
    """IS-8.3.3 German Diplomacy (bavaria base 1), IS-8.3.4 Italy Influence (Spain/Austria),
    IS-EV17 British discount via round.add_mod("ev17")."""
    st = mk(
        "T4",
        BR,
        flags={
            "prussia_empire_prestige_3": "britain",
            "austria_alliance_3": "britain",
            "sardinia": "britain",
        },
    )
    act(st, BR, "tile:12", "actions", "act:major")  # Major D3
    pick(st, BR, "shift:bavaria")
    assert "base 3 = 3 DP" in F.text_of(st, BR)[1]
    act(st, BR, "adv:german_diplomacy")
    assert F.text_of(st, BR)[1].startswith("base 1 = 1 DP")
    act(st, BR, "confirm")
    from engine.games.imperial_struggle import round as R

    R.add_mod(st, "ev17", 1)
    pick(st, BR, "shift:spain_alliance_3_upper")
    assert "Pacte de Famille -1" in F.text_of(st, BR)[1]
    # Italy Influence would apply, but a Europe tile was already used this round
    assert not any(c.startswith("adv:") for c in ids(st, BR))
