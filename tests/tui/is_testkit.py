"""Helpers of the Imperial Struggle app tests: a match against the random bot and a driver that
plays France's choices by keys (or by clicks on the map) toward a whole Action Round."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from tui_testkit import SEED, make_app, match_screen, settle

from engine.games.imperial_struggle import board as B
from engine.rules import Choice, Prompt, SeatConfig
from tui.app import ImperiaApp
from tui.boards.imperial_struggle import ImperialStruggleBoard
from tui.session import MatchSession

GAME = "imperial_struggle"

ORDER = (
    "pick:",
    "confirm",
    "keep",
    "first:france",
    "tile:",
    "actions",
    "act:major",
    "act:minor",
    "shift:",
    "deploy:",
    "region:",
    "done",
    "end_round",
)
"""France's choices toward an Action Round that buys something, best first (a Political or
Market shift, a Squadron deployment; Debt when short; never a take-back)."""


def session(save_dir: Path, name: str = "is.imperia", policy: str = "casual") -> MatchSession:
    """Ann (France, human) against the random bot (Britain), from the tests' seed."""
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bot", "random")]
    return MatchSession.start(GAME, seats, seed=SEED, save_path=save_dir / name, policy=policy)


def app_for(save_dir: Path, **kwargs) -> ImperiaApp:
    """The app opened on :func:`session`."""
    return make_app(session=session(save_dir, **kwargs))


QUICK = ("pick:", "confirm", "keep", "first:france", "tile:", "pass", "done", "end_round")
"""France's choices that move the match on quickest (pass every Action Round)."""


def pick(prompt: Prompt, order: tuple[str, ...] = ORDER) -> Choice:
    """France's next choice by ``order`` (else ``debt``, ``confirm``, the first)."""
    ids = [c.id for c in prompt.choices]
    for prefix in order:
        for c in prompt.choices:
            if c.id.startswith(prefix) and c.id != "back":
                return c
    for want in ("confirm", "debt"):
        if want in ids:
            return prompt.choices[ids.index(want)]
    return next(c for c in prompt.choices if c.id != "back")


def france_round(view: dict) -> tuple[int, int] | None:
    """``(side, round number)`` of the Action Round in ``view``, or None."""
    rd = view.get("round")
    return (rd["side"], rd["no"]) if isinstance(rd, dict) else None


async def play_france_round(
    pilot: Pilot, clicks: bool = False, cap: int = 120
) -> tuple[list[str], list[str]]:
    """Play France's choices until one of its Action Rounds has begun and ended: by number keys
    (``clicks``: the choices that point at a space by a click on that space, where the map
    shows it). Returns the choice ids made and those made by a click."""
    app = pilot.app
    made: list[str] = []
    clicked: list[str] = []
    started: int | None = None
    for _ in range(cap):
        await settle(pilot)
        ms = match_screen(app)
        assert ms is not None and app.screen is ms, f"not on the match screen: {app.screen}"
        snap = ms.snap
        rd = france_round(snap.view)
        if started is None and rd is not None and rd[0] == 0:
            started = rd[1]
        if started is not None and (rd is None or rd != (0, started)):
            return made, clicked
        prompt = snap.prompt
        assert prompt is not None, "France has nothing to decide"
        choice = pick(prompt)
        board = ms.board
        assert isinstance(board, ImperialStruggleBoard)
        if clicks and choice.target in B.SPACES and ms.board.shown_pane == "map":
            ms.panel.highlight(choice.id)  # the map follows the cursor to the space's region
            await pilot.pause()
            x, y = _where(board, choice.target)
            assert await pilot.click(board, offset=(x, y))
            clicked.append(choice.id)
        else:
            key = ms.panel.key_of(choice.id)
            assert key, f"no key for {choice.id}"
            await pilot.press(key)
        made.append(choice.id)
    raise AssertionError(f"no whole Action Round within {cap} choices: {made}")


def _where(board: ImperialStruggleBoard, target: str) -> tuple[int, int]:
    board.render()  # the hit map of what is drawn now
    for y, row in enumerate(board._hits):
        for x0, _x1, t in row:
            if t == target:
                return x0 + 1, y
    raise AssertionError(f"{target} is not drawn on the board")


__all__ = ["GAME", "SEED", "app_for", "pick", "play_france_round", "session"]


async def play_until(pilot: Pilot, done, cap: int = 400, order: tuple[str, ...] = ORDER) -> int:
    """Make France's choices by :func:`pick` in ``order`` (by keys) until ``done(snapshot)`` holds for the
    match screen's snapshot. Returns the number of choices made; fails after ``cap``."""
    app = pilot.app
    for n in range(cap):
        await settle(pilot)
        ms = match_screen(app)
        assert ms is not None and app.screen is ms, f"not on the match screen: {app.screen}"
        if done(ms.snap):
            return n
        prompt = ms.snap.prompt
        assert prompt is not None, "France has nothing to decide"
        key = ms.panel.key_of(pick(prompt, order).id)
        assert key
        await pilot.press(key)
    raise AssertionError(f"not reached within {cap} choices")


def at_purchase(snap) -> bool:
    """France is choosing a purchase of an action, with spaces to choose (a Peace Turn)."""
    p = snap.prompt
    return p is not None and "choose a purchase" in p.text and any(c.target for c in p.choices)


def at_war(snap) -> bool:
    """France decides something during a War Turn."""
    return snap.prompt is not None and snap.view.get("turn") in B.WARS
