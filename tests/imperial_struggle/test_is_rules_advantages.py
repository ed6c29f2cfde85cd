"""The 22 Advantage tiles (IS-8): holding (IS-8.1) for every tile, the use limits (IS-8.2), and
each tile's effect (IS-8.3.1–8.3.22) at least once.

Conflict placers: the targets offered are exactly the rulings' filter (available Market/Political
spaces of the filter without a marker, any flag status). Cost tiles: used while paying
(IS-8.2b, ``adv:<id>`` in S5); the cost with and without the tile is compared. Expected target
sets are computed from map.json attributes named in the rulings (type, region, sub-region,
country, commodity, ``is_alliance_space``), never from the engine's Advantage code.
"""

from __future__ import annotations

import pytest
from is_helpers import (
    BR,
    FR,
    B,
    S,
    act,
    all_targets,
    build,
    buy,
    choice_ids,
    cost_of,
    holder,
    round_position,
    start_action,
    take_tile,
    to_menu,
)


# ---------------------------------------------------------------------------- IS-8.1 holding
def _adv_ids():
    return sorted(B().ADVANTAGES)


@pytest.mark.parametrize("adv", _adv_ids())
def test_is_8_1_holding_follows_control_of_every_connected_space(adv):
    """IS-8.1 for every tile: all connected spaces French → France holds it; all British →
    Britain; one of them empty → nobody (on the map)."""
    spaces = B().ADVANTAGES[adv]["connected_spaces"]
    st = build({"turn": "T5", "at": "none", "flags": {s: "france" for s in spaces}})
    assert holder(st, adv) == "france"
    st = build({"turn": "T5", "at": "none", "flags": {s: "britain" for s in spaces}})
    assert holder(st, adv) == "britain"
    st = build({"turn": "T5", "at": "none", "flags": {spaces[0]: None}})
    assert holder(st, adv) is None


def test_is_8_1_two_space_tile_needs_both():
    """IS-8.1: Central Europe Conflict needs both german_states_alliance_3 and bavaria (set-up:
    one British, one French → unheld); a Conflict marker does not remove the tile."""
    st = build({"turn": "T1", "at": "none"})
    assert holder(st, "central_europe_conflict") is None
    st = build(
        {
            "turn": "T1",
            "at": "none",
            "flags": {"german_states_alliance_3": "france"},
            "conflict": {"bavaria": 1},
        }
    )
    assert holder(st, "central_europe_conflict") == "france"


def test_is_8_1_tile_changes_hands_keeping_exhaustion():
    """IS-8.1: the tile changes hands the moment control changes, keeping its exhausted state."""
    st = build({"turn": "T1", "at": "none", "adv_exhausted": ["wheat"]})
    assert holder(st, "wheat") == "britain"
    out: list = []
    S().set_flag(st, "chesapeake", FR, out)
    assert holder(st, "wheat") == "france"
    assert st["adv_exhausted"].get("wheat") == 1


# ---------------------------------------------------------------------------- conflict placers
def _sp(s):
    return B().SPACES[s]


def _avail_t5(s):
    return _sp(s)["available"] in ("always", "empire_era_onward", "revolution_era_onward")


def _markets(pred):
    return {s for s, r in B().SPACES.items() if r["type"] == "market" and pred(r)}


def _politicals(pred):
    return {
        s for s, r in B().SPACES.items() if r["type"] == "political" and pred(r) and _avail_t5(s)
    }


PLACERS = {
    "central_europe_conflict": lambda: _politicals(
        lambda r: r["region"] == "europe" and r.get("is_alliance_space")
    ),
    "mediterranean_intrigue": lambda: _politicals(
        lambda r: r.get("country") in ("spain", "sardinia", "austria")
    ),
    "algonquin_raids": lambda: _markets(lambda r: r["commodity"] == "furs"),
    "iroquois_raids": lambda: _markets(lambda r: r["commodity"] == "furs"),
    "patriot_agitation": lambda: (
        _markets(lambda r: r["region"] == "north_america")
        | _politicals(lambda r: r["region"] == "north_america")
    ),
    # antilles_channel holds a British Squadron: British st_lucia is Protected (IS-3.2.8).
    "letters_of_marque": lambda: _markets(lambda r: r["region"] == "caribbean") - {"st_lucia"},
    "pirate_havens": lambda: _markets(lambda r: r["region"] == "caribbean") - {"st_lucia"},
    "power_struggle": lambda: _markets(lambda r: r.get("sub_region") == "carnatic_coast"),
    "raids_and_incursions": lambda: _markets(lambda r: r["region"] == "india"),
    "separatist_wars": lambda: _markets(lambda r: r["commodity"] == "cotton"),
}


