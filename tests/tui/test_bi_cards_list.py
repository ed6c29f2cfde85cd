"""The Brazil: Imperial card list on the Rules screen (**c**, issue 16): every component of the
engine's data appears with what it costs, gives and scores, and the Rules screen shows it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.widgets import Static
from tui_testkit import recording_app as make_app

from engine import registry
from engine.games.brazil_imperial import catalog as C
from tui.boards import board_for
from tui.boards.brazil_imperial_cards import card_list_markdown, cost_text
from tui.screens.rules import RulesScreen

pytestmark = pytest.mark.usefixtures("playable")

TEXT = card_list_markdown()


def _line(start: str) -> str:
    return next(line for line in TEXT.splitlines() if line.startswith(start))


def test_every_component_appears() -> None:
    """Cards and tiles by their ids (P01, G01, B01, MI-1, X01, capital tiles A-D); buildings,
    cities, monarchs, products, palaces and boards by name."""
    for table in (C.PAINTINGS, C.GOLD_CARDS, C.BATTLE_CARDS, C.MISSIONS, C.EXPLORATION):
        for cid in table:
            assert re.search(rf"\b{re.escape(cid)}\b", TEXT), cid
    for t in C.CAPITAL_TILES:
        assert f"**Tile {t}**" in TEXT
    for table in (C.BUILDINGS, C.CITIES, C.MONARCHS, C.PRODUCTS, C.PALACES, C.BOARDS):
        for rec in table.values():
            assert rec["name"] in TEXT, rec["id"]
    assert "reconstruction" in TEXT


def test_entries_carry_costs_outputs_and_scores() -> None:
    """Hand-checked against the rulings' tables: BI-2.2 (Coffee Farm), BI-26.7 (Ouro Preto),
    BI-27.1 (green board), BI-27.3 (Jewelry), BI-15.3 (Palace IV), BI-20.13 (P13), BI-22.19,
    BI-23.19 (MIII-3), BI-24.16 (El Dorado), BI-25.4 (tile D), BI-18.3/18.5 (the Dutch)."""
    assert _line("- **Coffee Farm**") == (
        "- **Coffee Farm** (era I, on plains; other side Trading Post): costs 1 brazilwood + "
        "1 sugar cane or coffee; produces 2 coffee; 2 VP"
    )
    assert _line("- **Ouro Preto**") == (
        "- **Ouro Preto**: costs 2 gold + 1 coffee; when founded gives nothing; 4 VP and strength 4"
    )
    assert _line("- **Green (Brazil)**") == (
        "- **Green (Brazil)**: Archer 1 (1 brazilwood); Archer 1 (1 sugar cane); Monarch 2 "
        "(1 gold); Heavy Cavalry 3 (1 gold + 1 coffee); Cannon 3 (1 gold + 1 brazilwood + "
        "1 sugar cane)"
    )
    assert _line("- **Jewelry**") == "- **Jewelry** (octagon): costs 2 gold + 1 science; 3 VP"
    assert "(Palace IV): gives 1 cotton." in _line("- **Cotton Era Palace**")
    assert "+ 2 per Cotton Plantation you own" in _line("- **Cotton Era Palace**")
    assert _line("- P13 ") == (
        "- P13 **Chica da Silva**: free; 0 VP; Your personal supply holds 7 instead of 5."
    )
    assert "Jungle Ambush (B19), Coroados' Battle Signal (B20): +3 strength when defending" in TEXT
    assert _line("- MIII-3:").endswith("(2 VP per condition met at the end)")
    assert _line("- **El Dorado**") == (
        "- **El Dorado** (X16): flag fight, strength 5; gives 2 gold; 5 VP"
    )
    assert _line("- **Tile D**") == "- **Tile D**: 1 brazilwood + 1 sugar cane + 1 coffee + 1 gold"
    assert "garrison of 2 units of strength 2 and 2" in TEXT and "turns 6, 12, 18" in TEXT
    assert (
        cost_text({"sugar_cane|coffee": 1, "any_basic": 2})
        == "1 sugar cane or coffee + 2 any basic"
    )


async def test_rules_screen_cards_tab_shows_the_list(save_dir: Path) -> None:
    if "brazil_imperial" not in [g.id for g in registry.games(playable_only=True)]:
        pytest.skip("Brazil: Imperial is not playable here")
    assert board_for("brazil_imperial").card_list_markdown() == TEXT
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RulesScreen)
        screen._show("brazil_imperial")
        await pilot.press("c")
        await pilot.pause()
        shown = screen.query_one("#cards-text", Static).content.markup  # type: ignore[union-attr]
        assert "This game has no card list" not in shown
        assert "# Brazil: Imperial components" in shown and "El Dorado" in shown
