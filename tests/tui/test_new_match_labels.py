"""The New match form's option labels: wrapped at whole words, fitting the label column, and
reading the game's own option labels."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_testkit import make_app
from tui_testkit import open_new_match as _new_match

from engine import registry
from tui.screens.new_match import wrap_label
from tui.widgets.cycle import Cycle

pytestmark = pytest.mark.usefixtures("playable")


def test_wrap_label_never_cuts_words() -> None:
    assert wrap_label("Decks") == "Decks"
    assert wrap_label("Graves with 6+ players") == "Graves with 6+\n  players"


async def test_option_labels_fit_the_label_column(save_dir: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _new_match(pilot)
        for game in screen._games:
            screen.query_one("#game", Cycle).value = game
            await pilot.pause()
            for cycle in screen.query("#options Cycle").results(Cycle):
                lines = cycle._label.split("\n")
                assert all(len(line) <= Cycle.LABEL_WIDTH - 2 for line in lines), lines
                words = " ".join(line.strip() for line in lines)
                labels = {o.key: o.label for o in registry.get(game).options}
                assert words == labels[(cycle.id or "")[4:]]
