"""Imperial Struggle rulings on Action Rounds and Event cards that no other test cited: what each
space type can be shifted with (IS-3.2.1, IS-3.2.3, IS-3.2.4, IS-A34), the round's actions
(IS-5.3.1, IS-5.7a), card versions and Event AP (IS-3.4.2, IS-3.4.5), Event steps and Conflict placement (IS-17.7,
IS-3.8.1, IS-A30) and Advantages next to Events (IS-A16). Positions: ``position.build`` at an
Action Round (README "Positions for tests"), set-up flags (IS-3.11) unless given.
"""

from __future__ import annotations

from is_helpers import (
    BR,
    FR,
    B,
    act,
    all_targets,
    build,
    buy,
    choice_ids,
    flag,
    offered_anywhere,
    prompt,
    round_position,
    rules,
    start_action,
    take_tile,
)


def _shift_targets(st, side):
    """Every ``shift:<space>`` the current action offers, through its Region steps."""
    found = {i[6:] for i in choice_ids(st, side) if i.startswith("shift:")}
    for reg in [i for i in choice_ids(st, side) if i.startswith("region:")]:
        found |= all_targets(st, side, reg, prefix="shift:")
    return found


def _available(space):
    return B().SPACES[space]["available"] == "always"


def test_is_3_2_1_political_spaces_shift_with_dp_without_connection():
    """IS-3.2.1, IS-5.5: a Diplomatic action (tile 12: D3 Major) may shift every available
    Political space France does not flag, in all four Regions, connected or not (Political
    spaces have no connections); it offers no Market, Territory or Naval space."""
    st = round_position("T1", "france", inv_avail=[12])
    take_tile(st, FR, 12)
    start_action(st, FR, "major")
    targets = _shift_targets(st, FR)
    political = {
        s
        for s, rec in B().SPACES.items()
        if rec["type"] == "political" and _available(s) and flag(st, s) != "france"
    }
    assert targets == political
    assert {"russia", "iroquois", "buccaneers", "mysore"} <= targets
    assert all(not B().SPACES[s]["connections"] for s in targets)


def test_is_3_2_3_territories_are_never_shifted_with_ap():
    """IS-3.2.3: neither an Economic (tile 0: E4) nor a Diplomatic action (tile 12: D3) ever
    offers a Territory, even one next to the side's own spaces."""
    for tile, major in ((0, "E"), (12, "D")):
        st = round_position("T1", "france", inv_avail=[tile], trp={"france": 4})
        take_tile(st, FR, tile)
        start_action(st, FR, "major")
        targets = _shift_targets(st, FR)
        assert targets, major
        assert not {s for s in targets if B().kind_of(s) == "territory"}, major


def test_is_3_2_4_a_squadron_connects_like_a_flag_and_a34_empty_spanish_markets():
    """IS-3.2.4, IS-A34, IS-3.2.2: in the standard game the Spanish-coloured Markets havana,
    santiago and puerto_principe are empty. havana's only connections are gulf_of_cazones
    (Naval) and those two empty Markets: France cannot shift it, but with a French Squadron
    on gulf_of_cazones (counting as a French flag for connection) it can, with EP."""
    st = round_position("T1", "france", inv_avail=[0])
    assert [flag(st, s) for s in ("havana", "santiago", "puerto_principe")] == [None] * 3
    assert set(B().ADJ["havana"]) == {"gulf_of_cazones", "puerto_principe", "santiago"}
    take_tile(st, FR, 0)
    start_action(st, FR, "major")  # E4
    assert not offered_anywhere(st, FR, "shift:havana")

    st = round_position("T1", "france", inv_avail=[0], squadrons={"gulf_of_cazones": "france"})
    assert flag(st, "gulf_of_cazones") == "france"
    take_tile(st, FR, 0)
    start_action(st, FR, "major")
    assert offered_anywhere(st, FR, "shift:havana")
    buy(st, FR, "shift:havana")
    assert flag(st, "havana") == "france"


