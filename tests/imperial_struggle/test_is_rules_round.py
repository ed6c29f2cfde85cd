"""Action Round rules beyond the scenarios: links gained this round (IS-5.4.1, IS-5.4.1a), Event AP
merged into a Minor (IS-5.7b, IS-A14), abilities before the tile and passing (IS-A07, IS-A46),
availability of spaces (IS-3.2.1c), end of round (IS-5.0 step 6), the action sequence (IS-A04).
"""

from __future__ import annotations

from is_helpers import (
    BR,
    FR,
    act,
    action_points,
    buy,
    choice_ids,
    cost_of,
    end_round,
    find_action,
    flag,
    offered_anywhere,
    round_position,
    start_action,
    take_tile,
    to_menu,
)


def test_is_5_4_1a_naval_space_gained_this_round_is_a_link():
    """IS-5.4.1, IS-5.4.1a: a Naval space entered this round legitimises its Markets at once."""
    st = round_position("T2", "france")
    take_tile(st, FR, 16)  # Major M4, Minor E2
    start_action(st, FR, "minor")
    assert not offered_anywhere(st, FR, "shift:mangalore")
    to_menu(st, FR)
    # The Minor was started but nothing bought: it may be finished with no purchase.
    st = round_position("T2", "france")
    take_tile(st, FR, 16)
    start_action(st, FR, "major")
    buy(st, FR, "deploy:malabar_coast", pay=("from:navy_box",))
    to_menu(st, FR)
    start_action(st, FR, "minor")
    assert cost_of(st, FR, "shift:mangalore") == 2
    buy(st, FR, "shift:mangalore")
    assert flag(st, "mangalore") == "france"


def test_is_5_4_1a_no_daisy_chaining():
    """IS-5.4.1a: a Market flagged this round never legitimises a neighbour this round."""
    st = round_position("T2", "france")
    take_tile(st, FR, 0)  # Major E4
    start_action(st, FR, "major")
    buy(st, FR, "shift:niagara")  # via French cataraqui
    assert flag(st, "niagara") == "france"
    assert not offered_anywhere(st, FR, "shift:allegheny")  # only link: niagara (new)
    assert not offered_anywhere(st, FR, "shift:oswego")


def test_is_5_7b_event_ap_merged_into_the_minor():
    """IS-5.7b / IS-A14: an Event's EP become an Event action; starting the Minor E2 offers
    ``merge_event``; merged, the Minor has 3 EP for its one purchase (no Debt for a 3-EP flag)."""
    st = round_position("T3", "france", hands={"france": [24], "britain": []})
    take_tile(st, FR, 12)  # Major D3, Minor E2, Event
    act(st, FR, "event:24")  # West African Gold Mining: 1 EP (no bonus: equal Available Debt)
    for _ in range(5):
        ids = choice_ids(st, FR)
        if "no_bonus" in ids:
            act(st, FR, "no_bonus")
        else:
            break
    ea = next(a for a in st["round"]["actions"] if a["type"] == "E" and a["kind"] != "minor")
    assert action_points(st, ea) == 1
    to_menu(st, FR)
    act(st, FR, "act:minor")
    assert {"merge_event:yes", "merge_event:no"} <= set(choice_ids(st, FR))
    act(st, FR, "merge_event:yes")
    assert action_points(st) == 3
    buy(st, FR, "shift:gulf_of_st_lawrence")  # empty, 3 EP, via quebec_montreal
    assert st["debt"][FR] == 0
    to_menu(st, FR)
    ids = choice_ids(st, FR)
    assert "act:minor" not in ids
    assert "act:event_E" not in ids


def test_is_5_7b_event_ap_join_the_major_of_the_same_type():
    """IS-5.7b: Event EP with an Economic Major join the Major (IS-EV30: +2 EP on E3 → 5)."""
    st = round_position("T3", "france", hands={"france": [30], "britain": []})
    take_tile(st, FR, 4)  # Major E3, Minor D2, Event
    act(st, FR, "event:30")
    if "no_bonus" in choice_ids(st, FR):
        act(st, FR, "no_bonus")
    assert find_action(st, "E", "major")["pts"] == 5


