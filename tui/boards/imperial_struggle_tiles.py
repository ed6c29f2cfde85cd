"""Inspector texts of Imperial Struggle's tiles: Investment tiles, War tiles (Basic, Bonus and
the two special tiles), war theaters, Global Demand tiles and Award tiles.

Markdown built from components.json (``board.INVEST``, ``BASIC_TILES``, ``BONUS_TILES``,
``THEATERS``, ``DEMAND``, ``AWARDS``); with a view, the tile's present place is added, read
from the view only (a tile's identity is shown only where the view shows it).
"""

from __future__ import annotations

from typing import Any

from engine.games.imperial_struggle import board as B

from . import imperial_struggle_words as W

View = dict[str, Any]

MINOR_RULE = (
    "**What a Minor action means:** always 2 points, and exactly **one** purchase (points left over are "
    "lost; Debt or Treaty Points may be added to afford it). It may not remove an enemy flag "
    "or Squadron unless the space has a Conflict marker."
)
"""What a Minor action means (IS-5.3.2)."""

EVENT_RULE = (
    "**Event symbol:** you may play one Event card this round, before doing anything else with "
    "the tile; a card showing an action type needs a tile whose Major action is that type."
)
"""What the Event symbol allows (IS-3.4.4, IS-5.2)."""

UPGRADE_RULE = (
    "**Military Upgrade:** pick one of your Basic War tiles in a theater of the next War, draw "
    "a random Basic tile from your pool and keep either one there; the other goes back to the "
    "pool or out of the game. On Turn 6 it gives 1 Treaty Point when you take the tile instead."
)
"""What the Military Upgrade symbol gives (IS-5.3.3)."""

TAKE_RULE = (
    "Taking it starts your Action Round; you may pass at once instead, lowering your Debt by up "
    "to 2. Unspent points are lost when the round ends."
)
"""Taking a tile and passing (IS-5.1, IS-5.1b)."""

HIDDEN_RULE = (
    "It lies face down in a theater (only its owner knows it) and is revealed when that theater "
    "is resolved; its strength adds to its owner's Army Strength there."
)
"""War tiles are secret until their theater is resolved (IS-3.7b, IS-7.1.1)."""

EFFECT_TEXT: dict[str, str] = B.COMPONENTS["war_tile_effects"]
"""War tile effect id -> its description (components.json ``war_tile_effects``)."""

EFFECT_NAMES: dict[str, str] = {
    "opponent_debt": "the opponent takes 1 Debt",
    "damage_fort_or_remove_squadron": "damage a Fort or send a Squadron home",
    "unflag": "unflag a space",
}
"""War tile effect id -> its short name."""

SPECIAL_TILES: dict[str, dict[str, Any]] = {
    "atlantic_dominance": B.COMPONENTS["special_war_tiles"][0],
    "byng": B.COMPONENTS["special_war_tiles"][1],
}
"""Special War tile id (IS-3.7a) -> its components.json record."""


# ---------------------------------------------------------------------------- investment tiles
def investment_words(tile: int) -> str:
    """``Economic 4 + Diplomatic 2, Event`` (the tile's face in words)."""
    t = B.INVEST[tile]
    s = (
        f"{W.TYPE_NAMES[t['major']['type']]} {t['major']['points']} + "
        f"{W.TYPE_NAMES[t['minor']['type']]} {t['minor']['points']}"
    )
    if t.get("event_symbol"):
        s += ", Event"
    if t.get("military_upgrade"):
        s += ", Upgrade"
    return s


