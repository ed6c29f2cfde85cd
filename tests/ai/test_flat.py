"""The flat search with heuristic rollouts (engine/ai/flat.py) on hand-checked positions,
rollout-boxed (deterministic for a seed). Rule IDs from shared/rules/."""

from __future__ import annotations

from imp_positions import republic_win, swapped_hidden_hand

from engine.ai.evaluations import evaluation
from engine.ai.flat import KEEP, flat_search
from engine.ai.playouts import BOUNDARY
from engine.games.imperium import RULES as IMP
from engine.games.imperium.bot import ImperiumBot
from engine.games.imperium.position import build as imp_build
from engine.rng import Rng


def _cheap():
    bot = ImperiumBot(work_budget=40, max_depth=2)
    return bot.choose


def _run(st, seat, prior, iterations=60, seed=1):
    return flat_search(
        IMP,
        st,
        seat,
        Rng.seeded(seed),
        _cheap,
        seconds=None,
        iterations=iterations,
        evaluate=evaluation("imperium"),
        boundary=BOUNDARY["imperium"],
        turns=2,
        prior=prior,
        margin=0.03,
        z=2.0,
    )


def _certain_loss() -> dict:
    # IMP-3.2(a), IMP-6.6, IMP-6.1: Greece holds Army Dominance with 4 counters, its upkeep
    # makes 5 and wins; Rome's only way out this turn is playing the Legion (then tapping it)
    return imp_build(
        {
            "active": "R",
            "phase": "action",
            "energy": 10,
            "army_dom": "G",
            "R": {"hand": ["farm", "walls", "legion", "caravan"]},
            "G": {"army": 4, "play": ["hoplite(T)", "farm"]},
        }
    )


def test_a_losing_prior_is_overruled_by_the_forced_defence() -> None:
    # a heuristic that ends the turn loses in every world (reward 0); the search plays the
    # Legion, after which the heuristic's own rollouts tap it and keep the game going
    st = _certain_loss()
    seat = st["decks"].index("roman")
    res = _run(st, seat, lambda rules, world, s, prompt, rng: "end")
    assert res.prior == "end" and res.best == "play:legion", res.ranked[:3]
    lost = next(r for r in res.ranked if r[0] == "end")
    assert lost[2] == 0.0 and lost[1] >= 4
    kept = _run(st, seat, lambda rules, world, s, prompt, rng: "play:legion")
    assert kept.best == "play:legion"


def test_the_immediate_win_is_kept() -> None:
    # IMP-9.12: the heuristic plays the Republic (a win at once): nothing beats it
    st = imp_build(republic_win())
    seat = st["decks"].index("roman")
    res = _run(st, seat, lambda rules, world, s, prompt, rng: "play:republic")
    assert res.best == "play:republic" and res.ranked[0][2] == 1.0


def test_candidates_are_halved_but_the_prior_stays_in_the_race() -> None:
    # the prior ("end") is played in every round; after round 2 at most half of the other
    # choices (and at least KEEP - 1) go on, so the most searched choices number <= KEEP
    st = imp_build(republic_win())
    seat = st["decks"].index("roman")
    res = _run(st, seat, lambda rules, world, s, prompt, rng: "end", iterations=80)
    runs = dict((c, n) for c, n, _ in res.ranked)
    rounds = runs["end"]
    assert rounds == max(runs.values()) and rounds > 2
    assert len(runs) > KEEP  # the position has more choices than the race keeps
    assert 1 <= sum(1 for n in runs.values() if n == rounds) <= KEEP
    assert all(n >= 2 for n in runs.values())  # every choice ran the first two rounds
    # a round the box cuts short is not counted (its candidates were not all compared)
    assert res.iterations == 80 and 80 - KEEP < sum(runs.values()) <= 80


def test_flat_search_never_reads_the_opponents_hidden_cards() -> None:
    # Greece's hand and deck swapped card for card in the real state: Rome sees the same, so
    # the search (rollout-boxed, same seed) ranks the same, down to every mean reward
    st, swapped, seat = swapped_hidden_hand()
    prior = ImperiumBot().choose
    a = _run(st, seat, prior, iterations=40, seed=3)
    b = _run(swapped, seat, prior, iterations=40, seed=3)
    assert a.ranked == b.ranked


def test_every_candidate_is_scored_at_the_same_turn_boundary() -> None:
    # IMP-3.7: "end" ends Rome's turn at once. With one boundary to cross, its rollout stops
    # right there (counted from the root's turn), where a card play's rollout stops after the
    # heuristic ends Rome's turn: neither is scored a whole turn later than the other
    from engine.ai.flat import _rollout

    st = _certain_loss()
    seat = st["decks"].index("roman")
    key0 = BOUNDARY["imperium"](st)
    policies = [_cheap(), _cheap()]
    ended = IMP.clone(st)
    IMP.apply(ended, seat, "end", Rng(ended["rng"]))
    after_end = IMP.clone(ended)
    _rollout(IMP, ended, policies, Rng.seeded(1), BOUNDARY["imperium"], 1, 200, key0)
    assert ended == after_end  # nothing played: the boundary was already crossed
    played = IMP.clone(st)
    IMP.apply(played, seat, "play:legion", Rng(played["rng"]))
    _rollout(IMP, played, policies, Rng.seeded(1), BOUNDARY["imperium"], 1, 200, key0)
    assert BOUNDARY["imperium"](played) != key0 and played["active"] != seat
    assert BOUNDARY["imperium"](played)[0] == BOUNDARY["imperium"](after_end)[0]