def test_is_a07_ability_before_the_tile_then_pass():
    """IS-A07 / IS-A46: abilities used before taking the tile do not prevent passing (Bank of
    England A: Debt Limit +1)."""
    st = round_position(
        "T1",
        "britain",
        debt={"britain": 2},
        ministries={"britain": [["M-8", True], ["M-5", False]]},
    )
    act(st, BR, "ability:M-8A")
    assert st["limit"][BR] == 7
    take_tile(st, BR, 0)
    act(st, BR, "pass")
    assert st["debt"][BR] == 0


def test_is_3_2_1c_unavailable_spaces_are_no_targets():
    """IS-3.2.1c: Prussia's Empire spaces are no target before T3, Sons of Liberty before T5."""
    st = round_position("T2", "france")
    take_tile(st, FR, 8)  # Major D4
    start_action(st, FR, "major")
    assert not offered_anywhere(st, FR, "shift:prussia_empire_prestige_3")
    assert not offered_anywhere(st, FR, "shift:sons_of_liberty")
    assert offered_anywhere(st, FR, "shift:prussia_prestige_3")
    st = round_position("T3", "france")
    take_tile(st, FR, 8)
    start_action(st, FR, "major")
    assert offered_anywhere(st, FR, "shift:prussia_empire_prestige_3")
    assert not offered_anywhere(st, FR, "shift:sons_of_liberty")


def test_is_5_0_unspent_ap_lost_and_next_round_starts():
    """IS-5.0 step 6 / IS-4.1.9: ending the round loses unspent AP; the other side's round
    follows (rounds alternate)."""
    st = round_position("T2", "france")
    take_tile(st, FR, 0)
    start_action(st, FR, "major")
    buy(st, FR, "shift:niagara")
    end_round(st, FR)
    assert st["rounds_done"][FR] == 1
    assert any(i.startswith("tile:") for i in choice_ids(st, BR))
    assert "tile:0" not in choice_ids(st, BR)  # taken by France (IS-5.1)
    assert st["round"]["side"] == BR


def test_is_a04_a_finished_action_cannot_be_resumed():
    """IS-5.3 / IS-A04 (IS-V13 on): after ``done`` the Major is finished and not offered again."""
    st = round_position("T2", "france")
    take_tile(st, FR, 0)
    start_action(st, FR, "major")
    buy(st, FR, "shift:niagara")
    act(st, FR, "done")
    assert "act:major" not in choice_ids(st, FR)
    assert "act:minor" in choice_ids(st, FR)


def test_is_a03_surcharge_counts_across_actions_of_the_same_type():
    """IS-5.3.4 / IS-A03: EP spent in the Caribbean by an Event action make the Minor's first
    North American EP purchase pay +1."""
    st = round_position("T3", "france", hands={"france": [24], "britain": []})
    take_tile(st, FR, 12)  # Major D3, Minor E2, Event
    act(st, FR, "event:24")  # 1 EP (no bonus)
    if "no_bonus" in choice_ids(st, FR):
        act(st, FR, "no_bonus")
    to_menu(st, FR)
    act(st, FR, "act:event_E")
    assert cost_of(st, FR, "shift:caicos") == 2  # Caribbean, first EP Region
    buy(st, FR, "shift:caicos")
    to_menu(st, FR)
    act(st, FR, "act:minor")
    if "merge_event:no" in choice_ids(st, FR):
        act(st, FR, "merge_event:no")
    assert cost_of(st, FR, "shift:niagara") == 3  # North America: second EP Region


def _s14_wheat(event: bool):
    st = round_position(
        "T1",
        "britain",
        ministries={"britain": [["M-7", True], ["M-10", False]]},
        hands={"britain": [6], "france": []},
        forts={"louisbourg": "france"},
        flags={"georges_bank": "france"},
        conflict={"georges_bank": 1},
    )
    take_tile(st, BR, 14)  # Major D2, Minor E2, Event
    if event:
        act(st, BR, "event:6")
        from is_helpers import pick_through

        pick_through(st, BR, "space:iroquois")
        act(st, BR, "adv:wheat")
    to_menu(st, BR)
    act(st, BR, "act:minor")
    if "merge_event:no" in choice_ids(st, BR):
        act(st, BR, "merge_event:no")
    return st


def test_is_8_2b_event_ordered_cost_tile_becomes_a_pending_modifier():
    """IS-8.2b / IS-EV06 (British bonus): Wheat used through the Event is a pending modifier
    applied to the first qualifying purchase: the Minor's unflag of the Protected conflicted
    georges_bank costs 1 − 1 + 1 = 1 instead of 1 + 1 = 2."""
    st = _s14_wheat(False)
    assert cost_of(st, BR, "shift:georges_bank") == 2
    st = _s14_wheat(True)
    assert "wheat" not in st["adv_exhausted"]
    assert cost_of(st, BR, "shift:georges_bank") == 1


