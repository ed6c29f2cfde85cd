"""Facts of the War display for the Imperial Struggle war panel, computed from one view.

Everything is public or the viewer's own (IS-16.1/16.2): the tiles a side may see in a theater,
the Army Strength of revealed tiles (IS-7.1.1), the Bonus Strength the map gives each side now
(IS-7.1.3, through the engine's own ``war.bonus_strength`` applied to the view's public map),
spoils rows in words (IS-7.2, ``components.json.wars``), and the numbers of a resolved theater
read back from its log line ("Spain (WSS 2): France 6 (army 4 + 2), Britain 3 (army 3 + 0):
France wins by 3", ``war_text.py``) when the caller has the log.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from engine.games.imperial_struggle import board as B
from engine.games.imperial_struggle.war import bonus_strength as _engine_bonus
from engine.games.imperial_struggle.war_spoils import spoils_row
from tui.boards.imperial_struggle_words import (
    BR,
    FR,
    SIDE_NAMES,
    plural,
    region_name,
    war_tile_strength,
)


class SideTiles(NamedTuple):
    """What a viewer knows of one side's tiles in one place: ``known`` tile ids and the count of
    ``hidden`` ones (backs)."""

    known: list[str]
    hidden: int


def side_tiles(part: Any) -> SideTiles:
    """A ``war`` view part (a sorted id list for the viewer's own side, else ``{"count",
    "known"}``) as :class:`SideTiles`."""
    if isinstance(part, list):
        return SideTiles(list(part), 0)
    known = list(part.get("known") or [])
    return SideTiles(known, max(0, int(part.get("count", 0)) - len(known)))


def theater_tiles(view: dict[str, Any], key: str, side: int) -> SideTiles:
    """``side``'s Basic then Bonus tiles in theater ``key`` as the viewer knows them."""
    th = view["war"]["theaters"][key]
    a, b = side_tiles(th["basic"][side]), side_tiles(th["bonus"][side])
    return SideTiles(a.known + b.known, a.hidden + b.hidden)


def known_army(tiles: SideTiles) -> int:
    """Sum of the known tiles' strengths (the whole Army Strength when nothing is hidden)."""
    return sum(war_tile_strength(t) for t in tiles.known)


def _public_map(view: dict[str, Any]) -> dict[str, Any]:
    """The fields ``war.bonus_strength`` reads, from the view: the map, face-up Ministry cards
    (face-down ones are never counted, IS-7.1.3), Atlantic Dominance and Byng."""
    return {
        "flags": view["flags"],
        "squadrons": view["squadrons"],
        "conflict": view["conflict"],
        "damaged": view["damaged"],
        "min_slots": [
            [{"card": s.get("card") if s.get("up") else None, "up": s.get("up")} for s in side]
            for side in view["ministries"]
        ],
        "war": {"atlantic": (view.get("war") or {}).get("atlantic")},
        "byng": view.get("byng"),
    }


def bonus_now(view: dict[str, Any], key: str) -> list[tuple[int, list[str]]]:
    """Per side, the Bonus Strength the map gives in theater ``key`` now and its parts in plain
    words (IS-7.1.3): ``[(3, ["Austria 1", ...]), (0, [])]``."""
    war = view["war"]["id"]
    pub = _public_map(view)
    return [_engine_bonus(pub, war, key, side) for side in (FR, BR)]


RESULT_RE = re.compile(
    r"^(?P<name>.+) \((?P<war>\w+) (?P<n>\d+)\): France (?P<ft>-?\d+) \(army (?P<fa>-?\d+) \+ "
    r"(?P<fb>-?\d+)\), Britain (?P<bt>-?\d+) \(army (?P<ba>-?\d+) \+ (?P<bb>-?\d+)\)"
)
"""The ``theater_result`` log line of ``war_text.py``."""


class TheaterResult(NamedTuple):
    """A resolved theater's numbers: per side ``army``, ``bonus``, ``total`` ([fr, br])."""

    army: list[int]
    bonus: list[int]
    total: list[int]


def result_from_log(log_lines: list[Any] | None, war: str, key: str) -> TheaterResult | None:
    """The numbers of theater ``key`` of ``war`` from its ``theater_result`` log line (the
    newest one; taken-back lines are skipped), or None when the log does not hold it."""
    for line in reversed(log_lines or []):
        text, undone = (line, False) if isinstance(line, str) else (line[0], bool(line[1]))
        if undone:
            continue
        m = RESULT_RE.match(text)
        if m and m["war"] == war and m["n"] == str(key):
            return TheaterResult(
                [int(m["fa"]), int(m["ba"])],
                [int(m["fb"]), int(m["bb"])],
                [int(m["ft"]), int(m["bt"])],
            )
    return None


