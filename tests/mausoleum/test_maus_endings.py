"""Winning and every other ending (MAU-9, 10), the end-of-turn order (MAU-3.8) and what each
seat may see (MAU-11), plus a check that player-facing text never shows rule IDs.
"""

from __future__ import annotations

import random

import pytest
from mausoleum_helpers import RULES, build, buy, draw, pass_turn, play, summarize, view

from engine.rng import Rng
from engine.rules import Config, SeatConfig, resolve_options

# -------------------------------------------------------------- winning (MAU-9)


@pytest.mark.parametrize("p1_value, winner", [(["Crypt#43"], 2), (["Crypt#43", "Angel#39"], 1)])
def test_maus_9_6_a14_several_qualify_active_first_then_clockwise(p1_value, winner):
    """MAU-9.6, MAU-A14, MAU-9.2: P1's H-Bomb kills the Gardeners that held P0 and P2 below 10; both
    qualify and the first clockwise from P1 (P2) wins, unless P1 qualifies too."""
    state = build(
        {
            "active": 1,
            "P1": {"hand": ["HBomb#27", "Croquet#19", "Maze#21"], "mausoleum": p1_value},
            "P0": {"party": ["Gardener#8"], "mausoleum": ["Chapel#45", "Simple#37"]},
            "P2": {"party": ["Gardener#17"], "mausoleum": ["Obelisk#41", "Statue#42"]},
            "deck": ["Punch#23"],
        }
    )
    assert [summarize(state)[f"P{i}"]["counted"] for i in (0, 2)] == [8, 8]
    draw(state, 1, "deck")
    play(state, 1, "HBomb#27")
    s = summarize(state)
    assert [s[f"P{i}"]["counted"] for i in (0, 2)] == [10, 10]
    assert s["winners"] == [winner]
    assert s["end"] == "threshold"
    assert RULES.outcome(state).winners == (winner,)


def test_maus_9_7_values_are_checked_only_at_the_end_of_a_turn():
    """MAU-9.5, MAU-9.7: a position already at 10 is not a win mid-turn; the end of the next turn
    (anyone's) ends the game, and the qualifying player wins though not active."""
    state = build({"P2": {"mausoleum": ["Chapel#45", "Simple#37"]}})
    draw(state, 0, "deck")
    assert RULES.outcome(state) is None and state["winners"] == []
    drawn = view(state, 0)["seats"][0]["drawn"]
    play(state, 0, drawn, "discard")
    assert summarize(state)["winners"] == [2]
    assert RULES.outcome(state).winners == (2,)
    assert RULES.waiting(state) == ()


def test_maus_9_2_counted_value_floors_at_zero_and_ignores_other_zones():
    """MAU-9.2: -2 per Gardener in your own party, floor 0; Gardeners elsewhere do not count."""
    state = build({"P0": {"party": ["Gardener#8", "Gardener#17"], "mausoleum": ["Simple#37"]}})
    s = summarize(state)
    assert (s["P0"]["printed"], s["P0"]["counted"]) == (3, 0)
    assert view(state, None)["seats"][0]["gardeners"] == 2
    other = build(
        {
            "P0": {"hand": ["Gardener#8", "Aunt#1", "Brat#6"], "mausoleum": ["Simple#37"]},
            "P1": {"party": ["Gardener#17"], "mausoleum": ["Crypt#43"]},
            "P2": {"morgue": ["Gardener#108"], "mausoleum": ["Angel#39"]},
            "seats": 6,
        }
    )
    s = summarize(other)
    assert [s[f"P{i}"]["counted"] for i in range(3)] == [3, 4, 4]


# ----------------------------------------------------- other endings (MAU-10)

