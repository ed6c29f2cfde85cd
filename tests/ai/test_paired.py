"""The paired flat search with heuristic rollouts (engine/ai/paired.py) on hand-checked
Mausoleum positions, rollout-boxed (deterministic for a seed). Rule IDs: shared/rules/mausoleum.md.
"""

from __future__ import annotations

from engine.ai.paired import PairedBot, paired_search, rollout
from engine.ai.playouts import BOUNDARY, Stepper
from engine.games.mausoleum import RULES
from engine.games.mausoleum.bot import MausoleumBot
from engine.games.mausoleum.bot_value import win_chances
from engine.games.mausoleum.position import build
from engine.rng import Rng

WINNING_BUYS = {"buy:37", "buy:38", "buy:39", "buy:40"}


def _winning_buy() -> dict:
    # MAU-8.1, 8.6, 9.5: Chapel (7) bought and Aunt (4) in the morgue: buying a grave worth 3
    # or 4 (Aunt pays 4) reaches 10 and wins at the end of the turn
    return build(
        {
            "seats": 4,
            "P0": {
                "hand": ["Brat#6", "Croquet#19", "Holiday#46", "Sheep#3"],
                "party": ["Uncle#5"],
                "morgue": ["Aunt#1"],
                "mausoleum": ["Chapel#45"],
            },
            "P1": {"hand": ["Grandpa#9", "Brat#15"]},
            "discard": ["Punch#32"],
        }
    )


def _stubborn():
    """The heuristic, except that it draws from the deck whenever it may (a misjudgement the
    search must overrule)."""
    bot = MausoleumBot()

    def choose(rules, st, seat, prompt, rng):
        ids = [c.id for c in prompt.choices]
        return "draw:deck" if "draw:deck" in ids else bot.choose(rules, st, seat, prompt, rng)

    return choose


def _search(st, policy, seed=1, iterations=60):
    return paired_search(
        RULES,
        st,
        0,
        Rng.seeded(seed),
        policy,
        seconds=None,
        iterations=iterations,
        stepper=Stepper(None, "mausoleum"),
        evaluate=lambda rules, w: win_chances(w),
        boundary=BOUNDARY["mausoleum"],
        turns=4,
    )


def test_a_misjudging_heuristic_is_overruled_by_the_winning_buy() -> None:
    st = _winning_buy()
    res = _search(st, _stubborn)
    assert res.prior == "draw:deck"  # the heuristic's own choice is the default
    assert res.best in WINNING_BUYS  # a win (reward 1) beats any rollout of a drawn card
    assert res.ranked[0][2] == 1.0


def test_the_heuristic_choice_stands_when_it_wins() -> None:
    res = _search(_winning_buy(), lambda: MausoleumBot().choose)
    assert res.prior in WINNING_BUYS and res.best == res.prior


def test_hidden_cards_do_not_change_the_choice() -> None:
    # the search's worlds are dealt from what seat 0 sees: swapping P1's hidden hand with
    # deck cards in the real state leaves its choice unchanged (MAU-11.4)
    a = _winning_buy()
    b = _winning_buy()
    deck = list(b["deck"])
    b["hands"][1], b["deck"] = deck[-2:], [*b["hands"][1], *deck[:-2]]
    ra, rb = _search(a, _stubborn, seed=3), _search(b, _stubborn, seed=3)
    assert ra.best == rb.best and ra.best in WINNING_BUYS


def test_a_rollout_plays_one_round_by_the_heuristic() -> None:
    st = _winning_buy()
    world = RULES.determinize(st, 0, Rng.seeded(2))
    RULES.apply(world, 0, "draw:deck", Rng(world["rng"]))
    bots = [MausoleumBot().choose for _ in range(4)]
    made = rollout(
        RULES, world, bots, Rng.seeded(2), Stepper(None, "mausoleum"), BOUNDARY["mausoleum"], 4, 400
    )
    # four turns ended (P0's and the three others', MAU-3.8) unless the match ended first
    assert made > 0
    assert world["phase"] == "over" or (world["turns"] == 4 and world["active"] == 0)


def test_paired_bot_is_the_hard_level_where_tuned() -> None:
    from engine.ai.levels import TUNING, make_level

    saved = dict(TUNING["mausoleum"])
    try:
        TUNING["mausoleum"]["paired"] = 1
        bot = make_level("mausoleum", "hard", MausoleumBot, iterations=30)
        assert isinstance(bot, PairedBot)
        st = _winning_buy()
        prompt = RULES.prompt(st, 0)
        assert bot.choose(RULES, st, 0, prompt, Rng.seeded(4)) in WINNING_BUYS
    finally:
        TUNING["mausoleum"].clear()
        TUNING["mausoleum"].update(saved)
