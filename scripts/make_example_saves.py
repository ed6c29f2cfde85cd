"""Regenerate the example matches in ``saves/`` (one per playable game).

Each is a bot-vs-bot match under the teaching policy with a few takebacks, so the replay screen
has something to show. The files are golden tests too: ``tests/test_saves.py`` replays and
verifies every one. Run after a rules change that alters play (and bump the game's
``rules_version``)::

    .venv/bin/python scripts/make_example_saves.py [game ...]
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import registry  # noqa: E402
from engine.ai.random_bot import RandomBot  # noqa: E402
from engine.rng import Rng  # noqa: E402
from engine.rules import SeatConfig  # noqa: E402
from engine.session import BotSeats, new_match, save_as  # noqa: E402

EXAMPLES = {
    # file stem: (game, seed, seats)
    "imperium": ("imperium", 20261130, 2),
    "mausoleum": ("mausoleum", 20261130, 4),
    "res_publica": ("res_publica", 20261130, 4),
    "imperial_struggle": ("imperial_struggle", 20261130, 2),
    "brazil_imperial": ("brazil_imperial", 20261202, 2),
    "brazil_imperial-solo": ("brazil_imperial", 20261202, 1),  # one seat: solo against the Dutch
}
TAKEBACKS_AT = (24, 70, 130)


def make(game: str, seed: int, out: Path, n_seats: int, stem: str | None = None) -> Path:
    """Play and save the example of ``game``: ``n_seats`` bots, seed ``seed``, as
    ``out/<stem>-example.imperia`` (``stem`` defaults to the game id)."""
    kind = "bot" if "bot" in registry.bot_kinds(game) else "random"
    seats = [SeatConfig(f"{kind.title()} {i + 1}", kind) for i in range(n_seats)]
    match = new_match(game, seats, seed=seed, policy="teaching")
    bots = BotSeats(match)
    detour = Rng.seeded(seed)
    while not match.over:
        seat = bots.next_seat()
        assert seat is not None
        if match.ply in TAKEBACKS_AT:
            # a takeback: a random choice, taken back, then the bot's own choice
            prompt = match.prompt(seat)
            match.act(seat, RandomBot().choose(match.rules, match.state, seat, prompt, detour))
            match.undo(seat)
        bots.step()
    path = out / f"{stem or game}-example.imperia"
    path.unlink(missing_ok=True)
    return save_as(match, path)


if __name__ == "__main__":
    wanted = sys.argv[1:] or list(EXAMPLES)
    for stem in wanted:
        game, seed, n_seats = EXAMPLES[stem]
        print(make(game, seed, ROOT / "saves", n_seats, stem))