def _placer_round(adv, **spec):
    spaces = B().ADVANTAGES[adv]["connected_spaces"]
    flags = {s: "france" for s in spaces}
    flags.update(spec.pop("flags", {}))
    st = round_position(
        "T5",
        "france",
        flags=flags,
        squadrons={"antilles_channel": "britain"},
        **spec,
    )
    take_tile(st, FR, 0)  # Major E4, Minor D2, no Event
    to_menu(st, FR)
    return st


@pytest.mark.parametrize("adv", sorted(PLACERS))
def test_is_8_3_conflict_placer_targets_and_effect(adv):
    """IS-8.3.2, IS-8.3.5, IS-8.3.8, IS-8.3.10, IS-8.3.11, IS-8.3.14, IS-8.3.15, IS-8.3.18,
    IS-8.3.19, IS-8.3.20: the targets are exactly the tile's filter; using it
    places a normal Conflict marker and exhausts the tile (IS-8.2)."""
    st = _placer_round(adv)
    assert f"adv:{adv}" in choice_ids(st, FR)
    expected = PLACERS[adv]()
    assert all_targets(st, FR, f"adv:{adv}") == expected
    target = sorted(expected)[0]
    act(st, FR, f"adv:{adv}")
    from is_helpers import pick_through

    pick_through(st, FR, f"space:{target}")
    assert st["conflict"].get(target) == 1
    assert st["adv_exhausted"].get(adv) == 1
    assert adv in st["round"]["adv_used"]


def test_is_8_3_placers_skip_spaces_with_a_marker():
    """IS-8.3 "conflict": a space that already holds a marker is no target."""
    st = _placer_round("algonquin_raids", conflict={"hudson_valley": 1})
    assert "hudson_valley" not in all_targets(st, FR, "adv:algonquin_raids")


# ---------------------------------------------------------------------------- IS-8.2 limits
def test_is_8_2_exhausted_tile_not_usable():
    """IS-8.2: an exhausted tile cannot be used (refreshed only in the Reset Phase)."""
    st = _placer_round("algonquin_raids", adv_exhausted=["algonquin_raids"])
    assert "adv:algonquin_raids" not in choice_ids(st, FR)


def test_is_8_2_conflict_on_connected_space_blocks_use_not_holding():
    """IS-8.1, IS-8.2: a Conflict marker on a connected space keeps the tile held but unusable."""
    st = _placer_round("raids_and_incursions", conflict={"maratha": 1})
    assert holder(st, "raids_and_incursions") == "france"
    assert "adv:raids_and_incursions" not in choice_ids(st, FR)


def test_is_8_2_at_most_two_advantages_per_round():
    """IS-8.2: fewer than 2 Advantages used this round (three Regions available, two uses)."""
    st = _placer_round("algonquin_raids", flags={"maratha": "france", "privateers": "france"})
    act(st, FR, "adv:algonquin_raids", "space:albany")
    to_menu(st, FR)
    from is_helpers import pick_through

    act(st, FR, "adv:raids_and_incursions")
    pick_through(st, FR, "space:midnapore")
    to_menu(st, FR)
    assert holder(st, "letters_of_marque") == "france"
    assert "adv:letters_of_marque" not in choice_ids(st, FR)


# ---------------------------------------------------------------------------- IS-8.3.1 Baltic
def test_is_8_3_1_baltic_trade_reduces_debt_by_2():
    """IS-8.3.1: Debt −2 (no AP)."""
    st = _placer_round("baltic_trade", debt={"france": 3, "britain": 0})
    act(st, FR, "adv:baltic_trade")
    assert st["debt"][FR] == 1
    assert st["adv_exhausted"].get("baltic_trade") == 1


# ---------------------------------------------------------------------------- cost tiles
def _cost_round(side, tile, flags, action="major", **spec):
    st = round_position("T5", side, flags=flags, **spec)
    take_tile(st, side, tile)
    start_action(st, side, action)
    return st


COST_CASES = {
    # adv: (side, tile, extra flags, purchase, cost without, cost with)
    "german_diplomacy": (
        FR,
        8,
        {"prussia_empire_prestige_3": "france", "russia": "britain"},
        "shift:russia",
        3,
        1,
    ),
    "italy_influence": (
        FR,
        8,
        {"austria_alliance_3": "france", "sardinia": "france", "spain_prestige_3": "britain"},
        "shift:spain_prestige_3",
        3,
        1,
    ),
    "silesia_negotiations": (
        FR,
        8,
        {"austria_prestige_3_upper": "france"},
        "shift:german_states_alliance_3",
        3,
        1,
    ),
    "fur_trade": (
        FR,
        0,
        {"hudson_bay": "france", "albany": "france", "champlain_valley": "france"},
        "shift:hudson_valley",
        3,
        1,
    ),
    "wheat": (
        BR,
        0,
        {"niagara": "britain", "ohio_forks": "britain"},
        "shift:cataraqui",
        2,
        1,
    ),
    "fruit": (
        FR,
        0,
        {"san_agustin": "france", "caicos": "france", "bahamas_run_west": "britain"},
        "shift:bahamas_run_west",
        2,
        1,
    ),
    "rum": (
        FR,
        0,
        {"puerto_rico": "france", "caicos": "france", "bahamas_run_west": "britain"},
        "shift:bahamas_run_west",
        2,
        1,
    ),
    "silk": (FR, 0, {"west_bengal": "france"}, "shift:midnapore", 3, 2),
    "textiles": (FR, 0, {"tiruchirappalli": "france"}, "shift:kanchipuram", 2, 1),
}


