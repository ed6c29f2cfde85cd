"""Regenerate the app's screenshots in ``screenshots/`` (SVG; PNG too with ``--png``).

Each scene (menu, new match, match, replay, rules, help, settings...) is driven headlessly at 80x24 and
120x40 with a fixed seed and a throw-away save folder, so the pictures are reproducible::

    .venv/bin/python scripts/screenshots.py [--png] [--out screenshots]

``--png`` needs cairosvg (and the Fira Code font for exact box drawing).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SEED = 20261130
SIZES = ((80, 24), (120, 40))


def _game() -> tuple[str, str]:
    """The game to show and the bot kind to play it against."""
    from engine import registry

    games = [g.id for g in registry.games(playable_only=True)]
    if not games:
        raise SystemExit("no playable game is registered")
    game = "imperium" if "imperium" in games else games[0]
    kinds = registry.bot_kinds(game)
    return game, "bot" if "bot" in kinds else "random"


def _app(**kwargs):
    from tui.app import ImperiaApp
    from tui.settings import Settings

    kwargs.setdefault("settings", Settings())  # the defaults, never this user's own file
    return ImperiaApp(bot_delay=0.0, steady=True, seed_source=lambda: SEED, **kwargs)


async def _settle(pilot) -> None:
    from tui.screens.match import MatchScreen

    for _ in range(400):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        screens = [s for s in pilot.app.screen_stack if isinstance(s, MatchScreen)]
        if not screens or not screens[-1].bots.busy:
            return


async def _play(pilot, choices: int) -> None:
    """Make ``choices`` human choices: the last listed one (usually ends the step)."""
    from tui.screens.match import MatchScreen

    for _ in range(50):  # wait for the match screen's first picture
        screen = pilot.app.screen
        if isinstance(screen, MatchScreen) and screen.snap is not None:
            break
        await pilot.pause()
    for _ in range(choices):
        await _settle(pilot)
        screen = pilot.app.screen
        if not isinstance(screen, MatchScreen) or screen.snap is None or not screen.snap.prompt:
            return
        panel = screen.panel
        keyed = [(c.id, panel.key_of(c.id)) for c in screen.snap.prompt.choices]
        keyed = [(cid, key) for cid, key in keyed if key]
        await pilot.press(keyed[_progress([cid for cid, _ in keyed])][1])
    await _settle(pilot)


PREFER = ("confirm", "play:", "continue", "keep", "stop", "skip", "end")
"""Choices that move a match on (and fill the board), best first."""


def _progress(ids: list[str]) -> int:
    """The index of the choice to make: the first preferred one, else the first that is not a
    take-back."""
    for prefix in PREFER:
        for i, cid in enumerate(ids):
            if cid.startswith(prefix):
                return i
    return next((i for i, cid in enumerate(ids) if not cid.startswith("un")), 0)


def _match_session(save_dir: Path):
    from engine.rules import SeatConfig
    from tui.session import MatchSession

    game, bot = _game()
    seats = [SeatConfig("Player", "human"), SeatConfig("Bot", bot)]
    path = save_dir / f"screenshot-{game}.imperia"
    path.unlink(missing_ok=True)
    return MatchSession.start(game, seats, seed=SEED, save_path=path)


def _replay_file(save_dir: Path) -> Path:
    from engine.rules import SeatConfig
    from engine.session import BotSeats, new_match

    game, _ = _game()
    path = save_dir / f"replay-{game}.imperia"
    path.unlink(missing_ok=True)
    seats = [SeatConfig("Ann", "random"), SeatConfig("Bot", "random")]
    match = new_match(game, seats, seed=SEED, save_path=path)
    bots = BotSeats(match)
    for _ in range(60):
        if match.over or not bots.step():
            break
    match.undo(0)  # a take-back to show in the timeline
    for _ in range(4):
        if match.over or not bots.step():
            break
    match.sink.close()
    return path


def _finished_session(save_dir: Path, winner: int = 0):
    """A finished match (random choices for both seats) that ``winner`` won."""
    from engine.ai import decide
    from engine.ai.random_bot import RandomBot
    from engine.rng import Rng
    from engine.rules import SeatConfig
    from tui.session import MatchSession

    game, bot = _game()
    for k in range(1, 80):
        path = save_dir / f"finished-{game}-{k}.imperia"
        path.unlink(missing_ok=True)
        seats = [SeatConfig("Player", "human"), SeatConfig("Bot", bot)]
        session = MatchSession.start(game, seats, seed=SEED, save_path=path)
        match, rng = session.match, Rng.seeded(k)
        while not match.over:
            seat = match.waiting()[0]
            match.act(seat, decide(RandomBot(), match.rules, match.state, seat, rng))
        if match.outcome().winners == (winner,):
            return session
        session.close()
        path.unlink()
    raise SystemExit("no finished match found")


Scene = Callable[[Path], tuple[object, Callable[[object], Awaitable[None]]]]


def scene_menu(save_dir: Path):
    async def drive(pilot) -> None:
        await pilot.pause()

    return _app(), drive


def scene_new_match(save_dir: Path):
    async def drive(pilot) -> None:
        await pilot.press("n")
        await pilot.pause()

    return _app(), drive


def scene_match(save_dir: Path):
    async def drive(pilot) -> None:
        await _play(pilot, 14)

    return _app(session=_match_session(save_dir)), drive


def scene_help(save_dir: Path):
    async def drive(pilot) -> None:
        await _play(pilot, 2)
        await pilot.press("question_mark")
        await pilot.pause()

    return _app(session=_match_session(save_dir)), drive


def scene_replay(save_dir: Path):
    async def drive(pilot) -> None:
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("left", "left", "left")
        await pilot.pause()

    return _app(replay=_replay_file(save_dir)), drive


def scene_rules(save_dir: Path):
    async def drive(pilot) -> None:
        await pilot.press("r")
        await pilot.pause()

    return _app(), drive


def scene_settings(save_dir: Path):
    """The Settings screen (theme, auto-advance, bot pace, rule references)."""

    async def drive(pilot) -> None:
        await pilot.press("s")
        await pilot.pause()

    return _app(), drive


def scene_replay_turns(save_dir: Path):
    """The replay's turn list (t)."""

    async def drive(pilot) -> None:
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()

    return _app(replay=_replay_file(save_dir)), drive


