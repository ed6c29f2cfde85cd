"""Turn track and Eras (IS-2.1, IS-2.1a, IS-3.2.1c, IS-4.1.1, IS-4.1.2, IS-4.1.3, IS-4.1.4,
IS-4.1.5, IS-13): the fixed sequence, the
next War, Debt Limits by turn, and the two Era transitions run by the engine (``continue``: the
turn-track loop goes on after the given phase).
"""

from __future__ import annotations

from is_helpers import BR, FR, B, S, act, build, build_ev, choice_ids, waiting_sides

TRACK = ["T1", "WSS", "T2", "T3", "WAS", "T4", "7YW", "T5", "AWI", "T6"]
ERAS = {
    "T1": "succession",
    "WSS": "succession",
    "T2": "succession",
    "T3": "empire",
    "WAS": "empire",
    "T4": "empire",
    "7YW": "empire",
    "T5": "revolution",
    "AWI": "revolution",
    "T6": "revolution",
}
NEXT = {"T1": "WSS", "T2": "WAS", "T3": "WAS", "T4": "7YW", "T5": "AWI", "T6": None}


def test_is_2_1_turn_track_and_eras():
    """IS-2.1: T1, WSS, T2, T3, WAS, T4, 7YW, T5, AWI, T6 with their Eras."""
    assert list(B().TURN_IDS) == TRACK
    assert dict(B().ERA_OF_TURN) == ERAS


def test_is_2_1a_next_war_and_turn_helpers():
    """IS-2.1a: the next War of each Peace Turn (none on T6); IS-2.1 era by turn."""
    for turn, war in NEXT.items():
        st = build({"turn": turn, "at": "none"})
        assert S().turn_id(st) == turn
        assert S().next_war(st) == war
        assert S().era(st) == ERAS[turn]


def test_is_13_5_debt_limits_by_turn_and_availability():
    """IS-13.5 Debt Limits (T1–T2 6, T3–T4 10, T5–T6 14) and IS-3.2.1c availability."""
    limits = {"T1": 6, "T2": 6, "T3": 10, "T4": 10, "T5": 14, "T6": 14}
    for turn, lim in limits.items():
        st = build({"turn": turn, "at": "none"})
        assert st["limit"] == [lim, lim], turn
        emp = S().available(st, "prussia_empire_prestige_3")
        assert emp == (turn not in ("T1", "T2")), turn
        assert S().available(st, "sons_of_liberty") == (turn in ("T5", "T6")), turn
        assert not S().available(st, "usa_prestige_2")


def _ministry_picks(st):
    return sorted(waiting_sides(st)) == [FR, BR] and any(
        i.startswith("pick:") for i in choice_ids(st, FR)
    )


def test_is_13_1_into_the_empire_era():
    """IS-13.1 / IS-4.1.1, IS-4.1.2, IS-4.1.3, IS-4.1.4, IS-4.1.5: from T2's Scoring the loop
    reaches T3: cards 16–30 join the draw
    pile (discard untouched), Debt Limits +4 (6 → 10), all 8 Award tiles reshuffled two per
    Region, T2's Investment display goes to the used box, Ministries reselected for Empire."""
    st, _ = build_ev(
        {
            "turn": "T2",
            "at": "scoring",
            "continue": True,
            "vp": 15,
            "hands": {"france": [], "britain": []},
            "discard": [1, 2],
            "deck": [3, 4, 5, 6, 7, 8, 9, 10],
            "inv_avail": [0, 1, 2, 3, 4, 5, 6, 7, 8],
        }
    )
    assert S().turn_id(st) == "T3"
    assert st["limit"] == [10, 10]
    in_play = [*st["deck"], *st["hands"][0], *st["hands"][1]]
    assert set(range(16, 31)) <= set(in_play)
    assert st["discard"] == [1, 2]
    assert sorted(st["aside"]) == list(range(31, 42))
    tiles = [t for r in B().REGIONS for t in st["awards"][r]]
    assert sorted(tiles) == list(range(8))
    assert set(range(9)) <= set(st["inv_used"])
    assert _ministry_picks(st)
    fr_picks = {i for i in choice_ids(st, FR) if i.startswith("pick:")}
    assert fr_picks == {f"pick:M-{k}" for k in (4, 11, 12, 13, 14)}


