"""Inspector texts of the Imperial Struggle map: spaces, Advantage tiles and Regions.

Each function returns Markdown built from the map data (``board.SPACES``, ``board.ADVANTAGES``,
map.json via DATA.md) and, when a view is given, the space's or tile's present state read from
that view only (flags, Squadrons, Conflict, Damaged, Huguenots, Advantage holders). The words
follow the rulings (IS-3.2 spaces, IS-5.4–5.6 costs, IS-8 Advantages); rule IDs appear only in
the final small "Rule:" line.
"""

from __future__ import annotations

from typing import Any

from engine.games.imperial_struggle import board as B
from engine.games.imperial_struggle.scoring import FINAL_TERRITORIES

from . import imperial_struggle_words as W
from .imperial_struggle_tiles import award_words

View = dict[str, Any]

AVAILABLE_WORDS: dict[str, str] = {
    "always": "",
    "empire_era_onward": "In play from Turn 3 (the Empire Era) on; before that it takes no flag.",
    "revolution_era_onward": "In play from Turn 5 (the Revolution Era) on; before that it takes "
    "no flag.",
    "turn_6_if_any_usa_flag_on_map": "In play only on Turn 6, and only if a USA flag is on the "
    "map.",
}
"""map.json ``available`` -> a sentence (IS-3.2.1c)."""

KIND_RULES: dict[str, str] = {
    "political": "Shift it with Diplomatic points (DP), anywhere: no connection needed. It is "
    "never Protected.",
    "market": "Shift it with Economic points (EP). It must connect to your Territory, Fort or "
    "Naval space, or to one of your Markets that has no Conflict marker, is not Isolated and "
    "did not change hands this round.",
    "fort": "Build it with Military points (MP) next to a Market, Naval space or Territory you "
    "held since the round began. An intact enemy Fort never changes hands in peace; a Damaged "
    "one can be repaired (yours for 1 MP less, the enemy's for 1 MP more, taking it).",
    "naval": "Held by a Squadron. Deploying one costs 1 MP into an empty space; displacing an "
    "enemy Squadron costs 3 MP from the Navy Box or 2 MP from another Naval space.",
    "territory": "Changes hands only in a War, with Conquest Points (CP), or by a USA flag; "
    "never shifted in peace.",
}
"""Space type -> how it changes hands (IS-3.2.1–3.2.5, IS-5.4–5.6)."""

PRESTIGE_RULE = (
    "A Prestige space: at each scoring the side holding more Prestige spaces (Europe's, and on "
    "Turn 6 the two USA spaces if a USA flag is on the map) scores 2 VP; again at final scoring."
)
"""What a Prestige space counts for (IS-3.2.1a, IS-4.1.12c, IS-11a)."""

ADV_RULE: dict[str, str] = {a: f"IS-8.3.{n}" for n, a in enumerate(B.ADVANTAGES, start=1)}
"""Advantage id -> its ruling (IS-8.3.1 ``baltic_trade`` … IS-8.3.22 ``textiles``, data order)."""

ADV_KIND_WORDS: dict[str, str] = {
    "place_conflict": "places a Conflict marker",
    "unflag_discount": "makes an unflag cheaper",
    "cheap_unflag": "makes an unflag cost 1",
    "debt_relief": "reduces Debt",
    "squadron_to_navy_box": "sends a Squadron home",
    "cheap_squadron": "makes a Squadron cheaper",
}
"""map.json Advantage ``kind`` -> plain words."""

ADV_USE = (
    "Use it in your own Action Round after taking your tile, once per turn (it is then "
    "Exhausted until the next Reset): only if you held it since the round began and none of its "
    "spaces has a Conflict marker; at most 2 Advantages per round, and only one per Region."
)
"""When an Advantage may be used (IS-8.2)."""


# ---------------------------------------------------------------------------- spaces
def _kind_line(rec: dict[str, Any]) -> str:
    kind = rec["type"]
    parts = [f"**{W.KIND_NAMES[kind]}**"]
    if kind == "market":
        parts.append(W.commodity(rec["commodity"]) if rec["commodity"] else "no commodity")
    cost = rec.get("cost")
    if kind == "political":
        parts.append(f"{cost} DP")
    elif kind == "market":
        parts.append(f"{cost} EP")
    elif kind == "fort":
        parts.append(f"build for {cost} MP")
    elif kind == "territory":
        parts.append(f"conquered for {cost} CP")
    if rec.get("prestige"):
        parts.append("Prestige")
    return " · ".join(parts)


