"""The trade protocol (RP-4, RP-11.1) beyond the scenarios: response order, binding
statements, acceptance choices, the secret simultaneous fulfilment, no trading in the final
display, and player-facing text without rule IDs."""

from __future__ import annotations

import re

from rp_helpers import (
    RULES,
    H,
    accept,
    assert_illegal,
    build,
    choice_ids,
    hand,
    new_game,
    pass_,
    respond,
    seat_of,
    statement,
    step,
    to_act,
    view,
    waiting,
)

from engine.rng import Rng


def test_rp_4_5_response_order_clockwise_five_players():
    """RP-4.5, RP-A19: with 5 players and P4 active, P5, P1, P2, P3 answer in that order."""
    state = build(
        {"players": 5, "active": "P4", "P1": "GO", "P2": "HU", "P3": "VI", "P4": "AS", "P5": "LO"}
    )
    statement(state, "P4", "OFFER", "1 ANGLO_SAXONS")
    order = []
    while step(state) == "respond":
        seat = to_act(state)
        order.append(seat)
        pass_(state, seat)
    assert order == [seat_of(w) for w in ("P5", "P1", "P2", "P3")]
    assert step(state) in ("display", "draw")  # everyone passed: no acceptance (RP-4.14)


def test_rp_4_15_statements_and_responses_are_binding():
    """RP-4.1, RP-4.15, RP-A03, RP-A27: once stated, the active player cannot state again; a
    responder
    answers once and cannot change it; the statement is fixed in the trade record."""
    state = build({"active": "P1", "P1": "HU×2", "P2": "GO×2", "P3": "GO", "P4": "VI"})
    statement(state, "P1", "REQUEST", "1 GOTHS")
    assert_illegal(state, "P1", "req:2GO", listed=False)
    respond(state, "P2", "1 HUNS")
    assert to_act(state) == seat_of("P3")
    assert_illegal(state, "P2", "resp:2HU", listed=False)
    assert_illegal(state, "P2", "respond")
    t = view(state, None)["trade"]
    assert t["spec"] == "1GO"
    assert [(r["seat"], r["spec"]) for r in t["responses"]] == [(1, "1HU")]


def test_rp_4_9_offer_mode_every_response_acceptable():
    """RP-4.9 (Offer): both counter-offers of RP-S04 may be accepted, plus reject."""
    state = build(
        {
            "active": "P2",
            "P1": "VI",
            "P2": "AR×3, CO, GO",
            "P3": "SH, GO, AS, CH",
            "P4": "LO×2, AS, CH",
        }
    )
    statement(state, "P2", "OFFER", "2 ARCHITECTURE")
    respond(state, "P3", "1 SHIPBUILDING AND 1 GOTHS")
    respond(state, "P4", "3 PEOPLE")
    pass_(state, "P1")
    assert set(choice_ids(state, "P2")) == {"accept:2", "accept:3", "reject"}


def test_rp_4_14_reject_is_the_only_choice_when_nothing_is_payable():
    """RP-4.9, RP-4.14: if the active player can pay no response, rejecting all is the only
    choice."""
    state = build({"active": "P1", "P1": "GO", "P2": "HU, AR", "P3": "HU", "P4": "VI"})
    statement(state, "P1", "REQUEST", "1 HUNS")
    respond(state, "P2", "1 ARCHITECTURE")
    respond(state, "P3", "1 VIKINGS")
    pass_(state, "P4")
    assert choice_ids(state, "P1") == ["reject"]


