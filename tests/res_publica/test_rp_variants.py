"""The variants RP-V1..V7 (section 12) as setup options, and what each one changes.

V1 also has its scenario branch in RP-S20 (test_rp_scenarios_s11_s20.py).
"""

from __future__ import annotations

import pytest
from rp_helpers import (
    PEOPLE,
    RULES,
    H,
    accept,
    act,
    assert_illegal,
    build,
    choice_ids,
    civ_choices,
    done_display,
    draw,
    draw_choices,
    exchange_seen_by,
    finish_final_display,
    give,
    hand,
    new_game,
    no_trade,
    outcome,
    pass_,
    public,
    respond,
    seat_of,
    statement,
    step,
    to_act,
    view,
)

from engine.rules import resolve_options

OPTIONS = [
    ("RP-V1", "tiebreak", "shared", ("shared", "highest_city")),
    ("RP-V2", "draw_mode", "choose_civ", ("choose_civ", "max", "free")),
    ("RP-V3", "final_round_draws", "off", ("off", "on")),
    ("RP-V4", "exchange_visibility", "hidden", ("hidden", "open")),
    ("RP-V5", "leak_penalty", "off", ("off", "forfeit_trade")),
    ("RP-V7", "start_player", "random", ("random", "host_choice")),
]


@pytest.mark.parametrize("rule, key, default, values", OPTIONS, ids=[o[0] for o in OPTIONS])
def test_rp_variant_options_at_setup(rule, key, default, values):
    """RP-V1..V5, RP-V7: each variant is a setup option with the rulings' default first; every
    value starts a game that keeps it."""
    opt = {o.key: o for o in RULES.options}[key]
    assert opt.default == default
    assert tuple(opt.values) == values
    assert opt.rule == rule
    for value in values:
        state, _ = new_game(4, seed=5, options={key: value})
        assert public(state)["options"][key] == value
        assert step(state) == "trade"
    with pytest.raises(ValueError):
        resolve_options(RULES, {key: "no_such_value"})


def test_rp_v6_turn_cap_option_at_setup():
    """RP-V6, RP-8.7: turn_cap defaults to 500 and takes an integer."""
    opt = {o.key: o for o in RULES.options}["turn_cap"]
    assert opt.default == 500
    assert opt.rule == "RP-V6"
    assert resolve_options(RULES, {"turn_cap": "40"})["turn_cap"] == 40
    state, _ = new_game(3, seed=5, options={"turn_cap": 40})
    assert public(state)["options"]["turn_cap"] == 40


def test_no_unknown_options():
    """Section 12 lists exactly seven options."""
    assert {o.key for o in RULES.options} == {k for _, k, _, _ in OPTIONS} | {"turn_cap"}


# --- V1 ------------------------------------------------------------------------------------


@pytest.mark.parametrize("tiebreak", ["shared", "highest_city"])
def test_rp_v1_equal_highest_city_still_shares(tiebreak):
    """RP-V1: tied players with the same highest city (8 and 8) share under both values."""
    state = build(
        {
            "players": 3,
            "step": "final_display",
            "trigger": "P3",
            "P1": {"hand": "GO", "sets": "AR:8"},  # 8
            "P2": {"hand": "HU", "sets": "CH:8"},  # 8
            "P3": {"hand": "VI", "sets": "ME:4"},  # 4
            "city_stack": [9, 7, 7, 6, 6, 5, 5],
            "options": {"tiebreak": tiebreak},
        }
    )
    finish_final_display(state, expected_order=["P1", "P2", "P3"])
    assert sorted(outcome(state).winners) == [seat_of("P1"), seat_of("P2")]


@pytest.mark.parametrize("tiebreak", ["shared", "highest_city"])
def test_rp_v1_tie_without_cities_shares(tiebreak):
    """RP-V1: tied players with no city at all (a settlement each) share."""
    state = build(
        {
            "players": 3,
            "step": "final_display",
            "trigger": "P3",
            "P1": {"hand": "GO", "sets": "HU"},  # 3
            "P2": {"hand": "HU", "sets": "VI"},  # 3
            "P3": {"hand": "VI"},  # 0
            "options": {"tiebreak": tiebreak},
        }
    )
    finish_final_display(state, expected_order=["P1", "P2", "P3"])
    assert sorted(outcome(state).winners) == [seat_of("P1"), seat_of("P2")]


# --- V2 ------------------------------------------------------------------------------------


def _draw_position(settlements: int, mode: str) -> dict:
    sets = ", ".join(["AS", "GO", "HU", "LO", "VI"][:settlements])
    return build(
        {
            "active": "P1",
            "step": "draw",
            "P1": {"hand": "CO", "sets": sets},
            "people_deck": 10,
            "civ_deck": 20,
            "options": {"draw_mode": mode},
        }
    )


