"""The OpenSpiel adapter (engine/adapters/openspiel.py, issue 22): OpenSpiel's own checks on every
game, stable action numbers, the leak test from the outside, serialization through the journal
format, returns from the outcome, and OpenSpiel's ISMCTS and MCTS bots playing whole games."""

from __future__ import annotations

import pickle
import random

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="open-spiel is not installed (pip install '.[openspiel]')"
)

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from engine import journal as jr  # noqa: E402
from engine import registry  # noqa: E402
from engine.adapters import openspiel as osp  # noqa: E402
from engine.match import state_hash  # noqa: E402
from engine.session import load_match  # noqa: E402

# (game, players, random_sim_test simulations): every game, the seat range's ends where cheap.
SIMS = [
    ("imperium", 2, 3),
    ("mausoleum", 2, 2),
    ("mausoleum", 5, 1),
    ("res_publica", 3, 1),
    ("res_publica", 5, 1),
    ("imperial_struggle", 2, 1),
]


def load(game: str, players: int, seed: int = 0):
    return pyspiel.load_game(osp.PREFIX + game, {"players": players, "seed": seed})


def random_walk(game, seed: int, every: int = 1):
    """Yield states along one uniformly random game (every ``every``-th decision)."""
    rnd = random.Random(seed)
    state = game.new_initial_state()
    state.apply_action(rnd.randrange(osp.SEEDS))
    n = 0
    while not state.is_terminal():
        if n % every == 0:
            yield state
        state.apply_action(rnd.choice(state.legal_actions()))
        n += 1
    yield state


def test_every_registered_game_is_registered_with_openspiel():
    names = set(pyspiel.registered_names())
    for rules in registry.games():
        assert osp.PREFIX + rules.id in names
        game_type = pyspiel.load_game(osp.PREFIX + rules.id).get_type()
        assert game_type.min_num_players == rules.min_seats
        assert game_type.max_num_players == rules.max_seats
        assert game_type.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        # every rule option is a game parameter with the rulings' default
        spec = game_type.parameter_specification
        for opt in rules.options:
            assert str(spec[opt.key]) == str(opt.default)


@pytest.mark.parametrize(("game", "players", "sims"), SIMS)
def test_openspiel_random_sim_test(game, players, sims):
    """OpenSpiel's own check: legal actions sorted and non-empty, action strings unique, clone
    and serialize/deserialize give equal states, returns within bounds and summing right."""
    pyspiel.random_sim_test(load(game, players), num_sims=sims, serialize=True, verbose=False)


@pytest.mark.parametrize("game", ["imperium", "mausoleum", "res_publica", "imperial_struggle"])
def test_same_choice_same_action_number(game):
    rules = registry.get(game)
    g = load(game, rules.min_seats)
    amap = g.action_map
    seen: dict[str, int] = {}
    for state in random_walk(g, seed=5):
        if state.is_terminal():
            break
        prompt, by_action = state._prompt()
        assert sorted(by_action) == state.legal_actions()
        for action, choice in by_action.items():
            assert seen.setdefault(choice, action) == action
            assert amap.action(choice) == action
            assert state.action_to_string(state.current_player(), action) in {
                c.label if c.id == choice else None for c in prompt.choices
            } | {f"{prompt.get(choice).label} ({choice})"}
    assert len(set(seen.values())) == len(seen)  # distinct ids, distinct numbers
    assert g.num_distinct_actions() == len(amap.ids) + osp.OVERFLOW


