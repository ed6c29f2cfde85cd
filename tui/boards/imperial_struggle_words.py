"""Small plain-words helpers shared by the Imperial Struggle inspector texts.

Only static data (``engine.games.imperial_struggle.board``) and view values are read; every
function returns plain text (no markup beyond Markdown emphasis) and never a raw id or repr.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.games.imperial_struggle import board as B

SIDES: tuple[str, str] = ("France", "Britain")
"""Side index (0 France, 1 Britain, IS-0.1) -> name."""

SIDE_OF_KEY: dict[str, int] = {"france": 0, "britain": 1}
"""The data's side keys -> side index."""

FLAG_NAMES: dict[int, str] = {0: "French", 1: "British", 2: "USA", 3: "Spanish"}
"""Flag code of ``view["flags"]`` (README state table) -> adjective."""

KIND_NAMES: dict[str, str] = {
    "political": "Political space",
    "market": "Market",
    "fort": "Fort",
    "naval": "Naval space",
    "territory": "Territory",
}
"""Space type (map.json ``type``) -> its name."""

KIND_PLURALS: dict[str, str] = {
    "political": "Political spaces",
    "market": "Markets",
    "fort": "Forts",
    "naval": "Naval spaces",
    "territory": "Territories",
}
"""Space type -> its plural name."""

TYPE_NAMES: dict[str, str] = {
    "economic": "Economic",
    "diplomatic": "Diplomatic",
    "military": "Military",
}
"""Action type -> its name."""

TYPE_POINTS: dict[str, str] = {"economic": "EP", "diplomatic": "DP", "military": "MP"}
"""Action type -> the abbreviation of its points."""

ERA_NAMES: dict[str, str] = {
    "succession": "Succession Era",
    "empire": "Empire Era",
    "revolution": "Revolution Era",
}
"""Era id -> name."""

ERA_TURNS: dict[str, str] = {
    "succession": "Turns 1–2",
    "empire": "Turns 3–4",
    "revolution": "Turns 5–6",
}
"""Era id -> its Peace Turns (IS-2.1)."""

WAR_NAMES: dict[str, str] = {w: B.WARS[w]["name"] for w in B.WARS}
"""War id -> its full name (components.json ``wars[].name``)."""

SUB_REGION_NAMES: dict[str, str] = {
    sr["id"]: sr["name"] for r in B.MAP["regions"] for sr in r.get("sub_regions") or []
}
"""Sub-region id -> name (Canada, Northern Colonies, Hooghly River, Carnatic Coast)."""


def side_name(side: Any) -> str:
    """``France`` / ``Britain`` for 0/1 or the data's ``"france"``/``"britain"``; ``nobody``
    otherwise."""
    if isinstance(side, str):
        side = SIDE_OF_KEY.get(side)
    return SIDES[side] if side in (0, 1) else "nobody"


def possessive(side: int) -> str:
    """``France's`` / ``Britain's``."""
    return f"{SIDES[side]}'s"


def space(sid: str) -> str:
    """A space's display name (the id, tidied, if unknown)."""
    rec = B.SPACES.get(sid)
    return rec["name"] if rec else sid.replace("_", " ")


def region(rid: str) -> str:
    """A Region's or sub-region's display name."""
    return B.REGION_NAMES.get(rid) or SUB_REGION_NAMES.get(rid) or rid.replace("_", " ").title()


def commodity(c: str) -> str:
    """``furs`` -> ``Furs``."""
    return c.replace("_", " ").capitalize()


def keyword(k: str) -> str:
    """A Ministry keyword in its printed form: ``finance`` -> ``Finance``."""
    return k.replace("_", " ").capitalize()


def join(items: Iterable[str], last: str = "and") -> str:
    """``a, b and c`` (``""`` for no items)."""
    items = [i for i in items if i]
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def signed(n: int) -> str:
    """``+2``, ``0``, ``-1``."""
    return f"+{n}" if n > 0 else str(n)


def theater(war: str, number: int | str) -> str:
    """``Central Europe (WSS 1)`` (the log's theater style)."""
    return B.theater_name(war, int(number))
