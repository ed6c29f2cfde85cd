"""Seat names in the New match form and ``--seats``: default names numbered per kind, a kind
change renaming only that seat, names cleaned, capped and made unique."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_testkit import match_screen, settle
from tui_testkit import open_new_match as _new_match
from tui_testkit import open_new_match_form as _new_match_screen
from tui_testkit import recording_app as make_app
from tui_testkit import said as _messages

from engine import registry
from tui.screens.new_match import default_names, fresh_default
from tui.widgets.cycle import Cycle
from tui.widgets.inputs import TextInput

pytestmark = pytest.mark.usefixtures("playable")


def _playable(game: str) -> bool:
    return game in [g.id for g in registry.games(playable_only=True)]


def test_default_names_number_each_kind() -> None:
    assert default_names(["human", "bot"]) == ["Player", "Bot"]
    assert default_names(["human", "bot", "bot", "bot"]) == ["Player", "Bot 1", "Bot 2", "Bot 3"]
    assert default_names(["human", "human", "random"]) == ["Player 1", "Player 2", "Random"]
    assert default_names(["bot", "random", "bot"]) == ["Bot 1", "Random", "Bot 2"]
    assert fresh_default(["bot", "bot"], 1, {"Bot"}) == "Bot 2"
    assert fresh_default(["bot", "bot"], 1, {"Bot 2"}) == "Bot 1"  # never a name in use


async def test_kind_change_renames_only_that_seat(save_dir: Path) -> None:
    if not _playable("mausoleum"):
        pytest.skip("Mausoleum is not playable here")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _new_match(pilot)
        screen.query_one("#game", Cycle).value = "mausoleum"
        await pilot.pause()
        screen.query_one("#seat-count", Cycle).value = 4
        await pilot.pause()

        def names() -> list[str]:
            return [w.value for w in screen.query(".seat-name").results(TextInput)]

        assert names() == ["Player", "Bot 1", "Bot 2", "Bot 3"]
        screen.query_one("#kind-1", Cycle).value = "random"
        await pilot.pause()
        assert names() == ["Player", "Random", "Bot 2", "Bot 3"]
        screen.query_one("#name-2", TextInput).value = "Cleo"
        screen.query_one("#kind-2", Cycle).value = "random"  # a typed name is kept
        await pilot.pause()
        assert names() == ["Player", "Random", "Cleo", "Bot 3"]
        screen.query_one("#kind-1", Cycle).value = "bot"
        await pilot.pause()
        assert names() == ["Player", "Bot 1", "Cleo", "Bot 3"]


async def test_seat_names_are_cleaned_capped_and_unique(save_dir: Path, playable: str) -> None:
    from tui.widgets.inputs import TextInput

    app = make_app()
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        screen = await _new_match_screen(pilot)
        fields = list(screen.query(".seat-name").results(TextInput))
        assert len(fields) >= 2
        fields[0].value = "Ann\n\x1b[31mred\t  x"
        fields[1].value = "ann  [31MRED\nx"
        _, seats, *_ = screen.settings()
        assert [s.name for s in seats[:2]] == ["Ann [31mred x", "ann [31MRED x 2"]
        fields[0].value = "   "
        fields[1].value = "B" * 300
        _, seats, *_ = screen.settings()
        assert seats[0].name == "Player" and seats[1].name == "B" * 24
        fields[0].value = fields[1].value = "Zed"
        screen.action_start()
        await settle(pilot)
        ms = match_screen(app)
        assert ms is not None
        assert [s.name for s in ms.session.match.seats][:2] == ["Zed", "Zed 2"]
        assert any("same name" in m for m in _messages(app))


def test_parse_seats_cleans_names(playable: str) -> None:
    from engine.session import parse_seats

    seats = parse_seats("Ann\nBob\x07=human,ann  bob=random," + "z" * 300 + "=human", playable)
    assert [s.name for s in seats] == ["Ann Bob", "ann bob 2", "z" * 24]
