"""The Brazil: Imperial map overview (one cell per hex, for a map larger than its viewport), the
hexes the other seats' last turn changed (``✱``), and what a highlighted choice does (the
line above the map: arches BI-7, buildings BI-6.3, palaces BI-15, era tokens BI-16.5)."""

from __future__ import annotations

import pytest
from bi_views import RULES, state_after

from engine.games.brazil_imperial import catalog as C
from engine.games.brazil_imperial.hexes import MAPS
from tui.boards.brazil_imperial import BrazilImperialBoard
from tui.boards.brazil_imperial_choice import building_text, explain, palace_text, prompt_notes
from tui.boards.brazil_imperial_hexes import HexCells
from tui.boards.brazil_imperial_layout import BiLayout
from tui.boards.brazil_imperial_overview import Overview, column, overview_width
from tui.session import seat_mark


@pytest.mark.parametrize("key", sorted(MAPS))
def test_every_hex_has_its_own_overview_cell(key: str) -> None:
    cells = HexCells(MAPS[key].hexes)
    w = overview_width(cells)
    spots = {(column(cells, h), h[1]) for h in MAPS[key].hexes}
    assert len(spots) == len(MAPS[key].hexes)  # no two hexes share a cell
    assert all(0 < x < w - 1 for x, _r in spots)  # the frame columns stay free


def test_overview_frames_the_viewport_and_shows_your_units() -> None:
    view = RULES.view(state_after(2, 3, 150), 0)
    cells = HexCells(MAPS[view["map"]].hexes)
    unit = next(u for u in view["units"][0] if "," in u["loc"])  # one of seat 0's on the map
    here = tuple(map(int, unit["loc"].split(",")))
    ov = Overview(view, 4, 6, 0, cells.width, here)
    lines = ov.lines()
    assert len(lines) == cells.height // 2
    for i, line in enumerate(lines):
        text = "".join(s.text for s in line)
        assert len(text) == overview_width(cells)
        framed = 2 <= i < 5  # cell rows 4..9 = hex rows 2, 3, 4
        assert (text[0] == "│" and text[-1] == "│") == framed, (i, text)
    # seat 0's unit: its cell is seat 0's mark, in reverse video (the cursor is there)
    seg = next(s for line in lines for s in line if s.target == f"o:{unit['loc']}")
    assert seg.text == seat_mark(0) and "cursor" in seg.styles
    # a hex outside the viewport is dimmed
    far = next(s for s in lines[0] if s.target)
    assert "muted" in far.styles


def test_the_overview_shows_where_the_map_scrolls_only() -> None:
    view = RULES.view(state_after(2, 3, 150), 0)
    hx = MAPS[view["map"]].hexes[0]

    def text(rows: int) -> str:
        lines = BiLayout(view, set(), None, 78, hx, 0, rows).lines()
        return "".join(s.target or "" for line in lines for s in line)

    assert "o:" in text(10)  # 80x24: five of nine hex rows in view
    assert "o:" not in text(18)  # the whole map fits


def test_changed_hexes_are_marked() -> None:
    before = RULES.view(state_after(2, 3, 140), 0)
    after = RULES.view(state_after(2, 3, 150), 0)
    board = BrazilImperialBoard()
    board.mark_changes(before, after)
    moved = {
        u["loc"]
        for s in range(2)
        for u, v in zip(before["units"][s], after["units"][s], strict=True)
        if u["loc"] != v["loc"]
        for u in (u, v)
        if "," in u["loc"]
    }
    built = set(after["tiles"]) - set(before["tiles"])
    assert moved | built, "nothing changed on the map in these ten choices"
    assert (moved | built) <= board.fresh


def test_what_an_arch_or_a_building_gives() -> None:
    view = RULES.view(state_after(2, 3, 150), 0)
    harbor = explain(view, "a:harbor")
    assert harbor.startswith("Harbor: gain 1 basic resource")
    assert "+1 attacking, +2 defending" in harbor  # BI-12.6
    assert "extra move: move 1 unit to an adjacent forest hex" in explain(view, "a:frame")
    assert building_text("sugar_cane_field") == (
        "Sugar Cane Field: costs 1 brazilwood · produces 2 sugar cane · 1 VP · on plains"
    )
    assert palace_text("IV").startswith("Palace IV, Cotton Era Palace: on one of your Cotton")
    assert "gain 1 cotton" in palace_text("IV") and "+2 VP per" in palace_text("IV")


def test_monarch_and_era_token_prompts_list_what_each_gives() -> None:
    monarchs = ["pedro_i", "pedro_ii"]
    view = {"prompt": {"text": "Choose your monarch", "choices": [{"id": m} for m in monarchs]}}
    pedro_i, pedro_ii = prompt_notes(view)
    # BI-19.3: every unit type of the ability's data, no note on the sources
    assert pedro_i == (
        "Pedro I: The first time each unit type is deployed: archer, cannon or grenadier gives"
        " 1 basic resource of your choice; monarch or heavy cavalry gives 1 gold card."
    )
    assert pedro_ii == f"Pedro II: {C.MONARCHS['pedro_ii']['text']}"
    era = {
        "prompt": {
            "text": "Put your era II token under which arch?",
            "choices": [{"id": "a:deploy"}, {"id": "a:build"}],
        }
    }
    assert "draw 1 battle card" in prompt_notes(era)[0]  # BI-16.5


async def test_a_click_on_the_overview_moves_the_view(save_dir) -> None:
    """Solo at 80x24: the map scrolls; a click on the overview's bottom-left hex puts the
    cursor there and scrolls the map to it, choosing nothing."""
    from bi_testkit import app_for, play_until, to_setup_done, where
    from tui_testkit import match_screen, settle

    app = app_for(save_dir, seats=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, to_setup_done)
        ms = match_screen(app)
        board = ms.board
        cells = HexCells(MAPS[ms.snap.view["map"]].hexes)
        far = max(MAPS[ms.snap.view["map"]].hexes, key=lambda h: (h[1], -h[0]))
        entries = ms.snap.entries
        assert await pilot.click(board, offset=where(board, f"o:{far[0]},{far[1]}"))
        await settle(pilot)
        assert board.selected == far
        assert ms.snap.entries == entries  # nothing chosen
        assert board._top + board._rows() >= cells.rect(far).y + 2  # the view shows it
        assert f"h:{far[0]},{far[1]}" in {s.target for line in board._lines(76) for s in line}


def test_the_turn_after_a_dutch_reinforcement_says_so() -> None:
    """BI-18.5: at the end of turn 6 a strength-1 unit joins the garrison (2 + 2 -> 5); during
    turn 7 the line above the map tells it, and not during turn 6 or 8."""
    from bi_combat_kit import toward_dutch

    seen = {}
    for st in toward_dutch(1, 1500):
        view = RULES.view(st, 0)
        if view["phase"] != "play":
            continue
        lay = BiLayout(view, set(), None, 78, (0, 0), 0, 10)
        text = " ".join(s.text for line in lay.dutch_news() for s in line)
        seen.setdefault(view["turns"][0], set()).add(text)
        if view["turns"][0] > 8:
            break
    # "turns" counts the turns done: 6 done = during turn 7
    assert seen[5] == {""} and seen[7] == {""}, seen
    assert seen[6] == {
        "✱ A Dutch unit (strength 1) joined the garrison at the end of your turn 6: garrison 5 now"
    }, seen
