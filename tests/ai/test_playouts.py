"""The games' fast playout steps (engine/ai/playouts.py ``FAST``) agree with the rules contract.

From the setup of seeded matches (every rule option at its default), random play goes to the
end twice: once through ``rules.prompt`` / ``rules.apply``, once through the fast step's ``ids``
/ ``apply``. At every decision the fast step must list the prompt's choice ids in the same
order, and after every choice both states must be equal (the same dict, RNG state included).
"""

from __future__ import annotations

import pytest

from engine import registry
from engine.ai.ismcts import search
from engine.ai.playouts import FAST, Stepper
from engine.rng import Rng
from engine.rules import Config, SeatConfig, resolve_options

SEATS = {"imperium": 2, "mausoleum": 4}


def _setup(game: str, seed: int):
    rules = registry.get(game)
    seats = tuple(SeatConfig(f"P{i}", "random") for i in range(SEATS[game]))
    return rules, rules.setup(Config(seats, resolve_options(rules)), Rng.seeded(seed))


@pytest.mark.parametrize("game", sorted(FAST))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_fast_step_matches_the_rules(game: str, seed: int) -> None:
    assert set(FAST) == set(SEATS)
    rules, slow = _setup(game, seed)
    fast = rules.clone(slow)
    stepper = Stepper(None, game)
    pick = Rng.seeded(seed + 100)
    decisions = 0
    while rules.waiting(slow):
        assert rules.waiting(fast) == rules.waiting(slow)
        seat = rules.waiting(slow)[0]
        ids = [ch.id for ch in rules.prompt(slow, seat).choices]
        assert stepper.ids(fast, seat) == ids
        choice = ids[pick.randbelow(len(ids))]
        rules.apply(slow, seat, choice, Rng(slow["rng"]))
        stepper.apply(fast, seat, choice, Rng(fast["rng"]))
        assert fast == slow, f"{game} seed {seed}: states differ after {choice!r}"
        decisions += 1
        assert decisions < 20_000
    assert rules.outcome(fast) == rules.outcome(slow) is not None
    assert decisions > 20  # a real match, not a setup that ends at once


def test_search_with_the_fast_step_ranks_like_the_contract() -> None:
    # the same iterations and RNG through either step build the same tree
    rules, st = _setup("mausoleum", 4)
    pick = Rng.seeded(5)
    for _ in range(30):  # into the match, where a decision has several choices
        seat = rules.waiting(st)[0]
        ids = [ch.id for ch in rules.prompt(st, seat).choices]
        rules.apply(st, seat, ids[pick.randbelow(len(ids))], Rng(st["rng"]))
    while len(rules.prompt(st, rules.waiting(st)[0]).choices) < 2:
        seat = rules.waiting(st)[0]
        rules.apply(st, seat, rules.prompt(st, seat).choices[0].id, Rng(st["rng"]))
    seat = rules.waiting(st)[0]
    runs = [
        search(rules, st, seat, Rng.seeded(9), seconds=None, iterations=60, stepper=s)
        for s in (Stepper(rules), Stepper(None, "mausoleum"))
    ]
    assert runs[0].ranked == runs[1].ranked
    assert sum(v for _, v, _ in runs[0].ranked) == 60
