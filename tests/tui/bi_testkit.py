"""Helpers of the Brazil: Imperial app tests: Ann (human) against the random bot, and a driver
that makes Ann's choices by keys (or by clicks on the map) until a condition holds."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.pilot import Pilot
from tui_testkit import SEED, make_app, match_screen, settle

from engine.rules import Choice, Prompt, SeatConfig
from tui.app import ImperiaApp
from tui.boards.brazil_imperial import BrazilImperialBoard
from tui.boards.brazil_imperial_combat_dialog import CombatDialog
from tui.session import MatchSession

GAME = "brazil_imperial"

ORDER = ("a:deploy", "u:0.", "h:", "a:build", "b:", "free", "end", "keep", "none")
"""Ann's choices, best first: Deploy a unit onto a hex, Build a building, move, then end."""


def session(save_dir: Path, seats: int = 2) -> MatchSession:
    """Ann (human) against ``seats - 1`` random bots (solo when 1), from the tests' seed."""
    cfg = [SeatConfig("Ann", "human")] + [SeatConfig(f"Bot{i}", "random") for i in range(1, seats)]
    return MatchSession.start(GAME, cfg, seed=SEED, save_path=save_dir / "bi.imperia")


def app_for(save_dir: Path, seats: int = 2) -> ImperiaApp:
    """The app opened on :func:`session`."""
    return make_app(session=session(save_dir, seats))


def pick(prompt: Prompt, order: tuple[str, ...] = ORDER) -> Choice:
    """Ann's next choice by ``order`` (else the first one)."""
    for prefix in order:
        for c in prompt.choices:
            if c.id.startswith(prefix):
                return c
    return prompt.choices[0]


def where(board: BrazilImperialBoard, target: str) -> tuple[int, int]:
    """A cell of the board where ``target`` is drawn."""
    board.render()
    for y, row in enumerate(board._hits):
        for x0, x1, t in row:
            if t == target:
                return x0 + (x1 - x0) // 2, y
    raise AssertionError(f"{target} is not drawn on the board")


async def play_until(
    pilot: Pilot,
    done: Callable[[Prompt], bool],
    cap: int = 200,
    order: tuple[str, ...] = ORDER,
) -> list[str]:
    """Make Ann's choices by keys until ``done(prompt)`` holds (closing each combat result
    dialog on the way); the choice ids made."""
    made: list[str] = []
    for _ in range(cap):
        await settle(pilot)
        if isinstance(pilot.app.screen, CombatDialog):  # a combat's result: read, close
            await pilot.press("enter")
            await settle(pilot)
        ms = match_screen(pilot.app)
        assert ms is not None and pilot.app.screen is ms, (
            f"not on the match screen: {pilot.app.screen}"
        )
        prompt = ms.snap.prompt
        assert prompt is not None, "Ann has nothing to decide"
        if done(prompt):
            return made
        c = pick(prompt, order)
        key = ms.panel.key_of(c.id)
        assert key, f"no key for {c.id}"
        await pilot.press(key)
        made.append(c.id)
    raise AssertionError(f"not reached within {cap} choices: {made}")


def drawn(board: BrazilImperialBoard, key: str) -> list[str]:
    """The text drawn for hex ``key`` (top line, bottom line) where the viewport shows it."""
    lines = board._lines(board.size.width or 80)
    return [seg.text for line in lines for seg in line if seg.target == f"h:{key}"]


def to_setup_done(prompt: Prompt) -> bool:
    """Ann's first action choice (the set-up is over)."""
    return prompt.text.startswith("Choose an action")
