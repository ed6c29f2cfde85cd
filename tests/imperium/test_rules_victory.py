"""Victory timing (IMP-8.x, IMP-5.3, IMP-A39), leaving and re-entering play (IMP-1.8),
hidden identities (IMP-11.2) and mirror-match interactions (IMP-V8 with IMP-A15, IMP-A26).

Expected values are computed by hand from the cited rules.
"""

from __future__ import annotations

from fractions import Fraction

from imperium_helpers import (
    RULES,
    act,
    build,
    choice_ids,
    energy,
    points,
    seat_of,
    side,
    summarize,
    view,
    winner,
)


def test_caesar_placement_wins_before_its_return_and_attack():
    """IMP-5.3, IMP-8.3, IMP-A39: the 4th Roman scoring card wins as soon as it is placed."""
    state = build(
        {
            "active": "R",
            "phase": "action",
            "energy": 12,
            "army_dom": "G",
            "R": {"play": ["trajans_column", "colosseum", "cicero"], "hand": ["caesar"]},
            "G": {"army": 2, "play": ["walls"]},
        }
    )
    assert points(state, "R") == Fraction(3, 4)
    act(state, "R", "play:caesar")
    s = summarize(state)
    assert s["winner"] == "R"
    assert points(state, "R") == 1
    assert s["G"]["play"] == ["walls"]  # no return
    assert s["army_dom"] == "G" and s["G"]["army"] == 2  # no land attack
    assert RULES.waiting(state) == ()


def test_pursuit_victory_skips_the_rest_of_the_pursuit():
    """IMP-6.3, IMP-8.2: the 5th counter wins; no Walls is destroyed afterwards."""
    state = build(
        {
            "active": "R",
            "phase": "action",
            "energy": 5,
            "army_dom": "R",
            "R": {"army": 4, "play": ["legion"]},
            "G": {"play": ["walls", "walls"]},
        }
    )
    act(state, "R", "tap:0")
    s = summarize(state)
    assert s["winner"] == "R"
    assert s["R"]["army"] == 5
    assert s["G"]["play"] == ["walls", "walls"]
    assert s["G"]["discard"] == []
    assert RULES.outcome(state).winners == (seat_of(state, "R"),)


def test_catapult_victory_skips_the_follow_up_destruction():
    """IMP-9.2, IMP-8.2: 3 + 2 = 5 counters win before the Defense would be destroyed."""
    state = build(
        {
            "active": "R",
            "phase": "action",
            "energy": 6,
            "army_dom": "R",
            "R": {"army": 3, "play": ["catapult"]},
            "G": {"play": ["walls"]},
        }
    )
    act(state, "R", "tap:0")
    assert winner(state) == "R"
    assert side(state, "R")["army"] == 5
    assert side(state, "G")["play"] == ["walls"]


def test_returned_card_reenters_untapped():
    """IMP-1.8, IMP-A02, IMP-7.3: a tapped Galley returned to hand can be replayed and tapped."""
    state = build(
        {
            "active": "G",
            "phase": "action",
            "energy": 6,
            "navy_dom": "R",
            "G": {"play": ["heavy_galley"], "deck": []},
            "R": {"play": ["galley(T)"], "deck": []},
        }
    )
    act(state, "G", "tap:0")  # G gains Navy Dominance, the only target returns
    assert side(state, "R")["hand"] == ["galley"]
    assert side(state, "R")["play"] == []
    act(state, "G", "end", dice=[5, 5, 1])  # R: 3 dice, energy 10
    act(state, "R", "continue")
    act(state, "R", "play:galley")
    assert side(state, "R")["play"] == ["galley"]
    act(state, "R", "tap:0")
    s = summarize(state)
    assert s["energy"] == 0
    assert s["navy_dom"] == "R"
    assert s["R"]["play"] == ["galley(T)"]


