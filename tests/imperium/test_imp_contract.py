"""Contract checks of the iMperium package: options, setup, hidden information, determinize,
log lines, outcome. (Rules scenarios live in tests/imperium.)"""

from __future__ import annotations

import pytest

from engine.games.imperium import BOTS, RULES
from engine.games.imperium.cards import expanded
from engine.games.imperium.position import build, summarize
from engine.rng import Rng, ScriptedRng
from engine.rules import Config, IllegalAction, SeatConfig, resolve_options

SEATS = (SeatConfig("a"), SeatConfig("b"))


def new(seed=0, **opts):
    return RULES.setup(Config(SEATS, resolve_options(RULES, opts)), Rng.seeded(seed))


def test_options_table():
    """Section 12: keys, values and defaults of IMP-V1..V10, plus the deck choice (IMP-2.1)."""
    by = {o.key: o for o in RULES.options}
    expect = {
        "steal_mode": ("transfer", ("transfer", "deny"), "IMP-V1"),
        "army_win_timing": ("immediate", ("immediate", "start_of_turn"), "IMP-V2"),
        "homeros_mode": ("charges_this_turn", ("charges_this_turn", "three_turns"), "IMP-V3"),
        "extra_draw_timing": ("before_actions", ("before_actions", "any_time"), "IMP-V4"),
        "empty_deck": ("skip", ("skip", "reshuffle", "lose"), "IMP-V5"),
        "open_hands": ("off", ("off", "on"), "IMP-V7"),
        "deck_assignment": ("distinct", ("distinct", "mirror_allowed"), "IMP-V8"),
        "enter_tap": ("allowed", ("allowed", "summoning_sickness"), "IMP-V10"),
    }
    for key, (default, values, rule) in expect.items():
        assert by[key].default == default and by[key].values == values and by[key].rule == rule
        assert by[key].help
    assert by["hand_limit"].kind == "int" and by["hand_limit"].default == "none"
    assert by["hand_limit"].values == ("none",) and by["hand_limit"].rule == "IMP-V6"
    assert by["hand_limit"].parse("4") == 4 and by["hand_limit"].parse("none") == "none"
    assert by["turn_cap"].kind == "int" and by["turn_cap"].default == 200
    assert by["turn_cap"].rule == "IMP-V9"
    assert by["decks"].values[0] == "random"
    assert BOTS == {} or isinstance(BOTS, dict)


def test_mirror_decks_need_the_variant():
    with pytest.raises(ValueError):
        new(decks="roman_roman")
    st = new(decks="greek_greek", deck_assignment="mirror_allowed")
    assert st["decks"] == ["greek", "greek"]
    assert new(decks="greek_roman")["decks"] == ["greek", "roman"]


@pytest.mark.parametrize("seed", range(6))
def test_setup_stops_at_secret_opening(seed):
    st = new(seed)
    first = st["first"]
    assert len(st["hand"][first]) == 6 and len(st["hand"][1 - first]) == 7
    assert RULES.waiting(st) == (0, 1)
    for s in (0, 1):
        p = RULES.prompt(st, s)
        assert p.secret and all(c.id.startswith("pick:") for c in p.choices)
        assert len(st["deck"][s]) + len(st["hand"][s]) == len(expanded(st["decks"][s]))


def test_opening_picks_are_invisible_until_both_commit():
    st = new(3)
    other_before = RULES.view(st, 1)
    p = RULES.prompt(st, 0)
    RULES.apply(st, 0, p.choices[0].id, Rng.seeded(1))
    RULES.apply(st, 0, RULES.prompt(st, 0).choices[0].id, Rng.seeded(1))
    assert RULES.view(st, 1) == other_before  # picks of seat 0 change nothing seat 1 sees
    assert len(RULES.view(st, 0)["seats"][0]["picks"]) == 2
    RULES.apply(st, 0, "confirm", Rng.seeded(1))
    v1 = RULES.view(st, 1)
    assert v1["seats"][0]["opening_done"] and v1["seats"][0]["picks"] is None
    assert v1["seats"][0]["discard"] == []  # not revealed yet
    assert RULES.waiting(st) == (1,)
    with pytest.raises(IllegalAction):
        RULES.apply(st, 0, "unpick", Rng.seeded(1))
    for _ in range(2):
        RULES.apply(st, 1, RULES.prompt(st, 1).choices[0].id, Rng.seeded(1))
    RULES.apply(st, 1, "confirm", Rng(st["rng"]))
    v = RULES.view(st, 1)
    assert len(v["seats"][0]["discard"]) == 2 and len(v["seats"][1]["discard"]) == 2
    assert st["phase"] != "opening"


def test_determinize_keeps_what_the_seat_knows():
    st = build(
        {
            "active": "R",
            "phase": "action",
            "energy": 3,
            "R": {"hand": ["legion", "farm"], "play": ["colosseum(FD)"], "known_top": 0},
            "G": {
                "hand": ["hoplite", "farm", "trireme"],
                "known_hand": ["trireme"],
                "play": ["parthenon(FD)", "colossus(FD)", "farm"],
                "deck": ["port", "walls", "farm", "trader"],
                "known_top": 1,
            },
        }
    )
    for k in range(30):
        d = RULES.determinize(st, 0, Rng.seeded(k))
        g = summarize(d)["G"]
        assert "trireme" in g["hand"] and len(g["hand"]) == 3
        assert g["deck"][0] == "port" and len(g["deck"]) == 4
        fd = [c for c in g["play"] if c.endswith("(FD)")]
        assert len(fd) == 2 and all(
            c[:-4] in ("parthenon", "colossus", "great_lighthouse") for c in fd
        )
        assert summarize(d)["R"]["hand"] == ["legion", "farm"]
        assert summarize(d)["R"]["play"] == ["colosseum(FD)"]
        assert RULES.view(d, 0) == RULES.view(st, 0)
        assert d["rng"] != st["rng"]


