"""The iMperium heuristic bot (engine/games/imperium/bot.py).

(a) A CI-sized strength check: 20 seeded matches per deck against the random bot, the bot's
    seat alternating (the first player is the seeded coin toss, IMP-2.3).
(b) Hand-checked positions built with ``position.build`` where the right play is clear:
    immediate wins (IMP-8.2), spending energy instead of wasting it (IMP-3.6), defending
    against an imminent army victory (IMP-6.1, IMP-6.6), the extra draw (IMP-3.4).

The bot always sees a determinized copy of the state (``engine.ai.decide``), as in a match.
"""

from __future__ import annotations

from typing import Any

import pytest
from imp_positions import republic_win

from engine.ai import decide
from engine.ai.random_bot import RandomBot
from engine.games.imperium import BOTS, RULES
from engine.games.imperium.bot import AT_LEAST, MEAN_ENERGY, ImperiumBot, p_energy_at_least
from engine.games.imperium.position import build, summarize
from engine.match import Match
from engine.rng import Rng, ScriptedRng
from engine.rules import Config, SeatConfig, resolve_options

# ---------------------------------------------------------------- helpers


def _seat(state: dict[str, Any], who: str) -> int:
    return state["decks"].index({"R": "roman", "G": "greek"}[who])


def bot_turn(
    spec: dict[str, Any], who: str, seed: int = 7, max_steps: int = 40
) -> tuple[list[str], dict]:
    """Let the bot play ``who``'s turn from ``spec`` until it ends the turn (or wins).

    Returns the bot's choices and ``summarize`` of the final state.
    """
    st = build(spec)
    seat = _seat(st, who)
    bot = ImperiumBot()
    brng = Rng.seeded(seed)
    grng = Rng.seeded(seed + 1000)
    chosen: list[str] = []
    for _ in range(max_steps):
        if st["winner"] != -1 or st["active"] != seat or RULES.waiting(st) != (seat,):
            break
        choice = decide(bot, RULES, st, seat, brng)
        chosen.append(choice)
        RULES.apply(st, seat, choice, grng)
        if choice in ("end", "extra"):
            break
    return chosen, summarize(st)


def play_match(seed: int, bot_seat: int, bot_deck: str) -> int:
    """One match of the heuristic bot against the random bot. Returns the winner (decision
    times are measured in scripts/bot_eval.py, not here)."""
    other = "greek" if bot_deck == "roman" else "roman"
    decks = [bot_deck, other] if bot_seat == 0 else [other, bot_deck]
    config = Config(
        (SeatConfig("A", "bot"), SeatConfig("B", "random")),
        resolve_options(RULES, {"decks": f"{decks[0]}_{decks[1]}"}),
    )
    match = Match(RULES, config, seed, "casual")
    bots = {bot_seat: ImperiumBot(), 1 - bot_seat: RandomBot()}
    rngs = {s: Rng.seeded(seed * 31 + s + 1) for s in (0, 1)}
    while not match.over:
        s = match.waiting()[0]
        match.act(s, decide(bots[s], RULES, match.state, s, rngs[s]))
    return match.state["winner"]


# ---------------------------------------------------------------- (a) strength vs random


@pytest.mark.parametrize("deck", ["roman", "greek"])
def test_beats_random_bot(deck: str) -> None:
    wins = 0
    for i in range(20):
        seat = i % 2
        wins += play_match(5000 + i, seat, deck) == seat
    assert wins >= 17, f"the bot as {deck} won only {wins}/20 against random"


def test_registered_as_bot() -> None:
    assert BOTS["bot"] is ImperiumBot
    assert ImperiumBot().name == "Bot"


def test_energy_table() -> None:
    # IMP-4.7: 3 dice, two highest: P(E = 12) = P(at least two sixes) = 16/216
    assert AT_LEAST[3][12] == pytest.approx(16 / 216)
    assert MEAN_ENERGY[1] == pytest.approx(3.5)
    assert p_energy_at_least(3, 0) == 1.0
    assert p_energy_at_least(3, 13) == 0.0
    assert p_energy_at_least(2, 11) == pytest.approx(3 / 36)


# ---------------------------------------------------------------- (b) positions: wins


def test_plays_republic_to_win() -> None:
    # IMP-9.12: five dice-increase cards in play, 11 energy, Republic in hand
    spec = republic_win()
    chosen, end = bot_turn(spec, "R")
    assert chosen == ["play:republic"]
    assert end["winner"] == "R"


def test_flips_the_fourth_wonder_to_win() -> None:
    # IMP-8.3, IMP-5.5: three face-up scoring cards (3/4), a face-down Wonder and 8 energy
    spec = {
        "active": "R",
        "phase": "action",
        "energy": 8,
        "R": {
            "play": ["caesar", "cicero", "trajans_column", "hadrians_wall(FD)"],
            "hand": ["legion", "farm"],
        },
    }
    chosen, end = bot_turn(spec, "R")
    assert chosen == ["flip:3"]
    assert end["winner"] == "R"
    assert end["R"]["points"] == "1"