def scene_continue(save_dir: Path):
    """The menu with a match to continue (and a copy saved as "midgame")."""
    from engine.session import open_match, save_as

    match, _ = open_match(_replay_file(save_dir))
    save_as(match, save_dir / "midgame.imperia")
    match.sink.close()

    async def drive(pilot) -> None:
        await pilot.pause()

    return _app(), drive


def scene_load(save_dir: Path):
    """The load list: an unfinished autosave, a typed copy and a finished match."""
    scene_continue(save_dir)
    _finished_session(save_dir).close()

    async def drive(pilot) -> None:
        await pilot.press("l")
        await pilot.pause()

    return _app(), drive


def scene_end(save_dir: Path):
    """The end of a match the player won."""

    async def drive(pilot) -> None:
        for _ in range(20):
            await pilot.pause()

    return _app(session=_finished_session(save_dir)), drive


def scene_undo(save_dir: Path):
    """An undo that goes back past the bot's turn asks first."""

    async def drive(pilot) -> None:
        from tui.screens.match import MatchScreen

        for _ in range(40):
            await _play(pilot, 1)
            screen = pilot.app.screen
            if not isinstance(screen, MatchScreen):
                return
            _, check = screen.session.check_undo()
            if check and check.allowed and check.crosses and screen.snap.prompt:
                break
        await pilot.press("u")
        await pilot.pause()

    return _app(session=_match_session(save_dir)), drive


def scene_inspector(save_dir: Path):
    async def drive(pilot) -> None:
        await _play(pilot, 6)
        await pilot.press("i")
        await pilot.pause()

    return _app(session=_match_session(save_dir)), drive


def scene_replay_help(save_dir: Path):
    async def drive(pilot) -> None:
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()

    return _app(replay=_replay_file(save_dir)), drive