def test_is_13_2_into_the_revolution_era():
    """IS-13.2 / IS-4.1.1 (T5): after T4 and the 7YW, Succession cards leave the hands (removed
    from the game), cards 31–41 join the draw pile, Debt Limits 10 → 14, ``sons_of_liberty``
    available."""
    st, _ = build_ev(
        {
            "turn": "T4",
            "at": "scoring",
            "continue": True,
            "vp": 15,
            "hands": {"france": [1, 20], "britain": [2]},
        }
    )
    for _ in range(200):
        if st["over"] or (S().turn_id(st) == "T5" and _ministry_picks(st)):
            break
        side = waiting_sides(st)[0]
        ids = choice_ids(st, side)
        pick = next((i for i in ids if i in ("cp_end", "accept", "keep", "keep_all")), ids[0])
        act(st, side, pick)
    assert S().turn_id(st) == "T5"
    assert st["limit"] == [14, 14]
    assert 1 in st["removed"] and 2 in st["removed"]
    assert all(c > 15 for h in st["hands"] for c in h)
    in_play = [*st["deck"], *st["hands"][0], *st["hands"][1], *st["discard"]]
    assert set(range(31, 42)) <= set(in_play)
    assert st["aside"] == []
    assert S().available(st, "sons_of_liberty")
    fr_picks = {i for i in choice_ids(st, FR) if i.startswith("pick:")}
    assert fr_picks == {f"pick:M-{k}" for k in (4, 13, 14, 23, 24, 25, 26)}


def _drive_to(st, turn):
    for _ in range(300):
        if st["over"] or (S().turn_id(st) == turn and _ministry_picks(st)):
            return
        ws = waiting_sides(st)
        if not ws:
            return
        ids = choice_ids(st, ws[0])
        pick = next((i for i in ids if i in ("cp_end", "accept", "keep", "keep_all")), ids[0])
        act(st, ws[0], pick)


def test_is_4_1_3_second_turn_of_era_turns_up_the_hidden_award():
    """IS-4.1.3 / IS-4.1.12b: T3's face-up tiles leave play after scoring; on T4 each Region's
    face-down tile becomes this turn's Award (no reshuffle on a second turn)."""
    st, _ = build_ev(
        {
            "turn": "T3",
            "at": "scoring",
            "continue": True,
            "awards": {
                "europe": [0, 4],
                "north_america": [1, 5],
                "caribbean": [2, 6],
                "india": [3, 7],
            },
        }
    )
    assert sorted(st["awards_out"]) == [0, 1, 2, 3]
    _drive_to(st, "T4")
    assert S().turn_id(st) == "T4"
    got = {r: st["awards"][r][0] for r in B().REGIONS}
    assert got == {"europe": 4, "north_america": 5, "caribbean": 6, "india": 7}


def test_is_4_1_5_reset_phase():
    """IS-4.1.5: exhausted Advantages and Ministry abilities refresh, parked Squadrons return to
    the Navy Box, the Townshend marker clears; the previous display goes to the used box."""
    st, _ = build_ev(
        {
            "turn": "T1",
            "at": "scoring",
            "continue": True,
            "adv_exhausted": ["wheat", "algonquin_raids"],
            "min_exhausted": {"M-5": 1},
            "townshend": "furs",
            "navy": {"france": 1, "britain": 1},
            "unbuilt": {"france": 7, "britain": 6},
            "inv_avail": [10, 11, 12, 13, 14, 15, 16, 17, 18],
        }
    )
    st["parked"] = [[BR, 1, 2]]  # back on T2 (turn-track index 2)
    _drive_to(st, "T2")
    assert S().turn_id(st) == "T2"
    assert st["adv_exhausted"] == {}
    assert st["min_exhausted"] == {}
    assert st["townshend"] is None
    assert st["parked"] == []
    assert st["navy"][BR] + sum(1 for v in st["squadrons"].values() if v == BR) == 2
    assert set(range(10, 19)) <= set(st["inv_used"])


