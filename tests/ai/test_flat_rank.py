"""The flat search guided by the heuristic's own ranking (engine/ai/flat.py ``rank``, iMperium's
``ImperiumBot.rank``): rollouts only where the heuristic is unsure, among its best candidates.
Rollout-boxed, so deterministic for a seed. Rule IDs from shared/rules/."""

from __future__ import annotations

from imp_positions import republic_win, swapped_hidden_hand

from engine.ai import decide
from engine.ai.evaluations import evaluation
from engine.ai.flat import flat_search
from engine.ai.playouts import BOUNDARY
from engine.games.imperium import RULES as IMP
from engine.games.imperium.bot import WIN, ImperiumBot
from engine.games.imperium.position import build as imp_build
from engine.rng import Rng
from engine.rules import SeatConfig
from engine.session import new_match


def _cheap():
    return ImperiumBot(work_budget=40, max_depth=2).choose


def _run(st, seat, rank, gap, top=2, iterations=40, seed=1):
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
        prior=ImperiumBot().choose,
        rank=rank,
        gap=gap,
        top=top,
        margin=0.03,
        z=2.0,
    )


def _certain_loss() -> dict:
    # IMP-3.2(a), IMP-6.6, IMP-6.1: Greece holds Army Dominance with 4 counters, its upkeep
    # makes 5 and wins; Rome's only way out this turn is playing the Legion
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


def test_rank_puts_the_heuristics_own_choice_first() -> None:
    # along a heuristic match, at every decision the bot searches, rank's first id is the
    # bot's choice; decisions by a direct rule (opening discard, IMP-2.5) are not ranked
    match = new_match("imperium", [SeatConfig("A", "bot"), SeatConfig("B", "bot")], seed=4)
    bots, rng = [ImperiumBot(), ImperiumBot()], Rng.seeded(4)
    ranked = direct = 0
    for _ in range(60):
        if match.over:
            break
        seat = match.waiting()[0]
        prompt = match.prompt(seat)
        world = IMP.determinize(match.state, seat, Rng.seeded(ranked + direct))
        r = ImperiumBot().rank(IMP, world, seat, prompt)
        pick = ImperiumBot().choose(IMP, world, seat, prompt, Rng.seeded(0))
        if r is None:
            direct += len(prompt.choices) > 1
        else:
            ranked += 1
            assert r[0][1] == pick
            assert [v for v, _c in r] == sorted((v for v, _c in r), reverse=True)
        match.act(seat, decide(bots[seat], IMP, match.state, seat, rng))
    assert ranked > 10 and direct >= 2  # both opening discards at least


def test_an_immediate_win_is_ranked_alone_and_played_without_rollouts() -> None:
    # IMP-9.12: the Republic wins at once; nothing else is ranked and nothing rolled out
    st = imp_build(republic_win())
    seat = st["decks"].index("roman")
    assert ImperiumBot().rank(IMP, st, seat, IMP.prompt(st, seat)) == [(WIN, "play:republic")]
    res = _run(st, seat, ImperiumBot().rank, gap=3.0)
    assert res.best == "play:republic" and res.iterations == 0


def test_a_sure_heuristic_is_not_searched_and_an_unsure_one_is() -> None:
    # the same position: a rank whose best two are 10 apart is played at once; 1 apart, the
    # two (top=2) are raced and nothing else is tried
    st = _certain_loss()
    seat = st["decks"].index("roman")

    def rank_by(gap_between):
        return lambda rules, world, s, prompt: [
            (5.0, "play:legion"),
            (5.0 - gap_between, "play:farm"),
            (0.0, "end"),
        ]

    sure = _run(st, seat, rank_by(10.0), gap=3.0)
    assert sure.best == "play:legion" and sure.iterations == 0
    unsure = _run(st, seat, rank_by(1.0), gap=3.0)
    runs = {c: n for c, n, _m in unsure.ranked}
    assert runs["play:legion"] == runs["play:farm"] > 4
    assert sum(runs.values()) == runs["play:legion"] + runs["play:farm"] == unsure.iterations


def test_a_losing_first_choice_is_overruled_by_the_forced_defence() -> None:
    # a rank that puts "end" first (Greece's upkeep then wins, IMP-3.2(a)) but within the
    # gap of the Legion: the paired rollouts lose every world after "end" and play the Legion
    st = _certain_loss()
    seat = st["decks"].index("roman")

    def rank(rules, world, s, prompt):
        return [(1.0, "end"), (0.5, "play:legion"), (0.0, "play:farm")]

    res = _run(st, seat, rank, gap=3.0, top=3)
    assert res.prior == "end" and res.best == "play:legion", res.ranked
    assert next(m for c, _n, m in res.ranked if c == "end") == 0.0


def test_ranked_search_never_reads_the_opponents_hidden_cards() -> None:
    # Greece's hand and deck swapped card for card in the real state: Rome's view is the same,
    # so the ranked search (same seed, gap wide enough to search) ranks the same
    st, swapped, seat = swapped_hidden_hand()
    a = _run(st, seat, ImperiumBot().rank, gap=1e9, top=3, iterations=30, seed=3)
    b = _run(swapped, seat, ImperiumBot().rank, gap=1e9, top=3, iterations=30, seed=3)
    assert a.iterations == 30 and a.ranked == b.ranked