def test_describe_hides_draws_and_face_down_wonders():
    st = build(
        {
            "active": "R",
            "phase": "action",
            "energy": 12,
            "R": {"hand": ["trajans_column", "caravan"], "deck": ["farm", "walls"]},
        }
    )
    ev = RULES.apply(st, 0, "play:trajans_column", ScriptedRng())
    play = [e for e in ev if e.kind == "play"][0]
    assert "Trajan" in RULES.describe(play, 0)
    assert "Trajan" not in RULES.describe(play, 1) and "Wonder" in RULES.describe(play, 1)
    assert "Trajan" not in RULES.describe(play, None)
    ev = RULES.apply(st, 0, "play:caravan", ScriptedRng())
    draws = [e for e in ev if e.kind == "draw"]
    assert RULES.describe(draws[0], 0) == "You draw Farm (from Caravan)"
    assert RULES.describe(draws[0], 1) == "Rome draws a card (from Caravan)"
    for e in ev:
        assert RULES.describe(e, 0) and RULES.describe(e, 1) and RULES.describe(e, None)


def test_views_hide_hands_and_face_down_wonders():
    st = build(
        {
            "active": "G",
            "phase": "action",
            "energy": 0,
            "R": {"hand": ["legion"], "play": ["colosseum(FD)", "legion(T)"]},
            "G": {"hand": ["hoplite"]},
        }
    )
    v = RULES.view(st, 1)
    assert v["seats"][0]["hand"] is None and v["seats"][0]["hand_count"] == 1
    assert v["seats"][0]["play"][0] == {"i": 0, "card": None, "tapped": False, "face_down": True}
    assert v["seats"][0]["play"][1]["tapped"]
    assert RULES.view(st, 0)["seats"][0]["play"][0]["card"] == "colosseum"
    # End turn comes before the sells (a long list keeps it in sight)
    assert [c["id"] for c in v["prompt"]["choices"]] == ["end", "sell:hoplite"]
    assert RULES.view(st, 0)["prompt"] is None
    st["winner"], st["reason"], st["phase"] = 1, "test", "over"
    full = RULES.view(st, None)
    assert full["seats"][0]["hand"] == ["legion"] and full["seats"][0]["play"][0]["card"]


def test_illegal_choice_and_wrong_seat_leave_state_untouched():
    st = build({"active": "R", "phase": "action", "energy": 4, "R": {"hand": ["legion"]}})
    before = RULES.clone(st)
    for seat, choice in ((0, "play:legion"), (1, "end"), (0, "tap:0"), (0, "")):
        with pytest.raises(IllegalAction):
            RULES.apply(st, seat, choice, ScriptedRng())
    assert st == before


def test_outcome_points_and_reason():
    st = build(
        {
            "active": "R",
            "phase": "action",
            "energy": 8,
            "R": {"play": ["caesar", "cicero", "trajans_column", "colosseum(FD)"]},
        }
    )
    assert RULES.outcome(st) is None
    RULES.apply(st, 0, "flip:3", ScriptedRng())
    out = RULES.outcome(st)
    # Rome 1 point (4 quarters), Greece 0 (sixths)
    assert out.winners == (0,) and out.scores == ("4/4 points", "0/6 points")
    assert out.reason == "Rome wins: Points victory — 4/4 points"
    assert RULES.waiting(st) == () and RULES.prompt(st, 0) is None


def test_fort_discard_prompts_the_non_active_seat():
    st = build(
        {
            "active": "G",
            "phase": "action",
            "energy": 6,
            "army_dom": "G",
            "G": {"play": ["hoplite"], "army": 1},
            "R": {"play": ["fort", "walls"], "hand": ["galley", "farm"]},
        }
    )
    RULES.apply(st, 1, "tap:0", ScriptedRng())
    assert RULES.waiting(st) == (0,)
    p = RULES.prompt(st, 0)
    assert {c.id for c in p.choices} == {"discard:galley", "discard:farm", "discard:fort"}
    assert RULES.prompt(st, 1) is None
    # the Fort's return to hand is public: the Greek seat sees it as a known hand card
    assert RULES.view(st, 1)["seats"][0]["known_hand"] == ["fort"]
    RULES.apply(st, 0, "discard:farm", ScriptedRng())
    assert summarize(st)["R"]["hand"] == ["galley", "fort"]
    assert RULES.waiting(st) == (1,)


def test_turn_cap_is_a_draw():
    st = new(5, turn_cap=4)
    rng = Rng(st["rng"])
    while RULES.outcome(st) is None:
        s = RULES.waiting(st)[0]
        ids = [c.id for c in RULES.prompt(st, s).choices]
        pick = next((c for c in ("confirm", "continue", "end", "stop", "keep") if c in ids), ids[0])
        RULES.apply(st, s, pick, rng)
    assert RULES.outcome(st).winners == () and st["turn"] == 4
