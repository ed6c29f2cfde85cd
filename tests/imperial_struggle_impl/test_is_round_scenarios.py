"""Action-round scenarios from the rulings (IS-S01…S05, S12, S13, S18, S20), driven frame by
frame."""

from __future__ import annotations

from is_round_kit import BR, FR, F, act, ids, mk, pick


def test_s01_region_surcharge_and_no_daisy_chain():
    """IS-S01 (IS-5.3.4, IS-5.4.1, IS-5.4.1a, IS-5.4.2, IS-5.3.2(a), IS-5.7e, IS-6.1)."""
    st = mk("T2", BR)
    act(st, BR, "tile:0", "actions", "act:major")
    pick(st, BR, "shift:antigua")
    assert F.text_of(st, BR)[0] == "Flag Antigua: pay 2 EP"
    act(st, BR, "confirm")
    assert st["round"]["actions"][0]["pts"] == 2
    pick(st, BR, "shift:cumberland")
    assert "new Region +1 = 3 EP" in F.text_of(st, BR)[1]
    assert "confirm" not in ids(st, BR)
    act(st, BR, "debt", "confirm")
    assert st["debt"][BR] == 1 and st["round"]["actions"][0]["pts"] == 0
    # (3) allegheny: its only British neighbour changed this round
    assert "shift:allegheny" not in ids(st, BR)
    act(st, BR, "region:north_america") if "region:north_america" in ids(st, BR) else None
    assert "shift:allegheny" not in ids(st, BR)
    if "back" in ids(st, BR):
        act(st, BR, "back")
    act(st, BR, "done", "act:minor")
    pick(st, BR, "shift:scotland_alliance_2")
    assert F.text_of(st, BR)[0] == "Flag Scotland (Alliance 2): pay 2 DP"
    act(st, BR, "confirm")
    assert ids(st, BR) == ["end_round"] or "act:minor" not in ids(st, BR)
    act(st, BR, "end_round")
    for sp in ("antigua", "cumberland", "scotland_alliance_2"):
        assert st["flags"][sp] == BR
    assert st["debt"] == [0, 1] and st["vp"] == 15
    assert st["rounds_done"] == [0, 1] and st["round"] is None and st["stack"] == []


def test_s02_protected_market_and_minor_limit():
    """IS-S02 (IS-3.2.8, IS-5.4.1, IS-5.4.2, IS-5.3.2(b), IS-5.7e, IS-9.1)."""
    st = mk(
        "T3",
        FR,
        flags={"louisbourg": "france", "georges_bank": "france"},
        squadrons={"gulf_of_maine": BR},
        trp=(1, 0),
    )
    act(st, FR, "tile:1", "actions", "act:major")
    pick(st, FR, "shift:massachusetts_bay")
    assert "base 3 · Protected +1 = 4 EP" in F.text_of(st, FR)[1]
    act(st, FR, "confirm")
    assert "massachusetts_bay" not in st["flags"]
    pick(st, FR, "shift:massachusetts_bay")
    assert "base 3 = 3 EP" in F.text_of(st, FR)[1]
    act(st, FR, "trp", "debt", "debt", "confirm")
    assert st["trp"][FR] == 0 and st["debt"][FR] == 2 and st["flags"]["massachusetts_bay"] == FR
    act(st, FR, "done", "act:minor", "region:europe")
    assert "shift:dutch_prestige_3" not in ids(st, FR)


def test_s02_variant_conflicted_protected_market_costs_two():
    """IS-S02 variant: a conflicted protected Market costs 1 + 1; the marker leaves."""
    st = mk(
        "T3",
        FR,
        flags={"louisbourg": "france", "georges_bank": "france"},
        squadrons={"gulf_of_maine": BR},
        conflict={"massachusetts_bay": 1},
    )
    act(st, FR, "tile:1", "actions", "act:major")
    pick(st, FR, "shift:massachusetts_bay")
    assert "base 1 · Protected +1 = 2 EP" in F.text_of(st, FR)[1]
    act(st, FR, "confirm")
    assert "massachusetts_bay" not in st["conflict"]


def test_s03_isolation_fixed_at_round_start():
    """IS-S03 part A and B (IS-5.0a, IS-5.4.1b, IS-5.4.2)."""
    flags = {"bahamas_run_west": "britain", "bahamas_run_north": "britain", "caicos": "france"}
    st = mk("T3", FR, flags=flags)
    act(st, FR, "tile:2", "actions", "act:major")
    pick(st, FR, "shift:bahamas_run_west")
    assert "= 2 EP" in F.text_of(st, FR)[1]
    act(st, FR, "confirm")
    pick(st, FR, "shift:bahamas_run_north")
    assert "base 3 = 3 EP" in F.text_of(st, FR)[1]
    act(st, FR, "debt", "confirm")
    assert st["debt"][FR] == 1
    # Part B: only bahamas_run_west this round; next round bahamas_run_north is Isolated
    st = mk("T3", FR, flags=flags)
    act(st, FR, "tile:2", "actions", "act:major")
    pick(st, FR, "shift:bahamas_run_west")
    act(st, FR, "confirm", "done", "end_round")
    from engine.games.imperial_struggle import round as R

    R.push_action_round(st, BR)
    F.advance(st, [])
    act(st, BR, "tile:3", "pass")
    assert "tile:2" not in ids(st, BR)
    assert st["round"] is None
    R.push_action_round(st, FR)
    F.advance(st, [])
    assert st["round"]["isolated"].get("bahamas_run_north") == 1
    act(st, FR, "tile:1", "actions", "act:major")  # tile 1: Major E4
    pick(st, FR, "shift:bahamas_run_north")
    assert "base 1 = 1 EP" in F.text_of(st, FR)[1]