def special_words(row: dict[str, Any], winner: int | None = None) -> str | None:
    """A spoils row's special result in full words (the data's "as above, and ..." rows of
    Atlantic Dominance spelled out, IS-7.3f; "USA" rows of the American Revolution, IS-7.3c/d),
    for ``winner`` when known, else for "the winner"/"the loser"."""
    sp = row.get("special")
    if not sp:
        return None
    w = SIDE_NAMES[winner] if winner in (FR, BR) else "the winner"
    lo = SIDE_NAMES[1 - winner] if winner in (FR, BR) else "the loser"
    if "Atlantic Dominance" in sp or sp.startswith("as above"):
        text = f"Atlantic Dominance (+2) for {w} in the French & Indian War"
        lost = 2 if row["margin_min"] >= 5 else 1 if row["margin_min"] >= 3 else 0
        if lost:
            text += f"; {lo} sends {plural(lost, 'Squadron')} back to Unbuilt"
        return text
    if sp.startswith("USA"):
        return "USA flags, and Canada" if "Canada" in sp else "USA flags"
    return str(sp)


def spoils_words(row: dict[str, Any], winner: int | None = None, target: str | None = None) -> str:
    """One spoils row in words: ``2 VP, 1 Conquest Point, unflag 1 Market in India, loser +2
    TRP`` (IS-7.2); ``target`` is the theater's ``unflag_target`` (``market in India``)."""
    parts = []
    if row["winner_vp"]:
        parts.append(f"{row['winner_vp']} VP")
    if row["winner_cp"]:
        parts.append(plural(row["winner_cp"], "Conquest Point"))
    if row["winner_unflag"]:
        what = target[0].upper() + target[1:] if target else "enemy space"
        parts.append(f"unflag {row['winner_unflag']} {what}")
    if row["loser_trp"]:
        loser = "loser" if winner is None else SIDE_NAMES[1 - winner]
        parts.append(f"{loser} +{row['loser_trp']} TRP")
    special = special_words(row, winner)
    if special:
        parts.append(special)
    return ", ".join(parts) or "nothing"


def spoils_short(row: dict[str, Any]) -> str:
    """A spoils row in a few words for the display table: ``3+: 1 VP, 1 CP, 1 unflag, loser 1
    TRP`` (CP = Conquest Points; specials left to the theater's detail)."""
    parts = []
    if row["winner_vp"]:
        parts.append(f"{row['winner_vp']} VP")
    if row["winner_cp"]:
        parts.append(f"{row['winner_cp']} CP")
    if row["winner_unflag"]:
        parts.append(f"{row['winner_unflag']} unflag")
    if row["loser_trp"]:
        parts.append(f"loser {row['loser_trp']} TRP")
    if row.get("special") and not parts:
        parts.append("special")
    lo, hi = row["margin_min"], row["margin_max"]
    span = f"{lo}+" if hi is None else (str(lo) if lo == hi else f"{lo}-{hi}")
    return f"{span}: " + (", ".join(parts) or "nothing")


def margin_words(row: dict[str, Any]) -> str:
    """``by 1-2`` / ``by 5+`` / ``by 3``: the margins a spoils row covers."""
    lo, hi = row["margin_min"], row["margin_max"]
    if hi is None:
        return f"by {lo}+"
    return f"by {lo}" if lo == hi else f"by {lo}-{hi}"


def spoils_rows(war: str, key: str, winner: int) -> list[dict[str, Any]]:
    """The spoils rows ``winner`` would use in theater ``key`` (``spoils`` or the winner's own
    ``spoils_by_winner`` table)."""
    rec = B.THEATERS[war][int(key)]
    return list(rec.get("spoils") or rec["spoils_by_winner"][B.SIDES_DATA[winner]])


def unflag_target(war: str, key: str) -> str | None:
    """The kind of space a theater's spoils unflag (``market in North America``), or None."""
    t = B.THEATERS[war][int(key)].get("unflag_target")
    return str(t) if t else None


def the_row(war: str, key: str, winner: int, margin: int) -> dict[str, Any] | None:
    """The spoils row that applies to a win by ``margin`` (None: nothing, IS-A41)."""
    return spoils_row(war, key, winner, margin)


def bonus_sources(war: str, key: str) -> str:
    """What gives Bonus Strength in a theater, in words (``components.json`` bonus_strength)."""
    bs = B.THEATERS[war][int(key)]["bonus_strength"]
    parts = []
    if bs.get("countries"):
        names = [B.COUNTRY_NAMES.get(c, c) for c in bs["countries"]]
        parts.append("Alliances in " + ", ".join(names))
    for kw in bs.get("keywords") or []:
        parts.append(f"a face-up {kw.capitalize()} minister")
    if bs.get("conflict_markers"):
        parts.append("Conflict markers on enemy spaces")
    if bs.get("forts"):
        parts.append("Forts")
    if bs.get("squadrons_in"):
        parts.append("Squadrons in " + ", ".join(region_name(r) for r in bs["squadrons_in"]))
    return "; ".join(parts) or "none"


def theater_regions(war: str, key: str) -> str:
    """The Region(s) a theater is fought in, in words."""
    return " and ".join(region_name(r) for r in B.THEATERS[war][int(key)]["regions"])
