"""Player-facing text of the iMperium package: choice labels and details, log lines, the
outcome, the coin toss and the view keys the board needs to explain a position (stolen dice,
Government progress). Exact strings for built positions."""

from __future__ import annotations

import pytest

from engine.games.imperium import RULES
from engine.games.imperium.position import build
from engine.match import Match
from engine.rng import Rng, ScriptedRng
from engine.rules import Config, SeatConfig, resolve_options

SEATS = (SeatConfig("a"), SeatConfig("b"))
DETAILED = {"play", "playh", "tap", "taph", "flip", "free", "wonder", "flipfree"}
"""Choice verbs whose second line says what the card does now."""


def choices(st, seat):
    """{id: (label, detail)} of ``seat``'s prompt, in order."""
    return {c.id: (c.label, c.detail) for c in RULES.prompt(st, seat).choices}


def lines(events, viewer, kind=None):
    return [RULES.describe(e, viewer) for e in events if kind is None or e.kind == kind]


# ---------------------------------------------------------------- choice details


def test_tap_details_say_what_happens_now():
    st = build(
        {
            "active": "R",
            "phase": "action",
            "energy": 20,
            "R": {"play": ["legion", "catapult", "galley"]},
            "G": {"play": ["walls"]},
        }
    )
    ch = choices(st, 0)
    assert ch["tap:0"] == ("Tap Legion: land attack (5)", "Gain Army Dominance")
    assert ch["tap:1"] == (
        "Tap Catapult: land attack ignoring Defenses, then destroy a Defense (6)",
        "Gain Army Dominance, then destroy a Walls",
    )
    assert ch["tap:2"] == ("Tap Galley: naval attack (5)", "Gain Navy Dominance")
    st = build(
        {
            "active": "R",
            "phase": "action",
            "energy": 20,
            "army_dom": "R",
            "navy_dom": "R",
            "R": {"play": ["legion", "catapult", "galley"], "army": 1},
            "G": {"play": ["walls"]},
        }
    )
    ch = choices(st, 0)
    assert ch["tap:0"][1] == "Pursuit: +1 army counter, then destroy a Walls"
    assert ch["tap:1"][1] == "Pursuit: +2 army counters (Defenses ignored), then destroy a Walls"
    assert ch["tap:2"][1] == "Pursuit: recover a card, +1 navy counter"


def test_tap_details_for_greece_name_cost_changes_and_threats():
    st = build(
        {
            "active": "G",
            "phase": "action",
            "energy": 20,
            "army_dom": "G",
            "navy_dom": "R",
            "G": {"play": ["hoplite", "trireme"], "army": 2},
            "R": {"play": ["hadrians_wall", "fort", "walls"], "navy": 1},
        }
    )
    ch = choices(st, 1)
    assert ch["tap:0"] == (
        "Tap Hoplite: land attack (8)",
        "Pursuit: +1 army counter, then destroy their Fort"
        " · cost +1 (you hold Army Dominance), +2 (Hadrian's Wall)",
    )
    assert ch["tap:1"] == (
        "Tap Trireme: naval attack (5)",
        "Take Navy Dominance from the opponent",
    )


def test_play_flip_and_government_details():
    st = build(
        {
            "active": "R",
            "phase": "action",
            "energy": 12,
            "R": {
                "hand": ["legion", "colosseum", "republic", "caravan"],
                "play": ["farm", "farm", "farm", "granary", "cicero", "trajans_column(FD)"],
            },
        }
    )
    ch = choices(st, 0)
    assert ch["play:legion"] == (
        "Play Legion (5)",
        "Enters play; tap it later (5) for a land attack",
    )
    assert ch["play:colosseum"] == (
        "Play The Colosseum face down (5)",
        "Face down; flip later for 8 (reroll energy, one die fewer each time)",
    )
    assert ch["play:republic"] == (
        "Play Republic (11): win",
        "Condition met (5/5 dice-increase cards): playing it wins the game",
    )
    assert ch["play:caravan"][1] == "Draw 2 cards; then Caravan goes to your discard pile"
    assert ch["flip:5"] == (
        "Flip Trajan's Column (8)",
        "Face up: +1 counter when you gain a dominance; 1/4 point",
    )
    # choices whose label says it all keep a one-line entry
    assert ch["sell:legion"] == ("Sell Legion (+1)", "")
    assert ch["end"] == ("End turn", "")


