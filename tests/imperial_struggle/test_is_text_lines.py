"""Flow helper: log lines (IS-16.5 hiding, game terms, no rule IDs) and the describe registry."""

from __future__ import annotations

import re

from engine.games.imperial_struggle import RULES, text
from engine.games.imperial_struggle import board as B
from engine.games.imperial_struggle.position import build_with_events
from engine.rng import Rng
from engine.rules import Config, Event, SeatConfig

RULE_ID = re.compile(r"\bIS-[A-Z0-9]|\bIS-\d")


def test_draw_is_hidden_from_opponent_and_spectator():
    """IS-16.5: "France draws an Event card" for Britain and spectators; the card for France
    (present tense, like every other line)."""
    e = Event("draw", 0, {"side": 0, "card": 8, "_ss": [0, 1]})
    assert RULES.describe(e, 0) == "You draw Tax Reform"
    assert RULES.describe(e, 1) == "France draws an Event card"
    assert RULES.describe(e, None) == "France draws an Event card"


def test_draw_hiding_follows_swapped_seats():
    """Seats vs sides: with side_seat [1, 0] France is seat 1, so seat 1 sees its card."""
    e = Event("draw", 1, {"side": 0, "card": 8, "_ss": [1, 0]})
    assert RULES.describe(e, 1) == "You draw Tax Reform"
    assert "Tax Reform" not in RULES.describe(e, 0)


def test_ministry_choice_hidden_discards_public():
    """IS-16.5 / IS-16.4: chosen Ministry cards are hidden from the opponent; discards are public."""
    m = Event(
        "ministry", 1, {"side": 1, "n": 2, "cards": ["M-5", "M-7"], "first": True, "_ss": [0, 1]}
    )
    assert "Walpole" in RULES.describe(m, 1) or "East India Company" in RULES.describe(m, 1)
    assert RULES.describe(m, 0) == "Britain chooses 2 Ministry cards"
    d = Event("discard", 0, {"side": 0, "cards": [8], "_ss": [0, 1]})
    assert RULES.describe(d, 1) == "France discards Tax Reform"


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
        s.startswith("Europe Award (3 VP, needs a lead of 2): France 4, Britain 3") for s in lines
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


def _ev(kind: str, side: int | None, **args: object) -> Event:
    return Event(kind, side, {"side": side, **args, "_ss": [0, 1]})


def _all(e: Event) -> tuple[str, str, str]:
    """The line for France (seat 0), Britain (seat 1) and a spectator."""
    return RULES.describe(e, 0), RULES.describe(e, 1), RULES.describe(e, None)


def test_vp_debt_trp_lines_give_their_reason():
    """IS-7.4 / IS-7.5 / IS-EV15: VP, Debt, Treaty Point and Debt Limit lines say why."""
    vp = _ev("vp", 1, n=1, vp=21, why="east_india_company")
    assert _all(vp) == (
        "Britain scores 1 VP for the East India Company (VP now 21)",
        "You score 1 VP for the East India Company (VP now 21)",
        "Britain scores 1 VP for the East India Company (VP now 21)",
    )
    debt = _ev("debt", 1, n=1, total=1, why="demand:tobacco")
    assert _all(debt)[0] == "Britain takes 1 Debt for Tobacco demand (Debt now 1)"
    assert _all(debt)[1] == "You take 1 Debt for Tobacco demand (Debt now 1)"
    limit = _ev("limit", 0, n=-1, total=5, why="event:15")
    assert _all(limit) == (
        "Your Debt Limit drops by 1 for Interest Payments (now 5)",
        "France's Debt Limit drops by 1 for Interest Payments (now 5)",
        "France's Debt Limit drops by 1 for Interest Payments (now 5)",
    )
    award = _ev("trp", 0, n=1, total=3, why="award:india")
    assert _all(award)[2] == "France gains 1 Treaty Point for the India Award (now 3)"
    pay = _ev("trp", 0, n=-1, total=0, why="pay")
    assert _all(pay)[1] == "France spends 1 Treaty Point (now 0)"
    assert (
        _all(_ev("debt", 0, n=2, total=4, why="pay"))[2]
        == "France takes 2 Debt to pay (Debt now 4)"
    )