def test_is_5_7a_the_tile_makes_one_major_and_one_minor_action():
    """IS-5.7a, IS-5.3.1: taking tile 12 (Major Diplomatic 3, Minor Economic 2) gives the round
    exactly two actions, a D major of 3 and an E minor of 2; every Investment tile shows two
    different action types."""
    st = round_position("T1", "france", inv_avail=[12])
    take_tile(st, FR, 12)
    got = [(a["type"], a["kind"], a["pts"], a["restricted"]) for a in st["round"]["actions"]]
    assert got == [("D", "major", 3, []), ("E", "minor", 2, [])]
    for tile in B().INVEST.values():
        assert tile["major"]["type"] != tile["minor"]["type"], tile["id"]
        assert {tile["major"]["type"], tile["minor"]["type"]} <= {
            "economic",
            "diplomatic",
            "military",
        }


def test_is_3_4_2_each_side_plays_its_own_version():
    """IS-3.4.2, IS-EV09: Great Northern War has a British and a French version: Britain's
    asks for a German States space; France's shifts Russia (its only target, so at once) and
    touches no German States space."""
    br = build(
        {"turn": "T1", "side": "britain", "inv_avail": [20], "hands": {"britain": [9]}},
    )
    act(br, BR, "tile:20", "event:9")
    assert choice_ids(br, BR) == ["space:german_states_alliance_2"]
    fr = build({"turn": "T1", "side": "france", "inv_avail": [20], "hands": {"france": [9]}})
    german = {s: flag(fr, s) for s in B().COUNTRIES["german_states"]}
    assert flag(fr, "russia") is None
    act(fr, FR, "tile:20", "event:9")
    assert flag(fr, "russia") == "france" and fr["vp"] == 15
    assert {s: flag(fr, s) for s in german} == german


def _carnatic(side="france", **spec):
    st = build(
        {
            "turn": "T1",
            "side": side,
            "inv_avail": [12],
            "hands": {side: [1], ("britain" if side == "france" else "france"): []},
            **spec,
        }
    )
    act(st, side, "tile:12", "event:1")
    return st


def test_is_17_7_event_steps_one_target_each_with_a_counter():
    """IS-17.7, IS-3.8.1, IS-EV01: France controls two India Local Alliances: the card asks for
    one ``space:<id>`` per marker, "(1/2)" then "(2/2)"; the targets are exactly India's
    available, marker-free Markets and Political spaces (no Territory, Naval space or Fort),
    and a space just given a marker is no longer offered."""
    st = _carnatic(flags={"maratha": "france", "nizam": "france"}, conflict={"mysore": 1})
    india = {
        s
        for s, rec in B().SPACES.items()
        if rec["region"] == "india" and rec["type"] in ("market", "political") and s != "mysore"
    }
    p = prompt(st, FR)
    assert p.text.endswith("(1/2)")
    assert {c.id for c in p.choices} == {f"space:{s}" for s in india}
    act(st, FR, "space:kanchipuram")
    p = prompt(st, FR)
    assert p.text.endswith("(2/2)")
    assert {c.id for c in p.choices} == {f"space:{s}" for s in india - {"kanchipuram"}}
    act(st, FR, "space:plassey")
    assert st["conflict"] == {"mysore": 1, "kanchipuram": 1, "plassey": 1}


def test_is_17_7_either_or_and_may_steps():
    """IS-17.7, IS-EV11: Calico Acts' British bonus "you may score Cotton" is a ``choice:a``
    with a ``stop``."""
    st = build(
        {
            "turn": "T1",
            "side": "britain",
            "inv_avail": [4],
            "ministries": {"britain": [["M-7", True]]},  # Mercantilism face up: the bonus
            "hands": {"britain": [11], "france": []},
        }
    )
    act(st, BR, "tile:4", "event:11")
    assert choice_ids(st, BR) == ["choice:a", "stop"]