def test_legion_pursuit_to_five_counters() -> None:
    # IMP-6.3: 3 counters, the Greeks have no Defense: a pursuit gives 2 more -> 5 (IMP-6.6).
    # Playing the Farm first would also be affordable (9 energy); the win comes first.
    spec = {
        "active": "R",
        "phase": "action",
        "energy": 9,
        "army_dom": "R",
        "R": {"army": 3, "play": ["legion", "farm"], "hand": ["farm", "walls"]},
        "G": {"play": ["farm", "hoplite"]},
    }
    chosen, end = bot_turn(spec, "R")
    assert chosen == ["tap:0"]
    assert end["winner"] == "R"
    assert end["R"]["army"] == 5


def test_plays_democracy_to_win() -> None:
    # IMP-10.11: Navy Dominance and four Navy cards (tapped ones count)
    spec = {
        "active": "G",
        "phase": "action",
        "energy": 11,
        "navy_dom": "G",
        "G": {
            "play": ["trireme(T)", "trireme", "heavy_galley(T)", "fire_raft"],
            "hand": ["farm", "democracy", "hoplite"],
        },
    }
    chosen, end = bot_turn(spec, "G")
    assert chosen == ["play:democracy"]
    assert end["winner"] == "G"


def test_sells_for_the_winning_flip() -> None:
    # IMP-5.6: 7 energy + 1 from selling a card = the flip (8) of the last Greek point
    spec = {
        "active": "G",
        "phase": "action",
        "energy": 7,
        "G": {
            "play": ["alexander", "aristotle", "homeros", "pericles", "colossus", "parthenon(FD)"],
            "hand": ["walls", "hoplite"],
        },
    }
    chosen, end = bot_turn(spec, "G")
    assert chosen[0].startswith("sell:")
    assert chosen[1] == "flip:5"
    assert end["winner"] == "G"


# ---------------------------------------------------------------- (b) positions: energy use


def test_spends_its_energy() -> None:
    # 9 energy, Legion (5) + Farm (4) in hand: both get played before the turn ends
    spec = {"active": "R", "phase": "action", "energy": 9, "R": {"hand": ["legion", "farm"]}}
    chosen, end = bot_turn(spec, "R")
    assert chosen[-1] == "end"
    assert sorted(end["R"]["play"]) == ["farm", "legion"]
    assert end["R"]["hand"] == []


def test_takes_army_dominance_when_it_can() -> None:
    # a Hoplite in play and 5 energy, nobody holds Army Dominance: tap it (IMP-6.1)
    spec = {
        "active": "G",
        "phase": "action",
        "energy": 5,
        "G": {"play": ["hoplite", "farm"], "hand": ["walls"]},
        "R": {"play": ["farm", "farm"]},
    }
    chosen, end = bot_turn(spec, "G")
    assert "tap:0" in chosen
    assert end["army_dom"] == "G"


def test_extra_draw_when_nothing_is_affordable() -> None:
    # IMP-3.4: 3 energy (4 with a sale) and only 5-cost cards: draw instead of wasting the turn
    spec = {
        "active": "R",
        "phase": "extra",
        "energy": 3,
        "R": {"hand": ["legion", "galley", "caravan"]},
    }
    chosen, end = bot_turn(spec, "R")
    assert chosen == ["extra"]
    assert len(end["R"]["hand"]) == 4


def test_continues_with_high_energy() -> None:
    spec = {
        "active": "R",
        "phase": "extra",
        "energy": 10,
        "R": {"hand": ["legion", "farm", "caravan"]},
    }
    chosen, end = bot_turn(spec, "R")
    assert chosen[0] == "continue"
    # 10 energy: two of the three cards (costs 5, 4, 5) get played
    assert sum(c.startswith("play:") for c in chosen) == 2
    assert len(end["R"]["hand"]) <= 3  # 1 left + up to 2 drawn by a Caravan


# ---------------------------------------------------------------- (b) positions: defense


def test_retakes_dominance_against_certain_army_loss() -> None:
    # Greece holds Army Dominance with 4 counters: its upkeep makes 5 (IMP-3.2(a), IMP-6.6).
    # Rome's only way out is to play a Legion and tap it (5 + 5), which resets Greece's
    # counters (IMP-6.1).
    spec = {
        "active": "R",
        "phase": "action",
        "energy": 10,
        "army_dom": "G",
        "R": {"hand": ["farm", "walls", "legion", "caravan"]},
        "G": {"army": 4, "play": ["hoplite(T)", "farm"]},
    }
    chosen, end = bot_turn(spec, "R")
    assert chosen[:2] == ["play:legion", "tap:0"]
    assert end["army_dom"] == "R"
    assert end["G"]["army"] == 0


