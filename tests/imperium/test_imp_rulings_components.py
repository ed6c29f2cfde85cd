"""Components and setup (IMP-1.1, IMP-1.3, IMP-1.5, IMP-1.6, IMP-1.7, IMP-2.2) and what a bot
observes (IMP-11.4).

Card counts are those of the tables IMP-1.10 and IMP-1.11.
"""

from __future__ import annotations

from collections import Counter

import pytest
from imperium_helpers import RULES, act, build, choice_ids, side, summarize, view

from engine.ai import decide
from engine.games.imperium.cards import CARDS, expanded
from engine.rng import Rng
from engine.rules import Config, SeatConfig, resolve_options

ROMAN_COUNTS = {
    "legion": 5, "catapult": 1, "praetorian": 1, "farm": 8, "granary": 1, "walls": 3, "fort": 1,
    "caravan": 4, "barracks": 1, "galley": 4, "corvus": 1, "republic": 1, "principatus": 1,
    "caesar": 1, "cicero": 1, "hadrians_wall": 1, "trajans_column": 1, "colosseum": 1,
    "temple_of_janus": 1,
}  # IMP-1.10  # fmt: skip
GREEK_COUNTS = {
    "hoplite": 5, "cavalry": 1, "farm": 8, "orchard": 1, "walls": 3, "trader": 4, "port": 1,
    "trireme": 4, "heavy_galley": 1, "fire_raft": 1, "democracy": 1, "oligarchy": 1,
    "alexander": 1, "aristotle": 1, "archimedes": 1, "pericles": 1, "homeros": 1,
    "great_lighthouse": 1, "colossus": 1, "parthenon": 1,
}  # IMP-1.11  # fmt: skip


def _setup(seed: int, seats: int = 2) -> dict:
    opts = resolve_options(RULES, {"decks": "roman_greek"})
    return RULES.setup(
        Config(tuple(SeatConfig(f"P{i}") for i in range(seats)), opts), Rng.seeded(seed)
    )


def _names(state: dict, seat: int, iids: list[int]) -> list[str]:
    deck = expanded(state["decks"][seat])
    return [deck[i % 100] for i in iids]


def test_imp_1_1_exactly_two_players():
    """IMP-1.1: the game takes 2 seats, no more, no fewer."""
    assert (RULES.min_seats, RULES.max_seats) == (2, 2)
    for n in (1, 3):
        with pytest.raises(ValueError, match="two seats"):
            _setup(1, seats=n)


@pytest.mark.parametrize("seed", [1, 2])
def test_imp_1_6_decks_hold_exactly_the_listed_cards(seed):
    """IMP-1.6, IMP-1.3, IMP-1.10, IMP-1.11: after setup each seat's deck and hand together are
    exactly its deck's table (38 Roman, 39 Greek cards); no rule-reference card and no
    Dominance token card is among them, and neither Dominance is held."""
    state = _setup(seed)
    for seat, counts in ((0, ROMAN_COUNTS), (1, GREEK_COUNTS)):
        cards = Counter(_names(state, seat, state["deck"][seat] + state["hand"][seat]))
        assert cards == Counter(counts)
    assert sum(ROMAN_COUNTS.values()) == 38 and sum(GREEK_COUNTS.values()) == 39
    v = view(state, None)
    assert (v["army_dom"], v["navy_dom"]) == (None, None)


def test_imp_1_3_a_dominance_has_one_holder_and_is_never_a_card():
    """IMP-1.3, IMP-6.7, IMP-6.9, IMP-6.10: G's first naval attack takes Navy Dominance from R
    (R's navy counter drops to 0); two pursuits recover G's two discards and reach 2 navy
    counters, so R discards its hand and G's counters reset to 0. The Dominance stays with G
    throughout, and no token card enters any zone."""
    state = build(
        {
            "active": "G",
            "phase": "action",
            "energy": 15,
            "navy_dom": "R",
            "R": {"navy": 1, "hand": ["legion", "farm"]},
            "G": {"play": ["trireme", "trireme", "trireme"], "discard": ["farm", "walls"]},
        }
    )
    act(state, "G", "tap:0")
    s = summarize(state)
    assert (s["navy_dom"], s["R"]["navy"], s["G"]["navy"]) == ("G", 0, 0)
    act(state, "G", "tap:1")
    act(state, "G", "recover:farm")
    assert (summarize(state)["navy_dom"], side(state, "G")["navy"]) == ("G", 1)
    act(state, "G", "tap:2")  # the Walls is the only card left: recovered without a prompt
    s = summarize(state)
    assert (s["navy_dom"], s["G"]["navy"]) == ("G", 0)
    assert (s["R"]["hand"], s["R"]["discard"]) == ([], ["legion", "farm"])
    assert s["G"]["hand"] == ["farm", "walls"]
    for seat in ("R", "G"):
        zones = [c for key in ("hand", "deck", "discard", "play") for c in side(state, seat)[key]]
        assert all(c.removesuffix("(T)").removesuffix("(FD)") in CARDS for c in zones)


