"""Map legends a new user looked for (QA pass): Brazil: Imperial's glyphs and unit letters
beside the map where they fit and always in ``?`` help; Imperial Struggle at 80x24 names the
side you play and its legend is in ``?`` help."""

from __future__ import annotations

from pathlib import Path

import pytest
from bi_views import RULES, state_after
from tui_testkit import settle

from engine.games.brazil_imperial.hexes import MAPS
from tui.boards import brazil_imperial_text as T
from tui.boards.brazil_imperial_layout import BiLayout, legend_lines
from tui.boards.imperial_struggle import ImperialStruggleBoard
from tui.boards.imperial_struggle_map import LEGEND as IS_LEGEND
from tui.dialogs.help import HelpScreen

BI_ITEMS = [". plains", "♣ forest", "$ gold", "≈ lake", "░?? fog", "⌂ capital site"]
BI_ITEMS += ["✠ Dutch capital", "A archer", "G grenadier", "M monarch", "H heavy cavalry"]
BI_ITEMS += ["C cannon"]


def test_the_brazil_legend_names_every_glyph_and_letter() -> None:
    items = T.LEGEND.split(" · ")
    assert items == BI_ITEMS
    glyphs = {item.split(" ")[0][0] for item in items[:7]}
    assert glyphs == set(T.TERRAIN_GLYPH.values())  # BI-1.3: one glyph per printed terrain
    assert {item[0] for item in items[7:]} == set(T.UNIT_LETTER.values())  # BI-1.8


def test_legend_lines_wrap_between_items() -> None:
    lines = legend_lines(24)
    assert all(len(line) <= 24 for line in lines)
    assert " · ".join(lines) == T.LEGEND  # every item whole, in order


def _text(view: dict, width: int, rows: int) -> str:
    hx = MAPS[view["map"]].hexes[0]
    lines = BiLayout(view, set(), None, width, hx, 0, rows).lines()
    return "\n".join("".join(s.text for s in line) for line in lines)


def test_the_legend_shows_beside_a_tall_map_else_under_it() -> None:
    view = RULES.view(state_after(2, 7, 30), 0)
    wide = _text(view, 118, 18).split("\n")
    assert any("♣ forest" in line for line in wide[1:19])  # 120x40: beside the map rows
    for rows in (10, 4):  # 80x24: the overview fills the room beside the map rows
        lines = _text(view, 78, rows).split("\n")
        first = next(i for i, line in enumerate(lines) if "♣ forest" in line)
        assert first > rows  # under the map rows (line 0 is the header)


async def test_brazil_help_has_the_legend(save_dir: Path) -> None:
    from bi_testkit import app_for

    app = app_for(save_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert T.LEGEND in app.screen._text


async def test_struggle_at_80_names_your_side_and_helps_with_the_legend(save_dir: Path) -> None:
    from is_testkit import app_for, at_purchase, play_until

    app = app_for(save_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, at_purchase)
        board = app.screen.query_one(ImperialStruggleBoard)
        tabs = "".join(s.text for s in board._tabs(board.size.width))
        assert tabs.rstrip().endswith("You: France")  # Ann plays France (is_testkit)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert IS_LEGEND in app.screen._text


@pytest.mark.parametrize("width", [78, 118])
def test_struggle_tabs_fit(width: int) -> None:
    board = ImperialStruggleBoard()
    board._view = {"side": 1, "turn": 3, "era": "empire", "vp": 12}
    tabs = "".join(s.text for s in board._tabs(width))
    assert len(tabs) <= width and "Britain" in tabs
