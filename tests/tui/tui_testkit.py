"""Helpers for the app's Pilot and snapshot tests (imported by the tests in this folder).

The tests play iMperium when it is registered and playable, else the tiny test game.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from rich.cells import cell_len
from textual import on
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.pilot import Pilot

from engine import registry
from engine.rules import Prompt, SeatConfig
from engine.session import BotSeats, new_match
from tui.app import ImperiaApp
from tui.boards import Board, board_for
from tui.dialogs.confirm import ConfirmDialog
from tui.screens.match import MatchScreen
from tui.screens.new_match import NewMatchScreen
from tui.session import MatchSession

SEED = 20261130
"""The seed every test match starts from."""


def game_id() -> str:
    """The game the app tests play."""
    ids = [g.id for g in registry.games(playable_only=True)]
    return "imperium" if "imperium" in ids else "highcard"


def make_app(**kwargs) -> ImperiaApp:
    """An app for tests: bots without delay, no blinking, the fixed seed pre-filled."""
    kwargs.setdefault("bot_delay", 0.0)
    kwargs.setdefault("steady", True)
    kwargs.setdefault("seed_source", lambda: SEED)
    return ImperiaApp(**kwargs)


def recording_app(**kwargs) -> ImperiaApp:
    """``make_app``, recording every message it is told to show (read them with ``said``): a
    toast can expire before a check on a loaded machine (timeout=2), so tests read what was said,
    not what is showing."""
    app = make_app(**kwargs)
    messages: list[str] = []
    shown = app.notify

    def notify(message, *a, **k):
        messages.append(str(message))
        return shown(message, *a, **k)

    app.notify = notify
    app._said = messages
    return app


def said(app: ImperiaApp) -> list[str]:
    """The messages a ``recording_app`` was told to show, oldest first."""
    return list(app._said)


def human_vs_random(save_dir: Path, game: str, policy: str = "casual") -> MatchSession:
    """A new match of ``game``: Ann (human) against Bob (random bot), saved to ``m.imperia`` in
    ``save_dir``, under ``policy`` ("casual" or "strict")."""
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bob", "random")]
    return MatchSession.start(
        game, seats, seed=SEED, policy=policy, save_path=save_dir / "m.imperia"
    )


def maus_session(save_dir: Path, bots: int = 3) -> MatchSession:
    """A new Mausoleum match: Ann (human) and ``bots`` random bots Bot1.., casual policy, saved
    to ``m.imperia`` in ``save_dir``."""
    seats = [SeatConfig("Ann", "human")] + [
        SeatConfig(f"Bot{i}", "random") for i in range(1, bots + 1)
    ]
    return MatchSession.start(
        "mausoleum", seats, seed=SEED, policy="casual", save_path=save_dir / "m.imperia"
    )


async def open_match(pilot: Pilot) -> MatchScreen:
    """The match screen once it shows a snapshot (AssertionError after 20 pauses)."""
    for _ in range(20):
        await pilot.pause()
        ms = match_screen(pilot.app)
        if ms is not None and ms.snap is not None:
            return ms
    raise AssertionError("no match screen")


async def open_settled_match(pilot: Pilot) -> MatchScreen:
    """``open_match``, then wait until no bot is thinking or about to move (``settle``)."""
    ms = await open_match(pilot)
    await settle(pilot)
    return ms


async def open_new_match(pilot: Pilot) -> NewMatchScreen:
    """The New match form, opened from the menu by its key ``n``."""
    await pilot.press("n")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, NewMatchScreen)
    return screen


async def open_new_match_form(pilot: Pilot) -> NewMatchScreen:
    """The New match form, opened by the app's action, once its seat rows are there."""
    pilot.app.action_new_match()
    for _ in range(20):
        await pilot.pause()
        if isinstance(pilot.app.screen, NewMatchScreen) and pilot.app.screen.query(".seat-row"):
            return pilot.app.screen
    raise AssertionError("no new match screen")


async def your_turn(pilot: Pilot, ms: MatchScreen) -> None:
    """Wait (bots moving at their pace) until the local seat must decide."""
    for _ in range(400):
        if ms.snap.prompt is not None and pilot.app.screen is ms:
            return
        await pilot.pause(0.02)
    raise AssertionError("never Ann's turn")


async def bots_to_move(pilot: Pilot, ms: MatchScreen, session: MatchSession) -> None:
    """Make human choices until the bots' turns start (a bot must decide next)."""
    for _ in range(40):
        await your_turn(pilot, ms)
        key = progress_key(ms)
        assert key is not None
        await pilot.press(key)
        await pilot.pause()
        if session.bots.next_seat() is not None and session.check_undo()[1] is not None:
            return
    raise AssertionError("the bots never got a turn")


def question(app: ImperiaApp) -> str:
    """The text of the confirmation dialog on top (AssertionError if the top is another)."""
    dialog = app.screen
    assert isinstance(dialog, ConfirmDialog)
    return str(dialog.query_one(".dialog-text").render())