def test_retakes_dominance_against_upkeep_plus_pursuit() -> None:
    # Greece: 3 counters and an untapped Hoplite; Rome has no Defense, so upkeep (4) and one
    # pursuit (+2) would win. Walls alone would not save Rome (4 + 1 = 5); tapping the Legion
    # does.
    spec = {
        "active": "R",
        "phase": "action",
        "energy": 6,
        "army_dom": "G",
        "R": {"play": ["legion", "farm"], "hand": ["walls", "farm"]},
        "G": {"army": 3, "play": ["hoplite", "farm"]},
    }
    chosen, end = bot_turn(spec, "R")
    assert chosen[0] == "tap:0"
    assert end["army_dom"] == "R"


def test_greek_retakes_dominance() -> None:
    spec = {
        "active": "G",
        "phase": "action",
        "energy": 6,
        "army_dom": "R",
        "G": {"play": ["hoplite"], "hand": ["walls", "farm"]},
        "R": {"army": 3, "play": ["legion", "farm"]},
    }
    chosen, end = bot_turn(spec, "G")
    assert chosen[0] == "tap:0"
    assert end["army_dom"] == "G"
    assert end["R"]["army"] == 0


def test_walls_when_they_stop_the_army_win() -> None:
    # Rome holds Army Dominance with 2 counters and two untapped Legions; Greece has no Army
    # card to retake it and only 4 energy. Without a Defense, upkeep (3) + a pursuit (+2)
    # wins; with Walls the pursuit gives only 1 and destroys the Walls (IMP-6.3).
    spec = {
        "active": "G",
        "phase": "action",
        "energy": 4,
        "army_dom": "R",
        "G": {"hand": ["walls", "trader", "port"]},
        "R": {"army": 2, "play": ["legion", "legion"]},
    }
    chosen, end = bot_turn(spec, "G")
    assert "play:walls" in chosen
    assert "walls" in end["G"]["play"]


def test_recovers_its_republic_when_it_can_win() -> None:
    # Cicero's recover (IMP-9.15, IMP-7.2): with five dice-increase cards in play the
    # Republic in the discard pile is the card to take back.
    spec = {
        "active": "R",
        "phase": "action",
        "energy": 12,
        "R": {
            "play": ["farm", "farm", "farm", "farm"],
            "hand": ["cicero"],
            "discard": ["legion", "republic", "caravan"],
        },
    }
    chosen, end = bot_turn(spec, "R")
    assert chosen[:2] == ["play:cicero", "recover:republic"]
    assert "republic" in end["R"]["hand"]


# ---------------------------------------------------------------- (b) positions: energy phase


def _first_choice(spec: dict[str, Any], dice: list[int]) -> tuple[str, dict[str, Any]]:
    """Build ``spec`` at its start/energy phase, run the automatic steps with scripted
    ``dice`` and return the bot's answer to the first prompt."""
    st = build(spec)
    RULES.advance(st, ScriptedRng(dice))
    seat = RULES.waiting(st)[0]
    return decide(ImperiumBot(), RULES, st, seat, Rng.seeded(3)), st


def test_colosseum_rerolls_a_bad_roll() -> None:
    # IMP-9.18: 5 dice 1,1,2,1,1 (energy 3); a reroll with 4 dice averages more than 9
    spec = {
        "active": "R",
        "phase": "energy",
        "R": {"play": ["colosseum", "farm", "farm"], "hand": ["legion", "caravan"]},
    }
    choice, st = _first_choice(spec, [1, 1, 2, 1, 1])
    assert st["energy"] == 3
    assert choice == "reroll"


def test_colosseum_keeps_a_good_roll() -> None:
    spec = {
        "active": "R",
        "phase": "energy",
        "R": {"play": ["colosseum", "farm", "farm"], "hand": ["legion", "caravan"]},
    }
    choice, st = _first_choice(spec, [6, 5, 2, 1, 1])
    assert st["energy"] == 11
    assert choice == "stop"


@pytest.mark.parametrize(("top", "expected"), [("principatus", "redraw"), ("caesar", "keep")])
def test_navy_redraw(top: str, expected: str) -> None:
    # IMP-3.2(c): a Principatus far from its condition is replaced, Caesar is kept
    spec = {
        "active": "R",
        "phase": "start",
        "navy_dom": "R",
        "R": {"hand": ["legion"], "deck": [top, "farm", "galley"]},
    }
    choice, _st = _first_choice(spec, [])
    assert choice == expected


def test_deterministic() -> None:
    # no wall-clock cut-off: the same seed gives the same match (headless replays repeat)
    def run() -> tuple[str, int]:
        config = Config(
            (SeatConfig("A", "bot"), SeatConfig("B", "bot")),
            resolve_options(RULES, {"decks": "roman_greek"}),
        )
        match = Match(RULES, config, 77, "casual")
        bots = {0: ImperiumBot(), 1: ImperiumBot()}
        rngs = {s: Rng.seeded(s + 1) for s in (0, 1)}
        while not match.over:
            s = match.waiting()[0]
            match.act(s, decide(bots[s], RULES, match.state, s, rngs[s]))
        return match.hash(), match.ply

    assert run() == run()