def test_imp_1_5_dice_are_six_sided():
    """IMP-1.5, IMP-4.2: with 8 Farms R rolls 11 dice; over 10 seeded rolls every die shows
    1 to 6 and every face occurs."""
    faces = []
    for seed in range(10):
        state = build({"active": "R", "phase": "energy", "R": {"play": ["farm"] * 8}})
        RULES.advance(state, Rng.seeded(seed))
        dice = view(state, None)["dice"]
        assert len(dice) == 11
        faces += dice
    assert set(faces) == {1, 2, 3, 4, 5, 6}


def test_imp_2_2_each_deck_is_shuffled_separately():
    """IMP-2.2: each seat's deck holds only its own deck's cards and is shuffled on its own:
    five seeds give five different orders for each seat."""
    orders: dict[int, set] = {0: set(), 1: set()}
    for seed in range(5):
        state = _setup(seed)
        for seat in (0, 1):
            assert all(i // 100 == seat for i in state["deck"][seat] + state["hand"][seat])
            orders[seat].add(tuple(_names(state, seat, state["deck"][seat])))
    assert len(orders[0]) == 5 and len(orders[1]) == 5


def test_imp_1_7_zones_deck_hand_play_discard():
    """IMP-1.7, IMP-11.1, IMP-10.7: G sees R's play area and R's discard pile in order, but
    only the size of R's hand and deck. Port then lets G choose any card of its own discard
    pile, not only the top one, to put on top of its deck."""
    state = build(
        {
            "active": "G",
            "phase": "action",
            "energy": 5,
            "R": {"hand": ["legion", "fort"], "deck": ["walls", "farm", "galley"],
                  "play": ["farm", "walls"], "discard": ["caravan", "legion"]},
            "G": {"hand": ["port"], "deck": ["farm", "walls", "trader"],
                  "discard": ["hoplite", "trireme", "orchard"]},
        }
    )  # fmt: skip
    seen = view(state, "G")["seats"][0]
    assert seen["hand"] is None and seen["hand_count"] == 2
    assert seen["deck_count"] == 3 and seen["known_top"] == []
    assert [c["card"] for c in seen["play"]] == ["farm", "walls"]
    assert seen["discard"] == ["caravan", "legion"]
    act(state, "G", "play:port")  # draw 2, then choose a discard card for the top
    assert set(choice_ids(state, "G")) == {"top:hoplite", "top:trireme", "top:orchard"}
    act(state, "G", "top:hoplite")
    g = side(state, "G")
    assert g["hand"] == ["farm", "walls"]
    assert g["deck"] == ["hoplite", "trader"]
    assert g["discard"] == ["trireme", "orchard", "port"]


class _Spy:
    """A bot that records the state it is handed and picks the first choice."""

    needs_state = True

    def __init__(self) -> None:
        self.seen: list[dict] = []

    def choose(self, rules, state, seat, prompt, rng) -> str:
        self.seen.append(state)
        return prompt.choices[0].id


def test_imp_11_4_a_bot_observes_what_a_human_in_its_seat_sees():
    """IMP-11.4, IMP-11.1, IMP-11.2: the state a bot is handed shows R exactly R's view; G's
    hidden hand and deck order are resampled from G's unseen cards (so G's true hand cannot be
    read off it), while every public zone stays as it is."""
    state = build(
        {
            "active": "R",
            "phase": "action",
            "energy": 9,
            "R": {"hand": ["legion", "farm", "caravan"], "play": ["farm"],
                  "deck": ["walls", "galley"]},
            "G": {"hand": ["hoplite", "farm", "port"], "deck": ["trader", "walls", "colossus"],
                  "play": ["trireme"], "discard": ["orchard"]},
        }
    )  # fmt: skip
    truth = summarize(state)
    unseen = sorted(truth["G"]["hand"] + truth["G"]["deck"])
    spy = _Spy()
    for seed in range(20):
        decide(spy, RULES, state, 0, Rng.seeded(seed))
    hands = set()
    for seen in spy.seen:
        assert RULES.view(seen, 0) == RULES.view(state, 0)
        g = summarize(seen)["G"]
        assert sorted(g["hand"] + g["deck"]) == unseen
        assert (g["play"], g["discard"]) == (["trireme"], ["orchard"])
        hands.add(tuple(sorted(g["hand"])))
    assert len(hands) > 1
    assert any("colossus" in h for h in hands)  # truly in G's deck
    assert summarize(state) == truth  # decide does not touch the real state