def _where_line(rec: dict[str, Any]) -> str:
    parts = [W.region(rec["region"])]
    if rec.get("sub_region"):
        parts.append(W.region(rec["sub_region"]))
    if rec.get("country"):
        parts.append(f"country: {B.COUNTRY_NAMES.get(rec['country'], rec['country'])}")
    return "In " + " · ".join(parts)


def _war_line(rec: dict[str, Any]) -> str:
    ws = rec.get("war_strength") or []
    if not ws:
        return ""
    where = W.join(W.theater(w["war"], w["theater"]) for w in ws)
    what = {
        "naval": "Your Squadron here",
        "fort": "Your intact Fort here",
    }.get(rec["type"], "Holding it (without a Conflict marker)")
    return f"**War strength:** {what} adds +1 in {where}."


def _setup_line(rec: dict[str, Any]) -> str:
    owner = rec.get("initial_owner")
    text = (
        f"At set-up: {W.FLAG_NAMES[W.SIDE_OF_KEY[owner]]} flag." if owner else "At set-up: empty."
    )
    if rec.get("printed_nation") == "spain":
        text += " Printed in Spanish colours (a Spanish flag only with the Spanish Empire option)."
    return text


def _final_line(sid: str) -> str:
    if sid in FINAL_TERRITORIES[0]:
        return "Final scoring: France scores 2 VP for a French or USA flag here."
    if sid in FINAL_TERRITORIES[1]:
        return "Final scoring: Britain scores 2 VP for a British flag here."
    return ""


def protector(view: View, sid: str) -> str:
    """Why ``sid`` is Protected in ``view``: ``"France (Squadron in Biscay)"``, or ``""`` when it
    is not. Protected = flagged and connected by a solid line to a Squadron or an intact Fort of
    the same side (IS-3.2.8); read from ``view["flags"]``, ``["squadrons"]`` and ``["damaged"]``."""
    flags = view.get("flags") or {}
    sq = view.get("squadrons") or {}
    damaged = view.get("damaged") or {}
    owner = sq.get(sid) if B.KIND.get(sid) == "naval" else flags.get(sid)
    if owner not in (0, 1):
        return ""
    for n in B.ADJ.get(sid, ()):
        if sq.get(n) == owner:
            return f"{W.SIDES[owner]} (Squadron in {W.space(n)})"
        if B.KIND.get(n) == "fort" and flags.get(n) == owner and n not in damaged:
            return f"{W.SIDES[owner]} (Fort at {W.space(n)})"
    return ""


def _now_line(view: View, sid: str) -> str:
    kind = B.KIND[sid]
    parts: list[str] = []
    if kind == "naval":
        owner = (view.get("squadrons") or {}).get(sid)
        parts.append(f"{W.FLAG_NAMES[owner]} Squadron" if owner in (0, 1) else "no Squadron")
    else:
        code = (view.get("flags") or {}).get(sid)
        word = "Fort" if kind == "fort" else "flag"
        parts.append(f"{W.FLAG_NAMES[code]} {word}" if code in W.FLAG_NAMES else f"no {word}")
    c = (view.get("conflict") or {}).get(sid)
    if c:
        parts.append("Conflict marker (+1 to remove)" if c == 2 else "Conflict marker")
    if sid in (view.get("damaged") or {}):
        parts.append("Damaged")
    h = (view.get("huguenots") or {}).get(sid)
    if h:
        parts.append("Huguenots (spent)" if h == 2 else "Huguenots")
    prot = protector(view, sid)
    if prot:
        parts.append(f"Protected by {prot}")
    iso = ((view.get("round") or {}).get("isolated")) or {}
    if sid in iso:
        parts.append("Isolated this round")
    return "**Now:** " + " · ".join(parts) + "."


