"""New match by keys (issue 21 items 1 and 10): ↑/↓ move between fields and never into a name
box, ←/→ change a value, Enter never starts the match (and leaves no save), a name is edited
only on request, and switching game never shows the previous game's options."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from tui_testkit import make_app, match_screen, settle

from engine import registry
from tui.screens.new_match import NewMatchScreen, SeatKind, SeatName

pytestmark = pytest.mark.usefixtures("playable")


async def _open(pilot) -> NewMatchScreen:
    await pilot.press("n")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, NewMatchScreen)
    return screen


def _no_save(save_dir: Path) -> bool:
    return not save_dir.exists() or not any(save_dir.iterdir())


async def test_down_walks_the_fields_and_never_a_name_box(save_dir: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(pilot)
        seen = [screen.focused]
        for _ in range(40):
            await pilot.press("down")
            await pilot.pause()
            assert not isinstance(screen.focused, SeatName), seen
            seen.append(screen.focused)
            if screen.focused is screen.query_one("#back"):
                break
        kinds = [w for w in seen if isinstance(w, SeatKind)]
        assert len(kinds) == len(screen.query(".seat-row"))  # every seat's kind is a stop
        for _ in range(len(seen)):
            await pilot.press("up")
            await pilot.pause()
            assert not isinstance(screen.focused, SeatName)


async def test_left_right_change_a_seat_kind(save_dir: Path, playable: str) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(pilot)
        await pilot.press("down")  # Game -> (Players ->) Seat 1's kind
        while not isinstance(screen.focused, SeatKind):
            await pilot.press("down")
        await pilot.pause()
        kind = screen.focused
        assert isinstance(kind, SeatKind) and kind.value == "human"
        await pilot.press("right")
        await pilot.pause()
        kinds = ["human", *registry.bot_kinds(playable)]
        assert kind.value == kinds[1]
        await pilot.press("left")
        await pilot.pause()
        assert kind.value == "human"
        assert screen.focused is kind


async def test_enter_on_every_field_never_starts(save_dir: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(pilot)
        for _ in range(40):
            focused = screen.focused
            if focused is screen.query_one("#start"):
                break
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is screen, focused
            if isinstance(screen.focused, SeatName):  # Enter on a seat edits its name
                await pilot.press("enter")  # ...and Enter ends the edit
                await pilot.pause()
                assert isinstance(screen.focused, SeatKind)
            if screen.focused is focused:  # (Enter in the seed moves on by itself)
                await pilot.press("down")
                await pilot.pause()
        assert screen.focused is screen.query_one("#start")
        assert app.screen is screen and _no_save(save_dir)
        await pilot.press("enter")  # on Start, and only there
        await settle(pilot)
        assert match_screen(app) is not None
        assert not _no_save(save_dir)


async def test_a_name_is_edited_on_request(save_dir: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(pilot)
        kind = screen.query_one("#kind-1", SeatKind)
        name = screen.query_one("#name-1", SeatName)
        kind.focus()
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert screen.focused is name
        await pilot.press("Z", "o", "e")
        await pilot.pause()
        assert name.value == "Zoe"  # the old name was selected: typing replaced it
        await pilot.press("escape")  # ends the edit, does not leave the screen
        await pilot.pause()
        assert app.screen is screen and screen.focused is kind
        await pilot.press("enter", "left", "enter")  # ← moves the cursor in the name box
        await pilot.pause()
        assert screen.focused is kind and name.value == "Zoe"
        await pilot.click(name)
        await pilot.pause()
        assert screen.focused is name  # a click on the name edits it too
        await pilot.press("down")
        await pilot.pause()
        assert not isinstance(screen.focused, SeatName)
        _, seats, *_ = screen.settings()
        assert seats[1].name == "Zoe"
        assert _no_save(save_dir)


async def test_enter_in_the_seed_moves_on(save_dir: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(pilot)
        seed = screen.query_one("#seed")
        seed.focus()
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and screen.focused is not seed
        assert _no_save(save_dir)


async def test_switching_game_never_shows_the_old_options(save_dir: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(pilot)
        ids = list(screen._games)
        if len(ids) < 2:
            pytest.skip("one playable game")
        options = screen.query_one("#options")
        seats = screen.query_one("#seats")
        assert options.display and options.children
        # The moment another game is picked, the old game's rows are hidden...
        build = asyncio.ensure_future(screen._build_game(registry.get(ids[1])))
        await asyncio.sleep(0)
        assert not options.display and not seats.display
        await build
        assert options.display and seats.display
        # ...and two picks in a row build only the last one's rows (no mix, no duplicates).
        first = asyncio.ensure_future(screen._build_game(registry.get(ids[0])))
        await asyncio.sleep(0)
        last = asyncio.ensure_future(screen._build_game(registry.get(ids[1])))
        await asyncio.gather(first, last)
        await pilot.pause()
        wanted = sorted(f"opt-{o.key}" for o in registry.get(ids[1]).options)
        got = sorted(w.id for w in options.query("*") if (w.id or "").startswith("opt-"))
        assert got == wanted
        assert len(screen.query(".seat-row")) == registry.get(ids[1]).min_seats
        assert options.display and seats.display
