"""How cards move between zones: heirs (MAU-4.5, MAU-4.6), events (MAU-6.4), graves (MAU-8.9),
the public discard pile (MAU-A34) and where the counted value matters (MAU-9.3).

Positions in the MAU-15.1 notation; P0 active, default rules, 3 players unless stated.
"""

from __future__ import annotations

from mausoleum_helpers import (
    RULES,
    act,
    assert_illegal,
    build,
    buy,
    can_pay,
    choice_ids,
    draw,
    heirs,
    play,
    side,
    summarize,
    targets,
    view,
)

GRAVE_IDS = set(range(37, 46))

# P0 holds one card of every playable kind and draws Brat#15; heirs sit in P0's and P1's
# parties and morgues, and P1 owns a grave.
TABLE = {
    "P0": {
        "hand": ["Croquet#19", "HBomb#27", "Kidnap#36", "Holiday#46", "Doozy#47", "Misplaced#48"],
        "party": ["Uncle#5"],
        "morgue": ["Brat#6"],
    },
    "P1": {"party": ["Grandpa#9"], "morgue": ["Aunt#10"], "mausoleum": ["Chapel#45"]},
    "deck": ["Brat#15"],
}


def _after_draw(spec: dict) -> dict:
    state = build(spec)
    draw(state, 0, "deck")
    return state


def test_maus_4_5_heirs_on_the_table_move_only_as_the_cards_say():
    """MAU-4.5: at the play step every choice names a card of P0's hand; no choice discards or
    moves a party or morgue heir directly. Each way out goes where MAU-4.5 says: a kill to the
    owner's morgue, On Holiday and Misplaced to the discard pile, an invitation into a party."""
    state = _after_draw(TABLE)
    hand = {19, 27, 36, 46, 47, 48, 15}
    offered = choice_ids(state, 0)
    assert {int(c.split(":")[1]) for c in offered} == hand
    assert {c.split(":")[0] for c in offered} == {"play", "discard"}
    for table_card in (5, 6, 9, 10):
        assert_illegal(state, 0, f"discard:{table_card}")
        assert_illegal(state, 0, f"play:{table_card}")

    killed = RULES.clone(state)
    play(killed, 0, "Croquet#19", "kill:9")
    assert side(killed, 1)["party"] == []
    assert side(killed, 1)["morgue"] == ["Aunt#10", "Grandpa#9"]

    holiday = RULES.clone(state)
    play(holiday, 0, "Holiday#46", "holiday:5")
    assert side(holiday, 0)["party"] == []
    assert summarize(holiday)["discard"][-1] == "Uncle#5"

    misplaced = RULES.clone(state)
    play(misplaced, 0, "Misplaced#48", "misplaced:10")
    assert side(misplaced, 1)["morgue"] == []
    assert summarize(misplaced)["discard"][-1] == "Aunt#10"

    invited = RULES.clone(state)
    play(invited, 0, "Brat#15", "invite:2")
    assert side(invited, 2)["party"] == ["Brat#15"]
    assert side(invited, 0)["hand"] == [
        "Croquet#19",
        "HBomb#27",
        "Kidnap#36",
        "Holiday#46",
        "Doozy#47",
        "Misplaced#48",
    ]


def test_maus_4_5_a_morgue_heir_leaves_only_when_spent():
    """MAU-4.5, MAU-8.7: a Buy & Bury moves the spent heir from the morgue to the discard pile;
    the unspent one stays."""
    state = build({"P0": {"morgue": ["Aunt#1", "Brat#6"]}, "discard": []})
    buy(state, 0, "Angel#39", ["Aunt#1"])
    assert side(state, 0)["morgue"] == ["Brat#6"]
    assert summarize(state)["discard"] == ["Aunt#1"]
    assert side(state, 0)["mausoleum"] == ["Angel#39"]


def test_maus_4_6_arrival_order_is_recorded_but_restricts_nothing():
    """MAU-4.6: a newly invited heir is recorded after the ones already there (party and morgue
    oldest first); yet any heir of the party may be the accident's target, and any heir of the
    morgue may be spent alone, oldest, middle or newest."""
    state = _after_draw(
        {
            "P0": {"hand": ["Croquet#19"], "party": ["Uncle#5", "Aunt#1"]},
            "P1": {"morgue": ["Grandpa#9", "Aunt#10", "Uncle#14"]},
            "deck": ["Brat#6"],
        }
    )
    assert heirs(targets(state, 0, "Croquet#19"), "kill") == {5, 1}
    invited = RULES.clone(state)
    play(invited, 0, "Brat#6", "invite:0")
    assert side(invited, 0)["party"] == ["Uncle#5", "Aunt#1", "Brat#6"]
    killed = RULES.clone(state)
    play(killed, 0, "Croquet#19", "kill:5")
    assert side(killed, 0)["morgue"] == ["Uncle#5"]

    buyer = build(
        {"active": 1, "P1": {"morgue": ["Grandpa#9", "Aunt#10", "Uncle#14"]}, "discard": []}
    )
    for heir in ("Grandpa#9", "Aunt#10", "Uncle#14"):  # values 4, 4, 5 for Simple (3)
        assert can_pay(buyer, 1, "Simple#37", [heir])
    buy(buyer, 1, "Simple#37", ["Aunt#10"])
    assert side(buyer, 1)["morgue"] == ["Grandpa#9", "Uncle#14"]