def test_face_down_wonder_identity_is_visible_only_to_its_owner():
    """IMP-7.6, IMP-11.1, IMP-11.2."""
    state = build(
        {"active": "R", "phase": "action", "energy": 0, "R": {"play": ["hadrians_wall(FD)"]}}
    )
    r = seat_of(state, "R")
    mine = view(state, "R")["seats"][r]["play"][0]
    theirs = view(state, "G")["seats"][r]["play"][0]
    spectator = view(state, None)["seats"][r]["play"][0]
    assert mine["card"] == "hadrians_wall" and mine["face_down"] is True
    assert theirs["card"] is None and theirs["face_down"] is True
    assert spectator["card"] is None
    assert points(state, "R") == 0


def test_v2_start_of_turn_needs_dominance_at_the_start():
    """IMP-V2, IMP-6.1: 6 counters, but G takes Army Dominance first -> counters 0, no win."""
    state = build(
        {
            "active": "G",
            "phase": "action",
            "energy": 5,
            "army_dom": "R",
            "R": {"army": 6, "deck": []},
            "G": {"play": ["hoplite"]},
            "options": {"army_win_timing": "start_of_turn"},
        }
    )
    assert winner(state) is None
    act(state, "G", "tap:0")
    s = summarize(state)
    assert s["army_dom"] == "G"
    assert s["R"]["army"] == 0
    act(state, "G", "end", dice=[1, 1, 1])
    assert winner(state) is None
    assert side(state, "R")["army"] == 0


def test_mirror_catapult_follow_up_must_destroy_the_fort():
    """IMP-V8, IMP-A26, IMP-9.2, IMP-9.7: Fort priority applies to Catapult's destruction."""
    state = build(
        {
            "decks": ("roman", "roman"),
            "active": 0,
            "phase": "action",
            "energy": 6,
            "army_dom": 0,
            0: {"play": ["catapult"]},
            1: {"play": ["walls", "fort", "farm"], "hand": ["caravan"]},
        }
    )
    act(state, 0, "tap:0")
    assert side(state, 0)["army"] == 2  # Defenses ignored during the pursuit
    assert side(state, 1)["play"] == ["walls", "farm"]
    assert side(state, 1)["hand"] == ["caravan", "fort"]
    assert set(choice_ids(state, 1)) == {"discard:caravan", "discard:fort"}
    act(state, 1, "discard:caravan")
    assert side(state, 1)["hand"] == ["fort"]
    assert side(state, 1)["discard"] == ["caravan"]
    assert energy(state) == 0


def test_mirror_fire_raft_leaves_before_heavy_galley_returns_a_card():
    """IMP-V8, IMP-A15, IMP-10.9, IMP-10.10: the Fire Raft is back in hand at step (1), so the
    Heavy Galley's return can only take the Trireme."""
    state = build(
        {
            "decks": ("greek", "greek"),
            "active": 0,
            "phase": "action",
            "energy": 6,
            0: {"play": ["heavy_galley"]},
            1: {"play": ["fire_raft", "trireme(T)"]},
        }
    )
    act(state, 0, "tap:0")
    s = summarize(state)
    assert s["navy_dom"] == 0
    assert s[1]["play"] == []
    assert s[1]["hand"] == ["fire_raft", "trireme"]


def test_recovered_and_returned_cards_are_known_to_the_opponent():
    """IMP-11.1, IMP-7.2, IMP-7.3: a card recovered face up from the discard pile, or returned
    from play, is known in the hand; a drawn card is not."""
    state = build(
        {
            "active": "R",
            "phase": "action",
            "energy": 5,
            "navy_dom": "R",
            "R": {"play": ["galley"], "discard": ["caravan"], "deck": ["farm"]},
        }
    )
    act(state, "R", "tap:0")  # naval pursuit: recover Caravan
    r = seat_of(state, "R")
    seen = view(state, "G")["seats"][r]
    assert seen["known_hand"] == ["caravan"]
    assert seen["hand"] is None and seen["hand_count"] == 1

    state = build(
        {
            "active": "G",
            "phase": "action",
            "energy": 6,
            "G": {"play": ["heavy_galley"]},
            "R": {"play": ["legion"], "hand": ["farm"]},
        }
    )
    act(state, "G", "tap:0")
    seen = view(state, "G")["seats"][seat_of(state, "R")]
    assert seen["known_hand"] == ["legion"]
    assert seen["hand_count"] == 2
