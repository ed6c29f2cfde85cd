"""Every card (IS-EV01 – IS-EV41), both sides, on randomised positions, answered with random
legal choices: the card always finishes (no dead end: a deciding frame always has a choice,
IS-17.1), the card leaves the game and the round's action menu follows (IS-5.2)."""

from __future__ import annotations

import random

import pytest
from is_events_kit import BR, FR, TILE, game, ids, in_event, play

from engine.games.imperial_struggle import board as B
from engine.games.imperial_struggle import frames as F

TURN = {"succession": ["T1", "T2"], "empire": ["T3", "T4"], "revolution": ["T5", "T6"]}
TILE_OF = {"economic": TILE["E"], "diplomatic": TILE["D"], "military": TILE["M"], None: TILE["D"]}
CARDS = {
    FR: ["M-2", "M-3", "M-9", "M-11", "M-12", "M-13", "M-14", "M-25", "M-26"],
    BR: ["M-6", "M-7", "M-10", "M-15", "M-16", "M-17", "M-18", "M-19", "M-22"],
}


def _random_position(card: int, side: int, seed: int):
    r = random.Random(seed * 1000 + card * 2 + side)
    turn = r.choice(TURN[B.EVENTS[card]["era"]])
    flags = {
        sp: r.choice([FR, BR, None])
        for sp in r.sample(B.SPACE_ORDER, 30)
        if B.kind_of(sp) != "naval" and B.SPACES[sp]["available"] == "always"
    }
    squadrons = {n: r.choice([FR, BR]) for n in r.sample(B.spaces_in(None, "naval"), 3)}
    mins = {s: [(c, r.random() < 0.5) for c in r.sample(CARDS[s], 2)] for s in (FR, BR)}
    st = game(
        turn,
        seed=seed,
        flags=flags,
        squadrons=squadrons,
        debt=[r.randint(0, 6), r.randint(0, 6)],
        trp=[r.randint(0, 2), r.randint(0, 2)],
        ministries=mins,
    )
    for sp in r.sample(B.spaces_in(None, "market"), 4):
        st["conflict"][sp] = 1
    for a in r.sample(sorted(B.ADVANTAGES), 4):
        st["adv_exhausted"][a] = 1
    return st, r


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("card", range(1, 42))
def test_is_ev_every_card_finishes_with_random_choices(card, seed):
    for side in (FR, BR):
        st, r = _random_position(card, side, seed)
        play(st, side, card, TILE_OF[B.EVENTS[card]["action_symbol"]])
        for _ in range(200):
            if not in_event(st):
                break
            deciders = F.deciders(st)
            assert deciders, "event waiting with nobody to decide"
            who = deciders[0][0]
            opts = ids(st, who)
            assert opts, f"dead end in {st['stack'][-1]['k']}"
            out: list = []
            F.act(st, who, r.choice(opts), out)
        assert not in_event(st)
        assert card in st["removed"] and card not in st["hands"][side]
        assert st["stack"][-1]["k"] == "is_menu"