def test_maus_6_4_events_go_to_the_discard_pile_as_played_a_doozy_only_when_used_up():
    """MAU-6.4, MAU-3.9: Misplaced lands on the pile before the heir it removes. A Doozy played
    stays on its heir (the pile does not change); when the next kill uses it up, the Doozy
    follows the accident onto the pile and the heir stays."""
    misplaced = _after_draw(TABLE)
    play(misplaced, 0, "Misplaced#48", "misplaced:10")
    assert summarize(misplaced)["discard"] == ["Misplaced#48", "Aunt#10"]

    state = build(
        {
            "P0": {"hand": ["Doozy#47"], "party": ["Uncle#5"]},
            "P1": {"hand": ["Croquet#19"], "party": ["Grandpa#9"]},
            "deck": ["Brat#15", "Brat#6"],
            "discard": [],
        }
    )
    draw(state, 0, "deck")
    play(state, 0, "Doozy#47", "doozy:9")
    assert summarize(state)["discard"] == []
    assert side(state, 1)["party"] == ["Grandpa#9+Doozy#47"]
    assert summarize(state)["active"] == 1
    draw(state, 1, "deck")
    play(state, 1, "Croquet#19", "kill:9")
    assert summarize(state)["discard"] == ["Croquet#19", "Doozy#47"]
    assert side(state, 1)["party"] == ["Grandpa#9"]
    assert side(state, 1)["morgue"] == []


def test_maus_8_9_no_card_targets_a_grave_and_graves_survive_a_reshuffle():
    """MAU-8.9: no target of any card in P0's hand is a grave; after an H-Bomb and the
    end-of-turn reshuffle (MAU-10.1) P1's Chapel is still in its mausoleum, the shop is
    unchanged and no grave has entered the deck."""
    state = _after_draw({**TABLE, "deck_exact": True})
    for card in (19, 27, 36, 46, 47, 48, 15):
        named = {int(t.split(":")[1]) for t in targets(state, 0, card)}
        assert not named & GRAVE_IDS, (card, named)
    shop = summarize(state)["shop"]
    assert summarize(state)["deck_count"] == 0
    play(state, 0, "HBomb#27")
    s = summarize(state)
    assert side(state, 1)["mausoleum"] == ["Chapel#45"]
    assert s["shop"] == shop == [37, 38, 39, 40, 41, 42, 43, 44]
    assert (s["discard"], s["deck_count"]) == ([], 1)  # the H-Bomb alone: victims go to morgues
    assert not set(state["deck"]) & GRAVE_IDS
    assert (side(state, 0)["morgue"], side(state, 1)["morgue"]) == (
        ["Brat#6", "Uncle#5"],
        ["Aunt#10", "Grandpa#9"],
    )


def test_maus_9_3_counted_value_decides_only_the_win_check_and_the_ranking():
    """MAU-9.3, MAU-8.2, MAU-9.5, MAU-10.5: P0 (two Gardeners at its party) buys Angel (4) with
    Aunt (4): the payment ignores the gardener penalty. P0's printed 11 counts 7, so no
    threshold win; the shop is then empty and the ranking on counted value gives P1 (9) the
    game over P0 (7), though P0's printed value is higher."""
    state = build(
        {
            "seats": 2,
            "P0": {
                "party": ["Gardener#8", "Gardener#17"],
                "morgue": ["Aunt#1"],
                "mausoleum": ["Chapel#45"],
            },
            "P1": {"mausoleum": ["Crypt#43", "Carved#38"]},
            "shop": ["Angel#39"],
        }
    )
    assert (side(state, 0)["printed"], side(state, 0)["counted"]) == (7, 3)
    assert choice_ids(state, 0)[-1] == "buy:39"
    buy(state, 0, "Angel#39", ["Aunt#1"])
    s = summarize(state)
    assert (s["P0"]["printed"], s["P0"]["counted"]) == (11, 7)
    assert (s["P1"]["printed"], s["P1"]["counted"]) == (9, 9)
    assert (s["end"], s["winners"]) == ("shop", [1])
    assert RULES.outcome(state).winners == (1,)


def test_maus_a34_the_whole_discard_pile_is_public_in_order():
    """MAU-A34, MAU-11.2: every seat and a spectator see every card of the discard pile,
    bottom to top, not just its top card."""
    state = build({"discard": ["Brat#6", "Holiday#46", "Croquet#19", "Aunt#1"]})
    for viewer in (0, 1, 2, None):
        v = view(state, viewer)
        assert v["discard"] == [6, 46, 19, 1]
        assert v["discard_top"] == 1
    assert act(state, 0, "draw:discard") is not None
    assert view(state, 2)["discard"] == [6, 46, 19]