def test_is_4_1_6b_deal_and_secret_discards():
    """IS-4.1.6b / IS-17.3: 3 cards dealt to each side; a side above 3 discards down to 3
    (``discard:<card>`` then ``keep``); the discards go face up when both have committed."""
    st, _ = build_ev(
        {
            "turn": "T2",
            "at": "deal",
            "hands": {"france": [1, 2], "britain": []},
            "deck": [3, 4, 5, 6, 7, 8, 9, 10],
            "discard": [],
        }
    )
    assert len(st["hands"][FR]) == 5 and len(st["hands"][BR]) == 3
    assert waiting_sides(st) == [FR]
    ids = choice_ids(st, FR)
    assert {f"discard:{c}" for c in st["hands"][FR]} == set(ids) - {"back", "keep"}
    act(st, FR, "discard:1", "discard:2", "keep")
    assert sorted(st["discard"]) == [1, 2]
    assert len(st["hands"][FR]) == 3


def test_is_4_1_6c_deal_reshuffles_the_discard_pile():
    """IS-4.1.6c: an empty draw pile during the Deal is refilled from the discard pile."""
    st, _ = build_ev(
        {
            "turn": "T2",
            "at": "deal",
            "hands": {"france": [], "britain": []},
            "deck": [3, 4],
            "discard": [5, 6, 7, 8, 9, 10],
        }
    )
    assert [len(h) for h in st["hands"]] == [3, 3]
    assert sorted([*st["hands"][0], *st["hands"][1], *st["deck"], *st["discard"]]) == list(
        range(3, 11)
    )
    assert len(st["deck"]) + len(st["discard"]) == 2


def test_is_4_1_7a_jacobite_right_third_slot_on_a_first_turn():
    """IS-4.1.7a: with the Jacobite right, M-4 sits face up in a third French slot and is not
    one of the two picks."""
    st, _ = build_ev({"turn": "T3", "at": "ministry", "jacobite": {"victories": 1, "right": True}})
    assert {"card": "M-4", "up": True} in st["min_slots"][FR]
    picks = {i for i in choice_ids(st, FR) if i.startswith("pick:")}
    assert picks == {f"pick:M-{k}" for k in (11, 12, 13, 14)}


def test_is_4_1_8_t1_france_chooses_and_4_1_9_rounds_alternate():
    """IS-4.1.8: on T1 France (Initiative from set-up) chooses the first player; IS-4.1.9: eight
    Action Rounds alternate first, other, … until each side took 4 tiles (IS-A08: passing still
    takes the tile)."""
    from is_helpers import rules

    from engine.rng import Rng
    from engine.rules import Config, SeatConfig

    r = rules()
    opts = {o.key: o.default for o in r.options}
    st = r.setup(
        Config((SeatConfig("A", "random"), SeatConfig("B", "random")), opts), Rng.seeded(5)
    )
    act(st, FR, "pick:M-1", "pick:M-2", "confirm")
    act(st, BR, "pick:M-5", "pick:M-6", "confirm")
    assert waiting_sides(st) == [FR]
    act(st, FR, "first:britain")
    order = []
    for _ in range(8):
        (side,) = waiting_sides(st)
        order.append(side)
        tile = next(i for i in choice_ids(st, side) if i.startswith("tile:"))
        act(st, side, tile, "pass")
    assert order == [BR, FR] * 4
    assert sorted(v[0] for v in st["inv_taken"].values()) == [FR] * 4 + [BR] * 4
    assert (
        not any(i.startswith("tile:") for s in waiting_sides(st) for i in choice_ids(st, s))
        or S().turn_id(st) != "T1"
    )
