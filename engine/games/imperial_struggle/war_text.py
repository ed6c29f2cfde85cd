"""Imperial Struggle war log lines: the ``text.register`` describers of the war event kinds
(war_layout, bonus_buy, bonus_return, upgrade, basic_deal, byng, war_reveal, war_effect,
theater_result, spoils, conquest, refuse, war_unflag, usa_flag, usa_fort, isolated_lost,
jacobite, squadron_loss, atlantic, spain_shift, conflict_removed, war_reset). Hidden tile
identities are shown only to their owner (IS-16.5)."""

from __future__ import annotations

from typing import Any

from engine.rules import Event

from . import board as B
from . import text as T
from .board import is_basic, tile_info
from .text import DescribeFn, tile_label


def _th(a: dict[str, Any], key: str = "theater") -> str:
    return B.theater_name(a["war"], int(a[key]))


def _short(tile: str) -> str:
    """``Basic −1 tile`` / ``Ultima Ratio Regum``: a tile named without its effect."""
    if not is_basic(tile):
        return tile_info(tile)["name"]
    s = tile_info(tile)["strength"]
    return f"Basic {f'+{s}' if s > 0 else s} tile"


def _names(tiles: list[str]) -> str:
    return ", ".join(tile_label(t) for t in tiles) or "no tiles"


def _bonus_buy(e: Event, v: int | None) -> str:
    a = e.args
    verb = "buys" if a["why"] == "buy" else "draws"
    when = {"setup": " at set-up", "carry": " (carried over)"}.get(a["why"], "")
    if T.own(e, v):
        line = f"{T.sv(e, v, verb)} {tile_label(a['tile'])}{when} and place it in {_th(a)}"
        if a.get("moved"):
            m = a["moved"]
            line += f", moving {tile_label(m['tile'])} to {_th({**a, 'theater': m['to']})}"
        return line
    line = f"{T.sv(e, v, verb)} a Bonus War tile{when} and places it in {_th(a)}"
    if a.get("moved"):
        line += f", moving one of its tiles to {_th({**a, 'theater': a['moved']['to']})}"
    return line


def _bonus_return(e: Event, v: int | None) -> str:
    a = e.args
    if T.own(e, v):
        return f"Your {tile_label(a['tile'])} in {_th(a)} goes back to your Bonus pool"
    return f"One of {T.side_name(T.actor(e))}'s Bonus War tiles in {_th(a)} goes back to its pool"


def _upgrade(e: Event, v: int | None) -> str:
    a = e.args
    who = T.who(e, v)
    if "swap" in a:
        x, y = a["swap"]
        return (
            f"{T.sv(e, v, 'swaps')} the Basic tiles in {B.theater_name(a['war'], int(x))} "
            f"and {B.theater_name(a['war'], int(y))}"
        )
    where = "back to the pool" if a["rejected"] == "pool" else "removed from the game"
    if T.own(e, v):
        return (
            f"You upgrade in {_th(a)}: you keep {tile_label(a['kept'])} and reject "
            f"{tile_label(a['other'])}, {where}"
        )
    what = "replaced" if a["replaced"] else "old tile kept"
    return f"{who} upgrades the Basic tile in {_th(a)}: {what}, rejected tile {where}"


def _basic_deal(e: Event, v: int | None) -> str:
    a = e.args
    if T.own(e, v):
        return f"You place {tile_label(a['tile'])} in {_th(a)}"
    return f"{T.side_name(T.actor(e))} places a Basic War tile in {_th(a)}"


def _reveal(e: Event, v: int | None) -> str:
    a = e.args
    fr_t, br_t = a["tiles"]
    return (
        f"{_th(a)} revealed. France: {_names(fr_t)} (army {a['army'][0]}); "
        f"Britain: {_names(br_t)} (army {a['army'][1]})"
    )


def _effect(e: Event, v: int | None) -> str:
    a = e.args
    owner = "Your" if T.own(e, v) else f"{T.side_name(T.actor(e))}'s"
    head = f"{owner} {_short(a['tile'])}"
    if a["effect"] == "opponent_debt":
        return f"{head} makes {T.side_name(1 - T.actor(e))} take 1 Debt"
    if a["target"] is None:
        return f"{head} finds no target"
    k = B.kind_of(a["target"])
    verb = {"fort": "damages the Fort at", "naval": "sends home the Squadron on"}.get(k, "unflags")
    return f"{head} {verb} {T.space_name(a['target'])}"