# 4 players, threshold 12 (MAU-V1) so that all 43 of grave value can be bought without a
# threshold winner: P0 buys the last grave, Angel#39, and ends with 11 like P1 and P2.
SHOP_END = {
    "seats": 4,
    "options": {"win_threshold": 12},
    "shop": ["Angel#39"],
    "P0": {"morgue": ["Aunt#1", "Brat#6"], "mausoleum": ["Chapel#45"]},
    "P1": {"morgue": ["Husband#4", "Wife#13"], "mausoleum": ["Crypt#43", "Obelisk#41"]},
    "P2": {"morgue": ["Uncle#5"], "mausoleum": ["Sarcophagus#44", "Statue#42"]},
    "P3": {"mausoleum": ["Cross#40", "Simple#37", "Carved#38"]},
}


def test_maus_10_5_a30_shop_exhausted_tie_goes_to_the_morgue_printed_value():
    """MAU-10.4, MAU-10.5, MAU-A13, MAU-A30: P0, P1 and P2 tie at 11; P2's morgue (5) beats P1's
    couple, counted at printed 4 (not 8), and P0's Brat (1)."""
    state = build(SHOP_END)
    buy(state, 0, "Angel#39", ["Aunt#1"])
    s = summarize(state)
    assert [s[f"P{i}"]["counted"] for i in range(4)] == [11, 11, 11, 10]
    assert [view(state, None)["seats"][i]["morgue_value"] for i in range(4)] == [1, 4, 5, 0]
    assert (s["end"], s["winners"]) == ("shop", [2])
    assert RULES.outcome(state).winners == (2,)


def test_maus_10_5_full_tie_is_a_shared_win():
    """MAU-10.5: tied on counted value and on morgue value -> those players share the win."""
    state = build(
        {**SHOP_END, "P2": {"morgue": ["Aunt#10"], "mausoleum": ["Sarcophagus#44", "Statue#42"]}}
    )
    buy(state, 0, "Angel#39", ["Aunt#1"])
    assert summarize(state)["winners"] == [1, 2]
    outcome = RULES.outcome(state)
    assert outcome.winners == (1, 2)
    assert outcome.scores == ("$11m", "$11m", "$11m", "$10m")


def test_maus_10_6_a31_turn_cap_ends_and_ranks_the_game():
    """MAU-10.6, MAU-V5, MAU-A31: the game ends at the end of the turn that reaches the cap, ranked
    as MAU-10.5; one turn earlier it goes on."""
    spec = {
        "options": {"turn_cap": 5},
        "turns": 3,
        "P1": {"mausoleum": ["Crypt#43"]},
        "P2": {"mausoleum": ["Chapel#45"]},
    }
    state = build(spec)
    pass_turn(state, 0)  # 4 turns played
    assert RULES.outcome(state) is None
    pass_turn(state, 1)  # 5
    s = summarize(state)
    assert (s["end"], s["winners"]) == ("cap", [2])
    assert RULES.outcome(state).winners == (2,)

    default = build({"turns": 499, "P1": {"mausoleum": ["Crypt#43"]}})
    pass_turn(default, 0)
    assert summarize(default)["end"] == "cap"
    assert summarize(default)["winners"] == [1]


def test_maus_3_8_shop_check_comes_before_the_turn_cap():
    """MAU-3.8 (2) before (3): emptying the shop on the capped turn ends it as a shop end."""
    state = build({**SHOP_END, "options": {"win_threshold": 12, "turn_cap": 1}})
    buy(state, 0, "Angel#39", ["Aunt#1"])
    assert summarize(state)["end"] == "shop"


def test_maus_3_8_a_win_ends_the_game_before_the_reshuffle():
    """MAU-3.8 (1) before (4), MAU-10.1: P0 draws the last deck card and wins that turn; the deck
    stays empty and the discard pile is not reshuffled."""
    state = build(
        {
            "P0": {
                "hand": ["Croquet#28", "Brat#15", "Sheep#12"],
                "party": ["Aunt#1", "Gardener#17"],
                "mausoleum": ["Sarcophagus#44", "Cross#40"],
            },
            "discard": ["Maze#21"],
            "deck": ["Punch#32"],
            "deck_exact": True,
        }
    )
    draw(state, 0, "deck")
    play(state, 0, "Croquet#28", "kill:17")
    s = summarize(state)
    assert s["winners"] == [0]
    assert s["deck_count"] == 0
    assert s["discard"] == ["Maze#21", "Croquet#28"]