def test_rp_4_10_fulfilment_is_secret_and_simultaneous():
    """RP-4.10, RP-5.7, RP-A01, RP-A02: both sides choose privately (a secret prompt to both at
    once);
    the other side sees only whether a side has committed; cards move after both confirmed."""
    state = build(
        {
            "active": "P1",
            "P1": "VI×2, GO, HU",
            "P2": "CH×3, ME×4",
            "P3": "AS",
            "P4": "LO",
        }
    )
    statement(state, "P1", "REQUEST", "3 CHEMISTRY OR 3 METALWORK")
    respond(state, "P2", "1 PEOPLE")
    pass_(state, "P3")
    pass_(state, "P4")
    accept(state, "P1", "P2")
    assert step(state) == "fulfil"
    assert set(waiting(state)) == {0, 1}
    for seat in (0, 1):
        assert RULES.prompt(state, seat).secret
    # The giver of the generic term chooses which people card (RP-A02).
    assert {"pick:VI", "pick:GO", "pick:HU"} <= set(choice_ids(state, "P1"))
    RULES.apply(state, 1, "pick:ME", Rng.seeded(1))
    assert view(state, "P1")["selection"] in (None, {})
    assert view(state, "P2")["selection"] == {"ME": 1}
    RULES.apply(state, 1, "pick:ME", Rng.seeded(1))
    RULES.apply(state, 1, "pick:ME", Rng.seeded(1))
    RULES.apply(state, 1, "confirm", Rng.seeded(1))
    assert view(state, "P1")["seats"][1]["committed"] is True
    assert view(state, "P1")["seats"][0]["committed"] is False
    assert hand(state, "P1") == H("VI×2, GO, HU")  # nothing moved yet
    assert waiting(state) == (0,)
    RULES.apply(state, 0, "pick:HU", Rng.seeded(1))
    RULES.apply(state, 0, "confirm", Rng.seeded(1))
    assert hand(state, "P1") == H("VI×2, GO, ME×3")
    assert hand(state, "P2") == H("CH×3, ME, HU")


def test_rp_4_17_no_trading_in_the_final_display():
    """RP-4.17, RP-A28: the final display has no trade step."""
    state = build(
        {"step": "final_display", "trigger": "P4", "P1": "GO×5, HU", "P2": "HU", "P3": "VI"}
    )
    assert to_act(state) == seat_of("P1")
    ids = choice_ids(state, "P1")
    assert "request" not in ids and "offer" not in ids
    assert_illegal(state, "P1", "request")
    assert_illegal(state, "P1", "off:1HU", listed=False)


RULE_ID = re.compile(r"\b(RP|IMP|MAU)-[A-Z]?\d")


def test_player_text_never_shows_rule_ids():
    """Working agreement: prompts, choice labels/details, log lines and the outcome reason use
    plain words, never rule IDs (a random 4-player game played to the end)."""
    state, _ = new_game(4, seed=21)
    rng = Rng.seeded(5)
    pick = Rng.seeded(9)
    texts: list[str] = []
    for _ in range(20_000):
        seats = RULES.waiting(state)
        if not seats:
            break
        seat = seats[0]
        prompt = RULES.prompt(state, seat)
        texts += [prompt.text, prompt.summary]
        texts += [c.label for c in prompt.choices] + [c.detail for c in prompt.choices]
        choice = pick.choice([c.id for c in prompt.choices])
        for event in RULES.apply(state, seat, choice, rng):
            texts += [RULES.describe(event, v) for v in (None, 0, 1, 2, 3)]
    out = RULES.outcome(state)
    assert out is not None, "the random game did not end"
    texts.append(out.reason)
    bad = [t for t in texts if t and RULE_ID.search(t)]
    assert not bad, bad[:5]


def _check_supply(state) -> None:
    """RP-1.2, RP-1.3, RP-1.4, RP-1.5, RP-A30: every type keeps its 12 cards across hands, decks and
    tableaus; the
    score cards are all in the stacks or in tableaus; the city stack stays sorted."""
    n = state["n"]
    for t in range(10):
        held = sum(state["hands"][s][t] for s in range(n))
        shown = sum(5 for s in range(n) for tt, _ in state["tableau"][s] if tt == t)
        decks = state["people_deck"].count(t) + state["civ_deck"].count(t)
        assert held + shown + decks == 12, t
        assert min(state["hands"][s][t] for s in range(n)) >= 0
    owned = [v for s in range(n) for t, v in state["tableau"][s]]
    assert state["settlements"] + sum(1 for v in owned if v == 3) == 10
    cities = sorted([v for s in range(n) for t, v in state["tableau"][s] if t >= 5])
    assert sorted(cities + state["cities"]) == sorted([9, 8, 8, 7, 7, 6, 6, 5, 5, 4])
    assert state["cities"] == sorted(state["cities"])  # top last: highest on top (RP-2.1)


def test_rp_1_5_supply_is_conserved_in_random_games():
    """RP-1.5, RP-A30 over three random games (3, 4 and 5 seats) played to the end."""
    for players, seed in ((3, 1), (4, 2), (5, 3)):
        state, _ = new_game(players, seed=seed)
        pick = Rng.seeded(seed)
        for _ in range(30_000):
            seats = RULES.waiting(state)
            if not seats:
                break
            prompt = RULES.prompt(state, seats[0])
            RULES.apply(state, seats[0], pick.choice([c.id for c in prompt.choices]), pick)
            _check_supply(state)
        assert RULES.outcome(state) is not None
