"""Effect keywords and victory: permanent and on-enter effects (IMP-7.8, IMP-7.9, IMP-A28),
trigger order (IMP-7.14), recover (IMP-A14), the Defense destroyed (IMP-A27), Republic's count
(IMP-A31), fractional points (IMP-A07), the ways to win (IMP-8.1) and no simultaneous wins
(IMP-8.6).

Positions are built with ``position.build``; dice are scripted. Costs and values are the
printed ones of IMP-1.10 / IMP-1.11.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from imperium_helpers import (
    act,
    advance,
    assert_illegal,
    build,
    choice_ids,
    energy,
    points,
    pool,
    side,
    summarize,
    winner,
)


def test_imp_7_8_permanent_effects_work_tapped_but_not_face_down():
    """IMP-7.8, IMP-9.16, IMP-4.2: a tapped Orchard still adds its die (pool 3 + 1 = 4). R's
    face-up Hadrian's Wall makes G's Hoplite tap cost 5 + 2 = 7, so 6 energy is not enough;
    face down, the Wall does nothing and the Hoplite taps for 5."""
    state = build({"active": "G", "phase": "energy", "G": {"play": ["orchard(T)"]}})
    advance(state, dice=[1, 2, 3, 4])
    assert pool(state) == 4

    for wall, offered in (("hadrians_wall", False), ("hadrians_wall(FD)", True)):
        state = build(
            {
                "active": "G",
                "phase": "action",
                "energy": 6,
                "G": {"play": ["hoplite"]},
                "R": {"play": [wall]},
            }
        )
        assert ("tap:0" in choice_ids(state, "G")) is offered
    act(state, "G", "tap:0")
    assert energy(state) == 1
    assert summarize(state)["army_dom"] == "G"


# (card, check) after G plays the Great Person for 12 with Colossus, Hoplite in hand.
ON_ENTER = [
    ("aristotle", lambda s: side(s, "G")["hand"] == ["colossus", "hoplite", "walls", "farm",
                                                     "port", "trader"]),
    ("alexander", lambda s: summarize(s)["army_dom"] == "G"
     and set(choice_ids(s, "G")) == {"free:hoplite", "skip"}),
    ("archimedes", lambda s: summarize(s)["navy_dom"] == "G"),
    ("homeros", lambda s: summarize(s)["homeros"] == 3 and "playh:hoplite" in choice_ids(s, "G")),
    ("pericles", lambda s: side(s, "G")["play"] == ["pericles", "colossus"]),
]  # fmt: skip


@pytest.mark.parametrize("card, check", ON_ENTER, ids=[c for c, _ in ON_ENTER])
def test_imp_a28_great_persons_act_on_entering_play(card, check):
    """IMP-A28, IMP-7.9, IMP-10.13 to IMP-10.17: Aristotle draws 4, Alexander's land attack
    gains Army Dominance and offers a free Army card, Archimedes' naval attack gains Navy
    Dominance, Homeros gives 3 charges, Pericles puts the Colossus into play face up."""
    state = build(
        {
            "active": "G",
            "phase": "action",
            "energy": 12,
            "G": {
                "hand": [card, "colossus", "hoplite"],
                "deck": ["walls", "farm", "port", "trader"],
            },
            "R": {"deck": ["farm"]},
        }
    )
    act(state, "G", f"play:{card}")
    assert energy(state) == 0
    assert check(state)


def test_imp_7_9_an_on_enter_effect_resolves_once():
    """IMP-7.9: Aristotle draws 4 when he enters; at G's next turn only the turn draw adds a
    card (4 + 1 = 5 in hand, one card left in the deck)."""
    state = build(
        {
            "active": "G",
            "phase": "action",
            "energy": 12,
            "G": {
                "hand": ["aristotle"],
                "deck": ["walls", "farm", "port", "trader", "farm", "trireme"],
            },
            "R": {"deck": ["farm"]},
        }
    )
    act(state, "G", "play:aristotle")
    assert len(side(state, "G")["hand"]) == 4
    act(state, "G", "end", dice=[1, 1, 1])
    act(state, "R", "continue")
    act(state, "R", "end", dice=[1, 1, 1])
    g = side(state, "G")
    assert g["hand"] == ["walls", "farm", "port", "trader", "farm"]
    assert g["deck"] == ["trireme"]


def test_imp_7_14_numbered_steps_fix_the_order_of_simultaneous_effects():
    """IMP-7.14, IMP-5.3, IMP-9.3, IMP-9.19: the Praetorian entering play with The Temple of
    Janus face up: its own on-enter return (step 3) resolves before Janus's draw (step 4)."""
    state = build(
        {
            "active": "R",
            "phase": "action",
            "energy": 7,
            "R": {"hand": ["praetorian"], "play": ["temple_of_janus"], "deck": ["walls", "farm"]},
            "G": {"play": ["trireme"]},
        }
    )
    events = act(state, "R", "play:praetorian")
    assert [e.kind for e in events] == ["play", "return", "draw"]
    assert side(state, "G")["hand"] == ["trireme"] and side(state, "G")["play"] == []
    assert side(state, "R")["hand"] == ["walls"]