def test_maus_10_3_a_deck_emptied_mid_turn_stays_empty_until_the_end():
    """MAU-10.3, MAU-10.1: after drawing the last card the deck is empty during the play step; the
    reshuffle comes only at the end of the turn."""
    state = build(
        {
            "P0": {"hand": ["Aunt#1", "Brat#6", "Maze#21"]},
            "deck": ["Punch#23"],
            "deck_exact": True,
            "discard": ["Croquet#19"],
        }
    )
    draw(state, 0, "deck")
    assert view(state, None)["deck_count"] == 0
    assert summarize(state)["discard"] == ["Croquet#19"]
    play(state, 0, "Brat#6", "discard")
    s = summarize(state)
    assert (s["deck_count"], s["discard"]) == (2, [])
    assert sorted(state["deck"]) == [6, 19]


# ------------------------------------------------------------ visibility (MAU-11)


def test_maus_11_hands_private_table_public():
    """MAU-11.1, MAU-11.2, MAU-11.3: only the holder sees a hand (a discard pickup is known to all);
    hand sizes, deck size, the whole discard pile in order, parties, Doozies and morgues are public;
    the deck's order is not in any view; a deck draw is hidden in others' log."""
    state = build(
        {
            "P0": {"hand": ["Aunt#1", "Brat#6", "Maze#21"], "party": ["Uncle#5+Doozy#47"]},
            "P1": {"morgue": ["Sheep#3"]},
            "discard": ["Croquet#19", "Auto#20", "Grandpa#9"],
        }
    )
    v1 = view(state, 1)
    assert v1["seats"][0]["hand"] is None and v1["seats"][0]["hand_count"] == 3
    assert sorted(view(state, 0)["seats"][0]["hand"]) == [1, 6, 21]
    assert v1["discard"] == [19, 20, 9] and v1["discard_top"] == 9
    assert v1["seats"][0]["party"][0]["doozy"] == 47
    assert [m["card"] for m in v1["seats"][1]["morgue"]] == [3]
    assert "deck" not in v1
    assert view(state, None)["seats"][0]["hand"] is None
    events = draw(state, 0, "deck")
    drawn = view(state, 0)["seats"][0]["drawn"]
    assert view(state, 1)["seats"][0]["drawn"] is None
    line_p0 = " ".join(RULES.describe(e, 0) for e in events)
    line_p1 = " ".join(RULES.describe(e, 1) for e in events)
    from engine.games.mausoleum.cards import CARDS

    assert CARDS[drawn].name in line_p0
    assert CARDS[drawn].name not in line_p1
    # A determinization for P1 keeps everything P1 sees.
    det = RULES.determinize(state, 1, Rng.seeded(4))
    assert view(det, 1) == view(state, 1)


def test_maus_player_text_never_shows_rule_ids():
    """Working agreement: labels, details, prompt texts, log lines and outcome reasons use plain
    words. Random legal play of a few seeded 3- and 5-player games."""
    for n, seed in ((3, 1), (5, 2), (2, 3)):
        seats = tuple(SeatConfig(f"P{i}") for i in range(n))
        state = RULES.setup(Config(seats, resolve_options(RULES, {})), Rng.seeded(seed))
        pick = random.Random(seed)
        for _ in range(2000):
            if RULES.outcome(state):
                break
            (seat,) = RULES.waiting(state)
            prompt = RULES.prompt(state, seat)
            texts = [prompt.text, prompt.summary]
            texts += [c.label + " " + c.detail for c in prompt.choices]
            assert not any("MAU-" in t for t in texts), texts
            events = RULES.apply(state, seat, pick.choice(prompt.choices).id, Rng.seeded(seed))
            for e in events:
                for viewer in (None, *range(n)):
                    assert "MAU-" not in RULES.describe(e, viewer)
        outcome = RULES.outcome(state)
        assert outcome is not None, "a random game did not end within 2000 decisions"
        assert "MAU-" not in outcome.reason
