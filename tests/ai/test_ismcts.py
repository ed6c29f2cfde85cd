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
from engine.games.mausoleum import RULES as MAU
from engine.games.mausoleum.position import build as mau_build
from engine.games.res_publica import RULES as RP
from engine.games.res_publica.position import build as rp_build
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
    seat = st["decks"].index("roman")
    choice, res = best(IMP, st, seat, iterations=400, cap=40)
    assert choice == "play:legion", res.ranked[:4]


def test_mausoleum_buys_the_winning_grave() -> None:
    # MAU-8.1, MAU-8.6, MAU-9.5: Chapel (7) bought, Aunt (4) in the morgue: a grave worth 3
    # or 4 wins at the end of the turn.
    st = mau_build(
        {
            "seats": 4,
            "P0": {
                "hand": ["Brat#6", "Croquet#19", "Holiday#46", "Sheep#3"],
                "party": ["Uncle#5"],
                "morgue": ["Aunt#1"],
                "mausoleum": ["Chapel#45"],
            },
            "discard": ["Grandpa#9"],
        }
    )
    choice, res = best(MAU, st, 0, iterations=300)
    assert choice in {"buy:37", "buy:38", "buy:39", "buy:40"}, res.ranked[:4]


def test_mausoleum_stops_a_rival_one_purchase_from_winning() -> None:
    # MAU-6.3, MAU-8.1, MAU-9.5: P1 has Chapel (7) and Uncle#14 (5) in its morgue, so any
    # purchase of a 3 wins next turn; Misplaced#48 on Uncle#14 takes that away. P0 must first
    # draw (MAU-3.2), then the search's line keeps P1 from winning on its turn.
    st = mau_build(
        {
            "seats": 4,
            "P0": {"hand": ["Misplaced#48", "Brat#6", "Aunt#10", "Doozy#47"]},
            "P1": {"morgue": ["Uncle#14"], "mausoleum": ["Chapel#45"]},
            "discard": ["Stairs#22"],
            "seed": 0,
        }
    )
    rng = Rng.seeded(5)
    turns = st["turns"]
    while st["phase"] != "over" and st["turns"] == turns:
        choice, _ = best(MAU, st, 0, iterations=150)
        MAU.apply(st, 0, choice, rng)
    assert 14 not in st["morgue"][1] or any(h in (8, 17) for h, _ in st["party"][1])


def test_res_publica_rejects_an_answer_that_takes_its_set() -> None:
    # RP-4.8, RP-4.9: paying four Architecture (a set in the making) for the one asked for
    # loses value: the search rejects.
    st = rp_build(
        {
            "people_deck": 30,
            "civ_deck": 50,
            "hands": {"P1": "AR×4, GO, SH", "P2": "AR, HU", "P3": "AR, VI"},
        }
    )
    for choice in ("request", "n:1", "k:AR", "send"):
        RP.apply(st, 0, choice, Rng.seeded(1))
    RP.apply(st, 1, "resp:4AR", Rng.seeded(1))
    RP.apply(st, 2, "pass", Rng.seeded(1))
    assert [c.id for c in RP.prompt(st, 0).choices] == ["accept:1", "reject"]
    choice, res = best(RP, st, 0, iterations=60)
    assert choice == "reject", res.ranked


def test_search_never_reads_the_opponents_hidden_cards() -> None:
    # Greece's hand and deck are swapped card for card in the real state: Rome's view is the
    # same, so with the same seed the search (iteration-boxed) decides the same, down to every
    # visit count and mean reward.
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
