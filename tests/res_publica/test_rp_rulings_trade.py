"""Res Publica rulings on trades, observations and bots, on hand-built positions: unequal card
counts (RP-4.12), the quiet time of a trade (RP-4.16), what a bot observes (RP-10.3), the bot's
decision points (RP-11.3) and the card ids (RP-A29)."""

from __future__ import annotations

from collections import Counter

from rp_helpers import (
    RULES,
    TYPES,
    H,
    accept,
    act,
    assert_cannot_compose,
    build,
    give,
    hand,
    pass_,
    public,
    respond,
    statement,
    step,
    view,
)

from engine.ai import decide
from engine.games.res_publica import BOTS, cards
from engine.rng import Rng

UNEQUAL = {
    "active": "P1",
    "P1": "AR×2, HU",
    "P2": "GO×2, SH",
    "P3": "LO",
    "P4": "VI",
    "people_deck": 20,
    "civ_deck": 20,
}


def test_rp_4_12_each_side_gives_at_least_one_card_counts_may_differ():
    """RP-4.12: P1 requests 2 Goths and P2 wants 1 Architecture for them: after the exchange
    P1 gave 1 card and P2 gave 2 (public counts), and no count of 0 can be stated."""
    state = build(UNEQUAL)
    assert_cannot_compose(state, "P1", "REQUEST", "0 GOTHS")
    statement(state, "P1", "REQUEST", "2 GOTHS")
    respond(state, "P2", "1 ARCHITECTURE")
    pass_(state, "P3")
    pass_(state, "P4")
    accept(state, "P1", "P2")  # each side has one way to pay: handed over at once
    assert public(state)["last_exchange_counts"] == {0: 1, 1: 2}
    assert hand(state, "P1") == H("GO×2, HU, AR")
    assert hand(state, "P2") == H("AR, SH")


def test_rp_4_16_a_trade_is_quiet_from_statement_to_exchange():
    """RP-4.16, RP-A06: every seat's view marks the trade as quiet (no free chat) from the
    statement until the exchange: not before the statement; in the response round, the
    acceptance and the fulfilment (P1 must choose between AR and CH); no longer once the
    cards have changed hands."""
    state = build({**UNEQUAL, "P1": "AR, CH, HU"})
    everyone = (0, 1, 2, 3, None)
    assert not any(view(state, s)["quiet"] for s in everyone)
    statement(state, "P1", "REQUEST", "2 GOTHS")
    seen = [(step(state), all(view(state, s)["quiet"] for s in everyone))]
    respond(state, "P2", "1 CIVILIZATION")
    pass_(state, "P3")
    pass_(state, "P4")
    seen.append((step(state), all(view(state, s)["quiet"] for s in everyone)))
    accept(state, "P1", "P2")
    seen.append((step(state), all(view(state, s)["quiet"] for s in everyone)))
    assert seen == [("respond", True), ("accept", True), ("fulfil", True)]
    give(state, "P1", "CH")
    assert step(state) == "draw"  # no set to display
    assert not any(view(state, s)["quiet"] for s in everyone)
    assert hand(state, "P1") == H("AR, HU, GO×2")


def _exchanged_generic():
    """RP-A20's hidden exchange: P1 requests 1 people card, everybody wants 1 civilization
    card, P1 accepts P4: P4 hands over its Goth (its only people card), P1 its Architecture."""
    state = build(
        {
            "active": "P1",
            "P1": "AR, CH×2",
            "P2": "HU, SH",
            "P3": "LO, ME",
            "P4": "GO, CO",
            "people_deck": 20,
            "civ_deck": 20,
        }
    )
    statement(state, "P1", "REQUEST", "1 PEOPLE")
    for seat in ("P2", "P3", "P4"):
        respond(state, seat, "1 CIVILIZATION")
    accept(state, "P1", "P4")
    give(state, "P1", "AR")
    assert hand(state, "P4") == H("CO, AR") and hand(state, "P1") == H("CH×2, GO")
    return state