def test_is_5_3_2b_minor_may_unflag_a_conflicted_space():
    """IS-5.3.2(b): a Minor may unflag an opposing space that holds a Conflict marker (base 1)."""
    st = round_position("T1", "france", conflict={"austria_alliance_2": 1})
    take_tile(st, FR, 0)  # Minor D2
    start_action(st, FR, "minor")
    assert cost_of(st, FR, "shift:austria_alliance_2") == 1
    buy(st, FR, "shift:austria_alliance_2")
    assert flag(st, "austria_alliance_2") is None


def test_is_5_5_3_t5_draw_removes_succession_cards():
    """IS-5.5.3 / IS-4.1.6c: from T5 a drawn Succession card leaves the game and another is
    drawn."""
    st = round_position("T5", "france", deck=[36, 3])  # 3 on top
    take_tile(st, FR, 8)  # Major D4
    start_action(st, FR, "major")
    buy(st, FR, "draw_event")
    assert st["hands"][FR] == [36]
    assert 3 in st["removed"]
    assert st["deck"] == []


def test_is_7_3b_papacy_hanover_reveal_is_a_jacobite_defeat():
    """IS-7.3b / IS-MIN20: Britain revealing M-20 in its round is a Jacobite Defeat: M-4 leaves
    the game at once from France's slot (left empty, IS-A21); the Jacobite right ends."""
    st = round_position(
        "T5",
        "britain",
        jacobite={"victories": 1, "right": False, "defeat": False},
        ministries={
            "britain": [["M-20", False], ["M-17", False]],
            "france": [["M-4", False], ["M-13", False]],
        },
    )
    act(st, BR, "reveal:M-20")
    assert st["jacobite"]["defeat"] is True
    assert "M-4" in st["min_removed"]
    assert [s["card"] for s in st["min_slots"][FR]] == [None, "M-13"]


def test_is_5_6_1a_no_purchase_when_every_theater_is_full():
    """IS-5.6.1a: with 2 of its Bonus tiles in every theater, a side cannot buy another."""
    from is_helpers import display

    bonus = {n: ([f"WAS_france_{2 * n - 2}", f"WAS_france_{2 * n - 1}"], []) for n in (1, 2, 3, 4)}
    st = round_position("T2", "france", war=display("WAS", bonus=bonus))
    take_tile(st, FR, 16)  # Major M4
    start_action(st, FR, "major")
    assert "bonus_tile" not in choice_ids(st, FR)


def test_is_5_3_3a_no_upgrade_with_an_empty_basic_pool():
    """IS-5.3.3a: an empty Basic pool makes the Upgrade unusable."""
    from is_helpers import display

    basic = {n: ([f"fr_b{n:02d}"], [f"br_b{n:02d}"]) for n in (1, 2, 3, 4)}
    war = display("WSS", basic=basic, pool_order=([f"fr_b{k:02d}" for k in range(5, 16)], []))
    war["basic_out"] = [[], [f"br_b{k:02d}" for k in (0, *range(5, 16))]]
    st = round_position("T1", "britain", war=war)
    take_tile(st, BR, 7)  # Event + Upgrade
    act(st, BR, "actions")
    assert "upgrade" not in choice_ids(st, BR)


def test_is_3_4_4_event_type_and_symbol():
    """IS-3.4.4: an Economic card needs an Economic Major and the Event symbol."""
    for tile, ok in ((4, True), (12, False), (0, False)):
        st = round_position("T2", "france", hands={"france": [8], "britain": []})
        take_tile(st, FR, tile)
        assert ("event:8" in choice_ids(st, FR)) is ok, tile


def test_is_min08b_bank_of_england_plays_an_economic_card_on_another_tile():
    """IS-MIN08 B / IS-17.6 S1: ``event_bank:<n>`` plays an Economic card although the Major is
    not Economic (the tile must still allow an Event)."""
    st = round_position(
        "T2",
        "britain",
        hands={"britain": [8], "france": []},
        ministries={"britain": [["M-8", True], ["M-5", False]]},
    )
    take_tile(st, BR, 12)  # Major D3, Event
    ids = choice_ids(st, BR)
    assert "event:8" not in ids
    assert "event_bank:8" in ids
