"""CPU cost of one match-screen update (the redraw after any choice), headless.

For each scenario (iMperium, a human against a random bot; Mausoleum with 4 seats, a human and
three random bots) the script first plays ``--choices`` human choices on a bare
:class:`~tui.session.MatchSession` (no app) and records every picture the session sends (one
per choice, the bots' included). It then opens the match screen of a fresh session of the same
match in a headless app (bots stopped) and feeds it those pictures in order, as
:class:`~tui.session.MatchUpdated` messages, each followed by a full repaint (``Pilot.pause``:
messages handled, then the compositor's update rendered, and turned into terminal bytes as a
real driver would; the headless driver skips that step, so it is added here).

CPU time (``time.process_time``, all threads) of the batch, minus the same loop with no
message (the pause's own cost), divided by the number of pictures, is the cost of one update.
The batch is repeated ``--rounds`` times (the first one also warms caches) and the median
round is reported. ``--profile`` profiles one more round (cProfile's top functions, or pyinstrument's tree).

    .venv/bin/python scripts/ui_update_cost.py [--choices 40] [--rounds 5] [--size 120x40]
        [--game imperium|mausoleum] [--profile cprofile|pyinstrument]
        [--sort cumulative|tottime] [--top 60]
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import json
import pstats
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from textual._compositor import CompositorUpdate  # noqa: E402

from engine.rules import SeatConfig  # noqa: E402
from tui.app import ImperiaApp  # noqa: E402
from tui.screens.match import MatchScreen  # noqa: E402
from tui.session import MatchSession, MatchUpdated, MatchView  # noqa: E402

SEED = 20261130
SCENARIOS = {
    "imperium": ("imperium", ["human", "random"]),
    "mausoleum": ("mausoleum", ["human", "random", "random", "random"]),
}
PREFER = ("confirm", "play:", "continue", "keep", "stop", "skip", "end")
"""Human choices that move a match on, best first (as the app tests pick them)."""


def _session(game: str, kinds: list[str], folder: Path, tag: str) -> MatchSession:
    names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]
    seats = [SeatConfig(names[i], k) for i, k in enumerate(kinds)]
    return MatchSession.start(game, seats, seed=SEED, save_path=folder / f"{tag}.imperia")


def _pick(view: MatchView, n: int) -> str:
    """A choice that moves the match on; every third time the n-th other choice instead, so
    the pictures vary (cards bought, targets chosen)."""
    ids = [c.id for c in view.prompt.choices if not c.id.startswith("un")]
    ids = ids or [c.id for c in view.prompt.choices]
    if n % 3 == 2 and len(ids) > 1:
        return ids[n % len(ids)]
    for prefix in PREFER:
        for cid in ids:
            if cid.startswith(prefix):
                return cid
    return ids[0]


def record(game: str, kinds: list[str], choices: int, folder: Path) -> list[MatchView]:
    """Every picture a session sends while its human makes ``choices`` choices."""
    session = _session(game, kinds, folder, "record")
    pictures: list[MatchView] = []
    session.notify = lambda message: pictures.append(message.snapshot)
    session.refresh("start")
    made = 0
    while made < choices and not session.match.over:
        task = session.bot_task()
        if task is not None:
            session.apply_bot(task, session.think(task))
            continue
        snap = session.snapshot()
        if snap.prompt is None:
            break
        session.choose(_pick(snap, made))
        made += 1
    session.close()
    return pictures


def _with_terminal_bytes(app: ImperiaApp) -> None:
    """Make the headless app turn each compositor update into terminal bytes (as a real
    driver does before writing them), so that cost is counted too."""
    display = app._display

    def _display(screen, renderable) -> None:
        if isinstance(renderable, CompositorUpdate):
            renderable.render_segments(app.console)
        display(screen, renderable)

    app._display = _display  # type: ignore[method-assign]


async def measure(
    game: str, kinds: list[str], pictures: list[MatchView], args, folder: Path
) -> dict:
    session = _session(game, kinds, folder, "show")
    app = ImperiaApp(session=session, bot_delay=0.0, steady=True, seed_source=lambda: SEED)
    width, height = (int(v) for v in args.size.split("x"))
    async with app.run_test(size=(width, height)) as pilot:
        _with_terminal_bytes(app)
        for _ in range(20):
            await pilot.pause()
            if isinstance(app.screen, MatchScreen) and app.screen.snap is not None:
                break
        screen = app.screen
        assert isinstance(screen, MatchScreen), app.screen
        screen.bots.stop()

        async def feed(send: bool) -> float:
            screen.snap = None  # each round starts over from the first picture
            t0 = time.process_time()
            for picture in pictures:
                if send:
                    screen.post_message(MatchUpdated(picture, "bench"))
                await pilot.pause()
            return time.process_time() - t0

        busy, idle = [], []
        for _ in range(args.rounds):
            busy.append(await feed(True))
            idle.append(await feed(False))
        result = {
            "game": game,
            "seats": len(kinds),
            "pictures": len(pictures),
            "rounds": args.rounds,
            "ms_per_update": round(
                1000 * (statistics.median(busy) - statistics.median(idle)) / len(pictures), 2
            ),
            "ms_per_update_rounds": [round(1000 * b / len(pictures), 2) for b in busy],
            "pause_overhead_ms": round(1000 * statistics.median(idle) / len(pictures), 2),
        }
        if args.profile == "cprofile":
            prof = cProfile.Profile(time.process_time)
            prof.enable()
            await feed(True)
            prof.disable()
            if args.dump:
                prof.dump_stats(args.dump)
            out = io.StringIO()
            stats = pstats.Stats(prof, stream=out).strip_dirs().sort_stats(args.sort)
            stats.print_stats(args.top)
            result["profile"] = out.getvalue()
        elif args.profile == "pyinstrument":
            from pyinstrument import Profiler  # pip install pyinstrument (not a dependency)

            profiler = Profiler(interval=0.0005, async_mode="disabled")
            profiler.start()
            await feed(True)
            profiler.stop()
            result["profile"] = profiler.output_text(show_all=False, timeline=False)
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--choices", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--size", default="120x40")
    parser.add_argument("--game", choices=sorted(SCENARIOS), action="append")
    parser.add_argument("--profile", choices=["cprofile", "pyinstrument"])
    parser.add_argument("--sort", default="cumulative")
    parser.add_argument("--dump", help="write the cProfile stats to this file too")
    parser.add_argument("--top", type=int, default=60)
    args = parser.parse_args()
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for name in args.game or sorted(SCENARIOS):
            game, kinds = SCENARIOS[name]
            (folder / name).mkdir()
            pictures = record(game, kinds, args.choices, folder / name)
            results.append(asyncio.run(measure(game, kinds, pictures, args, folder / name)))
    for r in results:
        profile = r.pop("profile", None)
        print(json.dumps(r))
        if profile:
            print(profile)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