def investment_text(tile: int, view: View | None = None) -> str | None:
    """Markdown for Investment tile ``tile`` (0–23): its Major action (type, points), Minor
    action, symbols, what a Minor action means and, with ``view``, whether it is on offer,
    taken (by whom, which round) or used. None for an unknown id. Source: components.json
    ``investment_tiles``, IS-3.3, IS-5.1–5.3."""
    t = B.INVEST.get(tile)
    if t is None:
        return None
    major, minor = t["major"], t["minor"]
    lines = [
        f"# Investment tile: {investment_words(tile)}",
        f"**Major action:** {W.TYPE_NAMES[major['type']]}, {major['points']} "
        f"{W.TYPE_POINTS[major['type']]}.",
        f"**Minor action:** {W.TYPE_NAMES[minor['type']]}, {minor['points']} "
        f"{W.TYPE_POINTS[minor['type']]}.",
        MINOR_RULE,
    ]
    lines.append(
        EVENT_RULE if t.get("event_symbol") else "No Event symbol: no Event card this round."
    )
    if t.get("military_upgrade"):
        lines.append(UPGRADE_RULE)
    lines.append(TAKE_RULE)
    if view is not None:
        inv = view.get("investments") or {}
        taken = (inv.get("taken") or {}).get(str(tile))
        if taken:
            lines.append(f"**Now:** taken by {W.side_name(taken[0])} in round {taken[1]}.")
        elif tile in (inv.get("available") or []):
            lines.append("**Now:** on offer this turn.")
        elif tile in (inv.get("used") or []):
            lines.append("**Now:** used (back in the stack when it runs out).")
        else:
            lines.append("**Now:** in the face-down stack.")
    lines.append("Rule: IS-3.3, IS-5.3.2")
    return "\n\n".join(lines)


# ---------------------------------------------------------------------------- war tiles
def war_tile_words(tid: str) -> str:
    """``Vendôme (+3)``, ``Basic +2``, ``Basic 0: the opponent takes 1 Debt``."""
    if tid in SPECIAL_TILES:
        rec = SPECIAL_TILES[tid]
        return f"{rec['name']} ({W.signed(rec['strength'])})"
    info = B.BASIC_TILES.get(tid) or B.BONUS_TILES[tid]
    eff = EFFECT_NAMES.get(info["effect"] or "", "")
    if tid in B.BASIC_TILES:
        return f"Basic {W.signed(info['strength'])}" + (f": {eff}" if eff else "")
    return f"{info['name']} ({W.signed(info['strength'])}" + (f", {eff})" if eff else ")")


def _tile_place(view: View, tid: str) -> str:
    war = view.get("war") or {}
    if not war:
        return ""
    side = (B.BASIC_TILES.get(tid) or B.BONUS_TILES.get(tid) or {}).get("side")
    if side is None:
        return ""
    for k, th in (war.get("theaters") or {}).items():
        for part in ("basic", "bonus"):
            own = (th.get(part) or [[], []])[side]
            ids = own if isinstance(own, list) else (own or {}).get("known") or []
            if tid in ids:
                return f"in {W.theater(war['id'], k)}"
    pool = "basic_pool" if tid in B.BASIC_TILES else "bonus_pool"
    own = (war.get(pool) or [[], []])[side]
    if isinstance(own, list) and tid in own:
        return "in its owner's pool"
    out = (war.get("basic_out") or [[], []])[side]
    if isinstance(out, list) and tid in out:
        return "removed from the game"
    return ""


def war_tile_text(tid: str, view: View | None = None) -> str | None:
    """Markdown for War tile ``tid`` (``fr_b00``…, ``WSS_france_0``…, ``atlantic_dominance``,
    ``byng``): kind (Basic or the War of a Bonus tile), owner, strength, effect in full and,
    with ``view``, where it is (theater, pool). None for an unknown id. Source:
    components.json ``basic_war_tiles``, ``bonus_war_tiles``, ``war_tile_effects``,
    ``special_war_tiles``; IS-3.7, IS-7.1."""
    if tid in SPECIAL_TILES:
        rec = SPECIAL_TILES[tid]
        lines = [
            f"# {rec['name']}",
            f"**Special War tile** · strength {W.signed(rec['strength'])}",
            rec["use"],
            "Rule: IS-7.3f" if tid == "atlantic_dominance" else "Rule: IS-EV18",
        ]
        return "\n\n".join(lines)
    info = B.BASIC_TILES.get(tid) or B.BONUS_TILES.get(tid)
    if info is None:
        return None
    owner = W.possessive(info["side"])
    if tid in B.BASIC_TILES:
        title = f"Basic War tile {W.signed(info['strength'])}"
        if info.get("effect"):
            title += f": {EFFECT_NAMES[info['effect']]}"
        kind = f"**{owner} Basic War tile** · used in every War"
    else:
        title = info["name"]
        kind = f"**{owner} Bonus War tile** · {W.WAR_NAMES[info['war']]} only"
    lines = [f"# {title}", kind, f"**Strength:** {W.signed(info['strength'])}."]
    eff = info.get("effect")
    if eff:
        lines.append(f"**Effect ({EFFECT_NAMES[eff]}):** {EFFECT_TEXT[eff]}")
    else:
        lines.append("No effect beyond its strength.")
    lines.append(HIDDEN_RULE)
    if view is not None:
        where = _tile_place(view, tid)
        if where:
            lines.append(f"**Now:** {where}.")
    lines.append("Rule: IS-3.7a, IS-7.1.2")
    return "\n\n".join(lines)


