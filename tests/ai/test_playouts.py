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

SEATS = {"imperium": 2, "mausoleum": 4, "res_publica": 4}
EXACT = ["imperium", "mausoleum"]
"""Fast steps that list the prompt's own ids (Res Publica's lists macro choices)."""


def _setup(game: str, seed: int):
    rules = registry.get(game)
    seats = tuple(SeatConfig(f"P{i}", "random") for i in range(SEATS[game]))
    return rules, rules.setup(Config(seats, resolve_options(rules)), Rng.seeded(seed))


VARIANTS = [
    ("imperium", 2, {}),
    ("imperium", 2, {"homeros_mode": "three_turns", "extra_draw_timing": "any_time"}),
    ("imperium", 2, {"enter_tap": "summoning_sickness", "empty_deck": "reshuffle"}),
    ("imperium", 2, {"steal_mode": "deny", "army_win_timing": "start_of_turn"}),
    ("mausoleum", 4, {}),
    ("mausoleum", 2, {"gardener_penalty": "off"}),
    ("mausoleum", 3, {"start_player": "host_choice", "win_threshold": 12}),
    ("mausoleum", 6, {"six_plus_graves": 18}),
]
"""Rule options and seat counts the fast steps are checked under (the fast ``ids`` restate the
legality tests, so each option that changes one is played: IMP-V3, V4, V10; MAU-V2-V4)."""


@pytest.mark.parametrize(("game", "seats", "opts"), VARIANTS)
@pytest.mark.parametrize("seed", [4, 5, 6, 7])
def test_fast_step_matches_the_rules_under_options(game: str, seats: int, opts: dict, seed: int):
    rules = registry.get(game)
    cfg = Config(
        tuple(SeatConfig(f"P{i}", "random") for i in range(seats)), resolve_options(rules, opts)
    )
    slow = rules.setup(cfg, Rng.seeded(seed))
    _walk(game, rules, slow, seed)


@pytest.mark.parametrize("game", EXACT)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_fast_step_matches_the_rules(game: str, seed: int) -> None:
    assert set(FAST) == set(SEATS)
    assert not Stepper(None, game).rollout_only
    rules, slow = _setup(game, seed)
    _walk(game, rules, slow, seed)


def _walk(game: str, rules, slow, seed: int) -> None:
    """Random play from ``slow`` to the end through the rules and the fast step side by side."""
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


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_res_publica_macro_step_agrees_with_the_rules(seed: int) -> None:
    # Res Publica's rollout step lists whole statements (README "Choice ids": the req:, off:,
    # resp:, give: shortcuts) besides the prompt's own accept / display / draw ids. Every id
    # it lists must be legal for rules.apply (IllegalAction otherwise), and applying it
    # through either path must leave the same state, down to the outcome (RP-9).
    from engine.rules import IllegalAction

    rules, slow = _setup("res_publica", seed)
    fast = rules.clone(slow)
    stepper = Stepper(None, "res_publica")
    assert stepper.rollout_only
    pick = Rng.seeded(seed + 100)
    decisions = 0
    kinds = set()
    while rules.waiting(slow):
        assert rules.waiting(fast) == rules.waiting(slow)
        seat = rules.waiting(slow)[0]
        ids = stepper.ids(fast, seat)
        assert ids and len(set(ids)) == len(ids)
        if decisions % 7 == 0:  # every listed id is legal for the rules contract
            for cid in ids:
                trial = rules.clone(slow)
                try:
                    rules.apply(trial, seat, cid, Rng(trial["rng"]))
                except IllegalAction as err:  # pragma: no cover - the failure message
                    raise AssertionError(f"seed {seed}: {cid!r} illegal: {err}") from None
        choice = ids[pick.randbelow(len(ids))]
        kinds.add(choice.partition(":")[0])
        rules.apply(slow, seat, choice, Rng(slow["rng"]))
        stepper.apply(fast, seat, choice, Rng(fast["rng"]))
        assert fast == slow, f"seed {seed}: states differ after {choice!r}"
        decisions += 1
        assert decisions < 20_000
    assert rules.outcome(fast) == rules.outcome(slow) is not None
    assert {"req", "resp", "accept", "civ"} <= kinds  # trades were made, not only skipped
    assert decisions > 50


def test_res_publica_search_uses_the_contract_in_its_tree() -> None:
    # with the macro step for rollouts, the root's children are still the prompt's own ids
    from engine.ai.evaluations import evaluation
    from engine.games.res_publica.position import build as rp_build

    rules = registry.get("res_publica")
    st = rp_build({"people_deck": 30, "civ_deck": 50, "hands": {"P1": "AR×4, GO, SH"}})
    prompt_ids = [ch.id for ch in rules.prompt(st, 0).choices]
    res = search(
        rules,
        st,
        0,
        Rng.seeded(3),
        seconds=None,
        iterations=40,
        rollout_cap=60,
        evaluate=evaluation("res_publica"),
        stepper=Stepper(None, "res_publica"),
    )
    assert sorted(c for c, _, _ in res.ranked) == sorted(prompt_ids)
    assert sum(v for _, v, _ in res.ranked) == 40