def test_s04_fort_build_needs_adjacency_since_round_start():
    """IS-S04 (IS-5.6.3): halifax cannot be built with spaces gained this round."""
    st = mk("T2", FR, flags={"louisbourg": "france"})
    act(st, FR, "tile:2", "actions", "act:major")
    pick(st, FR, "shift:georges_bank")
    assert "= 2 EP" in F.text_of(st, FR)[1]
    act(st, FR, "confirm")
    pick(st, FR, "shift:northeast_channel")
    assert "= 3 EP" in F.text_of(st, FR)[1]
    act(st, FR, "debt", "confirm", "done", "act:minor")
    assert "fort:halifax" not in ids(st, FR)
    act(st, FR, "done", "end_round")
    from engine.games.imperial_struggle import round as R

    R.push_action_round(st, FR)
    F.advance(st, [])
    act(st, FR, "tile:3")  # Major E4, Minor M2
    act(st, FR, "actions", "act:minor", "fort:halifax", "debt", "confirm")
    assert st["flags"]["halifax"] == FR and "halifax" not in st["damaged"] and st["debt"][FR] == 2


def test_s05_deploy_and_displace_costs():
    """IS-S05 (IS-5.6.6, IS-5.3.2(b), IS-5.7e)."""
    st = mk(
        "T4",
        BR,
        squadrons={"biscay": FR, "hooghly_river": FR, "balearic": BR},
        debt=(0, 3),
    )
    st["navy"] = [0, 1]
    act(st, BR, "tile:16", "actions", "act:major", "deploy:biscay", "from:navy_box")
    assert "= 3 MP" in F.text_of(st, BR)[1]
    act(st, BR, "confirm")
    assert st["squadrons"]["biscay"] == BR and st["navy"][FR] == 1
    act(st, BR, "deploy:hooghly_river", "from:balearic")
    assert "= 2 MP" in F.text_of(st, BR)[1]
    act(st, BR, "debt", "confirm")
    assert st["debt"][BR] == 4 and st["navy"][FR] == 2 and "balearic" not in st["squadrons"]
    # (3) the Squadron on biscay already moved this round: no source left for a deployment
    assert "deploy:atlantic_passage" not in ids(st, BR)


def test_s12a_minor_cannot_displace_and_forfeits_points():
    """IS-S12 A (IS-5.3.2, IS-5.6.6)."""
    st = mk("T1", FR, squadrons={"balearic": BR}, conflict={"austria_alliance_2": 1})
    act(st, FR, "tile:13", "actions", "act:minor")
    assert "deploy:balearic" not in ids(st, FR)
    act(st, FR, "deploy:biscay", "from:navy_box", "confirm")
    assert st["squadrons"]["biscay"] == FR
    assert "act:minor" not in ids(st, FR)
    act(st, FR, "act:major")
    pick(st, FR, "shift:austria_alliance_2")
    assert "base 1 = 1 DP" in F.text_of(st, FR)[1]
    act(st, FR, "confirm")
    assert "austria_alliance_2" not in st["flags"] and not st["conflict"]
    pick(st, FR, "shift:austria_alliance_2")
    assert "base 2 = 2 DP" in F.text_of(st, FR)[1]
    act(st, FR, "confirm")
    assert st["flags"]["austria_alliance_2"] == FR
    assert st["round"]["actions"][0]["pts"] == 0


def test_s13_removing_conflict_markers():
    """IS-S13 (IS-5.6.2, IS-3.2.8, IS-A56)."""
    st = mk(
        "T5",
        FR,
        flags={"vandavasi": "france", "karaikal": "france", "port_de_paix": "france"},
        squadrons={"hooghly_river": FR},
        conflict={"karaikal": 1, "malacca_route": 1, "port_de_paix": 2},
        trp=(1, 0),
    )
    st["flags"]["malacca_route"] = FR
    act(st, FR, "tile:20", "actions", "act:major")
    costs = []
    for sp in ("karaikal", "malacca_route", "port_de_paix"):
        act(st, FR, f"conflict:{sp}")
        costs.append(F.text_of(st, FR)[0])
        if sp == "port_de_paix":
            act(st, FR, "trp", "debt")
        act(st, FR, "confirm")
    assert costs == [
        "Remove the Conflict marker from Karaikal: pay 1 MP",
        "Remove the Conflict marker from Malacca Route: pay 1 MP",
        "Remove the Conflict marker from Port de Paix: pay 3 MP",
    ]
    assert st["conflict"] == {} and st["trp"][FR] == 0 and st["debt"][FR] == 1