def test_is_a30_carnatic_war_bonus_fort_only_in_india():
    """IS-A30, IS-EV01: Britain's bonus may damage an opposing Fort only in India: with French
    Forts at vandavasi (India), louisbourg and halifax (North America), only vandavasi is a
    Fort target (the other targets are the India Cotton Markets)."""
    st = _carnatic(
        "britain",
        flags={"maratha": "britain"},
        forts={"vandavasi": "france", "louisbourg": "france", "halifax": "france"},
        ministries={"britain": [["M-7", True]]},  # Mercantilism face up
    )
    act(st, BR, "space:plassey")  # the one standard marker
    targets = {i[6:] for i in choice_ids(st, BR) if i.startswith("space:")}
    forts = {s for s in targets if B().kind_of(s) == "fort"}
    assert forts == {"vandavasi"}
    assert targets - forts == {"plassey", "west_bengal", "kurpa", "vellore", "karaikal"}
    act(st, BR, "space:vandavasi")
    assert st["damaged"] == {"vandavasi": 1} and flag(st, "vandavasi") == "france"


def test_is_a16_advantage_use_forfeits_the_event_and_none_during_it():
    """IS-A16: France (holding Algonquin Raids) may play its Event at the start of the round,
    where no Advantage is offered: an Advantage is only offered in the action menu, after the
    Event was declined, and once France has used it no Event can be played this round (the
    card stays in hand). While an Event resolves (Carnatic War's targets) no Advantage is
    offered either."""
    st = build({"turn": "T1", "side": "france", "inv_avail": [4], "hands": {"france": [15]}})
    assert st["adv_holder"]["algonquin_raids"] == FR
    act(st, FR, "tile:4")
    ids = choice_ids(st, FR)
    assert "event:15" in ids and not any(i.startswith("adv:") for i in ids)
    act(st, FR, "actions", "adv:algonquin_raids", "space:albany")
    assert st["conflict"].get("albany") == 1
    assert not any(i.startswith("event:") for i in choice_ids(st, FR))
    assert st["hands"][FR] == [15]

    st = _carnatic(flags={"maratha": "france"})
    assert st["adv_holder"]["algonquin_raids"] == FR
    assert all(i.startswith("space:") for i in choice_ids(st, FR))


def test_is_3_4_5_event_ap_behave_like_major_ap():
    """IS-3.4.5, IS-5.3.2, IS-5.7e, IS-EV02: Acts of Union gives France 2 DP. The round's Minor
    D2 may not unflag a British Political space without a Conflict marker; the Event's 2 DP may,
    as Major points would: dutch_prestige_3 (cost 3), austria_alliance_2 (2) and
    german_states_alliance_3 (3). France unflags dutch_prestige_3 with the 2 DP plus 1 Debt."""
    st = build({"turn": "T1", "side": "france", "inv_avail": [4], "hands": {"france": [2]}})
    act(st, FR, "tile:4", "event:2")
    minor = rules().clone(st)
    start_action(minor, FR, "minor")
    europe = all_targets(minor, FR, "region:europe", prefix="shift:")
    assert not {s for s in europe if flag(minor, s) == "britain"}
    start_action(st, FR, "event_D")
    europe = all_targets(st, FR, "region:europe", prefix="shift:")
    british = {s for s in europe if flag(st, s) == "britain"}
    assert british == {"dutch_prestige_3", "austria_alliance_2", "german_states_alliance_3"}
    assert st["debt"][FR] == 0
    buy(st, FR, "shift:dutch_prestige_3")
    assert flag(st, "dutch_prestige_3") is None
    assert st["debt"][FR] == 1


def test_is_a33_cook_and_bougainville_half_the_squadrons_rounded_down():
    """IS-A33, IS-EV41, IS-0.6: Britain gains floor(S / 2) EP, S = its Squadrons on Naval
    spaces and in its Navy Box: S = 3 (biscay + 2 in the box) gives 1 EP, S = 5 gives 2; the
    EP join the tile's Major E3 (4 and 5 points)."""
    for navy, total in ((2, 4), (4, 5)):
        st = build(
            {
                "turn": "T5",
                "side": "britain",
                "inv_avail": [4],
                "navy": {"britain": navy},
                "squadrons": {"biscay": "britain"},
                "hands": {"britain": [41], "france": []},
            }
        )
        assert st["navy"][BR] == navy
        act(st, BR, "tile:4", "event:41")
        major = [a for a in st["round"]["actions"] if a["kind"] == "major"]
        assert [(a["type"], a["pts"]) for a in major] == [("E", total)], navy