def test_imp_a14_recover_any_card_of_your_own_discard_pile():
    """IMP-A14, IMP-7.2, IMP-6.9: R's naval pursuit must recover one of its own three discards,
    any of them (not only the top), never G's Hoplite; there is no skip."""
    state = build(
        {
            "active": "R",
            "phase": "action",
            "energy": 5,
            "navy_dom": "R",
            "R": {"play": ["galley"], "discard": ["farm", "legion", "walls"]},
            "G": {"discard": ["hoplite"]},
        }
    )
    act(state, "R", "tap:0")
    assert set(choice_ids(state, "R")) == {"recover:farm", "recover:legion", "recover:walls"}
    act(state, "R", "recover:farm")
    r = side(state, "R")
    assert (r["hand"], r["discard"], r["navy"]) == (["farm"], ["legion", "walls"], 1)
    assert side(state, "G")["discard"] == ["hoplite"]


def test_imp_a14_barracks_recovers_only_a_legion():
    """IMP-A14, IMP-9.9: Barracks draws 2, then recovers the Legion (the only candidate, so no
    prompt); the Farm and Walls stay in the discard pile, under the Barracks itself."""
    state = build(
        {
            "active": "R",
            "phase": "action",
            "energy": 6,
            "R": {
                "hand": ["barracks"],
                "discard": ["farm", "legion", "walls"],
                "deck": ["fort", "galley", "farm"],
            },
        }
    )
    act(state, "R", "play:barracks")
    r = side(state, "R")
    assert r["hand"] == ["fort", "galley", "legion"]
    assert r["discard"] == ["farm", "walls", "barracks"]


def test_imp_a27_the_attacker_picks_the_walls_but_a_fort_goes_first():
    """IMP-A27, IMP-6.4, IMP-9.7: G's Hoplite pursuit (6 with Army Dominance) against two Walls:
    G chooses which (destroy:0 or destroy:2); against Walls and a Fort, the Fort is destroyed
    with no choice, returns to R's hand and R must discard a card."""
    spec = {
        "active": "G",
        "phase": "action",
        "energy": 6,
        "army_dom": "G",
        "G": {"play": ["hoplite"], "army": 1},
    }
    state = build({**spec, "R": {"play": ["walls", "farm", "walls"]}})
    act(state, "G", "tap:0")
    assert set(choice_ids(state, "G")) == {"destroy:0", "destroy:2"}
    act(state, "G", "destroy:2")
    r = side(state, "R")
    assert (r["play"], r["discard"]) == (["walls", "farm"], ["walls"])
    assert side(state, "G")["army"] == 2

    state = build({**spec, "R": {"play": ["walls", "fort"], "hand": ["legion", "farm"]}})
    act(state, "G", "tap:0")
    assert choice_ids(state, "G") == []
    assert set(choice_ids(state, "R")) == {"discard:legion", "discard:farm", "discard:fort"}
    assert side(state, "R")["play"] == ["walls"]
    assert side(state, "R")["hand"] == ["legion", "farm", "fort"]