@pytest.mark.parametrize(
    "s, choices",
    [
        (0, {(0, 1)}),  # one people card, no choice
        (1, {(1, 1)}),  # must draw 1 + 1
        (2, {(2, 1)}),
        (3, {(2, 1), (3, 0)}),  # "1 people + 2 civilization" or "3 civilization"
        (4, {(2, 1), (3, 0)}),
    ],
)
def test_rp_v2_max_draw(s, choices):
    """RP-V2 max: the player draws as many cards as allowed (min(1 + s, 3)), choosing only
    between 1 people + 2 civilization and 3 civilization when s >= 3. (civ, people) pairs."""
    state = _draw_position(s, "max")
    assert draw_choices(state, "P1") == choices


@pytest.mark.parametrize(
    "s, choices",
    [
        (0, {(0, 0), (0, 1)}),
        (1, {(0, 0), (0, 1), (1, 0), (1, 1)}),
        (3, {(c, p) for c in range(4) for p in (0, 1) if c + p <= 3}),
    ],
)
def test_rp_v2_free_draw(s, choices):
    """RP-V2 free: the people card and the civilization count are both optional (still at most
    3 cards, RP-7.4)."""
    state = _draw_position(s, "free")
    assert draw_choices(state, "P1") == choices


@pytest.mark.parametrize("s", [0, 1, 2, 3])
def test_rp_v2_default_people_card_is_mandatory(s):
    """RP-7.2, RP-7.3, RP-A11 (choose_civ): c from 0..min(s, 3); the people card comes with c <=
    2."""
    state = _draw_position(s, "choose_civ")
    want = {(c, 1 if c <= 2 else 0) for c in range(min(s, 3) + 1)}
    assert draw_choices(state, "P1") == want


def test_rp_v2_free_skipping_everything_draws_nothing():
    """RP-V2 free: (0 civilization, no people card) leaves both decks untouched."""
    state = _draw_position(1, "free")
    before = hand(state, "P1")
    draw(state, "P1", 0, people=False)
    assert hand(state, "P1") == before
    assert (public(state)["civ_deck"], public(state)["people_deck"]) == (20, 10)


# --- V3 ------------------------------------------------------------------------------------


@pytest.mark.parametrize("mode, people_after", [("off", 8), ("on", 7)])
def test_rp_v3_final_round_draws(mode, people_after):
    """RP-V3 / RP-8.3, RP-A14: in a final-round turn there is no draw step by default; with "on" the
    player draws 1 people card and never a civilization card (even with settlements)."""
    state = build(
        {
            "active": "P1",
            "final_round": True,
            "trigger": "P4",
            "P1": {"hand": "CO", "sets": "GO, HU"},
            "P2": "AS",
            "P3": "VI",
            "P4": "LO",
            "civ_deck": 0,
            "people_deck": 8,
            "options": {"final_round_draws": mode},
        }
    )
    no_trade(state, "P1")
    if step(state) == "display" and to_act(state) == seat_of("P1"):
        done_display(state, "P1")
    if mode == "on" and step(state) == "draw" and to_act(state) == seat_of("P1"):
        assert civ_choices(state, "P1") == {0}
        draw(state, "P1", 0)
    assert public(state)["people_deck"] == people_after
    h = hand(state, "P1")
    assert sum(h.values()) == 1 + (8 - people_after)
    assert all(t in PEOPLE for t in h - H("CO"))
    assert to_act(state) == seat_of("P2")


# --- V4 ------------------------------------------------------------------------------------

V4 = {
    "active": "P1",
    "P1": "VI×2, HU, AR",
    "P2": "GO, HU×2, SH",
    "P3": "AS, LO, VI, CH",
    "P4": "GO×2, AR, ME",
}


@pytest.mark.parametrize("mode", ["hidden", "open"])
def test_rp_v4_exchange_visibility(mode):
    """RP-4.11, RP-A20, RP-V4: after the RP-S02 trade, the partners always see the exchanged cards;
    P2 and P3 see only the counts (hidden) or the cards too (open)."""
    state = build({**V4, "options": {"exchange_visibility": mode}})
    statement(state, "P1", "REQUEST", "1 PEOPLE")  # generic: the identity is not deducible
    respond(state, "P2", "1 CIVILIZATION")
    respond(state, "P3", "1 CIVILIZATION")
    respond(state, "P4", "1 CIVILIZATION")
    events = accept(state, "P1", "P4")  # both sides have one way to pay: handed over at once
    events += give(state, "P4", "GO") + give(state, "P1", "AR")
    exchange = [e for e in events if e.kind == "exchange"]
    assert len(exchange) == 1
    for viewer in (0, 3):  # the partners' log names the cards
        line = RULES.describe(exchange[0], viewer)
        assert "Goth" in line and "Architecture" in line, line
    for viewer in (1, 2, None):
        line = RULES.describe(exchange[0], viewer)
        named = "Goth" in line and "Architecture" in line
        assert named is (mode == "open"), line
    for who in ("P1", "P4"):
        assert exchange_seen_by(state, who) == {"P1": H("AR"), "P4": H("GO")}
    for who in ("P2", "P3", None):
        seen = exchange_seen_by(state, who)
        if mode == "open":
            assert seen == {"P1": H("AR"), "P4": H("GO")}
        else:
            assert seen is None


