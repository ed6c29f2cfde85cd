"""Flow helper: log lines (IS-16.5 hiding, game terms, no rule IDs) and the describe registry."""

from __future__ import annotations

import re

from engine.games.imperial_struggle import RULES, text
from engine.games.imperial_struggle.position import build_with_events
from engine.rng import Rng
from engine.rules import Config, Event, SeatConfig

RULE_ID = re.compile(r"\bIS-[A-Z0-9]|\bIS-\d")


def test_draw_is_hidden_from_opponent_and_spectator():
    """IS-16.5: "France drew 1 Event card" for Britain and spectators; the card for France."""
    e = Event("draw", 0, {"side": 0, "card": 8, "_ss": [0, 1]})
    assert RULES.describe(e, 0) == "You drew Tax Reform"
    assert RULES.describe(e, 1) == "France drew 1 Event card"
    assert RULES.describe(e, None) == "France drew 1 Event card"


def test_draw_hiding_follows_swapped_seats():
    """Seats vs sides: with side_seat [1, 0] France is seat 1, so seat 1 sees its card."""
    e = Event("draw", 1, {"side": 0, "card": 8, "_ss": [1, 0]})
    assert RULES.describe(e, 1) == "You drew Tax Reform"
    assert "Tax Reform" not in RULES.describe(e, 0)


def test_ministry_choice_hidden_discards_public():
    """IS-16.5 / IS-16.4: chosen Ministry cards are hidden from the opponent; discards are public."""
    m = Event(
        "ministry", 1, {"side": 1, "n": 2, "cards": ["M-5", "M-7"], "first": True, "_ss": [0, 1]}
    )
    assert "Walpole" in RULES.describe(m, 1) or "East India Company" in RULES.describe(m, 1)
    assert RULES.describe(m, 0) == "Britain chose 2 Ministry cards"
    d = Event("discard", 0, {"side": 0, "cards": [8], "_ss": [0, 1]})
    assert RULES.describe(d, 1) == "France discarded Tax Reform"


def test_scoring_lines_in_game_terms():
    """Scoring log lines name Regions, tiles, counts and winners in words."""
    rules, st, ev = build_with_events(
        {
            "turn": "T2",
            "at": "scoring",
            "awards": {"europe": 0},
            "demand": ["furs", "sugar", "cotton"],
        }
    )
    lines = [RULES.describe(Event(e.kind, e.seat, {**e.args, "_ss": [0, 1]}), None) for e in ev]
    assert any(
        s.startswith("Europe Award (3 VP (needs a lead of 2)): France 4, Britain 3") for s in lines
    )
    assert any(s.startswith("Prestige: France") for s in lines)
    assert any(s.startswith("Furs demand: France") for s in lines)


def test_registry_and_generic_fallback():
    """text.register adds a kind; an unknown kind still gets a plain line."""
    text.register("t_probe", lambda e, v: f"probe {text.who(e, v)}")
    assert RULES.describe(Event("t_probe", 0, {"side": 0}), 0) == "probe You"
    assert RULES.describe(Event("t_probe", 0, {"side": 0}), 1) == "probe France"
    assert RULES.describe(Event("mystery_kind", None, {}), None) == "mystery kind"


def test_no_rule_ids_in_player_facing_text_of_random_games():
    """Project style: log lines, prompt texts, labels and details never show rule IDs."""
    for seed in (2, 3):
        st = RULES.setup(Config((SeatConfig("A"), SeatConfig("B")), {}), Rng.seeded(seed))
        pick = Rng.seeded(seed + 50)
        for e in RULES.setup_events(st):
            assert not RULE_ID.search(RULES.describe(e, 0))
        steps = 0
        while not st["over"] and steps < 1500:
            seat = RULES.waiting(st)[pick.randbelow(len(RULES.waiting(st)))]
            p = RULES.prompt(st, seat)
            for s in (
                p.text,
                p.summary,
                *(c.label for c in p.choices),
                *(c.detail for c in p.choices),
            ):
                assert not RULE_ID.search(s), s
            for e in RULES.apply(
                st, seat, p.choices[pick.randbelow(len(p.choices))].id, Rng(st["rng"])
            ):
                for viewer in (0, 1, None):
                    line = RULES.describe(e, viewer)
                    assert line and not RULE_ID.search(line), line
            steps += 1
        if st["over"]:
            assert not RULE_ID.search(RULES.outcome(st).reason)


def test_is_4_1_2_debt_limit_line_names_both_sides():
    """IS-4.1.2: both Debt Limits rise by 4; the line gives each side's new limit (they can
    differ after Interest Payments or the Bank of England)."""
    from engine.games.imperial_struggle import text as T
    from engine.rules import Event

    line = T.describe(Event("debt_limit", None, {"limits": [9, 12]}), None)
    assert line == "Debt Limits rise by 4: France 9, Britain 12"