@pytest.mark.parametrize(
    "play, offered",
    [
        (["farm", "farm", "farm", "granary(T)", "cicero"], True),
        (["farm", "farm", "farm", "granary(T)", "walls"], False),
    ],
)
def test_imp_a31_republic_counts_cards_tapped_or_stolen(play, offered):
    """IMP-A31, IMP-9.12, IMP-7.11: 3 Farms, a tapped Granary and Cicero are 5 dice-increase
    cards, enough for the Republic even though G's Army Dominance steals R's dice; with Walls
    (no dice) instead of Cicero there are 4."""
    state = build(
        {
            "active": "R",
            "phase": "action",
            "energy": 11,
            "army_dom": "G",
            "R": {"hand": ["republic"], "play": play},
        }
    )
    assert ("play:republic" in choice_ids(state, "R")) is offered
    if offered:
        act(state, "R", "play:republic")
        assert winner(state) == "R"


def test_imp_a07_points_are_exact_fractions_of_own_face_up_cards():
    """IMP-A07, IMP-7.13, IMP-8.3: G's five face-up scoring cards make exactly 5/6; the
    face-down Great Lighthouse adds 0 and R's Caesar counts for R only (1/4). Flipping the
    Lighthouse (8) makes 6/6 = 1 and G wins."""
    state = build(
        {
            "active": "G",
            "phase": "action",
            "energy": 8,
            "G": {"play": ["aristotle", "homeros", "pericles", "colossus", "parthenon",
                           "great_lighthouse(FD)"]},
            "R": {"play": ["caesar"]},
        }
    )  # fmt: skip
    assert points(state, "G") == Fraction(5, 6)
    assert points(state, "R") == Fraction(1, 4)
    assert winner(state) is None
    act(state, "G", "flip:5")
    assert points(state, "G") == 1
    assert winner(state) == "G"


WINS = [
    # (spec, choice, reason prefix)
    (
        {"energy": 5, "army_dom": "R", "R": {"play": ["legion"], "army": 4}},
        "tap:0",
        "Army victory",
    ),
    (
        {"energy": 11, "army_dom": "R", "R": {"hand": ["principatus"],
         "play": ["legion", "legion(T)", "catapult", "praetorian"], "army": 1}},
        "play:principatus",
        "Government victory",
    ),
    (
        {"energy": 8, "R": {"play": ["caesar", "cicero", "hadrians_wall", "colosseum(FD)"]}},
        "flip:3",
        "Points victory",
    ),
]  # fmt: skip


@pytest.mark.parametrize("spec, choice, reason", WINS, ids=["army", "government", "points"])
def test_imp_8_1_three_ways_to_win(spec, choice, reason):
    """IMP-8.1, IMP-6.6, IMP-8.4, IMP-8.3: (a) the Legion's pursuit takes R from 4 to 5 army
    counters; (b) Principatus with 4 Army cards (one tapped) and Army Dominance; (c) the fourth
    Roman scoring card face up (4 x 1/4 = 1)."""
    state = build({"active": "R", "phase": "action", **spec})
    assert winner(state) is None
    act(state, "R", choice)
    assert winner(state) == "R"
    assert summarize(state)["reason"].startswith(reason), summarize(state)["reason"]


def test_imp_8_6_if_both_meet_a_condition_the_active_player_wins():
    """IMP-8.6: a position (impossible in play) where G already has 6/6 points; R's flip of its
    fourth scoring card makes R reach 1 point on R's own turn, so R (active) wins."""
    state = build(
        {
            "active": "R",
            "phase": "action",
            "energy": 8,
            "R": {"play": ["caesar", "cicero", "hadrians_wall", "colosseum(FD)"]},
            "G": {
                "play": ["aristotle", "homeros", "pericles", "alexander", "colossus", "parthenon"]
            },
        }
    )
    assert points(state, "G") == 1 and points(state, "R") == Fraction(3, 4)
    act(state, "R", "flip:3")
    assert winner(state) == "R"
    assert_illegal(state, "R", "end")
