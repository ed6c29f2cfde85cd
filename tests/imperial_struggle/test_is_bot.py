"""The Imperial Struggle heuristic bot (engine/games/imperial_struggle/bot.py): legal choices along
whole games, and hand-built positions where the right choice follows from the rulings.

Each position test was also run with ``engine.ai.random_bot.RandomBot`` in place of the bot (set
``IS_BOT_TEST_RANDOM=1``): every one of them fails with it.
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from is_helpers import BR, FR, Rng, act, build, rules, seat

from engine.ai import decide
from engine.ai.random_bot import RandomBot
from engine.games.imperial_struggle import BOTS
from engine.games.imperial_struggle import board as B
from engine.games.imperial_struggle import scoring as SC
from engine.games.imperial_struggle import war as WR
from engine.games.imperial_struggle.bot import ImperialStruggleBot
from engine.games.imperial_struggle.state import USA
from engine.rules import Config, SeatConfig, resolve_options


def _bot() -> Any:
    return RandomBot() if os.environ.get("IS_BOT_TEST_RANDOM") else ImperialStruggleBot()


def _drive(st: dict, side: int, stop: Any, steps: int = 30, seed: int = 3) -> None:
    """Let the bot decide for ``side`` (through ``engine.ai.decide``) until ``stop(st)`` holds
    or ``side`` no longer decides."""
    r = rules()
    bot = _bot()
    rng = Rng.seeded(seed)
    for _ in range(steps):
        if stop(st) or seat(st, side) not in r.waiting(st):
            return
        s = seat(st, side)
        r.apply(st, s, decide(bot, r, st, s, rng), Rng.seeded(seed))


def test_registered_as_bot() -> None:
    assert BOTS["bot"] is ImperialStruggleBot


@pytest.mark.parametrize("seed", [7, 8])
def test_whole_games_vs_random_only_legal_choices(seed: int) -> None:
    """Bot (Britain in seed 7, France in seed 8) against random to the end: every choice it
    returns is one of its prompt's ids (IS-17), the game ends and the bot's side wins (a small
    smoke test of strength; the win rate is measured by ``scripts/is_bot_eval.py``)."""
    r = rules()
    cfg = Config((SeatConfig("A", "bot"), SeatConfig("B", "random")), resolve_options(r, {}))
    st = r.setup(cfg, Rng.seeded(seed))
    bot_seat = seed % 2
    bot, rnd = ImperialStruggleBot(), RandomBot()
    rng = Rng.seeded(seed + 100)
    for _ in range(5000):
        if st["over"]:
            break
        s = r.waiting(st)[0]
        p = r.prompt(st, s)
        c = decide(bot if s == bot_seat else rnd, r, st, s, rng)
        assert c in {ch.id for ch in p.choices}
        r.apply(st, s, c, rng)
    assert st["over"]
    assert st["winner"] == st["side_seat"].index(bot_seat)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_takes_the_prestige_winning_flag(seed: int) -> None:
    """IS-4.1.12c: in the turn's last Action Round Prestige is tied 1-1 (French Austria
    Prestige, British Dutch Prestige); with its Minor Diplomatic action (2 DP, one purchase,
    IS-5.3.2a) France flags a Prestige space (Spain Prestige 2 costs 2: 2 VP at Scoring) rather
    than one of the Alliance spaces of the same price."""
    st = build({"turn": "T1", "at": "action", "side": "france", "inv_avail": [0],
                "rounds": {"france": 3, "britain": 4}, "awards": {"europe": 6}})  # fmt: skip
    assert SC.prestige_counts(st) == (1, 1)
    act(st, FR, "tile:0", "actions", "act:minor")
    before = dict(st["flags"])
    _drive(st, FR, lambda s: s["flags"] != before, seed=seed)
    new = [sp for sp, c in st["flags"].items() if c == FR and before.get(sp) != FR]
    assert len(new) == 1 and B.SPACES[new[0]]["prestige"], new
    assert SC.prestige_counts(st) == (2, 1)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_debt_when_a_free_purchase_exists(seed: int) -> None:
    """IS-6.1 / IS-6.4: France's Debt is 5 of 6. With the Minor Economic action (2 EP) it flags a
    Market it can pay with its points, not one that needs its last Available Debt."""
    st = build({"turn": "T1", "at": "action", "side": "france", "inv_avail": [8],
                "debt": {"france": 5}, "awards": {"north_america": 6, "caribbean": 6,
                                                  "india": 6, "europe": 6}})  # fmt: skip
    act(st, FR, "tile:8", "actions", "act:minor")
    before = dict(st["flags"])
    _drive(st, FR, lambda s: s["flags"] != before, seed=seed)
    assert st["flags"] != before
    assert st["debt"][FR] == 5


def test_plays_the_event_whose_bonus_holds() -> None:
    """IS-3.4.3 / IS-5.2: Britain shows Edmond Halley (Scholarship) and Jonathan Swift (Style);
    Tropical Diseases' bonus (Scholarship) holds, Austro-Spanish Rivalry's (Governance) does not.
    On tile 4 (Event symbol) it plays Tropical Diseases."""
    st = build({"turn": "T1", "at": "action", "side": "britain", "inv_avail": [4],
                "hands": {"britain": [3, 7]},
                "ministries": {"britain": [["M-10", True], ["M-6", True]]}})  # fmt: skip
    act(st, BR, "tile:4")
    r = rules()
    s = seat(st, BR)
    picks = {decide(_bot(), r, st, s, Rng.seeded(k)) for k in range(1, 5)}
    assert picks == {"event:3"}


def _strength(st: dict, side: int) -> int:
    war = st["war"]["id"]
    return sum(
        WR.army_strength(st, k, side) + WR.bonus_strength(st, war, k, side)[0]
        for k in st["war"]["theaters"]
    )


def test_buys_war_strength_before_the_war() -> None:
    """IS-2.1a / IS-5.6: on T1 the War of the Spanish Succession comes next. With a Military
    Major action (4 MP) France raises its strength in that War's theaters (Bonus War tiles,
    IS-5.6.1; Squadrons in counting Naval spaces, IS-7.1.3) by at least 2."""
    st = build({"turn": "T1", "at": "action", "side": "france", "inv_avail": [16],
                "awards": {"north_america": 6, "caribbean": 6, "india": 6, "europe": 6}})  # fmt: skip
    assert st["war"]["id"] == "WSS"
    before = _strength(st, FR)
    bonus0 = sum(len(t["bonus"][FR]) for t in st["war"]["theaters"].values())
    act(st, FR, "tile:16", "actions", "act:major")
    _drive(st, FR, lambda s: False, steps=12)  # the rest of the round
    bonus1 = sum(len(t["bonus"][FR]) for t in st["war"]["theaters"].values())
    assert _strength(st, FR) >= before + 2 or bonus1 >= bonus0 + 2


def test_usa_flags_after_winning_the_american_revolution() -> None:
    """IS-7.3c / IS-10.3: France wins AWI theater 1 (three Basic +2 against a -1). Its USA-flag
    step toggles Territories one at a time (IS-17): the bot flags both British Territories
    (Northern Colonies, Carolinas: USA flags count as French in IS-11d), finishes the step
    instead of toggling back and forth, and keeps Quebec & Montreal French (Canada: no)."""
    st = build({"turn": "AWI", "at": "war", "theater": 1, "only_theater": True,
                "flags": {"northern_colonies": "britain", "carolinas": "britain"},
                "war": {"theaters": {"1": {"basic": [["fr_b00", "fr_b01", "fr_b02"], ["br_b13"]],
                                           "bonus": [[], []]}}}})  # fmt: skip
    r = rules()
    bot = _bot()
    rng = Rng.seeded(2)
    for _ in range(20):
        w = r.waiting(st)
        if not w:
            break
        r.apply(st, w[0], decide(bot, r, st, w[0], rng), rng)
    assert not r.waiting(st) and not st["stack"]
    assert st["flags"]["northern_colonies"] == USA and st["flags"]["carolinas"] == USA
    assert st["flags"]["quebec_montreal"] == FR
