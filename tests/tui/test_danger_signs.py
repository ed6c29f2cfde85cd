"""Danger signs (tui/boards/dangers.py): a seat one step from an instant win, read from a view
on hand-built positions (IMP-6.6, IMP-6.3, IMP-8.3, MAU-9.5, MAU-8.1, IS-2.4), the same for
every viewer, and shown above the board."""

from __future__ import annotations

from pathlib import Path

from tui_testkit import SEED, make_app, match_screen, settle

from engine import registry
from engine.games.imperial_struggle.position import build as is_build
from engine.games.imperium.position import build as imp_build
from engine.games.mausoleum.position import build as mau_build
from engine.rules import SeatConfig
from tui.boards.dangers import dangers
from tui.session import MatchSession
from tui.widgets.danger_line import DangerLine

IMP = registry.get("imperium")
MAU = registry.get("mausoleum")


def _imp(**spec):
    base = {"active": "R", "phase": "action", "R": {"play": []}, "G": {"play": []}}
    base.update(spec)
    return imp_build(base)


def _signs(rules, st, game):
    seen = {tuple(dangers(game, rules.view(st, v))) for v in (0, 1, None)}
    assert len(seen) == 1  # every viewer is told the same
    return list(seen.pop())


def test_four_army_counters_imp_6_6():
    st = _imp(army_dom="G")
    st["army"][1] = 4
    assert _signs(IMP, st, "imperium") == [
        "Greece has 4 army counters: one more wins (army victory at 5)"
    ]


def test_three_counters_with_dominance_against_no_defense_imp_6_3():
    st = _imp(army_dom="R")
    st["army"][0] = 3
    assert _signs(IMP, st, "imperium")[0].startswith("Rome has 3 army counters and Army Dominance")
    walled = _imp(army_dom="R", G={"play": ["walls"]})
    walled["army"][0] = 3
    assert _signs(IMP, walled, "imperium") == []  # a pursuit destroys the Walls: +1 only


def test_one_scoring_card_from_a_points_victory_imp_8_3():
    st = _imp(R={"play": ["caesar", "cicero", "hadrians_wall"]})  # 3 of 4 Roman scoring cards
    assert _signs(IMP, st, "imperium") == ["Rome has 3/4 points: one more scoring card wins"]
    two = _imp(R={"play": ["caesar", "cicero"]})
    assert _signs(IMP, two, "imperium") == []


def test_a_payable_grave_reaches_the_threshold_mau_9_5():
    # Family Crypt $6m in the mausoleum; the morgue (Uncle $5m) pays for a $4m or $5m grave
    st = mau_build({"seats": 3, "P1": {"mausoleum": [43], "morgue": [5]}, "discard": [19]})
    assert _signs(MAU, st, "mausoleum") == [
        "Player 2 can buy Stone Obelisk ($5m) and reach $11m of $10m: a win at the end of their"
        " turn"
    ]
    short = mau_build({"seats": 3, "P1": {"mausoleum": [43], "morgue": [6]}, "discard": [19]})
    assert _signs(MAU, short, "mausoleum") == []  # a Brat ($1m) buys nothing


def test_vp_near_a_threshold_is_2_4():
    rules, st = is_build({"turn": "T2", "at": "action", "side": "france", "vp": 28})
    assert _signs(rules, st, "imperial_struggle") == [
        "VP 28: France is 2 short of 30 — France wins at the next Victory Check at 30"
    ]
    rules, st = is_build({"turn": "T2", "at": "action", "side": "france", "vp": 2})
    assert _signs(rules, st, "imperial_struggle")[0].endswith(
        "Britain wins at the next Victory Check at 0"
    )
    rules, st = is_build({"turn": "T2", "at": "action", "side": "france", "vp": 15})
    assert _signs(rules, st, "imperial_struggle") == []


def test_games_without_instant_wins_have_no_signs():
    assert dangers("res_publica", {"seats": []}) == []
    assert dangers("brazil_imperial", {"seats": []}) == []


async def test_the_line_above_the_board_shows_them(save_dir: Path) -> None:
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bob", "random")]
    session = MatchSession.start("imperium", seats, seed=SEED, save_path=save_dir / "m.imperia")
    app = make_app(session=session)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        ms = match_screen(app)
        line = ms.query_one(DangerLine)
        assert not line.display
        session.match.state["army"][1] = 4  # a test reaching in: Bob one counter from winning
        session.refresh("test")
        await settle(pilot)
        assert line.display
        assert "4 army counters: one more wins" in str(line.render())