def match_screen(app: ImperiaApp) -> MatchScreen | None:
    """The topmost match screen on the stack (under any dialog), or None."""
    for screen in reversed(app.screen_stack):
        if isinstance(screen, MatchScreen):
            return screen
    return None


WORKER_TIMEOUT = 60.0
"""Seconds a test waits for the app's workers (a bot's think takes milliseconds)."""


async def wait_for_workers(app: App[Any], timeout: float = WORKER_TIMEOUT) -> None:
    """Wait until the workers ``app`` has now have finished (``workers.wait_for_complete``),
    but fail, naming the workers still running, after ``timeout`` seconds instead of waiting for
    ever: a stuck worker thread would otherwise hold the whole test run. (Not by cancelling
    ``wait_for_complete``: it swallows the cancellation and would cancel the workers.)"""
    workers = list(app.workers)
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while any(not w.is_finished for w in workers):
        if loop.time() > end:
            running = [repr(w) for w in workers if not w.is_finished]
            raise AssertionError(f"workers still running after {timeout:g} s: {running}")
        await asyncio.sleep(0.01)
    if workers:
        await app.workers.wait_for_complete(workers)  # at once; raises a worker's error


async def settle(pilot: Pilot, rounds: int = 200) -> None:
    """Wait until no bot is thinking or about to move."""
    app = pilot.app
    for _ in range(rounds):
        await wait_for_workers(app)
        await pilot.pause()
        ms = match_screen(app)
        if ms is None or not ms.bots.busy:
            await pilot.pause()
            ms = match_screen(app)
            if ms is None or not ms.bots.busy:
                return
    raise AssertionError("the bots never settled")


PREFER = ("confirm", "play:", "continue", "keep", "stop", "skip", "end")
"""Choices that move a match on, best first."""


def progress_key(screen: MatchScreen) -> str | None:
    """The key shown for a choice that moves the match on (confirm, play a card, end the turn;
    never a take-back), or None when the local seat has nothing to decide."""
    prompt = screen.snap.prompt if screen.snap else None
    if prompt is None:
        return None
    panel = screen.panel
    keyed = [(c.id, panel.key_of(c.id)) for c in prompt.choices]
    keyed = [(cid, key) for cid, key in keyed if key]
    for prefix in PREFER:
        for cid, key in keyed:
            if cid.startswith(prefix):
                return key
    return next((key for cid, key in keyed if not cid.startswith("un")), keyed[0][1])


async def play(pilot: Pilot, choices: int) -> int:
    """Make up to ``choices`` human choices by number keys. Returns how many were made."""
    made = 0
    for _ in range(choices):
        await settle(pilot)
        ms = match_screen(pilot.app)
        if ms is None or pilot.app.screen is not ms:
            break
        key = progress_key(ms)
        if key is None:
            break
        await pilot.press(key)
        made += 1
    await settle(pilot)
    return made


def bot_save(path: Path, steps: int, seed: int = SEED, policy: str = "casual") -> Path:
    """A journal of ``steps`` random-bot choices (both seats random), written to ``path``."""
    game = game_id()
    seats = [SeatConfig("Ann", "random"), SeatConfig("Bot", "random")]
    match = new_match(game, seats, seed=seed, save_path=path, policy=policy)
    bots = BotSeats(match)
    for _ in range(steps):
        if match.over or not bots.step():
            break
    match.sink.close()
    return path


class BoardApp(App[None]):
    """One board of ``game`` showing one view; records the targets it reports as clicked.

    (Its class name is the title drawn in the board snapshots.)
    """

    def __init__(
        self,
        game: str,
        view: dict[str, Any],
        prompt: Prompt | None = None,
        cursor: str | None = None,
    ) -> None:
        super().__init__()
        self.board_class = board_for(game)
        self.args = (view, prompt, cursor)
        self.clicked: list[str] = []

    def compose(self) -> ComposeResult:
        yield self.board_class()

    def on_mount(self) -> None:
        self.query_one(self.board_class).show(*self.args)

    @on(Board.TargetClicked)
    def _clicked(self, message: Board.TargetClicked) -> None:
        self.clicked.append(message.target)


def screen_lines(board: Board) -> list[str]:
    """The board's rendered rows as plain text."""
    w, h = board.size
    return [strip.text.rstrip() for strip in board.render_lines(Region(0, 0, w, h))]


async def board_rows(app: BoardApp, size: tuple[int, int]) -> tuple[list[str], int]:
    """Run ``app`` in a terminal of ``size``: its board's rows as plain text, and its height."""
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        board = app.query_one(app.board_class)
        return screen_lines(board), board.size.height


def find(lines: list[str], needle: str, after: int = 0) -> tuple[int, int]:
    """(x, y) in cells of the first ``needle`` at or below row ``after``."""
    for y, line in enumerate(lines):
        if y >= after and needle in line:
            return cell_len(line[: line.index(needle)]), y
    raise AssertionError(f"{needle!r} not on the board:\n" + "\n".join(lines))
