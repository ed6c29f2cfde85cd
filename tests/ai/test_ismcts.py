"""The search bot (engine/ai/ismcts.py) on hand-checked positions, iteration-boxed.

Every search here runs *without* the heuristic prior (``prior=None``): the choice must come from
the search itself (determinized worlds, rollouts, the cut-off evaluation of
engine/ai/evaluations.py). Positions are the ones the heuristic bots' tests use, built with each
game's ``position.build``; rule IDs from shared/rules/.
"""

from __future__ import annotations

import pytest
from imp_positions import republic_win, swapped_hidden_hand

from engine.ai.evaluations import evaluation
from engine.ai.ismcts import search
from engine.ai.levels import TUNING
from engine.games.imperium import RULES as IMP
from engine.games.imperium.position import build as imp_build
from engine.rng import Rng


def best(rules, state, seat, iterations=300, seed=1, cap=None):
    """The search's top root choice (the game's cut-off and evaluation, no prior)."""
    game = rules.id
    res = search(
        rules,
        state,
        seat,
        Rng.seeded(seed),
        seconds=None,
        iterations=iterations,
        rollout_cap=TUNING[game]["rollout_cap"] if cap is None else cap,
        evaluate=evaluation(game),
    )
    assert res.iterations == iterations
    return res.best, res


def test_imperium_plays_republic_to_win() -> None:
    # IMP-9.12: five dice-increase cards in play, 11 energy, Republic in hand: playing it wins
    st = imp_build(republic_win())
    seat = st["decks"].index("roman")
    choice, res = best(IMP, st, seat, iterations=200)
    assert choice == "play:republic", res.ranked[:3]
    assert res.ranked[0][2] == pytest.approx(1.0)  # every world: a win


def test_imperium_retakes_army_dominance_against_certain_loss() -> None:
    # IMP-3.2(a), IMP-6.6, IMP-6.1: Greece holds Army Dominance with 4 counters, its upkeep
    # makes 5; Rome's only way out is playing the Legion (then tapping it) this turn.
    st, swapped, seat = swapped_hidden_hand()
    a = best(IMP, st, seat, iterations=150, seed=3)[1]
    b = best(IMP, swapped, seat, iterations=150, seed=3)[1]
    assert a.ranked == b.ranked


def test_a_prior_is_kept_without_evidence_and_overruled_by_a_found_win() -> None:
    from engine.ai.ismcts import MIN_EVIDENCE, _keep_prior

    ranked = [("a", 60, 0.70), ("b", 30, 0.50), ("c", MIN_EVIDENCE - 1, 0.95)]
    assert _keep_prior(ranked, "b", 0.1)[0][0] == "a"  # a: 0.2 better over 60 visits
    assert _keep_prior(ranked, "a", 0.1)[0][0] == "a"  # c is better but barely searched
    assert _keep_prior(ranked, "b", 0.25)[0][0] == "b"  # within the margin: the prior stands
    # IMP-9.12 position: a prior that ends the turn is overruled, playing the Republic wins
    st = imp_build(republic_win())
    seat = st["decks"].index("roman")
    res = search(
        IMP,
        st,
        seat,
        Rng.seeded(2),
        seconds=None,
        iterations=300,
        rollout_cap=12,
        evaluate=evaluation("imperium"),
        prior=lambda rules, world, s, prompt, rng: "end",
        prior_weight=1.0,
        prior_margin=0.1,
    )
    assert res.prior == "end" and res.best == "play:republic"


def test_the_time_box_counts_the_given_clock_and_the_wall_cap_stops_it() -> None:
    # the time box is read from ``clock`` (CPU time by default), not the wall clock: a fake
    # clock moving 0.25 s a call allows exactly four iterations in a 1 s box (the deadline is
    # read once, then once before each iteration after the first)
    st = imp_build(republic_win())
    seat = st["decks"].index("roman")
    ticks = iter(k * 0.25 for k in range(1, 100))
    res = search(IMP, st, seat, Rng.seeded(1), seconds=1.0, clock=lambda: next(ticks))
    assert res.iterations == 4
    # a wall cap already spent: the search still runs its one iteration and stops
    res = search(IMP, st, seat, Rng.seeded(1), seconds=100.0, wall_cap=0.0)
    assert res.iterations == 1