def _rp_session(save_dir: Path):
    """A 4-player Res Publica match: the player (seat 0, who starts) and three bots."""
    from engine import registry
    from engine.rules import SeatConfig
    from tui.session import MatchSession

    kind = "bot" if "bot" in registry.bot_kinds("res_publica") else "random"
    seats = [SeatConfig("Player", "human")]
    seats += [SeatConfig(name, kind) for name in ("Bea", "Cid", "Dot")]
    path = save_dir / "screenshot-res_publica.imperia"
    path.unlink(missing_ok=True)
    options = {"start_player": "host_choice"}
    return MatchSession.start("res_publica", seats, options, seed=SEED, save_path=path)


def _rp_scene(choices: tuple[str, ...]) -> Scene:
    """A Res Publica scene: the player makes ``choices`` (ids) and the bots answer."""

    def scene(save_dir: Path):
        async def drive(pilot) -> None:
            from tui.screens.match import MatchScreen

            await _play(pilot, 0)
            for cid in choices:
                screen = pilot.app.screen
                prompt = screen.snap.prompt if isinstance(screen, MatchScreen) else None
                choice = prompt.get(cid) if prompt else None
                if choice is None:
                    break
                screen.choose(choice)
                await _settle(pilot)

        return _app(session=_rp_session(save_dir)), drive

    return scene


def _maus_session(save_dir: Path):
    """A 5-player Mausoleum match: the player (seat 0) and four bots (the game's own bot when
    it has one, else random)."""
    from engine import registry
    from engine.rules import SeatConfig
    from tui.session import MatchSession

    bot = "bot" if "bot" in registry.bot_kinds("mausoleum") else "random"
    seats = [SeatConfig("Player", "human")]
    seats += [SeatConfig(name, bot) for name in ("Bea", "Cid", "Dot", "Eve")]
    path = save_dir / "screenshot-mausoleum.imperia"
    path.unlink(missing_ok=True)
    return MatchSession.start("mausoleum", seats, seed=SEED, save_path=path)


MAUS_PREFER = ("bury", "pay:", "buy:", "kill:", "kidnap:", "play:", "invite:", "draw:deck")
"""Mausoleum choices that fill the board, best first."""


def _maus_scene(decisions: int, stop_groups: frozenset[str]) -> Scene:
    """A Mausoleum scene: the player makes at least ``decisions`` choices (buying, killing,
    playing, inviting rather than discarding), then stops at the first prompt holding one of
    ``stop_groups`` (e.g. the draw of a new turn, or a target step)."""

    def scene(save_dir: Path):
        async def drive(pilot) -> None:
            from tui.screens.match import MatchScreen

            await _play(pilot, 0)
            for made in range(decisions + 60):
                prompt = None
                for _ in range(20):  # a bot may still be moving
                    screen = pilot.app.screen
                    prompt = screen.snap.prompt if isinstance(screen, MatchScreen) else None
                    if prompt is not None or not isinstance(screen, MatchScreen):
                        break
                    await _settle(pilot)
                if prompt is None:
                    break
                if made >= decisions and {c.group for c in prompt.choices} & stop_groups:
                    break
                ids = [c.id for c in prompt.choices]
                pick = next((i for p in MAUS_PREFER for i in ids if i.startswith(p)), ids[0])
                screen.choose(prompt.get(pick))
                await _settle(pilot)

        return _app(session=_maus_session(save_dir)), drive

    return scene


def _is_session(save_dir: Path):
    """Imperial Struggle: the player (France) against the random bot, so that a France that
    passes its rounds (the War scene) reaches the first War instead of losing T1 to a sweep."""
    from engine.rules import SeatConfig
    from tui.session import MatchSession

    seats = [SeatConfig("Player", "human"), SeatConfig("Bot", "random")]
    path = save_dir / "screenshot-imperial_struggle.imperia"
    path.unlink(missing_ok=True)
    return MatchSession.start("imperial_struggle", seats, seed=SEED, save_path=path)


IS_BUY = ("pick:", "confirm", "keep", "first:france", "tile:", "actions", "act:major", "region:")
"""Imperial Struggle choices toward a purchase of an Action Round, best first."""

