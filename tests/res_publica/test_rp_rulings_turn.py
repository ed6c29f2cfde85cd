"""Res Publica rulings on the shape of a turn and the end of the game, on hand-built positions:
the three steps in order (RP-3.1), the draw step only in normal turns (RP-3.3), the next turn
to the left (RP-3.4) and the scoring right after the final display (RP-8.5)."""

from __future__ import annotations

from rp_helpers import (
    RULES,
    TYPES,
    H,
    build,
    choice_ids,
    display,
    done_display,
    draw,
    finish_final_display,
    hand,
    no_trade,
    public,
    seat_of,
    step,
    to_act,
    totals,
)


def test_rp_3_1_trade_then_display_then_draw():
    """RP-3.1: a normal turn goes trade step, display step, draw step, in this order. P1 holds
    a Goth set: it declines to trade, displays the set (a settlement), ends the display and is
    then asked for its draw; only after the draw does the next player act."""
    state = build({"active": "P1", "P1": "GO×5, AR", "P2": "HU", "people_deck": 30, "civ_deck": 50})
    assert step(state) == "trade"
    assert {"request", "offer", "notrade"} <= set(choice_ids(state, "P1"))
    no_trade(state, "P1")
    assert step(state) == "display"
    assert to_act(state) == seat_of("P1")
    display(state, "P1", "GO")
    assert public(state)["settlements"][0] == 1
    done_display(state, "P1")
    assert step(state) == "draw"
    assert to_act(state) == seat_of("P1")
    assert not any(c in choice_ids(state, "P1") for c in ("request", "offer", "display:GO"))
    draw(state, "P1", 1)  # one settlement: 1 civilization card and the people card (RP-7.3)
    assert sum(hand(state, "P1").values()) == 1 + 2
    assert (to_act(state), step(state)) == (seat_of("P2"), "trade")


def test_rp_3_4_next_turn_goes_to_the_left_and_wraps():
    """RP-3.4: the player to the left takes the next turn: P4 of 4 is followed by P1, P5 of 5
    also by P1, P2 of 3 by P3."""
    for players, active, following in ((4, "P4", "P1"), (5, "P5", "P1"), (3, "P2", "P3")):
        spec = {"players": players, "active": active, "step": "draw", active: "HU", following: "LO"}
        state = build({**spec, "people_deck": 20, "civ_deck": 20})
        draw(state, active, 0)
        assert to_act(state) == seat_of(following), (players, active)
        assert step(state) == "trade"


def test_rp_3_3_draw_step_ends_normal_turns_only():
    """RP-3.3: a normal turn ends with the draw step (prompted, here with c = 0 the only
    choice); a final-round turn has none: P1 (final round, P2 the trigger player) ends its
    display and P2's turn starts with no card drawn."""
    normal = build({"active": "P1", "P1": "HU", "people_deck": 10, "civ_deck": 10})
    no_trade(normal, "P1")
    assert step(normal) == "draw"
    assert choice_ids(normal, "P1") == ["civ:0"]
    top = TYPES[normal["people_deck"][-1]]  # top card last (README)
    draw(normal, "P1", 0)
    assert hand(normal, "P1") == H("HU") + H(top)

    final = build(
        {
            "active": "P1",
            "P1": "HU",
            "P2": "GO",
            "trigger": "P2",
            "final_round": True,
            "people_deck": 10,
        }
    )
    no_trade(final, "P1")
    assert (to_act(final), step(final)) == (seat_of("P2"), "trade")
    assert hand(final, "P1") == H("HU")
    assert public(final)["people_deck"] == 10


def test_rp_8_5_scoring_follows_the_final_display():
    """RP-8.5, RP-9.1, RP-9.2: once the last seat of the final display is done the game is
    scored. 3 players, P3 the trigger player: the order is P1, P2, P3. P1 owns a settlement
    and the 9 city and holds HU×2 (3 + 9 + 1 pair = 13); P2 displays its Chemistry set and
    takes the top city 8, with VI×3 left (8 + 1 = 9); P3 owns two settlements (6)."""
    state = build(
        {
            "players": 3,
            "step": "final_display",
            "trigger": "P3",
            "P1": {"hand": "HU×2", "sets": "GO, AR:9"},
            "P2": "CH×5, VI×3",
            "P3": {"hand": "", "sets": "LO, AS"},
        }
    )
    assert RULES.outcome(state) is None
    finish_final_display(state, expected_order=["P1", "P2", "P3"], sets={"P2": ["CH"]})
    assert step(state) == "over"
    assert totals(state) == [13, 9, 6]
    assert list(RULES.outcome(state).scores) == [13, 9, 6]
    assert list(RULES.outcome(state).winners) == [seat_of("P1")]
