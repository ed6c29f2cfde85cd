"""Shared words and styles of the Imperial Struggle panels (records, war, last-round line) and
the inspector texts (the second part: plain-words helpers of ``imperial_struggle_cards``).

Everything here is a pure function of plain ids from the view (README "View" of
``engine/games/imperial_struggle``) and the static data of ``board.py`` (generated from
``components.json`` / ``map.json``). Sides are 0 France, 1 Britain (IS-0.1); a side is always
named in words (or its short mark ``FR``/``BR``) so colour is never the only cue (NO_COLOR).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.text import Text

from engine.games.imperial_struggle import board as B
from engine.games.imperial_struggle.war_tiles import is_basic, tile_info

FR, BR = 0, 1

SIDE_NAMES: tuple[str, str] = ("France", "Britain")
"""Side index -> its name (IS-0.1)."""

SIDE_MARKS: tuple[str, str] = ("FR", "BR")
"""Side index -> the two-letter mark used where a name does not fit."""

STYLES: dict[str, str] = {
    "france": "bold dodger_blue2",
    "britain": "bold red3",
    "usa": "bold green4",
    "spain": "bold yellow3",
    "label": "bold",
    "dim": "dim",
    "warn": "bold yellow",
    "good": "green",
    "taken": "dim strike",
    "frame": "yellow",
}
"""The panels' Rich styles by role (one place, so a theme can replace them). Side colours
are always paired with the side's name or mark."""

SIDE_STYLE: tuple[str, str] = (STYLES["france"], STYLES["britain"])
"""Side index -> its style."""

TYPE_SHORT: dict[str, str] = {"economic": "Eco", "diplomatic": "Dip", "military": "Mil"}
"""Action type -> the short word used on Investment tiles (IS-3.3)."""

ERA_NAMES: dict[str, str] = {
    "succession": "Succession Era",
    "empire": "Empire Era",
    "revolution": "Revolution Era",
}
"""Era id -> its name (IS-2.1)."""


def side_text(side: int | None, *, short: bool = False, you: int | None = None) -> Text:
    """A side's name (or ``FR``/``BR`` when ``short``) in its colour; ``(you)`` appended when
    ``side`` is ``you``. ``None`` -> ``nobody`` (dim)."""
    if side is None:
        return Text("nobody", style=STYLES["dim"])
    word = SIDE_MARKS[side] if short else SIDE_NAMES[side]
    t = Text()
    t.append(word, style=SIDE_STYLE[side])
    if you is not None and side == you and not short:
        t.append(" (you)", style=STYLES["dim"])
    return t


def other(side: int) -> int:
    """The opponent of ``side``."""
    return 1 - side


def signed(n: int) -> str:
    """``+2`` / ``0`` / ``-1`` (a strength or a change)."""
    return f"+{n}" if n > 0 else str(n)


def plural(n: int, noun: str, many: str | None = None) -> str:
    """``1 card`` / ``3 cards``."""
    return f"{n} {noun if n == 1 else (many or noun + 's')}"


def turn_words(turn: str) -> str:
    """A turn-track id in words: ``T2`` -> ``Peace Turn 2``, ``WSS`` -> the War's name."""
    if turn.startswith("T") and turn[1:].isdigit():
        return f"Peace Turn {turn[1:]}"
    return B.WARS[turn]["name"] if turn in B.WARS else turn


def invest_short(tile: int) -> str:
    """An Investment tile in a few letters: ``Eco 4/Dip 2`` plus ``✦`` (Event symbol) and
    ``⇑`` (Military Upgrade symbol) (``components.json.investment_tiles``, IS-3.3)."""
    t = B.INVEST[tile]
    s = (
        f"{TYPE_SHORT[t['major']['type']]} {t['major']['points']}/"
        f"{TYPE_SHORT[t['minor']['type']]} {t['minor']['points']}"
    )
    if t.get("event_symbol"):
        s += "✦"
    if t.get("military_upgrade"):
        s += "⇑"
    return s


def award_short(tile: int) -> str:
    """An Award tile in a few words: ``2 VP (lead 2)`` / ``1 VP+1 TRP`` (IS-3.9)."""
    t = B.AWARDS[tile]
    parts = [f"{t['vp']} VP"] if t["vp"] else []
    if t["trp"]:
        parts.append(f"{t['trp']} TRP")
    s = "+".join(parts) or "nothing"
    if t["min_margin"] > 1:
        s += f" (lead {t['min_margin']})"
    return s


def demand_reward(commodity: str, era: str) -> str:
    """This Era's Global Demand reward for the winner: ``2 VP, Debt +1`` (IS-4.1.12d)."""
    r = B.DEMAND[commodity]["reward_by_era"][era]
    parts = [f"{r['vp']} VP"] if r["vp"] else []
    if r["trp"]:
        parts.append(f"+{r['trp']} TRP")
    if r["debt_change"]:
        parts.append(f"Debt {signed(r['debt_change'])}")
    return ", ".join(parts) or "nothing"


def commodity_name(c: str) -> str:
    """``furs`` -> ``Furs``."""
    return c.replace("_", " ").capitalize()


def war_tile_label(tile: str) -> str:
    """A War tile in plain words: ``d'Estrées +2``, ``Basic +1``, ``Basic 0 Debt`` (the
    opponent takes Debt), ``Basic 0 Fort/Squadron``, ``Basic -1 unflag`` (IS-3.7a);
    ``Atlantic Dominance +2`` / ``Byng +2`` for the special tiles."""
    if tile in ("atlantic_dominance", "byng"):
        return {"atlantic_dominance": "Atlantic Dominance", "byng": "Byng"}[tile] + " +2"
    info = tile_info(tile)
    eff = {
        "opponent_debt": " Debt",
        "damage_fort_or_remove_squadron": " Fort/Squadron",
        "unflag": " unflag",
    }.get(info["effect"] or "", "")
    if is_basic(tile):
        return f"Basic {signed(info['strength'])}{eff}"
    return f"{info['name']} {signed(info['strength'])}{eff}"


def war_tile_strength(tile: str) -> int:
    """A War tile's strength (IS-7.1.1)."""
    return int(tile_info(tile)["strength"])


def ministry_name(card: str) -> str:
    """A Ministry card's name (``ministry_cards``)."""
    return str(B.MINISTRIES[card]["name"])


def event_name(card: int) -> str:
    """An Event card's name (``event_cards``)."""
    return str(B.EVENTS[card]["name"])


def space_name(space: str) -> str:
    """A map space's name (``map.json``)."""
    rec = B.SPACES.get(space)
    return str(rec["name"]) if rec else space.replace("_", " ").title()


def region_name(region: str) -> str:
    """A Region's name (``map.json``)."""
    return str(B.REGION_NAMES.get(region, region))


def viewer_side(view: dict[str, Any]) -> int | None:
    """The viewer's side, or None for a spectator and while the side auction runs (then
    ``view["side"]`` is a seat, IS-V05)."""
    if view.get("auction") is not None:
        return None
    side = view.get("side")
    return side if side in (FR, BR) else None


def top_frame(view: dict[str, Any], kinds: tuple[str, ...]) -> dict[str, Any] | None:
    """The top-most frame of ``view["stack"]`` whose kind is in ``kinds``, or None."""
    for fr in reversed(view.get("stack") or []):
        if fr.get("k") in kinds:
            return fr
    return None


# ---------------------------------------------------------------- inspector words (is-texts)
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


def theater(war: str, number: int | str) -> str:
    """``Central Europe (WSS 1)`` (the log's theater style)."""
    return B.theater_name(war, int(number))