IS_QUICK = ("pick:", "confirm", "keep", "first:france", "tile:", "pass", "done", "end_round")
"""Imperial Struggle choices that reach the next War quickest (France passes its rounds)."""


def _is_scene(order: tuple[str, ...], until: str, keys: tuple[str, ...] = ()) -> Scene:
    """An Imperial Struggle scene: the player chooses by ``order`` until ``until`` holds
    (``"purchase"``: choosing a purchase with spaces to choose; ``"war"``: a decision in a War
    Turn), then presses ``keys`` (``p`` switches the board's pane)."""

    def scene(save_dir: Path):
        async def drive(pilot) -> None:
            from tui.screens.match import MatchScreen

            for _ in range(1500):
                await _settle(pilot)
                screen = pilot.app.screen
                if not isinstance(screen, MatchScreen) or screen.snap.prompt is None:
                    break
                prompt, view = screen.snap.prompt, screen.snap.view
                spaces = any(c.target for c in prompt.choices)
                if until == "purchase" and "choose a purchase" in prompt.text and spaces:
                    break
                if until == "war" and view.get("turn") in ("WSS", "WAS", "7YW", "AWI"):
                    break
                ids = [c.id for c in prompt.choices if c.id != "back"]
                pick = next((i for p in order for i in ids if i.startswith(p)), None)
                pick = pick or (
                    "confirm" if "confirm" in ids else "debt" if "debt" in ids else ids[0]
                )
                screen.choose(prompt.get(pick))
            for key in keys:
                await pilot.press(key)
            await _settle(pilot)

        return _app(session=_is_session(save_dir)), drive

    return scene


def _bi_session(save_dir: Path, seats: int):
    """Brazil: Imperial: the player against ``seats - 1`` random bots (solo when 1)."""
    from engine.rules import SeatConfig
    from tui.session import MatchSession

    cfg = [SeatConfig("Player", "human")]
    cfg += [SeatConfig(f"Bot {i}", "random") for i in range(1, seats)]
    path = save_dir / f"screenshot-brazil_imperial-{seats}.imperia"
    path.unlink(missing_ok=True)
    return MatchSession.start("brazil_imperial", cfg, seed=SEED, save_path=path)


BI_ORDER = ("a:deploy", "u:0.", "h:", "a:build", "b:", "free", "end", "keep", "none")
"""Brazil: Imperial choices, best first: Deploy a unit onto a hex, Build, move, then end."""


def _bi_scene(seats: int, builds: int, keys: tuple[str, ...] = ()) -> Scene:
    """A Brazil: Imperial scene: the player chooses by ``BI_ORDER`` until the ``builds``-th
    "Build where?" step (0: the first step after set-up), then presses ``keys``."""

    def scene(save_dir: Path):
        async def drive(pilot) -> None:
            from tui.screens.match import MatchScreen

            seen = 0
            for _ in range(400):
                await _settle(pilot)
                screen = pilot.app.screen
                if type(screen).__name__ == "CombatDialog":  # a combat's result: close it
                    await pilot.press("enter")
                    continue
                if not isinstance(screen, MatchScreen) or screen.snap.prompt is None:
                    break
                prompt = screen.snap.prompt
                if builds == 0 and not prompt.text.lower().startswith(("choose", "keep", "pick")):
                    break
                if prompt.text == "Build where?" and len(prompt.choices) >= 4:
                    seen += 1
                    if seen >= builds:
                        break
                ids = [c.id for c in prompt.choices]
                pick = next((i for p in BI_ORDER for i in ids if i.startswith(p)), ids[0])
                screen.choose(prompt.get(pick))
            pilot.app.clear_notifications()
            for key in keys:
                await pilot.press(key)
            await _settle(pilot)

        return _app(session=_bi_session(save_dir, seats)), drive

    return scene


