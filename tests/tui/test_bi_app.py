"""Brazil: Imperial in the app at 80x24: Ann (human) against the random bot deploys a unit,
moves it with the hex cursor keys (``p`` picks the hex) and builds (``m`` jumps to the next
hex offered, ``p`` picks it); the same move and build by mouse clicks on the map. Every result
is checked in the engine's view and on the drawn map (BI-7.1 Deploy onto the capital, BI-10.1
free move to an adjacent hex, BI-7.3 Build on a hex offered)."""

from __future__ import annotations

from pathlib import Path

from bi_testkit import app_for, drawn, play_until, to_setup_done, where
from tui_testkit import match_screen, settle

from engine.games.brazil_imperial.hexes import DIRECTIONS
from tui.boards.brazil_imperial import BrazilImperialBoard, parse_hex
from tui.boards.brazil_imperial_text import BUILDING_CODE
from tui.session import seat_mark

KEY_OF_DIR = ["right", "shift+right", "shift+left", "left", "ctrl+left", "ctrl+right"]
"""The cursor key of each BI-0 direction (E, NE, NW, W, SW, SE)."""


async def choose(pilot, choice_id: str) -> None:
    ms = match_screen(pilot.app)
    await pilot.press(ms.panel.key_of(choice_id))
    await settle(pilot)


def ann_unit(ms, slot: int) -> dict:
    return next(u for u in ms.snap.view["units"][0] if u["slot"] == slot)


async def test_deploy_move_and_build_by_keys(save_dir: Path) -> None:
    app = app_for(save_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, to_setup_done)
        ms = match_screen(app)
        board = ms.board
        assert isinstance(board, BrazilImperialBoard)
        capital = ms.snap.view["capital"][0]
        await choose(pilot, "a:deploy")
        await choose(pilot, "u:0.1")  # the slot-1 Archer, placed on the capital (BI-7.1)
        assert ann_unit(ms, 1)["loc"] == capital
        assert drawn(board, capital)[1].startswith(seat_mark(0) + "A")
        await choose(pilot, "free")
        assert ms.snap.prompt.text == "Move to which hex?"
        # walk the cursor from the capital to an offered neighbour with the direction keys
        cq, cr = parse_hex(f"h:{capital}")
        offered = {c.target for c in ms.snap.prompt.choices}
        d = next(i for i, (dq, dr) in enumerate(DIRECTIONS) if f"h:{cq + dq},{cr + dr}" in offered)
        dest = f"{cq + DIRECTIONS[d][0]},{cr + DIRECTIONS[d][1]}"
        board.select((cq, cr))
        await pilot.press(KEY_OF_DIR[d])
        assert board.selected == parse_hex(f"h:{dest}")
        assert drawn(board, dest)[0].startswith("▸")  # offered: marked on the map
        await pilot.press("p")
        await settle(pilot)
        assert ann_unit(ms, 1)["loc"] == dest
        await play_until(pilot, lambda p: p.text == "Build where?", order=("end", "a:build", "b:"))
        first = sorted(
            (parse_hex(c.target) for c in ms.snap.prompt.choices if c.target),
            key=lambda h: (h[1], h[0]),
        )[0]
        before = board.selected
        board.select((first[0] - 1, first[1] - 20))  # off the map: ignored
        assert board.selected == before
        for _ in range(len(ms.snap.prompt.choices) + 1):  # "m" visits the offered hexes in turn
            if board.selected == first:
                break
            await pilot.press("m")
            assert f"h:{board.selected[0]},{board.selected[1]}" in {
                c.target for c in ms.snap.prompt.choices
            }
        assert board.selected == first
        await pilot.press("p")
        await settle(pilot)
        key = f"{first[0]},{first[1]}"
        tile = ms.snap.view["tiles"][key]
        assert tile["owner"] == 0 and tile["kind"] == "building"
        assert drawn(board, key)[0][2:4] == BUILDING_CODE[tile["id"]]


async def test_move_and_build_by_mouse(save_dir: Path) -> None:
    app = app_for(save_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, to_setup_done)
        ms = match_screen(app)
        board = ms.board
        await choose(pilot, "a:deploy")
        await choose(pilot, "u:0.1")
        await choose(pilot, "free")
        target = ms.snap.prompt.choices[0].target
        assert await pilot.click(board, offset=where(board, target))
        await settle(pilot)
        assert ann_unit(ms, 1)["loc"] == target[2:]
        await play_until(pilot, lambda p: p.text == "Build where?", order=("end", "a:build", "b:"))
        target = ms.snap.prompt.choices[-1].target
        assert await pilot.click(board, offset=where(board, target))
        await settle(pilot)
        assert ms.snap.view["tiles"][target[2:]]["owner"] == 0
        # a click on a hex no choice points at only selects it
        other = "h:" + ms.snap.view["capital"][0]
        assert other not in {c.target for c in ms.snap.prompt.choices}
        assert await pilot.click(board, offset=where(board, other))
        assert board.selected == parse_hex(other)
