"""Where the paired search bot searches (engine/games/*/bot_search.py; issue 18).

Res Publica (RP-4.6, 4.8, 4.9, 7.2): whole decisions only, never a composing token or a
card pick. Mausoleum: the heuristic's own option scores pick the decisions it is unsure of
and their best few choices (MAU-3.2, 3.4, 8.1).
"""

from __future__ import annotations

from engine import registry
from engine.games.mausoleum.bot import MausoleumBot
from engine.games.mausoleum.bot_search import candidates, option_scores
from engine.games.mausoleum.position import build
from engine.games.res_publica.bot_search import where
from engine.rng import Rng
from engine.rules import Config, SeatConfig, resolve_options


def test_res_publica_searches_whole_decisions_only() -> None:
    rules = registry.get("res_publica")
    seats = tuple(SeatConfig(f"P{i}", "random") for i in range(4))
    st = rules.setup(Config(seats, resolve_options(rules)), Rng.seeded(2))
    pick = Rng.seeded(3)
    seen = set()
    for _ in range(3000):
        if not rules.waiting(st):
            break
        seat = rules.waiting(st)[0]
        ids = [c.id for c in rules.prompt(st, seat).choices]
        got = where(st, seat, ids)
        ph = st["phase"]
        if ph in ("accept", "draw"):
            assert got == [c for c in ids if not c.startswith("flag")]
            seen.add(ph)
        elif ph == "respond" and not st["draft"]:
            assert set(got) <= {"respond", "pass"} and "pass" in got
            seen.add("respond")
        else:  # composing, card picks, the trade step's mode choice, displays (RP-6.3)
            assert got == []
        rules.apply(st, seat, ids[pick.randbelow(len(ids))], Rng(st["rng"]))
    assert {"accept", "draw", "respond"} <= seen


def test_mausoleum_sure_win_is_not_searched() -> None:
    # MAU-8.1, 9.5: Chapel (7) bought, Aunt (4) in the morgue: a grave worth 3 or 4 wins, so
    # the heuristic's lead over drawing is the win itself and no search is needed
    st = build(
        {
            "seats": 4,
            "P0": {
                "hand": ["Brat#6", "Croquet#19"],
                "morgue": ["Aunt#1"],
                "mausoleum": ["Chapel#45"],
            },
            "discard": ["Punch#32"],
        }
    )
    rules = registry.get("mausoleum")
    ids = [c.id for c in rules.prompt(st, 0).choices]
    scores = option_scores(st, 0, ids)
    assert scores is not None and set(scores) == set(ids)
    best = max(scores, key=scores.__getitem__)
    assert best in {"buy:37", "buy:38", "buy:39", "buy:40"}
    assert best == MausoleumBot().choose(rules, st, 0, rules.prompt(st, 0), Rng.seeded(1))
    # a win this turn: the heuristic's choice alone, whatever the margin
    assert candidates(st, 0, ids, margin=1.0, top=3) == [best]
    assert candidates(st, 0, ids, margin=1e9, top=9) == [best]