def test_end_turn_comes_before_scuttles_and_sells():
    st = build(
        {
            "active": "G",
            "phase": "action",
            "energy": 8,
            "G": {
                "hand": ["hoplite", "farm", "walls"],
                "play": ["trireme", "parthenon(FD)", "orchard"],
            },
        }
    )
    ids = [c.id for c in RULES.prompt(st, 1).choices]
    assert ids == [
        "play:hoplite",
        "play:farm",
        "play:walls",
        "tap:0",
        "tap:2",
        "flip:1",
        "end",
        "scuttle:0",
        "sell:hoplite",
        "sell:farm",
        "sell:walls",
    ]


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"homeros_mode": "three_turns", "extra_draw_timing": "any_time", "steal_mode": "deny"},
        {"empty_deck": "reshuffle", "hand_limit": 3, "open_hands": "on"},
        {"deck_assignment": "mirror_allowed", "decks": "greek_greek", "turn_cap": 40},
    ],
)
def test_no_rule_ids_in_labels_details_or_log(options):
    """Every play, tap and flip choice has a plain detail; no prompt, choice, log line or outcome
    shows a rule ID."""
    config = Config(SEATS, resolve_options(RULES, options))
    for seed in range(4):
        st = RULES.setup(config, Rng.seeded(seed))
        rng, pick = Rng(st["rng"]), Rng.seeded(seed + 50)
        texts = [RULES.describe(e, v) for e in RULES.setup_events(st) for v in (0, 1, None)]
        while RULES.outcome(st) is None:
            seat = RULES.waiting(st)[0]
            prompt = RULES.prompt(st, seat)
            texts += [prompt.text, prompt.summary]
            for c in prompt.choices:
                assert c.detail or c.id.partition(":")[0] not in DETAILED, c
                texts += [c.label, c.detail]
            choice = prompt.choices[pick.randbelow(len(prompt.choices))].id
            for e in RULES.apply(st, seat, choice, rng):
                texts += [RULES.describe(e, v) for v in (0, 1, None)]
        texts.append(RULES.outcome(st).reason)
        assert not [t for t in texts if "IMP-" in t or "{" in t]


# ---------------------------------------------------------------- log lines


def test_tap_line_states_the_cost_paid_and_the_effect():
    st = build(
        {
            "active": "G",
            "phase": "action",
            "energy": 20,
            "G": {"play": ["hoplite", "hoplite", "hoplite"]},
        }
    )
    ev = RULES.apply(st, 1, "tap:0", ScriptedRng())
    # The gain is said once, by the Dominance line after the tap line (issue 21, doubled line).
    assert lines(ev, 0, "tap") == ["Greece taps Hoplite (5): land attack"]
    assert lines(ev, 0, "dominance") == ["Greece gains Army Dominance"]
    assert lines(ev, 1, "tap") == ["You tap Hoplite (5): land attack"]
    ev = RULES.apply(st, 1, "tap:1", ScriptedRng())
    assert lines(ev, None, "tap") == ["Greece taps Hoplite (6): land attack — pursuit"]
    st = build(
        {
            "active": "G",
            "phase": "action",
            "energy": 20,
            "army_dom": "R",
            "G": {"play": ["hoplite"]},
        }
    )
    ev = RULES.apply(st, 1, "tap:0", ScriptedRng())
    assert lines(ev, 0, "tap") == ["Greece taps Hoplite (5): land attack"]
    assert lines(ev, 0, "dominance") == ["Greece takes Army Dominance from you"]


