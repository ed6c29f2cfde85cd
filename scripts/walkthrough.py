"""Play the first turns of every game at 80x24 by keys alone, and print what the player sees.

A headless walk-through (Textual's Pilot) of what a new player does: from the menu, ``n``
(New match), ``→`` until the game is chosen, ``s`` (Start, you against the bots), then only
the keys the screen shows — a choice's key, ``e`` to end or pass — for ``--choices`` human
choices. After each key the 80x24 screen is printed (``--quiet``: only the keys, the
last-turn line and the prompt), so a reader can check that every game can be played without
a mouse, that the other seats' last turn is always told, and that no key goes nowhere::

    .venv/bin/python scripts/walkthrough.py [--game imperium] [--choices 12] [--quiet]

Saves and settings go to a throw-away folder; the seed is fixed (same run, same screens).
Exit status 1 when a game could not be walked (a key picked nothing, or the app stalled).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SEED = 20261130
SIZE = (80, 24)
PREFER = ("confirm", "pick:", "play:", "draw", "civ", "send", "accept", "request", "keep")
"""Choices a quick new player takes first (by id prefix); else ``e``, else the first key."""


def screen_text(app) -> str:
    """The app's screen as plain text, one line per row."""
    strips = app.screen._compositor.render_strips()
    return "\n".join(strip.text.rstrip() for strip in strips)


def next_key(panel) -> tuple[str, str] | None:
    """``(key, label)`` a quick player presses now, or None when there is nothing to choose."""
    keys = panel.keys()
    if not keys:
        return None
    rows = [(k, panel.by_key(k)) for k in keys]
    for prefix in PREFER:
        for k, c in rows:
            if c is not None and c.id.startswith(prefix):
                return k, c.label
    if "e" in keys:
        return "e", panel.by_key("e").label
    k, c = next(((k, c) for k, c in rows if not c.id.startswith(("un", "back"))), rows[0])
    return k, c.label


async def settle(pilot) -> None:
    """Wait until no bot is thinking."""
    from tui.screens.match import MatchScreen

    for _ in range(400):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        screens = [s for s in pilot.app.screen_stack if isinstance(s, MatchScreen)]
        if not screens or not screens[-1].bots.busy:
            return


async def walk(game: str, choices: int, quiet: bool) -> bool:
    """Walk ``game``; print as it goes. Returns True when every step went as planned."""
    from tui.app import ImperiaApp
    from tui.dialogs.choice_menu import ChoiceMenu
    from tui.dialogs.end import EndDialog
    from tui.screens.match import MatchScreen
    from tui.screens.new_match import NewMatchScreen
    from tui.widgets.last_turn import LastTurnLine

    app = ImperiaApp(bot_delay=0.0, steady=True, seed_source=lambda: SEED)
    print(f"==================== {game} ====================")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        if not isinstance(app.screen, NewMatchScreen):
            print("  n did not open New match")
            return False
        cycle = app.screen.query_one("#game")
        for _ in range(10):
            if cycle.value == game:
                break
            cycle.focus()
            await pilot.press("right")
            await pilot.pause()
        if cycle.value != game:
            print(f"  → never reached {game}")
            return False
        print(f"keys: n, → until {game}, s")
        await pilot.press("s")
        await settle(pilot)
        for step in range(choices):
            await settle(pilot)
            screen = app.screen
            if isinstance(screen, EndDialog):
                print("  the match is over")
                break
            if isinstance(screen, ChoiceMenu):
                print("  press 1 (the sub-list's first choice)")
                await pilot.press("1")
                continue
            if not isinstance(screen, MatchScreen):
                print(f"  unexpected screen {type(screen).__name__}")
                return False
            if quiet:
                last = screen.query_one(LastTurnLine)
                prompt = screen.snap.prompt if screen.snap else None
                if last.display:
                    print(f"  Last turn: {last.line}")
                print(f"  prompt: {prompt.text if prompt else '(waiting)'}")
            else:
                print(screen_text(app))
            picked = next_key(screen.panel)
            if picked is None:
                print("  nothing to choose")
                return False
            key, label = picked
            before = screen.session.match.entries
            print(f"[{step + 1}] press {key}  ({label})")
            await pilot.press(key)
            await settle(pilot)
            if isinstance(app.screen, MatchScreen) and screen.session.match.entries == before:
                print(f"  {key} changed nothing")
                return False
        if isinstance(app.screen, MatchScreen) and not quiet:
            print(screen_text(app))
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="a game id (default: every playable)")
    parser.add_argument("--choices", type=int, default=12, help="human choices per game")
    parser.add_argument("--quiet", action="store_true", help="print keys and prompts only")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["IMPERIA_SAVE_DIR"] = str(Path(tmp) / "saves")
        os.environ["IMPERIA_CONFIG_DIR"] = str(Path(tmp) / "config")
        from engine import registry

        games = args.game or [g.id for g in registry.games(playable_only=True)]
        ok = [asyncio.run(walk(g, args.choices, args.quiet)) for g in games]
    for g, good in zip(games, ok, strict=True):
        print(f"{g}: {'walked' if good else 'STUMBLED'}")
    return 0 if all(ok) else 1


if __name__ == "__main__":
    sys.exit(main())
