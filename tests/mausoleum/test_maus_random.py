"""Random Mausoleum games at every seat count: every card stays in exactly one place, and every
determinized world (MAU-11.4) is a legal game the deciding seat cannot tell from the real one."""

from __future__ import annotations

import pytest

from engine.games.mausoleum import RULES
from engine.games.mausoleum.cards import GRAVES
from engine.rng import Rng
from engine.rules import Config, SeatConfig, resolve_options


def all_cards(st: dict) -> list[int]:
    """Every card on the table, in hands, piles and the shop (MAU-1.9: one zone each)."""
    cards = st["deck"] + st["discard"] + st["shop"]
    for s in range(st["n"]):
        cards += st["hands"][s] + st["morgue"][s] + st["mausoleum"][s]
        for heir, doozy in st["party"][s]:
            cards += [heir] + ([doozy] if doozy else [])
    return sorted(cards)


def expected(n: int) -> list[int]:
    first = list(range(1, 55))
    second = [c + 100 for c in first if c not in GRAVES] if n >= 6 else []
    return sorted(first + second)


def play_out(st: dict, rng: Rng, steps: int) -> None:
    for _ in range(steps):
        waiting = RULES.waiting(st)
        if not waiting:
            return
        p = RULES.prompt(st, waiting[0])
        RULES.apply(st, waiting[0], p.choices[rng.randbelow(len(p.choices))].id, Rng(st["rng"]))


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 10])
def test_cards_conserved_and_worlds_playable_mau_1_9_11_4(n):
    cfg = Config(tuple(SeatConfig(f"P{i}") for i in range(n)), resolve_options(RULES))
    st = RULES.setup(cfg, Rng.seeded(n))
    rng = Rng.seeded(100 + n)
    step = 0
    while RULES.waiting(st):
        (seat,) = RULES.waiting(st)
        assert all_cards(st) == expected(n)
        if step % 5 == 0:
            world = RULES.determinize(st, seat, Rng.seeded(step))
            assert all_cards(world) == expected(n)
            assert RULES.view(world, seat) == RULES.view(st, seat)
            play_out(world, Rng.seeded(step + 1), 30)
            assert all_cards(world) == expected(n)
        p = RULES.prompt(st, seat)
        RULES.apply(st, seat, p.choices[rng.randbelow(len(p.choices))].id, Rng(st["rng"]))
        step += 1
    assert all_cards(st) == expected(n)
    assert RULES.outcome(st) is not None