def test_draw_lines_name_the_source_not_the_card():
    st = build(
        {
            "active": "G",
            "phase": "action",
            "energy": 5,
            "G": {"hand": ["trader"], "deck": ["farm", "walls", "port"]},
        }
    )
    ev = RULES.apply(st, 1, "play:trader", ScriptedRng())
    assert lines(ev, 0, "draw") == ["Greece draws a card (from Trader)"] * 2
    assert lines(ev, 1, "draw") == ["You draw Farm (from Trader)", "You draw Walls (from Trader)"]
    st = build(
        {
            "active": "R",
            "phase": "action",
            "energy": 5,
            "R": {"hand": ["caravan"], "deck": ["barracks", "farm"]},
        }
    )
    ev = RULES.apply(st, 0, "play:caravan", ScriptedRng())
    assert lines(ev, 0, "draw")[0] == "You draw Barracks (from Caravan)"
    assert lines(ev, 1, "draw")[0] == "Rome draws a card (from Caravan)"


def _energy(active, steal_mode="transfer", **seat_specs):
    return build(
        {
            "active": active,
            "phase": "energy",
            "army_dom": "G",
            "options": {"steal_mode": steal_mode},
            **seat_specs,
        }
    )


def test_roll_lines_and_view_say_stolen_dice():
    st = _energy("R", R={"play": ["farm", "farm", "farm"]})
    ev = RULES.advance(st, ScriptedRng([6, 5, 1]))
    assert lines(ev, 0, "roll") == [
        "You roll 3 dice (3 stolen by Greece's Army Dominance): 6 5 1 — energy 11"
    ]
    assert lines(ev, 1, "roll") == [
        "Rome rolls 3 dice (3 stolen by your Army Dominance): 6 5 1 — energy 11"
    ]
    v = RULES.view(st, 1)
    assert [s["stolen"] for s in v["seats"]] == [3, 0]
    assert v["stolen_in"] == 0

    st = _energy(
        "G", R={"play": ["farm", "farm", "farm", "walls"]}, G={"play": ["farm"], "hand": ["farm"]}
    )
    ev = RULES.advance(st, ScriptedRng([6, 4, 4, 3, 2, 1]))  # 3 + 1 Farm + 2 stolen
    assert lines(ev, None, "roll") == ["Greece rolls 6 dice (+2 stolen): 6 4 4 3 2 1 — energy 10"]
    assert lines(ev, 1, "roll") == ["You roll 6 dice (+2 stolen): 6 4 4 3 2 1 — energy 10"]
    v = RULES.view(st, 0)
    assert [s["stolen"] for s in v["seats"]] == [2, 0]
    assert v["stolen_in"] == 2
    RULES.apply(st, 1, "continue", ScriptedRng())
    RULES.apply(st, 1, "play:farm", ScriptedRng())
    assert RULES.view(st, 0)["stolen_in"] is None  # an action may have changed the position

    st = _energy("G", "deny", R={"play": ["farm", "farm"]})
    ev = RULES.advance(st, ScriptedRng([5, 2, 1]))
    assert lines(ev, 1, "roll") == ["You roll 3 dice: 5 2 1 — energy 7"]
    assert RULES.view(st, 1)["stolen_in"] == 0


# ---------------------------------------------------------------- outcome


def test_army_victory_outcome_names_the_winner_and_scores_in_units():
    st = build(
        {
            "active": "R",
            "phase": "action",
            "energy": 5,
            "army_dom": "R",
            "R": {"play": ["legion", "caesar"], "army": 3},
            "G": {"play": ["aristotle", "homeros"]},
        }
    )
    ev = RULES.apply(st, 0, "tap:0", ScriptedRng())
    out = RULES.outcome(st)
    assert out.winners == (0,)
    assert out.reason == "Rome wins: Army victory — 5 army counters"
    assert out.scores == ("1/4 points", "2/6 points")  # 1/4 and 1/3 point
    assert RULES.view(st, None)["outcome"]["scores"] == ["1/4 points", "2/6 points"]
    assert lines(ev, 0, "win") == ["You win: Army victory — 5 army counters"]
    assert lines(ev, 1, "win") == ["Rome wins: Army victory — 5 army counters"]