def space_text(sid: str, view: View | None = None) -> str | None:
    """Markdown for map space ``sid``: kind (commodity, cost, Prestige), Region / sub-region /
    country, how it changes hands, war strength, connections and conquest lines, the Advantages
    it feeds, set-up flag, final-scoring value and, with ``view``, its present state. None for an
    unknown id. Source: map.json (``board.SPACES``, ``ADJ``, ``LINES``), IS-3.2, IS-11d."""
    rec = B.SPACES.get(sid)
    if rec is None:
        return None
    lines = [f"# {rec['name']}", _kind_line(rec), _where_line(rec)]
    if rec.get("local_alliance"):
        lines.append("A Local Alliance (a Political space outside Europe).")
    if rec.get("is_alliance_space"):
        lines.append("An Alliance space.")
    if rec.get("prestige"):
        lines.append(PRESTIGE_RULE)
    avail = AVAILABLE_WORDS.get(rec.get("available") or "always", "")
    if avail:
        lines.append(avail)
    lines.append(KIND_RULES[rec["type"]])
    war = _war_line(rec)
    if war:
        lines.append(war)
    conn = B.ADJ.get(sid, ())
    if conn:
        lines.append("**Connections:** " + W.join(W.space(n) for n in conn) + ".")
    elif rec["type"] != "political":
        lines.append("**Connections:** none.")
    cl = B.LINES_TOUGH.get(sid, ())
    if cl:
        names = [
            W.space(n) + ("" if n in B.LINES.get(sid, ()) else " (Tougher Forts option only)")
            for n in cl
        ]
        lines.append("**Conquest lines:** " + W.join(names) + ".")
    for a in rec.get("advantages") or []:
        adv = B.ADVANTAGES[a]
        others = [W.space(s) for s in adv["connected_spaces"] if s != sid]
        with_ = f" (with {W.join(others)})" if others else ""
        lines.append(f"**Advantage:** {adv['name']}{with_}: {adv['effect']}")
    lines.append(_setup_line(rec))
    final = _final_line(sid)
    if final:
        lines.append(final)
    if view is not None:
        lines.append(_now_line(view, sid))
    return "\n\n".join(lines)


# ---------------------------------------------------------------------------- advantages
def advantage_text(aid: str, view: View | None = None) -> str | None:
    """Markdown for Advantage tile ``aid``: Region, the spaces that give it, its effect, who
    starts with it, when it may be used and, with ``view``, who holds it now and whether it is
    Exhausted. None for an unknown id. Source: map.json ``advantages`` (``board.ADVANTAGES``),
    IS-8.1–8.3."""
    adv = B.ADVANTAGES.get(aid)
    if adv is None:
        return None
    spaces = [W.space(s) for s in adv["connected_spaces"]]
    kind = ADV_KIND_WORDS.get(adv.get("kind") or "", "")
    head = f"**Advantage tile** · {W.region(adv['region'])}" + (f" · {kind}" if kind else "")
    lines = [f"# {adv['name']}", head, f"**Effect:** {adv['effect']}"]
    if adv.get("ap"):
        lines.append(f"It works on a purchase paid with {adv['ap']}.")
    lines.append(f"**Held by** the side that controls {W.join(spaces)}.")
    start = adv.get("initial_holder")
    if start:
        lines.append(f"At set-up: held by {W.side_name(start)}.")
    lines.append(ADV_USE)
    if adv.get("note"):
        lines.append(f"Note: {adv['note']}")
    if view is not None:
        holder = (view.get("adv_holder") or {}).get(aid)
        now = f"held by {W.side_name(holder)}" if holder in (0, 1) else "on the map, held by nobody"
        if aid in (view.get("adv_exhausted") or {}):
            now += ", Exhausted"
        lines.append(f"**Now:** {now}.")
    lines.append(f"Rule: {ADV_RULE[aid]}")
    return "\n\n".join(lines)


# ---------------------------------------------------------------------------- regions
def region_text(rid: str, view: View | None = None) -> str | None:
    """Markdown for a Region or sub-region ``rid``: its spaces by kind and, for a Region, its
    Advantage tiles and (with ``view``) this turn's Award tile. None for an unknown id.
    Source: map.json ``regions`` / ``spaces``, IS-3.2, IS-4.1.12a."""
    if rid in B.REGION_NAMES:
        ids = list(B.spaces_in(rid))
        kind_name = "Region"
    elif rid in W.SUB_REGION_NAMES:
        ids = [s for s in B.SPACE_ORDER if B.SPACES[s].get("sub_region") == rid]
        kind_name = "Sub-region of " + W.region(B.SPACES[ids[0]]["region"])
    else:
        return None
    lines = [f"# {W.region(rid)}", f"**{kind_name}** · {len(ids)} spaces"]
    for kind in ("political", "market", "fort", "naval", "territory"):
        names = [W.space(s) for s in ids if B.KIND[s] == kind]
        if names:
            lines.append(f"**{W.KIND_PLURALS[kind]} ({len(names)}):** {W.join(names)}.")
    if rid in B.REGION_NAMES:
        advs = [a["name"] for a in B.ADVANTAGES.values() if a["region"] == rid]
        lines.append(f"**Advantages:** {W.join(advs)}.")
        lines.append(
            "At scoring, the side holding more spaces here (Conflicted spaces ignored) by the "
            "Award tile's margin wins the Award."
        )
        if rid == "europe":
            lines.append("Europe's Prestige spaces also decide the 2 VP Prestige bonus.")
        if view is not None:
            tile = (view.get("awards") or {}).get(rid)
            if tile is not None:
                lines.append(f"**This turn's Award:** {award_words(tile)}.")
    return "\n\n".join(lines)
