"""Imperial Struggle's hard level (the tree search of engine/ai/ismcts.py guided by the heuristic,
engine/ai/levels.py TUNING) on a hand-built position, iteration-boxed so it is deterministic for
a seed. Rule IDs from shared/rules/."""

from __future__ import annotations

from engine import registry
from engine.ai import decide
from engine.games.imperial_struggle import RULES
from engine.games.imperial_struggle import board as B
from engine.games.imperial_struggle import scoring as SC
from engine.games.imperial_struggle.position import build as _build
from engine.rng import Rng

FR, BR = 0, 1


def build(spec: dict) -> dict:
    res = _build(spec)
    return res[-1] if isinstance(res, tuple) else res


def _seat(st: dict, side: int) -> int:
    return st["side_seat"][side]


def _act(st: dict, side: int, *choices: str) -> None:
    for c in choices:
        RULES.apply(st, _seat(st, side), c, Rng.seeded(0))


def _prestige_position() -> dict:
    # IS-4.1.12c: T1's last French Action Round, Prestige tied 1-1; France's Minor Diplomatic
    # action (2 DP, one purchase, IS-5.3.2) can flag Spain Prestige (2 VP at Scoring).
    # Britain holds two Event cards France cannot see
    st = build({"turn": "T1", "at": "action", "side": "france", "inv_avail": [0],
                "rounds": {"france": 3, "britain": 4}, "awards": {"europe": 6},
                "hands": {"britain": [3, 7]}})  # fmt: skip
    assert SC.prestige_counts(st) == (1, 1)
    _act(st, FR, "tile:0", "actions", "act:minor")
    return st


def test_hard_flags_the_prestige_winning_space() -> None:
    st = _prestige_position()
    before = dict(st["flags"])
    bot = registry.make_bot("imperial_struggle", "bot:hard", iterations=12)
    rng = Rng.seeded(5)
    searched = 0
    for _ in range(12):
        if st["flags"] != before or _seat(st, FR) not in RULES.waiting(st):
            break
        s = _seat(st, FR)
        choice = decide(bot, RULES, st, s, rng)
        searched += bot.last is not None and bot.last.iterations == 12
        RULES.apply(st, s, choice, Rng.seeded(5))
    new = [sp for sp, c in st["flags"].items() if c == FR and before.get(sp) != FR]
    assert len(new) == 1 and B.SPACES[new[0]]["prestige"], new
    assert SC.prestige_counts(st) == (2, 1)
    assert searched >= 1  # the tree search ran (a single-choice step is taken at once)


def test_hard_never_reads_britains_hidden_cards() -> None:
    # Britain's hand (hidden from France, IS-16.6) swapped with cards of the draw deck in the
    # real state: France's view is the same, so the search (same seed) ranks the same
    st = _prestige_position()
    swapped = RULES.clone(st)
    hand, deck = swapped["hands"][BR], swapped["deck"]
    k = min(len(hand), len(deck))
    assert k > 0
    hand[:k], deck[:k] = deck[:k], hand[:k]
    s = _seat(st, FR)
    assert sorted(swapped["hands"][BR]) != sorted(st["hands"][BR])
    assert RULES.view(swapped, s) == RULES.view(st, s)
    runs = []
    for real in (st, swapped):
        bot = registry.make_bot("imperial_struggle", "bot:hard", iterations=12)
        bot.choose(RULES, real, s, RULES.prompt(real, s), Rng.seeded(9))
        runs.append(bot.last.ranked)
    assert runs[0] == runs[1] and len(runs[0]) > 1