def test_government_and_points_outcomes():
    st = build(
        {
            "active": "G",
            "phase": "action",
            "energy": 11,
            "navy_dom": "G",
            "G": {
                "hand": ["oligarchy"],
                "play": ["aristotle", "homeros", "pericles"],
            },
        }
    )
    ev = RULES.apply(st, 1, "play:oligarchy", ScriptedRng())
    assert RULES.outcome(st).reason == "Greece wins: Government victory — Oligarchy"
    assert RULES.outcome(st).scores == ("0/4 points", "3/6 points")
    assert lines(ev, 1, "win") == ["You win: Government victory — Oligarchy"]
    st = build(
        {
            "active": "G",
            "phase": "action",
            "energy": 8,
            "G": {
                "play": ["aristotle", "homeros", "pericles", "archimedes", "alexander"]
                + ["colossus(FD)"],
            },
        }
    )
    ev = RULES.apply(st, 1, "flip:5", ScriptedRng())
    assert RULES.outcome(st).reason == "Greece wins: Points victory — 6/6 points"
    assert RULES.outcome(st).scores == ("0/4 points", "6/6 points")
    assert lines(ev, 0, "win") == ["Greece wins: Points victory — 6/6 points"]


def test_turn_cap_draw_reason():
    st = build({"active": "R", "phase": "action", "turn": 3, "options": {"turn_cap": 4}})
    ev = RULES.apply(st, 0, "end", ScriptedRng())
    assert RULES.outcome(st).reason == "Draw: turn cap reached (4 turns)"
    assert lines(ev, None, "draw_game") == ["Draw: turn cap reached (4 turns)"]


# ---------------------------------------------------------------- coin toss


def test_coin_toss_is_logged_at_setup():
    st = build({"active": "R", "first": "R", "phase": "start"})
    (toss,) = RULES.setup_events(st)
    assert RULES.describe(toss, None) == "Coin toss: Rome goes first (draws 6; Greece draws 7)"
    assert RULES.describe(toss, 0) == "Coin toss: you go first (you draw 6; Greece draws 7)"
    assert RULES.describe(toss, 1) == "Coin toss: Rome goes first (draws 6; you draw 7)"
    config = Config(SEATS, resolve_options(RULES, {"decks": "greek_roman"}))
    for seed in range(4):
        m = Match(RULES, config, seed)
        first = m.state["first"]
        assert len(m.state["hand"][first]) == 6
        civ = ("Greece", "Rome")[first]
        other = ("Greece", "Rome")[1 - first]
        assert m.describe(m.log[0], None) == (
            f"Coin toss: {civ} goes first (draws 6; {other} draws 7)"
        )


# ---------------------------------------------------------------- Government progress


def test_government_progress_only_in_the_own_view():
    st = build(
        {
            "active": "R",
            "phase": "action",
            "energy": 3,
            "army_dom": "R",
            "R": {
                "hand": ["republic", "principatus", "legion"],
                "play": ["farm", "farm", "granary", "legion", "catapult"],
            },
        }
    )
    own = RULES.view(st, 0)["seats"][0]["governments"]
    assert own == [
        {"card": "republic", "progress": "3/5 dice-increase cards", "met": False},
        {"card": "principatus", "progress": "2/4 Army cards, Army Dominance", "met": False},
    ]
    assert RULES.view(st, 1)["seats"][0]["governments"] == []
    assert RULES.view(st, None)["seats"][0]["governments"] == []
    st = build(
        {
            "active": "G",
            "phase": "action",
            "energy": 3,
            "G": {"hand": ["democracy"], "play": ["trireme"] * 4},
        }
    )
    assert RULES.view(st, 1)["seats"][1]["governments"] == [
        {"card": "democracy", "progress": "4/4 Navy cards, no Navy Dominance", "met": False}
    ]