def _result(e: Event, v: int | None) -> str:
    a = e.args
    tot, arm, bon = a["totals"], a["army"], a["bonus"]
    line = (
        f"{_th(a)}: France {tot[0]} (army {arm[0]} + {bon[0]}), "
        f"Britain {tot[1]} (army {arm[1]} + {bon[1]})"
    )
    if a["winner"] is None:
        return line + ": tied, no spoils"
    return line + f": {T.side_name(a['winner'])} wins by {a['margin']}"


def _spoils(e: Event, v: int | None) -> str:
    # The VP and the loser's Treaty Points have their own lines right after ("France
    # scores 2 VP for the War's spoils"), so this line names only what else is won.
    a = e.args
    parts = []
    if a["cp"]:
        parts.append(T.plural(a["cp"], "Conquest Point"))
    if a["unflag"]:
        parts.append(T.plural(a["unflag"], "unflag"))
    head = f"{T.sv(e, v, 'takes')} the spoils"
    return head + (": " + " and ".join(parts) if parts else "")


def _conquest(e: Event, v: int | None) -> str:
    a = e.args
    return f"{T.sv(e, v, 'takes')} {T.space_name(a['space'])} ({a['cp']} CP)"


def _refuse(e: Event, v: int | None) -> str:
    a = e.args
    return (
        f"{T.side_name(T.actor(e))} refuses to cede {T.space_name(a['territory'])} "
        f"and gives {a['vp']} VP"
    )


def _jacobite(e: Event, v: int | None) -> str:
    w = e.args["what"]
    if w == "victory":
        return f"Jacobite Victory marker ({e.args['victories']} in all)"
    if w == "right":
        return "France may keep Jacobite Uprisings as a third Ministry card"
    return "Jacobite Defeat: Jacobite Uprisings leaves the game"


def _loss(e: Event, v: int | None) -> str:
    a = e.args
    src = "its Navy Box" if a["src"] == "navy_box" else T.space_name(a["src"])
    if a["dst"] == "unbuilt":
        return f"{T.side_name(T.actor(e))}'s Squadron from {src} goes back to its Unbuilt pool"
    return f"{T.side_name(T.actor(e))} loses a Squadron from {src} for good"


LINES: dict[str, DescribeFn] = {
    "war_layout": lambda e, v: f"{B.WARS[e.args['war']]['name']} is laid out",
    "bonus_buy": _bonus_buy,
    "bonus_return": _bonus_return,
    "upgrade": _upgrade,
    "basic_deal": _basic_deal,
    "byng": lambda e, v: f"Britain places the Byng marker in {_th(e.args)} (+2 there)",
    "war_reveal": _reveal,
    "war_effect": _effect,
    "theater_result": _result,
    "spoils": _spoils,
    "conquest": _conquest,
    "refuse": _refuse,
    "war_unflag": lambda e, v: f"{T.side_name(T.actor(e))} unflags {T.space_name(e.args['space'])}",
    "usa_flag": lambda e, v: f"USA flag on {T.space_name(e.args['space'])}",
    "usa_fort": lambda e, v: f"The Fort at {T.space_name(e.args['space'])} is removed",
    "isolated_lost": lambda e, v: (
        "Newly isolated Markets lose their flags: "
        + ", ".join(T.space_name(s) for s in e.args["spaces"])
    ),
    "jacobite": _jacobite,
    "squadron_loss": _loss,
    "atlantic": lambda e, v: (
        f"{T.side_name(T.actor(e))} places Atlantic Dominance in the French & Indian War (+2)"
    ),
    "spain_shift": lambda e, v: f"{T.side_name(T.actor(e))} shifts {T.space_name(e.args['space'])}",
    "conflict_removed": lambda e, v: (
        f"The Conflict marker on {T.space_name(e.args['space'])} is removed"
    ),
    "war_reset": lambda e, v: (
        f"{B.WARS[e.args['war']]['name']} is over: Basic tiles go back to the pools, "
        "Bonus tiles leave the game"
    ),
}
"""Event kind -> log-line function ``fn(event, viewer_side)`` (registered by :func:`register_text`)."""


def register_text() -> None:
    """Register the war event kinds' log lines (:data:`LINES`) with ``text.register``; hidden
    tile identities are shown only to their owner (IS-16.5)."""
    for kind, fn in LINES.items():
        T.register(kind, fn)