def _bi_combat_scene(reveal: bool) -> Scene:
    """A Brazil: Imperial combat the player fights: both seats march on each other's capital
    from seed 0 until the player places battle cards in a combat against the bot; with
    ``reveal`` the player places one card and the result dialog shows."""

    def scene(save_dir: Path):
        from engine.rules import SeatConfig
        from engine.session import new_match
        from tui.session import MatchSession

        path = save_dir / "screenshot-brazil_imperial-combat.imperia"
        path.unlink(missing_ok=True)
        cfg = [SeatConfig("Player", "human"), SeatConfig("Bot", "random")]
        sys.path.insert(0, str(ROOT / "tests" / "tui"))
        from bi_combat_kit import combat_choices

        m = new_match("brazil_imperial", cfg, {}, 0, save_path=path)
        for s, c in combat_choices(0) or []:  # both seats march on the other's capital
            m.act(s, c)

        async def drive(pilot) -> None:
            await _settle(pilot)
            screen = pilot.app.screen
            if reveal:
                card = next(c for c in screen.snap.prompt.choices if c.id.startswith("c:"))
                screen.choose(card)
                await _settle(pilot)
                if pilot.app.screen is screen and screen.snap.prompt:
                    screen.choose(screen.snap.prompt.get("done"))  # the attacker's cards, then
                    await _settle(pilot)
            pilot.app.clear_notifications()
            await _settle(pilot)

        return _app(session=MatchSession(m)), drive

    return scene


SCENES: dict[str, Scene] = {
    "menu": scene_menu,
    "new-match": scene_new_match,
    "match": scene_match,
    "replay": scene_replay,
    "rules": scene_rules,
    "help": scene_help,
    "continue": scene_continue,
    "load": scene_load,
    "end": scene_end,
    "undo": scene_undo,
    "inspector": scene_inspector,
    "replay-help": scene_replay_help,
    "replay-turns": scene_replay_turns,
    "settings": scene_settings,
    "res_publica-compose": _rp_scene(("request", "n:1")),
    "res_publica-trade": _rp_scene(("request", "n:1", "k:ANY", "send")),
    "mausoleum-match": _maus_scene(16, frozenset({"draw"})),
    "mausoleum-target": _maus_scene(16, frozenset({"kill", "invite", "event"})),
    "imperial_struggle-round": _is_scene(IS_BUY, "purchase"),
    "imperial_struggle-records": _is_scene(IS_BUY, "purchase", ("p",)),
    "imperial_struggle-war": _is_scene(IS_QUICK, "war", ("p", "p")),
    "brazil_imperial-map": _bi_scene(2, 2),
    "brazil_imperial-boards": _bi_scene(2, 2, ("t",)),
    "brazil_imperial-four": _bi_scene(4, 1),
    "brazil_imperial-solo": _bi_scene(1, 1),
    "brazil_imperial-combat": _bi_combat_scene(False),
    "brazil_imperial-combat-result": _bi_combat_scene(True),
}


async def shoot(name: str, size: tuple[int, int], out: Path, save_dir: Path) -> Path:
    """Drive scene ``name`` at ``size`` and write ``out/<name>-<w>x<h>.svg``."""
    app, drive = SCENES[name](save_dir)
    async with app.run_test(size=size) as pilot:  # type: ignore[attr-defined]
        await drive(pilot)
        await pilot.pause()
        title = f"imperia — {name} ({size[0]}x{size[1]})"
        svg = app.export_screenshot(title=title)  # type: ignore[attr-defined]
    path = out / f"{name}-{size[0]}x{size[1]}.svg"
    path.write_text(svg, encoding="utf-8")
    return path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "screenshots"))
    parser.add_argument("--png", action="store_true", help="also write PNGs (needs cairosvg)")
    parser.add_argument("scenes", nargs="*", help=f"some of {', '.join(SCENES)} (default all)")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["IMPERIA_SAVE_DIR"] = tmp
        for name in args.scenes or SCENES:
            for size in SIZES:
                path = asyncio.run(shoot(name, size, out, Path(tmp)))
                print(path)
                if args.png:
                    import cairosvg

                    png = path.with_suffix(".png")
                    cairosvg.svg2png(url=str(path), write_to=str(png), output_width=size[0] * 15)
    return 0


if __name__ == "__main__":
    sys.exit(main())