def test_every_why_of_random_games_has_plain_words():
    """Every ``why`` that reaches the log on VP, Debt, Treaty Point, Debt Limit, flag and
    Squadron lines is named in plain words (never the raw id), seen over three random games."""
    plain = {"pay", "trp_cap"}  # told by the verb ("spends", "to pay", "keeps")
    seen: set[str] = set()
    for seed in (1, 2, 3):
        st = RULES.setup(Config((SeatConfig("A"), SeatConfig("B")), {}), Rng.seeded(seed))
        pick = Rng.seeded(seed * 7919 + 13)
        while not st["over"]:
            seat = RULES.waiting(st)[pick.randbelow(len(RULES.waiting(st)))]
            p = RULES.prompt(st, seat)
            ch = p.choices[pick.randbelow(len(p.choices))].id
            for e in RULES.apply(st, seat, ch, Rng(st["rng"])):
                why = e.args.get("why")
                if not why or e.kind not in ("vp", "trp", "debt", "limit", "flag", "squadron"):
                    continue
                seen.add(why)
                line = RULES.describe(e, None)
                assert "_" not in line and ":" not in line, line
                if e.kind in ("flag", "squadron"):
                    assert text.BY_WORDS.get(why) or why.startswith("event:"), line
                elif why not in plain:
                    assert " for " in line, line
    assert {"demand:tobacco", "award:europe", "pay", "war"} <= seen


def test_silent_primitives_told_by_their_action_line():
    """A purchase shift's flag, a built or deployed Squadron, a War tile's unflag and a Jacobite
    Uprisings shift are told once, by the action's own line (text.SILENT)."""
    for kind, why in (
        ("flag", "shift"),
        ("flag", "war_tile"),
        ("flag", "war_spoils"),
        ("flag", "jacobite"),
        ("squadron", "deploy"),
        ("squadron", "build"),
        ("squadron", "war_tile"),
    ):
        assert text.silent(Event(kind, None, {"why": why}))
    assert not text.silent(Event("flag", None, {"why": "conquest"}))
    assert not text.silent(Event("flag", None, {"why": "event:4"}))


def test_scoring_winner_lines_leave_the_vp_to_the_vp_line():
    """IS-7.3 / IS-7.6: the Prestige, Award and final lines name the winner; the VP (with the
    new total) is told once, by the VP line that follows."""
    pr = _ev("prestige", None, fr=2, br=1, winner=0)
    assert set(_all(pr)) == {"Prestige: France 2, Britain 1 — France wins"}
    assert RULES.describe(_ev("vp", 0, n=2, vp=24, why="prestige"), 1) == (
        "France scores 2 VP for Prestige (VP now 24)"
    )
    fin = _ev("final", None, part="commodity", commodity="furs", winner=1, fr=0, br=2)
    assert set(_all(fin)) == {"Final scoring, Furs: Britain wins"}
    aw = _ev(
        "award",
        None,
        region="india",
        tile=next(k for k, t in B.AWARDS.items() if t["min_margin"] > 1),
        fr=4,
        br=1,
        winner=0,
    )
    line = RULES.describe(aw, None)
    assert line.startswith("India Award (") and line.count("(") == 1, line


