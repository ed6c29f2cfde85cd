"""A solo Brazil: Imperial match that ends without the three goals is a loss (BI-18.6): the end
dialog says "You lose" (not "Draw") and the saves list says "Ann lost"."""

from __future__ import annotations

from pathlib import Path

from tui_testkit import make_app, settle

from engine.rng import Rng
from engine.rules import SeatConfig
from engine.session import new_match
from tui.dialogs.end import EndDialog
from tui.saves import save_info
from tui.session import MatchSession


def lost_solo(path: Path):
    """Ann's solo match played by random choices from seed 3 to its end: 20 turns without all
    three goals, so no winner (BI-18.6)."""
    m = new_match("brazil_imperial", [SeatConfig("Ann", "human")], {}, 3, save_path=path)
    pick = Rng.seeded(3)
    for _ in range(4000):
        if m.over:
            break
        p = m.prompt(0)
        m.act(0, p.choices[pick.randbelow(len(p.choices))].id)
    out = m.outcome()
    assert out is not None and out.winners == (), "this seed's random solo game is not lost"
    return m


async def test_a_lost_solo_game_says_you_lose(save_dir: Path) -> None:
    path = save_dir / "solo.imperia"
    m = lost_solo(path)
    app = make_app(session=MatchSession(m))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, EndDialog)
        assert app.screen._headline == "You lose"
    m.close_journal()
    assert save_info(path).result == "Ann lost"
