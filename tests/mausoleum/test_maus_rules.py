"""General rules beyond the scenarios: the turn's steps (MAU-3), heirs and invitations (MAU-4),
protections and Doozies (MAU-5.5, MAU-5.6, MAU-5.7, MAU-5.8, 7), Botched Kidnapping (MAU-5.10) and
payments (MAU-8).

Default position (MAU-15.1): 3 players, P0 active, default rules.
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
    invite_seats,
    pass_turn,
    play,
    side,
    summarize,
    targets,
    view,
)

from engine.games.mausoleum.state import payment_value

GRAVES = list(range(37, 46))


# ------------------------------------------------------------------ turn (MAU-3)


def test_maus_3_1_turn_choices_draw_or_buy():
    """MAU-3.1, MAU-3.2, MAU-3.5: with an empty discard pile the draw must come from the deck; Buy &
    Bury is offered only for graves a legal payment reaches (Aunt#1 = 4)."""
    state = build({"P0": {"morgue": ["Aunt#1"]}})
    assert set(choice_ids(state, 0)) == {"draw:deck", "buy:37", "buy:38", "buy:39", "buy:40"}
    assert_illegal(state, 0, "draw:discard")
    assert_illegal(state, 0, "buy:41")
    assert_illegal(state, 0, "pass")


def test_maus_3_2_both_piles_empty_skip_the_draw_and_the_hand_shrinks():
    """MAU-3.2, MAU-3.6, MAU-10.2, MAU-A11, MAU-A16: nothing to draw -> play step without a draw;
    the hand shrinks by the card played; the deck stays empty at the end of the turn."""
    state = build(
        {"P0": {"hand": ["Aunt#1", "Brat#6"]}, "deck": [], "deck_exact": True, "discard": []}
    )
    assert choice_ids(state, 0) == ["draw:none"]
    act(state, 0, "draw:none")
    play(state, 0, "Aunt#1", "invite:0")
    s = summarize(state)
    assert side(state, 0)["hand"] == ["Brat#6"]
    assert (s["deck_count"], s["discard"]) == (0, [])
    assert s["active"] == 1
    assert choice_ids(state, 1) == ["draw:none"]


def test_maus_3_7_pass_only_when_nothing_is_possible():
    """MAU-3.7, MAU-A28: empty deck, discard pile and hand, no legal purchase -> the only choice
    is to pass; the end-of-turn steps still run. A legal purchase removes the pass."""
    spec = {
        "P0": {"hand": [], "morgue": ["Brat#6"]},
        "deck": [],
        "deck_exact": True,
        "discard": [],
    }
    state = build(spec)
    assert choice_ids(state, 0) == ["pass"]
    act(state, 0, "pass")
    assert (state["active"], state["turns"]) == (1, 1)

    # The end-of-turn steps still run: a player already at 10 wins at the end of the pass.
    waiting = build({**spec, "P2": {"mausoleum": ["Chapel#45", "Carved#38"]}})
    act(waiting, 0, "pass")
    assert summarize(waiting)["winners"] == [2]

    rich = build({**spec, "P0": {"hand": [], "morgue": ["Uncle#5"]}})
    assert "pass" not in choice_ids(rich, 0)
    assert_illegal(rich, 0, "pass")


def test_maus_3_3_a22_take_the_discard_top_and_discard_it_again():
    """MAU-3.3, MAU-A22, MAU-11.1: allowed; the pile ends as it began and the card is no longer
    known to be in the hand."""
    state = build(
        {"P0": {"hand": ["Aunt#1", "Brat#6", "Maze#21"]}, "discard": ["Croquet#19", "Uncle#5"]}
    )
    draw(state, 0, "discard")
    assert view(state, 1)["seats"][0]["known"] == [5]
    assert {f"discard:{c}" for c in (1, 6, 21, 5)} <= set(choice_ids(state, 0))
    play(state, 0, "Uncle#5", "discard")
    s = summarize(state)
    assert s["discard"] == ["Croquet#19", "Uncle#5"]
    assert sorted(side(state, 0)["hand"]) == sorted(["Aunt#1", "Brat#6", "Maze#21"])
    assert view(state, 1)["seats"][0]["known"] == []


def test_maus_3_3_back_from_the_target_step_keeps_the_card():
    """MAU-3.3 (README ``back``): choosing a card and going back changes nothing."""
    state = build(
        {"P0": {"hand": ["Croquet#19", "Aunt#1", "Brat#6"]}, "P1": {"party": ["Uncle#5"]}}
    )
    draw(state, 0, "deck")
    before = RULES.clone(state)
    act(state, 0, "play:19")
    act(state, 0, "back")
    assert state == before


def test_maus_3_4_cards_without_a_legal_target_can_only_be_discarded():
    """MAU-3.4, MAU-A21: a Doozy when every party heir is shielded, an accident when every party
    is empty, Misplaced with empty morgues, On Holiday with empty parties."""
    state = build(
        {
            "P0": {"hand": ["Doozy#47", "Misplaced#48", "Croquet#19"]},
            "P1": {"party": ["Uncle#5+Doozy#50"]},
        }
    )
    draw(state, 0, "deck")
    offered = choice_ids(state, 0)
    assert "play:47" not in offered and "play:48" not in offered
    assert "play:19" in offered  # the shielded Uncle is still a legal accident target
    assert {"discard:47", "discard:48", "discard:19"} <= set(offered)


# ------------------------------------------------------------- heirs (MAU-4)


def test_maus_4_2_party_limit_counts_heirs_not_doozies():
    """MAU-4.2, MAU-7.6: 3 heirs carrying 3 Doozies still take a fourth heir; 4 heirs take none,
    your own party included."""
    state = build(
        {
            "P0": {
                "hand": ["Aunt#1", "Brat#6", "Maze#21"],
                "party": ["Uncle#5", "Grandpa#9", "Sheep#3", "Brat#15"],
            },
            "P1": {"party": ["Uncle#14+Doozy#47", "Aunt#10+Doozy#50", "Sheep#12+Doozy#53"]},
        }
    )
    draw(state, 0, "deck")
    assert invite_seats(state, 0, "Aunt#1") == {1, 2}
    play(state, 0, "Aunt#1", "invite:1")
    assert len(summarize(state)["P1"]["party"]) == 4


def test_maus_4_3_a06_a27_dowager_joins_a_full_table_then_locks_it():
    """MAU-4.3, MAU-A06, MAU-A27: a Dowager may be invited into a party that already holds heirs;
    afterwards only later invitations are refused. She can still be killed, sent On Holiday
    or given a Doozy."""
    state = build(
        {
            "P0": {"hand": ["Dowager#18", "Croquet#19", "Holiday#46"]},
            "P1": {"party": ["Uncle#5"], "hand": ["Doozy#47", "Brat#6", "Maze#21"]},
        }
    )
    draw(state, 0, "deck")
    assert invite_seats(state, 0, "Dowager#18") == {0, 1, 2}
    play(state, 0, "Dowager#18", "invite:1")
    assert summarize(state)["P1"]["party"] == ["Uncle#5", "Dowager#18"]
    assert view(state, None)["seats"][1]["locked"] is True
    draw(state, 1, "deck")
    assert invite_seats(state, 1, "Brat#6") == {0, 2}  # her owner may invite elsewhere
    assert heirs(targets(state, 1, "Doozy#47"), "doozy") == {5, 18}
    assert heirs(targets(state, 1, "Maze#21"), "kill") == {5, 18}


def test_maus_4_3_a27_second_dowager_may_join_a_locked_party():
    """MAU-4.3, MAU-A27, MAU-1.10: in a two-deck game the second Dowager (118) may join a party
    locked by the first; other heirs may not."""
    state = build(
        {
            "seats": 6,
            "P0": {"hand": [118, "Brat#6", "Maze#21", "Aunt#1", "Sheep#3"]},
            "P1": {"party": ["Dowager#18"]},
        }
    )
    draw(state, 0, "deck")
    assert 1 in invite_seats(state, 0, 118)
    assert 1 not in invite_seats(state, 0, "Brat#6")
    play(state, 0, 118, "invite:1")
    assert summarize(state)["P1"]["party"] == ["Dowager#18", "Dowager#118"]


def test_maus_4_4_a26_abilities_only_work_in_a_party():
    """MAU-4.4, MAU-A26, MAU-9.2: a Gardener in a morgue or hand costs nothing; a Meddling Cousin in
    a morgue shields nobody; a Dowager in a morgue locks nothing."""
    state = build(
        {
            "P0": {
                "hand": ["Gardener#17", "Croquet#19", "Brat#6"],
                "morgue": ["Gardener#8", "Cousin#7", "Dowager#18"],
                "party": ["Uncle#5"],
                "mausoleum": ["Chapel#45"],
            }
        }
    )
    assert side(state, 0)["counted"] == 7
    draw(state, 0, "deck")
    assert heirs(targets(state, 0, "Croquet#19"), "kill") == {5}
    assert 0 in invite_seats(state, 0, "Brat#6")


# --------------------------------------------------- protections, Doozies (MAU-5, 7)


def test_maus_5_7_a20_meddling_cousins_do_not_shield_each_other():
    """MAU-5.7, MAU-A20: two Cousins are both killable and shield the rest."""
    state = build(
        {
            "P0": {"hand": ["Croquet#19", "Aunt#1", "Brat#6"]},
            "P1": {"party": ["Cousin#7", "Uncle#5", "Cousin#16"]},
        }
    )
    draw(state, 0, "deck")
    assert heirs(targets(state, 0, "Croquet#19"), "kill") == {7, 16}


def test_maus_5_6_7_6_a_doozy_does_not_count_in_the_clever_test():
    """MAU-5.6, MAU-7.6: a Nephew alone with a Doozy is killable; the kill uses the Doozy."""
    state = build(
        {
            "P0": {"hand": ["Croquet#19", "Aunt#1", "Brat#6"]},
            "P1": {"party": ["Nephew#2+Doozy#47"]},
        }
    )
    draw(state, 0, "deck")
    play(state, 0, "Croquet#19", "kill:2")
    s = summarize(state)
    assert s["P1"]["party"] == ["Nephew#2"]
    assert s["discard"] == ["Croquet#19", "Doozy#47"]


def test_maus_7_4_a18_protected_heirs_keep_their_doozy():
    """MAU-7.4, MAU-5.8, MAU-A18: a protected heir is no accident target even with a Doozy, and the
    H-Bomb does not hit it, so its Doozy stays."""
    state = build(
        {
            "P0": {"hand": ["HBomb#27", "Croquet#19", "Brat#6"]},
            "P1": {"party": ["Cousin#7", "Uncle#5+Doozy#47"]},
        }
    )
    draw(state, 0, "deck")
    assert heirs(targets(state, 0, "Croquet#19"), "kill") == {7}
    play(state, 0, "HBomb#27")
    s = summarize(state)
    assert s["P1"]["party"] == ["Uncle#5+Doozy#47"]
    assert s["P1"]["morgue"] == ["Cousin#7"]
    assert s["discard"][-1] == "HBomb#27"


def test_maus_5_10_a24_kidnap_into_your_own_full_morgue_discards_the_victim():
    """MAU-5.10, MAU-5.4, MAU-A24: legal; the victim goes straight to the discard pile."""
    state = build(
        {
            "P0": {
                "hand": ["Kidnap#36", "Aunt#1", "Brat#6"],
                "morgue": ["Brat#15", "Gardener#8", "Gardener#17", "Cousin#7"],
            },
            "P1": {"party": ["Grandpa#9"], "morgue": []},
        }
    )
    draw(state, 0, "deck")
    play(state, 0, "Kidnap#36", "kidnap:9")
    s = summarize(state)
    assert s["P1"]["party"] == [] and s["P1"]["morgue"] == []
    assert s["P0"]["morgue"] == ["Brat#15", "Gardener#8", "Gardener#17", "Cousin#7"]
    assert s["discard"][-2:] == ["Kidnap#36", "Grandpa#9"]


def test_maus_5_10_kidnap_on_your_own_party_and_against_a_doozy():
    """MAU-5.10, MAU-7.2: on your own party it works like a generic accident; on a shielded heir it
    only uses the Doozy."""
    state = build(
        {
            "P0": {"hand": ["Kidnap#36", "Aunt#1", "Brat#6"], "party": ["Uncle#5"]},
            "P1": {"party": ["Grandpa#9+Doozy#47"]},
        }
    )
    branch = RULES.clone(state)
    draw(state, 0, "deck")
    play(state, 0, "Kidnap#36", "kidnap:5")
    assert summarize(state)["P0"]["morgue"] == ["Uncle#5"]

    draw(branch, 0, "deck")
    play(branch, 0, "Kidnap#36", "kidnap:9")
    s = summarize(branch)
    assert s["P1"]["party"] == ["Grandpa#9"]
    assert s["P0"]["morgue"] == []
    assert s["discard"][-2:] == ["Kidnap#36", "Doozy#47"]


# ------------------------------------------------------------- payments (MAU-8)


def test_maus_8_4_8_5_the_pay_step_offers_only_completable_payments():
    """MAU-8.1, MAU-8.4, MAU-8.5, README pay step: a Black Sheep is offered for a grave worth 3 but
    not for one worth 4; once a Sheep is picked no other heir (not even a Gardener) may join;
    ``bury`` appears only when the value is reached; ``back`` drops the last pick."""
    state = build({"P0": {"morgue": ["Sheep#3", "Aunt#1", "Gardener#8", "Brat#6"]}})
    act(state, 0, "buy:39")
    assert {c for c in choice_ids(state, 0) if c.startswith("pay:")} == {"pay:1", "pay:8", "pay:6"}
    act(state, 0, "back")
    assert state["phase"] == "turn"
    act(state, 0, "buy:38")
    act(state, 0, "pay:3")
    assert set(choice_ids(state, 0)) == {"bury", "back"}
    act(state, 0, "back")
    act(state, 0, "pay:8")
    assert "bury" not in choice_ids(state, 0) and "pay:3" not in choice_ids(state, 0)
    act(state, 0, "pay:6")
    assert "bury" not in choice_ids(state, 0)  # 0 + 1 < 3
    assert not can_pay(build({"P0": {"morgue": ["Sheep#3", "Gardener#8"]}}), 0, 37, [3, 8])


def test_maus_8_6_a23_overpaying_gives_no_change():
    """MAU-8.6, MAU-A23, MAU-8.8: Simple#37 (3) paid with 9; both heirs are spent, one grave only,
    and the turn ends."""
    state = build({"P0": {"morgue": ["Uncle#5", "Aunt#1"]}, "discard": ["Maze#21"]})
    buy(state, 0, "Simple#37", ["Uncle#5", "Aunt#1"])
    s = summarize(state)
    assert s["P0"]["morgue"] == []
    assert s["P0"]["mausoleum"] == ["Simple#37"]
    assert s["P0"]["printed"] == 3
    assert s["discard"] == ["Maze#21", "Uncle#5", "Aunt#1"]
    assert s["active"] == 1


def test_maus_8_3_a29_couple_bonus_with_several_copies():
    """MAU-8.3, MAU-A29, MAU-A04: with at least one Husband and one Wife every Husband and Wife
    counts +2; spent apart (or two Husbands) they count their plain 2."""
    assert payment_value([4, 13]) == 8
    assert payment_value([4, 13, 104]) == 12
    assert payment_value([4, 113, 104, 13]) == 16
    assert payment_value([4, 104]) == 4
    assert payment_value([13, 6]) == 3
    assert payment_value([4, 13, 8]) == 8  # a Gardener adds nothing
    state = build({"seats": 6, "P0": {"morgue": ["Husband#4", "Husband#104", "Brat#6"]}})
    assert not can_pay(state, 0, "Obelisk#41", [4, 104])  # 4 < 5
    assert can_pay(state, 0, "Angel#39", [4, 104])


def test_maus_2_6_turns_pass_clockwise_and_wrap_to_seat_0():
    """MAU-2.6, MAU-3.8, 13 (seat numbering): after the last seat comes seat 0, with 3 and 5
    players."""
    for n in (3, 5):
        state = build({"seats": n, "active": n - 1})
        pass_turn(state, n - 1)
        assert state["active"] == 0
        pass_turn(state, 0)
        assert state["active"] == 1