def test_s18_advantage_limits():
    """IS-S18 (IS-8.1, IS-8.2): two per round, one per Region, gained this round unusable."""
    flags = {
        "german_states_alliance_3": "france",
        "bavaria": "france",
        "savoy": "france",
        "spain_prestige_3": "france",
        "austria_alliance_3": "france",
    }
    st = mk("T4", FR, flags=flags)
    assert st["adv_holder"]["central_europe_conflict"] == FR
    assert st["adv_holder"]["mediterranean_intrigue"] == FR
    act(st, FR, "tile:9", "actions")
    assert "adv:central_europe_conflict" in ids(st, FR)
    act(st, FR, "adv:central_europe_conflict", "space:austria_alliance_2")
    assert st["conflict"]["austria_alliance_2"] == 1
    assert "adv:mediterranean_intrigue" not in ids(st, FR)
    act(st, FR, "adv:algonquin_raids", "space:hudson_valley")
    assert st["adv_exhausted"] == {"central_europe_conflict": 1, "algonquin_raids": 1}
    act(st, FR, "act:major")
    pick(st, FR, "shift:sardinia")
    assert "adv:italy_influence" not in ids(st, FR)
    act(st, FR, "confirm")
    assert st["adv_holder"]["italy_influence"] == FR
    pick(st, FR, "shift:austria_alliance_2")
    assert not any(c.startswith("adv:") for c in ids(st, FR))


def test_s20_pass_reduces_debt_and_takes_the_tile():
    """IS-S20 (IS-5.1b, IS-6.2, IS-A07, IS-A08)."""
    st = mk("T3", BR, debt=(0, 3), trp=(3, 6), rounds_done=[4, 3])
    act(st, BR, "tile:23", "pass")
    assert st["debt"][BR] == 1 and st["inv_taken"]["23"] == [BR, 4]
    assert st["rounds_done"] == [4, 4] and st["round"] is None


def test_pass_withdrawn_after_tile_use():
    """IS-5.1b / IS-17.6 S1: once the tile is used (here: an Advantage), no pass."""
    st = mk("T2", FR)
    act(st, FR, "tile:0")
    assert "pass" in ids(st, FR)
    st["round"]["tile_used"] = True
    assert "pass" not in ids(st, FR)


def test_s12b_swift_lets_a_minor_unflag():
    """IS-S12 B (IS-5.3.2(b), IS-MIN06): Minor D2 + 1 Debt unflags French bavaria with Swift."""
    st = mk("T1", BR, flags={"ireland_prestige_3": "britain"}, ministries={BR: [("M-6", True)]})
    act(st, BR, "tile:0", "actions", "act:minor")
    pick(st, BR, "shift:bavaria")
    act(st, BR, "debt", "confirm")
    assert "bavaria" not in st["flags"] and st["debt"][BR] == 1
    st = mk("T1", BR, flags={"ireland_prestige_3": "britain"})
    act(st, BR, "tile:0", "actions", "act:minor", "region:europe")
    assert "shift:bavaria" not in ids(st, BR)


def test_s18_pompadour_gives_one_trp():
    """IS-S18 / IS-MIN13: the first Europe Advantage France exhausts in a round gives 1 TRP."""
    flags = {"german_states_alliance_3": "france", "bavaria": "france"}
    st = mk("T4", FR, flags=flags, ministries={FR: [("M-13", True)]})
    act(st, FR, "tile:9", "actions", "adv:central_europe_conflict", "space:austria_alliance_2")
    act(st, FR, "adv:algonquin_raids", "space:hudson_valley")
    assert st["trp"][FR] == 1


def test_face_down_cardinal_in_s1_keeps_the_event_is_min01_17_6():
    """IS-MIN01 / IS-17.6 S1 / IS-16.2: with The Cardinal Ministers face down no public question
    is put after the tile; S1 itself lists ``cardinal:yes``. Choosing it reveals the card, adds
    +1 DP per Cardinal space (Savoy and the set-up ones) to the tile's Diplomatic Major, withdraws
    ``pass`` (the tile is used) and keeps
    the Event and ``actions`` on offer in the same S1 step."""
    st = mk("T1", FR, flags={"savoy": "france"}, ministries={FR: [("M-1", False)]})
    st["hands"][FR] = [3, 4]
    act(st, FR, "tile:13")  # Diplomatic 3 · Military 2 · Event
    assert [fr["k"] for fr in st["stack"]][-1] == "is_s1"
    before = ids(st, FR)
    assert "cardinal:yes" in before and "pass" in before
    assert any(c.startswith("event:") for c in before)
    from engine.games.imperial_struggle.ministries_round import cardinal_dp

    n = cardinal_dp(st)
    assert n >= 1
    act(st, FR, "cardinal:yes")
    assert st["min_slots"][FR][0]["up"] is True
    assert st["round"]["actions"][0]["pts"] == 3 + n
    after = ids(st, FR)
    assert "pass" not in after and "cardinal:yes" not in after
    assert "actions" in after and any(c.startswith("event:") for c in after)
    assert [fr["k"] for fr in st["stack"]][-1] == "is_s1"
