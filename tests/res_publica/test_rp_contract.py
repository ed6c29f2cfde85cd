"""Res Publica contract: README choice ids per decision, the composer, shortcuts, fulfilment.

Rule IDs cited per test; positions are hand-checked from the rulings' scenarios.
"""

from __future__ import annotations

import pytest
from rp_play_helpers import act, ids, s02

from engine.games.res_publica import RULES
from engine.games.res_publica.position import build, summarize
from engine.games.res_publica.state import BACK_LIMIT
from engine.match import state_hash
from engine.rng import Rng, new_cell
from engine.rules import Config, IllegalAction, SeatConfig, resolve_options


def test_rp_11_1_trade_step_choices_and_composer_path():
    st = s02()
    assert ids(st, 0) == ["request", "offer", "notrade"]
    act(st, 0, "request")
    assert ids(st, 0)[:3] == ["n:1", "n:2", "n:3"] and ids(st, 0)[-1] == "back"
    act(st, 0, "n:2", "k:GO")
    assert ids(st, 0) == ["send", "and", "or", "back"]
    act(st, 0, "and", "n:1")
    assert "k:GO" not in ids(st, 0)  # RP-5.3: the same kind twice is impossible
    act(st, 0, "k:HU")
    assert RULES.prompt(st, 0).summary == "Request: 2 Goths AND 1 Hun"
    assert ids(st, 0) == ["send", "back"]
    act(st, 0, "send")
    assert st["trade"]["spec"] == "2GO+1HU" and st["phase"] == "respond"
    assert RULES.waiting(st) == (1,)
    assert ids(st, 1) == ["pass"]  # P2 holds 1 Goth only (RP-4.6)


def test_rp_4_4_offer_terms_only_from_own_hand():
    """P1 holds VI×2, HU, AR: a term it cannot pay is only the first choice of an OR, and the
    second term then must be payable (RP-4.4, RP-5.6)."""
    st = s02()
    act(st, 0, "offer", "n:2")
    p = RULES.prompt(st, 0)
    payable = [c.id for c in p.choices if c.id.startswith("k:") and not c.detail]
    assert payable == ["k:VI", "k:PEO", "k:ANY"]
    act(st, 0, "k:GO")
    assert ids(st, 0) == ["or", "back"]
    act(st, 0, "or", "n:2")
    assert ids(st, 0) == ["k:VI", "k:PEO", "k:ANY", "back"]
    act(st, 0, "back", "back", "back", "back", "n:1", "k:AR", "and", "n:3")  # AR + VI, VI, HU
    assert ids(st, 0) == ["k:PEO", "k:ANY", "back"]
    act(st, 0, "back")
    assert ids(st, 0) == ["n:1", "n:2", "n:3", "back"]  # only 3 cards besides the AR


def test_back_returns_to_the_mode_choice_and_is_limited():
    st = s02()
    for _ in range(BACK_LIMIT):
        act(st, 0, "request", "back")
    assert ids(st, 0) == ["request", "offer", "notrade"]
    act(st, 0, "request")
    assert "back" not in ids(st, 0)


def test_rp_s05_invalid_shortcut_changes_nothing_and_keeps_the_attempt():
    st = s02()
    before = state_hash(st)
    for bad in ("req:1GO+1HU+1AS", "off:1GO+1GO", "req:0VI", "req:1SETTLEMENT", "off:3GO"):
        with pytest.raises(IllegalAction):
            act(st, 0, bad)
        assert state_hash(st) == before
    act(st, 0, "req:1VI")
    assert st["trade"]["spec"] == "1VI"


def test_rp_s02_request_with_several_responses():
    st = s02()
    act(st, 0, "req:1GO")
    act(st, 1, "resp:1HU")
    with pytest.raises(IllegalAction):  # P3 holds no Goth (RP-4.6)
        act(st, 2, "resp:1AS")
    act(st, 2, "pass")
    act(st, 3, "resp:1AR")
    assert ids(st, 0) == ["accept:1", "accept:3", "reject"]
    act(st, 0, "accept:3")  # both sides are forced: handed over by themselves
    s = summarize(st)
    assert s["hands"]["P1"] == "GO, HU, VI×2" and s["hands"]["P4"] == "GO, AR×2, ME"
    assert s["hands"]["P2"] == "GO, HU×2, SH" and st["phase"] == "draw"
    v2 = RULES.view(st, 1)
    assert v2["trade"]["gave"] == [
        {"seat": 0, "count": 1, "cards": None},
        {"seat": 3, "count": 1, "cards": None},
    ]
    assert v2["seats"][0]["known"] == {"GO": 1} and v2["seats"][3]["known"] == {"AR": 1}
    v4 = RULES.view(st, 3)
    assert v4["trade"]["gave"][0]["cards"] == {"AR": 1}


def test_rp_s03_or_request_giver_selects_step_by_step():
    st = build({"hands": {"P1": "VI×2, GO", "P2": "CH×3, ME×4, VI", "P3": "AS", "P4": "LO"}})
    act(st, 0, "req:3CH/3ME")
    act(st, 1, "resp:2VI")
    act(st, 2, "pass")
    act(st, 3, "pass")
    act(st, 0, "accept:1")
    assert RULES.waiting(st) == (1,)  # P1's side (2 Vikings) is forced and already chosen
    p = RULES.prompt(st, 1)
    assert p.secret and [c.id for c in p.choices] == ["pick:CH", "pick:ME"]
    act(st, 1, "pick:CH", "pick:CH")
    assert ids(st, 1) == ["pick:CH", "back"]  # no mixing the alternatives
    with pytest.raises(IllegalAction):
        act(st, 1, "give:2CH+1ME")
    act(st, 1, "back", "back", "pick:ME", "pick:ME", "pick:ME")
    assert ids(st, 1) == ["confirm", "back"]
    act(st, 1, "confirm")
    s = summarize(st)
    assert s["hands"]["P1"] == "GO, ME×3" and s["hands"]["P2"] == "VI×3, CH×3, ME"