# ---------------------------------------------------------------------------- theaters
def _bonus_words(war: str, rec: dict[str, Any]) -> list[str]:
    bs = rec.get("bonus_strength") or {}
    out: list[str] = []
    if bs.get("countries"):
        names = [B.COUNTRY_NAMES.get(c, c.replace("_", " ").title()) for c in bs["countries"]]
        out.append(f"+1 for each Alliance space you hold in {W.join(names)}")
    if bs.get("forts"):
        out.append("+1 for each intact Fort you hold in the theater")
    if bs.get("squadrons_in"):
        out.append(
            "+1 for each Squadron you have in " + W.join(W.region(r) for r in bs["squadrons_in"])
        )
    if bs.get("conflict_markers"):
        out.append("+1 for each Conflict marker on an enemy-flagged space in the theater")
    for k in bs.get("keywords") or []:
        out.append(f"+1 if you have a face-up Ministry card with the {W.keyword(k)} keyword")
    return out


def _spoils_rows(rows: list[dict[str, Any]]) -> list[str]:
    out = ["| margin | winner VP | winner CP | loser TRP | unflag |", "|---|---|---|---|---|"]
    for r in rows:
        hi = r.get("margin_max")
        margin = (
            f"{r['margin_min']}+"
            if hi is None
            else (str(hi) if hi == r["margin_min"] else f"{r['margin_min']}–{hi}")
        )
        out.append(
            f"| {margin} | {r['winner_vp']} | {r['winner_cp']} | {r['loser_trp']} | "
            f"{r['winner_unflag']} |"
        )
    return out


def theater_text(war: str, number: int | str, view: View | None = None) -> str | None:
    """Markdown for theater ``number`` of ``war``: order, Region(s), the Bonus Strength sources,
    the spoils table by margin (per winner where asymmetric), the extra Territories open to
    conquest, special results and, with ``view``, how many tiles each side has there. None for
    an unknown theater. Source: components.json ``wars``; IS-7.1–7.3, IS-7.7."""
    rec = B.THEATERS.get(war, {}).get(int(number)) if str(number).isdigit() else None
    if rec is None:
        return None
    n_all = len(B.THEATERS[war])
    lines = [
        f"# {W.theater(war, number)}",
        f"**{W.WAR_NAMES[war]}** · theater {rec['number']} of {n_all} (resolved in this order) · "
        + W.join(W.region(r) for r in rec["regions"]),
    ]
    bonus = _bonus_words(war, rec)
    if bonus:
        lines.append("**Bonus strength:** " + "; ".join(bonus) + ".")
    if rec.get("spoils"):
        lines.append(
            "**Spoils for the winner, by margin:**\n\n" + "\n".join(_spoils_rows(rec["spoils"]))
        )
    for side_key, rows in (rec.get("spoils_by_winner") or {}).items():
        lines.append(
            f"**Spoils if {W.side_name(side_key)} wins:**\n\n" + "\n".join(_spoils_rows(rows))
        )
    ut = rec.get("unflag_target")
    if ut:
        lines.append(f"Unflag spoils target: an enemy {ut}.")
    extra = rec.get("additional_territories") or []
    if extra:
        lines.append(
            "**Territories open to conquest beyond its Region:** "
            + W.join(W.space(s) for s in extra)
            + "."
        )
    if rec.get("note"):
        lines.append(f"Note: {rec['note']}")
    if rec.get("special"):
        lines.append(f"**Special:** {rec['special']}")
    if view is not None:
        w = view.get("war") or {}
        th = (w.get("theaters") or {}).get(str(rec["number"])) if w.get("id") == war else None
        if th:
            counts = []
            for side in (0, 1):
                n = 0
                for part in ("basic", "bonus"):
                    p = (th.get(part) or [[], []])[side]
                    n += len(p) if isinstance(p, list) else int((p or {}).get("count") or 0)
                counts.append(f"{W.SIDES[side]} {n}")
            lines.append("**Tiles here now:** " + ", ".join(counts) + ".")
    lines.append("Rule: IS-7.7")
    return "\n\n".join(lines)