def test_rp_10_3_a_bot_observes_its_own_exchanges_only():
    """RP-10.3, RP-10.2: the state a bot decides on (``determinize`` for its seat) keeps its own
    hand and its own private exchange: P1's worlds always give P4 the Architecture P1 handed
    over, P4's always give P1 the Goth; P2, who saw only the counts, gets worlds where P4 holds
    no Architecture. Every world keeps the public hand sizes."""
    state = _exchanged_generic()
    rng = Rng.seeded(5)
    ar = TYPES.index("ARCHITECTURE")
    go = TYPES.index("GOTHS")
    p2_worlds = []
    for _ in range(30):
        for seat in range(4):
            world = RULES.determinize(state, seat, rng)
            assert world["hands"][seat] == state["hands"][seat]
            assert [sum(h) for h in world["hands"]] == [sum(h) for h in state["hands"]]
            if seat == 0:
                assert world["hands"][3][ar] >= 1
            if seat == 3:
                assert world["hands"][0][go] >= 1
            if seat == 1:
                p2_worlds.append(world["hands"][3][ar])
    assert 0 in p2_worlds and max(p2_worlds) >= 1


def test_rp_11_3_the_bot_is_asked_at_each_decision_point():
    """RP-11.3, RP-10.3: the bot answers each of its decision points through its seat's prompt,
    deciding on its own observation (``decide`` determinizes for its seat): the trade
    (statement or none, composed step by step), a response, the acceptance, the cards to give,
    the displays and the civilization draw. Each answer is among the offered choices."""
    bot = BOTS["bot"]()
    rng = Rng.seeded(3)
    state = build(
        {
            "active": "P1",
            "P1": "GO×4, AR",
            "P2": "GO, SH×2",
            "P3": "CH×5",
            "P4": "VI",
            "people_deck": 20,
            "civ_deck": 20,
        }
    )
    groups: Counter = Counter()
    for _ in range(200):
        seats = RULES.waiting(state)
        if not seats or state["turn"] >= 8:
            break
        seat = seats[0]
        prompt = RULES.prompt(state, seat)
        choice = decide(bot, RULES, state, seat, rng)
        offered = {c.id: c for c in prompt.choices}
        assert choice in offered, (choice, list(offered))
        groups[offered[choice].group] += 1
        act(state, seat, choice)
    assert {"trade", "compose", "respond", "accept", "display", "draw"} <= set(groups), groups

    # choose_give: P1 must pay 1 civilization card from AR, CH (RP-4.10, RP-5.7)
    state = build({**UNEQUAL, "P1": "AR, CH, HU"})
    statement(state, "P1", "REQUEST", "2 GOTHS")
    respond(state, "P2", "1 CIVILIZATION")
    pass_(state, "P3")
    pass_(state, "P4")
    accept(state, "P1", "P2")
    given = []
    while step(state) == "fulfil":
        choice = decide(bot, RULES, state, 0, rng)
        assert choice in [c.id for c in RULES.prompt(state, 0).choices]
        given.append(choice)
        act(state, "P1", choice)
    assert given[-1] == "confirm" and given[0] in ("pick:AR", "pick:CH"), given
    assert sum(hand(state, "P1").values()) == 4  # AR or CH gone, two Goths in


def test_rp_a29_code_uses_the_five_people_ids_players_see_names():
    """RP-A29, RP-1.2, RP-1.3: the card ids in code are the rulings' ten ids; what players read
    is the name ("Goths"), never the id."""
    assert [t.id for t in cards.TYPES] == TYPES
    assert [t.name for t in cards.TYPES[:5]] == [
        "Anglo-Saxons",
        "Goths",
        "Huns",
        "Lombards",
        "Vikings",
    ]
    state = build({"active": "P1", "P1": "GO×5", "P2": "HU", "people_deck": 5, "civ_deck": 5})
    labels = [c.label for c in RULES.prompt(state, 0).choices]
    assert any("Goths" in text for text in labels), labels
    assert not any(t in text for text in labels for t in TYPES), labels