def test_present_tense_and_plain_words():
    """Present tense throughout; no "replaced 0"; no "unflag unflags"; Investment tiles named
    by their actions; a Squadron lost for good."""
    keep = _ev("ministry", 0, n=0, cards=[], first=False)
    assert _all(keep) == (
        "You keep your Ministry cards",
        "France keeps its Ministry cards",
        "France keeps its Ministry cards",
    )
    rep = _ev("ministry", 1, n=1, cards=["M-5"], first=False)
    assert RULES.describe(rep, 0) == "Britain replaces 1 Ministry card"
    assert RULES.describe(rep, 1) == "You replace 1 Ministry card; face down: Robert Walpole"
    tile = _ev("tile", 1, tile=9, label="x")
    t9 = text.tile_text(9)
    assert RULES.describe(tile, 0) == f"Britain takes Investment tile 9 ({t9})"
    assert RULES.describe(tile, 1) == f"You take Investment tile 9 ({t9})"
    assert " / " in t9
    unflag = next(
        t for t, r in B.BASIC_TILES.items() if r["effect"] == "unflag" and r["strength"] == -1
    )
    eff = _ev("war_effect", 1, tile=unflag, effect="unflag", target="cataraqui")
    assert _all(eff)[2] == "Britain's Basic -1 tile unflags " + "Cataraqui"
    debt = next(t for t, r in B.BASIC_TILES.items() if r["effect"] == "opponent_debt")
    eff = _ev("war_effect", 1, tile=debt, effect="opponent_debt", target=None)
    assert _all(eff)[0].endswith("tile makes France take 1 Debt")
    loss = _ev("squadron_loss", 1, src="navy_box", dst="removed")
    assert _all(loss)[2] == "Britain loses a Squadron from its Navy Box for good"
    setup = _ev("bonus_buy", 0, war="WSS", theater="1", tile="x", why="setup", moved=None)
    assert RULES.describe(setup, 1) == (
        "France draws a Bonus War tile at set-up and places it in " + B.theater_name("WSS", 1)
    )
    sp = _ev("spoils", 0, war="WSS", theater="1", winner=0, margin=2, vp=2, cp=0, trp=1, unflag=0)
    assert _all(sp)[1:] == ("France takes the spoils", "France takes the spoils")
    sp2 = _ev("spoils", 0, war="WSS", theater="1", winner=0, margin=4, vp=2, cp=1, trp=0, unflag=1)
    assert RULES.describe(sp2, None) == "France takes the spoils: 1 Conquest Point and 1 unflag"


def test_war_lines_agree_with_you():
    """IS-7.0 / IS-16.5: the acting side reads its own War lines with "You"/"Your" and a verb
    that agrees ("You draw … and place it"), the others read the side's name."""
    tile = next(iter(B.BONUS_TILES))
    bb = _ev("bonus_buy", 0, war="WSS", theater="1", tile=tile, why="setup", moved=None)
    assert RULES.describe(bb, 0).startswith("You draw ")
    assert RULES.describe(bb, 0).endswith(" at set-up and place it in " + B.theater_name("WSS", 1))
    sp = _ev("spoils", 0, war="WSS", theater="2", winner=0, margin=2, vp=1, cp=1, trp=0, unflag=0)
    assert _all(sp) == (
        "You take the spoils: 1 Conquest Point",
        "France takes the spoils: 1 Conquest Point",
        "France takes the spoils: 1 Conquest Point",
    )
    cq = _ev("conquest", 0, space="cataraqui", cp=1)
    assert _all(cq)[:2] == ("You take Cataraqui (1 CP)", "France takes Cataraqui (1 CP)")
    unflag = next(t for t, r in B.BASIC_TILES.items() if r["effect"] == "unflag")
    eff = _ev("war_effect", 0, tile=unflag, effect="unflag", target="cataraqui")
    assert RULES.describe(eff, 0).startswith("Your Basic ")
    assert RULES.describe(eff, 1).startswith("France's Basic ")


def test_event_effect_lines_name_the_card_plainly():
    """IS-16.1: an Event card's effect line reads "Your Acts of Union: …" for its player and
    "France (Acts of Union): …" for the others (never "You (Acts of Union)")."""
    card = next(k for k, c in B.EVENTS.items() if c["name"] == "Acts of Union")
    g = _ev("ev_grant", 0, card=card, type="D", n=2, why=None)
    assert _all(g) == (
        "Your Acts of Union: +2 Diplomatic points",
        "France (Acts of Union): +2 Diplomatic points",
        "France (Acts of Union): +2 Diplomatic points",
    )