@pytest.mark.parametrize("adv", sorted(COST_CASES))
def test_is_8_3_cost_tiles(adv):
    """IS-8.3.3, IS-8.3.4, IS-8.3.7, IS-8.3.9 (base cost 1 for the unflag) and IS-8.3.12, IS-8.3.13,
    IS-8.3.16, IS-8.3.21, IS-8.3.22 (−1 EP when
    unflagging a Market of the tile's Region), used while paying (IS-8.2b); exhausted after."""
    side, tile, flags, purchase, without, with_ = COST_CASES[adv]
    st = _cost_round(side, tile, flags)
    assert holder(st, adv) == ("france" if side == FR else "britain")
    assert cost_of(st, side, purchase) == without
    assert cost_of(st, side, purchase, pay=(f"adv:{adv}",)) == with_
    buy(st, side, purchase, pay=(f"adv:{adv}",))
    assert st["adv_exhausted"].get(adv) == 1


def test_is_8_3_cost_tile_not_for_a_flag():
    """IS-8.3.12: Wheat reduces only an unflag; flagging an empty North American Market gets no
    discount (``adv:wheat`` not offered while paying)."""
    st = _cost_round(BR, 0, {})
    from is_helpers import pick_through

    pick_through(st, BR, "shift:albany")  # empty, next to British hudson_valley
    assert "adv:wheat" not in choice_ids(st, BR)


def test_is_8_3_17_slaving_contracts_squadron_for_2():
    """IS-8.3.17: a Squadron construction costs 2 MP instead of 4."""
    st = _cost_round(FR, 16, {"asiento": "france"})
    assert cost_of(st, FR, "build_squadron") == 4
    assert cost_of(st, FR, "build_squadron", pay=("adv:slaving_contracts",)) == 2
    buy(st, FR, "build_squadron", pay=("adv:slaving_contracts",))
    assert st["navy"][FR] == 2
    assert st["unbuilt"][FR] == 6


def test_is_8_3_6_naval_bastion_major_only():
    """IS-8.3.6 / IS-A45: 1 MP from a Major Military action sends an opposing Squadron home;
    not from a Minor."""
    spec = {"squadrons": {"balearic": "britain"}, "navy": {"france": 1, "britain": 1}}
    st = _cost_round(FR, 16, {"gibraltar": "france"}, **spec)
    assert holder(st, "naval_bastion") == "france"
    assert cost_of(st, FR, "naval_bastion:balearic") == 1
    buy(st, FR, "naval_bastion:balearic")
    assert st["squadrons"].get("balearic") is None
    assert st["navy"][BR] == 2
    st = _cost_round(FR, 2, {"gibraltar": "france"}, action="minor", **spec)
    assert not any(i.startswith("naval_bastion:") for i in choice_ids(st, FR))


def test_is_8_2c_event_ordered_use_counts_toward_the_limits():
    """IS-8.2c / IS-EV33 (France): an exhausted Algonquin Raids used through the Event places its
    marker and stays as it was; the use counts: after one more Advantage (India), a third
    (Caribbean) is not offered."""
    st = round_position(
        "T5",
        "france",
        flags={"maratha": "france", "privateers": "france"},
        adv_exhausted=["algonquin_raids"],
        hands={"france": [33], "britain": []},
    )
    take_tile(st, FR, 12)  # Major D3, Minor E2, Event
    act(st, FR, "event:33")
    ids = choice_ids(st, FR)
    if "no_bonus" in ids:
        act(st, FR, "no_bonus")
        ids = choice_ids(st, FR)
    assert "adv:algonquin_raids" in ids
    act(st, FR, "adv:algonquin_raids")
    from is_helpers import pick_through

    pick_through(st, FR, "space:hudson_valley")
    assert st["conflict"].get("hudson_valley") == 1
    assert "algonquin_raids" in st["round"]["adv_used"]
    to_menu(st, FR)
    act(st, FR, "adv:raids_and_incursions")
    pick_through(st, FR, "space:midnapore")
    to_menu(st, FR)
    assert "adv:letters_of_marque" not in choice_ids(st, FR)