# ---------------------------------------------------------------------------- demand, awards
def reward_words(r: dict[str, Any]) -> str:
    """A Global Demand reward ``{vp, trp, debt_change}`` in words: ``3 VP, +1 Debt``."""
    parts = [f"{r['vp']} VP"]
    if r.get("trp"):
        parts.append(f"+{r['trp']} Treaty Point")
    d = r.get("debt_change") or 0
    if d > 0:
        parts.append("+1 Debt")
    elif d < 0:
        parts.append("1 Debt paid off")
    return ", ".join(parts)


def demand_text(c: str, view: View | None = None) -> str | None:
    """Markdown for the Global Demand tile of commodity ``c``: its reward in each Era, its
    Markets and, with ``view``, whether it is drawn this turn. None for an unknown commodity.
    Source: components.json ``global_demand_tiles``; IS-4.1.12d."""
    rec = B.DEMAND.get(c)
    if rec is None:
        return None
    markets = [W.space(s) for s in B.commodity_markets(c)]
    lines = [
        f"# Global Demand: {W.commodity(c)}",
        "At scoring, if this tile is drawn this turn, the side holding more "
        f"{W.commodity(c)} Markets (Conflicted ones ignored) wins its reward; ties give nothing.",
        "| Era | reward |\n|---|---|\n"
        + "\n".join(
            f"| {W.ERA_NAMES[e]} | {reward_words(rec['reward_by_era'][e])} |"
            for e in ("succession", "empire", "revolution")
        ),
        f"**{W.commodity(c)} Markets ({len(markets)}):** {W.join(markets)}.",
        f"Scored {rec['order_on_table']}{_ordinal(rec['order_on_table'])} in table order.",
    ]
    if view is not None:
        drawn = c in (view.get("demand") or [])
        lines.append("**Now:** drawn this turn." if drawn else "**Now:** not drawn this turn.")
    lines.append("Rule: IS-4.1.12d")
    return "\n\n".join(lines)


def _ordinal(n: int) -> str:
    return {1: "st", 2: "nd", 3: "rd"}.get(n, "th")


def award_words(tile: int) -> str:
    """An Award tile: ``3 VP, needs a lead of 2`` / ``1 VP + 1 Treaty Point``."""
    t = B.AWARDS[tile]
    parts = [f"{t['vp']} VP"] if t["vp"] else []
    if t["trp"]:
        parts.append(f"{t['trp']} Treaty Point")
    s = " + ".join(parts) or "nothing"
    return s + (f", needs a lead of {t['min_margin']}" if t["min_margin"] > 1 else "")


def award_text(tile: int, view: View | None = None) -> str | None:
    """Markdown for Award tile ``tile`` (0–7): VP, TRP and the lead needed and, with ``view``,
    the Region it is on this turn. Source: components.json ``award_tiles``; IS-4.1.12a."""
    t = B.AWARDS.get(tile)
    if t is None:
        return None
    lines = [
        f"# Award tile: {award_words(tile)}",
        "The side holding more spaces in its Region at scoring (Conflicted spaces ignored), "
        f"by at least {t['min_margin']}, gets {award_words(tile).split(', needs')[0]}. "
        "Otherwise nobody does; the tile leaves play after scoring either way.",
    ]
    if view is not None:
        where = [r for r, v in (view.get("awards") or {}).items() if v == tile]
        if where:
            lines.append(f"**Now:** this turn's Award in {W.region(where[0])}.")
    lines.append("Rule: IS-4.1.12a")
    return "\n\n".join(lines)
