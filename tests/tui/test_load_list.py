"""The Load and Replay lists (issue 21 item 8): game, players, date and status (in progress /
who won) in columns that fit 80."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.cells import cell_len
from textual.widgets import DataTable
from tui_testkit import bot_save, make_app

from engine import registry
from tui.saves import SaveInfo, save_info
from tui.screens.load import COLUMNS, LoadScreen, players_text, row_cells, status_text

pytestmark = pytest.mark.usefixtures("playable")


def _info(**kw) -> SaveInfo:
    base = dict(
        path=Path("x.imperia"),
        game="Res Publica",
        seats="Ann vs Bot",
        modified=0.0,
        entries=3,
        finished=False,
    )
    base.update(kw)
    return SaveInfo(**base)  # type: ignore[arg-type]


def test_columns_fit_80() -> None:
    # Each cell has one blank either side; the table keeps 2 columns for its scrollbar.
    assert sum(w + 2 for _, _, w in COLUMNS) + 2 <= 80
    assert [h for h, _, _ in COLUMNS] == ["Game", "Players", "Saved", "Status"]


def test_cells() -> None:
    info = _info()
    assert status_text(info) == "in progress"
    assert status_text(_info(finished=True, result="Ann won")) == "Ann won"
    assert status_text(_info(finished=True, result="")) == "finished"
    assert status_text(_info(finished=None, error="bad checksum at entry 4")) == "damaged"
    assert players_text(_info(seats="Ann vs Bea vs Bot 1")) == "Ann, Bea, Bot 1"
    assert players_text(info) == "Ann vs Bot"
    long = _info(game="Imperial Struggle", seats="Alexandrina Victoria vs Bartholomew")
    cells = row_cells(long)
    for cell, (_, _, width) in zip(cells, COLUMNS, strict=True):
        assert cell_len(cell) <= width
    assert cells[0] == "Imperial St…" and cells[1].endswith("…")


async def test_the_list_shows_game_players_and_status(save_dir: Path, playable: str) -> None:
    save_dir.mkdir(parents=True, exist_ok=True)
    unfinished = bot_save(save_dir / "a.imperia", 6)
    finished = bot_save(save_dir / "b.imperia", 100_000, seed=3)
    done = save_info(finished)
    assert done.finished is True, "the bots finish a match"
    title = registry.get(playable).title
    for mode in ("load", "replay"):
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            app.push_screen(LoadScreen(mode))
            await pilot.pause()
            table = app.screen.query_one("#saves", DataTable)
            rows = {table.get_row(key)[3]: table.get_row(key) for key in table.rows}
            assert set(rows) == {"in progress", done.result}
            assert rows["in progress"][:2] == [title, "Ann vs Bot"]
            assert done.result.endswith("won") or done.result == "Draw"
            assert table.region.right <= 80 and table.virtual_size.width <= table.size.width
    assert unfinished.exists()
