"""Res Publica view and determinize shape (RP-10, RP-4.11, RP-V4): what each seat may see."""

from __future__ import annotations

from rp_play_helpers import act, s02

from engine.games.res_publica import RULES
from engine.games.res_publica.position import build
from engine.games.res_publica.trade import can_fulfil, parse_short
from engine.rng import Rng


def test_rp_10_1_view_shape_and_private_hands():
    st = s02()
    v = RULES.view(st, 1)
    assert v["game"] == "res_publica" and v["viewer"] == 1 and v["n"] == 4
    assert v["seats"][1]["hand"] == {"GO": 1, "HU": 2, "SH": 1}
    assert all(v["seats"][s]["hand"] is None for s in (0, 2, 3))
    assert [s["hand_count"] for s in v["seats"]] == [4, 4, 4, 4]
    assert v["cities"] == [9, 8, 8, 7, 7, 6, 6, 5, 5, 4] and v["city_next"] == 9
    assert v["settlements"] == 10 and v["people_deck"] == 30 and v["civ_deck"] == 40
    assert v["prompt"] is None and RULES.view(st, 0)["prompt"]["choices"][0]["id"] == "request"
    spectator = RULES.view(st, None)
    assert all(s["hand"] is None for s in spectator["seats"])


def test_rp_4_7_composing_is_private_until_sent():
    st = s02()
    act(st, 0, "request", "n:2")
    assert RULES.view(st, 0)["draft"]["text"] == "Request: 2 …"
    assert RULES.view(st, 1)["draft"] is None
    act(st, 0, "k:VI", "send")
    v = RULES.view(st, 2)
    assert v["trade"]["spec"] == "2VI" and v["trade"]["text"] == "2 Vikings"
    assert v["quiet"] is True


def test_rp_v4_open_exchange_is_public():
    st = s02()
    st["opts"]["exchange_visibility"] = "open"
    act(st, 0, "req:1GO")
    act(st, 1, "pass")
    act(st, 2, "pass")
    act(st, 3, "resp:1AR")
    act(st, 0, "accept:3")
    gave = RULES.view(st, 1)["trade"]["gave"]
    assert gave[0]["cards"] == {"AR": 1} and gave[1]["cards"] == {"GO": 1}


def test_rp_4_11_log_hides_exchanged_cards_from_onlookers():
    st = s02()
    act(st, 0, "req:1GO")
    act(st, 1, "pass")
    act(st, 2, "pass")
    act(st, 3, "resp:1AR")
    events = act(st, 0, "accept:3")
    ex = next(e for e in events if e.kind == "exchange")
    assert RULES.describe(ex, 1) == "P1 gives 1 card to P4 for 1 card"
    assert RULES.describe(ex, 3) == "P1 gives 1 Architecture to you for 1 Goth"
    assert RULES.describe(ex, 0) == "You give 1 Architecture to P4 for 1 Goth"


def test_determinize_keeps_the_view_and_proven_payers():
    """Responders in Request mode proved they can pay the request (RP-4.6): every world keeps
    that; the viewer's own view is byte-identical."""
    st = s02()
    act(st, 0, "req:1GO")
    act(st, 1, "pass")
    act(st, 2, "pass")
    act(st, 3, "resp:1AR")
    seen = RULES.view(st, 0)
    for k in range(20):
        world = RULES.determinize(st, 0, Rng.seeded(k))
        assert RULES.view(world, 0) == seen
        assert can_fulfil(world["hands"][3], parse_short("1GO"))
        assert sum(world["hands"][3]) == 4


def test_determinize_keeps_known_cards():
    st = s02()
    act(st, 0, "req:1GO")
    act(st, 1, "pass")
    act(st, 2, "pass")
    act(st, 3, "resp:1AR")
    act(st, 0, "accept:3")
    for k in range(10):
        world = RULES.determinize(st, 0, Rng.seeded(k))
        assert world["hands"][3][5] >= 1  # P4 holds the Architecture P1 gave
        assert world["hands"][0] == st["hands"][0]


def test_rp_9_outcome_and_final_display_order_rp_s18():
    st = build(
        {
            "phase": "final_display",
            "final": "P2",
            "cities": [5, 4],
            "hands": {"P4": "CO×5", "P1": "SH×5"},
        }
    )
    RULES.advance(st)
    assert RULES.waiting(st) == (3,)  # P3 has no set: skipped
    act(st, 3, "display:CO")
    assert RULES.waiting(st) == (0,)
    act(st, 0, "display:SH")
    assert st["over"] and st["tableau"][3] == [[7, 5]] and st["tableau"][0] == [[9, 4]]
    out = RULES.outcome(st)
    assert out.winners == (3,) and out.scores == (4, 0, 0, 5)
    assert out.reason == "P4 wins with 5 points"


def test_rp_4_6_answering_a_request_shows_the_cards_it_names():
    """Answering REQUEST 1 Goth proves holding a Goth (RP-4.6): onlookers know it; an OR
    naming different types proves nothing by type."""
    st = s02()
    act(st, 0, "req:1GO")
    act(st, 1, "pass")
    act(st, 2, "pass")
    act(st, 3, "resp:1AR")
    assert RULES.view(st, 1)["seats"][3]["known"] == {"GO": 1}
    st = s02()
    act(st, 0, "req:1GO/1AR")
    act(st, 1, "resp:1VI")
    assert RULES.view(st, 2)["seats"][1]["known"] == {}


def test_rp_v1_highest_city_ties_share_among_the_best_city():
    """RP-V1: P1 (city 8), P3 (city 8) and P2 (two settlements, two pairs) tie on 8; P2 has no
    city, so P1 and P3 share."""
    from engine.games.res_publica import flow

    st = build(
        {
            "options": {"tiebreak": "highest_city"},
            "tableau": {"P1": [["AR", 8]], "P3": [["CH", 8]], "P2": [["GO", 3], ["HU", 3]]},
            "hands": {"P2": "GO×2"},
        }
    )
    flow.score(st, [])
    assert st["winners"] == [0, 2]
    assert (
        st["reason"] == "P1 and P3 share the victory with 8 points (also tied on the highest city)"
    )


def test_rp_5_10_view_says_what_each_partner_gives():
    """RP-5.10: in Offer mode the active seat gives the statement, the partner its answer."""
    st = build(
        {
            "active": "P2",
            "hands": {"P2": "AR×3, CO, GO", "P3": "SH, GO, AS, CH", "P4": "LO×2, AS, CH×2"},
        }
    )
    act(st, 1, "off:2AR")
    act(st, 2, "pass")
    act(st, 3, "resp:1CH/2PEO")
    act(st, 0)  # P1 holds nothing: passed by itself
    act(st, 1, "accept:3")
    v = RULES.view(st, 0)
    assert v["phase"] == "fulfil" and v["waiting"] == [3]
    assert v["trade"]["gives"] == [
        {"seat": 1, "spec": "2AR", "text": "2 Architecture"},
        {"seat": 3, "spec": "1CH/2PEO", "text": "1 Chemistry OR 2 people cards"},
    ]
    p = RULES.prompt(st, 3)
    assert p.summary == "Selected: nothing yet"
    act(st, 3, "pick:CH")
    assert RULES.prompt(st, 3).choices[0].label == "Confirm: give 1 Chemistry"