def test_rp_s04_offer_counter_offers_choice_ids():
    st = build(
        {
            "active": "P2",
            "hands": {
                "P2": "AR×3, CO, GO",
                "P3": "SH, GO, AS, CH",
                "P4": "LO×2, AS, CH",
                "P1": "VI",
            },
        }
    )
    act(st, 1, "offer", "n:2", "k:AR", "send")
    act(st, 2, "respond", "n:1", "k:SH", "and", "n:1", "k:GO", "send")
    act(st, 3, "resp:3PEO")
    act(st, 0, "pass")
    act(st, 1, "accept:3")
    s = summarize(st)
    assert s["hands"]["P2"] == "AS, GO, LO×2, AR, CO" and s["hands"]["P4"] == "AR×2, CH"


def test_rp_s07_accept_only_what_you_can_pay():
    st = build({"hands": {"P1": "CH, GO×2", "P2": "HU, AR", "P3": "HU×2, SH", "P4": "AS"}})
    act(st, 0, "req:1HU")
    act(st, 1, "resp:2CH")
    act(st, 2, "resp:1PEO")
    assert ids(st, 3) == ["pass"]
    act(st, 3, "pass")
    assert ids(st, 0) == ["accept:2", "reject"]
    with pytest.raises(IllegalAction):
        act(st, 0, "accept:1")
    act(st, 0, "accept:2")
    s = summarize(st)
    assert s["hands"]["P1"] == "GO, HU, CH" and s["hands"]["P3"] == "GO, HU, SH"


def test_rp_s08_one_attempt_then_display():
    st = build(
        {
            "hands": {"P1": "LO, GO×5", "P2": "VI", "P3": "VI", "P4": "VI"},
            "people_deck": 10,
            "civ_deck": 10,
        }
    )
    act(st, 0, "off:1LO")
    for s in (1, 2, 3):
        act(st, s, "pass")
    assert st["phase"] == "display" and ids(st, 0) == ["display:GO", "done"]
    with pytest.raises(IllegalAction):
        act(st, 0, "req:1HU")
    act(st, 0, "display:GO")
    assert st["phase"] == "draw" and ids(st, 0) == ["civ:0", "civ:1"]


def test_rp_s09_display_from_the_trade_step_closes_trading():
    st = build({"hands": {"P1": "GO×5, VI", "P2": "HU"}, "people_deck": 10, "civ_deck": 10})
    assert ids(st, 0) == ["request", "offer", "notrade", "display:GO"]
    act(st, 0, "display:GO")
    with pytest.raises(IllegalAction):
        act(st, 0, "off:1VI")
    assert ids(st, 0) == ["civ:0", "civ:1"]


@pytest.mark.parametrize(
    ("mode", "settled", "expect"),
    [
        ("choose_civ", 3, ["civ:0", "civ:1", "civ:2", "civ:3"]),
        ("max", 3, ["civ:2", "civ:3"]),
        ("max", 1, ["civ:1"]),
        ("free", 1, ["civ:0", "civ:1", "civx:0", "civx:1"]),
    ],
)
def test_rp_v2_draw_choices(mode, settled, expect):
    st = build(
        {
            "phase": "draw",
            "settled": {"P1": settled},
            "people_deck": 10,
            "civ_deck": 10,
            "options": {"draw_mode": mode},
        }
    )
    assert ids(st, 0) == expect


def test_rp_v5_flag_removes_an_answer():
    st = s02()
    st["opts"]["leak_penalty"] = "forfeit_trade"
    act(st, 0, "req:1GO")
    assert "flag" in ids(st, 1)
    act(st, 1, "resp:1HU")
    act(st, 2, "pass")
    act(st, 3, "resp:1AR")
    act(st, 0, "flag:3")
    assert ids(st, 0)[:2] == ["accept:1", "reject"]


def test_random_play_ends_under_every_variant():
    """The composer's back limit keeps random play finite (README "Composer limits")."""
    opts = {
        "tiebreak": "highest_city",
        "draw_mode": "free",
        "final_round_draws": "on",
        "exchange_visibility": "open",
        "leak_penalty": "forfeit_trade",
        "turn_cap": 60,
        "start_player": "host_choice",
    }
    for n in (3, 5):
        config = Config(
            tuple(SeatConfig(f"P{i + 1}", "random") for i in range(n)),
            resolve_options(RULES, opts),
        )
        st = RULES.setup(config, Rng(new_cell(n)))
        assert st["active"] == 0
        r = Rng.seeded(7)
        steps = 0
        while not RULES.outcome(st):
            seat = RULES.waiting(st)[0]
            choices = RULES.prompt(st, seat).choices
            act(st, seat, choices[r.randbelow(len(choices))].id)
            steps += 1
            assert steps < 20_000
        assert st["turn"] <= 60


def test_rp_5_3_counts_above_12_are_paged():
    """Generic counts go up to 60 (RP-5.3), 12 per page; types stop at 12."""
    st = s02()
    act(st, 0, "request")
    assert ids(st, 0)[-2:] == ["more", "back"]
    act(st, 0, "more", "more", "more", "more")
    assert ids(st, 0) == [f"n:{c}" for c in range(49, 61)] + ["back"]
    act(st, 0, "n:60")
    assert ids(st, 0) == ["k:PEO", "k:CIV", "k:ANY", "k:PAIR", "back"]
    act(st, 0, "k:ANY", "send")
    assert st["trade"]["spec"] == "60ANY"
    assert RULES.view(st, 1)["trade"]["text"] == "60 any cards"
