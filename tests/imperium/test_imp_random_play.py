"""Random-play smoke checks: no crash or dead end, leak invariant, illegal choices, invariants."""

from __future__ import annotations

import pytest
from randplay import play

from engine.games.imperium import RULES
from engine.games.imperium.cards import expanded
from engine.rng import Rng
from engine.rules import IllegalAction

VARIANTS = [
    {},
    {"steal_mode": "deny", "army_win_timing": "start_of_turn"},
    {"homeros_mode": "three_turns", "extra_draw_timing": "any_time"},
    {"empty_deck": "reshuffle", "hand_limit": 3},
    {"empty_deck": "lose", "open_hands": "on", "enter_tap": "summoning_sickness"},
    {"deck_assignment": "mirror_allowed", "decks": "roman_roman", "turn_cap": 30},
    {
        "deck_assignment": "mirror_allowed",
        "decks": "greek_greek",
        "army_win_timing": "start_of_turn",
    },
]


def invariants(st):
    """IMP-1.7 (every card in exactly one zone), IMP-1.3 (each Dominance unheld or held by one
    seat), IMP-1.4 (no counters without the matching Dominance), IMP-11 (known cards in hand)."""
    assert st["army_dom"] in (-1, 0, 1) and st["navy_dom"] in (-1, 0, 1)
    limbo = [f[2] for f in st["pending"] if f[0] == "to_discard"]
    for s in (0, 1):
        zones = st["deck"][s] + st["hand"][s] + st["discard"][s] + [e[0] for e in st["play"][s]]
        zones += [i for i in limbo if i // 100 == s]
        assert sorted(zones) == [100 * s + i for i in range(len(expanded(st["decks"][s])))]
        assert set(st["known"][s]) <= set(st["hand"][s])
        assert len(set(st["known"][s])) == len(st["known"][s])
        if st["army_dom"] != s:
            assert st["army"][s] == 0
        if st["navy_dom"] != s:
            assert st["navy"][s] == 0
        assert st["known_top"][s] <= len(st["deck"][s])
        for e in st["play"][s]:
            if e[1] & 2:
                assert RULES_CARD(st, e[0]).category == "wonder"
    assert st["energy"] >= 0


def RULES_CARD(st, iid):
    from engine.games.imperium.state import card

    return card(st, iid)


def validation_matches_prompt(st, seat, prompt):
    """apply accepts exactly the prompt's choices: every probe not offered raises
    IllegalAction and leaves the state untouched (the one legality path, issue 17)."""
    from engine.games.imperium.cards import CARDS

    if not (st["phase"] == "action" and not st["pending"] and seat == st["active"]):
        return
    ids = {c.id for c in prompt.choices}
    probes = {"end", "extra", "homeros", "sellg", "bogus", "play:", "tap:x", "tap:-1"}
    for c in CARDS:
        probes |= {f"play:{c}", f"playh:{c}", f"sell:{c}"}
    for i in range(len(st["play"][seat]) + 2):
        probes |= {f"tap:{i}", f"taph:{i}", f"flip:{i}", f"scuttle:{i}"}
    before = RULES.clone(st)
    for p in sorted(probes - ids):
        with pytest.raises(IllegalAction):
            RULES.apply(st, seat, p, Rng.seeded(1))
    assert st == before
    # the costs shown are the rules' current costs (IMP-5.8)
    from engine.games.imperium.cards import DECK_CARDS
    from engine.games.imperium.state import play_cost, tap_cost

    deck = DECK_CARDS[st["decks"][seat]]
    for c in prompt.choices:
        verb, _, arg = c.id.partition(":")
        if verb == "play" and deck[arg].category != "government":
            assert c.label.endswith(f"({play_cost(st, seat, deck[arg])})"), c.label
        if verb == "tap":
            card = RULES_CARD(st, st["play"][seat][int(arg)][0])
            assert c.label.endswith(f"({tap_cost(st, seat, card)})"), c.label


def full_check(st, seat, prompt, rng):
    invariants(st)
    validation_matches_prompt(st, seat, prompt)
    # the leak test (DESIGN.md): resampling what a seat cannot see changes nothing it sees
    for s in (0, 1, None):
        d = RULES.determinize(st, s, Rng.seeded(rng.next64()))
        invariants(d)
        assert RULES.view(d, s) == RULES.view(st, s), f"leak for seat {s}"
        if s is not None:
            p1, p2 = RULES.prompt(st, s), RULES.prompt(d, s)
            assert p1 == p2
    # illegal choices leave the state untouched
    before = RULES.clone(st)
    with pytest.raises(IllegalAction):
        RULES.apply(st, seat, "bogus", Rng.seeded(1))
    if len(RULES.waiting(st)) == 1:
        with pytest.raises(IllegalAction):
            RULES.apply(st, 1 - seat, prompt.choices[0].id, Rng.seeded(1))
    assert st == before
    # clone is a deep copy
    c = RULES.clone(st)
    assert c == st


@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_random_games(variant):
    for seed in range(12):
        st, _ = play(seed * 31 + variant, VARIANTS[variant], check=full_check)
        assert RULES.outcome(st) is not None
        v = RULES.view(st, None)
        assert all(x["hand"] is not None for x in v["seats"])


def test_many_games_fast():
    for seed in range(300):
        play(1000 + seed, VARIANTS[seed % len(VARIANTS)], check=lambda st, s, p, r: invariants(st))
