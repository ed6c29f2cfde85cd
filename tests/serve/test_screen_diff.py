"""Only the changed pieces of screen lines are written over SSH (tui/serve/screen_diff.py): a
terminal fed the shortened output shows exactly what one fed Textual's full output shows."""

from __future__ import annotations

import asyncio

import pyte
from textual.app import App, ComposeResult
from textual.widgets import Static

from tui.serve.screen_diff import LineCache, only_changed

W, H = 40, 8


class Three(App):
    CSS = "#b { color: red; background: blue; } #c { text-style: bold; }"

    def compose(self) -> ComposeResult:
        yield Static("alpha line", id="a")
        yield Static("bravo line", id="b")
        yield Static("charlie line", id="c")


class Pair:
    """Two terminals: one fed Textual's own output, one the changed pieces only."""

    def __init__(self) -> None:
        self.full, self.short = pyte.Screen(W, H), pyte.Screen(W, H)
        self.full_stream, self.short_stream = pyte.Stream(self.full), pyte.Stream(self.short)
        self.cache = LineCache()

    def feed(self, update, console) -> tuple[str, str]:
        raw = update.render_segments(console)
        short = only_changed(update, self.cache, console)
        self.full_stream.feed(raw)
        self.short_stream.feed(short)
        return raw, short

    def same(self) -> bool:
        def cells(screen: pyte.Screen) -> list:
            return [
                [(c.data, c.fg, c.bg, c.bold) for c in (screen.buffer[y][x] for x in range(W))]
                for y in range(H)
            ]

        return cells(self.full) == cells(self.short)


def test_full_and_partial_updates_paint_the_same_screen() -> None:
    async def go() -> None:
        app = Three()
        async with app.run_test(size=(W, H)) as pilot:
            await pilot.pause()
            comp, console = app.screen._compositor, app.console
            pair = Pair()
            raw, short = pair.feed(comp.render_full_update(), console)
            assert all(t in short for t in ("alpha line", "bravo line", "charlie line"))
            assert pair.same()
            assert "alpha line" in pair.short.display[0]

            # The same picture again: nothing to write.
            raw, short = pair.feed(comp.render_full_update(), console)
            assert "alpha" in raw and short == ""
            assert pair.same()

            # One widget changes: only its line is written, and both terminals agree.
            app.query_one("#b", Static).update("bravo CHANGED")
            await pilot.pause()
            raw, short = pair.feed(comp.render_full_update(), console)
            assert "bravo CHANGED" in short
            assert "alpha" not in short and "charlie" not in short
            assert len(short) < len(raw) / 2
            assert pair.same()
            assert pair.short.display[1].startswith("bravo CHANGED")

            # A partial update (Textual's chops) of that widget's region: already shown.
            comp._dirty_regions.add(app.query_one("#b").region)
            raw, short = pair.feed(comp.render_partial_update(), console)
            assert "bravo CHANGED" in raw and short == ""
            app.query_one("#b", Static).update("bravo again")
            await pilot.pause()
            comp._dirty_regions.add(app.query_one("#b").region)
            raw, short = pair.feed(comp.render_partial_update(), console)
            assert "bravo again" in short
            assert pair.same()

            # A full update after the partial one (whose piece replaced the full line's):
            # the changed line is written again in full, the others are not.
            app.query_one("#c", Static).update("charlie 2")
            await pilot.pause()
            raw, short = pair.feed(comp.render_full_update(), console)
            assert "charlie 2" in short and "alpha" not in short
            assert pair.same()

    asyncio.run(go())


def test_a_new_size_or_screen_forgets_what_was_shown() -> None:
    cache = LineCache()
    cache.keep(((80, 24), 1))
    assert cache.changed((0, 0, 5, "hello"))
    assert not cache.changed((0, 0, 5, "hello"))
    cache.keep(((80, 24), 1))  # same size, same screen: remembered
    assert not cache.changed((0, 0, 5, "hello"))
    cache.keep(((100, 30), 1))  # resized: the terminal may have redrawn anything
    assert cache.changed((0, 0, 5, "hello"))
    cache.keep(((100, 30), 2))  # another screen on top
    assert cache.changed((0, 0, 5, "hello"))


def test_an_overlapping_piece_replaces_what_it_covers() -> None:
    cache = LineCache()
    assert cache.changed((3, 0, 40, "whole line"))
    assert cache.changed((3, 10, 20, "middle"))  # covers part of the whole line
    assert cache.changed((3, 0, 40, "whole line"))  # so the whole line must be written again
    assert not cache.changed((3, 0, 40, "whole line"))
    assert cache.changed((4, 0, 40, "whole line"))  # another line is its own


def test_ctrl_l_makes_the_remote_app_write_everything_again(tmp_path) -> None:
    from tui.serve.app import RemoteApp

    app = RemoteApp(tmp_path / "no-hub.sock", "SHA256:x")
    assert any(b.key == "ctrl+l" and b.action == "redraw" for b in app.BINDINGS)
    assert app.shown.changed((0, 0, 5, "hello"))
    assert not app.shown.changed((0, 0, 5, "hello"))
    app.action_redraw()
    assert app.shown.changed((0, 0, 5, "hello"))
