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


async def test_seat_kinds_read_in_strength_order_and_fit(save_dir: Path) -> None:
    from textual.widgets import Button, Static

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _new_match(pilot)
        kind = screen.query_one("#kind-1", Cycle)
        assert [v for _, v in kind._options] == [
            "human",
            "random",
            "bot:easy",
            "bot",
            "bot:hard",
            "bot:expert",
        ]  # the stored kinds are kept; "bot" is the normal level (engine/ai/levels.py)
        labels = [label for label, _ in kind._options]
        assert labels == [
            "Human",
            "Random",
            "Bot (easy)",
            "Bot (normal)",
            "Bot (hard)",
            "Bot (expert)",
        ]
        kind.focus()
        kind.value = "bot:expert"
        await pilot.pause()
        assert "‹ Bot (expert) ›" in str(kind.render())  # not cut to "bot:exper"
        hint = str(screen.query_one("#new-hint", Static).render())
        button = str(screen.query_one("#start", Button).label)
        assert "ctrl+s start" in hint and button == "Start (ctrl+s)"


def test_option_labels_differ_on_their_first_line() -> None:
    # Imperial Struggle's two Military Planning options once both read "Military planning:"
    # with the rest wrapped below: the first line of every label must tell them apart.
    for game in registry.games(playable_only=True):
        firsts = [wrap_label(o.label).split("\n")[0] for o in game.options]
        assert len(set(firsts)) == len(firsts), (game.id, firsts)