# --- V5 ------------------------------------------------------------------------------------


def test_rp_v5_leak_penalty_changes_nothing_without_a_flag():
    """RP-V5, RP-A06: with forfeit_trade and nobody flagging a leak, a trade runs as usual;
    with the default (off) nobody is ever offered a flag."""
    for mode in ("off", "forfeit_trade"):
        state = build({**V4, "options": {"leak_penalty": mode}})
        statement(state, "P1", "REQUEST", "1 GOTHS")
        assert ("flag" in choice_ids(state, "P2")) is (mode == "forfeit_trade")
        respond(state, "P2", "1 HUNS")
        pass_(state, "P3")
        respond(state, "P4", "1 ARCHITECTURE")
        flags = [c for c in choice_ids(state, "P1") if c.startswith("flag")]
        assert bool(flags) is (mode == "forfeit_trade")
        accept(state, "P1", "P4")
        give(state, "P4", "GO")
        give(state, "P1", "AR")
        assert hand(state, "P1") == H("VI×2, HU, GO")


def test_rp_v5_leak_by_the_active_player_ends_the_attempt():
    """RP-V5: a flagged leak by the active player ends the trade attempt with no trade."""
    state = build({**V4, "options": {"leak_penalty": "forfeit_trade"}})
    statement(state, "P1", "REQUEST", "1 GOTHS")
    act(state, "P2", "flag")
    assert step(state) in ("display", "draw")
    assert to_act(state) == seat_of("P1")
    assert hand(state, "P1") == H(V4["P1"]) and hand(state, "P2") == H(V4["P2"])
    assert_illegal(state, "P1", "request")


def test_rp_v5_leak_by_a_responder_removes_its_response():
    """RP-V5: a flagged responder's response is removed and it counts as having passed."""
    state = build({**V4, "options": {"leak_penalty": "forfeit_trade"}})
    statement(state, "P1", "REQUEST", "1 GOTHS")
    respond(state, "P2", "1 HUNS")
    pass_(state, "P3")
    respond(state, "P4", "1 ARCHITECTURE")
    act(state, "P1", "flag:3")
    responses = view(state, None)["trade"]["responses"]
    assert [(r["seat"], r["spec"]) for r in responses] == [(1, "1HU"), (2, None), (3, None)]
    assert "accept:3" not in choice_ids(state, "P1")
    assert "accept:1" in choice_ids(state, "P1")
    accept(state, "P1", "P2")
    assert hand(state, "P1") == H("VI×2, AR, GO")
    assert hand(state, "P2") == H("HU×3, SH")


# --- V6 ------------------------------------------------------------------------------------


def test_rp_v6_turn_cap_goes_to_final_display():
    """RP-8.7 / V6: with turn_cap 3 the game goes straight to the final display after the third
    turn (no final round), the player whose turn just ended acting last."""
    state, first = new_game(4, seed=3, options={"turn_cap": 3, "start_player": "host_choice"})
    assert first == 0
    for turn in range(3):
        seat = to_act(state)
        assert seat == turn
        no_trade(state, seat)
        if step(state) == "display" and to_act(state) == seat:
            done_display(state, seat)
        draw(state, seat, 0)
    pub = public(state)
    assert pub["trigger"] == 2
    assert step(state) in ("final_display", "over")  # no final round (RP-8.7)
    assert pub["civ_deck"] == 60
    # The final display (if anyone holds a set) starts left of seat 2; then the game is over.
    finish_final_display(state)
    assert outcome(state) is not None


# --- V7 ------------------------------------------------------------------------------------


def test_rp_v7_start_player_random_uses_every_seat():
    """RP-2.5, RP-A18, RP-V7 random: over seeds the start player is not always the same seat, and a
    seed always gives the same start player."""
    firsts = {new_game(4, seed=s)[1] for s in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert new_game(4, seed=7)[1] == new_game(4, seed=7)[1]


def test_rp_v7_host_choice_starts_with_the_first_seat():
    """RP-V7 host_choice: the host orders the seats; the first seat starts."""
    for s in range(5):
        assert new_game(4, seed=s, options={"start_player": "host_choice"})[1] == 0
