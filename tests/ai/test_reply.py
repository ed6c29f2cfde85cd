"""The search's reply horizon (engine/ai/ismcts.py ``reply``): the opponent's next turn, played
by the heuristic, is part of what a root choice is scored by.

Positions are built with iMperium's ``position.build``; rule IDs from shared/rules/imperium.md.
"""

from __future__ import annotations

from engine.ai.evaluations import evaluation, imperium_leaf
from engine.ai.ismcts import search
from engine.ai.playouts import BOUNDARY, REPLY, Stepper, end_turn_ids
from engine.games.imperium import RULES as IMP
from engine.games.imperium.position import build as imp_build
from engine.rng import Rng


def _army_race():
    # IMP-3.2(a), IMP-6.6, IMP-6.1: Greece holds Army Dominance with 4 counters, its upkeep
    # makes 5 (an Army victory); Rome's only way out is playing the Legion this turn.
    st = imp_build(
        {
            "active": "R",
            "phase": "action",
            "energy": 10,
            "army_dom": "G",
            "R": {"hand": ["farm", "walls", "legion", "caravan"]},
            "G": {"army": 4, "play": ["hoplite(T)", "farm"]},
        }
    )
    return st, st["decks"].index("roman")


def _search(st, seat, reply, iterations=60):
    return search(
        IMP,
        st,
        seat,
        Rng.seeded(2),
        seconds=None,
        iterations=iterations,
        rollout_cap=40,
        evaluate=evaluation("imperium"),
        boundary=BOUNDARY["imperium"],
        leaf=imperium_leaf(),
        stepper=Stepper(None, "imperium"),
        id_policy=end_turn_ids,
        reply=reply,
    )


def test_reply_plays_only_the_opponents_next_turn() -> None:
    # IMP-3.1: Rome's turn, then Greece's (upkeep, draw, energy roll, actions), then Rome's
    st = imp_build(
        {
            "active": "R",
            "phase": "action",
            "energy": 4,
            "R": {"hand": ["farm", "walls", "caravan"]},
            "G": {"hand": ["farm", "walls", "hoplite"], "play": ["farm"]},
        }
    )
    seat = st["decks"].index("roman")
    heuristic = REPLY["imperium"]()
    calls: list[tuple[int, tuple]] = []

    def spy(rules, world, mover, prompt, rng):
        calls.append((mover, BOUNDARY["imperium"](world)))
        return heuristic.choose(rules, world, mover, prompt, rng)

    res = _search(st, seat, spy, iterations=30)
    assert res.iterations == 30
    assert calls, "the reply policy was never asked"
    root_turn = BOUNDARY["imperium"](st)
    assert {m for m, _ in calls} == {1 - seat}  # only Greece replies
    assert all(k != root_turn and k[1] == 1 - seat for _, k in calls)  # in Greece's own turn
    assert len({k for _, k in calls}) == 1  # and no later turn


def test_reply_horizon_sees_the_army_victory_coming() -> None:
    st, seat = _army_race()
    res = _search(st, seat, REPLY["imperium"]().choose, iterations=80)
    assert res.best == "play:legion", res.ranked[:4]
