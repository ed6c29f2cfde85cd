"""Bot levels (engine/ai/levels.py): the seat kinds ``bot:easy`` .. ``bot:expert`` everywhere a
seat is chosen, and the save header that records them."""

from __future__ import annotations

import pytest
from tinygame import RULES as HIGHCARD

from engine import journal as jr
from engine import registry
from engine.ai.flat import FlatBot
from engine.ai.ismcts import ISMCTSBot
from engine.ai.levels import level_of
from engine.games.imperium.bot import ImperiumBot
from engine.rng import Rng
from engine.session import BotSeats, load_match, new_match, parse_seats


def test_levels_are_offered_for_every_game_with_a_heuristic() -> None:
    for game in ("imperium", "mausoleum", "res_publica"):
        kinds = registry.bot_kinds(game)
        assert kinds[:2] == ["random", "bot"]
        assert kinds[2:] == ["bot:easy", "bot:normal", "bot:hard", "bot:expert"]


def test_level_bots() -> None:
    assert level_of("bot") == "normal" and level_of("bot:expert") == "expert"
    assert level_of("random") is None and level_of("bot:silly") is None
    assert isinstance(registry.make_bot("imperium", "bot:normal"), ImperiumBot)
    hard = registry.make_bot("imperium", "bot:hard")
    expert = registry.make_bot("imperium", "bot:expert")
    assert isinstance(hard, ISMCTSBot) and (hard.seconds, hard.kind) == (1.0, "bot:hard")
    assert (expert.seconds, expert.name) == (5.0, "Expert bot")
    for game in ("imperium", "mausoleum"):  # the heuristic guides every search
        spec = registry.make_bot(game, "bot:hard").spec
        guided = spec.prior_weight > 0 or spec.rank is not None  # tree bias, or its ranking
        assert spec.prior is not None and guided and spec.evaluate is not None
    # iMperium: the flat search, only where the heuristic's best two are within the gap
    spec = hard.spec
    assert isinstance(hard, FlatBot) and spec.flat is not None and spec.rank is not None
    assert (spec.gap, spec.top, spec.turns) == (3.0, 3, 2)
    from engine.ai.paired import PairedBot

    bot = registry.make_bot("res_publica", "bot:hard")  # the heuristic plays the rollouts
    assert isinstance(bot, PairedBot) and bot.where is not None
    assert bot.spec.flat is not None and bot.spec.evaluate is not None
    boxed = registry.make_bot("imperium", "bot:hard", iterations=50)
    assert (boxed.seconds, boxed.iterations) == (None, 50)
    with pytest.raises(KeyError, match="bot:silly"):
        registry.make_bot("imperium", "bot:silly")


def test_easy_takes_a_random_choice_a_quarter_of_the_time() -> None:
    # the easy bot's decisions with a choice: about 25% differ from the plain heuristic's
    easy = registry.make_bot("mausoleum", "bot:easy")
    normal = registry.make_bot("mausoleum", "bot")
    rules = registry.get("mausoleum")
    match = new_match("mausoleum", parse_seats("bot,bot,bot", "mausoleum"), seed=4)
    rng_e, rng_n = Rng.seeded(1), Rng.seeded(1)
    differ = asked = 0
    while not match.over and asked < 200:
        seat = match.waiting()[0]
        prompt = match.prompt(seat)
        world = rules.determinize(match.state, seat, Rng.seeded(asked))
        a = easy.choose(rules, world, seat, prompt, rng_e)
        b = normal.choose(rules, world, seat, prompt, rng_n)
        if len(prompt.choices) > 1:
            asked += 1
            differ += a != b
        match.act(seat, b)
    assert asked > 50
    assert 0.05 < differ / asked < 0.3  # a random pick sometimes equals the heuristic's


def test_seats_bot_hard_parse_and_go_into_the_save_header(tmp_path) -> None:
    seats = parse_seats("Ann=human,bot:hard", "imperium")
    assert [(s.name, s.kind) for s in seats] == [("Ann", "human"), ("Hard bot", "bot:hard")]
    assert [s.kind for s in parse_seats("BOT:Easy,bot", "imperium")] == ["bot:easy", "bot"]
    with pytest.raises(ValueError, match="bot:hard"):  # the tiny test game has no heuristic
        parse_seats("human,bot:hard", HIGHCARD.id)
    path = tmp_path / "m.imperia"
    match = new_match("imperium", seats, seed=5, save_path=path)
    match.sink.close()
    loaded = jr.read(path)
    assert loaded.header.seats == [
        {"name": "Ann", "kind": "human"},
        {"name": "Hard bot", "kind": "bot:hard"},
    ]
    again = load_match(loaded)
    bots = BotSeats(again)
    assert isinstance(bots.bots[1], ISMCTSBot) and bots.bots[1].kind == "bot:hard"


def test_a_search_bot_plays_a_whole_match_headless() -> None:
    # iteration-boxed so the test does not depend on the machine's speed
    match = new_match("imperium", parse_seats("bot:hard,random", "imperium"), seed=9)
    bots = BotSeats(match)
    bots.bots[0] = registry.make_bot("imperium", "bot:hard", iterations=20)
    steps = 0
    while not match.over:
        assert bots.step()
        steps += 1
    assert match.rules.outcome(match.state).winners == (0,)
    assert steps > 10


def test_brazil_hard_keeps_the_heuristic_choice_without_evidence() -> None:
    # Brazil: Imperial has a heuristic; its cut-off evaluation may still be missing (then
    # rollouts go to the end). Either way the hard level searches through the rules contract
    # and, with fewer than MIN_EVIDENCE visits per choice, plays the heuristic's own choice.
    from engine.ai.ismcts import MIN_EVIDENCE
    from engine.rules import SeatConfig

    match = new_match(
        "brazil_imperial", [SeatConfig("A", "bot:hard"), SeatConfig("B", "bot")], seed=2
    )
    bot = registry.make_bot("brazil_imperial", "bot:hard", iterations=6)
    spec = bot.spec
    assert spec.prior is not None and spec.prior_margin is not None
    assert spec.rollout_cap == (60 if spec.evaluate is not None else None)
    rules, st = match.rules, match.state
    seat = rules.waiting(st)[0]
    prompt = rules.prompt(st, seat)
    assert len(prompt.choices) > 1
    choice = bot.choose(
        rules, rules.determinize(st, seat, Rng.seeded(4)), seat, prompt, Rng.seeded(5)
    )
    assert choice in {ch.id for ch in prompt.choices}
    assert bot.last is not None and bot.last.iterations == 6 < MIN_EVIDENCE
    assert choice == bot.last.prior
