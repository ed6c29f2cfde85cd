"""The game registry: the app, the CLI and the test suites discover every game here.

Each game package under ``engine/games/`` exposes ``RULES`` (a :class:`engine.rules.Rules`) and
``BOTS`` (a dict from bot kind, e.g. ``"bot"``, to a zero-argument factory). The generic
``"random"`` bot works for every game. A game with a heuristic ``"bot"`` also gets the levels of
:mod:`engine.ai.levels`: ``bot:easy``, ``bot:normal`` (= ``bot``), ``bot:hard`` and
``bot:expert`` (ISMCTS). Tests may :func:`register` extra games (a tiny test game).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from engine.rules import Rules

GAME_MODULES: tuple[str, ...] = (
    "engine.games.imperium",
    "engine.games.mausoleum",
    "engine.games.res_publica",
    "engine.games.imperial_struggle",
    "engine.games.brazil_imperial",
)
"""Packages that hold the shipped games, imported on first use."""

_games: dict[str, Rules] = {}
_bots: dict[str, dict[str, Callable[[], Any]]] = {}
_loaded = False


def register(rules: Rules, bots: dict[str, Callable[[], Any]] | None = None) -> None:
    """Add ``rules`` (and its bot factories) to the registry, replacing any game of that id."""
    _games[rules.id] = rules
    _bots[rules.id] = dict(bots or {})


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for name in GAME_MODULES:
        mod = importlib.import_module(name)
        register(mod.RULES, getattr(mod, "BOTS", {}))


def games(playable_only: bool = False) -> list[Rules]:
    """Every registered game (shipped ones first), optionally only those marked playable."""
    _load()
    return [g for g in _games.values() if g.playable or not playable_only]


def get(game_id: str) -> Rules:
    """The game with this id. Raises KeyError with the list of known ids."""
    _load()
    try:
        return _games[game_id]
    except KeyError:
        raise KeyError(
            f"unknown game {game_id!r} (known: {', '.join(sorted(_games)) or 'none'})"
        ) from None


def bot_kinds(game_id: str) -> list[str]:
    """Bot kinds available for a game: always "random", the game's own, and when it has a
    heuristic ``"bot"`` the levels ``bot:easy`` .. ``bot:expert`` (engine/ai/levels.py)."""
    from engine.ai.levels import LEVELS

    _load()
    own = [k for k in _bots.get(game_id, {}) if k != "random"]
    levels = [f"bot:{lv}" for lv in LEVELS] if "bot" in own else []
    return ["random", *own, *[k for k in levels if k not in own]]


def make_bot(
    game_id: str, kind: str, seconds: float | None = None, iterations: int | None = None
) -> Any:
    """A new bot of ``kind`` for ``game_id``. ``seconds`` / ``iterations`` override the time
    box of a search level (``bot:hard``, ``bot:expert``; tournaments, tests). Raises KeyError
    for an unknown kind."""
    from engine.ai.levels import level_of, make_level
    from engine.ai.random_bot import RandomBot

    _load()
    if kind == "random":
        return RandomBot()
    own = _bots.get(game_id, {})
    level = level_of(kind)
    if kind not in own and level is not None and "bot" in own:
        return make_level(game_id, level, own["bot"], seconds, iterations)
    try:
        return own[kind]()
    except KeyError:
        raise KeyError(
            f"no bot {kind!r} for {game_id} (known: {', '.join(bot_kinds(game_id))})"
        ) from None