@pytest.mark.parametrize(
    ("game", "players"),
    [("imperium", 2), ("mausoleum", 3), ("res_publica", 3), ("imperial_struggle", 2)],
)
def test_info_state_does_not_change_when_hidden_cards_are_resampled(game, players):
    """The leak test from the outside: resample what a seat cannot see and its information
    state and observation strings stay byte-identical, while the hidden state really varies."""
    g = load(game, players)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    varied = 0
    checked = 0
    for state in random_walk(g, seed=11, every=7):
        if state.is_terminal() or checked >= 40:
            break
        for p in range(players):
            other = state.resample_from_infostate(p, sampler)
            assert other.information_state_string(p) == state.information_state_string(p)
            assert other.observation_string(p) == state.observation_string(p)
            if p == state.current_player():
                assert other.legal_actions() == state.legal_actions()
            varied += str(other) != str(state)
        checked += 1
    assert checked >= 5
    assert varied > 0  # resampling changed something hidden


@pytest.mark.parametrize("game", ["imperium", "res_publica", "imperial_struggle"])
def test_serialized_state_is_a_journal_that_replays(game):
    rules = registry.get(game)
    g = load(game, rules.min_seats, seed=3)
    state = None
    for n, state in enumerate(random_walk(g, seed=2)):
        if n == 60 or state.is_terminal():
            break
    data = state.core.journal_bytes()
    match = load_match(jr.parse(data, "adapter"))
    assert state_hash(match.state) == state_hash(state.core.state)
    assert len(match.line) == sum(len(o) for o in state.core.own)
    again = g.deserialize_state(state.serialize())
    assert str(again) == str(state)
    assert again.legal_actions() == state.legal_actions()
    # the pickled engine side is exactly those journal bytes
    assert data in pickle.dumps(state.core)


@pytest.mark.parametrize(
    ("game", "players"), [("imperium", 2), ("mausoleum", 4), ("res_publica", 3)]
)
def test_returns_follow_the_outcome(game, players):
    g = load(game, players, seed=9)
    *_, state = random_walk(g, seed=9)
    out = state.core.rules.outcome(state.core.state)
    returns = state.returns()
    if g.zero_sum:
        expected = (
            [0.0] * players
            if not out.winners
            else [1.0 if s in out.winners else -1.0 for s in range(players)]
        )
    elif out.winners:
        expected = [1.0 / len(out.winners) if s in out.winners else 0.0 for s in range(players)]
    else:
        expected = [1.0 / players] * players
    assert returns == pytest.approx(expected)


def ismcts_bot(g, sims: int, rollout: int | None, seed: int):
    rs = __import__("numpy").random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs, max_length=rollout)
    return ismcts.ISMCTSBot(
        g,
        evaluator,
        uct_c=2.0,
        max_simulations=sims,
        random_state=rs,
        allow_inconsistent_action_sets=True,
    )


def our_kind(game: str) -> str:
    return "bot" if "bot" in registry.bot_kinds(game) else "random"


@pytest.mark.parametrize(
    ("game", "players", "sims", "rollout"),
    [
        ("imperium", 2, 8, None),
        ("mausoleum", 2, 4, 40),
        ("res_publica", 3, 2, 30),
        ("imperial_struggle", 2, 2, 10),
    ],
)
def test_openspiel_ismcts_plays_whole_games_against_our_bots(game, players, sims, rollout):
    g = load(game, players, seed=1)
    state = g.new_initial_state()
    state.apply_action(17)
    bots = [ismcts_bot(g, sims, rollout, 1)] + [
        osp.ImperiaBot(g, p, our_kind(game), seed=p) for p in range(1, players)
    ]
    returns = osp.play(state, bots)
    assert state.is_terminal()
    assert sum(returns) == pytest.approx(0.0 if g.zero_sum else 1.0)


def test_openspiel_mcts_plays_a_whole_game_against_our_bot():
    g = load("imperium", 2, seed=4)
    state = g.new_initial_state()
    state.apply_action(3)
    rs = __import__("numpy").random.RandomState(4)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    bots = [
        osp.ImperiaBot(g, 0, "bot", seed=0),
        mcts.MCTSBot(g, uct_c=2.0, max_simulations=8, evaluator=evaluator, random_state=rs),
    ]
    returns = osp.play(state, bots)
    assert sorted(returns) == [-1.0, 1.0] or returns == [0.0, 0.0]
